// Closed-form motion of a torque-free axisymmetric rigid body (independent of ramus's dynamics):
// I = diag(It, It, I3) about the centre of mass. Body nutation rate λ = (I3 − It) ω3 / It; the body
// rate turns about b3 at λ; the attitude precesses about the fixed h_N at Ω_p = |H| / It:
//   q_BN(t) = exp(½ Ω_p t ĥ_N) ⊗ q0 ⊗ exp(−½ λ t b3)   (docs/verification/ROT_02.md).
#pragma once

#include <Eigen/Dense>
#include <cmath>

#include "ramus/kernel/attitude.hpp"

namespace ramus::samples::reference {

struct TorqueFreeAxisymmetric {
  double It, I3;             ///< [kg m²] transverse and axial inertia
  Eigen::Vector3d omega0_B;  ///< [rad/s] initial body rate
  Quaternion q0_BN;          ///< initial attitude

  double nutation_rate() const { return (I3 - It) * omega0_B.z() / It; }
  Eigen::Vector3d H_N() const {
    const Eigen::Vector3d H_B(It * omega0_B.x(), It * omega0_B.y(), I3 * omega0_B.z());
    return rotation_matrix(q0_BN) * H_B;
  }
  Eigen::Vector3d omega_B(double t) const {
    const double a = nutation_rate() * t;
    return {omega0_B.x() * std::cos(a) - omega0_B.y() * std::sin(a),
            omega0_B.x() * std::sin(a) + omega0_B.y() * std::cos(a), omega0_B.z()};
  }
  Quaternion q_BN(double t) const {
    const Eigen::Vector3d h = H_N();
    const double precession_rate = h.norm() / It;
    const Quaternion p = quat_from_axis_angle(h.normalized(), precession_rate * t);
    const Quaternion n = quat_from_axis_angle(Eigen::Vector3d::UnitZ(), -nutation_rate() * t);
    return quat_multiply(quat_multiply(p, q0_BN), n);
  }
  /// 2T = ωᵀ I ω
  double twice_kinetic_energy() const {
    return It * (omega0_B.x() * omega0_B.x() + omega0_B.y() * omega0_B.y()) + I3 * omega0_B.z() * omega0_B.z();
  }
};

}  // namespace ramus::samples::reference

namespace ramus::reference {
using namespace ramus::samples::reference;  // the 0.1 name of this namespace (CHANGELOG.md); removed in 0.3
}  // namespace ramus::reference
