# Campaign determinism: `ramus campaign` gives byte-identical summaries and statistics on
# 1 and 3 threads; a run alone (--only) and a part of the campaign (--runs a:b) reproduce the rows
# and the run files of the whole campaign. With -DMPIEXEC=mpirun: the same campaign under
# `mpirun -np 2` gives the data of the threaded run (the record lines name the ranks). Run by CTest:
# cmake -DRAMUS=... -DEXAMPLE=... -DDISPERSIONS=... -DWORK=... [-DMPIEXEC=...] -P campaign_check.cmake
file(REMOVE_RECURSE ${WORK})

function(campaign dir)
  execute_process(COMMAND ${LAUNCHER} ${RAMUS} campaign ${EXAMPLE} --dispersions ${DISPERSIONS} --output ${WORK}/${dir} --quiet
                          ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "ramus campaign ${ARGN}: exit status ${rc}\n${out}\n${err}")
  endif()
endfunction()

# The data of a file: its lines without the '#' record lines (which name the time and the machine).
function(data_lines file out_var)
  file(STRINGS ${file} lines)
  list(FILTER lines EXCLUDE REGEX "^#")
  set(${out_var} "${lines}" PARENT_SCOPE)
endfunction()

function(require_same a b what)
  file(READ ${a} text_a)
  file(READ ${b} text_b)
  if(NOT text_a STREQUAL text_b)
    message(FATAL_ERROR "${what}: ${a} and ${b} differ")
  endif()
endfunction()

if(MPIEXEC)
  # Root may run Open MPI only when told so (CI runs as root).
  set(ENV{OMPI_ALLOW_RUN_AS_ROOT} 1)
  set(ENV{OMPI_ALLOW_RUN_AS_ROOT_CONFIRM} 1)
  campaign(threads --runs 12 --threads 2)
  set(LAUNCHER ${MPIEXEC} -np 2 --oversubscribe)
  campaign(mpi --runs 12 --threads 1)
  foreach(file summary.csv statistics.csv run_000000.csv run_000001.csv run_000011.csv)
    data_lines(${WORK}/threads/${file} a)
    data_lines(${WORK}/mpi/${file} b)
    if(NOT a STREQUAL b)
      message(FATAL_ERROR "${file} differs between threads and mpirun -np 2")
    endif()
  endforeach()
  file(READ ${WORK}/mpi/summary.csv text)
  if(NOT text MATCHES "2 MPI ranks")
    message(FATAL_ERROR "the mpirun campaign ran as one process (no '2 MPI ranks' in its summary)")
  endif()
  return()
endif()

campaign(one_thread --runs 12 --threads 1)
campaign(three_threads --runs 12 --threads 3)
require_same(${WORK}/one_thread/summary.csv ${WORK}/three_threads/summary.csv "summary, 1 vs 3 threads")
require_same(${WORK}/one_thread/statistics.csv ${WORK}/three_threads/statistics.csv "statistics, 1 vs 3 threads")
foreach(run 000000 000007 000011)
  data_lines(${WORK}/one_thread/run_${run}.csv a)
  data_lines(${WORK}/three_threads/run_${run}.csv b)
  if(NOT a STREQUAL b)
    message(FATAL_ERROR "run ${run} differs between 1 and 3 threads")
  endif()
endforeach()

data_lines(${WORK}/one_thread/summary.csv whole)
list(LENGTH whole rows)
if(NOT rows EQUAL 13)  # the column names and 12 runs
  message(FATAL_ERROR "summary.csv has ${rows} data lines, expected 13")
endif()
list(GET whole 0 names)
list(FILTER whole EXCLUDE REGEX "^run,")
foreach(row IN LISTS whole)
  if(NOT row MATCHES "^[0-9]+,ok,")
    message(FATAL_ERROR "a run did not succeed: ${row}")
  endif()
endforeach()

# --only 7: the row and the run file of run 7.
campaign(only_7 --only 7)
data_lines(${WORK}/only_7/summary_7-8.csv alone)
list(GET whole 7 row7)
if(NOT alone STREQUAL "${names};${row7}")
  message(FATAL_ERROR "--only 7 gives\n${alone}\nthe whole campaign\n${names};${row7}")
endif()
data_lines(${WORK}/one_thread/run_000007.csv a)
data_lines(${WORK}/only_7/run_000007.csv b)
if(NOT a STREQUAL b)
  message(FATAL_ERROR "run 7 alone differs from run 7 of the campaign")
endif()

# --runs 3:6: rows 3, 4, 5.
campaign(part --runs 3:6 --threads 2)
data_lines(${WORK}/part/summary_3-6.csv part)
list(SUBLIST whole 3 3 expected)
if(NOT part STREQUAL "${names};${expected}")
  message(FATAL_ERROR "--runs 3:6 gives\n${part}\nthe whole campaign\n${names};${expected}")
endif()

# The draws differ from run to run (a campaign that disperses nothing would pass the above).
list(GET whole 0 row0)
list(GET whole 1 row1)
string(REGEX REPLACE "^[0-9]+," "" row0 "${row0}")
string(REGEX REPLACE "^[0-9]+," "" row1 "${row1}")
if(row0 STREQUAL row1)
  message(FATAL_ERROR "runs 0 and 1 are identical")
endif()
