// Stochastic dynamics in the bench (docs/models/stochastic_dynamics.md, docs/benchmarks.md
// "Stochastic dynamics"): a tumbling rigid hub under white torque noise about its three axes, the
// SDE of the model (StochasticSystem). The cost of one step of each stochastic stepper against one
// rk4 step of the deterministic model, and the order study: the strong error against the same
// Brownian path at the finest step, and the weak error of E|H|², whose exact value is
// |H0|² + 3σ²T (the noise's work on |H|²; the gyroscopic term does none).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace ramus::bench {

struct StochasticStepCost {
  std::string stepper;
  double seconds = 0.0;      ///< [s] per step (median of batches)
  double rk4_seconds = 0.0;  ///< [s] one rk4 step of the deterministic model, timed beside it
};
struct StochasticOrder {
  std::string what;  ///< "strong, euler_maruyama", …
  std::vector<double> dt, error, standard_error;
  double order = 0.0, order_standard_error = 0.0;
  double expected = 0.0;  ///< the scheme's order for this noise
};
struct StochasticBench {
  std::vector<StochasticStepCost> steps;
  std::vector<StochasticOrder> orders;
};

StochasticBench measure_stochastic(bool quick);
void print_stochastic(std::ostream& os, const StochasticBench& bench);

}  // namespace ramus::bench
