// Bad configurations and bad per-sample inputs of every sensor (docs/architecture.md §D10): each
// throws ConfigurationError whose message names the sensor, the field with its unit and the value.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "ramus/kernel/attitude.hpp"
#include "ramus/sensors/ideal_navigation.hpp"
#include "ramus/sensors/rate_gyro.hpp"
#include "ramus/sensors/star_tracker.hpp"
#include "ramus/sensors/sun_sensor.hpp"
#include "ramus/sensors/wheel_tachometer.hpp"
#include "sensors/sensor_configs.hpp"
#include "support/checks.hpp"

namespace {

using namespace ramus;
using test::expect_error;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

/// One bad field: the change to a valid configuration, and the field and value the message names.
template <class Config>
struct Bad {
  std::function<void(Config&)> change;
  std::string field;
  std::string value;
};

/// Every change of `bad`, applied alone to `valid`, is refused naming owner, field and value.
template <class Sensor, class Config>
void check_all(const std::string& name, const std::string& owner, const Config& valid,
               const std::vector<Bad<Config>>& bad) {
  BOOST_CHECK_NO_THROW(Sensor(name, valid, {1, 2}));  // the base configuration is valid
  for (const Bad<Config>& b : bad) {
    Config c = valid;
    b.change(c);
    BOOST_TEST_CONTEXT(owner << " " << b.field << " = " << b.value) {
      expect_error([&] { Sensor(name, c, {1, 2}); }, {owner, b.field, "= " + b.value});
    }
  }
}

RateGyroConfig valid_gyro() {
  RateGyroConfig c = test::noisy_gyro(1e-5);
  c.saturation = 1.0;
  return c;
}

StarTrackerConfig valid_tracker() { return test::noisy_tracker(0.2); }

WheelTachometerConfig valid_tach() {
  WheelTachometerConfig c = test::noisy_tachometer(3);
  c.lsb = 0.1;
  return c;
}

SunSensorConfig valid_sun() { return test::noisy_sun_sensor(Eigen::Vector3d::UnitZ()); }

}  // namespace

BOOST_AUTO_TEST_SUITE(sensor_errors)

BOOST_AUTO_TEST_CASE(rate_gyro_fields) {
  using B = Bad<RateGyroConfig>;
  check_all<RateGyro>(
      "imu", "rate_gyro 'imu'", valid_gyro(),
      {B{[](auto& c) { c.period = 0.0; }, "period [s]", "0"}, B{[](auto& c) { c.period = -0.1; }, "period [s]", "-0.1"},
       B{[](auto& c) { c.period = kNaN; }, "period [s]", "nan"},
       B{[](auto& c) { c.period = kInf; }, "period [s]", "inf"},
       B{[](auto& c) { c.dcm_SB = 2.0 * Eigen::Matrix3d::Identity(); }, "dcm_SB [1]", "[2, 0, 0; 0, 2, 0; 0, 0, 2]"},
       B{[](auto& c) { c.dcm_SB.diagonal() << 1.0, 1.0, -1.0; }, "dcm_SB [1]", "[1, 0, 0; 0, 1, 0; 0, 0, -1]"},
       B{[](auto& c) { c.bias_mean.y() = kNaN; }, "bias_mean [rad/s]", "[0, nan, 0]"},
       B{[](auto& c) { c.bias_sigma = -1e-4; }, "bias_sigma [rad/s]", "-0.0001"},
       B{[](auto& c) { c.bias_sigma = kInf; }, "bias_sigma [rad/s]", "inf"},
       B{[](auto& c) { c.angle_random_walk = -1.0; }, "angle_random_walk [rad/s^(1/2)]", "-1"},
       B{[](auto& c) { c.angle_random_walk = kNaN; }, "angle_random_walk [rad/s^(1/2)]", "nan"},
       B{[](auto& c) { c.rate_random_walk = -2.0; }, "rate_random_walk [rad/s^(3/2)]", "-2"},
       B{[](auto& c) { c.lsb = -1e-5; }, "lsb [rad/s]", "-1.0000000000000001e-05"},
       B{[](auto& c) { c.lsb = kNaN; }, "lsb [rad/s]", "nan"},
       B{[](auto& c) { c.saturation = 0.0; }, "saturation [rad/s]", "0"},
       B{[](auto& c) { c.saturation = -1.0; }, "saturation [rad/s]", "-1"},
       B{[](auto& c) { c.saturation = kNaN; }, "saturation [rad/s]", "nan"},
       B{[](auto& c) { c.saturation = 5e-6; }, "saturation [rad/s]", "5.0000000000000004e-06"}});
  expect_error([] { RateGyro("", valid_gyro(), {1, 2}); }, {"rate_gyro ''", "name", "must not be empty"});
}

