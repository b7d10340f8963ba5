// The World Magnetic Model's .COF reader and its spherical-harmonic synthesis
// (docs/environment/magnetic_field.md §2).
#include "ramus/environment/world_magnetic_model.hpp"

#include <cmath>
#include <istream>
#include <numbers>
#include <sstream>
#include <string>

#include "data_file.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

constexpr int kMax = GaussCoefficients::kMaxDegree;
/// Cunningham's terms run to degree kMax + 1 (the gradient of degree n reads degree n + 1).
constexpr int kTerms = (kMax + 2) * (kMax + 3) / 2;
constexpr double kNanoTesla = 1e-9;  // [T/nT]
/// [yr] The header's epoch must be a decimal year in this range (a file that is not a .COF is
/// refused there, before any of it is quoted).
constexpr double kEarliestEpoch = 1000.0, kLatestEpoch = 3000.0;

bool blank(const std::string& line) { return line.find_first_not_of(" \t\r") == std::string::npos; }

/// The Schmidt semi-normalization k_nm = sqrt(2 (n − m)!/(n + m)!) for m > 0, 1 for m = 0
/// (docs/environment/magnetic_field.md (5)).
double schmidt_factor(int n, int m) {
  if (m == 0) return 1.0;
  double ratio = 2.0;
  for (int j = n - m + 1; j <= n + m; ++j) ratio /= j;
  return std::sqrt(ratio);
}

}  // namespace

GaussCoefficients parse_cof(std::string_view text, const std::string& source) {
  const std::string owner = "magnetic coefficients '" + source + "'";
  GaussCoefficients c;
  std::array<bool, GaussCoefficients::kSize> seen{};
  data_file::Lines lines(text);
  std::string_view view;
  std::string line;
  bool header = false, ended = false;
  // A line is quoted only once the header has been read: before, the file may be anything.
  const auto bad = [&](const std::string& reason) {
    return ConfigurationError(owner, "line " + std::to_string(lines.number()), "'" + line + "'", reason);
  };
  while (lines.next(view)) {
    line.assign(view);
    if (blank(line)) continue;
    if (header && line.find_first_not_of(" \t\r") == line.find("9999")) {
      ended = true;
      break;
    }
    std::istringstream row(line);
    if (!header) {
      std::string rest;
      if (!(row >> c.epoch >> c.model) || !(c.epoch >= kEarliestEpoch && c.epoch <= kLatestEpoch) ||
          (row >> c.release && row >> rest))
        throw ConfigurationError(owner, "line " + std::to_string(lines.number()) + ": header", "(not shown)",
                                 "is not a .COF header: it must read epoch [yr, " +
                                     std::to_string(static_cast<int>(kEarliestEpoch)) + " to " +
                                     std::to_string(static_cast<int>(kLatestEpoch)) +
                                     "], the model's name, its release date (e.g. \"2025.0 WMM-2025 11/13/2024\")");
      header = true;
      continue;
    }
    int n = 0, m = 0;
    double g = 0.0, h = 0.0, g_dot = 0.0, h_dot = 0.0;
    std::string rest;
    if (!(row >> n >> m >> g >> h >> g_dot >> h_dot) || (row >> rest))
      throw bad("must hold n, m, g [nT], h [nT], g_dot [nT/yr], h_dot [nT/yr]");
    if (!std::isfinite(g) || !std::isfinite(h) || !std::isfinite(g_dot) || !std::isfinite(h_dot))
      throw bad("the coefficients must be finite");
    if (n < 1 || n > kMax) throw bad("the degree n must be in 1 … " + std::to_string(kMax));
    if (m < 0 || m > n) throw bad("the order m must be in 0 … n");
    if (m == 0 && (h != 0.0 || h_dot != 0.0)) throw bad("h and h_dot of order 0 must be 0 (sin 0λ = 0)");
    const int i = GaussCoefficients::index(n, m);
    if (seen[i]) throw bad("repeats the coefficient (" + std::to_string(n) + ", " + std::to_string(m) + ")");
    seen[i] = true;
    c.g[i] = g;
    c.h[i] = h;
    c.g_dot[i] = g_dot;
    c.h_dot[i] = h_dot;
    c.degree = std::max(c.degree, n);
  }
  if (!header) throw ConfigurationError(owner, "header", "none", "the file is empty");
  if (!ended) throw ConfigurationError(owner, "end line", "none", "the coefficients must end with a line of 9s");
  if (c.degree == 0) throw ConfigurationError(owner, "coefficients", "none", "the file holds no coefficient");
  // A .COF file holds every (n, m) to degree 12 (the WMM's) or to its own higher degree (IGRF: 13).
  const int degree = std::max(c.degree, GaussCoefficients::kLeastDegree);
  int missing = 0;
  std::string first;
  for (int n = 1; n <= degree; ++n)
    for (int m = 0; m <= n; ++m)
      if (!seen[GaussCoefficients::index(n, m)] && missing++ == 0)
        first = "coefficient (" + std::to_string(n) + ", " + std::to_string(m) + ")";
  if (missing > 0)
    throw ConfigurationError(owner, first, "missing",
                             "with " + std::to_string(missing - 1) + " more: every (n, m) up to degree " +
                                 std::to_string(degree) + " must be given (a .COF file holds at least degree " +
                                 std::to_string(GaussCoefficients::kLeastDegree) + "): the file is truncated");
  return c;
}

