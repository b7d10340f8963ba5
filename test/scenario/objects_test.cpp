// The scenario's builders one object at a time (ramus/scenario/objects.hpp): an effector built from
// its JSON object equals the one the loader builds from the same object in a file (their runs are
// identical bit for bit); the field lists come from the builders, with their SI units; errors name
// the root given and the key at fault.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/scenario/objects.hpp"
#include "ramus/scenario/run_scenario.hpp"
#include "ramus/scenario/scenario.hpp"
#include "ramus/steppers/propagate.hpp"

namespace ramus {
namespace {

const char* const kPanel =
    R"({"type": "hinged_rigid_body", "name": "panel", "mass": 100, "I_PntSc_S": [[100, 0, 0], [0, 50, 0], [0, 0, 50]],
        "d": 1.5, "r_HB_B": [0, 0.5, 1], "dcm_HB": [[0, -1, 0], [1, 0, 0], [0, 0, 1]], "k": 100, "c": 5,
        "theta0": {"value": 10, "unit": "deg"}})";
const char* const kHub = R"({"mass": 750, "I_PntBc_B": [[900, 0, 0], [0, 800, 0], [0, 0, 600]], "r_BcB_B": [0, 0, 1]})";
const char* const kInitial = R"({"omega_BN_B": {"value": [1, -2, 3], "unit": "deg/s"}})";

std::string field_unit(const std::vector<scenario::Field>& fields, const std::string& key) {
  const auto it = std::find_if(fields.begin(), fields.end(), [&](const scenario::Field& f) { return f.key == key; });
  BOOST_TEST_REQUIRE((it != fields.end()), key << " is not among the fields");
  return it->unit;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_objects)

BOOST_AUTO_TEST_CASE(objects_build_what_the_loader_builds) {
  auto model = std::make_shared<Model>();
  Vehicle& sc = model->add_vehicle("sc", scenario::hub_config(kHub, "hub"));
  sc.set_initial_state(scenario::initial_state(kInitial, "initial_state"));
  sc.add_state_effector(scenario::state_effector(kPanel, "panel"));
  model->finalize();
  nlohmann::json document = nlohmann::json::parse(R"({"propagation": {"stepper": "rk4", "dt": 0.05},
                                                        "output": {"t1": 20, "dt": 20}})");
  document["vehicles"] = {{{"name", "sc"},
                           {"hub", nlohmann::json::parse(kHub)},
                           {"initial_state", nlohmann::json::parse(kInitial)},
                           {"state_effectors", {nlohmann::json::parse(kPanel)}}}};
  const std::string file = document.dump();
  const scenario::Scenario s = scenario::parse_scenario(file);
  Eigen::VectorXd x_file;
  scenario::run_scenario(s, x_file, {});
  Eigen::VectorXd x = model->initial_state();
  PropagationSettings settings;
  settings.dt = 0.05;
  propagate(System(model), x, 0.0, 20.0, settings);
  // Bit for bit: the same builders and the same driver on the same grid.
  BOOST_TEST((x.array() == x_file.array()).all());
  BOOST_TEST(std::abs(x(13) - x_file(13)) == 0.0);
  BOOST_TEST(x(13) != model->initial_state()(13));  // the panel moved: the comparison is not of two idle runs
}

BOOST_AUTO_TEST_CASE(fields_come_from_the_builders_with_their_units) {
  const auto panel = scenario::fields("hinged_rigid_body");
  BOOST_TEST(field_unit(panel, "mass") == "kg");
  BOOST_TEST(field_unit(panel, "I_PntSc_S") == "kg m^2");
  BOOST_TEST(field_unit(panel, "k") == "N m/rad");
  BOOST_TEST(field_unit(panel, "thetaDot0") == "rad/s");
  BOOST_TEST(field_unit(scenario::fields("hub"), "I_PntBc_B") == "kg m^2");  // despite its required keys
  BOOST_TEST(field_unit(scenario::fields("initial_state"), "omega_BN_B") == "rad/s");
  BOOST_TEST(field_unit(scenario::fields("thruster"), "max_thrust") == "N");
  BOOST_TEST(field_unit(scenario::fields("constraint"), "alpha") == "N/m");
  // Nested objects, from the builders too: a spinning axis, a wheel of a set.
  BOOST_TEST(field_unit(scenario::fields("spinning_body_1dof"), "axis.k") == "N m/rad");
  BOOST_TEST(field_unit(scenario::fields("reaction_wheels"), "wheels[].Omega0") == "rad/s");
  // Every type the builders know has fields (none throws out of fields()).
  for (const auto& types : {scenario::state_effector_types(), scenario::dynamic_effector_types()})
    for (const std::string& type : types) BOOST_TEST(!scenario::fields(type).empty(), type);
}

BOOST_AUTO_TEST_CASE(errors_name_the_root_and_the_key) {
  const auto message = [](auto&& build) -> std::string {
    try {
      build();
    } catch (const scenario::ScenarioError& e) {
      return e.what();
    }
    return "(no error)";
  };
  BOOST_TEST(message([] {
               scenario::state_effector(R"({"type": "hinged_rigid_body", "name": "p", "mass": -1})", "Panel('p')");
             }).starts_with("Panel('p').mass: "));
  BOOST_TEST(message([] { scenario::state_effector("{", "Panel('p')"); }).starts_with("Panel('p'): invalid JSON"));
  BOOST_TEST(message([] { scenario::hub_config("[1, 2]", "hub"); }).starts_with("hub: must be an object"));
  BOOST_TEST(message([] { scenario::hub_translation("D", "hub_translation"); }).find("unknown hub translation") !=
             std::string::npos);
  BOOST_TEST(message([] {
               scenario::state_effector(R"({"type": "hinged_rigid_body", "name": "p", "dynamic_effectors": []})", "p");
             }).find("add_dynamic_effector") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ramus
