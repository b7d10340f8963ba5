// The HDF5 modal file (docs/flex/modal_file.md §5), against the JSON modal file it stands beside:
//  - a beam's modal data written as HDF5 and read back are the doubles written, bit for bit, every
//    field and node, and the same ModalFile the JSON route gives;
//  - a flexible_body whose modal_file is the .h5 builds the effector the .json builds: the same
//    state derivative, bit for bit;
//  - the writer refuses what modal_file_text refuses and replaces its target whole or not at all;
//  - damaged and hostile files (a missing, misshapen, mistyped, unknown or linked dataset, a wrong
//    attribute or unit, a name, a text file named .h5, a truncated file, a size beyond the bound)
//    are refused naming the file and the dataset or attribute.
// Files are edited with HDF5's C API (the test links HDF5 when the library does).
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/scenario/modal_file.hpp"
#include "ramus/scenario/scenario.hpp"

#ifdef RAMUS_WITH_HDF5
#include <hdf5.h>
#endif

namespace {

using namespace ramus;
using namespace ramus::scenario;
namespace fs = std::filesystem;

/// The beam of these tests (4 m, 6 elements, 8 modes, 7 nodes), from the scenario's generator.
const char* const kBeam = R"({"length": 4, "EI_y": 270, "EI_z": 120, "GJ": 1e4, "EA": 1e6, "rhoA": 5,
                              "rhoJ": 0.01, "elements": 6, "modes": 8, "zeta": 0.01})";

ModalFile beam_file() {
  ModalFile f;
  f.data = beam_modal_data(kBeam);
  f.info.provenance = "modal_file_hdf5_test: beam_modal_data(kBeam), \u00e9t\u00e9";  // UTF-8 kept
  f.info.frame = "F at the root";
  return f;
}

/// A fresh folder for one test's files.
fs::path folder(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "ramus_modal_file_hdf5_test" / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string write_text(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

/// Whether a and b have the same shape and the same bits in every entry (memcmp: -0 is not +0).
template <class A, class B>
bool same_bits(const A& a, const B& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<std::size_t>(a.size())) == 0;
}

/// Every field of a and b the same bits, the header and the nodes included.
void expect_identical(const ModalFile& a, const ModalFile& b) {
  BOOST_TEST(a.info.provenance == b.info.provenance);
  BOOST_TEST(a.info.eta_unit == b.info.eta_unit);
  BOOST_TEST(a.info.frame == b.info.frame);
  const ModalData &x = a.data, &y = b.data;
  BOOST_TEST(std::memcmp(&x.mass, &y.mass, sizeof(double)) == 0);
  BOOST_TEST(same_bits(x.r_ScF_F, y.r_ScF_F));
  BOOST_TEST(same_bits(x.I_PntF_F, y.I_PntF_F));
  BOOST_TEST(same_bits(x.modal_mass, y.modal_mass));
  BOOST_TEST(same_bits(x.omega, y.omega));
  BOOST_TEST(same_bits(x.zeta, y.zeta));
  BOOST_TEST(same_bits(x.P_F, y.P_F));
  BOOST_TEST(same_bits(x.H_PntF_F, y.H_PntF_F));
  BOOST_TEST_REQUIRE(x.J1_F.size() == y.J1_F.size());
  for (std::size_t k = 0; k < x.J1_F.size(); ++k) BOOST_TEST(same_bits(x.J1_F[k], y.J1_F[k]), "J1_F " << k);
  for (std::size_t i = 0; i < 3; ++i) BOOST_TEST(same_bits(x.G[i], y.G[i]), "G " << i);
  for (std::size_t i = 0; i < 9; ++i) BOOST_TEST(same_bits(x.D[i], y.D[i]), "D " << i);
  for (std::size_t q = 0; q < 12; ++q) BOOST_TEST(same_bits(x.K_G[q], y.K_G[q]), "K_G " << q);
  BOOST_TEST_REQUIRE(x.nodes.size() == y.nodes.size());
  for (std::size_t k = 0; k < x.nodes.size(); ++k) {
    BOOST_TEST(x.nodes[k].name == y.nodes[k].name);
    BOOST_TEST(same_bits(x.nodes[k].r_NF_F, y.nodes[k].r_NF_F), "node " << k);
    BOOST_TEST(same_bits(x.nodes[k].phi_F, y.nodes[k].phi_F), "node " << k);
    BOOST_TEST(same_bits(x.nodes[k].psi_F, y.nodes[k].psi_F), "node " << k);
  }
}

/// Reading `path` throws a ScenarioError whose message starts with "path: " and contains every needle.
void expect_refused(const std::string& path, std::initializer_list<std::string> needles) {
  try {
    read_modal_file(path);
    BOOST_ERROR("no error reading " << path << "; expected " << *needles.begin());
  } catch (const ScenarioError& e) {
    const std::string m = e.what();
    BOOST_TEST(m.starts_with(path + ": "), "message: " << m);
    for (const std::string& n : needles)
      BOOST_TEST(m.find(n) != std::string::npos, "message: " << m << "\nexpected: " << n);
  }
}

#ifdef RAMUS_WITH_HDF5
std::string file_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// A scenario with one tumbling vehicle carrying a flexible body from the modal file `file`,
/// deformed and moving in every mode.
std::string document(const std::string& file) {
  nlohmann::json d = nlohmann::json::parse(R"({
    "vehicles": [{"name": "sc", "hub": {"mass": 500, "I_PntBc_B": [[400, 0, 0], [0, 300, 0], [0, 0, 350]]},
                  "initial_state": {"omega_BN_B": [0.12, -0.15, 0.1]},
                  "state_effectors": [{"type": "flexible_body", "name": "boom", "r_FB_B": [0.8, 0.1, 0],
                                       "dcm_FB": [[0, 1, 0], [-1, 0, 0], [0, 0, 1]],
                                       "eta0": [0.1, -0.05, 0.02, 0.01, -0.004, 0.003, 0.001, -0.001],
                                       "etaDot0": [-0.03, 0.04, 0.01, -0.02, 0.005, 0.002, -0.001, 0.0005]}]}],
    "propagation": {"stepper": "rk4", "dt": 0.01},
    "output": {"t1": 1, "dt": 0.5}})");
  d["vehicles"][0]["state_effectors"][0]["modal_file"] = file;
  return d.dump();
}

