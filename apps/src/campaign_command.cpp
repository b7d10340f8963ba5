#include "campaign_command.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <thread>

#include "campaign_manifest.hpp"
#include "csv_output.hpp"
#include "csv_run.hpp"
#include "input_files.hpp"
#include "number_text.hpp"
#include "output_file.hpp"
#include "progress_bar.hpp"
#include "ramus/scenario/campaign.hpp"
#include "ramus/scenario/logged_quantities.hpp"
#include "run_record.hpp"
#include "text_escape.hpp"

namespace ramus::app {
namespace {

namespace fs = std::filesystem;

std::string run_file(std::uint64_t run) {
  char name[40];
  std::snprintf(name, sizeof name, "run_%06llu.csv", static_cast<unsigned long long>(run));
  return name;
}

/// The run's event occurrences beside its CSV (scenarios with events).
std::string events_file(std::uint64_t run) {
  char name[48];
  std::snprintf(name, sizeof name, "run_%06llu.events.csv", static_cast<unsigned long long>(run));
  return name;
}

/// Writes `csv` (written, not committed) and its companion: the CSV finished, the companion
/// written and finished, then both renamed into place, the CSV first (docs/scenario.md §5, The
/// CSV). Returns the companion's checksum.
std::string commit_with_companion(OutputFile& csv, const std::vector<CompanionColumn>& columns, const RunRecord& record,
                                  const RunStatus& status, const std::string& extra) {
  csv.finish();
  OutputFile companion(companion_path(csv.path()));
  companion << companion_json(csv.path(), columns, record, status, csv.fnv1a64(), extra);
  companion.finish();
  csv.commit();
  companion.commit();
  return hex64(companion.fnv1a64());
}

RunResult run_one(const scenario::Campaign& campaign, std::uint64_t run, const Options& o,
                  const std::string& scenario_bytes, const fs::path& dir) {
  RunResult r;
  r.draws = campaign.draw(run);
  const fs::path file = dir / run_file(run), events = dir / events_file(run);
  try {
    // Files left by an earlier attempt of this run (--resume) must not outlive a failure now.
    std::error_code ignored;
    for (const fs::path& f : {file, events}) {
      fs::remove(f, ignored);
      fs::remove(companion_path(f.string()), ignored);
    }
    const scenario::Scenario s = campaign.scenario(run);
    const scenario::QuantityLog log(s, s.log), summary(s, campaign.summary());
    const RunRecord record = run_record(o.scenario, scenario_bytes, s.settings, s.leap_seconds);
    // The campaign's part of the record: the seed, the run, its draws (docs/scenario.md §6).
    nlohmann::ordered_json extra = {{"campaign", {{"seed", campaign.seed()}, {"run", run}}}};
    nlohmann::ordered_json dispersed = nlohmann::ordered_json::array();
    for (std::size_t k = 0; k < r.draws.size(); ++k)
      dispersed.push_back({{"path", escaped_text(campaign.dispersions()[k].path)}, {"value", number_text(r.draws[k])}});
    extra["campaign"]["dispersed"] = std::move(dispersed);
    OutputFile out(file.string());
    const CsvRun result = run_to_csv(s, log, {}, out, CsvFormat::plain, {}, {}, &summary);
    nlohmann::ordered_json run_extra = extra;
    if (result.complete() && result.final_row.size() > 1) {  // the final values, exact text, without t
      nlohmann::ordered_json values = nlohmann::ordered_json::array();
      for (std::size_t i = 1; i < result.final_row.size(); ++i) values.push_back(number_text(result.final_row[i]));
      run_extra["finals"] = std::move(values);
    }
    r.metadata_fnv1a64 = commit_with_companion(out, logged_columns(log.columns(), log.units()), record, result.status(),
                                               run_extra.dump());
    r.file = run_file(run);
    r.file_fnv1a64 = hex64(out.fnv1a64());
    if (!s.events.empty()) {  // as the run's CSV: written whole, its checksums in the manifest
      OutputFile occurrences(events.string());
      write_events_csv(occurrences, result.events);
      RunStatus status = result.status();
      status.rows = result.events.size();
      r.events_metadata_fnv1a64 = commit_with_companion(occurrences, event_columns(), record, status, extra.dump());
      r.events_file = events_file(run);
      r.events_fnv1a64 = hex64(occurrences.fnv1a64());
    }
    if (!result.complete()) {
      r.error = result.failure;
      return r;
    }
    r.finals.assign(result.final_row.begin() + 1, result.final_row.end());  // without t
    r.ok = true;
  } catch (const std::exception& e) {
    r.error = e.what();
  }
  return r;
}

/// The unit of a dispersed number as the scenario writes it: the "unit" beside its "value", or
/// none (a bare number: the field's unit, docs/scenario_fields.md).
std::optional<std::string> dispersion_unit(const std::string& scenario_bytes, const scenario::Dispersion& d) {
  const nlohmann::json doc = nlohmann::json::parse(scenario_bytes, nullptr, false);
  // The object's "value", or an entry of it (".../I_PntBc_B/value/2/2"): the indices stripped.
  std::string location = d.location;
  for (std::size_t slash; (slash = location.rfind('/')) != std::string::npos && slash + 1 < location.size() &&
                          std::all_of(location.begin() + static_cast<std::ptrdiff_t>(slash) + 1, location.end(),
                                      [](char c) { return c >= '0' && c <= '9'; });)
    location.resize(slash);
  if (doc.is_discarded() || !location.ends_with("/value")) return std::nullopt;
  const std::string unit_location = location.substr(0, location.size() - 6) + "/unit";
  try {
    const nlohmann::json& unit = doc.at(nlohmann::json::json_pointer(unit_location));
    if (unit.is_string()) return escaped_text(unit.get<std::string>());
  } catch (const nlohmann::json::exception&) {
  }
  return std::nullopt;
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

/// Hidden temporaries of OutputFile (".NAME.ramus-XXXXXX") left by a killed process for this
/// invocation's own files: its runs, manifest, summary and statistics. Another part's temporaries
/// (a job running beside this one) are not touched.
void remove_stale_temporaries(const fs::path& dir, const Options& o, const std::string& manifest,
                              const std::string& part) {
  // ".<target>.ramus-XXXXXX", XXXXXX letters and digits (mkstemp's suffix).
  constexpr std::string_view suffix = ".ramus-";
  const auto target_of = [&](const std::string& name) -> std::string {
    const std::size_t n = name.size(), s = suffix.size() + 6;
    if (n <= s + 1 || name[0] != '.' || name.compare(n - s, suffix.size(), suffix) != 0) return {};
    for (std::size_t i = n - 6; i < n; ++i)
      if (!std::isalnum(static_cast<unsigned char>(name[i]))) return {};
    return name.substr(1, n - s - 1);
  };
  // "run_<digits>.csv" or "run_<digits>.events.csv", or their companions "….csv-metadata.json":
  // the run's id, or nullopt.
  const auto run_of = [](std::string target) -> std::optional<std::uint64_t> {
    if (target.ends_with("-metadata.json")) target.resize(target.size() - 14);
    const std::size_t tail = target.ends_with(".events.csv") ? 11 : 4;
    if (!target.starts_with("run_") || !target.ends_with(".csv") || target.size() <= 4 + tail) return std::nullopt;
    const std::string digits = target.substr(4, target.size() - 4 - tail);
    std::uint64_t id = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
    if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    return id;
  };
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    const std::string target = target_of(e.path().filename().string());
    if (target.empty()) continue;
    bool own = target == manifest;
    for (const std::string& table : {"summary" + part + ".csv", "statistics" + part + ".csv"})
      own = own || target == table || target == companion_path(table);
    if (const auto id = run_of(target)) own = *id >= o.first_run && *id < o.end_run;
    std::error_code ignored;
    if (own) fs::remove(e.path(), ignored);
  }
}

/// An exclusive lock on one range of a campaign directory, held for the invocation's life: two
/// invocations of the same range (two --resume at once) would remove each other's live
/// temporaries and write the same run files. flock(2): released by the kernel when the process
/// ends, however it ends, so a killed campaign never leaves a stale lock. The lock file
/// (".<manifest>.lock") stays in the directory; it is not a result.
class RangeLock {
 public:
  RangeLock() = default;
  RangeLock(const RangeLock&) = delete;
  RangeLock& operator=(const RangeLock&) = delete;
  ~RangeLock() {
    if (fd_ >= 0) ::close(fd_);
  }
  static std::string file_name(const std::string& manifest) { return "." + manifest + ".lock"; }
  /// Whether `name` is a range's lock file (of any manifest).
  static bool is_lock_file(const std::string& name) {
    return name.size() > 6 && name[0] == '.' && name.ends_with(".lock") &&
           CampaignManifest::is_manifest(name.substr(1, name.size() - 6));
  }
  void acquire(const fs::path& dir, const std::string& manifest, const Options& o) {
    const fs::path file = dir / file_name(manifest);
    fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd_ < 0)
      throw std::runtime_error(escaped_text(file.string()) + ": cannot create the campaign's lock file: " +
                               std::strerror(errno) + "; nothing was run or written");
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0)
      throw std::runtime_error(escaped_text(dir.string()) + ": another ramus is running the runs " +
                               std::to_string(o.first_run) + ":" + std::to_string(o.end_run) +
                               " of this campaign (it holds " + file_name(manifest) +
                               "); wait for it to end, or give another range; nothing was run or written");
  }

