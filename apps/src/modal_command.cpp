#include "modal_command.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <numbers>
#include <stdexcept>

#include "number_text.hpp"
#include "options.hpp"
#include "output_file.hpp"
#include "ramus/scenario/modal_file.hpp"
#include "ramus/scenario/scenario.hpp"
#include "text_escape.hpp"

namespace ramus::app {
namespace {

/// An option's value as JSON: JSON text as given ("4", "[0, 0, 0.1]", "{\"value\": 4, \"unit\":
/// \"m\"}"), or "NUMBER UNIT" ("4 m", "120 N m^2") as {"value": NUMBER, "unit": "UNIT"}.
nlohmann::json option_value(const std::string& option, const std::string& text) {
  const nlohmann::json parsed = nlohmann::json::parse(text, nullptr, false);
  if (!parsed.is_discarded()) return parsed;
  const std::size_t space = text.find(' ');
  if (space != std::string::npos) {
    const nlohmann::json number = nlohmann::json::parse(text.substr(0, space), nullptr, false);
    if (!number.is_discarded() && number.is_number()) return {{"value", number}, {"unit", text.substr(space + 1)}};
  }
  throw UsageError{option + " needs a number, a number and a unit (\"4 m\") or JSON text, got '" + text + "'"};
}

/// Whether `output` names an HDF5 modal file: it ends in .h5 or .hdf5 (any case). Standard output
/// ("-") and every other name get JSON.
bool hdf5_output(const std::string& output) {
  std::string extension = std::filesystem::path(output).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension == ".h5" || extension == ".hdf5";
}

/// Refuses an HDF5 output in a build without HDF5 before any work is done.
void require_output_supported(const std::string& output) {
  if (hdf5_output(output) && !scenario::modal_file_hdf5_supported())
    throw std::runtime_error(output +
                             ": this build of ramus has no HDF5 support (build it with HDF5, Debian: "
                             "libhdf5-dev); write a JSON modal file (FILE.json) instead");
}

/// `file` written to `output`: HDF5 by the name (docs/flex/modal_file.md §5), else JSON; either
/// replaces the file only when complete.
void write_modal_output(const std::string& output, const scenario::ModalFile& file) {
  if (hdf5_output(output)) {
    try {
      scenario::write_modal_file_hdf5(output, file);
    } catch (const scenario::ScenarioError& e) {
      throw std::runtime_error(e.what());
    }
    return;
  }
  OutputFile out = output == "-" ? OutputFile() : OutputFile(output);
  out << scenario::modal_file_text(file);
  out.commit();
}

/// A generator of `ramus modal`: its name, its modal data from the options' JSON object, and the
/// frame F it describes.
struct Generator {
  const char* name;
  ModalData (*data)(std::string_view json);
  const char* frame;
};

/// `ramus modal beam|panel --KEY VALUE … --output FILE.json|FILE.h5`.
int modal_generated(const std::vector<std::string>& args, const Generator& g) {
  nlohmann::json object = nlohmann::json::object();
  const std::string command = std::string("modal ") + g.name;
  std::string output, provenance = "ramus " RAMUS_VERSION " " + command;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.size() < 3 || a.compare(0, 2, "--") != 0) throw UsageError{command + ": unexpected argument '" + a + "'"};
    if (i + 1 >= args.size()) throw UsageError{a + " needs a value"};
    const std::string& v = args[++i];
    if (a == "--output") {
      output = v;
      continue;
    }
    const std::string key = a.substr(2);
    if (object.contains(key)) throw UsageError{a + " is given twice"};
    object[key] = option_value(a, v);
    provenance += " " + a + " '" + v + "'";
  }
  if (output.empty()) throw UsageError{command + " needs --output FILE.json or FILE.h5 (- for standard output)"};
  require_output_supported(output);
  scenario::ModalFile file;
  try {
    file.data = g.data(object.dump());
  } catch (const scenario::ScenarioError& e) {
    std::string path = e.path();  // the option's key, or "(document).key" for the generator's checks
    if (path.starts_with("(document).")) path.erase(0, std::string_view("(document).").size());
    throw std::runtime_error(command + ": --" + path + ": " + e.reason());
  }
  file.info.provenance = provenance;
  file.info.frame = g.frame;
  write_modal_output(output, file);
  if (output != "-")
    std::cerr << "ramus: " << escaped_text(output) << ": " << file.data.modes() << " modes from "
              << number_text(file.data.omega[0]) << " to " << number_text(file.data.omega[file.data.modes() - 1])
              << " rad/s\n";
  return 0;
}

const Generator kBeam{"beam", scenario::beam_modal_data,
                      "F at the beam's root (r_RF_F), its axes those of dcm_BF's rows: the beam axis, then the "
                      "section's y, z"};
