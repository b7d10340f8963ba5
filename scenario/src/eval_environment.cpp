// The environment's terms at points (ramus/scenario/eval_environment.hpp): the "environment" and
// "gravity" sections built by the loader's builders (build_environment, build_gravity), evaluated
// as the models that read them in a run do (the drag's altitude, the radiation pressure's shadow
// and pressure).
#include "ramus/scenario/eval_environment.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

#include "effector_builders.hpp"
#include "environment_section.hpp"
#include "json_node.hpp"
#include "ramus/environment/solar_radiation_pressure.hpp"
#include "ramus/scenario/scenario.hpp"

namespace ramus::scenario {

std::string_view to_string(EnvironmentTerm term) {
  switch (term) {
    case EnvironmentTerm::gravity:
      return "gravity";
    case EnvironmentTerm::field:
      return "field";
    case EnvironmentTerm::shadow:
      return "shadow";
    case EnvironmentTerm::density:
      return "density";
    case EnvironmentTerm::srp:
      return "srp";
  }
  return "gravity";
}

struct EnvironmentAtPoints::Models {
  EnvironmentObjects env;
  std::shared_ptr<const GravityModel> gravity;
  bool from_scenario = false;
  double pressure_1au = kSolarPressureAt1AU;
  std::vector<std::string> warnings;
  std::vector<std::string> data_files;

