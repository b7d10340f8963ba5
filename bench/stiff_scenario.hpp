// The `stiff_hinge` scenario: the stiff vehicle of test/steppers/implicit_steppers_test.cpp (a
// hinge with a stiff spring and a stiffer damper), on which the implicit steppers are compared with
// the explicit ones at matched accuracy (docs/benchmarks.md, "The stiff case, located events").
#pragma once

#include "scenario.hpp"

namespace ramus::bench {

/// A free hub (500 kg, diag(400, 350, 300) kg m²) with a 40 kg panel on a hinge about b3 at
/// 1.2 m, k = 1e6 N m/rad, c = 2e6 N m s/rad, spun up by 10 sin(2π t / 20 s) N m about b3 and
/// 1 N m about b1, 20 s. Its own steppers: rosenbrock4, implicit_euler, rk_dopri5, rk_ck54.
/// Reference: rosenbrock4 at 1e-13, checked against the same at 1e-11 (rk_f78 at 1e-11, 1.8 s
/// here, agrees to 1.3e-12: docs/benchmarks.md).
Scenario make_stiff_hinge();

}  // namespace ramus::bench
