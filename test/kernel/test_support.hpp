// Helpers shared by the unit and error suites of test/kernel, test/systems and test/steppers:
// element-wise comparison of Eigen objects, an exception-message predicate, random attitudes and
// a one-hub model builder. Nothing here computes a reference value.
#pragma once

#include <Eigen/Dense>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/units.hpp"
#include "support/checks.hpp"
#include "support/hubs.hpp"

namespace ramus::test {

namespace si = boost::units::si;

/// Checks |a(i,j) − b(i,j)| ≤ tol for every entry, naming the entry on failure.
template <class A, class B>
void check_near(const Eigen::MatrixBase<A>& a, const Eigen::MatrixBase<B>& b, double tol, const char* what = "") {
  BOOST_REQUIRE_EQUAL(a.rows(), b.rows());
  BOOST_REQUIRE_EQUAL(a.cols(), b.cols());
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j)
      BOOST_CHECK_MESSAGE(std::abs(a(i, j) - b(i, j)) <= tol, what << "(" << i << "," << j << "): " << a(i, j) << " vs "
                                                                   << b(i, j) << ", |diff| "
                                                                   << std::abs(a(i, j) - b(i, j)) << " > " << tol);
}

/// Fixed seed: every run draws the same numbers.
inline std::mt19937& rng() {
  static std::mt19937 gen(20240611u);
  return gen;
}
inline double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng()); }
inline Eigen::Vector3d random_vector(double scale = 1.0) {
  return {uniform(-scale, scale), uniform(-scale, scale), uniform(-scale, scale)};
}
/// A unit quaternion drawn uniformly on S³ (normalised Gaussian 4-vector), either sign of q0.
inline Quaternion random_quaternion() {
  std::normal_distribution<double> n(0.0, 1.0);
  Quaternion q(n(rng()), n(rng()), n(rng()), n(rng()));
  return q / q.norm();
}

inline units::Length3 meters(const Eigen::Vector3d& v) { return {v, si::meter}; }
inline units::Velocity3 meters_per_second(const Eigen::Vector3d& v) { return {v, si::meters_per_second}; }
inline units::AngularVelocity3 radians_per_second(const Eigen::Vector3d& v) { return {v, si::radians_per_second}; }

}  // namespace ramus::test
