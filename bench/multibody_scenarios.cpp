#include "multibody_scenarios.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <limits>
#include <memory>
#include <vector>

#include "ramus/samples/spacecraft.hpp"
#include "ramus/systems/thruster.hpp"
#include "reference_run.hpp"

namespace ramus::bench {
namespace {

namespace si = units::si;

/// Finalizes `model`, fills the scenario's model, state, span and steps, and makes a converged
/// run its reference.
Scenario converged_scenario(const std::shared_ptr<Model>& model, double t1, double dt0, double dt0_euler,
                            const std::string& setup, std::vector<double> output_times = {},
                            std::function<void(Inputs&)> drive = {}) {
  model->finalize();
  Scenario s;
  s.x0 = model->initial_state();
  s.model = model;
  s.t1 = t1;
  s.dt0 = dt0;
  s.dt0_euler = dt0_euler;
  s.output_times = std::move(output_times);
  s.drive = std::move(drive);
  s.reference = setup + "; " + use_converged_reference(s);
  return s;
}

/// `s` with both totals conserved (energy and angular momentum): no damping, drive or load.
Scenario conserving(Scenario s) {
  s.conserves = {true, true};
  return s;
}

Scenario wheels_scenario(const std::shared_ptr<Model>& model, const std::string& setup) {
  // Wheel momentum ≈ 80 N m s per wheel against a hub inertia ≈ 800 kg m²; fastest mode
  // (eigenvalues of the Jacobian, sampled along the run) 0.22 rad/s (3 wheels), 0.25 rad/s (4):
  // rk4 at 0.5 s has ω·dt ≤ 0.13, Euler starts at ω·dt ≤ 0.006.
  return conserving(converged_scenario(model, 30.0, 0.5, 0.025, setup));  // no motor torque, no friction
}

// ---- chains --------------------------------------------------------------------------------

/// [s] span of chainN: 5 s up to 4 links, then halved with each doubling of n up to 32 links
/// (an evaluation costs ≈ 1 µs + 0.3 µs n), so that the large chains cost about the same;
/// chain64 keeps chain32's 0.625 s (12.5 rk4 steps at dt0).
double chain_span(std::size_t n) {
  double t1 = 5.0;
  for (std::size_t m = 4; m < n && m < 32; m *= 2) t1 *= 0.5;
  return t1;
}

// ---- gimbal and thruster -------------------------------------------------------------------

struct Firing {
  double on, off;  ///< [s]
};
constexpr std::array<Firing, 2> kFirings{{{1.0, 3.0}, {5.0, 6.0}}};
constexpr double kGimbalSpan = 8.0;  // [s]
constexpr const char* kGimbalSetup =
    "gimbal: ring 1 kg about b1 at B, engine 20 kg about s2, c.o.m. 0.3 m below the pivot, k = 100 N m/rad, "
    "c = 10 N m s/rad, theta0 = (2, -1) deg; thruster 20 N on the engine (segment 1), 5 cm off its axis, on "
    "[1, 3) and [5, 6) s";

/// 0, the firing edges, the end.
std::vector<double> gimbal_times() {
  std::vector<double> times{0.0};
  for (const Firing& f : kFirings) times.insert(times.end(), {f.on, f.off});
  times.push_back(kGimbalSpan);
  return times;
}

}  // namespace

Scenario make_panels2() {
  const std::shared_ptr<Model> model = samples::panels2();
  // Fastest mode 0.88 rad/s (eigenvalues of the Jacobian at x0): rk4 at 0.2 s has ω·dt ≈ 0.18;
  // Euler starts at 0.01 s, ω·dt ≈ 0.009.
  return conserving(
      converged_scenario(model, 20.0, 0.2, 0.01,
                         "panels 100 kg, I_c = diag(100, 50, 50) kg m2, d = 1.5 m, hinges (+-0.5, 0, 1) m, "
                         "k = 100 N m/rad, c = 0, theta0 = 5 deg; C at rest at N, omega0 = (0.1, -0.1, 0.1) "
                         "rad/s"));  // undamped springs
}

Scenario make_wheels3() {
  return wheels_scenario(samples::wheels3(),
                         "wheels on b1, b2, b3, 9 kg, Js = 0.159, Jt = 0.08 kg m2, Omega0 = 500 rad/s, c.o.m. "
                         "0.3 m from B along the axis");
}

Scenario make_wheels4() {
  return wheels_scenario(samples::wheels4(),
                         "pyramid: axes at elevation 50 deg above the b1-b2 plane, azimuths 45, 135, 225, "
                         "315 deg; 9 kg, Js = 0.159, Jt = 0.08 kg m2, Omega0 = 500 rad/s, c.o.m. 0.3 m "
                         "from B along the axis");
}

Scenario make_chain_of(std::size_t n) {
  const std::shared_ptr<Model> model = samples::chain(n);
  // Fastest mode (eigenvalues of the Jacobian, sampled along the run): 3.0 rad/s for 1 link to
  // 5.7 rad/s for 32: rk4 at 0.05 s has ω·dt ≤ 0.29, Euler at 0.05/32 s ≤ 0.009. The 64-link
  // zig-zag whips the hub (|r_BC| reaches 12 m) and its fastest mode reaches 18 rad/s near
  // t = 0.25 s, so chain64's steps are halved: ω·dt ≤ 0.45 (rk4), ≤ 0.014 (Euler).
  const double dt0 = n >= 64 ? 0.025 : 0.05;
  Scenario s = conserving(converged_scenario(
      model, chain_span(n), dt0, dt0 / 32.0,
      std::to_string(n) + " links of 20 kg, I_c = diag(2, 3, 4) kg m2, 0.6 m (c.o.m. at "
                          "0.3 m), first joint at (0.5, 0, 1) m, axes z, y, x, ..., k = 50 N m/rad, theta0 = "
                          "+-5 deg alternating, thetaDot0 = 0.02 rad/s"));  // undamped springs
  s.chain_links = n;
  return s;
}

Scenario make_array8() {
  const std::shared_ptr<Model> model = samples::array8();
  // rk4 from 0.0125 s is in its asymptotic range (observed order 3.2 from 0.05 s, 3.7 from
  // 0.025 s, 3.9 from 0.0125 s); Euler starts at 0.0125/32 s.
  return conserving(
      converged_scenario(model, 5.0, 0.0125, 0.0125 / 32.0,
                         "8 panels in series, 24 ... 10 kg, 1 m hinge to hinge, c.o.m. at 0.5 m, every other "
                         "hinge twisted 5 deg, k = 60 N m/rad, theta0 = +4/-3 deg alternating; C at rest at N, "
                         "omega0 = (0.1, -0.1, 0.1) rad/s"));  // undamped springs
}

Scenario make_flex2x10() {
  // Ten modes per array, the fastest about 110 rad/s (the second axial-free flapwise bending mode
  // and the torsion modes lie below it): rk4 at 2 ms has ω·dt ≤ 0.22, Euler starts at 2/32 ms.
  return conserving(converged_scenario(samples::flex2(10), 2.0, 0.002, 0.002 / 32.0,
                                       "two 5 m, 20 kg flexible arrays (beam modes, EI = 2000 N m2 flapwise, "
                                       "first mode 3.1 rad/s), 10 modes each, geometric stiffening on, "
                                       "eta0 = (0.05, -0.03, 0.02, 0, ...); C at rest at N, "
                                       "omega0 = (0.1, -0.1, 0.1) rad/s"));  // undamped
}

Scenario make_hinged2x10() {
  // Ten 0.5 m panels per array with k = EI/h = 4000 N m/rad: the chain's fastest mode is several
  // hundred rad/s (its light end panels), so rk4 starts at 0.5 ms, Euler at 0.5/32 ms.
  return conserving(converged_scenario(samples::hinged_arrays2(10), 2.0, 0.0005, 0.0005 / 32.0,
                                       "flex2x10's arrays as two chains of ten rigid hinged panels (2 kg, 0.5 m, "
                                       "k = 4000 N m/rad), theta0 = 2 deg; C at rest at N, "
                                       "omega0 = (0.1, -0.1, 0.1) rad/s"));  // undamped
}

Scenario make_vscmg4() {
  const std::shared_ptr<Model> model = samples::vscmg4();
  return conserving(
      converged_scenario(model, 10.0, 0.02, 0.02 / 32.0,
                         "pyramid of 4 VSCMGs, gimbal axes 54.74 deg from b3 at azimuths 0, 90, 180, 270 deg, "
                         "wheels 9 kg, Js = 0.159, Jt = 0.08 kg m2 at 100 rad/s, gimbals 2 kg, 0.5 kg m2 at 0.4 m, "
                         "gamma0 = +-10 deg, gammaDot0 = 0.05 rad/s, no torques"));
}

Scenario make_gimbal_thruster() {
  const samples::GimbalThruster g = samples::gimbal_thruster();
  // The command is a run input held over each step (docs/architecture.md §D7): a profile of the
  // thruster's throttle, 1 inside the firings, with its edges as step boundaries, so every stage
  // of a step, the last included, sees the same command.
  const std::shared_ptr<const Model> model = g.model;
  const std::shared_ptr<const Thruster> thruster = g.thruster;
  auto drive = [model, thruster](Inputs& inputs) {
    InputProfile p;
    p.channel = model->input_range(*thruster).offset;
    p.value = [](double t) {
      for (const Firing& f : kFirings)
        if (t >= f.on && t < f.off) return 1.0;
      return 0.0;
    };
    p.held = true;
    p.next_switch = [](double t) {
      double next = std::numeric_limits<double>::infinity();
      for (const Firing& f : kFirings)
        for (const double edge : {f.on, f.off})
          if (edge > t) next = std::min(next, edge);
      return next;
    };
    inputs.set_profile(std::move(p));
  };
  // rk4 at 0.05 s: ω·dt ≈ 0.3 on the gimbal modes (≈ 6.4 rad/s); Euler starts at 0.05/32 s, ω·dt ≈ 0.01.
  return converged_scenario(g.model, kGimbalSpan, 0.05, 0.05 / 32.0,
                            std::string(kGimbalSetup) + ", commanded by a held run profile of its throttle",
                            gimbal_times(), drive);
}

Scenario make_gimbal_thruster_schedule() {
  // The same motion with the firings given to the thruster as its own schedule (add_firing): its
  // default profile, held over each step with its edges as step boundaries, is the same command
  // as gimbal_thruster's run profile, so it shares that reference.
  Scenario commanded = make_gimbal_thruster();
  const samples::GimbalThruster g = samples::gimbal_thruster();
  for (const Firing& f : kFirings) g.thruster->add_firing(f.on * si::second, (f.off - f.on) * si::second);
  g.model->finalize();
  Scenario s = commanded;
  s.model = g.model;
  s.x0 = g.model->initial_state();
  s.drive = {};
  s.reference = std::string(kGimbalSetup) +
                ", as the thruster's schedule (add_firing), output times on the edges; "
                "reference: gimbal_thruster's (the same motion, a run profile), " +
                commanded.reference.substr(commanded.reference.find("rk_f78"));
  return s;
}

Scenario make_two_vehicles() {
  const std::shared_ptr<Model> model = samples::two_vehicles();
  // The constraint's fastest mode is 7.2 rad/s (Jacobian at x0), the gimbal's step regime: rk4 at
  // 0.05 s has ω·dt ≈ 0.36, Euler at 0.05/32 s ≈ 0.011.
  Scenario s = converged_scenario(model, 10.0, 0.05, 0.05 / 32.0,
                                  "vehicle 1: the hub with panel 1; vehicle 2: 300 kg, I = diag(120, 100, 80) kg m2; "
                                  "constraint from the panel tip (3 m outboard of the hinge) to a point 1 m from B2, "
                                  "reference offset = their offset at t0 (0.2 m along n1), alpha = 1e3 N/m, beta = "
                                  "1e2 N s/m; vehicle 2 starts moving with the panel frame");
  s.conserves = {false, true};  // the damper dissipates; the constraint's forces are internal
  return s;
}

}  // namespace ramus::bench
