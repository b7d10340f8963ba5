# `ramus eval` (docs/scenario.md §9): each term at points against an independent reference — the
# closed forms of docs/environment/central_body_gravity.md (1)–(4), the shadow's two certain cases
# (sunlight, deep umbra), the published densities of Vallado's table and of the NRLMSISE-00 listing
# in data/, the radiation pressure at 1 au — and the refusals, each naming the option and the value.
# Run by CTest: cmake -DRAMUS=... -DDATA=<repository>/data -DWORK=... -P eval_cli_check.cmake

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

include(${CMAKE_CURRENT_LIST_DIR}/cli_functions.cmake)

# The CSV's line that follows its header, split at the commas: the values of the first point.
function(first_row csv out_var)
  string(REGEX REPLACE "\n$" "" csv "${csv}")
  string(REPLACE "\n" ";" lines "${csv}")
  set(rows)
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^#")
      list(APPEND rows "${line}")
    endif()
  endforeach()
  list(GET rows 1 row)  # rows[0] is the header
  string(REPLACE "," ";" row "${row}")
  set(${out_var} "${row}" PARENT_SCOPE)
endfunction()

# Requires lo <= row[index] <= hi (CMake compares numbers as doubles).
function(require_between row index lo hi what)
  list(GET row ${index} value)
  if(NOT (value GREATER_EQUAL lo AND value LESS_EQUAL hi))
    message(FATAL_ERROR "${what}: ${value} is outside [${lo}, ${hi}]")
  endif()
  message(STATUS "${what}: ${value} in [${lo}, ${hi}]")
endfunction()

# ---- gravity ------------------------------------------------------------------------------------
# Tolerances: 1e-14 relative (about 45 ε). The closed forms below round a few times (a quotient, a
# product, a square root), each at most ε = 2.2e-16 relative; 1e-14 leaves a factor of ten while
# staying ten orders below the J2 terms (3.75e-4 and 7.5e-4 of the total) that it must resolve.
# The bounds are the closed form's value ± 1e-14 of it, written out (CMake has no floating point).

# Without a scenario: the Earth's point mass (preset "earth", μ = 3.986004415e14 m³/s²). At
# r = (7e6, 0, 0) m: a_x = −μ/r² = −8.1347028877551020 m/s², U = −μ/r = −56942920.214285714 J/kg.
run_ramus(0 out err eval gravity --position 7e6,0,0)
require("${out}" "\nt\\[s\\],r_N_x\\[m\\],r_N_y\\[m\\],r_N_z\\[m\\],U\\[J/kg\\],a_N_x\\[m/s\\^2\\],a_N_y\\[m/s\\^2\\],a_N_z\\[m/s\\^2\\]\n"
        "the header names each column with its frame and unit")
require("${out}" "# scenario: the defaults" "the defaults named")
require("${out}" "\n# end: complete, 1 rows\n$" "the end marker")
first_row("${out}" row)
require_between("${row}" 4 -56942920.21428628 -56942920.21428514 "default point mass: U = -mu/r")
require_between("${row}" 5 -8.134702887755183 -8.134702887755021 "default point mass: a_x = -mu/r^2")
require_between("${row}" 6 0 0 "default point mass: a_y")
require_between("${row}" 7 0 0 "default point mass: a_z")

