// The scenario's "environment" section (docs/scenario.md §3).
#include "environment_section.hpp"

#include <filesystem>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

#include "ramus/environment/drag.hpp"
#include "ramus/environment/magnetorquer.hpp"
#include "ramus/environment/solar_radiation_pressure.hpp"
#include "ramus/environment/world_magnetic_model.hpp"
#include "ramus/kernel/error.hpp"

namespace ramus::scenario {
namespace {

constexpr double kDay = 86400.0;

std::shared_ptr<const BodyRotation> rotation(const Node& n, const std::optional<Epoch>& epoch) {
  if (n.json().is_string()) {
    const std::string kind = n.string();
    if (kind == "earth") {
      if (!epoch) n.fail("\"earth\" needs the section's \"epoch\"");
      return std::make_shared<EarthRotation>(*epoch);
    }
    if (kind == "earth_uniform") return std::make_shared<UniformRotation>();
    n.fail("unknown rotation '" + kind + "' (known: earth, earth_uniform, or {\"rate\", \"angle_at_epoch\"})");
  }
  n.require_keys({"rate", "angle_at_epoch"});
  UniformRotationConfig c;
  if (const auto r = n.find("rate")) c.rate = r->si(Dimension::angular_velocity);
  if (const auto a = n.find("angle_at_epoch")) c.angle_at_epoch = a->si(Dimension::angle);
  return wrap_configuration_errors(n, [&] { return std::make_shared<UniformRotation>(c); });
}

/// "analytic" (ERFA, sampled into a table over the run) or {"file": path} (the user's table).
std::shared_ptr<const Ephemeris> ephemeris(const Node& n, const EnvironmentObjects& env, bool sun, double t0,
                                           double t1) {
  const std::optional<Epoch>& epoch = env.epoch;
  if (n.json().is_string()) {
    if (n.string() != "analytic") n.fail("unknown ephemeris '" + n.string() + "' (known: analytic, or {\"file\"})");
    if (!epoch) n.fail("an analytic ephemeris needs the section's \"epoch\"");
    // Sun every 2 days (Hermite error under 10 m), Moon every hour (about 1 m):
    // docs/environment/ephemerides.md, "Tables".
    const double lo = t0 - kDay, hi = t1 + kDay;
    return wrap_configuration_errors(n, [&]() -> std::shared_ptr<const Ephemeris> {
      if (sun)
        return std::make_shared<TabulatedEphemeris>(
            TabulatedEphemeris::sample(AnalyticSun(*epoch), lo, hi, 2.0 * kDay));
      return std::make_shared<TabulatedEphemeris>(TabulatedEphemeris::sample(AnalyticMoon(*epoch), lo, hi, 3600.0));
    });
  }
  n.require_keys({"file"});
  auto table =
      wrap_configuration_errors(n, [&] { return TabulatedEphemeris::read(env.data_file(n.at("file").string())); });
  if (table.t_first() > t0 || table.t_last() < t1)
    n.at("file").fail("the table covers [" + std::to_string(table.t_first()) + ", " + std::to_string(table.t_last()) +
                      "] s, not the run's [" + std::to_string(t0) + ", " + std::to_string(t1) + "] s");
  return std::make_shared<TabulatedEphemeris>(std::move(table));
}

BodyShape shape(const Node& n) {
  if (n.json().is_string()) {
    if (n.string() == "wgs84") return BodyShape::wgs84();
    if (n.string() == "sphere") return BodyShape{};
    n.fail("unknown shape '" + n.string() + "' (known: sphere, wgs84, or {\"R\", \"f\"})");
  }
  n.require_keys({"R", "f"});
  BodyShape b;
  if (const auto R = n.find("R")) b.R = R->si(Dimension::length);
  if (const auto f = n.find("f")) b.f = f->number();
  wrap_configuration_errors(n, [&] { b.validate("environment shape"); });
  return b;
}

/// {"type": "exponential"} (Vallado's table), {"type": "exponential", "layers": [...]},
/// {"type": "tabulated", "file": ..., "format": "modelweb" | "two_column"}.
std::shared_ptr<const AtmosphereModel> atmosphere(const Node& n, const EnvironmentObjects& env) {
  n.require_keys({"type", "layers", "min_altitude", "file", "format", "altitude_unit", "density_unit"});
  const std::string type = n.at("type").string();
  return wrap_configuration_errors(n, [&]() -> std::shared_ptr<const AtmosphereModel> {
    if (type == "exponential") {
      ExponentialAtmosphereConfig c = ExponentialAtmosphereConfig::vallado();
      if (const auto layers = n.find("layers")) {
        c.layers.clear();
        c.min_altitude = 0.0;
        for (const Node& l : layers->elements(1)) {
          l.require_keys({"base_altitude", "base_density", "scale_height"});
          l.require_present({"base_altitude", "base_density", "scale_height"});
          c.layers.push_back({l.at("base_altitude").si(Dimension::length), l.at("base_density").si(Dimension::density),
                              l.at("scale_height").si(Dimension::length)});
        }
        c.min_altitude = c.layers.front().base_altitude;
      }
      if (const auto h = n.find("min_altitude")) c.min_altitude = h->si(Dimension::length);
      return std::make_shared<ExponentialAtmosphere>(c);
    }
    if (type == "tabulated") {
      const std::string file = env.data_file(n.at("file").string());
      const std::string format = n.has("format") ? n.at("format").string() : "modelweb";
      if (format == "modelweb") return std::make_shared<TabulatedAtmosphere>(TabulatedAtmosphere::read_modelweb(file));
      if (format == "two_column")
        return std::make_shared<TabulatedAtmosphere>(TabulatedAtmosphere::read_two_column(
            file, n.has("altitude_unit") ? n.at("altitude_unit").si(Dimension::length) : 1.0,
            n.has("density_unit") ? n.at("density_unit").si(Dimension::density) : 1.0));
      n.at("format").fail("unknown format '" + format + "' (known: modelweb, two_column)");
    }
    n.at("type").fail("unknown atmosphere '" + type + "' (known: exponential, tabulated)");
  });
}

/// {"type": "dipole", "m_P": ..., "r_DP_P": ...} or {"type": "world_magnetic_model", "file": ..., "max_degree": n}.
std::shared_ptr<const MagneticFieldModel> magnetic_field(const Node& n, const EnvironmentObjects& env) {
  n.require_keys({"type", "m_P", "r_DP_P", "file", "max_degree", "extrapolate"});
  const std::string type = n.at("type").string();
  return wrap_configuration_errors(n, [&]() -> std::shared_ptr<const MagneticFieldModel> {
    if (type == "dipole") {
      DipoleFieldConfig c;
      n.require_present({"m_P"});
      c.m_P = n.at("m_P").vector3(Dimension::magnetic_moment);
      if (const auto r = n.find("r_DP_P")) c.r_DP_P = r->vector3(Dimension::length);
      c.rotation = env.rotation;
      return std::make_shared<DipoleField>("field", c);
    }
    if (type == "world_magnetic_model") {
      if (!env.epoch) n.fail("the World Magnetic Model needs the section's \"epoch\"");
      WorldMagneticModelConfig c;
      c.path = env.data_file(n.at("file").string());
      c.epoch = *env.epoch;
      c.rotation = env.rotation;
      if (const auto d = n.find("max_degree")) c.max_degree = d->integer();
      n.read("extrapolate", c.extrapolate);
      return std::make_shared<WorldMagneticModel>(c);
    }
    n.at("type").fail("unknown magnetic field '" + type + "' (known: dipole, world_magnetic_model)");
  });
}

/// Facets: [{"area", "normal_F", "r_PF_F", ...}, ...]; `extra` reads each facet's own fields.
template <class Facet, class Extra>
std::vector<Facet> facets(const Node& list, std::initializer_list<std::string_view> keys, Extra extra) {
  std::vector<Facet> out;
  for (const Node& f : list.elements(1)) {
    f.require_keys(keys);
    f.require_present({"area", "normal_F"});
    Facet facet;
    facet.geometry.area = f.at("area").si(Dimension::area);
    f.read("normal_F", facet.geometry.normal_F);
    if (const auto r = f.find("r_PF_F")) facet.geometry.r_PF_F = r->vector3(Dimension::length);
    extra(f, facet);
    out.push_back(facet);
  }
  return out;
}

}  // namespace

std::shared_ptr<DynamicEffector> build_drag(const Node& n, const std::string& name, const EnvironmentObjects& env) {
  if (!env.atmosphere) n.fail("drag needs an atmosphere: give \"environment\": {\"atmosphere\": …}");
  DragConfig c;
  c.atmosphere = env.atmosphere;
  c.shape = env.shape;
  c.rotation = env.rotation;
  if (const auto ball = n.find("cannonball")) {
    ball->require_keys({"C_D", "area", "r_PF_F"});
    ball->require_present({"area"});
    DragCannonball b;
    ball->read("C_D", b.C_D);
    b.area = ball->at("area").si(Dimension::area);
    if (const auto r = ball->find("r_PF_F")) b.r_PF_F = r->vector3(Dimension::length);
    c.cannonball = b;
  }
  if (const auto list = n.find("facets"))
    c.facets = facets<DragFacet>(*list, {"area", "normal_F", "r_PF_F", "C_D"},
                                 [](const Node& f, DragFacet& facet) { f.read("C_D", facet.C_D); });
  return std::make_shared<Drag>(name, std::move(c));
}

std::shared_ptr<DynamicEffector> build_srp(const Node& n, const std::string& name, const EnvironmentObjects& env) {
  SolarRadiationPressureConfig c;
  c.sun = require_body(env, n, "sun");
  c.shadow = env.shadow;
  c.body_radius = env.shape.R;
  if (const auto p = n.find("pressure_1au")) c.pressure_1au = p->si(Dimension::pressure);
  if (const auto ball = n.find("cannonball")) {
    ball->require_keys({"C_R", "area", "r_PF_F"});
    ball->require_present({"area"});
    SrpCannonball b;
    ball->read("C_R", b.C_R);
    b.area = ball->at("area").si(Dimension::area);
    if (const auto r = ball->find("r_PF_F")) b.r_PF_F = r->vector3(Dimension::length);
    c.cannonball = b;
  }
  if (const auto list = n.find("facets"))
    c.facets = facets<SrpFacet>(*list, {"area", "normal_F", "r_PF_F", "specular", "diffuse"},
                                [](const Node& f, SrpFacet& facet) {
                                  f.read("specular", facet.specular);
                                  f.read("diffuse", facet.diffuse);
                                });
  return std::make_shared<SolarRadiationPressure>(name, std::move(c));
}

std::shared_ptr<DynamicEffector> build_magnetorquer(const Node& n, const std::string& name,
                                                    const EnvironmentObjects& env) {
  if (!env.magnetic_field)
    n.fail("a magnetorquer needs a magnetic field: give \"environment\": {\"magnetic_field\": …}");
  MagnetorquerConfig c;
  c.field = env.magnetic_field;
  n.require_present({"rods"});
  for (const Node& rod : n.at("rods").elements(1)) {
    rod.require_keys({"axis_F", "max_dipole"});
    rod.require_present({"axis_F", "max_dipole"});
    Eigen::Vector3d axis;
    rod.read("axis_F", axis);
    c.axes_F.push_back(axis);
    c.max_dipole.push_back(rod.at("max_dipole").si(Dimension::magnetic_moment));
  }
  return std::make_shared<Magnetorquer>(name, c);
}

namespace {

/// Whether `path` is `root` or below it (both canonical: compared component by component).
bool inside(const std::filesystem::path& path, const std::filesystem::path& root) {
  auto p = path.begin();
  for (auto r = root.begin(); r != root.end(); ++r, ++p) {
    if (r->empty() && std::next(r) == root.end()) break;  // a trailing separator
    if (p == path.end() || *p != *r) return false;
  }
  return true;
}

/// "data_root": a folder (relative: to the scenario file's), made canonical (docs/scenario.md §3).
std::filesystem::path data_root(const Node& n, const std::filesystem::path& base) {
  const std::string text = n.string();
  if (text.empty()) n.fail("is empty: give the folder the scenario's data files are read from");
  const std::filesystem::path given(text);
  const std::filesystem::path full = given.is_absolute() || base.empty() ? given : base / given;
  std::error_code ec;
  const std::filesystem::path root = std::filesystem::canonical(full, ec);
  if (ec) n.fail("'" + full.string() + "' cannot be resolved: " + ec.message());
  if (!std::filesystem::is_directory(root, ec)) n.fail("'" + root.string() + "' is not a directory");
  return root;
}

}  // namespace

std::string EnvironmentObjects::data_file(const std::string& file) const {
  const std::filesystem::path p(file);
  if (!data_root) return files_read.emplace_back(p.is_absolute() || base.empty() ? file : (base / p).string());
  const std::string owner = "data_root '" + data_root->string() + "'";
  if (file.empty()) throw ConfigurationError(owner, "file", "''", "is empty: give the data file's path");
  const std::filesystem::path full = p.is_absolute() ? p : *data_root / p;
  // Symbolic links and ".." are resolved before the check: the file read is the file checked.
  std::error_code ec;
  const std::filesystem::path resolved = std::filesystem::weakly_canonical(full, ec);
  if (ec) throw ConfigurationError(owner, "file", "'" + file + "'", "cannot be resolved: " + ec.message());
  if (!inside(resolved, *data_root))
    throw ConfigurationError(owner, "file", "'" + file + "'",
                             "resolves to '" + resolved.string() +
                                 "', outside the data root (environment.data_root): data files must be below it");
  return files_read.emplace_back(resolved.string());
}

EnvironmentObjects build_environment(const Node& node, double t0, double t1, const std::filesystem::path& base) {
  node.require_keys({"epoch", "dut1", "leap_seconds", "rotation", "sun", "moon", "shape", "atmosphere", "shadow",
                     "magnetic_field", "data_root"});
  EnvironmentObjects env;
  env.base = base;
  if (const auto r = node.find("data_root")) env.data_root = data_root(*r, base);  // before any data file
  if (const auto e = node.find("epoch")) {
    const double dut1 = node.has("dut1") ? node.at("dut1").si(Dimension::time) : 0.0;
    // The user's leap-seconds.list, else ERFA's built-in table (docs/environment/time_and_frames.md §1.1).
    std::optional<LeapSecondTable> table;
    if (const auto l = node.find("leap_seconds"))
      table = wrap_configuration_errors(*l, [&] { return LeapSecondTable::read(env.data_file(l->string())); });
    env.epoch =
        wrap_configuration_errors(*e, [&] { return Epoch::parse(e->string(), dut1, table ? &*table : nullptr); });
  } else {
    if (node.has("dut1")) node.at("dut1").fail("\"dut1\" needs \"epoch\"");
    if (node.has("leap_seconds")) node.at("leap_seconds").fail("\"leap_seconds\" needs \"epoch\"");
  }
  if (const auto r = node.find("rotation")) env.rotation = rotation(*r, env.epoch);
  if (const auto s = node.find("sun")) env.sun = ephemeris(*s, env, true, t0, t1);
  if (const auto m = node.find("moon")) env.moon = ephemeris(*m, env, false, t0, t1);
  if (const auto s = node.find("shape")) env.shape = shape(*s);
  if (const auto a = node.find("atmosphere")) env.atmosphere = atmosphere(*a, env);
  if (const auto s = node.find("shadow")) {
    const std::string m = s->string();
    if (m == "none")
      env.shadow = ShadowModel::none;
    else if (m == "cylindrical")
      env.shadow = ShadowModel::cylindrical;
    else if (m == "conical")
      env.shadow = ShadowModel::conical;
    else
      s->fail("unknown shadow model '" + m + "' (known: none, cylindrical, conical)");
  }
  if (const auto f = node.find("magnetic_field")) env.magnetic_field = magnetic_field(*f, env);
  return env;
}

std::shared_ptr<const Ephemeris> require_body(const EnvironmentObjects& env, const Node& user, const char* body) {
  const std::shared_ptr<const Ephemeris>& e = std::string(body) == "sun" ? env.sun : env.moon;
  if (!e)
    user.fail(std::string("needs the ") + body + "'s ephemeris: give \"environment\": {\"" + body +
              "\": \"analytic\" or {\"file\": …}}");
  return e;
}

}  // namespace ramus::scenario
