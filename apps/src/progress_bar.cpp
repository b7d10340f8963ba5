#include "progress_bar.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace ramus::app {

ProgressBar::ProgressBar(double t0, double t1, bool enabled, Counting counting)
    : t0_(t0), t1_(t1), active_(enabled && isatty(STDERR_FILENO) == 1), counting_(counting) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::update(double t) {
  if (!active_) return;
  const int percent = std::clamp(static_cast<int>(100.0 * (t - t0_) / (t1_ - t0_)), 0, 100);
  if (percent == percent_) return;
  percent_ = percent;
  constexpr int width = 40;
  const int filled = percent * width / 100;
  std::fprintf(stderr, "\r[%.*s%*s] %3d%%  ", filled, "########################################", width - filled, "",
               percent);
  if (counting_ == Counting::runs)
    std::fprintf(stderr, "%.0f of %.0f runs", t - t0_, t1_ - t0_);
  else
    std::fprintf(stderr, "t = %.6g s", t);
  std::fflush(stderr);
}

void ProgressBar::finish() {
  if (!active_) return;
  std::fputc('\n', stderr);
  active_ = false;
}

}  // namespace ramus::app
