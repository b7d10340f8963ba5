// The scenario's "environment" section (docs/scenario.md §3).
#include "environment_section.hpp"

#include <filesystem>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

#include "field_list.hpp"
#include "ramus/environment/drag.hpp"
#include "ramus/environment/magnetorquer.hpp"
#include "ramus/environment/solar_radiation_pressure.hpp"
#include "ramus/environment/world_magnetic_model.hpp"
#include "ramus/kernel/error.hpp"
#include "registry_table.hpp"

namespace ramus::scenario {
namespace {

constexpr double kDay = 86400.0;

/// "earth" (interpolated over [t0, t1] with a day's margin, docs/environment/time_and_frames.md
/// (8)), "earth_series" (the series at every call), "earth_uniform", or {"rate", "angle_at_epoch"}.
std::shared_ptr<const BodyRotation> rotation(const Node& n, const std::optional<Epoch>& epoch, double t0, double t1) {
  if (n.json().is_string()) {
    const std::string kind = n.string();
    if (kind == "earth" || kind == "earth_series") {
      if (!epoch) n.fail("\"" + kind + "\" needs the section's \"epoch\"");
      if (kind == "earth_series") return std::make_shared<EarthRotation>(*epoch);
      return wrap_configuration_errors(n, [&] {
        return std::make_shared<EarthRotation>(EarthRotation::interpolated(*epoch, t0 - kDay, t1 + kDay));
      });
    }
    if (kind == "earth_uniform") return std::make_shared<UniformRotation>();
    n.fail("unknown rotation '" + kind +
           "' (known: earth, earth_series, earth_uniform, or {\"rate\", \"angle_at_epoch\"})");
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
  n.require_keys({"type", "m_P", "r_DP_P", "file", "max_degree", "extrapolate", "decimal_year"});
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
      if (const auto y = n.find("decimal_year")) {
        if (y->string() == "calendar")
          c.decimal_year = DecimalYear::calendar;
        else if (y->string() != "julian")
          y->fail("unknown decimal year '" + y->string() + "' (known: julian, calendar)");
      }
      return std::make_shared<WorldMagneticModel>(c);
    }
    n.at("type").fail("unknown magnetic field '" + type + "' (known: dipole, world_magnetic_model)");
  });
}

/// A facet's geometry (area, outward normal, centre of pressure), the fields every facet has.
template <class Facet>
void add_geometry(FieldList<Facet>& l) {
  const FieldInfo area = described("quantity", "area", "m^2", "area", "", positive());
  const FieldInfo normal = described("direction", "normal_F", "", "outward unit normal, in F", "");
  const FieldInfo r = described("vector", "r_PF_F", "m", "centre of pressure P relative to F's origin", "[0, 0, 0]");
  l.custom(area, [](const Node& n, Facet& f) { f.geometry.area = n.at("area").si(Dimension::area); })
      .custom(normal, [](const Node& n, Facet& f) { n.read("normal_F", f.geometry.normal_F); })
      .custom(r, [](const Node& n, Facet& f) {
        if (const auto v = n.find("r_PF_F")) f.geometry.r_PF_F = v->vector3(Dimension::length);
      });
}

const FieldList<DragFacet>& drag_facet_fields() {
  return fields_once<DragFacet>([](FieldList<DragFacet>& l) {
    add_geometry(l);
    l.add("C_D", &DragFacet::C_D, "drag coefficient", positive());
  });
}
const FieldList<DragCannonball>& drag_cannonball_fields() {
  using C = DragCannonball;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("C_D", &C::C_D, "drag coefficient", positive())
        .si("area", &C::area, Dimension::area, "reference area", positive())
        .must_give()
        .si("r_PF_F", &C::r_PF_F, Dimension::length, "centre of pressure P relative to F's origin");
  });
}
const FieldList<SrpFacet>& srp_facet_fields() {
  return fields_once<SrpFacet>([](FieldList<SrpFacet>& l) {
    add_geometry(l);
    l.add("specular", &SrpFacet::specular, "fraction reflected specularly", between(0.0, 1.0))
        .add("diffuse", &SrpFacet::diffuse, "fraction reflected diffusely (specular + diffuse <= 1)",
             between(0.0, 1.0));
  });
}
const FieldList<SrpCannonball>& srp_cannonball_fields() {
  using C = SrpCannonball;
  return fields_once<C>([](FieldList<C>& l) {
    l.add("C_R", &C::C_R, "reflectivity coefficient", between(1.0, 2.0))
        .si("area", &C::area, Dimension::area, "cross-section", positive())
        .must_give()
        .si("r_PF_F", &C::r_PF_F, Dimension::length, "centre of pressure P relative to F's origin");
  });
}
struct Rod {
  Eigen::Vector3d axis_F = Eigen::Vector3d::Zero();
  double max_dipole = 0.0;
};
const FieldList<Rod>& rod_fields() {
  return fields_once<Rod>([](FieldList<Rod>& l) {
    l.add("axis_F", &Rod::axis_F, "unit axis of the rod, in F")
        .must_give()
        .si("max_dipole", &Rod::max_dipole, Dimension::magnetic_moment, "largest dipole", positive())
        .must_give();
  });
}

