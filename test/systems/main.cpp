// The unit and error suites of the effector models (test/systems/*_test.cpp).
#define BOOST_TEST_MODULE ramus systems
#include <boost/test/unit_test.hpp>
