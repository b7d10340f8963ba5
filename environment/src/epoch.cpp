// Epochs and time scales through ERFA (docs/environment/time_and_frames.md §1): a strict grammar,
// strict calendar fields, and TAI − UTC from ERFA's built-in table or a leap-seconds.list; a
// date past the table's validity takes its last offset, with a warning for the user.
#include "ramus/environment/epoch.hpp"

#include <erfa.h>
#include <erfaextra.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

constexpr double kSecondsPerDay = 86400.0;
constexpr double kTtMinusTai = 32.184;  // [s]
const std::string kOwner = "epoch";

std::string date_text(const CalendarDate& d) {
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%06.3f %s", d.year, d.month, d.day, d.hour, d.minute,
                d.second, d.scale == TimeScale::UTC ? "UTC" : "TT");
  return buffer;
}

[[noreturn]] void refuse(const CalendarDate& d, const std::string& reason) {
  throw ConfigurationError(kOwner, "date", date_text(d), reason);
}

/// ERFA's built-in table: its version, last entry, and the first year ERFA calls dubious (its
/// release year + 5: eraDat's status +1).
struct ErfaTable {
  std::string version;
  int last_year = 0, last_month = 0, dubious_year = 0;
  double last_offset = 0.0;  // [s]
};

const ErfaTable& erfa_table() {
  static const ErfaTable table = [] {
    ErfaTable t;
    t.version = eraVersion();
    eraLEAPSECOND* entries = nullptr;
    const int n = eraGetLeapSeconds(&entries);
    if (n > 0 && entries != nullptr) {
      t.last_year = entries[n - 1].iyear;
      t.last_month = entries[n - 1].month;
      t.last_offset = entries[n - 1].delat;
    }
    double delta = 0.0;
    t.dubious_year = 2000;
    while (t.dubious_year < 3000 && eraDat(t.dubious_year, 1, 1, 0.0, &delta) == 0) ++t.dubious_year;
    return t;
  }();
  return table;
}

std::string erfa_name() { return "ERFA " + erfa_table().version + "'s built-in table"; }

std::string erfa_validity() { return "vouched for until " + std::to_string(erfa_table().dubious_year) + "-01-01"; }

std::string erfa_description() {
  const ErfaTable& t = erfa_table();
  char last[64];
  std::snprintf(last, sizeof last, "%04d-%02d-01: TAI-UTC = %.0f s", t.last_year, t.last_month, t.last_offset);
  return "ERFA " + t.version + " built-in table (last leap second " + last + "; " + erfa_validity() + ")";
}

std::string seconds_text(double s) { return validation::to_text(s) + " s"; }

int days_in_month(int y, int m) {
  static constexpr int kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return m == 2 && leap ? 29 : kDays[m - 1];
}

/// Every field but the upper bound of the seconds, which depends on the leap seconds.
void check_fields(const CalendarDate& d) {
  const bool utc = d.scale == TimeScale::UTC;
  if (d.year < (utc ? 1960 : 0) || d.year > 9999)
    refuse(d, "the year " + std::to_string(d.year) +
                  (utc ? " is outside [1960, 9999]: UTC with leap seconds starts in 1960"
                       : " is outside [0, 9999] (four digits)"));
  if (d.month < 1 || d.month > 12) refuse(d, "the month " + std::to_string(d.month) + " is outside [1, 12]");
  if (d.day < 1 || d.day > days_in_month(d.year, d.month))
    refuse(d, "the day " + std::to_string(d.day) + " is outside [1, " + std::to_string(days_in_month(d.year, d.month)) +
                  "] in this month");
  if (d.hour < 0 || d.hour > 23) refuse(d, "the hour " + std::to_string(d.hour) + " is outside [0, 23]");
  if (d.minute < 0 || d.minute > 59) refuse(d, "the minute " + std::to_string(d.minute) + " is outside [0, 59]");
  if (!std::isfinite(d.second) || d.second < 0.0)
    refuse(d, "the second " + seconds_text(d.second) + " is not a finite number in [0, 60)");
  const bool last_minute = utc && d.hour == 23 && d.minute == 59;
  if (d.second >= (last_minute ? 61.0 : 60.0))
    refuse(d, "the second " + seconds_text(d.second) +
                  (last_minute ? " is not in [0, 60), or [60, 61) in a leap second"
                               : " is not in [0, 60) (only 23:59 UTC may reach 60 s, in a leap second)"));
}

[[noreturn]] void refuse_leap_second(const CalendarDate& d, const std::string& table) {
  refuse(d, "the second " + seconds_text(d.second) + " is past the end of " + date_text(d).substr(0, 10) + ": by " +
                table + " that day does not end with a leap second (only such a day has 23:59:60)");
}

}  // namespace

Epoch::Epoch() : leap_seconds_(erfa_description()) {}

