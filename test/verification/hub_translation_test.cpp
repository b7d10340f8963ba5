// What the state carries of a hub's translation (docs/architecture.md §16): B, the centre of mass
// C, or nothing (a clamped hub). References: a circular orbit's closed form for C (gravity uniform
// over the vehicle acts at C, docs/architecture.md (6), so C moves on a Kepler orbit whatever the
// attitude does), the same vehicle propagated with its state at B (step halving gives the scale of
// the truncation error both runs share), and a fixed-base hinge oscillator's closed form.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <numbers>

#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/samples/spacecraft.hpp"
#include "ramus/steppers/propagate.hpp"
#include "verification_support.hpp"

namespace {

using namespace ramus;
using ramus::verification::kEps;

const double kMu = CentralBodyGravity::earth().mu();  // [m³/s²] the Earth's, point mass
constexpr double kR = 7.0e6;                          // [m] circular orbit radius

/// A tumbling rigid hub whose centre of mass Bc is `offset` [m] from B along b1, C on a circular
/// orbit of radius kR (given at C), its state at `translation`.
std::shared_ptr<Model> tumbling_in_orbit(double offset, HubTranslation translation) {
  namespace si = boost::units::si;
  auto model = std::make_shared<Model>();
  HubConfig hub;
  hub.mass = 500.0 * si::kilogram;
  hub.I_PntBc_B = units::InertiaTensor(Eigen::Vector3d(400.0, 300.0, 200.0).asDiagonal(), units::kg_m2);
  hub.r_BcB_B = units::Length3(Eigen::Vector3d(offset, 0.0, 0.0), si::meter);
  Vehicle& v = model->add_vehicle("sc", hub);
  InitialState init;
  init.point = ReferencePoint::C;
  init.r_N = units::Length3(Eigen::Vector3d(kR, 0.0, 0.0), si::meter);
  init.v_N = units::Velocity3(Eigen::Vector3d(0.0, std::sqrt(kMu / kR), 0.0), si::meter_per_second);
  init.omega_BN_B = units::AngularVelocity3(Eigen::Vector3d(0.3, -0.2, 0.5), si::radian_per_second);
  v.set_initial_state(init);
  v.set_hub_translation(translation);
  model->set_gravity(std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth()));
  model->finalize();
  return model;
}

/// C of vehicle 0 at (x, t): from the state when it holds C, else from the diagnostics.
Eigen::Vector3d centre_of_mass(const Model& model, const Eigen::VectorXd& x, double t) {
  const VehicleOffsets& o = model.vehicle(0).offsets();
  if (o.translation == HubTranslation::C) return x.segment<3>(o.r_N);
  return vehicle_diagnostics(model, x, t, 0).r_CN_N;
}

Eigen::VectorXd run(const std::shared_ptr<Model>& model, double T, double dt) {
  return verification::run(model, T, "rk4", dt);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hub_translation)

// The measurement of docs/verification/HUB_TRANSLATION.md: one orbit (5 828 s) of a vehicle
// tumbling at 0.62 rad/s, rk4 at 0.5 s. With B 3.5 m from C and the state at B, the orbit of C
// inherits the integration error of the lever arm's motion (|ω|² 3.5 m ≈ 1.3 m/s², swinging at
// the tumble's frequencies); with the state at C it is the Kepler problem the centred vehicle
// integrates.
BOOST_AUTO_TEST_CASE(state_at_c_keeps_the_orbit_of_an_offset_vehicle) {
  const double n = std::sqrt(kMu / (kR * kR * kR));
  const double T = 2.0 * std::numbers::pi / n, dt = 0.5;
  const Eigen::Vector3d C_exact(kR * std::cos(n * T), kR * std::sin(n * T), 0.0);
  const auto error = [&](double offset, HubTranslation translation) {
    const auto model = tumbling_in_orbit(offset, translation);
    return (centre_of_mass(*model, run(model, T, dt), T) - C_exact).norm();
  };
  const double centred = error(0.0, HubTranslation::B);
  const double offset_at_B = error(3.5, HubTranslation::B);
  const double offset_at_C = error(3.5, HubTranslation::C);
  BOOST_TEST_MESSAGE("one orbit, rk4 0.5 s: |ΔC| centred " << centred << " m, B 3.5 m from C: state at B "
                                                           << offset_at_B << " m, state at C " << offset_at_C << " m");
  // At C, the offset vehicle integrates the centred one's equations for C (v̇_C = g(r_C)), up to
  // the rounding of the lever-arm terms that cancel in eq. (9): a few ulp of 8 m/s² per
  // evaluation, accumulated over 4·11 656 evaluations and doubled by the orbit's sensitivity
  // (~1e-15 · 8 m/s² · T² ≈ 3e-7 m). Twice the centred error plus 1e-6 m bounds it.
  BOOST_TEST(offset_at_C <= 2.0 * centred + 1e-6);
  // The option's point: the state at B is at least ten times worse here (the finding).
  BOOST_TEST(offset_at_B >= 10.0 * offset_at_C);
}

