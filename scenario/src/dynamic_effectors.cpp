// Dynamic effectors (external_force_torque, pulsed_torque, thruster), two-point effectors
// (constraint) and gravity of a scenario (docs/scenario.md §3).
#include "effector_builders.hpp"
#include "field_list.hpp"
#include "registry_table.hpp"

#include <algorithm>
#include <cmath>

#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/environment/gravity_gradient.hpp"
#include "ramus/environment/polyhedral_gravity.hpp"
#include "ramus/environment/spherical_harmonic_gravity.hpp"
#include "ramus/environment/third_body_gravity.hpp"
#include "ramus/kernel/validation.hpp"
#include "ramus/systems/constraint.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/pulsed_torque.hpp"
#include "ramus/systems/thruster.hpp"

namespace ramus::scenario {
namespace {

namespace si = units::si;

/// Upper bound on the switching times one effector may add to the driver's grid.
constexpr std::size_t kMaxSwitchTimes = 1'000'000;

const FieldList<ExternalForceTorqueConfig>& external_force_torque_fields() {
  using C = ExternalForceTorqueConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("force_F", &C::force_F, "force in the attach frame F")
        .add("force_N", &C::force_N, "force in the inertial frame N")
        .add("torque_PntF_F", &C::torque_PntF_F, "torque about the origin of F, in F")
        .add("r_PF_F", &C::r_PF_F, "point of application P of the forces relative to F's origin, in F");
  });
}

const FieldList<PulsedTorqueConfig>& pulsed_torque_fields() {
  using C = PulsedTorqueConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("torque_PntB_B", &C::torque_PntB_B, "pulse torque about B, in B")
        .add("period", &C::period, "length of one count", positive())
        .add("count_on", &C::count_on, "counts of +torque, then of -torque", Bounds{1.0, std::nullopt, false})
        .add("count_off", &C::count_off, "counts of zero torque", non_negative())
        .add("start", &C::start, "time of the first pulse (zero torque before)");
  });
}

std::shared_ptr<DynamicEffector> pulsed_torque(const Node& n, const std::string& name, BuildContext& context) {
  // On a segment it is refused by the vehicle's builder, which names the hub-only kind.
  const PulsedTorqueConfig c =
      pulsed_torque_fields().read(n, common_keys(Category::dynamic_effector, context.on_segment));
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

struct Firing {
  units::Time t_on, duration;
};
const FieldList<Firing>& firing_fields() {
  return fields_once<Firing>([](FieldList<Firing>& l) {
    l.required("t_on", &Firing::t_on, "start of the firing")
        .required("duration", &Firing::duration, "length of the firing", non_negative());
  });
}
struct ThrusterSpec {
  ThrusterConfig config;
  std::vector<Firing> firings;
};
const FieldList<ThrusterSpec>& thruster_fields() {
  using C = ThrusterConfig;
  static const FieldList<ThrusterSpec> f = [] {
    FieldList<C> c;
    c.add("r_TF_F", &C::r_TF_F, "thruster location relative to F's origin, in F")
        .add("force_direction_F", &C::force_direction_F, "unit direction of the force on the body, in F")
        .add("max_thrust", &C::max_thrust, "thrust at full factor", positive())
        .add("ramp_time_constant", &C::ramp_time_constant, "first-order ramp time constant (0: on/off)",
             non_negative());
    FieldList<ThrusterSpec> l;
    l.flatten(&ThrusterSpec::config, c)
        .objects("firings", &ThrusterSpec::firings, firing_fields(), "firing", "the scheduled firings", 0);
    return l;
  }();
  return f;
}

std::shared_ptr<DynamicEffector> thruster(const Node& n, const std::string& name, BuildContext& context) {
  const ThrusterSpec spec = thruster_fields().read(n, common_keys(Category::dynamic_effector, context.on_segment));
  auto effector = std::make_shared<Thruster>(name, spec.config);
  const std::vector<Node> firings = n.has("firings") ? n.at("firings").elements() : std::vector<Node>{};
  for (std::size_t i = 0; i < spec.firings.size(); ++i) {
    const double t_on = spec.firings[i].t_on.value(), duration = spec.firings[i].duration.value();
    wrap_configuration_errors(firings[i], [&] { effector->add_firing(t_on * si::second, duration * si::second); });
    context.switch_times.insert(context.switch_times.end(), {t_on, t_on + duration});
  }
  return effector;
}

const FieldList<GravityGradientConfig>& gravity_gradient_fields() {
  using C = GravityGradientConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.si("mass", &C::mass, Dimension::mass, "the body's mass (default: the host body's)", positive())
        .si("r_McF_F", &C::r_McF_F, Dimension::length,
            "its centre of mass relative to F's origin (default: the host's)")
        .si("I_PntMc_F", &C::I_PntMc_F, Dimension::inertia, "its inertia about Mc, in F (default: the host's)")
        .add("tidal_force", &C::tidal_force, "add the tidal force at Mc (false: the torque alone)")
        .choice("gradient_at", &C::gradient_at, {{"body", GradientPoint::body}, {"vehicle", GradientPoint::vehicle}},
                "where the field's gradient is taken: the body's centre of mass (exact), or the vehicle's, "
                "evaluated once and shared (eq. 7)",
                "gradient point");
  });
}

