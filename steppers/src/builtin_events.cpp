#include "ramus/steppers/builtin_events.hpp"

#include <cmath>
#include <memory>

#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"
#include "ramus/kernel/workspace.hpp"

namespace ramus {
namespace {

using validation::to_text;

std::string owner_of(const std::string& name) { return "event '" + name + "'"; }

void require_finalized(const std::string& name, const Model& model) {
  if (!model.is_finalized())
    throw ConfigurationError(owner_of(name), "model", "not finalized", "an event reads the finalized state layout");
}

std::size_t find_vehicle(const std::string& name, const Model& model, std::string_view vehicle) {
  for (std::size_t i = 0; i < model.vehicle_count(); ++i)
    if (model.vehicle(i).name() == vehicle) return i;
  throw ConfigurationError(owner_of(name), "vehicle", std::string(vehicle), "the model has no vehicle of that name");
}

}  // namespace

Event state_entry_event(std::string name, const Model& model, std::string_view entry, double value,
                        EventDirection direction) {
  require_finalized(name, model);
  validation::require_finite(owner_of(name), "value", value);
  const StateLayout& layout = model.layout();
  Eigen::Index k = -1;
  for (const StateBlock& b : layout.blocks()) {
    const std::string block = b.owner + "." + b.name;
    if (b.size == 1 && entry == block) k = b.offset;
    for (Eigen::Index j = 0; j < b.size && k < 0; ++j)
      if (entry == block + "[" + std::to_string(j) + "]") k = b.offset + j;
    if (k >= 0) break;
  }
  if (k < 0)
    throw ConfigurationError(owner_of(name), "entry", std::string(entry),
                             "the model's state has no such entry (StateLayout::describe() lists its blocks)");
  Event e;
  e.name = std::move(name);
  e.g = [k, value](const Eigen::VectorXd& x, double) { return x[k] - value; };
  e.direction = direction;
  return e;
}

Event delta_v_event(std::string name, const Model& model, std::string_view vehicle, double dv,
                    EventDirection direction) {
  require_finalized(name, model);
  validation::require_finite(owner_of(name), "dv [m/s]", dv);
  if (dv < 0.0) throw ConfigurationError(owner_of(name), "dv [m/s]", to_text(dv), "must be non-negative");
  const Eigen::Index k = model.vehicle(find_vehicle(name, model, vehicle)).offsets().dv_CN_N;
  Event e;
  e.name = std::move(name);
  e.g = [k, dv](const Eigen::VectorXd& x, double) { return x.segment<3>(k).norm() - dv; };
  e.direction = direction;
  return e;
}

Event altitude_event(std::string name, const Model& model, std::string_view vehicle, double radius, double altitude,
                     EventDirection direction, AltitudePoint point) {
  require_finalized(name, model);
  validation::require_positive(owner_of(name), "radius [m]", radius);
  validation::require_finite(owner_of(name), "altitude [m]", altitude);
  const std::size_t i = find_vehicle(name, model, vehicle);
  Event e;
  e.name = std::move(name);
  e.direction = direction;
  const double level = radius + altitude;
  const VehicleOffsets& o = model.vehicle(i).offsets();
  const bool in_state = (point == AltitudePoint::B && o.translation != HubTranslation::C) ||
                        (point == AltitudePoint::C && o.translation == HubTranslation::C);
  if (in_state) {  // the point's position is a block of the state
    const Eigen::Index k = o.r_N;
    e.g = [k, level](const Eigen::VectorXd& x, double) { return x.segment<3>(k).norm() - level; };
  } else {
    // The other point, from the vehicle's mass properties at (x, t): r_CN_N = r_BN_N + dcm_NB c_B
    // (docs/architecture.md §2 eq. (3)).
    e.g = [m = &model, ws = std::make_shared<Workspace>(model), i, point, level](const Eigen::VectorXd& x, double t) {
      const VehicleDiagnostics d = vehicle_diagnostics(*m, *ws, x, t, i);
      return (point == AltitudePoint::C ? d.r_CN_N : d.hub.r_FN_N).norm() - level;
    };
  }
  return e;
}

}  // namespace ramus