Eigen::VectorXd derivative(const std::string& modal_file) {
  const Scenario s = parse_scenario(document(modal_file));
  const System system(s.model);
  const Eigen::VectorXd x = s.model->initial_state();
  Eigen::VectorXd dx(x.size());
  system(x, dx, 0.0);
  return dx;
}

/// An HDF5 identifier closed at scope exit (the test's own, independent of the library's).
struct Id {
  hid_t id;
  herr_t (*close)(hid_t);
  Id(hid_t i, herr_t (*c)(hid_t)) : id(i), close(c) { BOOST_TEST_REQUIRE(id >= 0, "HDF5 call failed"); }
  Id(const Id&) = delete;
  Id& operator=(const Id&) = delete;
  ~Id() { close(id); }
};

/// The beam's modal file written by the library as HDF5 at `p`, then edited by `edit(file id)`.
template <class Edit>
std::string edited(const fs::path& p, Edit&& edit) {
  write_modal_file_hdf5(p.string(), beam_file());
  {
    const Id file(H5Fopen(p.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), H5Fclose);
    edit(file.id);
  }
  return p.string();
}

/// Replaces the dataset `name` of `file` by one of `type` and `dims`, filled with `value`.
void replace_dataset(hid_t file, const char* name, hid_t type, std::vector<hsize_t> dims, double value = 1.0) {
  if (H5Lexists(file, name, H5P_DEFAULT) > 0) BOOST_TEST_REQUIRE(H5Ldelete(file, name, H5P_DEFAULT) >= 0);
  const Id space(
      dims.empty() ? H5Screate(H5S_SCALAR) : H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr),
      H5Sclose);
  const Id dataset(H5Dcreate2(file, name, type, space.id, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Dclose);
  std::size_t count = 1;
  for (const hsize_t d : dims) count *= d;
  const std::vector<double> values(count, value);
  BOOST_TEST_REQUIRE(H5Dwrite(dataset.id, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()) >= 0);
}