const Generator kPanel{"panel", scenario::panel_modal_data,
                       "F at the root edge's midpoint (r_RF_F), its axes those of dcm_BF's rows: the panel's x (root "
                       "to tip), y (across), z (normal)"};

/// `ramus modal show FILE`: the header, the rigid body, and per mode ω, f, ζ, μ and the
/// effective masses |P_k|²/μ_k and |H_k|²/μ_k (docs/flex/modal_file.md §4).
int modal_show(const std::vector<std::string>& args) {
  if (args.size() != 2) throw UsageError{"modal show takes one modal file"};
  scenario::ModalFile f;
  try {
    f = scenario::read_modal_file(args[1]);
  } catch (const scenario::ScenarioError& e) {
    throw std::runtime_error(e.what());
  }
  const ModalData& d = f.data;
  std::cout << escaped_text(args[1]) << "\n  provenance: " << escaped_text(f.info.provenance)
            << "\n  modal coordinates in " << escaped_text(f.info.eta_unit) << "\n";
  if (!f.info.frame.empty()) std::cout << "  F: " << escaped_text(f.info.frame) << "\n";
  std::cout << "  mass " << number_text(d.mass) << " kg, centre of mass [" << number_text(d.r_ScF_F.x()) << ", "
            << number_text(d.r_ScF_F.y()) << ", " << number_text(d.r_ScF_F.z()) << "] m from F, " << d.nodes.size()
            << " node(s)\n";
  bool stiffness = false;
  for (const Eigen::MatrixXd& K : d.K_G) stiffness = stiffness || !K.isZero(0.0);
  std::cout << "  geometric stiffness: " << (stiffness ? "given" : "none (geometric_stiffening must be false)")
            << "\n\n  mode   omega [rad/s]   f [Hz]          zeta     modal mass   m_eff [kg]   I_eff [kg m^2]\n";
  for (Eigen::Index k = 0; k < d.modes(); ++k) {
    char line[160];
    std::snprintf(line, sizeof line, "  %4ld   %-14.8g  %-14.8g  %-7.4g  %-11.6g  %-11.6g  %-11.6g\n",
                  static_cast<long>(k), d.omega[k], d.omega[k] / (2.0 * std::numbers::pi), d.zeta[k], d.modal_mass[k],
                  d.P_F.col(k).squaredNorm() / d.modal_mass[k], d.H_PntF_F.col(k).squaredNorm() / d.modal_mass[k]);
    std::cout << line;
  }
  return 0;
}

/// `ramus modal import DESCRIPTION.json --output FILE.json|FILE.h5`.
int modal_import(const std::vector<std::string>& args) {
  std::string description, output;
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--output") {
      if (i + 1 >= args.size()) throw UsageError{"--output needs a value"};
      output = args[++i];
    } else if (!args[i].empty() && args[i][0] == '-') {
      throw UsageError{"modal import: unknown option '" + args[i] + "'"};
    } else if (description.empty()) {
      description = args[i];
    } else {
      throw UsageError{"modal import takes one description file"};
    }
  }
  if (description.empty() || output.empty())
    throw UsageError{"modal import needs DESCRIPTION.json and --output FILE.json or FILE.h5 (- for standard output)"};
  require_output_supported(output);
  scenario::ModalFile file;
  try {
    file = scenario::import_fe_description(description);
  } catch (const scenario::ScenarioError& e) {
    throw std::runtime_error(e.what());
  }
  write_modal_output(output, file);
  return 0;
}

/// `ramus modal convert IN OUT`: the modal file IN (JSON or HDF5) written to OUT in the container
/// OUT's name chooses, the data and the header unchanged (docs/flex/modal_file.md §4).
int modal_convert(const std::vector<std::string>& args) {
  if (args.size() != 3)
    throw UsageError{"modal convert takes a modal file and an output file (FILE.json, FILE.h5 or -)"};
  require_output_supported(args[2]);
  scenario::ModalFile file;
  try {
    file = scenario::read_modal_file(args[1]);
  } catch (const scenario::ScenarioError& e) {
    throw std::runtime_error(e.what());
  }
  write_modal_output(args[2], file);
  return 0;
}

}  // namespace

int run_modal(const std::vector<std::string>& args) {
  if (args.empty()) throw UsageError{"modal needs 'beam', 'panel', 'import', 'show' or 'convert'"};
  if (args[0] == "beam") return modal_generated(args, kBeam);
  if (args[0] == "panel") return modal_generated(args, kPanel);
  if (args[0] == "show") return modal_show(args);
  if (args[0] == "import") return modal_import(args);
  if (args[0] == "convert") return modal_convert(args);
  throw UsageError{"unknown modal command '" + args[0] + "' (beam, panel, import, show, convert)"};
}

}  // namespace ramus::app
