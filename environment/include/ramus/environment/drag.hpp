// Aerodynamic drag on one body of a vehicle (the hub or a segment): a cannonball or flat plates,
// in an atmosphere that co-rotates with the central body (docs/environment/drag.md).
#pragma once

#include <Eigen/Dense>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ramus/environment/atmosphere.hpp"
#include "ramus/environment/body_rotation.hpp"
#include "ramus/environment/facet.hpp"
#include "ramus/kernel/dynamic_effector.hpp"

namespace ramus {

/// A flat plate that sees the flow on its outward side only (eq. 4).
struct DragFacet {
  FacetGeometry geometry;  ///< area A [m²], outward normal n̂, centre of pressure r_PF_F [m]
  double C_D = 2.2;        ///< [1] drag coefficient, > 0
};

/// A body whose drag does not depend on its attitude (eq. 3).
struct DragCannonball {
  double C_D = 2.2;                                  ///< [1] drag coefficient, > 0
  double area = 0.0;                                 ///< [m²] reference area, > 0
  Eigen::Vector3d r_PF_F = Eigen::Vector3d::Zero();  ///< [m] centre of pressure P relative to F's origin
};

struct DragConfig {
  std::shared_ptr<const AtmosphereModel> atmosphere;  ///< density against altitude (required)
  BodyShape shape;                                    ///< the surface altitudes are measured from
  /// The central body's rotation: the atmosphere turns with it (eq. 2) and, for an ellipsoid, the
  /// altitude is measured in its body-fixed frame P. Null: a still atmosphere, P = N.
  std::shared_ptr<const BodyRotation> rotation;
  std::optional<DragCannonball> cannonball;  ///< either a cannonball …
  std::vector<DragFacet> facets;             ///< … or flat plates (exactly one of the two)
};

/// Kind "drag". Each element (the cannonball or each plate) feels the density at its centre of
/// pressure P and the velocity of P relative to the local air (eqs. 1–2); no shadowing between
/// plates. The wrench is in F components, the torque about F's origin (eq. 5).
class Drag final : public DynamicEffector {
 public:
  /// Throws ConfigurationError naming "drag '<name>'", the field (with its unit) and the value.
  Drag(std::string name, DragConfig config);
  std::string_view kind() const override { return "drag"; }
  /// Allocation-free; the atmosphere's IntegrationError escapes below its lowest altitude.
  Wrench wrench(const FrameKinematics& frame, ConstInputBlock u, const LoadContext& at) const override;
  const DragConfig& config() const { return config_; }

 private:
  /// The force of one element at P (r_PF_F) with outward normal n_F (null: a cannonball), in F.
  Eigen::Vector3d element_force(const FrameKinematics& frame, const Eigen::Matrix3d& dcm_NF,
                                const Eigen::Vector3d& omega_FN_N, const Eigen::Vector3d& omega_PN_N,
                                const Eigen::Matrix3d& dcm_PN, const Eigen::Vector3d& r_PF_F,
                                const Eigen::Vector3d* n_F, double C_D, double area) const;
  DragConfig config_;
};

}  // namespace ramus
