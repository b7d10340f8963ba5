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

/// One step of Clenshaw's recursion (eq. 8), y_n = c_n + al y_{n+1} − be y_{n+2}, shifting
/// (y1, y2) = (y_{n+1}, y_{n+2}) to (y_n, y_{n+1}).
inline void clenshaw_step(double c, double al, double be, double& y1, double& y2) {
  const double y = c + al * y1 - be * y2;
  y2 = y1;
  y1 = y;
}

/// The angular factor ĉ_m + i ŝ_m of eq. (3) applied to a pair of column sums (Σ^C, Σ^S):
/// `along` is Re[(Σ^C − i Σ^S)(ĉ + i ŝ)], the x part of eq. (10)'s horizontal gradient and the
/// sum of eq. (4); `across` is its y part, Re[i (Σ^C − i Σ^S)(ĉ + i ŝ)].
struct Angle {
  double c, s;
  double along(double SC, double SS) const { return c * SC + s * SS; }
  double across(double SC, double SS) const { return c * SS - s * SC; }
};

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
  // the derivative of order M (eq. 9), column M + 2 only its second derivative (eq. 13).
  columns_ = std::min(M_ + 2, N_);
  sectorial_.assign(static_cast<std::size_t>(columns_) + 1, 1.0);
  for (int j = 1; j <= columns_; ++j)
    sectorial_[static_cast<std::size_t>(j)] =
        j == 1 ? std::sqrt(3.0) : std::sqrt((2.0 * j + 1.0) / (2.0 * j));  // eq. (7)
  column_start_.assign(static_cast<std::size_t>(columns_) + 2, 0);
  for (int j = 0; j <= columns_; ++j)
    column_start_[static_cast<std::size_t>(j) + 1] =
        column_start_[static_cast<std::size_t>(j)] + static_cast<std::size_t>(N_ - j + 1);
  terms_.resize(column_start_.back());
  second_.resize(column_start_.back());
  for (int j = 0; j <= columns_; ++j)
    for (int n = j; n <= N_; ++n) {
      const std::size_t at = column_start_[static_cast<std::size_t>(j)] + static_cast<std::size_t>(n - j);
      Term& T = terms_[at];
      T.a = a_nm(n + 1, j);
      T.b = b_nm(n + 2, j);
      const bool own = j <= M_, first = j >= 1 && j - 1 <= M_, second = j >= 2;  // orders j, j − 1, j − 2 summed
      T.C = own ? cf.c(n, j) : 0.0;
      T.S = own ? cf.s(n, j) : 0.0;
      T.nC = (n + j + 1.0) * T.C;
      T.nS = (n + j + 1.0) * T.S;
      const double k1 = j >= 1 ? k_nm(n, j - 1) : 0.0;  // eq. (9)
      T.kC = first ? k1 * cf.c(n, j - 1) : 0.0;
      T.kS = first ? k1 * cf.s(n, j - 1) : 0.0;
      SecondTerm& T2 = second_[at];  // eq. (16)
      T2.n2C = (n + j + 3.0) * T.nC;
      T2.n2S = (n + j + 3.0) * T.nS;
      T2.k1C = (n + j + 1.0) * T.kC;
      T2.k1S = (n + j + 1.0) * T.kS;
      const double k2 = second ? k_nm(n, j - 2) * k1 : 0.0;  // eq. (13)
      T2.lC = second ? k2 * cf.c(n, j - 2) : 0.0;
      T2.lS = second ? k2 * cf.s(n, j - 2) : 0.0;
    }
}

