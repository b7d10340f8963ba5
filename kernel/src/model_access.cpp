// Read-only access to a finalized model's state blocks and effectors: the const views of
// Model::state_block and Model::locate (model.hpp).
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"

namespace ramus {

Eigen::VectorBlock<const Eigen::VectorXd> Model::state_block(const StateEffector& effector,
                                                             const Eigen::VectorXd& x) const {
  require_finalized("state_block");
  if (x.size() != layout_.size())
    throw ConfigurationError("model", "state size", std::to_string(x.size()),
                             "the layout has " + std::to_string(layout_.size()) + " entries");
  const EffectorIndex at = locate(effector);
  const VehicleOffsets& o = vehicles_[at.vehicle]->offsets();
  return x.segment(o.state_effectors[at.state_effector], o.state_sizes[at.state_effector]);
}

Model::EffectorIndex Model::locate(const StateEffector& effector) const {
  require_finalized("locate");
  for (std::size_t i = 0; i < vehicles_.size(); ++i) {
    const auto& effectors = vehicles_[i]->state_effectors();
    for (std::size_t k = 0; k < effectors.size(); ++k)
      if (effectors[k].get() == &effector) return {i, k};
  }
  const std::string& where = effector.placement();
  throw ConfigurationError("model", "state effector", "'" + effector.name() + "'",
                           where.empty() ? "this effector is not in the model"
                                         : "not a state effector of a vehicle of this model (it is in " + where + ")");
}

}  // namespace ramus
