// The scenario document (docs/scenario.md): output times first (the builders list switching
// times within the run), then gravity, vehicles with their effectors, two-point effectors,
// finalize, propagation settings, logged quantities, input schedules (run_sections.hpp) and
// events (event_section.hpp).
#include <algorithm>
#include <map>

#include "effector_builders.hpp"
#include "event_section.hpp"
#include "field_list.hpp"
#include "ramus/environment/orbital_elements.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/scenario/input_file.hpp"
#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/scenario.hpp"
#include "registry_table.hpp"
#include "run_sections.hpp"

namespace ramus::scenario {

// ---- vehicles ------------------------------------------------------------------------------

namespace {

const FieldList<HubConfig>& hub_fields() {
  using C = HubConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.required("mass", &C::mass, "hub mass", positive())
        .required("I_PntBc_B", &C::I_PntBc_B, "hub inertia about its own centre of mass Bc, in B")
        .add("r_BcB_B", &C::r_BcB_B, "hub centre of mass Bc relative to B");
  });
}

/// initial_state.orbit: the classical elements of the orbit of the state's point about the central
/// body (docs/environment/orbital_elements.md), with the central body's μ unless given.
struct OrbitSpec {
  double a = 0.0, e = 0.0, i = 0.0, raan = 0.0, argp = 0.0, nu = 0.0;  ///< SI: m, 1, rad
  std::optional<units::GravitationalParameter> mu;
};

const FieldList<OrbitSpec>& orbit_fields() {
  using C = OrbitSpec;
  return fields_once<C>([](FieldList<C>& l) {
    l.si("a", &C::a, Dimension::length, "semi-major axis: > 0 for an ellipse, < 0 for a hyperbola")
        .must_give()
        .si("e", &C::e, Dimension::dimensionless, "eccentricity (not 1: a parabola has no finite a)", non_negative())
        .must_give()
        .si("i", &C::i, Dimension::angle, "inclination to N's x-y plane, in [0, pi]")
        .must_give()
        .si("raan", &C::raan, Dimension::angle, "right ascension of the ascending node, from N's x axis")
        .si("argp", &C::argp, Dimension::angle, "argument of periapsis, from the node")
        .si("nu", &C::nu, Dimension::angle, "true anomaly, from periapsis")
        .add("mu", &C::mu, "the central body's gravitational parameter")
        .default_is("the scenario's gravity's central body");
  });
}

FieldInfo orbit_field() {
  FieldInfo f = described("object", "orbit", "",
                          "or the point's orbit as classical elements (docs/environment/orbital_elements.md)", "none");
  f.part = "orbit";
  return f;
}

const FieldList<InitialState>& initial_state_fields() {
  using C = InitialState;
  return fields_once<C>([](FieldList<C>& l) {
    FieldInfo point = described("choice", "point", "",
                                "the point r_N and v_N give: B (the hub origin) or C (the centre of mass)", "B");
    point.choices = {"B", "C"};
    l.custom(point,
             [](const Node& n, C& s) {
               const auto node = n.find("point");
               if (!node) return;
               const std::string p = node->string();
               if (p != "B" && p != "C")
                 node->fail("must be \"B\" (the hub origin) or \"C\" (the vehicle's centre of mass)");
               s.point = p == "B" ? ReferencePoint::B : ReferencePoint::C;
             })
        .add("r_N", &C::r_N, "position of the point relative to N, in N")
        .add("v_N", &C::v_N, "its inertial velocity, in N")
        // Read by build_initial_state, which knows the scenario's gravity (its central body's μ).
        .custom(orbit_field(), [](const Node&, C&) {})
        .custom(described("quaternion", "q_BN", "", "attitude of B relative to N (scalar first, unit)", "[1, 0, 0, 0]"),
                [](const Node& n, C& s) {
                  if (n.has("q_BN") && n.has("sigma_BN"))
                    n.at("sigma_BN").fail("give either q_BN or sigma_BN, not both");
                  if (const auto q = n.find("q_BN")) s.q_BN = q->vector4();
                })
        .custom(described("mrp", "sigma_BN", "", "or the attitude as modified Rodrigues parameters", "none"),
                [](const Node& n, C& s) {
                  if (const auto sigma = n.find("sigma_BN"))
                    s.q_BN = quat_from_mrp(sigma->vector3(Dimension::dimensionless));
                })
        .add("omega_BN_B", &C::omega_BN_B, "angular velocity of B relative to N, in B");
  });
}

}  // namespace

