// An independent-algorithm reference for the spherical-harmonic sums: GeographicLib (Karney), whose
// SphericalHarmonic runs Clenshaw summation over both the degree and the order (SphericalEngine)
// where ramus's gravity sums the degree by Clenshaw for each order over the Holmes–Featherstone
// recursion (docs/environment/spherical_harmonic_gravity.md) and ramus's World Magnetic Model uses
// Cunningham's Cartesian recursions (docs/environment/magnetic_field.md §2). The same coefficients
// at 100 random points: GGM03S's potential and acceleration at degrees 8, 20 and 60, and the WMM
// field at degree 12. Compiled only when CMake finds GeographicLib (test/environment/CMakeLists.txt).
//
// The conventions between the two, each checked here by the agreement to round-off:
// - GeographicLib sums V = Σ (a/r)^(n+1) Σ P̄nm(cos θ) (Cnm cos mλ + Snm sin mλ) with the fully
//   normalized P̄nm of geodesy (its FULL: no Condon–Shortley phase) or the Schmidt semi-normalized
//   ones (SCHMIDT). ramus's U = −μ/r Σ (R/r)^n P̄nm (…) is −(μ/R) V with a = R, so its acceleration
//   −∇U is (μ/R) ∇V; the WMM's potential is a V with Schmidt functions and B = −a ∇V.
// - GeographicLib's coefficients are "column-major" by order, C at m N − m (m − 1)/2 + n, and S
//   without its m = 0 column (S11 first).
// - Both take geocentric Cartesian coordinates of the body frame: no geodetic latitude enters.
#include <GeographicLib/SphericalHarmonic.hpp>
#include <GeographicLib/SphericalHarmonic1.hpp>
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <cstddef>
#include <random>
#include <string>
#include <vector>

#include "ramus/environment/gravity_field_file.hpp"
#include "ramus/environment/spherical_harmonic_gravity.hpp"
#include "ramus/environment/world_magnetic_model.hpp"

using namespace ramus;

