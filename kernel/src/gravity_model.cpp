// The default gradient of a gravity field (central differences of its acceleration), and the
// default of the acceleration and gradient together.
#include "ramus/kernel/gravity_model.hpp"

namespace ramus {

Eigen::Matrix3d GravityModel::gradient_N(const Eigen::Vector3d& r_PN_N, double t) const {
  // Step 1e-4 |r|: truncation (h²/6 g''') and rounding (ε |g| / h) are both near 1e-8 relative
  // for a field whose scale length is |r| (docs/environment/gravity_gradient.md (6)).
  const double h = 1e-4 * r_PN_N.norm();
  Eigen::Matrix3d G;
  for (int j = 0; j < 3; ++j) {
    Eigen::Vector3d e = Eigen::Vector3d::Zero();
    e[j] = h;
    G.col(j) = (acceleration_N(r_PN_N + e, t) - acceleration_N(r_PN_N - e, t)) / (2.0 * h);
  }
  return 0.5 * (G + G.transpose());  // the exact gradient is symmetric (g = −∇U)
}

GravityAndGradient GravityModel::acceleration_and_gradient_N(const Eigen::Vector3d& r_PN_N, double t) const {
  return {acceleration_N(r_PN_N, t), gradient_N(r_PN_N, t)};
}

}  // namespace ramus
