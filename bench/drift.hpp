// Energy and angular-momentum drift over a long rk4 run, for the scenarios whose physics
// conserves them (Scenario::conserves): the quantity the step-halving study does not show.
#pragma once

#include <limits>
#include <string>

#include "scenario.hpp"

namespace ramus::bench {

struct Drift {
  static constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  double span = 0.0;  ///< [s] length of the run
  double dt = 0.0;    ///< [s] rk4 step of the coarse run; the fine run takes dt/2
  int samples = 0;    ///< output times at which the totals are sampled
  /// [1] max over the samples of |E(t) − E(t0)| / |E(t0)|, E the total energy (every vehicle's
  /// orbital and rotational energy and the two-point effectors' potential); NaN when not conserved.
  double energy = nan;
  /// [1] max over the samples of |H(t) − H(t0)| / |H(t0)|, H the total angular momentum about N.
  double momentum = nan;
  /// log2 of the drift at dt over the drift at dt/2 (the drift's own convergence order).
  double energy_order = nan, momentum_order = nan;
  std::string failure;  ///< the IntegrationError's message when the long run failed; empty otherwise
};

/// Propagates s with rk4 at dt and dt/2 over [t0, t0 + span] (inputs as at t0), sampling the
/// conserved totals at `samples` evenly spaced times.
Drift long_run_drift(const Scenario& s, double dt, double span, int samples);

}  // namespace ramus::bench
