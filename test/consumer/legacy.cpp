// A program written against the 0.1 names (CHANGELOG.md, "Deprecated"): it must compile against
// 0.2 with deprecation warnings, not errors (check.cmake requires the warnings), and each old name
// must give what its new name gives.
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <ramus/kernel/model.hpp>
#include <ramus/steppers/flight_software.hpp>      // where FlightSoftwareTask lived in 0.1
#include <ramus/systems/central_body_gravity.hpp>  // where CentralBodyGravity lived in 0.1
#include <ramus/systems/reaction_wheels.hpp>
#include <ramus/systems/spinning_body.hpp>

#include "hub_model.hpp"

namespace {

/// A task derived from the base through its 0.1 header.
class Idle final : public ramus::FlightSoftwareTask {
 public:
  Idle() : FlightSoftwareTask("idle", "sc", ramus::TaskTiming{1.0, 0.0, 0}) {}
  std::vector<std::string> outputs() const override { return {}; }
  void update(const ramus::TaskInput&, std::span<double>) override {}
};

}  // namespace

int main() {
  using namespace ramus::units;
  ramus::Vehicle* vehicle = nullptr;
  auto model = hub_model(vehicle);
  ramus::Vehicle& sc = *vehicle;
  ramus::ReactionWheelConfig wheel;
  wheel.gsHat_B = Eigen::Vector3d::UnitZ();
  wheel.mass = 1.0 * si::kilogram;
  wheel.Js = 0.01 * kg_m2;
  wheel.motor_torque = 0.02 * newton_meter;
  auto wheels = std::make_shared<ramus::ReactionWheels>("wheels", std::vector<ramus::ReactionWheelConfig>{wheel});
  sc.add_state_effector(wheels);
  model->finalize();
  const ramus::VehicleOffsets& o = model->vehicle(0).offsets();
  int failures = 0;
  if (o.r_BN_N != o.r_N || o.v_BN_N != o.v_N) {  // deprecated: r_N, v_N
    std::printf("r_BN_N, v_BN_N = %ld, %ld; r_N, v_N = %ld, %ld\n", static_cast<long>(o.r_BN_N),
                static_cast<long>(o.v_BN_N), static_cast<long>(o.r_N), static_cast<long>(o.v_N));
    ++failures;
  }
  if (wheels->motor_torque_command(0) != wheels->initial_motor_torque(0)) ++failures;  // deprecated
  ramus::SpinningAxisConfig axis;
  axis.mass = 2.0 * si::kilogram;
  axis.I_PntSc_S = InertiaTensor::diagonal(0.1 * kg_m2, 0.1 * kg_m2, 0.2 * kg_m2);
  axis.sHat_S = Eigen::Vector3d::UnitZ();
  const ramus::ChainLink link = ramus::spinning_link(axis);  // deprecated: spinning_link(owner, axis)
  if (link.m != ramus::spinning_link("spinning axis", axis).m) ++failures;
  // The same class through its 0.1 header: Earth's μ as its docs page gives it.
  if (ramus::CentralBodyGravity::earth().mu() != 3.986004415e14) ++failures;
  Idle idle;
  if (idle.label() != "flight-software task 'idle'") ++failures;
  std::printf("legacy names: %s\n", failures == 0 ? "the same as the new ones" : "DIFFER");
  return failures == 0 ? 0 : 1;
}
