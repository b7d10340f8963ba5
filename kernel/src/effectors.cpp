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

DynamicEffector::DynamicEffector(std::string name) : name_(checked_name("dynamic effector", std::move(name))) {}

}  // namespace ramus
