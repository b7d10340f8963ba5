#include "options.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iterator>

#include "ramus/scenario/registry.hpp"

namespace ramus::app {

namespace {

/// The usage lines of `ramus modal` (modal_command.hpp).
std::string modal_usage() {
  return "       ramus modal beam --length L --EI_y EI --EI_z EI --GJ GJ --EA EA --rhoA RHOA --elements E --modes N\n"
         "                      [--rhoJ RHOJ] [--kGA_y N] [--kGA_z N] [--rhoI_y RHOI] [--rhoI_z RHOI] [--zeta Z]\n"
         "                      [--r_RF_F V] [--dcm_BF M] --output FILE.json|FILE.h5|-\n"
         "                      the modal file of a uniform clamped beam (values: \"4\", \"4 m\" or JSON)\n"
         "       ramus modal panel --length L --width W --longerons N --ribs N --elements_per_bay E --modes N\n"
         "                      --longeron SECTION --rib SECTION [--zeta Z] [--r_RF_F V] [--dcm_BF M]\n"
         "                      --output FILE.json|FILE.h5|-\n"
         "                      the modal file of a flat panel of beams clamped along its root edge (SECTION: JSON,\n"
         "                      {\"EI_y\": ..., \"EI_z\": ..., \"GJ\": ..., \"EA\": ..., \"rhoA\": ...})\n"
         "       ramus modal import FE.json --output FILE.json|FILE.h5|-\n"
         "                      the Craig-Bampton reduction of a finite-element model (Matrix Market M, K)\n"
         "       ramus modal show FILE          a modal file's provenance, rigid body and modes (JSON or HDF5)\n"
         "       ramus modal convert IN OUT     a modal file in the other container: HDF5 when OUT ends in\n"
         "                      .h5 or .hdf5, else JSON\n";
}

}  // namespace

std::string eval_usage() {
  return "       ramus eval gravity|field|shadow|density|srp (--position x,y,z [--time T] | --points FILE.csv)\n"
         "                      [--scenario SCENARIO.json] [--gradient] [--pressure_1au P] [--output FILE.csv|-]\n"
         "                      an environment term at points (N components, SI units): gravity's potential,\n"
         "                      acceleration and gradient, the magnetic field, the shadow, the density, the\n"
         "                      solar radiation pressure (ramus eval TERM --help)\n";
}

std::string usage() {
  return "usage: ramus run SCENARIO.json [--output FILE.csv|-] [--events EVENTS.csv|-] [--hdf5 FILE.h5|-] [--quiet]\n"
         "                      [--plot DIR] [--csv-format plain|annotated]\n"
         "                      [--view FILE.html] [--gltf FILE.gltf] [--czml FILE.czml]\n"
         "       ramus view SCENARIO.json --out FILE.html [--gltf FILE.gltf] [--czml FILE.czml] [--quiet]\n"
         "                      run the scenario and write its 3-D replay, one offline page (docs/viewer.md)\n"
         "       ramus view RUN.csv --out FILE.html [--gltf FILE.gltf] [--czml FILE.czml] [--scenario SCENARIO.json]\n"
         "                      [--quiet]\n"
         "                      the replay of a recorded run (its plain CSV and companion, every state block logged)\n"
         "       ramus check SCENARIO.json      validate the scenario without running it\n"
         "       ramus describe SCENARIO.json   print the state layout, the actuator channels and the effector tree\n"
         "       ramus campaign SCENARIO.json --dispersions DISPERSIONS.json --output DIR\n"
         "                      (--runs N | --runs FIRST:END | --only RUN) [--threads K] [--resume] [--quiet]\n"
         "       ramus linearize SCENARIO.json --output DIR [--at T] [--hill] [--richardson] [--quiet]\n"
         "                      the linear model (A, B) at the start or at output time T, and its modes\n"
         "       ramus schema                   print the JSON schema of scenario files (docs/scenario.schema.json)\n"
         "       ramus fields [TYPE] [--markdown]\n"
         "                      the registered types, or the fields of TYPE (key, unit, default, range, doc);\n"
         "                      --markdown: the field reference (docs/scenario_fields.md)\n" +
         modal_usage() + eval_usage() + "       ramus --version | --help\n";
}

std::string usage(const std::string& command) {
  // A command's block: its "ramus <command> " line and the indented lines after it, up to the next
  // command's line (several blocks for modal and eval, which have sub-forms).
  const std::string all = usage(), head = "ramus " + command + " ";
  std::string out;
  bool inside = false;
  for (std::size_t start = 0; start < all.size();) {
    const std::size_t end = all.find('\n', start);
    const std::string line = all.substr(start, end - start + 1);
    start = end == std::string::npos ? all.size() : end + 1;
    const std::size_t ramus = line.find("ramus ");
    const bool command_line = ramus != std::string::npos && line.find_first_not_of(' ', line.find(' ') + 1) == ramus;
    if (command_line || line.starts_with("usage: ")) inside = line.compare(ramus, head.size(), head) == 0;
    if (inside) out += line;
  }
  if (command.empty() || out.empty()) return all;
  const std::size_t first = out.find("ramus ");
  return "usage: " + out.substr(first);
}

namespace {

/// The options each command takes, for the suggestion of an unknown one (did_you_mean).
const std::vector<std::string>& options_of(const std::string& command) {
  static const std::vector<std::pair<std::string, std::vector<std::string>>> table = {
      {"run",
       {"--output", "--events", "--hdf5", "--plot", "--csv-format", "--view", "--gltf", "--czml", "--quiet", "--help"}},
      {"view", {"--out", "--gltf", "--czml", "--scenario", "--quiet", "--help"}},
      {"campaign", {"--dispersions", "--output", "--runs", "--only", "--threads", "--resume", "--quiet", "--help"}},
      {"linearize", {"--output", "--at", "--hill", "--richardson", "--quiet", "--help"}},
      {"check", {"--help"}},
      {"describe", {"--help"}},
      {"fields", {"--markdown", "--help"}},
      {"schema", {"--help"}}};
  static const std::vector<std::string> none;
  for (const auto& [name, options] : table)
    if (name == command) return options;
  return none;
}

/// "unknown option 'x' for 'run'", with the nearest option the command takes.
UsageError unknown_option(const std::string& option, const std::string& command) {
  std::string message = "unknown option '" + option + "' for '" + command + "'";
  const std::string near = scenario::did_you_mean(option, options_of(command));
  if (!near.empty()) message.append("; did you mean '").append(near).append("'?");
  return UsageError{message + " (ramus " + command + " --help)"};
}

bool is_help(const std::string& a) { return a == "--help" || a == "-h"; }

/// A non-negative integer option value.
std::uint64_t count(const char* option, const std::string& text) {
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw UsageError{std::string(option) + " needs a non-negative integer, got '" + text + "'"};
  return value;
}

/// A finite time in seconds.
double seconds(const char* option, const std::string& text) {
  double value = 0.0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
    throw UsageError{std::string(option) + " needs a finite time in seconds, got '" + text + "'"};
  return value;
}

const char* const kCommands[] = {"run",    "check",  "describe", "campaign", "linearize",
                                 "schema", "fields", "modal",    "eval",     "view"};

std::string unknown_command(const std::string& command) {
  std::string message = "unknown command '" + command + "'";
  const std::string near =
      scenario::did_you_mean(command, std::vector<std::string>(std::begin(kCommands), std::end(kCommands)));
  if (!near.empty()) message.append("; did you mean '").append(near).append("'?");
  return message;
}

/// `ramus schema` (no arguments) and `ramus fields [TYPE] [--markdown]`.
Options registry_options(const std::string& command, const std::vector<std::string>& args) {
  Options o;
  o.command = command == "schema" ? Command::schema : Command::fields;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (o.command == Command::fields && a == "--markdown")
      o.markdown = true;
    else if (!a.empty() && a[0] == '-')
      throw unknown_option(a, command);
    else if (o.command == Command::fields && o.type.empty())
      o.type = a;
    else
      throw UsageError{"'" + command + "' takes no argument '" + a + "'"};
  }
  if (o.markdown && !o.type.empty()) throw UsageError{"fields --markdown lists every type: give no TYPE"};
  return o;
}

}  // namespace

