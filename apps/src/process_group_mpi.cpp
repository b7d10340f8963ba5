// The ranks of an MPI job (Boost.MPI); built when CMake finds MPI and Boost.MPI.
#include <mpi.h>

#include <boost/mpi/collectives.hpp>
#include <boost/mpi/collectives/broadcast.hpp>
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>

#include "campaign_results.hpp"

namespace ramus::app {
namespace {

namespace mpi = boost::mpi;

class MpiJob final : public ProcessGroup {
 public:
  MpiJob(int& argc, char**& argv) : environment_(argc, argv) {
    MPI_Comm node;  // the ranks that share this machine's memory
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, world_.rank(), MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &local_size_);
    MPI_Comm_free(&node);
  }
  int rank() const override { return world_.rank(); }
  int size() const override { return world_.size(); }
  int local_size() const override { return local_size_; }
  bool broadcast(bool value) const override {
    mpi::broadcast(world_, value, 0);
    return value;
  }
  std::vector<RunResult> gather(std::vector<RunResult> local, std::uint64_t count) const override {
    std::vector<std::vector<RunResult>> all;
    mpi::gather(world_, local, all, 0);
    if (world_.rank() != 0) return {};
    std::vector<RunResult> ordered(count);
    const auto ranks = static_cast<std::uint64_t>(world_.size());
    for (std::uint64_t r = 0; r < all.size(); ++r)
      for (std::uint64_t k = 0; k < all[r].size(); ++k) ordered[k * ranks + r] = std::move(all[r][k]);
    return ordered;
  }

 private:
  mpi::environment environment_;
  mpi::communicator world_;
  int local_size_ = 1;
};

}  // namespace

std::unique_ptr<ProcessGroup> mpi_job(int& argc, char**& argv) { return std::make_unique<MpiJob>(argc, argv); }

}  // namespace ramus::app
