// The scenario type flexible_body and the modal file (docs/flex/modal_file.md,
// docs/models/flexible_body.md §8), against the C++ API they stand for:
//  - a modal file gives back the doubles written (round trip, bit for bit);
//  - "beam", "modal" (inline) and "modal_file" build the effector the C++ API builds from
//    flex::clamped_beam: the same state derivative, bit for bit, on a deformed, moving state;
//  - a beam given in other units is the same beam to the units' rounding;
//  - the logged node displacements are the node's mode shapes times the logged modal coordinates;
//  - bad files and objects are refused naming the file or the key and the value.
#include <boost/test/unit_test.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "ramus/flex/beam.hpp"
#include "ramus/flex/fe_import.hpp"
#include "ramus/flex/matrix_market.hpp"
#include "ramus/flex/panel.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/kernel/workspace.hpp"
#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/modal_file.hpp"
#include "ramus/scenario/run_scenario.hpp"
#include "ramus/scenario/scenario.hpp"
#include "ramus/systems/flexible_body.hpp"
#include "scenario_support.hpp"
#include "support/hubs.hpp"

namespace {

using namespace ramus;
using namespace ramus::scenario;
using nlohmann::json;
using ramus::scenario_test::expect_error;

/// The beam of these tests: 4 m, EI 270 and 120 N m², 5 kg/m, 6 elements, 8 modes, ζ = 0.01; a
/// Timoshenko beam (shear stiffness and rotary inertia), so that every key of the part is read.
flex::BeamConfig beam_config() {
  flex::BeamConfig c;
  c.length = 4.0;
  c.EI_y = 270.0;
  c.EI_z = 120.0;
  c.GJ = 1e4;
  c.EA = 1e6;
  c.rhoA = 5.0;
  c.rhoJ = 0.01;
  c.kGA_y = 2e5;
  c.kGA_z = 3e5;
  c.rhoI_y = 0.004;
  c.rhoI_z = 0.006;
  c.elements = 6;
  c.modes = 8;
  c.zeta = 0.01;
  return c;
}

json beam_object() {
  return json::parse(R"({"length": 4, "EI_y": 270, "EI_z": 120, "GJ": 1e4, "EA": 1e6, "rhoA": 5, "rhoJ": 0.01,
                         "kGA_y": 2e5, "kGA_z": 3e5, "rhoI_y": 0.004, "rhoI_z": 0.006,
                         "elements": 6, "modes": 8, "zeta": 0.01})");
}

/// An initial deformation and rate in every mode.
std::vector<double> eta0() { return {0.1, -0.05, 0.02, 0.01, -0.004, 0.003, 0.001, -0.001}; }
std::vector<double> etaDot0() { return {-0.03, 0.04, 0.01, -0.02, 0.005, 0.002, -0.001, 0.0005}; }

/// A document with one vehicle, tumbling, carrying the flexible body `body` (its name "boom").
json document(json body) {
  body["type"] = "flexible_body";
  body["name"] = "boom";
  body["r_FB_B"] = {0.8, 0.1, 0.0};
  body["dcm_FB"] = {{0, 1, 0}, {-1, 0, 0}, {0, 0, 1}};
  body["eta0"] = eta0();
  body["etaDot0"] = etaDot0();
  json d = json::parse(R"({
    "vehicles": [{"name": "sc", "hub": {"mass": 500, "I_PntBc_B": [[400, 0, 0], [0, 300, 0], [0, 0, 350]]},
                  "initial_state": {"omega_BN_B": [0.12, -0.15, 0.1]}}],
    "propagation": {"stepper": "rk4", "dt": 0.01},
    "output": {"t1": 2, "dt": 0.5}})");
  d["vehicles"][0]["state_effectors"] = json::array({body});
  return d;
}

/// A small panel (docs/flex/panel.md): 2 m × 1 m, two longerons, three ribs, two elements per bay,
/// eight modes, as a config and as the scenario's "panel" object.
flex::PanelConfig panel_config() {
  flex::PanelConfig c;
  c.length = 2.0;
  c.width = 1.0;
  c.longerons = 2;
  c.ribs = 3;
  c.elements_per_bay = 2;
  c.longeron = {80.0, 400.0, 30.0, 2e5, 1.5, 0.002, 0.0, 0.0, 0.0, 0.0};
  c.rib = {40.0, 200.0, 20.0, 1e5, 0.8, 0.001, 0.0, 0.0, 0.0, 0.0};
  c.modes = 8;
  c.zeta = 0.01;
  return c;
}

