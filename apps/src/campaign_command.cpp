#include "campaign_command.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <mutex>
#include <thread>

#include "csv_run.hpp"
#include "number_text.hpp"
#include "progress_bar.hpp"
#include "ramus/scenario/campaign.hpp"
#include "run_record.hpp"

namespace ramus::app {
namespace {

std::string run_file(std::uint64_t run) {
  char name[40];
  std::snprintf(name, sizeof name, "run_%06llu.csv", static_cast<unsigned long long>(run));
  return name;
}

RunResult run_one(const scenario::Campaign& campaign, std::uint64_t run, const Options& o,
                  const std::string& scenario_bytes, const std::filesystem::path& dir) {
  RunResult r;
  r.draws = campaign.draw(run);
  try {
    const scenario::Scenario s = campaign.scenario(run);
    const scenario::QuantityLog log(*s.model, s.log), summary(*s.model, campaign.summary());
    std::vector<std::string> record = record_lines(o.scenario, scenario_bytes, s.settings);
    record.push_back("campaign: seed " + std::to_string(campaign.seed()) + ", run " + std::to_string(run));
    for (std::size_t k = 0; k < r.draws.size(); ++k)
      record.push_back("dispersed: " + campaign.dispersions()[k].path + " = " + number_text(r.draws[k]));
    const std::filesystem::path file = dir / run_file(run);
    std::ofstream out(file);
    if (!out) throw std::runtime_error(file.string() + ": cannot write");
    const CsvRun result = run_to_csv(s, log, record, out);
    std::vector<double> row = summary.row(result.x, s.output_times.back());
    r.finals.assign(row.begin() + 1, row.end());  // without t
    r.ok = true;
  } catch (const std::exception& e) {
    r.error = e.what();
  }
  return r;
}

struct Statistics {
  double mean = 0.0, std = 0.0, min = 0.0, max = 0.0;
  std::size_t n = 0;
};

/// Two passes in run-id order: the same numbers whatever the threads did.
Statistics statistics(const std::vector<RunResult>& results, std::size_t column) {
  Statistics s;
  s.min = std::numeric_limits<double>::infinity();
  s.max = -s.min;
  double sum = 0.0;
  for (const RunResult& r : results) {
    if (!r.ok) continue;
    const double v = r.finals[column];
    sum += v;
    s.min = std::min(s.min, v);
    s.max = std::max(s.max, v);
    ++s.n;
  }
  if (s.n == 0) return s;
  s.mean = sum / static_cast<double>(s.n);
  double squares = 0.0;
  for (const RunResult& r : results)
    if (r.ok) squares += (r.finals[column] - s.mean) * (r.finals[column] - s.mean);
  s.std = s.n > 1 ? std::sqrt(squares / static_cast<double>(s.n - 1)) : 0.0;  // sample standard deviation
  return s;
}

}  // namespace

int run_campaign(const Options& o, const ProcessGroup& group) {
  namespace fs = std::filesystem;
  const std::string scenario_bytes = read_file(o.scenario), dispersions_bytes = read_file(o.dispersions);
  const scenario::Campaign campaign(scenario_bytes, dispersions_bytes);
  const fs::path dir(*o.output);
  fs::create_directories(dir);

  // The summary's columns: the nominal scenario's summary quantities.
  const scenario::Scenario& nominal = campaign.nominal();
  const scenario::QuantityLog summary_log(*nominal.model, campaign.summary());
  const std::vector<std::string> finals(summary_log.columns().begin() + 1, summary_log.columns().end());

  const std::uint64_t count = o.end_run - o.first_run;
  const auto rank = static_cast<std::uint64_t>(group.rank()), ranks = static_cast<std::uint64_t>(group.size());
  // This process's runs: first + k for k = rank, rank + ranks, … (all of them in a group of one).
  const std::uint64_t local_count = rank < count ? (count - rank + ranks - 1) / ranks : 0;
  std::vector<RunResult> local(local_count);
  // Default: this machine's hardware threads shared among the group's processes on it.
  const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
  const unsigned per_process = std::max(1u, hardware / static_cast<unsigned>(group.local_size()));
  const unsigned threads = static_cast<unsigned>(
      std::clamp<std::uint64_t>(o.threads ? o.threads : per_process, 1, std::max<std::uint64_t>(local_count, 1)));
  std::atomic<std::uint64_t> next{0};
  std::mutex progress_mutex;
  std::uint64_t done = 0;
  ProgressBar progress(0.0, static_cast<double>(local_count), !o.quiet && rank == 0);
  const auto worker = [&] {
    for (std::uint64_t j; (j = next++) < local_count;) {
      local[j] = run_one(campaign, o.first_run + rank + j * ranks, o, scenario_bytes, dir);
      const std::lock_guard<std::mutex> lock(progress_mutex);
      progress.update(static_cast<double>(++done));
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  progress.finish();
  const std::vector<RunResult> results = group.gather(std::move(local), count);
  if (rank != 0) return 0;

  const std::string part = o.whole_campaign ? "" : "_" + std::to_string(o.first_run) + "-" + std::to_string(o.end_run);
  const std::vector<std::string> header{
      std::string("ramus ") + RAMUS_VERSION,
      "scenario: " + o.scenario,
      "scenario_fnv1a64: " + hex64(fnv1a64(scenario_bytes)),
      "dispersions: " + o.dispersions,
      "dispersions_fnv1a64: " + hex64(fnv1a64(dispersions_bytes)),
      "seed: " + std::to_string(campaign.seed()),
      "runs: " + std::to_string(o.first_run) + ":" + std::to_string(o.end_run) + " (end excluded)",
      "stepper: " + stepper_description(nominal.settings),
      "machine: " + machine_description() + (ranks > 1 ? ", " + std::to_string(ranks) + " MPI ranks" : "")};

  std::ofstream summary(dir / ("summary" + part + ".csv"));
  for (const std::string& line : header) summary << "# " << line << '\n';
  summary << "run,status";
  for (const scenario::Dispersion& d : campaign.dispersions()) summary << ',' << d.path;
  for (const std::string& c : finals) summary << ",final " << c;
  summary << '\n';
  int status = 0;
  for (std::uint64_t k = 0; k < count; ++k) {
    const RunResult& r = results[k];
    summary << o.first_run + k << ',' << (r.ok ? "ok" : "failed");
    for (const double v : r.draws) summary << ',' << number_text(v);
    for (std::size_t c = 0; c < finals.size(); ++c) summary << ',' << (r.ok ? number_text(r.finals[c]) : "");
    summary << '\n';
    if (!r.ok) {
      std::fprintf(stderr, "ramus: run %llu failed: %s\n", static_cast<unsigned long long>(o.first_run + k),
                   r.error.c_str());
      status = 1;
    }
  }

  std::ofstream table(dir / ("statistics" + part + ".csv"));
  for (const std::string& line : header) table << "# " << line << '\n';
  table << "quantity,n,mean,std,min,max\n";
  if (!o.quiet) std::printf("%-32s %6s %24s %24s %24s %24s\n", "final value of", "n", "mean", "std", "min", "max");
  for (std::size_t c = 0; c < finals.size(); ++c) {
    const Statistics s = statistics(results, c);
    table << finals[c] << ',' << s.n << ',' << number_text(s.mean) << ',' << number_text(s.std) << ','
          << number_text(s.min) << ',' << number_text(s.max) << '\n';
    if (!o.quiet)
      std::printf("%-32s %6zu %24.17g %24.17g %24.17g %24.17g\n", finals[c].c_str(), s.n, s.mean, s.std, s.min, s.max);
  }
  summary.flush();
  table.flush();
  if (!summary || !table) throw std::runtime_error(dir.string() + ": writing the summary failed");
  return status;
}

}  // namespace ramus::app
