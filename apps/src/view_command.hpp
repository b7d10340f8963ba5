// `ramus view SCENARIO.json --out FILE.html [--gltf FILE.gltf]` and the replay outputs of `ramus run
// --view FILE.html --gltf FILE.gltf` (docs/viewer.md): the run's replay as one self-contained page
// (three.js and the data inline) and as glTF 2.0.
#pragma once

#include <string>
#include <vector>

#include "file_identity.hpp"
#include "options.hpp"
#include "ramus/scenario/scenario.hpp"

namespace ramus::app {

/// `ramus view`: loads the scenario, refuses (writing nothing) an output that is an input or
/// another output, runs it and writes the page (and the glTF file). Returns the exit status.
int run_view(const Options& o);

/// The replay files `o` asks for (--view / --out, --gltf), for require_distinct_files.
std::vector<NamedFile> view_outputs(const Options& o);

/// Runs `scenario` once more for its replay and writes the files `o` asks for (ramus run --view,
/// --gltf), each complete or absent (output_file.hpp). `bytes`: the scenario's text.
/// Returns false when the integration stopped early (the replay is written, marked incomplete).
bool write_view_outputs(const Options& o, const scenario::Scenario& scenario, const std::string& bytes);

}  // namespace ramus::app
