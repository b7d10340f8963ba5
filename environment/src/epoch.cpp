// Epochs and time scales through ERFA (docs/environment/time_and_frames.md §1).
#include "ramus/environment/epoch.hpp"

#include <erfa.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

constexpr double kSecondsPerDay = 86400.0;

std::string date_text(const CalendarDate& d) {
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%06.3f %s", d.year, d.month, d.day, d.hour, d.minute,
                d.second, d.scale == TimeScale::UTC ? "UTC" : "TT");
  return buffer;
}

}  // namespace

Epoch Epoch::from_calendar(const CalendarDate& date, double dut1) {
  const std::string owner = "epoch";
  validation::require_finite(owner, "dut1 [s]", dut1);
  if (std::abs(dut1) >= 0.9)
    throw ConfigurationError(owner, "dut1 [s]", validation::to_text(dut1),
                             "UT1 - UTC is kept within 0.9 s by the IERS");
  const char* scale = date.scale == TimeScale::UTC ? "UTC" : "TT";
  double d1 = 0.0, d2 = 0.0;
  const int status = eraDtf2d(scale, date.year, date.month, date.day, date.hour, date.minute, date.second, &d1, &d2);
  // ERFA: +3 both of +1 and +2, +2 time is after end of day, +1 dubious year; −1 bad year, −2 bad
  // month, −3 bad day, −4 bad hour, −5 bad minute, −6 bad second. A dubious year (before 1960 or
  // far in the future for UTC) is refused too: its leap seconds are unknown.
  if (status != 0 && status != 2)
    throw ConfigurationError(owner, "date", date_text(date),
                             status == 1 ? "is outside the years whose UTC leap seconds are known"
                                         : "is not a valid calendar date and time (" + std::to_string(status) + ")");
  Epoch e;
  double tai1 = 0.0, tai2 = 0.0, tt1 = d1, tt2 = d2;
  double delta_at = 0.0;  // TAI − UTC
  if (date.scale == TimeScale::UTC) {
    eraUtctai(d1, d2, &tai1, &tai2);
    eraTaitt(tai1, tai2, &tt1, &tt2);
    delta_at = ((tai1 - d1) + (tai2 - d2)) * kSecondsPerDay;
  } else {
    int iy = 0, im = 0, id = 0;
    double fd = 0.0;
    eraJd2cal(d1, d2, &iy, &im, &id, &fd);
    eraDat(iy, im, id, fd, &delta_at);
  }
  e.jd1_ = tt1;
  e.jd2_ = tt2;
  // TT − UT1 = (TT − TAI) + (TAI − UTC) − (UT1 − UTC), eq. (1)
  e.tt_minus_ut1_ = 32.184 + std::round(delta_at * 1e6) * 1e-6 - dut1;
  return e;
}

Epoch Epoch::parse(std::string_view text, double dut1) {
  CalendarDate d;
  char scale[8] = {};
  const std::string s(text);
  if (std::sscanf(s.c_str(), "%d-%d-%dT%d:%d:%lf %7s", &d.year, &d.month, &d.day, &d.hour, &d.minute, &d.second,
                  scale) != 7 ||
      (std::string(scale) != "UTC" && std::string(scale) != "TT"))
    throw ConfigurationError("epoch", "date", "'" + s + "'",
                             "must read YYYY-MM-DDThh:mm:ss[.fff] followed by UTC or TT, e.g. "
                             "\"2025-03-20T12:00:00 UTC\"");
  d.scale = std::string(scale) == "UTC" ? TimeScale::UTC : TimeScale::TT;
  return from_calendar(d, dut1);
}

JulianDate Epoch::tt(double t) const { return {jd1_, jd2_ + t / kSecondsPerDay}; }

JulianDate Epoch::ut1(double t) const { return {jd1_, jd2_ + (t - tt_minus_ut1_) / kSecondsPerDay}; }

double Epoch::decimal_year(double t) const {
  // Julian years of 365.25 d from J2000.0, eq. (2).
  return 2000.0 + ((jd1_ - 2451545.0) + (jd2_ + t / kSecondsPerDay)) / 365.25;
}

std::string Epoch::text() const {
  int iy = 0, im = 0, id = 0, ihmsf[4] = {};
  eraD2dtf("TT", 3, jd1_, jd2_, &iy, &im, &id, ihmsf);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%03d TT", iy, im, id, ihmsf[0], ihmsf[1],
                ihmsf[2], ihmsf[3]);
  return buffer;
}

}  // namespace ramus
