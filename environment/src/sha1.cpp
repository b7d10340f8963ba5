// SHA-1 (FIPS 180-4 §6.1.2): 512-bit blocks, the message padded with a 1 bit, zeros and its
// length in bits (64-bit big-endian); 80 rounds per block on five 32-bit words.
#include "sha1.hpp"

#include <array>
#include <cstdint>
#include <cstdio>

namespace ramus::detail {
namespace {

std::uint32_t rotl(std::uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

void compress(std::array<std::uint32_t, 5>& h, const unsigned char* block) {
  std::array<std::uint32_t, 80> w{};
  for (int t = 0; t < 16; ++t)
    w[t] = (std::uint32_t{block[4 * t]} << 24) | (std::uint32_t{block[4 * t + 1]} << 16) |
           (std::uint32_t{block[4 * t + 2]} << 8) | std::uint32_t{block[4 * t + 3]};
  for (int t = 16; t < 80; ++t) w[t] = rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
  std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
  for (int t = 0; t < 80; ++t) {
    std::uint32_t f = 0, k = 0;
    if (t < 20) {
      f = (b & c) | (~b & d);
      k = 0x5a827999U;
    } else if (t < 40) {
      f = b ^ c ^ d;
      k = 0x6ed9eba1U;
    } else if (t < 60) {
      f = (b & c) | (b & d) | (c & d);
      k = 0x8f1bbcdcU;
    } else {
      f = b ^ c ^ d;
      k = 0xca62c1d6U;
    }
    const std::uint32_t temp = rotl(a, 5) + f + e + k + w[t];
    e = d;
    d = c;
    c = rotl(b, 30);
    b = a;
    a = temp;
  }
  h[0] += a;
  h[1] += b;
  h[2] += c;
  h[3] += d;
  h[4] += e;
}

}  // namespace

std::string sha1_hex(std::string_view bytes) {
  std::array<std::uint32_t, 5> h{0x67452301U, 0xefcdab89U, 0x98badcfeU, 0x10325476U, 0xc3d2e1f0U};
  std::size_t full = bytes.size() / 64;
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  for (std::size_t i = 0; i < full; ++i) compress(h, data + 64 * i);
  // The tail, the 0x80 byte, zeros, and the length in bits: one or two blocks.
  std::array<unsigned char, 128> tail{};
  const std::size_t rest = bytes.size() - 64 * full;
  for (std::size_t i = 0; i < rest; ++i) tail[i] = data[64 * full + i];
  tail[rest] = 0x80;
  const std::size_t blocks = rest + 1 + 8 <= 64 ? 1 : 2;
  const std::uint64_t bits = static_cast<std::uint64_t>(bytes.size()) * 8U;
  for (int i = 0; i < 8; ++i) tail[64 * blocks - 1 - i] = static_cast<unsigned char>(bits >> (8 * i));
  for (std::size_t i = 0; i < blocks; ++i) compress(h, tail.data() + 64 * i);
  std::string out;
  char word[9];
  for (const std::uint32_t x : h) {
    std::snprintf(word, sizeof word, "%08x", static_cast<unsigned>(x));
    out += word;
  }
  return out;
}

}  // namespace ramus::detail