void register_vehicle_parts(Registry& r) {
  r.add_part(
      type_info("hub", Category::part, "a vehicle's rigid hub", "docs/scenario.md", "HubConfig", hub_fields().info()));
  TypeInfo initial = type_info("initial_state", Category::part, "a vehicle's initial translation and rotation",
                               "docs/scenario.md", "InitialState", initial_state_fields().info());
  initial.exclusive = {{"q_BN", "sigma_BN"}, {"orbit", "r_N"}, {"orbit", "v_N"}};
  r.add_part(std::move(initial));
  r.add_part(type_info("orbit", Category::part, "a point's orbit as classical elements",
                       "docs/environment/orbital_elements.md", "OrbitalElements", orbit_fields().info()));
}

HubConfig build_hub(const Node& n) { return hub_fields().read(n); }

InitialState build_initial_state(const Node& n, const GravityModel* gravity) {
  InitialState s = initial_state_fields().read(n);
  const auto orbit = n.find("orbit");
  if (!orbit) return s;
  for (const char* key : {"r_N", "v_N"})
    if (n.has(key)) n.at(key).fail("give either orbit or r_N and v_N, not both");
  const OrbitSpec spec = orbit_fields().read(*orbit);
  std::optional<double> mu = spec.mu ? std::optional<double>(spec.mu->value()) : std::nullopt;
  if (!mu && gravity != nullptr) mu = central_body_mu(*gravity);
  if (!mu)
    orbit->fail(gravity == nullptr ? "needs the central body's mu: the scenario has no gravity; give \"mu\""
                                   : "needs the central body's mu: the scenario's gravity (" +
                                         std::string(gravity->kind()) + ") has no single central body; give \"mu\"");
  const OrbitState state = wrap_configuration_errors(*orbit, [&] {
    return state_from_elements(OrbitalElements{spec.a, spec.e, spec.i, spec.raan, spec.argp, spec.nu}, *mu);
  });
  s.r_N = units::Length3{state.r_N, units::si::meter};
  s.v_N = units::Velocity3{state.v_N, units::si::meter_per_second};
  return s;
}

/// "B" (the default), "C" or "clamped": what the state carries of the hub's translation
/// (docs/architecture.md §16).
HubTranslation build_hub_translation(const Node& n) {
  const std::string t = n.string();
  if (t == "B") return HubTranslation::B;
  if (t == "C") return HubTranslation::C;
  if (t == "clamped") return HubTranslation::clamped;
  n.fail("unknown hub translation '" + t +
         "' (known: B, the hub origin; C, the vehicle's centre of mass; clamped, the hub fixed in N)");
}

namespace {

/// Where each part of the model came from, to put library errors raised at finalize on the path
/// of the object at fault ("hinged_rigid_body 'panel'" → vehicles[0].state_effectors[1]).
struct Origins {
  std::vector<std::pair<std::string, Node>> labels;
  void add(std::string label, const Node& node) { labels.emplace_back(std::move(label), node); }
  /// The node whose label is the longest prefix of `owner`, or `fallback`.
  Node of(const std::string& owner, const Node& fallback) const {
    const Node* best = &fallback;
    std::size_t length = 0;
    for (const auto& [label, node] : labels)
      if (owner.starts_with(label) && label.size() > length) best = &node, length = label.size();
    return *best;
  }
};

/// The names of one vehicle's effectors — its state effectors, the dynamic effectors on their
/// segments and those on the hub share one namespace (Vehicle::require_unique_children) — with
/// the JSON path of the "name" that first used each, so that a repeated name is refused at the
/// second object's "name" before the library refuses it with the vehicle as owner.
class EffectorNames {
 public:
  explicit EffectorNames(std::string vehicle) : vehicle_(std::move(vehicle)) {}
  /// Reads `object`'s "name" (Node::name rules) and claims it for this vehicle.
  void claim(const Node& object) {
    const Node name_node = object.at("name");
    const std::string name = name_node.name();
    const auto [it, inserted] = first_.emplace(name, name_node.path());
    if (!inserted)
      name_node.fail("effector name '" + name + "' is already used on vehicle '" + vehicle_ + "' by " + it->second +
                     " (the names of a vehicle's state effectors and of the dynamic effectors on its hub and "
                     "segments are unique)");
  }

