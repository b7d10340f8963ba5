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
