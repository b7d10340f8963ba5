// The "flight_software" section of a scenario (docs/scenario.md §3 Flight software): sampled
// attitude-control tasks (fsw/attitude_control_task.hpp), each read into its configuration with
// every quantity through the units table, checked against the finalized model (the vehicle, the
// actuator effector, the channels) and built once here, so that every error of the library is a
// ScenarioError at the JSON path of the object at fault.
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <type_traits>

#include "field_list.hpp"
#include "ramus/fsw/continuous_attitude_control.hpp"
#include "ramus/fsw/momentum_dump_task.hpp"
#include "ramus/fsw/rate_damping_task.hpp"
#include "ramus/fsw/sun_pointing_task.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "ramus/systems/thruster.hpp"
#include "registry_table.hpp"
#include "run_sections.hpp"
#include "sensor_section.hpp"

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

/// The field "P" read by gain_matrix (required): `what` and the forms it takes.
FieldInfo rate_gain(const std::string& what) {
  return described("gain", "P", "N m s",
                   what + " (symmetric positive definite): a number (P times the identity) or a 3x3 matrix", "");
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

/// The effector `name` of type T on vehicle v (a state effector, or a dynamic effector on the hub),
/// that a task of the vehicle commands or reads. Fails at `at`: "no <what> '<name>' on vehicle
/// '<v>'" (naming the other vehicles that have an effector of that name), or "<label> of vehicle
/// '<v>' is not a <what>" for an effector of another type.
template <class T>
std::shared_ptr<const T> find_effector(const Model& model, std::size_t v, const std::string& name,
                                       const std::string& what, const Node& at) {
  const Vehicle& vehicle = model.vehicle(v);
  const auto search = [&](const auto& effectors) -> std::shared_ptr<const T> {
    for (const auto& e : effectors)
      if (e->name() == name) {
        auto typed = std::dynamic_pointer_cast<const T>(e);
        if (!typed) at.fail(e->label() + " of vehicle '" + vehicle.name() + "' is not a " + what);
        return typed;
      }
    return nullptr;
  };
  std::shared_ptr<const T> found;
  if constexpr (std::is_base_of_v<StateEffector, T>)
    found = search(vehicle.state_effectors());
  else
    found = search(vehicle.dynamic_effectors());
  if (found) return found;
  const std::string elsewhere = vehicles_with(model, name, v);
  at.fail("no " + what + " '" + name + "' on vehicle '" + vehicle.name() + "'" +
          (elsewhere.empty() ? std::string()
                             : " (vehicle " + elsewhere +
                                   " has an effector of that name: a task commands the actuators of its own "
                                   "vehicle only)"));
}

// ---- the task's parts (registered in register_tasks) ----------------------------------------

using TaskConfig = fsw::AttitudeControlTaskConfig;

/// navigation: ideal (the true state), or a gyro and a star tracker (their parts are the
/// registered sensors rate_gyro and star_tracker, sensor_section.hpp).
const FieldList<TaskConfig>& ideal_navigation_fields() {
  return fields_once<TaskConfig>([](FieldList<TaskConfig>& l) {
    l.custom(variant_type("ideal", "the true attitude and rate"),
             [](const Node&, TaskConfig& c) { c.navigation = AttitudeNavigation::ideal; });
  });
}

const FieldList<TaskConfig>& gyro_and_star_tracker_fields() {
  return fields_once<TaskConfig>([](FieldList<TaskConfig>& l) {
    l.custom(variant_type("gyro_and_star_tracker", "the rate from a gyro, the attitude from a star tracker"),
             [](const Node&, TaskConfig& c) { c.navigation = AttitudeNavigation::gyro_and_star_tracker; })
        .object("gyro", &TaskConfig::gyro, rate_gyro_fields(), "rate_gyro", "the rate gyro, sampled by the task")
        .object("star_tracker", &TaskConfig::star_tracker, star_tracker_fields(), "star_tracker", "the star tracker")
        .add("gyro_effector", &TaskConfig::gyro_effector,
             "the gyro on a segment of this state effector of the vehicle (a flexible body's node); empty: on the hub")
        .custom(described("integer", "gyro_segment", "", "the segment (0-based) the gyro sits on", "0", non_negative()),
                [](const Node& n, TaskConfig& c) {
                  if (const auto s = n.find("gyro_segment")) c.gyro_segment = s->index();
                });
  });
}

void navigation(const Node& n, TaskConfig& c, double t_first) {
  c.gyro.period = c.timing.period;  // sampled by the task
  c.star_tracker.period = c.timing.period;
  c.star_tracker.phase = t_first;
  read_variant(n, c,
               {{"ideal", &ideal_navigation_fields()}, {"gyro_and_star_tracker", &gyro_and_star_tracker_fields()}},
               "navigation");
}

/// guidance: an inertial or a Hill-frame reference, or an eigenaxis slew (docs/fsw/attitude_guidance.md).
const FieldList<TaskConfig>& inertial_guidance_fields() {
  return fields_once<TaskConfig>([](FieldList<TaskConfig>& l) {
    l.custom(variant_type("inertial", "a fixed inertial reference R"), [](const Node&, TaskConfig& c) {
       c.guidance = AttitudeGuidance::inertial;
     }).mrp("sigma_RN", &TaskConfig::sigma_RN, "the reference attitude, MRP of R relative to N");
  });
}

const FieldList<TaskConfig>& hill_guidance_fields() {
  return fields_once<TaskConfig>([](FieldList<TaskConfig>& l) {
    l.custom(variant_type("hill", "a reference fixed in the Hill frame H of the orbit"), [](const Node&,
                                                                                            TaskConfig& c) {
       c.guidance = AttitudeGuidance::hill;
     }).mrp("sigma_RH", &TaskConfig::sigma_RH, "the reference attitude, MRP of R relative to H");
  });
}

const FieldList<TaskConfig>& eigenaxis_slew_fields() {
  using S = fsw::EigenaxisSlewConfig;
  static const FieldList<TaskConfig> f = [] {
    FieldList<S> slew;
    slew.mrp("sigma_AN", &S::sigma_AN, "start attitude A, MRP relative to N")
        .mrp("sigma_DN", &S::sigma_DN, "destination attitude D, MRP relative to N")
        .must_give()
        .si("t_start", &S::t_start, Dimension::time, "the slew begins (before: at rest at A)")
        .si("duration", &S::duration, Dimension::time, "T: after t_start + T, at rest at D", positive())
        .must_give()
        .choice("profile", &S::profile,
                {{"quintic", fsw::SlewProfile::quintic},
                 {"cycloidal", fsw::SlewProfile::cycloidal},
                 {"bang_coast_bang", fsw::SlewProfile::bang_coast_bang}},
                "the angle's profile about the eigenaxis")
        .si("acceleration_limit", &S::acceleration_limit, Dimension::angular_acceleration,
            "bang_coast_bang only: at least 4 Phi / T^2", non_negative());
    FieldList<TaskConfig> l;
    l.custom(variant_type("eigenaxis_slew", "a rest-to-rest slew about the eigenaxis from A to D"), [](const Node&,
                                                                                                       TaskConfig& c) {
       c.guidance = AttitudeGuidance::eigenaxis_slew;
     }).flatten(&TaskConfig::slew, slew);
    return l;
  }();
  return f;
}

void guidance(const Node& n, TaskConfig& c) {
  read_variant(n, c,
               {{"inertial", &inertial_guidance_fields()},
                {"hill", &hill_guidance_fields()},
                {"eigenaxis_slew", &eigenaxis_slew_fields()}},
               "guidance");
}

/// control: the MRP feedback law's gains (docs/fsw/mrp_feedback.md).
const FieldList<fsw::MrpFeedbackConfig>& mrp_control_fields() {
  using C = fsw::MrpFeedbackConfig;
  static const FieldList<C> f = [] {
    const FieldInfo P = rate_gain("rate gain");
    FieldList<C> l;
    l.si("K", &C::K, Dimension::torque, "attitude gain", positive())
        .must_give()
        .custom(P, [](const Node& n, C& c) { c.P = gain_matrix(n.at("P")); })
        .si("K_i", &C::K_i, Dimension::inverse_inertia, "integral gain (0: no integral term)", non_negative())
        .si("integral_limit", &C::integral_limit, Dimension::time,
            "bound on each component of the integral of sigma (0: no integral action)")
        .add("feed_forward", &C::feed_forward, "the law with feed-forward (eq. 3), or without it (eq. 5)")
        .choice("gyroscopic", &C::gyroscopic,
                {{"body_rate", fsw::MrpGyroscopic::body_rate},
                 {"reference_rate", fsw::MrpGyroscopic::reference_rate},
                 {"none", fsw::MrpGyroscopic::none}},
                "with feed-forward, the gyroscopic term: w x H (eq. 3), (w_r + K_i z) x H (eq. 14) or none (eq. 15)",
                "gyroscopic term")
        .si("I_PntC_B", &C::I_PntC_B, Dimension::inertia, "the vehicle's inertia about C, in B, that the law uses")
        .default_is("the model's at t0, less the commanded wheels' spin inertias");
    return l;
  }();
  return f;
}

/// The quaternion PD law's gains (docs/fsw/quaternion_pd.md).
const FieldList<fsw::QuaternionPdConfig>& quaternion_pd_control_fields() {
  using C = fsw::QuaternionPdConfig;
  static const FieldList<C> f = [] {
    FieldInfo K_d =
        described("gain", "K_d", "N m s", "rate gain: a number (K_d times the identity) or a 3x3 matrix", "");
    K_d.required = true;
    FieldList<C> l;
    l.si("k_p", &C::k_p, Dimension::torque, "attitude gain", positive())
        .must_give()
        .custom(K_d, [](const Node& n, C& c) { c.K_d = gain_matrix(n.at("K_d")); })
        .add("feed_forward", &C::feed_forward, "the law with feed-forward (eq. 2), or without it (eq. 1)")
        .si("I_PntC_B", &C::I_PntC_B, Dimension::inertia, "the vehicle's inertia about C, in B, that the law uses")
        .default_is("the model's at t0, less the commanded wheels' spin inertias");
    return l;
  }();
  return f;
}

/// The task's control object, one part for both laws (its "law" key chooses; the loader then takes
/// only that law's keys): "law", the MRP gains (mrp_control_fields) and quaternion PD's own k_p,
/// K_d (quaternion_pd_control_fields; feed_forward and I_PntC_B shared). Each law's required gains
/// are required by the loader, not by the schema, since the other law's object lacks them.
std::vector<FieldInfo> control_part_fields() {
  FieldInfo law = described("choice", "law", "", "the control law: MRP feedback or quaternion PD", "mrp_feedback");
  law.choices = {"mrp_feedback", "quaternion_pd"};
  std::vector<FieldInfo> out{law};
  for (FieldInfo f : mrp_control_fields().info()) {
    if (f.key == "K" || f.key == "P") {
      f.required = false;
      f.default_text = "required with law mrp_feedback";
    }
    out.push_back(std::move(f));
  }
  for (FieldInfo f : quaternion_pd_control_fields().info()) {
    if (f.key != "k_p" && f.key != "K_d") continue;  // feed_forward, I_PntC_B: the MRP law's keys
    f.required = false;
    f.default_text = "required with law quaternion_pd";
    f.doc = "quaternion PD: " + f.doc;
    out.push_back(std::move(f));
  }
  return out;
}

/// control: {"law": "mrp_feedback" (default) | "quaternion_pd", that law's gains}; a gain of the
/// other law is refused at its key.
void control(const Node& n, TaskConfig& c) {
  static constexpr std::string_view law_key[] = {"law"};
  const std::string law = n.has("law") ? n.at("law").string() : "mrp_feedback";
  const auto refuse = [&n](std::initializer_list<const char*> keys, const std::string& why) {
    for (const char* key : keys)
      if (n.has(key)) n.at(key).fail(why);
  };
  if (law == "mrp_feedback") {
    refuse({"k_p", "K_d"}, "a quaternion PD gain: give \"law\": \"quaternion_pd\" for that law");
    c.law = fsw::AttitudeControlLaw::mrp_feedback;
    mrp_control_fields().read(n, c.control, law_key);
  } else if (law == "quaternion_pd") {
    refuse({"K", "P", "K_i", "integral_limit", "gyroscopic"},
           "an MRP feedback field, not used by \"law\": \"quaternion_pd\" (k_p, K_d, feed_forward, I_PntC_B)");
    c.law = fsw::AttitudeControlLaw::quaternion_pd;
    quaternion_pd_control_fields().read(n, c.quaternion_pd, law_key);
  } else {
    n.at("law").fail(unknown_name("control law", law, {"mrp_feedback", "quaternion_pd"}));
  }
}

// ---- continuous_attitude_control (docs/fsw/continuous_attitude_control.md) -----------------

using ContinuousConfig = fsw::ContinuousAttitudeControlConfig;

/// law: the MRP feedback law (its gains, K_i = 0) or quaternion PD, evaluated continuously.
const FieldList<ContinuousConfig>& mrp_feedback_law_fields() {
  return fields_once<ContinuousConfig>([](FieldList<ContinuousConfig>& l) {
    l.custom(variant_type("mrp_feedback", "MRP feedback without the integral term (K_i must be 0)"),
             [](const Node&, ContinuousConfig& c) { c.law = fsw::AttitudeControlLaw::mrp_feedback; })
        .flatten(&ContinuousConfig::mrp_feedback, mrp_control_fields())
        .default_is("the hub's inertia about its centre of mass");  // the flattened I_PntC_B, the last field
  });
}

const FieldList<ContinuousConfig>& quaternion_pd_law_fields() {
  return fields_once<ContinuousConfig>([](FieldList<ContinuousConfig>& l) {
    l.custom(variant_type("quaternion_pd", "quaternion PD"),
             [](const Node&, ContinuousConfig& c) { c.law = fsw::AttitudeControlLaw::quaternion_pd; })
        .flatten(&ContinuousConfig::quaternion_pd, quaternion_pd_control_fields())
        .default_is("the hub's inertia about its centre of mass");  // the flattened I_PntC_B, the last field
  });
}

/// The rate-damping law's fields (P, max_torque), for any C with those members: the rate_damping
/// task's config and the continuous law.
template <class C>
void add_rate_damping_law(FieldList<C>& l) {
  l.custom(rate_gain("rate gain of L = -P omega_BN_B"), [](const Node& n, C& c) { c.P = gain_matrix(n.at("P")); })
      .si("max_torque", &C::max_torque, Dimension::torque, "largest component of the torque (the whole scaled)",
          positive());
}

/// The Sun-pointing law's fields (hHat_B, sHat_N, K, P, max_torque): the sun_pointing task's config
/// and the continuous law.
template <class C>
void add_sun_pointing_law(FieldList<C>& l) {
  l.add("hHat_B", &C::hHat_B, "unit axis fixed in B turned to the Sun (the solar-array normal)")
      .must_give()
      .add("sHat_N", &C::sHat_N, "unit direction of the Sun from the vehicle, in N (fixed over the run)")
      .must_give()
      .si("K", &C::K, Dimension::torque, "pointing gain of L = K hHat_B x sHat_B - P omega_BN_B", positive())
      .must_give();
  add_rate_damping_law(l);
}

/// rate_damping, sun_pointing: their laws evaluated continuously (no guidance: R = N at rest, or
/// the Sun).
const FieldList<ContinuousConfig>& rate_damping_law_fields() {
  return fields_once<ContinuousConfig>([](FieldList<ContinuousConfig>& l) {
    static const FieldList<fsw::RateDampingLaw> law = [] {
      FieldList<fsw::RateDampingLaw> f;
      add_rate_damping_law(f);
      return f;
    }();
    l.custom(variant_type("rate_damping", "rate damping, -P omega_BN_B (no guidance)"), [](const Node&,
                                                                                           ContinuousConfig& c) {
       c.law = fsw::AttitudeControlLaw::rate_damping;
     }).flatten(&ContinuousConfig::rate_damping, law);
  });
}

const FieldList<ContinuousConfig>& sun_pointing_law_fields() {
  return fields_once<ContinuousConfig>([](FieldList<ContinuousConfig>& l) {
    static const FieldList<fsw::SunPointingLaw> law = [] {
      FieldList<fsw::SunPointingLaw> f;
      add_sun_pointing_law(f);
      return f;
    }();
    l.custom(variant_type("sun_pointing", "Sun pointing, K hHat_B x sHat_B - P omega_BN_B (no guidance)"),
             [](const Node&, ContinuousConfig& c) { c.law = fsw::AttitudeControlLaw::sun_pointing; })
        .flatten(&ContinuousConfig::sun_pointing, law);
  });
}

std::vector<FieldInfo> continuous_attitude_control_fields() {
  FieldInfo law = described("variant", "law", "", "the control law and its gains (I_PntC_B default: the hub's)", "");
  law.choices = {"mrp_feedback_law", "quaternion_pd_law", "rate_damping_law", "sun_pointing_law"};
  law.required = true;
  FieldInfo reference =
      described("variant", "guidance", "", "the reference attitude (refused with rate_damping and sun_pointing)",
                "required except with laws rate_damping and sun_pointing");
  reference.choices = {"inertial_guidance", "hill_guidance", "eigenaxis_slew"};
  return {law, reference};
}

/// The law's inertia defaults to the hub's about its centre of mass (the host body's); the
/// guidance is the attitude_control task's guidance object. A ConfigurationError of the effector's
/// law ("mrp_feedback.K_i [...]") is reported at the law object's key, one of its guidance
/// ("eigenaxis_slew '<name>/guidance'") at the guidance object.
std::shared_ptr<DynamicEffector> continuous_attitude_control(const Node& n, const std::string& name,
                                                             const BuildContext& context) {
  std::vector<std::string_view> keys = common_keys(Category::dynamic_effector, context.on_segment);
  keys.push_back("law");
  keys.push_back("guidance");
  n.require_keys(keys);
  ContinuousConfig c;
  if (context.host) c.mrp_feedback.I_PntC_B = c.quaternion_pd.I_PntC_B = context.host->I_PntMc_F;
  const Node law = n.at("law");
  read_variant(law, c,
               {{"mrp_feedback", &mrp_feedback_law_fields()},
                {"quaternion_pd", &quaternion_pd_law_fields()},
                {"rate_damping", &rate_damping_law_fields()},
                {"sun_pointing", &sun_pointing_law_fields()}},
               "law");
  std::optional<Node> reference;
  if (c.law == fsw::AttitudeControlLaw::rate_damping) {
    if (n.has("guidance"))
      n.at("guidance").fail("not used by the rate_damping law: its reference is the inertial frame, at rest");
  } else if (c.law == fsw::AttitudeControlLaw::sun_pointing) {
    if (n.has("guidance")) n.at("guidance").fail("not used by the sun_pointing law: its reference is sHat_N");
  } else {
    reference = n.at("guidance");  // required for the attitude laws
    TaskConfig g;
    guidance(*reference, g);
    c.guidance = g.guidance;
    c.sigma_RN = g.sigma_RN;
    c.sigma_RH = g.sigma_RH;
    c.slew = g.slew;
  }
  try {
    return std::make_shared<fsw::ContinuousAttitudeControl>(name, c);
  } catch (const ConfigurationError& e) {
    if (reference && e.owner().ends_with("/guidance'")) rethrow_at(*reference, e);
    // "mrp_feedback.K_i [1/(kg m²)]": the key is the word after the law's name.
    const std::string& field = e.field();
    const std::size_t dot = field.find('.');
    if (dot != std::string::npos) {
      const std::string key = field.substr(dot + 1, field.find(' ', dot) - dot - 1);
      if (law.has(key)) throw ScenarioError(law.path() + "." + key, e.what());
      throw ScenarioError(law.path(), e.what());
    }
    rethrow_at(n, e);
  }
}

/// actuator: reaction wheels (a ReactionWheels effector of the task's vehicle, whose count the
/// per-wheel fields are read against) or an ideal torque (an ExternalForceTorque on the hub).
struct ActuatorSpec {
  AttitudeActuator actuator = AttitudeActuator::reaction_wheels;
  std::optional<Node> effector, u_max, Omega_max, J_s, control_axes_B;
};

const FieldList<ActuatorSpec>& reaction_wheels_actuator_fields() {
  using C = ActuatorSpec;
  static const FieldList<C> f = [] {
    const auto keep = [](const char* key, std::optional<Node> C::*member) {
      return [key, member](const Node& n, C& s) { s.*member = n.find(key); };
    };
    FieldList<C> l;
    l.custom(variant_type("reaction_wheels", "the wheels of a reaction_wheels effector"),
             [](const Node&, C& s) { s.actuator = AttitudeActuator::reaction_wheels; })
        .custom(described("name", "effector", "", "the reaction_wheels effector of the task's vehicle", ""),
                keep("effector", &C::effector))
        .custom(described("per_wheel", "u_max", "N m", "largest torque command per wheel", "the wheels' max_torque"),
                keep("u_max", &C::u_max))
        .custom(described("per_wheel", "Omega_max", "rad/s", "speed beyond which a wheel is not spun up", "inf"),
                keep("Omega_max", &C::Omega_max))
        .custom(described("per_wheel", "J_s", "kg m^2", "the spin inertias the law uses", "the wheels' Js"),
                keep("J_s", &C::J_s))
        .custom(described("axes", "control_axes_B", "", "the controlled axes, in B (one to three)", "all three"),
                keep("control_axes_B", &C::control_axes_B));
    return l;
  }();
  return f;
}

const FieldList<ActuatorSpec>& ideal_torque_actuator_fields() {
  using C = ActuatorSpec;
  return fields_once<C>([](FieldList<C>& l) {
    l.custom(variant_type("ideal_torque", "the torque of an external_force_torque on the hub"),
             [](const Node&, C& s) { s.actuator = AttitudeActuator::ideal_torque; })
        .custom(described("name", "effector", "", "the external_force_torque on the hub of the task's vehicle", ""),
                [](const Node& n, C& s) { s.effector = n.find("effector"); });
  });
}

/// The actuator, checked against the model: reaction_wheels names a ReactionWheels state effector
/// of the task's vehicle (returned), ideal_torque an ExternalForceTorque on its hub.
std::shared_ptr<const ReactionWheels> actuator(const Model& model, std::size_t v, const Node& n, TaskConfig& c) {
  ActuatorSpec s;
  read_variant(
      n, s,
      {{"reaction_wheels", &reaction_wheels_actuator_fields()}, {"ideal_torque", &ideal_torque_actuator_fields()}},
      "actuator");
  c.actuator = s.actuator;
  const Node& effector_node = *s.effector;
  const std::string name = effector_node.name();
  if (s.actuator == AttitudeActuator::ideal_torque) {
    c.torquer = name;
    find_effector<ExternalForceTorque>(model, v, name, "external_force_torque on the hub", effector_node);
    return nullptr;
  }
  c.wheels = name;
  const auto wheels = find_effector<ReactionWheels>(model, v, name, "reaction_wheels effector", effector_node);
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
  if (s.u_max) c.mapping.u_max = per_wheel(*s.u_max, Dimension::torque, count);
  if (s.Omega_max) c.mapping.Omega_max = per_wheel(*s.Omega_max, Dimension::angular_velocity, count);
  if (s.J_s) c.J_s = per_wheel(*s.J_s, Dimension::inertia, count);
  if (s.control_axes_B) {
    const std::vector<Node> columns = s.control_axes_B->elements(1);
    if (columns.size() > 3) s.control_axes_B->fail("at most 3 controlled axes");
    c.mapping.control_axes_B.resize(3, static_cast<Eigen::Index>(columns.size()));
    for (std::size_t k = 0; k < columns.size(); ++k)
      c.mapping.control_axes_B.col(static_cast<Eigen::Index>(k)) = columns[k].vector3(Dimension::dimensionless);
  }
  return wheels;
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

/// attitude_control (docs/fsw/attitude_control_task.md): its parts are registered (register_tasks).
std::vector<FieldInfo> attitude_control_fields() {
  const auto variant = [](const char* key, const char* doc, std::vector<std::string> parts) {
    FieldInfo f = described("variant", key, "", doc, "");
    f.choices = std::move(parts);
    return f;
  };
  FieldInfo control = described("object", "control", "",
                                "the control law and its gains: MRP feedback (the default) or quaternion PD", "");
  control.part = "mrp_control";
  return {described("integer", "delay", "", "samples between a computation and its commands", "0", between(0.0, 1.0)),
          variant("navigation", "where the task's attitude and rate come from",
                  {"ideal_navigation", "gyro_and_star_tracker"}),
          variant("guidance", "the reference attitude", {"inertial_guidance", "hill_guidance", "eigenaxis_slew"}),
          control,
          variant("actuator", "what the commands drive", {"reaction_wheels_actuator", "ideal_torque_actuator"})};
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
  control(n.at("control"), c);
  const std::shared_ptr<const ReactionWheels> wheels = actuator(context.model, context.vehicle, n.at("actuator"), c);
  if (!n.at("control").has("I_PntC_B")) {
    // The law's inertia: the vehicle's about C at t0, less the commanded wheels' spin inertias
    // Σ J_s ĝ ĝᵀ (fsw/attitude_control_task.hpp), from the model.
    c.control.I_PntC_B =
        vehicle_inertia_PntC_B(context.model, context.model.initial_state(), context.t0, context.vehicle);
    for (std::size_t i = 0; wheels && i < wheels->wheel_count(); ++i) {
      const ReactionWheelParameters& w = wheels->wheel(i);
      c.control.I_PntC_B -= w.Js * w.gsHat_B * w.gsHat_B.transpose();
    }
    c.quaternion_pd.I_PntC_B = c.control.I_PntC_B;
    spec.from_model =
        "its inertia I_PntC_B (the file gives none: the vehicle's about C at t0, less the wheels' spin "
        "inertias)";
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
  const auto wheels = find_effector<ReactionWheels>(context.model, context.vehicle, s.wheels,
                                                    "reaction_wheels effector", n.at("wheels"));
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
    const auto thruster =
        find_effector<Thruster>(context.model, context.vehicle, name, "thruster", names[static_cast<std::size_t>(j)]);
    c.management.r_TB_B.col(j) = thruster->r_TF_F();
    c.management.d_B.col(j) = thruster->force_direction_F();
    c.management.thrust[j] = thruster->max_thrust();
  }
  spec.from_model = "the wheels' spin axes and inertias and the thrusters' positions, directions and thrust";
  spec.make = [name = spec.name, c](const NoiseSeed&) { return std::make_shared<fsw::MomentumDumpTask>(name, c); };
}

/// rate_damping (docs/fsw/rate_damping_task.md): an ideal torque -P omega on the hub.
const FieldList<fsw::RateDampingTaskConfig>& rate_damping_fields() {
  using C = fsw::RateDampingTaskConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("torquer", &C::torquer, "the external_force_torque on the hub whose torque it commands").must_give();
    add_rate_damping_law(l);
  });
}

