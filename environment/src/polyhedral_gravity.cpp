// Polyhedral gravity (docs/environment/polyhedral_gravity.md): the shape's checks (closed,
// consistently oriented, non-degenerate), the edge and facet factors precomputed once, the sums of
// eqs. (1), (5), (6) and (7) over the stored edges and facets without allocation, and the shape-file
// reader (§4). Every refusal names the file and the line (or the configuration's facet) and the value.
#include "ramus/environment/polyhedral_gravity.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <utility>

#include "data_file.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

/// A facet is degenerate when |(v2 − v1) × (v3 − v1)| ≤ kDegenerate · (its longest edge)², i.e. the
/// sine of its largest angle is below 64 ε ≈ 1.4e-14: its normal would be round-off
/// (docs/environment/polyhedral_gravity.md §3).
constexpr double kDegenerate = 64.0 * kEps;

/// The surface encloses no volume when |V| ≤ kFlat · (the bounding box's diagonal)³: the facets'
/// round-off, not a body (§3).
constexpr double kFlat = 64.0 * kEps;

/// L_e of eq. (2) is capped where the field point is on the edge itself (a + b − e ≤ ε² (a + b + e),
/// a distance of about ε² e): the term L_e E_e r_e goes to 0 there, and the gradient's logarithmic
/// singularity becomes ln(2/ε²) ≈ 72.8 instead of infinity (§2).
constexpr double kEdgeFloor = kEps * kEps;

/// A field point is on a facet's plane when |r1·(r2 × r3)| ≤ kOnPlane r1 r2 r3 (the triple
/// product's round-off): the facet's own ω_f is then taken as 0 (§2).
constexpr double kOnPlane = 8.0 * kEps;

// ---- the shape's checks, shared by the file reader and the model ------------------------------

/// Names the facets and vertices of a shape in refusals: by the file's lines and 1-based vertex
/// numbers when read from a file, by the configuration's 0-based indices otherwise.
struct Namer {
  std::string owner;
  const std::vector<int>* lines = nullptr;  ///< facet f's line in the file

  std::string facet(std::size_t f) const {
    return lines ? "line " + std::to_string((*lines)[f]) + ": facet" : "shape.facets[" + std::to_string(f) + "]";
  }
  /// The facet as a reason names it: "the facet of line 12" or "shape.facets[3]".
  std::string other_facet(std::size_t f) const {
    return lines ? "the facet of line " + std::to_string((*lines)[f]) : "shape.facets[" + std::to_string(f) + "]";
  }
  /// A vertex's number as the shape's source writes it: 1-based in a file, 0-based in code.
  std::string vertex(std::size_t v) const { return std::to_string(lines ? v + 1 : v); }
  [[noreturn]] void fail(const std::string& field, const std::string& value, const std::string& reason) const {
    throw ConfigurationError(owner, field, value, reason);
  }
};

std::string triple_text(const std::array<std::size_t, 3>& f, bool one_based) {
  const std::size_t k = one_based ? 1 : 0;
  std::string out = "(";  // appended piecewise: GCC 12's -Wrestrict misfires on "(" + std::string
  out.append(std::to_string(f[0] + k)).append(", ").append(std::to_string(f[1] + k)).append(", ");
  return out.append(std::to_string(f[2] + k)).append(")");
}

/// One directed edge a → b of facet f.
struct DirectedEdge {
  std::size_t a, b, f;
  bool operator<(const DirectedEdge& o) const { return a != o.a ? a < o.a : b < o.b; }
};

