#include "ramus/environment/eclipse_event.hpp"

#include <cmath>
#include <string>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

std::function<double(const Eigen::VectorXd& x, double t)> eclipse_function(std::string_view event, const Model& model,
                                                                           std::string_view vehicle,
                                                                           std::shared_ptr<const Ephemeris> sun,
                                                                           double body_radius, ShadowModel shadow,
                                                                           double sun_radius, EclipseEdge edge) {
  const std::string owner = "event '" + std::string(event) + "'";
  if (!model.is_finalized())
    throw ConfigurationError(owner, "model", "not finalized", "the event reads the finalized state layout");
  if (!sun) throw ConfigurationError(owner, "sun", "none", "the eclipse needs the Sun's ephemeris");
  if (shadow == ShadowModel::none)
    throw ConfigurationError(owner, "shadow", "none", "without a shadow model there is no eclipse to find");
  if (!std::isfinite(body_radius) || !(body_radius > 0.0))
    throw ConfigurationError(owner, "body_radius [m]", validation::to_text(body_radius), "must be positive and finite");
  if (!std::isfinite(sun_radius) || !(sun_radius > 0.0))
    throw ConfigurationError(owner, "sun_radius [m]", validation::to_text(sun_radius), "must be positive and finite");
  // The vehicle's translational state: B, or C when the state holds C (Vehicle::set_hub_translation).
  Eigen::Index r = -1;
  for (std::size_t i = 0; i < model.vehicle_count(); ++i)
    if (model.vehicle(i).name() == vehicle) r = model.vehicle(i).offsets().r_N;
  if (r < 0) throw ConfigurationError(owner, "vehicle", std::string(vehicle), "the model has no vehicle of that name");
  if (edge != EclipseEdge::half && edge != EclipseEdge::penumbra && edge != EclipseEdge::umbra)
    throw ConfigurationError(owner, "edge", std::to_string(static_cast<int>(edge)), "is not an EclipseEdge");
  if (edge == EclipseEdge::half || shadow == ShadowModel::cylindrical)
    return [r, sun = std::move(sun), body_radius, shadow, sun_radius](const Eigen::VectorXd& x, double t) {
      const Eigen::Vector3d r_N = x.segment<3>(r);
      return illuminated_fraction(shadow, r_N, sun->r_N(t), body_radius, sun_radius) - 0.5;
    };
  const double sign = edge == EclipseEdge::penumbra ? 1.0 : -1.0;  // c − (b ± a)
  return [r, sun = std::move(sun), body_radius, sun_radius, sign](const Eigen::VectorXd& x, double t) {
    const Eigen::Vector3d r_N = x.segment<3>(r), r_Sun_N = sun->r_N(t);
    if (r_N.norm() <= body_radius) return -1.0;            // inside the opaque body: in its shadow
    if ((r_Sun_N - r_N).norm() <= sun_radius) return 1.0;  // inside the Sun's sphere: lit
    const ApparentDiscs d = apparent_discs(r_N, r_Sun_N, body_radius, sun_radius);
    return d.c - (d.b + sign * d.a);  // docs/environment/shadow.md (4) against the edges of (5)
  };
}

std::string_view to_string(EclipseEdge edge) {
  switch (edge) {
    case EclipseEdge::penumbra:
      return "penumbra";
    case EclipseEdge::umbra:
      return "umbra";
    default:
      return "half";
  }
}

}  // namespace ramus
