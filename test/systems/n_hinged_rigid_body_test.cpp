// N hinged rigid bodies (docs/models/n_hinged_rigid_body.md): one panel equals the hinged rigid
// body, the folding array's normal modes on a massive hub (closed form from a hand-written planar
// mass matrix), the dense Kane reference at a general state, conservation and work in orbit,
// convergence, rejected inputs. Branching: family_branching_test.cpp.
#include "ramus/systems/n_hinged_rigid_body.hpp"

#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "ramus/steppers/step_halving.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "support/models.hpp"
#include "systems/chain_support.hpp"
#include "systems/effector_cases.hpp"

namespace {

using namespace ramus;
using namespace ramus::chain_test;

/// A panel in SI as the test reads it.
struct Panel {
  double m, d, length;
  Eigen::Matrix3d I, dcm_HP;
  double k, c, theta0, thetaDot0;
};

HingedPanelConfig config_of(const Panel& p) {
  HingedPanelConfig c;
  c.mass = p.m * si::kilogram;
  c.I_PntSc_S = inertia(p.I);
  c.d = p.d * si::meter;
  c.length = p.length * si::meter;
  c.dcm_HP = p.dcm_HP;
  c.k = p.k * si::newton * si::meter / si::radian;
  c.c = p.c * si::newton * si::meter * si::second / si::radian;
  c.theta0 = p.theta0 * si::radian;
  c.thetaDot0 = p.thetaDot0 * si::radian_per_second;
  return c;
}

std::shared_ptr<NHingedRigidBody> array_of(const std::vector<Panel>& panels, const Eigen::Vector3d& r_H1B_B,
                                           const std::string& name = "array") {
  std::vector<HingedPanelConfig> c;
  for (const Panel& p : panels) c.push_back(config_of(p));
  return std::make_shared<NHingedRigidBody>(name, meters(r_H1B_B), c);
}

const Eigen::Vector3d kHinge1(0.5, -0.2, 1.0);  ///< [m] r_H1B_B of the arrays below

/// Three different panels, full inertia tensors, hinge frames not parallel (a 10° twist between
/// panels 1 and 2, and panel 3 folded back: dcm diag(−1, −1, 1)).
std::vector<Panel> twisted_panels(bool damped = false) {
  const double c = damped ? 1.0 : 0.0;
  return {{50.0, 1.0, 2.0, full_inertia(Eigen::Vector3d(50.0, 30.0, 40.0)), rotation(Eigen::Vector3d(0, 0, 1), 0.3),
           100.0, 20.0 * c, 5.0 * kDeg, -1.0 * kDeg},
          {30.0, 0.8, 1.5, full_inertia(Eigen::Vector3d(25.0, 15.0, 20.0), 0.9),
           rotation(Eigen::Vector3d(1, 0, 0), 10.0 * kDeg), 60.0, 10.0 * c, -10.0 * kDeg, 2.0 * kDeg},
          {20.0, 0.6, 1.2, full_inertia(Eigen::Vector3d(10.0, 8.0, 6.0), -0.5), Eigen::Vector3d(-1, -1, 1).asDiagonal(),
           40.0, 5.0 * c, 15.0 * kDeg, 0.0}};
}

/// The conservation setup (orbit_model) with the twisted array.
std::shared_ptr<SerialChain> twisted_array() { return array_of(twisted_panels(), kHinge1); }

}  // namespace

BOOST_AUTO_TEST_SUITE(n_hinged_rigid_body)

BOOST_AUTO_TEST_CASE(one_panel_equals_hinged_rigid_body_over_a_run) {
  // N = 1 with the hinged rigid body's parameters (Basilisk's panel, full tensor) is the same chain
  // link, so the same arithmetic: the runs agree to the last bit. Tolerance 1e-15 relative (a
  // mapping error — d, r_HB_B, dcm_HB, the axis — changes the state at O(1)).
  const HingedRigidBodyConfig h = hinged_config();
  // The panel's numbers as the array's one panel (no panel follows: no length), θ̇0 = 0.3 rad/s.
  const HingedPanelConfig p = config_of(
      {h.mass.value(), h.d.value(), 0.0, h.I_PntSc_S.si(), h.dcm_HB, h.k.value(), 0.0, h.theta0.value(), 0.3});
  HingedRigidBodyConfig h2 = h;
  h2.thetaDot0 = p.thetaDot0;
  const ChainModel a = orbit_model({std::make_shared<NHingedRigidBody>("array", h.r_HB_B, std::vector{p})});
  const ChainModel b = orbit_model({std::make_shared<HingedRigidBody>("panel", h2)});
  const double diff = run_difference(a, b);
  BOOST_TEST_MESSAGE("one panel vs hinged_rigid_body: " << diff);
  BOOST_TEST(diff <= 1e-15);
}

