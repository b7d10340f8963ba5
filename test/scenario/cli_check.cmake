# The ramus runner on an example: `run` writes a CSV whose header records the version, the
# scenario hash, the stepper and the machine, then the column names and one row per output time;
# `--plot` writes PNG and SVG figures; `check` and `describe` print what they promise; a bad file
# fails with its JSON path. Run by CTest:
# cmake -DRAMUS=... -DEXAMPLE=... -DEXAMPLES=docs/examples -DWORK=... -P cli_check.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

include(${CMAKE_CURRENT_LIST_DIR}/cli_functions.cmake)

# run
run_ramus(0 out err run ${EXAMPLE} --output ${WORK}/out.csv --quiet --plot ${WORK}/plots)
if(NOT err STREQUAL "")
  message(FATAL_ERROR "ramus run --quiet wrote to standard error:\n${err}")
endif()
file(STRINGS ${WORK}/out.csv lines)
list(GET lines 0 version)
require("${version}" "^# ramus [0-9]+\\.[0-9]+\\.[0-9]+$" "version line")
file(READ ${WORK}/out.csv csv)
require("${csv}" "\n# scenario_fnv1a64: [0-9a-f]+\n" "scenario hash")
require("${csv}" "\n# stepper: rk4, dt = 1 s\n" "stepper")
require("${csv}" "\n# machine: [^\n]+\n" "machine")
require("${csv}" "\nt,sc/hub.r_BN_N\\[0\\],sc/hub.r_BN_N\\[1\\]," "column names")
# 95 min at 30 s: 191 output times after the 8 header lines, then the end marker.
list(LENGTH lines count)
if(NOT count EQUAL 200)
  message(FATAL_ERROR "out.csv has ${count} lines, expected 8 header lines, 191 rows and the end marker")
endif()
list(GET lines -2 last)
require("${last}" "^5700," "last row at t1 = 95 min")
list(GET lines -1 marker)
require("${marker}" "^# end: complete, 191 rows$" "end marker")
foreach(figure drift.png drift.svg total_energy.png sc_hub.omega_BN_B.svg)
  if(NOT EXISTS ${WORK}/plots/${figure})
    message(FATAL_ERROR "--plot wrote no ${figure}")
  endif()
endforeach()
file(READ ${WORK}/plots/drift.png png HEX LIMIT 8)
require("${png}" "^89504e470d0a1a0a$" "drift.png is a PNG")
file(READ ${WORK}/plots/drift.svg svg)
require("${svg}" "<svg" "drift.svg is an SVG")

# Identical bytes give an identical hash (the FNV-1a reference vectors are beyond CMake's
# integer arithmetic; the hash of an edited file differs, checked below).
run_ramus(0 out2 err2 run ${EXAMPLE} --quiet)
string(REGEX MATCH "# scenario_fnv1a64: [0-9a-f]+" hash1 "${csv}")
string(REGEX MATCH "# scenario_fnv1a64: [0-9a-f]+" hash2 "${out2}")
if(NOT hash1 STREQUAL hash2)
  message(FATAL_ERROR "the scenario hash differs between two runs: ${hash1} / ${hash2}")
endif()
file(READ ${EXAMPLE} example_text)
file(WRITE ${WORK}/edited.json "${example_text} ")
run_ramus(0 out3 err3 run ${WORK}/edited.json --quiet)
string(REGEX MATCH "# scenario_fnv1a64: [0-9a-f]+" hash3 "${out3}")
if(hash1 STREQUAL hash3)
  message(FATAL_ERROR "one added byte did not change the scenario hash ${hash1}")
endif()

