// `ramus modal`: modal files (docs/flex/modal_file.md). `ramus modal beam` and `ramus modal panel`
// write the modal data of a uniform clamped beam (docs/flex/beam.md) or of a flat panel of beams
// (docs/flex/panel.md) from the fields of the scenario part "beam" or "panel", given as options;
// `ramus modal import` a finite-element model's reduction, either as JSON or HDF5 by the output's
// name; `ramus modal show` prints a modal file's modes; `ramus modal convert` writes a modal file in
// the other container.
#pragma once

#include <string>
#include <vector>

namespace ramus::app {

/// `args`: what follows "modal" on the command line. Returns the exit status (0); bad usage
/// throws UsageError, bad data std::runtime_error naming the option or the file and the field.
int run_modal(const std::vector<std::string>& args);

}  // namespace ramus::app
