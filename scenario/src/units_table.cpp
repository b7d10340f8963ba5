#include "ramus/scenario/units_table.hpp"

#include <array>
#include <boost/units/base_units/cgs/centimeter.hpp>
#include <boost/units/base_units/cgs/gram.hpp>
#include <boost/units/base_units/metric/day.hpp>
#include <boost/units/base_units/metric/hour.hpp>
#include <boost/units/base_units/metric/minute.hpp>
#include <boost/units/base_units/us/foot.hpp>
#include <boost/units/base_units/us/pound.hpp>
#include <boost/units/make_scaled_unit.hpp>
#include <boost/units/systems/si.hpp>
#include <cmath>
#include <numbers>

namespace ramus::scenario {
namespace {

namespace bu = boost::units;
namespace si = boost::units::si;

/// Factor to SI of the non-SI base units, from Boost.Units' own conversions.
template <class BaseUnit, class SiUnit>
double factor(SiUnit si_unit) {
  return static_cast<double>(bu::conversion_factor(typename BaseUnit::unit_type(), si_unit));
}
/// 10^E, as Boost.Units scales a unit by a metric prefix.
template <long E>
double decimal() {
  using scaled = typename bu::make_scaled_unit<si::length, bu::scale<10, bu::static_rational<E>>>::type;
  return static_cast<double>(bu::conversion_factor(scaled(), si::meter));
}

struct Entry {
  std::string_view unit;
  Dimension dimension;
  double factor;  ///< to SI
};

/// The accepted spellings, SI first within each dimension.
const std::vector<Entry>& table() {
  static const std::vector<Entry> entries = [] {
    // Not Boost.Units' angle::degree_base_unit: it converts with 6.28318530718/360, twelve digits
    // of 2π (relative error 6.6e-14); the angle factors are π/180 and 2π to the last bit.
    const double deg = std::numbers::pi / 180.0;
    const double rev = 2.0 * std::numbers::pi;
    const double minute = factor<bu::metric::minute_base_unit>(si::second);
    const double hour = factor<bu::metric::hour_base_unit>(si::second);
    const double day = factor<bu::metric::day_base_unit>(si::second);
    const double gram = factor<bu::cgs::gram_base_unit>(si::kilogram);
    const double cm = factor<bu::cgs::centimeter_base_unit>(si::meter);
    const double pound = factor<bu::us::pound_base_unit>(si::kilogram);
    const double foot = factor<bu::us::foot_base_unit>(si::meter);
    const double km = decimal<3>(), milli = decimal<-3>();
    using D = Dimension;
    return std::vector<Entry>{
        {"1", D::dimensionless, 1.0},
        {"kg", D::mass, 1.0},
        {"g", D::mass, gram},
        {"lb", D::mass, pound},
        {"m", D::length, 1.0},
        {"km", D::length, km},
        {"cm", D::length, cm},
        {"mm", D::length, milli},
        {"ft", D::length, foot},
        {"s", D::time, 1.0},
        {"ms", D::time, milli},
        {"min", D::time, minute},
        {"h", D::time, hour},
        {"day", D::time, day},
        {"m/s", D::velocity, 1.0},
        {"km/s", D::velocity, km},
        {"ft/s", D::velocity, foot},
        {"m/s^2", D::acceleration, 1.0},
        {"rad", D::angle, 1.0},
        {"deg", D::angle, deg},
        {"rev", D::angle, rev},
        {"rad/s", D::angular_velocity, 1.0},
        {"deg/s", D::angular_velocity, deg},
        {"rpm", D::angular_velocity, rev / minute},
        {"deg/h", D::angular_velocity, deg / hour},
        {"N", D::force, 1.0},
        {"kN", D::force, km},
        {"mN", D::force, milli},
        {"N m", D::torque, 1.0},
        {"mN m", D::torque, milli},
        {"kg m^2", D::inertia, 1.0},
        {"g cm^2", D::inertia, gram * cm * cm},
        {"N m/rad", D::stiffness, 1.0},
        {"N m/deg", D::stiffness, 1.0 / deg},
        {"N m s/rad", D::rotational_damping, 1.0},
        {"N m s/deg", D::rotational_damping, 1.0 / deg},
        {"N/m", D::linear_stiffness, 1.0},
        {"N s/m", D::linear_damping, 1.0},
        {"m^3/s^2", D::gravitational_parameter, 1.0},
        {"km^3/s^2", D::gravitational_parameter, km * km * km},
        {"kg m", D::static_imbalance, 1.0},
        {"g cm", D::static_imbalance, gram * cm},
        {"N m s", D::angular_momentum, 1.0},
        {"mN m s", D::angular_momentum, milli},
        {"1/(kg m^2)", D::inverse_inertia, 1.0},
        // Gyro noise densities (docs/sensors/rate_gyro.md): sqrt(3600 s) = 60 s^0.5 exactly.
        {"rad/s^0.5", D::angle_random_walk, 1.0},
        {"deg/s^0.5", D::angle_random_walk, deg},
        {"deg/h^0.5", D::angle_random_walk, deg / std::sqrt(hour)},
        {"rad/s^1.5", D::rate_random_walk, 1.0},
        {"deg/s^1.5", D::rate_random_walk, deg},
        {"deg/h^1.5", D::rate_random_walk, deg / (hour * std::sqrt(hour))},
        {"rad/s^2", D::angular_acceleration, 1.0},
        {"deg/s^2", D::angular_acceleration, deg},
        {"m^2", D::area, 1.0},
        {"cm^2", D::area, cm * cm},
        {"kg/m^3", D::density, 1.0},
        {"g/cm^3", D::density, gram / (cm * cm * cm)},
        {"A m^2", D::magnetic_moment, 1.0},
        {"N/m^2", D::pressure, 1.0},
        {"Pa", D::pressure, 1.0},
        {"1/s", D::rate, 1.0},
        {"N m^2", D::bending_stiffness, 1.0},
        {"kg/m", D::mass_per_length, 1.0},
        {"g/m", D::mass_per_length, gram},
        {"kg m", D::mass_moment_per_length, 1.0},
    };
  }();
  return entries;
}

/// "N*m" and "N·m" → "N m", "m²" → "m^2"; nothing else changes (whitespace is checked before).
std::string normalized(std::string_view unit) {
  std::string out;
  for (std::size_t i = 0; i < unit.size(); ++i) {
    const std::string_view rest = unit.substr(i);
    if (rest.starts_with("\u00b7")) {
      out += ' ';
      i += 1;
    } else if (rest.starts_with("\u00b2")) {
      out += "^2";
      i += 1;
    } else if (rest.starts_with("\u00b3")) {
      out += "^3";
      i += 1;
    } else {
      out += unit[i] == '*' ? ' ' : unit[i];
    }
  }
  return out;
}

/// The unit as the message shows it: control characters escaped ("m\t"), the rest as written.
std::string shown(std::string_view unit) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out = "'";
  for (const char c : unit) {
    const auto b = static_cast<unsigned char>(c);
    if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (b < 0x20 || b == 0x7f) {
      out.append("\\x").append(1, hex[b >> 4]).append(1, hex[b & 15]);
    } else {
      out += c;
    }
  }
  return out + "'";
}

/// Why a unit's whitespace is refused, or empty: the one whitespace a unit may hold is a single
/// space between two factors ("N m"); no other white character, none at either end, no run.
std::string whitespace_error(std::string_view unit) {
  const auto white = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
  for (const char c : unit)
    if (white(c) && c != ' ')
      return "unit " + shown(unit) + " holds a white character other than a space (a product is written 'N m')";
  if (!unit.empty() && (white(unit.front()) || white(unit.back())))
    return "unit " + shown(unit) + " has a leading or trailing space (write it without)";
  if (unit.find("  ") != std::string_view::npos)
    return "unit " + shown(unit) + " has a run of spaces (a product is written with one: 'N m')";
  return {};
}

std::string with_article(std::string_view name) {
  const bool vowel = !name.empty() && std::string_view("aeiou").find(name.front()) != std::string_view::npos;
  return (vowel ? "an " : "a ") + std::string(name);
}

}  // namespace