 private:
  int fd_ = -1;
};

/// Rank 0's decision on the output directory: new or empty, or (--resume) a directory whose every
/// manifest is this campaign's. Returns the manifest of this invocation, holding the runs the
/// directory's manifests record.
CampaignManifest open_directory(const Options& o, const fs::path& dir, const CampaignIdentity& identity,
                                const std::string& part, const std::vector<NamedFile>& inputs, RangeLock& lock) {
  const std::string shown = escaped_text(dir.string());
  std::error_code error;
  if (fs::exists(dir, error) && !fs::is_directory(dir, error))
    throw std::runtime_error(shown + ": --output of a campaign must be a directory, and this is a file");
  fs::create_directories(dir, error);
  if (error) throw std::runtime_error(shown + ": cannot create the campaign directory: " + error.message());
  const std::string name = CampaignManifest::file_name(o.whole_campaign, o.first_run, o.end_run);
  CampaignManifest manifest(dir, name, o.first_run, o.end_run, identity);
  // The directory's files are the campaign's to write and remove: none may be an input.
  for (const NamedFile& input : inputs) {
    std::error_code ec;
    const fs::path folder = fs::canonical(fs::path(input.path), ec).parent_path();
    if (!ec && fs::equivalent(folder, dir, ec))
      throw std::runtime_error(shown + ": the campaign directory holds " + input.option + " '" +
                               escaped_text(input.path) +
                               "'; give a directory of the campaign's own; nothing was run "
                               "or written");
  }
  lock.acquire(dir, name, o);  // before anything in the directory is read or removed
  std::size_t entries = 0, manifests = 0;
  std::string example;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    const std::string file = e.path().filename().string();
    if (RangeLock::is_lock_file(file)) continue;  // a range's lock, not a result
    if (entries++ == 0) example = file;
    manifests += CampaignManifest::is_manifest(e.path().filename().string()) ? 1 : 0;
  }
  if (entries == 0) return manifest;
  if (o.resume && manifests > 0) {
    manifest.read_directory();
    remove_stale_temporaries(dir, o, name, part);
    return manifest;
  }
  throw std::runtime_error(shown + " is not empty (" + std::to_string(entries) + " entries, e.g. '" +
                           escaped_text(example) + "')" +
                           (o.resume ? " and holds no manifest of a campaign to resume"
                                     : ": give a new or empty directory, or --resume to continue the campaign "
                                       "recorded in its manifest") +
                           "; nothing was run or written");
}

}  // namespace

