// HDF5 modal files in a build without HDF5 (docs/flex/modal_file.md §5): recognised by their
// signature, refused with what to do instead.
#include "modal_file_hdf5.hpp"
#include "ramus/scenario/scenario.hpp"

namespace ramus::scenario {
namespace {

const char* const kNoHdf5 =
    "this build of ramus has no HDF5 support (build it with HDF5, Debian: libhdf5-dev); convert the file to JSON "
    "with 'ramus modal convert FILE.h5 FILE.json' where HDF5 is available";

}  // namespace

ModalFile modal_hdf5::read(const std::string& path) { throw ScenarioError(path, kNoHdf5); }

bool modal_file_hdf5_supported() { return false; }

void write_modal_file_hdf5(const std::string& path, const ModalFile& file) {
  modal_hdf5::check_writable(file);
  throw ScenarioError(path,
                      "this build of ramus has no HDF5 support (build it with HDF5, Debian: libhdf5-dev); "
                      "write a JSON modal file (FILE.json) instead");
}

}  // namespace ramus::scenario
