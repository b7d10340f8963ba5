// The scenario type polyhedral_gravity (docs/environment/polyhedral_gravity.md §5): a shape file in
// km read with its length unit gives the same doubles as the C++ model built from the shape in
// metres, fixed in N or turning with the environment's rotation; density or mu, one of them; a bad
// shape file refused at the gravity object, naming the file, the line and the value.
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <memory>
#include <numbers>
#include <string>
#include <vector>

#include "ramus/environment/body_rotation.hpp"
#include "ramus/environment/polyhedral_gravity.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/scenario/scenario.hpp"

using namespace ramus;

namespace {

/// A fresh folder next to the test executable for the files made here.
std::filesystem::path scratch() {
  static const std::filesystem::path dir = [] {
    const auto& suite = boost::unit_test::framework::master_test_suite();
    std::filesystem::path d = suite.argc > 0 ? std::filesystem::path(suite.argv[0]).parent_path() : ".";
    if (d.empty()) d = ".";
    d = std::filesystem::absolute(d / "polyhedral_gravity_loader");
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir;
}

std::string write(const std::string& name, const std::string& text) {
  const std::filesystem::path p = scratch() / name;
  std::ofstream(p) << text;
  return p.string();
}

/// An irregular tetrahedron in km (vertex lines, then facets counter-clockwise seen from outside).
const char* const kTetrahedronKm =
    "# a small body, km\n"
    "v -0.3 -0.25 -0.2\nv 0.7 -0.1 -0.15\nv -0.05 0.8 -0.25\nv 0.1 0.15 0.65\n"
    "f 1 3 2\nf 1 2 4\nf 2 3 4\nf 1 4 3\n";

/// The same shape in metres, built in code.
PolyhedronShape tetrahedron_m() {
  PolyhedronShape s;
  s.vertices = {Eigen::Vector3d(-0.3, -0.25, -0.2) * 1000.0, Eigen::Vector3d(0.7, -0.1, -0.15) * 1000.0,
                Eigen::Vector3d(-0.05, 0.8, -0.25) * 1000.0, Eigen::Vector3d(0.1, 0.15, 0.65) * 1000.0};
  s.facets = {{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {0, 3, 2}};
  return s;
}

/// A scenario with `environment` (may be empty) and `gravity`, one rigid hub 3 km from the body.
std::string document(const std::string& environment, const std::string& gravity) {
  std::string doc = "{";
  if (!environment.empty()) doc += R"("environment": )" + environment + ", ";
  return doc + R"("gravity": )" + gravity + R"(, "vehicles": [{"name": "sc", "hub": {"mass": 1,
     "I_PntBc_B": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]},
     "initial_state": {"r_N": [3000, 500, -400], "v_N": [0, 0.3, 0]}}],
     "propagation": {"stepper": "rk4", "dt": 1}, "output": {"t1": 2, "dt": 2}})";
}

std::string shape_gravity(const std::string& file, const std::string& more) {
  return R"({"type": "polyhedral_gravity", "shape": ")" + file + R"(", "length_unit": {"value": 1, "unit": "km"})" +
         more + "}";
}

