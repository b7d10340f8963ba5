// kernel/units.hpp: the products an analyst writes convert to ramus's quantities, stored in SI.
#include "ramus/kernel/units.hpp"

#include <boost/test/unit_test.hpp>
#include <boost/units/systems/angle/degrees.hpp>
#include <boost/units/systems/si/prefixes.hpp>
#include <numbers>
#include <type_traits>

using namespace ramus;
namespace si = boost::units::si;

BOOST_AUTO_TEST_SUITE(units)

BOOST_AUTO_TEST_CASE(inertia_and_torque_from_products) {
  const ramus::units::Inertia I = 10.0 * si::kilogram * si::meter * si::meter;
  const ramus::units::Torque T = 2.0 * si::newton * si::meter;
  const ramus::units::Stiffness k = 50.0 * si::newton * si::meter / si::radian;
  BOOST_TEST(I.value() == 10.0);
  BOOST_TEST(T.value() == 2.0);
  BOOST_TEST(k.value() == 50.0);
  // Boost's own si::torque is N·m/rad: ramus's Torque is deliberately a different type.
  static_assert(!std::is_same_v<ramus::units::Torque, boost::units::quantity<si::torque>>);
}

BOOST_AUTO_TEST_CASE(degrees_convert_explicitly_to_radians) {
  namespace degree = boost::units::degree;
  const ramus::units::Angle a(90.0 * degree::degrees);
  // Boost.Units 1.74 converts with 2π written as 6.28318530718 (boost/units/base_units/angle/
  // degree.hpp): a relative error of 6.6e-14, not an ulp. 1e-13 relative admits that and nothing
  // coarser (a wrong factor, a missing conversion).
  BOOST_TEST(a.value() == std::numbers::pi / 2.0, boost::test_tools::tolerance(1e-13));
  static_assert(!std::is_convertible_v<decltype(90.0 * degree::degrees), ramus::units::Angle>,
                "degrees must not convert implicitly");
}

BOOST_AUTO_TEST_CASE(vectors_store_si) {
  const ramus::units::Length3 r{1.0 * si::meter, -2.0 * si::meter, ramus::units::Length(3.0 * si::kilo * si::meter)};
  BOOST_TEST(r.si().x() == 1.0);
  BOOST_TEST(r.si().y() == -2.0);
  BOOST_TEST(r.si().z() == 3000.0);
  const ramus::units::Torque3 L{Eigen::Vector3d(0.1, 0.2, 0.3), ramus::units::newton_meter};
  BOOST_TEST((L.si() == Eigen::Vector3d(0.1, 0.2, 0.3)));
  const ramus::units::Force3 zero;
  BOOST_TEST(zero.si().isZero(0.0));
}

BOOST_AUTO_TEST_CASE(inertia_tensor_stores_si) {
  const auto kgm2 = si::kilogram * si::meter * si::meter;
  const ramus::units::InertiaTensor d = ramus::units::InertiaTensor::diagonal(100.0 * kgm2, 200.0 * kgm2, 300.0 * kgm2);
  BOOST_TEST((d.si() == Eigen::Vector3d(100.0, 200.0, 300.0).asDiagonal().toDenseMatrix()));
  Eigen::Matrix3d M;
  M << 10, 1, 0, 1, 20, 2, 0, 2, 30;
  const ramus::units::InertiaTensor full{M, ramus::units::kg_m2};
  BOOST_TEST((full.si() == M));
}

BOOST_AUTO_TEST_SUITE_END()
