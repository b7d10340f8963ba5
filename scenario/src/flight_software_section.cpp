// The "flight_software" section of a scenario (docs/scenario.md §3 Flight software): sampled
// attitude-control tasks (fsw/attitude_control_task.hpp), each read into its configuration with
// every quantity through the units table, checked against the finalized model (the vehicle, the
// actuator effector, the channels) and built once here, so that every error of the library is a
// ScenarioError at the JSON path of the object at fault.
#include <cmath>
#include <limits>
#include <map>

#include "field_list.hpp"
#include "ramus/fsw/momentum_dump_task.hpp"
#include "ramus/fsw/rate_damping_task.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "ramus/systems/thruster.hpp"
#include "registry_table.hpp"
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

// ---- the registered task types -------------------------------------------------------------

/// attitude_control (docs/fsw/attitude_control_task.md): its parts are sections of the document's
/// schema (navigation, guidance, mrp_control, attitude_actuator).
std::vector<FieldInfo> attitude_control_fields() {
  std::vector<FieldInfo> f{
      described("integer", "delay", "", "samples between a computation and its commands", "0", between(0.0, 1.0)),
      described("section", "navigation", "", "ideal, or gyro_and_star_tracker", ""),
      described("section", "guidance", "", "inertial, hill or eigenaxis_slew", ""),
      described("section", "control", "", "the MRP feedback law's gains", ""),
      described("section", "actuator", "", "reaction_wheels or ideal_torque", "")};
  f[1].part = "navigation";
  f[2].part = "guidance";
  f[3].part = "mrp_control";
  f[4].part = "attitude_actuator";
  return f;
}

void attitude_control(const Node& n, const TaskContext& context, FlightSoftwareTaskSpec& spec) {
  std::vector<std::string_view> keys = common_keys(Category::task);
  static const std::vector<FieldInfo> fields = attitude_control_fields();  // the keys' storage outlives them
  for (const FieldInfo& f : fields) keys.push_back(f.key);
  n.require_keys(keys);
  fsw::AttitudeControlTaskConfig& c = spec.attitude_control;
  c.vehicle = context.model.vehicle(context.vehicle).name();
  c.timing = context.timing;
  if (const auto d = n.find("delay")) c.timing.delay = d->integer();
  navigation(n.at("navigation"), c, context.t0 + c.timing.offset);
  guidance(n.at("guidance"), c);
  control(n.at("control"), c.control);
  const std::shared_ptr<const ReactionWheels> wheels = actuator(context.model, context.vehicle, n.at("actuator"), c);
  if (!n.at("control").has("I_PntC_B")) {
    // The law's inertia: the vehicle's about C at t0, less the commanded wheels' spin inertias
    // Σ J_s ĝ ĝᵀ (fsw/attitude_control_task.hpp), from the model.
    c.control.I_PntC_B = vehicle_inertia_PntC_B(context.model, context.vehicle, context.t0);
    for (std::size_t i = 0; wheels && i < wheels->wheel_count(); ++i) {
      const ReactionWheelParameters& w = wheels->wheel(i);
      c.control.I_PntC_B -= w.Js * w.gsHat_B * w.gsHat_B.transpose();
    }
  }
  spec.make = [name = spec.name, c](const NoiseSeed& seed) {
    fsw::AttitudeControlTaskConfig run = c;
    run.seed = seed;
    return std::make_shared<fsw::AttitudeControlTask>(name, run);
  };
}

/// momentum_dump (docs/fsw/momentum_dump_task.md): the task's period is its tick; the wheels' axes
/// and spin inertias and the thrusters' geometry and thrust come from the model.
struct MomentumDumpSpec {
  std::string wheels = "wheels";
  std::vector<std::string> thrusters;
  Eigen::Vector3d r_CB_B = Eigen::Vector3d::Zero();
  fsw::MomentumManagementConfig law;
};

const FieldList<MomentumDumpSpec>& momentum_dump_fields() {
  using C = MomentumDumpSpec;
  using L = fsw::MomentumManagementConfig;
  static const FieldList<C> f = [] {
    FieldList<L> law;
    law.si("control_period", &L::control_period, Dimension::time, "T_c: one plan per period, a whole number of ticks",
           positive())
        .must_give()
        .si("minimum_on_time", &L::minimum_on_time, Dimension::time, "t_min: the minimum impulse bit as an on-time",
            non_negative())
        .si("start_threshold", &L::start_threshold, Dimension::angular_momentum,
            "dumping starts when the wheels' |H_w| exceeds it", positive())
        .must_give()
        .si("stop_threshold", &L::stop_threshold, Dimension::angular_momentum, "and stops when |H_w| falls to it",
            non_negative())
        .si("gain", &L::gain, Dimension::rate, "k of the requested change -k T_c H_w (0 < k T_c <= 1)", positive())
        .must_give();
    FieldInfo thrusters = described("name_list", "thrusters", "", "the thruster effectors on the hub it fires", "");
    thrusters.min_items = 1;
    FieldList<C> l;
    l.add("wheels", &C::wheels, "the reaction_wheels effector whose momentum it unloads")
        .custom(thrusters,
                [](const Node& n, C& c) {
                  for (const Node& e : n.at("thrusters").elements(1)) c.thrusters.push_back(e.name());
                })
        .si("r_CB_B", &C::r_CB_B, Dimension::length, "the vehicle's centre of mass relative to B (the torque arms')")
        .flatten(&C::law, law);
    return l;
  }();
  return f;
}