/// Sets the string attribute `name` of the object `path` in `file` (a variable-length UTF-8 string).
void set_string_attribute(hid_t file, const char* path, const char* name, const std::string& value) {
  const Id object(H5Oopen(file, path, H5P_DEFAULT), H5Oclose);
  if (H5Aexists(object.id, name) > 0) BOOST_TEST_REQUIRE(H5Adelete(object.id, name) >= 0);
  const Id type(H5Tcopy(H5T_C_S1), H5Tclose);
  H5Tset_size(type.id, H5T_VARIABLE);
  H5Tset_cset(type.id, H5T_CSET_UTF8);
  const Id space(H5Screate(H5S_SCALAR), H5Sclose);
  const Id attribute(H5Acreate2(object.id, name, type.id, space.id, H5P_DEFAULT, H5P_DEFAULT), H5Aclose);
  const char* text = value.c_str();
  BOOST_TEST_REQUIRE(H5Awrite(attribute.id, type.id, &text) >= 0);
}
#endif

}  // namespace

BOOST_AUTO_TEST_SUITE(scenario_modal_hdf5)

#ifdef RAMUS_WITH_HDF5
// The writer stores IEEE doubles and the reader reads them into doubles without arithmetic (SI
// units: no factor applied), so every field compares with ==; the JSON route prints each double
// to round-trip precision, so it gives the same ModalFile.
BOOST_AUTO_TEST_CASE(hdf5_gives_back_the_doubles_written_and_the_json_routes_file) {
  BOOST_TEST(modal_file_hdf5_supported());
  const fs::path dir = folder("round_trip");
  ModalFile original = beam_file();
  BOOST_TEST_REQUIRE(original.data.nodes.size() == 7u);  // the nodes are compared too
  // Bits that a decimal text or a conversion could lose: a negative zero and a subnormal.
  original.data.nodes[0].phi_F(0, 0) = -0.0;
  original.data.nodes[0].psi_F(1, 0) = 4.9e-324;
  write_modal_file_hdf5((dir / "beam.h5").string(), original);
  const ModalFile from_hdf5 = read_modal_file((dir / "beam.h5").string());
  expect_identical(from_hdf5, original);
  const ModalFile from_json = read_modal_file(write_text(dir / "beam.json", modal_file_text(original)));
  expect_identical(from_hdf5, from_json);
  // Detection is by the signature, not the name: the same bytes under another name read the same.
  fs::copy_file(dir / "beam.h5", dir / "beam.modal");
  expect_identical(read_modal_file((dir / "beam.modal").string()), original);
  // Written again from what it read: the same bytes (nothing drifts through a round trip).
  write_modal_file_hdf5((dir / "again.h5").string(), from_hdf5);
  BOOST_TEST((file_bytes(dir / "again.h5") == file_bytes(dir / "beam.h5")));
}

// Data without nodes or K_G: no group "nodes" is written; K_G is written (zeros, as JSON writes
// it) and read back as zeros.
BOOST_AUTO_TEST_CASE(data_without_nodes_round_trip) {
  const fs::path dir = folder("no_nodes");
  ModalFile f = beam_file();
  f.data.nodes.clear();
  f.info.frame.clear();
  for (Eigen::MatrixXd& K : f.data.K_G) K.setZero();
  write_modal_file_hdf5((dir / "bare.h5").string(), f);
  expect_identical(read_modal_file((dir / "bare.h5").string()), f);
}

// The unit attribute converts as a JSON unit does: the mass in g, the centre of mass in cm. Each
// factor is one rounding from SI (1e-3, 1e-2), so the values agree to 1e-15 relative; a unit
// ignored would be off by 1000 or 100.
BOOST_AUTO_TEST_CASE(a_unit_attribute_converts_to_si) {
  const fs::path dir = folder("units");
  const ModalFile f = beam_file();
  const std::string p = edited(dir / "units.h5", [&](hid_t file) {
    replace_dataset(file, "mass", H5T_IEEE_F64LE, {}, f.data.mass * 1000.0);
    set_string_attribute(file, "mass", "unit", "g");
    replace_dataset(file, "r_ScF_F", H5T_IEEE_F64LE, {3}, 0.0);  // the beam's centre of mass lies on x
    const Id r(H5Dopen2(file, "r_ScF_F", H5P_DEFAULT), H5Dclose);
    const double cm[3] = {f.data.r_ScF_F.x() * 100.0, f.data.r_ScF_F.y() * 100.0, f.data.r_ScF_F.z() * 100.0};
    BOOST_TEST_REQUIRE(H5Dwrite(r.id, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, cm) >= 0);
    set_string_attribute(file, "r_ScF_F", "unit", "cm");
  });
  const ModalData r = read_modal_file(p).data;
  BOOST_TEST(std::abs(r.mass - f.data.mass) <= 1e-15 * f.data.mass);
  BOOST_TEST((r.r_ScF_F - f.data.r_ScF_F).norm() <= 1e-15 * f.data.r_ScF_F.norm());
}

