// environment/central_body_gravity.hpp: point mass and J2 against closed forms and −∇U.
#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/environment/spherical_harmonic_gravity.hpp"

#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>

#include "kernel/test_support.hpp"

using namespace ramus;
using ramus::test::check_near;
using ramus::test::message_has;
namespace si = boost::units::si;

namespace {

constexpr double eps = std::numeric_limits<double>::epsilon();

units::GravitationalParameter mu_of(double mu) {
  return mu * si::meter * si::meter * si::meter / (si::second * si::second);
}

CentralBodyGravity make(double mu, double J2 = 0.0, double R = 0.0) {
  CentralBodyGravityConfig c;
  c.mu = mu_of(mu);
  c.J2 = J2;
  c.equatorial_radius = R * si::meter;
  return CentralBodyGravity(c);
}

/// −∇U by central differences with step h in each axis.
Eigen::Vector3d minus_gradient(const GravityModel& g, const Eigen::Vector3d& r, double h) {
  Eigen::Vector3d a;
  for (int i = 0; i < 3; ++i) {
    const Eigen::Vector3d e = h * Eigen::Vector3d::Unit(i);
    a[i] = -(g.potential(r + e, 0.0) - g.potential(r - e, 0.0)) / (2.0 * h);
  }
  return a;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(central_body_gravity)

BOOST_AUTO_TEST_CASE(point_mass_is_inverse_square) {
  const double mu = 3.986004415e14;
  const CentralBodyGravity g = make(mu);
  BOOST_TEST(g.kind() == "point_mass_gravity");
  for (int n = 0; n < 20; ++n) {
    const Eigen::Vector3d r = test::random_vector(1e7) + Eigen::Vector3d(7e6, 0.0, 0.0);
    const double rn = r.norm();
    const Eigen::Vector3d a_ref = -mu * r / (rn * rn * rn);
    // Same formula, other operation order: a few ulps of |a|.
    check_near(g.acceleration_N(r, 0.0), a_ref, 16 * eps * a_ref.norm(), "a");
    BOOST_TEST(g.potential(r, 0.0) == -mu / rn, boost::test_tools::tolerance(4 * eps));
  }
}

BOOST_AUTO_TEST_CASE(j2_acceleration_is_minus_gradient_of_potential_scaled) {
  // A strongly oblate body in scaled units (μ = 1, R = 1, J2 = 0.1) so the J2 term is ~10% of g.
  const CentralBodyGravity g = make(1.0, 0.1, 1.0);
  BOOST_TEST(g.kind() == "j2_gravity");
  const double h = 1e-5;
  for (int n = 0; n < 50; ++n) {
    Eigen::Vector3d r = test::random_vector(3.0);
    if (r.norm() < 1.2) r *= 1.2 / r.norm();  // outside the reference sphere
    // Truncation h²/6·|∂³U| with |∂³U| ≲ 6/r⁴ + O(J2)·60/r⁶ ≲ 5 for r ≥ 1.2: ~1e-10; round-off
    // ulp(|U| ≲ 1)/h ≈ 2e-11. 1e-9 is 10× their sum, while the J2 term itself is ≳ 1e-2.
    check_near(g.acceleration_N(r, 0.0), minus_gradient(g, r, h), 1e-9, "a vs -grad U");
  }
}

BOOST_AUTO_TEST_CASE(j2_acceleration_is_minus_gradient_of_potential_earth) {
  const CentralBodyGravity g = CentralBodyGravity::earth(true);
  const double h = 50.0;  // [m]
  for (int n = 0; n < 20; ++n) {
    const Eigen::Vector3d r = (7.0e6 + test::uniform(0.0, 3e6)) * test::random_vector().normalized();
    // |U| ≈ 5.7e7 J/kg: round-off ulp(U)/h ≈ 1.5e-10 m/s²; truncation h²/6 · 6μ/r⁴ ≈ 4e-10 m/s².
    // 1e-8 m/s² is ~15× that; the J2 acceleration is ~1e-2 m/s², so its error is seen to 1e-6.
    check_near(g.acceleration_N(r, 0.0), minus_gradient(g, r, h), 1e-8, "a vs -grad U");
  }
}

BOOST_AUTO_TEST_CASE(j2_on_the_equator_and_the_pole) {
  const double mu = 3.986004415e14, J2 = 1.08262668e-3, R = 6378136.3, r = 7.0e6;
  const CentralBodyGravity g = make(mu, J2, R);
  const double k = mu * J2 * R * R / (r * r * r * r);  // [m/s²]
  // Hand formulas from U = −μ/r + μ J2 R² (3z² − r²)/(2r⁵):
  // equator (z = 0): U = −μ/r − μJ2R²/(2r³), a_radial = −μ/r² − 3/2 k;
  // pole (x = y = 0): U = −μ/r + μJ2R²/r³, a_radial = −μ/r² + 3 k.
  const Eigen::Vector3d a_eq = g.acceleration_N({r, 0.0, 0.0}, 0.0);
  const Eigen::Vector3d a_pole = g.acceleration_N({0.0, 0.0, r}, 0.0);
  // A handful of roundings on each side: 8 ulps relative.
  BOOST_TEST(a_eq.x() == -mu / (r * r) - 1.5 * k, boost::test_tools::tolerance(8 * eps));
  BOOST_TEST(a_eq.y() == 0.0);
  BOOST_TEST(a_eq.z() == 0.0);
  BOOST_TEST(a_pole.z() == -mu / (r * r) + 3.0 * k, boost::test_tools::tolerance(8 * eps));
  BOOST_TEST(a_pole.x() == 0.0);
  BOOST_TEST(a_pole.y() == 0.0);
  BOOST_TEST(g.potential({r, 0.0, 0.0}, 0.0) == -mu / r - mu * J2 * R * R / (2.0 * r * r * r),
             boost::test_tools::tolerance(8 * eps));
  BOOST_TEST(g.potential({0.0, 0.0, r}, 0.0) == -mu / r + mu * J2 * R * R / (r * r * r),
             boost::test_tools::tolerance(8 * eps));
  // The same on the negative axes and on the y axis (symmetry of the zonal field).
  BOOST_TEST(g.acceleration_N({0.0, -r, 0.0}, 0.0).y() == mu / (r * r) + 1.5 * k,
             boost::test_tools::tolerance(8 * eps));
  BOOST_TEST(g.acceleration_N({0.0, 0.0, -r}, 0.0).z() == mu / (r * r) - 3.0 * k,
             boost::test_tools::tolerance(8 * eps));
}

BOOST_AUTO_TEST_CASE(j2_gradient_in_closed_form) {
  // eq. (5) against two other algorithms: the spherical-harmonic series with the single zonal
  // C̄20 = −J2/√5 (its own closed-form Hessian of the Clenshaw recursion, fixed in N), and central
  // differences of the acceleration (3). Also symmetric and traceless (Laplace outside the body).
  const double mu = 3.986004415e14, J2 = 1.08262668e-3, R = 6378136.3;
  const CentralBodyGravity g = make(mu, J2, R);
  SphericalHarmonicGravityConfig c;
  c.coefficients.reference_radius = R;
  c.coefficients.mu = mu;
  c.coefficients.max_degree = c.coefficients.max_order = 2;
  c.coefficients.C.assign(GravityFieldCoefficients::index(2, 2) + 1, 0.0);
  c.coefficients.S = c.coefficients.C;
  c.coefficients.C[0] = 1.0;
  c.coefficients.C[GravityFieldCoefficients::index(2, 0)] = -J2 / std::sqrt(5.0);
  c.fixed_in_N = true;
  const SphericalHarmonicGravity series(c);
  for (int n = 0; n < 20; ++n) {
    const Eigen::Vector3d r = test::random_vector(7.0e6) + Eigen::Vector3d(0.0, 0.0, n % 2 ? 7.0e6 : -7.0e6);
    const Eigen::Matrix3d G = g.gradient_N(r, 0.0);
    const double scale = mu / std::pow(r.norm(), 3);  // [1/s²] the point mass's gradient
    // Two closed forms of one field: a few ε of the central term (measured 1e-16 relative).
    check_near(G, series.gradient_N(r, 0.0), 64 * eps * scale, "G vs the series");
    // The J2 term alone, against differences of a_J2 (step 1e-3 |r|: truncation h² |∂³a|/6 ≈ 1e-6
    // of the J2 term, rounding ε |a| / h ≈ 1e-13 of the central term).
    const double h = 1e-3 * r.norm();
    const CentralBodyGravity point = make(mu);
    Eigen::Matrix3d D;
    for (int j = 0; j < 3; ++j) {
      const Eigen::Vector3d e = h * Eigen::Vector3d::Unit(j);
      D.col(j) = ((g.acceleration_N(r + e, 0.0) - point.acceleration_N(r + e, 0.0)) -
                  (g.acceleration_N(r - e, 0.0) - point.acceleration_N(r - e, 0.0))) /
                 (2.0 * h);
    }
    const Eigen::Matrix3d G_J2 = G - point.gradient_N(r, 0.0);
    check_near(G_J2, D, 1e-5 * G_J2.norm(), "the J2 term vs differences");
    BOOST_TEST((G - G.transpose()).norm() <= 4 * eps * scale);  // (c r_i) r_j against (c r_j) r_i: an ulp
    BOOST_TEST(std::abs(G.trace()) <= 16 * eps * scale);        // the trace cancels to round-off
  }
}

BOOST_AUTO_TEST_CASE(earth_constants) {
  BOOST_TEST(CentralBodyGravity::earth().mu() == 3.986004415e14);
  BOOST_TEST(CentralBodyGravity::earth().kind() == "point_mass_gravity");
  const CentralBodyGravity e = CentralBodyGravity::earth(true);
  BOOST_TEST(e.mu() == 3.986004415e14);
  BOOST_TEST(e.kind() == "j2_gravity");
  // J2 = 1.08262668e-3 and R = 6378136.3 m, as documented: the pole value by hand.
  const double mu = 3.986004415e14, R = 6378136.3, r = 6.8e6;
  BOOST_TEST(
      e.acceleration_N({0.0, 0.0, r}, 0.0).z() == -mu / (r * r) + 3.0 * mu * 1.08262668e-3 * R * R / std::pow(r, 4),
      boost::test_tools::tolerance(8 * eps));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(central_body_gravity_errors)

BOOST_AUTO_TEST_CASE(mu_must_be_positive_and_finite) {
  for (const double mu : {0.0, -1.0, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()})
    BOOST_CHECK_EXCEPTION(make(mu), ConfigurationError, message_has("mu"));
}

BOOST_AUTO_TEST_CASE(j2_must_be_finite) {
  for (const double J2 : {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()})
    BOOST_CHECK_EXCEPTION(make(1.0, J2, 1.0), ConfigurationError, message_has("J2"));
}

BOOST_AUTO_TEST_CASE(j2_needs_a_positive_radius) {
  BOOST_CHECK_EXCEPTION(make(1.0, 1e-3, 0.0), ConfigurationError, message_has("equatorial_radius"));
  BOOST_CHECK_EXCEPTION(make(1.0, 1e-3, -1.0), ConfigurationError, message_has("equatorial_radius"));
  BOOST_CHECK_EXCEPTION(make(1.0, 1e-3, std::numeric_limits<double>::quiet_NaN()), ConfigurationError,
                        message_has("equatorial_radius"));
  BOOST_CHECK_EXCEPTION(make(1.0, 0.0, -1.0), ConfigurationError, message_has("equatorial_radius"));
  BOOST_CHECK_NO_THROW(make(1.0, 0.0, 0.0));  // a point mass needs no radius
}

BOOST_AUTO_TEST_SUITE_END()
