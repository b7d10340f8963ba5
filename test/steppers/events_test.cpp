// steppers/events.hpp through propagate(): events located between steps against closed forms
// (docs/verification/EVENTS.md): a free spin reaching an angle, Kepler orbit nodes and apoapsis,
// the zero crossings of a hinged panel, two crossings within one step, a callback that reverses
// a spin or switches a force off, and a stop; then the errors.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <numbers>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "kernel/test_support.hpp"
#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/environment/eclipse_event.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/steppers/builtin_events.hpp"
#include "ramus/steppers/events.hpp"
#include "ramus/steppers/flight_software.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/steppers/stepper_list.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"

using namespace ramus;
using ramus::test::hub_config;
using ramus::test::initial_state;
using ramus::test::message_has_all;
namespace si = boost::units::si;

namespace {

constexpr double kPi = std::numbers::pi;
/// The acceptance of every located time against its closed form (docs/verification/EVENTS.md).
constexpr double kTimeTol = 1e-9;
/// The steppers of the spin cases, each with its step dt [s].
const std::vector<std::pair<std::string, double>> kSpinSteppers{{"rk4", 0.05}, {"rk_dopri5", 0.1}, {"rk_f78", 0.1}};

PropagationSettings settings_for(const std::string& stepper, double dt, double tol = 1e-12) {
  PropagationSettings s;
  s.stepper = stepper;
  s.dt = dt;
  s.abs_tol = tol;
  s.rel_tol = tol;
  return s;
}

/// The same with `events` located.
PropagationSettings settings_for(const std::string& stepper, double dt, std::vector<Event> events, double tol = 1e-12) {
  PropagationSettings s = settings_for(stepper, dt, tol);
  s.events = std::move(events);
  return s;
}

/// Checks one occurrence: its name, direction and time against the closed form t_ref.
void check_occurrence(const EventOccurrence& o, const std::string& name, bool rising, double t_ref, double tol,
                      const std::string& what) {
  BOOST_TEST(o.name == name);
  BOOST_TEST(o.rising == rising);
  BOOST_TEST_MESSAGE(what << ": " << name << " at " << o.t << " s, error " << (o.t - t_ref) << " s");
  BOOST_CHECK_MESSAGE(std::abs(o.t - t_ref) <= tol, what << ": " << name << " at " << o.t << " s vs " << t_ref
                                                         << " s, |error| " << std::abs(o.t - t_ref) << " > " << tol);
}

// ---- a rigid hub spinning freely about b3 -----------------------------------------------------
// I = diag(100, 200, 300) kg m², ω about the principal axis b3: a steady spin, q_BN(t) =
// (cos(ωt/2), 0, 0, sin(ωt/2)) (scalar first), so the rotation angle ωt reaches π/2 when
// q0 − q3 = cos(ωt/2) − sin(ωt/2) falls through zero, at t = (π/2)/ω.
constexpr double kSpin = 0.3;  // [rad/s]

std::shared_ptr<Model> spin_model(double w) {
  auto m = std::make_shared<Model>();
  Vehicle& v = m->add_vehicle("sc", hub_config(10.0, Eigen::Matrix3d(Eigen::Vector3d(100, 200, 300).asDiagonal())));
  v.set_initial_state(initial_state(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), Quaternion(1, 0, 0, 0),
                                    Eigen::Vector3d(0.0, 0.0, w)));
  m->finalize();
  return m;
}

Event quarter_turn(const Model& model) {
  const Eigen::Index q = model.vehicle(0).offsets().q_BN;
  Event e;
  e.name = "quarter turn";
  e.g = [q](const Eigen::VectorXd& x, double) { return x[q] - x[q + 3]; };  // cos(φ/2) − sin(φ/2)
  e.direction = EventDirection::falling;
  return e;
}

// ---- a Kepler orbit ------------------------------------------------------------------------------
// Point-mass Earth, a = 7000 km, e = 0.1, i = 30°, argument of periapsis 40°, node at Ω = 0, from
// periapsis at t = 0. The node crossings z = 0 are at true anomalies −ω (ascending) and π − ω
// (descending), apoapsis (r·v falling through 0) at π: each time from Kepler's equation.
struct Kepler {
  double mu = CentralBodyGravity::earth().mu();
  double a = 7.0e6, e = 0.1, inc = 30.0 * kPi / 180.0, argp = 40.0 * kPi / 180.0;
  double n() const { return std::sqrt(mu / (a * a * a)); }
  /// [s] the time from periapsis to true anomaly nu ∈ [0, 2π).
  double time_at(double nu) const {
    double E = 2.0 * std::atan(std::sqrt((1.0 - e) / (1.0 + e)) * std::tan(0.5 * nu));
    if (E < 0.0) E += 2.0 * kPi;
    return (E - e * std::sin(E)) / n();
  }
  Eigen::Vector3d P() const { return {std::cos(argp), std::sin(argp) * std::cos(inc), std::sin(argp) * std::sin(inc)}; }
  Eigen::Vector3d Q() const {
    return {-std::sin(argp), std::cos(argp) * std::cos(inc), std::cos(argp) * std::sin(inc)};
  }
  std::shared_ptr<Model> model() const {
    const double rp = a * (1.0 - e), vp = std::sqrt(mu * (1.0 + e) / rp);
    auto m = std::make_shared<Model>();
    Vehicle& v = m->add_vehicle("sc", hub_config(10.0, Eigen::Matrix3d(Eigen::Vector3d(1, 2, 3).asDiagonal())));
    v.set_initial_state(initial_state(rp * P(), vp * Q(), Quaternion(1, 0, 0, 0), Eigen::Vector3d::Zero()));
    m->set_gravity(std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth()));
    m->finalize();
    return m;
  }
};

