// Google Benchmark micro-benchmarks: one right-hand-side evaluation, and one rk4 step, of every
// ramus-bench scenario at its initial state. `ramus-micro --benchmark_filter=panels2` selects;
// the bench's own tables (ramus-bench) are the figures of record, these are for profiling.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "ramus/kernel/system.hpp"
#include "ramus/steppers/odeint_steppers.hpp"
#include "scenarios.hpp"

namespace {

using namespace ramus;
using namespace ramus::bench;

/// A scenario's system at x0, built once per benchmark process.
struct Case {
  Scenario scenario;
  System system;
  explicit Case(Scenario s) : scenario(std::move(s)), system(scenario.model) {}
};

void evaluation(benchmark::State& state, const Case* c) {
  Eigen::VectorXd dxdt(c->scenario.x0.size());
  for (auto _ : state) {
    c->system(c->scenario.x0, dxdt, c->scenario.t0);
    benchmark::DoNotOptimize(dxdt.data());
    benchmark::ClobberMemory();
  }
  state.counters["state"] = static_cast<double>(c->scenario.x0.size());
}

void rk4_step(benchmark::State& state, const Case* c) {
  odeint_steppers::rk4 stepper;
  Eigen::VectorXd out(c->scenario.x0.size());
  for (auto _ : state) {
    stepper.do_step(std::cref(c->system), c->scenario.x0, c->scenario.t0, out, c->scenario.dt0);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::unique_ptr<Case>> cases;
  for (const ScenarioEntry& e : scenario_list()) {
    cases.push_back(std::make_unique<Case>(e.make()));
    const Case* c = cases.back().get();
    benchmark::RegisterBenchmark((std::string(e.name) + "/evaluation").c_str(), evaluation, c);
    benchmark::RegisterBenchmark((std::string(e.name) + "/rk4_step").c_str(), rk4_step, c);
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
