// A value of the scenario document with its JSON path, and the readers that turn it into the
// library's configuration types: quantities with units (units_table.hpp), 3-vectors, 3×3
// matrices, names, counts. Every failure is a ScenarioError naming the path and the reason.
#pragma once

#include <Eigen/Dense>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ramus/kernel/units.hpp"
#include "ramus/scenario/scenario.hpp"
#include "ramus/scenario/units_table.hpp"

namespace ramus::scenario {

/// A JSON document parsed strictly: a key given twice in one object is refused (nlohmann would
/// keep the last value silently), naming the object's path and the key; invalid JSON (and a
/// number beyond a double, 1e400) is refused as "invalid JSON". `root` prefixes the paths
/// ("(document)" when empty).
nlohmann::json parse_document(std::string_view text, const std::string& root = {});

/// `text` printable on one line (escaped_text: bytes 0x20–0x7e stay, '\\' is doubled, others
/// become "\xNN"): a key with a NUL or a newline in a message.
std::string printable(std::string_view text);

/// The Dimension of a ramus::units unit type (defined below).
template <class Unit>
constexpr Dimension dimension_of();

class Node {
 public:
  /// The document root has the empty path; members are "key", "a.key", elements "a[i]".
  Node(const nlohmann::json& value, std::string path) : value_(&value), path_(std::move(path)) {}

  /// The path, or "(document)" for the root.
  std::string path() const { return path_.empty() ? "(document)" : path_; }
  const nlohmann::json& json() const { return *value_; }
  [[noreturn]] void fail(const std::string& reason) const;

  // ---- objects --------------------------------------------------------------------------
  /// Requires an object whose keys are all in `allowed`; an unknown key is an error that lists them.
  void require_keys(std::span<const std::string_view> allowed) const;
  void require_keys(std::initializer_list<std::string_view> allowed) const {
    require_keys(std::span<const std::string_view>(allowed.begin(), allowed.size()));
  }
  bool has(std::string_view key) const;
  /// Requires every key of `keys` (no default makes sense for them): "<path>.<key>: missing".
  void require_present(std::initializer_list<std::string_view> keys) const;
  /// The member `key`; a missing one is an error "<path>.<key>: missing".
  Node at(std::string_view key) const;
  std::optional<Node> find(std::string_view key) const;

  // ---- arrays ---------------------------------------------------------------------------
  /// The elements of an array (at least `min_size`), each with its path "<path>[i]".
  std::vector<Node> elements(std::size_t min_size = 0) const;

  // ---- scalars --------------------------------------------------------------------------
  std::string string() const;
  /// A name: a non-empty string of letters, digits, '_' and '-' (names appear in state paths).
  std::string name() const;
  bool boolean() const;
  /// A finite number, no unit allowed.
  double number() const;
  /// A non-negative integer.
  std::size_t index() const;
  int integer() const;
  /// A bare number (SI) or {"value": x, "unit": "…"}, converted to SI.
  double si(Dimension d) const;
  /// [a, b, c] (SI) or {"value": [a, b, c], "unit": "…"}, converted to SI.
  Eigen::Vector3d vector3(Dimension d) const;
  /// [[…], […], […]] by rows (SI) or {"value": [[…], …], "unit": "…"}.
  Eigen::Matrix3d matrix3(Dimension d) const;
  /// [q0, q1, q2, q3], dimensionless.
  Eigen::Vector4d vector4() const;
  /// [a, b, …] of `size` numbers (SI) or {"value": […], "unit": "…"}, converted to SI.
  Eigen::VectorXd vector(Dimension d, Eigen::Index size) const;
  /// An array of `rows` rows of `cols` numbers each (SI) or {"value": [[…], …], "unit": "…"}: a
  /// wrong count is refused at the array or the row, naming both sizes.
  Eigen::MatrixXd matrix(Dimension d, Eigen::Index rows, Eigen::Index cols) const;

