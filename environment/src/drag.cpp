// Aerodynamic drag of a cannonball or flat plates in a co-rotating atmosphere
// (docs/environment/drag.md).
#include "ramus/environment/drag.hpp"

#include <algorithm>
#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

Drag::Drag(std::string name, DragConfig config) : DynamicEffector(std::move(name)), config_(std::move(config)) {
  const std::string owner = label();
  if (!config_.atmosphere) throw ConfigurationError(owner, "atmosphere", "none", "a drag model needs an atmosphere");
  config_.shape.validate(owner);
  const bool has_ball = config_.cannonball.has_value(), has_facets = !config_.facets.empty();
  if (has_ball == has_facets)
    throw ConfigurationError(owner, "cannonball, facets", has_ball ? "both given" : "neither given",
                             "give exactly one: a cannonball or facets");
  if (has_ball) {
    const DragCannonball& b = *config_.cannonball;
    validation::require_positive(owner, "cannonball.C_D [1]", b.C_D);
    validation::require_positive(owner, "cannonball.area [m^2]", b.area);
    validation::require_finite(owner, "cannonball.r_PF_F [m]", b.r_PF_F);
  }
  for (std::size_t i = 0; i < config_.facets.size(); ++i) {
    validate_facet(owner, i, config_.facets[i].geometry);
    validation::require_positive(owner, "facets[" + std::to_string(i) + "].C_D [1]", config_.facets[i].C_D);
  }
}

Eigen::Vector3d Drag::element_force(const FrameKinematics& frame, const Eigen::Matrix3d& dcm_NF,
                                    const Eigen::Vector3d& omega_FN_N, const Eigen::Vector3d& omega_PN_N,
                                    const Eigen::Matrix3d& dcm_PN, const Eigen::Vector3d& r_PF_F,
                                    const Eigen::Vector3d* n_F, double C_D, double area) const {
  const Eigen::Vector3d r_PF_N = dcm_NF * r_PF_F;
  const Eigen::Vector3d r_PN_N = frame.r_FN_N + r_PF_N;
  const Eigen::Vector3d v_PN_N = frame.v_FN_N + omega_FN_N.cross(r_PF_N);              // docs/environment/drag.md (1)
  const Eigen::Vector3d v_rel_F = frame.dcm_FN * (v_PN_N - omega_PN_N.cross(r_PN_N));  // docs/environment/drag.md (2)
  // The density first: an element below the atmosphere's floor is refused whatever its attitude.
  const double rho = config_.atmosphere->density(config_.shape.altitude(dcm_PN * r_PN_N));
  const double speed = v_rel_F.norm();
  if (speed == 0.0) return Eigen::Vector3d::Zero();
  double exposure = 1.0;  // a cannonball, docs/environment/drag.md (3)
  if (n_F != nullptr) exposure = std::max(0.0, n_F->dot(v_rel_F) / speed);  // docs/environment/drag.md (4)
  return (-0.5 * rho * C_D * area * exposure * speed) * v_rel_F;
}

Wrench Drag::wrench(const FrameKinematics& frame, ConstInputBlock, const LoadContext& at) const {
  const Eigen::Matrix3d dcm_NF = frame.dcm_FN.transpose();
  const Eigen::Vector3d omega_FN_N = dcm_NF * frame.omega_FN_F;
  Eigen::Vector3d omega_PN_N = Eigen::Vector3d::Zero();
  Eigen::Matrix3d dcm_PN = Eigen::Matrix3d::Identity();
  if (config_.rotation && config_.shape.f != 0.0) {
    const BodyOrientation o = config_.rotation->orientation(at.t);  // one evaluation of the rotation for both
    omega_PN_N = o.omega_PN_N;
    dcm_PN = o.dcm_PN;
  } else if (config_.rotation) {
    omega_PN_N = config_.rotation->omega_PN_N(at.t);  // a sphere needs |r| only
  }
  Wrench w;
  const auto add = [&](const Eigen::Vector3d& r_PF_F, const Eigen::Vector3d* n_F, double C_D, double area) {
    const Eigen::Vector3d f = element_force(frame, dcm_NF, omega_FN_N, omega_PN_N, dcm_PN, r_PF_F, n_F, C_D, area);
    w.force_F += f;
    w.torque_PntF_F += r_PF_F.cross(f);  // docs/environment/drag.md (5)
  };
  if (config_.cannonball) add(config_.cannonball->r_PF_F, nullptr, config_.cannonball->C_D, config_.cannonball->area);
  for (const DragFacet& facet : config_.facets)
    add(facet.geometry.r_PF_F, &facet.geometry.normal_F, facet.C_D, facet.geometry.area);
  return w;
}

}  // namespace ramus