Epoch Epoch::from_calendar(const CalendarDate& date, double dut1, const LeapSecondTable* table) {
  validation::require_finite(kOwner, "dut1 [s]", dut1);
  if (std::abs(dut1) >= 0.9)
    throw ConfigurationError(kOwner, "dut1 [s]", validation::to_text(dut1),
                             "UT1 - UTC is kept within 0.9 s by the IERS");
  check_fields(date);
  const bool utc = date.scale == TimeScale::UTC;
  const std::string day = date_text(date).substr(0, 10);
  Epoch e;
  e.leap_seconds_ = table != nullptr ? table->description() : erfa_description();
  const std::string table_name = table != nullptr ? "the leap-second table '" + table->name() + "'" : erfa_name();
  const std::string validity =
      table != nullptr ? "valid until its expiry, " + mjd_date_text(table->expires_mjd()) : erfa_validity();
  bool past = false;        // the epoch's offset or its day's end is not known to the table
  bool before_utc = false;  // a TT epoch before 1960
  double delta_at = 0.0;    // [s] TAI − UTC
  const auto warn_offset = [&](double last, const std::string& since) {
    past = true;
    e.warnings_.push_back(date_text(date) + ": TAI-UTC on " + day + " is past what " + table_name + " knows (" +
                          validity + "): its last offset, " + validation::to_text(last) + " s (since " + since +
                          "), is used" +
                          (utc ? "; a leap second announced since would put the epoch off by that second"
                               : " for UT1 (the Earth's rotation angle)") +
                          " (give a current IERS leap-seconds.list)");
  };
  if (table == nullptr) {
    const ErfaTable& erfa = erfa_table();
    char since[16];
    std::snprintf(since, sizeof since, "%04d-%02d-01", erfa.last_year, erfa.last_month);
    double d1 = 0.0, d2 = 0.0;
    const int status =
        eraDtf2d(utc ? "UTC" : "TT", date.year, date.month, date.day, date.hour, date.minute, date.second, &d1, &d2);
    // ERFA: +3 both of +1 and +2, +2 time is after end of day, +1 dubious year; −1 bad year, −2 bad
    // month, −3 bad day, −4 bad hour, −5 bad minute, −6 bad second (check_fields has refused those).
    if (status < 0) refuse(date, "is not a valid calendar date and time (ERFA status " + std::to_string(status) + ")");
    if ((status & 2) != 0) refuse_leap_second(date, erfa_name());
    double tt1 = d1, tt2 = d2;
    if (utc) {
      double tai1 = 0.0, tai2 = 0.0;
      eraUtctai(d1, d2, &tai1, &tai2);
      eraTaitt(tai1, tai2, &tt1, &tt2);
      // ΔAT of the UTC day (with the drift of before 1972 at the time of day; a leap second's
      // fraction of day, over 1, at the day's end): not (TAI − UTC) of the quasi Julian dates,
      // which on a day of 86401 s differs from it by the fraction of the day gone.
      const double sod = 3600.0 * date.hour + 60.0 * date.minute + date.second;
      eraDat(date.year, date.month, date.day, std::min(sod / kSecondsPerDay, 1.0), &delta_at);
      if ((status & 1) != 0) {  // after ERFA's years (before 1960 is refused above)
        double today = 0.0;
        if (eraDat(date.year, date.month, date.day, 0.0, &today) != 0) {
          warn_offset(erfa.last_offset, since);
        } else {
          past = true;
          e.warnings_.push_back(date_text(date) + ": whether " + day + " ends with a leap second is past what " +
                                table_name + " knows (" + erfa_validity() + "): none is assumed, TAI-UTC = " +
                                validation::to_text(std::round(today)) + " s (give a current IERS leap-seconds.list)");
        }
      }
    } else {
      int iy = 0, im = 0, id = 0;
      double fd = 0.0;
      eraJd2cal(d1, d2, &iy, &im, &id, &fd);
      if (eraDat(iy, im, id, fd, &delta_at) != 0) {
        if (iy < 1960) {
          before_utc = true;
          e.warnings_.push_back(date_text(date) +
                                " is before UTC (1960): TAI-UTC = 0 s is assumed for UT1 (the "
                                "Earth's rotation angle)");
        } else {
          warn_offset(erfa.last_offset, since);
        }
      }
    }
    e.jd1_ = tt1;
    e.jd2_ = tt2;
  } else {
    double djm0 = 0.0, djm = 0.0;
    eraCal2jd(date.year, date.month, date.day, &djm0, &djm);  // checked by check_fields
    const int mjd = static_cast<int>(djm);
    const std::optional<int> offset = table->tai_minus_utc(mjd);
    if (!offset)
      refuse(date, "is before the first entry of " + table_name + " (" + mjd_date_text(table->entries().front().mjd) +
                       "); without a table, ERFA's gives UTC from 1960");
    delta_at = *offset;
    const double sod = 3600.0 * date.hour + 60.0 * date.minute + date.second;  // [s] of the day
    if (mjd >= table->expires_mjd()) warn_offset(*offset, mjd_date_text(table->entries().back().mjd));
    if (utc) {
      // The day's length: 86400 s plus the leap second at its end (a table entry the next day).
      const int step = past ? 0 : table->tai_minus_utc(mjd + 1).value_or(*offset) - *offset;
      if (date.hour == 23 && date.minute == 59 && date.second >= 60.0 + step) refuse_leap_second(date, table_name);
      e.jd1_ = djm0 + djm;
      e.jd2_ = (sod + delta_at + kTtMinusTai) / kSecondsPerDay;
    } else {
      e.jd1_ = djm0 + djm;
      e.jd2_ = sod / kSecondsPerDay;
    }
  }
  if (past) e.leap_seconds_ += "; the epoch is past it: the last known TAI-UTC used";
  if (before_utc) e.leap_seconds_ += "; the epoch is before UTC (1960): TAI-UTC = 0 s assumed";
  e.tai_minus_utc_ = delta_at;
  // TT − UT1 = (TT − TAI) + (TAI − UTC) − (UT1 − UTC), eq. (1)
  e.tt_minus_ut1_ = kTtMinusTai + delta_at - dut1;
  return e;
}

