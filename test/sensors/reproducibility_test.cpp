// Reproducible noise (docs/sensors/README.md §1): a sensor's numbers are a function of (seed, run,
// name) alone — the same in any order, after reset, beside other sensors, and on any number of
// threads. Compared bit for bit.
#include <boost/test/unit_test.hpp>
#include <cstdint>
#include <thread>
#include <vector>

#include "ramus/kernel/attitude.hpp"
#include "ramus/sensors/rate_gyro.hpp"
#include "ramus/sensors/star_tracker.hpp"
#include "ramus/sensors/sun_sensor.hpp"
#include "ramus/sensors/wheel_tachometer.hpp"
#include "sensors/sensor_configs.hpp"
#include "support/bit_identical.hpp"

namespace {

using namespace ramus;
using ramus::test::bit_identical;

constexpr std::uint64_t kSeed = 99;
constexpr int kSamples = 50;
constexpr int kValuesPerRun = kSamples * (3 + 4 + 4 + 3);

RateGyroConfig gyro_config() { return test::noisy_gyro(1e-6); }
StarTrackerConfig tracker_config() { return test::noisy_tracker(0.1); }
WheelTachometerConfig tach_config() { return test::noisy_tachometer(4); }
SunSensorConfig sun_config() { return test::noisy_sun_sensor(Eigen::Vector3d::UnitX()); }

/// Every number one run of the four sensors produces in kSamples samples, in a fixed order, on a
/// slowly turning body.
void one_run(std::uint64_t run, double* out) {
  RateGyro gyro("gyro", gyro_config(), {kSeed, run});
  StarTracker tracker("st", tracker_config(), {kSeed, run});
  WheelTachometer tach("tach", tach_config(), {kSeed, run});
  SunSensor sun("css", sun_config(), {kSeed, run});
  for (int k = 0; k < kSamples; ++k) {
    const double t = 0.1 * k;
    const Quaternion q_BN = quat_from_axis_angle(Eigen::Vector3d::UnitZ(), 0.01 * k);
    const Eigen::Vector3d w = gyro.measure(Eigen::Vector3d(0.0, 0.0, 0.1));
    const Quaternion q = tracker.update(t, q_BN).q_SN;
    const Eigen::VectorXd& o = tach.measure(Eigen::Vector4d(100.0, 200.0, -50.0, 0.0));
    const Eigen::Vector3d s = sun.measure(q_BN).value();
    for (int i = 0; i < 3; ++i) *out++ = w[i];
    for (int i = 0; i < 4; ++i) *out++ = q[i];
    for (int i = 0; i < 4; ++i) *out++ = o[i];
    for (int i = 0; i < 3; ++i) *out++ = s[i];
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(reproducibility)

BOOST_AUTO_TEST_CASE(same_seed_run_and_name_give_the_same_numbers) {
  std::vector<double> a(kValuesPerRun), b(kValuesPerRun), c(kValuesPerRun);
  one_run(5, a.data());
  one_run(5, b.data());
  one_run(6, c.data());
  BOOST_TEST(bit_identical(a, b));
  BOOST_TEST(!bit_identical(a, c));
  // Another seed or another name: another stream.
  const Eigen::Vector3d zero = Eigen::Vector3d::Zero();
  RateGyro g1("gyro", gyro_config(), {kSeed, 5}), g2("gyro", gyro_config(), {kSeed + 1, 5}),
      g3("gyro2", gyro_config(), {kSeed, 5});
  const Eigen::Vector3d y1 = g1.measure(zero);
  BOOST_TEST((y1 - g2.measure(zero)).norm() > 0.0);
  BOOST_TEST((y1 - g3.measure(zero)).norm() > 0.0);
}

BOOST_AUTO_TEST_CASE(reset_is_a_fresh_start) {
  RateGyro gyro("gyro", gyro_config(), {kSeed, 1});
  StarTracker tracker("st", tracker_config(), {kSeed, 1});
  for (int k = 0; k < 10; ++k) {  // run 1 used a while, then run 2 started by reset
    gyro.measure(Eigen::Vector3d::Zero());
    tracker.update(0.1 * k, Quaternion(1, 0, 0, 0));
  }
  gyro.reset({kSeed, 2});
  tracker.reset({kSeed, 2});
  RateGyro fresh_gyro("gyro", gyro_config(), {kSeed, 2});
  StarTracker fresh_tracker("st", tracker_config(), {kSeed, 2});
  BOOST_TEST((gyro.bias() - fresh_gyro.bias()).norm() == 0.0);
  for (int k = 0; k < 10; ++k) {
    BOOST_TEST((gyro.measure(Eigen::Vector3d::Zero()) - fresh_gyro.measure(Eigen::Vector3d::Zero())).norm() == 0.0);
    const Quaternion q = tracker.update(0.1 * k, Quaternion(1, 0, 0, 0)).q_SN;
    BOOST_TEST((q - fresh_tracker.update(0.1 * k, Quaternion(1, 0, 0, 0)).q_SN).norm() == 0.0);
  }
}

BOOST_AUTO_TEST_CASE(other_sensors_and_their_parameters_change_nothing) {
  // A gyro alone, and the same gyro sampled between the samples of another sensor, and beside a
  // gyro of other parameters: the same numbers. Changing the gyro's own K leaves its white noise
  // draws in place (six draws per sample whatever the parameters): with N only, the outputs of two
  // gyros differing in K differ by the bias walk alone.
  RateGyro alone("gyro", gyro_config(), {kSeed, 3});
  RateGyro beside("gyro", gyro_config(), {kSeed, 3});
  SunSensor other("css", sun_config(), {kSeed, 3});
  for (int k = 0; k < 20; ++k) {
    other.measure(Quaternion(1, 0, 0, 0));
    BOOST_TEST((alone.measure(Eigen::Vector3d::Zero()) - beside.measure(Eigen::Vector3d::Zero())).norm() == 0.0);
  }
  RateGyroConfig white = gyro_config();
  white.rate_random_walk = 0.0;
  white.bias_sigma = 0.0;
  white.lsb = 0.0;
  RateGyroConfig walking = white;
  walking.rate_random_walk = 1e-10;  // [rad/s^(3/2)] a bias walk ~1e-6 of the white noise
  RateGyro a("gyro", white, {kSeed, 4}), b("gyro", walking, {kSeed, 4});
  for (int k = 0; k < 20; ++k) {
    // σ_v of eq. (5) changes by K²Δt²/(12 N²) ~ 1e-15 relative and the bias walks K √t ≤ 1.5e-10
    // rad/s (1σ, t ≤ 2 s): the outputs (white noise ~3e-4 rad/s) agree to 1e-8 rad/s, more than
    // 10σ of the walk, while unrelated draws would differ by ~5e-4 rad/s.
    BOOST_TEST((a.measure(Eigen::Vector3d::Zero()) - b.measure(Eigen::Vector3d::Zero())).norm() <= 1e-8);
  }
}

BOOST_AUTO_TEST_CASE(threads_give_the_serial_numbers) {
  // 64 runs, serially and on 4 threads taking the runs i mod 4 (each writing only its own runs'
  // slots): bit-identical.
  const int runs = 64, threads = 4;
  std::vector<double> serial(static_cast<std::size_t>(runs) * kValuesPerRun);
  std::vector<double> parallel(serial.size());
  for (int i = 0; i < runs; ++i) one_run(static_cast<std::uint64_t>(i), serial.data() + i * kValuesPerRun);
  std::vector<std::thread> pool;
  for (int p = 0; p < threads; ++p)
    pool.emplace_back([&parallel, p] {
      for (int i = p; i < runs; i += threads)
        one_run(static_cast<std::uint64_t>(i), parallel.data() + i * kValuesPerRun);
    });
  for (std::thread& t : pool) t.join();
  BOOST_TEST(bit_identical(serial, parallel));
}

BOOST_AUTO_TEST_SUITE_END()