template <int Derivatives>
SphericalHarmonicGravity::ColumnSums SphericalHarmonicGravity::column(int j, double tq, double q2, double w) const {
  // Clenshaw over n = N … j (eq. 8): y_n = c_n + a_{n+1,j} t q y_{n+1} − b_{n+2,j} q² y_{n+2}.
  const std::size_t start = column_start_[static_cast<std::size_t>(j)];
  const Term* col = terms_.data() + start;
  const SecondTerm* col2 = second_.data() + start;
  ColumnSums y1, y2;  // y_{n+1}, y_{n+2} of each sum; y1 ends as y_j
  for (int i = N_ - j; i >= 0; --i) {
    const Term& T = col[i];
    const double al = T.a * tq, be = T.b * q2;
    clenshaw_step(T.C, al, be, y1.C, y2.C);
    clenshaw_step(T.S, al, be, y1.S, y2.S);
    if constexpr (Derivatives >= 1) {
      clenshaw_step(T.nC, al, be, y1.nC, y2.nC);
      clenshaw_step(T.nS, al, be, y1.nS, y2.nS);
      clenshaw_step(T.kC, al, be, y1.kC, y2.kC);
      clenshaw_step(T.kS, al, be, y1.kS, y2.kS);
    }
    if constexpr (Derivatives == 2) {
      const SecondTerm& T2 = col2[i];
      clenshaw_step(T2.n2C, al, be, y1.n2C, y2.n2C);
      clenshaw_step(T2.n2S, al, be, y1.n2S, y2.n2S);
      clenshaw_step(T2.k1C, al, be, y1.k1C, y2.k1C);
      clenshaw_step(T2.k1S, al, be, y1.k1S, y2.k1S);
      clenshaw_step(T2.lC, al, be, y1.lC, y2.lC);
      clenshaw_step(T2.lS, al, be, y1.lS, y2.lS);
    }
  }
  // Σ = q^j p̄_jj y_j (eq. 8), for each sum.
  ColumnSums s;
  s.C = w * y1.C, s.S = w * y1.S;
  s.nC = w * y1.nC, s.nS = w * y1.nS, s.kC = w * y1.kC, s.kS = w * y1.kS;
  s.n2C = w * y1.n2C, s.n2S = w * y1.n2S, s.k1C = w * y1.k1C, s.k1S = w * y1.k1S, s.lC = w * y1.lC, s.lS = w * y1.lS;
  return s;
}

