// The scenario's environment (docs/scenario.md §3): a file with every environment model builds
// the model the C++ API builds by hand — the same right-hand side to the last bit — and the
// section's errors are refused at their JSON paths.
#include <boost/test/unit_test.hpp>
#include <memory>
#include <string>

#include "ramus/environment/drag.hpp"
#include "ramus/environment/gravity_field_file.hpp"
#include "ramus/environment/gravity_gradient.hpp"
#include "ramus/environment/magnetorquer.hpp"
#include "ramus/environment/solar_radiation_pressure.hpp"
#include "ramus/environment/spherical_harmonic_gravity.hpp"
#include "ramus/environment/third_body_gravity.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/scenario/scenario.hpp"
#include "scenario_support.hpp"
#include "support/hubs.hpp"

namespace ramus::scenario {
namespace {

const std::string kEnvironment = R"({
  "environment": {"epoch": "2025-06-21T00:00:00 UTC", "rotation": "earth", "sun": "analytic",
                  "shape": "wgs84", "shadow": "conical", "atmosphere": {"type": "exponential"},
                  "magnetic_field": {"type": "dipole", "m_P": {"value": [0, 0, -7.7e22], "unit": "A m^2"}}},
  "gravity": {"type": "spherical_harmonic_gravity", "file": "GGM03S-deg60.txt", "degree": 8, "order": 8,
              "third_bodies": ["sun"]},
  "vehicles": [{"name": "sc",
    "hub": {"mass": 500, "I_PntBc_B": [[300, 0, 0], [0, 250, 0], [0, 0, 200]], "r_BcB_B": [0, 0, 0.1]},
    "initial_state": {"point": "C", "r_N": [6878137, 0, 0], "v_N": [0, 4730.48, 5964.56],
                      "omega_BN_B": [0.001, -0.002, 0.003]},
    "dynamic_effectors": [
      {"type": "gravity_gradient", "name": "gg"},
      {"type": "drag", "name": "drag", "facets": [{"area": {"value": 2, "unit": "m^2"}, "normal_F": [1, 0, 0],
                                                   "r_PF_F": [0.5, 0, 0], "C_D": 2.3}]},
      {"type": "solar_radiation_pressure", "name": "srp", "cannonball": {"C_R": 1.4, "area": 3, "r_PF_F": [0, 0.1, 0]}},
      {"type": "magnetorquer", "name": "mtq", "rods": [{"axis_F": [1, 0, 0], "max_dipole": {"value": 30, "unit": "A m^2"}}]}
    ]}],
  "propagation": {"stepper": "rk4", "dt": 1},
  "output": {"t1": 10, "dt": 5}
})";

/// The same model through the C++ API.
std::shared_ptr<Model> by_hand() {
  const Epoch epoch = Epoch::parse("2025-06-21T00:00:00 UTC");
  // The loader's Earth: interpolated over the run with a day's margin.
  const auto earth = std::make_shared<EarthRotation>(EarthRotation::interpolated(epoch, -86400.0, 10.0 + 86400.0));
  // The loader's analytic Sun: sampled every 2 days over the run with a day's margin.
  const auto sun = std::make_shared<TabulatedEphemeris>(
      TabulatedEphemeris::sample(AnalyticSun(epoch), -86400.0, 10.0 + 86400.0, 2.0 * 86400.0));
  auto model = std::make_shared<Model>();
  Vehicle& v = model->add_vehicle("sc", test::hub_config(500.0, Eigen::Vector3d(300.0, 250.0, 200.0), {0.0, 0.0, 0.1}));
  v.set_initial_state(test::initial_state({6878137.0, 0.0, 0.0}, {0.0, 4730.48, 5964.56},
                                          Quaternion(1.0, 0.0, 0.0, 0.0), {0.001, -0.002, 0.003}, ReferencePoint::C));
  GravityGradientConfig gg;
  gg.mass = 500.0;
  gg.r_McF_F = {0.0, 0.0, 0.1};
  gg.I_PntMc_F = Eigen::Vector3d(300.0, 250.0, 200.0).asDiagonal();
  v.add_dynamic_effector(std::make_shared<GravityGradient>("gg", gg));
  DragConfig drag;
  drag.atmosphere = std::make_shared<ExponentialAtmosphere>();
  drag.shape = BodyShape::wgs84();
  drag.rotation = earth;
  drag.facets.push_back({{2.0, Eigen::Vector3d::UnitX(), {0.5, 0.0, 0.0}}, 2.3});
  v.add_dynamic_effector(std::make_shared<Drag>("drag", std::move(drag)));
  SolarRadiationPressureConfig srp;
  srp.sun = sun;
  srp.body_radius = BodyShape::wgs84().R;
  srp.cannonball = SrpCannonball{1.4, 3.0, {0.0, 0.1, 0.0}};
  v.add_dynamic_effector(std::make_shared<SolarRadiationPressure>("srp", std::move(srp)));
  DipoleFieldConfig dipole;
  dipole.m_P = {0.0, 0.0, -7.7e22};
  dipole.rotation = earth;
  MagnetorquerConfig mtq;
  mtq.field = std::make_shared<DipoleField>("field", dipole);
  mtq.axes_F = {Eigen::Vector3d::UnitX()};
  mtq.max_dipole = {30.0};
  v.add_dynamic_effector(std::make_shared<Magnetorquer>("mtq", mtq));
  SphericalHarmonicGravityConfig g;
  g.coefficients = read_gravity_field_text(std::string(RAMUS_DATA_DIR) + "/GGM03S-deg60.txt", {8, 8});
  g.rotation = earth;
  model->set_gravity(std::make_shared<GravitySum>(std::vector<std::shared_ptr<const GravityModel>>{
      std::make_shared<SphericalHarmonicGravity>(std::move(g)),
      std::make_shared<ThirdBodyGravity>(ThirdBodyGravityConfig{"sun", ThirdBodyGravity::kMuSun, sun})}));
  model->finalize();
  return model;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_environment)

