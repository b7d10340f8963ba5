#include "campaign_manifest.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string_view>

#include "csv_output.hpp"
#include "number_text.hpp"
#include "output_file.hpp"
#include "run_record.hpp"
#include "text_escape.hpp"

namespace ramus::app {
namespace {

using nlohmann::json;
constexpr const char* kFormat = "ramus campaign manifest 1";

double seconds_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

json identity_json(const CampaignIdentity& id) {
  return {{"format", kFormat},
          {"ramus", id.ramus_version},
          {"scenario", {{"path", escaped_text(id.scenario_path)}, {"fnv1a64", id.scenario_fnv1a64}}},
          {"dispersions", {{"path", escaped_text(id.dispersions_path)}, {"fnv1a64", id.dispersions_fnv1a64}}},
          {"seed", id.seed},
          {"summary", id.summary}};
}

/// The 64-bit FNV-1a of a file's bytes, read in pieces; nullopt when it cannot be read.
std::optional<std::string> file_hash(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::uint64_t h = 14695981039346656037ULL;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
    for (std::streamsize i = 0; i < in.gcount(); ++i)
      h = (h ^ static_cast<unsigned char>(buffer[i])) * 1099511628211ULL;
  return hex64(h);
}

/// What --resume trusts of a run's file (docs/scenario.md §6): the file's bytes have the
/// manifest's checksum, its companion FILE.csv-metadata.json has the manifest's checksum too, and
/// the companion says "complete" and names the file's checksum. Returns the companion's
/// "ramus:record", or nullopt (the run is run again).
std::optional<json> trusted_record(const std::filesystem::path& file, const std::string& file_fnv1a64,
                                   const std::string& metadata_fnv1a64) {
  const auto hash = file_hash(file);
  if (!hash || *hash != file_fnv1a64 || metadata_fnv1a64.empty()) return std::nullopt;
  std::ifstream in(companion_path(file.string()), std::ios::binary);
  if (!in) return std::nullopt;
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (text.size() > (std::size_t{64} << 20)) return std::nullopt;  // no companion of ramus is that long
  }
  if (hex64(fnv1a64(text)) != metadata_fnv1a64) return std::nullopt;
  const json doc = json::parse(text, nullptr, false);
  if (!doc.is_object() || !doc.contains("ramus:record") || !doc["ramus:record"].is_object()) return std::nullopt;
  const json& record = doc["ramus:record"];
  if (record.value("status", "") != "complete" || record.value("csv_fnv1a64", "") != *hash) return std::nullopt;
  return record;
}

/// The companion's final values: `count` numbers, or nullopt (the run is run again).
std::optional<std::vector<double>> parse_finals(const json& record, std::size_t count) {
  if (!record.contains("finals") || !record["finals"].is_array() || record["finals"].size() != count)
    return std::nullopt;
  std::vector<double> values;
  for (const json& v : record["finals"]) {
    if (!v.is_string()) return std::nullopt;
    const std::string text = v.get<std::string>();
    double value = 0.0;
    const auto [stop, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || stop != text.data() + text.size() || !std::isfinite(value)) return std::nullopt;
    values.push_back(value);
  }
  return values;
}

}  // namespace

CampaignManifest::CampaignManifest(std::filesystem::path dir, std::string name, std::uint64_t first, std::uint64_t end,
                                   CampaignIdentity identity)
    : dir_(std::move(dir)), name_(std::move(name)), first_(first), end_(end), identity_(std::move(identity)) {}

std::string CampaignManifest::file_name(bool whole_campaign, std::uint64_t first, std::uint64_t end) {
  return whole_campaign ? "manifest.json" : "manifest_" + std::to_string(first) + "-" + std::to_string(end) + ".json";
}

bool CampaignManifest::is_manifest(const std::string& name) {
  return name == "manifest.json" || (name.starts_with("manifest_") && name.ends_with(".json"));
}

std::size_t CampaignManifest::read_directory() {
  std::vector<std::filesystem::path> files;
  for (const std::filesystem::directory_entry& e : std::filesystem::directory_iterator(dir_))
    if (is_manifest(e.path().filename().string())) files.push_back(e.path());
  std::sort(files.begin(), files.end());  // a run recorded twice: the later file's record wins, always the same
  const json expected = identity_json(identity_);
  for (const std::filesystem::path& file : files) {
    const std::string shown = escaped_text(file.string());
    std::ifstream in(file, std::ios::binary);
    json m;
    try {
      m = json::parse(in);
    } catch (const json::exception& e) {
      throw std::runtime_error(shown + ": not a readable manifest: " + e.what());
    }
    for (const char* key : {"format", "ramus", "seed", "summary"})
      if (!m.is_object() || !m.contains(key) || m[key] != expected[key])
        throw std::runtime_error(shown + ": the campaign there has " + key + " = " +
                                 (m.is_object() && m.contains(key) ? m[key].dump() : "none") + ", this one " +
                                 expected[key].dump() + ": --resume continues the same campaign only");
    for (const char* key : {"scenario", "dispersions"})
      if (!m.contains(key) || !m[key].is_object() || m[key].value("fnv1a64", "") != expected[key]["fnv1a64"])
        throw std::runtime_error(shown + ": the campaign there was run with another " + key + " file (fnv1a64 " +
                                 (m.contains(key) && m[key].is_object() ? m[key].value("fnv1a64", "?") : "?") +
                                 ", this one " + expected[key]["fnv1a64"].get<std::string>() +
                                 "): --resume continues the same campaign only");
    try {
      for (const json& r : m.at("runs")) {
        RunResult result;
        result.ok = r.at("status").get<std::string>() == "ok";
        result.file = r.value("file", "");
        result.file_fnv1a64 = r.value("fnv1a64", "");
        result.events_file = r.value("events_file", "");
        result.events_fnv1a64 = r.value("events_fnv1a64", "");
        result.metadata_fnv1a64 = r.value("metadata_fnv1a64", "");
        result.events_metadata_fnv1a64 = r.value("events_metadata_fnv1a64", "");
        result.error = r.value("error", "");
        for (const json& v : r.value("finals", json::array())) {
          const std::string text = v.get<std::string>();
          double value = 0.0;
          const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
          if (ec != std::errc() || end != text.data() + text.size())
            throw std::runtime_error("final value '" + text + "' is not a number");
          result.finals.push_back(value);
        }
        if (result.ok && result.finals.size() != identity_.summary.size())
          throw std::runtime_error("run " + r.at("run").dump() + " has the wrong number of final values");
        runs_[r.at("run").get<std::uint64_t>()] = std::move(result);
      }
    } catch (const std::exception& e) {
      throw std::runtime_error(shown + ": not a readable manifest: " + e.what());
    }
  }
  return files.size();
}

