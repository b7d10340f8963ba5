// The unit, verification and error suites of the environment models (test/environment/*_test.cpp).
#define BOOST_TEST_MODULE ramus environment
#include <boost/test/unit_test.hpp>
