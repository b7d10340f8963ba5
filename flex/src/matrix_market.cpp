// Matrix Market reader and writer (docs/flex/fe_import.md §1): the banner, the size line and the
// entries of the coordinate and array formats, real or integer, general or symmetric; every refusal
// names the source, the line and its text.
#include "ramus/flex/matrix_market.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <istream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "ramus/kernel/error.hpp"

namespace ramus::flex {
namespace {

/// Largest rows × cols read: the result is dense (8 bytes an entry), so 1e8 entries are 800 MB,
/// beyond any appendage model (a few thousand DOFs: ~1e7).
constexpr long long kMaxEntries = 100'000'000;
/// Longest quoted text of a line in a message.
constexpr std::size_t kQuoted = 80;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

std::vector<std::string_view> tokens(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

bool parse_integer(std::string_view t, long long& value) {
  if (!t.empty() && t.front() == '+') t.remove_prefix(1);
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
  return !t.empty() && ec == std::errc() && end == t.data() + t.size();
}

bool parse_real(std::string_view t, double& value) {
  if (t.size() > 1 && t.front() == '+' && t[1] != '-') t.remove_prefix(1);
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
  return !t.empty() && ec == std::errc() && end == t.data() + t.size();
}

/// The lines of the source with their 1-based numbers, trailing '\r' removed; the refusals.
class Reader {
 public:
  Reader(std::istream& in, std::string_view source) : in_(in), owner_("matrix market '") {
    owner_.append(source).append("'");
  }
  /// The next line that is neither blank nor a '%' comment; false at the end of the input.
  bool next_data(std::string& line) {
    while (next(line))
      if (line.find_first_not_of(" \t") != std::string::npos && line.front() != '%') return true;
    return false;
  }
  bool next(std::string& line) {
    if (!std::getline(in_, line)) return false;
    ++number_;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    text_ = line;
    return true;
  }
  [[noreturn]] void refuse(const std::string& reason) const {
    std::string field = "line ";
    field += std::to_string(number_);
    std::string value = "'";
    value += text_.size() > kQuoted ? text_.substr(0, kQuoted) + "…" : text_;
    value += "'";
    throw ConfigurationError(owner_, field, value, reason);
  }
  /// At the end of the input: the line after the last one read, with no text.
  [[noreturn]] void refuse_at_end(const std::string& reason) {
    ++number_;
    text_ = "(end of file)";
    std::string field = "line ";
    field += std::to_string(number_);
    throw ConfigurationError(owner_, field, text_, reason);
  }

 private:
  std::istream& in_;
  std::string owner_;
  std::string text_;
  int number_ = 0;
};

struct Header {
  bool coordinate = true;  ///< else array
  bool integer = false;    ///< else real
  bool symmetric = false;  ///< else general
};

constexpr const char* kBannerForm = "%%MatrixMarket matrix coordinate|array real|integer general|symmetric";

Header read_banner(Reader& reader) {
  std::string line;
  if (!reader.next(line))
    reader.refuse_at_end(std::string("the file is empty: a Matrix Market file begins with the banner ") + kBannerForm);
  const std::vector<std::string_view> t = tokens(line);
  if (t.empty() || lower(t[0]) != "%%matrixmarket")
    reader.refuse(std::string("is not a Matrix Market banner: expected ") + kBannerForm);
  if (t.size() != 5) reader.refuse(std::string("the banner must have 5 words: ") + kBannerForm);
  Header h;
  const std::string object = lower(t[1]), format = lower(t[2]), field = lower(t[3]), symmetry = lower(t[4]);
  if (object != "matrix") reader.refuse("object '" + object + "' is not supported: only 'matrix'");
  if (format == "array")
    h.coordinate = false;
  else if (format != "coordinate")
    reader.refuse("format '" + format + "' is unknown: 'coordinate' or 'array'");
  if (field == "integer")
    h.integer = true;
  else if (field == "complex" || field == "pattern")
    reader.refuse("a " + field + " matrix is not supported: mass and stiffness matrices are 'real' (or 'integer')");
  else if (field != "real")
    reader.refuse("field '" + field + "' is unknown: 'real' or 'integer'");
  if (symmetry == "symmetric")
    h.symmetric = true;
  else if (symmetry == "hermitian" || symmetry == "skew-symmetric")
    reader.refuse("a " + symmetry + " matrix is not supported: 'general' or 'symmetric'");
  else if (symmetry != "general")
    reader.refuse("symmetry '" + symmetry + "' is unknown: 'general' or 'symmetric'");
  return h;
}

/// One number of the field's type, finite.
double read_value(const Reader& reader, const Header& h, std::string_view token) {
  if (h.integer) {
    long long v = 0;
    if (!parse_integer(token, v)) reader.refuse(std::string("the value '").append(token) + "' is not an integer");
    return static_cast<double>(v);
  }
  double v = 0.0;
  if (!parse_real(token, v)) reader.refuse(std::string("the value '").append(token) + "' is not a number");
  if (!std::isfinite(v)) reader.refuse(std::string("the value '").append(token) + "' is not finite");
  return v;
}

}  // namespace

Eigen::MatrixXd read_matrix_market(std::istream& in, std::string_view source_name) {
  Reader reader(in, source_name);
  const Header h = read_banner(reader);
  std::string line;
  // The size line: rows cols [entries].
  if (!reader.next_data(line)) reader.refuse_at_end("the size line is missing");
  const std::vector<std::string_view> size = tokens(line);
  const std::size_t words = h.coordinate ? 3 : 2;
  long long rows = 0, cols = 0, announced = 0;
  if (size.size() != words || !parse_integer(size[0], rows) || !parse_integer(size[1], cols) ||
      (h.coordinate && !parse_integer(size[2], announced)))
    reader.refuse(h.coordinate ? "the size line must be 'rows cols entries' (three integers)"
                               : "the size line must be 'rows cols' (two integers)");
  if (rows < 1 || cols < 1) reader.refuse("rows and cols must be at least 1");
  if (rows > kMaxEntries / cols)
    reader.refuse(std::string("rows × cols exceeds ") + std::to_string(kMaxEntries) +
                  " entries (the matrix is read dense)");
  if (h.symmetric && rows != cols) reader.refuse("a symmetric matrix must be square");
  const long long capacity = h.symmetric ? rows * (rows + 1) / 2 : rows * cols;
  if (!h.coordinate) announced = capacity;
  if (announced < 0 || announced > capacity)
    reader.refuse(std::string("the entry count must be 0 to ") + std::to_string(capacity) +
                  (h.symmetric ? " (the lower triangle)" : " (rows × cols)"));

  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
  std::vector<bool> seen(h.coordinate ? static_cast<std::size_t>(rows * cols) : 0, false);
  Eigen::Index array_row = 0, array_col = 0;  // array format: the next entry's position
  for (long long k = 0; k < announced; ++k) {
    if (!reader.next_data(line))
      reader.refuse_at_end(std::string("the file ends after ") + std::to_string(k) + " of the " +
                           std::to_string(announced) + " entries announced");
    const std::vector<std::string_view> t = tokens(line);
    if (h.coordinate) {
      long long i = 0, j = 0;
      if (t.size() != 3 || !parse_integer(t[0], i) || !parse_integer(t[1], j))
        reader.refuse("an entry must be 'row col value' (1-based integer indices)");
      if (i < 1 || i > rows || j < 1 || j > cols)
        reader.refuse(std::string("index (") + std::to_string(i) + ", " + std::to_string(j) +
                      ") is out of range: the matrix is " + std::to_string(rows) + "×" + std::to_string(cols) +
                      " (1-based)");
      if (h.symmetric && j > i)
        reader.refuse(std::string("entry (") + std::to_string(i) + ", " + std::to_string(j) +
                      ") is above the diagonal: a symmetric file gives the lower triangle only (row ≥ col)");
      const std::size_t slot = static_cast<std::size_t>((i - 1) * cols + (j - 1));
      if (seen[slot])
        reader.refuse(std::string("entry (") + std::to_string(i) + ", " + std::to_string(j) + ") is given twice");
      seen[slot] = true;
      const double v = read_value(reader, h, t[2]);
      const Eigen::Index r = static_cast<Eigen::Index>(i - 1), c = static_cast<Eigen::Index>(j - 1);
      a(r, c) = v;
      if (h.symmetric) a(c, r) = v;
    } else {
      if (t.size() != 1) reader.refuse("an array entry must be one value per line");
      const double v = read_value(reader, h, t[0]);
      a(array_row, array_col) = v;
      if (h.symmetric) a(array_col, array_row) = v;
      if (++array_row == a.rows()) {  // the next column, from its diagonal when symmetric
        ++array_col;
        array_row = h.symmetric ? array_col : 0;
      }
    }
  }
  if (reader.next_data(line))
    reader.refuse(std::string("more entries than the ") + std::to_string(announced) + " the size line announces");
  return a;
}

Eigen::MatrixXd read_matrix_market(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in)
    throw ConfigurationError("matrix market '" + path.string() + "'", "file", "'" + path.string() + "'",
                             "cannot be opened for reading");
  return read_matrix_market(in, path.string());
}

void write_matrix_market(std::ostream& out, const Eigen::MatrixXd& a, bool symmetric) {
  if (symmetric && a.rows() != a.cols())
    throw std::invalid_argument("write_matrix_market: a symmetric matrix must be square");
  if (!a.allFinite()) throw std::invalid_argument("write_matrix_market: the matrix has a non-finite entry");
  long long entries = 0;
  for (Eigen::Index j = 0; j < a.cols(); ++j)
    for (Eigen::Index i = symmetric ? j : 0; i < a.rows(); ++i)
      if (a(i, j) != 0.0) ++entries;
  out << "%%MatrixMarket matrix coordinate real " << (symmetric ? "symmetric" : "general") << '\n';
  out << a.rows() << ' ' << a.cols() << ' ' << entries << '\n';
  char value[40];
  for (Eigen::Index j = 0; j < a.cols(); ++j)
    for (Eigen::Index i = symmetric ? j : 0; i < a.rows(); ++i)
      if (a(i, j) != 0.0) {
        std::snprintf(value, sizeof value, "%.17g", a(i, j));
        out << (i + 1) << ' ' << (j + 1) << ' ' << value << '\n';
      }
}

}  // namespace ramus::flex
