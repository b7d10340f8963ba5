#define BOOST_TEST_MODULE ramus vehicles
#include <boost/test/unit_test.hpp>