/// sun_pointing (docs/fsw/sun_pointing_task.md): an ideal torque K hHat_B x sHat_B - P omega on the hub.
const FieldList<fsw::SunPointingTaskConfig>& sun_pointing_fields() {
  using C = fsw::SunPointingTaskConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("torquer", &C::torquer, "the external_force_torque on the hub whose torque it commands").must_give();
    add_sun_pointing_law(l);
  });
}

/// Registers a task that commands an ideal torque on its vehicle's hub (rate_damping, sun_pointing):
/// its configuration (vehicle, timing, torquer and its own fields) read through `fields` beside the
/// common task keys and "delay", its torquer checked to be an external_force_torque on the hub.
/// Adding such a task is its fields and this one call.
template <class Task, class Config>
void add_torquer_task(Registry& r, std::string type, std::string doc, std::string page, std::string cpp,
                      const FieldList<Config>& fields) {
  std::vector<FieldInfo> info = fields.info();
  info.insert(info.begin(), described("integer", "delay", "", "samples between a computation and its commands", "0",
                                      between(0.0, 1.0)));
  r.add_task(type_info(type, Category::task, std::move(doc), std::move(page), std::move(cpp), std::move(info)),
             [&fields](const Node& n, const TaskContext& context, FlightSoftwareTaskSpec& spec) {
               std::vector<std::string_view> keys = common_keys(Category::task);
               keys.push_back("delay");
               Config c = fields.read(n, keys);
               c.vehicle = context.model.vehicle(context.vehicle).name();
               c.timing = context.timing;
               if (const auto d = n.find("delay")) c.timing.delay = d->integer();
               find_effector<ExternalForceTorque>(context.model, context.vehicle, c.torquer,
                                                  "external_force_torque on the hub", n.at("torquer"));
               spec.make = [name = spec.name, c](const NoiseSeed&) { return std::make_shared<Task>(name, c); };
             });
}

}  // namespace