/// Checks a shape (§3): at least 4 vertices and 4 facets, the vertices finite; each facet's
/// indices in range and distinct, its area non-zero; each directed edge run by one facet and its
/// reverse by one other (the surface closed and consistently oriented). Returns the directed edges
/// sorted (the model's edges are built from them); the volume is the model's check.
std::vector<DirectedEdge> check_shape(const PolyhedronShape& s, const Namer& name) {
  const bool file = name.lines != nullptr;
  const std::size_t nv = s.vertices.size();
  if (nv < 4)
    name.fail(file ? "file: vertices" : "shape.vertices", std::to_string(nv),
              "too few: a closed surface needs at least 4 vertices");
  if (s.facets.size() < 4)
    name.fail(file ? "file: facets" : "shape.facets", std::to_string(s.facets.size()),
              "too few: a closed surface needs at least 4 triangular facets");
  if (nv > std::numeric_limits<std::uint32_t>::max())
    name.fail("shape.vertices", std::to_string(nv), "more than 2^32 - 1 vertices");
  for (std::size_t v = 0; v < nv; ++v)
    if (!s.vertices[v].allFinite())
      name.fail("shape.vertices[" + std::to_string(v) + "]", validation::to_text(s.vertices[v]), "must be finite");
  std::vector<DirectedEdge> edges;
  edges.reserve(3 * s.facets.size());
  for (std::size_t f = 0; f < s.facets.size(); ++f) {
    const std::array<std::size_t, 3>& t = s.facets[f];
    for (const std::size_t v : t)
      if (v >= nv)
        name.fail(name.facet(f) + " vertex index", std::to_string(file ? v + 1 : v),
                  "is not a vertex: the shape has " + std::to_string(nv) + " vertices (" +
                      (file ? "1 to " + std::to_string(nv) : "0 to " + std::to_string(nv - 1)) + ")");
    if (t[0] == t[1] || t[1] == t[2] || t[0] == t[2])
      name.fail(name.facet(f), triple_text(t, file), "names a vertex twice: the facet has no area");
    const Eigen::Vector3d &p = s.vertices[t[0]], &q = s.vertices[t[1]], &r = s.vertices[t[2]];
    const double longest = std::max({(q - p).squaredNorm(), (r - q).squaredNorm(), (p - r).squaredNorm()});
    const double twice_area = (q - p).cross(r - p).norm();
    if (!(twice_area > kDegenerate * longest))
      name.fail(name.facet(f), triple_text(t, file),
                "is degenerate: its area " + validation::to_text(0.5 * twice_area) +
                    " m^2 is zero to round-off (its vertices are collinear or coincide)");
    for (int k = 0; k < 3; ++k)
      edges.push_back({t[static_cast<std::size_t>(k)], t[static_cast<std::size_t>((k + 1) % 3)], f});
  }
  std::sort(edges.begin(), edges.end());
  const auto edge_text = [&](const DirectedEdge& e) {
    return "vertex " + name.vertex(e.a) + " -> " + name.vertex(e.b);
  };
  for (std::size_t k = 1; k < edges.size(); ++k)
    if (edges[k].a == edges[k - 1].a && edges[k].b == edges[k - 1].b)
      name.fail(name.facet(edges[k].f) + " edge", edge_text(edges[k]),
                "is run in the same direction by " + name.other_facet(edges[k - 1].f) +
                    ": the facets' orientations are inconsistent (one is clockwise), or the edge is shared by more "
                    "than two facets");
  for (const DirectedEdge& e : edges) {
    const DirectedEdge reverse{e.b, e.a, 0};
    if (!std::binary_search(edges.begin(), edges.end(), reverse))
      name.fail(name.facet(e.f) + " edge", edge_text(e),
                "has no facet on its other side running it the other way: the surface is not closed (a hole, or a "
                "neighbour facing the other way)");
  }
  return edges;
}

/// The signed volume and its first moment (eq. 9), about the first vertex (less round-off).
std::pair<double, Eigen::Vector3d> volume_and_moment(const PolyhedronShape& s) {
  const Eigen::Vector3d o = s.vertices.front();
  double six_v = 0.0;
  Eigen::Vector3d moment = Eigen::Vector3d::Zero();
  for (const auto& t : s.facets) {
    const Eigen::Vector3d p = s.vertices[t[0]] - o, q = s.vertices[t[1]] - o, r = s.vertices[t[2]] - o;
    const double d = p.dot(q.cross(r));
    six_v += d;
    moment += d * (p + q + r);  // the tetrahedron (o, p, q, r)'s volume d/6 times its centroid (p + q + r)/4
  }
  const double V = six_v / 6.0;
  return {V, V != 0.0 ? Eigen::Vector3d(o + moment / (4.0 * six_v)) : o};
}

// ---- the shape-file reader ---------------------------------------------------------------------

std::string owner_of(const std::string& path) { return "shape file '" + path + "'"; }

std::string line_name(int line) { return "line " + std::to_string(line); }

[[noreturn]] void fail(const std::string& path, int line, const std::string& field, const std::string& value,
                       const std::string& reason) {
  throw ConfigurationError(owner_of(path), (line > 0 ? line_name(line) + ": " : std::string("file: ")) + field, value,
                           reason);
}

