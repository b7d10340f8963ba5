// Hostile data files through the scenario loader (docs/scenario.md §3, Data files): the data root
// confines every data file of a scenario (relative paths, "..", absolute paths and symbolic links
// resolved before the check); a refusal never quotes a file that is not a data file of its kind;
// "degree": -1 is refused; a file above the model's largest degree is refused naming its degree;
// an analytic Moon over 1e12 s is refused naming the span. Each refusal has its control.
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "ramus/scenario/scenario.hpp"

using namespace ramus;

namespace {

/// A fresh folder next to the test executable for the files made here.
std::filesystem::path scratch() {
  static const std::filesystem::path dir = [] {
    const auto& suite = boost::unit_test::framework::master_test_suite();
    std::filesystem::path d = suite.argc > 0 ? std::filesystem::path(suite.argv[0]).parent_path() : ".";
    if (d.empty()) d = ".";
    d = std::filesystem::absolute(d / "data_files_loader");
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir;
}

/// A scenario with `environment` and `gravity` sections (JSON members, may be empty) and one rigid hub.
std::string document(const std::string& environment, const std::string& gravity, const std::string& t1 = "2") {
  std::string doc = "{";
  if (!environment.empty()) doc += R"("environment": )" + environment + ", ";
  if (!gravity.empty()) doc += R"("gravity": )" + gravity + ", ";
  return doc + R"("vehicles": [{"name": "sc", "hub": {"mass": 1, "I_PntBc_B": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]},
     "initial_state": {"r_N": [7e6, 0, 0], "v_N": [0, 7.5e3, 0]}}],
     "propagation": {"stepper": "rk4", "dt": 1}, "output": {"t1": )" +
         t1 + R"(, "dt": )" + t1 + "}}";
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

std::string ggm(const std::string& file) {
  return R"({"type": "spherical_harmonic_gravity", "file": )" + quoted(file) + R"(, "degree": 4, "order": 4})";
}

/// Loading `doc` from `base` throws ScenarioError at `path` whose message has every part and
/// none of the lines of /etc/passwd.
void refused(const std::string& doc, const std::filesystem::path& base, const std::string& path,
             const std::vector<std::string>& parts) {
  try {
    scenario::parse_scenario(doc, base);
    BOOST_ERROR("no error; expected one at " << path);
  } catch (const scenario::ScenarioError& e) {
    const std::string what = e.what();
    BOOST_TEST_MESSAGE("message: " << what);
    BOOST_TEST(e.path() == path, what);
    for (const std::string& p : parts) BOOST_TEST(what.find(p) != std::string::npos, "'" << p << "' in: " << what);
    for (const char* secret : {"root:x", "/bin/bash", "daemon:x"})
      BOOST_TEST(what.find(secret) == std::string::npos, "'" << secret << "' in: " << what);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(data_files_loader_hostile)

BOOST_AUTO_TEST_CASE(the_data_root_confines_every_data_file) {
  const std::string root = RAMUS_DATA_DIR;
  const std::string env = R"({"data_root": )" + quoted(root) + "}";
  // The control: a file below the root, relative to it, loads.
  BOOST_CHECK_NO_THROW(scenario::parse_scenario(document(env, ggm("GGM03S-deg60.txt")), scratch()));
  // A relative root is the scenario folder's: "." from data/ is data/.
  BOOST_CHECK_NO_THROW(scenario::parse_scenario(document(R"({"data_root": "."})", ggm("GGM03S-deg60.txt")), root));
  // Out through "..", by an absolute path, or through a link inside the root: refused, not read.
  refused(
      document(env, ggm("../../../../../../../../etc/passwd")), scratch(), "gravity.file",
      {"data_root '", "'../../../../../../../../etc/passwd'", "resolves to '/etc/passwd'", "outside the data root"});
  refused(document(env, ggm("/etc/passwd")), scratch(), "gravity.file", {"outside the data root"});
  const std::filesystem::path jail = scratch() / "jail";
  std::filesystem::create_directories(jail);
  std::filesystem::create_symlink("/etc/passwd", jail / "ggm.txt");
  const std::string jail_env = R"({"data_root": )" + quoted(jail.string());
  refused(document(jail_env + "}", ggm("ggm.txt")), scratch(), "gravity.file", {"resolves to '/etc/passwd'"});
  // Every data file of the environment section is confined too.
  refused(document(jail_env +
                       R"(, "atmosphere": {"type": "tabulated", "file": "../../../../../../../../../../etc/passwd"}})",
                   ""),
          scratch(), "environment.atmosphere.file", {"outside the data root"});
  refused(document(jail_env + R"(, "epoch": "2025-01-01T00:00:00 UTC",
                   "magnetic_field": {"type": "world_magnetic_model", "file": "/etc/passwd"}})",
                   ""),
          scratch(), "environment.magnetic_field.file", {"outside the data root"});
  refused(document(jail_env + R"(, "sun": {"file": "/etc/passwd"}})", ""), scratch(), "environment.sun.file",
          {"outside the data root"});
  // A root that is no folder.
  refused(document(R"({"data_root": "no_such_folder"})", ""), scratch(), "environment.data_root",
          {"cannot be resolved", "No such file or directory"});
  refused(document(R"({"data_root": "GGM03S-deg60.txt"})", ""), root, "environment.data_root", {"not a directory"});
}

BOOST_AUTO_TEST_CASE(without_a_data_root_a_file_that_is_not_a_data_file_is_not_quoted) {
  // As before the data root: relative to the scenario's folder, unconfined; the refusal names the
  // file and says why, and quotes nothing of it.
  refused(document("", ggm("/etc/passwd")), scratch(), "gravity", {"'/etc/passwd'", "header", "(not shown)"});
  refused(document(R"({"atmosphere": {"type": "tabulated", "file": "/etc/passwd"}})", ""), scratch(),
          "environment.atmosphere", {"/etc/passwd", "Height"});
  refused(document(R"({"atmosphere": {"type": "tabulated", "format": "two_column", "file": "/etc/passwd"}})", ""),
          scratch(), "environment.atmosphere", {"/etc/passwd", "line 1", "two numbers"});
  refused(document("", ggm("/dev/zero")), scratch(), "gravity", {"'/dev/zero'", "character device"});
  refused(document("", ggm(scratch().string())), scratch(), "gravity", {"is a directory"});
}

BOOST_AUTO_TEST_CASE(gravity_degree_and_order_are_whole_numbers) {
  const std::string root = RAMUS_DATA_DIR;
  const std::string file = R"({"type": "spherical_harmonic_gravity", "file": "GGM03S-deg60.txt", )";
  refused(document("", file + R"("degree": -1})"), root, "gravity.degree", {"must be a whole number >= 0", "-1"});
  refused(document("", file + R"("degree": 4, "order": -1})"), root, "gravity.order", {"-1"});
  BOOST_CHECK_NO_THROW(scenario::parse_scenario(document("", file + R"("degree": 0})"), root));  // the control
}

BOOST_AUTO_TEST_CASE(a_file_above_the_models_degree_is_refused_naming_its_degree) {
  // A degree-1001 field (every row, C̄nm = 0 but C̄00): the reader takes it, the model sums at most 1000.
  const std::filesystem::path path = scratch() / "degree1001.txt";
  {
    std::ofstream out(path);
    out << "6378136.3 3.986004415e14 7.292115e-5 1001 1001 1\n0 0 1 0\n";
    for (int n = 1; n <= 1001; ++n)
      for (int m = 0; m <= n; ++m) out << n << ' ' << m << " 0 0\n";
  }
  const std::string gravity = R"({"type": "spherical_harmonic_gravity", "file": )" + quoted(path.string());
  refused(document("", gravity + "}"), scratch(), "gravity.file",
          {"the file's degree 1001", "largest the model sums, 1000", "\"degree\""});
  // The control: the same file asked for degree 3.
  BOOST_CHECK_NO_THROW(scenario::parse_scenario(document("", gravity + R"(, "degree": 3})"), scratch()));
}

BOOST_AUTO_TEST_CASE(an_analytic_moon_over_1e12_s_is_refused_naming_the_span) {
  const std::string env = R"({"epoch": "2025-01-01T00:00:00 UTC", "moon": "analytic"})";
  refused(document(env, "", "1e12"), scratch(), "environment.moon",
          {"analytic_moon", "span [s]", "3600", "limit of 1000000"});
  BOOST_CHECK_NO_THROW(scenario::parse_scenario(document(env, "", "86400"), scratch()));  // the control: a day
}

BOOST_AUTO_TEST_SUITE_END()
