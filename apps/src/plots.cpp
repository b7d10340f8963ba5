#include "plots.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <stdexcept>

#include "number_text.hpp"
#include "output_file.hpp"
#include "text_escape.hpp"

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

/// A gnuplot single-quoted string of display text: the user's text escaped to printable ASCII
/// (text_escape.hpp) without quotes and without the characters gnuplot could expand (` @ $), all
/// of them written "\xNN". No user text can end the string or start a command.
std::string quoted(const std::string& s) { return std::string("'").append(escaped_text(s, "'\"`@$")).append("'"); }

/// A figure's file stem from a quantity name: letters, digits, '-', '_' and '.' only (so that the
/// script names its files without quoting), unique among `taken`.
std::string file_stem(const std::string& name, std::set<std::string>& taken) {
  std::string stem = name;
  for (char& c : stem)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.') c = '_';
  if (stem.empty() || stem[0] == '.') stem = std::string("q").append(stem);
  std::string unique = stem;
  for (int k = 2; !taken.insert(unique).second; ++k) unique = std::string(stem).append("_").append(std::to_string(k));
  return unique;
}

void write_table(const std::filesystem::path& file, const std::vector<std::vector<double>>& rows) {
  OutputFile out(file.string());
  std::string line;
  for (const std::vector<double>& row : rows) {
    line.clear();
    for (std::size_t i = 0; i < row.size(); ++i) line.append(i ? " " : "").append(number_text(row[i]));
    out << line << '\n';
  }
  out.commit();
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

/// A figure of the plan: its stem, and the gnuplot commands that draw it.
struct Figure {
  std::string stem, heading, ylabel, plot;
};

std::vector<Figure> figures_of(const std::string& title, const std::vector<std::string>& columns,
                               const std::vector<std::string>& units) {
  const LoggedRun shape{columns, units, {}};
  std::set<std::string> taken{"plot_data", "drift", "plots"};
  std::vector<Figure> out;
  for (const Quantity& q : quantities(shape)) {
    std::string plot = "plot ";
    for (std::size_t k = 0; k < q.columns.size(); ++k)
      plot += (k ? ", " : "") + std::string("'plot_data.tsv' using 1:") + std::to_string(q.columns[k]) +
              " with lines title " + quoted(q.titles[k]);
    out.push_back({file_stem(q.name, taken), title + ": " + q.name, q.name + " [" + q.unit + "]", plot});
  }
  const std::ptrdiff_t energy = column_of(shape, "total_energy"), momentum = column_of(shape, "H_PntN_N[0]");
  // The heading names what the figure draws: the energy's drift, the momentum's, or both.
  const std::string drawn = energy >= 0 && momentum >= 0 ? "energy and angular momentum drift"
                            : energy >= 0                ? "energy drift"
                                                         : "angular momentum drift";
  if (energy >= 0 || momentum >= 0) {
    std::string plot = "plot ";
    int column = 2;
    if (energy >= 0) plot += "'drift.tsv' using 1:" + std::to_string(column++) + " with lines title '(E - E0)/|E0|'";
    if (momentum >= 0)
      plot += std::string(energy >= 0 ? ", " : "") + "'drift.tsv' using 1:" + std::to_string(column) +
              " with lines title '|H - H0|/|H0| (about N)'";
    out.push_back({"drift", title + ": " + drawn, "relative drift [1]", plot});
  }
  return out;
}

constexpr const char* kTerminals[] = {"png", "svg"};
/// Okabe and Ito's colour-blind-safe palette (yellow left out: faint on white), in the order that
/// keeps the first curves furthest apart (CIE 1976 ΔE ≥ 70 among three, ≥ 62 among four): blue,
/// vermilion, bluish green, black, reddish purple, orange, sky blue.
constexpr std::array<const char*, 7> kPalette = {"#0072B2", "#D55E00", "#009E73", "black",
                                                 "#CC79A7", "#E69F00", "#56B4E9"};

/// Whether `file` is a whole figure: a PNG starts with its signature and ends with its IEND chunk,
/// an SVG ends with "</svg>" (then white space).
bool complete_figure(const std::filesystem::path& file, const std::string& terminal) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return false;
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (terminal == "png") {
    static const std::string signature("\x89PNG\r\n\x1a\n", 8), iend("\0\0\0\0IEND\xae\x42\x60\x82", 12);
    return bytes.starts_with(signature) && bytes.ends_with(iend);
  }
  const std::size_t last = bytes.find_last_not_of(" \t\r\n");
  return last != std::string::npos && std::string_view(bytes).substr(0, last + 1).ends_with("</svg>");
}

