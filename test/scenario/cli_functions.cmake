# The helpers of the command-line checks run by CTest in script mode (cli_check.cmake,
# modal_hdf5_cli_check.cmake, modal_panel_cli_check.cmake): run ramus with an expected exit status
# and keep its output, and require a pattern in a text. RAMUS is the runner's path.

function(run_ramus expected_rc out_var err_var)
  execute_process(COMMAND ${RAMUS} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL expected_rc)
    message(FATAL_ERROR "ramus ${ARGN}: exit status ${rc}, expected ${expected_rc}\n${out}\n${err}")
  endif()
  set(${out_var} "${out}" PARENT_SCOPE)
  set(${err_var} "${err}" PARENT_SCOPE)
endfunction()

function(require text regex what)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "${what}: no match for '${regex}' in:\n${text}")
  endif()
endfunction()
