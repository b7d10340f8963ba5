// What the environment models cost: one evaluation of each (spherical harmonics at degrees 8, 20
// and 60, with their closed-form gravity gradient beside one sum, third bodies, the Earth's
// rotation, gravity gradient, radiation pressure and drag on ten facets, magnetorquers in the
// World Magnetic Model), timed in batches in one run, with the point mass as the yardstick.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "ramus/environment/gravity_gradient.hpp"

namespace ramus::bench {

struct EnvironmentCost {
  std::string model;     ///< what was evaluated
  double seconds = 0.0;  ///< [s] per evaluation, median of the batches
  /// The entry this one is measured against (e.g. the closed-form gravity gradient against one
  /// harmonic sum of the same degree), printed as a ratio; empty: none.
  std::string compared_with;
  double compared_seconds = 0.0;  ///< [s] that entry's cost
};

/// Times each model's evaluation at a LEO point (`quick`: shorter batches). The data files are
/// read from `data_dir` (the repository's data/).
std::vector<EnvironmentCost> measure_environment_costs(const std::string& data_dir, bool quick);

/// One orbit of a spacecraft with two flexible panels in the full environment (degree-20 gravity
/// in the rotating Earth frame, Sun and Moon, gravity gradient, drag and radiation pressure on
/// the hub and on each panel), propagated by rk_dopri5 at `tolerance`; its error is the position
/// of C against the same run at 1e-12. With `gradient_at` = vehicle each body's gravity gradient
/// is taken at the vehicle's C (docs/environment/gravity_gradient.md (7)), and `model_difference`
/// says how far that moves C from the exact model (both at 1e-12).
struct FullEnvironmentOrbit {
  GradientPoint gradient_at = GradientPoint::body;
  double tolerance = 0.0;  ///< abs and rel tolerance of the timed run
  double seconds = 0.0;    ///< [s] wall time of the timed run (one orbit)
  double period = 0.0;     ///< [s] the orbit's period
  std::uint64_t steps = 0, evaluations = 0;
  double position_error = 0.0;  ///< [m] |Δr_C| at the end against the 1e-12 run
  double seconds_per_evaluation = 0.0;
  double model_difference = 0.0;  ///< [m] gradient_at = vehicle: |Δr_C| against the exact model
};
FullEnvironmentOrbit measure_full_environment_orbit(const std::string& data_dir, double tolerance,
                                                    GradientPoint gradient_at = GradientPoint::body);

void print_environment_costs(std::ostream& os, const std::vector<EnvironmentCost>& costs,
                             const std::vector<FullEnvironmentOrbit>& orbits);

}  // namespace ramus::bench
