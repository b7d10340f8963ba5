#include <string>

#include "ramus/kernel/dynamic_effector.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/state_effector.hpp"

namespace ramus {
namespace {
std::string checked_name(const char* what, std::string name) {
  if (name.empty() || name.find_first_of("/. \t\n") != std::string::npos)
    throw ConfigurationError(what, "name", "'" + name + "'", "must be non-empty without '/', '.' or white space");
  return name;
}
}  // namespace

void Placement::require_free(const std::string& label, const std::string& new_place, const void* new_host) const {
  if (is_free()) return;
  throw ConfigurationError(label, "placement", new_place,
                           "is already attached to " + where_ + (host_ == new_host ? " (added twice)" : "") +
                               "; one effector object belongs to one place in one model: construct one object "
                               "per place");
}

StateEffector::StateEffector(std::string name) : name_(checked_name("state effector", std::move(name))) {}

StateEffector::~StateEffector() {
  for (const Child& c : children_) c.effector->placement_.release(this);
}

void StateEffector::require_free_to_host(const StateEffector& child) const {
  child.placement_.require_free(child.label(), label(), this);
}

const FrameKinematics& StateEffector::segment(std::size_t s, const EffectorWorkspace&) const {
  throw ConfigurationError(label(), "segment", std::to_string(s), "this effector has no segment frames");
}

void StateEffector::add_dynamic_effector(std::shared_ptr<DynamicEffector> child, std::size_t segment) {
  if (!child) throw ConfigurationError(label(), "add_dynamic_effector", "null", "needs an effector");
  const std::string who = std::string(child->kind()) + " '" + child->name() + "'";
  if (frozen_)
    throw ConfigurationError(label(), "add_dynamic_effector", who,
                             "the model is finalized; its structure can no longer change");
  if (segment_count() == 0)
    throw ConfigurationError(label(), "add_dynamic_effector", who,
                             "this effector has no segment frame and can host no dynamic effector");
  if (segment >= segment_count())
    throw ConfigurationError(label(), "segment for " + who, std::to_string(segment),
                             "out of range (" + std::to_string(segment_count()) + " segments, 0-based)");
  const std::string place = "segment " + std::to_string(segment) + " of " + label();
  child->placement_.require_free(child->label(), place, this);
  for (const Child& c : children_)
    if (c.effector == child || c.effector->name() == child->name())
      throw ConfigurationError(label(), "add_dynamic_effector", who, "is already attached to this effector");
  children_.push_back({std::move(child), segment});
  children_.back().effector->placement_.claim(this, place);
}

void StateEffector::engage_commanded_locks(std::span<const Eigen::Index> channels, const System& /*system*/,
                                           Eigen::VectorXd& /*x*/, double /*t*/) const {
  throw ConfigurationError(label(), "lock channel " + std::to_string(channels.empty() ? -1 : channels.front()),
                           "commanded", "this effector declares a lock flag but cannot latch it (no override)");
}

void StateEffector::add_segment_wrench(std::size_t s, const Wrench&, EffectorWorkspace&) const {
  throw ConfigurationError(label(), "segment wrench", std::to_string(s), "this effector has no segment frames");
}

void StateEffector::write_output(std::size_t i, ConstStateBlock, std::span<double>) const {
  throw ConfigurationError(label(), "output", std::to_string(i), "this effector has no outputs");
}

DynamicEffector::DynamicEffector(std::string name) : name_(checked_name("dynamic effector", std::move(name))) {}

}  // namespace ramus

#include "ramus/kernel/two_point_effector.hpp"

namespace ramus {

TwoPointEffector::TwoPointEffector(std::string name, AttachPoint end1, AttachPoint end2)
    : name_(checked_name("two-point effector", std::move(name))), end1_(std::move(end1)), end2_(std::move(end2)) {}

bool same_body(const AttachPoint& a, const AttachPoint& b) {
  return a.vehicle == b.vehicle && a.effector == b.effector && (a.effector.empty() || a.segment == b.segment);
}

std::string describe(const AttachPoint& p) {
  if (p.effector.empty()) return "hub of vehicle '" + p.vehicle + "'";
  return "segment " + std::to_string(p.segment) + " of effector '" + p.effector + "' of vehicle '" + p.vehicle + "'";
}

void TwoPointEffector::require_distinct_ends() const {
  if (!same_body(end1_, end2_)) return;
  throw ConfigurationError(label(), "end1 and end2", describe(end1_) + " and " + describe(end2_),
                           "are the same body: a load between a body and itself is internal to it (it holds "
                           "nothing); attach end2 to another body");
}

void StateEffector::require_open(const char* what) const {
  if (frozen_)
    throw ConfigurationError(label(), what, "after finalize()",
                             "the model is finalized and read-only: command a run through its inputs "
                             "(System::inputs(), flight software) instead");
}

void DynamicEffector::require_open(const char* what) const {
  if (frozen_)
    throw ConfigurationError(label(), what, "after finalize()",
                             "the model is finalized and read-only: command a run through its inputs "
                             "(System::inputs(), flight software) instead");
}

}  // namespace ramus
