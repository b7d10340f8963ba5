// The command line of `ramus` (docs/scenario.md §5–§6): a command, a scenario file, options.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ramus::app {

enum class Command { run, check, describe, campaign, linearize, schema, fields, modal, eval, view, help, version };

struct Options {
  Command command = Command::help;
  std::string scenario;                     ///< the scenario file
  std::string type;                         ///< fields: the type to list (all when empty)
  std::string help_topic;                   ///< help: the command whose usage to print (all when empty)
  std::vector<std::string> modal;           ///< modal: the arguments after "modal" (modal_command.hpp)
  std::vector<std::string> eval;            ///< eval: the arguments after "eval" (eval_command.hpp)
  bool markdown = false;                    ///< fields --markdown: the field reference (docs/scenario_fields.md)
  std::optional<std::string> output;        ///< --output FILE.csv (standard output when absent)
  std::optional<std::string> plot_dir;      ///< --plot DIR
  std::optional<std::string> hdf5;          ///< --hdf5 FILE.h5: the logged quantities also as HDF5
  std::optional<std::string> events;        ///< --events FILE.csv: the event occurrences (default: beside --output)
  bool quiet = false;                       ///< --quiet: no progress bar
  std::optional<std::string> view;          ///< run --view / view --out FILE.html: the replay page (docs/viewer.md)
  std::optional<std::string> gltf;          ///< run / view --gltf FILE.gltf: the replay as glTF 2.0 (docs/viewer.md)
  std::optional<std::string> czml;          ///< run / view --czml FILE.czml: the replay as CZML (docs/viewer.md)
  std::optional<std::string> run_scenario;  ///< view RUN.csv --scenario FILE: the run's scenario (default: recorded)
  /// --csv-format annotated: run's files in the '#'-annotated form of 0.x (deprecated; default
  /// plain, with a companion FILE.csv-metadata.json: docs/scenario.md §5, The CSV).
  bool csv_annotated = false;
  // campaign
  std::string dispersions;      ///< --dispersions FILE.json
  std::uint64_t first_run = 0;  ///< --runs N (0), --runs a:b (a), --only RUN (RUN)
  std::uint64_t end_run = 0;    ///< one past the last run
  bool whole_campaign = false;  ///< --runs N: the summary is summary.csv
  unsigned threads = 0;         ///< --threads K (0: one per hardware thread)
  bool resume = false;          ///< --resume: skip the runs the directory's manifest has complete
  // linearize
  std::optional<double> at;  ///< --at T [s]: an output time of the scenario (default: its start)
  bool hill = false;         ///< --hill: translation relative to the orbit, in the Hill frame
  bool richardson = false;   ///< --richardson: Richardson-extrapolated differences
};

/// The most runs one `ramus campaign` invocation runs (a larger campaign is run in parts with
/// --runs FIRST:END): each run's result is held in memory until the summary is written.
inline constexpr std::uint64_t kMaxRunsPerInvocation = 1'000'000;

/// Parses argv[1..]; throws UsageError with a message for the user.
Options parse_options(const std::vector<std::string>& args);
/// The usage text.
std::string usage();
/// The usage lines of one command ("run", "campaign", …): its block of usage(), with the
/// "usage:" prefix; the whole of usage() for an empty or unknown command.
std::string usage(const std::string& command);
/// The usage lines of `ramus eval` (eval_command.hpp), part of usage().
std::string eval_usage();

struct UsageError {
  std::string message;
};

}  // namespace ramus::app
