// The command's input files, read bounded (ramus/scenario/input_file.hpp) and loaded, with every
// error prefixed by the file it is in: the scenario's errors by the scenario's name, the
// dispersions' by the dispersions file's.
#pragma once

#include <string>

#include "file_identity.hpp"
#include "options.hpp"
#include "ramus/scenario/campaign.hpp"
#include "ramus/scenario/scenario.hpp"

namespace ramus::app {

/// A command's error, its message complete ("<file>: <path>: <reason>").
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The files a command reads: the scenario (and the dispersions, when given) and every data file
/// the scenario opened, named for messages ("the scenario", "the data file ...").
std::vector<NamedFile> run_inputs(const std::string& scenario_path, const scenario::Scenario& scenario,
                                  const std::string& dispersions_path = {});

/// The bytes of the file; InputError naming it when it cannot be read or is too large.
std::string read_input(const std::string& path, const char* what);
/// The scenario loaded from its bytes; InputError "<file>: <JSON path>: <reason>".
scenario::Scenario load_scenario_file(const std::string& path, const std::string& bytes);
/// The campaign; InputError naming the dispersions file for its errors, the scenario file for the
/// scenario's.
scenario::Campaign load_campaign(const Options& o, const std::string& scenario_bytes,
                                 const std::string& dispersions_bytes);

}  // namespace ramus::app