void momentum_dump(const Node& n, const TaskContext& context, FlightSoftwareTaskSpec& spec) {
  MomentumDumpSpec s = momentum_dump_fields().read(n, common_keys(Category::task));
  const Vehicle& vehicle = context.model.vehicle(context.vehicle);
  fsw::MomentumDumpTaskConfig c;
  c.vehicle = vehicle.name();
  c.tick = context.timing.period;
  c.offset = context.timing.offset;
  c.wheels = s.wheels;
  c.thrusters = s.thrusters;
  c.management = s.law;
  c.management.r_CB_B = s.r_CB_B;
  // The wheels: their spin axes and inertias.
  std::shared_ptr<const ReactionWheels> wheels;
  for (const auto& e : vehicle.state_effectors())
    if (e->name() == s.wheels) wheels = std::dynamic_pointer_cast<const ReactionWheels>(e);
  if (!wheels)
    n.at("wheels").fail("no reaction_wheels effector '" + s.wheels + "' on vehicle '" + vehicle.name() + "'");
  const auto count = static_cast<Eigen::Index>(wheels->wheel_count());
  c.management.Gs_B.resize(3, count);
  c.management.J_s.resize(count);
  for (Eigen::Index i = 0; i < count; ++i) {
    c.management.Gs_B.col(i) = wheels->wheel(static_cast<std::size_t>(i)).gsHat_B;
    c.management.J_s[i] = wheels->wheel(static_cast<std::size_t>(i)).Js;
  }
  // The thrusters: Thruster effectors on the hub (F = B).
  const auto m = static_cast<Eigen::Index>(s.thrusters.size());
  c.management.r_TB_B.resize(3, m);
  c.management.d_B.resize(3, m);
  c.management.thrust.resize(m);
  const std::vector<Node> names = n.at("thrusters").elements();
  for (Eigen::Index j = 0; j < m; ++j) {
    const std::string& name = s.thrusters[static_cast<std::size_t>(j)];
    std::shared_ptr<const Thruster> thruster;
    for (const auto& e : vehicle.dynamic_effectors())
      if (e->name() == name) thruster = std::dynamic_pointer_cast<const Thruster>(e);
    if (!thruster)
      names[static_cast<std::size_t>(j)].fail("no thruster '" + name + "' on the hub of vehicle '" + vehicle.name() +
                                              "'");
    c.management.r_TB_B.col(j) = thruster->r_TF_F();
    c.management.d_B.col(j) = thruster->force_direction_F();
    c.management.thrust[j] = thruster->max_thrust();
  }
  spec.make = [name = spec.name, c](const NoiseSeed&) { return std::make_shared<fsw::MomentumDumpTask>(name, c); };
}

/// rate_damping (docs/fsw/rate_damping_task.md): an ideal torque -P omega on the hub.
const FieldList<fsw::RateDampingTaskConfig>& rate_damping_fields() {
  using C = fsw::RateDampingTaskConfig;
  static const FieldList<C> f = [] {
    FieldList<C> l;
    l.add("torquer", &C::torquer, "the external_force_torque on the hub whose torque it commands")
        .must_give()
        .si("P", &C::P, Dimension::angular_momentum, "rate gain of L = -P omega_BN_B (symmetric positive definite)")
        .must_give()
        .si("max_torque", &C::max_torque, Dimension::torque, "largest component of the torque (the whole scaled)",
            positive());
    return l;
  }();
  return f;
}

void rate_damping(const Node& n, const TaskContext& context, FlightSoftwareTaskSpec& spec) {
  std::vector<std::string_view> keys = common_keys(Category::task);
  keys.push_back("delay");
  fsw::RateDampingTaskConfig c = rate_damping_fields().read(n, keys);
  c.vehicle = context.model.vehicle(context.vehicle).name();
  c.timing = context.timing;
  if (const auto d = n.find("delay")) c.timing.delay = d->integer();
  bool found = false;
  for (const auto& e : context.model.vehicle(context.vehicle).dynamic_effectors())
    if (e->name() == c.torquer) {
      if (!std::dynamic_pointer_cast<const ExternalForceTorque>(e))
        n.at("torquer").fail(std::string(e->kind()) + " '" + c.torquer + "' is not an external_force_torque");
      found = true;
    }
  if (!found)
    n.at("torquer").fail("no external_force_torque '" + c.torquer + "' on the hub of vehicle '" + c.vehicle + "'");
  spec.make = [name = spec.name, c](const NoiseSeed&) { return std::make_shared<fsw::RateDampingTask>(name, c); };
}

}  // namespace

