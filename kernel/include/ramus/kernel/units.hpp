// Boost.Units at the configuration boundary (docs/architecture.md §D9). Parameter structs take
// these quantities;
// each model converts them once to SI doubles. The state and the right-hand side never see them.
//
// Boost.Units' SI system treats the plane angle as a dimension, so si::moment_of_inertia is
// kg·m²/rad² and si::torque is N·m/rad: `10.0 * kilogram * meter * meter` would not convert to it.
// ramus defines its own Inertia (kg·m²), Torque (N·m), Stiffness (N·m/rad) and RotationalDamping
// (N·m·s/rad) as the products an analyst writes, so the natural expressions type-check and the
// radian appears exactly where the analyst writes it (docs/notation.md §5).
#pragma once

#include <Eigen/Dense>
#include <boost/units/quantity.hpp>
#include <boost/units/systems/si.hpp>

namespace ramus::units {

namespace si = boost::units::si;
using boost::units::quantity;

using Dimensionless = quantity<si::dimensionless>;
using Mass = quantity<si::mass>;
using Length = quantity<si::length>;
using Time = quantity<si::time>;
using Velocity = quantity<si::velocity>;
using Acceleration = quantity<si::acceleration>;
using Force = quantity<si::force>;
using Angle = quantity<si::plane_angle>;
using AngularVelocity = quantity<si::angular_velocity>;

using inertia_unit = decltype(si::kilogram * si::meter * si::meter);
using torque_unit = decltype(si::newton * si::meter);
using stiffness_unit = decltype(si::newton * si::meter / si::radian);
using rotational_damping_unit = decltype(si::newton * si::meter * si::second / si::radian);
using linear_stiffness_unit = decltype(si::newton / si::meter);
using linear_damping_unit = decltype(si::newton * si::second / si::meter);
using gravitational_parameter_unit = decltype(si::meter * si::meter * si::meter / (si::second * si::second));

using Inertia = quantity<inertia_unit>;                                 ///< kg·m²
using Torque = quantity<torque_unit>;                                   ///< N·m
using Stiffness = quantity<stiffness_unit>;                             ///< N·m/rad
using RotationalDamping = quantity<rotational_damping_unit>;            ///< N·m·s/rad
using LinearStiffness = quantity<linear_stiffness_unit>;                ///< N/m
using LinearDamping = quantity<linear_damping_unit>;                    ///< N·s/m
using GravitationalParameter = quantity<gravitational_parameter_unit>;  ///< m³/s²

/// A 3-vector of one physical unit, stored in SI. Build it from three quantities
/// (`Length3{1.0 * si::meter, 0.0 * si::meter, 2.0 * si::meter}`) or from an Eigen vector and a
/// unit (`Length3{Eigen::Vector3d(1, 0, 2), si::meter}`).
template <class Unit>
class Vector3 {
 public:
  Vector3() = default;
  Vector3(quantity<Unit> x, quantity<Unit> y, quantity<Unit> z) : si_(x.value(), y.value(), z.value()) {}
  Vector3(const Eigen::Vector3d& value, Unit) : si_(value) {}
  /// Components in SI units.
  const Eigen::Vector3d& si() const { return si_; }

 private:
  Eigen::Vector3d si_ = Eigen::Vector3d::Zero();
};

using Length3 = Vector3<si::length>;
using Velocity3 = Vector3<si::velocity>;
using AngularVelocity3 = Vector3<si::angular_velocity>;
using Force3 = Vector3<si::force>;
using Torque3 = Vector3<torque_unit>;

/// An inertia tensor in kg·m², stored in SI.
class InertiaTensor {
 public:
  InertiaTensor() = default;
  InertiaTensor(const Eigen::Matrix3d& value, inertia_unit) : si_(value) {}
  static InertiaTensor diagonal(Inertia xx, Inertia yy, Inertia zz) {
    InertiaTensor t;
    t.si_.diagonal() << xx.value(), yy.value(), zz.value();
    return t;
  }
  const Eigen::Matrix3d& si() const { return si_; }

 private:
  Eigen::Matrix3d si_ = Eigen::Matrix3d::Zero();
};

/// kg·m², to write `InertiaTensor{M, kg_m2}`.
inline constexpr inertia_unit kg_m2{};
/// N·m.
inline constexpr torque_unit newton_meter{};

}  // namespace ramus::units