BOOST_AUTO_TEST_CASE(folding_array_normal_modes_on_massive_hub) {
  // Three panels on parallel hinges (dcm_HP = 1 after the first), straight at θ = 0, on a hub of
  // 1e12 kg and kg m² at rest, no gravity. Linearised, the panels move in the plane ⊥ ŝ2; with
  // absolute angles α_i = Σ_{j≤i} θ_j the c.o.m. of panel k moves at Σ_{j<k} l_j α̇_j + d_k α̇_k, so
  //   M_α = diag(J_i) + Σ_k m_k a_k a_kᵀ,  a_k = (l_1, …, l_{k−1}, d_k, 0, …),  J_i = I_i(ŝ2, ŝ2),
  // M_θ = Tᵀ M_α T (α = T θ, T lower-triangular ones), K = diag(k_i): θ(t) is the modal sum of
  // K φ = ω² M_θ φ (eq. 3). Written here from the panel parameters, not from the engine.
  // Amplitudes ~1e-4 rad: the nonlinear terms shift the frequencies by ~ε² = 1e-8 (over ω T ≤ 60
  // rad: ~1e-11 rad); the hub's finite mass ~m/M; rk4 at 1e-3 s (ω ≤ 6 rad/s): ≲ 1e-14 rad.
  // Tolerance 1e-10 rad, 1e-6 of the amplitude: a length or d off by 1e-4 m fails it.
  std::vector<Panel> panels = twisted_panels();
  panels[1].dcm_HP = Eigen::Matrix3d::Identity();
  panels[2].dcm_HP = Eigen::Matrix3d::Identity();
  const Eigen::Vector3d th0(1e-4, -2e-4, 1.5e-4), thd0(0.0, 1e-4, -0.5e-4);
  for (int i = 0; i < 3; ++i)
    panels[static_cast<std::size_t>(i)].theta0 = th0[i], panels[static_cast<std::size_t>(i)].thetaDot0 = thd0[i];
  samples::reference::DenseHub hub;
  hub.m = 1e12;
  hub.I_PntBc_B = 1e12 * Eigen::Matrix3d::Identity();
  InitialState ic;
  const ChainModel m = make_model(hub, ic, {array_of(panels, kHinge1)});
  // the closed form
  Eigen::Matrix3d Ma = Eigen::Matrix3d::Zero();
  for (int k = 0; k < 3; ++k) {
    const Panel& p = panels[static_cast<std::size_t>(k)];
    Eigen::Vector3d a = Eigen::Vector3d::Zero();
    for (int j = 0; j < k; ++j) a[j] = panels[static_cast<std::size_t>(j)].length;
    a[k] = p.d;
    Ma += p.m * a * a.transpose();
    Ma(k, k) += p.I(1, 1);
  }
  Eigen::Matrix3d T;
  T << 1, 0, 0, 1, 1, 0, 1, 1, 1;
  const Eigen::Matrix3d M = T.transpose() * Ma * T;
  const Eigen::Matrix3d K = Eigen::Vector3d(panels[0].k, panels[1].k, panels[2].k).asDiagonal();
  const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::Matrix3d> modes(K, M);  // φᵀ M φ = 1
  const double t_end = 10.0;
  Eigen::Vector3d ref = Eigen::Vector3d::Zero();
  for (int i = 0; i < 3; ++i) {
    const Eigen::Vector3d phi = modes.eigenvectors().col(i);
    const double w = std::sqrt(modes.eigenvalues()[i]);
    ref += phi * (phi.dot(M * th0) * std::cos(w * t_end) + phi.dot(M * thd0) * std::sin(w * t_end) / w);
  }
  const Eigen::VectorXd x = chain_test::run_logged(System(m.model), m.model->initial_state(), t_end, 10000);
  const Eigen::Index off = m.model->vehicle(0).offsets().state_effectors[0];
  const Eigen::Vector3d err = x.segment<3>(off) - ref;
  BOOST_TEST_MESSAGE("folding array modes: frequencies " << modes.eigenvalues().cwiseSqrt().transpose()
                                                         << " rad/s, |dtheta| " << err.transpose());
  BOOST_TEST(err.lpNorm<Eigen::Infinity>() < 1e-10);
  BOOST_TEST(ref.lpNorm<Eigen::Infinity>() > 5e-5);  // the panels do move
}

