// The atmosphere models (docs/environment/atmosphere.md) against independent references: Vallado's
// table entered here by hand (layer values, continuity at the joins), the forward geodetic
// transform for the altitude above the ellipsoid, the NRLMSISE-00 listing read here with a strict
// pattern of its rows, and exponential profiles that log-linear interpolation must reproduce.
// Suites `atmosphere` and `atmosphere_errors`.
#include <Eigen/Dense>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <numbers>
#include <regex>
#include <string>
#include <vector>

#include "ramus/environment/atmosphere.hpp"
#include "ramus/kernel/error.hpp"
#include "support/checks.hpp"

namespace {

using namespace ramus;

constexpr double kEps = std::numeric_limits<double>::epsilon();
constexpr double kDeg = std::numbers::pi / 180.0;

/// Vallado (2013), Table 8-4, as printed: base altitude [km], nominal density [kg/m³], scale
/// height [km]. Entered here independently of the library's copy.
struct Row {
  double h_km, rho, H_km;
};
const std::vector<Row>& vallado_rows() {
  static const std::vector<Row> rows = {
      {0, 1.225, 7.249},        {25, 3.899e-2, 6.349},    {30, 1.774e-2, 6.682},    {40, 3.972e-3, 7.554},
      {50, 1.057e-3, 8.382},    {60, 3.206e-4, 7.714},    {70, 8.770e-5, 6.549},    {80, 1.905e-5, 5.799},
      {90, 3.396e-6, 5.382},    {100, 5.297e-7, 5.877},   {110, 9.661e-8, 7.263},   {120, 2.438e-8, 9.473},
      {130, 8.484e-9, 12.636},  {140, 3.845e-9, 16.149},  {150, 2.070e-9, 22.523},  {180, 5.464e-10, 29.740},
      {200, 2.789e-10, 37.105}, {250, 7.248e-11, 45.546}, {300, 2.418e-11, 53.628}, {350, 9.518e-12, 53.298},
      {400, 3.725e-12, 58.515}, {450, 1.585e-12, 60.828}, {500, 6.967e-13, 63.822}, {600, 1.454e-13, 71.835},
      {700, 3.614e-14, 88.667}, {800, 1.170e-14, 124.64}, {900, 5.245e-15, 181.05}, {1000, 3.019e-15, 268.00}};
  return rows;
}

std::string data_file() { return std::string(RAMUS_DATA_DIR) + "/NRLMSISE00-nominal-profile.txt"; }

/// The rows of the ModelWeb listing, read here by the exact pattern of its data lines
/// ("  400.0 6.874E-16  708.2"): height [km], density [g/cm³].
std::vector<std::pair<double, double>> listing_rows() {
  std::ifstream in(data_file());
  const std::regex row(R"(^\s*(\d+\.\d)\s+(\d\.\d{3}E[-+]\d{2})\s+\d+\.\d\s*$)");
  std::vector<std::pair<double, double>> out;
  std::string line;
  std::smatch m;
  while (std::getline(in, line))
    if (std::regex_match(line, m, row)) out.emplace_back(std::stod(m[1].str()), std::stod(m[2].str()));
  return out;
}

/// A file in the temporary directory holding `text`; removed by the destructor.
struct TempFile {
  std::filesystem::path path;
  TempFile(const std::string& name, const std::string& text)
      : path(std::filesystem::temp_directory_path() / ("ramus_atmosphere_test_" + name)) {
    std::ofstream(path) << text;
  }
  ~TempFile() { std::filesystem::remove(path); }
  std::string str() const { return path.string(); }
};

/// Forward geodetic transform (docs/environment/atmosphere.md (9)): the point at geodetic latitude
/// φ, longitude λ and height h above the ellipsoid (R, f).
Eigen::Vector3d geodetic_point(const BodyShape& s, double phi, double lambda, double h) {
  const double e2 = s.f * (2.0 - s.f);
  const double N = s.R / std::sqrt(1.0 - e2 * std::sin(phi) * std::sin(phi));
  return {(N + h) * std::cos(phi) * std::cos(lambda), (N + h) * std::cos(phi) * std::sin(lambda),
          (N * (1.0 - e2) + h) * std::sin(phi)};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(atmosphere)

BOOST_AUTO_TEST_CASE(vallado_table_at_its_base_altitudes_and_within_layers) {
  const ExponentialAtmosphere model;
  BOOST_TEST_REQUIRE(model.layers().size() == vallado_rows().size());
  for (std::size_t i = 0; i < vallado_rows().size(); ++i) {
    const Row& r = vallado_rows()[i];
    // At a base altitude the model returns ρ_i exp(0): the printed density exactly.
    BOOST_TEST(model.density(r.h_km * 1e3) == r.rho, "layer " << i);
    // Within the layer (eq. 5), 40 % of the way to the next base (or 100 km above the last):
    // exp and two products, a few ulps.
    const double dh_km = 0.4 * ((i + 1 < vallado_rows().size() ? vallado_rows()[i + 1].h_km : r.h_km + 250.0) - r.h_km);
    const double expected = r.rho * std::exp(-dh_km / r.H_km);
    BOOST_TEST(std::abs(model.density((r.h_km + dh_km) * 1e3) / expected - 1.0) <= 8 * kEps, "layer " << i);
  }
  BOOST_TEST(model.min_altitude() == 0.0);
}

BOOST_AUTO_TEST_CASE(vallado_table_is_continuous_at_its_joins) {
  // Ratio of the layer below's value at the join to the layer above's (eq. 6), from the model:
  // its limit from below (1 µm under the join: the exponent changes by < 2e-10) over its value at
  // the join. The printed densities have 4 digits (rounding ≤ 5e-4 each, two per join) and the
  // scale heights 4–5 (≤ Δh/H · 0.0005/H ≤ 2.4e-4 on the lowest layer): a join is continuous to
  // 1.5e-3 or the table was mistyped. The troposphere layer's join at 25 km is the worst
  // (−1.36e-3: its H is a fit); the others are within 1e-4.
  const ExponentialAtmosphere model;
  double worst = 0.0, worst_above_25 = 0.0;
  for (std::size_t i = 1; i < vallado_rows().size(); ++i) {
    const double h = vallado_rows()[i].h_km * 1e3;
    const double ratio = model.density(h - 1e-6) / model.density(h);
    BOOST_TEST(std::abs(ratio - 1.0) <= 1.5e-3, "join at " << vallado_rows()[i].h_km << " km: " << ratio);
    worst = std::max(worst, std::abs(ratio - 1.0));
    if (i > 1) worst_above_25 = std::max(worst_above_25, std::abs(ratio - 1.0));
  }
  BOOST_TEST(worst_above_25 <= 1e-4);
  BOOST_TEST_MESSAGE("Vallado joins: worst |ratio − 1| = " << worst << ", above 25 km " << worst_above_25);
}

BOOST_AUTO_TEST_CASE(single_layer_is_its_closed_form_above_and_below_its_base) {
  const double rho0 = 2.4e-11, h0 = 300e3, H = 50e3;
  const ExponentialAtmosphere model(ExponentialAtmosphereConfig::single_layer(rho0, h0, H, 100e3));
  for (const double h : {100e3, 150e3, 299e3, 300e3, 420e3, 1000e3, 2000e3})
    // exp of an argument up to 34 (relative error ≤ 34 ε from the quotient's rounding) and a product
    BOOST_TEST(std::abs(model.density(h) / (rho0 * std::exp(-(h - h0) / H)) - 1.0) <= 64 * kEps, "h = " << h);
  BOOST_TEST(model.min_altitude() == 100e3);
}

BOOST_AUTO_TEST_CASE(altitude_over_a_sphere_and_over_the_wgs84_ellipsoid) {
  const BodyShape sphere{6371e3, 0.0};
  const Eigen::Vector3d u = Eigen::Vector3d(1.0, -2.0, 0.5).normalized();
  BOOST_TEST(std::abs(sphere.altitude((6371e3 + 400e3) * u) - 400e3) <= 1e-8);  // |r| to a few ulps of 7e6 m

  // The inverse (Bowring's iteration, eqs. 2–4) against the forward transform (9), from the pole to
  // the equator and from 5 km below the surface to beyond GEO. Both round at ~ε |r| per operation;
  // 16 ε |r| (1.4e-7 m at 4e7 m, 2e-8 m in LEO) bounds the sum.
  const BodyShape wgs = BodyShape::wgs84();
  double worst = 0.0;
  for (const double lat : {-90.0, -89.999, -60.0, -30.0, -1e-6, 0.0, 10.0, 45.0, 64.7, 80.0, 89.999, 90.0})
    for (const double h : {-5e3, 0.0, 400e3, 2000e3, 36000e3})
      for (const double lon : {0.0, 123.0}) {
        const Eigen::Vector3d r = geodetic_point(wgs, lat * kDeg, lon * kDeg, h);
        const double err = std::abs(wgs.altitude(r) - h);
        BOOST_TEST(err <= 16 * kEps * r.norm(), "lat " << lat << " h " << h << ": error " << err << " m");
        worst = std::max(worst, err);
      }
  BOOST_TEST_MESSAGE("geodetic height: worst error " << worst << " m");
  // Closed forms on the axis and in the equatorial plane: |z| − R(1 − f) and p − R.
  const double b = wgs.R * (1.0 - wgs.f);
  BOOST_TEST(std::abs(wgs.altitude(Eigen::Vector3d(0.0, 0.0, -(b + 400e3))) - 400e3) <= 1e-8);
  BOOST_TEST(std::abs(wgs.altitude(Eigen::Vector3d(0.0, wgs.R + 400e3, 0.0)) - 400e3) <= 1e-8);
  // Flattening matters: at the pole the sphere of radius R reads 21.4 km less.
  BOOST_TEST(std::abs((BodyShape{wgs.R, 0.0}.altitude(Eigen::Vector3d(0, 0, b + 400e3)) - 400e3) + (wgs.R - b)) <=
             1e-8);
}

BOOST_AUTO_TEST_CASE(modelweb_listing_is_read_row_for_row_in_si_units) {
  const auto rows = listing_rows();
  BOOST_TEST_REQUIRE(rows.size() == 1000u);  // 0 to 499.5 km every 0.5 km
  const TabulatedAtmosphere table = TabulatedAtmosphere::read_modelweb(data_file());
  BOOST_TEST_REQUIRE(table.altitudes().size() == rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    // km → m and g/cm³ → kg/m³ are products by 1000: the same double both ways.
    BOOST_TEST(table.altitudes()[i] == rows[i].first * 1e3);
    BOOST_TEST(table.densities()[i] == rows[i].second * 1e3);
    BOOST_TEST(table.density(rows[i].first * 1e3) == rows[i].second * 1e3);  // at a row: ρ_i exp(0)
  }
  // Hand-read from the file: 0.0 km 1.233E-03 g/cm³, 400.0 km 6.874E-16 g/cm³.
  // (the products by 1000 round once: 1 ulp)
  BOOST_TEST(std::abs(table.density(0.0) / 1.233 - 1.0) <= kEps);
  BOOST_TEST(std::abs(table.density(400e3) / 6.874e-13 - 1.0) <= kEps);
  // Midway between two rows the log-linear value is their geometric mean (eq. 7, s = ½): a few ulps.
  BOOST_TEST(std::abs(table.density(400.25e3) / std::sqrt(6.874e-13 * 6.794e-13) - 1.0) <= 8 * kEps);
  BOOST_TEST(table.min_altitude() == 0.0);
  BOOST_TEST(table.max_altitude() == 499.5e3);
  // Above: the scale height from the rows at 489.5 and 499.5 km (eq. 8), read from the file.
  double rho_489_5 = 0.0;
  for (const auto& [h, rho] : rows)
    if (h == 489.5) rho_489_5 = rho;
  const double H_top = 10e3 / std::log(rho_489_5 / 7.637e-17);
  BOOST_TEST(std::abs(table.top_scale_height() / H_top - 1.0) <= 1e-12);  // the same quotient of logs
  BOOST_TEST(std::abs(table.density(600e3) / (7.637e-14 * std::exp(-100.5e3 / H_top)) - 1.0) <= 1e-12);
  BOOST_TEST_MESSAGE("NRLMSISE-00 listing: H_top = " << table.top_scale_height() << " m");
}

BOOST_AUTO_TEST_CASE(log_linear_interpolation_is_exact_for_an_exponential_profile) {
  // Rows of ρ0 exp(−h/H) at uneven altitudes; between and above them the model must be the same
  // exponential to round-off (eq. 7 is exact for it; eq. 8 recovers H from rows 10 km apart).
  const double rho0 = 1.2, H = 8.5e3;
  std::vector<double> h = {0.0, 1e3, 5e3, 5.5e3, 20e3, 47e3, 60e3, 71e3};
  std::vector<double> rho;
  for (const double x : h) rho.push_back(rho0 * std::exp(-x / H));
  const TabulatedAtmosphere table("exponential", h, rho);
  double worst = 0.0;
  for (double x = 0.0; x <= 120e3; x += 733.0) {
    const double err = std::abs(table.density(x) / (rho0 * std::exp(-x / H)) - 1.0);
    worst = std::max(worst, err);
    // the table's own rounding (1 ulp per row) amplified by the exponent, ≤ 14 here: 64 ε
    BOOST_TEST(err <= 64 * kEps, "h = " << x);
  }
  BOOST_TEST(std::abs(table.top_scale_height() / H - 1.0) <= 1e-13);
  BOOST_TEST_MESSAGE("log-linear on an exponential: worst relative error " << worst);
  // Linear interpolation would be off by cosh(Δh/2H) − 1 ≈ 1.5 midway between 20 and 47 km: the
  // check above could fail for a linear scheme.
  const double mid = 33.5e3, linear = 0.5 * (rho[4] + rho[5]);
  BOOST_TEST(std::abs(linear / (rho0 * std::exp(-mid / H)) - 1.0) > 0.1);
}

BOOST_AUTO_TEST_CASE(two_column_file_with_units_and_comments) {
  const TempFile file("two_column.txt",
                      "# altitude [km]  density [g/cm^3]\n"
                      "100  5.0e-10\n"
                      "\n"
                      "150  2.0e-12   # a comment\n"
                      "200  2.5e-13\n");
  const TabulatedAtmosphere table = TabulatedAtmosphere::read_two_column(file.str(), 1e3, 1e3);
  BOOST_TEST(table.altitudes() == std::vector<double>({100e3, 150e3, 200e3}));
  BOOST_TEST(table.density(150e3) == 2.0e-12 * 1e3);
  // s = 0.3 between 150 and 200 km: 2e-9 (1.25e-10/2e-9)^0.3 kg/m³, a few ulps
  BOOST_TEST(std::abs(table.density(165e3) / (2e-9 * std::pow(0.125, 0.3)) - 1.0) <= 8 * kEps);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(atmosphere_errors)

BOOST_AUTO_TEST_CASE(bad_layers_are_named) {
  using test::expect_error;
  auto config = ExponentialAtmosphereConfig::vallado();
  config.layers[3].base_density = -1.0;
  expect_error([&] { (void)ExponentialAtmosphere(config); },
               {"exponential_atmosphere", "layers[3].base_density [kg/m^3]", "-1"});
  config = ExponentialAtmosphereConfig::vallado();
  config.layers[5].scale_height = 0.0;
  expect_error([&] { (void)ExponentialAtmosphere(config); }, {"layers[5].scale_height [m]", "0"});
  config = ExponentialAtmosphereConfig::vallado();
  config.layers[7].base_altitude = config.layers[6].base_altitude;
  expect_error([&] { (void)ExponentialAtmosphere(config); }, {"layers[7].base_altitude [m]", "70000"});
  config = ExponentialAtmosphereConfig::vallado();
  config.layers[2].base_altitude = std::numeric_limits<double>::quiet_NaN();
  expect_error([&] { (void)ExponentialAtmosphere(config); }, {"layers[2].base_altitude [m]", "nan"});
  expect_error([] { (void)ExponentialAtmosphere(ExponentialAtmosphereConfig{}); },
               {"exponential_atmosphere", "layers"});
  expect_error(
      [] { (void)ExponentialAtmosphere(ExponentialAtmosphereConfig::single_layer(1e-11, 300e3, 50e3, 301e3)); },
      {"min_altitude [m]", "301000"});
}

BOOST_AUTO_TEST_CASE(bad_tables_and_files_are_named) {
  using test::expect_error;
  expect_error(
      [] {
        TabulatedAtmosphere("t", {0.0, 1e3, 1e3}, {1.0, 0.5, 0.2});
      },
      {"tabulated_atmosphere 't'", "row 3 altitude [m]", "1000"});
  expect_error([] { TabulatedAtmosphere("t", {0.0, 1e3}, {1.0, 0.0}); }, {"row 2 density [kg/m^3]", "0"});
  expect_error([] { TabulatedAtmosphere("t", {0.0}, {1.0}); }, {"rows", "two"});
  expect_error([] { TabulatedAtmosphere("t", {0.0, 1e3}, {1.0}); }, {"rows", "one density per altitude"});
  // A density that grows at the top would extrapolate upwards without bound.
  expect_error([] { TabulatedAtmosphere("t", {0.0, 1e3}, {1.0, 2.0}); }, {"must decrease"});
  expect_error([] { TabulatedAtmosphere::read_modelweb("/nonexistent/listing.txt"); },
               {"/nonexistent/listing.txt", "cannot be opened"});
  const TempFile bad("bad.txt", "100 1e-9\n150 2e-12 7\n");
  expect_error([&] { TabulatedAtmosphere::read_two_column(bad.str()); }, {bad.str() + "' line 2", "two numbers"});
  const TempFile text("text.txt", "nrlmsise model listing\n1 2 3\n  0.0 1.0E-03 280.0\n");
  expect_error([&] { TabulatedAtmosphere::read_modelweb(text.str()); }, {"header", "Height", "Mass_density"});
  const TempFile grams("grams.txt",
                       "Selected output parameters:\n1  Height, km\n2  Mass_density, kg/m-3\n\n1 2\n0.0 1.2\n");
  expect_error([&] { TabulatedAtmosphere::read_modelweb(grams.str()); }, {"mass density unit", "kg/m-3"});
  expect_error([] { TabulatedAtmosphere::read_two_column(data_file(), 0.0); }, {"altitude_unit [m]", "0"});
}

BOOST_AUTO_TEST_CASE(below_the_floor_is_an_integration_error_naming_the_model) {
  const ExponentialAtmosphere vallado;
  BOOST_CHECK_EXCEPTION(vallado.density(-1.0), IntegrationError,
                        test::message_has_all({"exponential_atmosphere altitude [m]", "-1", "lowest altitude 0"}));
  BOOST_CHECK_EXCEPTION(vallado.density(std::numeric_limits<double>::quiet_NaN()), IntegrationError,
                        test::message_has("nan"));
  const TabulatedAtmosphere table = TabulatedAtmosphere::read_modelweb(data_file());
  BOOST_CHECK_EXCEPTION(table.density(-0.5), IntegrationError,
                        test::message_has_all({"NRLMSISE00-nominal-profile.txt", "altitude [m]", "-0.5"}));
}

BOOST_AUTO_TEST_SUITE_END()
