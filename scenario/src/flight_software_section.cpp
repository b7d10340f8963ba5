// The "flight_software" section of a scenario (docs/scenario.md §3 Flight software): sampled
// attitude-control tasks (fsw/attitude_control_task.hpp), each read into its configuration with
// every quantity through the units table, checked against the finalized model (the vehicle, the
// actuator effector, the channels) and built once here, so that every error of the library is a
// ScenarioError at the JSON path of the object at fault.
#include <cmath>
#include <limits>
#include <map>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "run_sections.hpp"

namespace ramus::scenario {
namespace {

using fsw::AttitudeActuator;
using fsw::AttitudeGuidance;
using fsw::AttitudeNavigation;

/// The node of a quantity's number(s): the node itself, or the "value" of {"value", "unit"}, with
/// the factor to SI of its unit.
std::pair<Node, double> value_and_factor(const Node& n, Dimension d) {
  if (!n.json().is_object()) return {n, 1.0};
  n.require_keys({"value", "unit"});
  n.require_present({"value", "unit"});
  const Node unit = n.at("unit");
  const UnitLookup u = lookup_unit(unit.string(), d);
  if (!u.error.empty()) unit.fail(u.error);
  return {n.at("value"), u.factor};
}

/// Whether a quantity node holds one number (bare or as its "value").
bool is_scalar(const Node& n) {
  const nlohmann::json& j = n.json();
  return j.is_number() || (j.is_object() && j.contains("value") && j["value"].is_number());
}

/// One value per wheel: a scalar (the same for every wheel) or an array of `count` numbers, bare
/// (SI) or {"value": …, "unit": …}.
Eigen::VectorXd per_wheel(const Node& n, Dimension d, Eigen::Index count) {
  if (is_scalar(n)) return Eigen::VectorXd::Constant(count, n.si(d));
  const auto [values, factor] = value_and_factor(n, d);
  const std::vector<Node> elements = values.elements();
  if (static_cast<Eigen::Index>(elements.size()) != count)
    values.fail("has " + std::to_string(elements.size()) + " entries; give one per wheel (" + std::to_string(count) +
                ") or one number for all");
  Eigen::VectorXd out(count);
  for (Eigen::Index i = 0; i < count; ++i) out[i] = factor * elements[static_cast<std::size_t>(i)].number();
  return out;
}

/// "P": a scalar (P·1) or a 3×3 matrix, in N m s.
Eigen::Matrix3d gain_matrix(const Node& n) {
  if (is_scalar(n)) return n.si(Dimension::angular_momentum) * Eigen::Matrix3d::Identity();
  return n.matrix3(Dimension::angular_momentum);
}

std::string names_of_vehicles(const Model& model) {
  std::string names;
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) names += (i ? ", '" : "'") + model.vehicle(i).name() + "'";
  return names;
}

/// The vehicles other than `except` that have an effector named `name` ("'sc2'"), for the message
/// of an effector looked for on the wrong vehicle.
std::string vehicles_with(const Model& model, const std::string& name, std::size_t except) {
  std::string out;
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) {
    if (i == except) continue;
    const Vehicle& v = model.vehicle(i);
    bool has = false;
    for (const auto& e : v.state_effectors()) has = has || e->name() == name;
    for (const auto& e : v.dynamic_effectors()) has = has || e->name() == name;
    if (has) out += (out.empty() ? "'" : ", '") + v.name() + "'";
  }
  return out;
}

