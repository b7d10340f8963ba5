// A bench scenario: a finalized model, its initial state and time span, and the reference state
// at the end time that every run is compared against. The error of a run is the largest of up to
// five dimensionless-or-radian components (ErrorBreakdown); a scenario leaves out the components
// its reference does not define (e.g. the rate error when the reference rate is zero).
#pragma once

#include <Eigen/Dense>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/events.hpp"
#include "ramus/steppers/propagate.hpp"

namespace ramus::bench {

/// A stepper a scenario compares on its own terms (Scenario::plan): the tolerances of an adaptive
/// stepper (abs_tol = rel_tol) or the steps [s] of a fixed one, in the full and the quick run
/// (an empty list: not run in that mode).
struct StepperPlan {
  std::string stepper;
  std::vector<double> full, quick;
};

/// Events to locate along a scenario's run (PropagationSettings::events) and the times at which
/// the closed form has them (every occurrence of every event, in time order): the bench measures
/// their cost and their location error per stepper (docs/benchmarks.md, "The stiff case, located
/// events").
struct EventCase {
  std::string description;  ///< one line: the events and where their times come from
  std::vector<Event> events;
  std::vector<double> expected;  ///< [s] closed-form times, sorted
};

/// The reference state of one vehicle's hub at the end time. Attitude is always compared; the
/// translation and the rate only where given.
struct HubReference {
  std::optional<Eigen::Vector3d> r_BN_N;  ///< [m]
  std::optional<Eigen::Vector3d> v_BN_N;  ///< [m/s]
  Quaternion q_BN = Quaternion(1.0, 0.0, 0.0, 0.0);
  std::optional<Eigen::Vector3d> omega_BN_B;  ///< [rad/s]
};

/// The reference value of one block of an effector's coordinates (a block of the state layout,
/// e.g. "sc/panel1.theta") at the end time, and the scale its error is divided by.
struct CoordinateReference {
  std::string name;  ///< "owner.block", for messages
  Eigen::Index offset = 0;
  Eigen::Index size = 0;
  Eigen::VectorXd value;  ///< [block unit] at t1
  /// [block unit] the block's amplitude: max |entry| over the reference trajectory (sampled).
  double scale = 1.0;
};

/// Components of the error of one run's final state against its reference; NaN where the
/// reference does not define the component. The hub components are the largest over the
/// vehicles whose hub the reference gives.
struct ErrorBreakdown {
  double position;  ///< [1] |Δr_BN_N| / |r_ref|
  double velocity;  ///< [1] |Δv_BN_N| / |v_ref|
  double attitude;  ///< [rad] attitude_error_angle(q_ref, q)
  double rate;      ///< [1] |Δomega_BN_B| / |omega_ref|
  /// [1] effector coordinates: the largest over the blocks of max|Δentry| / block amplitude.
  double coordinates;

  /// The largest defined component (propagate() never returns a non-finite state).
  double max() const;
  /// Symbol of the largest component: "r", "v", "q", "w" or "c".
  std::string_view dominant() const;
};

/// Compares vehicle `i`'s hub in `x` with `ref` (coordinates: NaN).
ErrorBreakdown hub_error(const Model& model, const Eigen::VectorXd& x, const HubReference& ref, std::size_t i = 0);

struct Scenario {
  std::string name;
  std::string description;             ///< one line, for --list and the table header
  std::string reference;               ///< how the reference was obtained, for the table header
  std::shared_ptr<const Model> model;  ///< finalized
  Eigen::VectorXd x0;                  ///< initial state (the model's, unless the scenario says otherwise)
  double t0 = 0.0;                     ///< [s]
  double t1 = 0.0;                     ///< [s]
  /// [s] output times from t0 to t1 (both included) at which every run stops exactly, e.g. the
  /// edges of a piecewise input; empty: {t0, t1}.
  std::vector<double> output_times;
  /// Attaches the scenario's command sources (a thruster's on-intervals as a held profile) to a
  /// run's inputs, once, before it starts (docs/architecture.md §5): run() applies it.
  std::function<void(Inputs&)> drive;
  /// Closed-loop scenarios: makes a run's flight software, a fresh set of tasks for every
  /// propagation (run data, docs/architecture.md §D7); empty: open loop.
  std::function<std::unique_ptr<FlightSoftware>()> flight_software;
  /// [s] coarsest fixed step of the step-halving ladder (rk2, rk4), and first trial step of the
  /// adaptive steppers.
  double dt0 = 0.0;
  /// [s] coarsest step for Euler: docs/verification/README.md — Euler is in its asymptotic range on
  /// oscillations only once ω·dt ≲ 0.01, so its ladder starts lower (0: same as dt0).
  double dt0_euler = 0.0;
  HubReference reference_state;                  ///< vehicle 0's hub
  std::vector<HubReference> other_hubs;          ///< vehicles 1, 2, … (none: only vehicle 0 is compared)
  std::vector<CoordinateReference> coordinates;  ///< effector blocks (none: hub only)
  std::size_t chain_links = 0;                   ///< number of links of a chainN scenario (0: not one)
  /// [1] errors below this are within 10× of the reference's own error (a converged run's, from
  /// its check against a 100× looser run); 0 for closed forms. An observed order that involves
  /// one is flagged like one at round-off.
  double error_floor = 0.0;
  /// What the scenario's physics conserves (no damping, drive or external load): the totals
  /// whose long-run drift the bench reports.
  struct Conserved {
    bool energy = false;    ///< every vehicle's orbital + rotational energy + two-point potential
    bool momentum = false;  ///< total angular momentum about N
  } conserves;
  /// The steppers this scenario compares, with their own tolerances or steps, in place of the
  /// command line's steppers and the settings' ladders (a stiff case: the implicit steppers and the
  /// explicit ones they are measured against); empty: the command line's.
  std::vector<StepperPlan> plan;
  /// Makes the scenario's located events (a fresh set per run); empty: none measured.
  std::function<EventCase()> event_case;

  ErrorBreakdown error(const Eigen::VectorXd& x_t1) const;
  /// The output times (t0 and t1 when none are given).
  std::vector<double> times() const;
  /// A run of the model with the scenario's inputs attached (`drive`).
  System run() const;
  /// `settings` with a fresh flight software of the scenario (none when open loop), kept alive
  /// by `holder` for the propagation.
  PropagationSettings closed_loop(PropagationSettings settings, std::unique_ptr<FlightSoftware>& holder) const;
  /// Coarsest fixed step for the named stepper.
  double first_step(std::string_view stepper) const { return stepper == "euler" && dt0_euler > 0.0 ? dt0_euler : dt0; }
};

/// "sc/hub 13, sc/panel1 2, …, sc/C 3": the state layout's entries per owner, in order.
std::string layout_summary(const Model& model);

}  // namespace ramus::bench
