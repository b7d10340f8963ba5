// The Matrix Market reader and writer (flex/matrix_market.hpp, docs/flex/fe_import.md §1): a
// round trip of random matrices (exact: %.17g), hand-written files in each accepted form against
// the matrix written out by hand, and every malformed file refused naming the file, the line and
// its text.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <string>

#include "ramus/flex/matrix_market.hpp"
#include "support/checks.hpp"

namespace {

using ramus::flex::read_matrix_market;
using ramus::flex::write_matrix_market;
using ramus::test::check_rejected;

Eigen::MatrixXd read_text(const std::string& text) {
  std::istringstream in(text);
  return read_matrix_market(in, "K.mtx");
}

// A random matrix with a quarter of its entries zero and values spread over 40 decades (every
// exponent and sign exercised).
Eigen::MatrixXd random_matrix(Eigen::Index rows, Eigen::Index cols, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> mantissa(-1.0, 1.0), exponent(-20.0, 20.0), pick(0.0, 1.0);
  Eigen::MatrixXd a(rows, cols);
  for (Eigen::Index j = 0; j < cols; ++j)
    for (Eigen::Index i = 0; i < rows; ++i)
      a(i, j) = pick(gen) < 0.25 ? 0.0 : mantissa(gen) * std::pow(10.0, exponent(gen));
  return a;
}

// The file must be refused naming K.mtx, the line and each needle.
void refused(const std::string& text, std::initializer_list<std::string> needles) {
  check_rejected([&] { read_text(text); }, needles);
  BOOST_TEST_MESSAGE("(refused: " << text.substr(0, text.find('\n')) << " …)");
}

const std::string kBanner = "%%MatrixMarket matrix coordinate real general\n";
const std::string kSymmetric = "%%MatrixMarket matrix coordinate real symmetric\n";

}  // namespace

BOOST_AUTO_TEST_SUITE(matrix_market)

// Written with %.17g and read back, every entry is the same double (17 significant digits
// round-trip exactly): compared with ==, no tolerance.
BOOST_AUTO_TEST_CASE(round_trip_is_exact) {
  const Eigen::MatrixXd a = random_matrix(7, 5, 1);
  std::stringstream general;
  write_matrix_market(general, a, false);
  BOOST_TEST((read_matrix_market(general, "general") == a));
  Eigen::MatrixXd s = random_matrix(6, 6, 2);
  s = (s + s.transpose()).eval();
  std::stringstream symmetric;
  write_matrix_market(symmetric, s, true);
  // Only the lower triangle is written: the size line announces its non-zero count.
  Eigen::Index lower = 0;
  for (Eigen::Index j = 0; j < 6; ++j)
    for (Eigen::Index i = j; i < 6; ++i) lower += s(i, j) != 0.0 ? 1 : 0;
  std::string banner, size;
  std::getline(symmetric, banner);
  std::getline(symmetric, size);
  BOOST_TEST(banner == "%%MatrixMarket matrix coordinate real symmetric");
  BOOST_TEST(size == "6 6 " + std::to_string(lower));
  symmetric.seekg(0);
  BOOST_TEST((read_matrix_market(symmetric, "symmetric") == s));
  // Through a file on disk.
  const std::filesystem::path path = std::filesystem::temp_directory_path() / "ramus_flex_round_trip.mtx";
  {
    std::ofstream out(path);
    write_matrix_market(out, a, false);
  }
  BOOST_TEST((read_matrix_market(path) == a));
  std::filesystem::remove(path);
}