/// A token as a message quotes it: short printable text in quotes, anything else not shown (the
/// file may not be a shape file at all).
std::string shown(std::string_view token) {
  const bool printable = token.size() <= 32 && std::all_of(token.begin(), token.end(),
                                                           [](char c) { return c > ' ' && c < 127 && c != '\''; });
  return printable ? "'" + std::string(token) + "'" : "(not shown)";
}

/// The fields of a line, split at blanks, tabs and commas, into `out` (views into the line).
void split(std::string_view line, std::vector<std::string_view>& out) {
  out.clear();
  std::size_t start = 0;
  bool in = false;
  for (std::size_t i = 0; i <= line.size(); ++i) {
    const bool sep = i == line.size() || line[i] == ' ' || line[i] == '\t' || line[i] == ',' || line[i] == '\r';
    if (!sep && !in) start = i, in = true;
    if (sep && in) {
      out.push_back(line.substr(start, i - start));
      in = false;
    }
  }
}

/// A finite coordinate [file units].
double coordinate(const std::string& path, int line, const char* axis, std::string_view text) {
  double v = 0.0;
  std::string_view digits = text;
  if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
  const char* end = digits.data() + digits.size();
  const auto [ptr, ec] = std::from_chars(digits.data(), end, v);
  if (ec == std::errc::result_out_of_range && ptr == end)
    fail(path, line, std::string("vertex ") + axis, shown(text),
         "must be finite and representable: it is beyond a double's range");
  if (digits.empty() || ec != std::errc() || ptr != end)
    fail(path, line, std::string("vertex ") + axis, shown(text), "is not a number");
  if (!std::isfinite(v)) fail(path, line, std::string("vertex ") + axis, shown(text), "must be finite");
  return v;
}

/// A whole number written as an integer (an index, a count), the whole text read.
bool whole_number(std::string_view text, long long& v) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, v);
  return !text.empty() && ec == std::errc() && ptr == end;
}

bool comment_or_blank(const std::vector<std::string_view>& f) { return f.empty() || f.front().front() == '#'; }

/// What a parse collects: the vertices [file units], the facets (0-based) and each facet's line.
struct Collected {
  std::vector<Eigen::Vector3d> vertices;
  std::vector<std::array<std::size_t, 3>> facets;
  std::vector<int> lines;
};

/// A facet's vertex index as written (1-based; with OBJ's negative indices counted back from the
/// `count` vertices read so far) to 0-based; the range is checked by check_shape.
std::size_t vertex_index(const std::string& path, int line, std::string_view token, std::size_t count, bool obj) {
  std::string_view number = token;
  if (obj) number = token.substr(0, token.find('/'));  // "i/t/n", "i//n", "i/t": the vertex is i
  long long k = 0;
  if (!whole_number(number, k))
    fail(path, line, "facet vertex index", shown(token), "is not a whole number (vertex indices count from 1)");
  if (obj && k < 0) {
    if (static_cast<unsigned long long>(-k) > count)
      fail(path, line, "facet vertex index", std::to_string(k),
           "counts back beyond the first vertex: " + std::to_string(count) + " vertices are read before this line");
    return count - static_cast<std::size_t>(-k);
  }
  if (k < 1)
    fail(path, line, "facet vertex index", std::to_string(k),
         "is not a vertex: indices count from 1" + std::string(obj ? " (or back from -1)" : ""));
  return static_cast<std::size_t>(k - 1);
}

/// (a) Keyword lines: "v x y z …" and "f i j k …" (OBJ), every other line ignored.
void parse_keyword_lines(std::string_view text, const std::string& path, Collected& out) {
  data_file::Lines lines(text);
  std::string_view row;
  std::vector<std::string_view> f;
  std::vector<std::size_t> polygon;
  while (lines.next(row)) {
    split(row, f);
    if (comment_or_blank(f)) continue;
    const int line = lines.number();
    if (f[0] == "v") {
      if (f.size() < 4)
        fail(path, line, "vertex", std::to_string(f.size() - 1) + " numbers", "needs x y z (3 numbers after 'v')");
      out.vertices.emplace_back(coordinate(path, line, "x", f[1]), coordinate(path, line, "y", f[2]),
                                coordinate(path, line, "z", f[3]));
    } else if (f[0] == "f") {
      if (f.size() < 4)
        fail(path, line, "facet", std::to_string(f.size() - 1) + " vertices", "needs at least 3 vertices");
      polygon.clear();
      for (std::size_t k = 1; k < f.size(); ++k)
        polygon.push_back(vertex_index(path, line, f[k], out.vertices.size(), true));
      for (std::size_t k = 1; k + 1 < polygon.size(); ++k) {  // a fan from the first vertex (§4)
        out.facets.push_back({polygon[0], polygon[k], polygon[k + 1]});
        out.lines.push_back(line);
      }
    }
  }
  if (out.vertices.empty() && out.facets.empty())
    fail(path, 0, "content", "(no 'v' or 'f' line)",
         "is not a shape file: it needs vertex lines 'v x y z' and facet lines 'f i j k', or a first line 'nv nf' "
         "followed by the vertices and the facets");
}

