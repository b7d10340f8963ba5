// The process group of a campaign: an MPI job when ramus was built with MPI and the process was
// started by mpirun (detected by the variables its launcher sets: Open MPI's OMPI_COMM_WORLD_SIZE,
// the PMI_SIZE of MPICH and Slurm), else a group of one that never initializes MPI.
#include <cstdlib>

#include "campaign_results.hpp"

namespace ramus::app {
namespace {

class SingleProcess final : public ProcessGroup {
 public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  int local_size() const override { return 1; }
  bool broadcast(bool value) const override { return value; }
  std::vector<RunResult> gather(std::vector<RunResult> local, std::uint64_t) const override { return local; }
};

[[maybe_unused]] bool started_by_mpirun() {
  return std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr || std::getenv("PMI_SIZE") != nullptr;
}

}  // namespace

std::unique_ptr<ProcessGroup> make_process_group([[maybe_unused]] int& argc, [[maybe_unused]] char**& argv) {
#ifdef RAMUS_WITH_MPI
  if (started_by_mpirun()) return mpi_job(argc, argv);
#endif
  return std::make_unique<SingleProcess>();
}

}  // namespace ramus::app
