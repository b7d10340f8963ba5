#include "flex_costs.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <memory>

#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/samples/spacecraft.hpp"
#include "timing.hpp"

namespace ramus::bench {
namespace {

/// `model` finalized.
std::shared_ptr<Model> finalized(std::shared_ptr<Model> model) {
  model->finalize();
  return model;
}

/// [s] per evaluation of the finalized `model`'s right-hand side at its initial state (t
/// advancing), median of batches.
double evaluation_seconds(const std::shared_ptr<Model>& model, bool quick) {
  const System system(model);
  const Eigen::VectorXd x = model->initial_state();
  Eigen::VectorXd dx(x.size());
  double t = 0.0, sink = 0.0;
  const BatchTiming b = time_batches(quick ? 3 : 7, quick ? 0.01 : 0.05, [&] {
    t += 1e-6;
    system(x, dx, t);
    sink += dx[0];
  });
  return std::isfinite(sink) ? b.per_call.median : 0.0;
}

}  // namespace

std::vector<FlexCost> measure_flex_costs(bool quick) {
  std::vector<FlexCost> out;
  const std::shared_ptr<Model> hub = finalized(samples::hub_only());
  for (const int n : {1, 2, 5, 10, 20, 50, 100}) {
    const int elements = std::max(10, (n + 5) / 6 + 1);  // at least 6 free DOFs per element kept
    FlexCost c;
    c.modes = n;
    c.seconds_hub = evaluation_seconds(hub, quick);
    c.seconds = evaluation_seconds(finalized(samples::flex1(n, elements, true)), quick);
    c.seconds_linear = evaluation_seconds(finalized(samples::flex1(n, elements, false)), quick);
    out.push_back(c);
  }
  return out;
}

std::vector<ChainCrossover> measure_chain_crossover(bool quick) {
  std::vector<ChainCrossover> out;
  for (const int n : {2, 5, 10, 20, 40}) {
    ChainCrossover c;
    c.count = n;
    c.seconds_flexible = evaluation_seconds(finalized(samples::flex2(n)), quick);
    c.seconds_hinged = evaluation_seconds(finalized(samples::hinged_arrays2(static_cast<std::size_t>(n))), quick);
    out.push_back(c);
  }
  return out;
}

void print_flex_costs(std::ostream& os, const std::vector<FlexCost>& costs, const std::vector<ChainCrossover>& chains) {
  os << "\n== flex_modes, flexible bodies against the mode count: one evaluation (median of batches, this machine, "
        "this run) ==\n"
     << "  modes   hub+array [us]   per mode [ns]   no stiffening [us]   per mode [ns]   (hub alone [us])\n";
  for (const FlexCost& c : costs)
    os << "  " << std::setw(5) << c.modes << std::fixed << std::setprecision(3) << std::setw(17) << c.seconds * 1e6
       << std::setprecision(1) << std::setw(16) << (c.seconds - c.seconds_hub) / c.modes * 1e9 << std::setprecision(3)
       << std::setw(21) << c.seconds_linear * 1e6 << std::setprecision(1) << std::setw(16)
       << (c.seconds_linear - c.seconds_hub) / c.modes * 1e9 << std::setprecision(3) << std::setw(13)
       << c.seconds_hub * 1e6 << "\n";
  os << "  two arrays: n modes each (FlexibleBody) against n rigid hinged panels each (NHingedRigidBody)\n"
     << "      n   flexible [us]   hinged [us]   flexible/hinged\n";
  for (const ChainCrossover& c : chains)
    os << "  " << std::setw(5) << c.count << std::fixed << std::setprecision(3) << std::setw(16)
       << c.seconds_flexible * 1e6 << std::setw(14) << c.seconds_hinged * 1e6 << std::setprecision(2) << std::setw(18)
       << c.seconds_flexible / c.seconds_hinged << "\n";
  os << std::defaultfloat << std::setprecision(6);
}

}  // namespace ramus::bench
