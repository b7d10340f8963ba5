#include <map>
#include <string>
#include <string_view>

#include "ramus/scenario/replay.hpp"

// The page's template and the vendored three.js files (third_party/three/README.md), built into the
// binary by the assembler's .incbin (paths from scenario/CMakeLists.txt): the page needs no file beside it.
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

namespace ramus::scenario {
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
      {"THREE", base64(embedded(ramus_three_module_begin, ramus_three_module_end))},
      {"ORBIT_CONTROLS", base64(embedded(ramus_three_orbit_begin, ramus_three_orbit_end))},
      {"GLTF_LOADER", base64(gltf_loader)},
      {"BUFFER_GEOMETRY_UTILS", base64(embedded(ramus_three_bgu_begin, ramus_three_bgu_end))},
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

}  // namespace

std::string replay_page(const Replay& replay, const std::string& gltf) { return page(replay_json(replay), gltf); }

}  // namespace ramus::scenario
