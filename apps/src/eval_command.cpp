#include "eval_command.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "file_identity.hpp"
#include "input_files.hpp"
#include "number_text.hpp"
#include "options.hpp"
#include "output_file.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/scenario/eval_environment.hpp"
#include "ramus/scenario/registry.hpp"
#include "run_record.hpp"
#include "text_escape.hpp"

namespace ramus::app {
namespace {

using scenario::EnvironmentTerm;

const char* const kTerms[] = {"gravity", "field", "shadow", "density", "srp"};
constexpr EnvironmentTerm kTermValues[] = {EnvironmentTerm::gravity, EnvironmentTerm::field, EnvironmentTerm::shadow,
                                           EnvironmentTerm::density, EnvironmentTerm::srp};

/// What each term writes after t and r_N (docs/scenario.md §9), for `ramus eval TERM --help`.
const char* term_help(EnvironmentTerm term) {
  switch (term) {
    case EnvironmentTerm::gravity:
      return "gravity: the \"gravity\" section's field (third bodies included; without --scenario the Earth's\n"
             "  point mass, preset \"earth\"): U [J/kg] (a = -grad U), a_N [m/s^2] and with --gradient the\n"
             "  gradient tensor G_N = da_N/dr_N [1/s^2], N components, by rows (G_N_xy = da_x/dy)\n";
    case EnvironmentTerm::field:
      return "field: the environment's magnetic_field: B_N [T] in N components and B_P [T] in the body-fixed\n"
             "  frame P (P = N without a rotation)\n";
    case EnvironmentTerm::shadow:
      return "shadow: nu [1], the visible fraction of the Sun's disc with the environment's shadow model and\n"
             "  the radius of its shape (1 in sunlight, 0 in the umbra): the solar radiation pressure's factor\n";
    case EnvironmentTerm::density:
      return "density: the altitude h [m] above the environment's shape (in P, as the drag model measures it)\n"
             "  and the atmosphere's density rho [kg/m^3] there (without --scenario: Vallado's table)\n";
    case EnvironmentTerm::srp:
      return "srp: what the solar radiation pressure model uses: nu [1], the distance to the Sun d_sun [m],\n"
             "  the unit vector to the Sun s_N [1] (N components), the pressure P_srp = P0 (1 au/d)^2 nu\n"
             "  [N/m^2] (P0: --pressure_1au, default 4.56e-6 N/m^2) and the same as a flux, P_srp c [W/m^2]\n";
  }
  return "";
}

std::string eval_help(std::optional<EnvironmentTerm> term) {
  std::string text = "usage:" + eval_usage().substr(std::string_view("      ").size());
  text +=
      "  --scenario FILE.json  the environment and gravity sections of a scenario file (its epoch, central\n"
      "                        body, rotation, shape, shadow, atmosphere, magnetic field, ephemerides);\n"
      "                        without it their defaults\n"
      "  --position x,y,z      the point r_N [m], relative to the central body's centre, N components\n"
      "  --time T              [s] run time (from the scenario's epoch) of --position; default 0\n"
      "  --points FILE.csv     points, one per row: a header line naming the columns t, x, y, z (any\n"
      "                        order; \"t[s]\", \"x[m]\" too), then t [s] and r_N [m]; '#' lines are comments\n"
      "  --output FILE.csv|-   the CSV (default standard output); written whole or not at all\n"
      "The CSV: '#' lines (version, term, scenario), a header naming each column with its frame and unit,\n"
      "t[s],r_N_x[m],r_N_y[m],r_N_z[m] then the term's columns, one row per point, '# end: complete, N rows'.\n";
  if (term) return text + term_help(*term);
  for (const EnvironmentTerm t : kTermValues) text += term_help(t);
  return text;
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

/// A finite number, spaces around it allowed; none otherwise.
std::optional<double> finite_number(std::string_view text) {
  text = trimmed(text);
  double value = 0.0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
    return std::nullopt;
  return value;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t at = text.find(separator, start);
    parts.push_back(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (at == std::string_view::npos) return parts;
    start = at + 1;
  }
}

struct Point {
  double t = 0.0;                                 ///< [s]
  Eigen::Vector3d r_N = Eigen::Vector3d::Zero();  ///< [m]
  std::string where;                              ///< "--position", "FILE line 4"
};

struct EvalOptions {
  EnvironmentTerm term = EnvironmentTerm::gravity;
  std::optional<std::string> scenario, points, output;
  std::optional<Eigen::Vector3d> position;
  std::optional<double> time, pressure_1au;
  bool gradient = false;
  bool help = false;
};

EnvironmentTerm term_named(const std::string& name) {
  for (std::size_t i = 0; i < std::size(kTerms); ++i)
    if (name == kTerms[i]) return kTermValues[i];
  std::string message = "eval: unknown term '" + name + "' (gravity, field, shadow, density, srp)";
  const std::string near = scenario::did_you_mean(name, std::vector<std::string>(std::begin(kTerms), std::end(kTerms)));
  if (!near.empty()) message.append("; did you mean '").append(near).append("'?");
  throw UsageError{message};
}

EvalOptions parse(const std::vector<std::string>& args) {
  EvalOptions o;
  if (args.empty()) throw UsageError{"eval needs a term: gravity, field, shadow, density or srp"};
  if (args[0] == "--help" || args[0] == "-h") {
    o.help = true;
    return o;
  }
  if (!args[0].empty() && args[0][0] == '-')
    throw UsageError{"eval needs a term before its options (gravity, field, shadow, density, srp), got '" + args[0] +
                     "'"};
  o.term = term_named(args[0]);
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      o.help = true;
      return o;
    }
    const auto value = [&]() -> const std::string& {
      if (i + 1 >= args.size()) throw UsageError{a + " needs a value"};
      return args[++i];
    };
    const auto once = [&](bool given) {
      if (given) throw UsageError{a + " is given twice"};
    };
    if (a == "--scenario") {
      once(o.scenario.has_value());
      o.scenario = value();
    } else if (a == "--points") {
      once(o.points.has_value());
      o.points = value();
    } else if (a == "--output" || a == "-o") {
      once(o.output.has_value());
      o.output = value();
    } else if (a == "--position") {
      once(o.position.has_value());
      const std::string& text = value();
      const std::vector<std::string_view> parts = split(text, ',');
      Eigen::Vector3d r = Eigen::Vector3d::Zero();
      bool good = parts.size() == 3;
      for (std::size_t k = 0; good && k < 3; ++k) {
        const std::optional<double> x = finite_number(parts[k]);
        good = x.has_value();
        if (good) r[static_cast<Eigen::Index>(k)] = *x;
      }
      if (!good) throw UsageError{"--position needs x,y,z: three finite numbers [m], got '" + text + "'"};
      o.position = r;
    } else if (a == "--time") {
      once(o.time.has_value());
      const std::string& text = value();
      o.time = finite_number(text);
      if (!o.time) throw UsageError{"--time needs a finite time in seconds, got '" + text + "'"};
    } else if (a == "--pressure_1au") {
      once(o.pressure_1au.has_value());
      const std::string& text = value();
      o.pressure_1au = finite_number(text);
      if (!o.pressure_1au || !(*o.pressure_1au > 0.0))
        throw UsageError{"--pressure_1au needs a pressure > 0 [N/m^2], got '" + text + "'"};
    } else if (a == "--gradient") {
      o.gradient = true;
    } else if (!a.empty() && a[0] == '-') {
      throw UsageError{"unknown option '" + a + "' for 'eval " + args[0] + "'"};
    } else {
      throw UsageError{"eval " + args[0] + " takes no argument '" + a + "' (points: --position or --points)"};
    }
  }
  if (o.position.has_value() == o.points.has_value())
    throw UsageError{"eval " + args[0] + " needs one of --position x,y,z (with --time T) and --points FILE.csv"};
  if (o.points && o.time)
    throw UsageError{"--time is for --position: the rows of --points give their own times (column t)"};
  if (o.gradient && o.term != EnvironmentTerm::gravity)
    throw UsageError{"--gradient is for 'eval gravity', not 'eval " + args[0] + "'"};
  if (o.pressure_1au && o.term != EnvironmentTerm::srp)
    throw UsageError{"--pressure_1au is for 'eval srp', not 'eval " + args[0] + "'"};
  return o;
}

/// The rows of a points file: a header naming t, x, y, z (each once, any order, optionally with
/// their units "[s]", "[m]"), then numbers; '#' lines and blank lines are skipped.
std::vector<Point> read_points(const std::string& path) {
  const std::string bytes = read_input(path, "points");
  const std::string file = "--points " + escaped_text(path);
  std::vector<Point> points;
  std::optional<std::array<std::size_t, 4>> index;  // the columns of t, x, y, z
  std::size_t columns = 0, line_number = 0;
  for (const std::string_view raw : split(bytes, '\n')) {
    ++line_number;
    const std::string_view line = trimmed(raw);
    if (line.empty() || line.front() == '#') continue;
    const std::string at = file + ": line " + std::to_string(line_number);
    const std::vector<std::string_view> fields = split(line, ',');
    if (!index) {
      constexpr std::string_view names[] = {"t", "x", "y", "z"};
      constexpr std::string_view units[] = {"[s]", "[m]", "[m]", "[m]"};
      std::array<std::size_t, 4> found{};
      std::array<bool, 4> seen{};
      for (std::size_t c = 0; c < fields.size(); ++c) {
        const std::string_view name = trimmed(fields[c]);
        std::size_t k = 0;
        while (k < 4 && name != names[k] && name != std::string(names[k]) + std::string(units[k])) ++k;
        if (k == 4)
          throw InputError(at + ": the header's column '" + escaped_text(std::string(name)) +
                           "' is not one of t, x, y, z (the first line that is not a comment names the columns: "
                           "t [s], then r_N's x, y, z [m])");
        if (seen[k]) throw InputError(at + ": the header names column '" + std::string(names[k]) + "' twice");
        seen[k] = true;
        found[k] = c;
      }
      for (std::size_t k = 0; k < 4; ++k)
        if (!seen[k])
          throw InputError(at + ": the header has no column '" + std::string(names[k]) +
                           "' (it must name t, x, y, z: t [s], then r_N [m])");
      index = found;
      columns = fields.size();
      continue;
    }
    if (fields.size() != columns)
      throw InputError(at + ": " + std::to_string(fields.size()) + " values, the header names " +
                       std::to_string(columns) + " columns");
    Point p;
    p.where = "--points line " + std::to_string(line_number);
    constexpr const char* names[] = {"t", "x", "y", "z"};
    for (std::size_t k = 0; k < 4; ++k) {
      const std::string_view text = fields[(*index)[k]];
      const std::optional<double> v = finite_number(text);
      if (!v)
        throw InputError(at + ": column " + names[k] + ": '" + escaped_text(std::string(trimmed(text))) +
                         "' is not a finite number");
      if (k == 0)
        p.t = *v;
      else
        p.r_N[static_cast<Eigen::Index>(k - 1)] = *v;
    }
    points.push_back(std::move(p));
  }
  if (!index) throw InputError(file + ": no header line (t,x,y,z) and no points");
  if (points.empty()) throw InputError(file + ": a header and no points");
  return points;
}

std::vector<std::string> column_names(EnvironmentTerm term, bool gradient) {
  std::vector<std::string> c{"t[s]", "r_N_x[m]", "r_N_y[m]", "r_N_z[m]"};
  const auto vector = [&c](const std::string& name, const std::string& unit) {
    for (const char* axis : {"x", "y", "z"}) c.push_back(name + "_" + axis + "[" + unit + "]");
  };
  switch (term) {
    case EnvironmentTerm::gravity:
      c.push_back("U[J/kg]");
      vector("a_N", "m/s^2");
      if (gradient)
        for (const char* row : {"x", "y", "z"})
          for (const char* col : {"x", "y", "z"}) c.push_back(std::string("G_N_") + row + col + "[1/s^2]");
      break;
    case EnvironmentTerm::field:
      vector("B_N", "T");
      vector("B_P", "T");
      break;
    case EnvironmentTerm::shadow:
      c.push_back("nu[1]");
      break;
    case EnvironmentTerm::density:
      c.push_back("h[m]");
      c.push_back("rho[kg/m^3]");
      break;
    case EnvironmentTerm::srp:
      c.push_back("nu[1]");
      c.push_back("d_sun[m]");
      vector("s_N", "1");
      c.push_back("P_srp[N/m^2]");
      c.push_back("flux[W/m^2]");
      break;
  }
  return c;
}

/// The term's values at `p`, after t and r_N.
void values_at(const scenario::EnvironmentAtPoints& env, EnvironmentTerm term, bool gradient, const Point& p,
               std::vector<double>& row) {
  const auto vector = [&row](const Eigen::Vector3d& v) { row.insert(row.end(), v.data(), v.data() + 3); };
  switch (term) {
    case EnvironmentTerm::gravity: {
      const scenario::GravityAt g = env.gravity(p.r_N, p.t, gradient);
      row.push_back(g.potential);
      vector(g.a_N);
      if (gradient)
        for (Eigen::Index i = 0; i < 3; ++i)
          for (Eigen::Index j = 0; j < 3; ++j) row.push_back(g.G_N(i, j));
      return;
    }
    case EnvironmentTerm::field: {
      const scenario::FieldAt f = env.field(p.r_N, p.t);
      vector(f.B_N);
      vector(f.B_P);
      return;
    }
    case EnvironmentTerm::shadow:
      row.push_back(env.shadow(p.r_N, p.t));
      return;
    case EnvironmentTerm::density: {
      const scenario::DensityAt d = env.density(p.r_N, p.t);
      row.push_back(d.altitude);
      row.push_back(d.density);
      return;
    }
    case EnvironmentTerm::srp: {
      const scenario::SrpAt s = env.srp(p.r_N, p.t);
      row.push_back(s.nu);
      row.push_back(s.distance);
      vector(s.s_N);
      row.push_back(s.pressure);
      row.push_back(s.flux);
      return;
    }
  }
}

std::string point_text(const Point& p) {
  return p.where + " (t = " + number_text(p.t) + " s, r_N = [" + number_text(p.r_N.x()) + ", " +
         number_text(p.r_N.y()) + ", " + number_text(p.r_N.z()) + "] m)";
}

}  // namespace

