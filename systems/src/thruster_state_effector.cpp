// Thruster state effector: docs/models/thruster_state_effector.md, eqs. (1)–(4).
#include "ramus/systems/thruster_state_effector.hpp"

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

using validation::to_text;

}  // namespace

ThrusterStateEffector::ThrusterStateEffector(std::string name, const std::vector<ThrusterStateConfig>& thrusters)
    : StateEffector(std::move(name)) {
  if (thrusters.empty()) throw ConfigurationError(label(), "thrusters", "0", "needs at least one thruster");
  for (std::size_t i = 0; i < thrusters.size(); ++i) {
    const ThrusterStateConfig& c = thrusters[i];
    const std::string o = label() + " thruster " + std::to_string(i);
    ThrusterStateParameters p;
    p.r_TB_B = c.r_TB_B.si();
    validation::require_finite(o, "r_TB_B [m]", p.r_TB_B);
    validation::require_unit_vector(o, "tHat_B", c.tHat_B);
    p.tHat_B = c.tHat_B.normalized();  // within 1e-9 of the given direction
    p.F_max = c.max_thrust.value();
    validation::require_positive(o, "max_thrust [N]", p.F_max);
    p.tau = c.time_constant.value();
    validation::require_positive(o, "time_constant [s]", p.tau);
    p.kappa0 = c.kappa0;
    validation::require_unit_interval(o, "kappa0 [1]", p.kappa0);
    validation::require_unit_interval(o, "command0 [1]", c.command0);
    thrusters_.push_back(p);
    u_.push_back(c.command0);
  }
}

std::string ThrusterStateEffector::thruster_owner(std::size_t i) const {
  return label() + " thruster " + std::to_string(i);
}

void ThrusterStateEffector::require_index(std::size_t i, const char* what) const {
  // The owner's label only on failure: the right-hand side calls this (no allocation).
  if (i >= thrusters_.size()) validation::require_index(label(), i, thrusters_.size(), "thruster", what);
}

const ThrusterStateParameters& ThrusterStateEffector::thruster(std::size_t i) const {
  require_index(i, "thruster");
  return thrusters_[i];
}

void ThrusterStateEffector::set_command(std::size_t i, double u) {
  require_open("set_command");
  require_index(i, "set_command");
  validation::require_unit_interval(thruster_owner(i), "command [1]", u);
  u_[i] = u;
}

double ThrusterStateEffector::command(std::size_t i) const {
  require_index(i, "command");
  return u_[i];
}

std::vector<StateBlockSpec> ThrusterStateEffector::state_blocks() const {
  return {{"kappa", static_cast<Eigen::Index>(thrusters_.size()), "1"}};
}

void ThrusterStateEffector::write_initial_state(StateBlockRef x) const {
  for (std::size_t i = 0; i < thrusters_.size(); ++i) x[static_cast<Eigen::Index>(i)] = thrusters_[i].kappa0;
}

void ThrusterStateEffector::contributions(const EvaluationContext&, ConstStateBlock x, EffectorWorkspace&,
                                          HubSystem& s) const {
  for (std::size_t i = 0; i < thrusters_.size(); ++i) {
    const ThrusterStateParameters& p = thrusters_[i];
    // eq. (2)–(3): a load on the hub, about B; it enters only the right-hand side
    const Eigen::Vector3d F_B = p.F_max * x[static_cast<Eigen::Index>(i)] * p.tHat_B;
    s.vecTrans += F_B;
    s.vecRot += p.r_TB_B.cross(F_B);
  }
}

Eigen::Vector3d ThrusterStateEffector::derivatives(const EvaluationContext&, ConstStateBlock x, EffectorWorkspace& ws,
                                                   StateBlockRef dxdt) const {
  const ConstInputBlock u = ws.inputs();
  for (std::size_t i = 0; i < thrusters_.size(); ++i) {
    const auto k = static_cast<Eigen::Index>(i);
    dxdt[k] = (u[k] - x[k]) / thrusters_[i].tau;  // eq. (1)
  }
  return Eigen::Vector3d::Zero();
}

std::vector<InputSpec> ThrusterStateEffector::input_blocks() const {
  const Eigen::Index n = static_cast<Eigen::Index>(u_.size());
  return {{"throttle", n, "1", Eigen::Map<const Eigen::VectorXd>(u_.data(), n), Eigen::VectorXd::Zero(n),
           Eigen::VectorXd::Ones(n)}};
}

}  // namespace ramus
