// The unit, verification and error suites of the flight-software algorithms (test/fsw/*_test.cpp).
#define BOOST_TEST_MODULE ramus fsw
#include <boost/test/unit_test.hpp>
