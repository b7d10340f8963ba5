// The unit, verification and error suites of the analysis layer (test/analysis/*_test.cpp).
#define BOOST_TEST_MODULE ramus analysis
#include <boost/test/unit_test.hpp>
