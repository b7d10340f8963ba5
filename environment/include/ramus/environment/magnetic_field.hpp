// The magnetic field of the central body as a function of position and run time
// (docs/environment/magnetic_field.md): the interface the magnetorquers and magnetometers read, and
// the dipole model (centred, tilted or eccentric) in the body-fixed frame P.
#pragma once

#include <Eigen/Dense>
#include <memory>
#include <string>
#include <string_view>

#include "ramus/environment/body_rotation.hpp"

namespace ramus {

/// μ0/(4π) [T m/A] with μ0 = 1.25663706212e-6 N/A² (CODATA 2018; 4π·1e-7 to 5.5e-10).
inline constexpr double kMu0Over4Pi = 1.00000000055e-7;

class MagneticFieldModel {
 public:
  virtual ~MagneticFieldModel() = default;
  virtual std::string_view kind() const = 0;
  /// [T] the field at r_N [m] (relative to N's origin, the body's centre, N components) at run time
  /// t [s], N components. Const, allocation-free and thread-safe.
  virtual Eigen::Vector3d B_N(const Eigen::Vector3d& r_N, double t) const = 0;
};

struct DipoleFieldConfig {
  /// [A m²] the dipole moment, P components (dipole_moment_from_gauss, dipole_moment_from_axis)
  Eigen::Vector3d m_P = Eigen::Vector3d::Zero();
  /// [m] the dipole's centre D relative to the body's centre, P components (0: centred dipole;
  /// otherwise an eccentric dipole)
  Eigen::Vector3d r_DP_P = Eigen::Vector3d::Zero();
  /// P relative to N (the body's rotation); null: P = N
  std::shared_ptr<const BodyRotation> rotation;
};

/// [A m²] the moment of the degree-1 Gauss coefficients g10, g11, h11 [T] at the reference radius
/// a [m]: m = (4π a³/μ0) (g11, h11, g10) (docs/environment/magnetic_field.md (2)).
Eigen::Vector3d dipole_moment_from_gauss(double g10, double g11, double h11, double reference_radius);

/// [A m²] a moment of magnitude `moment` [A m²] along the axis at co-latitude θ and longitude φ [rad]
/// in P: m = |m| (sin θ cos φ, sin θ sin φ, cos θ) (docs/environment/magnetic_field.md (3)). The
/// Earth's moment points to the southern hemisphere (θ = 170.8° for WMM2025).
Eigen::Vector3d dipole_moment_from_axis(double moment, double colatitude, double longitude);

/// B = μ0/(4π) (3 (m·ρ̂) ρ̂ − m)/ρ³ with ρ = r − r_D, in P, rotated to N
/// (docs/environment/magnetic_field.md (1)).
class DipoleField final : public MagneticFieldModel {
 public:
  /// `name` names the model in errors ("dipole 'earth'"). Throws ConfigurationError for a moment
  /// that is zero or not finite, or an offset that is not finite.
  DipoleField(std::string name, const DipoleFieldConfig& config);
  std::string_view kind() const override { return "dipole"; }
  /// Throws IntegrationError at the dipole's centre (where the field is singular) or for a
  /// position that is not finite.
  Eigen::Vector3d B_N(const Eigen::Vector3d& r_N, double t) const override;
  /// [T] the field at r_P [m] (relative to the body's centre, P components), P components.
  Eigen::Vector3d B_P(const Eigen::Vector3d& r_P) const;
  const DipoleFieldConfig& config() const { return config_; }
  std::string label() const { return "dipole '" + name_ + "'"; }

 private:
  std::string name_;
  DipoleFieldConfig config_;
};

}  // namespace ramus
