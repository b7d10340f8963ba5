#include "ramus/kernel/attitude.hpp"

#include <Eigen/Geometry>
#include <cmath>

namespace ramus {

Quaternion quat_multiply(const Quaternion& p, const Quaternion& q) {
  const double p0 = p[0], q0 = q[0];
  const Eigen::Vector3d pv = p.tail<3>(), qv = q.tail<3>();
  Quaternion r;
  r[0] = p0 * q0 - pv.dot(qv);
  r.tail<3>() = p0 * qv + q0 * pv + pv.cross(qv);
  return r;
}

Quaternion quat_conjugate(const Quaternion& q) { return Quaternion(q[0], -q[1], -q[2], -q[3]); }

Quaternion quat_from_axis_angle(const Eigen::Vector3d& axis, double angle) {
  Quaternion q;
  q[0] = std::cos(0.5 * angle);
  q.tail<3>() = std::sin(0.5 * angle) * axis;
  return q;
}

Quaternion quat_derivative(const Quaternion& q, const Eigen::Vector3d& w) {
  // ½ q ⊗ (0, w), written out: scalar −½ q_v·w, vector ½ (q0 w + q_v × w).
  const Eigen::Vector3d qv = q.tail<3>();
  Quaternion d;
  d[0] = -0.5 * qv.dot(w);
  d.tail<3>() = 0.5 * (q[0] * w + qv.cross(w));
  return d;
}

Eigen::Matrix3d rotation_matrix(const Quaternion& q) {
  // (q0² − |v|²) 1 + 2 v vᵀ + 2 q0 [v×], entry by entry.
  const double q0 = q[0], x = q[1], y = q[2], z = q[3];
  const double d = q0 * q0 - (x * x + y * y + z * z);
  const double xx = 2.0 * x * x, yy = 2.0 * y * y, zz = 2.0 * z * z;
  const double xy = 2.0 * x * y, xz = 2.0 * x * z, yz = 2.0 * y * z;
  const double wx = 2.0 * q0 * x, wy = 2.0 * q0 * y, wz = 2.0 * q0 * z;
  Eigen::Matrix3d R;
  R << d + xx, xy - wz, xz + wy, xy + wz, d + yy, yz - wx, xz - wy, yz + wx, d + zz;
  return R;
}

Quaternion quat_from_rotation_matrix(const Eigen::Matrix3d& R) {
  // Shepperd: pick the largest of 4q_i² to divide by, so no division by a small number.
  const double t = R.trace();
  const Eigen::Vector4d four_q_sq(1.0 + t, 1.0 + 2.0 * R(0, 0) - t, 1.0 + 2.0 * R(1, 1) - t, 1.0 + 2.0 * R(2, 2) - t);
  Eigen::Index k = 0;
  four_q_sq.maxCoeff(&k);
  Quaternion q;
  const double s = 2.0 * std::sqrt(four_q_sq[k]);  // 4 q_k
  switch (k) {
    case 0:
      q << 0.25 * s, (R(2, 1) - R(1, 2)) / s, (R(0, 2) - R(2, 0)) / s, (R(1, 0) - R(0, 1)) / s;
      break;
    case 1:
      q << (R(2, 1) - R(1, 2)) / s, 0.25 * s, (R(0, 1) + R(1, 0)) / s, (R(0, 2) + R(2, 0)) / s;
      break;
    case 2:
      q << (R(0, 2) - R(2, 0)) / s, (R(0, 1) + R(1, 0)) / s, 0.25 * s, (R(1, 2) + R(2, 1)) / s;
      break;
    default:
      q << (R(1, 0) - R(0, 1)) / s, (R(0, 2) + R(2, 0)) / s, (R(1, 2) + R(2, 1)) / s, 0.25 * s;
      break;
  }
  if (q[0] < 0.0) q = -q;
  return q / q.norm();
}

Eigen::Vector3d mrp_from_quat(const Quaternion& q_in) {
  // |sigma| ≤ 1 exactly when q0 ≥ 0; −q is the same attitude.
  const Quaternion q = (q_in[0] < 0.0 ? -q_in : q_in) / q_in.norm();
  return q.tail<3>() / (1.0 + q[0]);
}

Quaternion quat_from_mrp(const Eigen::Vector3d& sigma) {
  const double s2 = sigma.squaredNorm();
  Quaternion q;
  q[0] = (1.0 - s2) / (1.0 + s2);
  q.tail<3>() = 2.0 * sigma / (1.0 + s2);
  return q;
}

Eigen::Vector3d mrp_shadow(const Eigen::Vector3d& sigma) { return -sigma / sigma.squaredNorm(); }

Eigen::Matrix3d dcm_from_mrp(const Eigen::Vector3d& s) {
  const double s2 = s.squaredNorm();
  const Eigen::Matrix3d st = tilde(s);
  return Eigen::Matrix3d::Identity() + (8.0 * st * st - 4.0 * (1.0 - s2) * st) / ((1.0 + s2) * (1.0 + s2));
}

double attitude_error_angle(const Quaternion& a, const Quaternion& b) {
  const Quaternion d = quat_multiply(quat_conjugate(a), b);
  return 2.0 * std::atan2(d.tail<3>().norm(), std::abs(d[0]));
}

}  // namespace ramus
