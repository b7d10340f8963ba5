// The run's epoch and its time scales (docs/environment/time_and_frames.md §1). Run time t [s]
// counts TT seconds from the epoch; UTC enters only to name the epoch, UT1 only for the Earth's
// rotation angle.
#pragma once

#include <string>
#include <string_view>

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
  /// J2000.0, 2000-01-01T12:00:00 TT.
  Epoch() = default;
  /// From a calendar date in UTC or TT. `dut1` [s] is UT1 − UTC at the epoch (|dut1| < 0.9 s;
  /// 0 by default). Throws ConfigurationError naming the field for an invalid date.
  static Epoch from_calendar(const CalendarDate& date, double dut1 = 0.0);
  /// "2025-03-20T12:00:00 UTC" or "... TT" (ISO 8601 date and time, then the scale).
  static Epoch parse(std::string_view text, double dut1 = 0.0);

  /// [TT] the instant t [s] after the epoch.
  JulianDate tt(double t) const;
  /// [UT1] the same instant, with TT − UT1 held at its value at the epoch (it drifts by about
  /// 2 ms a day: an Earth rotation angle error of 1.5e-7 rad a day, docs/environment/time_and_frames.md §1).
  JulianDate ut1(double t) const;
  /// [s] TT − UT1 at the epoch (32.184 s + ΔAT − DUT1).
  double tt_minus_ut1() const { return tt_minus_ut1_; }
  /// [yr] decimal year in TT at t (for secular variations such as a magnetic model's).
  double decimal_year(double t) const;
  /// "2025-03-20T12:00:00.000 TT".
  std::string text() const;

 private:
  double jd1_ = 2451545.0, jd2_ = 0.0;  ///< [d] the epoch in TT
  double tt_minus_ut1_ = 64.184;        ///< [s] at J2000.0 (ΔAT = 32 s, DUT1 ≈ 0)
};

}  // namespace ramus
