// A rigid hub, I = diag(100, 200, 300) kg m², at rest, under a torque about b1: a constant part
// and a time profile. Under a constant torque L the motion is closed-form: ω_x(t) = L t / 100,
// θ(t) = L t² / 200 about b1. A run can record the times at which it is evaluated.
#pragma once

#include <memory>
#include <vector>

#include "kernel/test_support.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/systems/external_force_torque.hpp"

namespace ramus::test {

struct TorqueHub {
  static constexpr double I_xx = 100.0;  // [kg m²]
  std::shared_ptr<Model> model = std::make_shared<Model>();
  std::shared_ptr<ExternalForceTorque> torquer;
  std::vector<double> calls;  // times at which the profile was evaluated (when recording)

  /// Constant torque L [N m] about b1, plus `profile` (SI) when given.
  explicit TorqueHub(double L, ExternalForceTorque::Profile profile = {}) {
    Vehicle& v = model->add_vehicle("sc", hub_config(10.0, Eigen::Vector3d(100.0, 200.0, 300.0).asDiagonal()));
    ExternalForceTorqueConfig c;
    c.torque_PntF_F = {Eigen::Vector3d(L, 0.0, 0.0), units::newton_meter};
    torquer = std::make_shared<ExternalForceTorque>("torquer", c);
    if (profile) torquer->set_torque_PntF_F_profile(std::move(profile));
    v.add_dynamic_effector(torquer);
    model->finalize();
  }

  /// A run that records the time of every evaluation in `calls` (cleared here): its torque about
  /// b1 comes from a profile of the run's inputs that returns the constant L and logs t.
  System recording_system() {
    calls.clear();
    const System system(model);
    InputProfile p;
    p.channel = system.inputs().find("sc/torquer.torque_PntF_F[0]");
    p.value = [out = &calls, L = system.inputs().command()[p.channel]](double t) {
      out->push_back(t);
      return L;
    };
    system.inputs().set_profile(std::move(p));
    return system;
  }

  Eigen::VectorXd x0() const { return model->initial_state(); }
  System system() const { return System(model); }
};

/// The attitude of the hub under a constant torque L about b1 from rest: θ = L t²/(2 I_xx).
inline Quaternion constant_torque_attitude(double L, double t) {
  const double theta = L * t * t / (2.0 * TorqueHub::I_xx);
  return {std::cos(0.5 * theta), std::sin(0.5 * theta), 0.0, 0.0};
}

}  // namespace ramus::test
