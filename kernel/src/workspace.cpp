#include "ramus/kernel/workspace.hpp"

#include "ramus/kernel/model.hpp"

namespace ramus {

Workspace::Workspace(const Model& model) : inputs(model), vehicles(model.vehicle_count()) {
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) {
    const Vehicle& v = model.vehicle(i);
    const auto& effectors = v.state_effectors();
    for (std::size_t k = 0; k < effectors.size(); ++k) {
      vehicles[i].effectors.push_back(effectors[k]->make_workspace());
      // Before finalize() (no input ranges yet) an effector sees no inputs.
      if (k < v.offsets().inputs_state_effectors.size()) {
        const VehicleOffsets::InputRange r = v.offsets().inputs_state_effectors[k];
        effectors[k]->bind_inputs(*vehicles[i].effectors[k], inputs.applied().data() + r.offset, r.size);
      }
    }
  }
}

}  // namespace ramus
