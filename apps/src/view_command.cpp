#include "view_command.hpp"

#include <cstdio>
#include <filesystem>
#include <map>
#include <string_view>

#include "input_files.hpp"
#include "output_file.hpp"
#include "progress_bar.hpp"
#include "ramus/scenario/replay.hpp"
#include "run_record.hpp"
#include "text_escape.hpp"

// The page's template and the vendored three.js files (third_party/three/README.md), built into the
// binary by the assembler's .incbin (paths from apps/CMakeLists.txt): the page needs no file beside it.
#define RAMUS_INCBIN(name, file)                                                                       \
  __asm__(".pushsection .rodata\n.balign 16\n.global " #name "_begin\n.hidden " #name "_begin\n" #name \
          "_begin:\n.incbin \"" file "\"\n.global " #name "_end\n.hidden " #name "_end\n" #name        \
          "_end:\n"                                                                                    \
          ".byte 0\n.popsection\n");                                                                   \
  extern "C" const char name##_begin[];                                                                \
  extern "C" const char name##_end[];

RAMUS_INCBIN(ramus_web_replay, RAMUS_WEB_REPLAY_HTML)
RAMUS_INCBIN(ramus_three_module, RAMUS_THREE_MODULE_JS)
RAMUS_INCBIN(ramus_three_orbit, RAMUS_THREE_ORBIT_CONTROLS_JS)
RAMUS_INCBIN(ramus_three_gltf, RAMUS_THREE_GLTF_LOADER_JS)
RAMUS_INCBIN(ramus_three_bgu, RAMUS_THREE_BUFFER_GEOMETRY_UTILS_JS)

namespace ramus::app {
namespace {

std::string_view embedded(const char* begin, const char* end) { return {begin, static_cast<std::size_t>(end - begin)}; }

/// JSON text safe inside a <script> element: "</" becomes "<\/" (the same string in JSON, and
/// only inside strings can it occur).
std::string script_safe(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    out.push_back(text[i]);
    if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/') out.push_back('\\');
  }
  return out;
}

/// The page: the template with each "@RAMUS_NAME@" marker replaced once; the inserted text is not
/// searched for markers.
std::string page(const std::string& data_json, const std::string& gltf) {
  std::string gltf_loader(embedded(ramus_three_gltf_begin, ramus_three_gltf_end));
  // third_party/three/README.md: the one relative import, which a data: URL cannot resolve.
  const std::string relative = "'../utils/BufferGeometryUtils.js'";
  if (const std::size_t at = gltf_loader.find(relative); at != std::string::npos)
    gltf_loader.replace(at, relative.size(), "'three/addons/utils/BufferGeometryUtils.js'");
  const std::map<std::string, std::string, std::less<>> values = {
      {"THREE", scenario::base64(embedded(ramus_three_module_begin, ramus_three_module_end))},
      {"ORBIT_CONTROLS", scenario::base64(embedded(ramus_three_orbit_begin, ramus_three_orbit_end))},
      {"GLTF_LOADER", scenario::base64(gltf_loader)},
      {"BUFFER_GEOMETRY_UTILS", scenario::base64(embedded(ramus_three_bgu_begin, ramus_three_bgu_end))},
      {"DATA", script_safe(data_json)},
      {"GLTF", script_safe(gltf)}};
  const std::string_view tpl = embedded(ramus_web_replay_begin, ramus_web_replay_end);
  std::string out;
  std::size_t at = 0;
  for (;;) {
    const std::size_t open = tpl.find("@RAMUS_", at);
    if (open == std::string_view::npos) break;
    const std::size_t close = tpl.find('@', open + 7);
    if (close == std::string_view::npos) break;
    const auto it = values.find(tpl.substr(open + 7, close - open - 7));
    if (it == values.end()) {  // not a marker: copy it
      out.append(tpl.substr(at, open + 1 - at));
      at = open + 1;
      continue;
    }
    out.append(tpl.substr(at, open - at)).append(it->second);
    at = close + 1;
  }
  out.append(tpl.substr(at));
  return out;
}

/// Writes the replay's files: every file finished before any is renamed into place.
void write_replay(const Options& o, const scenario::Replay& replay) {
  const std::string gltf = o.gltf ? scenario::replay_gltf(replay) : std::string();
  std::unique_ptr<OutputFile> html, gltf_file;
  if (o.view) {
    html = std::make_unique<OutputFile>(*o.view);
    html->write(page(scenario::replay_json(replay), gltf));
    html->finish();
  }
  if (o.gltf) {
    gltf_file = std::make_unique<OutputFile>(*o.gltf);
    gltf_file->write(gltf);
    gltf_file->finish();
  }
  if (html) html->commit();
  if (gltf_file) gltf_file->commit();
}

scenario::Replay record(const Options& o, const scenario::Scenario& s, const std::string& bytes) {
  ProgressBar progress(s.output_times.front(), s.output_times.back(), !o.quiet);
  scenario::Replay replay = scenario::record_replay(s, bytes, std::filesystem::path(o.scenario).parent_path(),
                                                    [&](double t) { progress.update(t); });
  progress.finish();
  return replay;
}

}  // namespace

std::vector<NamedFile> view_outputs(const Options& o) {
  std::vector<NamedFile> outputs;
  if (o.view) outputs.push_back({o.command == Command::view ? "--out" : "--view", *o.view});
  if (o.gltf) outputs.push_back({"--gltf", *o.gltf});
  return outputs;
}

bool write_view_outputs(const Options& o, const scenario::Scenario& s, const std::string& bytes) {
  const scenario::Replay replay = record(o, s, bytes);
  write_replay(o, replay);
  return replay.failure.empty();
}

int run_view(const Options& o) {
  const std::string bytes = read_input(o.scenario, "scenario");
  const scenario::Scenario s = load_scenario_file(o.scenario, bytes);
  // Before anything runs: no output may be the scenario, a data file or another output.
  require_distinct_files(run_inputs(o.scenario, s), view_outputs(o));
  print_warnings(o.scenario, s.warnings);
  const scenario::Replay replay = record(o, s, bytes);
  write_replay(o, replay);
  if (!o.quiet) {
    std::fprintf(stderr, "%zu bodies, %zu samples: %s%s%s\n", replay.bodies.size(), replay.t.size(),
                 escaped_text(o.view ? *o.view : std::string()).c_str(), o.gltf ? ", " : "",
                 o.gltf ? escaped_text(*o.gltf).c_str() : "");
  }
  if (!replay.failure.empty()) {
    std::fprintf(stderr, "ramus: %s: %s; the replay holds the %zu samples computed, marked incomplete\n",
                 escaped_text(o.scenario).c_str(), escaped_text(replay.failure).c_str(), replay.t.size());
    return 1;
  }
  return 0;
}

}  // namespace ramus::app
