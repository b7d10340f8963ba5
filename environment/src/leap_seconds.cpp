// The IERS/NIST leap-seconds.list reader (docs/environment/time_and_frames.md §1.1): data lines
// "NTP-seconds TAI-UTC", "#$" last update, "#@" expiry, "#h" SHA-1 of the fields; everything else
// starting with '#' is a comment. Every refusal names the file, the line and the field.
#include "ramus/environment/leap_seconds.hpp"

#include <erfa.h>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ramus/kernel/error.hpp"
#include "sha1.hpp"

namespace ramus {
namespace {

constexpr std::int64_t kSecondsPerDay = 86400;
constexpr int kNtpEpochMjd = 15020;               // 1900-01-01, the NTP epoch
constexpr int kLastMjd = 2973483;                 // 9999-12-31: later dates are nonsense in this format
constexpr int kLargestOffset = 1000;              // [s] TAI − UTC is 37 s in 2025
constexpr std::uintmax_t kLargestFile = 1 << 20;  // [byte] the published file is about 5 kB

std::string owner_of(const std::string& name) { return "leap-second table '" + name + "'"; }

[[noreturn]] void fail(const std::string& name, int line, const std::string& field, const std::string& value,
                       const std::string& reason) {
  throw ConfigurationError(owner_of(name), "line " + std::to_string(line) + ": " + field, value, reason);
}

/// 'text', built by append (GCC 12 warns, wrongly, on "'" + std::string temporaries: -Wrestrict).
std::string in_quotes(std::string_view text) {
  std::string out = "'";
  out.append(text);
  out += '\'';
  return out;
}

bool is_space(char c) { return c == ' ' || c == '\t'; }

std::vector<std::string_view> fields_of(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_space(s[i])) ++i;
    const std::size_t start = i;
    while (i < s.size() && !is_space(s[i])) ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

/// A whole number written in 1 to 12 decimal digits (no sign, no point, no exponent).
std::int64_t unsigned_number(const std::string& name, int line, const std::string& field, std::string_view text) {
  std::int64_t v = -1;
  const bool digits =
      !text.empty() && text.size() <= 12 && text.find_first_not_of("0123456789") == std::string_view::npos;
  if (!digits || std::from_chars(text.data(), text.data() + text.size(), v).ec != std::errc())
    fail(name, line, field, in_quotes(text), "must be a whole number of at most 12 decimal digits");
  return v;
}

/// The MJD of an NTP time that is 0 h UTC of a day (the format's dates all are).
int mjd_of_ntp(const std::string& name, int line, const std::string& field, std::string_view text) {
  const std::int64_t ntp = unsigned_number(name, line, field, text);
  if (ntp % kSecondsPerDay != 0)
    fail(name, line, field, std::string(text), "is not 0 h UTC of a day (a multiple of 86400 s since 1900-01-01)");
  const std::int64_t mjd = ntp / kSecondsPerDay + kNtpEpochMjd;
  if (mjd > kLastMjd) fail(name, line, field, std::string(text), "is after 9999-12-31");
  return static_cast<int>(mjd);
}

/// The "#h" line's five words: 1 to 8 hexadecimal digits each (the leading zeros of a word may
/// be left out), as 40 lower-case digits.
std::string hash_of(const std::string& name, int line, const std::vector<std::string_view>& words) {
  std::string out;
  for (std::string_view w : words) {
    if (w.empty() || w.size() > 8 || w.find_first_not_of("0123456789abcdefABCDEF") != std::string_view::npos) break;
    std::string word(8 - w.size(), '0');
    for (const char c : w) word += static_cast<char>(c >= 'A' && c <= 'F' ? c - 'A' + 'a' : c);
    out += word;
  }
  if (words.size() != 5 || out.size() != 40) {
    std::string given;
    for (std::string_view w : words) {
      if (!given.empty()) given += ' ';
      given.append(w);
    }
    fail(name, line, "#h hash", in_quotes(given), "must be five words of 1 to 8 hexadecimal digits (SHA-1)");
  }
  return out;
}

}  // namespace

std::string mjd_date_text(int mjd) {
  int y = 0, m = 0, d = 0;
  double fd = 0.0;
  if (eraJd2cal(2400000.5, static_cast<double>(mjd), &y, &m, &d, &fd) != 0) return "MJD " + std::to_string(mjd);
  char text[32];
  std::snprintf(text, sizeof text, "%04d-%02d-%02d", y, m, d);
  return text;
}

LeapSecondTable LeapSecondTable::read(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    throw ConfigurationError(owner_of(path), "path", path, "is not a regular file that can be read");
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec || size > kLargestFile)
    throw ConfigurationError(owner_of(path), "path", path,
                             "is larger than 1 MB (a leap-seconds.list is about 5 kB): not a leap-second table");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigurationError(owner_of(path), "path", path, "cannot be opened for reading");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw ConfigurationError(owner_of(path), "path", path, "could not be read to its end");
  return parse(text.str(), path);
}

