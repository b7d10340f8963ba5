// Altitude above a sphere or an ellipsoid, and the exponential and tabulated density models
// (docs/environment/atmosphere.md).
#include "ramus/environment/atmosphere.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "data_file.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

// ---- the body's shape ------------------------------------------------------------------------

void BodyShape::validate(const std::string& owner) const {
  validation::require_positive(owner, "shape.R [m]", R);
  if (!(f >= 0.0 && f < 1.0))
    throw ConfigurationError(owner, "shape.f [1]", validation::to_text(f), "must be in [0, 1) (0: a sphere)");
}

double BodyShape::altitude(const Eigen::Vector3d& r) const {
  if (f == 0.0) return r.norm() - R;  // docs/environment/atmosphere.md (1)
  // docs/environment/atmosphere.md (2)
  const double b = R * (1.0 - f), e2 = f * (2.0 - f), ep2 = e2 / ((1.0 - f) * (1.0 - f));
  const double p = std::hypot(r.x(), r.y()), z = r.z();
  // Bowring's iteration on the parametric latitude β, docs/environment/atmosphere.md (3), carried
  // on the unit vectors (cos, sin) of β and φ rather than on the angles: the same iterates with
  // square roots in place of sines, cosines and arctangents. Two or three passes reach round-off
  // from the surface to beyond GEO; eight bound it. (Squares of lengths of 1e7 m cannot overflow.)
  const auto unit = [](double& sine, double& cosine) {
    const double n = std::sqrt(sine * sine + cosine * cosine);
    sine /= n;
    cosine /= n;
  };
  if (p == 0.0 && z == 0.0) return -b;  // the centre: the nearest surface points are the poles
  double sb = z, cb = (1.0 - f) * p;    // tan β0 = z / ((1 − f) p)
  unit(sb, cb);
  double s = 0.0, c = 1.0;  // sin φ, cos φ
  for (int k = 0; k < 8; ++k) {
    s = z + ep2 * b * sb * sb * sb;  // tan φ = s / c, eq. (3)
    c = p - e2 * R * cb * cb * cb;
    unit(s, c);
    double sb_next = (1.0 - f) * s, cb_next = c;  // tan β = (1 − f) tan φ
    unit(sb_next, cb_next);
    const bool converged = std::abs(sb_next - sb) + std::abs(cb_next - cb) <= 1e-15;  // |Δβ| ≤ 1e-15 rad
    sb = sb_next;
    cb = cb_next;
    if (converged) break;
  }
  // docs/environment/atmosphere.md (4): free of cancellation at every latitude
  return p * c + z * s - R * std::sqrt(1.0 - e2 * s * s);
}

namespace {

[[noreturn]] void below_floor(const std::string& owner, double altitude, double floor) {
  throw IntegrationError(owner + " altitude [m]", validation::to_text(altitude),
                         "is below the model's lowest altitude " + validation::to_text(floor) +
                             " m (the vehicle has reached the surface, or the model does not reach down to it)");
}

}  // namespace

// ---- exponential ---------------------------------------------------------------------------

ExponentialAtmosphereConfig ExponentialAtmosphereConfig::vallado() {
  // Vallado (2013), Table 8-4: base altitude [km], nominal density [kg/m³], scale height [km].
  static constexpr double table[28][3] = {
      {0, 1.225, 7.249},        {25, 3.899e-2, 6.349},    {30, 1.774e-2, 6.682},    {40, 3.972e-3, 7.554},
      {50, 1.057e-3, 8.382},    {60, 3.206e-4, 7.714},    {70, 8.770e-5, 6.549},    {80, 1.905e-5, 5.799},
      {90, 3.396e-6, 5.382},    {100, 5.297e-7, 5.877},   {110, 9.661e-8, 7.263},   {120, 2.438e-8, 9.473},
      {130, 8.484e-9, 12.636},  {140, 3.845e-9, 16.149},  {150, 2.070e-9, 22.523},  {180, 5.464e-10, 29.740},
      {200, 2.789e-10, 37.105}, {250, 7.248e-11, 45.546}, {300, 2.418e-11, 53.628}, {350, 9.518e-12, 53.298},
      {400, 3.725e-12, 58.515}, {450, 1.585e-12, 60.828}, {500, 6.967e-13, 63.822}, {600, 1.454e-13, 71.835},
      {700, 3.614e-14, 88.667}, {800, 1.170e-14, 124.64}, {900, 5.245e-15, 181.05}, {1000, 3.019e-15, 268.00}};
  ExponentialAtmosphereConfig c;
  for (const auto& row : table) c.layers.push_back({row[0] * 1e3, row[1], row[2] * 1e3});
  c.min_altitude = 0.0;
  return c;
}