std::optional<RunResult> CampaignManifest::complete_run(std::uint64_t run) const {
  const std::lock_guard<std::mutex> lock(*mutex_);
  const auto it = runs_.find(run);
  if (it == runs_.end() || !it->second.ok || it->second.file.empty()) return std::nullopt;
  if (checked_.contains(run)) {  // its file was read and found whole by keep_complete_runs()
    RunResult result = it->second;
    result.skipped = true;
    return result;
  }
  // The file names are the campaign's own (run_NNNNNN.csv, run_NNNNNN.events.csv), never a path
  // the manifest could redirect.
  if (it->second.file.find('/') != std::string::npos || it->second.events_file.find('/') != std::string::npos)
    return std::nullopt;
  const auto record = trusted_record(dir_ / it->second.file, it->second.file_fnv1a64, it->second.metadata_fnv1a64);
  if (!record) return std::nullopt;
  if (!it->second.events_file.empty() &&  // the run's events: whole too
      !trusted_record(dir_ / it->second.events_file, it->second.events_fnv1a64, it->second.events_metadata_fnv1a64))
    return std::nullopt;
  // The final values from the verified companion, not from the manifest (which nothing checksums).
  const auto finals = parse_finals(*record, identity_.summary.size());
  if (!finals) return std::nullopt;
  RunResult result = it->second;
  result.finals = *finals;
  result.skipped = true;
  return result;
}

void CampaignManifest::keep_complete_runs() {
  for (std::uint64_t run = first_; run < end_; ++run) {
    std::optional<RunResult> complete = complete_run(run);
    const std::lock_guard<std::mutex> lock(*mutex_);
    if (complete) {
      runs_[run].finals = std::move(complete->finals);  // the file's values from now on
      checked_.insert(run);
    } else {
      runs_.erase(run);
    }
  }
}

void CampaignManifest::forget(std::uint64_t run) {
  const std::lock_guard<std::mutex> lock(*mutex_);
  runs_.erase(run);
  checked_.erase(run);
}

void CampaignManifest::record(std::uint64_t run, const RunResult& result) {
  const std::lock_guard<std::mutex> lock(*mutex_);
  checked_.erase(run);
  RunResult& r = runs_[run];
  r = result;
  r.draws.clear();  // drawn again from (seed, run): not part of the record
}

void CampaignManifest::write() const {
  const std::lock_guard<std::mutex> lock(*mutex_);
  json m = identity_json(identity_);
  json runs = json::array();
  for (const auto& [run, r] : runs_) {
    if (run < first_ || run >= end_) continue;  // another part's run: that part's manifest has it
    json entry = {{"run", run}, {"status", r.ok ? "ok" : "failed"}};
    if (!r.file.empty()) entry["file"] = r.file;
    if (!r.file_fnv1a64.empty()) entry["fnv1a64"] = r.file_fnv1a64;
    if (!r.events_file.empty()) entry["events_file"] = r.events_file;
    if (!r.events_fnv1a64.empty()) entry["events_fnv1a64"] = r.events_fnv1a64;
    if (!r.metadata_fnv1a64.empty()) entry["metadata_fnv1a64"] = r.metadata_fnv1a64;
    if (!r.events_metadata_fnv1a64.empty()) entry["events_metadata_fnv1a64"] = r.events_metadata_fnv1a64;
    if (!r.ok) entry["error"] = escaped_text(r.error);
    if (r.ok) {
      json finals = json::array();
      for (const double v : r.finals) finals.push_back(number_text(v));  // exact: shortest round trip
      entry["finals"] = std::move(finals);
    }
    runs.push_back(std::move(entry));
  }
  m["runs"] = std::move(runs);
  OutputFile out((dir_ / name_).string());
  out << m.dump(1) << '\n';
  out.commit();
}

void CampaignManifest::write_every(double seconds) {
  {
    const std::lock_guard<std::mutex> lock(*mutex_);
    const double now = seconds_now();
    if (now - last_write_ < seconds) return;
    last_write_ = now;
  }
  write();
}

}  // namespace ramus::app