/// A body's cannonball and facets (drag, solar radiation pressure).
template <class Cannonball, class Facet>
struct SurfaceSpec {
  std::optional<Cannonball> cannonball;
  std::vector<Facet> facets;
};
template <class Cannonball, class Facet>
FieldList<SurfaceSpec<Cannonball, Facet>> surface_fields(const FieldList<Cannonball>& ball, std::string ball_part,
                                                         const FieldList<Facet>& facet, std::string facet_part) {
  using S = SurfaceSpec<Cannonball, Facet>;
  FieldList<S> l;
  FieldInfo b = described("object", "cannonball", "", "a body whose force does not depend on its attitude", "none");
  b.part = std::move(ball_part);
  l.custom(b, [&ball](const Node& n, S& s) {
     if (const auto node = n.find("cannonball")) s.cannonball = ball.read(*node);
   }).objects("facets", &S::facets, facet, std::move(facet_part), "flat facets", 0);
  return l;
}

struct MagnetorquerSpec {
  std::vector<Rod> rods;
};

const auto& drag_fields() {
  static const auto fields = surface_fields(drag_cannonball_fields(), "drag_cannonball", drag_facet_fields(), "facet");
  return fields;
}

const auto& srp_fields() {
  static const auto fields = [] {
    auto l = surface_fields(srp_cannonball_fields(), "srp_cannonball", srp_facet_fields(), "srp_facet");
    using S = SurfaceSpec<SrpCannonball, SrpFacet>;
    const FieldInfo p = described("quantity", "pressure_1au", "N/m^2", "solar radiation pressure at 1 au",
                                  format_default(SolarRadiationPressureConfig{}.pressure_1au), positive());
    l.custom(p, [](const Node&, S&) {});  // read by build_srp into the configuration
    return l;
  }();
  return fields;
}

const FieldList<MagnetorquerSpec>& magnetorquer_fields() {
  static const FieldList<MagnetorquerSpec> fields = [] {
    FieldList<MagnetorquerSpec> l;
    l.objects("rods", &MagnetorquerSpec::rods, rod_fields(), "magnetorquer_rod", "the torque rods");
    return l;
  }();
  return fields;
}

}  // namespace

std::shared_ptr<DynamicEffector> build_drag(const Node& n, const std::string& name, const EnvironmentObjects& env,
                                            bool on_segment) {
  const auto spec = drag_fields().read(n, common_keys(Category::dynamic_effector, on_segment));
  if (!env.atmosphere) n.fail("drag needs an atmosphere: give \"environment\": {\"atmosphere\": …}");
  DragConfig c;
  c.atmosphere = env.atmosphere;
  c.shape = env.shape;
  c.rotation = env.rotation;
  c.cannonball = spec.cannonball;
  c.facets = spec.facets;
  return std::make_shared<Drag>(name, std::move(c));
}

std::shared_ptr<DynamicEffector> build_srp(const Node& n, const std::string& name, const EnvironmentObjects& env,
                                           bool on_segment) {
  const auto spec = srp_fields().read(n, common_keys(Category::dynamic_effector, on_segment));
  SolarRadiationPressureConfig c;
  c.sun = require_body(env, n, "sun");
  c.shadow = env.shadow;
  c.body_radius = env.shape.R;
  c.sun_radius = env.sun_radius;
  if (const auto p = n.find("pressure_1au")) c.pressure_1au = p->si(Dimension::pressure);
  c.cannonball = spec.cannonball;
  c.facets = spec.facets;
  return std::make_shared<SolarRadiationPressure>(name, std::move(c));
}