// A flexible_body reads its modal_file through read_modal_file: the .h5 builds the effector the
// .json builds, the state derivative on a deformed, moving, tumbling state the same double for
// double. The check can fail: a file with another first frequency gives another derivative.
BOOST_AUTO_TEST_CASE(a_flexible_body_from_hdf5_is_the_one_from_json) {
  const fs::path dir = folder("flexible_body");
  const ModalFile f = beam_file();
  write_modal_file_hdf5((dir / "boom.h5").string(), f);
  const Eigen::VectorXd from_hdf5 = derivative((dir / "boom.h5").string());
  const Eigen::VectorXd from_json = derivative(write_text(dir / "boom.json", modal_file_text(f)));
  BOOST_TEST((from_hdf5 == from_json), "|difference| " << (from_hdf5 - from_json).norm());
  ModalFile stiffer = f;
  stiffer.data.omega[0] *= 1.01;
  write_modal_file_hdf5((dir / "stiffer.h5").string(), stiffer);
  BOOST_TEST((derivative((dir / "stiffer.h5").string()) != from_json));
}

// The writer refuses what modal_file_text refuses, before it touches the disk: the file in place
// stays as it was and no temporary file is left beside it. A directory is not replaced.
BOOST_AUTO_TEST_CASE(the_writer_replaces_its_target_whole_or_not_at_all) {
  const fs::path dir = folder("writer");
  const std::string target = write_text(dir / "boom.h5", "the previous content");
  ModalFile bad = beam_file();
  bad.info.provenance.clear();
  BOOST_CHECK_THROW(write_modal_file_hdf5(target, bad), ConfigurationError);
  bad = beam_file();
  bad.data.modal_mass[2] = -1.0;
  BOOST_CHECK_THROW(write_modal_file_hdf5(target, bad), ConfigurationError);
  BOOST_TEST(file_bytes(target) == "the previous content");
  fs::create_directory(dir / "folder.h5");
  try {
    write_modal_file_hdf5((dir / "folder.h5").string(), beam_file());
    BOOST_ERROR("a directory was written over");
  } catch (const ScenarioError& e) {
    BOOST_TEST(std::string(e.what()).find("not a regular file") != std::string::npos, "message: " << e.what());
  }
  write_modal_file_hdf5(target, beam_file());
  BOOST_TEST(file_bytes(target).starts_with("\x89HDF\r\n\x1a\n"));
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir)) ++entries;
  BOOST_TEST(entries == 2u);  // boom.h5 and folder.h5: no temporary left
}
#else
// A build without HDF5 refuses both directions with what to do instead.
BOOST_AUTO_TEST_CASE(a_build_without_hdf5_refuses_hdf5_modal_files_clearly) {
  BOOST_TEST(!modal_file_hdf5_supported());
  const fs::path dir = folder("no_hdf5");
  const std::string p = write_text(dir / "boom.h5", std::string("\x89HDF\r\n\x1a\n", 8) + std::string(100, '\0'));
  expect_refused(p, {"no HDF5 support", "ramus modal convert"});
  BOOST_CHECK_THROW(write_modal_file_hdf5((dir / "out.h5").string(), beam_file()), ScenarioError);
  BOOST_TEST(!fs::exists(dir / "out.h5"));
}
#endif

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(scenario_modal_hdf5_errors)

// A file named .h5 that is not HDF5 is read as JSON (the signature decides): a JSON modal file so
// named reads; anything else is refused as neither.
BOOST_AUTO_TEST_CASE(a_text_file_named_h5_is_read_as_json_or_refused_as_neither) {
  const fs::path dir = folder("not_hdf5");
  const ModalFile f = beam_file();
  expect_identical(read_modal_file(write_text(dir / "json_inside.h5", modal_file_text(f))), f);
  expect_refused(write_text(dir / "text.h5", "not a modal file"), {"not an HDF5 file", "invalid JSON"});
  expect_refused(write_text(dir / "empty.hdf5", ""), {"not an HDF5 file"});
}

