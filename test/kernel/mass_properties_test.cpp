// kernel/mass_properties.hpp: the parallel-axis theorem against hand examples.
#include "ramus/kernel/mass_properties.hpp"

#include <boost/test/unit_test.hpp>

#include "kernel/test_support.hpp"

using namespace ramus;

BOOST_AUTO_TEST_SUITE(mass_properties)

BOOST_AUTO_TEST_CASE(parallel_axis_by_hand) {
  // I_C = diag(1, 2, 3), m = 2, r = (1, 2, 0): m(|r|² 1 − r rᵀ) = 2·[[4, −2, 0], [−2, 1, 0], [0, 0, 5]],
  // so I_B = [[9, −4, 0], [−4, 4, 0], [0, 0, 13]]. Small integers: exact.
  Eigen::Matrix3d expected;
  expected << 9, -4, 0, -4, 4, 0, 0, 0, 13;
  const Eigen::Matrix3d I_B =
      parallel_axis(Eigen::Vector3d(1.0, 2.0, 3.0).asDiagonal(), 2.0, Eigen::Vector3d(1.0, 2.0, 0.0));
  BOOST_TEST((I_B == expected));
}

BOOST_AUTO_TEST_CASE(point_mass_on_an_axis) {
  // A point mass m at distance d on x: I_xx = 0, I_yy = I_zz = m d², no products.
  const Eigen::Matrix3d I_B = parallel_axis(Eigen::Matrix3d::Zero(), 3.0, Eigen::Vector3d(0.5, 0.0, 0.0));
  BOOST_TEST((I_B == Eigen::Vector3d(0.0, 0.75, 0.75).asDiagonal().toDenseMatrix()));
}

BOOST_AUTO_TEST_CASE(zero_offset_leaves_inertia) {
  Eigen::Matrix3d I_C;
  I_C << 10, 1, 2, 1, 20, 3, 2, 3, 30;
  BOOST_TEST((parallel_axis(I_C, 5.0, Eigen::Vector3d::Zero()) == I_C));
}

BOOST_AUTO_TEST_SUITE_END()
