// The registry (ramus/scenario/registry.hpp): the table built once from each category's
// registration, the look-ups, and the suggestion of a near name for a typo.
#include "registry_table.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

#include "field_list.hpp"
#include "ramus/kernel/enum_names.hpp"

namespace ramus::scenario {

std::string_view to_string(Category c) {
  static constexpr std::array<std::string_view, 8> names{
      "state_effector", "dynamic_effector", "two_point_effector", "gravity", "task", "event", "sensor", "part"};
  return enum_name(c, names, "part");
}

std::vector<std::string_view> common_keys(Category category, bool on_segment) {
  switch (category) {
    case Category::state_effector:
      return {"type", "name", "dynamic_effectors"};
    case Category::dynamic_effector:
      return on_segment ? std::vector<std::string_view>{"type", "name", "segment"}
                        : std::vector<std::string_view>{"type", "name"};
    case Category::two_point_effector:
      return {"type", "name", "end1", "end2"};
    case Category::gravity:
      return {"type"};
    case Category::task:
      return {"type", "name", "vehicle", "period", "offset"};
    case Category::event:
      return {"name", "type", "direction", "action", "time_tolerance"};
    case Category::sensor:
    case Category::part:
      return {};
  }
  return {};
}

TypeInfo type_info(std::string name, Category category, std::string doc, std::string page, std::string cpp,
                   std::vector<FieldInfo> fields) {
  TypeInfo t;
  t.name = std::move(name);
  t.category = category;
  t.doc = std::move(doc);
  t.page = std::move(page);
  t.cpp = std::move(cpp);
  t.fields = std::move(fields);
  return t;
}

Registry::Registry() {
  register_vehicle_parts(*this);
  register_state_effectors(*this);
  register_flexible_body(*this);  // flexible_body_section.cpp
  register_dynamic_effectors(*this);
  register_environment_effectors(*this);
  register_two_point_effectors(*this);
  register_gravity(*this);
  register_sensors(*this);
  register_tasks(*this);
  register_events(*this);
  // Categories in the order of the enum, each in registration order (stable).
  std::stable_sort(types_.begin(), types_.end(), [](const TypeInfo& a, const TypeInfo& b) {
    return static_cast<int>(a.category) < static_cast<int>(b.category);
  });
}

const Registry& Registry::instance() {
  static const Registry registry;
  return registry;
}

void Registry::insert(TypeInfo info) {
  if (find(info.name) != nullptr) throw Error("scenario registry: type '" + info.name + "' registered twice");
  types_.push_back(std::move(info));
}

void Registry::add_part(TypeInfo info) {
  info.category = Category::part;
  insert(std::move(info));
}

void Registry::add_state_effector(TypeInfo info, StateEffectorBuilder build) {
  info.category = Category::state_effector;
  state_builders_.emplace_back(info.name, std::move(build));
  insert(std::move(info));
}

void Registry::add_dynamic_effector(TypeInfo info, DynamicEffectorBuilder build) {
  info.category = Category::dynamic_effector;
  dynamic_builders_.emplace_back(info.name, std::move(build));
  insert(std::move(info));
}

void Registry::add_task(TypeInfo info, TaskBuilder build) {
  info.category = Category::task;
  task_builders_.emplace_back(info.name, std::move(build));
  insert(std::move(info));
}

void Registry::add(TypeInfo info) { insert(std::move(info)); }

const TaskBuilder* Registry::task(std::string_view name) const {
  for (const auto& [n, b] : task_builders_)
    if (n == name) return &b;
  return nullptr;
}

const TypeInfo* Registry::find(std::string_view name) const {
  for (const TypeInfo& t : types_)
    if (t.name == name) return &t;
  return nullptr;
}

const StateEffectorBuilder* Registry::state_effector(std::string_view name) const {
  for (const auto& [n, b] : state_builders_)
    if (n == name) return &b;
  return nullptr;
}

const DynamicEffectorBuilder* Registry::dynamic_effector(std::string_view name) const {
  for (const auto& [n, b] : dynamic_builders_)
    if (n == name) return &b;
  return nullptr;
}

std::vector<std::string> Registry::names(Category category) const {
  std::vector<std::string> out;
  for (const TypeInfo& t : types_)
    if (t.category == category) out.push_back(t.name);
  return out;
}

void Registry::unknown_type(const Node& type, Category category, std::string_view what) const {
  const std::string given = type.json().is_string() ? type.string() : std::string();
  type.fail(unknown_name(std::string(what) + " type", given, names(category)));
}

// ---- public look-ups ------------------------------------------------------------------------

const std::vector<TypeInfo>& registered_types() { return Registry::instance().types(); }
const TypeInfo* find_type(std::string_view name) { return Registry::instance().find(name); }
std::vector<std::string> type_names(Category category) { return Registry::instance().names(category); }

namespace {

/// The optimal-string-alignment distance (insertions, deletions, substitutions, adjacent
/// transpositions), case-insensitive.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  const auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
  if (word.empty() || word.size() > 200) return {};
  // A typo: at most one edit in three characters, at least one (so "mas" → "mass").
  const std::size_t allowed = std::max<std::size_t>(1, word.size() / 3);
  std::string best;
  std::size_t best_distance = allowed + 1;
  for (const std::string& c : candidates) {
    const std::size_t d = edit_distance(word, c);
    if (d < best_distance) best = c, best_distance = d;
  }
  return best_distance <= allowed ? best : std::string();
}

std::string with_suggestion(std::string message, std::string_view given, const std::vector<std::string>& known) {
  if (const std::string near = did_you_mean(given, known); !near.empty())
    message.append("; did you mean '").append(near).append("'?");
  return message;
}

std::string unknown_name(std::string_view noun, std::string_view given, const std::vector<std::string>& known) {
  std::string list;
  for (const std::string& k : known) list.append(list.empty() ? "" : ", ").append(k);
  std::string message = "unknown ";
  message.append(noun).append(" '").append(printable(given)).append("' (known: ").append(list).append(")");
  return with_suggestion(std::move(message), given, known);
}

// ---- defaults as the docs print them ----------------------------------------------------------

std::string format_default(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v == 0.0) return "0";
  char buffer[32];
  const auto r = std::to_chars(buffer, buffer + sizeof buffer, v);  // shortest round-trip form
  return std::string(buffer, r.ptr);
}

std::string format_default(const Eigen::Vector3d& v) {
  std::string out = "[";
  out.append(format_default(v.x())).append(", ").append(format_default(v.y())).append(", ");
  return out.append(format_default(v.z())).append("]");
}

std::string format_default(const Eigen::Matrix3d& m) {
  if (m.isZero(0.0)) return "zero";
  if (m == Eigen::Matrix3d::Identity()) return "identity";
  std::string out = "[";
  for (int i = 0; i < 3; ++i) out.append(i ? ", " : "").append(format_default(Eigen::Vector3d(m.row(i))));
  return out.append("]");
}

}  // namespace ramus::scenario
