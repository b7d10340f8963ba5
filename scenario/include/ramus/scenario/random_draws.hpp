// Reproducible random draws for Monte Carlo campaigns (docs/scenario.md §6): the kernel's
// RandomStream (ramus/kernel/random_stream.hpp), keyed by (seed, run, parameter).
#pragma once

#include "ramus/kernel/random_stream.hpp"

namespace ramus::scenario {

using ramus::RandomStream;

}  // namespace ramus::scenario
