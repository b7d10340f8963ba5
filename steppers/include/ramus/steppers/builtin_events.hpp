// Ready-made events (events.hpp, docs/architecture.md §11) on a finalized model's state: a state
// entry reaching a value (a joint angle), a vehicle's accumulated ΔV reaching a value, and an
// altitude above a spherical body. Each checks its input when made and throws ConfigurationError
// naming the event and the field.
#pragma once

#include <string>
#include <string_view>

#include "ramus/kernel/model.hpp"
#include "ramus/steppers/events.hpp"

namespace ramus {

/// g = x[entry] − value: the state entry named `entry` as StateLayout::entry_name writes it
/// ("sc/panel.theta[0]", "sc/hub.omega_BN_B[2]"; the index may be left out for a block of one)
/// reaching `value` (in the entry's SI unit).
Event state_entry_event(std::string name, const Model& model, std::string_view entry, double value,
                        EventDirection direction = EventDirection::both);

/// g = |dv_CN_N| − dv: the accumulated non-gravitational ΔV of vehicle `vehicle` (its dv_CN_N
/// block, docs/architecture.md §2 eq. (9)) reaching dv [m/s] (≥ 0); rising as it grows.
Event delta_v_event(std::string name, const Model& model, std::string_view vehicle, double dv,
                    EventDirection direction = EventDirection::rising);

/// Where the altitude is measured from.
enum class AltitudePoint {
  C,  ///< the vehicle's centre of mass (vehicle_diagnostics: a mass-property pass per call)
  B,  ///< the hub frame's origin, r_BN_N read from the state (no computation)
};

/// g = |r_PN_N| − radius − altitude: the altitude of vehicle `vehicle`'s point P (C or B) above a
/// sphere of `radius` [m] (> 0) centred on N's origin reaching `altitude` [m]; falling as it
/// descends. With C, the event holds a workspace of its own: give each concurrent run its own
/// event, as its own System. The model must outlive the event.
Event altitude_event(std::string name, const Model& model, std::string_view vehicle, double radius, double altitude,
                     EventDirection direction = EventDirection::falling, AltitudePoint point = AltitudePoint::C);

}  // namespace ramus
