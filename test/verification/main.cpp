// The verification suite of ramus (docs/verification/README.md). Top-level
// suites and their CTest labels (test/verification/CMakeLists.txt):
//   rigid_body              verification   VER-ROT-001, KIN-01, ROT-02, TRA-01, TRA-02
//   rigid_body_convergence  convergence    observed orders; adaptive steppers against tolerance
//   odeint_compatibility    unit           ramus::System under Odeint's integrate_* functions
//   orbit_conservation      conservation   a tumbling body in orbit; J2; constant inertial force
#define BOOST_TEST_MODULE ramus_verification
#include <boost/test/unit_test.hpp>
