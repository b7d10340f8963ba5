// Input events of a scenario (docs/scenario.md §3 Inputs): motor torques and forces, locks (an
// impulse: SerialChain::engage_lock); the same changes are the input actions of its events
// (docs/scenario.md §3 Events).
#include <charconv>
#include <optional>

#include "ramus/scenario/registry.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "ramus/systems/serial_chain.hpp"
#include "run_sections.hpp"

namespace ramus::scenario {
namespace {

/// The shortest text that reads back to x.
std::string number_text(double x) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, x);
  return std::string(buffer, result.ptr);
}

/// The dimension whose SI unit a channel declares ("N m", "N", "1").
std::optional<Dimension> channel_dimension(std::string_view unit) {
  for (int d = 0; d < kDimensionCount; ++d)
    if (si_unit(static_cast<Dimension>(d)) == unit) return static_cast<Dimension>(d);
  return std::nullopt;
}

/// {"channel": "<owner>.<name>[i]", "value": …}: any actuator channel by its name, the value in
/// the channel's unit (a lock flag through its channel is latched by its impulse before the next
/// step, as Inputs::set does everywhere).
InputChange channel_change(const Model& model, const Node& n) {
  for (const char* key : {"vehicle", "effector", "joint", "wheel", "motor_torque", "motor_force", "locked"})
    if (n.has(key)) n.at(key).fail("give either \"channel\" and \"value\" or \"vehicle\" and \"effector\"");
  const Node channel_node = n.at("channel");
  const std::string name = channel_node.string();
  const InputLayout& layout = model.input_layout();
  Eigen::Index channel = -1;
  try {
    channel = layout.find(name);
  } catch (const ConfigurationError&) {
    std::vector<std::string> names;
    for (Eigen::Index c = 0; c < layout.size(); ++c) names.push_back(layout.entry_name(c));
    channel_node.fail(with_suggestion("no actuator channel '" + name + "' (`ramus describe` lists them)", name, names));
  }
  const InputBlock& block = *layout.block_at(channel);
  const std::optional<Dimension> d = channel_dimension(block.unit);
  if (!d) channel_node.fail("channel '" + name + "' has the unit '" + block.unit + "', which files cannot give");
  const double u = n.at("value").si(*d);
  if (block.lock && u != 0.0 && u != 1.0) n.at("value").fail("a lock flag is 0 (free) or 1 (locked)");
  InputChange ev;
  ev.apply = [channel, u](const System& system, Eigen::VectorXd& x, double t) {
    system.inputs().set(channel, u);
    // A lock engaged here is latched at once, as "locked": true does, so the state logged at this
    // time is the latched one (the driver would latch it before the next step otherwise).
    engage_commanded_locks(system, x, t);
  };
  ev.description = layout.entry_name(channel) + " = " + number_text(u) + (block.unit == "1" ? "" : " " + block.unit);
  return ev;
}

}  // namespace

InputEvent input_event(const Model& model, const Node& n, double t0, double t1) {
  n.require_keys(
      {"t", "vehicle", "effector", "joint", "wheel", "motor_torque", "motor_force", "locked", "channel", "value"});
  InputEvent ev;
  ev.path = n.path();
  const Node t = n.at("t");
  ev.t = t.si(Dimension::time);
  if (!(ev.t >= t0 && ev.t < t1))
    t.fail("must lie in [t0, t1) = [" + std::to_string(t0) + ", " + std::to_string(t1) + ") s");
  ev.apply = input_change(model, n).apply;
  return ev;
}

InputChange input_change(const Model& model, const Node& n) {
  if (n.has("channel") || n.has("value")) return channel_change(model, n);
  const Node vehicle_node = n.at("vehicle"), effector_node = n.at("effector");
  const std::string vehicle_name = vehicle_node.string(), effector_name = effector_node.string();
  const Vehicle* vehicle = nullptr;
  for (std::size_t i = 0; i < model.vehicle_count(); ++i)
    if (model.vehicle(i).name() == vehicle_name) vehicle = &model.vehicle(i);
  if (vehicle == nullptr) vehicle_node.fail("no vehicle '" + vehicle_name + "'");
  std::shared_ptr<StateEffector> effector;
  for (const auto& e : vehicle->state_effectors())
    if (e->name() == effector_name) effector = e;
  if (!effector) effector_node.fail("no state effector '" + effector_name + "' on vehicle '" + vehicle_name + "'");
  InputChange ev;
  const std::string target = vehicle_name + "/" + effector_name;

  int actions = 0;
  for (const char* key : {"motor_torque", "motor_force", "locked"}) actions += n.has(key) ? 1 : 0;
  if (actions != 1) n.fail("give exactly one of motor_torque, motor_force, locked");

  if (auto wheels = std::dynamic_pointer_cast<ReactionWheels>(effector)) {
    if (!n.has("motor_torque")) n.fail(effector->label() + " takes motor_torque inputs only");
    if (n.has("joint")) n.at("joint").fail("reaction wheels are indexed by \"wheel\"");
    const Node wheel_node = n.at("wheel");
    const std::size_t wheel = wheel_node.index();
    if (wheel >= wheels->wheel_count())
      wheel_node.fail(effector->label() + " has " + std::to_string(wheels->wheel_count()) +
                      " wheel(s); wheels count from 0");
    const double u = n.at("motor_torque").si(Dimension::torque);
    const Eigen::Index channel = model.input_range(*wheels).offset + static_cast<Eigen::Index>(wheel);
    ev.apply = [channel, u](const System& system, Eigen::VectorXd&, double) { system.inputs().set(channel, u); };
    ev.description = target + " wheel " + std::to_string(wheel) + " motor_torque = " + number_text(u) + " N m";
    return ev;
  }
  auto chain = std::dynamic_pointer_cast<SerialChain>(effector);
  if (!chain) effector_node.fail(effector->label() + " takes no inputs");
  if (n.has("wheel")) n.at("wheel").fail("a " + std::string(effector->kind()) + " is indexed by \"joint\"");
  std::size_t joint = 0;
  if (const auto j = n.find("joint")) {
    joint = j->index();
    if (joint >= chain->dof())
      j->fail(effector->label() + " has " + std::to_string(chain->dof()) + " joint(s); joints count from 0");
  }
  const bool prismatic = chain->link(joint).type == JointType::prismatic;
  if (const auto locked = n.find("locked")) {
    const bool lock = locked->boolean();
    // Engaging a lock is an impulse (the joint rate to 0, the vehicle's momentum kept); releasing is none.
    ev.apply = [chain, joint, lock](const System& system, Eigen::VectorXd& x, double t_event) {
      if (lock)
        chain->engage_lock(joint, system, x, t_event);
      else
        chain->set_locked(joint, false, system.model(), system.inputs(), x);
    };
    ev.description = (lock ? "lock " : "unlock ") + target + " joint " + std::to_string(joint);
    return ev;
  }
  const char* key = prismatic ? "motor_force" : "motor_torque";
  if (!n.has(key))
    n.fail("joint " + std::to_string(joint) + " of " + effector->label() + " is " +
           (prismatic ? "prismatic: give motor_force" : "revolute: give motor_torque"));
  const double u = n.at(key).si(prismatic ? Dimension::force : Dimension::torque);
  const Eigen::Index channel = model.input_range(*chain).offset + chain->motor_channel(joint);
  ev.apply = [channel, u](const System& system, Eigen::VectorXd&, double) { system.inputs().set(channel, u); };
  ev.description =
      target + " joint " + std::to_string(joint) + " " + key + " = " + number_text(u) + (prismatic ? " N" : " N m");
  return ev;
}

}  // namespace ramus::scenario
