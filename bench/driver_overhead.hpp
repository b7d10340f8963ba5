// What the drivers cost beyond the right-hand side: the same rk4 propagation of a scenario's
// system through a hand-written RK4 loop (the floor: four evaluations and the vector updates),
// through ramus::propagate(), and through Odeint's integrate_const, timed interleaved in one run.
#pragma once

#include <cstdint>
#include <string>

#include "scenario.hpp"
#include "timing.hpp"

namespace ramus::bench {

struct DriverOverhead {
  double dt = 0.0;                ///< [s] rk4 step
  std::uint64_t steps = 0;        ///< steps of each propagation (the scenario's span)
  int repeats = 1;                ///< propagations per timed sample (from x0 each time)
  TimingSummary hand;             ///< [s] one propagation, hand-written RK4 loop
  TimingSummary propagate;        ///< [s] ramus::propagate with "rk4"
  TimingSummary integrate_const;  ///< [s] boost::numeric::odeint::integrate_const with runge_kutta4
  std::string failure;            ///< the IntegrationError's message when a propagation failed; empty otherwise

  double propagate_ratio() const { return propagate.median / hand.median; }
  double integrate_const_ratio() const { return integrate_const.median / hand.median; }
};

/// `rounds` rounds of the three propagations over the scenario's span in steps of `dt` from x0
/// (inputs as at t0, no output times in between), each round in the same order; each timed
/// sample repeats its propagation `repeats` times and is divided by it.
DriverOverhead measure_driver_overhead(const Scenario& scenario, double dt, int repeats, int rounds);

}  // namespace ramus::bench
