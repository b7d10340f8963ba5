// A step-halving study of a branched vehicle: a 20 N engine on a 2-DOF gimbal (the thruster hangs
// on the gimbal's second segment), firing over the whole span so that the loads are smooth in t.
// rk4 at dt0 = 0.05 s and four halvings, each level's error the distance to the next finer run
// (Richardson); prints the table and fails unless the observed order approaches 4.
#include <cmath>
#include <cstdio>
#include <memory>
#include <numbers>
#include <ramus/kernel/model.hpp>
#include <ramus/kernel/system.hpp>
#include <ramus/steppers/propagate.hpp>
#include <ramus/steppers/step_halving.hpp>
#include <ramus/systems/spinning_body.hpp>
#include <ramus/systems/thruster.hpp>

int main() {
  using namespace ramus::units;
  constexpr double kDeg = std::numbers::pi / 180.0;
  constexpr double t1 = 4.0;  // [s]

  // The gimbal of bench/multibody_scenarios.cpp: a 1 kg ring about b1, a 20 kg engine about s2.
  ramus::SpinningAxisConfig ring;
  ring.mass = 1.0 * si::kilogram;
  ring.I_PntSc_S = InertiaTensor::diagonal(0.02 * kg_m2, 0.02 * kg_m2, 0.04 * kg_m2);
  ring.sHat_S = Eigen::Vector3d::UnitX();
  ring.k = 100.0 * si::newton * si::meter / si::radian;
  ring.c = 10.0 * si::newton * si::meter * si::second / si::radian;
  ring.theta0 = 2.0 * kDeg * si::radian;
  ramus::SpinningAxisConfig engine = ring;
  engine.mass = 20.0 * si::kilogram;
  engine.I_PntSc_S = InertiaTensor::diagonal(0.8 * kg_m2, 0.8 * kg_m2, 0.4 * kg_m2);
  engine.r_ScS_S = Length3(Eigen::Vector3d(0.0, 0.0, -0.3), si::meter);
  engine.sHat_S = Eigen::Vector3d::UnitY();
  engine.theta0 = -1.0 * kDeg * si::radian;
  auto gimbal = std::make_shared<ramus::SpinningBodyTwoDOF>("gimbal", ring, engine);

  ramus::ThrusterConfig tc;
  tc.r_TF_F = Length3(Eigen::Vector3d(0.05, 0.0, -0.5), si::meter);
  tc.force_direction_F = Eigen::Vector3d::UnitZ();
  tc.max_thrust = 20.0 * si::newton;
  auto thruster = std::make_shared<ramus::Thruster>("engine", tc);
  thruster->add_firing(0.0 * si::second, (t1 + 1.0) * si::second);  // on over the whole span
  gimbal->add_dynamic_effector(thruster, 1);                        // branching: segment 1

  auto model = std::make_shared<ramus::Model>();
  ramus::HubConfig hub;
  hub.mass = 750.0 * si::kilogram;
  hub.I_PntBc_B = InertiaTensor::diagonal(900.0 * kg_m2, 800.0 * kg_m2, 600.0 * kg_m2);
  hub.r_BcB_B = Length3(Eigen::Vector3d(0.0, 0.0, 1.0), si::meter);
  ramus::Vehicle& sc = model->add_vehicle("sc", hub);
  ramus::InitialState ic;
  ic.point = ramus::ReferencePoint::C;
  ic.omega_BN_B = AngularVelocity3(Eigen::Vector3d(0.1, -0.1, 0.1), si::radian_per_second);
  sc.set_initial_state(ic);
  sc.add_state_effector(gimbal);
  model->finalize();

  const ramus::System system(model);
  const auto solution_at = [&](double dt) {
    Eigen::VectorXd x = model->initial_state();
    ramus::PropagationSettings settings;  // rk4
    settings.dt = dt;
    ramus::propagate(system, x, 0.0, t1, settings);
    return x;
  };
  const auto distance = [](const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    return (a - b).lpNorm<Eigen::Infinity>();
  };
  const ramus::StepHalvingStudy study = ramus::step_halving_study_self(0.05, 4, solution_at, distance);

  std::printf("%10s  %12s  %8s\n", "dt [s]", "error", "order");
  for (const ramus::HalvingLevel& level : study.levels)
    std::printf("%10.5f  %12.4e  %8.3f\n", level.dt, level.error, level.observed_order);
  // rk4: order 4 in the asymptotic range; the finest levels must be within 0.3 of it.
  const double p = study.levels.back().observed_order;
  return std::abs(p - 4.0) < 0.3 ? 0 : 1;
}
