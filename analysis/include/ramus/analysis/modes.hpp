// Modes of a linear model (docs/analysis/linear_models.md §4): the eigenvalues λ of A with each
// mode's frequency |λ|/2π, damping ratio −Re λ/|λ| and the coordinates that take part in it.
#pragma once

#include <complex>
#include <string>
#include <vector>

#include "ramus/analysis/linear_model.hpp"

namespace ramus::analysis {

struct Participation {
  Eigen::Index coordinate = 0;  ///< index into the linear model's state
  double share = 0.0;           ///< |v_k| / max |v| of the mode's eigenvector, in (0, 1]
};

struct Mode {
  std::complex<double> eigenvalue;   ///< [1/s] one of a conjugate pair (Im ≥ 0), or real
  double frequency_hz = 0.0;         ///< [Hz] |λ| / 2π (undamped natural frequency)
  double damped_frequency_hz = 0.0;  ///< [Hz] |Im λ| / 2π
  /// −Re λ / |λ|: 0 undamped, 1 critically damped, negative unstable; NaN for a rigid mode.
  double damping_ratio = 0.0;
  /// |λ| ≤ 1e-12 max(1 s⁻¹, max |λ|): a rigid-body (zero) eigenvalue up to the Jacobian's rounding.
  bool rigid = false;
  /// The coordinates with share ≥ the threshold, largest first.
  std::vector<Participation> participation;
};

/// Every mode of A (one per real eigenvalue and per conjugate pair), by increasing |λ|.
/// Participation lists the coordinates whose share is at least `threshold`.
std::vector<Mode> modes(const LinearModel& model, double threshold = 0.05);

}  // namespace ramus::analysis
