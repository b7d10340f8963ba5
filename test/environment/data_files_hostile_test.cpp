// Hostile data files (docs/environment/README.md, "Data files"): every reader refuses a file that
// holds less than it declares or than is asked of it, a file beyond its size limit, a declared size
// the file cannot hold, and anything that is not a regular file (a directory, /dev/zero, a FIFO, a
// symbolic-link loop), naming the file and the reason; a file that is not recognised as one of its
// kind is never quoted. The truncated and oversized files are made from data/ in a scratch folder;
// each refusal has its control, the same file whole or cut to what is asked, accepted.
#include <sys/stat.h>

#include <boost/test/unit_test.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "ramus/environment/atmosphere.hpp"
#include "ramus/environment/ephemeris.hpp"
#include "ramus/environment/gravity_field_file.hpp"
#include "ramus/environment/world_magnetic_model.hpp"
#include "ramus/kernel/error.hpp"
#include "support/checks.hpp"

using namespace ramus;
using test::expect_error;

namespace {

std::string data(const std::string& name) { return std::string(RAMUS_DATA_DIR) + "/" + name; }

std::string text_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> lines_of(const std::string& path) {
  std::istringstream in(text_of(path));
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

/// A fresh folder next to the test executable (in the build tree) for the files made here.
std::filesystem::path scratch() {
  static const std::filesystem::path dir = [] {
    const auto& suite = boost::unit_test::framework::master_test_suite();
    std::filesystem::path d = suite.argc > 0 ? std::filesystem::path(suite.argv[0]).parent_path() : ".";
    if (d.empty()) d = ".";
    d /= "data_files_hostile";
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir;
}

std::string write(const std::string& name, const std::string& text) {
  const std::string path = (scratch() / name).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

/// GGM03S's header and its coefficient rows of degree ≤ degree.
std::string ggm03s_to_degree(int degree) {
  const std::vector<std::string> lines = lines_of(data("GGM03S-deg60.txt"));
  std::string out = lines.front() + "\n";
  for (std::size_t i = 1; i < lines.size(); ++i)
    if (std::stoi(lines[i]) <= degree) out += lines[i] + "\n";
  return out;
}

/// The same rows as an ICGEM file declaring degree 60.
std::string icgem_to_degree(int degree) {
  std::string out =
      "product_type gravity_field\nearth_gravity_constant 0.3986004415E+15\nradius 0.6378136300E+07\n"
      "max_degree 60\nnorm fully_normalized\nend_of_head\n";
  std::istringstream rows(ggm03s_to_degree(degree));
  std::string line;
  std::getline(rows, line);  // the text header
  while (std::getline(rows, line)) {
    for (char& ch : line)
      if (ch == ',') ch = ' ';
    out += "gfc " + line + "\n";
  }
  return out;
}

/// Every reader, on a path: the refusals of the data-file rules are the same for all.
struct Reader {
  const char* name;
  std::function<void(const std::string&)> read;
};

std::vector<Reader> readers() {
  return {{"gravity text", [](const std::string& p) { read_gravity_field_text(p); }},
          {"gravity ICGEM", [](const std::string& p) { read_gravity_field_icgem(p); }},
          {"WMM .COF", [](const std::string& p) { read_cof(p); }},
          {"ModelWeb listing", [](const std::string& p) { TabulatedAtmosphere::read_modelweb(p); }},
          {"two-column table", [](const std::string& p) { TabulatedAtmosphere::read_two_column(p); }},
          {"ephemeris table", [](const std::string& p) { TabulatedEphemeris::read(p); }}};
}

/// `action` throws ConfigurationError whose message holds none of `secrets`, and returns it.
std::string refusal_without(const std::function<void()>& action, const std::vector<std::string>& secrets) {
  try {
    action();
  } catch (const ConfigurationError& e) {
    const std::string what = e.what();
    for (const std::string& s : secrets) BOOST_TEST(what.find(s) == std::string::npos, "'" << s << "' in: " << what);
    return what;
  }
  BOOST_ERROR("no ConfigurationError was thrown");
  return {};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(data_files_hostile)

// ---- gravity coefficients ----------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(a_truncated_gravity_file_is_refused_and_one_cut_to_the_degree_asked_is_not) {
  const GravityFieldCoefficients full = read_gravity_field_text(data("GGM03S-deg60.txt"));
  const std::string cut10 = write("ggm03s_cut10.txt", ggm03s_to_degree(10));
  // Its header still declares degree 60: asked for 20 (or for the file's 60) it is short.
  expect_error(
      [&] {
        read_gravity_field_text(cut10, {20, 20});
      },
      {cut10, "(n, m) = [11,0]", "missing", "truncated", "degree 20", "declares degree 60"}, true);
  // Asked for the file's degree 60, its 5.5 KB cannot even hold the 1888 rows: refused on its size.
  expect_error([&] { read_gravity_field_text(cut10); }, {cut10, "size", "cannot hold the 1888 coefficient rows"});
  // Cut after degree 20, asked for 20: everything asked is there, and it is GGM03S's to the bit
  // (the reference: the whole file, truncated in memory).
  const std::string cut20 = write("ggm03s_cut20.txt", ggm03s_to_degree(20));
  const GravityFieldCoefficients twenty = read_gravity_field_text(cut20, {20, 20});
  const GravityFieldCoefficients want = truncated(full, 20, 20);
  BOOST_TEST(twenty.max_degree == 20);
  BOOST_TEST(twenty.C == want.C);
  BOOST_TEST(twenty.S == want.S);
  // One (n, m) left out in the middle is refused too, by name.
  std::string holed = ggm03s_to_degree(20);
  const std::size_t at = holed.find("\n   15,    7,");
  BOOST_TEST_REQUIRE(at != std::string::npos);
  holed.erase(at, holed.find('\n', at + 1) - at);
  const std::string hole = write("ggm03s_hole.txt", holed);
  expect_error([&] { read_gravity_field_text(hole, {20, 20}); }, {"[15,7]", "missing", "with 0 more"});
  // ICGEM: the same rules.
  const std::string gfc10 = write("ggm03s_cut10.gfc", icgem_to_degree(10));
  expect_error([&] { read_gravity_field_icgem(gfc10, {20, 20}); }, {gfc10, "[11,0]", "missing"});
  const GravityFieldCoefficients gfc20 =
      read_gravity_field_icgem(write("ggm03s_cut20.gfc", icgem_to_degree(20)), {20, 20});
  BOOST_TEST(gfc20.C == want.C);
}

BOOST_AUTO_TEST_CASE(a_header_only_gravity_file_is_no_point_mass) {
  const std::string header = lines_of(data("GGM03S-deg60.txt")).front() + "\n";
  // The header declares 1888 rows of degree 2 to 60: its 70 bytes cannot hold them.
  const std::string bare = write("header_only.txt", header);
  expect_error([&] { read_gravity_field_text(bare); }, {bare, "size", "cannot hold the 1888 coefficient rows"}, true);
  // Padded with blank lines to a plausible size it passes the size check, and is short of rows.
  const std::string padded = write("header_padded.txt", header + std::string(20000, '\n'));
  expect_error([&] { read_gravity_field_text(padded); }, {"[2,0]", "missing", "1887 more"});
  expect_error([&] { read_gravity_field_text(padded, {2, 0}); }, {"[2,0]", "missing"});
  // The control: asked for degree 1 (no row is required below degree 2), it is the point mass asked for.
  BOOST_TEST(read_gravity_field_text(padded, {1, 1}).C == std::vector<double>({1.0, 0.0, 0.0}));
}

BOOST_AUTO_TEST_CASE(a_declared_degree_is_capped_and_checked_against_the_file_size) {
  const std::string tail = ", 1, 0.0, 0.0\n";
  const std::string R_mu = "6378136.3, 3.986004415e14, 7.292115e-5, ";
  // Degree 100000: refused on the header, before anything is sized by it.
  const std::string huge = write("degree_100000.txt", R_mu + "100000, 100000" + tail);
  expect_error([&] { read_gravity_field_text(huge, {4, 4}); }, {"max degree", "100000", "[0, 2190]", "EGM2008"}, true);
  const std::string gfc =
      write("degree_100000.gfc", "earth_gravity_constant 3.986e14\nradius 6378136.3\nmax_degree 100000\nend_of_head\n");
  expect_error([&] { read_gravity_field_icgem(gfc); }, {"max_degree", "100000", "2190"});
  // Degree 2190 (the cap) with 19 rows, asked for degree 4: the 15 coefficients kept are sized by
  // the degree asked, never by the header's (2.4 million rows).
  std::string rows;
  for (int n = 0; n <= 4; ++n)
    for (int m = 0; m <= n; ++m) rows += std::to_string(n) + ", " + std::to_string(m) + ", 1e-7, 0.0\n";
  const std::string big = write("degree_2190.txt", R_mu + "2190, 2190" + tail + rows);
  const GravityFieldCoefficients four = read_gravity_field_text(big, {4, 4});
  BOOST_TEST(four.C.size() == 15u);
  BOOST_TEST(four.c(4, 4) == 1e-7);
  // Asked for the file's degree, its 300 bytes cannot hold 2.4 million rows: refused before sizing.
  expect_error([&] { read_gravity_field_text(big); }, {big, "size", "cannot hold the 2401333 coefficient rows"});
  // Options below −1 are refused, not read as "the file's".
  expect_error([&] { read_gravity_field_text(big, {-2, -1}); }, {"max_degree", "-2"});
}

// ---- magnetic coefficients ---------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(a_truncated_cof_file_is_refused) {
  const std::vector<std::string> lines = lines_of(data("WMM2025.COF"));
  BOOST_TEST_REQUIRE(lines.size() == 93u);  // header, 90 rows of degree 1 to 12, two lines of 9s
  const std::string nines = lines[91] + "\n";
  std::string third;  // header and the first 30 rows (to (7, 2)), no end line
  for (std::size_t i = 0; i <= 30; ++i) third += lines[i] + "\n";
  const std::string cut = write("wmm_cut.cof", third);
  expect_error([&] { read_cof(cut); }, {cut, "end line", "line of 9s"});
  // Ended by a line of 9s where it was cut: a degree-7 model short of (7, 3) on, which WMM2025 is not.
  const std::string ended = write("wmm_cut_ended.cof", third + nines);
  expect_error([&] { read_cof(ended); },
               {ended, "coefficient (7, 3)", "missing", "with 59 more", "degree 12", "truncated"}, true);
  // One row of degree 12 left out.
  std::string holed;
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (i != 85) holed += lines[i] + "\n";
  expect_error([&] { read_cof(write("wmm_hole.cof", holed)); }, {"missing", "with 0 more"});
  // The control: the whole file reads, to degree 12.
  BOOST_TEST(read_cof(data("WMM2025.COF")).degree == 12);
}

// ---- density tables ----------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(a_truncated_modelweb_listing_is_refused) {
  const std::vector<std::string> lines = lines_of(data("NRLMSISE00-nominal-profile.txt"));
  std::size_t first_row = 0;  // the line after the column numbers "1 2 3"
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].rfind("1         2", 0) == 0) first_row = i + 1;
  BOOST_TEST_REQUIRE(first_row > 0u);
  BOOST_TEST_REQUIRE(lines.size() - first_row == 1000u);  // Start= 0 Stop= 500 Step= 0.5: 0 to 499.5 km
  const auto join = [&](std::size_t end, std::size_t skip) {
    std::string out;
    for (std::size_t i = 0; i < end; ++i)
      if (i != skip) out += lines[i] + "\n";
    return out;
  };
  // Cut at a third (0 to 166.5 km): above it, eq. (8) would extrapolate 10^4 too little density at 500 km.
  const std::string third = write("msis_third.txt", join(first_row + 333, lines.size()));
  expect_error([&] { TabulatedAtmosphere::read_modelweb(third); },
               {third, "rows = 333", "declares 1000 rows", "truncated"}, true);
  // A row left out in the middle shifts the rest: named at the first row out of place.
  const std::string holed = write("msis_hole.txt", join(lines.size(), first_row + 500));
  expect_error([&] { TabulatedAtmosphere::read_modelweb(holed); },
               {"height [km] = 250.5", "row 501", "250 km", "missing or repeated"}, true);
  // Without the profile line the listing declares nothing: refused.
  std::string undeclared;
  for (const std::string& l : lines)
    if (l.rfind("Prof. parameters", 0) != 0) undeclared += l + "\n";
  expect_error([&] { TabulatedAtmosphere::read_modelweb(write("msis_undeclared.txt", undeclared)); },
               {"header", "no profile", "Prof. parameters"});
  // The control: the whole listing, its 1000 rows.
  BOOST_TEST(TabulatedAtmosphere::read_modelweb(data("NRLMSISE00-nominal-profile.txt")).altitudes().size() == 1000u);
}