# A point mass of μ = 4e14 m³/s² given by the scenario, at r = (6e6, 8e6, 0) m (|r| = 1e7 m):
# a = −μ r/r³ = (−2.4, −3.2, 0) m/s², U = −μ/r = −4e7 J/kg; at (2e7, 0, 0) the gradient
# μ (3 r̂ r̂ᵀ − 1)/r³ (eq. 4) = diag(1e-7, −5e-8, −5e-8) 1/s², its off-diagonal terms zero.
file(WRITE ${WORK}/point_mass.json "{\"gravity\": {\"mu\": 4e14}}\n")
run_ramus(0 out err eval gravity --scenario ${WORK}/point_mass.json --position 6e6,8e6,0 --time 100)
first_row("${out}" row)
require_between("${row}" 0 100 100 "the time given")
require_between("${row}" 4 -40000000.0000004 -39999999.9999996 "point mass: U = -mu/r")
require_between("${row}" 5 -2.400000000000024 -2.399999999999976 "point mass: a_x")
require_between("${row}" 6 -3.200000000000032 -3.199999999999968 "point mass: a_y")
run_ramus(0 out err eval gravity --scenario ${WORK}/point_mass.json --position 2e7,0,0 --gradient)
require("${out}" "G_N_xx\\[1/s\\^2\\],G_N_xy\\[1/s\\^2\\],G_N_xz\\[1/s\\^2\\],G_N_yx\\[1/s\\^2\\]" "the gradient's columns")
first_row("${out}" row)
require_between("${row}" 8 9.9999999999999e-8 1.00000000000001e-7 "point mass: G_xx = 2 mu/r^3")
require_between("${row}" 12 -5.00000000000005e-8 -4.99999999999995e-8 "point mass: G_yy = -mu/r^3")
require_between("${row}" 16 -5.00000000000005e-8 -4.99999999999995e-8 "point mass: G_zz = -mu/r^3")
foreach(k 9 10 11 13 14 15)
  require_between("${row}" ${k} -1e-22 1e-22 "point mass: off-diagonal gradient term ${k}")  # 1e-15 of |G|
endforeach()

# central_body_gravity with J2 (eqs. 1–3): μ = 4e14 m³/s², J2 = 1e-3, R = 6e6 m, |r| = 1.2e7 m so
# (R/r)² = 1/4. On the equator (r, 0, 0): a_x = −μ/r² (1 + 3/2 J2 (R/r)²) = −2.7788194444444444,
# U = −μ/r (1 + J2 (R/r)²/2) = −33337500; on the pole (0, 0, r): a_z = −μ/r² (1 − 3 J2 (R/r)²)
# = −2.7756944444444444, U = −μ/r (1 − J2 (R/r)²) = −33325000.
file(WRITE ${WORK}/j2.json "{\"gravity\": {\"type\": \"central_body_gravity\", \"mu\": 4e14, \"J2\": 1e-3, "
                           "\"equatorial_radius\": {\"value\": 6000, \"unit\": \"km\"}}}\n")
run_ramus(0 out err eval gravity --scenario ${WORK}/j2.json --position 1.2e7,0,0)
first_row("${out}" row)
require_between("${row}" 4 -33337500.00000033 -33337499.99999967 "J2 equator: U")
require_between("${row}" 5 -2.778819444444472 -2.778819444444417 "J2 equator: a_x")
run_ramus(0 out err eval gravity --scenario ${WORK}/j2.json --position 0,0,1.2e7)
first_row("${out}" row)
require_between("${row}" 5 -1e-30 1e-30 "J2 pole: a_x")  # zero but for round-off of x = 0
require_between("${row}" 6 -1e-30 1e-30 "J2 pole: a_y")
require_between("${row}" 4 -33325000.00000033 -33324999.99999967 "J2 pole: U")
require_between("${row}" 7 -2.775694444444472 -2.775694444444417 "J2 pole: a_z")

# --points: the rows of a file, columns in any order, give the same rows as single points; the
# output file is written whole.
file(WRITE ${WORK}/points.csv "# two points of the J2 field\nx[m], y, z, t[s]\n1.2e7,0,0,0\n0,0,1.2e7,5\n")
run_ramus(0 out err eval gravity --scenario ${WORK}/j2.json --points ${WORK}/points.csv --output ${WORK}/j2.csv)
file(READ ${WORK}/j2.csv csv)
require("${csv}" "\n0,1.2e\\+07,0,0,-3333" "the first row of --points: t, then r_N")
run_ramus(0 one err eval gravity --scenario ${WORK}/j2.json --position 0,0,1.2e7 --time 5)
first_row("${one}" row)
list(JOIN row "," row)
string(FIND "${csv}" "\n${row}\n" at)
if(at LESS 0)
  message(FATAL_ERROR "the second row of --points is not the single point's row '${row}':\n${csv}")
endif()
require("${csv}" "# end: complete, 2 rows\n$" "two rows")

