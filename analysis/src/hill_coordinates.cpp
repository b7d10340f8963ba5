#include "ramus/analysis/hill_coordinates.hpp"

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::analysis {

HillTransform hill_transform(const Eigen::Vector3d& r_N, const Eigen::Vector3d& v_N) {
  const Eigen::Vector3d h = r_N.cross(v_N);
  if (!(h.norm() > 1e-12 * r_N.norm() * v_N.norm()))
    throw ConfigurationError("Hill coordinates", "r_BN_N, v_BN_N",
                             validation::to_text(r_N) + ", " + validation::to_text(v_N),
                             "are parallel: the reference has no orbit plane");
  Eigen::Matrix3d C;  // dcm_HN: rows radial, along-track, normal
  C.row(0) = r_N.normalized();
  C.row(2) = h.normalized();
  C.row(1) = C.row(2).cross(C.row(0));
  const double r2 = r_N.squaredNorm();
  const Eigen::Vector3d w(0.0, 0.0, h.norm() / r2);           // ω_HN_H
  const Eigen::Vector3d wdot = -2.0 * r_N.dot(v_N) / r2 * w;  // Keplerian reference (eq. L7)
  const Eigen::Matrix3d W = tilde(w), Wdot = tilde(wdot);
  HillTransform out;
  out.T.setZero();
  out.T.topLeftCorner<3, 3>() = C;
  out.T.bottomLeftCorner<3, 3>() = -W * C;
  out.T.bottomRightCorner<3, 3>() = C;
  out.Tdot.setZero();  // Ċ = −[ω×] C
  out.Tdot.topLeftCorner<3, 3>() = -W * C;
  out.Tdot.bottomLeftCorner<3, 3>() = -Wdot * C + W * W * C;
  out.Tdot.bottomRightCorner<3, 3>() = -W * C;
  out.T_inverse.setZero();
  out.T_inverse.topLeftCorner<3, 3>() = C.transpose();
  out.T_inverse.bottomLeftCorner<3, 3>() = C.transpose() * W;
  out.T_inverse.bottomRightCorner<3, 3>() = C.transpose();
  return out;
}

}  // namespace ramus::analysis
