// ramus-bench: the integrator-comparison executable (DESIGN §8). Reports; asserts nothing.
#include <exception>
#include <fstream>
#include <iostream>
#include <string_view>
#include <vector>

#include "comparison.hpp"
#include "options.hpp"
#include "report.hpp"
#include "scenarios.hpp"

int main(int argc, char** argv) {
  using namespace ramus::bench;
  const std::vector<std::string_view> args(argv + 1, argv + argc);
  Options options;
  try {
    options = parse_options(args);
  } catch (const UsageError& e) {
    std::cerr << "ramus-bench: " << e.what() << "\n(ramus-bench --help for usage, --list for the names)\n";
    return 2;
  }
  if (options.help) {
    std::cout << usage();
    return 0;
  }
  if (options.list) {
    std::cout << listing();
    return 0;
  }

  try {
    std::ofstream csv;
    if (options.csv_path) {
      csv.open(*options.csv_path);
      if (!csv) {
        std::cerr << "ramus-bench: cannot open '" << *options.csv_path << "' for writing\n";
        return 1;
      }
      write_csv_header(csv);
    }
    const ComparisonSettings settings = options.quick ? ComparisonSettings::quick() : ComparisonSettings::full();
    print_legend(std::cout, settings, options.quick);
    std::vector<ScenarioComparison> chains;  // for the cost-vs-N table
    for (const std::string& name : options.scenarios) {
      const Scenario scenario = find_scenario(name)->make();
      const ScenarioComparison comparison = compare_steppers(scenario, options.steppers, settings);
      print_table(std::cout, comparison);
      if (csv.is_open()) write_csv_rows(csv, comparison);
      if (comparison.chain_links > 0) chains.push_back(comparison);
    }
    print_chain_cost(std::cout, chains);
    if (csv.is_open() && !csv.flush()) {
      std::cerr << "ramus-bench: writing '" << *options.csv_path << "' failed\n";
      return 1;
    }
  } catch (const std::exception& e) {
    std::cerr << "ramus-bench: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