// The lower triangle of a symmetric file is mirrored; absent entries are zero; comments, blank
// lines, CRLF line ends and upper-case keywords are accepted; "+1" and integer values parse.
// Against the matrix written out by hand (exact decimal values: ==).
BOOST_AUTO_TEST_CASE(symmetric_coordinate_file_is_mirrored) {
  const std::string text =
      "%%MatrixMarket MATRIX Coordinate REAL Symmetric\r\n"
      "% exported by a tool\r\n"
      "\r\n"
      "3 3 4\r\n"
      "1 1 2.5\r\n"
      "2 1 -1e-3\r\n"
      "\r\n"
      "3 2 +0.5\r\n"
      "3 3 4\r\n";
  Eigen::Matrix3d expected;
  expected << 2.5, -1e-3, 0.0, -1e-3, 0.0, 0.5, 0.0, 0.5, 4.0;
  BOOST_TEST((read_text(text) == Eigen::MatrixXd(expected)));
}

// Array format: column-major, all entries (general) or each column from its diagonal down
// (symmetric); integer values.
BOOST_AUTO_TEST_CASE(array_format) {
  const Eigen::MatrixXd general =
      read_text("%%MatrixMarket matrix array real general\n% 2 rows, 3 columns\n2 3\n1\n2\n3\n4\n5.5\n-6\n");
  Eigen::MatrixXd expected(2, 3);
  expected << 1.0, 3.0, 5.5, 2.0, 4.0, -6.0;
  BOOST_TEST((general == expected));
  const Eigen::MatrixXd symmetric = read_text("%%MatrixMarket matrix array integer symmetric\n3 3\n1\n2\n3\n4\n5\n6\n");
  Eigen::Matrix3d lower;
  lower << 1.0, 2.0, 3.0, 2.0, 4.0, 5.0, 3.0, 5.0, 6.0;
  BOOST_TEST((symmetric == Eigen::MatrixXd(lower)));
  const Eigen::MatrixXd integer = read_text("%%MatrixMarket matrix coordinate integer general\n2 2 2\n1 2 7\n2 1 -3\n");
  Eigen::Matrix2d expected_integer;
  expected_integer << 0.0, 7.0, -3.0, 0.0;
  BOOST_TEST((integer == Eigen::MatrixXd(expected_integer)));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(matrix_market_errors)

BOOST_AUTO_TEST_CASE(banner) {
  refused("", {"matrix market 'K.mtx'", "line 1", "(end of file)", "empty"});
  refused("3 3 1\n1 1 1\n", {"K.mtx", "line 1", "'3 3 1'", "not a Matrix Market banner"});
  refused("%%MatrixMarket matrix coordinate real\n1 1 1\n", {"K.mtx", "line 1", "5 words"});
  refused("%%MatrixMarket vector coordinate real general\n", {"K.mtx", "line 1", "'vector'", "only 'matrix'"});
  refused("%%MatrixMarket matrix sparse real general\n", {"K.mtx", "line 1", "'sparse' is unknown"});
  refused("%%MatrixMarket matrix coordinate complex general\n2 2 1\n1 1 1 0\n",
          {"K.mtx", "line 1", "complex general'", "complex matrix is not supported"});
  refused("%%MatrixMarket matrix coordinate pattern general\n", {"K.mtx", "line 1", "pattern matrix"});
  refused("%%MatrixMarket matrix coordinate real hermitian\n", {"K.mtx", "line 1", "hermitian matrix"});
  refused("%%MatrixMarket matrix coordinate real skew-symmetric\n", {"K.mtx", "line 1", "skew-symmetric matrix"});
  refused("%%MatrixMarket matrix coordinate double general\n", {"K.mtx", "line 1", "'double' is unknown"});
}

BOOST_AUTO_TEST_CASE(size_line) {
  refused(kBanner + "% no size\n", {"K.mtx", "line 3", "(end of file)", "size line is missing"});
  refused(kBanner + "% c\n3 3\n", {"K.mtx", "line 3", "'3 3'", "rows cols entries"});
  refused(kBanner + "3 x 1\n", {"K.mtx", "line 2", "'3 x 1'", "three integers"});
  refused(kBanner + "0 3 0\n", {"K.mtx", "line 2", "'0 3 0'", "at least 1"});
  refused(kBanner + "2 2 5\n", {"K.mtx", "line 2", "'2 2 5'", "0 to 4"});
  refused(kSymmetric + "3 4 1\n", {"K.mtx", "line 2", "'3 4 1'", "must be square"});
  refused(kSymmetric + "3 3 7\n", {"K.mtx", "line 2", "0 to 6 (the lower triangle)"});
  refused(kBanner + "100000 100000 1\n", {"K.mtx", "line 2", "exceeds 100000000 entries"});
  refused("%%MatrixMarket matrix array real general\n2 2 4\n", {"K.mtx", "line 2", "'2 2 4'", "'rows cols'"});
}

BOOST_AUTO_TEST_CASE(entries) {
  refused(kBanner + "3 3 2\n1 1 1.0\n4 1 2.0\n", {"K.mtx", "line 4", "'4 1 2.0'", "(4, 1) is out of range", "3×3"});
  refused(kBanner + "3 3 2\n1 1 1.0\n1 0 2.0\n", {"K.mtx", "line 4", "(1, 0) is out of range"});
  refused(kBanner + "3 3 3\n1 1 1.0\n2 2 1\n1 1 3\n", {"K.mtx", "line 5", "'1 1 3'", "(1, 1) is given twice"});
  refused(kSymmetric + "3 3 2\n1 1 1.0\n1 2 2.0\n", {"K.mtx", "line 4", "'1 2 2.0'", "above the diagonal"});
  refused(kBanner + "3 3 1\n% c\n2 2 nan\n", {"K.mtx", "line 4", "'2 2 nan'", "'nan' is not finite"});
  refused(kBanner + "3 3 1\n2 2 -inf\n", {"K.mtx", "line 3", "not finite"});
  refused(kBanner + "3 3 1\n2 2 1e999\n", {"K.mtx", "line 3", "'1e999' is not a number"});
  refused(kBanner + "3 3 1\n2 2 1.0abc\n", {"K.mtx", "line 3", "'1.0abc' is not a number"});
  refused(kBanner + "3 3 1\n2 2\n", {"K.mtx", "line 3", "'2 2'", "'row col value'"});
  refused(kBanner + "3 3 1\n2 2.0 1\n", {"K.mtx", "line 3", "1-based integer indices"});
  refused("%%MatrixMarket matrix coordinate integer general\n3 3 1\n2 2 1.5\n",
          {"K.mtx", "line 3", "'1.5' is not an integer"});
  refused("%%MatrixMarket matrix array real general\n2 1\n1 2\n", {"K.mtx", "line 3", "one value per line"});
}

BOOST_AUTO_TEST_CASE(counts) {
  refused(kBanner + "3 3 3\n1 1 1.0\n2 2 1.0\n", {"K.mtx", "line 5", "(end of file)", "after 2 of the 3 entries"});
  refused(kBanner + "3 3 1\n1 1 1.0\n2 2 1.0\n", {"K.mtx", "line 4", "'2 2 1.0'", "more entries than the 1"});
  refused("%%MatrixMarket matrix array real symmetric\n2 2\n1\n2\n", {"K.mtx", "line 5", "after 2 of the 3"});
  refused("%%MatrixMarket matrix array real general\n1 2\n1\n2\n3\n", {"K.mtx", "line 5", "'3'", "more entries"});
}

BOOST_AUTO_TEST_CASE(file_that_cannot_be_opened) {
  check_rejected([] { read_matrix_market(std::filesystem::path("/nonexistent/M.mtx")); },
                 {"matrix market '/nonexistent/M.mtx'", "file", "cannot be opened"});
}

BOOST_AUTO_TEST_CASE(writer_refuses_what_the_reader_would) {
  std::ostringstream out;
  BOOST_CHECK_THROW(write_matrix_market(out, Eigen::MatrixXd::Zero(2, 3), true), std::invalid_argument);
  Eigen::MatrixXd a = Eigen::MatrixXd::Identity(2, 2);
  a(1, 0) = std::numeric_limits<double>::infinity();
  BOOST_CHECK_THROW(write_matrix_market(out, a, false), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
