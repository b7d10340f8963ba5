// The fields of one configuration struct, listed once (docs/architecture.md §D8): each entry
// names the JSON key, the struct's member, a one-line doc and the allowed range. From the list the
// reader reads an object (refusing a key it does not list, with a suggestion) and the registry
// describes the type (FieldInfo: unit, default, range) to the schema, the docs and Python.
#pragma once

#include <Eigen/Dense>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "json_node.hpp"
#include "ramus/scenario/registry.hpp"

namespace ramus::scenario {

/// The allowed range of a scalar field (of each component of a vector): documented, in the
/// schema, and enforced by the library's validation (a test feeds each bound's outside value).
struct Bounds {
  std::optional<double> minimum, maximum;
  bool exclusive_minimum = false;
};
inline Bounds positive() { return {0.0, std::nullopt, true}; }
inline Bounds non_negative() { return {0.0, std::nullopt, false}; }
inline Bounds between(double lo, double hi) { return {lo, hi, false}; }

/// A field described by hand (one the builder reads itself, or of a kind FieldList cannot deduce).
inline FieldInfo described(std::string kind, std::string key, std::string unit, std::string doc,
                           std::string default_text, Bounds bounds = {}) {
  FieldInfo f;
  f.kind = std::move(kind);
  f.key = std::move(key);
  f.unit = std::move(unit);
  f.doc = std::move(doc);
  f.default_text = std::move(default_text);
  f.required = f.default_text.empty();
  f.minimum = bounds.minimum;
  f.maximum = bounds.maximum;
  f.exclusive_minimum = bounds.exclusive_minimum;
  return f;
}

/// The "type" field of one choice of a variant (a part whose "type" has the one value `value`).
inline FieldInfo variant_type(std::string value, std::string doc) {
  FieldInfo f = described("choice", "type", "", std::move(doc), "");
  f.choices = {std::move(value)};
  return f;
}

/// "0", "1.5", "inf", "[0, 0, 0]", "identity": a default as the docs print it (SI).
std::string format_default(double v);
std::string format_default(const Eigen::Vector3d& v);
std::string format_default(const Eigen::Matrix3d& m);

namespace detail {

template <class T>
struct is_quantity : std::false_type {};
template <class Unit>
struct is_quantity<units::quantity<Unit>> : std::true_type {
  using unit = Unit;
};
template <class T>
struct is_vector3 : std::false_type {};
template <class Unit>
struct is_vector3<units::Vector3<Unit>> : std::true_type {
  using unit = Unit;
};
template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {
  using held = T;
};

/// The kind, unit and default of a member of type T holding `value`.
template <class T>
void describe_value(FieldInfo& f, const T& value) {
  if constexpr (is_quantity<T>::value) {
    f.kind = "quantity";
    f.unit = si_unit(dimension_of<typename is_quantity<T>::unit>());
    f.default_text = format_default(value.value());
  } else if constexpr (is_vector3<T>::value) {
    f.kind = "vector";
    f.unit = si_unit(dimension_of<typename is_vector3<T>::unit>());
    f.default_text = format_default(value.si());
  } else if constexpr (std::is_same_v<T, units::InertiaTensor>) {
    f.kind = "matrix";
    f.unit = si_unit(Dimension::inertia);
    f.default_text = format_default(value.si());
  } else if constexpr (std::is_same_v<T, Eigen::Matrix3d>) {
    f.kind = "dcm";
    f.default_text = format_default(value);
  } else if constexpr (std::is_same_v<T, Eigen::Vector3d>) {
    f.kind = "direction";
    f.default_text = format_default(value);
  } else if constexpr (std::is_same_v<T, bool>) {
    f.kind = "flag";
    f.default_text = value ? "true" : "false";
  } else if constexpr (std::is_same_v<T, int>) {
    f.kind = "integer";
    f.default_text = std::to_string(value);
  } else if constexpr (std::is_same_v<T, double>) {
    f.kind = "number";
    f.unit = "1";
    f.default_text = format_default(value);
  } else if constexpr (std::is_same_v<T, std::string>) {
    f.kind = "text";
    f.default_text = value.empty() ? std::string("\"\"") : "\"" + value + "\"";
  } else if constexpr (is_optional<T>::value) {
    describe_value(f, typename is_optional<T>::held{});
    f.default_text = value ? f.default_text : "none";
  } else {
    static_assert(sizeof(T) == 0, "a field of this type needs FieldList::custom");
  }
}

template <class T>
void read_value(const Node& object, std::string_view key, T& out) {
  if constexpr (is_optional<T>::value) {
    if (!object.has(key)) return;
    typename is_optional<T>::held v{};
    object.read(key, v);
    out = v;
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (const auto n = object.find(key)) out = n->string();
  } else {
    object.read(key, out);
  }
}

}  // namespace detail

template <class Config>
class FieldList {
 public:
  using Reader = std::function<void(const Node& object, Config&)>;

