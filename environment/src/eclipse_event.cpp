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
                                                                           double sun_radius) {
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
  return [r, sun = std::move(sun), body_radius, shadow, sun_radius](const Eigen::VectorXd& x, double t) {
    const Eigen::Vector3d r_N = x.segment<3>(r);
    return illuminated_fraction(shadow, r_N, sun->r_N(t), body_radius, sun_radius) - 0.5;
  };
}

}  // namespace ramus
