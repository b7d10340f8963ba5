// `ramus view SCENARIO.json --out FILE.html [--gltf FILE.gltf]` and the replay outputs of `ramus run
// --view FILE.html --gltf FILE.gltf` (docs/viewer.md): the run's replay as one self-contained page
// (three.js and the data inline) and as glTF 2.0.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "file_identity.hpp"
#include "options.hpp"
#include "ramus/scenario/replay.hpp"
#include "ramus/scenario/scenario.hpp"

namespace ramus::app {

/// `ramus view`: loads the scenario, refuses (writing nothing) an output that is an input or
/// another output, runs it and writes the page (and the glTF file). Returns the exit status.
int run_view(const Options& o);

/// The replay files `o` asks for (--view / --out, --gltf), for require_distinct_files.
std::vector<NamedFile> view_outputs(const Options& o);

/// Refuses --czml (std::runtime_error naming the option, the scenario and why) when the scenario
/// (`bytes`) has no environment.epoch: CZML's times are dates. Nothing is written before it.
void require_czml_epoch(const Options& o, const std::string& bytes);

/// The recorder of `ramus run --view/--gltf`: it records the run's states at its output times (in the
/// run that writes the CSV) for the replay (`bytes`: the scenario's text).
std::unique_ptr<scenario::ReplayRecorder> view_recorder(const Options& o, const scenario::Scenario& scenario,
                                                        const std::string& bytes);

/// Writes the files `o` asks for (ramus run --view, --gltf) from the recorded run, each complete
/// or absent (output_file.hpp); `failure`: the integration error that ended the run early, if
/// any (the replay is written, marked incomplete).
void write_view_outputs(const Options& o, const scenario::ReplayRecorder& recorder, const std::string& failure);

}  // namespace ramus::app