GaussCoefficients parse_cof(std::istream& in, const std::string& source) {
  // At most one byte past the limit is read: a stream that never ends stops there.
  std::string text;
  char buffer[4096];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (text.size() > GaussCoefficients::kMaxFileBytes)
      throw ConfigurationError(
          "magnetic coefficients '" + source + "'", "size",
          "more than " + std::to_string(GaussCoefficients::kMaxFileBytes) + " bytes",
          "is larger than the limit of " + data_file::size_text(GaussCoefficients::kMaxFileBytes) + " for a .COF file");
  }
  return parse_cof(std::string_view(text), source);
}

GaussCoefficients read_cof(const std::string& path) {
  return parse_cof(
      std::string_view(data_file::read(path, "magnetic coefficients", "file", GaussCoefficients::kMaxFileBytes)), path);
}

WorldMagneticModel::WorldMagneticModel(const WorldMagneticModelConfig& config)
    : WorldMagneticModel(config, read_cof(config.path)) {}

WorldMagneticModel::WorldMagneticModel(const WorldMagneticModelConfig& config, const GaussCoefficients& coefficients)
    : config_(config), coefficients_(coefficients) {
  validation::require_positive(label(), "reference_radius [m]", config_.reference_radius);
  validation::require_positive(label(), "validity [yr]", config_.validity);
  validation::require_finite(label(), "coefficients.epoch [yr]", coefficients_.epoch);
  if (coefficients_.degree < 1 || coefficients_.degree > GaussCoefficients::kMaxDegree)
    throw ConfigurationError(label(), "coefficients.degree", std::to_string(coefficients_.degree),
                             "must be in 1 … " + std::to_string(GaussCoefficients::kMaxDegree));
  if (config_.max_degree < 0 || config_.max_degree > coefficients_.degree)
    throw ConfigurationError(label(), "max_degree", std::to_string(config_.max_degree),
                             "must be in 1 … " + std::to_string(coefficients_.degree) + " (the file's), or 0 for all");
  degree_ = config_.max_degree == 0 ? coefficients_.degree : config_.max_degree;
  for (int n = 1; n <= degree_; ++n)
    for (int m = 0; m <= n; ++m) {
      const int i = GaussCoefficients::index(n, m);
      const double k = schmidt_factor(n, m) * kNanoTesla;  // eq. (5), nT → T
      C_[i] = k * coefficients_.g[i];
      S_[i] = k * coefficients_.h[i];
      C_dot_[i] = k * coefficients_.g_dot[i];
      S_dot_[i] = k * coefficients_.h_dot[i];
    }
}

std::string WorldMagneticModel::label() const {
  return "world_magnetic_model '" + (coefficients_.model.empty() ? config_.path : coefficients_.model) + "'";
}

void WorldMagneticModel::check(const Eigen::Vector3d& r_P, double decimal_year) const {
  if (!r_P.allFinite() || r_P.squaredNorm() == 0.0)
    throw IntegrationError(label() + " r_P [m]", validation::to_text(r_P),
                           "must be finite and away from the Earth's centre");
  const double first = coefficients_.epoch, last = coefficients_.epoch + config_.validity;
  if (!std::isfinite(decimal_year) || (!config_.extrapolate && (decimal_year < first || decimal_year > last)))
    throw IntegrationError(label() + " decimal year [yr]", validation::to_text(decimal_year),
                           "is outside the model's validity [" + validation::to_text(first) + ", " +
                               validation::to_text(last) + "] (set extrapolate to evaluate it)");
}