/// The body's mass properties: each field given, or the host's (the hub, a hinged panel).
std::shared_ptr<DynamicEffector> gravity_gradient(const Node& n, const std::string& name, const BuildContext& context) {
  GravityGradientConfig c;
  if (context.host) {
    c.mass = context.host->mass;
    c.r_McF_F = context.host->r_McF_F;
    c.I_PntMc_F = context.host->I_PntMc_F;
  }
  gravity_gradient_fields().read(n, c, common_keys(Category::dynamic_effector, context.on_segment));
  if (!context.host) n.require_present({"mass", "r_McF_F", "I_PntMc_F"});  // a segment whose body is not known
  return std::make_shared<GravityGradient>(name, c);
}

}  // namespace

void register_dynamic_effectors(Registry& r) {
  const auto effector = [&r](std::string type, std::string doc, std::string page, std::string cpp,
                             std::vector<FieldInfo> fields, DynamicEffectorBuilder build, bool on_segment = true) {
    TypeInfo t = type_info(std::move(type), Category::dynamic_effector, std::move(doc), std::move(page), std::move(cpp),
                           std::move(fields));
    t.on_segment = on_segment;
    r.add_dynamic_effector(std::move(t), std::move(build));
  };
  r.add_part(type_info("firing", Category::part, "one scheduled firing of a thruster", "docs/models/thruster.md", "",
                       firing_fields().info()));
  effector("external_force_torque", "a constant force and torque on its body", "docs/models/external_force_torque.md",
           "ExternalForceTorque", external_force_torque_fields().info(),
           [](const Node& n, const std::string& name, BuildContext& context) {
             return std::make_shared<ExternalForceTorque>(
                 name,
                 external_force_torque_fields().read(n, common_keys(Category::dynamic_effector, context.on_segment)));
           });
  effector("pulsed_torque", "a torque of alternating sign in whole counts of a period, on the hub",
           "docs/models/pulsed_torque.md", "PulsedTorque", pulsed_torque_fields().info(), pulsed_torque, false);
  effector("thruster", "a thruster with scheduled firings and a first-order ramp", "docs/models/thruster.md",
           "Thruster", thruster_fields().info(), thruster);
  effector(
      "gravity_gradient", "the gravity-gradient torque (and tidal force) of the central body on its body",
      "docs/environment/gravity_gradient.md", "GravityGradient", gravity_gradient_fields().info(),
      [](const Node& n, const std::string& name, BuildContext& context) { return gravity_gradient(n, name, context); });
}

std::shared_ptr<DynamicEffector> build_dynamic_effector(const Node& node, bool on_segment, BuildContext& context) {
  const Node type = node.at("type");
  const Registry& registry = Registry::instance();
  const DynamicEffectorBuilder* build = registry.dynamic_effector(type.string());
  if (build == nullptr) registry.unknown_type(type, Category::dynamic_effector, "dynamic effector");
  const std::string name = node.at("name").name();
  context.on_segment = on_segment;
  return wrap_configuration_errors(node, [&] { return (*build)(node, name, context); });
}

