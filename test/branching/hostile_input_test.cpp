// Hostile inputs to branching: a constraint from a body to itself, and one effector object (a
// constraint, a child on a segment, a state effector mounted on a platform) in two places. Each is
// refused at once with a ConfigurationError naming the effector, the field and where it already is.
#include <boost/test/unit_test.hpp>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "branching/branching_support.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/systems/prescribed_platform.hpp"
#include "support/checks.hpp"

namespace {

using namespace ramus;
using namespace ramus::branching_test;

using test::expect_error;

ConstraintConfig constraint_between(const AttachPoint& end1, const AttachPoint& end2) {
  ConstraintConfig k;
  k.end1 = end1;
  k.end2 = end2;
  k.r_P1F1_F1 = meters(Vector3d(0.5, 0.0, 0.0));
  k.r_P2F2_F2 = meters(Vector3d(-0.5, 0.0, 0.0));
  k.alpha = 10.0 * si::newton / si::meter;
  k.beta = 1.0 * si::newton * si::second / si::meter;
  return k;
}

/// A platform held at rest, 5 kg, carrying `children`.
std::shared_ptr<PrescribedPlatform> platform(const std::string& name,
                                             std::vector<std::shared_ptr<StateEffector>> children) {
  PrescribedPlatformConfig c;
  c.mass = 5.0 * si::kilogram;
  c.I_PntPc_P = inertia(Vector3d(1.0, 1.0, 1.5).asDiagonal());
  return std::make_shared<PrescribedPlatform>(
      name, c, hold_profile(meters(Vector3d::Zero()), Quaternion(1.0, 0.0, 0.0, 0.0)), std::move(children));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(constraint_hostile)

BOOST_AUTO_TEST_CASE(constraint_from_a_hub_to_itself) {
  // Refused when the constraint is made (the ends are known), naming both end fields.
  expect_error(
      [] {
        Constraint("k", constraint_between({"sc", "", 0}, {"sc", "", 0}));
      },
      {"constraint 'k'", "end1 and end2", "hub of vehicle 'sc'", "same body"}, true);
  // The hub has no segments of its own: any segment number still means the hub.
  expect_error(
      [] {
        Constraint("k", constraint_between({"sc", "", 0}, {"sc", "", 2}));
      },
      {"constraint 'k'", "end1 and end2", "same body"}, true);
}

BOOST_AUTO_TEST_CASE(constraint_from_a_segment_to_itself) {
  expect_error(
      [] {
        Constraint("k", constraint_between({"sc", "parent", 1}, {"sc", "parent", 1}));
      },
      {"constraint 'k'", "end1 and end2", "segment 1 of effector 'parent' of vehicle 'sc'", "same body"}, true);
}

BOOST_AUTO_TEST_CASE(distinct_bodies_of_one_vehicle_are_accepted) {
  // Segments 0 and 1 of a 2-DOF parent, and the hub and a segment: two bodies each; finalizes.
  BranchCase c = common_case(parent_spec(Parent::spinning_2dof));
  BOOST_CHECK_NO_THROW(c.model->add_two_point_effector(
      std::make_shared<Constraint>("segs", constraint_between({"sc", "parent", 0}, {"sc", "parent", 1}))));
  BOOST_CHECK_NO_THROW(c.model->add_two_point_effector(
      std::make_shared<Constraint>("hub_seg", constraint_between({"sc", "", 0}, {"sc", "parent", 1}))));
  BOOST_CHECK_NO_THROW(c.model->finalize());
}

BOOST_AUTO_TEST_CASE(one_constraint_in_two_models) {
  BranchCase a = common_case(parent_spec(Parent::hinged));
  BranchCase b = common_case(parent_spec(Parent::hinged));
  auto k = std::make_shared<Constraint>("k", constraint_between({"sc", "", 0}, {"sc", "parent", 0}));
  a.model->add_two_point_effector(k);
  expect_error([&] { b.model->add_two_point_effector(k); },
               {"constraint 'k'", "placement", "already attached to a model's two-point effectors"}, true);
  BOOST_TEST(b.model->two_point_effectors().empty());
  expect_error([&] { a.model->add_two_point_effector(k); }, {"constraint 'k'", "twice"}, true);
}

BOOST_AUTO_TEST_SUITE_END()

// -------------------------------------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(shared_child_hostile)

BOOST_AUTO_TEST_CASE(child_on_parents_of_two_models) {
  BranchCase a = common_case(parent_spec(Parent::hinged));
  BranchCase b = common_case(parent_spec(Parent::hinged));
  auto ft = make_force_torque("ft");
  a.parent->add_dynamic_effector(ft, 0);
  BOOST_TEST(ft->placement() == "segment 0 of hinged_rigid_body 'parent'");
  expect_error(
      [&] { b.parent->add_dynamic_effector(ft, 0); },
      {"external_force_torque 'ft'", "placement", "already attached to segment 0 of hinged_rigid_body 'parent'"}, true);
  BOOST_TEST(b.parent->children().empty());
}

BOOST_AUTO_TEST_CASE(child_on_a_segment_and_on_a_hub) {
  // Hub first, then a segment: refused at the second add (the other order: branching_errors).
  BranchCase c = common_case(parent_spec(Parent::hinged));
  auto ft = make_force_torque("ft");
  c.model->vehicle(0).add_dynamic_effector(ft);
  expect_error(
      [&] { c.parent->add_dynamic_effector(ft, 0); },
      {"external_force_torque 'ft'", "segment 0 of hinged_rigid_body 'parent'", "already attached to vehicle 'sc'"},
      true);
}

BOOST_AUTO_TEST_CASE(a_destroyed_parent_releases_its_children) {
  auto ft = make_force_torque("ft");
  {
    auto parent = make_parent(parent_spec(Parent::hinged), "gone");
    parent->add_dynamic_effector(ft, 0);
    BOOST_TEST(!ft->placement().empty());
  }
  BOOST_TEST(ft->placement().empty());
  BranchCase c = common_case(parent_spec(Parent::hinged));
  BOOST_CHECK_NO_THROW(c.parent->add_dynamic_effector(ft, 0));
  BOOST_CHECK_NO_THROW(c.model->finalize());
}

BOOST_AUTO_TEST_CASE(state_effector_on_a_platform_and_on_a_vehicle) {
  // Mounted on a platform, then added to the vehicle itself: refused, naming the platform.
  BranchCase c = common_case(parent_spec(Parent::hinged));
  auto arm = make_parent(parent_spec(Parent::spinning_1dof), "arm");
  auto table = platform("table", {arm});
  BOOST_TEST(arm->placement() == "prescribed_platform 'table'");
  expect_error(
      [&] { c.model->vehicle(0).add_state_effector(arm); },
      {"spinning_body_1dof 'arm'", "placement", "vehicle 'sc'", "already attached to prescribed_platform 'table'"},
      true);
  // Already on a vehicle, then mounted on a platform: the platform is refused, the child kept.
  auto wrist = make_parent(parent_spec(Parent::spinning_1dof), "wrist");
  c.model->vehicle(0).add_state_effector(wrist);
  expect_error(
      [&] {
        platform("stage", {make_parent(parent_spec(Parent::spinning_1dof), "free"), wrist});
      },
      {"spinning_body_1dof 'wrist'", "placement", "prescribed_platform 'stage'", "already attached to vehicle 'sc'"},
      true);
  BOOST_TEST(wrist->placement() == "vehicle 'sc'");
  // A destroyed platform releases its children.
  table.reset();
  BOOST_TEST(arm->placement().empty());
  BOOST_CHECK_NO_THROW(c.model->vehicle(0).add_state_effector(arm));
}

BOOST_AUTO_TEST_SUITE_END()
