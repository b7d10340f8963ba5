#include "view_command.hpp"

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string_view>

#include "csv_output.hpp"
#include "input_files.hpp"
#include "output_file.hpp"
#include "progress_bar.hpp"
#include "ramus/scenario/replay.hpp"
#include "run_record.hpp"
#include "text_escape.hpp"

namespace ramus::app {
namespace {

/// Writes the replay's files: every file finished before any is renamed into place.
void write_replay(const Options& o, const scenario::Replay& replay) {
  const std::string gltf = o.gltf ? scenario::replay_gltf(replay) : std::string();
  const std::string czml = o.czml ? scenario::replay_czml(replay) : std::string();
  std::unique_ptr<OutputFile> html, gltf_file, czml_file;
  if (o.view) {
    html = std::make_unique<OutputFile>(*o.view);
    html->write(scenario::replay_page(replay, gltf));
    html->finish();
  }
  if (o.gltf) {
    gltf_file = std::make_unique<OutputFile>(*o.gltf);
    gltf_file->write(gltf);
    gltf_file->finish();
  }
  if (o.czml) {
    czml_file = std::make_unique<OutputFile>(*o.czml);
    czml_file->write(czml);
    czml_file->finish();
  }
  if (html) html->commit();
  if (gltf_file) gltf_file->commit();
  if (czml_file) czml_file->commit();
}

scenario::Replay record(const Options& o, const scenario::Scenario& s, const std::string& bytes) {
  ProgressBar progress(s.output_times.front(), s.output_times.back(), !o.quiet);
  scenario::Replay replay = scenario::record_replay(s, bytes, std::filesystem::path(o.scenario).parent_path(),
                                                    [&](double t) { progress.update(t); });
  progress.finish();
  return replay;
}

}  // namespace

std::vector<NamedFile> view_outputs(const Options& o) {
  std::vector<NamedFile> outputs;
  if (o.view) outputs.push_back({o.command == Command::view ? "--out" : "--view", *o.view});
  if (o.gltf) outputs.push_back({"--gltf", *o.gltf});
  if (o.czml) outputs.push_back({"--czml", *o.czml});
  return outputs;
}

void require_czml_epoch(const Options& o, const std::string& bytes) {
  if (!o.czml) return;
  const nlohmann::json doc = nlohmann::json::parse(bytes, nullptr, false);
  const bool epoch = doc.is_object() && doc.contains("environment") && doc["environment"].is_object() &&
                     doc["environment"].contains("epoch");
  if (!epoch)
    throw std::runtime_error("--czml " + escaped_text(*o.czml) + ": " + escaped_text(o.scenario) +
                             " has no environment.epoch: a CZML file's times are dates (UTC), which a run "
                             "without an epoch does not have; give the scenario an epoch or leave out --czml");
}

std::unique_ptr<scenario::ReplayRecorder> view_recorder(const Options& o, const scenario::Scenario& s,
                                                        const std::string& bytes) {
  return std::make_unique<scenario::ReplayRecorder>(s, bytes, std::filesystem::path(o.scenario).parent_path());
}

void write_view_outputs(const Options& o, const scenario::ReplayRecorder& recorder, const std::string& failure) {
  scenario::Replay replay = recorder.replay();
  replay.failure = failure;
  write_replay(o, replay);
}

/// `ramus view RUN.csv`: the replay of a recorded run, from its plain CSV and companion
/// (docs/viewer.md, "A recorded run"): the scenario the companion names (or --scenario), checked
/// against its recorded hash, and the state at each row, every state block read from its columns.
int run_view_of_recorded_run(const Options& o) {
  const std::string csv_path = o.scenario;
  const std::string csv = read_input(csv_path, "run");
  const std::string companion_file = companion_path(csv_path);
  const std::string companion_text = read_input(companion_file, "the run's companion");
  const nlohmann::json companion = nlohmann::json::parse(companion_text, nullptr, false);
  const auto refuse = [&](const std::string& why) -> int {
    throw std::runtime_error(escaped_text(csv_path) + ": " + why);
  };
  if (companion.is_discarded() || !companion.contains("ramus:record") || !companion["ramus:record"].is_object())
    refuse("its companion " + escaped_text(companion_file) + " is not a ramus companion (no ramus:record)");
  const nlohmann::json& record = companion["ramus:record"];
  const auto text = [&](const char* key) {
    if (!record.contains(key) || !record[key].is_string())
      refuse("its companion has no " + std::string(key) + " in ramus:record");
    return record[key].get<std::string>();
  };
  if (text("csv_fnv1a64") != hex64(fnv1a64(csv)))
    refuse("its bytes do not hash to the companion's csv_fnv1a64: not the file the run wrote");
  // The scenario: --scenario, else the recorded path as given, else beside the CSV.
  std::string scenario_path = o.run_scenario.value_or(text("scenario"));
  if (!o.run_scenario && !std::filesystem::exists(scenario_path))
    scenario_path =
        (std::filesystem::path(csv_path).parent_path() / std::filesystem::path(scenario_path).filename()).string();
  const std::string bytes = read_input(scenario_path, "scenario");
  if (hex64(fnv1a64(bytes)) != text("scenario_fnv1a64"))
    refuse("it was written from a scenario whose bytes hash to " + text("scenario_fnv1a64") + "; " +
           escaped_text(scenario_path) + " hashes to " + hex64(fnv1a64(bytes)) +
           ": give the run's scenario with --scenario");
  const scenario::Scenario s = load_scenario_file(scenario_path, bytes);
  require_distinct_files(run_inputs(scenario_path, s), view_outputs(o));
  require_czml_epoch(o, bytes);
  print_warnings(scenario_path, s.warnings);

  // The columns: "t", then each state entry by its layout name ("sc/hub.r_BN_N[0]").
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < csv.size();) {
    const std::size_t end = std::min(csv.find('\n', at), csv.size());
    if (end > at) lines.emplace_back(csv.substr(at, end - at));
    at = end + 1;
  }
  if (lines.empty()) refuse("it is empty");
  std::map<std::string, std::size_t, std::less<>> column;
  {
    std::size_t k = 0;
    for (std::size_t at = 0; at <= lines[0].size(); ++k) {
      const std::size_t end = std::min(lines[0].find(',', at), lines[0].size());
      column.emplace(lines[0].substr(at, end - at), k);
      at = end + 1;
    }
  }
  const Model& model = *s.model;
  std::vector<std::size_t> source(static_cast<std::size_t>(model.initial_state().size()));
  if (!column.contains("t")) refuse("it has no column t");
  for (const StateBlock& b : model.layout().blocks())
    for (Eigen::Index i = 0; i < b.size; ++i) {
      // Appended piecewise: gcc 12's -Wrestrict misfires on "[" + std::to_string(i) here.
      std::string name = b.owner + "." + b.name;
      if (b.size != 1) name.append("[").append(std::to_string(i)).append("]");
      const auto it = column.find(name);
      if (it == column.end())
        refuse("it does not log the state block '" + b.owner + "." + b.name +
               "': the replay needs every state block (the default log has them all)");
      source[static_cast<std::size_t>(b.offset + i)] = it->second;
    }
  scenario::ReplayRecorder recorder(s, bytes, std::filesystem::path(scenario_path).parent_path());
  Eigen::VectorXd x(model.initial_state().size());
  std::vector<double> row;
  for (std::size_t r = 1; r < lines.size(); ++r) {
    row.clear();
    for (std::size_t at = 0; at <= lines[r].size();) {
      const std::size_t end = std::min(lines[r].find(',', at), lines[r].size());
      double v = 0.0;
      const auto [ptr, ec] = std::from_chars(lines[r].data() + at, lines[r].data() + end, v);
      if (ec != std::errc() || ptr != lines[r].data() + end)
        refuse("row " + std::to_string(r) + ": '" + escaped_text(lines[r].substr(at, end - at)) + "' is not a number");
      row.push_back(v);
      at = end + 1;
    }
    if (row.size() != column.size())
      refuse("row " + std::to_string(r) + " has " + std::to_string(row.size()) + " values for " +
             std::to_string(column.size()) + " columns");
    for (std::size_t i = 0; i < source.size(); ++i) x[static_cast<Eigen::Index>(i)] = row[source[i]];
    recorder.record(x, row[column.at("t")]);
  }
  scenario::Replay replay = recorder.replay();
  if (record.contains("status") && record["status"] == "incomplete")
    replay.failure = record.contains("failure") && record["failure"].is_string() ? record["failure"].get<std::string>()
                                                                                 : "the run was incomplete";
  write_replay(o, replay);
  if (!o.quiet)
    std::fprintf(stderr, "%zu bodies, %zu samples from %s: %s%s%s\n", replay.bodies.size(), replay.t.size(),
                 escaped_text(csv_path).c_str(), escaped_text(o.view ? *o.view : std::string()).c_str(),
                 o.gltf ? ", " : "", o.gltf ? escaped_text(*o.gltf).c_str() : "");
  return 0;
}

int run_view(const Options& o) {
  if (o.scenario.ends_with(".csv")) return run_view_of_recorded_run(o);
  const std::string bytes = read_input(o.scenario, "scenario");
  const scenario::Scenario s = load_scenario_file(o.scenario, bytes);
  // Before anything runs: no output may be the scenario, a data file or another output.
  require_distinct_files(run_inputs(o.scenario, s), view_outputs(o));
  require_czml_epoch(o, bytes);
  print_warnings(o.scenario, s.warnings);
  const scenario::Replay replay = record(o, s, bytes);
  write_replay(o, replay);
  if (!o.quiet) {
    std::fprintf(stderr, "%zu bodies, %zu samples: %s%s%s\n", replay.bodies.size(), replay.t.size(),
                 escaped_text(o.view ? *o.view : std::string()).c_str(), o.gltf ? ", " : "",
                 o.gltf ? escaped_text(*o.gltf).c_str() : "");
  }
  if (!replay.failure.empty()) {
    std::fprintf(stderr, "ramus: %s: %s; the replay holds the %zu samples computed, marked incomplete\n",
                 escaped_text(o.scenario).c_str(), escaped_text(replay.failure).c_str(), replay.t.size());
    return 1;
  }
  return 0;
}

}  // namespace ramus::app
