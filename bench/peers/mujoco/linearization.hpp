// Linear models of the same vehicle in ramus and in MuJoCo (docs/benchmarks-mujoco.md, "Linear
// models"): ramus's continuous A (analysis::linearize, tangent coordinates) against MuJoCo's
// discrete transition matrix of its own RK4 step (mjd_transitionFD), compared through the
// continuous generator log(A_d)/h, at an equilibrium (the hub at rest, the panels at their spring
// references) and at the scenario's initial state; and the cost of one Jacobian in each.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "scenario.hpp"
#include "timing.hpp"

namespace ramus::bench::mujoco {

/// ramus's and MuJoCo's linear models at one operating point, on MuJoCo's 2 nv coordinates.
struct LinearPoint {
  std::string name;  ///< "equilibrium", "x0"
  /// [rad/s] the oscillatory modes' frequencies (imaginary parts above 1e-3 rad/s, one per pair,
  /// ascending) of A without the attitude error's coordinates (the other blocks do not depend on
  /// them but the hub's velocity: their eigenvalues are the rest of A's), in each.
  std::vector<double> ramus_frequencies, mujoco_frequencies;
  /// [rad/s] the same of the attitude error's own 3×3 block ∂δθ̇/∂δθ: chart-dependent (below).
  std::vector<double> ramus_attitude_frequencies, mujoco_attitude_frequencies;
  /// [1] max |A_mujoco − A_ramus| over the rows of the accelerations (v̇, ω̇, θ̈), divided by the
  /// largest |entry| of those rows in ramus's A; and the same over the kinematic rows (ṙ, δθ̇, θ̇)
  /// but for the attitude error's own 3×3 block, which depends on the chart (below).
  double acceleration_rows = 0.0, kinematic_rows = 0.0;
  /// [1/s] the largest |entry| of ∂δθ̇/∂δθ in each: −½[ω×] in ramus's chart fixed at the point,
  /// −[ω×] in MuJoCo's, which moves with the nominal step (docs/benchmarks-mujoco.md).
  double ramus_attitude_block = 0.0, mujoco_attitude_block = 0.0;
};

struct LinearComparison {
  std::string scenario;
  double h = 0.0;               ///< [s] MuJoCo's RK4 time step of the transition matrix
  double h_fine = 0.0;          ///< [s] its half, for Richardson's extrapolation of log(A_d)/h
  int nv = 0;                   ///< MuJoCo's DOFs (A_d is 2 nv × 2 nv)
  Eigen::Index ramus_size = 0;  ///< ramus's tangent coordinates (A is n × n)
  std::string ramus_method;     ///< LinearModel::method
  std::vector<LinearPoint> points;
  /// One ramus linearize() (A and B, its System included) against one mjd_transitionFD (A and B,
  /// centred), timed side by side (a: ramus, b: MuJoCo); and ramus's raw-state Jacobian of the
  /// implicit steppers (analysis::StateJacobian, 2n + 2 evaluations) alone.
  PairedTiming linearize;
  BatchTiming state_jacobian;
  std::uint64_t ramus_evaluations = 0;  ///< right-hand-side evaluations of one linearize()
  std::uint64_t mujoco_steps = 0;       ///< mj_step-equivalents of one mjd_transitionFD (RK4: 4 forwards each)
};

/// The comparison on `scenario` (panels2), or nullopt with `why` set when its model has no MuJoCo
/// equivalent.
std::optional<LinearComparison> compare_linearization(const Scenario& scenario, int rounds, double batch_seconds,
                                                      std::string& why);

/// The comparison's section of ramus-bench's output.
void print_linearization(std::ostream& os, const LinearComparison& c);

}  // namespace ramus::bench::mujoco