int run_campaign(const Options& o, const ProcessGroup& group) {
  const std::string scenario_bytes = read_input(o.scenario, "scenario");
  const std::string dispersions_bytes = read_input(o.dispersions, "dispersions");
  const scenario::Campaign campaign = load_campaign(o, scenario_bytes, dispersions_bytes);
  const fs::path dir(*o.output);
  const auto rank = static_cast<std::uint64_t>(group.rank()), ranks = static_cast<std::uint64_t>(group.size());

  // The summary's columns: the nominal scenario's summary quantities.
  const scenario::Scenario& nominal = campaign.nominal();
  const scenario::QuantityLog summary_log(nominal, campaign.summary());
  const std::vector<std::string> finals(summary_log.columns().begin() + 1, summary_log.columns().end());
  const CampaignIdentity identity{
      RAMUS_VERSION,   o.scenario, hex64(fnv1a64(scenario_bytes)), o.dispersions, hex64(fnv1a64(dispersions_bytes)),
      campaign.seed(), finals};

  // Rank 0 decides whether the directory may be used and writes the first manifest; the other
  // ranks then read it for the runs to skip.
  const std::string part = o.whole_campaign ? "" : "_" + std::to_string(o.first_run) + "-" + std::to_string(o.end_run);
  std::optional<CampaignManifest> manifest;
  std::string refusal;
  RangeLock range_lock;
  if (rank == 0) {
    try {
      manifest.emplace(
          open_directory(o, dir, identity, part, run_inputs(o.scenario, nominal, o.dispersions), range_lock));
      manifest->keep_complete_runs();  // each earlier run's file read once, here
      manifest->write();
    } catch (const std::exception& e) {
      refusal = e.what();
    }
  }
  if (!group.broadcast(refusal.empty())) {
    if (rank == 0) throw std::runtime_error(refusal);
    return 1;
  }
  if (rank == 0 && !o.quiet)  // e.g. a controller whose inertia each run recomputes (Campaign::notes)
    for (const std::string& note : campaign.notes())
      std::fprintf(stderr, "ramus: note: %s\n", escaped_text(note).c_str());
  if (rank != 0) {
    manifest.emplace(dir, CampaignManifest::file_name(o.whole_campaign, o.first_run, o.end_run), o.first_run, o.end_run,
                     identity);
    manifest->read_directory();
  }

  const std::uint64_t count = o.end_run - o.first_run;
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
  ProgressBar progress(0.0, static_cast<double>(local_count), !o.quiet && rank == 0, ProgressBar::Counting::runs);
  const auto worker = [&] {
    for (std::uint64_t j; (j = next++) < local_count;) {
      const std::uint64_t run = o.first_run + rank + j * ranks;
      if (auto earlier = manifest->complete_run(run)) {
        earlier->draws = campaign.draw(run);
        local[j] = std::move(*earlier);
      } else {
        local[j] = run_one(campaign, run, o, scenario_bytes, dir);
        if (rank == 0) {
          manifest->record(run, local[j]);
          manifest->write_every(1.0);  // a killed campaign loses at most the last second's runs
        }
      }
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
  for (std::uint64_t k = 0; k < count; ++k) manifest->record(o.first_run + k, results[k]);
  manifest->write();

  // The summary and the statistics: plain tables with their companions (docs/scenario.md §6).
  RunRecord record = run_record(o.scenario, scenario_bytes, nominal.settings, nominal.leap_seconds);
  if (ranks > 1) record.machine += ", " + std::to_string(ranks) + " MPI ranks";
  nlohmann::ordered_json campaign_record = {
      {"campaign",
       {{"dispersions", escaped_text(o.dispersions)},
        {"dispersions_fnv1a64", identity.dispersions_fnv1a64},
        {"seed", campaign.seed()},
        {"runs", std::to_string(o.first_run) + ":" + std::to_string(o.end_run) + " (end excluded)"}}}};
  const std::vector<std::string>& final_units = summary_log.units();  // t first
  const auto unit_of = [&](std::size_t c) { return std::optional<std::string>(final_units[c + 1]); };

  OutputFile summary((dir / ("summary" + part + ".csv")).string());
  std::vector<CompanionColumn> summary_columns = {{"run", "integer", "1", std::nullopt},
                                                  {"status", "string", "1", std::nullopt}};
  std::string names = "run,status";
  for (const scenario::Dispersion& d : campaign.dispersions()) {
    names.append(",").append(escaped_text(d.path, ","));
    summary_columns.push_back({escaped_text(d.path, ","), "double", dispersion_unit(scenario_bytes, d), std::nullopt});
  }
  for (std::size_t c = 0; c < finals.size(); ++c) {
    names.append(",final ").append(finals[c]);
    summary_columns.push_back({"final " + finals[c], "double", unit_of(c), column_frame(finals[c])});
  }
  summary << names << '\n';
  int status = 0;
  std::uint64_t failed = 0, resumed = 0;
  for (std::uint64_t k = 0; k < count; ++k) {
    const RunResult& r = results[k];
    std::string row = std::to_string(o.first_run + k) + (r.ok ? ",ok" : ",failed");
    for (const double v : r.draws) row.append(",").append(number_text(v));
    for (std::size_t c = 0; c < finals.size(); ++c) row.append(",").append(r.ok ? number_text(r.finals[c]) : "");
    summary << row << '\n';
    resumed += r.skipped ? 1 : 0;
    if (!r.ok) {
      std::fprintf(stderr, "ramus: run %llu failed: %s\n", static_cast<unsigned long long>(o.first_run + k),
                   r.error.c_str());
      status = 1;
      ++failed;
    }
  }
  nlohmann::ordered_json summary_record = campaign_record;
  summary_record["campaign"]["runs_failed"] = failed;

  OutputFile table((dir / ("statistics" + part + ".csv")).string());
  table << "quantity,n,mean,std,min,max\n";
  // mean, std, min and max take each row's quantity's unit: "units" and "frames" list them by row.
  const std::vector<CompanionColumn> statistics_columns = {
      {"quantity", "string", "1", std::nullopt},      {"n", "integer", "1", std::nullopt},
      {"mean", "double", std::nullopt, std::nullopt}, {"std", "double", std::nullopt, std::nullopt},
      {"min", "double", std::nullopt, std::nullopt},  {"max", "double", std::nullopt, std::nullopt}};
  nlohmann::ordered_json statistics_record = campaign_record;
  statistics_record["units"] = nlohmann::ordered_json::array();
  statistics_record["frames"] = nlohmann::ordered_json::array();
  if (!o.quiet) std::printf("%-32s %6s %24s %24s %24s %24s\n", "final value of", "n", "mean", "std", "min", "max");
  for (std::size_t c = 0; c < finals.size(); ++c) {
    const Statistics s = statistics(results, c);
    table << finals[c] << ',' << std::to_string(s.n) << ',' << number_text(s.mean) << ',' << number_text(s.std) << ','
          << number_text(s.min) << ',' << number_text(s.max) << '\n';
    statistics_record["units"].push_back(*unit_of(c));
    const std::optional<std::string> frame = column_frame(finals[c]);
    statistics_record["frames"].push_back(frame ? nlohmann::ordered_json(*frame) : nlohmann::ordered_json(nullptr));
    if (!o.quiet)
      std::printf("%-32s %6zu %24.17g %24.17g %24.17g %24.17g\n", finals[c].c_str(), s.n, s.mean, s.std, s.min, s.max);
  }
  // Both tables finished before either is renamed; each CSV before its companion.
  summary.finish();
  table.finish();
  commit_with_companion(summary, summary_columns, record, {true, static_cast<std::size_t>(count), {}, {}},
                        summary_record.dump());
  commit_with_companion(table, statistics_columns, record, {true, finals.size(), {}, {}}, statistics_record.dump());
  if (!o.quiet && resumed > 0)
    std::fprintf(stderr, "ramus: %llu of %llu runs were complete in %s and were not run again (--resume)\n",
                 static_cast<unsigned long long>(resumed), static_cast<unsigned long long>(count),
                 escaped_text(dir.string()).c_str());
  return status;
}

}  // namespace ramus::app
