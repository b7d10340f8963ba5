// One Model shared by concurrent runs (docs/architecture.md §5, "Inputs"): the model is read-only
// after finalize(), and every command a run makes (a flight-software task's wheel torques, a
// thruster profile, a hinge lock set between steps) lives in that run's Inputs. K threads, each
// propagating its own Systems of one model with different inputs, must give bit-identical states to
// the same runs done one after the other; the runs must differ from each other (the inputs reach
// the dynamics). Built and run under ThreadSanitizer in CI (.ci/run), which reports any write to
// shared data.
#include <boost/test/unit_test.hpp>
#include <limits>
#include <memory>
#include <span>
#include <thread>
#include <vector>

#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/samples/spacecraft.hpp"
#include "ramus/steppers/flight_software.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "ramus/systems/thruster.hpp"
#include "support/bit_identical.hpp"

namespace {

using namespace ramus;
using ramus::test::bit_identical;
namespace si = boost::units::si;

/// The sample hub with three wheels (limit 0.05 N m: the rate damper below saturates at first),
/// Basilisk's hinged panel 1, and a 5 N thruster off the centre of mass.
std::shared_ptr<const Model> shared_model() {
  auto model = std::make_shared<Model>();
  Vehicle& sc = model->add_vehicle("sc", samples::hub());
  sc.set_initial_state(samples::tumbling_at_rest());
  std::vector<ReactionWheelConfig> wheels;
  for (int i = 0; i < 3; ++i) {
    ReactionWheelConfig w = samples::wheel(Eigen::Vector3d::Unit(i));
    w.max_torque = 0.05 * units::newton_meter;
    wheels.push_back(w);
  }
  sc.add_state_effector(std::make_shared<ReactionWheels>("wheels", wheels));
  sc.add_state_effector(std::make_shared<HingedRigidBody>("panel", samples::basilisk_panel(1)));
  ThrusterConfig thr;
  thr.r_TF_F = units::Length3(Eigen::Vector3d(0.0, 0.5, 0.0), si::meter);
  thr.force_direction_F = Eigen::Vector3d::UnitZ();
  thr.max_thrust = 5.0 * si::newton;
  sc.add_dynamic_effector(std::make_shared<Thruster>("thr", thr));
  model->finalize();
  return model;
}

/// A rate damper at 10 Hz: wheel torque u_i = gain ω_i (it spins the wheels up against the hub's
/// rate). Run data: each run makes its own.
class RateDamper final : public FlightSoftwareTask {
 public:
  RateDamper(double gain, const Model& model)
      : FlightSoftwareTask("damper", "sc", {0.1, 0.0, 0}), gain_(gain), omega_(model.vehicle(0).offsets().omega_BN_B) {}
  std::vector<std::string> outputs() const override {
    return {"sc/wheels.motor_torque[0]", "sc/wheels.motor_torque[1]", "sc/wheels.motor_torque[2]"};
  }
  void update(const TaskInput& in, std::span<double> u) override {
    for (Eigen::Index i = 0; i < 3; ++i) u[static_cast<std::size_t>(i)] = gain_ * in.x[omega_ + i];
  }

 private:
  double gain_;
  Eigen::Index omega_;
};

/// Run k: its own damper gain, thruster firing window and panel lock.
Eigen::VectorXd run(const std::shared_ptr<const Model>& model, int k) {
  const System system(model);
  Inputs& inputs = system.inputs();
  // The thruster fires over [0.5 + 0.25 k, 1.5 + 0.25 k) s: a held profile of its throttle.
  const double on = 0.5 + 0.25 * k, off = on + 1.0;
  InputProfile firing;
  firing.channel = inputs.find("sc/thr.throttle");
  firing.value = [on, off](double t) { return t >= on && t < off ? 1.0 : 0.0; };
  firing.held = true;
  firing.next_switch = [on, off](double t) {
    return t < on ? on : t < off ? off : std::numeric_limits<double>::infinity();
  };
  inputs.set_profile(std::move(firing));
  FlightSoftware fsw;
  fsw.add(std::make_shared<RateDamper>(20.0 + 10.0 * k, *model));
  PropagationSettings settings;
  settings.stepper = k % 2 == 0 ? "rk4" : "rk_dopri5";
  settings.dt = 0.01;
  settings.flight_software = &fsw;
  Eigen::VectorXd x = model->initial_state();
  const std::vector<double> times{0.0, 1.0, 2.0, 3.0};
  const auto& panel = dynamic_cast<const HingedRigidBody&>(*model->vehicle(0).state_effectors()[1]);
  propagate(system, x, std::span<const double>(times), settings, [&](Eigen::VectorXd& xs, double t) {
    if (k % 2 == 1 && t == 2.0) panel.engage_lock(0, system, xs, t);  // odd runs latch it (an impulse)
  });
  return x;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(shared_model_threads)

BOOST_AUTO_TEST_CASE(concurrent_runs_equal_serial_runs_bit_for_bit) {
  const std::shared_ptr<const Model> model = shared_model();
  constexpr int kThreads = 4, kRunsPerThread = 2, kRuns = kThreads * kRunsPerThread;
  std::vector<Eigen::VectorXd> serial(kRuns), concurrent(kRuns);
  for (int k = 0; k < kRuns; ++k) serial[static_cast<std::size_t>(k)] = run(model, k);
  {
    std::vector<std::jthread> threads;
    for (int i = 0; i < kThreads; ++i)
      threads.emplace_back([&, i] {
        for (int j = 0; j < kRunsPerThread; ++j) {
          const int k = i + kThreads * j;  // interleaved: thread i runs i, i + K
          concurrent[static_cast<std::size_t>(k)] = run(model, k);
        }
      });
  }
  for (int k = 0; k < kRuns; ++k) {
    const auto s = static_cast<std::size_t>(k);
    BOOST_TEST(serial[s].allFinite(), "run " << k);
    BOOST_TEST(bit_identical(serial[s], concurrent[s]), "run " << k << ": concurrent differs from serial");
    // The inputs reach the dynamics: each run ends elsewhere than the one before (differences
    // of O(1e-3) and more in the wheel speeds, far above any round-off).
    if (k > 0) BOOST_TEST((serial[s] - serial[s - 1]).cwiseAbs().maxCoeff() > 1e-6, "runs " << k - 1 << ", " << k);
  }
  // Nothing a run did reached the model: a fresh run's inputs are the model's initial commands.
  const System fresh(model);
  BOOST_TEST((fresh.inputs().applied() - model->initial_inputs()).norm() == 0.0);
}

BOOST_AUTO_TEST_SUITE_END()