BOOST_AUTO_TEST_CASE(dense_kane_reference_at_a_general_state) {
  // The twisted array (full tensors, non-parallel hinges) on Basilisk's offset hub at a general
  // state (hub rate, joint angles and rates, motor torques): the hub and joint accelerations against
  // the dense Kane solve of samples/include/ramus/samples/reference/dense_multibody.hpp, whose links are written here
  // from the panel parameters (revolute about ŝ2, c.o.m. at −d ŝ1, hinge 1 at r_H1B_B, hinge i+1 at −l_i ŝ1 of panel
  // i). Tolerance 1e-12 of the system scale (argued in serial_chain_test.cpp: a backward-stable O(N) recursion against
  // a dense solve, cond ≲ 1e3).
  const std::vector<Panel> panels = twisted_panels(true);
  const Eigen::Vector3d u(3.0, -2.0, 1.5), w0(0.2, -0.3, 0.25);
  auto array = array_of(panels, kHinge1);
  for (std::size_t i = 0; i < 3; ++i) array->set_motor_torque(i, u[static_cast<Eigen::Index>(i)] * units::newton_meter);
  InitialState ic;
  ic.omega_BN_B = units::AngularVelocity3(w0, si::radian_per_second);
  const ChainModel m = make_model(basilisk_hub(), ic, {array});
  const Eigen::VectorXd x = m.model->initial_state();
  const Accelerations a = read_accelerations(m, x, chain_test::evaluate(m, x));
  samples::reference::DenseProblem p;
  p.hub = basilisk_hub();
  p.omega_BN_B = w0;
  for (std::size_t i = 0; i < 3; ++i) {
    ChainLink L;
    L.type = JointType::revolute;
    L.m = panels[i].m;
    L.I_PntSc_S = panels[i].I;
    L.r_ScS_S = Eigen::Vector3d(-panels[i].d, 0.0, 0.0);
    L.dcm_S0P = panels[i].dcm_HP;
    L.r_S0P_P = i == 0 ? kHinge1 : Eigen::Vector3d(-panels[i - 1].length, 0.0, 0.0);
    L.axis_S = Eigen::Vector3d::UnitY();
    L.k = panels[i].k;
    L.c = panels[i].c;
    p.links.push_back(L);
    samples::reference::DenseJoint j;
    j.q = panels[i].theta0;
    j.qDot = panels[i].thetaDot0;
    j.u = u[static_cast<Eigen::Index>(i)];
    p.joints.push_back(j);
  }
  const samples::reference::DenseSolution d = samples::reference::dense_multibody(p);
  Eigen::VectorXd e(9), r(9);
  e << a.rDDot_BN_B, a.omegaDot_BN_B, a.qDDot;
  r << d.rDDot_BN_B, d.omegaDot_BN_B, d.qDDot;
  const double err = (e - r).lpNorm<Eigen::Infinity>() / r.lpNorm<Eigen::Infinity>();
  BOOST_TEST_MESSAGE("n hinged vs dense Kane: relative error " << err << " (scale " << r.lpNorm<Eigen::Infinity>()
                                                               << ")");
  BOOST_TEST(err <= 1e-12);
}