int run_eval(const std::vector<std::string>& args) {
  const EvalOptions o = parse(args);
  if (o.help) {
    std::fputs(
        eval_help(args.empty() || args[0].starts_with("-") ? std::nullopt : std::optional<EnvironmentTerm>(o.term))
            .c_str(),
        stdout);
    return 0;
  }
  const std::string term(scenario::to_string(o.term));

  std::vector<Point> points;
  if (o.points)
    points = read_points(*o.points);
  else
    points.push_back({o.time.value_or(0.0), *o.position, "--position"});
  double t0 = points.front().t, t1 = t0;
  for (const Point& p : points) {
    t0 = std::min(t0, p.t);
    t1 = std::max(t1, p.t);
  }

  std::optional<std::string> bytes;
  if (o.scenario) bytes = read_input(*o.scenario, "scenario");
  const std::string name = o.scenario ? escaped_text(*o.scenario) : std::string("the defaults (no --scenario)");
  std::optional<scenario::EnvironmentAtPoints> env;
  try {
    // The scenario's data files relative to its own folder, as the loader reads them.
    env.emplace(bytes ? std::optional<std::string_view>(*bytes) : std::nullopt, t0, t1,
                o.scenario ? std::filesystem::path(*o.scenario).parent_path() : std::filesystem::path(),
                o.pressure_1au.value_or(4.56e-6));
    env->require(o.term);
  } catch (const scenario::ScenarioError& e) {
    throw InputError(name + ": " + e.what());
  } catch (const ConfigurationError& e) {
    throw InputError(name + ": " + e.what());
  }
  if (o.scenario) print_warnings(*o.scenario, env->warnings());

  // Before anything is written: the output is none of the inputs.
  if (o.output) {
    std::vector<NamedFile> inputs;
    if (o.scenario) inputs.push_back({"--scenario", *o.scenario});
    if (o.points) inputs.push_back({"--points", *o.points});
    for (const std::string& f : env->data_files()) inputs.push_back({"the data file " + escaped_text(f), f});
    require_distinct_files(inputs, {{"--output", *o.output}});
  }

  // Every row computed before any is written: a failure at a point writes nothing.
  const std::vector<std::string> columns = column_names(o.term, o.gradient);
  std::string text =
      "# ramus " RAMUS_VERSION "\n# eval: " + term + (o.gradient ? " --gradient" : "") + "\n# scenario: " + name + "\n";
  for (std::size_t c = 0; c < columns.size(); ++c) text += (c == 0 ? "" : ",") + columns[c];
  text += '\n';
  std::vector<double> row;
  for (const Point& p : points) {
    row.assign({p.t, p.r_N.x(), p.r_N.y(), p.r_N.z()});
    try {
      values_at(*env, o.term, o.gradient, p, row);
    } catch (const Error& e) {
      std::string reason = e.what();
      if (reason.starts_with("propagation: ")) reason.erase(0, std::string_view("propagation: ").size());
      throw std::runtime_error("eval " + term + ": " + point_text(p) + ": " + reason);
    }
    for (std::size_t c = 4; c < row.size(); ++c)
      if (!std::isfinite(row[c]))
        throw std::runtime_error("eval " + term + ": " + point_text(p) + ": " + columns[c] + " is " +
                                 number_text(row[c]) + " there (the model is singular at that point)");
    for (std::size_t c = 0; c < row.size(); ++c) (text += c == 0 ? "" : ",") += number_text(row[c]);
    text += '\n';
  }
  text += "# end: complete, " + std::to_string(points.size()) + " rows\n";

  OutputFile out = o.output ? OutputFile(*o.output) : OutputFile();
  out << text;
  out.commit();
  return 0;
}

}  // namespace ramus::app
