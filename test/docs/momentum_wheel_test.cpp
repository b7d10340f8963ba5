// The example effector of docs/adding_an_effector.md (docs/examples/momentum_wheel.cpp), held to
// independent references: the closed form of a spin-up about a principal axis, the conservation of
// angular momentum under an internal torque, the motor's work balance, the library's own
// ReactionWheels (a separate implementation of the same physics), no allocation, and its errors.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <memory>

#include "momentum_wheel.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "support/checks.hpp"
#include "support/hubs.hpp"
#include "support/run.hpp"

namespace {

using namespace ramus;
using example::MomentumWheel;
using example::MomentumWheelConfig;

MomentumWheelConfig tilted_wheel() {
  MomentumWheelConfig c;
  c.gHat_B = Eigen::Vector3d(1.0, 1.0, 1.0).normalized();
  c.r_WB_B = Eigen::Vector3d(0.5, 0.2, -0.3);
  c.m = 5.0;
  c.Js = 0.1;
  c.Jt = 0.06;
  c.u = 0.2;
  c.Omega0 = 10.0;
  return c;
}

/// The standard hub in free space with one wheel, initial rate omega0 [rad/s].
std::shared_ptr<Model> with_wheel(const MomentumWheelConfig& c, const Eigen::Vector3d& omega0) {
  auto model = std::make_shared<Model>();
  Vehicle& v = model->add_vehicle("sc", test::standard_hub());
  v.add_state_effector(std::make_shared<MomentumWheel>("wheel", c));
  v.set_initial_state(
      test::initial_state(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), Quaternion(1.0, 0.0, 0.0, 0.0), omega0));
  model->finalize();
  return model;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(momentum_wheel)

BOOST_AUTO_TEST_CASE(spin_up_about_a_principal_axis_follows_the_closed_form) {
  // Wheel on the hub's z axis, spinning about z: z stays principal and ω stays along z. With
  // I_zz = 600 kg m² (the hub; the wheel's Js then joins it), (W2)–(W3) give ω̇_z = −u/I_zz,hub and
  // Ω̇ = u/Js + u/I_zz,hub: both rates constant, so ω_z and Ω are linear in t.
  MomentumWheelConfig c = tilted_wheel();
  c.gHat_B = Eigen::Vector3d::UnitZ();
  c.r_WB_B = Eigen::Vector3d(0.0, 0.0, 0.4);
  const double omega0 = 0.01, T = 50.0, I_zz = test::standard_hub_inertia().z();
  const auto model = with_wheel(c, Eigen::Vector3d(0.0, 0.0, omega0));
  Eigen::VectorXd x = test::run_logged(System(model), model->initial_state(), T, 500);
  const Eigen::Vector3d omega = x.segment<3>(model->vehicle(0).offsets().omega_BN_B);
  const double Omega = model->state_block(*model->vehicle(0).state_effectors()[0], x)[0];
  // rk4 integrates a linear function exactly: what is left is round-off of 500 steps on values of
  // size 1e-2 (ω) and 1e2 (Ω); 1e-12 relative leaves a margin of 100.
  BOOST_CHECK_SMALL(omega.z() - (omega0 - c.u * T / I_zz), 1e-12 * omega0);
  BOOST_CHECK_SMALL(omega.head<2>().norm(), 1e-15);
  BOOST_CHECK_SMALL(Omega - (c.Omega0 + (c.u / c.Js + c.u / I_zz) * T), 1e-12 * std::abs(Omega));
}

BOOST_AUTO_TEST_CASE(angular_momentum_is_conserved_and_the_motor_work_balances_the_energy) {
  const MomentumWheelConfig c = tilted_wheel();
  const auto model = with_wheel(c, Eigen::Vector3d(0.02, -0.01, 0.03));
  const System system(model);
  const double T = 100.0;
  const int n = 1000;
  const double h = T / n;
  std::vector<double> power;  // [W] the motor's power on the pair rotor–hub, u Ω
  const StateEffector& wheel = *model->vehicle(0).state_effectors()[0];
  const VehicleDiagnostics d0 = vehicle_diagnostics(*model, model->initial_state(), 0.0, 0);
  const Eigen::VectorXd x = test::run_logged(system, model->initial_state(), T, n, [&](Eigen::VectorXd& xs, double) {
    power.push_back(c.u * model->state_block(wheel, xs)[0]);
  });
  const VehicleDiagnostics d1 = vehicle_diagnostics(*model, x, T, 0);
  // The motor torque is internal: H about C holds to rk4's truncation at ω h ≈ 4e-3 over 1000
  // steps (≈ 1e-13 relative) plus round-off; 1e-11 relative leaves a margin of 100.
  BOOST_CHECK_SMALL((d1.H_rot_PntC_N - d0.H_rot_PntC_N).norm(), 1e-11 * d0.H_rot_PntC_N.norm());
  // Work balance: ΔE = ∫ u Ω dt. The trapezoid rule on Ω errs by h² T u max|Ω̈|/12, and
  // Ω̈ = −ĝᵀω̈ ~ |ω|³ ≈ 3e-5 rad/s³ makes that ≈ 5e-7 J against a work of ≈ 2.2e3 J: 1e-9 relative
  // (2e-6 J) bounds it.
  const double dE = (d1.rotational_energy + d1.orbital_energy) - (d0.rotational_energy + d0.orbital_energy);
  const double W = test::trapezoid(power, h);
  BOOST_TEST_MESSAGE("energy change " << dE << " J, motor work " << W << " J (difference " << dE - W << " J), H drift "
                                      << (d1.H_rot_PntC_N - d0.H_rot_PntC_N).norm() / d0.H_rot_PntC_N.norm());
  BOOST_CHECK_SMALL(dE - W, 1e-9 * std::abs(W));
}

BOOST_AUTO_TEST_CASE(agrees_with_the_library_reaction_wheels) {
  // The same rotor as one ReactionWheels wheel (systems/, a separate implementation): the two runs
  // agree to round-off (1e-12 relative on states of size ≤ 1e2 after 500 steps).
  const MomentumWheelConfig c = tilted_wheel();
  const Eigen::Vector3d omega0(0.02, -0.01, 0.03);
  const auto a = with_wheel(c, omega0);
  auto b = std::make_shared<Model>();
  Vehicle& v = b->add_vehicle("sc", test::standard_hub());
  ReactionWheelConfig w;
  w.gsHat_B = c.gHat_B;
  w.r_WcB_B = units::Length3(c.r_WB_B, units::si::meter);
  w.mass = c.m * units::si::kilogram;
  w.Js = c.Js * units::kg_m2;
  w.Jt = c.Jt * units::kg_m2;
  w.Omega0 = c.Omega0 * units::si::radian_per_second;
  w.motor_torque = c.u * units::newton_meter;
  v.add_state_effector(std::make_shared<ReactionWheels>("wheels", std::vector<ReactionWheelConfig>{w}));
  v.set_initial_state(
      test::initial_state(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), Quaternion(1.0, 0.0, 0.0, 0.0), omega0));
  b->finalize();
  BOOST_REQUIRE(a->layout().size() == b->layout().size());
  const Eigen::VectorXd xa = test::run_logged(System(a), a->initial_state(), 50.0, 500);
  const Eigen::VectorXd xb = test::run_logged(System(b), b->initial_state(), 50.0, 500);
  BOOST_CHECK_SMALL((xa - xb).cwiseAbs().maxCoeff(), 1e-12 * xb.cwiseAbs().maxCoeff());
}

BOOST_AUTO_TEST_CASE(its_evaluation_does_not_allocate) {
  const auto model = with_wheel(tilted_wheel(), Eigen::Vector3d(0.02, -0.01, 0.03));
  test::check_rhs_does_not_allocate(System(model), model->initial_state());
}

BOOST_AUTO_TEST_CASE(bad_parameters_are_refused_with_the_field_named) {
  MomentumWheelConfig c = tilted_wheel();
  c.Js = 0.0;
  test::check_rejected([&] { MomentumWheel("w", c); }, {"momentum_wheel 'w'", "Js [kg m^2]", "0"});
  c = tilted_wheel();
  c.gHat_B = Eigen::Vector3d(1.0, 1.0, 0.0);
  test::check_rejected([&] { MomentumWheel("w", c); }, {"momentum_wheel 'w'", "gHat_B"});
}

BOOST_AUTO_TEST_SUITE_END()
