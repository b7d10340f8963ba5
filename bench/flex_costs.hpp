// What a flexible body costs (docs/benchmarks.md "Flexible arrays"): one evaluation of the
// right-hand side of the hub with one flexible array of n modes (samples::flex1, n = 1 … 100), with
// and without the geometric stiffening, less the hub alone, per mode; and two arrays of n modes
// against the same arrays as chains of n rigid hinged panels (samples::flex2, hinged_arrays2), timed
// side by side in one run.
#pragma once

#include <ostream>
#include <vector>

namespace ramus::bench {

struct FlexCost {
  int modes = 0;
  double seconds = 0.0;         ///< [s] per evaluation, stiffening on (median of batches)
  double seconds_linear = 0.0;  ///< [s] the same with the stiffening off
  double seconds_hub = 0.0;     ///< [s] the hub alone, timed beside them
};
struct ChainCrossover {
  int count = 0;                  ///< modes per flexible array = panels per hinged chain
  double seconds_flexible = 0.0;  ///< [s] per evaluation, two flexible arrays
  double seconds_hinged = 0.0;    ///< [s] per evaluation, two hinged chains
};

std::vector<FlexCost> measure_flex_costs(bool quick);
std::vector<ChainCrossover> measure_chain_crossover(bool quick);
void print_flex_costs(std::ostream& os, const std::vector<FlexCost>& costs, const std::vector<ChainCrossover>& chains);

}  // namespace ramus::bench