  /// [P N] at t: the identity without a rotation (P = N).
  Eigen::Matrix3d dcm_PN(double t) const {
    return env.rotation ? env.rotation->dcm_PN(t) : Eigen::Matrix3d::Identity().eval();
  }
};

EnvironmentAtPoints::EnvironmentAtPoints(const std::optional<std::string_view>& scenario_json, double t0, double t1,
                                         const std::filesystem::path& base, double pressure_1au)
    : models_(std::make_unique<Models>()) {
  Models& m = *models_;
  if (!(pressure_1au > 0.0) || !std::isfinite(pressure_1au))
    throw ScenarioError("pressure_1au", "must be finite and > 0 [N/m^2], got " + std::to_string(pressure_1au));
  m.pressure_1au = pressure_1au;
  m.env.base = base;
  if (!scenario_json) {
    // The sections' defaults: the environment's (no epoch, Sun or field) with the exponential
    // atmosphere's default table, and the Earth's point mass.
    m.env.atmosphere = std::make_shared<ExponentialAtmosphere>();
    const nlohmann::json earth = {{"preset", "earth"}};
    m.gravity = build_gravity(Node(earth, "gravity"), m.env);
    return;
  }
  m.from_scenario = true;
  const nlohmann::json document = parse_document(*scenario_json);
  const Node root(document, "");
  if (!document.is_object()) root.fail("must be an object");
  root.require_keys({"description", "environment", "gravity", "vehicles", "two_point_effectors", "propagation",
                     "output", "inputs", "flight_software", "events"});
  if (const auto env = root.find("environment")) {
    m.env = build_environment(*env, t0, t1, base);
    if (m.env.epoch)
      for (const std::string& w : m.env.epoch->warnings()) m.warnings.push_back("environment.epoch: " + w);
  }
  if (const auto g = root.find("gravity")) m.gravity = build_gravity(*g, m.env);
  m.data_files = m.env.files_read;
}

EnvironmentAtPoints::~EnvironmentAtPoints() = default;
EnvironmentAtPoints::EnvironmentAtPoints(EnvironmentAtPoints&&) noexcept = default;
EnvironmentAtPoints& EnvironmentAtPoints::operator=(EnvironmentAtPoints&&) noexcept = default;

void EnvironmentAtPoints::require(EnvironmentTerm term) const {
  const Models& m = *models_;
  const std::string what = m.from_scenario ? "the scenario has" : "the defaults (no scenario) have";
  switch (term) {
    case EnvironmentTerm::gravity:
      if (!m.gravity)
        throw ScenarioError("gravity", "missing: the scenario has no gravity section (a run of it feels no gravity)");
      return;
    case EnvironmentTerm::field:
      if (!m.env.magnetic_field)
        throw ScenarioError("environment.magnetic_field",
                            "missing: " + what +
                                " no magnetic field: give \"environment\": {\"magnetic_field\": {\"type\": "
                                "\"dipole\" | \"world_magnetic_model\", …}}");
      return;
    case EnvironmentTerm::shadow:
    case EnvironmentTerm::srp:
      if (!m.env.sun)
        throw ScenarioError("environment.sun", "missing: " + what + " no Sun: the " + std::string(to_string(term)) +
                                                   " needs the Sun's ephemeris: give \"environment\": {\"sun\": "
                                                   "\"analytic\" (with an \"epoch\") or {\"file\": …}}");
      return;
    case EnvironmentTerm::density:
      if (!m.env.atmosphere)
        throw ScenarioError("environment.atmosphere",
                            "missing: " + what + " no atmosphere: give \"environment\": {\"atmosphere\": …}");
      return;
  }
}

GravityAt EnvironmentAtPoints::gravity(const Eigen::Vector3d& r_N, double t, bool gradient) const {
  const GravityModel& g = *models_->gravity;
  GravityAt out;
  out.potential = g.potential(r_N, t);
  out.a_N = g.acceleration_N(r_N, t);
  if (gradient) out.G_N = g.gradient_N(r_N, t);
  return out;
}

FieldAt EnvironmentAtPoints::field(const Eigen::Vector3d& r_N, double t) const {
  FieldAt out;
  out.B_N = models_->env.magnetic_field->B_N(r_N, t);
  out.B_P = models_->dcm_PN(t) * out.B_N;
  return out;
}

double EnvironmentAtPoints::shadow(const Eigen::Vector3d& r_N, double t) const {
  // As SolarRadiationPressure (scenario: build_srp): the environment's shadow model and the radius
  // of its shape.
  const Models& m = *models_;
  return illuminated_fraction(m.env.shadow, r_N, m.env.sun->r_N(t), m.env.shape.R, m.env.sun_radius);
}

DensityAt EnvironmentAtPoints::density(const Eigen::Vector3d& r_N, double t) const {
  // As Drag: the altitude above the shape of the point in P (a sphere needs |r| only).
  const Models& m = *models_;
  DensityAt out;
  out.altitude = m.env.shape.altitude(m.env.shape.f != 0.0 ? (m.dcm_PN(t) * r_N).eval() : r_N);
  out.density = m.env.atmosphere->density(out.altitude);
  return out;
}

SrpAt EnvironmentAtPoints::srp(const Eigen::Vector3d& r_N, double t) const {
  // docs/environment/srp.md (1) times ν, as SolarRadiationPressure::wrench.
  const Models& m = *models_;
  const Eigen::Vector3d r_Sun_N = m.env.sun->r_N(t);
  SrpAt out;
  out.nu = illuminated_fraction(m.env.shadow, r_N, r_Sun_N, m.env.shape.R, m.env.sun_radius);
  const Eigen::Vector3d to_sun_N = r_Sun_N - r_N;
  out.distance = to_sun_N.norm();
  out.s_N = to_sun_N / out.distance;
  const double ratio = kAstronomicalUnit / out.distance;
  out.pressure = m.pressure_1au * ratio * ratio * out.nu;
  constexpr double kSpeedOfLight = 299792458.0;  // [m/s] exact (SI)
  out.flux = out.pressure * kSpeedOfLight;
  return out;
}

const std::vector<std::string>& EnvironmentAtPoints::warnings() const { return models_->warnings; }
const std::vector<std::string>& EnvironmentAtPoints::data_files() const { return models_->data_files; }
Eigen::Matrix3d EnvironmentAtPoints::dcm_PN(double t) const { return models_->dcm_PN(t); }
bool EnvironmentAtPoints::has_rotation() const { return models_->env.rotation != nullptr; }
std::string EnvironmentAtPoints::epoch_text() const {
  return models_->env.epoch ? models_->env.epoch->text() : std::string();
}
double EnvironmentAtPoints::epoch_tt_minus_utc() const {
  return models_->env.epoch ? 32.184 + models_->env.epoch->tai_minus_utc() : 0.0;  // TT − TAI = 32.184 s
}

}  // namespace ramus::scenario
