// The per-sample methods allocate nothing (docs/sensors/README.md §3), counted by
// the test tree's allocator (support/allocation_counter.hpp): operator new and, where counted, the
// malloc family.
#include <boost/test/unit_test.hpp>
#include <cmath>

#include "ramus/kernel/attitude.hpp"
#include "ramus/sensors/ideal_navigation.hpp"
#include "ramus/sensors/rate_gyro.hpp"
#include "ramus/sensors/star_tracker.hpp"
#include "ramus/sensors/sun_sensor.hpp"
#include "ramus/sensors/wheel_tachometer.hpp"
#include "support/allocation_counter.hpp"

using namespace ramus;
using test::Allocations;
using test::count_allocations;

BOOST_AUTO_TEST_SUITE(sensor_no_allocation)

BOOST_AUTO_TEST_CASE(counter_sees_an_allocation) {
  // The check must be able to fail: a sensor's constructor allocates (its name, its buffers).
  const Allocations a = count_allocations([] {
    WheelTachometerConfig c;
    c.wheel_count = 40;
    c.period = 0.1;
    WheelTachometer tach("a tachometer with a long name", c, {1, 2});
  });
  BOOST_TEST(a.news > 0);
}

BOOST_AUTO_TEST_CASE(sampling_allocates_nothing) {
  RateGyroConfig gc;
  gc.period = 0.1;
  gc.angle_random_walk = 1e-4;
  gc.rate_random_walk = 1e-6;
  gc.lsb = 1e-5;
  gc.saturation = 1.0;
  RateGyro gyro("a gyro with a name longer than the small-string buffer", gc, {1, 2});
  StarTrackerConfig sc;
  sc.period = 0.2;
  sc.sigma_cross = 1e-5;
  sc.sigma_boresight = 1e-4;
  StarTracker tracker("a star tracker with a name longer than the small-string buffer", sc, {1, 2});
  WheelTachometerConfig tc;
  tc.wheel_count = 4;
  tc.period = 0.1;
  tc.noise_sigma = 0.01;
  tc.counts_per_revolution = 64;
  WheelTachometer tach("a tachometer with a name longer than the small-string buffer", tc, {1, 2});
  SunSensorConfig uc;
  uc.sun_direction_N = Eigen::Vector3d::UnitX();
  uc.boresight_B = Eigen::Vector3d::UnitX();
  uc.half_cone = 1.0;
  uc.noise_sigma = 1e-3;
  SunSensor sun("a sun sensor with a name longer than the small-string buffer", uc, {1, 2});
  const IdealNavigation nav("an ideal navigation with a name longer than the small-string buffer");
  const Eigen::Vector4d Omega(1.0, 2.0, 3.0, 4.0);
  const Eigen::VectorXd state = Eigen::VectorXd::Ones(20);
  double sink = 0.0;
  const Allocations a = count_allocations([&] {
    for (int k = 0; k < 100; ++k) {
      const double t = 0.1 * k;
      const Quaternion q_BN = quat_from_axis_angle(Eigen::Vector3d::UnitZ(), 0.02 * k);
      sink += gyro.measure(Eigen::Vector3d(0.1, 0.0, -0.1)).sum() + gyro.measure(Eigen::Vector3d::Zero(), 0.05).sum();
      sink += tracker.update(t, q_BN).q_SN.sum();
      sink += tach.measure(Omega).sum() + tach.measure(state.segment(8, 4)).sum();
      const auto s = sun.measure(q_BN);
      sink += s ? s->sum() : 0.0;
      const auto s2 = sun.measure(q_BN, Eigen::Vector3d::UnitY());
      sink += s2 ? s2->sum() : 0.0;
      sink += nav.measure(t, Eigen::Vector3d::Ones(), Eigen::Vector3d::Ones(), q_BN, Eigen::Vector3d::Ones()).t;
    }
  });
  BOOST_TEST(a.news == 0);
  BOOST_TEST(a.mallocs == 0);
  BOOST_TEST(std::isfinite(sink));
}

BOOST_AUTO_TEST_SUITE_END()
