// ramus: runs, checks and describes scenario files and runs Monte Carlo campaigns (docs/scenario.md
// §5–§6). A thin client of the library and of ramus::scenario: every number it writes comes from them.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>

#include "campaign_command.hpp"
#include "csv_run.hpp"
#include "effector_tree.hpp"
#include "hdf5_output.hpp"
#include "options.hpp"
#include "plots.hpp"
#include "progress_bar.hpp"
#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/run_scenario.hpp"
#include "ramus/scenario/scenario.hpp"
#include "run_record.hpp"

namespace ramus::app {
namespace {

int check(const Options& o) {
  const scenario::Scenario s = scenario::parse_scenario(read_file(o.scenario));
  std::size_t effectors = 0;
  for (std::size_t i = 0; i < s.model->vehicle_count(); ++i) effectors += s.model->vehicle(i).state_effectors().size();
  std::cout << o.scenario << ": OK: " << s.model->vehicle_count() << " vehicle(s), " << effectors
            << " state effector(s), state size " << s.model->layout().size() << ", " << s.output_times.size()
            << " output times from " << s.output_times.front() << " to " << s.output_times.back() << " s, stepper "
            << stepper_description(s.settings) << '\n';
  return 0;
}

int describe(const Options& o) {
  const scenario::Scenario s = scenario::parse_scenario(read_file(o.scenario));
  if (!s.description.empty()) std::cout << s.description << "\n\n";
  std::cout << "state layout\n" << s.model->layout().describe() << "\neffector tree\n" << effector_tree(*s.model);
  std::cout << "\nlogged quantities:";
  for (const std::string& q : s.log) std::cout << ' ' << q;
  std::cout << '\n';
  return 0;
}

int run(const Options& o) {
  if (o.hdf5 && !hdf5_available())
    throw std::runtime_error("--hdf5 " + *o.hdf5 + ": this ramus was built without HDF5 (Debian: libhdf5-dev)");
  const std::string bytes = read_file(o.scenario);
  const scenario::Scenario s = scenario::parse_scenario(bytes);
  const scenario::QuantityLog log(*s.model, s.log);

  std::ofstream file;
  if (o.output) {
    file.open(*o.output);
    if (!file) throw std::runtime_error(*o.output + ": cannot write");
  }
  std::ostream& out = o.output ? file : std::cout;
  LoggedRun logged{log.columns(), log.units(), {}};
  ProgressBar progress(s.output_times.front(), s.output_times.back(), !o.quiet);
  const std::vector<std::string> record = record_lines(o.scenario, bytes, s.settings);
  const CsvRun result = run_to_csv(
      s, log, record, out, [&](double t) { progress.update(t); },
      [&](const std::vector<double>& row) {
        if (o.plot_dir || o.hdf5) logged.rows.push_back(row);
      });
  progress.finish();
  const PropagationStats& stats = result.stats;
  if (!o.quiet)
    std::fprintf(stderr, "%llu steps, %llu rejected, %llu evaluations\n", static_cast<unsigned long long>(stats.steps),
                 static_cast<unsigned long long>(stats.rejected), static_cast<unsigned long long>(stats.evaluations));
  if (o.hdf5) write_hdf5(*o.hdf5, record, log.columns(), log.units(), logged.rows);
  if (o.plot_dir) {
    const std::vector<std::string> figures = write_plots(*o.plot_dir, o.scenario, logged);
    if (!o.quiet) std::fprintf(stderr, "%zu figures in %s\n", figures.size(), o.plot_dir->c_str());
  }
  return 0;
}

}  // namespace
}  // namespace ramus::app

int main(int argc, char** argv) {
  using namespace ramus::app;
  Options o;
  try {
    o = parse_options(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const UsageError& e) {
    std::fprintf(stderr, "ramus: %s\n%s", e.message.c_str(), usage().c_str());
    return 2;
  }
  try {
    switch (o.command) {
      case Command::help:
        std::fputs(usage().c_str(), stdout);
        return 0;
      case Command::version:
        std::printf("ramus %s\n", RAMUS_VERSION);
        return 0;
      case Command::check:
        return check(o);
      case Command::describe:
        return describe(o);
      case Command::run:
        return run(o);
      case Command::campaign:
        return run_campaign(o, *make_process_group(argc, argv));
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ramus: %s: %s\n", o.scenario.c_str(), e.what());
    return 1;
  }
  return 1;
}
