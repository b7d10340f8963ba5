// The result of one campaign run, and the processes that share a campaign's runs: one process
// (threads only), or the ranks of an MPI job (process_group_mpi.cpp, built with Boost.MPI), which
// split the runs and gather their results to rank 0 in run-id order.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ramus::app {

struct RunResult {
  bool ok = false;
  bool skipped = false;        ///< complete in an earlier invocation (--resume): read from the manifest
  std::string error;           ///< why the run failed
  std::string file;            ///< the run's CSV, within the campaign directory; empty when none was written
  std::string file_fnv1a64;    ///< its checksum (16 hexadecimal digits)
  std::string events_file;     ///< the run's event occurrences (scenarios with events); empty when none
  std::string events_fnv1a64;  ///< its checksum
  /// The checksums of the files' companions (FILE.csv-metadata.json, docs/scenario.md §5): they
  /// hold the run's status and final values, which --resume reads.
  std::string metadata_fnv1a64, events_metadata_fnv1a64;
  std::vector<double> draws;   ///< one per dispersion
  std::vector<double> finals;  ///< one per summary column

  template <class Archive>
  void serialize(Archive& archive, unsigned /*version*/) {
    archive& ok& skipped& error& file& file_fnv1a64& events_file& events_fnv1a64& metadata_fnv1a64&
        events_metadata_fnv1a64& draws& finals;
  }
};

class ProcessGroup {
 public:
  virtual ~ProcessGroup() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  /// The processes of the group on this machine (they share its hardware threads).
  virtual int local_size() const = 0;
  /// Rank 0's `value` on every rank (a decision rank 0 took alone, e.g. that the output directory
  /// may be used).
  virtual bool broadcast(bool value) const = 0;
  /// Rank 0 receives every process's results (run k of process r at k·size + r) in run-id order;
  /// the others return an empty vector. `local` holds this process's runs rank, rank + size, ….
  virtual std::vector<RunResult> gather(std::vector<RunResult> local, std::uint64_t count) const = 0;
};

/// The MPI job when the process was started by mpirun and ramus was built with MPI; else a group
/// of one (process_group.cpp).
std::unique_ptr<ProcessGroup> make_process_group(int& argc, char**& argv);
/// The MPI job (process_group_mpi.cpp; RAMUS_WITH_MPI builds only). Initializes MPI.
std::unique_ptr<ProcessGroup> mpi_job(int& argc, char**& argv);

}  // namespace ramus::app