std::vector<Event> kepler_events() {
  Event node;
  node.name = "node";
  node.g = [](const Eigen::VectorXd& x, double) { return x[2]; };  // z of r_BN_N (C = B: hub only)
  Event apo;
  apo.name = "apoapsis";
  apo.g = [](const Eigen::VectorXd& x, double) { return x.segment<3>(0).dot(x.segment<3>(3)); };
  apo.direction = EventDirection::falling;
  return {node, apo};
}

// ---- a hinged panel on a hub held fixed -----------------------------------------------------------
// HP-01's panel (docs/verification/HP_01.md) without damping on a hub of 1e12 kg and kg m² (held
// fixed: the coupled frequency differs from the fixed-hub one by O(m/M) = 1e-11): θ = θ0 cos(ω t)
// with ω = √(k/J_h), J_h = J_c + m d², from its maximum θ0 at t = 0.
constexpr double kPanelMass = 10.0, kPanelJc = 10.0 / 3.0, kPanelK = 50.0, kTheta0 = 0.1;
const double kPanelOmega = std::sqrt(kPanelK / (kPanelJc + kPanelMass));

std::shared_ptr<Model> hinge_model() {
  HingedRigidBodyConfig h;
  h.mass = kPanelMass * si::kilogram;
  h.I_PntSc_S = units::InertiaTensor(
      Eigen::Matrix3d(Eigen::Vector3d(kPanelMass / 12.0, kPanelJc, kPanelMass / 12.0 + kPanelJc).asDiagonal()),
      units::kg_m2);
  h.d = 1.0 * si::meter;
  h.r_HB_B = test::meters(Eigen::Vector3d(0.5, 0.0, 0.0));
  h.k = kPanelK * si::newton * si::meter / si::radian;
  h.theta0 = kTheta0 * si::radian;
  auto m = std::make_shared<Model>();
  Vehicle& v = m->add_vehicle("sc", hub_config(1e12, Eigen::Matrix3d(1e12 * Eigen::Matrix3d::Identity())));
  v.add_state_effector(std::make_shared<HingedRigidBody>("panel", h));
  m->finalize();
  return m;
}

// ---- a hub under a constant force ---------------------------------------------------------------
// 10 kg at rest in attitude, v0 = 1 m/s along n1, force −20 N along n1: x(t) = t − t², a parabola
// that every stepper of order ≥ 2 integrates exactly (so does the cubic interpolant). It crosses
// x = 0.21 m rising at 0.3 s and falling at 0.7 s.
std::shared_ptr<Model> thrust_model() {
  auto m = std::make_shared<Model>();
  Vehicle& v = m->add_vehicle("sc", hub_config(10.0, Eigen::Matrix3d(Eigen::Vector3d(1, 2, 3).asDiagonal())));
  v.set_initial_state(initial_state(Eigen::Vector3d::Zero(), Eigen::Vector3d(1.0, 0.0, 0.0), Quaternion(1, 0, 0, 0),
                                    Eigen::Vector3d::Zero()));
  ExternalForceTorqueConfig c;
  c.force_N = {Eigen::Vector3d(-20.0, 0.0, 0.0), si::newton};
  v.add_dynamic_effector(std::make_shared<ExternalForceTorque>("thruster", c));
  m->finalize();
  return m;
}