std::vector<std::string> dynamic_effector_type_names() { return type_names(Category::dynamic_effector); }

namespace {

const FieldList<ConstraintConfig>& constraint_fields() {
  using C = ConstraintConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("r_P1F1_F1", &C::r_P1F1_F1, "P1 relative to end 1's frame origin, in F1")
        .add("r_P2F2_F2", &C::r_P2F2_F2, "P2 relative to end 2's frame origin, in F2")
        .add("r_P2P1_F1", &C::r_P2P1_F1, "reference offset of P2 from P1, fixed in F1")
        .add("alpha", &C::alpha, "stiffness gain", non_negative())
        .add("beta", &C::beta, "damping gain", non_negative());
  });
}

}  // namespace

void register_two_point_effectors(Registry& r) {
  r.add(type_info("constraint", Category::two_point_effector,
                  "holds a point of one body at an offset from a point of another, by a stiff spring and damper",
                  "docs/models/constraint.md", "Constraint", constraint_fields().info()));
}

std::shared_ptr<TwoPointEffector> build_two_point_effector(const Node& node, const AttachPoint& end1,
                                                           const AttachPoint& end2) {
  const Node type = node.at("type");
  if (type.string() != "constraint")
    Registry::instance().unknown_type(type, Category::two_point_effector, "two-point effector");
  const std::string name = node.at("name").name();
  ConstraintConfig c = constraint_fields().read(node, common_keys(Category::two_point_effector));
  c.end1 = end1;
  c.end2 = end2;
  return wrap_configuration_errors(node, [&] { return std::make_shared<Constraint>(name, c); });
}

namespace {

FieldInfo third_bodies_field() {
  FieldInfo f =
      described("names", "third_bodies", "", "bodies whose attraction (less the central body's) is added", "[]");
  f.choices = {"sun", "moon"};
  return f;
}

/// The third bodies' μ (docs/constants.md), read by build_gravity with the list.
FieldInfo third_body_mu_field(const char* key, const char* body, double value) {
  return described("quantity", key, "m^3/s^2", std::string("the ") + body + "'s GM when it is a third body",
                   format_default(value), positive());
}

/// The gravity types' shared fields: the third bodies and their μ.
template <class C>
void third_body_fields(FieldList<C>& l) {
  l.custom(third_bodies_field(), [](const Node&, C&) {})  // read by build_gravity
      .custom(third_body_mu_field("mu_sun", "Sun", ThirdBodyGravity::kMuSun), [](const Node&, C&) {})
      .custom(third_body_mu_field("mu_moon", "Moon", ThirdBodyGravity::kMuMoon), [](const Node&, C&) {});
}

struct CentralBodySpec {
  CentralBodyGravityConfig config;
  std::string preset;
};
const FieldList<CentralBodySpec>& central_body_gravity_fields() {
  using C = CentralBodyGravityConfig;
  static const FieldList<CentralBodySpec> f = [] {
    FieldList<C> c;
    c.add("mu", &C::mu, "gravitational parameter (required without preset)", positive())
        .add("J2", &C::J2, "second zonal harmonic (0: a point mass)")
        .add("equatorial_radius", &C::equatorial_radius, "reference radius of J2 (needed when J2 is not 0)",
             non_negative());
    FieldInfo preset = described("choice", "preset", "",
                                 "instead of the parameters: the Earth's (earth) or with its J2 (earth_J2)", "none");
    preset.choices = {"earth", "earth_J2"};
    FieldList<CentralBodySpec> l;
    l.custom(preset, [](const Node& n, CentralBodySpec& s) {
       if (const auto p = n.find("preset")) s.preset = p->string();
     }).flatten(&CentralBodySpec::config, c);
    third_body_fields(l);
    return l;
  }();
  return f;
}

std::shared_ptr<const GravityModel> central_body_gravity(const Node& node) {
  const CentralBodySpec s = central_body_gravity_fields().read(node, common_keys(Category::gravity));
  if (!s.preset.empty()) {
    for (const char* key : {"mu", "J2", "equatorial_radius"})
      if (node.has(key)) node.at(key).fail("give either \"preset\" or the parameters, not both");
    if (s.preset == "earth") return std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth(false));
    if (s.preset == "earth_J2") return std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth(true));
    node.at("preset").fail(unknown_name("preset", s.preset, {"earth", "earth_J2"}));
  }
  node.require_present({"mu"});
  return wrap_configuration_errors(node, [&] { return std::make_shared<CentralBodyGravity>(s.config); });
}

