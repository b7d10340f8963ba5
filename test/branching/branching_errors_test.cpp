// `branching_errors` (label errors): configurations of branching and of the children that must be
// refused, each with a ConfigurationError whose what() names the effectors and the field at fault
// (docs/architecture.md §D10): segment out of range, a parent without segments, a null child, a
// child attached
// twice, duplicate names, constraint ends naming a missing vehicle / effector / segment (refused at
// finalize), a thruster with a zero, NaN or non-unit direction or max_thrust ≤ 0, overlapping or
// empty firings, a pulsed torque with period ≤ 0 or bad counts, changes after finalize.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "branching/branching_support.hpp"
#include "ramus/kernel/error.hpp"
#include "support/checks.hpp"

namespace {

using namespace ramus;
using namespace ramus::branching_test;

using test::expect_error;

const double kNaN = std::numeric_limits<double>::quiet_NaN();

BranchCase hinged_case() { return common_case(parent_spec(Parent::hinged)); }

ConstraintConfig constraint_to(const AttachPoint& end2) {
  ConstraintConfig k;
  k.end1 = AttachPoint{"sc", "", 0};
  k.end2 = end2;
  k.alpha = 10.0 * si::newton / si::meter;
  k.beta = 1.0 * si::newton * si::second / si::meter;
  return k;
}

ThrusterConfig thruster_config() {
  ThrusterConfig c;
  c.force_direction_F = Vector3d::UnitX();
  c.max_thrust = 1.0 * si::newton;
  return c;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(branching_errors)

BOOST_AUTO_TEST_CASE(segment_out_of_range) {
  for (Parent p : kCompatibleParents) {
    BOOST_TEST_CONTEXT("parent " << parent_name(p)) {
      BranchCase c = common_case(parent_spec(p));
      const std::size_t n = c.spec.joints.size();
      // One past the last segment (0-based): names the parent, the child, the field and the value.
      expect_error([&] { c.parent->add_dynamic_effector(make_force_torque("ft"), n); },
                   {std::string(c.parent->kind()) + " 'parent'", "external_force_torque 'ft'", "segment",
                    std::to_string(n), "out of range"});
      BOOST_TEST(c.parent->children().empty());  // nothing was attached
    }
  }
}

BOOST_AUTO_TEST_CASE(parent_without_segments) {
  BranchCase c = common_case(parent_spec(Parent::spring_mass_damper));
  expect_error([&] { c.parent->add_dynamic_effector(make_thruster("thr", ThrusterSpec{}), 0); },
               {"linear_spring_mass_damper 'parent'", "thruster 'thr'", "no segment frame"});
}

BOOST_AUTO_TEST_CASE(null_child) {
  BranchCase c = hinged_case();
  expect_error([&] { c.parent->add_dynamic_effector(nullptr, 0); },
               {"hinged_rigid_body 'parent'", "add_dynamic_effector", "null"});
}

BOOST_AUTO_TEST_CASE(child_attached_twice) {
  BranchCase c = hinged_case();
  auto ft = make_force_torque("ft");
  c.parent->add_dynamic_effector(ft, 0);
  // The same object again, and another object of the same name, on the same parent: at once.
  expect_error([&] { c.parent->add_dynamic_effector(ft, 0); },
               {"hinged_rigid_body 'parent'", "external_force_torque 'ft'", "already attached"});
  expect_error([&] { c.parent->add_dynamic_effector(make_force_torque("ft"), 0); },
               {"hinged_rigid_body 'parent'", "external_force_torque 'ft'", "already attached"});
  BOOST_TEST(c.parent->children().size() == 1u);
  // The same object on the hub as well: refused at once, naming where it already is (one object,
  // one place: kernel placement.hpp).
  expect_error(
      [&] { c.model->vehicle(0).add_dynamic_effector(ft); },
      {"external_force_torque 'ft'", "vehicle 'sc'", "already attached to segment 0 of hinged_rigid_body 'parent'"});
  // Another object of the same name on the hub: the vehicle's names clash at finalize.
  c.model->vehicle(0).add_dynamic_effector(make_force_torque("ft"));
  expect_error([&] { c.model->finalize(); }, {"vehicle 'sc'", "effector name", "'ft'", "already used"});
}

BOOST_AUTO_TEST_CASE(child_on_two_parents) {
  BranchCase c = hinged_case();
  auto second = make_parent(parent_spec(Parent::spinning_1dof), "spinner");
  c.model->vehicle(0).add_state_effector(second);
  auto ft = make_force_torque("ft");
  c.parent->add_dynamic_effector(ft, 0);
  // The same object on a second parent: refused at once.
  expect_error([&] { second->add_dynamic_effector(ft, 0); },
               {"external_force_torque 'ft'", "segment 0 of spinning_body_1dof 'spinner'",
                "already attached to segment 0 of hinged_rigid_body 'parent'"});
  BOOST_TEST(second->children().empty());
  // Two objects of one name on the two parents: each parent alone accepts its own …
  second->add_dynamic_effector(make_force_torque("ft"), 0);
  expect_error([&] { c.model->finalize(); }, {"vehicle 'sc'", "effector name", "'ft'", "already used"});  // … not both
}

BOOST_AUTO_TEST_CASE(duplicate_names) {
  // A child named like a state effector of its vehicle.
  BranchCase c = hinged_case();
  c.parent->add_dynamic_effector(make_force_torque("parent"), 0);
  expect_error([&] { c.model->finalize(); }, {"vehicle 'sc'", "effector name", "'parent'", "already used"});
  // Two constraints of one name.
  BranchCase d = hinged_case();
  d.model->add_two_point_effector(std::make_shared<Constraint>("k", constraint_to({"sc", "parent", 0})));
  expect_error(
      [&] {
        d.model->add_two_point_effector(std::make_shared<Constraint>("k", constraint_to({"sc", "parent", 0})));
      },
      {"two-point effector name", "'k'", "already used"});
}

BOOST_AUTO_TEST_CASE(constraint_end_missing_vehicle) {
  BranchCase c = hinged_case();
  c.model->add_two_point_effector(std::make_shared<Constraint>("k", constraint_to({"nope", "parent", 0})));
  expect_error([&] { c.model->finalize(); }, {"constraint 'k'", "end2.vehicle", "'nope'", "no vehicle"});
}

BOOST_AUTO_TEST_CASE(constraint_end_missing_effector) {
  BranchCase c = hinged_case();
  c.model->add_two_point_effector(std::make_shared<Constraint>("k", constraint_to({"sc", "ghost", 0})));
  expect_error([&] { c.model->finalize(); }, {"constraint 'k'", "end2.effector", "'ghost'", "vehicle 'sc'"});
}

BOOST_AUTO_TEST_CASE(constraint_end_segment_out_of_range) {
  BranchCase c = hinged_case();
  c.model->add_two_point_effector(std::make_shared<Constraint>("k", constraint_to({"sc", "parent", 1})));
  expect_error([&] { c.model->finalize(); },
               {"constraint 'k'", "end2.segment", "1", "hinged_rigid_body 'parent'", "out of range"});
}

BOOST_AUTO_TEST_CASE(constraint_end_without_segments) {
  BranchCase c = common_case(parent_spec(Parent::spring_mass_damper));
  c.model->add_two_point_effector(std::make_shared<Constraint>("k", constraint_to({"sc", "parent", 0})));
  expect_error([&] { c.model->finalize(); },
               {"constraint 'k'", "end2.effector", "linear_spring_mass_damper 'parent'", "no segment frame"});
}

BOOST_AUTO_TEST_CASE(thruster_direction_and_thrust) {
  // Zero, NaN, non-unit: each names the field and the value given.
  const std::vector<std::pair<Vector3d, std::string>> directions = {{Vector3d(0.0, 0.0, 0.0), "[0, 0, 0]"},
                                                                    {Vector3d(kNaN, 0.0, 0.0), "nan"},
                                                                    {Vector3d(0.0, 2.0, 0.0), "[0, 2, 0]"}};
  for (const auto& [direction, text] : directions) {
    ThrusterConfig c = thruster_config();
    c.force_direction_F = direction;
    expect_error([&] { Thruster("thr", c); }, {"thruster 'thr'", "force_direction_F", text});
  }
  for (const double bad : {0.0, -1.0, kNaN}) {
    ThrusterConfig c = thruster_config();
    c.max_thrust = bad * si::newton;
    expect_error([&] { Thruster("thr", c); }, {"thruster 'thr'", "max_thrust"});
  }
  ThrusterConfig c = thruster_config();
  c.ramp_time_constant = -0.1 * si::second;
  expect_error([&] { Thruster("thr", c); }, {"thruster 'thr'", "ramp_time_constant", "-0.1"});
}

BOOST_AUTO_TEST_CASE(thruster_firings) {
  Thruster thr("thr", thruster_config());
  thr.add_firing(1.0 * si::second, 1.0 * si::second);  // [1, 2)
  // Overlapping the previous firing, or before it: names the field, the value and the previous end.
  expect_error([&] { thr.add_firing(1.5 * si::second, 1.0 * si::second); },
               {"thruster 'thr'", "firing start", "1.5", "previous firing", "2"});
  expect_error([&] { thr.add_firing(0.0 * si::second, 0.5 * si::second); }, {"thruster 'thr'", "firing start", "0"});
  expect_error([&] { thr.add_firing(3.0 * si::second, 0.0 * si::second); }, {"thruster 'thr'", "firing duration"});
  expect_error([&] { thr.add_firing(kNaN * si::second, 1.0 * si::second); }, {"thruster 'thr'", "firing start"});
  thr.add_firing(2.0 * si::second, 1.0 * si::second);  // touching the previous end is not overlapping
  BOOST_TEST(thr.thrust_factor(2.5) == 1.0);
}

BOOST_AUTO_TEST_CASE(pulsed_torque_parameters) {
  for (const double bad : {0.0, -0.1, kNaN}) {
    PulsedTorqueConfig c;
    c.period = bad * si::second;
    expect_error([&] { PulsedTorque("pulses", c); }, {"pulsed_torque 'pulses'", "period"});
  }
  PulsedTorqueConfig c;
  c.period = 0.1 * si::second;
  c.count_on = 0;
  expect_error([&] { PulsedTorque("pulses", c); }, {"pulsed_torque 'pulses'", "count_on", "0"});
  c.count_on = 1;
  c.count_off = -1;
  expect_error([&] { PulsedTorque("pulses", c); }, {"pulsed_torque 'pulses'", "count_off", "-1"});
}

BOOST_AUTO_TEST_CASE(hub_only_child_on_a_segment) {
  BranchCase c = common_case(parent_spec(Parent::spinning_2dof));
  c.parent->add_dynamic_effector(make_pulsed_torque("pulses"), 1);  // accepted here …
  expect_error([&] { c.model->finalize(); },                        // … refused at finalize
               {"spinning_body_2dof 'parent'", "dynamic effector on segment 1", "pulsed_torque 'pulses'", "hub only"});
}

BOOST_AUTO_TEST_CASE(changes_after_finalize) {
  BranchCase c = hinged_case();
  c.model->finalize();
  expect_error([&] { c.parent->add_dynamic_effector(make_force_torque("late"), 0); },
               {"hinged_rigid_body 'parent'", "external_force_torque 'late'", "finalized"});
  expect_error(
      [&] {
        c.model->add_two_point_effector(std::make_shared<Constraint>("k", constraint_to({"sc", "parent", 0})));
      },
      {"constraint 'k'", "finalized"});
}

BOOST_AUTO_TEST_SUITE_END()