json panel_object() {
  return json::parse(R"({"length": 2, "width": 1, "longerons": 2, "ribs": 3, "elements_per_bay": 2, "modes": 8,
                         "zeta": 0.01,
                         "longeron": {"EI_y": 80, "EI_z": 400, "GJ": 30, "EA": 2e5, "rhoA": 1.5, "rhoJ": 0.002},
                         "rib": {"EI_y": 40, "EI_z": 200, "GJ": 20, "EA": 1e5, "rhoA": 0.8, "rhoJ": 0.001}})");
}

/// The same model through the C++ API.
std::shared_ptr<Model> cpp_model(bool stiffening = true, const ModalData* data = nullptr) {
  auto model = std::make_shared<Model>();
  Vehicle& sc = model->add_vehicle(
      "sc", ramus::test::hub_config(500.0, Eigen::Vector3d(400.0, 300.0, 350.0), Eigen::Vector3d::Zero()));
  InitialState ic;
  ic.omega_BN_B = units::AngularVelocity3(Eigen::Vector3d(0.12, -0.15, 0.1), boost::units::si::radian_per_second);
  sc.set_initial_state(ic);
  FlexibleBodyConfig c;
  c.modes = data != nullptr ? *data : flex::clamped_beam(beam_config());
  c.r_FB_B = units::Length3(Eigen::Vector3d(0.8, 0.1, 0.0), boost::units::si::meter);
  c.dcm_FB << 0, 1, 0, -1, 0, 0, 0, 0, 1;
  c.eta0 = Eigen::Map<const Eigen::VectorXd>(eta0().data(), 8);
  c.etaDot0 = Eigen::Map<const Eigen::VectorXd>(etaDot0().data(), 8);
  c.geometric_stiffening = stiffening;
  sc.add_state_effector(std::make_shared<FlexibleBody>("boom", c));
  model->finalize();
  return model;
}

Eigen::VectorXd derivative(const std::shared_ptr<Model>& model) {
  const System system(model);
  const Eigen::VectorXd x = model->initial_state();
  Eigen::VectorXd dx(x.size());
  system(x, dx, 0.0);
  return dx;
}

/// A file in the test's temporary folder holding `text`; its path.
std::string temporary_file(const std::string& name, const std::string& text) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "ramus_flexible_body_section_test";
  std::filesystem::create_directories(dir);
  const std::filesystem::path p = dir / name;
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

/// The modal file of beam_config().
std::string beam_file_text() {
  ModalFile f;
  f.data = flex::clamped_beam(beam_config());
  f.info.provenance = "flexible_body_section_test: flex::clamped_beam(beam_config())";
  return modal_file_text(f);
}

