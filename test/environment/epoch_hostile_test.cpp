// Epochs and leap seconds on hostile input (docs/environment/time_and_frames.md §1): UTC epochs
// past the leap-second table (ERFA's, whose years end with 2026, and the IERS file of data/, which
// expired on 2026-06-28) run with the last known offset and a warning; malformed epoch text and
// calendar fields are refused by name with the value; a leap-seconds.list that is damaged,
// truncated or out of order is refused naming the file and the line. References: the FIPS 180
// SHA-1 test vectors (and Python's hashlib for the padding lengths), ERFA's eraDat and
// eraCal2jd, and the published TAI − UTC (IERS Bulletin C: 37 s since 2017-01-01).
#include <erfa.h>
#include <boost/test/unit_test.hpp>
#include <climits>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "../../environment/src/sha1.hpp"  // internal to ramus::environment, linked statically
#include "ramus/environment/epoch.hpp"
#include "ramus/environment/leap_seconds.hpp"
#include "ramus/kernel/error.hpp"

namespace tt = boost::test_tools;
using namespace ramus;

namespace {

const std::string kFile = std::string(RAMUS_DATA_DIR) + "/leap-seconds.list";

std::string file_text() {
  std::ifstream in(kFile, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

/// The UTC Julian date of 0 h of a day, from ERFA's calendar (no leap-second table involved).
double jd_of_day(int y, int m, int d) {
  double djm0 = 0.0, djm = 0.0;
  BOOST_REQUIRE(eraCal2jd(y, m, d, &djm0, &djm) == 0);
  return djm0 + djm;
}

/// [s] the difference of two two-part Julian dates.
double seconds_between(const JulianDate& a, double jd) { return ((a.jd1 - jd) + a.jd2) * 86400.0; }

/// A ConfigurationError whose field is `field` and whose message holds each of `parts`.
auto refusal(std::string field, std::vector<std::string> parts) {
  return [field, parts](const ConfigurationError& e) {
    const std::string what = e.what();
    bool ok = e.field().find(field) != std::string::npos;
    for (const std::string& p : parts) ok = ok && what.find(p) != std::string::npos;
    if (!ok) BOOST_TEST_MESSAGE("unexpected refusal: field '" << e.field() << "', message: " << what);
    return ok;
  };
}

}  // namespace

BOOST_AUTO_TEST_SUITE(epoch_hostile)

BOOST_AUTO_TEST_CASE(sha1_gives_the_fips_180_test_vectors) {
  // FIPS 180-2 appendix A: "abc", the 448-bit message, a million 'a'; and the empty string.
  BOOST_TEST(detail::sha1_hex("abc") == "a9993e364706816aba3e25717850c26c9cd0d89d");
  BOOST_TEST(detail::sha1_hex("") == "da39a3ee5e6b4b0d3255bfef95601890afd80709");
  BOOST_TEST(detail::sha1_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
             "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
  BOOST_TEST(detail::sha1_hex(std::string(1000000, 'a')) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
  // The lengths where the padding takes one block or two (Python's hashlib).
  BOOST_TEST(detail::sha1_hex(std::string(55, 'a')) == "c1c8bbdc22796e28c0e15163d20899b65621d65a");
  BOOST_TEST(detail::sha1_hex(std::string(56, 'a')) == "c2db330f6083854c99d4b5bfb6e8f29f201be699");
  BOOST_TEST(detail::sha1_hex(std::string(64, 'a')) == "0098ba824b5c16427bd7a1122a5a442a25ec644d");
  BOOST_TEST(detail::sha1_hex(std::string(119, 'a')) == "ee971065aaa017e0632a8ca6c77bb3bf8b1dfc56");
}

BOOST_AUTO_TEST_CASE(the_iers_file_reads_with_its_hash_verified_and_agrees_with_erfa) {
  const LeapSecondTable t = LeapSecondTable::read(kFile);
  // The file's own "#h" line; dates from its comments ("File expires on 28 June 2026").
  BOOST_TEST(t.sha1() == "49db2447571e5e1b2f002a539c8da8e439b8e49e");
  BOOST_TEST(mjd_date_text(t.expires_mjd()) == "2026-06-28");
  BOOST_TEST(t.entries().size() == 28u);  // 1972-01-01 (10 s) and 27 leap seconds
  BOOST_TEST(mjd_date_text(t.entries().front().mjd) == "1972-01-01");
  BOOST_TEST(t.entries().front().tai_minus_utc == 10);
  BOOST_TEST(mjd_date_text(t.entries().back().mjd) == "2017-01-01");
  BOOST_TEST(t.entries().back().tai_minus_utc == 37);
  // Every entry against ERFA's own table: the offset from its day on, and the one the day before.
  for (std::size_t k = 0; k < t.entries().size(); ++k) {
    const int mjd = t.entries()[k].mjd;
    int y = 0, m = 0, d = 0;
    double fd = 0.0, erfa = 0.0, before = 0.0;
    BOOST_REQUIRE(eraJd2cal(2400000.5, mjd, &y, &m, &d, &fd) == 0);
    BOOST_TEST(eraDat(y, m, d, 0.0, &erfa) == 0);
    BOOST_TEST(erfa == t.entries()[k].tai_minus_utc);
    BOOST_TEST(*t.tai_minus_utc(mjd) == t.entries()[k].tai_minus_utc);
    if (k > 0) {
      BOOST_REQUIRE(eraJd2cal(2400000.5, mjd - 1, &y, &m, &d, &fd) == 0);
      BOOST_TEST(eraDat(y, m, d, 0.0, &before) == 0);
      BOOST_TEST(before == t.entries()[k - 1].tai_minus_utc);
      BOOST_TEST(*t.tai_minus_utc(mjd - 1) == t.entries()[k - 1].tai_minus_utc);
    }
  }
  BOOST_TEST(!t.tai_minus_utc(t.entries().front().mjd - 1).has_value());
  const std::string d = t.description();
  BOOST_TEST(d.find("expires 2026-06-28") != std::string::npos);
  BOOST_TEST(d.find("SHA-1 49db2447571e5e1b2f002a539c8da8e439b8e49e verified") != std::string::npos);
  BOOST_TEST(d.find("TAI-UTC = 37 s") != std::string::npos);
  // CRLF line ends are the same file.
  std::string crlf;
  for (const std::string& l : lines_of(file_text())) crlf += l + "\r\n";
  BOOST_TEST(LeapSecondTable::parse(crlf, "crlf").sha1() == t.sha1());
}

BOOST_AUTO_TEST_CASE(epochs_from_the_file_equal_erfas_where_both_know_the_date) {
  const LeapSecondTable t = LeapSecondTable::read(kFile);
  for (const char* text :
       {"1972-01-01T00:00:00 UTC", "1999-01-01T00:00:00 UTC", "2016-12-31T12:00:00 UTC", "2016-12-31T23:59:60.5 UTC",
        "2017-01-01T00:00:00 UTC", "2025-06-21T00:00:00 UTC", "2026-06-27T23:59:59 UTC", "2025-06-21T00:00:00 TT"}) {
    BOOST_TEST_CONTEXT(text) {
      const Epoch file = Epoch::parse(text, 0.0, &t), erfa = Epoch::parse(text);
      const JulianDate a = file.tt(0.0), b = erfa.tt(0.0);
      // Two-part dates resolve ~1e-11 d (1 µs) in their second part: 2e-11 d allows rounding in both.
      BOOST_TEST(std::abs((a.jd1 - b.jd1) + (a.jd2 - b.jd2)) <= 2e-11);
      BOOST_TEST(file.tai_minus_utc() == erfa.tai_minus_utc());
      // 1e-12: both are 32.184 s + the same whole ΔAT in double.
      BOOST_TEST(file.tt_minus_ut1() == erfa.tt_minus_ut1(), tt::tolerance(1e-12));
      BOOST_TEST(file.warnings().empty());
      BOOST_TEST(erfa.warnings().empty());
      BOOST_TEST(file.leap_seconds() == t.description());
      BOOST_TEST(erfa.leap_seconds().find("ERFA") == 0u);
    }
  }
  // At noon of a day that ends with a leap second, TAI − UTC is that day's 36 s (IERS Bulletin C
  // 52), not the 36.5 s of a difference of ERFA's quasi Julian dates.
  BOOST_TEST(Epoch::parse("2016-12-31T12:00:00 UTC").tt_minus_ut1() == 32.184 + 36.0,
             tt::tolerance(1e-12));  // the same sum in double; the fault was 0.5 s
  // The leap second lasts one second of TT on either table.
  for (const LeapSecondTable* table : {static_cast<const LeapSecondTable*>(nullptr), &t}) {
    const JulianDate before = Epoch::parse("2016-12-31T23:59:59.5 UTC", 0.0, table).tt(0.0);
    const JulianDate inside = Epoch::parse("2016-12-31T23:59:60.5 UTC", 0.0, table).tt(0.0);
    const JulianDate after = Epoch::parse("2017-01-01T00:00:00.5 UTC", 0.0, table).tt(0.0);
    // 2e-6 s: the 1e-11 d resolution of the second parts, twice.
    BOOST_TEST(((inside.jd1 - before.jd1) + (inside.jd2 - before.jd2)) * 86400.0 == 1.0, tt::tolerance(2e-6));
    BOOST_TEST(((after.jd1 - inside.jd1) + (after.jd2 - inside.jd2)) * 86400.0 == 1.0, tt::tolerance(2e-6));
  }
}

BOOST_AUTO_TEST_CASE(utc_epochs_past_erfas_years_run_with_37_s_and_a_warning) {
  // ERFA 2.0.0 vouches for its table through 2026: from the end of 2026-12-31 on, the last known
  // TAI − UTC = 37 s (since 2017-01-01) is used and said so. TT − UTC = 32.184 s + 37 s.
  BOOST_TEST(Epoch::parse("2026-12-30T12:00:00 UTC").warnings().empty());
  for (const char* text : {"2026-12-31T00:00:00 UTC", "2027-01-01T00:00:00 UTC", "2030-06-01T12:00:00 UTC"}) {
    BOOST_TEST_CONTEXT(text) {
      const Epoch e = Epoch::parse(text);
      BOOST_TEST(e.warnings().size() == 1u);
      BOOST_TEST(e.warnings().front().find("37 s") != std::string::npos);
      BOOST_TEST(e.leap_seconds().find("ERFA") == 0u);
      BOOST_TEST(e.leap_seconds().find("past it") != std::string::npos);
      BOOST_TEST(e.tai_minus_utc() == 37.0);
      BOOST_TEST(e.tt_minus_ut1() == 32.184 + 37.0, tt::tolerance(1e-12));  // the same sum in double
    }
  }
  const Epoch e2030 = Epoch::parse("2030-06-01T12:00:00 UTC");
  // 2e-6 s: the 1e-11 d resolution of a two-part date's second part, twice.
  BOOST_TEST(seconds_between(e2030.tt(0.0), jd_of_day(2030, 6, 1) + 0.5) == 32.184 + 37.0, tt::tolerance(2e-6));
  // No leap second is assumed where none is known: 23:59:60 is refused.
  BOOST_CHECK_EXCEPTION(Epoch::parse("2026-12-31T23:59:60 UTC"), ConfigurationError,
                        refusal("date", {"2026-12-31T23:59:60.000 UTC", "leap second"}));
  // A TT epoch needs TAI − UTC only for UT1: the same offset and a warning saying so.
  const Epoch tt2030 = Epoch::parse("2030-06-01T12:00:00 TT");
  BOOST_TEST(tt2030.warnings().size() == 1u);
  BOOST_TEST(tt2030.warnings().front().find("UT1") != std::string::npos);
  BOOST_TEST(tt2030.tt_minus_ut1() == 32.184 + 37.0, tt::tolerance(1e-12));  // the same sum in double
}

BOOST_AUTO_TEST_CASE(utc_epochs_past_the_files_expiry_run_with_37_s_and_a_warning) {
  const LeapSecondTable t = LeapSecondTable::read(kFile);
  BOOST_TEST(Epoch::parse("2026-06-27T23:59:59 UTC", 0.0, &t).warnings().empty());
  for (const char* text :
       {"2026-06-28T00:00:00 UTC", "2026-12-31T12:00:00 UTC", "2027-01-01T00:00:00 UTC", "2030-06-01T12:00:00 UTC"}) {
    BOOST_TEST_CONTEXT(text) {
      const Epoch e = Epoch::parse(text, 0.0, &t);
      BOOST_TEST(e.warnings().size() == 1u);
      BOOST_TEST(e.warnings().front().find("2026-06-28") != std::string::npos);
      BOOST_TEST(e.leap_seconds().find("file " + kFile) == 0u);
      BOOST_TEST(e.leap_seconds().find("past it") != std::string::npos);
      BOOST_TEST(e.tai_minus_utc() == 37.0);
    }
  }
  // TT − UTC of 2030 = 32.184 s + 37 s, as with ERFA's table. 2e-6 s: two date resolutions.
  const Epoch e = Epoch::parse("2030-06-01T12:00:00 UTC", 0.0, &t);
  BOOST_TEST(seconds_between(e.tt(0.0), jd_of_day(2030, 6, 1) + 0.5) == 69.184, tt::tolerance(2e-6));
  // Before the file's first entry (1972) UTC is refused with the file; ERFA's table has 1960–1972.
  BOOST_CHECK_EXCEPTION(Epoch::parse("1968-01-01T00:00:00 UTC", 0.0, &t), ConfigurationError,
                        refusal("date", {"first entry", kFile, "1972-01-01"}));
  // ERFA's table of then, a rate from 1966-01-01 (the −0.1 s step of 1968-02-01 is later):
  // 4.3131700 s + (MJD − 39126) × 0.002592 s = 6.205 s.
  // 1e-12: the same sum in double, rounded in another order.
  BOOST_TEST(Epoch::parse("1968-01-01T00:00:00 UTC").tai_minus_utc() == 4.31317 + 730 * 0.002592, tt::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(malformed_epoch_text_is_refused_by_name_with_the_value) {
  for (const char* text : {"2025-01-01T12:00:inf UTC", "2025-01-01T12:00:nan UTC",
                           "2025-01-01T12:00:1e9 UTC", "2025-01-01T12:00:00e0 UTC",
                           "2025-01-01T12:00:+5 UTC",  "2025-01-01T12:00:-1 UTC",
                           "+2025-01-01T12:00:00 UTC", "-2025-01-01T12:00:00 UTC",
                           "20250-01-01T12:00:00 UTC", "99999999999-01-01T00:00:00 UTC",
                           "2025-1-01T12:00:00 UTC",   "2025-01-01T12:00:00  UTC",
                           "2025-01-01T12:00:00 utc",  "2025-01-01T12:00:00 UTC ",
                           " 2025-01-01T12:00:00 UTC", "2025-01-01T12:00:00\tUTC",
                           "2025-01-01T12:00:00. UTC", "2025-01-01T12:00:00,5 UTC",
                           "2025-01-01T12:00:0x1 UTC", "2025-01-01T12:00:00 UTC\n",
                           "2025-01-01T12:00:00",      "",
                           "2025-01-01 12:00:00 UTC",  "2025-01-01T12:00:00 GPS",
                           "2025-01-01T12:00:00Z",     "2025-01-01T12:00:00 UTCX"}) {
    BOOST_TEST_CONTEXT("'" << text << "'") {
      std::string shown = text;
      for (char& c : shown)
        if (c == '\n' || c == '\t') c = '?';
      BOOST_CHECK_EXCEPTION(Epoch::parse(text), ConfigurationError, refusal("date", {"epoch", "'" + shown + "'"}));
    }
  }
  // Well formed, but not a time that exists: refused naming the part and its value.
  const std::vector<std::pair<const char*, const char*>> impossible = {
      {"2025-01-01T12:00:75 UTC", "the second 75"},
      {"2025-06-30T23:59:60 UTC", "leap second"},
      {"2016-12-31T12:00:60 UTC", "the second 60"},
      {"2016-12-31T23:59:60 TT", "the second 60"},
      {"2016-12-31T23:59:61 UTC", "the second 61"},
      {"2025-01-01T24:00:00 UTC", "the hour 24"},
      {"2025-01-01T12:60:00 TT", "the minute 60"},
      {"2025-13-01T00:00:00 UTC", "the month 13"},
      {"2025-00-01T00:00:00 UTC", "the month 0"},
      {"2025-02-29T00:00:00 TT", "the day 29"},
      {"2025-04-31T00:00:00 UTC", "the day 31"},
      {"2025-01-00T00:00:00 UTC", "the day 0"},
      {"1959-12-31T23:59:59 UTC", "the year 1959"},
      {"0000-01-01T00:00:00 UTC", "the year 0"},
      {"2025-01-01T12:00:59.99999999999999999 UTC", "the second 60"}};
  for (const auto& [text, part] : impossible) {
    BOOST_TEST_CONTEXT(text) { BOOST_CHECK_EXCEPTION(Epoch::parse(text), ConfigurationError, refusal("date", {part})); }
  }
  // The edges that exist.
  BOOST_CHECK_NO_THROW(Epoch::parse("2024-02-29T00:00:00 UTC"));
  BOOST_CHECK_NO_THROW(Epoch::parse("1960-01-01T00:00:00 UTC"));
  BOOST_CHECK_NO_THROW(Epoch::parse("2025-01-01T23:59:59.999999 UTC"));
  BOOST_CHECK_NO_THROW(Epoch::parse("0000-01-01T00:00:00 TT"));
  BOOST_CHECK_NO_THROW(Epoch::parse("1972-06-30T23:59:60.999 UTC"));  // the first leap second
  // The text that was accepted before: 12:00:inf was JD 0, 12:00:1e9 was in 2057.
  BOOST_CHECK_EXCEPTION(Epoch::parse("2025-01-01T12:00:1e9 UTC"), ConfigurationError,
                        refusal("date", {"character 19 must be a digit"}));
}

BOOST_AUTO_TEST_CASE(calendar_fields_are_refused_not_normalized) {
  const auto with = [](auto set) {
    CalendarDate d;
    d.year = 2025;
    d.scale = TimeScale::UTC;
    set(d);
    return d;
  };
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<std::pair<CalendarDate, const char*>> cases = {
      {with([&](CalendarDate& d) { d.second = inf; }), "the second inf"},
      {with([&](CalendarDate& d) { d.second = nan; }), "the second nan"},
      {with([](CalendarDate& d) { d.second = -0.5; }), "the second -0.5"},
      {with([](CalendarDate& d) { d.second = 60.0; }), "the second 60"},
      {with([](CalendarDate& d) { d.second = 1e9; }), "the second 1000000000"},
      {with([](CalendarDate& d) { d.year = INT_MAX; }), "the year 2147483647"},
      {with([](CalendarDate& d) { d.year = INT_MIN; }), "the year -2147483648"},
      {with([](CalendarDate& d) { d.year = 10000; }), "the year 10000"},
      {with([](CalendarDate& d) { d.month = 0; }), "the month 0"},
      {with([](CalendarDate& d) { d.day = 32; }), "the day 32"},
      {with([](CalendarDate& d) { d.hour = 24; }), "the hour 24"},
      {with([](CalendarDate& d) { d.minute = -1; }), "the minute -1"}};
  for (const auto& [date, part] : cases) {
    BOOST_TEST_CONTEXT(part) {
      BOOST_CHECK_EXCEPTION(Epoch::from_calendar(date), ConfigurationError, refusal("date", {"epoch", part}));
    }
  }
  CalendarDate leap = with([](CalendarDate& d) {
    d.year = 2016;
    d.month = 12;
    d.day = 31;
    d.hour = 23;
    d.minute = 59;
    d.second = 60.25;
  });
  BOOST_CHECK_NO_THROW(Epoch::from_calendar(leap));
}

BOOST_AUTO_TEST_CASE(damaged_truncated_or_reordered_tables_are_refused_naming_the_file_and_line) {
  const std::vector<std::string> good = lines_of(file_text());
  BOOST_REQUIRE(good.size() == 120u);
  BOOST_REQUIRE(good[62].rfind("#$", 0) == 0);          // line 63
  BOOST_REQUIRE(good[85].rfind("2272060800", 0) == 0);  // line 86, 1972-01-01
  BOOST_REQUIRE(good[119].rfind("#h", 0) == 0);         // line 120
  const auto edited = [&](auto change) {
    std::vector<std::string> l = good;
    change(l);
    return joined(l);
  };
  const auto refused = [](const std::string& text, const std::string& line, const std::vector<std::string>& parts) {
    std::vector<std::string> all = parts;
    all.push_back("leap-second table 'edited'");
    BOOST_CHECK_EXCEPTION(LeapSecondTable::parse(text, "edited"), ConfigurationError, refusal(line, all));
  };
  // The hash: a changed update date or leap-second date that keeps every other rule.
  refused(edited([](auto& l) { l[62] = "#$\t3960835201"; }), "line 63", {"multiple of 86400"});
  refused(edited([](auto& l) { l[62] = "#$\t3960748800"; }), "line 120", {"#h hash", "not the SHA-1"});
  refused(edited([](auto& l) { l[119] = "#h\t49db2447 571e5e1b 2f002a53 9c8da8e4 39b8e49f"; }), "line 120",
          {"not the SHA-1", "49db2447571e5e1b2f002a539c8da8e439b8e49e"});
  refused(edited([](auto& l) { l[112] = "3692304000      37      # 2 Jan 2017"; }), "line 120", {"not the SHA-1"});
  // Truncated: the hash line lost, or everything after a data line.
  refused(edited([](auto& l) { l.pop_back(); }), "line 119", {"#h", "truncated"});
  refused(edited([](auto& l) { l.resize(100); }), "line 100", {"#h", "truncated"});
  refused(edited([](auto& l) { l.resize(60); }), "line 60", {"no data line"});
  // A data line lost, two swapped, one repeated.
  refused(edited([](auto& l) { l.erase(l.begin() + 100); }), "line 101", {"does not differ by one second"});
  refused(edited([](auto& l) { std::swap(l[100], l[101]); }), "line 101", {"one second", "out of order?"});
  refused(edited([](auto& l) { l[101] = l[100]; }), "line 102", {"out of order", "line 101"});
  const auto last_first = [](auto& l) {  // 2017's line moved before 1972's
    l.insert(l.begin() + 85, l[112]);
    l.erase(l.begin() + 113);
  };
  refused(edited(last_first), "line 87", {"out of order", "line 86", "2017-01-01"});
  // Fields out of the format.
  refused(edited([](auto& l) { l[85] = "2272060800      +10      # 1 Jan 1972"; }), "line 86", {"'+10'"});
  refused(edited([](auto& l) { l[85] = "2.27206e9      10      # 1 Jan 1972"; }), "line 86", {"'2.27206e9'"});
  refused(edited([](auto& l) { l[85] = "2272060800      10      11"; }), "line 86", {"NTP-seconds TAI-UTC"});
  refused(edited([](auto& l) { l[85] = "2272060800"; }), "line 86", {"NTP-seconds TAI-UTC"});
  refused(edited([](auto& l) { l[85] = "99999999999999      10"; }), "line 86", {"12 decimal digits"});
  refused(edited([](auto& l) { l[70] = "#@\t3991593600 1"; }), "line 71", {"one NTP time"});
  refused(edited([](auto& l) { l.insert(l.begin() + 72, "#@\t3991593600"); }), "line 73", {"repeats", "line 71"});
  refused(edited([](auto& l) { l[70] = "#"; }), "line 120", {"#@", "no '#@'"});
  refused(edited([](auto& l) { l[119] = "#h\t49db2447 571e5e1b 2f002a53 9c8da8e4"; }), "line 120", {"five words"});
  refused(edited([](auto& l) { l.push_back("3786912000      38"); }), "line 121", {"follows the #h"});
  // A file that is not one: missing, a folder, too large.
  BOOST_CHECK_EXCEPTION(LeapSecondTable::read("/nonexistent/leap-seconds.list"), ConfigurationError,
                        refusal("path", {"/nonexistent/leap-seconds.list"}));
  BOOST_CHECK_EXCEPTION(LeapSecondTable::read(RAMUS_DATA_DIR), ConfigurationError,
                        refusal("path", {"not a regular file"}));
  const std::filesystem::path big = std::filesystem::temp_directory_path() / "ramus_epoch_hostile_big.list";
  {
    std::ofstream out(big, std::ios::binary);
    out << std::string((1 << 20) + 1, '#');
  }
  BOOST_CHECK_EXCEPTION(LeapSecondTable::read(big.string()), ConfigurationError, refusal("path", {"1 MB"}));
  std::filesystem::remove(big);
  // An edited file read from disk names its path.
  const std::filesystem::path bad = std::filesystem::temp_directory_path() / "ramus_epoch_hostile_bad.list";
  {
    std::ofstream out(bad, std::ios::binary);
    out << edited(last_first);
  }
  BOOST_CHECK_EXCEPTION(LeapSecondTable::read(bad.string()), ConfigurationError,
                        refusal("line 87", {bad.string(), "out of order"}));
  std::filesystem::remove(bad);
}

BOOST_AUTO_TEST_SUITE_END()