// ---- the analytic ephemerides' tables ----------------------------------------------------------

BOOST_AUTO_TEST_CASE(an_analytic_moon_over_1e12_s_is_refused_not_tabulated) {
  const AnalyticMoon moon(Epoch::parse("2025-01-01T00:00:00 UTC"));
  // 1e12 s every hour: 2.8e8 rows, 15.6 GB. Refused naming the span, the step and the limit.
  expect_error([&] { TabulatedEphemeris::sample(moon, 0.0, 1e12, 3600.0); },
               {"analytic_moon", "span [s] = 0 to 1000000000000", "277777779 samples", "3600", "limit of 1000000"},
               true);
  // The control: a day of the Moon every hour, 25 rows.
  const TabulatedEphemeris day = TabulatedEphemeris::sample(moon, 0.0, 86400.0, 3600.0);
  BOOST_TEST(day.t_last() == 86400.0);
}

// ---- what is not a regular data file, or is too large ------------------------------------------

BOOST_AUTO_TEST_CASE(only_regular_files_are_read_and_refusals_give_the_reason) {
  const std::string fifo = (scratch() / "fifo").string();
  BOOST_TEST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const std::string loop_a = std::filesystem::absolute(scratch() / "loop_a").string(),
                    loop_b = std::filesystem::absolute(scratch() / "loop_b").string();
  std::filesystem::create_symlink(loop_b, loop_a);
  std::filesystem::create_symlink(loop_a, loop_b);
  const std::string dir = scratch().string();
  for (const Reader& r : readers()) {
    BOOST_TEST_CONTEXT(r.name) {
      // /dev/zero would be read until memory runs out: it is never read from.
      expect_error([&] { r.read("/dev/zero"); }, {"'/dev/zero'", "character device", "not a regular data file"});
      expect_error([&] { r.read(dir); }, {"'" + dir + "'", "is a directory"});
      // A FIFO without a writer would block the open: refused at once.
      expect_error([&] { r.read(fifo); }, {"'" + fifo + "'", "FIFO"});
      expect_error([&] { r.read(loop_a); },
                   {"'" + loop_a + "'", "cannot be opened", "Too many levels of symbolic links"});
      expect_error([&] { r.read(dir + "/absent.txt"); }, {"cannot be opened", "No such file or directory"});
    }
  }
}