  // ---- optional members into configuration fields (left unchanged when absent) ------------
  template <class Unit>
  void read(std::string_view key, units::quantity<Unit>& out) const {
    if (const auto n = find(key)) out = units::quantity<Unit>::from_value(n->si(dimension_of<Unit>()));
  }
  template <class Unit>
  void read(std::string_view key, units::Vector3<Unit>& out) const {
    if (const auto n = find(key)) out = units::Vector3<Unit>(n->vector3(dimension_of<Unit>()), Unit());
  }
  void read(std::string_view key, units::InertiaTensor& out) const;
  void read(std::string_view key, Eigen::Matrix3d& out) const;  ///< dimensionless (a DCM)
  void read(std::string_view key, Eigen::Vector3d& out) const;  ///< dimensionless (a direction)
  void read(std::string_view key, double& out) const;           ///< dimensionless
  void read(std::string_view key, bool& out) const;
  void read(std::string_view key, int& out) const;

 private:
  /// The value and factor of a quantity node: the node itself (SI) or its "value" with "unit".
  std::pair<Node, double> value_and_factor(Dimension d) const;
  std::string member_path(std::string_view key) const {
    return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
  }

  const nlohmann::json* value_;
  std::string path_;
};

// ---- Dimension of each unit type of ramus/kernel/units.hpp (a unit without one does not compile)
constexpr Dimension dimension(units::si::dimensionless) { return Dimension::dimensionless; }
constexpr Dimension dimension(units::si::mass) { return Dimension::mass; }
constexpr Dimension dimension(units::si::length) { return Dimension::length; }
constexpr Dimension dimension(units::si::time) { return Dimension::time; }
constexpr Dimension dimension(units::si::velocity) { return Dimension::velocity; }
constexpr Dimension dimension(units::si::acceleration) { return Dimension::acceleration; }
constexpr Dimension dimension(units::si::plane_angle) { return Dimension::angle; }
constexpr Dimension dimension(units::si::angular_velocity) { return Dimension::angular_velocity; }
constexpr Dimension dimension(units::si::force) { return Dimension::force; }
constexpr Dimension dimension(units::torque_unit) { return Dimension::torque; }
constexpr Dimension dimension(units::inertia_unit) { return Dimension::inertia; }
constexpr Dimension dimension(units::stiffness_unit) { return Dimension::stiffness; }
constexpr Dimension dimension(units::rotational_damping_unit) { return Dimension::rotational_damping; }
constexpr Dimension dimension(units::linear_stiffness_unit) { return Dimension::linear_stiffness; }
constexpr Dimension dimension(units::linear_damping_unit) { return Dimension::linear_damping; }
constexpr Dimension dimension(units::gravitational_parameter_unit) { return Dimension::gravitational_parameter; }
/// kg m (units::StaticImbalance of simple_jitter_reaction_wheels.hpp)
constexpr Dimension dimension(decltype(units::si::kilogram * units::si::meter)) { return Dimension::static_imbalance; }
/// N m s (units::AngularMomentum of reaction_wheels.hpp: a wheel's h0)
constexpr Dimension dimension(decltype(units::si::newton * units::si::meter * units::si::second)) {
  return Dimension::angular_momentum;
}

template <class Unit>
constexpr Dimension dimension_of() {
  return dimension(Unit());
}

/// Throws the library's ConfigurationError `e` as a ScenarioError at `node`'s path: at the array
/// element of node it names ("… axis 2", "… wheel 1"), and at the key its field names
/// ("I_PntSc_S [kg m^2]", "effector name") when that is a key of the object.
[[noreturn]] void rethrow_at(const Node& node, const ConfigurationError& e);

/// Runs `build`, turning a ConfigurationError of the library into a ScenarioError (rethrow_at).
template <class Build>
auto wrap_configuration_errors(const Node& node, Build&& build) -> decltype(build()) {
  try {
    return build();
  } catch (const ConfigurationError& e) {
    rethrow_at(node, e);
  }
}

}  // namespace ramus::scenario
