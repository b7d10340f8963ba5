// ramus: runs, checks, describes and linearizes scenario files, runs Monte Carlo campaigns and
// evaluates the environment at points (docs/scenario.md §5–§6, §9). A thin client of the library and of
// ramus::scenario: every number it writes comes from them. Every file it writes is complete or absent
// (output_file.hpp), no output can be an input or another output (file_identity.hpp), and every error names its file.
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <new>
#include <optional>

#include "campaign_command.hpp"
#include "csv_output.hpp"
#include "csv_run.hpp"
#include "effector_tree.hpp"
#include "eval_command.hpp"
#include "file_identity.hpp"
#include "hdf5_output.hpp"
#include "input_files.hpp"
#include "linearize_command.hpp"
#include "modal_command.hpp"
#include "number_text.hpp"
#include "options.hpp"
#include "plots.hpp"
#include "progress_bar.hpp"
#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/registry.hpp"
#include "ramus/scenario/run_scenario.hpp"
#include "ramus/scenario/scenario.hpp"
#include "run_record.hpp"
#include "text_escape.hpp"
#include "view_command.hpp"

namespace ramus::app {
namespace {

int check(const Options& o) {
  const scenario::Scenario s = load_scenario_file(o.scenario, read_input(o.scenario, "scenario"));
  print_warnings(o.scenario, s.warnings);
  std::size_t effectors = 0;
  for (std::size_t i = 0; i < s.model->vehicle_count(); ++i) effectors += s.model->vehicle(i).state_effectors().size();
  std::cout << escaped_text(o.scenario) << ": OK: " << s.model->vehicle_count() << " vehicle(s), " << effectors
            << " state effector(s), state size " << s.model->layout().size() << ", " << s.output_times.size()
            << " output times from " << number_text(s.output_times.front()) << " to "
            << number_text(s.output_times.back()) << " s, stepper " << stepper_description(s.settings);
  if (!s.events.empty()) std::cout << ", " << s.events.size() << " event(s)";
  std::cout << '\n';
  return 0;
}

int describe(const Options& o) {
  const scenario::Scenario s = load_scenario_file(o.scenario, read_input(o.scenario, "scenario"));
  if (!s.description.empty()) std::cout << s.description << "\n\n";
  std::cout << "state layout\n"
            << s.model->layout().describe() << "\nactuator channels\n"
            << s.model->input_layout().describe(s.model->input_lower(), s.model->input_upper()) << "\neffector tree\n"
            << effector_tree(*s.model);
  if (const std::unique_ptr<FlightSoftware> software = scenario::make_flight_software(s)) {
    std::cout << "\nflight software (noise seed " << s.noise_seed.seed << ")\n";
    for (const auto& task : software->tasks()) {
      const TaskTiming& timing = task->timing();
      std::cout << "task '" << task->name() << "' on vehicle '" << task->vehicle() << "': period "
                << number_text(timing.period) << " s, offset " << number_text(timing.offset) << " s, delay "
                << timing.delay << "; writes";
      for (const std::string& channel : task->outputs()) std::cout << ' ' << channel;
      std::cout << '\n';
    }
    // The signals each task publishes (logged as <task>.<signal>), known once bound to the model.
    for (const scenario::FlightSoftwareTaskSpec& spec : s.flight_software) {
      std::cout << "task '" << spec.name << "' (" << spec.type << ") publishes";
      const char* separator = " ";
      for (const TaskSignal& signal : spec.signals) {
        std::cout << separator << spec.name << '.' << signal.name;
        if (signal.size > 1) std::cout << '[' << signal.size << ']';
        std::cout << ' ' << signal.unit;
        separator = ", ";
      }
      std::cout << '\n';
    }
  }
  if (!s.events.empty()) {
    std::cout << "\nevents\n";
    for (const scenario::EventSpec& e : s.events) std::cout << e.name << " (" << e.path << "): " << e.action << '\n';
  }
  std::cout << "\nlogged quantities:";
  for (const std::string& q : s.log) std::cout << ' ' << q;
  std::cout << '\n';
  return 0;
}

/// Where `run` writes the event occurrences: --events, else (when the scenario has events)
/// NAME.events.csv beside --output NAME.csv; none without either (the log lines only).
std::optional<std::string> events_path(const Options& o, const scenario::Scenario& s) {
  if (o.events) return o.events;
  if (s.events.empty() || !o.output || *o.output == "-") return std::nullopt;
  std::filesystem::path p(*o.output);
  const std::string stem = p.extension() == ".csv" ? p.stem().string() : p.filename().string();
  return (p.parent_path() / (stem + ".events.csv")).string();
}

int run(const Options& o) {
  if (o.hdf5 && !hdf5_available())
    throw std::runtime_error("--hdf5 " + escaped_text(*o.hdf5) +
                             ": this ramus was built without HDF5 (Debian: libhdf5-dev)");
  const std::string bytes = read_input(o.scenario, "scenario");
  const scenario::Scenario s = load_scenario_file(o.scenario, bytes);
  const scenario::QuantityLog log(s, s.log);

  // Before anything runs: no output may be the scenario or another output.
  // A file is plain with its companion beside it; standard output is the annotated console view
  // (docs/scenario.md §5, The CSV).
  const auto plain = [&](const std::optional<std::string>& f) { return f && *f != "-" && !o.csv_annotated; };
  std::vector<NamedFile> outputs;
  if (o.output) outputs.push_back({"--output", *o.output});
  if (plain(o.output)) outputs.push_back({"the companion of --output", companion_path(*o.output)});
  const std::optional<std::string> events_file = events_path(o, s);
  if (events_file) outputs.push_back({o.events ? "--events" : "the events (beside --output)", *events_file});
  if (plain(events_file)) outputs.push_back({"the companion of the events", companion_path(*events_file)});
  if (o.hdf5) outputs.push_back({"--hdf5", *o.hdf5});
  if (o.plot_dir)
    for (const std::string& name : plot_files(log.columns(), log.units()))
      outputs.push_back({"--plot (" + name + ")", (std::filesystem::path(*o.plot_dir) / name).string()});
  for (NamedFile& f : view_outputs(o)) outputs.push_back(std::move(f));
  require_distinct_files(run_inputs(o.scenario, s), outputs);
  require_czml_epoch(o, bytes);

  std::unique_ptr<OutputFile> out = o.output ? std::make_unique<OutputFile>(*o.output) : std::make_unique<OutputFile>();
  LoggedRun logged{log.columns(), log.units(), {}};
  ProgressBar progress(s.output_times.front(), s.output_times.back(), !o.quiet);
  print_warnings(o.scenario, s.warnings);
  const RunRecord run_info = run_record(o.scenario, bytes, s.settings, s.leap_seconds);
  const std::vector<std::string> record = record_lines(run_info);
  // The replay records the states of this run at its output times (docs/viewer.md).
  const std::unique_ptr<scenario::ReplayRecorder> replay =
      o.view || o.gltf || o.czml ? view_recorder(o, s, bytes) : nullptr;
  const CsvRun result = run_to_csv(
      s, log, record, *out, plain(o.output) ? CsvFormat::plain : CsvFormat::annotated,
      [&](double t) { progress.update(t); },
      [&](const std::vector<double>& row) {
        if (o.plot_dir || o.hdf5) logged.rows.push_back(row);
      },
      nullptr,
      [&](const Eigen::VectorXd& x, double t) {
        if (replay) replay->record(x, t);
      });
  // A plain file, then its companion (with the file's hash): a CSV without a matching companion
  // is not a ramus result (docs/scenario.md §5, The CSV).
  const auto commit_with_companion = [&](OutputFile& csv, const std::vector<CompanionColumn>& columns,
                                         const RunStatus& status) {
    csv.finish();
    OutputFile companion(companion_path(csv.path()));
    companion << companion_json(csv.path(), columns, run_info, status, csv.fnv1a64());
    companion.finish();
    csv.commit();
    companion.commit();
  };
  if (plain(o.output))
    commit_with_companion(*out, logged_columns(log.columns(), log.units()), result.status());
  else
    out->commit();
  if (events_file) {  // after the logged quantities: both files complete, or the events absent
    OutputFile events(*events_file);
    if (plain(events_file)) {
      write_events_csv(events, result.events);
      RunStatus status = result.status();
      status.rows = result.events.size();
      commit_with_companion(events, event_columns(), status);
    } else {
      write_events_csv(events, record, result.events, result.failure);
      events.commit();
    }
  }
  progress.finish();
  const PropagationStats& stats = result.stats;
  if (!o.quiet) {
    for (const EventRow& e : result.events)
      std::fprintf(stderr, "event '%s' at t = %s s (%s): %s\n", e.name.c_str(), number_text(e.t).c_str(),
                   e.rising ? "rising" : "falling", e.action.c_str());
  }
  if (!o.quiet && result.complete()) {
    const std::string occurrences =
        s.events.empty() ? std::string() : ", " + std::to_string(result.events.size()) + " event occurrence(s)";
    std::fprintf(stderr, "%llu steps, %llu rejected, %llu evaluations%s%s\n",
                 static_cast<unsigned long long>(stats.steps), static_cast<unsigned long long>(stats.rejected),
                 static_cast<unsigned long long>(stats.evaluations), occurrences.c_str(),
                 escaped_text(result.stop_note).c_str());
  }
  if (o.hdf5) write_hdf5(*o.hdf5, run_info, logged_columns(log.columns(), log.units()), logged.rows, result.status());
  if (o.plot_dir) {
    // Headings name the scenario by its file name: a path says where a file was, not what it is.
    const std::string title = std::filesystem::path(o.scenario).filename().string() +
                              (result.complete() ? "" : " (incomplete: the integration stopped)");
    const std::vector<std::string> files = write_plots(*o.plot_dir, title, logged);
    if (!o.quiet)
      std::fprintf(stderr, "%zu figures (PNG and SVG) in %s\n", files.size() / 2, escaped_text(*o.plot_dir).c_str());
  }
  if (replay) write_view_outputs(o, *replay, result.failure);
  if (!result.complete()) {
    std::fprintf(stderr, "ramus: %s: %s; the %zu rows computed were written, marked incomplete\n",
                 escaped_text(o.scenario).c_str(), escaped_text(result.failure).c_str(), result.rows);
    return 1;
  }
  return 0;
}

/// `ramus fields`: the registered types by category, or one type's fields, or the reference page.
int print_fields(const Options& o) {
  using namespace ramus::scenario;
  if (o.markdown) {
    std::fputs(fields_markdown().c_str(), stdout);
    return 0;
  }
  if (o.type.empty()) {
    for (const TypeInfo& t : registered_types())
      std::printf("%-20s %-32s %s\n", std::string(to_string(t.category)).c_str(), t.name.c_str(), t.doc.c_str());
    return 0;
  }
  const TypeInfo* type = find_type(o.type);
  if (type == nullptr) {
    std::vector<std::string> names;
    for (const TypeInfo& t : registered_types()) names.push_back(t.name);
    const std::string near = did_you_mean(o.type, names);
    std::fprintf(stderr, "ramus: fields: unknown type '%s'%s (ramus fields lists them)\n", escaped_text(o.type).c_str(),
                 near.empty() ? "" : ("; did you mean '" + near + "'?").c_str());
    return 2;
  }
  std::printf("%s (%s): %s\n%s\n", type->name.c_str(), std::string(to_string(type->category)).c_str(),
              type->doc.c_str(), type->page.c_str());
  for (const FieldInfo& f : type->fields) {
    std::string detail = f.required ? "required" : "default " + f.default_text;
    if (!f.part.empty()) detail += ", " + std::string(f.kind == "objects" ? "array of " : "") + f.part;
    std::printf("  %-24s %-10s %-28s %s\n", f.key.c_str(), f.unit == "1" ? "" : f.unit.c_str(), detail.c_str(),
                f.doc.c_str());
  }
  return 0;
}

}  // namespace
}  // namespace ramus::app

