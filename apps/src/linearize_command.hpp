// `ramus linearize`: the linear model of a scenario's vehicle(s) about the state at a time of the
// scenario (its start, or an output time reached by running it), with its modes
// (docs/analysis/linear_models.md §5). Writes <DIR>/A.csv, B.csv, modes.csv and linear_model.json.
#pragma once

#include "options.hpp"

namespace ramus::app {

/// Returns the exit status (0).
int run_linearize(const Options& options);

}  // namespace ramus::app
