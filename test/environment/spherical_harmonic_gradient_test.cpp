// The spherical-harmonic gravity gradient in closed form (docs/environment/spherical_harmonic_gravity.md
// eqs. (13)–(18)): against central differences of the acceleration and their Richardson
// extrapolation at many points, poles included; against the J2 field's closed-form tensor;
// against an independent long-double sum of the tensor in spherical coordinates with explicit
// P̄nm and their first and second latitude derivatives (GGM03S to 60, random fields to 360 and
// 1000); Laplace's equation, symmetry, the poles as the limit along meridians; the tensor in N in
// a turning frame; no allocation.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "ramus/environment/body_rotation.hpp"
#include "ramus/environment/gravity_field_file.hpp"
#include "ramus/environment/spherical_harmonic_gravity.hpp"
#include "ramus/environment/third_body_gravity.hpp"
#include "support/allocation_counter.hpp"

using namespace ramus;

namespace {

using LD = long double;
using Matrix3L = Eigen::Matrix<LD, 3, 3>;
using Vector3L = Eigen::Matrix<LD, 3, 1>;
constexpr double kEps = 2.220446049250313e-16;  ///< double's machine epsilon
constexpr double kR = 6378136.3;                ///< [m] GGM03S's reference radius

std::string ggm03s_path() { return (std::filesystem::path(RAMUS_DATA_DIR) / "GGM03S-deg60.txt").string(); }

const GravityFieldCoefficients& ggm03s() {
  static const GravityFieldCoefficients c = read_gravity_field_text(ggm03s_path());
  return c;
}

/// The same field without its central term (C̄00 = 0): the part the harmonics add, whose tensor is
/// 1e-3 of the point mass's and is compared relative to itself.
GravityFieldCoefficients without_central_term(GravityFieldCoefficients c) {
  c.C[0] = 0.0;
  return c;
}

SphericalHarmonicGravity inertial_field(const GravityFieldCoefficients& c, int degree = -1, int order = -1) {
  SphericalHarmonicGravityConfig cfg;
  cfg.coefficients = c;
  cfg.degree = degree;
  cfg.order = order;
  cfg.fixed_in_N = true;
  return SphericalHarmonicGravity(cfg);
}

/// Random fully normalized coefficients to degree N following Kaula's rule (rms 1e-5/n² per
/// coefficient), with C̄00 = 1 and the degree-1 terms zero; R and μ the Earth's (as the
/// spherical_harmonic_reference suite's fields).
GravityFieldCoefficients kaula_field(int N, unsigned seed) {
  GravityFieldCoefficients c;
  c.source = "kaula-" + std::to_string(N);
  c.reference_radius = kR;
  c.mu = 3.986004415e14;
  c.max_degree = c.max_order = N;
  c.C.assign(GravityFieldCoefficients::index(N, N) + 1, 0.0);
  c.S = c.C;
  c.C[0] = 1.0;
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> g(0.0, 1.0);
  for (int n = 2; n <= N; ++n)
    for (int m = 0; m <= n; ++m) {
      c.C[GravityFieldCoefficients::index(n, m)] = 1e-5 / (n * n) * g(rng);
      if (m > 0) c.S[GravityFieldCoefficients::index(n, m)] = 1e-5 / (n * n) * g(rng);
    }
  return c;
}

Eigen::Vector3d point(double r, double lat_deg, double lon) {
  const double phi = lat_deg * M_PI / 180.0;
  if (std::abs(lat_deg) == 90.0) return Eigen::Vector3d(0.0, 0.0, lat_deg > 0 ? r : -r);  // the pole exactly
  return Eigen::Vector3d(r * std::cos(phi) * std::cos(lon), r * std::cos(phi) * std::sin(lon), r * std::sin(phi));
}

/// Radii 1.05 R … 7 R, latitudes from pole to pole (±89.9° and the poles exactly), four
/// longitudes (one at each pole, where the longitude means nothing).
std::vector<Eigen::Vector3d> grid(bool with_poles = true) {
  std::vector<Eigen::Vector3d> pts;
  for (const double k : {1.05, 1.5, 2.5, 4.0, 7.0}) {
    for (const double lat : {-89.9, -60.0, -35.0, -10.0, 0.0, 20.0, 50.0, 80.0, 89.9})
      for (const double lon : {0.3, 1.9, 3.6, 5.2}) pts.push_back(point(k * kR, lat, lon));
    if (with_poles) {
      pts.push_back(point(k * kR, 90.0, 0.0));
      pts.push_back(point(k * kR, -90.0, 0.0));
    }
  }
  return pts;
}

/// The gradient of docs/environment/gravity_gradient.md (6) at step h [m], not symmetrized: column
/// j is the central difference of the acceleration along e_j (the method the closed form replaced).
Eigen::Matrix3d differenced(const SphericalHarmonicGravity& field, const Eigen::Vector3d& r_P, double h) {
  Eigen::Matrix3d G;
  for (int j = 0; j < 3; ++j) {
    Eigen::Vector3d e = Eigen::Vector3d::Zero();
    e[j] = h;
    G.col(j) = (field.acceleration_P(r_P + e) - field.acceleration_P(r_P - e)) / (2.0 * h);
  }
  return G;
}

/// Richardson's extrapolation of the differences at h and h/2: (4 D(h/2) − D(h))/3 cancels the
/// h² term, leaving O(h⁴) truncation and 3 times the rounding of D(h/2).
Eigen::Matrix3d richardson(const SphericalHarmonicGravity& field, const Eigen::Vector3d& r_P, double h) {
  return (4.0 * differenced(field, r_P, 0.5 * h) - differenced(field, r_P, h)) / 3.0;
}

/// Fully normalized P̄nm(sin φ) with their first and second derivatives in φ for n ≤ N, by the
/// standard forward column recursion unscaled (with cos^m φ), differentiated twice, in long double:
/// P̄mm = f_m cos φ P̄_{m−1,m−1}, P̄nm = a_nm sin φ P̄_{n−1,m} − b_nm P̄_{n−2,m}.
struct Legendre {
  std::vector<LD> P, dP, d2P;  // index n(n+1)/2 + m
};

Legendre legendre(int N, LD t, LD u) {
  const std::size_t size = GravityFieldCoefficients::index(N, N) + 1;
  Legendre L{std::vector<LD>(size), std::vector<LD>(size), std::vector<LD>(size)};
  LD Pmm = 1.0L, dPmm = 0.0L, d2Pmm = 0.0L;
  for (int m = 0; m <= N; ++m) {
    if (m >= 1) {
      const LD f = m == 1 ? std::sqrt(3.0L) : std::sqrt((2.0L * m + 1.0L) / (2.0L * m));
      const LD P_new = f * u * Pmm, dP_new = f * (-t * Pmm + u * dPmm);  // d(cos φ)/dφ = −sin φ
      d2Pmm = f * (-u * Pmm - 2 * t * dPmm + u * d2Pmm);
      Pmm = P_new;
      dPmm = dP_new;
    }
    auto at = [&](int n) { return GravityFieldCoefficients::index(n, m); };
    L.P[at(m)] = Pmm;
    L.dP[at(m)] = dPmm;
    L.d2P[at(m)] = d2Pmm;
    for (int n = m + 1; n <= N; ++n) {
      const LD dn = n, dm = m;
      const LD a = std::sqrt((2 * dn - 1) * (2 * dn + 1) / ((dn - dm) * (dn + dm)));
      const LD b =
          n >= m + 2 ? std::sqrt((2 * dn + 1) * (dn + dm - 1) * (dn - dm - 1) / ((dn - dm) * (dn + dm) * (2 * dn - 3)))
                     : 0.0L;
      const bool two = n >= m + 2;
      const LD P1 = L.P[at(n - 1)], dP1 = L.dP[at(n - 1)], d2P1 = L.d2P[at(n - 1)];
      L.P[at(n)] = a * t * P1 - (two ? b * L.P[at(n - 2)] : 0.0L);
      L.dP[at(n)] = a * (u * P1 + t * dP1) - (two ? b * L.dP[at(n - 2)] : 0.0L);  // d(sin φ)/dφ = cos φ
      L.d2P[at(n)] = a * (-t * P1 + 2 * u * dP1 + t * d2P1) - (two ? b * L.d2P[at(n - 2)] : 0.0L);
    }
  }
  return L;
}

/// The gradient ∂a/∂r = ∇∇V (V = −U) summed term by term in long double from the explicit P̄nm,
/// as the covariant Hessian in spherical coordinates (r, φ, λ) on the orthonormal frame (r̂, φ̂, λ̂)
/// (the Christoffel symbols of dr² + r² dφ² + r² cos²φ dλ²), rotated to Cartesian components:
///   H_rr = V_rr, H_rφ = V_rφ/r − V_φ/r², H_rλ = (V_rλ/r − V_λ/r²)/cos φ,
///   H_φφ = V_φφ/r² + V_r/r, H_φλ = (V_φλ + tan φ V_λ)/(r² cos φ),
///   H_λλ = V_λλ/(r² cos²φ) + V_r/r − tan φ V_φ/r².
/// Independent of the closed form (another coordinate system, another recursion, no Clenshaw), and
/// singular on the polar axis: used off it.
Matrix3L reference_gradient(const GravityFieldCoefficients& c, int N, int M, const Eigen::Vector3d& r_P) {
  const LD x = r_P.x(), y = r_P.y(), z = r_P.z();
  const LD rho = std::sqrt(x * x + y * y), r = std::sqrt(x * x + y * y + z * z);
  const LD t = z / r, u = rho / r, lam = std::atan2(y, x), q = LD(c.reference_radius) / r;
  const Legendre L = legendre(N, t, u);
  // Sums of q^n × (P̄, dP̄/dφ, d²P̄/dφ²) × (C̄ cos mλ + S̄ sin mλ) or m (S̄ cos mλ − C̄ sin mλ),
  // weighted by powers of (n + 1), (n + 2) and m; the (μ/r³) factor is applied at the end.
  LD rr = 0, rphi = 0, rlam = 0, phiphi = 0, philam1 = 0, philam2 = 0, lamlam = 0, Vr = 0, Vphi = 0;
  for (int m = 0; m <= M; ++m) {
    const LD cm = std::cos(m * lam), sm = std::sin(m * lam);
    for (int n = m; n <= N; ++n) {
      const std::size_t k = GravityFieldCoefficients::index(n, m);
      const LD qn = std::pow(q, LD(n)), C = c.c(n, m), S = c.s(n, m);
      const LD cs = C * cm + S * sm, sc = m * (S * cm - C * sm);
      const LD P = qn * L.P[k], dP = qn * L.dP[k], d2P = qn * L.d2P[k];
      rr += (n + 1) * (n + 2) * P * cs;
      rphi -= (n + 2) * dP * cs;
      rlam -= (n + 2) * P * sc;
      phiphi += d2P * cs - (n + 1) * P * cs;
      philam1 += dP * sc;
      philam2 += P * sc;
      lamlam -= m * m * P * cs;
      Vr -= (n + 1) * P * cs;
      Vphi += dP * cs;
    }
  }
  Matrix3L H;
  H(0, 0) = rr;
  H(0, 1) = H(1, 0) = rphi;
  H(0, 2) = H(2, 0) = rlam / u;
  H(1, 1) = phiphi;
  H(1, 2) = H(2, 1) = philam1 / u + t * philam2 / (u * u);
  H(2, 2) = lamlam / (u * u) + Vr - t * Vphi / u;
  Matrix3L E;  // columns r̂, φ̂, λ̂
  E.col(0) << u * std::cos(lam), u * std::sin(lam), t;
  E.col(1) << -t * std::cos(lam), -t * std::sin(lam), u;
  E.col(2) << -std::sin(lam), std::cos(lam), 0.0L;
  return LD(c.mu) / (r * r * r) * (E * H * E.transpose());
}

/// The point mass and J2 in closed form: V = μ/r − (μ J2 R²/2)(3 z²/r⁵ − 1/r³), whose Hessian is
///   μ (3 r rᵀ/r⁵ − 1/r³) − (μ J2 R²/2) [3 (2 ẑẑᵀ/r⁵ − 10 z (ẑ rᵀ + r ẑᵀ)/r⁷ − 5 z² 1/r⁷
///                                          + 35 z² r rᵀ/r⁹) + 3·1/r⁵ − 15 r rᵀ/r⁷]
/// (∂i∂j of z² r⁻⁵ and of r⁻³ written out; its trace is 3(2 − 20 + 35 − 15) z²/r⁷ + (9 − 15)/r⁵ +
/// 6/r⁵ = 0). In long double.
Matrix3L j2_gradient(LD mu, LD J2, LD R, const Eigen::Vector3d& r_P) {
  const Vector3L r = r_P.cast<LD>(), e3(0, 0, 1);
  const LD z = r.z(), r2 = r.squaredNorm(), rn = std::sqrt(r2);
  const LD r3 = rn * r2, r5 = r3 * r2, r7 = r5 * r2, r9 = r7 * r2;
  const Matrix3L one = Matrix3L::Identity(), rrT = r * r.transpose();
  const Matrix3L point_mass = mu * (3 * rrT / r5 - one / r3);
  const Matrix3L d2_z2_r5 = 2 * e3 * e3.transpose() / r5 - 10 * z * (e3 * r.transpose() + r * e3.transpose()) / r7 -
                            5 * z * z * one / r7 + 35 * z * z * rrT / r9;
  const Matrix3L d2_r3 = -3 * one / r5 + 15 * rrT / r7;
  return point_mass - mu * J2 * R * R / 2 * (3 * d2_z2_r5 - d2_r3);
}

/// ‖A − B‖/‖B‖ in the Frobenius norm.
double relative(const Eigen::Matrix3d& A, const Eigen::Matrix3d& B) { return (A - B).norm() / B.norm(); }
double relative(const Eigen::Matrix3d& A, const Matrix3L& B) { return double((A.cast<LD>() - B).norm() / B.norm()); }

}  // namespace

