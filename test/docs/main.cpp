// The example effector's suite (momentum_wheel_test.cpp).
#define BOOST_TEST_MODULE ramus docs
#include <boost/test/unit_test.hpp>