Epoch Epoch::parse(std::string_view text, double dut1, const LeapSecondTable* table) {
  // YYYY-MM-DDThh:mm:ss[.f...] then one space, then UTC or TT; digits only.
  const auto bad = [&](const std::string& why) -> ConfigurationError {
    std::string shown(text.substr(0, 64));
    if (text.size() > 64) shown += "...";
    for (char& c : shown)
      if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) == 0x7f) c = '?';
    shown.insert(shown.begin(), '\'');
    shown += '\'';
    return ConfigurationError(kOwner, "date", shown,
                              why +
                                  ": an epoch reads exactly YYYY-MM-DDThh:mm:ss[.fff] then one space and UTC or TT, "
                                  "digits only, e.g. \"2025-03-20T12:00:00 UTC\"");
  };
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  static constexpr std::string_view kPattern = "dddd-dd-ddTdd:dd:dd";
  if (text.size() < kPattern.size()) throw bad("too short");
  for (std::size_t i = 0; i < kPattern.size(); ++i) {
    const bool ok = kPattern[i] == 'd' ? is_digit(text[i]) : text[i] == kPattern[i];
    if (!ok)
      throw bad("character " + std::to_string(i + 1) + " must be " +
                (kPattern[i] == 'd' ? std::string("a digit") : std::string{'\'', kPattern[i], '\''}));
  }
  std::size_t at = kPattern.size();
  if (at < text.size() && text[at] == '.') {
    ++at;
    const std::size_t first = at;
    while (at < text.size() && is_digit(text[at])) ++at;
    if (at == first) throw bad("the decimal point must be followed by digits");
  }
  const std::string_view seconds = text.substr(17, at - 17), rest = text.substr(at);
  CalendarDate d;
  if (rest == " UTC")
    d.scale = TimeScale::UTC;
  else if (rest == " TT")
    d.scale = TimeScale::TT;
  else
    throw bad("the seconds must be followed by one space and UTC or TT, not '" + std::string(rest.substr(0, 16)) + "'");
  const auto whole = [&](std::size_t from, std::size_t n) {
    int v = 0;
    std::from_chars(text.data() + from, text.data() + from + n, v);  // digits checked above
    return v;
  };
  d.year = whole(0, 4);
  d.month = whole(5, 2);
  d.day = whole(8, 2);
  d.hour = whole(11, 2);
  d.minute = whole(14, 2);
  std::from_chars(seconds.data(), seconds.data() + seconds.size(), d.second);  // "ss[.f...]", < 100
  return from_calendar(d, dut1, table);
}

JulianDate Epoch::tt(double t) const { return {jd1_, jd2_ + t / kSecondsPerDay}; }

JulianDate Epoch::ut1(double t) const { return {jd1_, jd2_ + (t - tt_minus_ut1_) / kSecondsPerDay}; }

double Epoch::decimal_year(double t) const {
  // Julian years of 365.25 d from J2000.0, eq. (2).
  return 2000.0 + ((jd1_ - 2451545.0) + (jd2_ + t / kSecondsPerDay)) / 365.25;
}

double Epoch::calendar_decimal_year(double t) const {
  // eq. (2a): the TT calendar date of the instant, then its place between 1 January of its year
  // and of the next, as Julian dates (two parts, so no digit is lost to the day number).
  int iy = 0, im = 0, id = 0;
  double fd = 0.0;
  const double jd2 = jd2_ + t / kSecondsPerDay;
  eraJd2cal(jd1_, jd2, &iy, &im, &id, &fd);
  double start0 = 0.0, start1 = 0.0, end0 = 0.0, end1 = 0.0;
  eraCal2jd(iy, 1, 1, &start0, &start1);
  eraCal2jd(iy + 1, 1, 1, &end0, &end1);
  const double elapsed = (jd1_ - start0) + (jd2 - start1);  // [d] since 1 January, 0 h
  const double length = (end0 - start0) + (end1 - start1);  // [d] 365 or 366
  return iy + elapsed / length;
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
