#define BOOST_TEST_MODULE ramus_scenario
#include <boost/test/unit_test.hpp>