  /// A member read as its type says (quantity, vector, inertia, DCM, direction, number, flag).
  template <class T>
  FieldList& add(std::string key, T Config::*member, std::string doc, Bounds bounds = {}) {
    FieldInfo f;
    f.key = key;
    f.doc = std::move(doc);
    detail::describe_value(f, Config{}.*member);
    apply(f, bounds);
    entries_.push_back({std::move(f), [key = std::move(key), member](const Node& n, Config& c) {
                          detail::read_value(n, key, c.*member);
                        }});
    return *this;
  }
  /// Like add(), and the key must be given.
  template <class T>
  FieldList& required(std::string key, T Config::*member, std::string doc, Bounds bounds = {}) {
    add(std::move(key), member, std::move(doc), bounds);
    entries_.back().info.required = true;
    entries_.back().info.default_text.clear();
    return *this;
  }
  /// A member held as a bare SI number or 3-vector (a double, an Eigen vector or matrix) of
  /// dimension `d`, read with its unit.
  template <class T>
  FieldList& si(std::string key, T Config::*member, Dimension d, std::string doc, Bounds bounds = {}) {
    FieldInfo f;
    f.key = key;
    f.doc = std::move(doc);
    f.unit = si_unit(d);
    const Config defaults{};
    const T& value = defaults.*member;
    if constexpr (std::is_same_v<T, double>) {
      f.kind = "quantity";
    } else if constexpr (std::is_same_v<T, Eigen::Vector3d>) {
      f.kind = "vector";
    } else {
      static_assert(std::is_same_v<T, Eigen::Matrix3d>, "si() reads a double, a Vector3d or a Matrix3d");
      f.kind = "matrix";
    }
    f.default_text = format_default(value);
    apply(f, bounds);
    entries_.push_back({std::move(f), [key = std::move(key), member, d](const Node& n, Config& c) {
                          const auto node = n.find(key);
                          if (!node) return;
                          if constexpr (std::is_same_v<T, double>)
                            c.*member = node->si(d);
                          else if constexpr (std::is_same_v<T, Eigen::Vector3d>)
                            c.*member = node->vector3(d);
                          else
                            c.*member = node->matrix3(d);
                        }});
    return *this;
  }
  /// Modified Rodrigues parameters (3 numbers, dimensionless), read as given.
  FieldList& mrp(std::string key, Eigen::Vector3d Config::*member, std::string doc) {
    FieldInfo f = described("mrp", key, "", std::move(doc), format_default(Config{}.*member));
    entries_.push_back({std::move(f), [key = std::move(key), member](const Node& n, Config& c) {
                          if (const auto node = n.find(key)) c.*member = node->vector3(Dimension::dimensionless);
                        }});
    return *this;
  }
  /// The last field's default as the docs print it, when it is not the struct's (a value the
  /// builder fills from the model or the task before reading: "the task's period").
  FieldList& default_is(std::string text) {
    entries_.back().info.default_text = std::move(text);
    return *this;
  }
  /// Marks the last field added as required (no default).
  FieldList& must_give() {
    entries_.back().info.required = true;
    entries_.back().info.default_text.clear();
    return *this;
  }
  /// One of named values of an enum member; an unknown value is refused as "unknown <noun> '…'"
  /// (the key when no noun is given).
  template <class E>
  FieldList& choice(std::string key, E Config::*member, std::vector<std::pair<std::string, E>> values, std::string doc,
                    std::string noun = {}) {
    FieldInfo f;
    f.kind = "choice";
    f.key = key;
    f.doc = std::move(doc);
    for (const auto& [text, v] : values) {
      f.choices.push_back(text);
      if (v == Config{}.*member) f.default_text = text;
    }
    if (noun.empty()) noun = key;
    entries_.push_back({std::move(f), [key = std::move(key), member, values = std::move(values),
                                       noun = std::move(noun)](const Node& n, Config& c) {
                          const auto node = n.find(key);
                          if (!node) return;
                          const std::string given = node->string();
                          std::vector<std::string> known;
                          for (const auto& [text, v] : values) {
                            if (text == given) return void(c.*member = v);
                            known.push_back(text);
                          }
                          node->fail(unknown_name(noun, given, known));
                        }});
    return *this;
  }
  /// A nested object read by `part` (a registered part type named `part_type`).
  template <class Part>
  FieldList& object(std::string key, Part Config::*member, const FieldList<Part>& part, std::string part_type,
                    std::string doc, bool is_required = true) {
    FieldInfo f;
    f.kind = "object";
    f.key = key;
    f.doc = std::move(doc);
    f.part = std::move(part_type);
    f.required = is_required;
    f.default_text = is_required ? "" : "{}";
    entries_.push_back({std::move(f), [key = std::move(key), member, &part](const Node& n, Config& c) {
                          if (const auto node = n.find(key)) part.read(*node, c.*member);
                        }});
    return *this;
  }
  /// An array of nested objects (at least `min_items`).
  template <class Part>
  FieldList& objects(std::string key, std::vector<Part> Config::*member, const FieldList<Part>& part,
                     std::string part_type, std::string doc, std::size_t min_items = 1) {
    FieldInfo f;
    f.kind = "objects";
    f.key = key;
    f.doc = std::move(doc);
    f.part = std::move(part_type);
    f.min_items = min_items;
    f.required = min_items > 0;
    f.default_text = f.required ? "" : "[]";
    entries_.push_back({std::move(f), [key = std::move(key), member, &part, min_items](const Node& n, Config& c) {
                          const auto node = n.find(key);
                          if (!node) return;
                          (c.*member).clear();
                          for (const Node& e : node->elements(min_items)) {
                            Part p{};
                            part.read(e, p);
                            (c.*member).push_back(std::move(p));
                          }
                        }});
    return *this;
  }
  /// A field the struct does not hold as such (an alternative form, a value checked against
  /// another): its description and its reader.
  FieldList& custom(FieldInfo info, Reader read) {
    entries_.push_back({std::move(info), std::move(read)});
    return *this;
  }

