// Third-body gravity (docs/environment/third_body_gravity.md): Battin's form against the direct
// difference evaluated in long double, the tidal closed form in the limit of a distant body, the
// potential's and the gradient's consistency with the acceleration, and the sum of fields.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <memory>
#include <random>

#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/environment/ephemeris.hpp"
#include "ramus/environment/third_body_gravity.hpp"
#include "ramus/kernel/error.hpp"
#include "support/allocation_counter.hpp"

namespace tt = boost::test_tools;
using namespace ramus;

namespace {

/// A body fixed at s [m] in N (a two-row table at constant position).
std::shared_ptr<const Ephemeris> fixed_body(const Eigen::Vector3d& s) {
  return std::make_shared<TabulatedEphemeris>(
      "fixed", std::vector<double>{-1e9, 1e9}, std::vector<Eigen::Vector3d>{s, s},
      std::vector<Eigen::Vector3d>{Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero()});
}

ThirdBodyGravity body_at(const Eigen::Vector3d& s, double mu = ThirdBodyGravity::kMuMoon) {
  return ThirdBodyGravity({"body", mu, fixed_body(s)});
}

}  // namespace

BOOST_AUTO_TEST_SUITE(third_body_gravity)

BOOST_AUTO_TEST_CASE(battin_form_matches_the_direct_difference_in_extended_precision) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  double worst = 0.0;
  for (int k = 0; k < 50; ++k) {
    const Eigen::Vector3d r = 7e6 * Eigen::Vector3d(u(rng), u(rng), u(rng));
    const Eigen::Vector3d s = 3.8e8 * Eigen::Vector3d(u(rng), u(rng), u(rng)).normalized();
    const Eigen::Vector3d a = body_at(s).acceleration_N(r, 0.0);
    // μ [(s − r)/|s − r|³ − s/|s|³] in long double (64-bit mantissa: the cancellation of two
    // terms 3e3 times the result leaves ~1e-16 relative).
    Eigen::Matrix<long double, 3, 1> rl = r.cast<long double>(), sl = s.cast<long double>();
    const Eigen::Matrix<long double, 3, 1> d = sl - rl;
    const long double dn = d.norm(), sn = sl.norm();
    const Eigen::Matrix<long double, 3, 1> ref =
        (long double)ThirdBodyGravity::kMuMoon * (d / (dn * dn * dn) - sl / (sn * sn * sn));
    worst = std::max(worst, double((a.cast<long double>() - ref).norm() / ref.norm()));
  }
  BOOST_TEST_MESSAGE("third body: Battin vs long-double difference, worst relative " << worst);
  BOOST_TEST(worst <= 1e-14);  // Battin's form has no cancellation: a few ulps of double
}

BOOST_AUTO_TEST_CASE(distant_body_gives_the_tidal_closed_form) {
  // a → μ/|s|³ (3 ŝ (ŝ·r) − r) as |r|/|s| → 0, with a relative error O(|r|/|s|) (eq. 6).
  const Eigen::Vector3d r(6.0e6, -2.0e6, 3.0e6), shat = Eigen::Vector3d(0.3, 0.9, -0.2).normalized();
  double previous = 1.0;
  for (const double ratio : {1e-2, 1e-3, 1e-4, 1e-5}) {
    const double sn = r.norm() / ratio;
    const Eigen::Vector3d tidal = ThirdBodyGravity::kMuSun / (sn * sn * sn) * (3.0 * shat * shat.dot(r) - r);
    const double e =
        (body_at(sn * shat, ThirdBodyGravity::kMuSun).acceleration_N(r, 0.0) - tidal).norm() / tidal.norm();
    BOOST_TEST_MESSAGE("|r|/|s| = " << ratio << ": relative difference from the tidal form " << e);
    BOOST_TEST(e <= 3.0 * ratio);  // the next term of the expansion is (|r|/|s|) times a factor ≤ 3/2·…
    BOOST_TEST(e <= previous);
    previous = e;
  }
}

BOOST_AUTO_TEST_CASE(potential_and_gradient_are_consistent_with_the_acceleration) {
  const ThirdBodyGravity moon = body_at(Eigen::Vector3d(2.0e8, 3.0e8, 0.5e8));
  const Eigen::Vector3d r(6.8e6, 1.0e6, -2.0e6);
  const double h = 10.0;
  Eigen::Vector3d minus_grad;
  Eigen::Matrix3d G_fd;
  for (int j = 0; j < 3; ++j) {
    Eigen::Vector3d e = Eigen::Vector3d::Zero();
    e[j] = h;
    minus_grad[j] = -(moon.potential(r + e, 0.0) - moon.potential(r - e, 0.0)) / (2.0 * h);
    G_fd.col(j) = (moon.acceleration_N(r + e, 0.0) - moon.acceleration_N(r - e, 0.0)) / (2.0 * h);
  }
  const Eigen::Vector3d a = moon.acceleration_N(r, 0.0);
  // Central differences at h = 10 m: truncation h²/|s−r|² ~ 1e-15 relative; rounding of U
  // (~1e-16 × |U| ~ 1e-16 × 20 J/kg) over 2h is ~1e-16 m/s², against |a| ~ 7e-7 m/s²: 1e-6.
  BOOST_TEST((minus_grad - a).norm() <= 1e-6 * a.norm());
  BOOST_TEST((G_fd - moon.gradient_N(r, 0.0)).norm() <= 1e-6 * moon.gradient_N(r, 0.0).norm());
  BOOST_TEST(moon.potential(Eigen::Vector3d::Zero(), 0.0) == 0.0);
}

BOOST_AUTO_TEST_CASE(a_sum_of_fields_adds_them) {
  const auto earth = std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth(true));
  const auto moon = std::make_shared<ThirdBodyGravity>(body_at(Eigen::Vector3d(3.8e8, 0.0, 0.0)));
  const GravitySum sum({earth, moon});
  const Eigen::Vector3d r(7.0e6, 1.0e5, 2.0e5);
  BOOST_TEST((sum.acceleration_N(r, 0.0) - (earth->acceleration_N(r, 0.0) + moon->acceleration_N(r, 0.0))).norm() ==
             0.0);
  BOOST_TEST(sum.potential(r, 0.0) == earth->potential(r, 0.0) + moon->potential(r, 0.0));
  Eigen::Vector3d a = Eigen::Vector3d::Zero();
  const test::Allocations n = test::count_allocations([&] {
    for (int k = 0; k < 10; ++k) a += sum.acceleration_N(r, 10.0 * k) + moon->gradient_N(r, 10.0 * k) * r;
  });
  BOOST_TEST(n.news == 0);
  BOOST_TEST(n.mallocs == 0);
  BOOST_TEST(a.allFinite());
}

BOOST_AUTO_TEST_CASE(bad_parameters_are_refused) {
  BOOST_CHECK_EXCEPTION(ThirdBodyGravity({"moon", -1.0, fixed_body(Eigen::Vector3d::UnitX())}), ConfigurationError,
                        [](const ConfigurationError& e) { return e.field() == "mu [m^3/s^2]"; });
  BOOST_CHECK_EXCEPTION(ThirdBodyGravity({"moon", 1.0, nullptr}), ConfigurationError, [](const ConfigurationError& e) {
    return e.owner() == "third_body_gravity 'moon'" && e.field() == "ephemeris";
  });
  BOOST_CHECK_EXCEPTION(GravitySum({}), ConfigurationError,
                        [](const ConfigurationError& e) { return e.field() == "terms"; });
}

BOOST_AUTO_TEST_SUITE_END()
