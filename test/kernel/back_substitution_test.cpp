// kernel/back_substitution.hpp: the Schur-complement hub solve against a dense 6×6 solve.
#include "ramus/kernel/back_substitution.hpp"

#include <Eigen/LU>
#include <Eigen/SVD>
#include <boost/test/unit_test.hpp>

#include "kernel/test_support.hpp"

using namespace ramus;
using ramus::test::check_near;
using ramus::test::random_vector;

namespace {

Eigen::Matrix3d random_matrix() {
  Eigen::Matrix3d M;
  for (Eigen::Index i = 0; i < 3; ++i) M.col(i) = random_vector();
  return M;
}
/// M Mᵀ + 2·1: symmetric positive definite, eigenvalues in [2, 11].
Eigen::Matrix3d random_spd() {
  const Eigen::Matrix3d M = random_matrix();
  return M * M.transpose() + 2.0 * Eigen::Matrix3d::Identity();
}

Eigen::Matrix<double, 6, 6> dense(const HubSystem& s) {
  Eigen::Matrix<double, 6, 6> K;
  K << s.A, s.B, s.C, s.D;
  return K;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(back_substitution)

BOOST_AUTO_TEST_CASE(schur_solve_matches_dense_solve) {
  for (int n = 0; n < 200; ++n) {
    HubSystem s;
    s.A = 50.0 * random_spd();  // [kg], a mass-like block
    s.B = 10.0 * random_matrix();
    s.C = 10.0 * random_matrix();
    s.D = 20.0 * random_spd();  // [kg m²]
    s.vecTrans = random_vector(100.0);
    s.vecRot = random_vector(100.0);
    const Eigen::Matrix<double, 6, 6> K = dense(s);
    const Eigen::JacobiSVD<Eigen::Matrix<double, 6, 6>> svd(K);
    const double cond = svd.singularValues()(0) / svd.singularValues()(5);
    BOOST_REQUIRE_LT(cond, 1e3);  // the tolerance below assumes a well-conditioned system
    Eigen::Matrix<double, 6, 1> rhs;
    rhs << s.vecTrans, s.vecRot;
    const Eigen::Matrix<double, 6, 1> ref = K.fullPivLu().solve(rhs);

    const HubAccelerations acc = solve_hub_system(s);
    Eigen::Matrix<double, 6, 1> got;
    got << acc.rDDot_BN_B, acc.omegaDot_BN_B;
    // Both are backward-stable LU solves: each has a forward error ≲ c·cond·eps·|ref| with c of
    // order 10. The guard keeps cond < 1e3, so the bound is ≲ 2e-12 in the worst admissible draw
    // and ~1e-13 for the typical cond ~ 30 drawn here; 1e-12 relative in the 2-norm.
    BOOST_TEST((got - ref).norm() <= 1e-12 * ref.norm(),
               "draw " << n << " cond " << cond << " error " << (got - ref).norm() / ref.norm());
    // Residual of the original system: small relative to |K||x| whatever the conditioning.
    BOOST_TEST((K * got - rhs).norm() <= 1e-13 * K.norm() * got.norm());
  }
}

BOOST_AUTO_TEST_CASE(uncoupled_blocks_give_separate_solves) {
  // B = C = 0: rDDot = A⁻¹ vecTrans and omegaDot = D⁻¹ vecRot. With diagonal A and D both are
  // divisions, hand-checkable and exact to an ulp.
  HubSystem s;
  s.A = Eigen::Vector3d(2.0, 4.0, 8.0).asDiagonal();
  s.D = Eigen::Vector3d(10.0, 20.0, 40.0).asDiagonal();
  s.vecTrans = Eigen::Vector3d(1.0, 2.0, 3.0);
  s.vecRot = Eigen::Vector3d(5.0, -5.0, 10.0);
  const HubAccelerations acc = solve_hub_system(s);
  check_near(acc.rDDot_BN_B, Eigen::Vector3d(0.5, 0.5, 0.375), 1e-16, "rDDot");
  check_near(acc.omegaDot_BN_B, Eigen::Vector3d(0.5, -0.25, 0.25), 1e-16, "omegaDot");
}

BOOST_AUTO_TEST_CASE(rigid_body_about_offset_point_by_hand) {
  // A rigid body, m = 2 kg, centre of mass c = (0, 0, 1) m from B, I_PntB = diag(3, 3, 1):
  // A = m 1, B = −m[c×], C = m[c×], D = I_PntB; pure torque vecRot = (6, 0, 0) about B, at rest.
  // By hand: D − C A⁻¹ B = I_PntB + m [c×]² = I_PntB − m(|c|² 1 − c cᵀ) = 1 (the inertia about C),
  // so ω̇ = (6, 0, 0) and rDDot = A⁻¹(−B ω̇) = c × ω̇ = (0, 6, 0): C itself stays at rest,
  // rDDot + ω̇ × c = 0, as it must under a pure torque.
  HubSystem s;
  const Eigen::Vector3d c(0.0, 0.0, 1.0);
  s.A = 2.0 * Eigen::Matrix3d::Identity();
  s.B = -2.0 * tilde(c);
  s.C = 2.0 * tilde(c);
  s.D = Eigen::Vector3d(3.0, 3.0, 1.0).asDiagonal();
  s.vecRot = Eigen::Vector3d(6.0, 0.0, 0.0);
  const HubAccelerations acc = solve_hub_system(s);
  check_near(acc.omegaDot_BN_B, Eigen::Vector3d(6.0, 0.0, 0.0), 1e-14, "omegaDot");  // small integers, LU
  check_near(acc.rDDot_BN_B, Eigen::Vector3d(0.0, 6.0, 0.0), 1e-14, "rDDot");
}

BOOST_AUTO_TEST_CASE(accumulate_and_reset) {
  HubSystem a, b;
  a.A = Eigen::Matrix3d::Identity();
  a.vecRot = Eigen::Vector3d(1.0, 2.0, 3.0);
  b.A = 2.0 * Eigen::Matrix3d::Identity();
  b.B = Eigen::Matrix3d::Constant(1.0);
  b.vecTrans = Eigen::Vector3d(4.0, 5.0, 6.0);
  a += b;
  BOOST_TEST((a.A == 3.0 * Eigen::Matrix3d::Identity()));
  BOOST_TEST((a.B == Eigen::Matrix3d::Constant(1.0)));
  BOOST_TEST((a.vecTrans == Eigen::Vector3d(4.0, 5.0, 6.0)));
  BOOST_TEST((a.vecRot == Eigen::Vector3d(1.0, 2.0, 3.0)));
  a.set_zero();
  BOOST_TEST(a.A.isZero(0.0));
  BOOST_TEST(a.B.isZero(0.0));
  BOOST_TEST(a.C.isZero(0.0));
  BOOST_TEST(a.D.isZero(0.0));
  BOOST_TEST(a.vecTrans.isZero(0.0));
  BOOST_TEST(a.vecRot.isZero(0.0));
}

BOOST_AUTO_TEST_SUITE_END()
