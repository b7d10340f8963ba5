#include "ramus/fsw/hub_torquer.hpp"

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::fsw {

std::vector<std::string> hub_torque_channels(const std::string& vehicle, const std::string& torquer) {
  std::vector<std::string> out;
  for (int j = 0; j < 3; ++j) out.push_back(vehicle + "/" + torquer + ".torque_PntF_F[" + std::to_string(j) + "]");
  return out;
}

void check_hub_torquer(const std::string& owner, const std::string& torquer, double max_torque) {
  if (torquer.empty()) throw ConfigurationError(owner, "torquer", "\"\"", "names the hub's torquer");
  validation::require_positive_or_infinite(owner, "max_torque [N m]", max_torque);
}

const VehicleOffsets& hub_offsets(const Model& model, const std::string& vehicle, const std::string& owner) {
  try {
    return model.vehicle(model.vehicle_index(vehicle)).offsets();
  } catch (const ConfigurationError&) {
    throw ConfigurationError(owner, "vehicle", "'" + vehicle + "'", "no such vehicle in the model");
  }
}

bool saturate_torque(Eigen::Vector3d& L_B, double max_torque) {
  const double largest = L_B.cwiseAbs().maxCoeff();
  if (!(largest > max_torque)) return false;
  L_B *= max_torque / largest;  // eq. (2): the direction kept
  return true;
}

}  // namespace ramus::fsw