BOOST_AUTO_TEST_CASE(file_and_api_give_the_same_right_hand_side) {
  const Scenario s = parse_scenario(kEnvironment, RAMUS_DATA_DIR);
  const std::shared_ptr<Model> hand = by_hand();
  BOOST_TEST(std::string(s.model->gravity()->kind()) == "gravity_sum");
  BOOST_TEST(s.model->initial_state() == hand->initial_state());
  const System from_file(s.model), from_api(hand);
  Eigen::VectorXd a(hand->initial_state().size()), b(a.size());
  for (const double t : {0.0, 3.0, 7.5}) {
    from_file(s.model->initial_state(), a, t);
    from_api(hand->initial_state(), b, t);
    BOOST_TEST(a == b, "file: " << a.transpose() << "\nhand: " << b.transpose());  // the same operations: bit for bit
  }
  BOOST_TEST(a.allFinite());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(scenario_environment_errors)

BOOST_AUTO_TEST_CASE(refused_at_their_paths) {
  using scenario_test::expect_error;
  const std::string tail =
      R"(, "vehicles": [{"name": "sc", "hub": {"mass": 1, "I_PntBc_B": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]},
     "initial_state": {"r_N": [7e6, 0, 0], "v_N": [0, 7.5e3, 0]}, "dynamic_effectors": [EFFECTOR]}],
     "propagation": {"stepper": "rk4", "dt": 1}, "output": {"t1": 2, "dt": 1}})";
  const auto doc = [&](const std::string& head, const std::string& effector) {
    std::string t = tail;
    t.replace(t.find("EFFECTOR"), 8, effector);
    return "{" + head + t;
  };
  expect_error(doc(R"("environment": {"sun": "analytic"})", ""), "environment.sun",
               "an analytic ephemeris needs the section's \"epoch\"");
  expect_error(doc(R"("environment": {"epoch": "2025-13-01T00:00:00 UTC"})", ""), "environment.epoch",
               "month 13 is outside [1, 12]");
  expect_error(doc(R"("environment": {"shadow": "umbral"})", ""), "environment.shadow",
               "unknown shadow model 'umbral'");
  expect_error(doc(R"("environment": {})", R"({"type": "drag", "name": "d", "cannonball": {"area": 1}})"),
               "vehicles[0].dynamic_effectors[0]", "drag needs an atmosphere");
  expect_error(
      doc(R"("environment": {})", R"({"type": "solar_radiation_pressure", "name": "s", "cannonball": {"area": 1}})"),
      "vehicles[0].dynamic_effectors[0]", "needs the sun's ephemeris");
  expect_error(doc(R"("environment": {"atmosphere": {"type": "exponential"}})",
                   R"({"type": "drag", "name": "d", "cannonball": {"area": {"value": 1, "unit": "m"}}})"),
               "vehicles[0].dynamic_effectors[0].cannonball.area.unit", "is a length, expected an area");
  expect_error(doc(R"("gravity": {"type": "spherical_harmonic_gravity", "file": "no/such/file.txt"})", ""), "gravity",
               "no/such/file.txt", false);
  expect_error(doc(R"("gravity": {"preset": "earth", "third_bodies": ["moon"]})", ""), "gravity.third_bodies[0]",
               "needs the moon's ephemeris");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus::scenario