/// (b) Counted sections: "nv nf" (or "nv", then "nf" after the vertices), the vertices, the facets.
void parse_counted(std::string_view text, const std::string& path, Collected& out) {
  data_file::Lines lines(text);
  std::string_view row;
  std::vector<std::string_view> f;
  const auto next = [&]() {
    while (lines.next(row)) {
      split(row, f);
      if (!comment_or_blank(f)) return true;
    }
    return false;
  };
  // The first line was recognised as one or two whole numbers by the caller.
  next();
  const int header = lines.number();
  const auto count = [&](std::string_view token, const char* field, int line, std::size_t least_bytes) {
    long long n = 0;
    if (!whole_number(token, n) || n < 0) fail(path, line, field, shown(token), "must be a whole number >= 0");
    // Each line holds at least least_bytes: a count the file cannot hold is refused before anything is sized by it.
    if (static_cast<unsigned long long>(n) > text.size() / least_bytes)
      fail(path, line, field, std::to_string(n),
           "is more than the file's " + std::to_string(text.size()) + " bytes can hold (" +
               std::to_string(least_bytes) + " bytes a line at least): the header is wrong or the file truncated");
    return static_cast<std::size_t>(n);
  };
  if (f.size() > 2)
    fail(path, header, "header", std::to_string(f.size()) + " fields", "must be 'nv nf' or 'nv' (whole numbers)");
  const std::size_t nv = count(f[0], "header nv (vertices)", header, 6);
  std::optional<std::size_t> nf;
  if (f.size() == 2) nf = count(f[1], "header nf (facets)", header, 6);
  out.vertices.reserve(nv);
  for (std::size_t k = 0; k < nv; ++k) {
    if (!next())
      fail(path, 0, "vertices", std::to_string(k),
           "the file ends before the " + std::to_string(nv) + " vertices its header (line " + std::to_string(header) +
               ") declares");
    const int line = lines.number();
    if (f.size() != 3 && f.size() != 4)
      fail(path, line, "vertex", std::to_string(f.size()) + " fields",
           "needs 'x y z' or 'k x y z' (vertex " + std::to_string(k + 1) + " of " + std::to_string(nv) + ")");
    const std::size_t o = f.size() - 3;
    if (o == 1) {
      long long i = 0;
      if (!whole_number(f[0], i) || i != static_cast<long long>(k + 1))
        fail(path, line, "vertex number", shown(f[0]),
             "must be " + std::to_string(k + 1) + ", the vertex's place in the list");
    }
    out.vertices.emplace_back(coordinate(path, line, "x", f[o]), coordinate(path, line, "y", f[o + 1]),
                              coordinate(path, line, "z", f[o + 2]));
  }
  if (!nf) {
    if (!next())
      fail(path, 0, "nf (facets)", "(absent)",
           "the file ends after the vertices: the facet count 'nf' must follow them");
    if (f.size() != 1)
      fail(path, lines.number(), "nf (facets)", std::to_string(f.size()) + " fields", "must be one whole number");
    nf = count(f[0], "nf (facets)", lines.number(), 6);
  }
  out.facets.reserve(*nf);
  out.lines.reserve(*nf);
  for (std::size_t k = 0; k < *nf; ++k) {
    if (!next())
      fail(path, 0, "facets", std::to_string(k),
           "the file ends before the " + std::to_string(*nf) + " facets it declares");
    const int line = lines.number();
    if (f.size() != 3 && f.size() != 4)
      fail(path, line, "facet", std::to_string(f.size()) + " fields",
           "needs 'i j k' or 'k i j k' (facet " + std::to_string(k + 1) + " of " + std::to_string(*nf) + ")");
    const std::size_t o = f.size() - 3;
    if (o == 1) {
      long long i = 0;
      if (!whole_number(f[0], i) || i != static_cast<long long>(k + 1))
        fail(path, line, "facet number", shown(f[0]),
             "must be " + std::to_string(k + 1) + ", the facet's place in the list");
    }
    out.facets.push_back({vertex_index(path, line, f[o], nv, false), vertex_index(path, line, f[o + 1], nv, false),
                          vertex_index(path, line, f[o + 2], nv, false)});
    out.lines.push_back(line);
  }
  if (next())
    fail(path, lines.number(), "line", "(not shown)",
         "follows the " + std::to_string(nv) + " vertices and " + std::to_string(*nf) +
             " facets the file declares: the header's counts are wrong");
}

}  // namespace