void register_tasks(Registry& r) {
  r.add_task(type_info("attitude_control", Category::task,
                       "sampled attitude control: navigation, guidance, MRP feedback, wheels or an ideal torque",
                       "docs/fsw/attitude_control_task.md", "fsw::AttitudeControlTask", attitude_control_fields()),
             attitude_control);
  r.add_task(type_info("momentum_dump", Category::task, "unloads the reaction wheels with the hub's thrusters",
                       "docs/fsw/momentum_dump_task.md", "fsw::MomentumDumpTask", momentum_dump_fields().info()),
             momentum_dump);
  std::vector<FieldInfo> damping = rate_damping_fields().info();
  damping.insert(damping.begin(), described("integer", "delay", "", "samples between a computation and its commands",
                                            "0", between(0.0, 1.0)));
  r.add_task(type_info("rate_damping", Category::task, "detumbling: an ideal hub torque opposed to its rate",
                       "docs/fsw/rate_damping_task.md", "fsw::RateDampingTask", damping),
             rate_damping);
}

namespace {

/// One task object of a registered type (a file's flight_software.tasks[k]) for the finalized
/// `model`: its spec, and its first task added to `check` (seeded with `seed`). `first` (task name →
/// path of its "name") refuses a name given twice.
FlightSoftwareTaskSpec task_spec(const Model& model, const Node& n, double t0, const NoiseSeed& seed,
                                 std::map<std::string, std::string>& first, FlightSoftware& check) {
  const Node type = n.at("type");
  const Registry& registry = Registry::instance();
  const TaskBuilder* build = registry.task(type.string());
  if (build == nullptr) registry.unknown_type(type, Category::task, "task");
  FlightSoftwareTaskSpec spec;
  spec.type = type.string();
  spec.path = n.path();
  const Node name_node = n.at("name");
  spec.name = name_node.name();
  if (const auto [it, inserted] = first.emplace(spec.name, name_node.path()); !inserted)
    name_node.fail("task name '" + spec.name + "' is already used by " + it->second);
  for (std::size_t i = 0; i < model.vehicle_count(); ++i)
    if (model.vehicle(i).name() == spec.name)
      name_node.fail("task name '" + spec.name + "' is a vehicle's name: their logged quantities ('" + spec.name +
                     ".sigma_BN') would clash");
  const Node vehicle_node = n.at("vehicle");
  const std::string vehicle = vehicle_node.string();
  std::size_t v = model.vehicle_count();
  for (std::size_t i = 0; i < model.vehicle_count(); ++i)
    if (model.vehicle(i).name() == vehicle) v = i;
  if (v == model.vehicle_count())
    vehicle_node.fail("no vehicle '" + vehicle + "' (vehicles: " + names_of_vehicles(model) + ")");
  TaskTiming timing;
  timing.period = n.at("period").si(Dimension::time);
  if (const auto o = n.find("offset")) timing.offset = o->si(Dimension::time);
  try {
    (*build)(n, TaskContext{model, v, t0, timing}, spec);
    check.add(spec.make(seed));
  } catch (const ConfigurationError& e) {
    rethrow_task_error(n, spec.name, e);
  }
  return spec;
}

/// Binds the tasks of `check` (built from `nodes`, in order) to the model: each channel exists and
/// belongs to the task's vehicle (FlightSoftware::bind); then each spec learns its signals.
void bind_tasks(const std::shared_ptr<Model>& model, double t0, FlightSoftware& check, const std::vector<Node>& nodes,
                const Node& at, std::vector<FlightSoftwareTaskSpec>& specs) {
  try {
    check.bind(System(model), t0);
  } catch (const ConfigurationError& e) {
    for (std::size_t k = 0; k < specs.size(); ++k)
      if (e.owner() == check.tasks()[k]->label()) rethrow_task_error(nodes[k], specs[k].name, e);
    rethrow_at(at, e);
  }
  for (std::size_t k = 0; k < specs.size(); ++k) specs[k].signals = check.tasks()[k]->signals();
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
  std::map<std::string, std::string> first;
  FlightSoftware check;  // the tasks built once, bound to the model below
  const std::vector<Node> nodes = section.at("tasks").elements(1);
  for (const Node& n : nodes) specs.push_back(task_spec(*model, n, t0, seed, first, check));
  bind_tasks(model, t0, check, nodes, section, specs);
  return specs;
}

FlightSoftwareTaskSpec read_flight_software_task(const std::shared_ptr<Model>& model, const Node& n, double t0) {
  std::map<std::string, std::string> first;
  FlightSoftware check;
  std::vector<FlightSoftwareTaskSpec> specs{task_spec(*model, n, t0, NoiseSeed{}, first, check)};
  bind_tasks(model, t0, check, {n}, n, specs);
  return std::move(specs.front());
}

std::unique_ptr<FlightSoftware> make_flight_software(const Scenario& scenario) {
  if (scenario.flight_software.empty()) return nullptr;
  auto software = std::make_unique<FlightSoftware>();
  for (const FlightSoftwareTaskSpec& spec : scenario.flight_software) software->add(spec.make(scenario.noise_seed));
  return software;
}

}  // namespace ramus::scenario
