// The run's epoch and its time scales (docs/environment/time_and_frames.md §1). Run time t [s]
// counts TT seconds from the epoch; UTC enters only to name the epoch, UT1 only for the Earth's
// rotation angle.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ramus/environment/leap_seconds.hpp"

namespace ramus {

/// A Julian date in two parts (jd1 + jd2, as ERFA takes them: full precision near any date).
struct JulianDate {
  double jd1 = 0.0;  ///< [d] e.g. the day number
  double jd2 = 0.0;  ///< [d] the rest
};

enum class TimeScale { UTC, TT };

/// A calendar date and time of day in a time scale.
struct CalendarDate {
  int year = 2000, month = 1, day = 1, hour = 12, minute = 0;
  double second = 0.0;  ///< [s] 0 ≤ s < 60 (61 within a leap second in UTC)
  TimeScale scale = TimeScale::TT;
};

class Epoch {
 public:
  /// J2000.0, 2000-01-01T12:00:00 TT (ERFA's table).
  Epoch();
  /// From a calendar date in UTC or TT. `dut1` [s] is UT1 − UTC at the epoch (|dut1| < 0.9 s;
  /// 0 by default). TAI − UTC comes from `leap_seconds` when given, else from ERFA's built-in
  /// table. A UTC date past the table's validity (ERFA's "dubious year", a file's expiry) is
  /// accepted with the table's last offset and a warning (warnings()); UTC before 1960 (or before
  /// a file's first entry) is refused. Throws ConfigurationError naming the field and the value
  /// for a date that does not exist: month, day, hour, minute out of range, seconds outside
  /// [0, 60), except [60, 61) at 23:59 UTC on a day that ends with a leap second; a year outside
  /// [0, 9999] ([1960, 9999] in UTC). Nothing is normalized.
  static Epoch from_calendar(const CalendarDate& date, double dut1 = 0.0,
                             const LeapSecondTable* leap_seconds = nullptr);
  /// Exactly "YYYY-MM-DDThh:mm:ss[.f...] UTC" or "... TT": digits only (no sign, exponent, inf or
  /// nan), one space before the scale (docs/environment/time_and_frames.md §1, "Grammar"); then
  /// as from_calendar.
  static Epoch parse(std::string_view text, double dut1 = 0.0, const LeapSecondTable* leap_seconds = nullptr);

  /// [TT] the instant t [s] after the epoch.
  JulianDate tt(double t) const;
  /// [UT1] the same instant, with TT − UT1 held at its value at the epoch (it drifts by about
  /// 2 ms a day: an Earth rotation angle error of 1.5e-7 rad a day, docs/environment/time_and_frames.md §1).
  JulianDate ut1(double t) const;
  /// [s] TT − UT1 at the epoch (32.184 s + ΔAT − DUT1).
  double tt_minus_ut1() const { return tt_minus_ut1_; }
  /// [s] TAI − UTC (ΔAT) at the epoch, as the table in use gives it.
  double tai_minus_utc() const { return tai_minus_utc_; }
  /// [yr] decimal year in TT at t (for secular variations such as a magnetic model's): Julian
  /// years of 365.25 days from J2000.0, docs/environment/time_and_frames.md (2).
  double decimal_year(double t) const;
  /// [yr] calendar decimal year at t: the TT calendar year plus the fraction of it elapsed, over its
  /// 365 or 366 days (eq. 2a; NOAA's convention for the World Magnetic Model).
  double calendar_decimal_year(double t) const;
  /// "2025-03-20T12:00:00.000 TT".
  std::string text() const;
  /// One line naming the leap-second table used, e.g. "ERFA 2.0.0 built-in table (last leap
  /// second 2017-01-01: TAI-UTC = 37 s; vouched for through 2026-12-30)" or the file's
  /// LeapSecondTable::description(); "; epoch past it: last known TAI-UTC used" when so.
  const std::string& leap_seconds() const { return leap_seconds_; }
  /// What the user should know (the library prints nothing): an epoch past its table's validity.
  const std::vector<std::string>& warnings() const { return warnings_; }

 private:
  double jd1_ = 2451545.0, jd2_ = 0.0;  ///< [d] the epoch in TT
  double tt_minus_ut1_ = 64.184;        ///< [s] at J2000.0 (ΔAT = 32 s, DUT1 ≈ 0)
  double tai_minus_utc_ = 32.0;         ///< [s] at J2000.0
  std::string leap_seconds_;
  std::vector<std::string> warnings_;
};

}  // namespace ramus
