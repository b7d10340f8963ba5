#include "json_node.hpp"

#include "ramus/scenario/escaped_text.hpp"
#include "ramus/scenario/registry.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

namespace ramus::scenario {

ScenarioError::ScenarioError(std::string path, std::string reason)
    : Error(path + ": " + reason), path_(std::move(path)), reason_(std::move(reason)) {}

namespace {

std::string type_name(const nlohmann::json& j) {
  if (j.is_number()) return "a number";
  if (j.is_string()) return "a string";
  if (j.is_boolean()) return "a boolean";
  if (j.is_array()) return "an array";
  if (j.is_object()) return "an object";
  return "null";
}

std::string list(std::span<const std::string_view> keys) {
  std::string out;
  for (const std::string_view k : keys) out += (out.empty() ? "" : ", ") + std::string(k);
  return out;
}

/// The sub-object an owner names by its last two words: "… axis 2", "… joint 2" (1-based) or
/// "… wheel 2" (0-based), as (word, number); nothing for another owner.
struct OwnerPart {
  std::string word;
  std::size_t number;
};
std::optional<OwnerPart> owner_part(const std::string& owner) {
  const std::size_t space = owner.rfind(' ');
  if (space == std::string::npos || space == 0 || space + 1 == owner.size()) return std::nullopt;
  const std::string number = owner.substr(space + 1);
  if (!std::all_of(number.begin(), number.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return std::nullopt;
  const std::size_t before = owner.rfind(' ', space - 1);
  const std::size_t start = before == std::string::npos ? 0 : before + 1;
  const std::string word = owner.substr(start, space - start);
  if (word != "axis" && word != "joint" && word != "wheel") return std::nullopt;
  return OwnerPart{word, std::stoul(number)};
}

}  // namespace

std::string printable(std::string_view text) { return escaped_text(text); }

nlohmann::json parse_document(std::string_view text, const std::string& root) {
  using json = nlohmann::json;
  // The parser's events in document order: a frame per open object or array, holding the keys
  // seen (objects) or the next element's index (arrays), from which a duplicate's path is named.
  struct Frame {
    bool object = false;
    std::vector<std::string> keys;  // small objects: a linear scan beats a set
    std::string key;                // the member being read
    std::size_t index = 0;          // elements begun so far: the one being read is index - 1
  };
  std::vector<Frame> frames;
  const auto path = [&] {
    std::string p = root;
    for (std::size_t i = 0; i + 1 < frames.size(); ++i) {
      const Frame& f = frames[i];
      // Appended piece by piece (GCC 12 warns, wrongly, on "." + std::string temporaries: -Wrestrict).
      if (f.object) {
        if (!p.empty()) p.push_back('.');
        p.append(printable(f.key));
      } else {
        p.append("[").append(std::to_string(f.index - 1)).append("]");
      }
    }
    return p.empty() ? std::string("(document)") : p;
  };
  const auto element_starts = [&] {  // a value, object or array begins inside an array: its index
    if (!frames.empty() && !frames.back().object) ++frames.back().index;
  };
  const json::parser_callback_t check = [&](int /*depth*/, json::parse_event_t event, json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        element_starts();
        frames.push_back({event == json::parse_event_t::object_start, {}, {}, 0});
        break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        if (!frames.empty()) frames.pop_back();
        break;
      case json::parse_event_t::key: {
        Frame& f = frames.back();
        const std::string key = parsed.get<std::string>();
        if (std::find(f.keys.begin(), f.keys.end(), key) != f.keys.end()) {
          f.key = key;
          frames.push_back({});  // path() names the frames below the innermost
          throw ScenarioError(path(), "the key is given twice in one object (JSON keeps only one value: give it once)");
        }
        f.keys.push_back(key);
        f.key = key;
        break;
      }
      case json::parse_event_t::value:
        element_starts();
        break;
    }
    return true;
  };
  try {
    return json::parse(text, check);
  } catch (const json::exception& e) {  // parse_error, out_of_range (1e400)
    throw ScenarioError(root.empty() ? "(document)" : root, std::string("invalid JSON: ") + e.what());
  }
}

void Node::fail(const std::string& reason) const { throw ScenarioError(path(), reason); }

void Node::require_keys(std::span<const std::string_view> allowed) const {
  if (!value_->is_object()) fail("must be an object, found " + type_name(*value_));
  for (const auto& [key, value] : value_->items()) {
    bool known = false;
    for (const std::string_view a : allowed) known = known || a == key;
    if (known) continue;
    throw ScenarioError(member_path(printable(key)),
                        with_suggestion("unknown key (accepted here: " + list(allowed) + ")", key,
                                        std::vector<std::string>(allowed.begin(), allowed.end())));
  }
}

bool Node::has(std::string_view key) const { return value_->is_object() && value_->contains(key); }

void Node::require_present(std::initializer_list<std::string_view> keys) const {
  for (const std::string_view key : keys) (void)at(key);
}

std::optional<Node> Node::find(std::string_view key) const {
  if (!value_->is_object()) fail("must be an object, found " + type_name(*value_));
  const auto it = value_->find(key);
  if (it == value_->end()) return std::nullopt;
  return Node(*it, member_path(key));
}

Node Node::at(std::string_view key) const {
  if (auto n = find(key)) return *n;
  throw ScenarioError(member_path(key), "missing");
}

std::vector<Node> Node::elements(std::size_t min_size) const {
  if (!value_->is_array()) fail("must be an array, found " + type_name(*value_));
  if (value_->size() < min_size) fail("needs at least " + std::to_string(min_size) + " element(s)");
  std::vector<Node> out;
  for (std::size_t i = 0; i < value_->size(); ++i)
    out.emplace_back((*value_)[i], path() + "[" + std::to_string(i) + "]");
  return out;
}

std::string Node::string() const {
  if (!value_->is_string()) fail("must be a string, found " + type_name(*value_));
  return value_->get<std::string>();
}

std::string Node::name() const {
  const std::string s = string();
  const auto valid = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; };
  if (s.empty() || !std::all_of(s.begin(), s.end(), valid))
    fail("'" + s + "' is not a valid name (letters, digits, '_' and '-', not empty)");
  return s;
}

bool Node::boolean() const {
  if (!value_->is_boolean()) fail("must be true or false, found " + type_name(*value_));
  return value_->get<bool>();
}

double Node::number() const {
  if (!value_->is_number()) {
    if (value_->is_object() && value_->contains("unit")) fail("is dimensionless: give a bare number, not a unit");
    fail("must be a number, found " + type_name(*value_));
  }
  const double v = value_->get<double>();
  if (!std::isfinite(v)) fail("must be finite");
  return v;
}

std::size_t Node::index() const {
  if (!value_->is_number_integer() || value_->get<std::int64_t>() < 0)
    fail("must be a non-negative integer, found " + (value_->is_number() ? value_->dump() : type_name(*value_)));
  return value_->get<std::size_t>();
}

int Node::integer() const {
  if (!value_->is_number_integer())
    fail("must be an integer, found " + (value_->is_number() ? value_->dump() : type_name(*value_)));
  const std::int64_t v = value_->get<std::int64_t>();
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) fail("integer out of range");
  return static_cast<int>(v);
}

