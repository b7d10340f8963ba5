// Ephemerides of the Sun and the Moon (docs/environment/ephemerides.md).
#include "ramus/environment/ephemeris.hpp"

#include <erfa.h>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "data_file.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

constexpr double kAu = 149597870700.0;       ///< [m] IAU 2012
constexpr double kAuPerDay = kAu / 86400.0;  ///< [m/s]

}  // namespace

Eigen::Vector3d AnalyticSun::r_N(double t) const {
  const JulianDate tt = epoch_.tt(t);
  double pvh[2][3], pvb[2][3];
  eraEpv00(tt.jd1, tt.jd2, pvh, pvb);  // the Earth, heliocentric (eq. 1)
  return -kAu * Eigen::Vector3d(pvh[0][0], pvh[0][1], pvh[0][2]);
}

Eigen::Vector3d AnalyticSun::v_N(double t) const {
  const JulianDate tt = epoch_.tt(t);
  double pvh[2][3], pvb[2][3];
  eraEpv00(tt.jd1, tt.jd2, pvh, pvb);
  return -kAuPerDay * Eigen::Vector3d(pvh[1][0], pvh[1][1], pvh[1][2]);
}

Eigen::Vector3d AnalyticMoon::r_N(double t) const {
  const JulianDate tt = epoch_.tt(t);
  double pv[2][3];
  eraMoon98(tt.jd1, tt.jd2, pv);  // geocentric, GCRS (eq. 2)
  return kAu * Eigen::Vector3d(pv[0][0], pv[0][1], pv[0][2]);
}

Eigen::Vector3d AnalyticMoon::v_N(double t) const {
  const JulianDate tt = epoch_.tt(t);
  double pv[2][3];
  eraMoon98(tt.jd1, tt.jd2, pv);
  return kAuPerDay * Eigen::Vector3d(pv[1][0], pv[1][1], pv[1][2]);
}

TabulatedEphemeris::TabulatedEphemeris(std::string name, std::vector<double> t, std::vector<Eigen::Vector3d> r_N,
                                       std::vector<Eigen::Vector3d> v_N)
    : name_(std::move(name)), t_(std::move(t)), r_(std::move(r_N)), v_(std::move(v_N)) {
  const std::string owner = "tabulated_ephemeris '" + name_ + "'";
  if (t_.size() < 2 || r_.size() != t_.size() || v_.size() != t_.size())
    throw ConfigurationError(owner, "rows",
                             std::to_string(t_.size()) + " times, " + std::to_string(r_.size()) + " positions, " +
                                 std::to_string(v_.size()) + " velocities",
                             "needs at least two rows, each with a time, a position and a velocity");
  for (std::size_t i = 0; i < t_.size(); ++i) {
    const std::string row = "row " + std::to_string(i + 1);
    validation::require_finite(owner, row + " t [s]", t_[i]);
    validation::require_finite(owner, row + " r_N [m]", r_[i]);
    validation::require_finite(owner, row + " v_N [m/s]", v_[i]);
    if (i > 0 && !(t_[i] > t_[i - 1]))
      throw ConfigurationError(owner, row + " t [s]", validation::to_text(t_[i]),
                               "must be greater than the previous row's " + validation::to_text(t_[i - 1]));
  }
}

