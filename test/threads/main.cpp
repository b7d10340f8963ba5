// The concurrency suite (test/threads/*_test.cpp), also built and run under ThreadSanitizer in CI.
#define BOOST_TEST_MODULE ramus threads
#include <boost/test/unit_test.hpp>