template <int Derivatives>
SphericalHarmonicGravity::Sums SphericalHarmonicGravity::sum(const Eigen::Vector3d& r_P) const {
  static_assert(Derivatives >= 0 && Derivatives <= 2);
  const double r2 = r_P.squaredNorm(), r = std::sqrt(r2), inv_r = 1.0 / r;
  const double t = r_P.z() * inv_r;                         // sin φ
  const double ex = r_P.x() * inv_r, ey = r_P.y() * inv_r;  // cos φ cos λ, cos φ sin λ
  const double q = R_ * inv_r, tq = t * q, q2 = q * q;
  Angle A0{1.0, 0.0}, A1{0.0, 0.0}, A2{0.0, 0.0};  // (ĉ, ŝ) of orders j, j − 1, j − 2 (eq. 3)
  double w = 1.0;                                  // q^j p̄_jj (eq. 7)
  double V = 0.0, ar = 0.0, ax = 0.0, ay = 0.0, az = 0.0;
  double Hrr = 0.0, Hrz = 0.0, Hzz = 0.0, hx = 0.0, hy = 0.0, bx = 0.0, by = 0.0, Hxx = 0.0, Hxy = 0.0;  // eq. (17)
  const int last = Derivatives == 0 ? M_ : std::min(M_ + Derivatives, N_);
  for (int j = 0; j <= last; ++j) {
    if (j > 0) {
      w *= q * sectorial_[static_cast<std::size_t>(j)];
      A2 = A1;
      A1 = A0;
      A0 = {A1.c * ex - A1.s * ey, A1.c * ey + A1.s * ex};  // (ĉ + i ŝ)_j = (ĉ + i ŝ)_{j−1} (x + i y)/r
    }
    const ColumnSums s = column<Derivatives>(j, tq, q2, w);
    if (j <= M_) {  // order j: Σ^C_j, Σ^S_j (eq. 4) and their weighted sums
      V += A0.along(s.C, s.S);
      if constexpr (Derivatives >= 1) {
        ar -= A0.along(s.nC, s.nS);    // eq. (10), the radial part
        ax += j * A1.along(s.C, s.S);  // eq. (10), the gradient of (x + iy)^j
        ay += j * A1.across(s.C, s.S);
      }
      if constexpr (Derivatives == 2) {
        Hrr += A0.along(s.n2C, s.n2S);   // the k(k + 2) p̄ of H_rr, eq. (14)
        hx -= j * A1.along(s.nC, s.nS);  // the −k p̄ of A (eq. 14) times ∇(x + iy)^j (eq. 15)
        hy -= j * A1.across(s.nC, s.nS);
        Hxx += j * (j - 1.0) * A2.along(s.C, s.S);  // p̄ times the Hessian of (x + iy)^j, eq. (15)
        Hxy += j * (j - 1.0) * A2.across(s.C, s.S);
      }
    }
    if constexpr (Derivatives >= 1) {
      if (j >= 1) {  // the latitude derivative of order j − 1, eq. (9)
        const double D = A1.along(s.kC, s.kS);
        ar -= t * D;
        az += D;
        if constexpr (Derivatives == 2) {
          const double K1 = A1.along(s.k1C, s.k1S);
          Hrr += t * (2.0 * K1 + D);               // the (2k + 3) t p̄' of H_rr, eq. (14)
          Hrz -= K1;                               // the −(k + 1) p̄' of H_rz, eq. (14)
          bx += (j - 1.0) * A2.along(s.kC, s.kS);  // B = p̄' (eq. 14) times ∇(x + iy)^{j−1} (eq. 15)
          by += (j - 1.0) * A2.across(s.kC, s.kS);
        }
      }
    }
    if constexpr (Derivatives == 2) {
      if (j >= 2) {  // p̄'' of order j − 2 (eq. 13) in H_rr, H_rz and H_zz, eq. (14)
        const double L = A2.along(s.lC, s.lS);
        Hrr += t * t * L;
        Hrz -= t * L;
        Hzz += L;
      }
    }
  }
  Sums out;
  out.U = -mu_ * inv_r * V;  // eq. (4)
  if constexpr (Derivatives >= 1) {
    const double k = mu_ * inv_r * inv_r;
    out.a_P = k * (ar * inv_r * r_P + Eigen::Vector3d(ax, ay, az));  // eq. (10)
  }
  if constexpr (Derivatives == 2) {
    // eq. (17): (μ/r³)[H_rr r̂r̂ᵀ + H_rz sym(r̂, ẑ) + H_zz ẑẑᵀ + A 1 + sym(r̂, h) + sym(ẑ, b) + the
    // (x, y) block] with A = ar, h = (hx − t bx, hy − t by, 0) (A's −t p̄' part is −t times B's)
    // and b = (bx, by, 0) the horizontal gradients times A and B (eq. 15).
    // Written as sym(r̂, v) + sym(ẑ, b), v = h + H_rz ẑ + ½ H_rr r̂, b carrying ½ H_zz ẑ: each
    // entry is a_i b_j + b_i a_j, so the tensor is symmetric to the last bit.
    const Eigen::Vector3d e(ex, ey, t);
    const Eigen::Vector3d v = Eigen::Vector3d(hx - t * bx, hy - t * by, Hrz) + 0.5 * Hrr * e;
    const Eigen::Vector3d b(bx, by, 0.5 * Hzz), z = Eigen::Vector3d::UnitZ();
    Eigen::Matrix3d G = e * v.transpose() + v * e.transpose() + z * b.transpose() + b * z.transpose();
    G.diagonal().array() += ar;
    G(0, 0) += Hxx;
    G(1, 1) -= Hxx;
    G(0, 1) += Hxy;
    G(1, 0) += Hxy;
    out.G_P = (mu_ * inv_r * inv_r * inv_r) * G;
  }
  return out;
}

Eigen::Vector3d SphericalHarmonicGravity::acceleration_P(const Eigen::Vector3d& r_P) const { return sum<1>(r_P).a_P; }

double SphericalHarmonicGravity::potential_P(const Eigen::Vector3d& r_P) const { return sum<0>(r_P).U; }

Eigen::Matrix3d SphericalHarmonicGravity::gradient_P(const Eigen::Vector3d& r_P) const { return sum<2>(r_P).G_P; }

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
  return dcm.transpose() * gradient_P(dcm * r_PN_N) * dcm;  // eq. (18)
}

GravityAndGradient SphericalHarmonicGravity::acceleration_and_gradient_N(const Eigen::Vector3d& r_PN_N,
                                                                         double t) const {
  const Eigen::Matrix3d dcm = dcm_PN(t);
  const Sums s = sum<2>(dcm * r_PN_N);
  return {dcm.transpose() * s.a_P, dcm.transpose() * s.G_P * dcm};  // eqs. (11), (18)
}

}  // namespace ramus