LeapSecondTable LeapSecondTable::parse(std::string_view text, const std::string& name) {
  LeapSecondTable t;
  t.name_ = name;
  std::string hashed, given_hash;  // the fields in the hash's order: #$, #@, then the data lines
  std::string data_fields;
  std::string_view updated_text, expires_text;
  int updated_line = 0, expires_line = 0, hash_line = 0, previous_line = 0, line = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    std::string_view s = text.substr(at, end - at);
    at = end + 1;
    ++line;
    if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
    if (s.find('\0') != std::string_view::npos) fail(name, line, "text", "a NUL byte", "is not text");
    if (s.size() >= 2 && s[0] == '#' && (s[1] == '$' || s[1] == '@' || s[1] == 'h')) {
      const std::vector<std::string_view> f = fields_of(s.substr(2));
      const std::string tag = std::string(s.substr(0, 2));
      int& seen = s[1] == '$' ? updated_line : s[1] == '@' ? expires_line : hash_line;
      if (seen != 0) fail(name, line, tag + " line", std::string(s), "repeats the one of line " + std::to_string(seen));
      seen = line;
      if (s[1] == 'h') {
        given_hash = hash_of(name, line, f);
        continue;
      }
      const std::string field = s[1] == '$' ? "#$ last update" : "#@ expiry";
      if (f.size() != 1) fail(name, line, field, in_quotes(s), "must be one NTP time");
      const int mjd = mjd_of_ntp(name, line, field, f[0]);
      (s[1] == '$' ? t.updated_mjd_ : t.expires_mjd_) = mjd;
      (s[1] == '$' ? updated_text : expires_text) = f[0];
      continue;
    }
    if (!s.empty() && s[0] == '#') continue;  // a comment
    if (hash_line != 0) fail(name, line, "data line", in_quotes(s), "follows the #h hash line, which ends the table");
    const std::vector<std::string_view> f = fields_of(s.substr(0, s.find('#')));
    if (f.empty()) continue;  // a blank line
    if (f.size() != 2) fail(name, line, "data line", in_quotes(s), "must read: NTP-seconds TAI-UTC [# comment]");
    const int mjd = mjd_of_ntp(name, line, "NTP time", f[0]);
    const std::int64_t offset = unsigned_number(name, line, "TAI-UTC [s]", f[1]);
    if (offset > kLargestOffset)
      fail(name, line, "TAI-UTC [s]", std::string(f[1]), "is over 1000 s: not a leap-second table");
    if (!t.entries_.empty()) {
      const LeapSecondEntry& before = t.entries_.back();
      if (mjd <= before.mjd)
        fail(name, line, "NTP time", std::string(f[0]),
             "is not after the one of line " + std::to_string(previous_line) + " (" + mjd_date_text(before.mjd) +
                 "): the lines are out of order");
      if (offset != before.tai_minus_utc + 1 && offset != before.tai_minus_utc - 1)
        fail(name, line, "TAI-UTC [s]", std::string(f[1]),
             "does not differ by one second from the " + std::to_string(before.tai_minus_utc) + " s of line " +
                 std::to_string(previous_line) + " (a leap second is one second: a line lost or out of order?)");
    }
    t.entries_.push_back({mjd, static_cast<int>(offset)});
    data_fields += std::string(f[0]) + std::string(f[1]);
    previous_line = line;
  }
  const int last_line = line;
  if (t.entries_.empty())
    fail(name, last_line, "data lines", "none", "the file has no data line (NTP-seconds TAI-UTC)");
  if (updated_line == 0) fail(name, last_line, "#$ last update", "none", "the file has no '#$' last-update line");
  if (expires_line == 0) fail(name, last_line, "#@ expiry", "none", "the file has no '#@' expiry line");
  if (hash_line == 0)
    fail(name, last_line, "#h hash", "none",
         "the file ends without its '#h' hash line, which ends the published file: truncated?");
  if (t.expires_mjd_ < t.updated_mjd_ || t.expires_mjd_ < t.entries_.back().mjd)
    fail(name, expires_line, "#@ expiry", mjd_date_text(t.expires_mjd_),
         "is before the last update or the last leap second of the table");
  hashed = std::string(updated_text) + std::string(expires_text) + data_fields;
  t.sha1_ = detail::sha1_hex(hashed);
  if (t.sha1_ != given_hash)
    fail(name, hash_line, "#h hash", given_hash,
         "is not the SHA-1 of the file's fields (" + t.sha1_ + "): the file was changed or damaged");
  return t;
}

std::optional<int> LeapSecondTable::tai_minus_utc(int mjd) const {
  std::optional<int> out;
  for (const LeapSecondEntry& e : entries_) {
    if (e.mjd > mjd) break;
    out = e.tai_minus_utc;
  }
  return out;
}

std::string LeapSecondTable::description() const {
  return "file " + name_ + " (updated " + mjd_date_text(updated_mjd_) + ", expires " + mjd_date_text(expires_mjd_) +
         ", last leap second " + mjd_date_text(entries_.back().mjd) +
         ": TAI-UTC = " + std::to_string(entries_.back().tai_minus_utc) + " s, SHA-1 " + sha1_ + " verified)";
}

}  // namespace ramus
