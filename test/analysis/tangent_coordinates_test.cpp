// Tangent coordinates (docs/analysis/linear_models.md eqs. L1–L2): retract and local are inverse
// maps, and tangent_rate is the rate of local along a moving state, checked by differencing local
// over a short arc of a tumbling hub.
#include <boost/test/unit_test.hpp>

#include "kernel/test_support.hpp"
#include "ramus/analysis/tangent_coordinates.hpp"
#include "ramus/kernel/system.hpp"

namespace ramus::test {
namespace {

std::shared_ptr<Model> tumbling_hub() {
  auto model = std::make_shared<Model>();
  Vehicle& v =
      model->add_vehicle("sc", hub_config(10.0, Eigen::Vector3d(100.0, 200.0, 300.0), Eigen::Vector3d::Zero()));
  v.set_initial_state(initial_state({7e6, 0.0, 0.0}, {0.0, 7.5e3, 0.0}, random_quaternion(), {0.3, -0.2, 0.1}));
  model->finalize();
  return model;
}

BOOST_AUTO_TEST_SUITE(tangent_coordinates)

BOOST_AUTO_TEST_CASE(retract_and_local_are_inverse) {
  const auto model = tumbling_hub();
  const analysis::TangentCoordinates chart(*model);
  BOOST_TEST(chart.size() == model->layout().size() - 1);  // one quaternion → three angles
  BOOST_TEST(chart.names()[6] == "sc/hub.delta_theta_B[0]");
  const Eigen::VectorXd x0 = model->initial_state();
  Eigen::VectorXd z(chart.size()), x, back;
  for (Eigen::Index k = 0; k < z.size(); ++k) z[k] = uniform(-0.5, 0.5);
  chart.retract(x0, z, x);
  BOOST_TEST(std::abs(x.segment<4>(6).norm() - 1.0) < 4e-16);  // a unit quaternion, to round-off
  chart.local(x0, x, back);
  // Inverse maps up to round-off: a few ε of the largest entry (positions of 7e6 m: 1e-9 m).
  for (Eigen::Index k = 0; k < z.size(); ++k)
    BOOST_TEST(std::abs(back[k] - z[k]) <=
               8.0 * std::numeric_limits<double>::epsilon() * std::max(1.0, std::abs(x[chart.state_index(k)])));
}

BOOST_AUTO_TEST_CASE(tangent_rate_is_the_rate_of_local) {
  const auto model = tumbling_hub();
  const analysis::TangentCoordinates chart(*model);
  const System f(model);
  const Eigen::VectorXd x0 = model->initial_state();
  // A state 0.3 rad away from x0, and the rate of its local coordinates by central differences
  // along the flow (x ± h f, a straight line in R^n: local divides out |q|).
  Eigen::VectorXd z = Eigen::VectorXd::Zero(chart.size()), x, xdot(x0.size()), zdot;
  z.segment<3>(6) << 0.2, -0.1, 0.2;
  chart.retract(x0, z, x);
  f(x, xdot, 0.0);
  chart.tangent_rate(x0, x, xdot, zdot);
  const double h = 1e-5;
  Eigen::VectorXd zp, zm;
  chart.local(x0, x + h * xdot, zp);
  chart.local(x0, x - h * xdot, zm);
  const Eigen::VectorXd fd = (zp - zm) / (2.0 * h);
  // The attitude rows: O(h²) truncation with |ω| 0.37 rad/s (1e-10) and ε/h rounding (2e-11).
  check_near(zdot.segment<3>(6), fd.segment<3>(6), 1e-9, "delta_theta rate");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace ramus::test
