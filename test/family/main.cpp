#define BOOST_TEST_MODULE ramus_family
#include <boost/test/unit_test.hpp>
