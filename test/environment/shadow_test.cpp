// The central body's shadow (docs/environment/shadow.md, docs/verification/ENV_SRP.md): the visible
// fraction of two overlapping flat discs against a numerical quadrature of the covered area, the
// models' limiting cases, and the eclipse entry and exit times of a circular orbit against the
// closed-form half-angles of the cylindrical shadow and of the umbra and penumbra cones.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <functional>
#include <memory>
#include <numbers>
#include <utility>

#include "ramus/environment/shadow.hpp"
#include "ramus/environment/solar_radiation_pressure.hpp"
#include "support/allocation_counter.hpp"

using namespace ramus;

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kEarthRadius = 6378136.3;  ///< [m]
constexpr double kMu = 3.986004415e14;      ///< [m³/s²] only to give the orbit a realistic rate

/// The Sun held at one position (a test ephemeris).
class FixedSun final : public Ephemeris {
 public:
  explicit FixedSun(const Eigen::Vector3d& r) : r_(r) {}
  std::string_view kind() const override { return "fixed_sun"; }
  Eigen::Vector3d r_N(double) const override { return r_; }
  Eigen::Vector3d v_N(double) const override { return Eigen::Vector3d::Zero(); }

 private:
  Eigen::Vector3d r_;
};

/// The visible fraction of a disc of radius a at the origin covered by a disc of radius b centred at
/// (c, 0), by the midpoint rule over n vertical strips of the first disc: each strip's visible
/// height is its chord less the part of it inside the second disc. An independent algorithm for
/// docs/environment/shadow.md (5).
double quadrature_visible_fraction(double a, double b, double c, int n) {
  const double dx = 2.0 * a / n;
  double visible = 0.0;
  for (int i = 0; i < n; ++i) {
    const double x = -a + (i + 0.5) * dx;
    const double h_sun = std::sqrt(a * a - x * x);
    const double u = x - c;
    const double h_body = std::abs(u) < b ? std::sqrt(b * b - u * u) : 0.0;
    visible += 2.0 * (h_sun - std::min(h_sun, h_body)) * dx;
  }
  return visible / (kPi * a * a);
}

/// The time in [lo, hi] at which `pred` turns from false (at lo) to true (at hi), by bisection down
/// to adjacent doubles or 200 halvings.
double bisect(const std::function<bool(double)>& pred, double lo, double hi) {
  BOOST_REQUIRE(!pred(lo));
  BOOST_REQUIRE(pred(hi));
  for (int k = 0; k < 200; ++k) {
    const double mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    (pred(mid) ? hi : lo) = mid;
  }
  return 0.5 * (lo + hi);
}

/// A circular orbit of radius r in N's x–y plane, at angle n t from +x, with the Sun fixed on +x at
/// one astronomical unit: the spacecraft passes behind the Earth around n t = π.
struct EclipseOrbit {
  double r = 7.0e6;  ///< [m]
  double n() const { return std::sqrt(kMu / (r * r * r)); }
  Eigen::Vector3d r_N(double t) const { return r * Eigen::Vector3d(std::cos(n() * t), std::sin(n() * t), 0.0); }
};