BOOST_AUTO_TEST_SUITE(spherical_harmonic_gradient)

BOOST_AUTO_TEST_CASE(matches_the_differenced_gradient_and_its_richardson_extrapolation) {
  // docs/environment/gravity_gradient.md (6) at h = 1e-4 r (the method replaced) and Richardson's
  // extrapolation of h and h/2, at 190 points (5 radii from 1.05 R to 7 R, latitudes ±89.9° and
  // the poles exactly), GGM03S at degrees 2, 8, 20 and 60 (the file's), with C̄00 and without it
  // (the harmonics alone, compared relative to their own tensor).
  const std::vector<Eigen::Vector3d> pts = grid();
  for (const bool central : {true, false}) {
    const GravityFieldCoefficients c = central ? ggm03s() : without_central_term(ggm03s());
    // Degree × order: 2, 8, 20, 60 complete, and 20 × 0, 20 × 5 (the columns past the order carry
    // only the derivatives of the last order, eqs. 9 and 13).
    const std::pair<int, int> fields[] = {{2, 2}, {8, 8}, {20, 20}, {60, 60}, {20, 0}, {20, 5}};
    for (const auto& [degree, order] : fields) {
      const SphericalHarmonicGravity field = inertial_field(c, degree, order);
      double plain = 0.0, extrapolated = 0.0;
      for (const Eigen::Vector3d& r : pts) {
        const Eigen::Matrix3d G = field.gradient_P(r);
        const double h = 1e-4 * r.norm();
        plain = std::max(plain, relative(G, differenced(field, r, h)));
        extrapolated = std::max(extrapolated, relative(G, richardson(field, r, h)));
      }
      BOOST_TEST_MESSAGE("GGM03S " << degree << "x" << order << (central ? "" : " without C00")
                                   << ", 190 points: worst relative ‖G − differences‖ " << plain
                                   << ", ‖G − Richardson‖ " << extrapolated);
      // The plain differences: their truncation h²/6 ‖∂³a‖ is ~(h/r)² = 1e-8 of ‖G‖ for the point
      // mass (measured 1.85e-8 for every field with C̄00): 5e-8. For the harmonics alone the
      // degree-n terms vary on r/n, their truncation ~n² (h/r)² of their own size, but GGM03S's
      // harmonics are J2's to 1e-3 (measured 4.6e-8 at degree 2, 1.1e-7 at 60): 5e-7.
      BOOST_TEST(plain <= (central ? 5e-8 : 5e-7));
      // Richardson: truncation O(h⁴) (1e-16 for the point mass, (60 h/r)⁴ = 1.3e-9 on degree 60's
      // terms, themselves 1e-6 of the tensor) and 3 times the rounding of D(h/2): the acceleration
      // rounds to δa ≈ 5 ε |a| (spherical_harmonic_reference), |a| = r ‖G‖/√6, so 3 δa/h =
      // 15 ε (r/h)/√6 ≈ 1.4e-11 of ‖G‖ (measured 6.7e-12 … 2.1e-11 with C̄00, 8.8e-12 … 1.4e-11
      // relative to the harmonics alone): 5e-11.
      BOOST_TEST(extrapolated <= 5e-11);
    }
  }
}

