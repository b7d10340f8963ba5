// Readers of fully normalized gravity-field coefficients: the GGM03S text layout and ICGEM's .gfc
// (docs/environment/spherical_harmonic_gravity.md §4). Every refusal names the file, the line and
// the field; a file must hold every coefficient up to the degree and order kept, once, and its
// header is never quoted (the file may not be a coefficient file at all).
#include "ramus/environment/gravity_field_file.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string_view>

#include "data_file.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

/// A coefficient row holds at least "n m C S" and an end of line: 7 bytes or more. A header that
/// declares more rows than the file's bytes can hold is refused before anything is sized by it.
constexpr std::size_t kLeastRowBytes = 7;

std::string owner_of(const std::string& path) { return "gravity field file '" + path + "'"; }

[[noreturn]] void fail(const std::string& path, const std::string& where, const std::string& field,
                       const std::string& value, const std::string& reason) {
  throw ConfigurationError(owner_of(path), where + ": " + field, value, reason);
}

std::string line_name(int line) { return "line " + std::to_string(line); }

/// The fields of a line, split at blanks, tabs and commas.
std::vector<std::string> fields_of(std::string_view line) {
  std::vector<std::string> out;
  std::string cur;
  for (const char ch : line) {
    if (ch == ',' || ch == ' ' || ch == '\t' || ch == '\r') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur.push_back(ch);
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

/// A finite number read from the whole text, or false; a Fortran exponent (1.0D-06) is read as 1.0E-06.
bool parse_number(std::string text, double& v) {
  for (char& ch : text)
    if (ch == 'D' || ch == 'd') ch = 'E';
  errno = 0;
  char* end = nullptr;
  v = std::strtod(text.c_str(), &end);
  return !text.empty() && end == text.c_str() + text.size() && std::isfinite(v) && errno != ERANGE;
}

/// A finite number, the whole text read (quoted in the refusal: only after the header is read).
double number(const std::string& path, int line, const std::string& field, const std::string& text) {
  double v = 0.0;
  if (!parse_number(text, v)) fail(path, line_name(line), field, "'" + text + "'", "is not a finite number");
  return v;
}

/// A whole number in [0, largest] (written as an integer or as a number with a zero fraction).
int whole(const std::string& path, int line, const std::string& field, const std::string& text, int largest,
          const std::string& why = "") {
  const double v = number(path, line, field, text);
  if (v != std::floor(v) || v < 0.0 || v > largest)
    fail(path, line_name(line), field, text,
         "must be a whole number in [0, " + std::to_string(largest) + "]" + (why.empty() ? "" : " (" + why + ")"));
  return static_cast<int>(v);
}

const std::string kLargestWhy = "the largest degree read, EGM2008's";

/// The degree and order kept: the file's, or the options' when smaller.
struct Kept {
  int degree, order;
};

Kept kept(const std::string& path, int file_degree, int file_order, const GravityFieldReadOptions& o) {
  if (o.max_degree < -1)
    fail(path, "options", "max_degree", std::to_string(o.max_degree), "must be -1 (the file's) or at least 0");
  if (o.max_order < -1)
    fail(path, "options", "max_order", std::to_string(o.max_order), "must be -1 (the file's) or at least 0");
  const int N = o.max_degree < 0 ? file_degree : o.max_degree;
  if (N > file_degree)
    fail(path, "options", "max_degree", std::to_string(o.max_degree),
         "exceeds the file's max degree " + std::to_string(file_degree));
  const int M = o.max_order < 0 ? std::min(file_order, N) : o.max_order;
  if (M > file_order)
    fail(path, "options", "max_order", std::to_string(o.max_order),
         "exceeds the file's max order " + std::to_string(file_order));
  if (M > N) fail(path, "options", "max_order", std::to_string(M), "exceeds max_degree " + std::to_string(N));
  return {N, M};
}

/// The rows a file must hold for degree N, order M: every (n, m) with 2 ≤ n ≤ N, m ≤ min(n, M)
/// (degrees 0 and 1 may be left out: C̄00 = 1 and the degree-1 terms 0 then).
std::size_t required_rows(Kept k) {
  std::size_t rows = 0;
  for (int n = 2; n <= k.degree; ++n) rows += static_cast<std::size_t>(std::min(n, k.order)) + 1;
  return rows;
}

/// Collects the coefficient lines: checks each (n, m) against the file's degree and order, keeps
/// those within the kept degree and order and refuses a kept one listed twice; take() refuses a
/// kept (n, m) with n ≥ 2 the file does not list.
class Collector {
 public:
  /// `bytes`: the file's size, which must be able to hold the rows kept (before any allocation).
  Collector(std::string path, int file_degree, int file_order, Kept keep, std::size_t bytes)
      : path_(std::move(path)), file_degree_(file_degree), file_order_(file_order), keep_(keep) {
    const std::size_t rows = required_rows(keep);
    if (rows > bytes / kLeastRowBytes)
      fail(path_, "file", "size", std::to_string(bytes) + " bytes",
           "cannot hold the " + std::to_string(rows) + " coefficient rows up to degree " + std::to_string(keep.degree) +
               " and order " + std::to_string(keep.order) + " (at least " + std::to_string(kLeastRowBytes) +
               " bytes each): the file is truncated or its header wrong");
    out_.source = path_;
    out_.max_degree = keep.degree;
    out_.max_order = keep.order;
    const std::size_t size = GravityFieldCoefficients::index(keep.degree, keep.degree) + 1;
    out_.C.assign(size, 0.0);
    out_.S.assign(size, 0.0);
    out_.C[0] = 1.0;  // C̄00 when the file does not list it
    seen_.assign(size, false);
  }

  /// One line's fields from `first` on: n, m, C̄nm, S̄nm (then σC, σS, not read).
  void add(int line, const std::vector<std::string>& f, std::size_t first) {
    if (f.size() < first + 4)
      fail(path_, line_name(line), "coefficient line", std::to_string(f.size()) + " fields",
           "needs n, m, C, S (" + std::to_string(first + 4) + " fields)");
    const int n = whole(path_, line, "n", f[first], file_degree_, "the header's max degree");
    const int m = whole(path_, line, "m", f[first + 1], n);
    if (m > file_order_)
      fail(path_, line_name(line), "m", f[first + 1], "exceeds the file's max order " + std::to_string(file_order_));
    std::string nm = "[";  // appended piecewise: GCC 12's -Wrestrict misfires on "[" + std::string
    nm.append(std::to_string(n)).append(",").append(std::to_string(m)).append("]");
    const double c = number(path_, line, "C" + nm, f[first + 2]);
    const double s = number(path_, line, "S" + nm, f[first + 3]);
    if (n > keep_.degree || m > keep_.order) return;  // beyond what is kept: checked, not stored
    const std::size_t k = GravityFieldCoefficients::index(n, m);
    if (seen_[k]) fail(path_, line_name(line), "(n, m)", nm, "is listed twice");
    seen_[k] = true;
    out_.C[k] = c;
    out_.S[k] = s;
  }

  GravityFieldCoefficients take() {
    std::size_t missing = 0;
    int first_n = -1, first_m = -1;
    for (int n = 2; n <= keep_.degree; ++n)
      for (int m = 0; m <= std::min(n, keep_.order); ++m)
        if (!seen_[GravityFieldCoefficients::index(n, m)]) {
          if (missing++ == 0) first_n = n, first_m = m;
        }
    if (missing > 0) {
      std::string nm = "[";
      nm.append(std::to_string(first_n)).append(",").append(std::to_string(first_m)).append("]");
      fail(path_, "file", "(n, m)", nm,
           "is missing, with " + std::to_string(missing - 1) + " more of the " + std::to_string(required_rows(keep_)) +
               " rows up to degree " + std::to_string(keep_.degree) + " and order " + std::to_string(keep_.order) +
               ": the file is truncated (the header declares degree " + std::to_string(file_degree_) + ", order " +
               std::to_string(file_order_) + ")");
    }
    return std::move(out_);
  }
  GravityFieldCoefficients& set() { return out_; }

 private:
  std::string path_;
  int file_degree_, file_order_;
  Kept keep_;
  GravityFieldCoefficients out_;
  std::vector<bool> seen_;  ///< per kept (n, m)
};

std::string read_file(const std::string& path) {
  return data_file::read(path, owner_of(path), "path", kGravityFieldFileMaxBytes);
}

void check_scale(const std::string& path, const std::string& where, double R, double mu) {
  if (!(R > 0.0)) fail(path, where, "reference radius [m]", validation::to_text(R), "must be positive");
  if (!(mu > 0.0)) fail(path, where, "GM [m^3/s^2]", validation::to_text(mu), "must be positive");
}

bool blank(const std::vector<std::string>& f) { return f.empty(); }

}  // namespace

GravityFieldCoefficients parse_gravity_field_text(std::string_view text, const std::string& path,
                                                  const GravityFieldReadOptions& options) {
  data_file::Lines lines(text);
  std::string_view row;
  std::vector<std::string> f;
  while (blank(f) && lines.next(row)) f = fields_of(row);
  const int line = lines.number();
  if (blank(f)) fail(path, "line 1", "header", "(empty file)", "the file has no header line");
  // Until its six numbers are read the header is not quoted: the file may be anything.
  double head[6];
  bool numeric = f.size() >= 6;
  for (std::size_t i = 0; numeric && i < 6; ++i) numeric = parse_number(f[i], head[i]);
  if (!numeric)
    fail(path, line_name(line), "header", "(not shown)",
         "is not a coefficient file's header: needs six numbers, R [m], GM [m^3/s^2], rotation rate [rad/s], max "
         "degree, max order, normalized flag (1)");
  const double R = head[0], mu = head[1];
  const int N = whole(path, line, "max degree", f[3], kGravityFieldFileMaxDegree, kLargestWhy);
  const int M = whole(path, line, "max order", f[4], N, "at most the max degree");
  if (head[5] != 1.0)
    fail(path, line_name(line), "normalized flag", f[5], "must be 1: only fully normalized coefficients are read");
  check_scale(path, line_name(line), R, mu);
  Collector coefficients(path, N, M, kept(path, N, M, options), text.size());
  coefficients.set().reference_radius = R;
  coefficients.set().mu = mu;
  while (lines.next(row)) {
    f = fields_of(row);
    if (!blank(f)) coefficients.add(lines.number(), f, 0);
  }
  return coefficients.take();
}

GravityFieldCoefficients read_gravity_field_text(const std::string& path, const GravityFieldReadOptions& options) {
  return parse_gravity_field_text(read_file(path), path, options);
}

GravityFieldCoefficients parse_gravity_field_icgem(std::string_view text, const std::string& path,
                                                   const GravityFieldReadOptions& options) {
  // Until `end_of_head` is found nothing of the file is quoted: it may not be an ICGEM file.
  {
    data_file::Lines scan(text);
    std::string_view row;
    bool found = false;
    while (!found && scan.next(row)) {
      const std::vector<std::string> f = fields_of(row);
      found = !f.empty() && f[0] == "end_of_head";
    }
    if (!found)
      fail(path, "header", "end_of_head", "(absent)",
           "the header never ends: the file is not an ICGEM coefficient file (.gfc)");
  }
  data_file::Lines lines(text);
  std::string_view row;
  double R = NAN, mu = NAN;
  int N = -1;
  std::string tide_system;
  bool end_of_head = false;
  while (!end_of_head && lines.next(row)) {
    const int line = lines.number();
    const std::vector<std::string> f = fields_of(row);
    if (blank(f)) continue;
    const std::string& key = f[0];
    if (key == "end_of_head") {
      end_of_head = true;
      continue;
    }
    const bool known = key == "earth_gravity_constant" || key == "radius" || key == "max_degree" || key == "norm" ||
                       key == "tide_system" || key == "product_type";
    if (!known) continue;  // free text and keywords not used (modelname, errors, ...)
    if (f.size() < 2) fail(path, line_name(line), key, "(no value)", "needs a value");
    if (key == "earth_gravity_constant") mu = number(path, line, "earth_gravity_constant [m^3/s^2]", f[1]);
    if (key == "radius") R = number(path, line, "radius [m]", f[1]);
    if (key == "max_degree") N = whole(path, line, "max_degree", f[1], kGravityFieldFileMaxDegree, kLargestWhy);
    if (key == "tide_system") tide_system = f[1];
    if (key == "norm" && f[1] != "fully_normalized")
      fail(path, line_name(line), "norm", f[1], "only fully_normalized coefficients are read");
    if (key == "product_type" && f[1] != "gravity_field")
      fail(path, line_name(line), "product_type", f[1], "must be gravity_field");
  }
  if (std::isnan(mu)) fail(path, "header", "earth_gravity_constant [m^3/s^2]", "(absent)", "is required");
  if (std::isnan(R)) fail(path, "header", "radius [m]", "(absent)", "is required");
  if (N < 0) fail(path, "header", "max_degree", "(absent)", "is required");
  check_scale(path, "header", R, mu);
  Collector coefficients(path, N, N, kept(path, N, N, options), text.size());
  coefficients.set().reference_radius = R;
  coefficients.set().mu = mu;
  coefficients.set().tide_system = tide_system;
  while (lines.next(row)) {
    const int line = lines.number();
    const std::vector<std::string> f = fields_of(row);
    if (blank(f)) continue;
    if (f[0] == "gfc") {
      coefficients.add(line, f, 1);
    } else if (f[0] == "gfct" || f[0] == "trnd" || f[0] == "dot" || f[0] == "acos" || f[0] == "asin") {
      fail(path, line_name(line), "keyword", f[0],
           "time-variable coefficients are not supported (static gfc lines only)");
    } else {
      fail(path, line_name(line), "keyword", f[0], "is not a coefficient line (gfc)");
    }
  }
  return coefficients.take();
}

GravityFieldCoefficients read_gravity_field_icgem(const std::string& path, const GravityFieldReadOptions& options) {
  return parse_gravity_field_icgem(read_file(path), path, options);
}

GravityFieldCoefficients truncated(const GravityFieldCoefficients& c, int degree, int order) {
  const std::string owner = "gravity field '" + c.source + "'";
  if (degree < 0 || degree > c.max_degree)
    throw ConfigurationError(owner, "degree", std::to_string(degree),
                             "must be in [0, " + std::to_string(c.max_degree) + "] (the set's max degree)");
  if (order < 0 || order > std::min(degree, c.max_order))
    throw ConfigurationError(owner, "order", std::to_string(order),
                             "must be in [0, " + std::to_string(std::min(degree, c.max_order)) +
                                 "] (at most the degree and the set's max order)");
  GravityFieldCoefficients out;
  out.source = c.source;
  out.reference_radius = c.reference_radius;
  out.mu = c.mu;
  out.max_degree = degree;
  out.max_order = order;
  out.tide_system = c.tide_system;
  const std::size_t size = GravityFieldCoefficients::index(degree, degree) + 1;
  out.C.assign(size, 0.0);
  out.S.assign(size, 0.0);
  for (int n = 0; n <= degree; ++n)
    for (int m = 0; m <= std::min(n, order); ++m) {
      out.C[GravityFieldCoefficients::index(n, m)] = c.c(n, m);
      out.S[GravityFieldCoefficients::index(n, m)] = c.s(n, m);
    }
  return out;
}

}  // namespace ramus
