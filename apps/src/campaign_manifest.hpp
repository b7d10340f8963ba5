// The manifest of a campaign directory (docs/scenario.md §6, Campaign files): manifest.json for
// `--runs N`, manifest_<first>-<end>.json for a part (as the summary is named), so that parts run
// at once into one directory never write the same file. It records what the campaign is (ramus
// version, the scenario's and dispersions' checksums, seed, summary columns) and, per run of its
// range, the status, the file, the file's checksum and the final values written exactly.
// `ramus campaign --resume` reads every manifest of the directory and trusts a run only when one
// says it is complete and its file and its file's companion are still there with those checksums,
// the companion saying "complete" and naming the file's checksum (docs/scenario.md §6).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "campaign_results.hpp"

namespace ramus::app {

/// What makes two invocations the same campaign.
struct CampaignIdentity {
  std::string ramus_version;
  std::string scenario_path, scenario_fnv1a64;
  std::string dispersions_path, dispersions_fnv1a64;
  std::uint64_t seed = 0;
  std::vector<std::string> summary;  ///< the summary's final-value columns
};

class CampaignManifest {
 public:
  /// An empty manifest of the runs [first, end) of the campaign `identity` in `dir`, written to
  /// `dir/name`.
  CampaignManifest(std::filesystem::path dir, std::string name, std::uint64_t first, std::uint64_t end,
                   CampaignIdentity identity);

  /// "manifest.json", or "manifest_<first>-<end>.json" for a part.
  static std::string file_name(bool whole_campaign, std::uint64_t first, std::uint64_t end);
  /// Whether `name` is a manifest's file name.
  static bool is_manifest(const std::string& name);

  /// Reads every manifest of the directory, each checked against this campaign's identity: throws
  /// std::runtime_error naming the file and what differs (another scenario, dispersions file, seed
  /// or ramus version), or when one is unreadable. Returns how many were read.
  std::size_t read_directory();

  /// The run's result when the manifest has it complete and its file is still whole (its and its
  /// companion's checksums, the companion's status); else nullopt (the run is to be run again).
  std::optional<RunResult> complete_run(std::uint64_t run) const;
  /// Keeps of this range's runs only those complete_run() finds complete, each file read and
  /// checked once here; complete_run() then returns them without reading their files again.
  void keep_complete_runs();
  /// Forgets a run (it is about to be run again).
  void forget(std::uint64_t run);
  /// Records a run's result (thread-safe).
  void record(std::uint64_t run, const RunResult& result);
  /// Writes this range's runs to the manifest file atomically (thread-safe).
  void write() const;
  /// Writes it when the last write is older than `seconds` (thread-safe).
  void write_every(double seconds);

 private:
  std::filesystem::path dir_;
  std::string name_;
  std::uint64_t first_ = 0, end_ = 0;
  CampaignIdentity identity_;
  std::map<std::uint64_t, RunResult> runs_;
  std::set<std::uint64_t> checked_;                                     ///< runs keep_complete_runs() found complete
  std::unique_ptr<std::mutex> mutex_ = std::make_unique<std::mutex>();  // movable
  double last_write_ = 0.0;                                             ///< steady-clock seconds
};

}  // namespace ramus::app
