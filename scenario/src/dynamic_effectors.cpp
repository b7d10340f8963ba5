// Dynamic effectors (external_force_torque, pulsed_torque, thruster), two-point effectors
// (constraint) and gravity of a scenario (docs/scenario.md §3).
#include "effector_builders.hpp"

#include <algorithm>
#include <cmath>

#include "ramus/environment/gravity_gradient.hpp"
#include "ramus/environment/spherical_harmonic_gravity.hpp"
#include "ramus/environment/third_body_gravity.hpp"
#include "ramus/kernel/validation.hpp"
#include "ramus/systems/central_body_gravity.hpp"
#include "ramus/systems/constraint.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/pulsed_torque.hpp"
#include "ramus/systems/thruster.hpp"

namespace ramus::scenario {
namespace {

namespace si = units::si;

/// Upper bound on the switching times one effector may add to the driver's grid.
constexpr std::size_t kMaxSwitchTimes = 1'000'000;

std::shared_ptr<DynamicEffector> external_force_torque(const Node& n, const std::string& name) {
  ExternalForceTorqueConfig c;
  n.read("force_F", c.force_F);
  n.read("force_N", c.force_N);
  n.read("torque_PntF_F", c.torque_PntF_F);
  n.read("r_PF_F", c.r_PF_F);
  return std::make_shared<ExternalForceTorque>(name, c);
}

std::shared_ptr<DynamicEffector> pulsed_torque(const Node& n, const std::string& name, BuildContext& context) {
  PulsedTorqueConfig c;
  n.read("torque_PntB_B", c.torque_PntB_B);
  n.read("period", c.period);
  n.read("count_on", c.count_on);
  n.read("count_off", c.count_off);
  n.read("start", c.start);
  auto effector = std::make_shared<PulsedTorque>(name, c);  // validates period, counts, cycle length
  // docs/models/pulsed_torque.md eq. (1): the sign changes at start + (j L + {0, n_on, 2 n_on}) T,
  // L = 2 n_on + n_off counts (64-bit: no int overflow). Only the cycles that meet the run [t0, t1]
  // are visited, counted from the run's start: a run far from the pulse's start costs nothing.
  const double T = c.period.value(), start = c.start.value();
  const double cycle = PulsedTorque::cycle_counts(c.count_on, c.count_off) * T;  // [s], finite
  const double t_from = std::max(context.t0, start);
  if (t_from > context.t1) return effector;  // no switch within the run
  // The cycles meeting [t_from, t1]: at most (t1 − t_from)/cycle + 2, each with 3 switches; one
  // more on each side absorbs the rounding of the first cycle's index.
  const double cycles = std::floor((context.t1 - t_from) / cycle) + 4.0;
  if (!(3.0 * cycles <= static_cast<double>(kMaxSwitchTimes)))
    n.at("period").fail("the pulse train switches about " + validation::to_text(3.0 * (cycles - 4.0)) +
                        " times within the run [t0, t1]; at most " + std::to_string(kMaxSwitchTimes) +
                        " are allowed: give a longer period or a shorter run");
  const double j0 = std::max(0.0, std::floor((t_from - start) / cycle) - 1.0);
  const auto n_cycles = static_cast<long>(cycles);
  for (long i = 0; i < n_cycles; ++i) {
    const double cycle_start = start + (j0 + static_cast<double>(i)) * cycle;
    if (cycle_start > context.t1) break;
    for (const double k : {0.0, static_cast<double>(c.count_on), 2.0 * static_cast<double>(c.count_on)}) {
      const double edge = cycle_start + k * T;
      if (edge >= context.t0 && edge <= context.t1) context.switch_times.push_back(edge);
    }
  }
  return effector;
}

std::shared_ptr<DynamicEffector> thruster(const Node& n, const std::string& name, BuildContext& context) {
  ThrusterConfig c;
  n.read("r_TF_F", c.r_TF_F);
  n.read("force_direction_F", c.force_direction_F);
  n.read("max_thrust", c.max_thrust);
  n.read("ramp_time_constant", c.ramp_time_constant);
  auto effector = std::make_shared<Thruster>(name, c);
  if (const auto firings = n.find("firings")) {
    for (const Node& f : firings->elements()) {
      f.require_keys({"t_on", "duration"});
      const double t_on = f.at("t_on").si(Dimension::time);
      const double duration = f.at("duration").si(Dimension::time);
      wrap_configuration_errors(f, [&] { effector->add_firing(t_on * si::second, duration * si::second); });
      context.switch_times.insert(context.switch_times.end(), {t_on, t_on + duration});
    }
  }
  return effector;
}

/// The body's mass properties: each field given, or the host's (the hub, a hinged panel).
std::shared_ptr<DynamicEffector> gravity_gradient(const Node& n, const std::string& name, const BuildContext& context) {
  GravityGradientConfig c;
  if (context.host) {
    c.mass = context.host->mass;
    c.r_McF_F = context.host->r_McF_F;
    c.I_PntMc_F = context.host->I_PntMc_F;
  } else {
    n.require_present({"mass", "r_McF_F", "I_PntMc_F"});  // a segment whose body the loader does not know
  }
  if (const auto m = n.find("mass")) c.mass = m->si(Dimension::mass);
  if (const auto r = n.find("r_McF_F")) c.r_McF_F = r->vector3(Dimension::length);
  if (const auto I = n.find("I_PntMc_F")) c.I_PntMc_F = I->matrix3(Dimension::inertia);
  n.read("tidal_force", c.tidal_force);
  return std::make_shared<GravityGradient>(name, c);
}

}  // namespace

std::shared_ptr<DynamicEffector> build_dynamic_effector(const Node& node, bool on_segment, BuildContext& context) {
  const Node type = node.at("type");
  const std::string kind = type.string();
  const auto keys = [&](std::initializer_list<std::string_view> own) {
    std::vector<std::string_view> all{"type", "name"};
    if (on_segment) all.push_back("segment");
    all.insert(all.end(), own);
    node.require_keys(all);
  };
  const std::string name = node.at("name").name();
  return wrap_configuration_errors(node, [&]() -> std::shared_ptr<DynamicEffector> {
    if (kind == "external_force_torque") {
      keys({"force_F", "force_N", "torque_PntF_F", "r_PF_F"});
      return external_force_torque(node, name);
    }
    if (kind == "pulsed_torque") {
      keys({"torque_PntB_B", "period", "count_on", "count_off", "start"});
      return pulsed_torque(node, name, context);
    }
    if (kind == "thruster") {
      keys({"r_TF_F", "force_direction_F", "max_thrust", "ramp_time_constant", "firings"});
      return thruster(node, name, context);
    }
    if (kind == "gravity_gradient") {
      keys({"mass", "r_McF_F", "I_PntMc_F", "tidal_force"});
      return gravity_gradient(node, name, context);
    }
    if (kind == "drag") {
      keys({"cannonball", "facets"});
      return build_drag(node, name, context.environment);
    }
    if (kind == "solar_radiation_pressure") {
      keys({"cannonball", "facets", "pressure_1au"});
      return build_srp(node, name, context.environment);
    }
    if (kind == "magnetorquer") {
      keys({"rods"});
      return build_magnetorquer(node, name, context.environment);
    }
    std::string known;
    for (const std::string& k : dynamic_effector_type_names()) known += (known.empty() ? "" : ", ") + k;
    type.fail("unknown dynamic effector type '" + kind + "' (known: " + known + ")");
  });
}

std::vector<std::string> dynamic_effector_type_names() {
  return {"external_force_torque",    "pulsed_torque", "thruster", "gravity_gradient", "drag",
          "solar_radiation_pressure", "magnetorquer"};
}

std::shared_ptr<TwoPointEffector> build_two_point_effector(const Node& node, const AttachPoint& end1,
                                                           const AttachPoint& end2) {
  const Node type = node.at("type");
  if (type.string() != "constraint")
    type.fail("unknown two-point effector type '" + type.string() + "' (known: constraint)");
  const std::string name = node.at("name").name();
  ConstraintConfig c;
  c.end1 = end1;
  c.end2 = end2;
  node.read("r_P1F1_F1", c.r_P1F1_F1);
  node.read("r_P2F2_F2", c.r_P2F2_F2);
  node.read("r_P2P1_F1", c.r_P2P1_F1);
  node.read("alpha", c.alpha);
  node.read("beta", c.beta);
  return wrap_configuration_errors(node, [&] { return std::make_shared<Constraint>(name, c); });
}

namespace {

std::shared_ptr<const GravityModel> central_body_gravity(const Node& node) {
  if (const auto preset = node.find("preset")) {
    for (const char* key : {"mu", "J2", "equatorial_radius"})
      if (node.has(key)) node.at(key).fail("give either \"preset\" or the parameters, not both");
    const std::string p = preset->string();
    if (p == "earth") return std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth(false));
    if (p == "earth_J2") return std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth(true));
    preset->fail("unknown preset '" + p + "' (known: earth, earth_J2)");
  }
  CentralBodyGravityConfig c;
  node.require_present({"mu"});
  node.read("mu", c.mu);
  node.read("J2", c.J2);
  node.read("equatorial_radius", c.equatorial_radius);
  return wrap_configuration_errors(node, [&] { return std::make_shared<CentralBodyGravity>(c); });
}

