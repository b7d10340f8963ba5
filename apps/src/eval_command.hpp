// `ramus eval TERM`: an environment term at points (docs/scenario.md §9): the gravity field
// (potential, acceleration, optionally its gradient), the magnetic field, the shadow function,
// the atmospheric density and what the solar radiation pressure model uses, from a scenario's
// "environment" and "gravity" sections (--scenario) or their defaults, at --position x,y,z and
// --time T or at the rows t,x,y,z of --points FILE.csv; a CSV whose header names each column with
// its frame and unit, on standard output or --output FILE (complete or absent, output_file.hpp).
#pragma once

#include <string>
#include <vector>

namespace ramus::app {

/// `args`: what follows "eval" on the command line. Returns the exit status (0); bad usage throws
/// UsageError naming the option and the value, a bad scenario or points file InputError naming
/// the file, a model's failure at a point std::runtime_error naming the point.
int run_eval(const std::vector<std::string>& args);

}  // namespace ramus::app