# The progress bar: drawn when standard error is a terminal (`script` gives the run one), not with
# --quiet, and never into a pipe (the runs above: --quiet wrote nothing to standard error).
find_program(SCRIPT script)
if(SCRIPT)
  execute_process(COMMAND ${SCRIPT} -qc "${RAMUS} run ${EXAMPLE} --output ${WORK}/tty.csv" ${WORK}/tty.log
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  file(READ ${WORK}/tty.log tty)
  require("${tty}" "\\[#+\\] 100%  t = 5700 s" "progress bar on a terminal")
  execute_process(COMMAND ${SCRIPT} -qc "${RAMUS} run ${EXAMPLE} --output ${WORK}/tty.csv --quiet" ${WORK}/quiet.log
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  file(READ ${WORK}/quiet.log quiet)
  if(quiet MATCHES "%")
    message(FATAL_ERROR "--quiet drew a progress bar on a terminal:\n${quiet}")
  endif()
endif()
run_ramus(0 out err run ${EXAMPLE} --output ${WORK}/pipe.csv)
if(err MATCHES "%")
  message(FATAL_ERROR "a progress bar was drawn into a pipe:\n${err}")
endif()
require("${err}" "^5700 steps, 0 rejected, 22800 evaluations\n$" "the run's summary on standard error")

# check and describe
run_ramus(0 out err check ${EXAMPLE})
require("${out}" ": OK: 1 vehicle\\(s\\), 0 state effector\\(s\\), state size 16, 191 output times" "check")
run_ramus(0 out err describe ${EXAMPLE})
require("${out}" "state layout\nowner +block +offset +size +unit\n" "describe: layout")
require("${out}" "sc/hub +omega_BN_B +10 +3 +rad/s" "describe: layout rows")
require("${out}" "effector tree\nvehicle 'sc'\n  hub: 750 kg\n" "describe: tree")

# the effector tree of a branched vehicle and of two vehicles joined by a constraint
run_ramus(0 out err describe ${EXAMPLES}/gimbal_thruster.json)
require("${out}" "  spinning_body_2dof 'gimbal': 2 segment\\(s\\), states theta\\[2\\] \\(rad\\), thetaDot\\[2\\] \\(rad/s\\)\n    segment 1: thruster 'engine'\n" "describe: branching")
# the actuator channels, with units and the hardware's limits (docs/architecture.md §5)
require("${out}" "actuator channels\nsc/gimbal.motor_torque\\[0\\] \\[N m\\]\n" "describe: channels")
require("${out}" "\nsc/gimbal.locked\\[1\\] \\[1\\]" "describe: lock channels")
require("${out}" "\nsc/engine.throttle \\[1\\]  limits \\[0, 1\\]\n" "describe: thruster channel")
run_ramus(0 out err describe ${EXAMPLES}/two_vehicles_constraint.json)
require("${out}" "\nconstraint 'dock': sc1/panel segment 0 -- sc2/hub\n" "describe: constraint")

# the closed-loop example: the flight software's and the actuators' columns, with their units
run_ramus(0 out err run ${EXAMPLES}/slew_panels_wheels.json --quiet --output ${WORK}/slew.csv)
file(READ ${WORK}/slew.csv slew)
require("${slew}" "\nt,acs.sigma_BR\\[0\\],acs.sigma_BR\\[1\\],acs.sigma_BR\\[2\\],acs.omega_BR_B\\[0\\]," "closed loop: task columns")
require("${slew}" ",sc/wheels.motor_torque:command\\[3\\],sc/wheels.motor_torque:applied\\[0\\]," "closed loop: actuator columns")
require("${slew}" "\n# units: s,1,1,1,rad/s,rad/s,rad/s,N m," "closed loop: units")
require("${slew}" "\n# end: complete, 301 rows\n" "closed loop: end marker")
run_ramus(0 out err describe ${EXAMPLES}/slew_panels_wheels.json)
require("${out}" "\nflight software \\(noise seed 20261203\\)\ntask 'acs' on vehicle 'sc': period 0.1 s, offset 0 s, delay 0; writes sc/wheels.motor_torque\\[0\\] sc/wheels.motor_torque\\[1\\] sc/wheels.motor_torque\\[2\\] sc/wheels.motor_torque\\[3\\]\n" "describe: flight software")
require("${out}" "task 'acs' \\(attitude_control\\) publishes acs.sigma_BR\\[3\\] 1, acs.omega_BR_B\\[3\\] rad/s, " "describe: the task's signals")

# a bad file and a bad command line
string(REPLACE "\"unit\": \"kg\"" "\"unit\": \"deg\"" bad_text "${example_text}")
file(WRITE ${WORK}/bad.json "${bad_text}")
run_ramus(1 out err check ${WORK}/bad.json)
require("${err}" "vehicles\\[0\\]\\.hub\\.mass\\.unit: unit 'deg' is an angle, expected a mass" "bad file")
run_ramus(2 out err frobnicate ${EXAMPLE})
require("${err}" "unknown command 'frobnicate'" "bad command")