/// {"file": path, "degree": n, "order": m}: ICGEM when the file ends in .gfc, the GGM03S text
/// format otherwise; in the environment's rotating frame (a field without a rotation is fixed in N).
/// The file must hold every coefficient up to the degree and order asked
/// (docs/environment/spherical_harmonic_gravity.md §4); degree and order are whole numbers ≥ 0,
/// the file's when left out.
std::shared_ptr<const GravityModel> spherical_harmonic_gravity(const Node& node,
                                                               const EnvironmentObjects& environment) {
  node.require_present({"file"});
  const std::string given = node.at("file").string();
  GravityFieldReadOptions options;
  for (const char* key : {"degree", "order"})
    if (const auto n = node.find(key)) {
      const int v = n->integer();
      if (v < 0)
        n->fail("must be a whole number >= 0, found " + std::to_string(v) + " (leave \"" + key +
                "\" out for the file's)");
      (std::string(key) == "degree" ? options.max_degree : options.max_order) = v;
    }
  const bool icgem = given.size() >= 4 && given.compare(given.size() - 4, 4, ".gfc") == 0;
  return wrap_configuration_errors(node, [&] {
    const std::string file = environment.data_file(given);
    SphericalHarmonicGravityConfig c;
    c.coefficients = icgem ? read_gravity_field_icgem(file, options) : read_gravity_field_text(file, options);
    if (options.max_degree < 0 && c.coefficients.max_degree > SphericalHarmonicGravity::kMaxDegree)
      node.at("file").fail("the file's degree " + std::to_string(c.coefficients.max_degree) +
                           " is above the largest the model sums, " +
                           std::to_string(SphericalHarmonicGravity::kMaxDegree) + ": give \"degree\" (at most " +
                           std::to_string(SphericalHarmonicGravity::kMaxDegree) + ")");
    c.rotation = environment.rotation;
    c.fixed_in_N = !environment.rotation;
    return std::make_shared<SphericalHarmonicGravity>(std::move(c));
  });
}

}  // namespace

