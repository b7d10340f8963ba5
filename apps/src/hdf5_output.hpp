// The logged quantities as HDF5 (`ramus run --hdf5 FILE.h5`, when built with libhdf5-dev;
// docs/scenario.md §5, HDF5). Every string attribute is UTF-8 (variable-length, so h5py reads
// str) unless PyTables' layout fixes otherwise.
// - "/log": rows × columns doubles (the CSV's rows, bit for bit), with the attributes "columns" and
//   "units" (comma-separated), "record" (the annotated CSV's record lines, newline-separated) and
//   "status" ("complete, N rows" or "incomplete, N rows: <reason>").
// - "/": one attribute per record field (version, scenario, scenario_fnv1a64, stepper, machine,
//   started, epoch, time_scale and leap_seconds when the scenario has an epoch, status "complete" or
//   "incomplete", rows, failure, stop) and the string arrays "columns", "units" and "frames" ("" for
//   a column without a frame).
// - "/table": the same rows as a DataFrame in pandas' "fixed" HDFStore layout, so that
//   pandas.read_hdf(FILE, "table") reads them (columns: the column names; index: 0 … N-1).
#pragma once

#include <string>
#include <vector>

#include "csv_output.hpp"
#include "run_record.hpp"

namespace ramus::app {

/// True when this build writes HDF5.
bool hdf5_available();

/// Writes the file atomically (output_file.hpp); throws std::runtime_error naming the file and the HDF5 call that
/// failed (or that this build has no HDF5).
void write_hdf5(const std::string& path, const RunRecord& record, const std::vector<CompanionColumn>& columns,
                const std::vector<std::vector<double>>& rows, const RunStatus& status);

}  // namespace ramus::app