# ---- shadow and solar radiation pressure -------------------------------------------------------
# The Sun fixed on N's x axis at 1 au + 2e7 m (a table: no epoch needed), the Earth a sphere of
# 6378137 m. At (−1.1 R, 0, 0), opposite the Sun, the Earth's disc (apparent radius asin(1/1.1) =
# 65°) covers the Sun's (0.27°) centred on it: ν = 0 exactly, in either model. At (0, 1.1 R, 0) and
# at (2e7, 0, 0) the discs are apart: ν = 1 exactly. At (2e7, 0, 0) the Sun is 1 au away: the
# pressure is P0 = 4.56e-6 N/m² exactly the 1-au value (docs/environment/srp.md (1)), the flux
# P0 c = 1367.05360848 W/m² (1e-14: one product), s_N = (1, 0, 0).
file(WRITE ${WORK}/sun.txt "# t x y z vx vy vz [s, m, m/s]\n-1e7 149617870700 0 0 0 0 0\n1e7 149617870700 0 0 0 0 0\n")
foreach(model conical cylindrical)
  file(WRITE ${WORK}/sun_${model}.json
       "{\"environment\": {\"sun\": {\"file\": \"sun.txt\"}, \"shadow\": \"${model}\"}, \"gravity\": {\"preset\": \"earth\"}}\n")
  run_ramus(0 out err eval shadow --scenario ${WORK}/sun_${model}.json --position -7015950.7,0,0)
  require("${out}" "\nt\\[s\\],r_N_x\\[m\\],r_N_y\\[m\\],r_N_z\\[m\\],nu\\[1\\]\n" "shadow's header")
  first_row("${out}" row)
  require_between("${row}" 4 0 0 "${model} shadow: nu opposite the Sun at 1.1 R")
  run_ramus(0 out err eval shadow --scenario ${WORK}/sun_${model}.json --position 0,7015950.7,0)
  first_row("${out}" row)
  require_between("${row}" 4 1 1 "${model} shadow: nu in sunlight at 1.1 R")
endforeach()
run_ramus(0 out err eval srp --scenario ${WORK}/sun_conical.json --position 2e7,0,0)
require("${out}" "nu\\[1\\],d_sun\\[m\\],s_N_x\\[1\\],s_N_y\\[1\\],s_N_z\\[1\\],P_srp\\[N/m\\^2\\],flux\\[W/m\\^2\\]" "srp's header")
first_row("${out}" row)
require_between("${row}" 4 1 1 "srp: nu")
require_between("${row}" 5 149597870700 149597870700 "srp: d_sun = 1 au")
require_between("${row}" 6 1 1 "srp: s_N_x")
require_between("${row}" 9 0.000004559999999999954 0.000004560000000000046 "srp: P = P0 at 1 au")
require_between("${row}" 10 1367.053608479986 1367.053608480014 "srp: flux = P0 c")

# ---- density ------------------------------------------------------------------------------------
# Without a scenario: Vallado's table (docs/environment/atmosphere.md §3) over a sphere of
# 6378137 m. At 400 km, a layer's base: its published base density 3.725e-12 kg/m³; at 425 km
# within that layer (H = 58.515 km): 3.725e-12 exp(−25/58.515) = 2.4298413652327287e-12 kg/m³.
# 1e-14 relative: the decimal's conversion, a quotient and an exponential, each ~1 ulp.
run_ramus(0 out err eval density --position 6778137,0,0)
require("${out}" "\nt\\[s\\],r_N_x\\[m\\],r_N_y\\[m\\],r_N_z\\[m\\],h\\[m\\],rho\\[kg/m\\^3\\]\n" "density's header")
first_row("${out}" row)
require_between("${row}" 4 400000 400000 "density: the altitude |r| - R")
require_between("${row}" 5 3.724999999999963e-12 3.725000000000037e-12 "Vallado at 400 km")
run_ramus(0 out err eval density --position 0,0,6803137)
first_row("${out}" row)
require_between("${row}" 5 2.429841365232704e-12 2.429841365232753e-12 "Vallado at 425 km")
# The NRLMSISE-00 listing of data/ (ModelWeb): its row "400.0 6.874E-16" g/cm³ = 6.874e-13 kg/m³;
# at a row the log-linear interpolation is the row (1e-14: the unit's product, ~1 ulp).
file(WRITE ${WORK}/msis.json
     "{\"environment\": {\"atmosphere\": {\"type\": \"tabulated\", \"file\": \"${DATA}/NRLMSISE00-nominal-profile.txt\"}}}\n")
