// Minimal effectors for the kernel tests, so that they exercise the kernel alone:
// a massless state effector with a given number of states, a constant wrench on the hub, and a
// linear (harmonic) gravity field g = −k r.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ramus/kernel/dynamic_effector.hpp"
#include "ramus/kernel/gravity_model.hpp"
#include "ramus/kernel/state_effector.hpp"

namespace ramus::test {

/// A massless body with blocks "theta" (n, rad) and "thetaDot" (n, rad/s), all derivatives zero.
/// Not final: a test may change its blocks, kind or validation.
class InertStateEffector : public StateEffector {
 public:
  InertStateEffector(std::string name, Eigen::Index n) : StateEffector(std::move(name)), n_(n) {}
  std::string_view kind() const override { return "inert_state_effector"; }
  std::vector<StateBlockSpec> state_blocks() const override {
    return {{"theta", n_, "rad"}, {"thetaDot", n_, "rad/s"}};
  }
  void write_initial_state(StateBlockRef x) const override { x.setZero(); }
  // Massless and without segments: every other stage is the contract's default.
  Eigen::Vector3d derivatives(const EvaluationContext&, ConstStateBlock, EffectorWorkspace&,
                              StateBlockRef dxdt) const override {
    dxdt.setZero();
    return Eigen::Vector3d::Zero();
  }

 private:
  Eigen::Index n_;
};

/// A constant force and torque in the attach frame, about its origin, plus a force given in N
/// rotated with the frame's current dcm_FN; optionally scaled by (1 + rate t) to make it depend on t.
class ConstantWrench final : public DynamicEffector {
 public:
  ConstantWrench(std::string name, const Eigen::Vector3d& force_F, const Eigen::Vector3d& torque_PntF_F,
                 const Eigen::Vector3d& force_N = Eigen::Vector3d::Zero(), double rate = 0.0)
      : DynamicEffector(std::move(name)), force_F_(force_F), torque_(torque_PntF_F), force_N_(force_N), rate_(rate) {}
  std::string_view kind() const override { return "constant_wrench"; }
  Wrench wrench(const FrameKinematics& frame, ConstInputBlock, const LoadContext& at) const override {
    const double s = 1.0 + rate_ * at.t;
    Wrench w;
    w.force_F = s * (force_F_ + frame.dcm_FN * force_N_);
    w.torque_PntF_F = s * torque_;
    return w;
  }

 private:
  Eigen::Vector3d force_F_, torque_, force_N_;
  double rate_;
};

/// g(r) = −k r, U = ½ k |r|² (a field with a gradient, so the point where it is evaluated matters).
class LinearGravity final : public GravityModel {
 public:
  explicit LinearGravity(double k) : k_(k) {}
  std::string_view kind() const override { return "linear_gravity"; }
  Eigen::Vector3d acceleration_N(const Eigen::Vector3d& r, double) const override { return -k_ * r; }
  double potential(const Eigen::Vector3d& r, double) const override { return 0.5 * k_ * r.squaredNorm(); }

 private:
  double k_;
};

}  // namespace ramus::test
