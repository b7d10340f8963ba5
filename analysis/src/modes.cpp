#include "ramus/analysis/modes.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::analysis {

std::vector<Mode> modes(const LinearModel& model, double threshold) {
  if (!(threshold > 0.0 && threshold <= 1.0))
    throw ConfigurationError("modes", "threshold", validation::to_text(threshold), "must be in (0, 1]");
  if (!model.A.allFinite()) throw ConfigurationError("modes", "A", "non-finite entries", "must be finite");
  const Eigen::EigenSolver<Eigen::MatrixXd> solver(model.A, true);
  if (solver.info() != Eigen::Success)
    throw ConfigurationError("modes", "A", std::to_string(model.A.rows()) + "×" + std::to_string(model.A.cols()),
                             "the eigenvalue iteration did not converge");
  const Eigen::VectorXcd& lambda = solver.eigenvalues();
  const Eigen::MatrixXcd& V = solver.eigenvectors();
  const double rigid_below = 1e-12 * std::max(1.0, lambda.cwiseAbs().maxCoeff());
  std::vector<Mode> out;
  for (Eigen::Index k = 0; k < lambda.size(); ++k) {
    if (lambda[k].imag() < 0.0) continue;  // the conjugate of a pair listed once
    Mode m;
    m.eigenvalue = lambda[k];
    const double a = std::abs(lambda[k]);
    m.frequency_hz = a / (2.0 * std::numbers::pi);
    m.damped_frequency_hz = std::abs(lambda[k].imag()) / (2.0 * std::numbers::pi);
    m.rigid = a <= rigid_below;
    m.damping_ratio = m.rigid ? std::numeric_limits<double>::quiet_NaN() : -lambda[k].real() / a;
    const Eigen::VectorXd mag = V.col(k).cwiseAbs();
    const double largest = mag.maxCoeff();
    for (Eigen::Index i = 0; i < mag.size(); ++i)
      if (largest > 0.0 && mag[i] >= threshold * largest) m.participation.push_back({i, mag[i] / largest});
    std::sort(m.participation.begin(), m.participation.end(),
              [](const Participation& p, const Participation& q) { return p.share > q.share; });
    out.push_back(std::move(m));
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Mode& a, const Mode& b) { return std::abs(a.eigenvalue) < std::abs(b.eigenvalue); });
  return out;
}

}  // namespace ramus::analysis