  /// The fields `add` adds (a group of fields that several configurations share by name).
  FieldList& with(const std::function<void(FieldList&)>& add) {
    add(*this);
    return *this;
  }
  /// Every field of `inner`, read into the member `member` (a configuration within a spec).
  template <class Inner>
  FieldList& flatten(Inner Config::*member, const FieldList<Inner>& inner) {
    for (const auto& e : inner.entries_)
      entries_.push_back({e.info, [member, read = e.read](const Node& n, Config& c) { read(n, c.*member); }});
    return *this;
  }

  /// The keys, in order.
  std::vector<std::string_view> keys() const {
    std::vector<std::string_view> out;
    for (const Entry& e : entries_) out.push_back(e.info.key);
    return out;
  }
  std::vector<FieldInfo> info() const {
    std::vector<FieldInfo> out;
    for (const Entry& e : entries_) out.push_back(e.info);
    return out;
  }
  /// Reads `object` into `out`: every key must be listed (or in `more_keys`, the keys its
  /// owner reads: "type", "name", …); required keys must be given; each field given is read.
  void read(const Node& object, Config& out, std::span<const std::string_view> more_keys = {}) const {
    std::vector<std::string_view> allowed(more_keys.begin(), more_keys.end());
    for (const Entry& e : entries_) allowed.push_back(e.info.key);
    object.require_keys(allowed);
    for (const Entry& e : entries_)
      if (e.info.required && !object.has(e.info.key)) object.at(e.info.key);  // "<path>.<key>: missing"
    for (const Entry& e : entries_) e.read(object, out);
  }
  Config read(const Node& object, std::span<const std::string_view> more_keys = {}) const {
    Config out{};
    read(object, out, more_keys);
    return out;
  }

 private:
  template <class>
  friend class FieldList;
  struct Entry {
    FieldInfo info;
    Reader read;
  };
  static void apply(FieldInfo& f, const Bounds& b) {
    f.minimum = b.minimum;
    f.maximum = b.maximum;
    f.exclusive_minimum = b.exclusive_minimum;
  }
  std::vector<Entry> entries_;
};

/// The field list `describe` fills (a lambda taking FieldList<Config>&), built on the first call and
/// kept: what every `<type>_fields()` returns. Each lambda is its own type, hence its own list.
template <class Config, class Describe>
const FieldList<Config>& fields_once(Describe describe) {
  static const FieldList<Config> fields = [&describe] {
    FieldList<Config> l;
    describe(l);
    return l;
  }();
  return fields;
}

/// Reads a variant's object: its "type" names one of `choices` (type value, the choice's fields);
/// an unknown one is refused as "unknown <noun> '…' (known: …)" with a did-you-mean.
template <class Config>
void read_variant(const Node& object, Config& out,
                  std::initializer_list<std::pair<std::string_view, const FieldList<Config>*>> choices,
                  std::string_view noun) {
  const Node type = object.at("type");
  const std::string given = type.string();
  std::vector<std::string> known;
  for (const auto& [value, fields] : choices) {
    if (value == given) return fields->read(object, out);
    known.emplace_back(value);
  }
  type.fail(unknown_name(noun, given, known));
}

}  // namespace ramus::scenario