#ifdef RAMUS_WITH_HDF5
BOOST_AUTO_TEST_CASE(missing_misshapen_and_mistyped_datasets_are_refused_by_name) {
  const fs::path dir = folder("datasets");
  // n = 8 modes, 7 nodes.
  expect_refused(edited(dir / "no_zeta.h5", [](hid_t file) { H5Ldelete(file, "zeta", H5P_DEFAULT); }),
                 {": zeta: missing dataset"});
  expect_refused(edited(dir / "no_phi.h5", [](hid_t file) { H5Ldelete(file, "nodes/phi_F", H5P_DEFAULT); }),
                 {": nodes/phi_F: missing dataset"});
  expect_refused(edited(dir / "omega_2d.h5",
                        [](hid_t file) {
                          replace_dataset(file, "omega", H5T_IEEE_F64LE, {8, 2});
                        }),
                 {": omega: expected 1-D", "found 2-D (8, 2)"});
  expect_refused(edited(dir / "zeta_7.h5", [](hid_t file) { replace_dataset(file, "zeta", H5T_IEEE_F64LE, {7}); }),
                 {": zeta: expected 1-D of 8 doubles, found 1-D (7)"});
  expect_refused(edited(dir / "G.h5",
                        [](hid_t file) {
                          replace_dataset(file, "G", H5T_IEEE_F64LE, {3, 8, 7});
                        }),
                 {": G: expected 3-D (3, 8, 8) of doubles, found 3-D (3, 8, 7)"});
  expect_refused(edited(dir / "psi.h5",
                        [](hid_t file) {
                          replace_dataset(file, "nodes/psi_F", H5T_IEEE_F64LE, {6, 3, 8});
                        }),
                 {": nodes/psi_F: expected 3-D (7, 3, 8) of doubles, found 3-D (6, 3, 8)"});
  expect_refused(
      edited(dir / "mass_1.h5", [](hid_t file) { replace_dataset(file, "mass", H5T_IEEE_F64LE, {1}, 20.0); }),
      {": mass: expected a scalar double, found 1-D (1)"});
  expect_refused(
      edited(dir / "float32.h5", [](hid_t file) { replace_dataset(file, "modal_mass", H5T_IEEE_F32LE, {8}); }),
      {": modal_mass: expected 64-bit floats (IEEE doubles), found 32-bit float"});
  expect_refused(edited(dir / "integer.h5", [](hid_t file) { replace_dataset(file, "mass", H5T_STD_I64LE, {}, 20.0); }),
                 {": mass: expected 64-bit floats (IEEE doubles), found 64-bit integer"});
  expect_refused(edited(dir / "group.h5",
                        [](hid_t file) {
                          H5Ldelete(file, "zeta", H5P_DEFAULT);
                          H5Gclose(H5Gcreate2(file, "zeta", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT));
                        }),
                 {": zeta: is a group, expected a dataset"});
  expect_refused(edited(dir / "typo.h5", [](hid_t file) { replace_dataset(file, "omegaa", H5T_IEEE_F64LE, {8}); }),
                 {": omegaa: unknown dataset 'omegaa'", "did you mean 'omega'"});
  expect_refused(edited(dir / "link.h5",
                        [](hid_t file) {
                          H5Ldelete(file, "zeta", H5P_DEFAULT);
                          H5Lcreate_soft("/modal_mass", file, "zeta", H5P_DEFAULT, H5P_DEFAULT);
                        }),
                 {": zeta: is a soft or external link"});
  // check_modal_data, as for JSON, at the dataset: a modal mass of 0.
  expect_refused(
      edited(dir / "mu.h5", [](hid_t file) { replace_dataset(file, "modal_mass", H5T_IEEE_F64LE, {8}, 0.0); }),
      {": modal_mass: ", "modal_mass[0]", "= 0"});
}

