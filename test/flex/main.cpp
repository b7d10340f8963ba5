// The unit, verification and error suites of the modal data and the beam generator
// (test/flex/*_test.cpp).
#define BOOST_TEST_MODULE ramus flex
#include <boost/test/unit_test.hpp>