struct HarmonicSpec {
  std::string file;
  std::optional<int> degree, order;
};
const FieldList<HarmonicSpec>& spherical_harmonic_gravity_fields() {
  using C = HarmonicSpec;
  return fields_once<C>([](FieldList<C>& l) {
    const FieldInfo degree =
        described("integer", "degree", "", "the largest degree summed", "the file's", non_negative());
    const FieldInfo order = described("integer", "order", "", "the largest order summed", "the file's", non_negative());
    const auto whole = [](const char* key) {
      return [key](const Node& n, C& c) {
        const auto node = n.find(key);
        if (!node) return;
        const int v = node->integer();
        if (v < 0)
          node->fail("must be a whole number >= 0, found " + std::to_string(v) + " (leave \"" + key +
                     "\" out for the file's)");
        (std::string_view(key) == "degree" ? c.degree : c.order) = v;
      };
    };
    l.required("file", &C::file, "the coefficients: ICGEM (.gfc) or the GGM03S text format")
        .custom(degree, whole("degree"))
        .custom(order, whole("order"));
    third_body_fields(l);
  });
}

/// {"file": path, "degree": n, "order": m}: ICGEM when the file ends in .gfc, the GGM03S text
/// format otherwise; in the environment's rotating frame (a field without a rotation is fixed in N).
/// The file must hold every coefficient up to the degree and order asked
/// (docs/environment/spherical_harmonic_gravity.md §4).
std::shared_ptr<const GravityModel> spherical_harmonic_gravity(const Node& node,
                                                               const EnvironmentObjects& environment) {
  const HarmonicSpec s = spherical_harmonic_gravity_fields().read(node, common_keys(Category::gravity));
  GravityFieldReadOptions options;
  if (s.degree) options.max_degree = *s.degree;
  if (s.order) options.max_order = *s.order;
  const std::string& given = s.file;
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

struct PolyhedronSpec {
  std::string shape;
  std::optional<double> density, mu;
  double length_unit = 1.0;
};
const FieldList<PolyhedronSpec>& polyhedral_gravity_fields() {
  using C = PolyhedronSpec;
  return fields_once<C>([](FieldList<C>& l) {
    const auto quantity = [](const char* key, Dimension d, std::optional<double> C::*member) {
      return [key, d, member](const Node& n, C& c) {
        if (const auto node = n.find(key)) c.*member = node->si(d);
      };
    };
    l.required("shape", &C::shape,
               "the shape file: OBJ lines \"v x y z\", \"f i j k\" or a PDS list \"nv nf\", vertices, facets "
               "(1-based)")
        .custom(described("quantity", "density", std::string(si_unit(Dimension::density)),
                          "the body's constant density (give density or mu)", "none", positive()),
                quantity("density", Dimension::density, &C::density))
        .custom(described("quantity", "mu", std::string(si_unit(Dimension::gravitational_parameter)),
                          "the body's GM: the density is mu / (G volume) (give density or mu)", "none", positive()),
                quantity("mu", Dimension::gravitational_parameter, &C::mu))
        .si("length_unit", &C::length_unit, Dimension::length,
            "the length of one unit of the shape file ({\"value\": 1, \"unit\": \"km\"} for a model in km)",
            positive());
    third_body_fields(l);
  });
}

/// {"shape": path, "density" | "mu", "length_unit"}: the constant-density polyhedron of the shape
/// file, in the environment's rotating frame (a field without a rotation is fixed in N), as
/// spherical_harmonic_gravity (docs/environment/polyhedral_gravity.md §5).
std::shared_ptr<const GravityModel> polyhedral_gravity(const Node& node, const EnvironmentObjects& environment) {
  const PolyhedronSpec s = polyhedral_gravity_fields().read(node, common_keys(Category::gravity));
  if (s.density && s.mu) node.at("mu").fail("give either \"density\" or \"mu\", not both");
  if (!s.density && !s.mu) node.fail("needs \"density\" or \"mu\" (the body's GM)");
  return wrap_configuration_errors(node, [&] {
    PolyhedralGravityConfig c;
    c.shape = read_polyhedron_shape(environment.data_file(s.shape), s.length_unit);
    c.density = s.density;
    c.mu = s.mu;
    c.rotation = environment.rotation;
    c.fixed_in_N = !environment.rotation;
    return std::make_shared<PolyhedralGravity>(std::move(c));
  });
}

}  // namespace

