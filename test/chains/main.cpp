#define BOOST_TEST_MODULE ramus_chains
#include <boost/test/unit_test.hpp>