/// Loading `doc` throws ScenarioError at `path` whose message has every part.
void refused(const std::string& doc, const std::string& path, const std::vector<std::string>& parts) {
  try {
    scenario::parse_scenario(doc, scratch());
    BOOST_ERROR("no error; expected one at " << path);
  } catch (const scenario::ScenarioError& e) {
    const std::string what = e.what();
    BOOST_TEST_MESSAGE("message: " << what);
    BOOST_TEST(e.path() == path, what);
    for (const std::string& p : parts) BOOST_TEST(what.find(p) != std::string::npos, "'" << p << "' in: " << what);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(polyhedral_gravity_loader)

BOOST_AUTO_TEST_CASE(the_scenario_type_gives_the_cpp_models_field) {
  const std::string file = write("tetrahedron_km.obj", kTetrahedronKm);
  const Eigen::Vector3d r(3000.0, 500.0, -400.0);
  // Fixed in N (no environment rotation), by density.
  {
    const scenario::Scenario sc = scenario::parse_scenario(document("", shape_gravity(file, R"(, "density": 2670)")));
    PolyhedralGravityConfig c;
    c.shape = tetrahedron_m();
    c.density = 2670.0;
    c.fixed_in_N = true;
    const PolyhedralGravity expected(c);
    const GravityModel* g = sc.model->gravity();
    BOOST_REQUIRE(g != nullptr);
    BOOST_TEST(g->kind() == "polyhedral_gravity");
    // The shape in km times 1000 is the shape in metres to an ulp a coordinate (0.3 × 1000 need
    // not be 300 exactly); the field's terms carry it through unamplified (the point is 3 sizes
    // away, ENV_POLYHEDRAL.md (4)): 1e-14.
    BOOST_TEST((g->acceleration_N(r, 0.0) - expected.acceleration_N(r, 0.0)).norm() <=
               1e-14 * expected.acceleration_N(r, 0.0).norm());
    BOOST_TEST(g->potential(r, 0.0) == expected.potential(r, 0.0), boost::test_tools::tolerance(1e-14));
    // Against the C++ model of the same file: the same doubles.
    c.shape = read_polyhedron_shape(file, 1000.0);
    const PolyhedralGravity same(c);
    BOOST_TEST((g->acceleration_N(r, 0.0) - same.acceleration_N(r, 0.0)).norm() == 0.0);
    BOOST_TEST((sc.data_files.size() == 1u && sc.data_files[0] == file));
  }
  // Turning with the environment's rotation, by mu: the same doubles as the C++ model given the
  // same shape read by read_polyhedron_shape.
  {
    const std::string env = R"({"rotation": {"rate": {"value": 0.0189, "unit": "deg/s"}, "angle_at_epoch": 0.3}})";
    const scenario::Scenario sc = scenario::parse_scenario(document(env, shape_gravity(file, R"(, "mu": 4.5)")));
    PolyhedralGravityConfig c;
    c.shape = read_polyhedron_shape(file, 1000.0);
    c.mu = 4.5;
    c.rotation = std::make_shared<UniformRotation>(UniformRotationConfig{0.0189 * std::numbers::pi / 180.0, 0.3});
    const PolyhedralGravity expected(c);
    const GravityModel* g = sc.model->gravity();
    for (const double t : {0.0, 1000.0, 5000.0}) {
      // the rate in deg/s converts through the units table (π/180, docs/scenario.md §2), which may
      // round differently from 0.0189 π/180 here by an ulp: the angle at 5000 s by 1e-16 rad
      BOOST_TEST((g->acceleration_N(r, t) - expected.acceleration_N(r, t)).norm() <=
                 1e-14 * expected.acceleration_N(r, t).norm());
      BOOST_TEST((g->gradient_N(r, t) - expected.gradient_N(r, t)).norm() <= 1e-14 * expected.gradient_N(r, t).norm());
    }
    BOOST_TEST(dynamic_cast<const PolyhedralGravity*>(g)->mu() == 4.5, boost::test_tools::tolerance(1e-15));
  }
}

BOOST_AUTO_TEST_CASE(bad_polyhedral_gravity_objects_are_refused) {
  const std::string file = write("good.obj", kTetrahedronKm);
  // the control
  BOOST_CHECK_NO_THROW(scenario::parse_scenario(document("", shape_gravity(file, R"(, "density": 2000)")), scratch()));
  refused(document("", shape_gravity(file, R"(, "density": 2000, "mu": 4.5)")), "gravity.mu",
          {"either \"density\" or \"mu\""});
  refused(document("", shape_gravity(file, "")), "gravity", {"needs \"density\" or \"mu\""});
  refused(document("", shape_gravity(file, R"(, "density": -3)")), "gravity.density", {"must be positive"});
  refused(document("", shape_gravity(file, R"(, "mu": 4.5, "J2": 0.1)")), "gravity.J2", {"unknown key"});
  refused(document("", R"({"type": "polyhedral_gravity", "density": 2000})"), "gravity.shape", {"missing"});
  // A shape file with a hole: the refusal names the file, the line and the edge.
  // (an octahedron, one of its eight facets left out)
  const std::string open = write("open.obj",
                                 "v 1 0 0\nv 0 1 0\nv -1 0 0\nv 0 -1 0\nv 0 0 1\nv 0 0 -1\n"
                                 "f 1 2 5\nf 2 3 5\nf 3 4 5\nf 4 1 5\nf 2 1 6\nf 3 2 6\nf 4 3 6\n");
  refused(document("", shape_gravity(open, R"(, "density": 2000)")), "gravity",
          {"shape file '" + open + "'", "facet edge = vertex", "not closed"});
  refused(document("", shape_gravity(write("none.obj", ""), R"(, "density": 2000)")), "gravity", {"(empty file)"});
  refused(document("", shape_gravity((scratch() / "absent.obj").string(), R"(, "density": 2000)")), "gravity",
          {"No such file"});
}

BOOST_AUTO_TEST_SUITE_END()
