// Spherical-harmonic gravity: the Holmes–Featherstone scaled column recursion summed by Clenshaw
// over the degree for each order, then over the order with the powers of (x + iy)/r
// (docs/environment/spherical_harmonic_gravity.md §2).
#include "ramus/environment/spherical_harmonic_gravity.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

const std::string kOwner = "spherical_harmonic_gravity";

/// a_nm of the recursion in n (docs/environment/spherical_harmonic_gravity.md (6)), n ≥ m + 1.
double a_nm(int n, int m) {
  const double dn = n, dm = m;
  return std::sqrt((2.0 * dn - 1.0) * (2.0 * dn + 1.0) / ((dn - dm) * (dn + dm)));
}

/// b_nm of the same recursion, eq. (6); zero at n = m + 1.
double b_nm(int n, int m) {
  if (n < m + 2) return 0.0;
  const double dn = n, dm = m;
  return std::sqrt((2.0 * dn + 1.0) * (dn + dm - 1.0) * (dn - dm - 1.0) / ((dn - dm) * (dn + dm) * (2.0 * dn - 3.0)));
}

/// k_nm of dp̄nm/dt = k_nm p̄_{n,m+1}, eq. (9).
double k_nm(int n, int m) {
  const double dn = n, dm = m;
  return m == 0 ? std::sqrt(dn * (dn + 1.0) / 2.0) : std::sqrt((dn - dm) * (dn + dm + 1.0));
}

int resolved_degree(const SphericalHarmonicGravityConfig& c) {
  const int N = c.degree < 0 ? c.coefficients.max_degree : c.degree;
  if (c.degree < -1 || N > c.coefficients.max_degree || N > SphericalHarmonicGravity::kMaxDegree)
    throw ConfigurationError(
        kOwner, "degree", std::to_string(c.degree),
        "must be −1 (all) or in [0, " +
            std::to_string(std::min(c.coefficients.max_degree, SphericalHarmonicGravity::kMaxDegree)) +
            "] (the coefficients' max degree " + std::to_string(c.coefficients.max_degree) + ", at most " +
            std::to_string(SphericalHarmonicGravity::kMaxDegree) + ")");
  return N;
}

int resolved_order(const SphericalHarmonicGravityConfig& c, int N) {
  const int largest = std::min(N, c.coefficients.max_order);
  const int M = c.order < 0 ? largest : c.order;
  if (c.order < -1 || M > largest)
    throw ConfigurationError(kOwner, "order", std::to_string(c.order),
                             "must be −1 (all) or in [0, " + std::to_string(largest) +
                                 "] (at most the degree and the coefficients' max order)");
  return M;
}

}  // namespace