BOOST_AUTO_TEST_CASE(each_reader_has_a_size_limit_checked_before_reading) {
  // Sparse files one byte past each limit: refused on their size, never read (16 MiB to 512 MiB of
  // zeros would take seconds to read under the sanitizers; the refusal is immediate).
  const struct {
    const char* name;
    std::size_t limit;
    std::function<void(const std::string&)> read;
  } cases[] = {
      {"gravity.txt", kGravityFieldFileMaxBytes, [](const std::string& p) { read_gravity_field_text(p); }},
      {"gravity.gfc", kGravityFieldFileMaxBytes, [](const std::string& p) { read_gravity_field_icgem(p); }},
      {"wmm.cof", GaussCoefficients::kMaxFileBytes, [](const std::string& p) { read_cof(p); }},
      {"listing.txt", TabulatedAtmosphere::kMaxFileBytes,
       [](const std::string& p) { TabulatedAtmosphere::read_modelweb(p); }},
      {"two_column.txt", TabulatedAtmosphere::kMaxFileBytes,
       [](const std::string& p) { TabulatedAtmosphere::read_two_column(p); }},
      {"ephemeris.txt", TabulatedEphemeris::kMaxFileBytes, [](const std::string& p) { TabulatedEphemeris::read(p); }},
  };
  BOOST_TEST(kGravityFieldFileMaxBytes == std::size_t{512} << 20);  // the limits the docs give
  BOOST_TEST(GaussCoefficients::kMaxFileBytes == std::size_t{1} << 20);
  BOOST_TEST(TabulatedAtmosphere::kMaxFileBytes == std::size_t{16} << 20);
  BOOST_TEST(TabulatedEphemeris::kMaxFileBytes == std::size_t{64} << 20);
  for (const auto& c : cases) {
    BOOST_TEST_CONTEXT(c.name) {
      const std::string path = write(std::string("oversized_") + c.name, "");
      std::filesystem::resize_file(path, c.limit + 1);
      expect_error([&] { c.read(path); },
                   {"'" + path + "'", std::to_string(c.limit + 1) + " bytes", "larger than the limit of"});
      std::filesystem::remove(path);
    }
  }
  // The control: WMM2025 grown to exactly the limit with trailing blank lines is still read.
  const std::string at_limit = write("wmm_at_limit.cof", text_of(data("WMM2025.COF")));
  std::filesystem::resize_file(at_limit, GaussCoefficients::kMaxFileBytes);  // zero bytes after the 9s: not read
  BOOST_TEST(read_cof(at_limit).degree == 12);
}