Event x_reaches(double level) {
  Event e;
  e.name = "x level";
  e.g = [level](const Eigen::VectorXd& x, double) { return x[0] - level; };
  return e;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(events)

BOOST_AUTO_TEST_CASE(spin_reaches_a_quarter_turn) {
  // Two events on the same crossing, a custom g on q_BN and the built-in state entry q3 reaching
  // sin(π/4), against t = (π/2)/ω. rk4 at 0.05 s: its attitude error after 5 s is ~(ω h)⁴ ω t /
  // 2880 ≈ 1e-15 rad, far inside the 1e-9 s (3e-10 rad) acceptance.
  const double t_ref = 0.5 * kPi / kSpin;
  for (const auto& [stepper, dt] : kSpinSteppers) {
    BOOST_TEST_CONTEXT("stepper " << stepper) {
      const auto model = spin_model(kSpin);
      PropagationSettings s = settings_for(
          stepper, dt,
          {quarter_turn(*model),
           state_entry_event("q3", *model, "sc/hub.q_BN[3]", std::sin(0.25 * kPi), EventDirection::rising)});
      Eigen::VectorXd x = model->initial_state();
      const PropagationStats stats = propagate(System(model), x, 0.0, 10.0, s);
      BOOST_REQUIRE_EQUAL(stats.events.size(), 2u);
      for (const EventOccurrence& o : stats.events) BOOST_TEST(std::abs(o.t - t_ref) <= kTimeTol);
      check_occurrence(stats.events[0], stats.events[0].name, stats.events[0].name == "q3", t_ref, kTimeTol, stepper);
      check_occurrence(stats.events[1], stats.events[1].name, stats.events[1].name == "q3", t_ref, kTimeTol, stepper);
      // The state recorded is the state at the event: the quarter-turn attitude to ω × 1e-9 s.
      BOOST_CHECK_SMALL(stats.events[0].x[6] - std::cos(0.25 * kPi), 1e-9);
      BOOST_CHECK_SMALL(stats.events[0].x[9] - std::sin(0.25 * kPi), 1e-9);
      BOOST_TEST(stats.t == 10.0);
      BOOST_TEST(!stats.stopped);
      BOOST_TEST_MESSAGE(stepper << ": " << stats.steps << " steps, " << stats.evaluations << " evaluations");
    }
  }
}

BOOST_AUTO_TEST_CASE(kepler_nodes_and_apoapsis) {
  // One orbit (T = 2π/n ≈ 5828 s). rk4 at 1 s: its along-track error over one orbit is ~1e-6 m,
  // 1e-10 s at 7.5 km/s. The adaptive steppers need 1e-15 relative (1e-8 m absolute) for the
  // same: at 1e-13 the orbit itself is off by 4e-5 m, 6e-9 s, beyond the 1e-9 s acceptance.
  const Kepler k;
  const double T = 2.0 * kPi / k.n();
  const double t_dn = k.time_at(kPi - k.argp), t_apo = 0.5 * T, t_an = k.time_at(2.0 * kPi - k.argp);
  for (const auto& [stepper, dt] :
       {std::pair<std::string, double>{"rk4", 1.0}, {"rk_dopri5", 10.0}, {"rk_f78", 10.0}}) {
    BOOST_TEST_CONTEXT("stepper " << stepper) {
      const auto model = k.model();
      PropagationSettings s = settings_for(stepper, dt, 1e-15);
      s.abs_tol = 1e-8;
      s.events = kepler_events();
      Eigen::VectorXd x = model->initial_state();
      const PropagationStats stats = propagate(System(model), x, 0.0, T, s);
      BOOST_REQUIRE_EQUAL(stats.events.size(), 3u);
      check_occurrence(stats.events[0], "node", false, t_dn, kTimeTol, stepper);
      check_occurrence(stats.events[1], "apoapsis", false, t_apo, kTimeTol, stepper);
      check_occurrence(stats.events[2], "node", true, t_an, kTimeTol, stepper);
      BOOST_TEST_MESSAGE(stepper << ": " << stats.steps << " steps, " << stats.evaluations << " evaluations");
    }
  }
}

BOOST_AUTO_TEST_CASE(kepler_events_across_output_times) {
  // The same orbit with an output every 60 s (each a step boundary and an observer call): the
  // same three events at the same closed-form times.
  const Kepler k;
  const double T = 2.0 * kPi / k.n();
  std::vector<double> times;
  for (double t = 0.0; t < T; t += 60.0) times.push_back(t);
  times.push_back(T);
  const auto model = k.model();
  PropagationSettings s = settings_for("rk_dopri5", 10.0, 1e-15);
  s.abs_tol = 1e-8;
  s.events = kepler_events();
  Eigen::VectorXd x = model->initial_state();
  int calls = 0;
  const PropagationStats stats = propagate(System(model), x, times, s, [&](Eigen::VectorXd&, double) { ++calls; });
  BOOST_TEST(calls == static_cast<int>(times.size()));
  BOOST_REQUIRE_EQUAL(stats.events.size(), 3u);
  check_occurrence(stats.events[0], "node", false, k.time_at(kPi - k.argp), kTimeTol, "outputs");
  check_occurrence(stats.events[1], "apoapsis", false, 0.5 * T, kTimeTol, "outputs");
  check_occurrence(stats.events[2], "node", true, k.time_at(2.0 * kPi - k.argp), kTimeTol, "outputs");
}

BOOST_AUTO_TEST_CASE(hinge_zero_crossings) {
  // θ = θ0 cos(ω t): zeros at (k + ½) π/ω, falling then rising in turn; six within 10 s. rk4's
  // phase error is (ω h)⁵/120 per step: at 0.002 s, 4e-11 rad over 10 s, 2e-11 s (at 0.01 s it
  // would be 1e-8 s, beyond the acceptance). The adaptive steppers at 1e-13.
  const double half_period = kPi / kPanelOmega;
  for (const auto& [stepper, dt] :
       {std::pair<std::string, double>{"rk4", 0.002}, {"rk_dopri5", 0.1}, {"rk_f78", 0.1}}) {
    BOOST_TEST_CONTEXT("stepper " << stepper) {
      const auto model = hinge_model();
      PropagationSettings s =
          settings_for(stepper, dt, {state_entry_event("theta zero", *model, "sc/panel.theta[0]", 0.0)}, 1e-13);
      Eigen::VectorXd x = model->initial_state();
      const PropagationStats stats = propagate(System(model), x, 0.0, 10.0, s);
      BOOST_REQUIRE_EQUAL(stats.events.size(), 6u);
      for (std::size_t j = 0; j < stats.events.size(); ++j)
        check_occurrence(stats.events[j], "theta zero", j % 2 == 1, (static_cast<double>(j) + 0.5) * half_period,
                         kTimeTol, stepper);
      BOOST_TEST_MESSAGE(stepper << ": " << stats.steps << " steps, " << stats.evaluations << " evaluations");
    }
  }
}

BOOST_AUTO_TEST_CASE(two_crossings_within_one_step) {
  // x = t − t² crosses 0.21 m at 0.3 s (rising) and 0.7 s (falling), both inside the one step of
  // 1 s: g has the same sign at both ends of the step, and both crossings are found, in order.
  // rk4 and the interpolant are exact on the parabola; the adaptive steppers' error estimate is
  // zero on it, so they take the whole second in one step too (checked by the step count).
  for (const std::string stepper : {"rk4", "rk_dopri5", "rk_f78"}) {
    BOOST_TEST_CONTEXT("stepper " << stepper) {
      const auto model = thrust_model();
      PropagationSettings s = settings_for(stepper, 1.0, {x_reaches(0.21)});
      Eigen::VectorXd x = model->initial_state();
      const PropagationStats stats = propagate(System(model), x, 0.0, 1.0, s);
      BOOST_TEST(stats.steps == 1u);
      BOOST_REQUIRE_EQUAL(stats.events.size(), 2u);
      check_occurrence(stats.events[0], "x level", true, 0.3, kTimeTol, stepper);
      check_occurrence(stats.events[1], "x level", false, 0.7, kTimeTol, stepper);
    }
  }
}

BOOST_AUTO_TEST_CASE(record_events_leave_the_run_unchanged) {
  // Locating events does not touch the run's own steps: with or without a record event (six
  // crossings), the same steps and a bit-identical final state, for every stepper; the extra
  // evaluations are the events' cost.
  for (const StepperInfo& info : stepper_list()) {
    const std::string name(info.name);
    BOOST_TEST_CONTEXT("stepper " << name) {
      const auto model = hinge_model();
      PropagationSettings s = settings_for(name, 0.01, 1e-10);
      Eigen::VectorXd x_plain = model->initial_state();
      const PropagationStats plain = propagate(System(model), x_plain, 0.0, 10.0, s);
      s.events = {state_entry_event("theta zero", *model, "sc/panel.theta[0]", 0.0)};
      Eigen::VectorXd x = model->initial_state();
      const PropagationStats with = propagate(System(model), x, 0.0, 10.0, s);
      BOOST_TEST(with.events.size() == 6u);
      BOOST_TEST(with.steps == plain.steps);
      BOOST_TEST((x == x_plain));
      BOOST_TEST_MESSAGE(name << ": " << plain.steps << " steps, " << plain.evaluations
                              << " evaluations without events, " << with.evaluations << " with ("
                              << with.evaluations - plain.evaluations << " more)");
    }
  }
}

BOOST_AUTO_TEST_CASE(events_across_an_input_switch) {
  // A held force profile switches from −20 N to −10 N at 0.5 s (a step boundary): x = t − t²
  // before, x = 0.25 − ½ (t − 0.5)² after (v = 0 at 0.5 s). Crossings of 0.21 m at 0.3 s (rising)
  // and 0.5 + √0.08 s (falling), exact for rk4 and the interpolant; the derivative at the
  // switch is the new force's (a stale one puts the second crossing 0.04 s (rk4) early).
  for (const std::string stepper : {"rk4", "rk_dopri5", "rk_f78"}) {
    BOOST_TEST_CONTEXT("stepper " << stepper) {
      const auto model = thrust_model();
      const System system(model);
      InputProfile p;
      p.channel = system.inputs().find("sc/thruster.force_N[0]");
      p.value = [](double t) { return t < 0.5 ? -20.0 : -10.0; };
      p.held = true;
      p.next_switch = [](double t) { return t < 0.5 ? 0.5 : std::numeric_limits<double>::infinity(); };
      system.inputs().set_profile(std::move(p));
      PropagationSettings s = settings_for(stepper, 1.0, {x_reaches(0.21)});
      Eigen::VectorXd x = model->initial_state();
      const PropagationStats stats = propagate(system, x, 0.0, 1.0, s);
      BOOST_REQUIRE_EQUAL(stats.events.size(), 2u);
      check_occurrence(stats.events[0], "x level", true, 0.3, kTimeTol, stepper);
      check_occurrence(stats.events[1], "x level", false, 0.5 + std::sqrt(0.08), kTimeTol, stepper);
    }
  }
}

namespace {
/// Commands the thruster every 0.5 s: −20 N before 0.5 s, −10 N from 0.5 s on.
class StepDownTask final : public FlightSoftwareTask {
 public:
  StepDownTask() : FlightSoftwareTask("step down", "sc", TaskTiming{0.5, 0.0, 0}) {}
  std::vector<std::string> outputs() const override { return {"sc/thruster.force_N[0]"}; }
  void update(const TaskInput& in, std::span<double> commands) override { commands[0] = in.t < 0.5 ? -20.0 : -10.0; }
};
}  // namespace

BOOST_AUTO_TEST_CASE(events_across_flight_software_samples) {
  // The same switch at 0.5 s made by a flight-software task sampled every 0.5 s (each sample a
  // step boundary): the crossings at 0.3 s and 0.5 + √0.08 s, exact for these steppers. The
  // second is in the step that starts at the sample, whose start derivative must be the new
  // command's (a stale one is off by 0.04 s and 0.02 s with rk4 and rk_dopri5).
  for (const std::string stepper : {"rk4", "rk_dopri5", "rk_f78"}) {
    BOOST_TEST_CONTEXT("stepper " << stepper) {
      const auto model = thrust_model();
      FlightSoftware fsw;
      fsw.add(std::make_shared<StepDownTask>());
      PropagationSettings s = settings_for(stepper, 1.0);
      s.flight_software = &fsw;
      s.events = {x_reaches(0.21)};
      Eigen::VectorXd x = model->initial_state();
      const PropagationStats stats = propagate(System(model), x, 0.0, 1.0, s);
      BOOST_REQUIRE_EQUAL(stats.events.size(), 2u);
      check_occurrence(stats.events[0], "x level", true, 0.3, kTimeTol, stepper);
      check_occurrence(stats.events[1], "x level", false, 0.5 + std::sqrt(0.08), kTimeTol, stepper);
    }
  }
}

BOOST_AUTO_TEST_CASE(every_stepper_of_the_list) {
  // The parabola's crossings with each stepper at 1e-3 s. Every stepper of order ≥ 2 integrates
  // it exactly: 1e-9 s. Euler's position error is h t |a|/2 = h t (x_n = t_n − t_n² + h t_n), at
  // |v| = 0.4 m/s a time error ≤ h t / 0.4 ≤ 1.75e-3 s at 0.7 s: 2e-3 s. Backward Euler's error is
  // the same size, of the other sign (x_n = t_n − t_n² − h t_n).
  for (const StepperInfo& info : stepper_list()) {
    const std::string name(info.name);
    BOOST_TEST_CONTEXT("stepper " << name) {
      const auto model = thrust_model();
      PropagationSettings s = settings_for(name, 1e-3, {x_reaches(0.21)});
      Eigen::VectorXd x = model->initial_state();
      const PropagationStats stats = propagate(System(model), x, 0.0, 1.0, s);
      BOOST_REQUIRE_EQUAL(stats.events.size(), 2u);
      const double tol = info.order == 1 ? 2e-3 : kTimeTol;
      check_occurrence(stats.events[0], "x level", true, 0.3, tol, name);
      check_occurrence(stats.events[1], "x level", false, 0.7, tol, name);
    }
  }
}

BOOST_AUTO_TEST_CASE(callback_reverses_the_spin_and_fires_once) {
  // At the quarter turn the callback reverses ω: the angle then falls back, φ(t) = ω (2 t_e − t),
  // and g = cos(φ/2) − sin(φ/2) leaves zero rising at once. Fired once over [0, 3 t_e] (the
  // immediate rise is not a new crossing), and at 3 t_e the attitude is φ = −π/2: the closed
  // form to the located time's 1e-9 s (× ω) plus the stepper's error.
  const double t_e = 0.5 * kPi / kSpin;
  for (const auto& [stepper, dt] : kSpinSteppers) {
    BOOST_TEST_CONTEXT("stepper " << stepper) {
      const auto model = spin_model(kSpin);
      Event e = quarter_turn(*model);
      e.direction = EventDirection::both;
      int calls = 0;
      e.callback = [&calls](Eigen::VectorXd& x, double) {
        ++calls;
        x.segment<3>(10) = -x.segment<3>(10);
        return EventAction::continue_run;
      };
      PropagationSettings s = settings_for(stepper, dt, {e});
      Eigen::VectorXd x = model->initial_state();
      const PropagationStats stats = propagate(System(model), x, 0.0, 3.0 * t_e, s);
      BOOST_TEST(calls == 1);
      BOOST_REQUIRE_EQUAL(stats.events.size(), 1u);
      check_occurrence(stats.events[0], "quarter turn", false, t_e, kTimeTol, stepper);
      BOOST_TEST(stats.events[0].x[12] == kSpin);  // recorded before the callback changed it
      const Quaternion q_ref(std::cos(-0.25 * kPi), 0.0, 0.0, std::sin(-0.25 * kPi));
      BOOST_CHECK_SMALL((x.segment<4>(6) - q_ref).norm(), 1e-9);
      BOOST_TEST(x[12] == -kSpin);
    }
  }
}

BOOST_AUTO_TEST_CASE(callback_switches_the_thruster_off) {
  // At x = 0.21 m rising (t = 0.3 s, v = 0.4 m/s) the callback switches the force off through the
  // run's inputs: afterwards x = 0.21 + 0.4 (t − 0.3), exact for every stepper; the falling
  // crossing of the parabola never comes. The error at 1 s is the located time's × 0.4 m/s.
  for (const std::string stepper : {"rk4", "rk_dopri5", "rk_f78"}) {
    BOOST_TEST_CONTEXT("stepper " << stepper) {
      const auto model = thrust_model();
      const System system(model);
      Event e = x_reaches(0.21);
      e.callback = [&system](Eigen::VectorXd&, double) {
        system.inputs().set("sc/thruster.force_N[0]", 0.0);
        return EventAction::continue_run;
      };
      PropagationSettings s = settings_for(stepper, 0.25, {e});
      Eigen::VectorXd x = model->initial_state();
      const PropagationStats stats = propagate(system, x, 0.0, 1.0, s);
      BOOST_REQUIRE_EQUAL(stats.events.size(), 1u);
      check_occurrence(stats.events[0], "x level", true, 0.3, kTimeTol, stepper);
      BOOST_CHECK_SMALL(x[0] - (0.21 + 0.4 * 0.7), 1e-9);
      BOOST_CHECK_SMALL(x[3] - 0.4, 1e-9);
    }
  }
}

BOOST_AUTO_TEST_CASE(stop_ends_the_run_at_the_event) {
  // The run ends at the quarter turn: stats.t is the event's time, x the quarter-turn attitude
  // (to ω × 1e-9 s), and the observer is not called at the end time.
  const double t_ref = 0.5 * kPi / kSpin;
  for (const auto& [stepper, dt] : kSpinSteppers) {
    BOOST_TEST_CONTEXT("stepper " << stepper) {
      const auto model = spin_model(kSpin);
      Event e = quarter_turn(*model);
      e.action = EventAction::stop;
      PropagationSettings s = settings_for(stepper, dt, {e});
      std::vector<double> observed;
      Eigen::VectorXd x = model->initial_state();
      const PropagationStats stats =
          propagate(System(model), x, 0.0, 10.0, s, [&](Eigen::VectorXd&, double t) { observed.push_back(t); });
      BOOST_TEST(stats.stopped);
      BOOST_REQUIRE_EQUAL(stats.events.size(), 1u);
      BOOST_TEST(stats.t == stats.events[0].t);
      check_occurrence(stats.events[0], "quarter turn", false, t_ref, kTimeTol, stepper);
      BOOST_TEST((x == stats.events[0].x));
      BOOST_CHECK_SMALL(x[6] - std::cos(0.25 * kPi), 1e-9);
      BOOST_CHECK_SMALL(x[9] - std::sin(0.25 * kPi), 1e-9);
      BOOST_TEST(observed == std::vector<double>{0.0}, boost::test_tools::per_element());
    }
  }
}

BOOST_AUTO_TEST_CASE(delta_v_and_altitude_builtins) {
  // The thrust hub: |ΔV| = 2 t (20 N on 10 kg) reaches 1 m/s at 0.5 s (rk4 exact on it). On the
  // Kepler orbit (settings as kepler_nodes_and_apoapsis) the altitude above a sphere of 6.3e6 m
  // reaches 700 km, r = 7.0e6 m rising, where r(ν) = p/(1 + e cos ν): cos ν = (p/r − 1)/e, its
  // time from Kepler's equation. C = B on a hub alone: both points give the same time.
  {
    const auto model = thrust_model();
    PropagationSettings s = settings_for("rk4", 0.01, {delta_v_event("dv", *model, "sc", 1.0)});
    Eigen::VectorXd x = model->initial_state();
    const PropagationStats stats = propagate(System(model), x, 0.0, 1.0, s);
    BOOST_REQUIRE_EQUAL(stats.events.size(), 1u);
    check_occurrence(stats.events[0], "dv", true, 0.5, kTimeTol, "dv");
  }
  const Kepler k;
  const double p = k.a * (1.0 - k.e * k.e), R = 6.3e6, r = 7.0e6;
  const double t_ref = k.time_at(std::acos((p / r - 1.0) / k.e));
  for (const AltitudePoint point : {AltitudePoint::C, AltitudePoint::B}) {
    const auto model = k.model();
    PropagationSettings s = settings_for("rk_dopri5", 10.0, 1e-15);
    s.abs_tol = 1e-8;
    s.events = {altitude_event("altitude", *model, "sc", R, r - R, EventDirection::rising, point)};
    Eigen::VectorXd x = model->initial_state();
    const PropagationStats stats = propagate(System(model), x, 0.0, 0.5 * 2.0 * kPi / k.n(), s);
    BOOST_REQUIRE_EQUAL(stats.events.size(), 1u);
    check_occurrence(stats.events[0], "altitude", true, t_ref, kTimeTol, point == AltitudePoint::C ? "C" : "B");
  }
}

/// The eclipse cases' setting: a 10 kg hub on a circular equatorial orbit of radius r about the
/// Earth, from (r, 0, 0), and the Sun fixed at 1 au along n1 (a constant table).
struct CircularOrbitInSunlight {
  double mu = CentralBodyGravity::earth().mu(), r = 7.0e6, R = 6378136.3, n = std::sqrt(mu / (r * r * r));
  double D = 1.495978707e11;
  Eigen::Vector3d sun_N{D, 0.0, 0.0};
  std::shared_ptr<const Ephemeris> sun = std::make_shared<TabulatedEphemeris>(
      "fixed sun", std::vector<double>{-1e7, 1e7}, std::vector<Eigen::Vector3d>{sun_N, sun_N},
      std::vector<Eigen::Vector3d>(2, Eigen::Vector3d::Zero()));

  std::shared_ptr<Model> model() const {
    auto m = std::make_shared<Model>();
    Vehicle& v = m->add_vehicle("sc", hub_config(10.0, Eigen::Matrix3d(Eigen::Vector3d(1, 2, 3).asDiagonal())));
    v.set_initial_state(initial_state(Eigen::Vector3d(r, 0.0, 0.0), Eigen::Vector3d(0.0, std::sqrt(mu / r), 0.0),
                                      Quaternion(1, 0, 0, 0), Eigen::Vector3d::Zero()));
    m->set_gravity(std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth()));
    m->finalize();
    return m;
  }

  /// One orbit with `g` as the only event: rk4 at dt or an adaptive stepper at 1e-15.
  PropagationStats propagate_one_orbit(const std::string& stepper, double dt,
                                       const std::function<std::shared_ptr<Model>(Event&)>& with_event) const {
    Event e;
    const std::shared_ptr<Model> m = with_event(e);
    PropagationSettings s = settings_for(stepper, dt, 1e-15);
    s.abs_tol = 1e-8;
    s.events = {e};
    Eigen::VectorXd x = m->initial_state();
    return propagate(System(m), x, 0.0, 2.0 * kPi / n, s);
  }
};

