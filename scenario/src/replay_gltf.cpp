// The replay as glTF 2.0 (ramus/scenario/replay.hpp, docs/viewer.md, glTF): one embedded buffer,
// a node per body, its shape baked into a mesh in the body frame, one animation.
#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>

#include "ramus/scenario/replay.hpp"

namespace ramus::scenario {
namespace {

/// Triangles with flat normals (non-indexed), in the body frame.
struct MeshData {
  std::vector<float> positions, normals;
  void triangle(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& c) {
    const Eigen::Vector3d n = (b - a).cross(c - a).normalized();
    for (const Eigen::Vector3d* p : {&a, &b, &c})
      for (int i = 0; i < 3; ++i) {
        positions.push_back(static_cast<float>((*p)[i]));
        normals.push_back(static_cast<float>(n[i]));
      }
  }
  void quad(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& c, const Eigen::Vector3d& d) {
    triangle(a, b, c);
    triangle(a, c, d);
  }
};

/// The body's shape in its frame F: a box, or a 24-sided prism for a cylinder (axis y).
MeshData shape_mesh(const ReplayBody& body) {
  MeshData mesh;
  const auto to_F = [&](const Eigen::Vector3d& p) { return Eigen::Vector3d(body.centre_F + body.shape_to_F * p); };
  const Eigen::Vector3d h = 0.5 * body.size;
  if (body.shape == "cylinder") {
    constexpr int kSides = 24;
    const double r = h.x(), pi = std::acos(-1.0);
    for (int i = 0; i < kSides; ++i) {
      const double a0 = 2.0 * pi * i / kSides, a1 = 2.0 * pi * (i + 1) / kSides;
      const Eigen::Vector3d p0(r * std::cos(a0), 0.0, -r * std::sin(a0)), p1(r * std::cos(a1), 0.0, -r * std::sin(a1));
      const Eigen::Vector3d up(0.0, h.y(), 0.0);
      mesh.quad(to_F(p0 - up), to_F(p1 - up), to_F(p1 + up), to_F(p0 + up));
      mesh.triangle(to_F(up), to_F(p0 + up), to_F(p1 + up));
      mesh.triangle(to_F(-up), to_F(p1 - up), to_F(p0 - up));
    }
    return mesh;
  }
  const auto corner = [&](int sx, int sy, int sz) { return to_F(Eigen::Vector3d(sx * h.x(), sy * h.y(), sz * h.z())); };
  mesh.quad(corner(1, -1, -1), corner(1, 1, -1), corner(1, 1, 1), corner(1, -1, 1));      // +x
  mesh.quad(corner(-1, -1, -1), corner(-1, -1, 1), corner(-1, 1, 1), corner(-1, 1, -1));  // −x
  mesh.quad(corner(-1, 1, -1), corner(-1, 1, 1), corner(1, 1, 1), corner(1, 1, -1));      // +y
  mesh.quad(corner(-1, -1, -1), corner(1, -1, -1), corner(1, -1, 1), corner(-1, -1, 1));  // −y
  mesh.quad(corner(-1, -1, 1), corner(1, -1, 1), corner(1, 1, 1), corner(-1, 1, 1));      // +z
  mesh.quad(corner(-1, -1, -1), corner(-1, 1, -1), corner(1, 1, -1), corner(1, -1, -1));  // −z
  return mesh;
}

/// The buffer and its views and accessors, each accessor in its own view (floats only: every
/// offset stays a multiple of 4, as glTF requires: docs/viewer.md, glTF).
struct Builder {
  std::string buffer;
  nlohmann::json views = nlohmann::json::array(), accessors = nlohmann::json::array();

