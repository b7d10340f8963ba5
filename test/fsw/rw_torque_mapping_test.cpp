// Reaction-wheel torque mapping (docs/fsw/rw_torque_mapping.md): the hub torque of the mapped
// command against the request, the command against the SVD pseudo-inverse (minimum norm), the
// control-axes option, and the saturation flags against the limits applied independently here.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <numbers>

#include "ramus/fsw/rw_torque_mapping.hpp"
#include "ramus/kernel/random_stream.hpp"
#include "support/checks.hpp"

namespace {

using namespace ramus;
using namespace ramus::fsw;
constexpr double kInf = std::numeric_limits<double>::infinity();

// Four wheels in a pyramid about +z, each tilted `beta` from the xy-plane.
Eigen::Matrix3Xd pyramid(double beta) {
  Eigen::Matrix3Xd G(3, 4);
  for (int i = 0; i < 4; ++i) {
    const double a = 0.5 * std::numbers::pi * i;
    G.col(i) = Eigen::Vector3d(std::cos(beta) * std::cos(a), std::cos(beta) * std::sin(a), std::sin(beta));
  }
  return G;
}

RwTorqueMappingConfig unlimited(const Eigen::Matrix3Xd& G) {
  RwTorqueMappingConfig c;
  c.Gs_B = G;
  c.u_max = Eigen::VectorXd::Constant(G.cols(), kInf);
  c.Omega_max = Eigen::VectorXd::Constant(G.cols(), kInf);
  return c;
}

// Braces: the draws are taken in order (a parenthesized constructor call's are not, and GCC and
// clang differ).
Eigen::Vector3d random_vector(RandomStream& rng) { return Eigen::Vector3d{rng.normal(), rng.normal(), rng.normal()}; }

}  // namespace

BOOST_AUTO_TEST_SUITE(rw_torque_mapping)

// Unsaturated: −Gs u = L_r (eq. (1)) to 1e-14 relative, and u = −pinv(Gs) L_r by an SVD (the
// minimum-norm solution), for a pyramid and for random wheel sets.
BOOST_AUTO_TEST_CASE(unsaturated_command_reproduces_the_torque_with_minimum_norm) {
  RandomStream rng(11, 0, 2);
  for (int set = 0; set < 20; ++set) {
    Eigen::Matrix3Xd G(3, 4);
    if (set == 0) {
      G = pyramid(std::asin(1.0 / std::sqrt(3.0)));  // the standard 54.7° pyramid
    } else {
      for (int i = 0; i < 4; ++i) G.col(i) = random_vector(rng).normalized();
    }
    RwTorqueMapping map("rw", unlimited(G));
    const Eigen::MatrixXd pinv = G.jacobiSvd(Eigen::ComputeFullU | Eigen::ComputeFullV)
                                     .solve(Eigen::Matrix3d::Identity());  // 4×3 least-norm inverse
    const double cond = G.jacobiSvd().singularValues()(0) / G.jacobiSvd().singularValues()(2);
    for (int k = 0; k < 10; ++k) {
      const Eigen::Vector3d L = random_vector(rng);
      const RwTorqueCommand& cmd = map.map(L, Eigen::VectorXd::Zero(4));
      // Round-off of the 3×3 solve: ~ε times the condition number (≤ ~10 for these sets), ×10.
      BOOST_TEST((-G * cmd.u_applied - L).norm() <= 1e-14 * cond * L.norm());
      BOOST_TEST((cmd.L_applied_B - L).norm() <= 1e-14 * cond * L.norm());
      BOOST_TEST((cmd.u_requested - (-pinv * L)).norm() <= 1e-14 * cond * cmd.u_requested.norm());
      BOOST_TEST((cmd.u_applied - cmd.u_requested).norm() == 0.0);
      BOOST_TEST(!cmd.any_saturated);
      // Minimum norm: u has no component in the null space of Gs.
      const Eigen::VectorXd null = G.jacobiSvd(Eigen::ComputeFullV).matrixV().col(3);
      BOOST_TEST(std::abs(null.dot(cmd.u_requested)) <= 1e-14 * cond * cmd.u_requested.norm());
    }
  }
}