std::shared_ptr<DynamicEffector> build_magnetorquer(const Node& n, const std::string& name,
                                                    const EnvironmentObjects& env, bool on_segment) {
  const MagnetorquerSpec spec = magnetorquer_fields().read(n, common_keys(Category::dynamic_effector, on_segment));
  if (!env.magnetic_field)
    n.fail("a magnetorquer needs a magnetic field: give \"environment\": {\"magnetic_field\": …}");
  MagnetorquerConfig c;
  c.field = env.magnetic_field;
  for (const Rod& rod : spec.rods) {
    c.axes_F.push_back(rod.axis_F);
    c.max_dipole.push_back(rod.max_dipole);
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
  if (!data_root) {
    // Relative to the scenario's folder, resolved as the system will open it (symbolic links and
    // ".." followed), so that messages and the inputs' identity name the file itself.
    const std::filesystem::path full = p.is_absolute() || base.empty() ? p : base / p;
    std::error_code ec;
    const std::filesystem::path resolved = std::filesystem::weakly_canonical(full, ec);
    return files_read.emplace_back(ec || file.empty() ? full.string() : resolved.string());
  }
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
                     "sun_radius", "magnetic_field", "data_root"});
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
  if (const auto r = node.find("rotation")) env.rotation = rotation(*r, env.epoch, t0, t1);
  if (const auto s = node.find("sun")) env.sun = ephemeris(*s, env, true, t0, t1);
  if (const auto m = node.find("moon")) env.moon = ephemeris(*m, env, false, t0, t1);
  if (const auto s = node.find("shape")) env.shape = shape(*s);
  if (const auto a = node.find("atmosphere")) env.atmosphere = atmosphere(*a, env);
  if (const auto s = node.find("sun_radius")) {
    env.sun_radius = s->si(Dimension::length);
    if (!(env.sun_radius > 0.0) || !std::isfinite(env.sun_radius))
      s->fail("the Sun's radius must be positive and finite, got " + std::to_string(env.sun_radius) + " m");
  }
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

void register_environment_effectors(Registry& r) {
  const auto part = [&r](std::string type, std::string doc, std::string page, std::vector<FieldInfo> fields) {
    r.add_part(type_info(std::move(type), Category::part, std::move(doc), std::move(page), "", std::move(fields)));
  };
  part("drag_cannonball", "a body whose drag does not depend on its attitude", "docs/environment/drag.md",
       drag_cannonball_fields().info());
  part("facet", "a flat plate of a body's drag model", "docs/environment/drag.md", drag_facet_fields().info());
  part("srp_cannonball", "a body whose radiation force does not depend on its attitude", "docs/environment/srp.md",
       srp_cannonball_fields().info());
  part("srp_facet", "a flat facet that absorbs and reflects sunlight", "docs/environment/srp.md",
       srp_facet_fields().info());
  part("magnetorquer_rod", "one torque rod", "docs/environment/magnetic_field.md", rod_fields().info());
  const auto effector = [&r](std::string type, std::string doc, std::string page, std::string cpp,
                             std::vector<FieldInfo> fields, DynamicEffectorBuilder build) {
    r.add_dynamic_effector(type_info(std::move(type), Category::dynamic_effector, std::move(doc), std::move(page),
                                     std::move(cpp), std::move(fields)),
                           std::move(build));
  };
  effector("drag", "aerodynamic drag from the environment's atmosphere, on a cannonball or facets",
           "docs/environment/drag.md", "Drag", drag_fields().info(),
           [](const Node& n, const std::string& name, BuildContext& c) {
             return build_drag(n, name, c.environment, c.on_segment);
           });
  effector("solar_radiation_pressure", "solar radiation pressure, dimmed by the central body's shadow",
           "docs/environment/srp.md", "SolarRadiationPressure", srp_fields().info(),
           [](const Node& n, const std::string& name, BuildContext& c) {
             return build_srp(n, name, c.environment, c.on_segment);
           });
  effector("magnetorquer", "torque rods in the environment's magnetic field", "docs/environment/magnetic_field.md",
           "Magnetorquer", magnetorquer_fields().info(), [](const Node& n, const std::string& name, BuildContext& c) {
             return build_magnetorquer(n, name, c.environment, c.on_segment);
           });
}

}  // namespace ramus::scenario
