#define BOOST_TEST_MODULE ramus_branching
#include <boost/test/unit_test.hpp>
