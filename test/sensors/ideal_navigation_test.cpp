// Ideal navigation (sensors/src/ideal_navigation.cpp, docs/sensors/ideal_navigation.md): the truth
// passed through, its attitude normalised and given as an MRP of the short set.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <numbers>

#include "ramus/kernel/attitude.hpp"
#include "ramus/sensors/ideal_navigation.hpp"

using namespace ramus;

BOOST_AUTO_TEST_SUITE(ideal_navigation)

BOOST_AUTO_TEST_CASE(truth_passes_through) {
  const IdealNavigation nav("truth");
  const Eigen::Vector3d r(7.0e6, -1.2e5, 3.0e5), v(10.0, 7.5e3, -2.0), w(0.01, -0.02, 0.03);
  // A raw attitude state of norm 1.001 (the dynamics' |q| drifts), far from identity: q0 < 0 and
  // a rotation angle > π, so that the short MRP set is the shadow of q_vec/(1 + q0).
  const Quaternion q_unit = quat_from_axis_angle(Eigen::Vector3d(0.0, 0.6, -0.8), 4.0);
  const NavigationSolution s = nav.measure(12.5, r, v, 1.001 * q_unit, w);
  BOOST_TEST(s.t == 12.5);
  BOOST_TEST((s.r_BN_N - r).norm() == 0.0);
  BOOST_TEST((s.v_BN_N - v).norm() == 0.0);
  BOOST_TEST((s.omega_BN_B - w).norm() == 0.0);
  BOOST_TEST((s.q_BN - q_unit).norm() <= 1e-15);  // q/|q|: the division's round-off
  BOOST_TEST(s.sigma_BN.norm() <= 1.0);
  // The MRP's dcm is q's (Schaub & Junkins' formula vs the quaternion's), to round-off.
  BOOST_TEST((dcm_from_mrp(s.sigma_BN) - rotation_matrix(q_unit).transpose()).norm() <= 1e-14);
  // The rotation by 4 rad is the rotation by 2π − 4 the other way: |σ| = tan((2π − 4)/4).
  BOOST_TEST(std::abs(s.sigma_BN.norm() - std::tan((2.0 * std::numbers::pi - 4.0) / 4.0)) <= 1e-15);
}

BOOST_AUTO_TEST_SUITE_END()