Options parse_options(const std::vector<std::string>& args) {
  Options o;
  std::optional<std::string> runs, only;
  if (args.empty()) throw UsageError{"missing command"};
  const std::string& command = args[0];
  if (command == "--help" || command == "-h" || command == "help") {
    if (args.size() > 1) o.help_topic = args[1];  // ramus help run
    if (o.help_topic == "eval") {                 // eval's help is its own (the terms' outputs)
      o.command = Command::eval;
      o.eval = {"--help"};
    }
    return o;
  }
  // `ramus COMMAND --help`: that command's usage, whatever else is given (modal and eval: only as
  // their first argument, eval's terms have a help of their own).
  if (std::find(std::begin(kCommands), std::end(kCommands), command) != std::end(kCommands)) {
    const bool own_help = command == "eval";
    const bool asked = own_help ? false
                                : (command == "modal" ? args.size() > 1 && is_help(args[1])
                                                      : std::any_of(args.begin() + 1, args.end(), is_help));
    if (asked) {
      o.help_topic = command;
      return o;
    }
  }
  if (command == "--version") {
    o.command = Command::version;
    return o;
  }
  if (command == "run")
    o.command = Command::run;
  else if (command == "check")
    o.command = Command::check;
  else if (command == "describe")
    o.command = Command::describe;
  else if (command == "campaign")
    o.command = Command::campaign;
  else if (command == "linearize")
    o.command = Command::linearize;
  else if (command == "view")
    o.command = Command::view;
  else if (command == "schema" || command == "fields")
    return registry_options(command, args);
  else if (command == "modal") {
    o.command = Command::modal;
    o.modal.assign(args.begin() + 1, args.end());
    return o;
  } else if (command == "eval") {
    o.command = Command::eval;
    o.eval.assign(args.begin() + 1, args.end());
    return o;
  } else
    throw UsageError{unknown_command(command)};

  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    const auto value = [&](const char* option) {
      if (i + 1 >= args.size()) throw UsageError{std::string(option) + " needs a value"};
      return args[++i];
    };
    const bool run = o.command == Command::run, campaign = o.command == Command::campaign;
    const bool linearize = o.command == Command::linearize;
    const bool view = o.command == Command::view;
    if ((run || campaign || linearize) && (a == "--output" || a == "-o"))
      o.output = value("--output");
    else if (linearize && a == "--at")
      o.at = seconds("--at", value("--at"));
    else if (linearize && a == "--hill")
      o.hill = true;
    else if (linearize && a == "--richardson")
      o.richardson = true;
    else if (run && a == "--plot")
      o.plot_dir = value("--plot");
    else if (run && a == "--hdf5")
      o.hdf5 = value("--hdf5");
    else if (run && a == "--events")
      o.events = value("--events");
    else if (run && a == "--view")
      o.view = value("--view");
    else if (view && a == "--out")
      o.view = value("--out");
    else if ((run || view) && a == "--gltf")
      o.gltf = value("--gltf");
    else if ((run || view) && a == "--czml")
      o.czml = value("--czml");
    else if (view && (a == "--quiet" || a == "-q"))
      o.quiet = true;
    else if (view && a == "--scenario")
      o.run_scenario = value("--scenario");
    else if (run && a == "--csv-format") {
      const std::string format = value("--csv-format");
      if (format != "plain" && format != "annotated")
        throw UsageError{"--csv-format '" + format + "': expected plain or annotated (annotated is deprecated)"};
      o.csv_annotated = format == "annotated";
    } else if ((run || campaign || linearize) && (a == "--quiet" || a == "-q"))
      o.quiet = true;
    else if (campaign && a == "--dispersions")
      o.dispersions = value("--dispersions");
    else if (campaign && a == "--runs")
      runs = value("--runs");
    else if (campaign && a == "--only")
      only = value("--only");
    else if (campaign && a == "--resume")
      o.resume = true;
    else if (campaign && a == "--threads")
      o.threads = static_cast<unsigned>(count("--threads", value("--threads")));
    else if (!a.empty() && a[0] == '-')
      throw unknown_option(a, command);
    else if (o.scenario.empty())
      o.scenario = a;
    else
      throw UsageError{"more than one scenario file ('" + o.scenario + "', '" + a + "')"};
  }
  if (o.scenario.empty()) throw UsageError{"'" + command + "' needs a scenario file"};
  // "-" is standard output: one stream, for one file's text, never a directory.
  if ((o.command == Command::linearize || o.command == Command::campaign) && o.output && *o.output == "-")
    throw UsageError{"--output - (standard output) is for 'run'; '" + command +
                     "' writes a directory: give --output DIR"};
  if (o.plot_dir && *o.plot_dir == "-") throw UsageError{"--plot - : --plot writes a directory: give --plot DIR"};
  {
    int to_stdout = o.command == Command::run && !o.output ? 1 : 0;  // run's CSV goes there by default
    for (const auto* f : {&o.output, &o.events, &o.hdf5, &o.view, &o.gltf, &o.czml})
      to_stdout += *f && **f == "-" ? 1 : 0;
    if (to_stdout > 1)
      throw UsageError{"two outputs to standard output ('-'; run's CSV goes there without --output): give files"};
  }
  if (o.command == Command::linearize && !o.output) throw UsageError{"linearize needs --output DIR"};
  if (o.command == Command::view && !o.view) throw UsageError{"view needs --out FILE.html"};
  if (o.command == Command::campaign) {
    if (o.dispersions.empty()) throw UsageError{"campaign needs --dispersions FILE.json"};
    if (!o.output) throw UsageError{"campaign needs --output DIR"};
    if (runs.has_value() == only.has_value())
      throw UsageError{"campaign needs one of --runs N, --runs FIRST:END, --only RUN"};
    if (only) {
      o.first_run = count("--only", *only);
      if (o.first_run == UINT64_MAX) throw UsageError{"--only needs a run id below 2^64 - 1"};
      o.end_run = o.first_run + 1;
    } else if (const auto colon = runs->find(':'); colon == std::string::npos) {
      o.end_run = count("--runs", *runs);
      o.whole_campaign = true;
      if (o.end_run == 0) throw UsageError{"--runs N needs N >= 1"};
    } else {
      o.first_run = count("--runs", runs->substr(0, colon));
      o.end_run = count("--runs", runs->substr(colon + 1));
      if (o.end_run <= o.first_run) throw UsageError{"--runs FIRST:END needs FIRST < END (END is not run)"};
    }
    if (o.end_run - o.first_run > kMaxRunsPerInvocation)
      throw UsageError{"--runs asks for " + std::to_string(o.end_run - o.first_run) + " runs, more than the " +
                       std::to_string(kMaxRunsPerInvocation) +
                       " one invocation runs: run the campaign in parts with --runs FIRST:END and --resume"};
  }
  return o;
}

}  // namespace ramus::app
