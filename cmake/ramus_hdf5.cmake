# HDF5 (Debian: libhdf5-dev), optional: the modal file's second container (ramus::scenario,
# docs/flex/modal_file.md §5) and `ramus run --hdf5` (apps/). FindHDF5 probes with the C compiler.
# Sets RAMUS_HDF5 (ON when found), and HDF5_C_INCLUDE_DIRS, HDF5_C_LIBRARIES (absolute paths) and
# the target hdf5::hdf5 for the folders added after this file is included.
option(RAMUS_WITH_HDF5 "Build HDF5 modal files and ramus run --hdf5 when HDF5 is found" ON)
set(RAMUS_HDF5 OFF)
if(RAMUS_WITH_HDF5)
  include(CheckLanguage)
  check_language(C)
  if(CMAKE_C_COMPILER)
    enable_language(C)
    find_package(HDF5 QUIET COMPONENTS C)
  endif()
  if(HDF5_FOUND AND TARGET hdf5::hdf5)
    set(RAMUS_HDF5 ON)
  endif()
endif()
if(RAMUS_HDF5)
  message(STATUS "HDF5 ${HDF5_VERSION}: HDF5 modal files, ramus run --hdf5")
else()
  message(STATUS "HDF5 not found (or RAMUS_WITH_HDF5 off): no HDF5 modal files, no ramus run --hdf5")
endif()
