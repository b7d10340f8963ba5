// Translation relative to a reference orbit in its Hill frame (docs/analysis/linear_models.md
// eq. L7): δr_H = C (r − r_ref), δv_H = C (v − v_ref) − ω_H × δr_H, with H = (radial, along-track,
// orbit normal) of the reference's osculating orbit and ω_H = |r × v| / r² along the normal.
#pragma once

#include <Eigen/Dense>

namespace ramus::analysis {

/// The change of variables T(t) from (δr_N, δv_N) to (δr_H, δv_H) and its rate Ṫ along the
/// reference orbit through (r, v) (Keplerian: ω̇_H = −2 (r·v)/r² ω_H).
struct HillTransform {
  Eigen::Matrix<double, 6, 6> T, Tdot, T_inverse;
};
/// Throws ConfigurationError when r and v are parallel (no orbit plane).
HillTransform hill_transform(const Eigen::Vector3d& r_N, const Eigen::Vector3d& v_N);

}  // namespace ramus::analysis
