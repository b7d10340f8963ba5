#include "ramus/kernel/workspace.hpp"

#include "ramus/kernel/model.hpp"

namespace ramus {

Workspace::Workspace(const Model& model) : vehicles(model.vehicle_count()) {
  for (std::size_t i = 0; i < model.vehicle_count(); ++i)
    for (const auto& e : model.vehicle(i).state_effectors()) vehicles[i].effectors.push_back(e->make_workspace());
}

}  // namespace ramus