// The same vehicle, state at B or at C, is the same physics: with appendages (panels2, whose hub
// is 1 m off B) tumbling free, both runs approximate one solution, and they differ by no more
// than their truncation errors, whose scale the B run's step halving gives.
BOOST_AUTO_TEST_CASE(state_at_c_and_at_b_give_one_motion) {
  const auto build = [](HubTranslation translation) {
    auto model = samples::panels2();
    model->vehicle(0).set_hub_translation(translation);
    model->finalize();
    return model;
  };
  const auto at_B = build(HubTranslation::B), at_C = build(HubTranslation::C);
  BOOST_TEST(at_C->layout().entry_name(at_C->vehicle(0).offsets().r_N) == "sc/C.r_CN_N[0]");
  BOOST_TEST(at_C->layout().entry_name(at_C->vehicle(0).offsets().v_N) == "sc/C.v_CN_N[0]");
  // The initial states are one physical state: C's of the B run is the C run's state.
  const Eigen::Vector3d C0 = centre_of_mass(*at_B, at_B->initial_state(), 0.0);
  BOOST_TEST((C0 - at_C->initial_state().segment<3>(0)).norm() <= 1e-15);  // [m] |C0| ~ 0: rounding

  const double T = 20.0, dt = 0.01;
  const Eigen::VectorXd xB = run(at_B, T, dt), xB2 = run(at_B, T, dt / 2.0), xC = run(at_C, T, dt);
  const VehicleDiagnostics dB = vehicle_diagnostics(*at_B, xB, T, 0), dB2 = vehicle_diagnostics(*at_B, xB2, T, 0),
                           dC = vehicle_diagnostics(*at_C, xC, T, 0);
  const double truncation = (dB.r_CN_N - dB2.r_CN_N).norm() + (dB.hub.r_FN_N - dB2.hub.r_FN_N).norm();
  const double gap = (dB.r_CN_N - dC.r_CN_N).norm() + (dB.hub.r_FN_N - dC.hub.r_FN_N).norm();
  BOOST_TEST_MESSAGE("panels2, 20 s: |C|+|B| gap between the runs " << gap << " m, step-halving scale " << truncation
                                                                    << " m");
  // rk4's error at dt is 16/15 of the halving difference; the C run's, on different variables, is
  // of the same order: three times the scale, plus rounding of metre-sized positions.
  BOOST_TEST(gap <= 3.0 * truncation + 1e-12);
  // The panels' angles agree the same way (the state after the translational blocks is the same).
  const Eigen::Index k = at_B->vehicle(0).offsets().state_effectors[0];
  BOOST_TEST(std::abs(xB[k] - xC[k]) <= 3.0 * std::abs(xB[k] - xB2[k]) + 1e-12);
}

// Mass leaving moves C through the vehicle: ṙ_C = v_C + [NB] (Σ ṁ r_O − ṁ c)/m, eq. (20b). Over
// the burn's 20 s (0.23 kg/s from a tank 0.5 m up b3) that term moves C by 0.9 mm against the B run:
// without it the check below fails by six orders of magnitude.
BOOST_AUTO_TEST_CASE(state_at_c_follows_a_depleting_vehicle) {
  const auto build = [](HubTranslation translation) {
    auto model = samples::burn().model;
    model->vehicle(0).set_hub_translation(translation);
    model->finalize();
    return model;
  };
  const auto at_B = build(HubTranslation::B), at_C = build(HubTranslation::C);
  const double T = 20.0, dt = 0.01;
  const Eigen::VectorXd xB = run(at_B, T, dt), xB2 = run(at_B, T, dt / 2.0), xC = run(at_C, T, dt);
  const VehicleDiagnostics dB = vehicle_diagnostics(*at_B, xB, T, 0), dB2 = vehicle_diagnostics(*at_B, xB2, T, 0),
                           dC = vehicle_diagnostics(*at_C, xC, T, 0);
  const double truncation = (dB.r_CN_N - dB2.r_CN_N).norm() + (dB.v_CN_N - dB2.v_CN_N).norm();
  const double gap = (dB.r_CN_N - xC.segment<3>(0)).norm() + (dB.v_CN_N - xC.segment<3>(3)).norm();
  BOOST_TEST_MESSAGE("burn, 20 s: C gap " << gap << " (m + m/s), step-halving scale " << truncation);
  // As above; the positions reach ~600 m in 20 s, whose rounding (1e-13 m per step) stays below 1e-9.
  BOOST_TEST(gap <= 3.0 * truncation + 1e-9);
  // The C run's own diagnostics place C where its state says, up to rounding of B + [NB] c.
  BOOST_TEST((dC.r_CN_N - xC.segment<3>(0)).norm() <= 64.0 * kEps * (1.0 + xC.segment<3>(0).norm()));
}

