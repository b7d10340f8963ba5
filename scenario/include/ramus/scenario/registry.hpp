// The registry of scenario types (docs/architecture.md §D8): every state effector, dynamic
// effector, two-point effector, gravity field, flight-software task and nested part registers once,
// with its type name, its one-line doc, its docs page and its fields (key, unit, default, allowed
// range or values, one-line doc). The scenario reader reads and checks objects from the same
// description; the JSON schema (`ramus schema`), the field reference (docs/scenario_fields.md),
// `ramus fields` and Python's ramus.fields() are generated from it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ramus::scenario {

/// What an object of a type is in a scenario document.
enum class Category {
  state_effector,      ///< vehicles[].state_effectors[]
  dynamic_effector,    ///< vehicles[].dynamic_effectors[], state_effectors[].dynamic_effectors[]
  two_point_effector,  ///< two_point_effectors[]
  gravity,             ///< gravity
  task,                ///< flight_software.tasks[]
  event,               ///< events[]
  sensor,              ///< a sensor of a task (navigation.gyro, navigation.star_tracker)
  part,                ///< an object nested in another (an axis, a wheel, a panel, a facet)
};
std::string_view to_string(Category c);

/// One field of a type, as the reader reads it.
struct FieldInfo {
  /// How the value is written: "quantity" (a number, or {"value", "unit"}), "vector" (3 numbers),
  /// "matrix" (3×3, by rows), "direction" (a unit 3-vector), "dcm" (a rotation matrix by rows),
  /// "quaternion" (4 numbers), "number" (dimensionless), "integer", "flag", "text", "name",
  /// "choice" (one of `choices`), "object" (a `part`), "objects" (an array of `part`),
  /// "names" (an array of names), "per_wheel" (a quantity or one per wheel), "mrp" (3 numbers),
  /// "variant" (an object whose "type" picks one of the parts in `choices`), "axes" (one to
  /// three 3-vectors), "gain" (a quantity or a 3×3 matrix).
  std::string kind;
  std::string key;
  std::string unit;          ///< the SI unit as a scenario writes it ("kg m^2"), "" when not a quantity
  std::string doc;           ///< one line
  std::string default_text;  ///< the value when the key is left out ("none": absent), "" when required
  bool required = false;
  std::optional<double> minimum, maximum;  ///< allowed range (of each component), SI
  bool exclusive_minimum = false;
  std::vector<std::string> choices;  ///< a "choice"'s values
  std::string part;                  ///< an "object"'s or "objects"' element type
  std::size_t min_items = 0;         ///< an "objects"' least length
};

/// One registered type.
struct TypeInfo {
  std::string name;  ///< the "type" of the object ("hinged_rigid_body"), or a part's name
  Category category = Category::part;
  std::string doc;   ///< one line
  std::string page;  ///< its docs page (docs/models/hinged_rigid_body.md)
  std::string cpp;   ///< the C++ class or configuration it builds
  std::vector<FieldInfo> fields;
  /// Keys given together or not at all (schema dependentRequired), and keys not given together.
  std::vector<std::pair<std::string, std::string>> together, exclusive;
  /// Dynamic effectors: whether it may hang on a segment of a state effector (branching).
  bool on_segment = true;
};

/// Every registered type, by category in the order of the Category enum, then by registration.
const std::vector<TypeInfo>& registered_types();
/// The type named `name`, or null. Parts and top-level types share one name space.
const TypeInfo* find_type(std::string_view name);
/// The names of the registered types of `category`, in registration order.
std::vector<std::string> type_names(Category category);

/// The closest of `candidates` to `word` within a small edit distance (a typo), or "".
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);
/// `message` with "; did you mean '<name>'?" appended when one of `known` is a typo away from
/// `given` (did_you_mean).
std::string with_suggestion(std::string message, std::string_view given, const std::vector<std::string>& known);
/// "unknown <noun> '<given>' (known: a, b, …)" with its suggestion: how every unknown type, choice
/// or preset is refused.
std::string unknown_name(std::string_view noun, std::string_view given, const std::vector<std::string>& known);

/// The JSON schema of a scenario document (docs/scenario.schema.json), pretty-printed with a
/// final newline.
std::string scenario_schema();
/// The field reference (docs/scenario_fields.md): one table per registered type.
std::string fields_markdown();

}  // namespace ramus::scenario
