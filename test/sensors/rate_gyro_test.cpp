// The rate gyro (sensors/src/rate_gyro.cpp, docs/sensors/rate_gyro.md): mounting, quantization and
// saturation exactly (unit); angle random walk, rate random walk and turn-on bias against their
// closed-form variances over seeded runs, within the sampling bounds of statistics.hpp.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <cstdint>
#include <vector>

#include "ramus/kernel/attitude.hpp"
#include "ramus/sensors/rate_gyro.hpp"
#include "sensors/statistics.hpp"

namespace {

using namespace ramus;
using test::Interval;

constexpr std::uint64_t kSeed = 20240611;

/// A rotation about a skew axis, as a mounting dcm_SB (R(q) is a dcm; which one does not matter).
Eigen::Matrix3d skew_mounting() {
  return rotation_matrix(quat_from_axis_angle(Eigen::Vector3d(1.0, 2.0, -2.0).normalized(), 0.7));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(rate_gyro)

BOOST_AUTO_TEST_CASE(noiseless_gyro_reads_the_mounted_rate_plus_its_given_bias) {
  RateGyroConfig c;
  c.period = 0.1;
  c.dcm_SB = skew_mounting();
  c.bias_mean = Eigen::Vector3d(1e-3, -2e-3, 5e-4);  // bias_sigma = 0: the bias is the given one
  RateGyro g("imu", c, {kSeed, 0});
  BOOST_TEST((g.bias() - c.bias_mean).norm() == 0.0);
  for (int k = 0; k < 5; ++k) {
    const Eigen::Vector3d omega_BN_B(0.1 * k, -0.02, 0.3 - 0.05 * k);
    const Eigen::Vector3d expected = c.dcm_SB * omega_BN_B + c.bias_mean;  // eqs. (1), (4) with N = K = 0
    // Round-off of one 3×3 product and one sum: a few ulps of |ω| ≤ 0.4 rad/s.
    BOOST_TEST((g.measure(omega_BN_B) - expected).norm() <= 1e-15);
  }
  BOOST_TEST(!g.saturated());
}

BOOST_AUTO_TEST_CASE(quantized_outputs_are_whole_lsbs_within_half_an_lsb_of_the_input) {
  RateGyroConfig c;
  c.period = 0.05;
  c.lsb = 1e-3;
  RateGyro g("imu", c, {kSeed, 0});
  double error_square = 0.0;
  int n = 0;
  // A sweep of 2001 × 3 inputs over ±0.1 rad/s (±100 LSB), at an irrational step so that the
  // rounding errors cover [−LSB/2, LSB/2] evenly.
  for (int k = -1000; k <= 1000; ++k) {
    const Eigen::Vector3d omega(1e-4 * std::sqrt(2.0) * k, -7.3e-5 * std::sqrt(3.0) * k, 0.05 + 3.1e-5 * k);
    const Eigen::Vector3d y = g.measure(omega);
    for (int i = 0; i < 3; ++i) {
      const double codes = y[i] / c.lsb;
      // A whole number of LSBs: the division of LSB·m by the LSB is m to a few ulps of m ≤ 100.
      BOOST_TEST(std::abs(codes - std::round(codes)) <= 1e-12);
      // Round to nearest: |error| ≤ LSB/2, plus the round-off of the product LSB·m (1e-15 LSB).
      BOOST_TEST(std::abs(y[i] - omega[i]) <= 0.5 * c.lsb * (1.0 + 1e-12));
      error_square += (y[i] - omega[i]) * (y[i] - omega[i]);
      ++n;
    }
  }
  // An even spread of rounding errors has mean square LSB²/12 (uniform on ±LSB/2). The sweep is
  // deterministic, not random: it meets that value to within its discreteness, far below 5 %,
  // while floor (mean square LSB²/3) or no rounding would miss it by a factor ≥ 4.
  const double ratio = error_square / n / (c.lsb * c.lsb / 12.0);
  BOOST_TEST_MESSAGE("quantization mean square / (LSB²/12) = " << ratio);
  BOOST_TEST(std::abs(ratio - 1.0) <= 0.05);
}

BOOST_AUTO_TEST_CASE(saturation_clips_at_the_largest_whole_lsb_and_raises_the_flag) {
  RateGyroConfig c;
  c.period = 0.1;
  c.lsb = 1e-3;
  c.saturation = 0.0105;  // full scale: 10 LSB = 0.010 rad/s, eq. (6)
  RateGyro g("imu", c, {kSeed, 0});
  BOOST_TEST(g.full_scale() == 10 * 1e-3);
  Eigen::Vector3d y = g.measure(Eigen::Vector3d(0.02, -0.5, 0.0099));
  BOOST_TEST(g.saturated());
  BOOST_TEST(y[0] == g.full_scale());
  BOOST_TEST(y[1] == -g.full_scale());
  BOOST_TEST(y[2] == g.full_scale());  // 0.0099 rounds to 10 LSB: at, not beyond, the full scale
  y = g.measure(Eigen::Vector3d(0.0099, -0.0099, 0.0));
  BOOST_TEST(!g.saturated());  // the flag is the last sample's
  BOOST_TEST(std::abs(y[1]) == g.full_scale());

  RateGyroConfig analog = c;  // no quantization: the full scale is the saturation itself
  analog.lsb = 0.0;
  analog.saturation = 0.5;
  RateGyro a("imu", analog, {kSeed, 0});
  y = a.measure(Eigen::Vector3d(0.7, -0.2, -3.0));
  BOOST_TEST(a.saturated());
  BOOST_TEST(y[0] == 0.5);
  BOOST_TEST(y[1] == -0.2);
  BOOST_TEST(y[2] == -0.5);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(rate_gyro_statistics)

BOOST_AUTO_TEST_CASE(angle_random_walk_grows_as_N2_t) {
  // eq. (7) of docs/sensors/rate_gyro.md: a gyro at rest with N only, its output integrated over
  // [0, t], has an angle error of variance N² t, whatever the sample intervals. The intervals
  // alternate 0.05 s and 0.15 s, so a per-sample σ not scaled by 1/√Δt fails. Checked at t = 10 s
  // and 40 s (so growth ∝ t, not ∝ the number of samples or t²) and on the increment between them
  // (independent increments: variance N² · 30 s).
  RateGyroConfig c;
  c.period = 0.1;
  c.angle_random_walk = 2e-4;  // [rad/√s] (0.69 deg/√h: a MEMS gyro)
  const double N = c.angle_random_walk;
  const std::uint64_t runs = 2000;
  std::vector<double> theta1, theta2, increment;
  double t1 = 0.0, t2 = 0.0;
  for (std::uint64_t run = 0; run < runs; ++run) {
    RateGyro g("gyro", c, {kSeed, run});
    Eigen::Vector3d theta = Eigen::Vector3d::Zero(), theta_at_1 = Eigen::Vector3d::Zero();
    double t = 0.0;
    for (int k = 0; k < 400; ++k) {
      const double dt = k % 2 == 0 ? 0.05 : 0.15;
      theta += dt * g.measure(Eigen::Vector3d::Zero(), dt);  // the error: the true rate is zero
      t += dt;
      if (k == 99) {
        theta_at_1 = theta;
        t1 = t;
      }
    }
    t2 = t;
    for (int i = 0; i < 3; ++i) {  // the three axes are independent: 3 draws per run
      theta1.push_back(theta_at_1[i]);
      theta2.push_back(theta[i]);
      increment.push_back(theta[i] - theta_at_1[i]);
    }
  }
  const Interval bounds = test::variance_ratio_bounds(static_cast<double>(theta1.size()) - 1.0);
  const double mean_bound = test::mean_bound(static_cast<double>(theta1.size()));
  struct Case {
    const std::vector<double>* x;
    double duration;
    const char* label;
  };
  for (const Case& k : {Case{&theta1, t1, "t1"}, Case{&theta2, t2, "t2"}, Case{&increment, t2 - t1, "t2 - t1"}}) {
    const test::Moments m = test::moments(*k.x);
    const double sigma2 = N * N * k.duration;
    BOOST_TEST_MESSAGE(k.label << " = " << k.duration << " s: var/(N² t) = " << m.variance / sigma2 << " in ["
                               << bounds.lo << ", " << bounds.hi << "], mean/σ = " << m.mean / std::sqrt(sigma2));
    BOOST_TEST(bounds.contains(m.variance / sigma2));
    BOOST_TEST(std::abs(m.mean) <= mean_bound * std::sqrt(sigma2));
  }
}

BOOST_AUTO_TEST_CASE(rate_random_walk_bias_grows_as_K2_t_and_its_angle_as_K2_t3_over_3) {
  // eq. (3): the bias of a gyro with K only has variance K² t (checked at t = 10 s and 40 s). Its
  // integrated angle error has variance K² t³ / 3, eq. (8), the integral of a Wiener process —
  // exactly, at any Δt, only because eq. (4) averages the bias over the interval and adds the
  // K² Δt / 12 of eq. (5). After one sample (t = Δt) a model without that term would give
  // 3/4 · K² Δt³ / 3, outside the bounds; after 40 samples the check is of the t³ growth.
  RateGyroConfig c;
  c.period = 1.0;
  c.rate_random_walk = 1e-5;  // [rad/s^(3/2)]
  const double K = c.rate_random_walk;
  const std::uint64_t runs = 2000;
  std::vector<double> bias10, bias40, angle1, angle40;
  for (std::uint64_t run = 0; run < runs; ++run) {
    RateGyro g("gyro", c, {kSeed, run});
    Eigen::Vector3d theta = Eigen::Vector3d::Zero();
    for (int k = 1; k <= 40; ++k) {
      theta += c.period * g.measure(Eigen::Vector3d::Zero());
      for (int i = 0; i < 3; ++i) {
        if (k == 1) angle1.push_back(theta[i]);
        if (k == 10) bias10.push_back(g.bias()[i]);
        if (k == 40) {
          bias40.push_back(g.bias()[i]);
          angle40.push_back(theta[i]);
        }
      }
    }
  }
  const Interval bounds = test::variance_ratio_bounds(3.0 * runs - 1.0);
  struct Case {
    const std::vector<double>* x;
    double variance;
    const char* label;
  };
  for (const Case& k : {Case{&bias10, K * K * 10.0, "bias, t = 10 s"}, Case{&bias40, K * K * 40.0, "bias, t = 40 s"},
                        Case{&angle1, K * K / 3.0, "angle, t = 1 s"},
                        Case{&angle40, K * K * 40.0 * 40.0 * 40.0 / 3.0, "angle, t = 40 s"}}) {
    const test::Moments m = test::moments(*k.x);
    BOOST_TEST_MESSAGE(k.label << ": var / expected = " << m.variance / k.variance << " in [" << bounds.lo << ", "
                               << bounds.hi << "]");
    BOOST_TEST(bounds.contains(m.variance / k.variance));
    BOOST_TEST(std::abs(m.mean) <= test::mean_bound(3.0 * runs) * std::sqrt(k.variance));
  }
}

BOOST_AUTO_TEST_CASE(turn_on_bias_has_its_mean_and_sigma_over_runs) {
  // eq. (2): over 3000 runs each axis's turn-on bias is N(bias_mean, bias_sigma²): the sample mean
  // within z σ/√n of bias_mean, the sample variance within the χ²(n − 1) bounds, and the axes
  // uncorrelated (|r| ≤ z/√n, the large-sample bound of a correlation coefficient under
  // independence). A noiseless gyro's output minus the truth is that bias (the accessor and the
  // output agree).
  RateGyroConfig c;
  c.period = 0.1;
  c.bias_mean = Eigen::Vector3d(1e-4, -2e-4, 0.0);
  c.bias_sigma = 5e-5;
  const std::uint64_t runs = 3000;
  std::vector<double> b[3];
  const Eigen::Vector3d omega(0.01, 0.02, -0.03);
  for (std::uint64_t run = 0; run < runs; ++run) {
    RateGyro g("gyro", c, {kSeed, run});
    const Eigen::Vector3d turn_on = g.bias();
    // K = 0: the bias stays; N = 0: the output is ω + β to round-off of the sums, a few ulps of
    // |ω| ≤ 0.03 rad/s (ulp 3.5e-18).
    BOOST_TEST((g.measure(omega) - omega - turn_on).norm() <= 1e-16);
    for (int i = 0; i < 3; ++i) b[i].push_back(turn_on[i]);
  }
  const Interval bounds = test::variance_ratio_bounds(runs - 1.0);
  const double n = static_cast<double>(runs);
  test::Moments m[3];
  for (int i = 0; i < 3; ++i) {
    m[i] = test::moments(b[i]);
    BOOST_TEST_MESSAGE("axis " << i << ": (mean − μ)/σ = " << (m[i].mean - c.bias_mean[i]) / c.bias_sigma
                               << ", var/σ² = " << m[i].variance / (c.bias_sigma * c.bias_sigma));
    BOOST_TEST(std::abs(m[i].mean - c.bias_mean[i]) <= test::mean_bound(n) * c.bias_sigma);
    BOOST_TEST(bounds.contains(m[i].variance / (c.bias_sigma * c.bias_sigma)));
  }
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3;
    double sxy = 0.0;
    for (std::size_t r = 0; r < runs; ++r) sxy += (b[i][r] - m[i].mean) * (b[j][r] - m[j].mean);
    const double corr = sxy / (n - 1.0) / std::sqrt(m[i].variance * m[j].variance);
    BOOST_TEST(std::abs(corr) <= test::mean_bound(n));
  }
}

BOOST_AUTO_TEST_SUITE_END()