BOOST_AUTO_TEST_CASE(rate_gyro_samples) {
  RateGyro g("imu", valid_gyro(), {1, 2});
  expect_error([&] { g.measure(Eigen::Vector3d::Zero(), 0.0); }, {"rate_gyro 'imu'", "dt [s]", "= 0"});
  expect_error([&] { g.measure(Eigen::Vector3d::Zero(), -0.1); }, {"rate_gyro 'imu'", "dt [s]", "= -0.1"});
  expect_error([&] { g.measure(Eigen::Vector3d::Zero(), kNaN); }, {"rate_gyro 'imu'", "dt [s]", "= nan"});
  expect_error([&] { g.measure(Eigen::Vector3d(0.0, kInf, 0.0)); },
               {"rate_gyro 'imu'", "omega_BN_B [rad/s]", "= [0, inf, 0]"});
}

BOOST_AUTO_TEST_CASE(star_tracker_fields_and_samples) {
  using B = Bad<StarTrackerConfig>;
  check_all<StarTracker>(
      "st1", "star_tracker 'st1'", valid_tracker(),
      {B{[](auto& c) { c.period = 0.0; }, "period [s]", "0"}, B{[](auto& c) { c.period = kNaN; }, "period [s]", "nan"},
       B{[](auto& c) { c.phase = kInf; }, "phase [s]", "inf"},
       B{[](auto& c) { c.dcm_SB(0, 1) = 0.5; }, "dcm_SB [1]", "[1, 0.5, 0; 0, 1, 0; 0, 0, 1]"},
       B{[](auto& c) { c.sigma_cross = -1e-5; }, "sigma_cross [rad]", "-1.0000000000000001e-05"},
       B{[](auto& c) { c.sigma_boresight = kNaN; }, "sigma_boresight [rad]", "nan"}});
  StarTracker st("st1", valid_tracker(), {1, 2});
  st.update(1.0, Quaternion(1, 0, 0, 0));
  expect_error([&] { st.update(0.5, Quaternion(1, 0, 0, 0)); },
               {"star_tracker 'st1'", "t [s]", "= 0.5", "must not decrease", "previous call was at 1"});
  expect_error([&] { st.update(kNaN, Quaternion(1, 0, 0, 0)); }, {"star_tracker 'st1'", "t [s]", "= nan"});
  expect_error([&] { st.update(2.0, Quaternion(0, 0, 0, 0)); }, {"star_tracker 'st1'", "q_BN [1]", "= [0, 0, 0, 0]"});
  expect_error([&] { st.update(2.0, Quaternion(1, kNaN, 0, 0)); },
               {"star_tracker 'st1'", "q_BN [1]", "= [1, nan, 0, 0]"});
}

BOOST_AUTO_TEST_CASE(wheel_tachometer_fields_and_samples) {
  using B = Bad<WheelTachometerConfig>;
  check_all<WheelTachometer>("rw_tach", "wheel_tachometer 'rw_tach'", valid_tach(),
                             {B{[](auto& c) { c.wheel_count = 0; }, "wheel_count", "0"},
                              B{[](auto& c) { c.period = -1.0; }, "period [s]", "-1"},
                              B{[](auto& c) { c.noise_sigma = -0.01; }, "noise_sigma [rad/s]", "-0.01"},
                              B{[](auto& c) { c.noise_sigma = kInf; }, "noise_sigma [rad/s]", "inf"},
                              B{[](auto& c) { c.lsb = kNaN; }, "lsb [rad/s]", "nan"},
                              B{[](auto& c) {
                                  c.lsb = 0.0;
                                  c.counts_per_revolution = -64.0;
                                },
                                "counts_per_revolution [1]", "-64"},
                              B{[](auto& c) {
                                  c.lsb = 0.0;
                                  c.counts_per_revolution = 64.5;
                                },
                                "counts_per_revolution [1]", "64.5"},
                              B{[](auto& c) { c.counts_per_revolution = 64.0; }, "counts_per_revolution [1]", "64"}});
  WheelTachometer tach("rw_tach", valid_tach(), {1, 2});
  expect_error([&] { tach.measure(Eigen::Vector4d::Zero()); },
               {"wheel_tachometer 'rw_tach'", "Omega [rad/s]", "= 4 values", "one rate per wheel (3)"});
  expect_error([&] { tach.measure(Eigen::Vector3d(1.0, 2.0, kNaN)); },
               {"wheel_tachometer 'rw_tach'", "Omega[2] [rad/s]", "= nan"});
}