run_ramus(0 out err eval density --scenario ${WORK}/msis.json --position 0,6778137,0)
first_row("${out}" row)
require_between("${row}" 5 6.873999999999931e-13 6.874000000000069e-13 "NRLMSISE-00 listing at 400 km")

# ---- help and refusals --------------------------------------------------------------------------
run_ramus(0 out err eval --help)
require("${out}" "^usage: ramus eval gravity\\|field\\|shadow\\|density\\|srp" "eval --help")
run_ramus(0 out err eval gravity --help)
require("${out}" "gravity: the \"gravity\" section's field" "eval gravity --help")
run_ramus(0 out err --help)
require("${out}" "ramus eval gravity" "ramus --help lists eval")

run_ramus(2 out err eval)
require("${err}" "^ramus: eval needs a term" "no term")
run_ramus(2 out err eval gravty --position 7e6,0,0)
require("${err}" "unknown term 'gravty'.*did you mean 'gravity'" "a misspelt term")
run_ramus(2 out err eval gravity --position 1,2)
require("${err}" "--position needs x,y,z: three finite numbers \\[m\\], got '1,2'" "a short position")
run_ramus(2 out err eval gravity --position 1,nan,3)
require("${err}" "--position needs x,y,z.*got '1,nan,3'" "a position that is not finite")
run_ramus(2 out err eval gravity --position 7e6,0,0 --time soon)
require("${err}" "--time needs a finite time in seconds, got 'soon'" "a bad time")
run_ramus(2 out err eval gravity)
require("${err}" "needs one of --position x,y,z \\(with --time T\\) and --points FILE.csv" "no point")
run_ramus(2 out err eval field --position 7e6,0,0 --gradient)
require("${err}" "--gradient is for 'eval gravity', not 'eval field'" "--gradient elsewhere")
run_ramus(2 out err eval gravity --position 7e6,0,0 --frame P)
require("${err}" "unknown option '--frame' for 'eval gravity'" "an unknown option")
run_ramus(2 out err eval gravity --points ${WORK}/points.csv --time 3)
require("${err}" "--time is for --position" "--time with --points")
run_ramus(1 out err eval shadow --position 7e6,0,0)
require("${err}" "^ramus: the defaults \\(no --scenario\\): environment.sun: missing" "shadow without a Sun")
run_ramus(1 out err eval field --scenario ${WORK}/j2.json --position 7e6,0,0)
require("${err}" "j2.json: environment.magnetic_field: missing" "a field the scenario lacks")
file(WRITE ${WORK}/bad_gravity.json "{\"gravity\": {\"mu\": -4e14}}\n")
run_ramus(1 out err eval gravity --scenario ${WORK}/bad_gravity.json --position 7e6,0,0)
require("${err}" "bad_gravity.json: gravity.mu" "the loader's message for a bad section")
file(WRITE ${WORK}/bad_header.csv "t,x,y,w\n0,7e6,0,0\n")
run_ramus(1 out err eval gravity --points ${WORK}/bad_header.csv)
require("${err}" "--points .*bad_header.csv: line 1: the header's column 'w' is not one of t, x, y, z" "a bad header")
file(WRITE ${WORK}/bad_value.csv "t,x,y,z\n0,7e6,0,0\n1,7e6,zero,0\n")
run_ramus(1 out err eval gravity --points ${WORK}/bad_value.csv)
require("${err}" "bad_value.csv: line 3: column y: 'zero' is not a finite number" "a bad value")
# A failure at a point leaves an existing output as it was: below the atmosphere's floor (0 km).
file(WRITE ${WORK}/kept.csv "earlier output\n")
run_ramus(1 out err eval density --position 6e6,0,0 --output ${WORK}/kept.csv)
require("${err}" "eval density: --position \\(t = 0 s, r_N = \\[6e\\+06, 0, 0\\] m\\): .*altitude" "below the floor")
file(READ ${WORK}/kept.csv kept)
if(NOT kept STREQUAL "earlier output\n")
  message(FATAL_ERROR "a failed eval changed its --output:\n${kept}")
endif()
run_ramus(1 out err eval gravity --points ${WORK}/points.csv --output ${WORK}/points.csv)
require("${err}" "--output.*points.csv.*--points" "an output that is the points file")
