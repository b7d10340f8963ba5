// BR-01 (docs/verification/BR_01.md): every parent × child pair of Basilisk's integrated
// branching test. The incompatible parent (the spring-mass-damper, a point mass without a frame)
// is refused at add_dynamic_effector — or, for a constraint, whose ends are named, at finalize —
// and the incompatible child (the hub-only pulsed torque) at finalize; each message names both
// effectors. Every other pair finalizes, runs 1 s, ends with a finite state, and its child acted.
#include <array>
#include <boost/test/unit_test.hpp>
#include <string>
#include <string_view>

#include "branching/branching_support.hpp"
#include "ramus/kernel/error.hpp"

namespace {

using namespace ramus;
using namespace ramus::branching_test;

enum class Outcome { refused_at_attach, refused_at_finalize, runs };

struct Attempt {
  Outcome outcome = Outcome::runs;
  std::string message;
  BranchCase c;
};

/// How the messages name the parent and the child (in the order of Parent and Child).
std::string label_of(Parent p) {
  return name_of(
      p, std::array<std::string_view, 6>{"hinged_rigid_body 'parent'", "spinning_body_1dof 'parent'",
                                         "spinning_body_2dof 'parent'", "spinning_body_ndof 'parent'",
                                         "translating_body_1dof 'parent'", "linear_spring_mass_damper 'parent'"});
}

std::string label_of(Child c) {
  return name_of(c, std::array<std::string_view, 6>{"external_force_torque 'child'", "thruster 'child'",
                                                    "constraint 'link_hub'", "constraint 'link_bodies'",
                                                    "external_force_torque 'child'", "pulsed_torque 'child'"});
}

Attempt attempt(Parent p, Child ch) {
  Attempt a;
  a.c = common_case(parent_spec(p));
  const std::size_t seg = a.c.spec.child_segment;
  try {
    switch (ch) {
      case Child::force_torque:
        a.c.parent->add_dynamic_effector(make_force_torque("child"), seg);
        break;
      case Child::thruster:
        a.c.parent->add_dynamic_effector(make_thruster("child", ThrusterSpec{}), seg);
        break;
      case Child::constraint_one_hub:
        add_other_vehicle(a.c, false, seg);
        break;
      case Child::constraint_no_hubs:
        add_other_vehicle(a.c, true, seg);
        break;
      case Child::two_children:
        a.c.parent->add_dynamic_effector(make_force_torque("child"), seg);
        a.c.parent->add_dynamic_effector(make_second_force_torque("child_2"), seg);
        break;
      case Child::pulsed_torque:
        a.c.parent->add_dynamic_effector(make_pulsed_torque("child"), seg);
        break;
    }
  } catch (const ConfigurationError& e) {
    a.outcome = Outcome::refused_at_attach;
    a.message = e.what();
    return a;
  }
  try {
    a.c.model->finalize();
  } catch (const ConfigurationError& e) {
    a.outcome = Outcome::refused_at_finalize;
    a.message = e.what();
  }
  return a;
}

bool is_constraint(Child c) { return c == Child::constraint_one_hub || c == Child::constraint_no_hubs; }

}  // namespace

BOOST_AUTO_TEST_SUITE(branching)

