// docs/architecture.md §D3: no heap allocation inside an evaluation, counted by the test tree's
// allocator (support/allocation_counter.hpp): operator new and, where counted, the malloc family.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <memory>

#include "kernel/test_support.hpp"
#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/odeint_steppers.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "support/allocation_counter.hpp"

namespace {

using namespace ramus;

using test::Allocations;
using test::count_allocations;

/// Hub with r_BcB_B ≠ 0, an ExternalForceTorque with time profiles and J2 gravity.
std::shared_ptr<Model> loaded_hub() {
  auto model = std::make_shared<Model>();
  Eigen::Matrix3d I;
  I << 120.0, 3.0, -2.0, 3.0, 150.0, 1.0, -2.0, 1.0, 90.0;
  Vehicle& v = model->add_vehicle("sc", test::hub_config(500.0, I, {0.3, -0.1, 0.2}));
  ExternalForceTorqueConfig c;
  c.force_F = {Eigen::Vector3d(1.0, 0.0, -0.5), units::si::newton};
  c.force_N = {Eigen::Vector3d(0.0, 0.2, 0.0), units::si::newton};
  c.torque_PntF_F = {Eigen::Vector3d(0.01, 0.02, -0.01), units::newton_meter};
  auto load = std::make_shared<ExternalForceTorque>("load", c);
  // Captureless, and capturing one double by value: 8 bytes, trivially copyable, so libstdc++'s
  // std::function stores it in its small buffer (no heap). The std::function is built here,
  // before counting; an evaluation only calls it.
  load->set_torque_PntF_F_profile([](double t) { return Eigen::Vector3d(0.0, 0.0, 1e-3 * std::sin(t)); });
  const double amplitude = 0.5;
  load->set_force_N_profile([amplitude](double t) { return Eigen::Vector3d(amplitude * std::cos(t), 0.0, 0.0); });
  v.add_dynamic_effector(load);
  v.set_initial_state(test::initial_state({7.0e6, 0.0, 1.0e6}, {0.0, 7.5e3, 0.0},
                                          Quaternion(0.9, 0.1, -0.3, 0.3).normalized(), {0.01, -0.02, 0.03}));
  model->set_gravity(std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth(true)));
  model->finalize();
  return model;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(no_allocation)

BOOST_AUTO_TEST_CASE(counters_see_allocations) {
  // The counters must be able to fail: a vector and an Eigen::VectorXd allocate.
  // operator new is called, not written as a new-expression: a compiler may elide a new-expression
  // whose memory does not escape (clang at -O1 does), never a call.
  const Allocations c = count_allocations([] {
    auto* p = static_cast<double*>(::operator new(100 * sizeof(double)));
    Eigen::VectorXd v(100);
    v.setZero();
    p[0] = v[0];
    ::operator delete(p);
  });
  BOOST_TEST(c.news >= 1);
  if (test::counts_malloc()) BOOST_TEST(c.mallocs >= 2);
}

BOOST_AUTO_TEST_CASE(right_hand_side_does_not_allocate) {
  const auto model = loaded_hub();
  const System system(model);
  Eigen::VectorXd x = model->initial_state();
  Eigen::VectorXd dxdt(x.size());
  for (int k = 0; k < 3; ++k) system(x, dxdt, 0.0);  // warm-up
  double sum = 0.0;
  const Allocations c = count_allocations([&] {
    for (int k = 0; k < 10000; ++k) {
      system(x, dxdt, 0.01 * k);
      sum += dxdt[10];
    }
  });
  BOOST_TEST(std::isfinite(sum));
  BOOST_TEST(c.news == 0);
  BOOST_TEST(c.mallocs == 0);
}

BOOST_AUTO_TEST_CASE(rk4_steps_do_not_allocate) {
  namespace ode = boost::numeric::odeint;
  const auto model = loaded_hub();
  const System system(model);
  Eigen::VectorXd x = model->initial_state();
  ode::runge_kutta4<Eigen::VectorXd, double, Eigen::VectorXd, double, ode::vector_space_algebra> rk4;
  double t = 0.0;
  const double dt = 0.1;
  rk4.do_step(std::ref(system), x, t, dt);  // the first step sizes the stepper's buffers
  t += dt;
  const Allocations c = count_allocations([&] {
    for (int k = 0; k < 1000; ++k, t += dt) rk4.do_step(std::ref(system), x, t, dt);
  });
  BOOST_TEST(x.allFinite());
  BOOST_TEST(c.news == 0);
  BOOST_TEST(c.mallocs == 0);
}

BOOST_AUTO_TEST_SUITE_END()
