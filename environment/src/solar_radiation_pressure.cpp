// Solar radiation pressure: the cannonball and the flat-plate facets (docs/environment/srp.md).
#include "ramus/environment/solar_radiation_pressure.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

namespace {

// ρs + ρd may exceed 1 by this much: optical data typed as decimals (0.7 + 0.3) sum to 1 within
// a few ulps; anything larger is a surface that reflects more than it receives.
constexpr double kReflectanceSlack = 1e-12;

void require_fraction(const std::string& owner, const std::string& field, double value) {
  validation::require_non_negative(owner, field, value);
  if (value > 1.0) throw ConfigurationError(owner, field, validation::to_text(value), "must be at most 1");
}

}  // namespace

SolarRadiationPressure::SolarRadiationPressure(std::string name, SolarRadiationPressureConfig config)
    : DynamicEffector(std::move(name)), config_(std::move(config)) {
  const std::string owner = label();
  const SolarRadiationPressureConfig& c = config_;
  if (!c.sun) throw ConfigurationError(owner, "sun", "null", "needs the Sun's ephemeris");
  validation::require_positive(owner, "pressure_1au [N/m^2]", c.pressure_1au);
  if (c.shadow != ShadowModel::none) validation::require_positive(owner, "body_radius [m]", c.body_radius);
  validation::require_positive(owner, "sun_radius [m]", c.sun_radius);
  if (c.cannonball && !c.facets.empty())
    throw ConfigurationError(owner, "cannonball, facets", "both given", "give either a cannonball or facets, not both");
  if (!c.cannonball && c.facets.empty())
    throw ConfigurationError(owner, "cannonball, facets", "none given", "give a cannonball or at least one facet");
  if (c.cannonball) {
    const SrpCannonball& b = *c.cannonball;
    validation::require_finite(owner, "cannonball.C_R", b.C_R);
    if (b.C_R < 1.0 || b.C_R > 2.0)
      throw ConfigurationError(owner, "cannonball.C_R", validation::to_text(b.C_R),
                               "must be in [1, 2] (1: absorbs all, 2: a mirror facing the Sun)");
    validation::require_positive(owner, "cannonball.area [m^2]", b.area);
    validation::require_finite(owner, "cannonball.r_PF_F [m]", b.r_PF_F);
  }
  for (std::size_t i = 0; i < c.facets.size(); ++i) {
    const SrpFacet& f = c.facets[i];
    validate_facet(owner, i, f.geometry);
    const std::string field = "facets[" + std::to_string(i) + "].";
    require_fraction(owner, field + "specular", f.specular);
    require_fraction(owner, field + "diffuse", f.diffuse);
    if (f.specular + f.diffuse > 1.0 + kReflectanceSlack)
      throw ConfigurationError(owner, field + "specular + " + field + "diffuse",
                               validation::to_text(f.specular + f.diffuse), "must be at most 1");
  }
}

double SolarRadiationPressure::illuminated_fraction(const Eigen::Vector3d& r_N, double t) const {
  return ramus::illuminated_fraction(config_.shadow, r_N, config_.sun->r_N(t), config_.body_radius, config_.sun_radius);
}

Wrench SolarRadiationPressure::wrench(const FrameKinematics& frame, ConstInputBlock, const LoadContext& at) const {
  Wrench w;
  const Eigen::Vector3d r_Sun_N = config_.sun->r_N(at.t);
  const double nu =
      ramus::illuminated_fraction(config_.shadow, at.r_CN_N, r_Sun_N, config_.body_radius, config_.sun_radius);
  if (nu == 0.0) return w;
  const Eigen::Vector3d to_sun_N = r_Sun_N - at.r_CN_N;
  const double d = to_sun_N.norm();
  if (d <= config_.sun_radius)  // the pressure law (1) and the Sun's direction end at its surface
    throw IntegrationError(label() + " r_CN_N [m]", validation::to_text(at.r_CN_N),
                           "the vehicle's centre of mass is inside the Sun (t = " + validation::to_text(at.t) + " s)");
  const double ratio = kAstronomicalUnit / d;
  const double pressure = config_.pressure_1au * ratio * ratio * nu;  // docs/environment/srp.md (1), times ν
  const Eigen::Vector3d sHat_F = frame.dcm_FN * (to_sun_N / d);
  if (config_.cannonball) {
    // docs/environment/srp.md (6)
    const SrpCannonball& b = *config_.cannonball;
    w.force_F = -pressure * b.C_R * b.area * sHat_F;
    w.torque_PntF_F = b.r_PF_F.cross(w.force_F);
    return w;
  }
  for (const SrpFacet& f : config_.facets) {
    const Eigen::Vector3d& nHat_F = f.geometry.normal_F;
    const double cos_theta = nHat_F.dot(sHat_F);
    if (cos_theta <= 0.0) continue;  // the back side: unlit (docs/environment/srp.md (4))
    // docs/environment/srp.md (3)
    const Eigen::Vector3d force_F =
        -pressure * f.geometry.area * cos_theta *
        ((1.0 - f.specular) * sHat_F + (2.0 * f.specular * cos_theta + 2.0 * f.diffuse / 3.0) * nHat_F);
    w.force_F += force_F;
    w.torque_PntF_F += f.geometry.r_PF_F.cross(force_F);  // docs/environment/srp.md (5)
  }
  return w;
}

}  // namespace ramus
