# `ramus modal panel` (docs/flex/panel.md): the panel's fields as options, the sections as JSON,
# writes the modal file that `ramus modal show` reads (its provenance, nodes and modes), and bad
# options fail naming the option. Run by CTest: cmake -DRAMUS=... -DWORK=... -P modal_panel_cli_check.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

include(${CMAKE_CURRENT_LIST_DIR}/cli_functions.cmake)

# test/scenario/flexible_body_section_test.cpp's panel: 2 m x 1 m, two longerons, three ribs, two
# elements per bay, eight modes: 17 nodes (7 stations on each longeron, the root's included, and
# the middle of each of the three ribs).
set(longeron "{\"EI_y\": 80, \"EI_z\": 400, \"GJ\": 30, \"EA\": 2e5, \"rhoA\": 1.5, \"rhoJ\": 0.002}")
set(rib "{\"EI_y\": 40, \"EI_z\": 200, \"GJ\": 20, \"EA\": 1e5, \"rhoA\": 0.8, \"rhoJ\": 0.001}")
set(panel --length "2 m" --width "1 m" --longerons 2 --ribs 3 --elements_per_bay 2 --modes 8 --zeta 0.01
          --longeron ${longeron} --rib ${rib})

run_ramus(0 out err modal panel ${panel} --output ${WORK}/panel.json)
require("${err}" "panel.json: 8 modes from " "modal panel's summary")
run_ramus(0 show err modal show ${WORK}/panel.json)
require("${show}" "provenance: ramus [0-9.]+ modal panel --length '2 m'" "show: provenance")
require("${show}" "F: F at the root edge's midpoint" "show: the frame")
require("${show}" "17 node\\(s\\)" "show: the grid's nodes")
require("${show}" "geometric stiffness: given" "show: K_G")
require("${show}" "\n +7 +[0-9]" "show: the eighth mode")

# Refusals name the option and write nothing.
run_ramus(1 out err modal panel --length "2 m" --width "1 m" --longerons 0 --ribs 3 --elements_per_bay 2
          --modes 8 --longeron ${longeron} --rib ${rib} --output ${WORK}/bad.json)
require("${err}" "modal panel: --longerons" "a bad count")
run_ramus(1 out err modal panel --length "2 m" --width "1 m" --longerons 2 --ribs 3 --elements_per_bay 2
          --modes 8 --longeron ${longeron} --output ${WORK}/bad.json)
require("${err}" "rib" "a missing section")
if(EXISTS ${WORK}/bad.json)
  message(FATAL_ERROR "a refused panel wrote bad.json")
endif()
run_ramus(2 out err modal panel ${panel})
require("${err}" "modal panel needs --output" "the output")