ExponentialAtmosphereConfig ExponentialAtmosphereConfig::single_layer(double rho0, double h0, double H,
                                                                      double min_altitude) {
  ExponentialAtmosphereConfig c;
  c.layers.push_back({h0, rho0, H});
  c.min_altitude = min_altitude;
  return c;
}

ExponentialAtmosphere::ExponentialAtmosphere(const ExponentialAtmosphereConfig& config)
    : layers_(config.layers), min_altitude_(config.min_altitude) {
  const std::string owner = "exponential_atmosphere";
  if (layers_.empty()) throw ConfigurationError(owner, "layers", "none", "needs at least one layer");
  for (std::size_t i = 0; i < layers_.size(); ++i) {
    const std::string field = "layers[" + std::to_string(i) + "].";
    validation::require_finite(owner, field + "base_altitude [m]", layers_[i].base_altitude);
    validation::require_positive(owner, field + "base_density [kg/m^3]", layers_[i].base_density);
    validation::require_positive(owner, field + "scale_height [m]", layers_[i].scale_height);
    if (i > 0 && !(layers_[i].base_altitude > layers_[i - 1].base_altitude))
      throw ConfigurationError(
          owner, field + "base_altitude [m]", validation::to_text(layers_[i].base_altitude),
          "must be above the previous layer's " + validation::to_text(layers_[i - 1].base_altitude) + " m");
    bases_.push_back(layers_[i].base_altitude);
  }
  validation::require_finite(owner, "min_altitude [m]", min_altitude_);
  if (min_altitude_ > bases_.front())
    throw ConfigurationError(owner, "min_altitude [m]", validation::to_text(min_altitude_),
                             "must not be above the first layer's base " + validation::to_text(bases_.front()) + " m");
}

double ExponentialAtmosphere::density(double h) const {
  if (!(h >= min_altitude_)) below_floor("exponential_atmosphere", h, min_altitude_);
  const auto it = std::upper_bound(bases_.begin(), bases_.end(), h);
  const std::size_t i = it == bases_.begin() ? 0 : static_cast<std::size_t>(it - bases_.begin()) - 1;
  const ExponentialLayer& l = layers_[i];
  return l.base_density * std::exp(-(h - l.base_altitude) / l.scale_height);  // docs/environment/atmosphere.md (5)
}

// ---- tabulated -----------------------------------------------------------------------------

TabulatedAtmosphere::TabulatedAtmosphere(std::string name, std::vector<double> altitude, std::vector<double> density)
    : name_(std::move(name)), h_(std::move(altitude)), rho_(std::move(density)) {
  const std::string owner = "tabulated_atmosphere '" + name_ + "'";
  if (h_.size() != rho_.size())
    throw ConfigurationError(owner, "rows",
                             std::to_string(h_.size()) + " altitudes, " + std::to_string(rho_.size()) + " densities",
                             "need one density per altitude");
  if (h_.size() < 2) throw ConfigurationError(owner, "rows", std::to_string(h_.size()), "needs at least two rows");
  for (std::size_t i = 0; i < h_.size(); ++i) {
    const std::string row = "row " + std::to_string(i + 1);
    validation::require_finite(owner, row + " altitude [m]", h_[i]);
    validation::require_positive(owner, row + " density [kg/m^3]", rho_[i]);
    if (i > 0 && !(h_[i] > h_[i - 1]))
      throw ConfigurationError(owner, row + " altitude [m]", validation::to_text(h_[i]),
                               "must be above the previous row's " + validation::to_text(h_[i - 1]) + " m");
  }
  k_.resize(h_.size() - 1);
  for (std::size_t i = 0; i + 1 < h_.size(); ++i) k_[i] = std::log(rho_[i + 1] / rho_[i]) / (h_[i + 1] - h_[i]);
  // docs/environment/atmosphere.md (8): from the last row and the highest row at least 10 km below
  // it (the first row of a shorter table), so that 4-digit densities fix H_top to ~1e-3.
  const std::size_t n = h_.size() - 1;
  std::size_t k = 0;
  for (std::size_t i = n; i-- > 0;)
    if (h_[i] <= h_[n] - 10e3) {
      k = i;
      break;
    }
  const double drop = std::log(rho_[k] / rho_[n]);
  if (!(drop > 0.0))
    throw ConfigurationError(owner,
                             "rows " + std::to_string(k + 1) + " to " + std::to_string(n + 1) + " density [kg/m^3]",
                             validation::to_text(rho_[k]) + " to " + validation::to_text(rho_[n]),
                             "must decrease at the top of the table (its scale height extrapolates above it)");
  H_top_ = (h_[n] - h_[k]) / drop;
}

