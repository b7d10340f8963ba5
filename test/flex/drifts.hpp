// The conserved quantities of a free vehicle without gravity and their drifts over an rk4 run: the
// conservation checks of the flexible-body and panel tests (test/flex/).
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <memory>

#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/kernel/workspace.hpp"
#include "support/run.hpp"

namespace ramus::test::flex {

/// Total energy (kinetic + strain: the orbital ½ m v_C² and the rotational energy about C), linear
/// momentum, angular momentum about N, of vehicle 0.
struct Conserved {
  double E = 0.0;
  Eigen::Vector3d p = Eigen::Vector3d::Zero(), H = Eigen::Vector3d::Zero();
};
inline Conserved conserved(const VehicleDiagnostics& d) {
  return {d.orbital_energy + d.rotational_energy, d.p_N, d.H_PntN_N};
}

/// Largest relative drifts |q(t) − q(0)| / |q(0)| over a run.
struct Drifts {
  double E = 0.0, p = 0.0, H = 0.0;
};

/// The drifts over rk4 in n steps over [0, T] from the model's initial state.
inline Drifts drifts(const std::shared_ptr<Model>& model, double T, int n) {
  const System system(model);
  Workspace ws(*model);
  const Conserved c0 = conserved(vehicle_diagnostics(*model, ws, model->initial_state(), 0.0, 0));
  Drifts d;
  run_logged(system, model->initial_state(), T, n, [&](const Eigen::VectorXd& x, double t) {
    const Conserved c = conserved(vehicle_diagnostics(*model, ws, x, t, 0));
    d.E = std::max(d.E, std::abs(c.E - c0.E) / std::abs(c0.E));
    d.p = std::max(d.p, (c.p - c0.p).norm() / c0.p.norm());
    d.H = std::max(d.H, (c.H - c0.H).norm() / c0.H.norm());
  });
  return d;
}

}  // namespace ramus::test::flex