/// [kg m²] the inertia of vehicle v about its centre of mass C, in B, at (x0, t0): the angular
/// momentum about C is linear in the hub rate at fixed joint rates, H_C = I_C ω + h(joint rates),
/// so column k of I_C (in N) is H_C(ω_B = ê_k) − H_C(ω_B = 0), both at x0 otherwise.
Eigen::Matrix3d vehicle_inertia_PntC_B(const Model& model, std::size_t v, double t0) {
  const Eigen::Index i_omega = model.vehicle(v).offsets().omega_BN_B;
  Eigen::VectorXd x = model.initial_state();
  x.segment<3>(i_omega).setZero();
  const VehicleDiagnostics d0 = diagnostics(model, x, t0)[v];
  Eigen::Matrix3d I_N_dcm_NB;
  for (int k = 0; k < 3; ++k) {
    x.segment<3>(i_omega) = Eigen::Vector3d::Unit(k);
    I_N_dcm_NB.col(k) = diagnostics(model, x, t0)[v].H_rot_PntC_N - d0.H_rot_PntC_N;
  }
  const Eigen::Matrix3d I_B = dcm_from_mrp(d0.sigma_BN) * I_N_dcm_NB;  // dcm_BN I_N dcm_NB
  return 0.5 * (I_B + I_B.transpose());                                // symmetric to round-off
}

// ---- the task's parts ----------------------------------------------------------------------

void navigation(const Node& n, fsw::AttitudeControlTaskConfig& c, double t_first) {
  const Node type = n.at("type");
  const std::string t = type.string();
  if (t == "ideal") {
    n.require_keys({"type"});
    c.navigation = AttitudeNavigation::ideal;
    return;
  }
  if (t != "gyro_and_star_tracker") type.fail("unknown navigation '" + t + "' (known: ideal, gyro_and_star_tracker)");
  n.require_keys({"type", "gyro", "star_tracker"});
  c.navigation = AttitudeNavigation::gyro_and_star_tracker;
  const Node g = n.at("gyro");
  g.require_keys({"dcm_SB", "bias_mean", "bias_sigma", "angle_random_walk", "rate_random_walk", "lsb", "saturation"});
  c.gyro.period = c.timing.period;  // sampled by the task
  g.read("dcm_SB", c.gyro.dcm_SB);
  if (const auto b = g.find("bias_mean")) c.gyro.bias_mean = b->vector3(Dimension::angular_velocity);
  if (const auto b = g.find("bias_sigma")) c.gyro.bias_sigma = b->si(Dimension::angular_velocity);
  if (const auto b = g.find("angle_random_walk")) c.gyro.angle_random_walk = b->si(Dimension::angle_random_walk);
  if (const auto b = g.find("rate_random_walk")) c.gyro.rate_random_walk = b->si(Dimension::rate_random_walk);
  if (const auto b = g.find("lsb")) c.gyro.lsb = b->si(Dimension::angular_velocity);
  if (const auto b = g.find("saturation")) c.gyro.saturation = b->si(Dimension::angular_velocity);
  const Node s = n.at("star_tracker");
  s.require_keys({"period", "phase", "dcm_SB", "sigma_cross", "sigma_boresight"});
  c.star_tracker.period = s.has("period") ? s.at("period").si(Dimension::time) : c.timing.period;
  c.star_tracker.phase = s.has("phase") ? s.at("phase").si(Dimension::time) : t_first;
  s.read("dcm_SB", c.star_tracker.dcm_SB);
  if (const auto b = s.find("sigma_cross")) c.star_tracker.sigma_cross = b->si(Dimension::angle);
  if (const auto b = s.find("sigma_boresight")) c.star_tracker.sigma_boresight = b->si(Dimension::angle);
}

