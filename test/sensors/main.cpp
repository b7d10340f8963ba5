// The unit, statistical and error suites of the sensor models (test/sensors/*_test.cpp).
#define BOOST_TEST_MODULE ramus sensors
#include <boost/test/unit_test.hpp>
