// The wheel tachometer (sensors/src/wheel_tachometer.cpp, docs/sensors/wheel_tachometer.md): the
// encoder resolution and rounding (unit) and the white-noise statistics (statistical).
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

#include "ramus/sensors/wheel_tachometer.hpp"
#include "sensors/statistics.hpp"

namespace {

using namespace ramus;

constexpr std::uint64_t kSeed = 4242;

}  // namespace

BOOST_AUTO_TEST_SUITE(wheel_tachometer)

BOOST_AUTO_TEST_CASE(encoder_resolution_and_rounding) {
  // eq. (2): C = 1024 counts per revolution read every T = 0.1 s resolve 2π/(C T) = 0.0614 rad/s.
  // Noiseless, each output is a whole number of LSBs within LSB/2 of the true rate (round to
  // nearest), at any rate, negative or positive.
  const WheelTachometerConfig c{.wheel_count = 4, .period = 0.1, .counts_per_revolution = 1024};
  WheelTachometer tach("tach", c, {kSeed, 0});
  const double lsb = 2.0 * std::numbers::pi / (1024 * 0.1);
  BOOST_TEST(std::abs(tach.lsb() - lsb) <= 1e-16);  // the same expression, rounded differently
  for (int k = -500; k <= 500; ++k) {
    const Eigen::Vector4d Omega(0.37 * k, -0.11 * k + 0.01, 600.0 + 0.013 * k, -1e-3 * k);
    const Eigen::VectorXd& y = tach.measure(Omega);
    BOOST_TEST_REQUIRE(y.size() == 4);
    for (Eigen::Index i = 0; i < 4; ++i) {
      const double codes = y[i] / tach.lsb();
      // whole to the round-off of LSB·m / LSB for |m| ≤ 10^4 codes
      BOOST_TEST(std::abs(codes - std::round(codes)) <= 1e-10);
      BOOST_TEST(std::abs(y[i] - Omega[i]) <= 0.5 * tach.lsb() * (1.0 + 1e-12));
    }
  }
  // A segment of a larger vector (a state's wheel-rate block) is read in place.
  Eigen::VectorXd state = Eigen::VectorXd::LinSpaced(10, 0.0, 9.0);
  WheelTachometerConfig plain = c;
  plain.counts_per_revolution = 0.0;
  WheelTachometer exact("tach", plain, {kSeed, 0});
  BOOST_TEST((exact.measure(state.segment(3, 4)) - state.segment(3, 4)).norm() == 0.0);  // no noise, no LSB
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(wheel_tachometer_statistics)

BOOST_AUTO_TEST_CASE(white_noise_has_the_configured_sigma_and_no_memory) {
  // eq. (1): 4 wheels × 2000 samples of the error y − Ω, N(0, σ²) each: the sample variance within
  // the χ²(n − 1) bounds, the mean within z σ/√n, and successive samples uncorrelated (lag-one
  // correlation |r| ≤ z/√n under independence).
  WheelTachometerConfig c;
  c.wheel_count = 4;
  c.period = 0.1;
  c.noise_sigma = 0.02;  // [rad/s]
  WheelTachometer tach("tach", c, {kSeed, 9});
  std::vector<double> err;
  const int samples = 2000;
  for (int k = 0; k < samples; ++k) {
    const Eigen::Vector4d Omega(100.0, -250.0 + k, 0.0, 3.0 * std::sin(0.01 * k));
    const Eigen::VectorXd& y = tach.measure(Omega);
    for (Eigen::Index i = 0; i < 4; ++i) err.push_back(y[i] - Omega[i]);
  }
  const test::Moments m = test::moments(err);
  const double s2 = c.noise_sigma * c.noise_sigma;
  BOOST_TEST_MESSAGE("var/σ² = " << m.variance / s2);
  BOOST_TEST(test::variance_ratio_bounds(m.n - 1.0).contains(m.variance / s2));
  BOOST_TEST(std::abs(m.mean) <= test::mean_bound(m.n) * c.noise_sigma);
  double lag = 0.0;
  for (std::size_t j = 4; j < err.size(); ++j) lag += err[j] * err[j - 4];  // same wheel, next sample
  const double r = lag / static_cast<double>(err.size() - 4) / s2;
  BOOST_TEST(std::abs(r) <= test::mean_bound(m.n - 4.0));
}

BOOST_AUTO_TEST_SUITE_END()