/// Loading the document `d` throws a ScenarioError whose message contains every needle.
void expect_refused(const json& d, std::initializer_list<std::string> needles) {
  try {
    parse_scenario(d.dump());
    BOOST_ERROR("no error; expected " << *needles.begin());
  } catch (const ScenarioError& e) {
    for (const std::string& n : needles)
      BOOST_TEST(std::string(e.what()).find(n) != std::string::npos, "message: " << e.what() << "\nexpected: " << n);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_flexible_body)

// Every double of ModalData written and read back: the writer prints each to round-trip precision,
// so the comparison is exact (==), field by field.
BOOST_AUTO_TEST_CASE(a_modal_file_gives_back_the_doubles_written) {
  const ModalData d = flex::clamped_beam(beam_config());
  const ModalFile f = parse_modal_file(beam_file_text(), "beam.json");
  const ModalData& r = f.data;
  BOOST_TEST(f.info.provenance == "flexible_body_section_test: flex::clamped_beam(beam_config())");
  BOOST_TEST(r.mass == d.mass);
  BOOST_TEST((r.r_ScF_F == d.r_ScF_F));
  BOOST_TEST((r.I_PntF_F == d.I_PntF_F));
  BOOST_TEST((r.modal_mass == d.modal_mass));
  BOOST_TEST((r.omega == d.omega));
  BOOST_TEST((r.zeta == d.zeta));
  BOOST_TEST((r.P_F == d.P_F));
  BOOST_TEST((r.H_PntF_F == d.H_PntF_F));
  BOOST_TEST_REQUIRE(r.J1_F.size() == d.J1_F.size());
  for (std::size_t k = 0; k < d.J1_F.size(); ++k) BOOST_TEST((r.J1_F[k] == d.J1_F[k]), "J1_F " << k);
  for (std::size_t i = 0; i < 3; ++i) BOOST_TEST((r.G[i] == d.G[i]), "G " << i);
  for (std::size_t i = 0; i < 9; ++i) BOOST_TEST((r.D[i] == d.D[i]), "D " << i);
  for (std::size_t q = 0; q < 12; ++q) BOOST_TEST((r.K_G[q] == d.K_G[q]), "K_G " << q);
  BOOST_TEST_REQUIRE(r.nodes.size() == d.nodes.size());
  for (std::size_t k = 0; k < d.nodes.size(); ++k) {
    BOOST_TEST(r.nodes[k].name == d.nodes[k].name);
    BOOST_TEST((r.nodes[k].r_NF_F == d.nodes[k].r_NF_F));
    BOOST_TEST((r.nodes[k].phi_F == d.nodes[k].phi_F));
    BOOST_TEST((r.nodes[k].psi_F == d.nodes[k].psi_F));
  }
}

// The three sources of the modal data build the effector of the C++ API: the state derivative on
// the deformed, moving, tumbling initial state is the same double for double (the same data, the
// same operations), with the stiffening and without it.
BOOST_AUTO_TEST_CASE(beam_inline_and_file_build_the_cpp_effector) {
  const std::string file = temporary_file("beam.json", beam_file_text());
  const Eigen::VectorXd reference = derivative(cpp_model());
  json beam;
  beam["beam"] = beam_object();
  json inline_data;
  inline_data["modal"] = json::parse(beam_file_text());
  for (const char* key : {"format", "version", "provenance", "eta_unit", "frame"}) inline_data["modal"].erase(key);
  json from_file;
  from_file["modal_file"] = file;
  for (const json& body : {beam, inline_data, from_file}) {
    const Scenario s = parse_scenario(document(body).dump());
    const Eigen::VectorXd dx = derivative(s.model);
    BOOST_TEST((dx == reference), "source " << body.begin().key() << ": |difference| " << (dx - reference).norm());
  }
  json off = beam;
  off["geometric_stiffening"] = false;
  BOOST_TEST((derivative(parse_scenario(document(off).dump()).model) == derivative(cpp_model(false))));
  // The check can fail: the stiffening changes the derivative of this tumbling state.
  BOOST_TEST((derivative(cpp_model(false)) != reference));
}

// A panel from the file is flex::clamped_panel's, double for double, like the beam above; the check
// can fail: the beam's derivative differs.
BOOST_AUTO_TEST_CASE(a_panel_builds_the_cpp_effector) {
  const ModalData data = flex::clamped_panel(panel_config());
  const Eigen::VectorXd reference = derivative(cpp_model(true, &data));
  const Eigen::VectorXd dx = derivative(parse_scenario(document(json{{"panel", panel_object()}}).dump()).model);
  BOOST_TEST((dx == reference), "|difference| " << (dx - reference).norm());
  BOOST_TEST((dx != derivative(cpp_model())));
  // The modal data of `ramus modal panel` (panel_modal_data) are the same.
  const ModalData from_text = panel_modal_data(panel_object().dump());
  BOOST_TEST((from_text.omega == data.omega));
  BOOST_TEST((from_text.nodes.size() == data.nodes.size()));
}

// The same beam with its length in cm and its mass per length in g/m (and the SI units spelled
// out). Each factor is a power of ten, one rounding away from the SI value: the derivatives agree
// to 1e-13 relative (those roundings carried through the modal solve); a wrong factor would be off
// by 100 or 1000.
BOOST_AUTO_TEST_CASE(a_beam_in_other_units_is_the_same_beam) {
  json body;
  body["beam"] = beam_object();
  body["beam"]["length"] = {{"value", 400}, {"unit", "cm"}};
  body["beam"]["rhoA"] = {{"value", 5000}, {"unit", "g/m"}};
  body["beam"]["EI_y"] = {{"value", 270}, {"unit", "N m^2"}};
  body["beam"]["rhoJ"] = {{"value", 0.01}, {"unit", "kg m"}};
  const Eigen::VectorXd dx = derivative(parse_scenario(document(body).dump()).model);
  const Eigen::VectorXd reference = derivative(cpp_model());
  BOOST_TEST((dx - reference).norm() <= 1e-13 * reference.norm(), "|difference| " << (dx - reference).norm());
}

// "sc/boom.<node>.u_F" and ".theta_F" against the node's mode shapes times the logged modal
// coordinates, computed here from the data: the same sums in another order, 1e-15 of the tip's
// deflection (a few dozen products).
BOOST_AUTO_TEST_CASE(logged_node_motion_is_the_mode_shapes_times_the_modal_coordinates) {
  json d = document(json{{"beam", beam_object()}});
  d["output"]["log"] = {"sc/boom.eta", "sc/boom.n6.u_F", "sc/boom.n3.theta_F"};
  const Scenario s = parse_scenario(d.dump());
  const QuantityLog log(s, s.log);
  const ModalData data = flex::clamped_beam(beam_config());
  std::vector<std::vector<double>> rows;
  Eigen::VectorXd x;
  run_scenario(s, x, [&](const Eigen::VectorXd& state, double t) { rows.push_back(log.row(state, t)); });
  BOOST_TEST_REQUIRE(rows.size() == 5u);
  BOOST_TEST(log.columns()[9] == "sc/boom.n6.u_F[0]");
  double largest = 0.0;
  for (const std::vector<double>& row : rows) {
    const Eigen::VectorXd eta = Eigen::Map<const Eigen::VectorXd>(row.data() + 1, 8);
    const Eigen::Vector3d u = data.nodes[6].phi_F * eta, theta = data.nodes[3].psi_F * eta;
    const Eigen::Vector3d u_log(row[9], row[10], row[11]), theta_log(row[12], row[13], row[14]);
    BOOST_TEST((u_log - u).norm() <= 1e-15 * u.norm() + 1e-18, "u " << (u_log - u).norm());
    BOOST_TEST((theta_log - theta).norm() <= 1e-15 * theta.norm() + 1e-18, "theta " << (theta_log - theta).norm());
    largest = std::max(largest, u.norm());
  }
  BOOST_TEST(largest > 0.01);  // the tip moves centimetres: the check compares something
}

// `ramus modal import`'s reader: the beam generator's own finite-element model written as Matrix
// Market files (17 digits) and a description gives what flex::import_fe_model gives on the model in
// memory, double for double (the files give back the doubles written), and the modal file of that
// reduction reads back as written. Its frequencies are the generator's clamped ones: the same
// matrices and eigenproblem, the reduction exact for them (docs/flex/fe_import.md), 1e-12 relative
// for two solves of the same problem by differently ordered sums.
BOOST_AUTO_TEST_CASE(a_finite_element_description_imports_as_the_model_in_memory) {
  flex::BeamConfig c = beam_config();
  const flex::FeModel model = flex::beam_fe_model(c, true);
  const auto mtx = [](const std::string& name, const Eigen::MatrixXd& m) {
    std::ostringstream text;
    flex::write_matrix_market(text, m, true);
    return temporary_file(name, text.str());
  };
  json d;
  d["mass_matrix"] = mtx("M.mtx", model.M);
  d["stiffness_matrix"] = mtx("K.mtx", model.K);
  for (std::size_t q = 0; q < 12; ++q)
    d["geometric_stiffness"].push_back(mtx("KG" + std::to_string(q) + ".mtx", model.K_G[q]));
  for (const flex::FeNode& node : model.nodes)
    d["nodes"].push_back(
        {{"name", node.name}, {"r_NF_F", {node.r_NF_F.x(), node.r_NF_F.y(), node.r_NF_F.z()}}, {"dof", node.dof}});
  d["interface"] = model.interface_node;
  d["modes"] = c.modes;
  d["zeta"] = c.zeta;
  d["provenance"] = "flex::beam_fe_model(beam_config())";
  const std::string description = temporary_file("fe.json", d.dump());
  flex::FeModel in_memory = model;
  in_memory.modes = c.modes;
  in_memory.zeta = c.zeta;
  const ModalData direct = flex::import_fe_model(in_memory);
  const ModalFile imported = import_fe_description(description);
  const ModalData& r = imported.data;
  BOOST_TEST((r.omega == direct.omega));
  BOOST_TEST((r.P_F == direct.P_F));
  BOOST_TEST((r.H_PntF_F == direct.H_PntF_F));
  for (std::size_t q = 0; q < 12; ++q) BOOST_TEST((r.K_G[q] == direct.K_G[q]), "K_G " << q);
  BOOST_TEST(imported.info.provenance.find("flex::beam_fe_model") != std::string::npos);
  const ModalData generated = flex::clamped_beam(c);
  BOOST_TEST((r.omega - generated.omega).cwiseAbs().maxCoeff() <= 1e-12 * generated.omega.maxCoeff());
  const ModalData back = parse_modal_file(modal_file_text(imported), "imported.json").data;
  BOOST_TEST((back.omega == r.omega));
  BOOST_TEST((back.D[4] == r.D[4]));
  // Refused by name: a DOF list of five, a matrix file that is not there, a malformed line.
  const auto refused = [&](const json& bad, std::initializer_list<std::string> needles) {
    const std::string f = temporary_file("bad_fe.json", bad.dump());
    try {
      import_fe_description(f);
      BOOST_ERROR("no error; expected " << *needles.begin());
    } catch (const ScenarioError& e) {
      BOOST_TEST(std::string(e.what()).starts_with(f + ": "), "message: " << e.what());
      for (const std::string& n : needles)
        BOOST_TEST(std::string(e.what()).find(n) != std::string::npos, "message: " << e.what() << "\nexpected: " << n);
    }
  };
  json bad = d;
  bad["nodes"][2]["dof"].erase(5);
  refused(bad, {"nodes[2].dof", "must hold 6 rows"});
  bad = d;
  bad["mass_matrix"] = "/nonexistent/ramus/M.mtx";
  refused(bad, {"mass_matrix", "/nonexistent/ramus/M.mtx"});
  bad = d;
  bad["stiffness_matrix"] =
      temporary_file("K_bad.mtx", "%%MatrixMarket matrix coordinate real symmetric\n3 3 1\n1 1 abc\n");
  refused(bad, {"stiffness_matrix", "K_bad.mtx", "line 3"});
  bad = d;
  bad["interface"] = "n99";
  refused(bad, {"n99"});
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(scenario_flexible_body_errors)

BOOST_AUTO_TEST_CASE(bad_objects_are_refused_at_the_key) {
  const std::string at = "vehicles[0].state_effectors[0]";
  json none = document(json::object());
  expect_error(none.dump(), at, "give the modal data: \"modal_file\"", false);
  json two = document(json{{"beam", beam_object()}, {"modal_file", "x.json"}});
  expect_error(two.dump(), at + ".beam", "give the modal data once", false);
  json typo = document(json{{"beam", beam_object()}});
  typo["vehicles"][0]["state_effectors"][0]["beam"]["lenght"] = 4;
  expect_error(typo.dump(), at + ".beam.lenght", "did you mean 'length'", false);
  json negative = document(json{{"beam", beam_object()}});
  negative["vehicles"][0]["state_effectors"][0]["beam"]["EI_z"] = -1;
  expect_refused(negative, {at + ".beam", "EI_z", "-1"});
  json unit = document(json{{"beam", beam_object()}});
  unit["vehicles"][0]["state_effectors"][0]["beam"]["length"] = {{"value", 4}, {"unit", "kg"}};
  expect_refused(unit, {at + ".beam.length.unit", "'kg' is a mass, expected a length"});
  json eta = document(json{{"beam", beam_object()}});
  eta["vehicles"][0]["state_effectors"][0]["eta0"] = {0.1, 0.2};
  expect_error(eta.dump(), at + ".eta0", "must be an array of 8 numbers, found 2 elements", false);
  json zeta = document(json{{"beam", beam_object()}});
  zeta["vehicles"][0]["state_effectors"][0]["zeta"] = -0.1;
  expect_refused(zeta, {at, "zeta", "-0.1"});
  json missing = document(json{{"modal_file", "/nonexistent/ramus/beam.json"}});
  expect_refused(missing, {at + ".modal_file", "/nonexistent/ramus/beam.json"});
  json beam_and_panel = document(json{{"beam", beam_object()}, {"panel", panel_object()}});
  expect_error(beam_and_panel.dump(), at + ".panel", "give the modal data once", false);
  json no_rib = document(json{{"panel", panel_object()}});
  no_rib["vehicles"][0]["state_effectors"][0]["panel"].erase("rib");
  expect_error(no_rib.dump(), at + ".panel.rib", "missing", false);
  json bad_section = document(json{{"panel", panel_object()}});
  bad_section["vehicles"][0]["state_effectors"][0]["panel"]["rib"]["EA"] = 0;
  expect_refused(bad_section, {at + ".panel", "EA", "0"});
  json bad_count = document(json{{"panel", panel_object()}});
  bad_count["vehicles"][0]["state_effectors"][0]["panel"]["longerons"] = 0;
  expect_refused(bad_count, {at + ".panel", "longerons", "0"});
}

// A modal file's every kind of defect, refused with the file, the path in it and the value.
BOOST_AUTO_TEST_CASE(bad_modal_files_are_refused_naming_the_file_and_the_field) {
  const json good = json::parse(beam_file_text());
  const auto refused = [](const json& file_document, std::initializer_list<std::string> needles) {
    try {
      parse_modal_file(file_document.dump(), "arrays/left.json");
      BOOST_ERROR("no error; expected " << *needles.begin());
    } catch (const ScenarioError& e) {
      BOOST_TEST(std::string(e.what()).starts_with("arrays/left.json: "), "message: " << e.what());
      for (const std::string& n : needles)
        BOOST_TEST(std::string(e.what()).find(n) != std::string::npos, "message: " << e.what() << "\nexpected: " << n);
    }
  };
  json f = good;
  f.erase("omega");
  refused(f, {"omega: missing"});
  f = good;
  f["modal_mass"][2] = 0.0;
  refused(f, {"modal_mass", "0"});
  f = good;
  f["omega"]["value"][0] = -1.0;
  refused(f, {"omega", "-1"});
  f = good;
  f["omega"]["unit"] = "kg m^2";
  refused(f, {"omega.unit", "expected an angular velocity"});
  f = good;
  f["nodes"][3]["phi_F"][1].erase(0);
  refused(f, {"nodes[3].phi_F[1]", "must be a row of 8 numbers"});
  f = good;
  f["D"].erase(8);
  refused(f, {"D", "must hold 9 matrices"});
  f = good;
  f["I_PntF_F"]["value"][0][1] = 5.0;  // no longer symmetric
  refused(f, {"I_PntF_F"});
  f = good;
  f["G"][0][1][2] = 1.0;  // no longer antisymmetric
  refused(f, {"G"});
  f = good;
  f["format"] = "something else";
  refused(f, {"format", "something else"});
  f = good;
  f["version"] = 2;
  refused(f, {"version", "reads version 1, found 2"});
  f = good;
  f["provenance"] = "";
  refused(f, {"provenance", "must say where the data come from"});
  f = good;
  f["omegaa"] = 1;
  refused(f, {"omegaa", "did you mean 'omega'"});
}

// Geometric stiffening on data without K_G would silently not stiffen: refused at the effector.
BOOST_AUTO_TEST_CASE(stiffening_without_geometric_stiffness_is_refused) {
  json file = json::parse(beam_file_text());
  file.erase("K_G");
  const std::string path = temporary_file("no_kg.json", file.dump());
  json on = document(json{{"modal_file", path}});
  expect_refused(on, {"vehicles[0].state_effectors[0]", "geometric_stiffening", "K_G"});
  json off = document(json{{"modal_file", path}, {"geometric_stiffening", false}});
  BOOST_CHECK_NO_THROW(parse_scenario(off.dump()));
}

BOOST_AUTO_TEST_SUITE_END()
