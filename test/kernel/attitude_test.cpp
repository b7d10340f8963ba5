// kernel/attitude.hpp: Hamilton product, rotation matrices, MRPs, attitude error, quaternion rate.
#include "ramus/kernel/attitude.hpp"

#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "kernel/test_support.hpp"

using namespace ramus;
using ramus::test::check_near;
using ramus::test::random_quaternion;
using ramus::test::random_vector;

namespace {

constexpr double eps = std::numeric_limits<double>::epsilon();

// Vector part of q ⊗ (0, v) ⊗ q*, the rotation of v by q written with the product alone.
Eigen::Vector3d rotate_by_product(const Quaternion& q, const Eigen::Vector3d& v) {
  const Quaternion p(0.0, v.x(), v.y(), v.z());
  return quat_multiply(quat_multiply(q, p), quat_conjugate(q)).tail<3>();
}

// Random unit quaternions plus the hard cases: q0 = 0 (180°), q0 near 0, near the identity and
// near −identity (a rotation near 360°, q0 near −1).
std::vector<Quaternion> test_quaternions() {
  std::vector<Quaternion> qs;
  for (int i = 0; i < 200; ++i) qs.push_back(random_quaternion());
  for (const double q0 : {0.0, 1e-12, -1e-12, 1e-8, -1e-8, 1e-4}) {
    for (int i = 0; i < 5; ++i) {
      const Eigen::Vector3d axis = random_vector().normalized();
      Quaternion q;
      q << q0, std::sqrt(1.0 - q0 * q0) * axis;
      qs.push_back(q);
    }
  }
  qs.push_back(Quaternion(0.0, 1.0, 0.0, 0.0));
  qs.push_back(Quaternion(0.0, 0.0, 1.0, 0.0));
  qs.push_back(Quaternion(0.0, 0.0, 0.0, 1.0));
  qs.push_back(Quaternion(1.0, 0.0, 0.0, 0.0));
  qs.push_back(Quaternion(-1.0, 0.0, 0.0, 0.0));
  Quaternion near_minus_one(-1.0, 1e-9, -2e-9, 3e-9);
  qs.push_back(near_minus_one / near_minus_one.norm());
  return qs;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(attitude)

BOOST_AUTO_TEST_CASE(hamilton_product_of_basis_units) {
  const Quaternion one(1, 0, 0, 0), i(0, 1, 0, 0), j(0, 0, 1, 0), k(0, 0, 0, 1);
  // Hamilton's rules i j = k, j k = i, k i = j, j i = −k, i² = j² = k² = i j k = −1; exact in floating point.
  BOOST_TEST((quat_multiply(i, j) == k));
  BOOST_TEST((quat_multiply(j, k) == i));
  BOOST_TEST((quat_multiply(k, i) == j));
  BOOST_TEST((quat_multiply(j, i) == -k));
  BOOST_TEST((quat_multiply(i, i) == -one));
  BOOST_TEST((quat_multiply(j, j) == -one));
  BOOST_TEST((quat_multiply(k, k) == -one));
  BOOST_TEST((quat_multiply(quat_multiply(i, j), k) == -one));
  BOOST_TEST((quat_multiply(one, i) == i));
}

BOOST_AUTO_TEST_CASE(hamilton_product_by_hand) {
  // (1 + 2i + 3j + 4k)(5 + 6i + 7j + 8k) expanded by hand with the rules above:
  // scalar 5 − 12 − 21 − 32 = −60; i: 6 + 10 − 4 = 12; j: 7 + 15 + 8 = 30; k: 8 + 20 − 4 = 24.
  const Quaternion p(1, 2, 3, 4), q(5, 6, 7, 8);
  BOOST_TEST((quat_multiply(p, q) == Quaternion(-60, 12, 30, 24)));  // small integers: exact
  BOOST_TEST((quat_multiply(q, p) == Quaternion(-60, 20, 14, 32)));  // non-commutative: q p by hand
}

BOOST_AUTO_TEST_CASE(hamilton_product_is_associative) {
  for (int n = 0; n < 100; ++n) {
    const Quaternion a = random_quaternion(), b = random_quaternion(), c = random_quaternion();
    // Unit factors: each product entry is a sum of four O(1) terms, a few ulps of error per product.
    check_near(quat_multiply(quat_multiply(a, b), c), quat_multiply(a, quat_multiply(b, c)), 16 * eps, "assoc");
  }
}

BOOST_AUTO_TEST_CASE(conjugate_is_inverse_of_unit_quaternion) {
  const Quaternion one(1, 0, 0, 0);
  for (int n = 0; n < 100; ++n) {
    const Quaternion q = random_quaternion();
    // |q| = 1 to an ulp; q q* = (|q|², 0) to a few ulps.
    check_near(quat_multiply(q, quat_conjugate(q)), one, 8 * eps, "q q*");
    check_near(quat_multiply(quat_conjugate(q), q), one, 8 * eps, "q* q");
  }
}

BOOST_AUTO_TEST_CASE(rotation_matrix_is_proper_orthonormal) {
  for (const Quaternion& q : test_quaternions()) {
    const Eigen::Matrix3d R = rotation_matrix(q);
    // Entries are quadratic in unit-norm components: RᵀR = 1 and det R = 1 to ~10 ulps.
    check_near(R.transpose() * R, Eigen::Matrix3d::Identity(), 16 * eps, "R^T R");
    BOOST_CHECK_SMALL(R.determinant() - 1.0, 16 * eps);
  }
}

BOOST_AUTO_TEST_CASE(rotation_matrix_matches_quaternion_sandwich) {
  for (const Quaternion& q : test_quaternions()) {
    const Eigen::Vector3d v = random_vector(10.0);
    // Two formulas for the same rotation, each with O(10) ulps of |v| ≤ 17.3 of error.
    check_near(rotation_matrix(q) * v, rotate_by_product(q, v), 64 * eps * 17.3, "R v");
  }
  // A hand case: q = 90° about z maps x to y (q_BN rotates B components into N: b1 along n2).
  const Quaternion qz(std::cos(std::numbers::pi / 4), 0.0, 0.0, std::sin(std::numbers::pi / 4));
  check_near(rotation_matrix(qz) * Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitY(), 4 * eps, "90 deg z");
}

BOOST_AUTO_TEST_CASE(rotation_matrix_round_trip) {
  for (const Quaternion& q : test_quaternions()) {
    const Quaternion back = quat_from_rotation_matrix(rotation_matrix(q));
    // Shepperd divides by 4 q_k with q_k ≥ 1/2, so the result carries a few ulps of R's error;
    // the angle between two attitudes a few ulps apart is ~2 ulps per component.
    BOOST_CHECK_SMALL(attitude_error_angle(q, back), 64 * eps);
    BOOST_TEST(back[0] >= 0.0);  // documented: q0 ≥ 0
    BOOST_CHECK_SMALL(back.norm() - 1.0, 4 * eps);
  }
}

BOOST_AUTO_TEST_CASE(mrp_dcm_is_transpose_of_rotation_matrix) {
  for (const Quaternion& q : test_quaternions()) {
    // dcm_BN from sigma_BN and dcm_BN = R(q_BN)ᵀ: two independent formulas, ~10 ulps each.
    check_near(dcm_from_mrp(mrp_from_quat(q)), rotation_matrix(q).transpose(), 64 * eps, "dcm_BN");
    check_near(dcm_from_mrp(mrp_from_quat(-q)), rotation_matrix(q).transpose(), 64 * eps, "dcm_BN of -q");
  }
}

BOOST_AUTO_TEST_CASE(mrp_is_in_the_unit_ball) {
  for (const Quaternion& q : test_quaternions()) {
    // |sigma| = sqrt((1 − |q0|)/(1 + |q0|)) ≤ 1; equality at 180°, where normalisation leaves an ulp.
    BOOST_TEST(mrp_from_quat(q).norm() <= 1.0 + 4 * eps);
    BOOST_TEST(mrp_from_quat(-q).norm() <= 1.0 + 4 * eps);
  }
}

BOOST_AUTO_TEST_CASE(mrp_shadow_set_is_the_same_attitude) {
  for (const Quaternion& q : test_quaternions()) {
    const Eigen::Vector3d sigma = mrp_from_quat(q);
    if (sigma.norm() < 1e-6) continue;  // the shadow of sigma ≈ 0 is at infinity
    const Eigen::Vector3d shadow = mrp_shadow(sigma);
    BOOST_TEST(shadow.norm() >= 1.0 - 4 * eps);
    // Same attitude by both routes: every step (shadow, q0 = (1 − s²)/(1 + s²), 2 sigma/(1 + s²))
    // has a relative error of a few ulps for any |sigma|, so the angle is a few ulps too.
    BOOST_CHECK_SMALL(attitude_error_angle(quat_from_mrp(shadow), q), 64 * eps);
    BOOST_CHECK_SMALL(attitude_error_angle(quat_from_mrp(sigma), q), 64 * eps);
    // dcm entries are O(1) rational functions of sigma, a few ulps each.
    check_near(dcm_from_mrp(shadow), dcm_from_mrp(sigma), 64 * eps, "shadow dcm");
  }
}

BOOST_AUTO_TEST_CASE(attitude_error_angle_of_known_rotations) {
  for (int n = 0; n < 50; ++n) {
    const Quaternion q = random_quaternion();
    // q and −q are one attitude: the angle of a* ⊗ (−a) is atan2(O(ulp), 1).
    BOOST_CHECK_SMALL(attitude_error_angle(q, -q), 8 * eps);
    BOOST_CHECK_SMALL(attitude_error_angle(q, q), 8 * eps);
    // b = a ⊗ (rotation by θ about a unit axis), the axis–angle quaternion written out here.
    const double theta = test::uniform(0.0, 2.0 * std::numbers::pi);
    const Eigen::Vector3d e = random_vector().normalized();
    Quaternion d;
    d << std::cos(0.5 * theta), std::sin(0.5 * theta) * e;
    const double expected = theta <= std::numbers::pi ? theta : 2.0 * std::numbers::pi - theta;  // in [0, π]
    // atan2 of two O(1) numbers each with a few ulps: the angle to ~1e-15 rad.
    BOOST_CHECK_SMALL(attitude_error_angle(q, quat_multiply(q, d)) - expected, 1e-14);
    BOOST_CHECK_SMALL(attitude_error_angle(quat_multiply(q, d), q) - expected, 1e-14);
  }
  // Not normalised inputs are allowed: 3q against q is zero.
  const Quaternion q = random_quaternion();
  BOOST_CHECK_SMALL(attitude_error_angle(3.0 * q, q), 8 * eps);
}

BOOST_AUTO_TEST_CASE(quat_from_axis_angle_matches_half_angle_form) {
  const Eigen::Vector3d e = Eigen::Vector3d(1.0, -2.0, 2.0) / 3.0;  // unit axis
  const Quaternion q = quat_from_axis_angle(e, 2.0);
  check_near(q, Quaternion(std::cos(1.0), std::sin(1.0) * e.x(), std::sin(1.0) * e.y(), std::sin(1.0) * e.z()), 2 * eps,
             "axis-angle");
  // R(q) e = e (the axis is fixed) and R(q) turns a perpendicular vector by 2 rad.
  const Eigen::Matrix3d R = rotation_matrix(q);
  check_near(R * e, e, 8 * eps, "axis fixed");
  const Eigen::Vector3d p = Eigen::Vector3d(2.0, 1.0, 0.0) / std::sqrt(5.0);  // p ⟂ e
  BOOST_CHECK_SMALL(p.dot(R * p) - std::cos(2.0), 8 * eps);
  BOOST_CHECK_SMALL(e.dot(p.cross(R * p)) - std::sin(2.0), 8 * eps);
}

BOOST_AUTO_TEST_CASE(quat_derivative_matches_central_difference) {
  const Eigen::Vector3d omega(0.3, -0.5, 0.8);  // [rad/s], |omega| ≈ 0.99
  const double w = omega.norm();
  const Quaternion q0 = random_quaternion();
  // q(t) = q0 ⊗ exp(½ omega t): the motion under a constant body rate.
  auto q_of = [&](double t) {
    Quaternion e;
    e << std::cos(0.5 * w * t), std::sin(0.5 * w * t) * omega / w;
    return quat_multiply(q0, e);
  };
  const double h = 1e-4;  // [s]
  for (const double t : {0.0, 0.7, 3.0, 10.0}) {
    const Quaternion fd = (q_of(t + h) - q_of(t - h)) / (2.0 * h);
    // Central difference: truncation h²/6 |q'''| with |q'''| = (|omega|/2)³ (q''' = q ⊗ (½ω)³),
    // plus round-off ~2 ulps of |q| = 1 divided by 2h; twice their sum.
    const double tol = 2.0 * (h * h / 6.0 * std::pow(0.5 * w, 3) + 4.0 * eps / (2.0 * h));
    check_near(quat_derivative(q_of(t), omega), fd, tol, "qDot");
    // qDot ⟂ q for a unit q (|q| is a first integral); a sum of four O(1) products.
    BOOST_CHECK_SMALL(q_of(t).dot(quat_derivative(q_of(t), omega)), 8 * eps);
  }
  // The rate is linear in the raw q (the kernel passes x's q, not q/|q|): exact scaling by 2.
  const Quaternion q = random_quaternion();
  BOOST_TEST((quat_derivative(2.0 * q, omega) == 2.0 * quat_derivative(q, omega)));
}

BOOST_AUTO_TEST_CASE(tilde_is_the_cross_product_matrix) {
  for (int n = 0; n < 100; ++n) {
    const Eigen::Vector3d a = random_vector(5.0), b = random_vector(5.0);
    // The same two products per entry, possibly summed in another order: an ulp of |a||b| ≤ 75.
    check_near(tilde(a) * b, a.cross(b), 4 * eps * 75.0, "tilde");
    BOOST_TEST((tilde(a).transpose() == -tilde(a)));  // skew-symmetric, exactly
  }
}

BOOST_AUTO_TEST_SUITE_END()
