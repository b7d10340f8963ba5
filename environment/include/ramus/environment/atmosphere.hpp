// Atmospheric density against altitude above the central body, and how that altitude is measured
// (docs/environment/atmosphere.md): the central body's shape (a sphere or an oblate ellipsoid), a
// piecewise exponential model (Vallado's table by default) and a log-linearly interpolated table
// (an NRLMSISE-00 listing of NASA's ModelWeb, or a plain two-column file).
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ramus {

/// The central body's reference surface: a sphere of radius R (f = 0) or an ellipsoid of
/// revolution about the z axis of the body-fixed frame P, equatorial radius R, flattening f.
struct BodyShape {
  double R = 6378137.0;  ///< [m] equatorial radius, > 0 (default: WGS 84's)
  double f = 0.0;        ///< [1] flattening (R − R_polar)/R, 0 ≤ f < 1 (0: a sphere)

  /// The WGS 84 ellipsoid: R = 6378137 m, f = 1/298.257223563.
  static BodyShape wgs84() { return {6378137.0, 1.0 / 298.257223563}; }
  /// [m] altitude of the point r_P [m] (P components: the ellipsoid's axis is P's z axis; any
  /// frame centred on the body for a sphere): |r| − R for a sphere (eq. 1), the geodetic height
  /// by Bowring's iteration for the ellipsoid (eqs. 2–4).
  double altitude(const Eigen::Vector3d& r_P) const;
  /// Throws ConfigurationError naming `owner`, "shape.R [m]" or "shape.f [1]" and the value.
  void validate(const std::string& owner) const;
};

/// Density of the atmosphere at an altitude. Evaluation is const, allocation-free and
/// thread-safe; below min_altitude() it throws IntegrationError naming the model and the
/// altitude (the vehicle has reached the surface or the model's floor: never a clamped value).
class AtmosphereModel {
 public:
  virtual ~AtmosphereModel() = default;
  virtual std::string_view kind() const = 0;
  /// [kg/m³] density at `altitude` [m] above the body's surface.
  virtual double density(double altitude) const = 0;
  /// [m] the lowest altitude the model serves.
  virtual double min_altitude() const = 0;
};

/// One layer of a piecewise exponential model: ρ = ρ_i exp(−(h − h_i)/H_i) (eq. 5).
struct ExponentialLayer {
  double base_altitude = 0.0;  ///< [m] h_i
  double base_density = 0.0;   ///< [kg/m³] ρ_i > 0
  double scale_height = 0.0;   ///< [m] H_i > 0
};

struct ExponentialAtmosphereConfig {
  /// Layers by strictly increasing base altitude; layer i serves [h_i, h_{i+1}), the last one every
  /// altitude above its base, the first one also [min_altitude, h_0). At least one.
  std::vector<ExponentialLayer> layers;
  double min_altitude = 0.0;  ///< [m] the lowest altitude served, ≤ the first base altitude

  /// Vallado, Fundamentals of Astrodynamics and Applications, 4th ed., Table 8-4: 28 layers from
  /// 0 to 1000 km above the ellipsoid (docs/environment/atmosphere.md §3).
  static ExponentialAtmosphereConfig vallado();
  /// One layer (ρ0 [kg/m³] at h0 [m], scale height H [m]) serving every altitude ≥ min_altitude.
  static ExponentialAtmosphereConfig single_layer(double rho0, double h0, double H, double min_altitude = 0.0);
};

class ExponentialAtmosphere final : public AtmosphereModel {
 public:
  /// Vallado's table.
  ExponentialAtmosphere() : ExponentialAtmosphere(ExponentialAtmosphereConfig::vallado()) {}
  /// Throws ConfigurationError naming "layers[i].<field>" for a layer that is not finite and
  /// positive, bases not increasing, or a min_altitude above the first base.
  explicit ExponentialAtmosphere(const ExponentialAtmosphereConfig& config);
  std::string_view kind() const override { return "exponential_atmosphere"; }
  /// eq. (5) with the layer whose base is the highest at or below h.
  double density(double altitude) const override;
  double min_altitude() const override { return min_altitude_; }
  const std::vector<ExponentialLayer>& layers() const { return layers_; }

 private:
  std::vector<ExponentialLayer> layers_;
  std::vector<double> bases_;  ///< [m] the layers' base altitudes, for the search
  double min_altitude_;        ///< [m]
};

/// Densities at increasing altitudes, interpolated log-linearly (exact for an exponential profile
/// between two rows, eq. 7); above the last row, exponential with the scale height of the top
/// 10 km of the table (eq. 8); below the first row, IntegrationError.
class TabulatedAtmosphere final : public AtmosphereModel {
 public:
  /// `name` names the table in errors (its file). altitude [m] strictly increasing, density
  /// [kg/m³] positive, both finite, at least two rows; ConfigurationError naming the row otherwise.
  TabulatedAtmosphere(std::string name, std::vector<double> altitude, std::vector<double> density);
  /// [bytes] The largest table file read, 16 MiB (the NRLMSISE-00 listing of data/ is 40 KB),
  /// checked on the file's size before reading; the file must be a regular file.
  static constexpr std::size_t kMaxFileBytes = std::size_t{16} << 20;
  /// A ModelWeb listing of NRLMSISE-00 (data/NRLMSISE00-nominal-profile.txt): the header's
  /// "Selected output parameters" name the columns; the height (km) and mass density (g/cm-3)
  /// columns are read and converted to m and kg/m³. The header's "Prof. parameters: Start= a
  /// Stop= b Step= c" declares the rows: heights a + i c for i = 0 … (b − a)/c − 1, then b if
  /// listed; a listing with fewer rows, or a row missing or repeated, is refused
  /// (docs/environment/atmosphere.md §4).
  static TabulatedAtmosphere read_modelweb(const std::string& path);
  /// The same from the listing's text; `name` names the table.
  static TabulatedAtmosphere parse_modelweb(std::string_view listing, const std::string& name);
  /// A plain file of rows "altitude density"; '#' starts a comment. The file's units are given as
  /// their SI value: altitude_unit [m] per file unit (1000 for km), density_unit [kg/m³] per file
  /// unit (1000 for g/cm³). Such a file declares nothing: a shorter table is a shorter table.
  static TabulatedAtmosphere read_two_column(const std::string& path, double altitude_unit = 1.0,
                                             double density_unit = 1.0);
  /// The same from the file's text; `name` names the table.
  static TabulatedAtmosphere parse_two_column(std::string_view table, const std::string& name,
                                              double altitude_unit = 1.0, double density_unit = 1.0);

  std::string_view kind() const override { return "tabulated_atmosphere"; }
  double density(double altitude) const override;
  double min_altitude() const override { return h_.front(); }
  double max_altitude() const { return h_.back(); }
  /// [m] H_top of eq. (8), the scale height used above the table.
  double top_scale_height() const { return H_top_; }
  const std::string& name() const { return name_; }
  const std::vector<double>& altitudes() const { return h_; }
  const std::vector<double>& densities() const { return rho_; }

 private:
  std::string name_;
  std::vector<double> h_;    ///< [m]
  std::vector<double> rho_;  ///< [kg/m³]
  std::vector<double> k_;    ///< [1/m] ln(ρ_{i+1}/ρ_i)/(h_{i+1} − h_i) per interval
  double H_top_;             ///< [m]
};

}  // namespace ramus
