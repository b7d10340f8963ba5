#define BOOST_TEST_MODULE ramus_effectors
#include <boost/test/unit_test.hpp>