// A clamped hub holds still and its appendage swings as on a fixed base: a hinged panel of
// I_c,22 = 50 kg m² with its centre d = 1.5 m from the hinge, 100 kg, k = 100 N m/rad, oscillates
// at ω² = k / (I_c,22 + m d²) = 100 / 275 (rad/s)², θ = θ0 cos ωt.
BOOST_AUTO_TEST_CASE(clamped_hub_is_a_fixed_base) {
  auto model = std::make_shared<Model>();
  Vehicle& v = model->add_vehicle("sc", samples::hub());
  auto panel = std::make_shared<HingedRigidBody>("panel", samples::basilisk_panel(1));
  v.add_state_effector(panel);
  v.set_hub_translation(HubTranslation::clamped);
  model->finalize();
  const Eigen::VectorXd x0 = model->initial_state();
  const double T = 20.0, dt = 0.005;
  const Eigen::VectorXd x = run(model, T, dt);
  const VehicleOffsets& o = model->vehicle(0).offsets();
  // The hub's blocks do not change at all: their derivatives are zero.
  BOOST_TEST((x.head(o.omega_BN_B + 3) - x0.head(o.omega_BN_B + 3)).norm() == 0.0);
  const double theta0 = 5.0 * std::numbers::pi / 180.0, omega = std::sqrt(100.0 / 275.0);
  const double theta = x[o.state_effectors[0]];
  BOOST_TEST_MESSAGE("clamped hub: θ(20 s) − θ0 cos ωt = " << theta - theta0 * std::cos(omega * T) << " rad");
  // rk4 at ω dt = 0.003: phase error ω T (ω dt)⁴/120 ~ 1e-12 of θ0; 1e-10 rad leaves room for the
  // model's rounding, while a wrong inertia (a free hub: ω changes by tens of %) fails by 1e-2.
  BOOST_TEST(std::abs(theta - theta0 * std::cos(omega * T)) <= 1e-10);
}

BOOST_AUTO_TEST_CASE(clamped_hub_refuses_motion) {
  const auto refused = [](const InitialState& init, const std::string& field) {
    Model model;
    Vehicle& v = model.add_vehicle("sc", samples::hub());
    v.set_initial_state(init);
    v.set_hub_translation(HubTranslation::clamped);
    try {
      model.finalize();
    } catch (const ConfigurationError& e) {
      return e.field() == field && std::string(e.what()).find("vehicle 'sc'") != std::string::npos;
    }
    return false;
  };
  InitialState moving;
  moving.v_N = units::Velocity3(Eigen::Vector3d(0.0, 1.0, 0.0), units::si::meter_per_second);
  BOOST_TEST(refused(moving, "v_N [m/s]"));
  InitialState spinning;
  spinning.omega_BN_B = units::AngularVelocity3(samples::omega0_BN_B(), units::si::radian_per_second);
  BOOST_TEST(refused(spinning, "omega_BN_B [rad/s]"));
  InitialState at_C;
  at_C.point = ReferencePoint::C;
  BOOST_TEST(refused(at_C, "point"));
  // After finalize the choice is frozen, like the rest of the vehicle's structure.
  Model model;
  model.add_vehicle("sc", samples::hub());
  model.finalize();
  BOOST_CHECK_THROW(model.vehicle(0).set_hub_translation(HubTranslation::C), ConfigurationError);
}

BOOST_AUTO_TEST_SUITE_END()
