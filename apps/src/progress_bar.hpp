// A progress bar on standard error, drawn only when standard error is a terminal.
#pragma once

namespace ramus::app {

class ProgressBar {
 public:
  /// What the bar counts, and how its label reads: simulated time ("t = 98 s") or runs
  /// ("98 of 100 runs").
  enum class Counting { simulated_time, runs };
  /// Draws nothing when `enabled` is false or standard error is not a terminal.
  ProgressBar(double t0, double t1, bool enabled, Counting counting = Counting::simulated_time);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;
  /// Redraws when the whole percentage changed.
  void update(double t);
  /// Ends the line (called by the destructor).
  void finish();

 private:
  double t0_, t1_;
  bool active_;
  Counting counting_;
  int percent_ = -1;
};

}  // namespace ramus::app