void guidance(const Node& n, fsw::AttitudeControlTaskConfig& c) {
  const Node type = n.at("type");
  const std::string t = type.string();
  if (t == "inertial") {
    n.require_keys({"type", "sigma_RN"});
    c.guidance = AttitudeGuidance::inertial;
    if (const auto s = n.find("sigma_RN")) c.sigma_RN = s->vector3(Dimension::dimensionless);
  } else if (t == "hill") {
    n.require_keys({"type", "sigma_RH"});
    c.guidance = AttitudeGuidance::hill;
    if (const auto s = n.find("sigma_RH")) c.sigma_RH = s->vector3(Dimension::dimensionless);
  } else if (t == "eigenaxis_slew") {
    n.require_keys({"type", "sigma_AN", "sigma_DN", "t_start", "duration", "profile", "acceleration_limit"});
    n.require_present({"sigma_DN", "duration"});
    c.guidance = AttitudeGuidance::eigenaxis_slew;
    fsw::EigenaxisSlewConfig& s = c.slew;
    if (const auto v = n.find("sigma_AN")) s.sigma_AN = v->vector3(Dimension::dimensionless);
    s.sigma_DN = n.at("sigma_DN").vector3(Dimension::dimensionless);
    if (const auto v = n.find("t_start")) s.t_start = v->si(Dimension::time);
    s.duration = n.at("duration").si(Dimension::time);
    if (const auto p = n.find("profile")) {
      const std::string name = p->string();
      if (name == "quintic")
        s.profile = fsw::SlewProfile::quintic;
      else if (name == "cycloidal")
        s.profile = fsw::SlewProfile::cycloidal;
      else if (name == "bang_coast_bang")
        s.profile = fsw::SlewProfile::bang_coast_bang;
      else
        p->fail("unknown profile '" + name + "' (known: quintic, cycloidal, bang_coast_bang)");
    }
    if (const auto a = n.find("acceleration_limit")) s.acceleration_limit = a->si(Dimension::angular_acceleration);
  } else {
    type.fail("unknown guidance '" + t + "' (known: inertial, hill, eigenaxis_slew)");
  }
}

void control(const Node& n, fsw::MrpFeedbackConfig& c) {
  n.require_keys({"K", "P", "K_i", "integral_limit", "feed_forward", "I_PntC_B"});
  n.require_present({"K", "P"});
  c.K = n.at("K").si(Dimension::torque);
  c.P = gain_matrix(n.at("P"));
  if (const auto k = n.find("K_i")) c.K_i = k->si(Dimension::inverse_inertia);
  if (const auto l = n.find("integral_limit")) c.integral_limit = l->si(Dimension::time);
  n.read("feed_forward", c.feed_forward);
  if (const auto I = n.find("I_PntC_B")) c.I_PntC_B = I->matrix3(Dimension::inertia);
}

/// The actuator, checked against the model: reaction_wheels names a ReactionWheels state effector
/// of the task's vehicle (returned), ideal_torque an ExternalForceTorque on its hub.
std::shared_ptr<const ReactionWheels> actuator(const Model& model, std::size_t v, const Node& n,
                                               fsw::AttitudeControlTaskConfig& c) {
  const Node type = n.at("type");
  const std::string t = type.string();
  const Vehicle& vehicle = model.vehicle(v);
  const Node effector_node = n.at("effector");
  const std::string name = effector_node.name();
  const auto missing = [&](const std::string& what) {
    const std::string elsewhere = vehicles_with(model, name, v);
    return "no " + what + " '" + name + "' on vehicle '" + vehicle.name() + "'" +
           (elsewhere.empty() ? std::string()
                              : " (vehicle " + elsewhere +
                                    " has an effector of that name: a task commands the actuators of its own "
                                    "vehicle only)");
  };
  if (t == "reaction_wheels") {
    n.require_keys({"type", "effector", "u_max", "Omega_max", "control_axes_B", "J_s"});
    c.actuator = AttitudeActuator::reaction_wheels;
    c.wheels = name;
    std::shared_ptr<const ReactionWheels> wheels;
    for (const auto& e : vehicle.state_effectors())
      if (e->name() == name) {
        wheels = std::dynamic_pointer_cast<const ReactionWheels>(e);
        if (!wheels)
          effector_node.fail(e->label() + " of vehicle '" + vehicle.name() + "' is not a reaction_wheels effector");
      }
    if (!wheels) effector_node.fail(missing("reaction_wheels effector"));
    const auto count = static_cast<Eigen::Index>(wheels->wheel_count());
    c.mapping.Gs_B.resize(3, count);
    c.mapping.u_max.resize(count);
    c.J_s.resize(count);
    for (Eigen::Index i = 0; i < count; ++i) {
      const ReactionWheelParameters& w = wheels->wheel(static_cast<std::size_t>(i));
      c.mapping.Gs_B.col(i) = w.gsHat_B;
      c.mapping.u_max[i] = w.u_max;  // +inf when the wheel has no max_torque
      c.J_s[i] = w.Js;
    }
    c.mapping.Omega_max = Eigen::VectorXd::Constant(count, std::numeric_limits<double>::infinity());
    if (const auto u = n.find("u_max")) c.mapping.u_max = per_wheel(*u, Dimension::torque, count);
    if (const auto o = n.find("Omega_max")) c.mapping.Omega_max = per_wheel(*o, Dimension::angular_velocity, count);
    if (const auto j = n.find("J_s")) c.J_s = per_wheel(*j, Dimension::inertia, count);
    if (const auto axes = n.find("control_axes_B")) {
      const std::vector<Node> columns = axes->elements(1);
      if (columns.size() > 3) axes->fail("at most 3 controlled axes");
      c.mapping.control_axes_B.resize(3, static_cast<Eigen::Index>(columns.size()));
      for (std::size_t k = 0; k < columns.size(); ++k)
        c.mapping.control_axes_B.col(static_cast<Eigen::Index>(k)) = columns[k].vector3(Dimension::dimensionless);
    }
    return wheels;
  }
  if (t == "ideal_torque") {
    n.require_keys({"type", "effector"});
    c.actuator = AttitudeActuator::ideal_torque;
    c.torquer = name;
    bool found = false;
    for (const auto& e : vehicle.dynamic_effectors())
      if (e->name() == name) {
        if (!std::dynamic_pointer_cast<const ExternalForceTorque>(e))
          effector_node.fail(std::string(e->kind()) + " '" + name + "' on the hub of vehicle '" + vehicle.name() +
                             "' is not an external_force_torque");
        found = true;
      }
    if (!found) effector_node.fail(missing("external_force_torque on the hub"));
    return nullptr;
  }
  type.fail("unknown actuator '" + t + "' (known: reaction_wheels, ideal_torque)");
}