namespace {

constexpr double kEps = 2.220446049250313e-16;  ///< double's machine epsilon
constexpr int kPoints = 100;

std::string data_path(const std::string& name) { return std::string(RAMUS_DATA_DIR) + "/" + name; }

/// A triangle in GeographicLib's column-major layout, from a coefficient function (n, m).
struct ColumnMajor {
  std::vector<double> C, S;
};
template <class CoefficientC, class CoefficientS>
ColumnMajor column_major(int N, const CoefficientC& c, const CoefficientS& s) {
  ColumnMajor out;
  for (int m = 0; m <= N; ++m)
    for (int n = m; n <= N; ++n) {
      out.C.push_back(c(n, m));
      if (m > 0) out.S.push_back(s(n, m));
    }
  return out;
}

/// kPoints points from 200 km above the Earth's surface to the geostationary radius, uniform in
/// direction; the first two on the polar axis (±z) and the next two within 1e-9 rad of it, where a
/// longitude is undefined and both sums take their special paths.
std::vector<Eigen::Vector3d> random_points(unsigned seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  std::uniform_real_distribution<double> radius(6.578e6, 4.2164e7);
  std::vector<Eigen::Vector3d> points;
  for (const double sign : {1.0, -1.0}) points.push_back(Eigen::Vector3d(0.0, 0.0, sign * 7.0e6));
  for (const double sign : {1.0, -1.0}) points.push_back(7.0e6 * Eigen::Vector3d(1e-9, -0.5e-9, sign).normalized());
  while (points.size() < kPoints) {
    Eigen::Vector3d u(normal(rng), normal(rng), normal(rng));
    points.push_back(radius(rng) * u.normalized());
  }
  return points;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(geographiclib_crosscheck)

BOOST_AUTO_TEST_CASE(ggm03s_potential_and_acceleration_at_degrees_8_20_60) {
  // ramus sums the full file truncated by its configuration's degree; GeographicLib by its
  // subset constructor (layout N = 60, sums to nmx = mmx = degree): each library's own truncation.
  const GravityFieldCoefficients k = read_gravity_field_text(data_path("GGM03S-deg60.txt"));
  BOOST_REQUIRE(k.max_degree == 60 && k.max_order == 60);
  const ColumnMajor cm = column_major(
      60, [&](int n, int m) { return k.c(n, m); }, [&](int n, int m) { return k.s(n, m); });
  const double R = k.reference_radius, scale = k.mu / R;
  const std::vector<Eigen::Vector3d> points = random_points(20250601);
  for (const int degree : {8, 20, 60}) {
    SphericalHarmonicGravityConfig config;
    config.coefficients = k;
    config.degree = degree;
    config.fixed_in_N = true;
    const SphericalHarmonicGravity ramus(config);
    const GeographicLib::SphericalHarmonic geographiclib(cm.C, cm.S, 60, degree, degree, R,
                                                         GeographicLib::SphericalHarmonic::FULL);
    double worst_U = 0.0, worst_a = 0.0;
    for (const Eigen::Vector3d& r : points) {
      double gx = 0.0, gy = 0.0, gz = 0.0;
      const double V = geographiclib(r.x(), r.y(), r.z(), gx, gy, gz);
      const double U = -scale * V;
      const Eigen::Vector3d a = scale * Eigen::Vector3d(gx, gy, gz);
      const double U_ramus = ramus.potential_P(r);
      const Eigen::Vector3d a_ramus = ramus.acceleration_P(r);
      worst_U = std::max(worst_U, std::abs(U_ramus - U) / std::abs(U));
      worst_a = std::max(worst_a, (a_ramus - a).norm() / a.norm());
    }
    BOOST_TEST_MESSAGE("degree " << degree << ": largest relative difference of U " << worst_U / kEps << " eps, of a "
                                 << worst_a / kEps << " eps");
    // Both values are dominated by the point mass (the degree-2 part is 1e-3 of it in LEO, the
    // rest smaller), so each is the leading term with a few roundings from the two sums. These 100
    // points reach 3.9ε for U and 7.3ε for a (degree 60, spread over the points, none at the
    // poles in particular); 5 000 points reach 6.8ε and 12.4ε. 16ε and 32ε (3.6e-15, 7.1e-15)
    // double the latter, so that another standard library's random sequence passes too. A
    // convention error (a sign, μ/r against 1/r, the m = 0 sine terms, a C/S or n/m swap) shows at
    // 1e-3 (degree 2) down to ~1e-9 (degree 60 in LEO).
    BOOST_TEST(worst_U < 16.0 * kEps);
    BOOST_TEST(worst_a < 32.0 * kEps);
  }
}

BOOST_AUTO_TEST_CASE(wmm2025_field_at_degree_12) {
  // ramus's model and GeographicLib's MagneticModel engine with the same Gauss coefficients
  // (GeographicLib's own WMM data files are not used): SphericalHarmonic1 sums g + τ ġ, h + τ ḣ in
  // one pass, and MagneticModel (2.1.2) sums the main field and the secular variation as two
  // SphericalHarmonic, added at τ; τ = years from the coefficients' epoch. [nT] → [T]: 1e-9.
  WorldMagneticModelConfig config;
  config.path = data_path("WMM2025.COF");
  const WorldMagneticModel ramus(config);
  const GaussCoefficients& g = ramus.coefficients();
  const int N = ramus.degree();
  BOOST_REQUIRE(N == 12);
  const auto at = [](int n, int m) { return static_cast<std::size_t>(GaussCoefficients::index(n, m)); };
  const ColumnMajor main = column_major(
      N, [&](int n, int m) { return 1e-9 * g.g[at(n, m)]; }, [&](int n, int m) { return 1e-9 * g.h[at(n, m)]; });
  const ColumnMajor rate = column_major(
      N, [&](int n, int m) { return 1e-9 * g.g_dot[at(n, m)]; },
      [&](int n, int m) { return 1e-9 * g.h_dot[at(n, m)]; });
  const double a = config.reference_radius;
  const GeographicLib::SphericalHarmonic1 one_pass(main.C, main.S, N, rate.C, rate.S, N, a,
                                                   GeographicLib::SphericalHarmonic1::SCHMIDT);
  const GeographicLib::SphericalHarmonic main_sum(main.C, main.S, N, a, GeographicLib::SphericalHarmonic::SCHMIDT),
      rate_sum(rate.C, rate.S, N, a, GeographicLib::SphericalHarmonic::SCHMIDT);

  std::mt19937_64 rng(2025);
  std::uniform_real_distribution<double> year(2025.0, 2030.0);
  double worst_B = 0.0, worst_V = 0.0, worst_two = 0.0;
  for (const Eigen::Vector3d& r : random_points(12)) {
    const double t = year(rng), tau = t - g.epoch;
    double gx = 0.0, gy = 0.0, gz = 0.0;
    const double V = a * one_pass(tau, r.x(), r.y(), r.z(), gx, gy, gz);
    const Eigen::Vector3d B = -a * Eigen::Vector3d(gx, gy, gz);
    double mx = 0.0, my = 0.0, mz = 0.0, rx = 0.0, ry = 0.0, rz = 0.0;
    main_sum(r.x(), r.y(), r.z(), mx, my, mz);
    rate_sum(r.x(), r.y(), r.z(), rx, ry, rz);
    const Eigen::Vector3d B_two = -a * (Eigen::Vector3d(mx, my, mz) + tau * Eigen::Vector3d(rx, ry, rz));
    const Eigen::Vector3d B_ramus = ramus.B_P(r, t);
    worst_B = std::max(worst_B, (B_ramus - B).norm() / B.norm());
    worst_two = std::max(worst_two, (B_ramus - B_two).norm() / B_two.norm());
    // V vanishes near the magnetic equator: its difference is measured against r |B|, the
    // potential's scale (the dipole's V = r B_r / 2 in size).
    worst_V = std::max(worst_V, std::abs(ramus.potential_P(r, t) - V) / (r.norm() * B.norm()));
  }
  BOOST_TEST_MESSAGE("WMM2025 degree 12: largest relative difference of B "
                     << worst_B / kEps << " eps (two sums: " << worst_two / kEps << " eps), of V " << worst_V / kEps
                     << " eps of r |B|");
  // The dipole carries 90 % of the field at the surface and more above it; the rest are terms of
  // comparable size, each rounded a few times, and ramus's Cunningham recursion grows V_nm by
  // factors up to 2n − 1 before the unnormalized coefficients k_nm g_nm scale them back. These 100
  // points reach 5.9ε for B (either GeographicLib path) and 2.5ε of r |B| for V; 5 000 points
  // reach 10ε and 4.1ε. 32ε and 16ε (7.1e-15, 3.6e-15) leave a factor of three; a convention
  // error (the Schmidt factors, the sign of B, a/r against 1/r, nT against T) is ≥ 1e-4 of the field.
  BOOST_TEST(worst_B < 32.0 * kEps);
  BOOST_TEST(worst_two < 32.0 * kEps);
  BOOST_TEST(worst_V < 16.0 * kEps);
}

BOOST_AUTO_TEST_SUITE_END()