BOOST_AUTO_TEST_CASE(degree_two_zonal_is_the_closed_form_J2_tensor) {
  // GGM03S's (2, 0) term with C̄00 = 1 is the point mass and J2 = −√5 C̄20 (eq. 12), whose tensor is
  // the closed form of j2_gradient, at every point of the grid, poles included.
  const SphericalHarmonicGravity field = inertial_field(ggm03s(), 2, 0);
  const LD J2 = -std::sqrt(5.0L) * LD(ggm03s().c(2, 0));
  const SphericalHarmonicGravity point_mass = inertial_field(ggm03s(), 0, 0);
  double worst = 0.0, worst_j2 = 0.0;
  for (const Eigen::Vector3d& r : grid()) {
    const Matrix3L ref = j2_gradient(ggm03s().mu, J2, kR, r), pm = j2_gradient(ggm03s().mu, 0.0L, kR, r);
    const Eigen::Matrix3d G = field.gradient_P(r);
    worst = std::max(worst, relative(G, ref));
    // The J2 part alone (1e-3 … 2e-5 of the whole): the closed form's own part of the tensor.
    const Eigen::Matrix3d G_pm = point_mass.gradient_P(r);
    worst_j2 = std::max(worst_j2, double(((G - G_pm).cast<LD>() - (ref - pm)).norm() / (ref - pm).norm()));
  }
  BOOST_TEST_MESSAGE("J2 field vs its closed form, 190 points: worst relative " << worst / kEps << " ε, of the J2 part "
                                                                                << worst_j2);
  // A few roundings of each entry (r², √, 1/r, the products of eq. 17) on the point-mass term
  // (measured 4.3 ε): 8 ε.
  BOOST_TEST(worst <= 8 * kEps);
  // The J2 part is the difference of two tensors each carrying that rounding, and is 2e-5 of the
  // whole at 7 R: 2 · 4 ε / 2e-5 = 9e-11 (measured 3.8e-12): 1e-10.
  BOOST_TEST(worst_j2 <= 1e-10);
}