 private:
  std::string vehicle_;
  std::map<std::string, std::string, std::less<>> first_;  ///< name → path of its first "name"
};

/// The mass properties of segment `segment` of a hinged_rigid_body about its centre of mass, in
/// its frame S (origin at the hinge, Sc at −d s1: docs/models/hinged_rigid_body.md); none for
/// other effectors, whose dynamic effectors then give them.
std::optional<BuildContext::Body> segment_body(const Node& effector, std::size_t segment) {
  if (segment != 0 || effector.at("type").string() != "hinged_rigid_body" || !effector.has("mass") ||
      !effector.has("I_PntSc_S"))
    return std::nullopt;
  BuildContext::Body b;
  b.mass = effector.at("mass").si(Dimension::mass);
  b.I_PntMc_F = effector.at("I_PntSc_S").matrix3(Dimension::inertia);
  b.r_McF_F = Eigen::Vector3d(effector.has("d") ? -effector.at("d").si(Dimension::length) : 0.0, 0.0, 0.0);
  return b;
}

void add_vehicle(Model& model, const Node& v, BuildContext& context, Origins& origins) {
  v.require_keys({"name", "hub", "hub_translation", "initial_state", "state_effectors", "dynamic_effectors"});
  const Node name_node = v.at("name");
  const std::string name = name_node.name();
  for (std::size_t i = 0; i < model.vehicle_count(); ++i)
    if (model.vehicle(i).name() == name) name_node.fail("vehicle name '" + name + "' is already used");
  const Node hub_node = v.at("hub");
  const HubConfig h = build_hub(hub_node);
  Vehicle& vehicle = wrap_configuration_errors(hub_node, [&]() -> Vehicle& { return model.add_vehicle(name, h); });
  origins.add(vehicle.label(), v);
  if (const auto translation = v.find("hub_translation")) {
    const HubTranslation t = build_hub_translation(*translation);
    wrap_configuration_errors(*translation, [&] { vehicle.set_hub_translation(t); });
  }
  if (const auto init = v.find("initial_state")) {
    const InitialState s = build_initial_state(*init, model.gravity());
    wrap_configuration_errors(*init, [&] { vehicle.set_initial_state(s); });
    // finalize() checks a clamped hub's initial state ("vehicle 'sc' initial state", "v_N [m/s]"):
    // at the field of this object.
    origins.add(vehicle.label() + " initial state", *init);
  }
  EffectorNames names(name);
  if (const auto list = v.find("state_effectors")) {
    for (const Node& e : list->elements()) {
      names.claim(e);
      const std::shared_ptr<StateEffector> effector = build_state_effector(e, context.environment);
      // The checks finalize() would make, made here where the object is known: the effector's
      // labels ("reaction_wheels 'wheels'") repeat across vehicles, so Origins could not tell
      // which vehicle's effector a finalize error is about.
      wrap_configuration_errors(e, [&] { effector->validate(); });
      wrap_configuration_errors(e, [&] { vehicle.add_state_effector(effector); });
      origins.add(effector->label(), e);
      if (const auto children = e.find("dynamic_effectors")) {
        for (const Node& c : children->elements()) {
          names.claim(c);
          const std::size_t segment = c.at("segment").index();
          context.host = segment_body(e, segment);
          const std::shared_ptr<DynamicEffector> child = build_dynamic_effector(c, true, context);
          wrap_configuration_errors(c, [&] { effector->add_dynamic_effector(child, segment); });
          if (!child->can_attach_to_segment())  // finalize() would name the host only
            c.fail(std::string(child->kind()) + " '" + child->name() + "' acts on a hub only and cannot be attached " +
                   "to segment " + std::to_string(segment) + " of " + effector->label() +
                   ": give it in the vehicle's dynamic_effectors");
          origins.add(std::string(child->kind()) + " '" + child->name() + "'", c);
        }
      }
    }
  }
  if (const auto list = v.find("dynamic_effectors")) {
    for (const Node& d : list->elements()) {
      names.claim(d);
      context.host = BuildContext::Body{h.mass.value(), h.r_BcB_B.si(), h.I_PntBc_B.si()};
      const std::shared_ptr<DynamicEffector> effector = build_dynamic_effector(d, false, context);
      wrap_configuration_errors(d, [&] { vehicle.add_dynamic_effector(effector); });
      origins.add(std::string(effector->kind()) + " '" + effector->name() + "'", d);
    }
  }
}

/// An end of a two-point effector, checked against the vehicles already built.
AttachPoint attach_point(const Model& model, const Node& n) {
  n.require_keys({"vehicle", "effector", "segment"});
  AttachPoint p;
  const Node vehicle_node = n.at("vehicle");
  p.vehicle = vehicle_node.string();
  const Vehicle* vehicle = nullptr;
  std::string names;
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) {
    names += (names.empty() ? "'" : ", '") + model.vehicle(i).name() + "'";
    if (model.vehicle(i).name() == p.vehicle) vehicle = &model.vehicle(i);
  }
  if (vehicle == nullptr) vehicle_node.fail("no vehicle '" + p.vehicle + "' (vehicles: " + names + ")");
  if (const auto effector_node = n.find("effector")) {
    p.effector = effector_node->string();
    const StateEffector* effector = nullptr;
    names.clear();
    for (const auto& e : vehicle->state_effectors()) {
      names += (names.empty() ? "'" : ", '") + e->name() + "'";
      if (e->name() == p.effector) effector = e.get();
    }
    if (effector == nullptr)
      effector_node->fail("no state effector '" + p.effector + "' on vehicle '" + p.vehicle +
                          "' (its state effectors: " + (names.empty() ? "none" : names) + ")");
    if (const auto segment_node = n.find("segment")) {
      p.segment = segment_node->index();
      if (p.segment >= effector->segment_count())
        segment_node->fail(effector->label() + " has " + std::to_string(effector->segment_count()) +
                           " segment(s); segments count from 0");
    }
  } else if (n.has("segment")) {
    n.at("segment").fail("a hub has no segments: give \"effector\" too, or no segment");
  }
  return p;
}

}  // namespace