BOOST_AUTO_TEST_CASE(wrong_attributes_units_and_names_are_refused_by_name) {
  const fs::path dir = folder("attributes");
  expect_refused(
      edited(dir / "format.h5", [](hid_t file) { set_string_attribute(file, "/", "format", "something else"); }),
      {": format: must be \"ramus modal data\", found \"something else\""});
  expect_refused(edited(dir / "version.h5",
                        [](hid_t file) {
                          H5Adelete(file, "version");
                          const Id space(H5Screate(H5S_SCALAR), H5Sclose);
                          const Id a(H5Acreate2(file, "version", H5T_STD_I32LE, space.id, H5P_DEFAULT, H5P_DEFAULT),
                                     H5Aclose);
                          const int two = 2;
                          H5Awrite(a.id, H5T_NATIVE_INT, &two);
                        }),
                 {": version: this library reads version 1, found 2"});
  expect_refused(edited(dir / "version_text.h5", [](hid_t file) { set_string_attribute(file, "/", "version", "1"); }),
                 {": version: must be an integer, found string"});
  expect_refused(edited(dir / "provenance.h5", [](hid_t file) { set_string_attribute(file, "/", "provenance", ""); }),
                 {": provenance: must say where the data come from"});
  expect_refused(edited(dir / "no_format.h5", [](hid_t file) { H5Adelete(file, "format"); }),
                 {": format: missing attribute"});
  expect_refused(edited(dir / "extra.h5", [](hid_t file) { set_string_attribute(file, "/", "fram", "x"); }),
                 {": fram: unknown attribute of the root 'fram'", "did you mean 'frame'"});
  expect_refused(edited(dir / "unit.h5", [](hid_t file) { set_string_attribute(file, "omega", "unit", "kg m^2"); }),
                 {": omega.unit: ", "expected an angular velocity"});
  expect_refused(edited(dir / "name.h5",
                        [](hid_t file) {
                          H5Ldelete(file, "nodes/name", H5P_DEFAULT);
                          const Id type(H5Tcopy(H5T_C_S1), H5Tclose);
                          H5Tset_size(type.id, 8);
                          const hsize_t seven = 7;
                          const Id space(H5Screate_simple(1, &seven, nullptr), H5Sclose);
                          const Id d(
                              H5Dcreate2(file, "nodes/name", type.id, space.id, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                              H5Dclose);
                          const char names[7][8] = {"n0", "n1", "n2", "n 3", "n4", "n5", "n6"};
                          H5Dwrite(d.id, type.id, H5S_ALL, H5S_ALL, H5P_DEFAULT, names);
                        }),
                 {": nodes/name: 'n 3' (node 3) is not a valid name"});
}

// A file cut short: HDF5 finds its end before the end it records. Named with the reason.
BOOST_AUTO_TEST_CASE(a_truncated_file_is_refused_naming_it) {
  const fs::path dir = folder("truncated");
  write_modal_file_hdf5((dir / "whole.h5").string(), beam_file());
  const std::string bytes = file_bytes(dir / "whole.h5");
  BOOST_TEST_REQUIRE(bytes.size() > 4096u);
  for (const std::size_t keep : {std::size_t{100}, bytes.size() / 2, bytes.size() - 8}) {
    const std::string p = write_text(dir / ("cut_" + std::to_string(keep) + ".h5"), bytes.substr(0, keep));
    expect_refused(p, {"truncated"});
  }
}

// Hostile sizes: a file of a few kB whose datasets claim 100000 modes (chunked, never written:
// they occupy nothing) is refused from its dims, before anything that size is allocated; the
// message names the bound.
BOOST_AUTO_TEST_CASE(sizes_beyond_the_bound_are_refused_before_reading) {
  const fs::path dir = folder("huge");
  const std::string p = edited(dir / "huge.h5", [](hid_t file) {
    const hsize_t n = 100000;
    const auto chunked = [&](const char* name, std::vector<hsize_t> dims) {
      H5Ldelete(file, name, H5P_DEFAULT);
      const Id space(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr), H5Sclose);
      const Id plist(H5Pcreate(H5P_DATASET_CREATE), H5Pclose);
      std::vector<hsize_t> chunk(dims.size(), 1);
      H5Pset_chunk(plist.id, static_cast<int>(chunk.size()), chunk.data());
      const Id d(H5Dcreate2(file, name, H5T_IEEE_F64LE, space.id, H5P_DEFAULT, plist.id, H5P_DEFAULT), H5Dclose);
    };
    chunked("omega", {n});
    chunked("G", {3, n, n});
  });
  BOOST_TEST_REQUIRE(fs::file_size(p) < std::uintmax_t{1} << 20);
  expect_refused(p, {": omega: 100000 modes", "beyond the limit of 4 GiB"});
}
#endif

BOOST_AUTO_TEST_SUITE_END()