BOOST_AUTO_TEST_CASE(matches_the_long_double_sum_in_spherical_coordinates) {
  // The reference is singular on the polar axis: the grid without the poles (±89.9° kept).
  const std::vector<Eigen::Vector3d> pts = grid(false);
  const auto worst_over = [&](const GravityFieldCoefficients& c, const std::vector<Eigen::Vector3d>& at) {
    const SphericalHarmonicGravity field = inertial_field(c);
    double w = 0.0;
    for (const Eigen::Vector3d& r : at)
      w = std::max(w, relative(field.gradient_P(r), reference_gradient(c, field.degree(), field.order(), r)));
    return w;
  };
  const double ggm = worst_over(ggm03s(), pts), ggm_harmonics = worst_over(without_central_term(ggm03s()), pts);
  BOOST_TEST_MESSAGE("GGM03S 60x60, 180 points: worst relative " << ggm / kEps << " ε; without C00 "
                                                                 << ggm_harmonics / kEps << " ε");
  // The whole tensor: each entry a_i b_j + b_i a_j + γ δ_ij (eq. 17) of ‖G‖'s size rounds ~5 times,
  // and |r̂|² = 1 to 4 ε (measured 9.6 ε): 16 ε. The harmonics alone: each column's Clenshaw sum
  // rounds ~(N − m) times on terms as large as the column's largest
  // (docs/verification/ENV_SPHERICAL_HARMONICS.md): N ε = 1.3e-14 (measured 15.5 ε = 3.5e-15).
  BOOST_TEST(ggm <= 16 * kEps);
  BOOST_TEST(ggm_harmonics <= 60 * kEps);

  // Kaula fields of degree 360 (every fourth point of the grid) and 1000 (on the reference sphere
  // near the poles, where q^n = 1 and the whole series counts, and at 1.1 R).
  std::vector<Eigen::Vector3d> some;
  for (std::size_t k = 0; k < pts.size(); k += 4) some.push_back(pts[k]);
  const double k360 = worst_over(without_central_term(kaula_field(360, 17)), some);
  const GravityFieldCoefficients k1000 = kaula_field(SphericalHarmonicGravity::kMaxDegree, 29);
  const std::vector<Eigen::Vector3d> near_poles = {point(kR, 89.9, 2.0), point(kR, -89.9, 4.5), point(kR, 28.6, 2.0),
                                                   point(1.1 * kR, 28.6, 2.0)};
  const double w1000 = worst_over(k1000, near_poles),
               w1000_harmonics = worst_over(without_central_term(k1000), near_poles);
  BOOST_TEST_MESSAGE("Kaula 360x360 without C00, 45 points: worst relative "
                     << k360 << "; 1000x1000 at r = R (±89.9°, 28.6°) and 1.1 R: " << w1000 << ", without C00 "
                     << w1000_harmonics);
  // N ε = 8e-14 at 360 (measured 2.9e-14): 1e-13.
  BOOST_TEST(k360 <= 1e-13);
  // Degree 1000 on the reference sphere (q^n = 1, the rough field's tensor there is 1 % of the
  // point mass's) 0.1° from the poles: Clenshaw's rounding grows near t = ±1, where the column
  // sums' terms all share a sign. The acceleration's harmonics carry it too (relative to
  // themselves, 3.6e-13 there, 1.2e-14 at 28.6°, measured with the same reference); the tensor's
  // weights (n + m + 1)² against (n + m + 1) add a factor ~15 (measured 5.2e-12 at 89.9°, 2.1e-14
  // at 28.6°): 1e-11. Of the whole tensor it is 1 % of that (measured 4.5e-14): 2e-13.
  BOOST_TEST(w1000_harmonics <= 1e-11);
  BOOST_TEST(w1000 <= 2e-13);
}