TabulatedEphemeris TabulatedEphemeris::sample(const Ephemeris& source, double t0, double t1, double dt) {
  const std::string owner = "tabulated_ephemeris (sampled from " + std::string(source.kind()) + ")";
  validation::require_positive(owner, "dt [s]", dt);
  if (!(t1 > t0) || !std::isfinite(t1 - t0))
    throw ConfigurationError(owner, "span [s]", validation::to_text(t0) + " to " + validation::to_text(t1),
                             "must be a finite interval with t1 > t0");
  const double intervals = std::ceil((t1 - t0) / dt);
  if (!(intervals + 1.0 <= static_cast<double>(kMaxSampledRows)))
    throw ConfigurationError(owner, "span [s]", validation::to_text(t0) + " to " + validation::to_text(t1),
                             "needs " + validation::to_text(intervals + 1.0) + " samples " + validation::to_text(dt) +
                                 " s apart, more than the limit of " + std::to_string(kMaxSampledRows) +
                                 " (docs/environment/ephemerides.md, Tables): shorten the run or give a table file");
  const auto n = static_cast<std::size_t>(intervals);
  std::vector<double> t(n + 1);
  std::vector<Eigen::Vector3d> r(n + 1), v(n + 1);
  for (std::size_t i = 0; i <= n; ++i) {
    t[i] = i == n ? t1 : t0 + static_cast<double>(i) * dt;
    r[i] = source.r_N(t[i]);
    v[i] = source.v_N(t[i]);
  }
  return TabulatedEphemeris(std::string(source.kind()), std::move(t), std::move(r), std::move(v));
}

TabulatedEphemeris TabulatedEphemeris::parse(std::string_view table, const std::string& path) {
  std::vector<double> t;
  std::vector<Eigen::Vector3d> r, v;
  data_file::Lines lines(table);
  std::string_view view;
  while (lines.next(view)) {
    std::string line(view);
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::istringstream row(line);
    double values[7];
    int k = 0;
    while (k < 7 && row >> values[k]) ++k;
    std::string rest;
    // Not quoted: a file without a header is never recognised as a table before its rows are read.
    if (k != 7 || (row >> rest))
      throw ConfigurationError("tabulated_ephemeris '" + path + "'", "line " + std::to_string(lines.number()),
                               "(not shown)", "must hold seven numbers: t [s], x y z [m], vx vy vz [m/s]");
    t.push_back(values[0]);
    r.emplace_back(values[1], values[2], values[3]);
    v.emplace_back(values[4], values[5], values[6]);
  }
  return TabulatedEphemeris(path, std::move(t), std::move(r), std::move(v));
}

TabulatedEphemeris TabulatedEphemeris::read(const std::string& path) {
  return parse(data_file::read(path, "tabulated_ephemeris", "file", kMaxFileBytes), path);
}

std::size_t TabulatedEphemeris::interval(double t) const {
  if (!(t >= t_.front() && t <= t_.back()))
    throw IntegrationError("tabulated_ephemeris '" + name_ + "' t [s]", validation::to_text(t),
                           "is outside the table's span [" + validation::to_text(t_.front()) + ", " +
                               validation::to_text(t_.back()) + "] s");
  const auto it = std::upper_bound(t_.begin(), t_.end(), t);
  return std::min(static_cast<std::size_t>(it - t_.begin()), t_.size() - 1) - 1;
}

// Cubic Hermite on [t_i, t_i+1], s = (t − t_i)/h (eq. 3):
//   r = h00 r_i + h10 h v_i + h01 r_i+1 + h11 h v_i+1.
Eigen::Vector3d TabulatedEphemeris::r_N(double t) const {
  const std::size_t i = interval(t);
  const double h = t_[i + 1] - t_[i], s = (t - t_[i]) / h, s2 = s * s, s3 = s2 * s;
  return (2 * s3 - 3 * s2 + 1) * r_[i] + (s3 - 2 * s2 + s) * h * v_[i] + (-2 * s3 + 3 * s2) * r_[i + 1] +
         (s3 - s2) * h * v_[i + 1];
}

Eigen::Vector3d TabulatedEphemeris::v_N(double t) const {
  const std::size_t i = interval(t);
  const double h = t_[i + 1] - t_[i], s = (t - t_[i]) / h, s2 = s * s;
  return ((6 * s2 - 6 * s) * r_[i] + (-6 * s2 + 6 * s) * r_[i + 1]) / h + (3 * s2 - 4 * s + 1) * v_[i] +
         (3 * s2 - 2 * s) * v_[i + 1];
}

}  // namespace ramus
