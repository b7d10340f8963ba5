// The effector tree of a model, as `ramus describe` prints it: each vehicle's hub, its state
// effectors with their segments and the dynamic effectors on them (branching), the hub's dynamic
// effectors, the two-point effectors with their ends, and the gravity field.
#pragma once

#include <string>

#include "ramus/kernel/model.hpp"

namespace ramus::app {

std::string effector_tree(const Model& model);

}  // namespace ramus::app