BOOST_AUTO_TEST_CASE(the_trace_vanishes_and_the_tensor_is_symmetric) {
  // Laplace's equation outside the body: tr G = ∇²V = 0, to round-off relative to ‖G‖. The
  // symmetry of eq. (17): each entry is a_i b_j + b_i a_j, equal to the last bit.
  double trace = 0.0, trace_harmonics = 0.0, asym = 0.0;
  const GravityFieldCoefficients kaula = kaula_field(360, 7);
  for (const GravityFieldCoefficients* c : {&ggm03s(), &kaula}) {
    const SphericalHarmonicGravity field = inertial_field(*c), harmonics = inertial_field(without_central_term(*c));
    for (const Eigen::Vector3d& r : grid()) {
      const Eigen::Matrix3d G = field.gradient_P(r), H = harmonics.gradient_P(r);
      trace = std::max(trace, std::abs(G.trace()) / G.norm());
      trace_harmonics = std::max(trace_harmonics, std::abs(H.trace()) / H.norm());
      asym = std::max({asym, (G - G.transpose()).norm(), (H - H.transpose()).norm()});
    }
  }
  BOOST_TEST_MESSAGE("GGM03S 60x60 and Kaula 360x360, 190 points: worst |tr G|/‖G‖ "
                     << trace / kEps << " ε, without C00 " << trace_harmonics / kEps << " ε; asymmetry " << asym);
  // The three diagonal entries, each of ‖G‖'s size with ~5 roundings (16 ε, as against the
  // long-double sum), and the point mass's 3 r̂r̂ᵀ − 1 cancelling only to |r̂|² − 1 ≈ 4 ε
  // (measured 20 ε, 4.4e-15): 32 ε.
  BOOST_TEST(trace <= 32 * kEps);
  // The harmonics alone: the sums' rounding, N ε relative at N = 360 (8e-14; measured 126 ε,
  // 2.8e-14): 1e-13.
  BOOST_TEST(trace_harmonics <= 1e-13);
  BOOST_TEST(asym == 0.0);
  // The unsymmetrized Richardson differences (an independent Jacobian of a) are symmetric to their
  // own error, 5e-11 of ‖G‖ at most (the first case; measured 2.7e-11): the field is a gradient,
  // G a Hessian.
  const SphericalHarmonicGravity field = inertial_field(ggm03s());
  double asym_diff = 0.0;
  for (const Eigen::Vector3d& r : grid()) {
    const Eigen::Matrix3d D = richardson(field, r, 1e-4 * r.norm());
    asym_diff = std::max(asym_diff, (D - D.transpose()).norm() / D.norm());
  }
  BOOST_TEST_MESSAGE("Richardson differences' asymmetry: " << asym_diff);
  BOOST_TEST(asym_diff <= 5e-11);
}