/// A ConfigurationError of the task or of a component it built, at the JSON object that gave
/// the field: "mrp_feedback 'acs/control'" → control, "rw_torque_mapping 'acs/mapping'" →
/// actuator, "eigenaxis_slew 'acs/guidance'" → guidance, "rate_gyro 'acs/gyro'" →
/// navigation.gyro, "star_tracker 'acs/star_tracker'" → navigation.star_tracker.
[[noreturn]] void rethrow_task_error(const Node& task, const std::string& name, const ConfigurationError& e) {
  static const std::map<std::string, std::vector<std::string>> parts{
      {"/control", {"control"}},         {"/mapping", {"actuator"}},
      {"/guidance", {"guidance"}},       {"/navigation", {"navigation"}},
      {"/gyro", {"navigation", "gyro"}}, {"/star_tracker", {"navigation", "star_tracker"}}};
  for (const auto& [suffix, keys] : parts) {
    if (!e.owner().ends_with("'" + name + suffix + "'")) continue;
    Node at = task;
    for (const std::string& key : keys)
      if (at.has(key)) at = at.at(key);
    // A per-wheel field names its entry ("u_max[0] [N m]"): the key is the name before '['.
    const std::string& field = e.field();
    const std::size_t bracket = field.find('[');
    if (bracket != std::string::npos && bracket > 0 && field.find(' ') > bracket && at.has(field.substr(0, bracket)))
      throw ScenarioError(at.path() + "." + field.substr(0, bracket), e.what());
    rethrow_at(at, e);
  }
  // The task's own fields: "vehicle", "wheels" and "torquer" are read from other keys.
  if (e.field() == "wheels" || e.field() == "torquer") rethrow_at(task.at("actuator"), e);
  rethrow_at(task, e);
}

}  // namespace

