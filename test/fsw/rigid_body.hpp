// The test side of the closed-loop checks of test/fsw: a rigid body under a torque law, integrated
// by a classical fourth-order Runge–Kutta at a fixed step, and central differences. Nothing here
// computes a reference value of the code under test.
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

#include "ramus/kernel/attitude.hpp"

namespace ramus::fsw::test {

/// One classical RK4 step of x' = f(t, x).
template <class F>
Eigen::VectorXd rk4_step(F&& f, double t, const Eigen::VectorXd& x, double h) {
  const Eigen::VectorXd k1 = f(t, x);
  const Eigen::VectorXd k2 = f(t + 0.5 * h, x + 0.5 * h * k1);
  const Eigen::VectorXd k3 = f(t + 0.5 * h, x + 0.5 * h * k2);
  const Eigen::VectorXd k4 = f(t + h, x + h * k3);
  return x + h / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
}

/// Rigid body with extra states: x = (q_BN [4], omega_BN_B [3], extra...). The torque law
/// `torque(t, q_BN, omega_BN_B, extra)` returns the control torque on the body [N m] and writes the
/// derivative of the extra states into `extraDot`; the body obeys I ω̇ = −ω × Iω + u (Euler's
/// equation) and q̇ = ½ q ⊗ (0, ω) (docs/notation.md eq. (3.3)).
struct RigidBody {
  Eigen::Matrix3d I;
  std::function<Eigen::Vector3d(double, const Quaternion&, const Eigen::Vector3d&, const Eigen::VectorXd&,
                                Eigen::VectorXd&)>
      torque;

  Eigen::VectorXd derivative(double t, const Eigen::VectorXd& x) const {
    const Quaternion q = x.head<4>();
    const Eigen::Vector3d w = x.segment<3>(4);
    const Eigen::VectorXd extra = x.tail(x.size() - 7);
    Eigen::VectorXd extraDot = Eigen::VectorXd::Zero(extra.size());
    const Eigen::Vector3d u = torque(t, q / q.norm(), w, extra, extraDot);
    Eigen::VectorXd d(x.size());
    d.head<4>() = quat_derivative(q, w);
    d.segment<3>(4) = I.inverse() * (u - w.cross(I * w));  // 3×3 closed-form inverse
    d.tail(extra.size()) = extraDot;
    return d;
  }

  /// States at t0 + k h, k = 0…n.
  std::vector<Eigen::VectorXd> run(Eigen::VectorXd x, double t0, double h, int n) const {
    std::vector<Eigen::VectorXd> out;
    out.reserve(static_cast<std::size_t>(n) + 1);
    out.push_back(x);
    for (int k = 0; k < n; ++k) {
      x = rk4_step([this](double t, const Eigen::VectorXd& y) { return derivative(t, y); }, t0 + k * h, x, h);
      out.push_back(x);
    }
    return out;
  }
};

/// The initial state of a RigidBody run.
inline Eigen::VectorXd rigid_body_state(const Quaternion& q_BN, const Eigen::Vector3d& omega_BN_B, int extra = 0) {
  Eigen::VectorXd x = Eigen::VectorXd::Zero(7 + extra);
  x.head<4>() = q_BN;
  x.segment<3>(4) = omega_BN_B;
  return x;
}

/// Bound on the central difference's truncation error for samples f at spacing h, (h²/6) max|f'''|,
/// with f''' estimated by the third differences of the samples themselves, and round-off
/// 8 ε max|f| / h added (the two samples' rounding, amplified by 1/(2h), with margin).
inline double central_difference_tolerance(const std::vector<double>& f, double h) {
  double f3 = 0.0, fmax = 0.0;
  for (std::size_t k = 0; k + 3 < f.size(); ++k)
    f3 = std::max(f3, std::abs(f[k + 3] - 3.0 * f[k + 2] + 3.0 * f[k + 1] - f[k]) / (h * h * h));
  for (const double v : f) fmax = std::max(fmax, std::abs(v));
  return h * h / 6.0 * f3 + 8.0 * std::numeric_limits<double>::epsilon() * fmax / h;
}

}  // namespace ramus::fsw::test
