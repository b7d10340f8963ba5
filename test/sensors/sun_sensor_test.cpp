// The sun sensor (sensors/src/sun_sensor.cpp, docs/sensors/sun_sensor.md): the field of view and
// the noiseless direction (unit); the statistics of its error angle and its unit length
// (statistical).
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/random_stream.hpp"
#include "ramus/sensors/sun_sensor.hpp"
#include "sensors/statistics.hpp"

namespace {

using namespace ramus;

constexpr std::uint64_t kSeed = 1357;
constexpr double kDeg = std::numbers::pi / 180.0;

/// A uniformly distributed random attitude (Shoemake's subgroup algorithm).
Quaternion random_attitude(RandomStream& s) {
  const double u1 = s.uniform(), u2 = 2.0 * std::numbers::pi * s.uniform(), u3 = 2.0 * std::numbers::pi * s.uniform();
  const double a = std::sqrt(1.0 - u1), b = std::sqrt(u1);
  return Quaternion(a * std::cos(u2), a * std::sin(u2), b * std::cos(u3), b * std::sin(u3));
}

/// The sun along N's x axis, boresight along B's z axis, 30° half cone.
SunSensorConfig css_config(double sigma) {
  SunSensorConfig c;
  c.sun_direction_N = Eigen::Vector3d::UnitX();
  c.boresight_B = Eigen::Vector3d::UnitZ();
  c.half_cone = 30.0 * kDeg;
  c.noise_sigma = sigma;
  return c;
}

/// The attitude q_BN that puts the sun (N's x axis) at `angle` from B's z axis: R(q_BN) = dcm_NB is
/// the rotation by π/2 + angle about y, so B's z axis in N is (cos angle, 0, −sin angle).
Quaternion sun_at(double angle) {
  return quat_from_axis_angle(Eigen::Vector3d::UnitY(), std::numbers::pi / 2.0 + angle);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(sun_sensor)

BOOST_AUTO_TEST_CASE(field_of_view_is_decided_on_the_true_direction) {
  // eq. (2): just inside the 30° cone a measurement, just outside none — with noise 0.1 rad (far
  // larger than the 1e-6 rad margin) too, since the truth decides, not the noisy direction.
  for (const double sigma : {0.0, 0.1}) {
    SunSensor css("css", css_config(sigma), {kSeed, 0});
    for (int k = 0; k < 50; ++k) {
      BOOST_TEST(css.measure(sun_at(30.0 * kDeg - 1e-6)).has_value());
      BOOST_TEST(!css.measure(sun_at(30.0 * kDeg + 1e-6)).has_value());
      BOOST_TEST(!css.measure(sun_at(150.0 * kDeg)).has_value());
      BOOST_TEST(css.measure(sun_at(0.0)).has_value());
    }
  }
  // The sun direction in B, by the attitude the helper builds: at `angle` from z_B.
  const Eigen::Vector3d s_B = rotation_matrix(sun_at(0.3)).transpose() * Eigen::Vector3d::UnitX();
  BOOST_TEST(std::abs(std::acos(s_B.z()) - 0.3) <= 1e-12);  // acos near 0.3 rad: well conditioned
  // half_cone = π sees the whole sphere, even the sun straight behind the boresight.
  SunSensorConfig all = css_config(0.0);
  all.half_cone = std::numbers::pi;
  SunSensor wide("wide", all, {kSeed, 0});
  BOOST_TEST(wide.measure(sun_at(std::numbers::pi)).has_value());
}

BOOST_AUTO_TEST_CASE(noiseless_output_is_the_true_direction) {
  // eq. (1) with σ = 0: ŝ_B = dcm_BN ŝ_N, here by an independent route (the MRP's dcm); also with
  // the sun direction given per call.
  SunSensorConfig c = css_config(0.0);
  c.half_cone = std::numbers::pi;
  SunSensor css("css", c, {kSeed, 0});
  RandomStream draws(8, 8, 8);
  for (int k = 0; k < 50; ++k) {
    const Quaternion q_BN = random_attitude(draws);
    const Eigen::Vector3d expected = dcm_from_mrp(mrp_from_quat(q_BN)) * Eigen::Vector3d::UnitX();
    const auto y = css.measure(q_BN);
    BOOST_TEST_REQUIRE(y.has_value());
    BOOST_TEST((*y - expected).norm() <= 1e-14);  // two routes to one dcm: round-off of a few products
    const Eigen::Vector3d sun = Eigen::Vector3d(1.0, -2.0, 2.0) / 3.0;
    const auto z = css.measure(q_BN, sun);
    BOOST_TEST_REQUIRE(z.has_value());
    BOOST_TEST((*z - dcm_from_mrp(mrp_from_quat(q_BN)) * sun).norm() <= 1e-14);
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(sun_sensor_statistics)

BOOST_AUTO_TEST_CASE(error_angle_statistics_and_unit_length) {
  // eqs. (3)–(5): the error is a rotation of angle |e| with e = σ (w1 ê1 + w2 ê2) in the plane
  // ⊥ ŝ, so (a) |e|²/σ² is χ²(2): Σ θ² / (2 n σ²) within the χ²(2n) bounds; (b) in any
  // orthonormal pair of that plane — here one built by the test, not the model's — each tangent
  // component of the error has variance σ², the pair uncorrelated; (c) the output is a unit vector
  // to round-off (4 ulps). 5000 random attitudes, the whole sphere in view.
  SunSensorConfig c = css_config(5e-3);  // [rad] 0.29°: a coarse sun sensor
  c.half_cone = std::numbers::pi;
  SunSensor css("css", c, {kSeed, 1});
  RandomStream draws(2, 4, 6);
  const int n = 5000;
  std::vector<double> theta, u, v;
  double uv = 0.0, worst_norm = 0.0;
  for (int k = 0; k < n; ++k) {
    const Quaternion q_BN = random_attitude(draws);
    const Eigen::Vector3d s = rotation_matrix(q_BN).transpose() * c.sun_direction_N;
    const auto y = css.measure(q_BN);
    BOOST_TEST_REQUIRE(y.has_value());
    worst_norm = std::max(worst_norm, std::abs(y->norm() - 1.0));
    const double angle = std::atan2(s.cross(*y).norm(), s.dot(*y));
    theta.push_back(angle);
    // The test's tangent pair: from the axis most aligned with ŝ (the model uses the least).
    Eigen::Index j = 0;
    s.cwiseAbs().maxCoeff(&j);
    const Eigen::Vector3d a = s.cross(Eigen::Vector3d::Unit((j + 1) % 3)).normalized(), b = s.cross(a);
    const Eigen::Vector3d t = *y - s.dot(*y) * s;                  // tangent part, of length sin θ
    const double scale = t.norm() > 0.0 ? angle / t.norm() : 0.0;  // back to the angle: components of e
    u.push_back(scale * a.dot(t));
    v.push_back(scale * b.dot(t));
    uv += u.back() * v.back();
  }
  BOOST_TEST_MESSAGE("worst | |ŝ| − 1 | = " << worst_norm);
  BOOST_TEST(worst_norm <= 4.0 * 2.2e-16);
  const double s2 = c.noise_sigma * c.noise_sigma;
  const double r_theta = test::mean_square(theta) / (2.0 * s2);
  BOOST_TEST_MESSAGE("Σθ²/(2nσ²) = " << r_theta);
  BOOST_TEST(test::variance_ratio_bounds(2.0 * n).contains(r_theta));
  const test::Interval bounds = test::variance_ratio_bounds(n);
  BOOST_TEST(bounds.contains(test::mean_square(u) / s2));
  BOOST_TEST(bounds.contains(test::mean_square(v) / s2));
  BOOST_TEST(std::abs(test::moments(u).mean) <= test::mean_bound(n) * c.noise_sigma);
  BOOST_TEST(std::abs(test::moments(v).mean) <= test::mean_bound(n) * c.noise_sigma);
  BOOST_TEST(std::abs(uv / n / s2) <= test::mean_bound(n));  // correlation of the pair
}

BOOST_AUTO_TEST_SUITE_END()