BOOST_AUTO_TEST_CASE(BR_01_compatibility) {
  const std::array<Parent, 6> parents = {Parent::hinged,        Parent::spinning_1dof,    Parent::spinning_2dof,
                                         Parent::spinning_ndof, Parent::translating_1dof, Parent::spring_mass_damper};
  int runs = 0, refused = 0;
  for (Parent p : parents)
    for (Child ch : kAllChildren) {
      BOOST_TEST_CONTEXT("parent " << parent_name(p) << ", child " << child_name(ch)) {
        Attempt a = attempt(p, ch);
        Outcome expected = Outcome::runs;
        if (p == Parent::spring_mass_damper)
          expected = is_constraint(ch) ? Outcome::refused_at_finalize : Outcome::refused_at_attach;
        else if (ch == Child::pulsed_torque)
          expected = Outcome::refused_at_finalize;
        BOOST_TEST(static_cast<int>(a.outcome) == static_cast<int>(expected), "outcome; message: " << a.message);
        if (a.outcome != expected) continue;
        if (expected != Outcome::runs) {
          ++refused;
          // The message names both effectors (docs/architecture.md §D5).
          BOOST_TEST(a.message.find(label_of(p)) != std::string::npos, a.message);
          BOOST_TEST(a.message.find(label_of(ch)) != std::string::npos, a.message);
          continue;
        }
        ++runs;
        const System system(a.c.model);
        VectorXd x = a.c.model->initial_state();
        PropagationSettings s;
        s.stepper = "rk4";
        s.dt = 1.0 / 1024.0;  // ≈ 1 ms, dyadic: the thruster's edges 0.25 s and 0.75 s are on the grid
        BOOST_REQUIRE_NO_THROW(propagate(system, x, 0.0, 1.0, s));
        BOOST_TEST(x.allFinite());
        // The child acted: its non-gravitational load moved sc's centre of mass. The smallest of
        // these ΔV (the constraints, whose force β|ψ'| starts at ~20 N s/m × 0.02 m/s) is ~4e-4 m/s
        // after 1 s; 1e-6 m/s is far below every one and far above round-off (~1e-15 m/s).
        const VehicleDiagnostics d = vehicle_diagnostics(*a.c.model, x, 1.0, 0);
        BOOST_TEST(d.dv_CN_N.norm() > 1e-6);
      }
    }
  BOOST_TEST(runs == 5 * 5);     // 5 parents × 5 compatible children
  BOOST_TEST(refused == 6 + 5);  // the spring-mass-damper row and the pulsed-torque column
}

// The pulsed torque is refused on a segment only: on the hub of the same vehicle it runs.
BOOST_AUTO_TEST_CASE(BR_01_pulsed_torque_on_the_hub) {
  for (Parent p : kCompatibleParents) {
    BOOST_TEST_CONTEXT("parent " << parent_name(p)) {
      BranchCase c = common_case(parent_spec(p));
      c.model->vehicle(0).add_dynamic_effector(make_pulsed_torque("pulses"));
      BOOST_REQUIRE_NO_THROW(c.model->finalize());
      const System system(c.model);
      VectorXd x = c.model->initial_state();
      PropagationSettings s;
      s.dt = 1.0 / 1024.0;
      propagate(system, x, 0.0, 0.25, s);
      BOOST_TEST(x.allFinite());
    }
  }
}

// The common setup's hub offset r_BcB_B = −Σ m_i r_Pci/B / m_hub (docs/verification/README.md,
// "Branching") puts the
// vehicle's centre of mass at B: the library's initial state, given at C, then has r_BN = r_CN.
BOOST_AUTO_TEST_CASE(BR_01_common_setup_centre_of_mass_at_B) {
  for (Parent p : kCompatibleParents) {
    BOOST_TEST_CONTEXT("parent " << parent_name(p)) {
      BranchCase c = common_case(parent_spec(p));
      c.model->finalize();
      const VectorXd& x0 = c.model->initial_state();
      const VehicleOffsets& o = c.model->vehicle(0).offsets();
      // |r_CN| ≈ 1e7 m: one ulp is 1.9e-9 m; the offset is exact, so only the subtraction
      // r_C − [NB] c with |c| ~ 1e-16 m remains: 1e-8 m allows a few ulps.
      BOOST_TEST((x0.segment<3>(o.r_N) - r_CN_N0()).norm() < 1e-8);
      const VehicleDiagnostics d = vehicle_diagnostics(*c.model, x0, 0.0, 0);
      BOOST_TEST((d.r_CN_N - r_CN_N0()).norm() < 1e-8);
      // v_C as given (ulp of 7.6e3 m/s is 9e-13 m/s).
      BOOST_TEST((d.v_CN_N - v_CN_N0()).norm() < 1e-11);
      // The hand geometry agrees with the library's c.o.m. (both ~1e7 m; see above).
      const HandState h = hand_state(*c.model, x0, c.hand);
      BOOST_TEST((h.r_CN_N - r_CN_N0()).norm() < 1e-8);
      BOOST_TEST((h.v_CN_N - v_CN_N0()).norm() < 1e-11);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