PolyhedronShape parse_polyhedron_shape(std::string_view text, const std::string& path, double length_unit) {
  if (!(length_unit > 0.0) || !std::isfinite(length_unit))
    throw ConfigurationError(owner_of(path), "length_unit [m]", validation::to_text(length_unit),
                             "must be positive and finite (the metres of one unit of the file)");
  // The first line that is neither blank nor a comment decides the format: whole numbers only
  // are the counted format's header (b; "nv nf" or "nv"), anything else the keyword lines (a).
  bool counted = false;
  {
    data_file::Lines scan(text);
    std::string_view row;
    std::vector<std::string_view> f;
    while (scan.next(row)) {
      split(row, f);
      if (comment_or_blank(f)) continue;
      long long n = 0;
      counted = std::all_of(f.begin(), f.end(), [&](std::string_view t) { return whole_number(t, n); });
      break;
    }
    if (f.empty() || comment_or_blank(f))
      fail(path, 0, "content", "(empty file)", "the file holds no vertex and no facet");
  }
  Collected c;
  if (counted)
    parse_counted(text, path, c);
  else
    parse_keyword_lines(text, path, c);
  PolyhedronShape s;
  s.source = path;
  s.vertices = std::move(c.vertices);
  for (Eigen::Vector3d& v : s.vertices) {
    v *= length_unit;
    if (!v.allFinite())
      throw ConfigurationError(owner_of(path), "length_unit [m]", validation::to_text(length_unit),
                               "makes a vertex infinite (" + validation::to_text(v) + ")");
  }
  s.facets = std::move(c.facets);
  check_shape(s, Namer{owner_of(path), &c.lines});
  return s;
}

PolyhedronShape read_polyhedron_shape(const std::string& path, double length_unit) {
  return parse_polyhedron_shape(data_file::read(path, owner_of(path), "path", kShapeFileMaxBytes), path, length_unit);
}

// ---- the model -----------------------------------------------------------------------------------

