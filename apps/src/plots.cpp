#include "plots.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>

namespace ramus::app {
namespace {

/// A logged quantity and its columns (1-based, as gnuplot counts them).
struct Quantity {
  std::string name;
  std::string unit;
  std::vector<std::size_t> columns;
  std::vector<std::string> titles;
};

std::vector<Quantity> quantities(const LoggedRun& run) {
  std::vector<Quantity> out;
  for (std::size_t c = 1; c < run.columns.size(); ++c) {
    const std::string& column = run.columns[c];
    const std::string name = column.substr(0, column.find('['));
    if (out.empty() || out.back().name != name) out.push_back({name, run.units[c], {}, {}});
    out.back().columns.push_back(c + 1);
    out.back().titles.push_back(column);
  }
  return out;
}

/// A gnuplot single-quoted string.
std::string quoted(const std::string& s) {
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

/// A POSIX shell single-quoted word.
std::string shell_quoted(const std::string& s) {
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string file_stem(const std::string& name) {
  std::string out = name;
  for (char& c : out)
    if (c == '/' || c == '\\' || c == ' ') c = '_';
  return out;
}

void write_table(const std::filesystem::path& file, const std::vector<std::vector<double>>& rows) {
  std::FILE* f = std::fopen(file.c_str(), "w");
  if (f == nullptr) throw std::runtime_error(file.string() + ": cannot write");
  for (const std::vector<double>& row : rows) {
    for (std::size_t i = 0; i < row.size(); ++i) std::fprintf(f, i ? " %.17g" : "%.17g", row[i]);
    std::fputc('\n', f);
  }
  std::fclose(f);
}

/// Relative drift of the total energy, (E − E0)/|E0|, and of the angular momentum about N,
/// |H − H0|/|H0| (absolute where the initial value is zero): t, dE, dH, one row per output.
std::vector<std::vector<double>> drift_rows(const LoggedRun& run, std::ptrdiff_t energy, std::ptrdiff_t momentum) {
  std::vector<std::vector<double>> out;
  if (run.rows.empty()) return out;
  const std::vector<double>& first = run.rows.front();
  const auto H = [&](const std::vector<double>& row) {
    return std::array<double, 3>{row[momentum], row[momentum + 1], row[momentum + 2]};
  };
  const double E0 = energy >= 0 ? first[energy] : 0.0;
  const std::array<double, 3> H0 = momentum >= 0 ? H(first) : std::array<double, 3>{};
  const double H0_norm = std::hypot(H0[0], H0[1], H0[2]);
  for (const std::vector<double>& row : run.rows) {
    std::vector<double> r{row[0]};
    if (energy >= 0) r.push_back((row[energy] - E0) / (E0 != 0.0 ? std::abs(E0) : 1.0));
    if (momentum >= 0) {
      const std::array<double, 3> h = H(row);
      r.push_back(std::hypot(h[0] - H0[0], h[1] - H0[1], h[2] - H0[2]) / (H0_norm > 0.0 ? H0_norm : 1.0));
    }
    out.push_back(r);
  }
  return out;
}

std::ptrdiff_t column_of(const LoggedRun& run, const std::string& name) {
  for (std::size_t c = 0; c < run.columns.size(); ++c)
    if (run.columns[c] == name) return static_cast<std::ptrdiff_t>(c);
  return -1;
}

}  // namespace

std::vector<std::string> write_plots(const std::string& dir_name, const std::string& title, const LoggedRun& run) {
  namespace fs = std::filesystem;
  const fs::path dir(dir_name);
  fs::create_directories(dir);
  write_table(dir / "plot_data.tsv", run.rows);

  std::ofstream gp(dir / "plots.gp");
  if (!gp) throw std::runtime_error((dir / "plots.gp").string() + ": cannot write");
  std::vector<std::string> figures;
  const auto figure = [&](const std::string& stem, const std::string& heading, const std::string& ylabel,
                          const std::string& plot_command) {
    for (const char* terminal : {"png", "svg"}) {
      const fs::path file = dir / (stem + "." + terminal);
      gp << "set terminal " << terminal << " noenhanced size 900,600\n"
         << "set output " << quoted(file.string()) << "\n"
         << "set title " << quoted(heading) << "\nset xlabel 't [s]'\nset ylabel " << quoted(ylabel) << "\n"
         << plot_command << "\nunset output\n";
      figures.push_back(file.string());
    }
  };
  gp << "set grid\nset key below\n";
  const std::string data = quoted((dir / "plot_data.tsv").string());
  for (const Quantity& q : quantities(run)) {
    std::string plot = "plot ";
    for (std::size_t k = 0; k < q.columns.size(); ++k)
      plot += (k ? ", " : "") + data + " using 1:" + std::to_string(q.columns[k]) + " with lines title " +
              quoted(q.titles[k]);
    figure(file_stem(q.name), title + ": " + q.name, q.name + " [" + q.unit + "]", plot);
  }
  const std::ptrdiff_t energy = column_of(run, "total_energy"), momentum = column_of(run, "H_PntN_N[0]");
  if (energy >= 0 || momentum >= 0) {
    write_table(dir / "drift.tsv", drift_rows(run, energy, momentum));
    const std::string drift = quoted((dir / "drift.tsv").string());
    std::string plot = "plot ";
    int column = 2;
    if (energy >= 0) plot += drift + " using 1:" + std::to_string(column++) + " with lines title '(E - E0)/|E0|'";
    if (momentum >= 0)
      plot += std::string(energy >= 0 ? ", " : "") + drift + " using 1:" + std::to_string(column) +
              " with lines title '|H - H0|/|H0| (about N)'";
    figure("drift", title + ": energy and angular momentum drift", "relative drift [1]", plot);
  }
  gp.close();

  const std::string command = "gnuplot " + shell_quoted((dir / "plots.gp").string()) + " 2>&1";
  std::FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot start gnuplot");
  std::string messages;
  char buffer[512];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) messages += buffer;
  const int status = pclose(pipe);
  if (status != 0)
    throw std::runtime_error("gnuplot failed on " + (dir / "plots.gp").string() + " (status " + std::to_string(status) +
                             ")" + (messages.empty() ? "" : ":\n" + messages));
  return figures;
}

}  // namespace ramus::app