// Three orthogonal wheels along the body axes: u = −L_r exactly (the sign convention of eq. (1)).
BOOST_AUTO_TEST_CASE(orthogonal_wheels_reverse_the_request) {
  RwTorqueMapping map("rw", unlimited(Eigen::Matrix3d::Identity()));
  const Eigen::Vector3d L(0.1, -0.2, 0.3);
  BOOST_TEST((map.map(L, Eigen::Vector3d::Zero()).u_requested + L).norm() <= 1e-16);
}

// Only x and y controlled (eq. (3) with C of two rows): C(−Gs u) = C L_r, u = −pinv(C Gs) C L_r.
BOOST_AUTO_TEST_CASE(control_axes_option) {
  RwTorqueMappingConfig c = unlimited(pyramid(0.6));
  Eigen::Matrix3Xd axes(3, 2);
  axes << 1.0, 0.0, 0.0, 1.0, 0.0, 0.0;
  c.control_axes_B = axes;
  RwTorqueMapping map("rw", c);
  const Eigen::MatrixXd CG = axes.transpose() * c.Gs_B;
  const Eigen::MatrixXd pinv =
      CG.jacobiSvd(Eigen::ComputeFullU | Eigen::ComputeFullV).solve(Eigen::MatrixXd::Identity(2, 2));
  const Eigen::Vector3d L(0.3, -0.1, 5.0);  // the z request is ignored
  const RwTorqueCommand& cmd = map.map(L, Eigen::VectorXd::Zero(4));
  BOOST_TEST((axes.transpose() * (-c.Gs_B * cmd.u_requested) - axes.transpose() * L).norm() <= 1e-14 * L.norm());
  BOOST_TEST((cmd.u_requested + pinv * (axes.transpose() * L)).norm() <= 1e-14 * cmd.u_requested.norm());
}

// Flags raised exactly when a limit binds; the applied command is the hardware-saturated one
// (written out here from the limits); the requested command is kept unchanged.
BOOST_AUTO_TEST_CASE(saturation_flags_and_applied_command) {
  const Eigen::Matrix3Xd G = pyramid(std::asin(1.0 / std::sqrt(3.0)));
  RwTorqueMappingConfig c = unlimited(G);
  c.u_max = Eigen::Vector4d(0.05, 0.08, 0.1, 0.2);
  c.Omega_max = Eigen::Vector4d(600.0, 600.0, 600.0, 600.0);
  RwTorqueMapping map("rw", c);
  const RwTorqueMapping free("free", unlimited(G));
  RandomStream rng(12, 0, 3);
  int torque_flags = 0, speed_flags = 0, clear = 0;
  for (int k = 0; k < 400; ++k) {
    const Eigen::Vector3d L = 0.12 * random_vector(rng);
    Eigen::Vector4d Omega;
    for (int i = 0; i < 4; ++i) {
      // A quarter of the wheels at or beyond their speed limit, either sign.
      const double r = rng.uniform();
      Omega[i] =
          r < 0.25 ? (rng.uniform() < 0.5 ? -1.0 : 1.0) * (600.0 + 50.0 * rng.uniform()) : 500.0 * (2.0 * r - 1.0);
    }
    const RwTorqueCommand& cmd = map.map(L, Omega);
    const Eigen::VectorXd u = -G.jacobiSvd(Eigen::ComputeFullU | Eigen::ComputeFullV).solve(L);
    BOOST_TEST((cmd.u_requested - u).norm() <= 1e-13 * u.norm());  // never altered by the limits
    bool any = false;
    for (int i = 0; i < 4; ++i) {
      const bool torque_binds = std::abs(cmd.u_requested[i]) > c.u_max[i];
      const bool speed_binds = std::abs(Omega[i]) >= c.Omega_max[i] && cmd.u_requested[i] * Omega[i] > 0.0;
      BOOST_TEST(cmd.torque_saturated[i] == torque_binds);
      BOOST_TEST(cmd.speed_saturated[i] == speed_binds);
      const double hardware = speed_binds ? 0.0 : std::max(-c.u_max[i], std::min(c.u_max[i], cmd.u_requested[i]));
      BOOST_TEST(cmd.u_applied[i] == hardware);
      torque_flags += torque_binds;
      speed_flags += speed_binds;
      any = any || torque_binds || speed_binds;
    }
    BOOST_TEST(cmd.any_saturated == any);
    clear += !any;
    BOOST_TEST((cmd.L_applied_B + G * cmd.u_applied).norm() <= 1e-15 * 10);
  }
  // Every branch is exercised.
  BOOST_TEST(torque_flags > 20);
  BOOST_TEST(speed_flags > 20);
  BOOST_TEST(clear > 20);
}