PolyhedralGravity::PolyhedralGravity(PolyhedralGravityConfig config) : rotation_(std::move(config.rotation)) {
  const std::string owner = config.shape.source.empty() ? std::string("polyhedral_gravity")
                                                        : "polyhedral_gravity '" + config.shape.source + "'";
  if (config.density.has_value() == config.mu.has_value())
    throw ConfigurationError(owner, "density/mu", config.density ? "both" : "neither",
                             "give exactly one: the density ρ [kg/m^3] or the body's GM μ [m^3/s^2]");
  if (config.density) validation::require_positive(owner, "density [kg/m^3]", *config.density);
  if (config.mu) validation::require_positive(owner, "mu [m^3/s^2]", *config.mu);
  if (!std::isfinite(config.density.value_or(config.mu.value_or(0.0))))
    throw ConfigurationError(owner, config.density ? "density [kg/m^3]" : "mu [m^3/s^2]", "inf", "must be finite");
  if (!rotation_ && !config.fixed_in_N)
    throw ConfigurationError(owner, "rotation", "null",
                             "the body frame P needs its BodyRotation (set fixed_in_N for a field fixed in N)");
  PolyhedronShape& s = config.shape;
  const std::vector<DirectedEdge> directed = check_shape(s, Namer{owner, nullptr});

  // Volume (eq. 9): a consistently inward-facing surface is turned (every facet reversed).
  auto [V, centroid] = volume_and_moment(s);
  Eigen::Vector3d lo = s.vertices.front(), hi = lo;
  for (const Eigen::Vector3d& v : s.vertices) lo = lo.cwiseMin(v), hi = hi.cwiseMax(v);
  const double diagonal = (hi - lo).norm();
  if (!(std::abs(V) > kFlat * diagonal * diagonal * diagonal))
    throw ConfigurationError(owner, "shape", "volume " + validation::to_text(V) + " m^3",
                             "the closed surface encloses no volume (flat to round-off)");
  reversed_ = V < 0.0;
  volume_ = std::abs(V);
  centroid_ = centroid;
  G_rho_ = config.density ? kG * *config.density : *config.mu / volume_;  // eq. (10)
  if (!(G_rho_ > 0.0) || !std::isfinite(G_rho_) || !std::isfinite(G_rho_ * volume_))
    throw ConfigurationError(owner, config.density ? "density [kg/m^3]" : "mu [m^3/s^2]",
                             validation::to_text(config.density ? *config.density : *config.mu),
                             "gives G ρ = " + validation::to_text(G_rho_) + " with the volume " +
                                 validation::to_text(volume_) + " m^3: not a finite positive number");

  vertices_ = std::move(s.vertices);
  faces_.reserve(s.facets.size());
  for (const auto& t : s.facets) {
    Face f{static_cast<std::uint32_t>(t[0]), static_cast<std::uint32_t>(reversed_ ? t[2] : t[1]),
           static_cast<std::uint32_t>(reversed_ ? t[1] : t[2]), Eigen::Vector3d::Zero()};
    const Eigen::Vector3d &p = vertices_[f.i], &q = vertices_[f.j], &r = vertices_[f.k];
    f.n = (q - p).cross(r - p).normalized();  // eq. (4)
    faces_.push_back(f);
  }
  // Each undirected edge once, from its directed edge a → b with a < b: facet A runs a → b, facet
  // B runs b → a (reversed when the surface was: then A runs b → a). Eq. (3).
  edges_.reserve(directed.size() / 2);
  for (const DirectedEdge& d : directed) {
    if (d.a > d.b) continue;
    const auto reverse = std::lower_bound(directed.begin(), directed.end(), DirectedEdge{d.b, d.a, 0});
    const Eigen::Vector3d &pa = vertices_[d.a], &pb = vertices_[d.b];
    const Eigen::Vector3d& nA = faces_[d.f].n;
    const Eigen::Vector3d& nB = faces_[reverse->f].n;
    // The edge's outward normal in each facet's plane: (edge direction as the facet runs it) × n̂.
    const Eigen::Vector3d along_A = reversed_ ? Eigen::Vector3d(pa - pb) : Eigen::Vector3d(pb - pa);
    const Eigen::Vector3d nA_edge = along_A.cross(nA).normalized();
    const Eigen::Vector3d nB_edge = (-along_A).cross(nB).normalized();
    Eigen::Matrix3d E = nA * nA_edge.transpose() + nB * nB_edge.transpose();
    E = 0.5 * (E + E.transpose());  // symmetric in exact arithmetic (§2); the rest is round-off
    edges_.push_back({static_cast<std::uint32_t>(d.a),
                      static_cast<std::uint32_t>(d.b),
                      (pb - pa).norm(),
                      {E(0, 0), E(1, 1), E(2, 2), E(0, 1), E(0, 2), E(1, 2)}});
  }
}