BOOST_AUTO_TEST_CASE(the_poles_are_the_limit_along_every_meridian) {
  // On the polar axis the tensor is finite, and G at colatitude δ on any of six meridians tends to
  // it as O(δ): ‖G(δ) − G0‖/(‖G0‖ δ) is the derivative along the meridian, bounded.
  const GravityFieldCoefficients harmonics = without_central_term(ggm03s());
  for (const GravityFieldCoefficients* c : {&ggm03s(), &harmonics}) {
    const SphericalHarmonicGravity field = inertial_field(*c);
    for (const double k : {1.05, 3.0})
      for (const double pole : {90.0, -90.0}) {
        const Eigen::Matrix3d G0 = field.gradient_P(point(k * kR, pole, 0.0));
        BOOST_TEST(G0.allFinite());
        std::vector<double> slope;  // worst ‖G(δ) − G0‖/(‖G0‖ δ) over six meridians
        for (const double delta : {1e-2, 1e-4, 1e-6, 1e-8}) {
          double worst = 0.0;
          for (const double lon : {0.0, 1.0, 2.2, 3.3, 4.4, 5.9}) {
            const double lat = std::copysign(90.0 - delta * 180.0 / M_PI, pole);
            worst = std::max(worst, relative(field.gradient_P(point(k * kR, lat, lon)), G0) / delta);
          }
          slope.push_back(worst);
        }
        BOOST_TEST_MESSAGE((c == &ggm03s() ? "GGM03S" : "GGM03S without C00")
                           << " at " << k << " R, pole " << pole
                           << "°: ‖G(δ) − G0‖/(‖G0‖ δ) at δ = 1e-2, 1e-4, 1e-6, 1e-8 rad: " << slope[0] << ", "
                           << slope[1] << ", " << slope[2] << ", " << slope[3]);
        // The slope stays bounded as δ shrinks and settles: the limit exists and is G0. Along a
        // meridian the point mass's tensor μ (3 r̂r̂ᵀ − 1)/r³ turns at √3 ‖G‖ per radian (measured
        // 1.725 … 1.731 at every δ); the harmonics' at a few times theirs (measured 2.89 … 3.27,
        // settled to 1e-5 by δ = 1e-6). From δ = 1e-6 to 1e-8 the slope moves by the O(δ) term
        // (1e-6 of it) and the rounding 16 ε/δ = 4e-7: 1e-3 of the slope bounds both. A singular
        // tensor (a 1/cos φ left over) would make the slope grow as 1/δ.
        for (const double s : slope) BOOST_TEST(s <= 5.0);
        BOOST_TEST(std::abs(slope[3] - slope[2]) <= 1e-3 * slope[2]);
      }
  }
}