BOOST_AUTO_TEST_CASE(rhs_does_not_allocate) {
  ramus::test::check_initial_rhs_does_not_allocate(orbit_model({twisted_array()}).model);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(n_hinged_rigid_body_conservation)

BOOST_AUTO_TEST_CASE(conserves_energy_and_momenta_in_orbit) {
  // docs/verification/README.md's bound for hinged bodies, 1e-10; ours 1e-12 (the chain tests measure
  // ~1e-14 at 1e-3 s).
  check_conservation(twisted_array, 1e-10, 1e-12);
}

BOOST_AUTO_TEST_CASE(motor_work_balance) { check_work_balance(twisted_array, 5.0); }

BOOST_AUTO_TEST_CASE(momenta_conserved_with_motors_and_dampers) {
  check_momenta_with_motor_and_damper([] { return array_of(twisted_panels(true), kHinge1); }, 5.0, 1e-12);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(n_hinged_rigid_body_convergence)

BOOST_AUTO_TEST_CASE(conservation_drift_order) {
  // The drift of the four invariants shrinks at rk4's order under step halving, on a faster tumble
  // (|ω0| = 1.1 rad/s) over 10 s with steps 0.1 … 0.00625 s. Windows (docs/verification/README.md):
  // 3.8–4.25,
  // E_rot to 5.25 (rk4's O(h⁵) amplitude error on oscillatory motion). The rotational invariants
  // use the pairs from 0.05 s (from 0.1 s they are pre-asymptotic: measured 4.51, 4.30); the
  // orbital ones the pairs up to 0.025 s, their drift at 0.0125 s (8.6e-14) being already within
  // ~100× of round-off (measured order 3.82 there).
  const ChainModel m = make_model(basilisk_hub(), basilisk_orbit(Eigen::Vector3d(0.6, -0.5, 0.7)), {twisted_array()},
                                  chain_test::earth());
  // The finest drifts used stay far above round-off: E_rot and E_orb 1e-12.
  ramus::test::check_drift_study("n hinged", m.model, 10.0, {100, 200, 400, 800, 1600}, {5.25, 2, 2}, {1e-12, 1e-12});
}

BOOST_AUTO_TEST_CASE(panel_angles_step_halving) {
  // The angles and the hub attitude after 5 s in orbit, each level against the next finer one
  // (Richardson), from dt = 0.05 s: rk4's window 3.8–4.25.
  const ChainModel m = make_model(basilisk_hub(), basilisk_orbit(Eigen::Vector3d(0.3, -0.2, 0.25)), {twisted_array()},
                                  chain_test::earth());
  const System system(m.model);
  const VehicleOffsets& o = m.model->vehicle(0).offsets();
  const StepHalvingStudy study = step_halving_study_self(
      0.05, 4,
      [&](double dt) {
        return chain_test::run_logged(system, m.model->initial_state(), 5.0, static_cast<int>(std::lround(5.0 / dt)));
      },
      [&](const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
        return std::max(
            (a.segment<3>(o.state_effectors[0]) - b.segment<3>(o.state_effectors[0])).lpNorm<Eigen::Infinity>(),
            attitude_error_angle(a.segment<4>(o.q_BN), b.segment<4>(o.q_BN)));
      });
  ramus::test::check_rk4_window(study, "n hinged angles", 1e-12);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(family_errors)

namespace {

void array_with(const std::function<void(std::vector<HingedPanelConfig>&)>& edit) {
  std::vector<HingedPanelConfig> c;
  for (const Panel& p : twisted_panels()) c.push_back(config_of(p));
  edit(c);
  NHingedRigidBody("array", meters(kHinge1), c);
}

using ramus::test::kNaN;

}  // namespace

BOOST_AUTO_TEST_CASE(n_hinged_rigid_body_rejected_fields) {
  using ramus::test::check_rejected;
  const std::string o = "n_hinged_rigid_body 'array'";
  check_rejected([] { array_with([](auto& c) { c.clear(); }); }, {o + ": panels = 0: needs at least one panel"});
  check_rejected(
      [] { NHingedRigidBody("array", meters(Eigen::Vector3d(kNaN, 0, 0)), {config_of(twisted_panels()[0])}); },
      {o + ": r_H1B_B [m]", "finite"});
  check_rejected([] { array_with([](auto& c) { c[1].mass = 0.0 * si::kilogram; }); },
                 {o + " panel 2: mass [kg] = 0: must be positive"});
  check_rejected([] { array_with([](auto& c) { c[0].I_PntSc_S = inertia(-Eigen::Matrix3d::Identity()); }); },
                 {o + " panel 1: I_PntSc_S [kg m^2]"});
  check_rejected([] { array_with([](auto& c) { c[2].d = -0.5 * si::meter; }); },
                 {o + " panel 3: d [m] = -0.5: must be positive"});
  check_rejected([] { array_with([](auto& c) { c[0].length = 0.0 * si::meter; }); },
                 {o + " panel 1: length [m] (a panel follows) = 0: must be positive"});
  check_rejected([] { array_with([](auto& c) { c[2].length = -1.0 * si::meter; }); },
                 {o + " panel 3: length [m] = -1: must not be negative"});
  check_rejected([] { array_with([](auto& c) { c[1].dcm_HP = 2.0 * Eigen::Matrix3d::Identity(); }); },
                 {o + " panel 2: dcm_HP"});
  check_rejected([] { array_with([](auto& c) { c[1].k = -1.0 * si::newton * si::meter / si::radian; }); },
                 {o + " panel 2: k [N m/rad] = -1: must not be negative"});
  check_rejected([] { array_with([](auto& c) { c[2].c = -2.0 * si::newton * si::meter * si::second / si::radian; }); },
                 {o + " panel 3: c [N m s/rad] = -2: must not be negative"});
  check_rejected([] { array_with([](auto& c) { c[0].theta0 = kNaN * si::radian; }); },
                 {o + " panel 1: theta0 [rad]", "finite"});
  check_rejected([] { array_with([](auto& c) { c[0].thetaDot0 = kNaN * si::radian_per_second; }); },
                 {o + " panel 1: thetaDot0 [rad/s]", "finite"});
  check_rejected([] { array_with([](auto& c) { c[1].motor_torque = kNaN * units::newton_meter; }); },
                 {o + " panel 2: motor_torque [N m]", "finite"});
  // The last panel's length is not used: 0 is accepted.
  BOOST_CHECK_NO_THROW(array_with([](auto& c) { c[2].length = 0.0 * si::meter; }));
}

BOOST_AUTO_TEST_SUITE_END()