SolarRadiationPressure effector(ShadowModel shadow) {
  SolarRadiationPressureConfig c;
  c.sun = std::make_shared<FixedSun>(Eigen::Vector3d(kAstronomicalUnit, 0.0, 0.0));
  c.shadow = shadow;
  c.body_radius = kEarthRadius;
  c.cannonball = SrpCannonball{1.0, 1.0, Eigen::Vector3d::Zero()};
  return SolarRadiationPressure("srp", c);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(shadow)

BOOST_AUTO_TEST_CASE(disc_overlap_matches_a_quadrature) {
  // The Sun seen from near the Earth (a = 4.65e-3 rad) behind a LEO Earth (b = 1.14 rad), and a
  // small occulting disc (b = 0.6 a, annular possible); separations across every case.
  const double a = std::asin(kSunRadius / kAstronomicalUnit);
  const double b_leo = std::asin(kEarthRadius / 7.0e6);
  struct Case {
    double a, b, c;
  };
  const Case cases[] = {
      {a, b_leo, b_leo + 0.9 * a}, {a, b_leo, b_leo + 0.3 * a},  {a, b_leo, b_leo},
      {a, b_leo, b_leo - 0.4 * a}, {a, b_leo, b_leo - 0.95 * a}, {a, 0.6 * a, 1.5 * a},
      {a, 0.6 * a, 0.5 * a},       {a, 0.6 * a, 0.2 * a},        {a, 0.6 * a, 0.0},
  };
  for (const Case& k : cases) {
    BOOST_TEST_CONTEXT("a = " << k.a << ", b = " << k.b << ", c = " << k.c) {
      const double nu = visible_disc_fraction(k.a, k.b, k.c);
      const double ref = quadrature_visible_fraction(k.a, k.b, k.c, 2'000'000);
      BOOST_TEST_MESSAGE("nu " << nu << " quadrature " << ref << " difference " << nu - ref);
      // The midpoint rule's error: O(n^-1.5) at the chords' square-root ends and O(n^-2) at the
      // circles' crossings, ~1e-9 at n = 2e6; the closed form's rounding is ~1e-11 (acos near 1).
      BOOST_TEST(std::abs(nu - ref) < 1e-8);
    }
  }
  // The limiting cases of (5) exactly: apart or touching 1, covered 0, concentric annulus 1 − b²/a².
  BOOST_TEST(visible_disc_fraction(a, b_leo, a + b_leo) == 1.0);
  BOOST_TEST(visible_disc_fraction(a, b_leo, b_leo - a) == 0.0);
  BOOST_TEST(visible_disc_fraction(a, 0.6 * a, 0.0) == 1.0 - 0.36, boost::test_tools::tolerance(1e-15));
  // Continuity across the case boundaries (the lens formula tends to each limit): 1e-6 of the
  // way inside, the fraction is within ~(1e-6)^1.5 (a lens's area ∝ depth^1.5) of the limit.
  const double eps = 1e-6 * a;
  BOOST_TEST(std::abs(visible_disc_fraction(a, b_leo, a + b_leo - eps) - 1.0) < 1e-8);
  BOOST_TEST(std::abs(visible_disc_fraction(a, b_leo, b_leo - a + eps)) < 1e-8);
  BOOST_TEST(std::abs(visible_disc_fraction(a, 0.6 * a, 0.4 * a + eps) - 0.64) < 1e-8);
}

BOOST_AUTO_TEST_CASE(flat_discs_against_the_spherical_geometry) {
  // The accuracy of taking the apparent discs as flat (docs/environment/shadow.md §4): the visible
  // fraction of the Sun's disc (uniform radiance) computed on the sphere of directions, a cap of
  // angular radius a at angle c from a cap of radius b: for each ring ψ ∈ (0, a) around the Sun's
  // centre, the azimuths within b of the body's centre are acos((cos b − cos ψ cos c)/(sin ψ sin c))/π
  // of the ring (spherical law of cosines); rings weighted by sin ψ (midpoint rule, 2e5 rings).
  const auto spherical = [](double a, double b, double c) {
    const int n = 200'000;
    double total = 0.0, visible = 0.0;
    for (int i = 0; i < n; ++i) {
      const double psi = (i + 0.5) * a / n, w = std::sin(psi);
      const double z = (std::cos(b) - std::cos(psi) * std::cos(c)) / (std::sin(psi) * std::sin(c));
      const double covered = z >= 1.0 ? 0.0 : (z <= -1.0 ? 1.0 : std::acos(z) / kPi);
      total += w;
      visible += w * (1.0 - covered);
    }
    return visible / total;
  };
  const double a = std::asin(kSunRadius / kAstronomicalUnit);
  // The largest difference is at mid-penumbra: 2.1e-4 in LEO (r = 7000 km), 2.5e-5 at GEO, from
  // the curvature of the Earth's limb across the Sun's disc (∝ a/tan b). The bounds hold it with
  // 1.5× margin; the quadrature's own error (~1e-9) is far below.
  for (const auto& [r, bound] : {std::pair{7.0e6, 3e-4}, std::pair{4.2164e7, 4e-5}}) {
    const double b = std::asin(kEarthRadius / r);
    double largest = 0.0;
    for (const double depth : {0.1, 0.3, 0.5, 0.7, 0.9}) {
      const double c = b + a - 2.0 * a * depth;
      largest = std::max(largest, std::abs(visible_disc_fraction(a, b, c) - spherical(a, b, c)));
    }
    BOOST_TEST_MESSAGE("r = " << r << " m: flat discs differ from the sphere by up to " << largest);
    BOOST_TEST(largest < bound);
  }
}

BOOST_AUTO_TEST_CASE(models_at_chosen_points) {
  const Eigen::Vector3d sun(kAstronomicalUnit, 0.0, 0.0);
  const double R = kEarthRadius;
  // Sunlit side, far side inside and outside the cylinder, inside the body.
  const Eigen::Vector3d lit(7.0e6, 0.0, 0.0), behind(-7.0e6, 1.0e6, 0.0), beside(-7.0e6, 0.0, R + 1.0),
      inside(0.0, 0.5 * R, 0.0);
  for (const ShadowModel m : {ShadowModel::none, ShadowModel::cylindrical, ShadowModel::conical}) {
    BOOST_TEST_CONTEXT(to_string(m)) {
      BOOST_TEST(illuminated_fraction(m, lit, sun, R) == 1.0);
      BOOST_TEST(illuminated_fraction(m, behind, sun, R) == (m == ShadowModel::none ? 1.0 : 0.0));
      BOOST_TEST(illuminated_fraction(m, inside, sun, R) == (m == ShadowModel::none ? 1.0 : 0.0));
    }
  }
  // Just outside the cylinder (1 m): lit in the cylindrical model; in the conical one, 1 m outside
  // the cylinder at 7e6 m behind the centre is inside the penumbra cone, which widens by
  // ~R_Sun/AU = 4.65e-3 rad (here ~3e4 m) and is outside the umbra, which narrows by as much.
  BOOST_TEST(illuminated_fraction(ShadowModel::cylindrical, beside, sun, R) == 1.0);
  const double nu = illuminated_fraction(ShadowModel::conical, beside, sun, R);
  BOOST_TEST(nu > 0.0);
  BOOST_TEST(nu < 1.0);
  // Annular: on the anti-Sun axis beyond the umbra's vertex L_u = D R/(R_Sun − R) the Earth's disc
  // lies inside the Sun's: ν = 1 − b²/a² with the apparent radii written here.
  const double L_u = kAstronomicalUnit * R / (kSunRadius - R);
  const Eigen::Vector3d far(-1.5 * L_u, 0.0, 0.0);
  const double a = std::asin(kSunRadius / (kAstronomicalUnit + 1.5 * L_u)), b = std::asin(R / (1.5 * L_u));
  // Rounding of the asin of ratios (a few ulps of b²/a² ≈ 0.4)
  BOOST_TEST(illuminated_fraction(ShadowModel::conical, far, sun, R) == 1.0 - b * b / (a * a),
             boost::test_tools::tolerance(1e-13));
  // The umbra's vertex by bisection along the axis: ν turns from 0 to > 0 at L_u (a = b there).
  const double vertex = bisect(
      [&](double x) { return illuminated_fraction(ShadowModel::conical, Eigen::Vector3d(-x, 0.0, 0.0), sun, R) > 0.0; },
      0.5 * L_u, 1.5 * L_u);
  BOOST_TEST_MESSAGE("umbra vertex " << vertex << " m, closed form " << L_u << " m");
  // a = b is met to the rounding of the two asin (a few ulps of 4.6e-3 rad ≈ 1e-18 rad), which
  // moves the crossing by ~1e-18/|d(a − b)/dx| = 1e-18/(b/L_u) ≈ 3e-7 m; 1e-3 m leaves margin.
  BOOST_TEST(std::abs(vertex - L_u) < 1e-3);
}

BOOST_AUTO_TEST_CASE(evaluation_does_not_allocate) {
  const Eigen::Vector3d sun(kAstronomicalUnit, 0.0, 0.0), r(-7.0e6, 6.37e6, 0.0);
  double sum = 0.0;
  const test::Allocations a = test::count_allocations([&] {
    for (const ShadowModel m : {ShadowModel::none, ShadowModel::cylindrical, ShadowModel::conical})
      sum += illuminated_fraction(m, r, sun, kEarthRadius);
  });
  BOOST_TEST(a.news == 0);
  if (test::counts_malloc()) BOOST_TEST(a.mallocs == 0);
  BOOST_TEST(std::isfinite(sum));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(shadow_eclipse_times)

BOOST_AUTO_TEST_CASE(cylindrical_entry_and_exit) {
  // docs/environment/shadow.md (6): the cylinder's edge at n t = π ∓ asin(R/r).
  const EclipseOrbit orbit;
  const SolarRadiationPressure srp = effector(ShadowModel::cylindrical);
  const double n = orbit.n(), half = kPi / n;
  const auto dark = [&](double t) { return srp.illuminated_fraction(orbit.r_N(t), t) == 0.0; };
  const double entry = bisect(dark, 0.0, half);
  const double exit = bisect([&](double t) { return !dark(t); }, half, 2.0 * half);
  const double beta = std::asin(kEarthRadius / orbit.r);
  BOOST_TEST_MESSAGE("cylindrical entry " << entry << " s, exit " << exit << " s; from the closed forms "
                                          << entry - (kPi - beta) / n << ", " << exit - (kPi + beta) / n << " s");
  // The edge is found to the rounding of the position (ulps of 7e6 m, ~1e-9 m, i.e. 1e-13 s at
  // 7.5 km/s) and of t (ulps of 3e3 s, 5e-13 s): 1e-9 s leaves three orders of margin.
  BOOST_TEST(std::abs(entry - (kPi - beta) / n) < 1e-9);
  BOOST_TEST(std::abs(exit - (kPi + beta) / n) < 1e-9);
}

BOOST_AUTO_TEST_CASE(conical_umbra_and_penumbra_entry_and_exit) {
  // docs/environment/shadow.md (7)–(8): penumbra from n t = π ∓ (asin(R/r) + α_p), umbra from
  // π ∓ (asin(R/r) − α_u), with sin α_p = (R_Sun + R)/D and sin α_u = (R_Sun − R)/D.
  for (const double r : {7.0e6, 4.2164e7}) {  // LEO and geostationary radius
    BOOST_TEST_CONTEXT("r = " << r << " m") {
      EclipseOrbit orbit;
      orbit.r = r;
      const SolarRadiationPressure srp = effector(ShadowModel::conical);
      const double n = orbit.n(), half = kPi / n;
      const auto nu = [&](double t) { return srp.illuminated_fraction(orbit.r_N(t), t); };
      const double pen_in = bisect([&](double t) { return nu(t) < 1.0; }, 0.0, half);
      const double umb_in = bisect([&](double t) { return nu(t) == 0.0; }, 0.0, half);
      const double umb_out = bisect([&](double t) { return nu(t) > 0.0; }, half, 2.0 * half);
      const double pen_out = bisect([&](double t) { return nu(t) == 1.0; }, half, 2.0 * half);
      const double D = kAstronomicalUnit, R = kEarthRadius;
      const double beta = std::asin(R / r);
      const double alpha_p = std::asin((kSunRadius + R) / D), alpha_u = std::asin((kSunRadius - R) / D);
      const double ref_pen = (kPi - beta - alpha_p) / n, ref_umb = (kPi - beta + alpha_u) / n;
      const double ref_umb_out = (kPi + beta - alpha_u) / n, ref_pen_out = (kPi + beta + alpha_p) / n;
      BOOST_TEST_MESSAGE("penumbra in " << pen_in - ref_pen << ", umbra in " << umb_in - ref_umb << ", umbra out "
                                        << umb_out - ref_umb_out << ", penumbra out " << pen_out - ref_pen_out
                                        << " s from the closed forms; penumbra " << umb_in - pen_in << " s");
      // The predicates ν < 1 and ν > 0 see the lens (area ∝ depth^1.5, 0.6 (δ/a)^1.5 of the Sun's
      // disc) once it passes an ulp of 1: a depth δ ≈ (1.1e-16/0.6)^(2/3) a ≈ 1.5e-13 rad, which the
      // separation c (changing at about n) crosses in 2e-9 s at GEO (n = 7.3e-5 rad/s) and 1.4e-10 s
      // in LEO; the rounding of t and of the position is below 1e-11 s. 1e-8 s: 5× that at GEO.
      BOOST_TEST(std::abs(pen_in - ref_pen) < 1e-8);
      BOOST_TEST(std::abs(umb_in - ref_umb) < 1e-8);
      BOOST_TEST(std::abs(umb_out - ref_umb_out) < 1e-8);
      BOOST_TEST(std::abs(pen_out - ref_pen_out) < 1e-8);
      // Each penumbra lasts (α_p + α_u)/n, docs/environment/shadow.md (9), the same on both sides.
      const double duration = (alpha_p + alpha_u) / n;
      BOOST_TEST_MESSAGE("penumbra duration " << umb_in - pen_in << " s, closed form " << duration << " s");
      BOOST_TEST(std::abs((umb_in - pen_in) - duration) < 2e-8);  // two edges of 1e-8 s each
      BOOST_TEST(std::abs((pen_out - umb_out) - duration) < 2e-8);
      // Through the penumbra ν falls monotonically from 1 to 0 (the covered lens only grows).
      double previous = 1.0;
      for (int k = 0; k <= 200; ++k) {
        const double value = nu(pen_in + (umb_in - pen_in) * k / 200.0);
        BOOST_TEST(value <= previous);
        previous = value;
      }
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
