// The noise-stream key (sensors/include/ramus/sensors/sensor_key.hpp, docs/sensors/README.md §1):
// FNV-1a 64 against the published test vectors of its authors, and the stream it selects.
#include <boost/test/unit_test.hpp>
#include <cstdint>

#include "ramus/kernel/random_stream.hpp"
#include "ramus/sensors/sensor_key.hpp"

using namespace ramus;

// A compile-time function: usable where a constant is needed.
static_assert(sensor_key("") == 0xcbf29ce484222325ULL);

BOOST_AUTO_TEST_SUITE(sensor_key)

BOOST_AUTO_TEST_CASE(fnv1a_64_test_vectors) {
  // Fowler–Noll–Vo's FNV-1a 64-bit vectors: the empty string is the offset basis.
  BOOST_TEST(ramus::sensor_key("") == 0xcbf29ce484222325ULL);
  BOOST_TEST(ramus::sensor_key("a") == 0xaf63dc4c8601ec8cULL);
  BOOST_TEST(ramus::sensor_key("foobar") == 0x85944171f73967e8ULL);
  // Bytes, not characters: a name with a non-ASCII byte hashes its UTF-8 bytes unsigned.
  BOOST_TEST(ramus::sensor_key("\xc3\xa9") != ramus::sensor_key("\xc3"));
}

BOOST_AUTO_TEST_CASE(sensor_stream_is_the_kernel_stream_keyed_by_the_name) {
  RandomStream expected(12, 34, ramus::sensor_key("imu"));
  RandomStream s = sensor_stream({12, 34}, "imu");
  for (int k = 0; k < 10; ++k) BOOST_TEST(s.next() == expected.next());
  BOOST_TEST(sensor_stream({12, 34}, "imu2").next() != RandomStream(12, 34, ramus::sensor_key("imu")).next());
}

BOOST_AUTO_TEST_SUITE_END()
