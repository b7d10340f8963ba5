#include "options.hpp"

#include <algorithm>

#include "ramus/steppers/stepper_list.hpp"
#include "scenarios.hpp"

namespace ramus::bench {
namespace {

std::vector<std::string> split_commas(std::string_view text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    parts.emplace_back(text.substr(start, comma - start));
    if (comma == std::string_view::npos) return parts;
    start = comma + 1;
  }
}

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

/// A name that stands for several valid names.
struct Family {
  std::string name;
  std::vector<std::string> members;
};

/// The names of `text` (comma-separated, "all" for every one of `valid`, a family's name for its
/// members), checked against `valid`, duplicates dropped.
std::vector<std::string> select(std::string_view option, std::string_view text, const std::vector<std::string>& valid,
                                const std::vector<Family>& families = {}) {
  std::vector<std::string> chosen;
  const auto add_all = [&](const std::vector<std::string>& names) {
    for (const std::string& v : names)
      if (std::find(chosen.begin(), chosen.end(), v) == chosen.end()) chosen.push_back(v);
  };
  for (const std::string& name : split_commas(text)) {
    if (name == "all") {
      add_all(valid);
      continue;
    }
    const auto family = std::find_if(families.begin(), families.end(), [&](const Family& f) { return f.name == name; });
    if (family != families.end()) {
      add_all(family->members);
      continue;
    }
    if (std::find(valid.begin(), valid.end(), name) == valid.end()) {
      std::string names = "all";
      for (const Family& f : families) names += ", " + f.name;
      throw UsageError(std::string(option) + ": unknown name '" + name + "'; one of: " + names + ", " + joined(valid));
    }
    if (std::find(chosen.begin(), chosen.end(), name) == chosen.end()) chosen.push_back(name);
  }
  return chosen;
}

std::vector<std::string> scenario_names() {
  std::vector<std::string> names;
  for (const ScenarioEntry& e : scenario_list()) names.emplace_back(e.name);
  return names;
}

std::vector<Family> scenario_family_list() {
  std::vector<Family> families;
  for (const ScenarioFamily& f : scenario_families()) families.push_back({std::string(f.name), family_members(f)});
  return families;
}

std::vector<std::string> stepper_names() {
  std::vector<std::string> names;
  for (const StepperInfo& s : stepper_list()) names.emplace_back(s.name);
  return names;
}

}  // namespace

Options parse_options(std::span<const std::string_view> args) {
  Options o;
  for (std::size_t k = 0; k < args.size(); ++k) {
    std::string_view arg = args[k];
    // --option=value or --option value
    std::optional<std::string_view> inline_value;
    if (const std::size_t eq = arg.find('='); arg.starts_with("--") && eq != std::string_view::npos) {
      inline_value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
    }
    const auto value = [&]() -> std::string_view {
      if (inline_value) return *inline_value;
      if (k + 1 >= args.size() || args[k + 1].starts_with("--")) throw UsageError(std::string(arg) + " needs a value");
      return args[++k];
    };
    const auto flag = [&] {
      if (inline_value) throw UsageError(std::string(arg) + " takes no value");
      return true;
    };
    if (arg == "--help" || arg == "-h")
      o.help = flag();
    else if (arg == "--list")
      o.list = flag();
    else if (arg == "--quick")
      o.quick = flag();
    else if (arg == "--scenario")
      o.scenarios = select(arg, value(), scenario_names(), scenario_family_list());
    else if (arg == "--stepper")
      o.steppers = select(arg, value(), stepper_names());
    else if (arg == "--csv") {
      const std::string_view path = value();
      if (path.empty()) throw UsageError("--csv needs a file name");
      o.csv_path = std::string(path);
    } else if (arg == "--plot") {
      const std::string_view dir = value();
      if (dir.empty()) throw UsageError("--plot needs a directory");
      o.plot_dir = std::string(dir);
    } else if (arg == "--no-peer")
      o.no_peer = flag();
    else if (arg.starts_with("-"))
      throw UsageError("unknown option '" + std::string(args[k]) + "'");
    else
      throw UsageError("unexpected argument '" + std::string(arg) + "' (names follow --scenario or --stepper)");
  }
  if (o.scenarios.empty()) o.scenarios = {std::string(kDefaultScenario)};
  // By default the explicit steppers: an implicit one's Jacobian costs 2n + 2 evaluations per step,
  // which on these non-stiff scenarios only measures that cost (--stepper NAME asks for one).
  if (o.steppers.empty())
    for (const StepperInfo& s : stepper_list())
      if (!s.implicit) o.steppers.emplace_back(s.name);
  return o;
}

std::string usage() {
  return "usage: ramus-bench [--scenario NAMES] [--stepper NAMES] [--quick] [--csv FILE] [--plot DIR] [--no-peer]\n"
         "       ramus-bench --list | --help\n"
         "\n"
         "Compares the steppers of ramus on scenarios with an independent reference: error of the\n"
         "final state, observed order under step halving, steps, right-hand-side evaluations and\n"
         "wall time, heap allocations per step, the drivers' overhead over a hand-written RK4 loop and\n"
         "the long-run drift of conserved totals; when built with MuJoCo, the same models in MuJoCo\n"
         "side by side. Without options: scenario " +
         std::string(kDefaultScenario) +
         ", every stepper.\n"
         "\n"
         "  --scenario NAMES  comma-separated scenario names or family names (chainN), or 'all'\n"
         "  --stepper NAMES   comma-separated stepper names, or 'all' (default: the explicit ones);\n"
         "                    stiff_hinge compares its own (rosenbrock4, implicit_euler, rk_dopri5, rk_ck54)\n"
         "  --quick           3 step levels, 3 tolerances, 3 timed runs each (for CI)\n"
         "  --csv FILE        also write one row per scenario x stepper x step or tolerance\n"
         "  --plot DIR        write work-precision and cost-vs-N plots (PNG and SVG, gnuplot) to DIR\n"
         "  --no-peer         skip the MuJoCo comparison\n"
         "  --list            print the scenarios and steppers\n"
         "  --help, -h        print this text\n"
         "Exit codes: 0 success, 1 failure while running, 2 bad command line.\n";
}

std::string listing() {
  std::string s = "scenarios:\n";
  for (const ScenarioEntry& e : scenario_list()) {
    std::string name(e.name);
    name.resize(std::max<std::size_t>(name.size() + 1, 17), ' ');
    s += "  " + name + std::string(e.description) + (e.name == kDefaultScenario ? " (default)" : "") + '\n';
  }
  s += "scenario families:\n";
  for (const ScenarioFamily& f : scenario_families()) {
    std::string name(f.name);
    name.resize(std::max<std::size_t>(name.size() + 1, 17), ' ');
    s += "  " + name + std::string(f.description) + '\n';
  }
  s += "steppers:\n";
  for (const StepperInfo& i : stepper_list()) {
    std::string name(i.name);
    name.resize(std::max<std::size_t>(name.size() + 1, 17), ' ');
    const std::string order = i.order > 0 ? "order " + std::to_string(i.order) : "variable order";
    s += "  " + name + (i.adaptive ? "adaptive, " : "fixed step, ") + order + ": " + std::string(i.description) + '\n';
  }
  return s;
}

}  // namespace ramus::bench
