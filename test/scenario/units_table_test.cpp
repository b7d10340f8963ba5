// Unit strings of scenario files (units_table.hpp): factors against independent definitions
// (the SI brochure, the international yard and pound of 1959), spellings, wrong dimensions.
#include "ramus/scenario/units_table.hpp"

#include <boost/test/unit_test.hpp>
#include <numbers>

namespace ramus::scenario {
namespace {

double factor(const char* unit, Dimension d) {
  const UnitLookup u = lookup_unit(unit, d);
  BOOST_TEST_REQUIRE(u.error.empty(), unit << ": " << u.error);
  return u.factor;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_units)

BOOST_AUTO_TEST_CASE(factors_match_their_definitions) {
  // Exact definitions: equal to the double nearest the definition, or within a few ulps where
  // Boost.Units composes the factor from two roundings (deg = π/180, rpm = 2π/60).
  constexpr double tol = 4e-16;
  BOOST_TEST(factor("kg", Dimension::mass) == 1.0);
  BOOST_TEST(factor("g", Dimension::mass) == 1e-3, boost::test_tools::tolerance(tol));
  BOOST_TEST(factor("lb", Dimension::mass) == 0.45359237, boost::test_tools::tolerance(tol));
  BOOST_TEST(factor("km", Dimension::length) == 1000.0);
  BOOST_TEST(factor("mm", Dimension::length) == 1e-3, boost::test_tools::tolerance(tol));
  BOOST_TEST(factor("ft", Dimension::length) == 0.3048, boost::test_tools::tolerance(tol));
  BOOST_TEST(factor("min", Dimension::time) == 60.0);
  BOOST_TEST(factor("h", Dimension::time) == 3600.0);
  BOOST_TEST(factor("day", Dimension::time) == 86400.0);  // the SI-accepted day, 86 400 s
  BOOST_TEST(factor("deg", Dimension::angle) == std::numbers::pi / 180.0, boost::test_tools::tolerance(tol));
  BOOST_TEST(factor("rev", Dimension::angle) == 2.0 * std::numbers::pi, boost::test_tools::tolerance(tol));
  BOOST_TEST(factor("deg/s", Dimension::angular_velocity) == std::numbers::pi / 180.0,
             boost::test_tools::tolerance(tol));
  BOOST_TEST(factor("rpm", Dimension::angular_velocity) == 2.0 * std::numbers::pi / 60.0,
             boost::test_tools::tolerance(tol));
  BOOST_TEST(factor("g cm^2", Dimension::inertia) == 1e-7, boost::test_tools::tolerance(tol));
  BOOST_TEST(factor("N m/deg", Dimension::stiffness) == 180.0 / std::numbers::pi, boost::test_tools::tolerance(tol));
  BOOST_TEST(factor("km^3/s^2", Dimension::gravitational_parameter) == 1e9);
  // The flight software's units (docs/scenario.md §3 Flight software): gyro noise per √h, rates
  // per hour, the rate gain.
  BOOST_TEST(factor("deg/h", Dimension::angular_velocity) == std::numbers::pi / 180.0 / 3600.0,
             boost::test_tools::tolerance(tol));
  BOOST_TEST(factor("deg/h^0.5", Dimension::angle_random_walk) == std::numbers::pi / 180.0 / 60.0,
             boost::test_tools::tolerance(tol));
  BOOST_TEST(factor("deg/h^1.5", Dimension::rate_random_walk) == std::numbers::pi / 180.0 / 216000.0,
             boost::test_tools::tolerance(tol));
  BOOST_TEST(factor("deg/s^2", Dimension::angular_acceleration) == std::numbers::pi / 180.0,
             boost::test_tools::tolerance(tol));
  BOOST_TEST(factor("mN m s", Dimension::angular_momentum) == 1e-3, boost::test_tools::tolerance(tol));
  BOOST_TEST(factor("N*m*s", Dimension::angular_momentum) == 1.0);
  BOOST_TEST(lookup_unit("N m s", Dimension::torque).error == "unit 'N m s' is an angular momentum, expected a torque");
}

BOOST_AUTO_TEST_CASE(products_may_be_written_with_star_or_middle_dot) {
  BOOST_TEST(factor("N*m", Dimension::torque) == 1.0);
  BOOST_TEST(factor("N\u00b7m", Dimension::torque) == 1.0);
  BOOST_TEST(factor("kg m\u00b2", Dimension::inertia) == 1.0);
  BOOST_TEST(factor("mN m", Dimension::torque) == 1e-3, boost::test_tools::tolerance(4e-16));
  // Whitespace is exact: one space between factors, none around (hostile_loader_test.cpp).
  BOOST_TEST(lookup_unit(" mN m ", Dimension::torque).error ==
             "unit ' mN m ' has a leading or trailing space (write it without)");
}

BOOST_AUTO_TEST_CASE(wrong_dimension_and_unknown_unit_are_refused) {
  const UnitLookup wrong = lookup_unit("deg", Dimension::length);
  BOOST_TEST(wrong.factor == 0.0);
  BOOST_TEST(wrong.error == "unit 'deg' is an angle, expected a length");
  const UnitLookup unknown = lookup_unit("furlong", Dimension::length);
  BOOST_TEST(unknown.error == "unknown unit 'furlong' for a length (accepted: m, km, cm, mm, ft)");
  // The radian is a dimension: a torque is not a torsional stiffness.
  BOOST_TEST(lookup_unit("N m", Dimension::stiffness).error ==
             "unit 'N m' is a torque, expected a torsional stiffness");
}

BOOST_AUTO_TEST_CASE(every_dimension_lists_its_si_unit_first) {
  BOOST_TEST(si_unit(Dimension::inertia) == "kg m^2");
  BOOST_TEST(si_unit(Dimension::angular_velocity) == "rad/s");
  // g/cm^3 = 1e-3 kg / 1e-6 m^3 = 1000 kg/m^3 (a density listing's unit).
  BOOST_TEST(factor("g/cm^3", Dimension::density) == 1000.0, boost::test_tools::tolerance(1e-15));
  for (int d = 0; d <= static_cast<int>(Dimension::pressure); ++d)
    BOOST_TEST(factor(std::string(si_unit(static_cast<Dimension>(d))).c_str(), static_cast<Dimension>(d)) == 1.0);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus::scenario
