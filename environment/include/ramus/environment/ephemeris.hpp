// Positions of third bodies relative to the central body, in N, as functions of run time
// (docs/environment/ephemerides.md): analytic Sun and Moon through ERFA, or a user's table
// interpolated by cubic Hermite polynomials.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ramus/environment/epoch.hpp"

namespace ramus {

class Ephemeris {
 public:
  virtual ~Ephemeris() = default;
  virtual std::string_view kind() const = 0;
  /// [m] position of the body relative to the origin of N (the central body's centre), N axes.
  virtual Eigen::Vector3d r_N(double t) const = 0;
  /// [m/s] its velocity relative to N.
  virtual Eigen::Vector3d v_N(double t) const = 0;
};

/// The Sun seen from the Earth's centre: minus ERFA's heliocentric Earth (eraEpv00, within 4.6 km
/// of DE405 over 1900–2100), geometric (no light time or aberration), GCRS axes (eq. 1).
class AnalyticSun final : public Ephemeris {
 public:
  explicit AnalyticSun(const Epoch& epoch) : epoch_(epoch) {}
  std::string_view kind() const override { return "analytic_sun"; }
  Eigen::Vector3d r_N(double t) const override;
  Eigen::Vector3d v_N(double t) const override;

 private:
  Epoch epoch_;
};

/// The Moon seen from the Earth's centre: ERFA's eraMoon98 (Meeus's simplified ELP2000-82B, about
/// 10″ and 5 km), GCRS axes (eq. 2).
class AnalyticMoon final : public Ephemeris {
 public:
  explicit AnalyticMoon(const Epoch& epoch) : epoch_(epoch) {}
  std::string_view kind() const override { return "analytic_moon"; }
  Eigen::Vector3d r_N(double t) const override;
  Eigen::Vector3d v_N(double t) const override;

 private:
  Epoch epoch_;
};

/// Positions and velocities at increasing times, interpolated by the cubic Hermite polynomial of
/// each interval (eq. 3): error O(h⁴) of the sample spacing h. Asking outside the table throws.
class TabulatedEphemeris final : public Ephemeris {
 public:
  /// `name` names the table in errors; t [s] strictly increasing, at least two rows.
  TabulatedEphemeris(std::string name, std::vector<double> t, std::vector<Eigen::Vector3d> r_N,
                     std::vector<Eigen::Vector3d> v_N);
  /// The most rows sample() tabulates, 1e6 (56 MB): the analytic Moon every hour over 114 years,
  /// the Sun every 2 days over 5000 (docs/environment/ephemerides.md, Tables).
  static constexpr std::size_t kMaxSampledRows = 1000000;
  /// [bytes] The largest table file read, 64 MiB, checked on its size before reading.
  static constexpr std::size_t kMaxFileBytes = std::size_t{64} << 20;

  /// A table sampled from another ephemeris every dt over [t0, t1] (to make an analytic one cheap);
  /// a span needing more than kMaxSampledRows rows is refused naming the span and dt.
  static TabulatedEphemeris sample(const Ephemeris& source, double t0, double t1, double dt);
  /// From a text file: one row per time, "t x y z vx vy vz" [s, m, m/s]; '#' starts a comment. The
  /// file must be a regular file of at most kMaxFileBytes; a bad line is named, not quoted.
  static TabulatedEphemeris read(const std::string& path);
  /// The same from the file's text; `name` names the table.
  static TabulatedEphemeris parse(std::string_view table, const std::string& name);

  std::string_view kind() const override { return "tabulated_ephemeris"; }
  Eigen::Vector3d r_N(double t) const override;
  Eigen::Vector3d v_N(double t) const override;
  double t_first() const { return t_.front(); }
  double t_last() const { return t_.back(); }

 private:
  std::size_t interval(double t) const;
  std::string name_;
  std::vector<double> t_;
  std::vector<Eigen::Vector3d> r_, v_;
};

}  // namespace ramus
