# Installs the built ramus into a scratch prefix, then configures, builds and runs the consumer
# project against the installed package; with -DPYTHON=<interpreter> -DPYTHON_DIR=<the package's
# folder under the prefix>, imports the installed Python package and propagates a model with it.
# Run by CTest: cmake -DBUILD=... -DSOURCE=... -DWORK=... [-DPYTHON=... -DPYTHON_DIR=...] -P check.cmake
file(REMOVE_RECURSE ${WORK})
foreach(step
    "${CMAKE_COMMAND};--install;${BUILD};--prefix;${WORK}/prefix"
    "${CMAKE_COMMAND};-S;${SOURCE};-B;${WORK}/build;-DCMAKE_PREFIX_PATH=${WORK}/prefix;-DCMAKE_BUILD_TYPE=Release"
    "${CMAKE_COMMAND};--build;${WORK}/build"
    "${WORK}/build/consumer"
    "${WORK}/build/legacy")
  execute_process(COMMAND ${step} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "consumer check failed at: ${step}")
  endif()
  if(step MATCHES "--build")
    # The 0.1 names compiled, each with its deprecation warning naming the new one.
    foreach(expected "use VehicleOffsets::r_N" "use VehicleOffsets::v_N" "use initial_motor_torque"
                     "use spinning_link\\(owner, axis\\)"
                     "central_body_gravity.hpp is deprecated: use ramus/environment/central_body_gravity.hpp")
      if(NOT "${out}${err}" MATCHES "${expected}")
        message(FATAL_ERROR "consumer check: building legacy.cpp gave no deprecation warning '${expected}'")
      endif()
    endforeach()
  endif()
endforeach()
if(PYTHON)
  set(script "import ramus, numpy; m = ramus.Model(); m.add_vehicle('sc', mass=1.0, I_PntBc_B=numpy.eye(3)); m.finalize(); r = ramus.propagate(m, m.initial_state(), [0.0, 1.0], dt=0.1); assert ramus.__file__.startswith('${WORK}/prefix'), ramus.__file__; print('installed Python package:', ramus.__file__, r.x.shape)")
  execute_process(COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${WORK}/prefix/${PYTHON_DIR} ${PYTHON} -c "${script}"
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "consumer check failed: the installed Python package does not import and run")
  endif()
endif()