void register_gravity(Registry& r) {
  TypeInfo central =
      type_info("central_body_gravity", Category::gravity, "a point mass with an optional J2 (the default type)",
                "docs/environment/central_body_gravity.md", "CentralBodyGravity", central_body_gravity_fields().info());
  central.exclusive = {{"preset", "mu"}, {"preset", "J2"}, {"preset", "equatorial_radius"}};
  r.add(std::move(central));
  r.add(type_info("spherical_harmonic_gravity", Category::gravity,
                  "a spherical-harmonic field read from a coefficient file, in the environment's rotating frame",
                  "docs/environment/spherical_harmonic_gravity.md", "SphericalHarmonicGravity",
                  spherical_harmonic_gravity_fields().info()));
  TypeInfo polyhedron =
      type_info("polyhedral_gravity", Category::gravity,
                "a constant-density polyhedron read from a shape file (an asteroid or a comet), in the environment's "
                "rotating frame",
                "docs/environment/polyhedral_gravity.md", "PolyhedralGravity", polyhedral_gravity_fields().info());
  polyhedron.exclusive = {{"density", "mu"}};
  r.add(std::move(polyhedron));
}

std::shared_ptr<const GravityModel> build_gravity(const Node& node, const EnvironmentObjects& environment) {
  const std::string type = node.has("type") ? node.at("type").string() : "central_body_gravity";
  std::shared_ptr<const GravityModel> central;
  if (type == "central_body_gravity")
    central = central_body_gravity(node);
  else if (type == "spherical_harmonic_gravity")
    central = spherical_harmonic_gravity(node, environment);
  else if (type == "polyhedral_gravity")
    central = polyhedral_gravity(node, environment);
  else
    Registry::instance().unknown_type(node.at("type"), Category::gravity, "gravity");
  const auto bodies = node.find("third_bodies");
  std::vector<std::string> seen;
  if (bodies)
    for (const Node& b : bodies->elements(1)) seen.push_back(b.string());
  for (const auto& [key, body] : {std::pair{"mu_sun", "sun"}, std::pair{"mu_moon", "moon"}})
    if (node.has(key) && std::find(seen.begin(), seen.end(), body) == seen.end())
      node.at(key).fail(std::string(key) + " is the " + body + "'s GM as a third body: list \"" + body +
                        "\" in \"third_bodies\"");
  if (!bodies) return central;
  std::vector<std::shared_ptr<const GravityModel>> terms{central};
  seen.clear();
  for (const Node& b : bodies->elements(1)) {
    const std::string body = b.string();
    if (body != "sun" && body != "moon") b.fail("unknown third body '" + body + "' (known: sun, moon)");
    if (std::find(seen.begin(), seen.end(), body) != seen.end())
      b.fail("'" + body + "' is listed twice: each third body is summed once");
    seen.push_back(body);
    // μ: the section's mu_sun / mu_moon, else the default (docs/constants.md)
    const char* key = body == "sun" ? "mu_sun" : "mu_moon";
    double mu = body == "sun" ? ThirdBodyGravity::kMuSun : ThirdBodyGravity::kMuMoon;
    if (const auto m = node.find(key)) {
      mu = m->si(Dimension::gravitational_parameter);
      if (!(mu > 0.0) || !std::isfinite(mu)) m->fail(std::string(key) + " must be positive and finite");
    }
    terms.push_back(std::make_shared<ThirdBodyGravity>(
        ThirdBodyGravityConfig{body, mu, require_body(environment, b, body.c_str())}));
  }
  return std::make_shared<GravitySum>(std::move(terms));
}

}  // namespace ramus::scenario