std::pair<Node, double> Node::value_and_factor(Dimension d) const {
  if (!value_->is_object()) return {*this, 1.0};
  require_keys({"value", "unit"});
  const Node unit = at("unit");
  const UnitLookup u = lookup_unit(unit.string(), d);
  if (!u.error.empty()) unit.fail(u.error);
  return {at("value"), u.factor};
}

double Node::si(Dimension d) const {
  const auto [value, factor] = value_and_factor(d);
  if (!value.json().is_number())
    value.fail("must be a number or {\"value\": number, \"unit\": \"" + std::string(si_unit(d)) + "\"}, found " +
               type_name(value.json()));
  const double v = value.number() * factor;
  if (!std::isfinite(v)) value.fail("is not finite once converted to SI");
  return v;
}

Eigen::Vector3d Node::vector3(Dimension d) const {
  const auto [value, factor] = value_and_factor(d);
  if (!value.json().is_array() || value.json().size() != 3) value.fail("must be an array of 3 numbers");
  Eigen::Vector3d v;
  const std::vector<Node> e = value.elements();
  for (Eigen::Index i = 0; i < 3; ++i) v(i) = e[i].number() * factor;
  if (!v.allFinite()) value.fail("is not finite once converted to SI");
  return v;
}

Eigen::Matrix3d Node::matrix3(Dimension d) const {
  const auto [value, factor] = value_and_factor(d);
  if (!value.json().is_array() || value.json().size() != 3) value.fail("must be a 3x3 matrix: an array of 3 rows");
  Eigen::Matrix3d m;
  const std::vector<Node> rows = value.elements();
  for (Eigen::Index i = 0; i < 3; ++i) {
    const Node& row = rows[i];
    if (!row.json().is_array() || row.json().size() != 3) row.fail("must be a row of 3 numbers");
    const std::vector<Node> e = row.elements();
    for (Eigen::Index j = 0; j < 3; ++j) m(i, j) = e[j].number() * factor;
  }
  if (!m.allFinite()) value.fail("is not finite once converted to SI");
  return m;
}