std::vector<FlightSoftwareTaskSpec> flight_software(const std::shared_ptr<Model>& model, const Node& section, double t0,
                                                    NoiseSeed& seed) {
  section.require_keys({"seed", "tasks"});
  if (const auto s = section.find("seed")) {
    if (!s->json().is_number_unsigned()) s->fail("must be a non-negative integer");
    seed.seed = s->json().get<std::uint64_t>();
  }
  seed.run = 0;
  std::vector<FlightSoftwareTaskSpec> specs;
  std::map<std::string, std::string> first;  // task name → path of its first "name"
  FlightSoftware check;                      // the tasks built once, bound to the model below
  for (const Node& n : section.at("tasks").elements(1)) {
    n.require_keys(
        {"type", "name", "vehicle", "period", "offset", "delay", "navigation", "guidance", "control", "actuator"});
    const Node type = n.at("type");
    if (type.string() != "attitude_control")
      type.fail("unknown task type '" + type.string() + "' (known: attitude_control)");
    FlightSoftwareTaskSpec spec;
    spec.path = n.path();
    const Node name_node = n.at("name");
    spec.name = name_node.name();
    if (const auto [it, inserted] = first.emplace(spec.name, name_node.path()); !inserted)
      name_node.fail("task name '" + spec.name + "' is already used by " + it->second);
    for (std::size_t i = 0; i < model->vehicle_count(); ++i)
      if (model->vehicle(i).name() == spec.name)
        name_node.fail("task name '" + spec.name + "' is a vehicle's name: their logged quantities ('" + spec.name +
                       ".sigma_BN') would clash");
    fsw::AttitudeControlTaskConfig& c = spec.attitude_control;
    const Node vehicle_node = n.at("vehicle");
    c.vehicle = vehicle_node.string();
    std::size_t v = model->vehicle_count();
    for (std::size_t i = 0; i < model->vehicle_count(); ++i)
      if (model->vehicle(i).name() == c.vehicle) v = i;
    if (v == model->vehicle_count())
      vehicle_node.fail("no vehicle '" + c.vehicle + "' (vehicles: " + names_of_vehicles(*model) + ")");
    c.timing.period = n.at("period").si(Dimension::time);
    if (const auto o = n.find("offset")) c.timing.offset = o->si(Dimension::time);
    if (const auto d = n.find("delay")) c.timing.delay = d->integer();
    navigation(n.at("navigation"), c, t0 + c.timing.offset);
    guidance(n.at("guidance"), c);
    control(n.at("control"), c.control);
    const std::shared_ptr<const ReactionWheels> wheels = actuator(*model, v, n.at("actuator"), c);
    if (!n.at("control").has("I_PntC_B")) {
      // The law's inertia: the vehicle's about C at t0, less the commanded wheels' spin inertias
      // Σ J_s ĝ ĝᵀ (fsw/attitude_control_task.hpp), from the model.
      c.control.I_PntC_B = vehicle_inertia_PntC_B(*model, v, t0);
      for (std::size_t i = 0; wheels && i < wheels->wheel_count(); ++i) {
        const ReactionWheelParameters& w = wheels->wheel(i);
        c.control.I_PntC_B -= w.Js * w.gsHat_B * w.gsHat_B.transpose();
      }
    }
    c.seed = seed;
    try {
      check.add(std::make_shared<fsw::AttitudeControlTask>(spec.name, c));
    } catch (const ConfigurationError& e) {
      rethrow_task_error(n, spec.name, e);
    }
    specs.push_back(std::move(spec));
  }
  // The channels: each exists and belongs to the task's vehicle (FlightSoftware::bind).
  try {
    check.bind(System(model), t0);
  } catch (const ConfigurationError& e) {
    for (std::size_t k = 0; k < specs.size(); ++k)
      if (e.owner() == check.tasks()[k]->label())
        rethrow_task_error(section.at("tasks").elements()[k], specs[k].name, e);
    rethrow_at(section, e);
  }
  return specs;
}

std::unique_ptr<FlightSoftware> make_flight_software(const Scenario& scenario) {
  if (scenario.flight_software.empty()) return nullptr;
  auto software = std::make_unique<FlightSoftware>();
  for (const FlightSoftwareTaskSpec& spec : scenario.flight_software) {
    fsw::AttitudeControlTaskConfig c = spec.attitude_control;
    c.seed = scenario.noise_seed;
    software->add(std::make_shared<fsw::AttitudeControlTask>(spec.name, c));
  }
  return software;
}

}  // namespace ramus::scenario
