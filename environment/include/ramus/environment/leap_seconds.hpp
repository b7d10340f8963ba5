// A table of UTC leap seconds: TAI − UTC from each date on, read strictly from the IERS/NIST
// leap-seconds.list format with its dates of update and expiry and its SHA-1 integrity hash
// checked (docs/environment/time_and_frames.md §1.1). An Epoch takes one to use instead of
// ERFA's built-in table.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ramus {

/// From 0 h UTC of the day `mjd` on, TAI − UTC = `tai_minus_utc`.
struct LeapSecondEntry {
  int mjd = 0;            ///< [d] Modified Julian Date of the UTC day the offset starts
  int tai_minus_utc = 0;  ///< [s]
};

class LeapSecondTable {
 public:
  /// Reads a leap-seconds.list (at most 1 MB; the published one is 5 kB). Throws
  /// ConfigurationError naming the file, the line and the field for anything out of the format:
  /// a data line other than "NTP-seconds TAI-UTC [# comment]" in digits, an NTP time that is not
  /// 0 h of a day or not after the previous line's, an offset that does not step by one second, a
  /// missing or repeated "#$" (last update), "#@" (expiry) or "#h" (hash) line, or a hash that is
  /// not the SHA-1 of the file's fields.
  static LeapSecondTable read(const std::string& path);
  /// The same from the file's text; `name` names it in messages and in description().
  static LeapSecondTable parse(std::string_view text, const std::string& name);

  const std::vector<LeapSecondEntry>& entries() const { return entries_; }
  /// [d] MJD of the "#$" last update and of the "#@" expiry (the table holds until that day).
  int updated_mjd() const { return updated_mjd_; }
  int expires_mjd() const { return expires_mjd_; }
  /// The verified SHA-1 of the file's fields, 40 lower-case hexadecimal digits.
  const std::string& sha1() const { return sha1_; }
  const std::string& name() const { return name_; }
  /// [s] TAI − UTC on the UTC day `mjd`: the last entry at or before it; none before the first.
  std::optional<int> tai_minus_utc(int mjd) const;
  /// "file NAME (updated 2025-01-08, expires 2026-06-28, last leap second 2017-01-01: TAI-UTC =
  /// 37 s, SHA-1 49db2447... verified)".
  std::string description() const;

 private:
  std::vector<LeapSecondEntry> entries_;
  int updated_mjd_ = 0, expires_mjd_ = 0;
  std::string sha1_, name_;
};

/// "2026-06-28": the Gregorian date of a Modified Julian Date.
std::string mjd_date_text(int mjd);

}  // namespace ramus