SphericalHarmonicGravity::SphericalHarmonicGravity(SphericalHarmonicGravityConfig config)
    : mu_(config.coefficients.mu), R_(config.coefficients.reference_radius), rotation_(std::move(config.rotation)) {
  const GravityFieldCoefficients& cf = config.coefficients;
  validation::require_positive(kOwner, "coefficients.mu [m^3/s^2]", mu_);
  validation::require_positive(kOwner, "coefficients.reference_radius [m]", R_);
  const std::size_t size = GravityFieldCoefficients::index(cf.max_degree, cf.max_degree) + 1;
  if (cf.max_degree < 0 || cf.max_order < 0 || cf.max_order > cf.max_degree || cf.C.size() != size ||
      cf.S.size() != size)
    throw ConfigurationError(kOwner, "coefficients",
                             "max_degree " + std::to_string(cf.max_degree) + ", max_order " +
                                 std::to_string(cf.max_order) + ", " + std::to_string(cf.C.size()) + " C and " +
                                 std::to_string(cf.S.size()) + " S",
                             "need 0 ≤ max_order ≤ max_degree and (N+1)(N+2)/2 = " + std::to_string(size) + " of each");
  for (std::size_t k = 0; k < size; ++k)
    if (!std::isfinite(cf.C[k]) || !std::isfinite(cf.S[k]))
      throw ConfigurationError(kOwner, "coefficients.C/S at index " + std::to_string(k),
                               validation::to_text(cf.C[k]) + ", " + validation::to_text(cf.S[k]), "must be finite");
  if (!rotation_ && !config.fixed_in_N)
    throw ConfigurationError(kOwner, "rotation", "null",
                             "the body frame P needs its BodyRotation (set fixed_in_N for a field fixed in N)");
  N_ = resolved_degree(config);
  M_ = resolved_order(config, N_);

  // Column j holds n = j … N; columns 0 … M hold the order-j sums, column M + 1 (when M < N) only
  // the derivative of order M (eq. 9).
  columns_ = std::min(M_ + 1, N_);
  sectorial_.assign(static_cast<std::size_t>(columns_) + 1, 1.0);
  for (int j = 1; j <= columns_; ++j)
    sectorial_[static_cast<std::size_t>(j)] =
        j == 1 ? std::sqrt(3.0) : std::sqrt((2.0 * j + 1.0) / (2.0 * j));  // eq. (7)
  column_start_.assign(static_cast<std::size_t>(columns_) + 2, 0);
  for (int j = 0; j <= columns_; ++j)
    column_start_[static_cast<std::size_t>(j) + 1] =
        column_start_[static_cast<std::size_t>(j)] + static_cast<std::size_t>(N_ - j + 1);
  terms_.resize(column_start_.back());
  for (int j = 0; j <= columns_; ++j)
    for (int n = j; n <= N_; ++n) {
      Term& T = terms_[column_start_[static_cast<std::size_t>(j)] + static_cast<std::size_t>(n - j)];
      T.a = a_nm(n + 1, j);
      T.b = b_nm(n + 2, j);
      const bool own = j <= M_;
      T.C = own ? cf.c(n, j) : 0.0;
      T.S = own ? cf.s(n, j) : 0.0;
      T.nC = (n + j + 1.0) * T.C;
      T.nS = (n + j + 1.0) * T.S;
      T.kC = j >= 1 ? k_nm(n, j - 1) * cf.c(n, j - 1) : 0.0;
      T.kS = j >= 1 ? k_nm(n, j - 1) * cf.s(n, j - 1) : 0.0;
    }
}

