#include "ramus/kernel/system.hpp"

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/forward_dynamics.hpp"

namespace ramus {

System::System(std::shared_ptr<const Model> model) : model_(std::move(model)) {
  if (!model_) throw ConfigurationError("system", "model", "null", "needs a model");
  if (!model_->is_finalized()) throw ConfigurationError("system", "model", "not finalized", "call finalize() first");
  ws_ = std::make_shared<Workspace>(*model_);
}

void System::operator()(const Eigen::VectorXd& x, Eigen::VectorXd& dxdt, double t) const {
  const Eigen::Index n = model_->layout().size();
  if (x.size() != n)
    throw Error("system: state size = " + std::to_string(x.size()) + ": the model's layout has " + std::to_string(n) +
                " entries");
  if (dxdt.size() != n) dxdt.resize(n);  // only on a caller's first, unsized call
  ++ws_->evaluations;
  forward::evaluate(*model_, *ws_, x, dxdt, t);
}

}  // namespace ramus

namespace ramus {

bool engage_commanded_locks(const System& system, Eigen::VectorXd& x, double t) {
  Inputs& inputs = system.inputs();
  if (inputs.pending_locks().empty()) return false;
  const std::vector<Eigen::Index> pending = inputs.pending_locks();  // between steps: a copy is fine
  const Model& model = system.model();
  std::vector<Eigen::Index> local;
  std::size_t engaged = 0;
  for (std::size_t v = 0; v < model.vehicle_count(); ++v)
    for (const auto& e : model.vehicle(v).state_effectors()) {
      const VehicleOffsets::InputRange range = model.input_range(*e);
      local.clear();
      for (const Eigen::Index c : pending)
        if (c >= range.offset && c < range.offset + range.size) local.push_back(c - range.offset);
      if (local.empty()) continue;
      e->engage_commanded_locks(local, system, x, t);  // the latches of one effector together
      engaged += local.size();
    }
  if (engaged != pending.size())
    throw ConfigurationError("inputs", model.input_layout().entry_name(pending.front()), "lock commanded",
                             "no state effector of the model owns this lock flag");
  inputs.clear_pending_locks();
  return true;
}

}  // namespace ramus
