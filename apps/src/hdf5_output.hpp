// The logged quantities as HDF5 (`ramus run --hdf5 FILE.h5`, when built with libhdf5-dev): one
// dataset "log" of rows × columns doubles (the CSV's rows, bit for bit), with the string
// attributes "columns" and "units" (comma-separated, the CSV's header lines) and "record" (the
// CSV's record lines: version, scenario hash, stepper, machine; newline-separated) and "status"
// ("complete, N rows" or "incomplete, N rows: <reason>", the CSV's end marker).
#pragma once

#include <string>
#include <vector>

namespace ramus::app {

/// True when this build writes HDF5.
bool hdf5_available();

/// Writes the file atomically (output_file.hpp); throws std::runtime_error naming the file and the HDF5 call that
/// failed (or that this build has no HDF5).
void write_hdf5(const std::string& path, const std::vector<std::string>& record,
                const std::vector<std::string>& columns, const std::vector<std::string>& units,
                const std::vector<std::vector<double>>& rows, const std::string& status);

}  // namespace ramus::app