double TabulatedAtmosphere::density(double h) const {
  if (!(h >= h_.front())) below_floor("tabulated_atmosphere '" + name_ + "'", h, h_.front());
  if (h >= h_.back()) return rho_.back() * std::exp(-(h - h_.back()) / H_top_);  // docs/environment/atmosphere.md (8)
  const auto it = std::upper_bound(h_.begin(), h_.end(), h);
  const auto i = static_cast<std::size_t>(it - h_.begin()) - 1;
  return rho_[i] * std::exp(k_[i] * (h - h_[i]));  // docs/environment/atmosphere.md (7)
}

namespace {

/// The numbers of a line, or none if any token is not a number.
std::vector<double> numbers_of(const std::string& line) {
  std::istringstream in(line);
  std::vector<double> out;
  std::string token;
  while (in >> token) {
    std::size_t used = 0;
    double v = 0.0;
    try {
      v = std::stod(token, &used);
    } catch (const std::exception&) {
      return {};
    }
    if (used != token.size()) return {};
    out.push_back(v);
  }
  return out;
}

std::string trimmed(const std::string& s) {
  const auto a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return {};
  return s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

}  // namespace

namespace {

/// The profile a ModelWeb listing declares: "Prof. parameters: Start= a Stop= b Step= c" [km].
struct Profile {
  double start = NAN, stop = NAN, step = NAN;
  /// Its rows: (stop − start)/step, and the row at stop, which listings may leave out.
  std::size_t rows = 0;
};

/// The number after `key` ("Start=") in `text`, or NaN.
double value_after(const std::string& text, const std::string& key) {
  const auto at = text.find(key);
  if (at == std::string::npos) return NAN;
  const std::string rest = text.substr(at + key.size());
  std::size_t used = 0;
  try {
    return std::stod(rest, &used);
  } catch (const std::exception&) {
    return NAN;
  }
}

std::string km(double v) { return validation::to_text(v) + " km"; }

}  // namespace

TabulatedAtmosphere TabulatedAtmosphere::parse_modelweb(std::string_view listing, const std::string& path) {
  const std::string owner = "tabulated_atmosphere (ModelWeb listing)";
  // Header: "Prof. parameters: Start= … Stop= … Step= …" (the heights listed, km), "Selected
  // output parameters:" then lines "<column>  <name>, <unit>"; then a line of the column numbers;
  // then the rows. Nothing is quoted before "Selected output parameters" (the file may be anything).
  int column_h = 0, column_rho = 0, columns = 0;
  double unit_h = 0.0, unit_rho = 0.0;
  bool in_parameters = false, in_rows = false, declared = false;
  Profile profile;
  std::vector<double> h, rho;
  data_file::Lines lines(listing);
  std::string_view view;
  while (lines.next(view)) {
    const std::string text = trimmed(std::string(view));
    if (text.empty()) {
      in_parameters = false;
      continue;
    }
    const std::string where = "'" + path + "' line " + std::to_string(lines.number());
    if (!in_rows && text.rfind("Prof. parameters", 0) == 0) {
      profile.start = value_after(text, "Start=");
      profile.stop = value_after(text, "Stop=");
      profile.step = value_after(text, "Step=");
      if (!std::isfinite(profile.start) || !std::isfinite(profile.stop) || !(profile.step > 0.0) ||
          !std::isfinite(profile.step) || !(profile.stop > profile.start))
        throw ConfigurationError(owner, where + " profile", "(not shown)",
                                 "must read \"Prof. parameters: Start= a Stop= b Step= c\" with finite heights a < b "
                                 "[km] and a step c > 0");
      const double steps = (profile.stop - profile.start) / profile.step;
      // The listing's heights are printed to 0.01 km at most: a whole number of steps to 1e-6.
      if (!(steps <= 1e9) || std::abs(steps - std::round(steps)) > 1e-6 * std::max(1.0, steps))
        throw ConfigurationError(
            owner, where + " profile",
            "Start= " + km(profile.start) + " Stop= " + km(profile.stop) + " Step= " + km(profile.step),
            "must span a whole number of steps, at most 1e9");
      profile.rows = static_cast<std::size_t>(std::round(steps));
      declared = true;
      continue;
    }
    if (!in_rows && text.rfind("Selected output parameters", 0) == 0) {
      in_parameters = true;
      continue;
    }
    const std::vector<double> values = numbers_of(text);
    if (in_parameters && values.empty()) {
      std::istringstream row(text);
      int column = 0;
      std::string rest;
      row >> column;
      std::getline(row, rest);
      rest = trimmed(rest);
      const auto comma = rest.find(',');
      const std::string quantity = trimmed(rest.substr(0, comma));
      const std::string unit = comma == std::string::npos ? "" : trimmed(rest.substr(comma + 1));
      if (column < 1 || column > 1000)
        throw ConfigurationError(owner, where + " output parameter", "(not shown)",
                                 "must begin with its column number, 1 to 1000");
      columns = std::max(columns, column);
      if (quantity == "Height") {
        if (unit != "km") throw ConfigurationError(owner, where + " height unit", "'" + unit + "'", "must be km");
        column_h = column;
        unit_h = 1e3;  // km → m
      } else if (quantity == "Mass_density") {
        if (unit != "g/cm-3")
          throw ConfigurationError(owner, where + " mass density unit", "'" + unit + "'", "must be g/cm-3");
        column_rho = column;
        unit_rho = 1e3;  // g/cm³ → kg/m³ (1e-3 kg / 1e-6 m³)
      }
      continue;
    }
    in_parameters = false;
    if (values.empty() || column_h == 0 || column_rho == 0) continue;  // text, or before the header's columns
    if (!in_rows) {                                                    // the line of the column numbers 1 2 … n
      if (!declared)
        throw ConfigurationError(owner, "'" + path + "' header", "no profile",
                                 "must declare the heights it lists: \"Prof. parameters: Start= a Stop= b Step= c\"");
      in_rows = true;
      continue;
    }
    if (static_cast<int>(values.size()) != columns)
      throw ConfigurationError(owner, where, "'" + text + "'", "must hold " + std::to_string(columns) + " numbers");
    const std::size_t i = h.size();
    const double height = values[static_cast<std::size_t>(column_h - 1)];
    const double want = profile.start + static_cast<double>(i) * profile.step;
    if (i > profile.rows)
      throw ConfigurationError(owner, where + " height [km]", validation::to_text(height),
                               "is past the header's profile, which ends at Stop= " + km(profile.stop));
    // Within half a step of row i of the profile: a row left out or repeated shifts the rest by one.
    if (!(std::abs(height - want) <= 0.5 * profile.step))
      throw ConfigurationError(owner, where + " height [km]", validation::to_text(height),
                               "is not row " + std::to_string(i + 1) + " of the header's profile, Start + " +
                                   std::to_string(i) + " Step = " + km(want) + ": a row is missing or repeated");
    h.push_back(height * unit_h);
    rho.push_back(values[static_cast<std::size_t>(column_rho - 1)] * unit_rho);
  }
  if (column_h == 0 || column_rho == 0)
    throw ConfigurationError(owner, "'" + path + "' header", "no Height and Mass_density columns",
                             "must select Height (km) and Mass_density (g/cm-3) among its output parameters");
  if (!declared)
    throw ConfigurationError(owner, "'" + path + "' header", "no profile",
                             "must declare the heights it lists: \"Prof. parameters: Start= a Stop= b Step= c\"");
  if (h.size() < profile.rows)
    throw ConfigurationError(owner, "'" + path + "' rows", std::to_string(h.size()),
                             "the header's profile Start= " + km(profile.start) + " Stop= " + km(profile.stop) +
                                 " Step= " + km(profile.step) + " declares " + std::to_string(profile.rows) +
                                 " rows (and the one at Stop, which may be left out): the listing is truncated");
  return TabulatedAtmosphere(path, std::move(h), std::move(rho));
}

TabulatedAtmosphere TabulatedAtmosphere::read_modelweb(const std::string& path) {
  const std::string owner = "tabulated_atmosphere (ModelWeb listing)";
  return parse_modelweb(data_file::read(path, owner, "file", kMaxFileBytes), path);
}

TabulatedAtmosphere TabulatedAtmosphere::parse_two_column(std::string_view table, const std::string& path,
                                                          double altitude_unit, double density_unit) {
  const std::string owner = "tabulated_atmosphere (two-column file)";
  validation::require_positive(owner, "altitude_unit [m]", altitude_unit);
  validation::require_positive(owner, "density_unit [kg/m^3]", density_unit);
  std::vector<double> h, rho;
  data_file::Lines lines(table);
  std::string_view view;
  while (lines.next(view)) {
    std::string line(view);
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    const std::string text = trimmed(line);
    if (text.empty()) continue;
    const std::vector<double> values = numbers_of(text);
    // Not quoted: a file without a header is never recognised as a table before its rows are read.
    if (values.size() != 2)
      throw ConfigurationError(owner, "'" + path + "' line " + std::to_string(lines.number()), "(not shown)",
                               "must hold two numbers: altitude and density");
    h.push_back(values[0] * altitude_unit);
    rho.push_back(values[1] * density_unit);
  }
  return TabulatedAtmosphere(path, std::move(h), std::move(rho));
}

TabulatedAtmosphere TabulatedAtmosphere::read_two_column(const std::string& path, double altitude_unit,
                                                         double density_unit) {
  const std::string owner = "tabulated_atmosphere (two-column file)";
  validation::require_positive(owner, "altitude_unit [m]", altitude_unit);
  validation::require_positive(owner, "density_unit [kg/m^3]", density_unit);
  return parse_two_column(data_file::read(path, owner, "file", kMaxFileBytes), path, altitude_unit, density_unit);
}

}  // namespace ramus
