// The World Magnetic Model (NOAA NCEI and BGS) and any main-field model in its .COF format: Schmidt
// semi-normalized Gauss coefficients with a linear secular variation, synthesized in the
// body-fixed frame P and rotated to N (docs/environment/magnetic_field.md §2).
#pragma once

#include <Eigen/Dense>
#include <array>
#include <cstddef>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

#include "ramus/environment/body_rotation.hpp"
#include "ramus/environment/epoch.hpp"
#include "ramus/environment/magnetic_field.hpp"

namespace ramus {

/// The Gauss coefficients of a .COF file, as the file gives them.
struct GaussCoefficients {
  static constexpr int kMaxDegree = 13;    ///< [1] the largest degree read (WMM: 12, IGRF: 13)
  static constexpr int kLeastDegree = 12;  ///< [1] every (n, m) up to this degree must be given (WMM: 12)
  /// [bytes] the largest .COF file read, 1 MiB (WMM2025's is 4 KB), checked on its size first
  static constexpr std::size_t kMaxFileBytes = std::size_t{1} << 20;
  static constexpr int kSize = (kMaxDegree + 1) * (kMaxDegree + 2) / 2;
  static constexpr int index(int n, int m) { return n * (n + 1) / 2 + m; }

  double epoch = 0.0;   ///< [yr] decimal year of the coefficients (2025.0 for WMM2025)
  std::string model;    ///< the model's name in the header ("WMM-2025")
  std::string release;  ///< its release date as the header writes it (may be empty)
  int degree = 0;       ///< [1] the highest degree in the file
  /// [nT] g_n^m, h_n^m and [nT/yr] their rates, at index(n, m); zero where the file has none.
  std::array<double, kSize> g{}, h{}, g_dot{}, h_dot{};
};

/// Reads a .COF file: a header line "epoch model [release-date]", then one line "n m g h ġ ḣ" per
/// coefficient, ended by a line of 9s; every (n, m) up to degree 12 (kLeastDegree) or the file's
/// highest must be given, once. Throws ConfigurationError naming the file, the line number and its
/// text for a malformed line, a degree or order out of range, a repeated or missing coefficient,
/// h_n^0 ≠ 0, or a missing end line; a header that is not one (epoch 1000–3000, a name, a date) is
/// refused without quoting it. The file must be a regular file of at most kMaxFileBytes
/// (docs/environment/magnetic_field.md §2).
GaussCoefficients read_cof(const std::string& path);
/// The same from the file's text; `source` names it in errors.
GaussCoefficients parse_cof(std::string_view text, const std::string& source);
/// The same from a stream (at most kMaxFileBytes read from it).
GaussCoefficients parse_cof(std::istream& in, const std::string& source);

/// How a run's time becomes the model's decimal year (docs/environment/magnetic_field.md).
enum class DecimalYear {
  julian,    ///< Julian years from J2000.0 (TT), Epoch::decimal_year (the default, as before)
  calendar,  ///< the calendar year's elapsed fraction, Epoch::calendar_decimal_year (NOAA's)
};

struct WorldMagneticModelConfig {
  std::string path;  ///< the .COF file (RAMUS data: data/WMM2025.COF); ignored when coefficients are given
  Epoch epoch;       ///< the run's epoch (t = 0): each evaluation's decimal year is epoch.decimal_year(t)
  /// P (the Earth-fixed frame: EarthRotation's TIRS) relative to N; null: P = N
  std::shared_ptr<const BodyRotation> rotation;
  int max_degree = 0;                   ///< [1] truncate the synthesis at this degree, 1 … file's (0: the file's)
  double reference_radius = 6371200.0;  ///< [m] the model's reference radius a (WMM: 6371.2 km)
  double validity = 5.0;                ///< [yr] span of validity from the coefficients' epoch (WMM: 5)
  /// Evaluate outside [epoch, epoch + validity] by extending the linear secular variation
  /// (false: such an evaluation throws IntegrationError)
  bool extrapolate = false;
  DecimalYear decimal_year = DecimalYear::julian;  ///< the secular variation's clock
};

/// B = −∇V, V = a Σ_{n=1..N} (a/r)^{n+1} Σ_m (g_n^m cos mλ + h_n^m sin mλ) P̆_n^m(sin φ'), with
/// g(t) = g + ġ (t_yr − t0) (docs/environment/magnetic_field.md (4)–(5)), synthesized with
/// Cunningham's recursions in Cartesian coordinates of P, free of the poles' singularity (eqs. (6)–(9)).
/// Evaluation is allocation-free: the coefficients are tables of the object, the recursion's terms
/// stack arrays.
class WorldMagneticModel final : public MagneticFieldModel {
 public:
  /// Reads config.path.
  explicit WorldMagneticModel(const WorldMagneticModelConfig& config);
  /// From coefficients already read (config.path is then only a name).
  WorldMagneticModel(const WorldMagneticModelConfig& config, const GaussCoefficients& coefficients);

  std::string_view kind() const override { return "world_magnetic_model"; }
  /// [T] at r_N [m] and run time t [s], N components.
  Eigen::Vector3d B_N(const Eigen::Vector3d& r_N, double t) const override;
  /// [T] at r_P [m] (relative to the Earth's centre, P components) and decimal year [yr], P components.
  Eigen::Vector3d B_P(const Eigen::Vector3d& r_P, double decimal_year) const;
  /// [T m] the potential V at r_P and decimal year (B = −∇V, eq. (4)).
  double potential_P(const Eigen::Vector3d& r_P, double decimal_year) const;
  /// [T] (north, east, down) at geodetic latitude and longitude [rad] and height [m] above the
  /// WGS84 ellipsoid, at a decimal year: the components of the WMM's test values (X, Y, Z; eq. (10)).
  Eigen::Vector3d B_NED(double latitude, double longitude, double height, double decimal_year) const;

  const GaussCoefficients& coefficients() const { return coefficients_; }
  int degree() const { return degree_; }
  /// "world_magnetic_model 'WMM-2025'".
  std::string label() const;

 private:
  void check(const Eigen::Vector3d& r_P, double decimal_year) const;
  /// Σ (C V + S W) and its gradient from Cunningham's V_nm, W_nm at r_P (eqs. (6)–(9)).
  void synthesize(const Eigen::Vector3d& r_P, double decimal_year, double* potential, Eigen::Vector3d* gradient) const;

  WorldMagneticModelConfig config_;
  GaussCoefficients coefficients_;
  int degree_ = 0;
  /// [T], [T/yr] the coefficients in unnormalized form, C = k_nm g, S = k_nm h (eq. (5)), at index(n, m).
  std::array<double, GaussCoefficients::kSize> C_{}, S_{}, C_dot_{}, S_dot_{};
};

/// [m] the point at geodetic latitude, longitude [rad] and height [m] above the WGS84 ellipsoid, in
/// Earth-fixed Cartesian coordinates (eq. (11)).
Eigen::Vector3d wgs84_position(double latitude, double longitude, double height);

}  // namespace ramus