template <int Derivatives>
PolyhedralGravity::Sums PolyhedralGravity::sum(const Eigen::Vector3d& r_P) const {
  double edge_U = 0.0, face_U = 0.0, omega_sum = 0.0;
  Eigen::Vector3d edge_a = Eigen::Vector3d::Zero(), face_a = Eigen::Vector3d::Zero();
  Eigen::Matrix3d edge_G = Eigen::Matrix3d::Zero(), face_G = Eigen::Matrix3d::Zero();
  for (const Edge& e : edges_) {
    const Eigen::Vector3d ra = vertices_[e.a] - r_P;  // r_e: from the field point to a point of the edge
    const double a = ra.norm(), b = (vertices_[e.b] - r_P).norm();
    const double sum_ab = a + b;
    const double below = std::max(sum_ab - e.length, kEdgeFloor * (sum_ab + e.length));
    const double L = std::log1p(2.0 * e.length / below);  // eq. (2): ln((a + b + e)/(a + b − e))
    const std::array<double, 6>& E = e.E;
    const Eigen::Vector3d Er(E[0] * ra.x() + E[3] * ra.y() + E[4] * ra.z(),
                             E[3] * ra.x() + E[1] * ra.y() + E[5] * ra.z(),
                             E[4] * ra.x() + E[5] * ra.y() + E[2] * ra.z());
    edge_U += L * ra.dot(Er);
    if constexpr (Derivatives >= 1) edge_a += L * Er;
    if constexpr (Derivatives >= 2) {
      edge_G(0, 0) += L * E[0];
      edge_G(1, 1) += L * E[1];
      edge_G(2, 2) += L * E[2];
      edge_G(0, 1) += L * E[3];
      edge_G(0, 2) += L * E[4];
      edge_G(1, 2) += L * E[5];
    }
  }
  for (const Face& f : faces_) {
    const Eigen::Vector3d r1 = vertices_[f.i] - r_P, r2 = vertices_[f.j] - r_P, r3 = vertices_[f.k] - r_P;
    const double n1 = r1.norm(), n2 = r2.norm(), n3 = r3.norm();
    const double triple = r1.dot(r2.cross(r3));
    const double below = n1 * n2 * n3 + n1 * r2.dot(r3) + n2 * r3.dot(r1) + n3 * r1.dot(r2);
    // eq. (7); on the facet's plane (to round-off) its own solid angle is 0 outside the triangle,
    // ±2π inside it and ±π on its edges: the mean 0 is taken, so that the sum is 2π on a facet.
    const double omega = std::abs(triple) <= kOnPlane * n1 * n2 * n3 ? 0.0 : 2.0 * std::atan2(triple, below);
    const double height = f.n.dot(r1);  // n̂_f · r_f: F_f r_f = n̂_f (n̂_f · r_f)
    omega_sum += omega;
    face_U += omega * height * height;
    if constexpr (Derivatives >= 1) face_a += (omega * height) * f.n;
    if constexpr (Derivatives >= 2) face_G.noalias() += omega * (f.n * f.n.transpose());
  }
  Sums s;
  s.omega = omega_sum;
  s.U = -0.5 * G_rho_ * (edge_U - face_U);                             // eq. (1)
  if constexpr (Derivatives >= 1) s.a_P = G_rho_ * (face_a - edge_a);  // eq. (5)
  if constexpr (Derivatives >= 2) {
    edge_G(1, 0) = edge_G(0, 1);
    edge_G(2, 0) = edge_G(0, 2);
    edge_G(2, 1) = edge_G(1, 2);
    s.G_P = G_rho_ * (edge_G - face_G);  // eq. (6)
  }
  return s;
}

Eigen::Vector3d PolyhedralGravity::acceleration_P(const Eigen::Vector3d& r_P) const { return sum<1>(r_P).a_P; }

double PolyhedralGravity::potential_P(const Eigen::Vector3d& r_P) const { return sum<0>(r_P).U; }

Eigen::Matrix3d PolyhedralGravity::gradient_P(const Eigen::Vector3d& r_P) const { return sum<2>(r_P).G_P; }

double PolyhedralGravity::laplacian_factor(const Eigen::Vector3d& r_P) const { return sum<0>(r_P).omega; }

Eigen::Matrix3d PolyhedralGravity::dcm_PN(double t) const {
  return rotation_ ? rotation_->dcm_PN(t) : Eigen::Matrix3d::Identity();
}

Eigen::Vector3d PolyhedralGravity::acceleration_N(const Eigen::Vector3d& r_PN_N, double t) const {
  const Eigen::Matrix3d dcm = dcm_PN(t);
  return dcm.transpose() * acceleration_P(dcm * r_PN_N);  // eq. (8)
}

double PolyhedralGravity::potential(const Eigen::Vector3d& r_PN_N, double t) const {
  return potential_P(dcm_PN(t) * r_PN_N);
}

Eigen::Matrix3d PolyhedralGravity::gradient_N(const Eigen::Vector3d& r_PN_N, double t) const {
  const Eigen::Matrix3d dcm = dcm_PN(t);
  return dcm.transpose() * gradient_P(dcm * r_PN_N) * dcm;  // eq. (8)
}

GravityAndGradient PolyhedralGravity::acceleration_and_gradient_N(const Eigen::Vector3d& r_PN_N, double t) const {
  const Eigen::Matrix3d dcm = dcm_PN(t);
  const Sums s = sum<2>(dcm * r_PN_N);
  return {dcm.transpose() * s.a_P, dcm.transpose() * s.G_P * dcm};  // eq. (8)
}

}  // namespace ramus