BOOST_AUTO_TEST_CASE(sun_sensor_fields_and_samples) {
  using B = Bad<SunSensorConfig>;
  check_all<SunSensor>("css", "sun_sensor 'css'", valid_sun(),
                       {B{[](auto& c) { c.sun_direction_N.setZero(); }, "sun_direction_N [1]", "[0, 0, 0]"},
                        B{[](auto& c) { c.sun_direction_N.x() = 2.0; }, "sun_direction_N [1]", "[2, 0, 0]"},
                        B{[](auto& c) { c.boresight_B.z() = kNaN; }, "boresight_B [1]", "[0, 0, nan]"},
                        B{[](auto& c) { c.boresight_B.setZero(); }, "boresight_B [1]", "[0, 0, 0]"},
                        B{[](auto& c) { c.half_cone = 0.0; }, "half_cone [rad]", "0"},
                        B{[](auto& c) { c.half_cone = 4.0; }, "half_cone [rad]", "4"},
                        B{[](auto& c) { c.half_cone = kNaN; }, "half_cone [rad]", "nan"},
                        B{[](auto& c) { c.noise_sigma = -1e-3; }, "noise_sigma [rad]", "-0.001"}});
  SunSensor css("css", valid_sun(), {1, 2});
  expect_error([&] { css.measure(Quaternion(0, 0, 0, 0)); }, {"sun_sensor 'css'", "q_BN [1]", "= [0, 0, 0, 0]"});
  expect_error([&] { css.measure(Quaternion(1, 0, 0, 0), Eigen::Vector3d(0.0, 0.0, 0.0)); },
               {"sun_sensor 'css'", "sHat_N [1]", "= [0, 0, 0]", "zero length"});
  expect_error([&] { css.measure(Quaternion(1, 0, 0, 0), Eigen::Vector3d(0.0, 1.1, 0.0)); },
               {"sun_sensor 'css'", "sHat_N [1]", "= [0, 1.1000000000000001, 0]", "unit vector"});
}

BOOST_AUTO_TEST_CASE(ideal_navigation_inputs) {
  expect_error([] { IdealNavigation(""); }, {"ideal_navigation ''", "name", "must not be empty"});
  const IdealNavigation nav("truth");
  const Eigen::Vector3d z = Eigen::Vector3d::Zero();
  const Quaternion q(1, 0, 0, 0);
  expect_error([&] { nav.measure(kNaN, z, z, q, z); }, {"ideal_navigation 'truth'", "t [s]", "= nan"});
  expect_error([&] { nav.measure(0.0, Eigen::Vector3d(kInf, 0, 0), z, q, z); },
               {"ideal_navigation 'truth'", "r_BN_N [m]", "= [inf, 0, 0]"});
  expect_error([&] { nav.measure(0.0, z, Eigen::Vector3d(0, kNaN, 0), q, z); },
               {"ideal_navigation 'truth'", "v_BN_N [m/s]", "= [0, nan, 0]"});
  expect_error([&] { nav.measure(0.0, z, z, Quaternion(0, 0, 0, 0), z); },
               {"ideal_navigation 'truth'", "q_BN [1]", "= [0, 0, 0, 0]"});
  expect_error([&] { nav.measure(0.0, z, z, q, Eigen::Vector3d(0, 0, -kInf)); },
               {"ideal_navigation 'truth'", "omega_BN_B [rad/s]", "= [0, 0, -inf]"});
}

BOOST_AUTO_TEST_SUITE_END()