std::shared_ptr<const GravityModel> build_gravity(const Node& node, const EnvironmentObjects& environment) {
  const std::string type = node.has("type") ? node.at("type").string() : "central_body_gravity";
  std::shared_ptr<const GravityModel> central;
  if (type == "central_body_gravity") {
    node.require_keys({"type", "preset", "mu", "J2", "equatorial_radius", "third_bodies"});
    central = central_body_gravity(node);
  } else if (type == "spherical_harmonic_gravity") {
    node.require_keys({"type", "file", "degree", "order", "third_bodies"});
    central = spherical_harmonic_gravity(node, environment);
  } else {
    node.at("type").fail("unknown gravity type '" + type +
                         "' (known: central_body_gravity, spherical_harmonic_gravity)");
  }
  const auto bodies = node.find("third_bodies");
  if (!bodies) return central;
  std::vector<std::shared_ptr<const GravityModel>> terms{central};
  std::vector<std::string> seen;
  for (const Node& b : bodies->elements(1)) {
    const std::string body = b.string();
    if (body != "sun" && body != "moon") b.fail("unknown third body '" + body + "' (known: sun, moon)");
    if (std::find(seen.begin(), seen.end(), body) != seen.end())
      b.fail("'" + body + "' is listed twice: each third body is summed once");
    seen.push_back(body);
    terms.push_back(std::make_shared<ThirdBodyGravity>(
        ThirdBodyGravityConfig{body, body == "sun" ? ThirdBodyGravity::kMuSun : ThirdBodyGravity::kMuMoon,
                               require_body(environment, b, body.c_str())}));
  }
  return std::make_shared<GravitySum>(std::move(terms));
}

}  // namespace ramus::scenario
