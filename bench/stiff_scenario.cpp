#include "stiff_scenario.hpp"

#include <cmath>
#include <memory>
#include <numbers>

#include "ramus/samples/spacecraft.hpp"
#include "reference_run.hpp"

namespace ramus::bench {
namespace {

constexpr double kStiffness = 1e6;  // [N m/rad]
constexpr double kDamping = 2e6;    // [N m s/rad]

// The implicit steppers' stiff case (test/steppers/implicit_steppers_test.cpp), from rest.
std::shared_ptr<Model> stiff_hinge_model() { return samples::hub_and_panel(kStiffness, kDamping, 0.0); }

}  // namespace

Scenario make_stiff_hinge() {
  const std::shared_ptr<Model> model = stiff_hinge_model();
  Scenario s;
  s.x0 = model->initial_state();
  s.model = model;
  s.t1 = 20.0;
  // The fastest eigenvalue, about −c/I with I the panel's reduced inertia about the hinge, is near
  // −1.4e4 s⁻¹ (test/steppers/implicit_steppers_test.cpp; rk_dopri5's mean step here, 1.0e-4 s on
  // its stability boundary 3.3, puts it nearer −3e4 s⁻¹): explicit steppers are held to
  // dt ≲ 1e-4 s by stability whatever the tolerance. dt0 = 5e-5 s (|λ| dt ≈ 1.5, inside euler's,
  // rk2's and rk4's stability intervals) is the adaptive steppers' first trial step and the step of
  // a fixed stepper run on this scenario outside its plan (the per-step allocation test runs every
  // stepper on every scenario).
  s.dt0 = 5e-5;
  // rk_dopri5 and rk_ck54 cost ≈ 1.5e6 evaluations (≈ 0.5 s) per run at any tolerance down to
  // 1e-8 (stability, not accuracy, sets their step): two tolerances where rosenbrock4 gets seven.
  // implicit_euler is a fixed-step stepper of order 1: steps from 0.1 s, halved.
  s.plan = {{"rosenbrock4", {1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11, 1e-12}, {1e-8, 1e-10, 1e-12}},
            {"implicit_euler", {0.1, 0.05, 0.025, 0.0125, 0.00625, 0.003125}, {0.1, 0.05, 0.025}},
            {"rk_dopri5", {1e-6, 1e-8}, {1e-6}},
            {"rk_ck54", {1e-6, 1e-8}, {}}};
  // The error of test/steppers/implicit_steppers_test.cpp: the hub state and the hinge angle in
  // rad (scale 1), not the hinge rate. The stiff mode holds the rate near 1e-6 rad/s, and an
  // explicit stepper on its stability limit leaves an error of order one of that amplitude in it,
  // which no other quantity of the motion shows; scaled by its amplitude it would make every
  // explicit run look wrong by 0.4 and the comparison at matched accuracy meaningless.
  const auto angle_only = [](Scenario& sc) {
    std::erase_if(sc.coordinates, [](const CoordinateReference& c) { return !c.name.ends_with(".theta"); });
    for (CoordinateReference& c : sc.coordinates) c.scale = 1.0;
  };
  s.reference =
      "hub 500 kg, diag(400, 350, 300) kg m2; panel 40 kg on a hinge about b3 at 1.2 m, d = 1.8 m, k = 1e6 N m/rad, "
      "c = 2e6 N m s/rad (a fast eigenvalue of order -1e4 1/s); torque (1, 0, 10 sin(2 pi t / 20 s)) N m; " +
      use_converged_reference(s, {"rosenbrock4", 1e-13, "rosenbrock4", 1e-11, angle_only}) +
      "; compared: the hub state and the hinge angle in rad (not its rate)";
  return s;
}

}  // namespace ramus::bench