BOOST_AUTO_TEST_CASE(eclipse_entry_and_exit) {
  // Cylindrical shadow: entry at θ = π − asin(R/r), exit at π + asin(R/r), θ = n t. Conical:
  // ν = ½ found by plain bisection (to 1e-12 s) of the closed-form orbit's illuminated_fraction — a
  // different algorithm on the exact positions. rk4 at 1 s and the adaptive steppers at 1e-15 hold
  // the orbit to ~1e-6 m, 1e-10 s at 7.5 km/s.
  const CircularOrbitInSunlight o;
  const auto conical_crossing = [&](double t_lo, double t_hi) {
    const auto g = [&](double t) {
      return illuminated_fraction(ShadowModel::conical,
                                  o.r * Eigen::Vector3d(std::cos(o.n * t), std::sin(o.n * t), 0.0), o.sun_N, o.R) -
             0.5;
    };
    const bool lo_positive = g(t_lo) >= 0.0;
    while (t_hi - t_lo > 1e-12) {
      const double mid = 0.5 * (t_lo + t_hi);
      ((g(mid) >= 0.0) == lo_positive ? t_lo : t_hi) = mid;
    }
    return t_hi;
  };
  const double t_in = (kPi - std::asin(o.R / o.r)) / o.n, t_out = (kPi + std::asin(o.R / o.r)) / o.n;
  for (const ShadowModel shadow : {ShadowModel::cylindrical, ShadowModel::conical}) {
    const double ref_in = shadow == ShadowModel::cylindrical ? t_in : conical_crossing(t_in - 50.0, t_in + 50.0);
    const double ref_out = shadow == ShadowModel::cylindrical ? t_out : conical_crossing(t_out - 50.0, t_out + 50.0);
    for (const auto& [stepper, dt] : {std::pair<std::string, double>{"rk4", 1.0}, {"rk_dopri5", 10.0}}) {
      BOOST_TEST_CONTEXT("stepper " << stepper << ", " << to_string(shadow)) {
        const PropagationStats stats = o.propagate_one_orbit(stepper, dt, [&](Event& e) {
          auto model = o.model();
          e.name = "eclipse";
          e.g = eclipse_function("eclipse", *model, "sc", o.sun, o.R, shadow);
          return model;
        });
        BOOST_REQUIRE_EQUAL(stats.events.size(), 2u);
        const std::string what = stepper + " " + std::string(to_string(shadow));
        check_occurrence(stats.events[0], "eclipse", false, ref_in, kTimeTol, what);
        check_occurrence(stats.events[1], "eclipse", true, ref_out, kTimeTol, what);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(penumbra_and_umbra_entry_and_exit) {
  // The penumbra's and the umbra's edges in closed form (docs/environment/shadow.md (7), (8)): at
  // the angle φ from the anti-Sun direction, φ_p = asin(R/r) + α_p, sin α_p = (R_Sun + R)/D and
  // φ_u = asin(R/r) − α_u, sin α_u = (R_Sun − R)/D, entered at n t = π − φ and left at π + φ. The
  // edge functions are smooth: the located times are within kTimeTol with rk4 at 1 s and dopri5.
  const CircularOrbitInSunlight o;
  const double phi_p = std::asin(o.R / o.r) + std::asin((kSunRadius + o.R) / o.D);
  const double phi_u = std::asin(o.R / o.r) - std::asin((kSunRadius - o.R) / o.D);
  for (const auto& [edge, phi] :
       {std::pair<EclipseEdge, double>{EclipseEdge::penumbra, phi_p}, {EclipseEdge::umbra, phi_u}})
    for (const auto& [stepper, dt] : {std::pair<std::string, double>{"rk4", 1.0}, {"rk_dopri5", 10.0}}) {
      BOOST_TEST_CONTEXT("stepper " << stepper << ", edge " << to_string(edge)) {
        const EclipseEdge side = edge;  // a structured binding cannot be captured (C++20 before P1091)
        const PropagationStats stats = o.propagate_one_orbit(stepper, dt, [&](Event& e) {
          auto model = o.model();
          e.name = "edge";
          e.g = eclipse_function("edge", *model, "sc", o.sun, o.R, ShadowModel::conical, kSunRadius, side);
          return model;
        });
        BOOST_REQUIRE_EQUAL(stats.events.size(), 2u);
        check_occurrence(stats.events[0], "edge", false, (kPi - phi) / o.n, kTimeTol, stepper);
        check_occurrence(stats.events[1], "edge", true, (kPi + phi) / o.n, kTimeTol, stepper);
      }
    }
  // The penumbra is crossed in Δt = (φ_p − φ_u)/n (docs/environment/shadow.md (9)): 8.63 s at r = 7000 km.
  BOOST_TEST((phi_p - phi_u) / o.n == 8.63, boost::test_tools::tolerance(1e-3));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(events_errors)

BOOST_AUTO_TEST_CASE(bad_events_are_refused_naming_the_event_and_field) {
  const auto model = spin_model(kSpin);
  const auto refused = [&](const Event& e, std::vector<std::string> parts) {
    PropagationSettings s = settings_for("rk4", 0.1, {quarter_turn(*model), e});
    Eigen::VectorXd x = model->initial_state();
    BOOST_CHECK_EXCEPTION(propagate(System(model), x, 0.0, 1.0, s), ConfigurationError,
                          message_has_all(std::move(parts)));
  };
  Event e = quarter_turn(*model);
  e.g = nullptr;
  refused(e, {"event 'quarter turn'", "g"});
  e = quarter_turn(*model);
  e.time_tolerance = 0.0;
  refused(e, {"event 'quarter turn'", "time_tolerance"});
  e.time_tolerance = std::numeric_limits<double>::quiet_NaN();
  refused(e, {"event 'quarter turn'", "time_tolerance", "nan"});
  e = quarter_turn(*model);
  e.name = "";
  refused(e, {"event [1]", "name"});
}

BOOST_AUTO_TEST_CASE(bad_builtins_are_refused_naming_the_event_and_field) {
  const auto model = hinge_model();
  BOOST_CHECK_EXCEPTION(state_entry_event("lock", *model, "sc/panel.phi[0]", 0.1), ConfigurationError,
                        message_has_all({"event 'lock'", "entry", "sc/panel.phi[0]"}));
  BOOST_CHECK_EXCEPTION(state_entry_event("lock", *model, "sc/panel.theta[1]", 0.1), ConfigurationError,
                        message_has_all({"event 'lock'", "entry", "sc/panel.theta[1]"}));
  BOOST_CHECK_EXCEPTION(state_entry_event("lock", *model, "sc/panel.theta[0]", std::nan("")), ConfigurationError,
                        message_has_all({"event 'lock'", "value", "nan"}));
  BOOST_CHECK_EXCEPTION(delta_v_event("dv", *model, "other", 1.0), ConfigurationError,
                        message_has_all({"event 'dv'", "vehicle", "other"}));
  BOOST_CHECK_EXCEPTION(delta_v_event("dv", *model, "sc", -1.0), ConfigurationError,
                        message_has_all({"event 'dv'", "dv", "-1"}));
  BOOST_CHECK_EXCEPTION(altitude_event("alt", *model, "sc", 0.0, 1.0), ConfigurationError,
                        message_has_all({"event 'alt'", "radius", "0"}));
  BOOST_CHECK_EXCEPTION(altitude_event("alt", *model, "sc", 6.4e6, std::nan("")), ConfigurationError,
                        message_has_all({"event 'alt'", "altitude", "nan"}));
  BOOST_CHECK_EXCEPTION(eclipse_function("eclipse", *model, "sc", nullptr, 6.4e6), ConfigurationError,
                        message_has_all({"event 'eclipse'", "sun", "none"}));
  const auto sun = std::make_shared<TabulatedEphemeris>(
      "sun", std::vector<double>{0.0, 1.0}, std::vector<Eigen::Vector3d>(2, Eigen::Vector3d(1.5e11, 0.0, 0.0)),
      std::vector<Eigen::Vector3d>(2, Eigen::Vector3d::Zero()));
  BOOST_CHECK_EXCEPTION(eclipse_function("eclipse", *model, "sc", sun, -1.0), ConfigurationError,
                        message_has_all({"event 'eclipse'", "body_radius", "-1"}));
  BOOST_CHECK_EXCEPTION(eclipse_function("eclipse", *model, "nobody", sun, 6.4e6), ConfigurationError,
                        message_has_all({"event 'eclipse'", "vehicle", "nobody"}));
  BOOST_CHECK_EXCEPTION(eclipse_function("eclipse", *model, "sc", sun, 6.4e6, ShadowModel::none), ConfigurationError,
                        message_has_all({"event 'eclipse'", "shadow", "none"}));
  // A valid name is accepted.
  auto spin = spin_model(kSpin);
  BOOST_CHECK_NO_THROW(state_entry_event("x", *spin, "sc/hub.q_BN[0]", 0.5));
}

BOOST_AUTO_TEST_SUITE_END()
