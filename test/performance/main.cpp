#define BOOST_TEST_MODULE ramus_performance
#include <boost/test/unit_test.hpp>
