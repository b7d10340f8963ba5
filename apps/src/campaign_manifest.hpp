// The manifest of a campaign directory, manifest.json (docs/scenario.md §Campaign files): what the
// campaign is (ramus version, the scenario's and dispersions' checksums, seed, summary columns)
// and, per run, its status, its file and the file's checksum, and its final values written
// exactly. `ramus campaign --resume` trusts a run only when the manifest says it is complete and
// its file is still there with that checksum and the complete marker.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
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
  static constexpr const char* kFileName = "manifest.json";

  /// An empty manifest of the campaign `identity` in `dir`.
  CampaignManifest(std::filesystem::path dir, CampaignIdentity identity);

  /// The manifest in `dir`, checked against `identity`: throws std::runtime_error naming what
  /// differs (another scenario, dispersions file, seed or ramus version), or when it is unreadable.
  static CampaignManifest resume(const std::filesystem::path& dir, const CampaignIdentity& identity);

  /// The run's result when the manifest has it complete and its file is still whole (checksum and
  /// end marker); else nullopt (the run is to be run again).
  std::optional<RunResult> complete_run(std::uint64_t run) const;
  /// Forgets a run (it is about to be run again).
  void forget(std::uint64_t run);
  /// Records a run's result (thread-safe).
  void record(std::uint64_t run, const RunResult& result);
  /// Writes manifest.json atomically (thread-safe).
  void write() const;
  /// Writes it when the last write is older than `seconds` (thread-safe).
  void write_every(double seconds);

 private:
  std::filesystem::path dir_;
  CampaignIdentity identity_;
  std::map<std::uint64_t, RunResult> runs_;
  std::unique_ptr<std::mutex> mutex_ = std::make_unique<std::mutex>();  // movable
  double last_write_ = 0.0;  ///< steady-clock seconds
};

}  // namespace ramus::app
