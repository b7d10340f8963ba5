// Closed-form two-body (Kepler) motion of a point about a point mass μ at the origin of N, for
// elliptic orbits: Lagrange f and g functions with the eccentric-anomaly change ΔE solved by
// Newton's method from Kepler's equation in difference form (Vallado, Fundamentals of
// Astrodynamics, §2.3). Independent of ramus's integrators.
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <stdexcept>

namespace ramus::samples::reference {

struct KeplerState {
  Eigen::Vector3d r_N;  ///< [m]
  Eigen::Vector3d v_N;  ///< [m/s]
};

inline KeplerState kepler_propagate(double mu, const Eigen::Vector3d& r0, const Eigen::Vector3d& v0, double dt) {
  const double r0n = r0.norm();
  const double a = 1.0 / (2.0 / r0n - v0.squaredNorm() / mu);  // vis-viva
  if (!(a > 0.0)) throw std::invalid_argument("kepler_propagate: orbit is not elliptic");
  const double n = std::sqrt(mu / (a * a * a));
  const double s = r0.dot(v0) / std::sqrt(mu * a);  // e sin E0
  const double c = 1.0 - r0n / a;                   // e cos E0
  // n Δt = ΔE − c sin ΔE + s (1 − cos ΔE)
  const double M = n * dt;
  double dE = M;
  for (int i = 0; i < 100; ++i) {
    const double f = dE - c * std::sin(dE) + s * (1.0 - std::cos(dE)) - M;
    const double fp = 1.0 - c * std::cos(dE) + s * std::sin(dE);
    const double step = f / fp;
    dE -= step;
    if (std::abs(step) < 1e-15 * std::max(1.0, std::abs(dE))) break;
  }
  const double r = a * (1.0 - c * std::cos(dE) + s * std::sin(dE));
  const double f = 1.0 - a / r0n * (1.0 - std::cos(dE));
  const double g = dt - (dE - std::sin(dE)) / n;
  const double fdot = -std::sqrt(mu * a) / (r * r0n) * std::sin(dE);
  const double gdot = 1.0 - a / r * (1.0 - std::cos(dE));
  return {f * r0 + g * v0, fdot * r0 + gdot * v0};
}

}  // namespace ramus::samples::reference

namespace ramus::reference {
using namespace ramus::samples::reference;  // the 0.1 name of this namespace (CHANGELOG.md); removed in 0.3
}  // namespace ramus::reference
