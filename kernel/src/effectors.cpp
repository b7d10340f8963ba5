#include <string>

#include "ramus/kernel/dynamic_effector.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/state_effector.hpp"

namespace ramus {
namespace {
std::string checked_name(const char* what, std::string name) {
  if (name.empty() || name.find_first_of("/. \t\n") != std::string::npos)
    throw ConfigurationError(what, "name", "'" + name + "'",
                             "must be non-empty without '/', '.' or white space");
  return name;
}
}  // namespace

StateEffector::StateEffector(std::string name) : name_(checked_name("state effector", std::move(name))) {}

const FrameKinematics& StateEffector::segment(std::size_t s, const EffectorWorkspace&) const {
  throw ConfigurationError(label(), "segment", std::to_string(s),
                           "this effector has no segment frames");
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
  for (const Child& c : children_)
    if (c.effector == child || c.effector->name() == child->name())
      throw ConfigurationError(label(), "add_dynamic_effector", who, "is already attached to this effector");
  children_.push_back({std::move(child), segment});
}

void StateEffector::add_segment_wrench(std::size_t s, const Wrench&, EffectorWorkspace&) const {
  throw ConfigurationError(label(), "segment wrench", std::to_string(s), "this effector has no segment frames");
}

DynamicEffector::DynamicEffector(std::string name) : name_(checked_name("dynamic effector", std::move(name))) {}

}  // namespace ramus

#include "ramus/kernel/two_point_effector.hpp"

namespace ramus {

TwoPointEffector::TwoPointEffector(std::string name, AttachPoint end1, AttachPoint end2)
    : name_(checked_name("two-point effector", std::move(name))), end1_(std::move(end1)), end2_(std::move(end2)) {}

}  // namespace ramus