  /// `vertex`: a vertex attribute (its view's target is ARRAY_BUFFER).
  int add(const std::vector<float>& data, const char* type, int components, bool minmax, bool vertex = false) {
    const std::size_t offset = buffer.size();
    buffer.append(reinterpret_cast<const char*>(data.data()), data.size() * sizeof(float));
    views.push_back({{"buffer", 0}, {"byteOffset", offset}, {"byteLength", data.size() * sizeof(float)}});
    if (vertex) views.back()["target"] = 34962;  // ARRAY_BUFFER
    nlohmann::json a = {{"bufferView", views.size() - 1},
                        {"componentType", 5126},  // FLOAT
                        {"count", data.size() / static_cast<std::size_t>(components)},
                        {"type", type}};
    if (minmax) {  // required for POSITION and animation inputs (docs/viewer.md, glTF)
      const auto n = static_cast<std::size_t>(components);
      std::vector<float> lo(n, INFINITY), hi(n, -INFINITY);
      for (std::size_t i = 0; i < data.size(); ++i) {
        const std::size_t c = i % static_cast<std::size_t>(components);
        lo[c] = std::min(lo[c], data[i]);
        hi[c] = std::max(hi[c], data[i]);
      }
      a["min"] = lo;
      a["max"] = hi;
    }
    accessors.push_back(a);
    return static_cast<int>(accessors.size() - 1);
  }
};

}  // namespace

std::string replay_gltf(const Replay& r) {
  Builder b;
  nlohmann::json nodes = nlohmann::json::array(), meshes = nlohmann::json::array(), roots = nlohmann::json::array();
  nlohmann::json materials = nlohmann::json::array();
  materials.push_back({{"name", "hub"}, {"pbrMetallicRoughness", {{"baseColorFactor", {0.75, 0.75, 0.8, 1.0}}}}});
  materials.push_back({{"name", "segment"}, {"pbrMetallicRoughness", {{"baseColorFactor", {0.2, 0.35, 0.8, 1.0}}}}});
  materials.push_back({{"name", "wheel"}, {"pbrMetallicRoughness", {{"baseColorFactor", {0.85, 0.55, 0.15, 1.0}}}}});
  std::vector<std::vector<int>> children(r.bodies.size());
  for (std::size_t i = 0; i < r.bodies.size(); ++i) {
    const ReplayBody& body = r.bodies[i];
    const MeshData mesh = shape_mesh(body);
    const int position = b.add(mesh.positions, "VEC3", 3, true, true),
              normal = b.add(mesh.normals, "VEC3", 3, false, true);
    const int material = body.role == "hub" ? 0 : body.role == "segment" ? 1 : 2;
    meshes.push_back(
        {{"name", body.name},
         {"primitives", {{{"attributes", {{"POSITION", position}, {"NORMAL", normal}}}, {"material", material}}}}});
    nodes.push_back({{"name", body.name}, {"mesh", i}});
    if (body.parent < 0)
      roots.push_back(i);
    else
      children[static_cast<std::size_t>(body.parent)].push_back(static_cast<int>(i));
  }
  for (std::size_t i = 0; i < r.bodies.size(); ++i)
    if (!children[i].empty()) nodes[i]["children"] = children[i];

  nlohmann::json samplers = nlohmann::json::array(), channels = nlohmann::json::array();
  if (!r.t.empty()) {
    std::vector<float> times;
    for (const double t : r.t) times.push_back(static_cast<float>(t - r.t.front()));  // [s] from the first output
    const int input = b.add(times, "SCALAR", 1, true);
    for (std::size_t i = 0; i < r.bodies.size(); ++i) {
      std::vector<float> translation, rotation;
      for (const std::vector<ReplayPose>& at : r.poses) {
        // The node's pose relative to its parent (a root's relative to N).
        Eigen::Vector3d p = at[i].r_N;
        Eigen::Quaterniond q = at[i].q_NF;
        if (const int parent = r.bodies[i].parent; parent >= 0) {
          const ReplayPose& up = at[static_cast<std::size_t>(parent)];
          p = up.q_NF.conjugate() * (at[i].r_N - up.r_N);
          q = up.q_NF.conjugate() * at[i].q_NF;
        }
        q.normalize();
        for (int k = 0; k < 3; ++k) translation.push_back(static_cast<float>(p[k]));
        for (const double c : {q.x(), q.y(), q.z(), q.w()}) rotation.push_back(static_cast<float>(c));
      }
      const int t_out = b.add(translation, "VEC3", 3, false), r_out = b.add(rotation, "VEC4", 4, false);
      samplers.push_back({{"input", input}, {"output", t_out}, {"interpolation", "LINEAR"}});
      channels.push_back({{"sampler", samplers.size() - 1}, {"target", {{"node", i}, {"path", "translation"}}}});
      samplers.push_back({{"input", input}, {"output", r_out}, {"interpolation", "LINEAR"}});
      channels.push_back({{"sampler", samplers.size() - 1}, {"target", {{"node", i}, {"path", "rotation"}}}});
      // The node's rest pose: the first sample.
      nodes[i]["translation"] = {translation[0], translation[1], translation[2]};
      nodes[i]["rotation"] = {rotation[0], rotation[1], rotation[2], rotation[3]};
    }
  }
  nlohmann::json doc;
  doc["asset"] = {{"version", "2.0"}, {"generator", "ramus view (docs/viewer.md)"}};
  doc["scene"] = 0;
  doc["scenes"] = {{{"name", "replay"}, {"nodes", roots}}};
  doc["nodes"] = nodes;
  doc["meshes"] = meshes;
  doc["materials"] = materials;
  if (!channels.empty()) doc["animations"] = {{{"name", "run"}, {"samplers", samplers}, {"channels", channels}}};
  doc["accessors"] = b.accessors;
  doc["bufferViews"] = b.views;
  doc["buffers"] = {
      {{"byteLength", b.buffer.size()}, {"uri", "data:application/octet-stream;base64," + base64(b.buffer)}}};
  return doc.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string base64(std::string_view bytes) {
  static const char* const kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t v = 0;
    for (std::size_t k = 0; k < 3; ++k) v = (v << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0U);
    for (std::size_t k = 0; k < 4; ++k) out += k <= n ? kAlphabet[(v >> (18 - 6 * k)) & 63U] : '=';
  }
  return out;
}

}  // namespace ramus::scenario