/// A private directory inside `dir`, removed with what is left in it at scope exit.
class StagingDirectory {
 public:
  explicit StagingDirectory(const std::filesystem::path& dir) {
    std::string pattern = (dir / ".ramus-plots-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr)
      throw std::runtime_error(escaped_text(dir.string()) +
                               ": cannot create a directory for the plots: " + std::strerror(errno));
    path_ = pattern;
  }
  ~StagingDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  StagingDirectory(const StagingDirectory&) = delete;
  StagingDirectory& operator=(const StagingDirectory&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

/// Runs `gnuplot plots.gp` in `dir` without a shell (the script's name is fixed, the directory is
/// entered by chdir); returns its exit status and what it printed.
std::pair<int, std::string> run_gnuplot(const std::filesystem::path& dir) {
  int out[2];
  if (::pipe(out) != 0) throw std::runtime_error(std::string("cannot start gnuplot: ") + std::strerror(errno));
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error(std::string("cannot start gnuplot: ") + std::strerror(errno));
  if (pid == 0) {
    ::dup2(out[1], STDOUT_FILENO);
    ::dup2(out[1], STDERR_FILENO);
    ::close(out[0]);
    ::close(out[1]);
    if (::chdir(dir.c_str()) != 0) ::_exit(126);
    ::execlp("gnuplot", "gnuplot", "plots.gp", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(out[1]);
  std::string messages;
  char buffer[512];
  for (;;) {
    const ssize_t n = ::read(out[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    messages.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(out[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
    throw std::runtime_error("cannot run gnuplot (Debian: gnuplot-nox); --plot needs it");
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), messages};
}

/// fsync of a written file.
void sync_file(const std::filesystem::path& file, const std::string& shown) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0 || ::fsync(fd) != 0) {
    const int e = errno;
    if (fd >= 0) ::close(fd);
    throw std::runtime_error(shown + ": cannot write: " + std::strerror(e));
  }
  ::close(fd);
}

}  // namespace

std::vector<std::string> plot_files(const std::vector<std::string>& columns, const std::vector<std::string>& units) {
  std::vector<std::string> files{"plot_data.tsv", "plots.gp"};
  const std::vector<Figure> figures = figures_of("", columns, units);
  if (!figures.empty() && figures.back().stem == "drift") files.push_back("drift.tsv");
  for (const Figure& f : figures)
    for (const char* terminal : kTerminals) files.push_back(f.stem + "." + terminal);
  return files;
}

std::vector<std::string> write_plots(const std::string& dir_name, const std::string& title, const LoggedRun& run) {
  namespace fs = std::filesystem;
  const fs::path dir(dir_name);
  std::error_code error;
  fs::create_directories(dir, error);
  if (error)
    throw std::runtime_error(escaped_text(dir_name) + ": cannot create the plot directory: " + error.message());
  const StagingDirectory staging(dir);
  const fs::path& work = staging.path();

  // Every name in the script is fixed or a sanitized stem, relative to the script's directory: no
  // user text is a path in it, and the directory can be moved and replotted as it is.
  const std::vector<Figure> figures = figures_of(title, run.columns, run.units);
  std::vector<std::string> files{"plot_data.tsv", "plots.gp"};
  write_table(work / "plot_data.tsv", run.rows);
  if (!figures.empty() && figures.back().stem == "drift") {
    write_table(work / "drift.tsv", drift_rows(run, column_of(run, "total_energy"), column_of(run, "H_PntN_N[0]")));
    files.push_back("drift.tsv");
  }
  {
    OutputFile gp((work / "plots.gp").string());
    gp << "# ramus --plot: `gnuplot plots.gp` in this directory draws the figures again\n";
    // Curves of one figure in colours far apart (the Okabe-Ito palette, told apart also with the
    // common colour-vision deficiencies), dashed from the fifth on.
    gp << "set grid\nset key below\n";
    for (std::size_t k = 0; k < kPalette.size(); ++k)
      gp << "set linetype " << std::to_string(k + 1) << " linecolor rgb '" << kPalette[k]
         << "' linewidth 1.5 dashtype 1\n";
    for (std::size_t k = 0; k < kPalette.size(); ++k)
      gp << "set linetype " << std::to_string(kPalette.size() + k + 1) << " linecolor rgb '" << kPalette[k]
         << "' linewidth 1.5 dashtype 2\n";
    gp << "set linetype cycle " << std::to_string(2 * kPalette.size()) << "\n";
    for (const Figure& f : figures)
      for (const char* terminal : kTerminals)
        gp << "set terminal " << terminal << " noenhanced size 900,600\n"
           << "set output '" << f.stem << "." << terminal << "'\n"
           << "set title " << quoted(f.heading) << "\nset xlabel 't [s]'\nset ylabel " << quoted(f.ylabel) << "\n"
           << f.plot << "\nunset output\n";
    gp.commit();
  }
  const auto [status, messages] = run_gnuplot(work);
  const std::string none_written = "; no figure was written to " + escaped_text(dir_name);
  if (status != 0)
    throw std::runtime_error("gnuplot failed (status " + std::to_string(status) + ")" +
                             (messages.empty() ? "" : ":\n" + messages) + none_written);
  std::vector<std::string> written;
  for (const Figure& f : figures)
    for (const char* terminal : kTerminals) {
      const std::string name = f.stem + "." + terminal;
      const std::string shown = escaped_text((dir / name).string());
      if (!complete_figure(work / name, terminal))
        throw std::runtime_error(shown + ": gnuplot did not write the whole figure (is the disk full?)" +
                                 (messages.empty() ? "" : ": " + messages) + none_written);
      sync_file(work / name, shown);
      files.push_back(name);
      written.push_back((dir / name).string());
    }
  // Every figure is whole and on disk: move data, script and figures into place, each by one
  // rename (a file of the directory is the old one or the new one, never a partial one).
  for (const std::string& name : files)
    if (std::rename((work / name).c_str(), (dir / name).c_str()) != 0)
      throw std::runtime_error(escaped_text((dir / name).string()) +
                               ": cannot move into place: " + std::strerror(errno));
  return written;
}

}  // namespace ramus::app
