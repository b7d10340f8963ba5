// The scenario's "events" section (docs/scenario.md §3 Events).
#include "event_section.hpp"

#include <algorithm>
#include <string>

#include "field_list.hpp"
#include "ramus/environment/eclipse_event.hpp"
#include "ramus/steppers/builtin_events.hpp"
#include "registry_table.hpp"
#include "run_sections.hpp"

namespace ramus::scenario {
namespace {

std::string quoted(const std::string& name) { return "event '" + name + "'"; }

EventDirection direction(const Node& n, const std::string& event) {
  const std::string d = n.string();
  if (d == "rising") return EventDirection::rising;
  if (d == "falling") return EventDirection::falling;
  if (d == "both") return EventDirection::both;
  n.fail(quoted(event) + ": unknown direction '" + d + "' (known: rising, falling, both)");
}

/// The vehicle named at `n` (a vehicle of the model), or an error naming the event and the vehicles.
std::string vehicle(const Model& model, const Node& n, const std::string& event) {
  const std::string name = n.string();
  std::string names;
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) {
    if (model.vehicle(i).name() == name) return name;
    names += (names.empty() ? "'" : ", '") + model.vehicle(i).name() + "'";
  }
  n.fail(quoted(event) + ": no vehicle '" + name + "' (vehicles: " + names + ")");
}

/// The value of a state entry: a bare number in the entry's SI unit, or {"value", "unit"} in a unit
/// of the entry's dimension (when its unit is one of docs/scenario.md §2's SI units).
double entry_value(const Model& model, const Node& value, const std::string& entry) {
  for (const StateBlock& b : model.layout().blocks()) {
    const std::string block = b.owner + "." + b.name;
    if (entry != block && !entry.starts_with(block + "[")) continue;
    for (int d = 0; d <= static_cast<int>(Dimension::pressure); ++d)
      if (si_unit(static_cast<Dimension>(d)) == b.unit) return value.si(static_cast<Dimension>(d));
  }
  return value.number();  // an entry the layout does not know is refused by state_entry_event
}

/// An event type's fields beside the common keys (name, type, direction, action, time_tolerance),
/// from its registration: the keys it takes and the ones it needs.
const TypeInfo& event_type(const Node& type_node, const std::string& event) {
  const std::string type = type_node.string();
  const TypeInfo* t = find_type(type);
  if (t == nullptr || t->category != Category::event) {
    std::string known;
    for (const std::string& k : type_names(Category::event)) known.append(known.empty() ? "" : ", ").append(k);
    type_node.fail(quoted(event) + ": unknown type '" + printable(type) + "' (known: " + known + ")");
  }
  return *t;
}

}  // namespace

void register_events(Registry& r) {
  const FieldInfo vehicle = described("name", "vehicle", "", "the vehicle whose motion it watches", "");
  const auto event = [&r](std::string type, std::string doc, std::vector<FieldInfo> fields) {
    r.add(type_info(std::move(type), Category::event, std::move(doc), "docs/scenario.md", "Event", std::move(fields)));
  };
  event("state", "a state entry crosses a value (direction both by default)",
        {described("text", "state", "",
                   "the entry, as `ramus describe` names it (\"sc/panel.theta\", \"sc/hub.q_BN[0]\")", ""),
         described("quantity", "value", "", "the value it crosses, in the entry's unit", "")});
  event("delta_v", "the velocity change |dv_CN_N| accumulated since the start reaches a value (rising by default)",
        {vehicle, described("quantity", "value", "m/s", "the velocity change", "", non_negative())});
  FieldInfo point =
      described("choice", "point", "",
                "the point whose altitude it watches: C, the vehicle's centre of mass, or B, the hub origin", "C");
  point.choices = {"C", "B"};
  event("altitude", "the altitude above a sphere crosses a value (falling, descending, by default)",
        {vehicle, point, described("quantity", "radius", "m", "the sphere's radius", "", positive()),
         described("quantity", "value", "m", "the altitude", "")});
  FieldInfo edge = described("choice", "edge", "",
                             "the shadow's edge: half the Sun's disc hidden, the penumbra's outer edge (first "
                             "contact) or the umbra's (the whole disc hidden)",
                             "half");
  edge.choices = {"half", "penumbra", "umbra"};
  event("eclipse", "the vehicle enters the central body's shadow (falling by default; needs the environment's sun)",
        {vehicle, edge});
}