std::string_view dimension_name(Dimension d) {
  static constexpr std::array<std::string_view, kDimensionCount> names{"dimensionless number",
                                                                       "mass",
                                                                       "length",
                                                                       "time",
                                                                       "velocity",
                                                                       "acceleration",
                                                                       "angle",
                                                                       "angular velocity",
                                                                       "force",
                                                                       "torque",
                                                                       "inertia",
                                                                       "torsional stiffness",
                                                                       "rotational damping",
                                                                       "linear stiffness",
                                                                       "linear damping",
                                                                       "gravitational parameter",
                                                                       "static imbalance",
                                                                       "angular momentum",
                                                                       "inverse inertia",
                                                                       "angle random walk",
                                                                       "rate random walk",
                                                                       "angular acceleration",
                                                                       "area",
                                                                       "density",
                                                                       "magnetic moment",
                                                                       "pressure",
                                                                       "rate",
                                                                       "bending stiffness",
                                                                       "mass per length",
                                                                       "mass moment per length"};
  return names.at(static_cast<std::size_t>(d));
}

std::string_view si_unit(Dimension d) { return accepted_units(d).front(); }

std::vector<std::string_view> accepted_units(Dimension d) {
  std::vector<std::string_view> units;
  for (const Entry& e : table())
    if (e.dimension == d) units.push_back(e.unit);
  return units;
}

UnitLookup lookup_unit(std::string_view unit, Dimension d) {
  if (std::string error = whitespace_error(unit); !error.empty()) return {0.0, std::move(error)};
  const std::string u = normalized(unit);
  // A spelling may serve two dimensions ("kg m": a static imbalance, a mass moment per length).
  const Entry* other = nullptr;
  for (const Entry& e : table()) {
    if (e.unit != u) continue;
    if (e.dimension == d) return {e.factor, {}};
    if (other == nullptr) other = &e;
  }
  if (other != nullptr)
    return {0.0, "unit " + shown(unit) + " is " + with_article(dimension_name(other->dimension)) + ", expected " +
                     with_article(dimension_name(d))};
  std::string list;
  for (const std::string_view a : accepted_units(d)) list += (list.empty() ? "" : ", ") + std::string(a);
  return {0.0, "unknown unit " + shown(unit) + " for " + with_article(dimension_name(d)) + " (accepted: " + list + ")"};
}

}  // namespace ramus::scenario