void WorldMagneticModel::synthesize(const Eigen::Vector3d& r, double decimal_year, double* potential,
                                    Eigen::Vector3d* gradient) const {
  const int N = degree_, M = degree_ + 1;
  const double a = config_.reference_radius, r2 = r.squaredNorm();
  const double x0 = a * r.x() / r2, y0 = a * r.y() / r2, z0 = a * r.z() / r2, rho = a * a / r2;
  // Cunningham's V_nm = (a/r)^{n+1} P_nm(sin φ') cos mλ and W_nm (the same with sin mλ), by
  // docs/environment/magnetic_field.md (6)–(7): stack arrays, to degree N + 1.
  std::array<double, kTerms> V{}, W{};
  const auto at = GaussCoefficients::index;
  V[0] = a / std::sqrt(r2);
  for (int m = 0; m <= M; ++m) {
    if (m > 0) {
      const int p = at(m - 1, m - 1);
      V[at(m, m)] = (2 * m - 1) * (x0 * V[p] - y0 * W[p]);
      W[at(m, m)] = (2 * m - 1) * (x0 * W[p] + y0 * V[p]);
    }
    if (m + 1 <= M) {
      V[at(m + 1, m)] = (2 * m + 1) * z0 * V[at(m, m)];
      W[at(m + 1, m)] = (2 * m + 1) * z0 * W[at(m, m)];
    }
    for (int n = m + 2; n <= M; ++n) {
      V[at(n, m)] = ((2 * n - 1) * z0 * V[at(n - 1, m)] - (n + m - 1) * rho * V[at(n - 2, m)]) / (n - m);
      W[at(n, m)] = ((2 * n - 1) * z0 * W[at(n - 1, m)] - (n + m - 1) * rho * W[at(n - 2, m)]) / (n - m);
    }
  }
  const double dt = decimal_year - coefficients_.epoch;
  double U = 0.0;
  Eigen::Vector3d g = Eigen::Vector3d::Zero();
  for (int n = 1; n <= N; ++n)
    for (int m = 0; m <= n; ++m) {
      const int i = at(n, m);
      const double C = C_[i] + C_dot_[i] * dt, S = S_[i] + S_dot_[i] * dt;  // eq. (5)
      U += C * V[i] + S * W[i];                                             // eq. (8)
      if (gradient == nullptr) continue;
      // ∂/∂x, ∂/∂y, ∂/∂z of a (C V_nm + S W_nm): eq. (9)
      const int up = at(n + 1, m);
      if (m == 0) {
        g.x() -= C * V[up + 1];
        g.y() -= C * W[up + 1];
      } else {
        const double f = (n - m + 2) * (n - m + 1);
        g.x() += 0.5 * (-C * V[up + 1] - S * W[up + 1] + f * (C * V[up - 1] + S * W[up - 1]));
        g.y() += 0.5 * (-C * W[up + 1] + S * V[up + 1] + f * (-C * W[up - 1] + S * V[up - 1]));
      }
      g.z() -= (n - m + 1) * (C * V[up] + S * W[up]);
    }
  if (potential != nullptr) *potential = a * U;
  if (gradient != nullptr) *gradient = g;
}

Eigen::Vector3d WorldMagneticModel::B_P(const Eigen::Vector3d& r_P, double decimal_year) const {
  check(r_P, decimal_year);
  Eigen::Vector3d gradient;
  synthesize(r_P, decimal_year, nullptr, &gradient);
  return -gradient;  // eq. (4)
}

double WorldMagneticModel::potential_P(const Eigen::Vector3d& r_P, double decimal_year) const {
  check(r_P, decimal_year);
  double U = 0.0;
  synthesize(r_P, decimal_year, &U, nullptr);
  return U;
}

Eigen::Vector3d WorldMagneticModel::B_N(const Eigen::Vector3d& r_N, double t) const {
  const double year = config_.decimal_year == DecimalYear::calendar ? config_.epoch.calendar_decimal_year(t)
                                                                    : config_.epoch.decimal_year(t);
  if (!config_.rotation) return B_P(r_N, year);
  const Eigen::Matrix3d dcm_PN = config_.rotation->dcm_PN(t);
  return dcm_PN.transpose() * B_P(dcm_PN * r_N, year);
}

Eigen::Vector3d WorldMagneticModel::B_NED(double latitude, double longitude, double height, double decimal_year) const {
  const Eigen::Vector3d B = B_P(wgs84_position(latitude, longitude, height), decimal_year);
  const double sp = std::sin(latitude), cp = std::cos(latitude), sl = std::sin(longitude), cl = std::cos(longitude);
  // eq. (10): the geodetic north, east and down axes in P
  const Eigen::Vector3d north(-sp * cl, -sp * sl, cp), east(-sl, cl, 0.0), down(-cp * cl, -cp * sl, -sp);
  return {north.dot(B), east.dot(B), down.dot(B)};
}

Eigen::Vector3d wgs84_position(double latitude, double longitude, double height) {
  const std::string owner = "wgs84_position";
  validation::require_finite(owner, "latitude [rad]", latitude);
  validation::require_finite(owner, "longitude [rad]", longitude);
  validation::require_finite(owner, "height [m]", height);
  if (std::abs(latitude) > 0.5 * std::numbers::pi)
    throw ConfigurationError(owner, "latitude [rad]", validation::to_text(latitude), "must be in [-pi/2, pi/2]");
  // eq. (11), WGS84: a = 6378137 m, f = 1/298.257223563
  constexpr double a = 6378137.0, f = 1.0 / 298.257223563, e2 = f * (2.0 - f);
  const double sp = std::sin(latitude), cp = std::cos(latitude);
  const double Nr = a / std::sqrt(1.0 - e2 * sp * sp);  // prime-vertical radius of curvature
  return {(Nr + height) * cp * std::cos(longitude), (Nr + height) * cp * std::sin(longitude),
          (Nr * (1.0 - e2) + height) * sp};
}

}  // namespace ramus