// A wheel at its speed limit may be torqued back towards zero speed: no flag, full torque.
BOOST_AUTO_TEST_CASE(wheel_at_its_speed_limit_may_slow_down) {
  RwTorqueMappingConfig c = unlimited(Eigen::Matrix3d::Identity());
  c.Omega_max = Eigen::Vector3d(100.0, 100.0, 100.0);
  RwTorqueMapping map("rw", c);
  // u = −L: wheel 1 at +100 rad/s gets u = −0.1 (slows down), wheel 2 at −100 gets u = −0.1 (speeds up).
  // Wheel 3 at its limit with no torque asked: nothing binds.
  const RwTorqueCommand& cmd = map.map(Eigen::Vector3d(0.1, 0.1, 0.0), Eigen::Vector3d(100.0, -100.0, 100.0));
  BOOST_TEST(!cmd.speed_saturated[0]);
  BOOST_TEST(cmd.u_applied[0] == -0.1);
  BOOST_TEST(cmd.speed_saturated[1]);
  BOOST_TEST(cmd.u_applied[1] == 0.0);
  BOOST_TEST(!cmd.speed_saturated[2]);
  BOOST_TEST(cmd.any_saturated);  // wheel 2
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(rw_torque_mapping_errors)

BOOST_AUTO_TEST_CASE(each_bad_field_is_named_with_its_unit_and_value) {
  using ramus::test::check_rejected;
  auto make = [](const RwTorqueMappingConfig& c) { return [c] { RwTorqueMapping("rw", c); }; };
  const Eigen::Matrix3Xd G = pyramid(0.6);
  RwTorqueMappingConfig c = unlimited(G);
  // Rank 2: all four spin axes in the xy-plane, full control asked.
  c = unlimited(pyramid(0.0));
  check_rejected(make(c), {"rw_torque_mapping 'rw'", "Gs_B [1]", "rank 2 < 3", "every body axis"});
  // With x and y only, the planar set is fine.
  Eigen::Matrix3Xd xy(3, 2);
  xy << 1.0, 0.0, 0.0, 1.0, 0.0, 0.0;
  c.control_axes_B = xy;
  BOOST_CHECK_NO_THROW(RwTorqueMapping("rw", c));
  c = unlimited(G);
  c.u_max[2] = -0.1;
  check_rejected(make(c), {"rw_torque_mapping 'rw'", "u_max[2] [N m]", "-0.1", "positive"});
  c = unlimited(G);
  c.u_max[0] = 0.0;
  check_rejected(make(c), {"rw_torque_mapping 'rw'", "u_max[0] [N m]", "= 0"});
  c = unlimited(G);
  c.Omega_max[3] = -600.0;
  check_rejected(make(c), {"rw_torque_mapping 'rw'", "Omega_max[3] [rad/s]", "-600"});
  c = unlimited(G);
  c.Omega_max[1] = std::numeric_limits<double>::quiet_NaN();
  check_rejected(make(c), {"rw_torque_mapping 'rw'", "Omega_max[1] [rad/s]", "nan"});
  c = unlimited(G);
  c.Gs_B(1, 1) *= 2.0;
  check_rejected(make(c), {"rw_torque_mapping 'rw'", "Gs_B column[1] [1]", "unit"});
  c = unlimited(G);
  c.u_max = Eigen::Vector3d::Ones();
  check_rejected(make(c), {"rw_torque_mapping 'rw'", "u_max [N m]", "3 entries", "4"});
  c = unlimited(G);
  c.control_axes_B = Eigen::Matrix3Xd(3, 0);
  check_rejected(make(c), {"rw_torque_mapping 'rw'", "control_axes_B [1]", "1 to 3"});
}

BOOST_AUTO_TEST_CASE(wrong_number_of_wheel_speeds_is_refused) {
  RwTorqueMapping map("rw", unlimited(pyramid(0.6)));
  BOOST_CHECK_EXCEPTION(map.map(Eigen::Vector3d::Zero(), Eigen::VectorXd::Zero(3)), ramus::Error,
                        ramus::test::message_has_all({"rw_torque_mapping 'rw'", "Omega [rad/s]", "3 entries"}));
}

BOOST_AUTO_TEST_SUITE_END()
