# `ramus modal` with HDF5 modal files (docs/flex/modal_file.md §4, §5): `modal beam --output
# boom.h5` writes HDF5 (by the name; JSON otherwise and on standard output), `modal show boom.h5`
# prints what `modal show boom.json` prints, `modal convert` goes both ways without changing a
# byte of the JSON file, and bad files and outputs fail with the file named. Without HDF5
# (HDF5=OFF) an HDF5 output is refused with the reason. Run by CTest:
# cmake -DRAMUS=... -DHDF5=ON|OFF -DWORK=... -P modal_hdf5_cli_check.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

include(${CMAKE_CURRENT_LIST_DIR}/cli_functions.cmake)

function(require_same_bytes a b)
  file(READ ${a} bytes_a HEX)
  file(READ ${b} bytes_b HEX)
  if(NOT bytes_a STREQUAL bytes_b)
    message(FATAL_ERROR "${a} and ${b} differ")
  endif()
endfunction()

# The beam of the page's example, smaller: 8 modes, 7 nodes.
set(beam --length "4 m" --EI_y 270 --EI_z 120 --GJ 1e4 --EA 1e6 --rhoA "5 kg/m" --rhoJ 0.01 --elements 6
         --modes 8 --zeta 0.01)

if(NOT HDF5)
  run_ramus(1 out err modal beam ${beam} --output ${WORK}/boom.h5)
  require("${err}" "boom.h5: this build of ramus has no HDF5 support" "HDF5 output without HDF5")
  if(EXISTS ${WORK}/boom.h5)
    message(FATAL_ERROR "a build without HDF5 wrote boom.h5")
  endif()
  return()
endif()

# beam → HDF5 by the name; the same beam as JSON.
run_ramus(0 out err modal beam ${beam} --output ${WORK}/boom.h5)
require("${err}" "boom.h5: 8 modes from 1.0765" "modal beam's summary")
file(READ ${WORK}/boom.h5 signature HEX LIMIT 8)
require("${signature}" "^894844460d0a1a0a$" "boom.h5 is an HDF5 file")
run_ramus(0 out err modal beam ${beam} --output ${WORK}/boom.json)
file(READ ${WORK}/boom.json json LIMIT 1)
require("${json}" "^{" "boom.json is JSON")

# show: the same report from either file, but for the file's name on its first line.
run_ramus(0 show_h5 err modal show ${WORK}/boom.h5)
require("${show_h5}" "provenance: ramus [0-9.]+ modal beam --length '4 m'" "show boom.h5: provenance")
require("${show_h5}" "7 node\\(s\\)" "show boom.h5: nodes")
require("${show_h5}" "geometric stiffness: given" "show boom.h5: K_G")
require("${show_h5}" "\n +7 +55\\.885" "show boom.h5: the eighth mode")
run_ramus(0 show_json err modal show ${WORK}/boom.json)
string(REGEX REPLACE "^[^\n]*\n" "" body_h5 "${show_h5}")
string(REGEX REPLACE "^[^\n]*\n" "" body_json "${show_json}")
if(NOT body_h5 STREQUAL body_json)
  message(FATAL_ERROR "modal show differs between boom.h5 and boom.json:\n${show_h5}\n${show_json}")
endif()

# convert: HDF5 → JSON is the JSON file byte for byte (the same doubles, the same header); JSON →
# HDF5 is the HDF5 file byte for byte (the writer records no times); .HDF5 is HDF5 too; standard
# output stays JSON.
run_ramus(0 out err modal convert ${WORK}/boom.h5 ${WORK}/back.json)
require_same_bytes(${WORK}/back.json ${WORK}/boom.json)
run_ramus(0 out err modal convert ${WORK}/boom.json ${WORK}/again.h5)
require_same_bytes(${WORK}/again.h5 ${WORK}/boom.h5)
run_ramus(0 out err modal convert ${WORK}/boom.json ${WORK}/upper.HDF5)
require_same_bytes(${WORK}/upper.HDF5 ${WORK}/boom.h5)
run_ramus(0 out err modal convert ${WORK}/boom.h5 -)
require("${out}" "^{\n \"format\": \"ramus modal data\"" "convert to standard output: JSON")

# Failures name the file: a text file named .h5, an output that is a directory, a missing input.
file(WRITE ${WORK}/text.h5 "not a modal file")
run_ramus(1 out err modal show ${WORK}/text.h5)
require("${err}" "text.h5: \\(document\\): not an HDF5 file" "show text.h5")
file(MAKE_DIRECTORY ${WORK}/folder.h5)
run_ramus(1 out err modal convert ${WORK}/boom.json ${WORK}/folder.h5)
require("${err}" "folder.h5: modal file: not a regular file" "convert onto a directory")
run_ramus(1 out err modal convert ${WORK}/missing.h5 ${WORK}/x.json)
require("${err}" "missing.h5: modal file: cannot open" "convert a missing file")
run_ramus(2 out err modal convert ${WORK}/boom.h5)
require("${err}" "modal convert takes a modal file and an output file" "convert's usage")
