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
    const std::string o = Thrusters::owner(*this, i);
    ThrusterStateParameters p;
    p.r_TB_B = c.r_TB_B.si();
    validation::require_finite(o, "r_TB_B [m]", p.r_TB_B);
    validation::require_unit_vector(o, "tHat_B", c.tHat_B);
    p.tHat_B = c.tHat_B.normalized();  // within 1e-9 of the given direction
    p.F_max = c.max_thrust.value();
    p.tau = c.time_constant.value();
    validation::require_positive(o, {{"max_thrust [N]", p.F_max}, {"time_constant [s]", p.tau}});
    p.kappa0 = c.kappa0;
    validation::require_unit_interval(o, "kappa0 [1]", p.kappa0);
    thrusters_.add(*this, p, c.command0);
  }
}

const ThrusterStateParameters& ThrusterStateEffector::thruster(std::size_t i) const {
  return thrusters_.at(*this, i, "thruster");
}

void ThrusterStateEffector::set_command(std::size_t i, double u) {
  require_open("set_command");
  thrusters_.set_command(*this, i, u);
}

double ThrusterStateEffector::command(std::size_t i) const { return thrusters_.command(*this, i); }

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

std::vector<InputSpec> ThrusterStateEffector::input_blocks() const { return {thrusters_.throttle_block()}; }

}  // namespace ramus