void register_tasks(Registry& r) {
  // attitude_control's parts: the choices of its navigation, guidance and actuator, and its law.
  const auto part = [&r](std::string type, std::string doc, std::string page, std::string cpp,
                         std::vector<FieldInfo> fields) {
    r.add_part(
        type_info(std::move(type), Category::part, std::move(doc), std::move(page), std::move(cpp), std::move(fields)));
  };
  const std::string task_page = "docs/fsw/attitude_control_task.md";
  part("ideal_navigation", "the true attitude and rate", "docs/sensors/ideal_navigation.md", "",
       ideal_navigation_fields().info());
  part("gyro_and_star_tracker", "a rate gyro and a star tracker", task_page, "", gyro_and_star_tracker_fields().info());
  part("inertial_guidance", "a fixed inertial reference", "docs/fsw/attitude_guidance.md", "",
       inertial_guidance_fields().info());
  part("hill_guidance", "a reference fixed in the Hill frame", "docs/fsw/attitude_guidance.md", "",
       hill_guidance_fields().info());
  part("eigenaxis_slew", "a rest-to-rest eigenaxis slew", "docs/fsw/attitude_guidance.md", "fsw::EigenaxisSlewConfig",
       eigenaxis_slew_fields().info());
  part("mrp_control",
       "the control law's gains: MRP feedback (docs/fsw/mrp_feedback.md) or, with law = quaternion_pd, quaternion PD "
       "(docs/fsw/quaternion_pd.md)",
       "docs/fsw/attitude_control_task.md", "fsw::MrpFeedbackConfig, fsw::QuaternionPdConfig", control_part_fields());
  part("reaction_wheels_actuator", "reaction wheels", "docs/fsw/rw_torque_mapping.md", "",
       reaction_wheels_actuator_fields().info());
  part("ideal_torque_actuator", "an ideal torque on the hub", task_page, "", ideal_torque_actuator_fields().info());
  // continuous_attitude_control, a dynamic effector on the hub: its law's parts; its guidance is
  // attitude_control's.
  part("mrp_feedback_law", "MRP feedback evaluated continuously (no integral term)",
       "docs/fsw/continuous_attitude_control.md", "", mrp_feedback_law_fields().info());
  part("quaternion_pd_law", "quaternion PD evaluated continuously", "docs/fsw/continuous_attitude_control.md", "",
       quaternion_pd_law_fields().info());
  part("rate_damping_law", "rate damping evaluated continuously", "docs/fsw/continuous_attitude_control.md", "",
       rate_damping_law_fields().info());
  part("sun_pointing_law", "Sun pointing evaluated continuously", "docs/fsw/continuous_attitude_control.md", "",
       sun_pointing_law_fields().info());
  {
    TypeInfo t =
        type_info("continuous_attitude_control", Category::dynamic_effector,
                  "an attitude control law (MRP feedback, quaternion PD, rate damping, Sun pointing) as an ideal hub "
                  "torque, evaluated continuously: the ideal of a sampled attitude_control or torquer task",
                  "docs/fsw/continuous_attitude_control.md", "fsw::ContinuousAttitudeControl",
                  continuous_attitude_control_fields());
    t.on_segment = false;
    r.add_dynamic_effector(std::move(t), [](const Node& n, const std::string& name, BuildContext& context) {
      return continuous_attitude_control(n, name, context);
    });
  }
  r.add_task(
      type_info("attitude_control", Category::task,
                "sampled attitude control: navigation, guidance, MRP feedback or quaternion PD, wheels or an ideal "
                "torque",
                "docs/fsw/attitude_control_task.md", "fsw::AttitudeControlTask", attitude_control_fields()),
      attitude_control);
  r.add_task(type_info("momentum_dump", Category::task, "unloads the reaction wheels with the hub's thrusters",
                       "docs/fsw/momentum_dump_task.md", "fsw::MomentumDumpTask", momentum_dump_fields().info()),
             momentum_dump);
  add_torquer_task<fsw::RateDampingTask>(r, "rate_damping", "detumbling: an ideal hub torque opposed to its rate",
                                         "docs/fsw/rate_damping_task.md", "fsw::RateDampingTask",
                                         rate_damping_fields());
  add_torquer_task<fsw::SunPointingTask>(
      r, "sun_pointing", "Sun-safe pointing: an axis turned to the Sun, the rate damped",
      "docs/fsw/sun_pointing_task.md", "fsw::SunPointingTask", sun_pointing_fields());
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
  spec.vehicle = v;
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