BOOST_AUTO_TEST_CASE(the_tensor_in_N_is_the_body_frame_tensor_turned) {
  // G_N = [PN]ᵀ G_P [PN] (eq. 18) in the turning Earth frame, against Richardson's differences of
  // acceleration_N itself (h = 1e-4 r and h/2), at four times a quarter day apart.
  const auto rotation = std::make_shared<UniformRotation>(UniformRotationConfig{7.2921150e-5, 0.4});
  SphericalHarmonicGravityConfig cfg;
  cfg.coefficients = ggm03s();
  cfg.rotation = rotation;
  const SphericalHarmonicGravity field(cfg);
  const Eigen::Vector3d r(4.1e6, -5.0e6, 2.2e6);
  const double h = 1e-4 * r.norm();
  const auto differences = [&](double step, double t) {
    Eigen::Matrix3d D;
    for (int j = 0; j < 3; ++j) {
      Eigen::Vector3d e = Eigen::Vector3d::Zero();
      e[j] = step;
      D.col(j) = (field.acceleration_N(r + e, t) - field.acceleration_N(r - e, t)) / (2.0 * step);
    }
    return D;
  };
  double worst = 0.0;
  for (const double t : {0.0, 21600.0, 43200.0, 64800.0}) {
    const Eigen::Matrix3d ref = (4.0 * differences(0.5 * h, t) - differences(h, t)) / 3.0;
    worst = std::max(worst, relative(field.gradient_N(r, t), ref));
  }
  BOOST_TEST_MESSAGE("G_N against Richardson's differences in N, 4 times: worst relative " << worst);
  // Richardson's rounding as in the first case (1.4e-11 of ‖G‖, the rotations adding a few ε to
  // a; measured 1.2e-11): 5e-11.
  BOOST_TEST(worst <= 5e-11);
}

