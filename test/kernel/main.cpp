// The kernel's unit and error suites (test/kernel/*_test.cpp).
#define BOOST_TEST_MODULE ramus kernel
#include <boost/test/unit_test.hpp>