// ---- content that is not a data file of the kind is never quoted --------------------------------

BOOST_AUTO_TEST_CASE(a_file_not_recognised_is_never_quoted) {
  // What ../../etc/passwd would be; and lines shaped like each header with secrets in them.
  const std::string passwd = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n";
  const std::vector<std::string> secrets = {"root:x", "daemon:x", "/bin/bash", "SECRET"};
  const std::string p = write("passwd", passwd);
  for (const Reader& r : readers()) {
    BOOST_TEST_CONTEXT(r.name) {
      const std::string what = refusal_without([&] { r.read(p); }, secrets);
      BOOST_TEST(what.find(p) != std::string::npos, what);  // the file is named
    }
  }
  // Six fields as a gravity header would have, none a number.
  refusal_without([&] { read_gravity_field_text(write("six.txt", "SECRET1, SECRET2, a, b, c, d\n")); }, secrets);
  // An ICGEM-like header without end_of_head.
  refusal_without([&] { read_gravity_field_icgem(write("head.gfc", "radius SECRET\nmax_degree 2\n")); }, secrets);
  // A first line with a year and two more words, then more: not a .COF header.
  refusal_without([&] { read_cof(write("year.cof", "2025.0 SECRET 11/13/2024 SECRET2\n1 0 0 0 0 0\n")); }, secrets);
  // A year beyond 3000 is no .COF epoch.
  refusal_without([&] { read_cof(write("year2.cof", "1e9 SECRET 11/13/2024\n")); }, secrets);
  // The control: once the header is read, a bad row is quoted (the file is one of its kind).
  const std::string head = lines_of(data("GGM03S-deg60.txt")).front() + "\n";
  expect_error(
      [&] {
        read_gravity_field_text(write("quoted.txt", head + "2, 0, -4.8x-4, 0, 0, 0\n"), {2, 0});
      },
      {"line 2", "'-4.8x-4'"});
}

BOOST_AUTO_TEST_SUITE_END()