BOOST_AUTO_TEST_CASE(acceleration_and_gradient_together_are_each_alone) {
  // acceleration_and_gradient_N (one pass, one rotation) against acceleration_N (the pass of eq.
  // 10) and gradient_N (eq. 17), in the turning frame, alone and inside a sum of fields; the
  // acceleration to a few ε (the same sums, the rotation applied once: measured 0), the tensor bit
  // for bit (the same pass).
  const auto rotation = std::make_shared<UniformRotation>(UniformRotationConfig{7.2921150e-5, 0.4});
  SphericalHarmonicGravityConfig cfg;
  cfg.coefficients = ggm03s();
  cfg.rotation = rotation;
  const auto field = std::make_shared<SphericalHarmonicGravity>(cfg);
  const GravitySum sum({field, std::make_shared<SphericalHarmonicGravity>(inertial_field(ggm03s(), 8, 8))});
  for (const double t : {0.0, 5000.0, 43210.0}) {
    const Eigen::Vector3d r(4.1e6 + t, -5.0e6, 2.2e6 - t);
    for (const GravityModel* g :
         {static_cast<const GravityModel*>(field.get()), static_cast<const GravityModel*>(&sum)}) {
      const GravityAndGradient both = g->acceleration_and_gradient_N(r, t);
      const Eigen::Vector3d a = g->acceleration_N(r, t);
      BOOST_TEST((both.a_N - a).norm() <= 4 * kEps * a.norm());
      BOOST_TEST((both.G_N - g->gradient_N(r, t)).norm() == 0.0);
    }
  }
}

BOOST_AUTO_TEST_CASE(the_gradient_does_not_allocate) {
  SphericalHarmonicGravityConfig cfg;
  cfg.coefficients = ggm03s();
  cfg.rotation = std::make_shared<UniformRotation>();
  const SphericalHarmonicGravity field(cfg);
  const Eigen::Vector3d r(4.1e6, -3.3e6, 4.6e6);
  Eigen::Matrix3d G = field.gradient_N(r, 0.0);
  const test::Allocations n = test::count_allocations([&] {
    for (int k = 0; k < 10; ++k) G += field.gradient_N(r, 10.0 * k);
  });
  BOOST_TEST(n.news == 0);
  BOOST_TEST(n.mallocs == 0);
  BOOST_TEST(G.allFinite());
}

BOOST_AUTO_TEST_SUITE_END()
