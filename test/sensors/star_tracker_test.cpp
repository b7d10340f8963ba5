// The star tracker (sensors/src/star_tracker.cpp, docs/sensors/star_tracker.md): its output
// schedule and hold, and the body attitude it implies (unit); the per-axis statistics of its
// rotation error in the sensor frame and of its boresight error (statistical).
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/random_stream.hpp"
#include "ramus/sensors/star_tracker.hpp"
#include "sensors/statistics.hpp"

namespace {

using namespace ramus;

constexpr std::uint64_t kSeed = 77;

Eigen::Matrix3d skew_mounting() {
  return rotation_matrix(quat_from_axis_angle(Eigen::Vector3d(-1.0, 0.5, 2.0).normalized(), 1.1));
}

/// A uniformly distributed random attitude (Shoemake's subgroup algorithm), from the test's own
/// stream.
Quaternion random_attitude(RandomStream& s) {
  const double u1 = s.uniform(), u2 = 2.0 * std::numbers::pi * s.uniform(), u3 = 2.0 * std::numbers::pi * s.uniform();
  const double a = std::sqrt(1.0 - u1), b = std::sqrt(u1);
  return Quaternion(a * std::cos(u2), a * std::sin(u2), b * std::cos(u3), b * std::sin(u3));
}

/// The rotation vector of the unit quaternion q (angle in [0, π] about its axis).
Eigen::Vector3d rotation_vector(Quaternion q) {
  if (q[0] < 0.0) q = -q;
  const Eigen::Vector3d v = q.tail<3>();
  const double s = v.norm();
  if (s == 0.0) return Eigen::Vector3d::Zero();
  return 2.0 * std::atan2(s, q[0]) / s * v;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(star_tracker)

BOOST_AUTO_TEST_CASE(outputs_at_its_own_rate_and_holds_between) {
  // Output times t_k = 0.2 + 0.5 k (eq. 1); the caller steps by t += 0.1, whose sums miss t_k by
  // round-off on either side (1.7000000000000004 after 17 steps, 4.699999999999999 after 47: below
  // t_9 = 4.7, as are ten more of the 20) and must still hit each t_k exactly once. The attitude
  // moves at every call, so a held output differs from a fresh one of the same call.
  const StarTrackerConfig c{.period = 0.5, .phase = 0.2, .sigma_cross = 1e-5, .sigma_boresight = 1e-5};
  StarTracker st("st", c, {kSeed, 3});
  AttitudeMeasurement held;
  int fresh_count = 0;
  double t = 0.0;
  for (int n = 0; n < 100; ++n, t += 0.1) {
    const Quaternion q_BN = quat_from_axis_angle(Eigen::Vector3d(0.0, 0.6, 0.8), 0.05 * n);
    const AttitudeMeasurement& m = st.update(t, q_BN);
    const bool due = n >= 2 && (n - 2) % 5 == 0;
    BOOST_TEST(m.fresh == due, "t = " << t);
    BOOST_TEST(m.valid == (n >= 2), "t = " << t);
    if (due) {
      ++fresh_count;
      BOOST_TEST(m.t == t);
      // The fresh output measures this call's attitude: the error is the noise, |δθ| ≤ 10σ (a
      // Rayleigh tail of e^-50), while the attitude moved 0.05 rad since the last call.
      const Quaternion q_SN_true = quat_multiply(q_BN, quat_from_rotation_matrix(c.dcm_SB.transpose()));
      BOOST_TEST(attitude_error_angle(m.q_SN, q_SN_true) <= 10.0 * c.sigma_cross);
      held = m;
    } else if (m.valid) {  // held bit for bit
      BOOST_TEST(m.t == held.t);
      BOOST_TEST((m.q_SN - held.q_SN).norm() == 0.0);
      BOOST_TEST((m.sigma_BN - held.sigma_BN).norm() == 0.0);
    }
    BOOST_TEST(st.next_output_time() > t);
  }
  BOOST_TEST(fresh_count == 20);
}

BOOST_AUTO_TEST_CASE(a_late_call_takes_one_measurement_and_reschedules_after_it) {
  StarTrackerConfig c;
  c.period = 1.0;
  StarTracker st("st", c, {kSeed, 0});
  BOOST_TEST(st.update(0.0, Quaternion(1, 0, 0, 0)).fresh);
  BOOST_TEST(st.next_output_time() == 1.0);
  BOOST_TEST(st.update(5.5, Quaternion(1, 0, 0, 0)).fresh);  // t_1 … t_5 were missed: one output
  BOOST_TEST(st.next_output_time() == 6.0);
  BOOST_TEST(!st.update(5.9, Quaternion(1, 0, 0, 0)).fresh);
  st.reset({kSeed, 0});  // a new run starts from t_0 again
  BOOST_TEST(!st.last().valid);
  BOOST_TEST(st.update(0.0, Quaternion(1, 0, 0, 0)).fresh);
}

BOOST_AUTO_TEST_CASE(body_attitude_follows_through_the_mounting) {
  // Noiseless, the outputs are the truth: q_SN = q_BN ⊗ q_SB (eq. 2, built here from dcm_SB by the
  // rotation matrices rather than by the tracker's quaternion) and q_BN back through eq. (6); to
  // round-off of a few quaternion products (1e-15 rad).
  StarTrackerConfig c;
  c.period = 1.0;
  c.dcm_SB = skew_mounting();
  StarTracker st("st", c, {kSeed, 0});
  RandomStream draws(1, 2, 3);
  for (int k = 0; k < 20; ++k) {
    const Quaternion q_BN = random_attitude(draws);
    const AttitudeMeasurement& m = st.update(k, 3.0 * q_BN);  // a raw, non-unit state is accepted
    const Quaternion q_SN = quat_from_rotation_matrix(rotation_matrix(q_BN) * c.dcm_SB.transpose());
    BOOST_TEST(attitude_error_angle(m.q_SN, q_SN) <= 1e-14);
    BOOST_TEST(attitude_error_angle(m.q_BN, q_BN) <= 1e-14);
    BOOST_TEST(m.q_SN[0] >= 0.0);
    BOOST_TEST(m.sigma_BN.norm() <= 1.0 + 1e-15);
    BOOST_TEST((dcm_from_mrp(m.sigma_BN) - rotation_matrix(q_BN).transpose()).norm() <= 1e-14);
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(star_tracker_statistics)

BOOST_AUTO_TEST_CASE(rotation_error_per_sensor_axis_has_the_configured_sigma) {
  // eq. (3): the rotation from the true to the measured sensor frame, as a rotation vector in S,
  // has variance σ_cross² about S's x and y and σ_boresight² about z. The attitudes are random and
  // the mounting is skew, so an error applied in N or B axes instead of S (q_err ⊗ q_SN) would
  // mix the axes and fail. 6000 outputs; the mean square about the known zero mean against the
  // χ²(n) bounds, each component's mean against z σ/√n.
  StarTrackerConfig c;
  c.period = 0.25;
  c.dcm_SB = skew_mounting();
  c.sigma_cross = 2.4e-5;      // [rad] 5 arcsec
  c.sigma_boresight = 1.9e-4;  // [rad] 40 arcsec: boresight roll is the poor axis
  StarTracker st("st", c, {kSeed, 11});
  RandomStream draws(5, 6, 7);
  const int n = 6000;
  std::vector<double> d[3];
  std::vector<double> boresight_angle;
  for (int k = 0; k < n; ++k) {
    const Quaternion q_BN = random_attitude(draws);
    const AttitudeMeasurement& m = st.update(0.25 * k, q_BN);
    BOOST_TEST_REQUIRE(m.fresh);
    const Quaternion q_SN = quat_from_rotation_matrix(rotation_matrix(q_BN) * c.dcm_SB.transpose());
    const Eigen::Vector3d dtheta = rotation_vector(quat_multiply(quat_conjugate(q_SN), m.q_SN));
    for (int i = 0; i < 3; ++i) d[i].push_back(dtheta[i]);
    // The boresight (S's third axis) in N, true and measured: turned by the cross-axis error only.
    const Eigen::Vector3d b_true = rotation_matrix(q_SN).col(2), b_meas = rotation_matrix(m.q_SN).col(2);
    boresight_angle.push_back(std::atan2(b_true.cross(b_meas).norm(), b_true.dot(b_meas)));
  }
  const test::Interval bounds = test::variance_ratio_bounds(n);
  const double sigma[3] = {c.sigma_cross, c.sigma_cross, c.sigma_boresight};
  for (int i = 0; i < 3; ++i) {
    const double ratio = test::mean_square(d[i]) / (sigma[i] * sigma[i]);
    BOOST_TEST_MESSAGE("axis " << i << ": mean square / σ² = " << ratio << " in [" << bounds.lo << ", " << bounds.hi
                               << "]");
    BOOST_TEST(bounds.contains(ratio));
    BOOST_TEST(std::abs(test::moments(d[i]).mean) <= test::mean_bound(n) * sigma[i]);
  }
  // The boresight angle is the length of the cross-axis error (x, y): its square over σ_cross² is
  // χ²(2) per output, so the sum over n outputs is χ²(2n). The about-boresight error (8× larger)
  // does not enter, to second order in the small angles (≤ 1e-8 relative).
  const test::Interval b2 = test::variance_ratio_bounds(2.0 * n);
  const double ratio = test::mean_square(boresight_angle) / (2.0 * c.sigma_cross * c.sigma_cross);
  BOOST_TEST_MESSAGE("boresight angle: mean square / 2σ² = " << ratio);
  BOOST_TEST(b2.contains(ratio));
}

BOOST_AUTO_TEST_SUITE_END()
