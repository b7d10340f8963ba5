// The unit strings a scenario file may write, per physical dimension (docs/scenario.md §2), and
// their factors to SI, taken from Boost.Units' conversions. A bare number in a scenario is SI.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ramus::scenario {

/// The dimensions of the quantities a scenario gives (the radian counts as a dimension, as in
/// Boost.Units and ramus/kernel/units.hpp).
enum class Dimension {
  dimensionless,
  mass,
  length,
  time,
  velocity,
  acceleration,
  angle,
  angular_velocity,
  force,
  torque,
  inertia,
  stiffness,
  rotational_damping,
  linear_stiffness,
  linear_damping,
  gravitational_parameter,
  static_imbalance,
  angular_momentum,        ///< N m s: a rate gain (MRP feedback P), a momentum
  inverse_inertia,         ///< 1/(kg m^2): the MRP feedback's integral gain K_i
  angle_random_walk,       ///< rad/s^0.5: a gyro's white rate noise density
  rate_random_walk,        ///< rad/s^1.5: a gyro's bias random walk
  angular_acceleration,    ///< rad/s^2: a slew's acceleration limit
  area,                    ///< m^2: a facet's or a cross-section's area
  density,                 ///< kg/m^3: an atmosphere's density
  magnetic_moment,         ///< A m^2: a magnetorquer's dipole
  pressure,                ///< N/m^2: the solar radiation pressure at 1 au
  rate,                    ///< 1/s: a gain per unit time (the momentum dump's k)
  bending_stiffness,       ///< N m^2: a beam's EI or GJ
  mass_per_length,         ///< kg/m: a beam's rhoA
  mass_moment_per_length,  ///< kg m: a beam section's polar mass moment per length, rhoJ
};
/// The number of Dimensions (the last one's value + 1).
inline constexpr int kDimensionCount = static_cast<int>(Dimension::mass_moment_per_length) + 1;

/// "length", "angular velocity", …
std::string_view dimension_name(Dimension d);
/// The SI unit of d as a scenario writes it: "m", "rad/s", "kg m^2", …
std::string_view si_unit(Dimension d);
/// Every unit string accepted for d, SI first.
std::vector<std::string_view> accepted_units(Dimension d);

/// The result of looking a unit string up for a dimension: the factor to SI, or why it is refused.
struct UnitLookup {
  double factor = 0.0;  ///< value_SI = factor · value; 0 when refused
  std::string error;    ///< empty when accepted, else e.g. "unit 'deg' is an angle, expected a length"
};
/// Looks `unit` up for d. Spellings: "*" and "·" may stand for the space of a product
/// ("N*m" = "N m"), "²" and "³" for "^2" and "^3". Whitespace is exact: one space between two
/// factors and no other; a leading or trailing space, a run of spaces, a tab or a newline is
/// refused, with the unit (control characters escaped) in the error.
UnitLookup lookup_unit(std::string_view unit, Dimension d);

}  // namespace ramus::scenario