Scenario parse_scenario(std::string_view json_text, const std::filesystem::path& base) {
  const nlohmann::json document = parse_document(json_text);
  const Node root(document, "");
  root.require_keys({"description", "environment", "gravity", "vehicles", "two_point_effectors", "propagation",
                     "output", "inputs", "flight_software", "events"});

  Scenario s;
  if (const auto d = root.find("description")) s.description = d->string();
  const Node output = root.at("output");
  output.require_keys({"t0", "t1", "dt", "times", "log"});
  s.output_times = output_times(output);
  BuildContext context{s.output_times.front(), s.output_times.back(), {}, {}, {}};
  context.environment.base = base;
  if (const auto env = root.find("environment")) {
    context.environment = build_environment(*env, context.t0, context.t1, base);
    if (const std::optional<Epoch>& epoch = context.environment.epoch) {
      s.leap_seconds = epoch->leap_seconds();
      for (const std::string& w : epoch->warnings()) s.warnings.push_back("environment.epoch: " + w);
    }
  }

  s.model = std::make_shared<Model>();
  Origins origins;
  if (const auto g = root.find("gravity")) s.model->set_gravity(build_gravity(*g, context.environment));
  for (const Node& v : root.at("vehicles").elements(1)) add_vehicle(*s.model, v, context, origins);
  if (const auto list = root.find("two_point_effectors")) {
    for (const Node& n : list->elements()) {
      const AttachPoint end1 = attach_point(*s.model, n.at("end1")), end2 = attach_point(*s.model, n.at("end2"));
      const std::shared_ptr<TwoPointEffector> e = build_two_point_effector(n, end1, end2);
      wrap_configuration_errors(n, [&] { s.model->add_two_point_effector(e); });
      origins.add(e->label(), n);
    }
  }
  try {
    s.model->finalize();
  } catch (const ConfigurationError& e) {
    rethrow_at(origins.of(e.owner(), root), e);
  }

  s.settings = propagation(root.at("propagation"));
  if (const auto section = root.find("flight_software"))
    s.flight_software = flight_software(s.model, *section, s.output_times.front(), s.noise_seed);
  if (const auto log = output.find("log")) {
    for (const Node& q : log->elements(1)) s.log.push_back(q.string());
  } else {
    s.log = QuantityLog::default_names(s);
  }
  const QuantityLog check(s, s.log);  // throws at output.log[i] for an unknown quantity

  if (const auto list = root.find("inputs"))
    for (const Node& n : list->elements())
      s.inputs.push_back(input_event(*s.model, n, s.output_times.front(), s.output_times.back()));
  if (const auto list = root.find("events")) {
    std::map<std::string, std::string, std::less<>> first;  // name → path of its first event
    for (const Node& n : list->elements()) {
      s.events.push_back(event_spec(s.model, n, context.environment));
      const auto [it, inserted] = first.emplace(s.events.back().name, n.path());
      if (!inserted)
        n.at("name").fail("event name '" + it->first + "' is already used by " + it->second +
                          " (the events.csv rows name the events)");
    }
  }
  std::stable_sort(s.inputs.begin(), s.inputs.end(),
                   [](const InputEvent& a, const InputEvent& b) { return a.t < b.t; });

  s.step_times = s.output_times;
  for (const InputEvent& e : s.inputs) s.step_times.push_back(e.t);
  for (const double t : context.switch_times)
    if (t > context.t0 && t < context.t1) s.step_times.push_back(t);
  std::sort(s.step_times.begin(), s.step_times.end());
  s.step_times.erase(std::unique(s.step_times.begin(), s.step_times.end()), s.step_times.end());
  s.data_files = context.environment.files_read;  // every data file the sections opened
  return s;
}

Scenario load_scenario(const std::filesystem::path& file) {
  return parse_scenario(read_input_file(file, "scenario"), file.parent_path());
}

}  // namespace ramus::scenario
