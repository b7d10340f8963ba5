// What every task that commands an ideal body torque on its vehicle's hub shares (rate_damping,
// sun_pointing): the torque channels of an external_force_torque on the hub (F = B), the hub's
// state indices, and the saturation that scales the whole torque so that no component exceeds the
// limit, keeping its direction (docs/fsw/rate_damping_task.md, eq. (2)).
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "ramus/kernel/model.hpp"

namespace ramus::fsw {

/// "<vehicle>/<torquer>.torque_PntF_F[0..2]": a task's outputs, in the order of L_B's components.
std::vector<std::string> hub_torque_channels(const std::string& vehicle, const std::string& torquer);

/// Refuses an empty torquer name and a max_torque that is not positive (NaN included; +inf: no
/// limit): ConfigurationError naming `owner` and the field.
void check_hub_torquer(const std::string& owner, const std::string& torquer, double max_torque);

/// The state indices of `vehicle`'s hub (a task's bind()): ConfigurationError naming `owner` for an
/// unknown vehicle.
const VehicleOffsets& hub_offsets(const Model& model, const std::string& vehicle, const std::string& owner);

/// Scales L_B as a whole by max_torque / max_i |L_B,i| when that is below one (eq. (2)); returns
/// whether it did (the task's `saturated` signal). No allocation.
bool saturate_torque(Eigen::Vector3d& L_B, double max_torque);

}  // namespace ramus::fsw