Eigen::VectorXd Node::vector(Dimension d, Eigen::Index size) const {
  const auto [value, factor] = value_and_factor(d);
  if (!value.json().is_array() || value.json().size() != static_cast<std::size_t>(size))
    value.fail("must be an array of " + std::to_string(size) + " numbers, found " +
               (value.json().is_array() ? std::to_string(value.json().size()) + " elements" : type_name(value.json())));
  Eigen::VectorXd v(size);
  const std::vector<Node> e = value.elements();
  for (Eigen::Index i = 0; i < size; ++i) v(i) = e[static_cast<std::size_t>(i)].number() * factor;
  if (!v.allFinite()) value.fail("is not finite once converted to SI");
  return v;
}

Eigen::MatrixXd Node::matrix(Dimension d, Eigen::Index rows, Eigen::Index cols) const {
  const auto [value, factor] = value_and_factor(d);
  const std::string shape = std::to_string(rows) + "x" + std::to_string(cols);
  if (!value.json().is_array() || value.json().size() != static_cast<std::size_t>(rows))
    value.fail("must be a " + shape + " matrix: an array of " + std::to_string(rows) + " rows, found " +
               (value.json().is_array() ? std::to_string(value.json().size()) + " rows" : type_name(value.json())));
  Eigen::MatrixXd m(rows, cols);
  const std::vector<Node> r = value.elements();
  for (Eigen::Index i = 0; i < rows; ++i) {
    const Node& row = r[static_cast<std::size_t>(i)];
    if (!row.json().is_array() || row.json().size() != static_cast<std::size_t>(cols))
      row.fail("must be a row of " + std::to_string(cols) + " numbers (a " + shape + " matrix), found " +
               (row.json().is_array() ? std::to_string(row.json().size()) : type_name(row.json())));
    const std::vector<Node> e = row.elements();
    for (Eigen::Index j = 0; j < cols; ++j) m(i, j) = e[static_cast<std::size_t>(j)].number() * factor;
  }
  if (!m.allFinite()) value.fail("is not finite once converted to SI");
  return m;
}

Eigen::Vector4d Node::vector4() const {
  if (!value_->is_array() || value_->size() != 4) fail("must be an array of 4 numbers");
  Eigen::Vector4d v;
  const std::vector<Node> e = elements();
  for (Eigen::Index i = 0; i < 4; ++i) v(i) = e[i].number();
  return v;
}

void Node::read(std::string_view key, units::InertiaTensor& out) const {
  if (const auto n = find(key)) out = units::InertiaTensor(n->matrix3(Dimension::inertia), units::kg_m2);
}
void Node::read(std::string_view key, Eigen::Matrix3d& out) const {
  if (const auto n = find(key)) out = n->matrix3(Dimension::dimensionless);
}
void Node::read(std::string_view key, Eigen::Vector3d& out) const {
  if (const auto n = find(key)) out = n->vector3(Dimension::dimensionless);
}
void Node::read(std::string_view key, double& out) const {
  if (const auto n = find(key)) out = n->number();
}
void Node::read(std::string_view key, bool& out) const {
  if (const auto n = find(key)) out = n->boolean();
}
void Node::read(std::string_view key, int& out) const {
  if (const auto n = find(key)) out = n->integer();
}

void rethrow_at(const Node& node, const ConfigurationError& e) {
  // The library names sub-objects in the owner: "… axis 2" (1-based), "… joint 2" (1-based),
  // "… wheel 2" (0-based). Map them to the array element of the scenario that gave them.
  Node at = node;
  if (const std::optional<OwnerPart> part = owner_part(e.owner())) {
    const bool wheel = part->word == "wheel";
    const std::size_t n = part->number;
    const char* array = wheel ? "wheels" : "axes";
    if (node.has(array) && node.json()[array].is_array()) {
      const std::size_t i = wheel ? n : n - 1;
      const std::vector<Node> elements = node.at(array).elements();
      if (i < elements.size()) at = elements[i];
    } else if (!wheel && node.has("axis" + std::to_string(n))) {
      at = node.at("axis" + std::to_string(n));
    } else if (!wheel && node.has("axis")) {
      at = node.at("axis");
    }
  }
  // The field names the key in its first word ("I_PntSc_S [kg m^2]", "k (spring)") or a later one
  // ("effector name"): the first word of the field that is a key of the object, if any.
  std::vector<std::string> words;
  std::istringstream field(e.field());
  for (std::string w; field >> w;) words.push_back(w);
  const auto key_of = [&](const Node& n) -> std::string {
    for (const std::string& w : words)
      if (n.has(w)) return w;
    return {};
  };
  std::string key = key_of(at);
  // A 1-DOF body gives its parameters in "axis" and the library names no axis.
  if (key.empty() && at.has("axis") && at.json()["axis"].is_object() && !key_of(at.at("axis")).empty()) {
    at = at.at("axis");
    key = key_of(at);
  }
  const std::string path = key.empty() ? at.path() : at.path() + "." + key;
  throw ScenarioError(path, e.what());
}

}  // namespace ramus::scenario
