#include "linearize_command.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>

#include "file_identity.hpp"
#include "input_files.hpp"
#include "number_text.hpp"
#include "output_file.hpp"
#include "ramus/analysis/modes.hpp"
#include "ramus/scenario/run_scenario.hpp"
#include "run_record.hpp"
#include "text_escape.hpp"

namespace ramus::app {
namespace {

using nlohmann::json;

/// The operating point at time `at`: the initial state, or the state and applied commands of a
/// run of the scenario when it reaches the output time `at`.
analysis::OperatingPoint operating_point(const scenario::Scenario& s, std::optional<double> at) {
  analysis::OperatingPoint p{s.model->initial_state(), s.output_times.front(), {}};
  if (!at || *at == s.output_times.front()) return p;
  if (std::find(s.output_times.begin(), s.output_times.end(), *at) == s.output_times.end())
    throw std::runtime_error("--at " + number_text(*at) + " s: not an output time of the scenario (from " +
                             number_text(s.output_times.front()) + " to " + number_text(s.output_times.back()) +
                             " s); give one of its output times");
  struct Reached {};  // ends the run at `at`
  Eigen::VectorXd x;
  PropagationStats stats;
  try {
    stats = scenario::run_scenario_with_view(s, x,
                                             [&](const Eigen::VectorXd& state, double t, const scenario::RunView& run) {
                                               if (t != *at) return;
                                               p = {state, t, run.inputs->applied()};
                                               throw Reached{};
                                             });
  } catch (const Reached&) {
    return p;
  }
  // The run ended before `at` (a stop event): there is no state at `at` to linearize about.
  const std::string why =
      stats.stopped && !stats.events.empty()
          ? "the stop event '" + stats.events.back().name + "' ended the run at t = " + number_text(stats.t) + " s"
          : "the run ended at t = " + number_text(stats.t) + " s";
  throw std::runtime_error("--at " + number_text(*at) + " s: " + why +
                           " before reaching it; give an output time the run reaches, or remove the stop event");
}

std::string csv_matrix(const Eigen::MatrixXd& M, const std::vector<std::string>& rows,
                       const std::vector<std::string>& columns) {
  std::string out = "row";
  for (const std::string& c : columns) out += ',' + c;
  out += '\n';
  for (Eigen::Index i = 0; i < M.rows(); ++i) {
    out += rows[static_cast<std::size_t>(i)];
    for (Eigen::Index j = 0; j < M.cols(); ++j) out += ',' + number_text(M(i, j));
    out += '\n';
  }
  return out;
}

json matrix_json(const Eigen::MatrixXd& M) {
  json rows = json::array();
  for (Eigen::Index i = 0; i < M.rows(); ++i) {
    json row = json::array();
    for (Eigen::Index j = 0; j < M.cols(); ++j) row.push_back(M(i, j));
    rows.push_back(std::move(row));
  }
  return rows;
}

json number_or_null(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

/// The four files of a linear model, written together: every temporary is complete (written,
/// synced and closed) before any is renamed into place, and linear_model.json, renamed last,
/// names the FNV-1a hash of each of the others, so a directory whose files disagree (a rename of
/// an earlier run's set interrupted) is detectable. A failure before the renames leaves the
/// earlier set as it was.
void write_files(const std::vector<std::pair<std::filesystem::path, std::string>>& files) {
  std::vector<std::unique_ptr<OutputFile>> out;
  for (const auto& [path, text] : files) {
    out.push_back(std::make_unique<OutputFile>(path.string()));
    *out.back() << text;
    out.back()->finish();
  }
  for (const auto& f : out) f->commit();
}

}  // namespace

int run_linearize(const Options& o) {
  namespace fs = std::filesystem;
  const scenario::Scenario s = load_scenario_file(o.scenario, read_input(o.scenario, "scenario"));
  const fs::path dir(*o.output);
  const std::vector<std::string> names{"A.csv", "B.csv", "modes.csv", "linear_model.json"};
  std::vector<NamedFile> outputs;
  for (const std::string& n : names) outputs.push_back({"--output (" + n + ")", (dir / n).string()});
  require_distinct_files(run_inputs(o.scenario, s), outputs);

  analysis::LinearizationSettings settings;
  settings.translation = o.hill ? analysis::TranslationCoordinates::hill : analysis::TranslationCoordinates::inertial;
  settings.differences.differences = o.richardson ? analysis::Differences::richardson : analysis::Differences::central;
  const analysis::LinearModel lm = analysis::linearize(s.model, operating_point(s, o.at), settings);
  const std::vector<analysis::Mode> modes = analysis::modes(lm);

  std::error_code error;
  fs::create_directories(dir, error);
  if (error) throw std::runtime_error(escaped_text(dir.string()) + ": cannot create the directory: " + error.message());

  std::string modes_csv = "mode,re_lambda,im_lambda,frequency_hz,damped_frequency_hz,damping_ratio,participation\n";
  json modes_json = json::array();
  for (std::size_t k = 0; k < modes.size(); ++k) {
    const analysis::Mode& m = modes[k];
    std::string who;
    json participation = json::array();
    for (const analysis::Participation& p : m.participation) {
      const std::string& name = lm.state_names[static_cast<std::size_t>(p.coordinate)];
      who += (who.empty() ? "" : " ") + name + ":" + number_text(p.share);
      participation.push_back({{"coordinate", name}, {"share", p.share}});
    }
    modes_csv += std::to_string(k) + ',' + number_text(m.eigenvalue.real()) + ',' + number_text(m.eigenvalue.imag()) +
                 ',' + number_text(m.frequency_hz) + ',' + number_text(m.damped_frequency_hz) + ',' +
                 (std::isfinite(m.damping_ratio) ? number_text(m.damping_ratio) : "") + ',' + who + '\n';
    modes_json.push_back({{"eigenvalue", {m.eigenvalue.real(), m.eigenvalue.imag()}},
                          {"frequency_hz", m.frequency_hz},
                          {"damped_frequency_hz", m.damped_frequency_hz},
                          {"damping_ratio", number_or_null(m.damping_ratio)},
                          {"participation", participation}});
  }
  json states = json::array(), inputs = json::array();
  for (std::size_t i = 0; i < lm.state_names.size(); ++i)
    states.push_back({{"name", lm.state_names[i]}, {"unit", lm.state_units[i]}});
  for (std::size_t j = 0; j < lm.input_names.size(); ++j)
    inputs.push_back({{"name", lm.input_names[j]}, {"unit", lm.input_units[j]}});
  json model{{"scenario", o.scenario}, {"t", lm.point.t},
             {"method", lm.method},    {"translation", o.hill ? "hill" : "inertial"},
             {"states", states},       {"inputs", inputs},
             {"A", matrix_json(lm.A)}, {"B", matrix_json(lm.B)},
             {"modes", modes_json}};

  std::vector<std::pair<fs::path, std::string>> files{{dir / "A.csv", csv_matrix(lm.A, lm.state_names, lm.state_names)},
                                                      {dir / "B.csv", csv_matrix(lm.B, lm.state_names, lm.input_names)},
                                                      {dir / "modes.csv", modes_csv}};
  json hashes = json::object();
  for (const auto& [path, text] : files) hashes[path.filename().string()] = hex64(fnv1a64(text));
  model["files_fnv1a64"] = hashes;
  files.emplace_back(dir / "linear_model.json", model.dump(1) + '\n');
  write_files(files);
  if (!o.quiet)
    std::fprintf(stderr, "%zu states, %zu inputs, %zu modes (%s) in %s\n", lm.state_names.size(), lm.input_names.size(),
                 modes.size(), lm.method.c_str(), escaped_text(dir.string()).c_str());
  return 0;
}

}  // namespace ramus::app