template <bool WithGradient>
void SphericalHarmonicGravity::sum(const Eigen::Vector3d& r_P, double& U, Eigen::Vector3d& a_P) const {
  const double r2 = r_P.squaredNorm(), r = std::sqrt(r2), inv_r = 1.0 / r;
  const double t = r_P.z() * inv_r;                         // sin φ
  const double ex = r_P.x() * inv_r, ey = r_P.y() * inv_r;  // cos φ cos λ, cos φ sin λ
  const double q = R_ * inv_r, tq = t * q, q2 = q * q;
  double c_prev = 0.0, s_prev = 0.0;  // ĉ_{j−1}, ŝ_{j−1} of eq. (3)
  double c_cur = 1.0, s_cur = 0.0;    // ĉ_j, ŝ_j
  double w = 1.0;                     // q^j p̄_jj (eq. 7)
  double V = 0.0, ar = 0.0, ax = 0.0, ay = 0.0, az = 0.0;
  const int last = WithGradient ? columns_ : M_;
  for (int j = 0; j <= last; ++j) {
    if (j > 0) {
      w *= q * sectorial_[static_cast<std::size_t>(j)];
      c_prev = c_cur;
      s_prev = s_cur;
      c_cur = c_prev * ex - s_prev * ey;  // (ĉ + i ŝ)_j = (ĉ + i ŝ)_{j−1} (x + i y)/r
      s_cur = c_prev * ey + s_prev * ex;
    }
    // Clenshaw over n = N … j (eq. 8): y_n = c_n + a_{n+1,j} t q y_{n+1} − b_{n+2,j} q² y_{n+2}.
    const Term* col = terms_.data() + column_start_[static_cast<std::size_t>(j)];
    double yC1 = 0.0, yC2 = 0.0, yS1 = 0.0, yS2 = 0.0;
    double nC1 = 0.0, nC2 = 0.0, nS1 = 0.0, nS2 = 0.0, kC1 = 0.0, kC2 = 0.0, kS1 = 0.0, kS2 = 0.0;
    for (int i = N_ - j; i >= 0; --i) {
      const Term& T = col[i];
      const double al = T.a * tq, be = T.b * q2;
      double y = T.C + al * yC1 - be * yC2;
      yC2 = yC1, yC1 = y;
      y = T.S + al * yS1 - be * yS2;
      yS2 = yS1, yS1 = y;
      if constexpr (WithGradient) {
        y = T.nC + al * nC1 - be * nC2;
        nC2 = nC1, nC1 = y;
        y = T.nS + al * nS1 - be * nS2;
        nS2 = nS1, nS1 = y;
        y = T.kC + al * kC1 - be * kC2;
        kC2 = kC1, kC1 = y;
        y = T.kS + al * kS1 - be * kS2;
        kS2 = kS1, kS1 = y;
      }
    }
    const double SC = w * yC1, SS = w * yS1;  // Σ_n q^n C̄nj p̄nj, and with S̄ (eq. 4)
    if (j <= M_) V += c_cur * SC + s_cur * SS;
    if constexpr (WithGradient) {
      if (j <= M_) {
        ar -= c_cur * (w * nC1) + s_cur * (w * nS1);  // eq. (10), the radial part
        ax += j * (c_prev * SC + s_prev * SS);        // eq. (10), the gradient of (x + iy)^j
        ay += j * (c_prev * SS - s_prev * SC);
      }
      if (j >= 1) {  // the latitude derivative of order j − 1, eq. (9)
        const double D = c_prev * (w * kC1) + s_prev * (w * kS1);
        ar -= t * D;
        az += D;
      }
    }
  }
  U = -mu_ * inv_r * V;  // eq. (4)
  if constexpr (WithGradient) {
    const double k = mu_ * inv_r * inv_r;
    a_P = k * (ar * inv_r * r_P + Eigen::Vector3d(ax, ay, az));  // eq. (10)
  }
}

Eigen::Vector3d SphericalHarmonicGravity::acceleration_P(const Eigen::Vector3d& r_P) const {
  double U = 0.0;
  Eigen::Vector3d a;
  sum<true>(r_P, U, a);
  return a;
}

double SphericalHarmonicGravity::potential_P(const Eigen::Vector3d& r_P) const {
  double U = 0.0;
  Eigen::Vector3d a;
  sum<false>(r_P, U, a);
  return U;
}

Eigen::Matrix3d SphericalHarmonicGravity::dcm_PN(double t) const {
  return rotation_ ? rotation_->dcm_PN(t) : Eigen::Matrix3d::Identity();
}

Eigen::Vector3d SphericalHarmonicGravity::acceleration_N(const Eigen::Vector3d& r_PN_N, double t) const {
  const Eigen::Matrix3d dcm = dcm_PN(t);
  return dcm.transpose() * acceleration_P(dcm * r_PN_N);
}

double SphericalHarmonicGravity::potential(const Eigen::Vector3d& r_PN_N, double t) const {
  return potential_P(dcm_PN(t) * r_PN_N);
}

Eigen::Matrix3d SphericalHarmonicGravity::gradient_N(const Eigen::Vector3d& r_PN_N, double t) const {
  const Eigen::Matrix3d dcm = dcm_PN(t);
  const Eigen::Vector3d r_P = dcm * r_PN_N;
  const double h = 1e-4 * r_P.norm();  // the step of docs/environment/gravity_gradient.md (6)
  Eigen::Matrix3d G_P;
  for (int j = 0; j < 3; ++j) {
    Eigen::Vector3d e = Eigen::Vector3d::Zero();
    e[j] = h;
    G_P.col(j) = (acceleration_P(r_P + e) - acceleration_P(r_P - e)) / (2.0 * h);
  }
  return dcm.transpose() * (0.5 * (G_P + G_P.transpose())) * dcm;
}

}  // namespace ramus