EventSpec event_spec(const std::shared_ptr<Model>& model, const Node& n, const EnvironmentObjects& env) {
  // The common keys and every event type's fields (a key of another type is refused below, by name).
  static const std::vector<std::string> type_keys = [] {
    std::vector<std::string> keys;
    for (const std::string& t : type_names(Category::event))
      for (const FieldInfo& f : find_type(t)->fields)
        if (std::find(keys.begin(), keys.end(), f.key) == keys.end()) keys.push_back(f.key);
    return keys;
  }();
  std::vector<std::string_view> keys = common_keys(Category::event);
  keys.insert(keys.end(), type_keys.begin(), type_keys.end());
  n.require_keys(keys);
  n.require_present({"name", "type"});
  EventSpec spec;
  spec.path = n.path();
  spec.name = n.at("name").name();
  const std::string& name = spec.name;
  const Node type_node = n.at("type");
  const std::string type = type_node.string();

  // The keys the type takes and needs, from its registration (register_events).
  const TypeInfo& info = event_type(type_node, name);
  for (const std::string& key : type_keys) {
    bool ok = false;
    for (const FieldInfo& f : info.fields) ok = ok || f.key == key;
    if (!ok && n.has(key)) n.at(key).fail(quoted(name) + ": type " + type + " takes no \"" + key + "\"");
  }
  for (const FieldInfo& f : info.fields)
    if (f.required && !n.has(f.key)) n.fail(quoted(name) + ": type " + type + " needs \"" + f.key + "\"");

  EventDirection dir = EventDirection::both;  // state
  if (type == "delta_v")
    dir = EventDirection::rising;
  else if (type == "altitude" || type == "eclipse")
    dir = EventDirection::falling;  // descending, entering the shadow
  if (const auto d = n.find("direction")) dir = direction(*d, name);

  double tolerance = 1e-10;
  if (const auto tol = n.find("time_tolerance")) {
    tolerance = tol->si(Dimension::time);
    if (!(tolerance > 0.0)) tol->fail(quoted(name) + ": must be positive (the located time's tolerance)");
  }

  // The event function, made per run (an altitude of C holds a workspace of its own).
  std::function<Event()> make_event;
  const Model& m = *model;  // checks at load; the runs' events hold the model itself
  if (type == "state") {
    const Node state = n.at("state");
    const std::string entry = state.string();
    const double value = entry_value(m, n.at("value"), entry);
    make_event = [=] { return state_entry_event(name, *model, entry, value, dir); };
    wrap_configuration_errors(state, make_event);
  } else if (type == "delta_v") {
    const std::string v = vehicle(m, n.at("vehicle"), name);
    const double dv = n.at("value").si(Dimension::velocity);
    make_event = [=] { return delta_v_event(name, *model, v, dv, dir); };
    wrap_configuration_errors(n.at("value"), make_event);
  } else if (type == "altitude") {
    const std::string v = vehicle(m, n.at("vehicle"), name);
    AltitudePoint point = AltitudePoint::C;
    if (const auto p = n.find("point")) {
      const std::string text = p->string();
      if (text != "C" && text != "B")
        p->fail(quoted(name) + ": unknown point '" + text +
                "' (known: \"C\", the vehicle's centre of mass, and \"B\", the hub origin)");
      point = text == "C" ? AltitudePoint::C : AltitudePoint::B;
    }
    const Node radius_node = n.at("radius");
    const double radius = radius_node.si(Dimension::length), altitude = n.at("value").si(Dimension::length);
    make_event = [=] { return altitude_event(name, *model, v, radius, altitude, dir, point); };
    wrap_configuration_errors(radius_node, make_event);
  } else {  // eclipse
    const std::string v = vehicle(m, n.at("vehicle"), name);
    if (!env.sun)
      type_node.fail(quoted(name) + ": an eclipse needs the Sun's ephemeris: give \"environment\": {\"sun\": " +
                     "\"analytic\" or {\"file\": …}} (the shadow and the central body's radius are the "
                     "environment's \"shadow\" and \"shape\")");
    if (env.shadow == ShadowModel::none)
      type_node.fail(quoted(name) + ": the environment's shadow is \"none\": an eclipse never happens (give " +
                     "\"shadow\": \"conical\" or \"cylindrical\")");
    const auto sun = env.sun;
    const double radius = env.shape.R;
    const ShadowModel shadow = env.shadow;
    const double sun_radius = env.sun_radius;
    EclipseEdge edge = EclipseEdge::half;
    if (const auto node = n.find("edge")) {
      const std::string text = node->string();
      if (text == "penumbra")
        edge = EclipseEdge::penumbra;
      else if (text == "umbra")
        edge = EclipseEdge::umbra;
      else if (text != "half")
        node->fail(quoted(name) + ": " + unknown_name("edge", text, {"half", "penumbra", "umbra"}));
    }
    make_event = [=] {
      Event e;
      e.name = name;
      e.g = eclipse_function(name, *model, v, sun, radius, shadow, sun_radius, edge);
      e.direction = dir;
      return e;
    };
    wrap_configuration_errors(n.at("vehicle"), make_event);
  }

  // The action: record (default), stop, or an input change as in "inputs" (without "t").
  EventAction action = EventAction::continue_run;
  std::function<void(const System&, Eigen::VectorXd&, double)> change;
  spec.action = "record";
  if (const auto a = n.find("action")) {
    if (a->json().is_string()) {
      const std::string text = a->string();
      if (text == "stop")
        action = EventAction::stop;
      else if (text != "record")
        a->fail(quoted(name) + ": unknown action '" + text +
                "' (known: record, stop, or an input change {\"vehicle\", \"effector\", …} as in \"inputs\")");
      spec.action = text;
    } else {
      a->require_keys(
          {"vehicle", "effector", "joint", "wheel", "motor_torque", "motor_force", "locked", "channel", "value"});
      InputChange c = input_change(m, *a);
      change = std::move(c.apply);
      spec.action = c.description;
    }
  }
  spec.make = [make_event, action, change, tolerance](const System& system) {
    Event e = make_event();
    e.action = action;
    e.time_tolerance = tolerance;
    if (change)
      e.callback = [change, system](Eigen::VectorXd& x, double t) {
        change(system, x, t);
        return EventAction::continue_run;
      };
    return e;
  };
  return spec;
}

std::vector<Event> make_events(const Scenario& scenario, const System& system) {
  std::vector<Event> events;
  events.reserve(scenario.events.size());
  for (const EventSpec& spec : scenario.events) events.push_back(spec.make(system));
  return events;
}

}  // namespace ramus::scenario