int main(int argc, char** argv) {
  using namespace ramus::app;
  // A size limit (ulimit -f) reached makes write() fail with EFBIG, reported like a full disk,
  // instead of killing the process.
  std::signal(SIGXFSZ, SIG_IGN);
  Options o;
  try {
    o = parse_options(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const UsageError& e) {  // the message, then the usage of the command given (all for none)
    std::fprintf(stderr, "ramus: %s\n%s", escaped_text(e.message).c_str(), usage(argc > 1 ? argv[1] : "").c_str());
    return 2;
  }
  try {
    switch (o.command) {
      case Command::help:
        std::fputs(usage(o.help_topic).c_str(), stdout);
        return 0;
      case Command::version:
        std::printf("ramus %s\n", RAMUS_VERSION);
        return 0;
      case Command::check:
        return check(o);
      case Command::describe:
        return describe(o);
      case Command::run:
        return run(o);
      case Command::campaign:
        return run_campaign(o, *make_process_group(argc, argv));
      case Command::linearize:
        return run_linearize(o);
      case Command::schema:
        std::fputs(ramus::scenario::scenario_schema().c_str(), stdout);
        return 0;
      case Command::fields:
        return print_fields(o);
      case Command::modal:
        return run_modal(o.modal);
      case Command::eval:
        return run_eval(o.eval);
      case Command::view:
        return run_view(o);
    }
  } catch (const UsageError& e) {  // a subcommand's own options (ramus modal, ramus eval)
    std::fprintf(stderr, "ramus: %s\n%s", escaped_text(e.message).c_str(), usage().c_str());
    return 2;
  } catch (const InputError& e) {
    std::fprintf(stderr, "ramus: %s\n", e.what());
    return 1;
  } catch (const ramus::scenario::ScenarioError& e) {
    std::fprintf(stderr, "ramus: %s: %s\n", escaped_text(o.scenario).c_str(), e.what());
    return 1;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "ramus: %s: out of memory\n", escaped_text(o.scenario).c_str());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ramus: %s\n", e.what());
    return 1;
  }
  return 1;
}
