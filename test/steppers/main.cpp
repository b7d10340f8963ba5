// The unit and error suites of the Odeint side (test/steppers/*_test.cpp).
#define BOOST_TEST_MODULE ramus steppers
#include <boost/test/unit_test.hpp>
