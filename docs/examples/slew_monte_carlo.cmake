# The Monte Carlo example of docs/examples/README.md, as CTest runs it: 100 runs of
# slew_panels_wheels.json under slew_panels_wheels_dispersions.json on two threads, then the
# statistics of the final pointing error (pointing_error.py). Every run must succeed.
# cmake -DRAMUS=... -DPYTHON=... -DEXAMPLES=docs/examples -DWORK=... -P slew_monte_carlo.cmake
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${RAMUS} campaign ${EXAMPLES}/slew_panels_wheels.json
                        --dispersions ${EXAMPLES}/slew_panels_wheels_dispersions.json
                        --runs 100 --threads 2 --output ${WORK} --quiet
                RESULT_VARIABLE status ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the campaign failed (${status}): ${err}")
endif()
execute_process(COMMAND ${PYTHON} ${EXAMPLES}/pointing_error.py ${WORK}/summary.csv ${EXAMPLES}/slew_panels_wheels.json
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${out}")
if(NOT status EQUAL 0 OR NOT out MATCHES "over 100 runs" OR NOT out MATCHES "runs failed: 0")
  message(FATAL_ERROR "pointing_error.py (${status}): ${out}${err}")
endif()
