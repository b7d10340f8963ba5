// kernel/model.hpp: initial conditions at B or C; structure rules and their errors.
#include "ramus/kernel/model.hpp"

#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <memory>

#include "kernel/stub_effectors.hpp"
#include "kernel/test_support.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/system.hpp"

using namespace ramus;
using ramus::test::message_has;

namespace {

const Eigen::Vector3d r_BcB_B(0.3, -0.2, 0.5);          // [m]
const Eigen::Vector3d r_given_N(7.0e6, -1.2e6, 0.4e6);  // [m]
const Eigen::Vector3d v_given_N(1.1e3, 7.4e3, -0.3e3);  // [m/s]
const Eigen::Vector3d omega_BN_B(0.1, -0.2, 0.3);       // [rad/s]

Eigen::Matrix3d hub_inertia() {
  Eigen::Matrix3d I;
  I << 12.0, 0.5, -0.3, 0.5, 15.0, 0.2, -0.3, 0.2, 9.0;
  return I;
}

void add_offset_hub(Model& model, ReferencePoint point, const Quaternion& q_BN) {
  Vehicle& v = model.add_vehicle("sc", test::hub_config(50.0, hub_inertia(), r_BcB_B));
  v.set_initial_state(test::initial_state(r_given_N, v_given_N, q_BN, omega_BN_B, point));
}

Quaternion some_attitude() {
  const Quaternion q(0.4, -0.3, 0.7, 0.5);
  return q / q.norm();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(model)

BOOST_AUTO_TEST_CASE(initial_state_given_at_B_is_copied) {
  Model model;
  add_offset_hub(model, ReferencePoint::B, some_attitude());
  model.finalize();
  const Eigen::VectorXd& x0 = model.initial_state();
  BOOST_TEST((x0.segment<3>(0) == r_given_N));
  BOOST_TEST((x0.segment<3>(3) == v_given_N));
  BOOST_TEST((x0.segment<4>(6) == some_attitude()));
  BOOST_TEST((x0.segment<3>(10) == omega_BN_B));
  BOOST_TEST(x0.segment<3>(13).isZero(0.0));  // no ΔV accumulated yet
}

BOOST_AUTO_TEST_CASE(initial_state_given_at_C) {
  Model model;
  add_offset_hub(model, ReferencePoint::C, some_attitude());
  model.finalize();
  const Eigen::VectorXd& x0 = model.initial_state();
  const VehicleDiagnostics d = vehicle_diagnostics(model, x0, 0.0, 0);
  // |r| ≈ 7e6 m has an ulp of 9.3e-10 m; B is C − [NB] c and back: two roundings, tol 1e-8 m.
  // |v| ≈ 7.5e3 m/s, ulp 9e-13 m/s: tol 1e-11 m/s.
  test::check_near(d.r_CN_N, r_given_N, 1e-8, "r_CN_N");
  test::check_near(d.v_CN_N, v_given_N, 1e-11, "v_CN_N");
  // Independently: r_BN = r_CN − R(q) r_BcB, v_BN = v_CN − R(q) (omega × r_BcB) (hub-only vehicle).
  const Eigen::Matrix3d dcm_NB = rotation_matrix(some_attitude());
  test::check_near(x0.segment<3>(0), r_given_N - dcm_NB * r_BcB_B, 1e-8, "r_BN_N");
  test::check_near(x0.segment<3>(3), v_given_N - dcm_NB * omega_BN_B.cross(r_BcB_B), 1e-11, "v_BN_N");
  BOOST_TEST(d.m == 50.0);
}

BOOST_AUTO_TEST_CASE(massless_effector_keeps_C_at_hub_centre_of_mass) {
  Model model;
  Vehicle& v = model.add_vehicle("sc", test::hub_config(50.0, hub_inertia(), r_BcB_B));
  v.add_state_effector(std::make_shared<test::InertStateEffector>("inert", 1));
  v.set_initial_state(test::initial_state(r_given_N, v_given_N, some_attitude(), omega_BN_B, ReferencePoint::C));
  model.finalize();
  const VehicleDiagnostics d = vehicle_diagnostics(model, model.initial_state(), 0.0, 0);
  test::check_near(d.r_CN_N, r_given_N, 1e-8, "r_CN_N");  // as above
  test::check_near(d.v_CN_N, v_given_N, 1e-11, "v_CN_N");
}

BOOST_AUTO_TEST_CASE(effector_names_are_per_vehicle) {
  Model model;
  for (const char* name : {"a", "b"}) {
    Vehicle& v = model.add_vehicle(name, test::hub_config(1.0, Eigen::Matrix3d::Identity()));
    v.add_dynamic_effector(
        std::make_shared<test::ConstantWrench>("thruster", Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero()));
  }
  BOOST_CHECK_NO_THROW(model.finalize());
  BOOST_TEST(model.is_finalized());
  BOOST_TEST(model.vehicle_index("b") == 1u);
}

BOOST_AUTO_TEST_SUITE_END()

// -------------------------------------------------------------------------------------------------

namespace {

std::shared_ptr<test::ConstantWrench> wrench_named(const std::string& name) {
  return std::make_shared<test::ConstantWrench>(name, Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(model_errors)

BOOST_AUTO_TEST_CASE(effector_names_are_validated) {
  for (const std::string& bad : {std::string(""), std::string("a/b"), std::string("a.b"), std::string("a b"),
                                 std::string("a\tb"), std::string("a\nb")}) {
    BOOST_CHECK_EXCEPTION(wrench_named(bad), ConfigurationError, message_has("name"));
    BOOST_CHECK_EXCEPTION(test::InertStateEffector(bad, 1), ConfigurationError, message_has("name"));
  }
  BOOST_CHECK_NO_THROW(wrench_named("panel_1-left"));
}

BOOST_AUTO_TEST_CASE(duplicate_effector_names) {
  Model model;
  Vehicle& v = model.add_vehicle("sc", test::hub_config(1.0, Eigen::Matrix3d::Identity()));
  v.add_dynamic_effector(wrench_named("load"));
  BOOST_CHECK_EXCEPTION(v.add_dynamic_effector(wrench_named("load")), ConfigurationError, message_has("'load'"));
  BOOST_CHECK_EXCEPTION(v.add_state_effector(std::make_shared<test::InertStateEffector>("load", 1)), ConfigurationError,
                        message_has("effector name"));
  v.add_state_effector(std::make_shared<test::InertStateEffector>("panel", 1));
  BOOST_CHECK_EXCEPTION(v.add_state_effector(std::make_shared<test::InertStateEffector>("panel", 1)),
                        ConfigurationError, message_has("'panel'"));
  BOOST_CHECK_EXCEPTION(v.add_dynamic_effector(wrench_named("panel")), ConfigurationError,
                        message_has("effector name"));
  BOOST_TEST(v.dynamic_effectors().size() == 1u);  // the rejected ones were not added
  BOOST_TEST(v.state_effectors().size() == 1u);
}

BOOST_AUTO_TEST_CASE(null_effectors) {
  Model model;
  Vehicle& v = model.add_vehicle("sc", test::hub_config(1.0, Eigen::Matrix3d::Identity()));
  BOOST_CHECK_EXCEPTION(v.add_dynamic_effector(nullptr), ConfigurationError, message_has("add_dynamic_effector"));
  BOOST_CHECK_EXCEPTION(v.add_state_effector(nullptr), ConfigurationError, message_has("add_state_effector"));
}

BOOST_AUTO_TEST_CASE(structure_is_frozen_after_finalize) {
  Model model;
  Vehicle& v = model.add_vehicle("sc", test::hub_config(1.0, Eigen::Matrix3d::Identity()));
  model.finalize();
  const auto hub = test::hub_config(1.0, Eigen::Matrix3d::Identity());
  BOOST_CHECK_EXCEPTION(model.add_vehicle("other", hub), ConfigurationError, message_has("finalized"));
  BOOST_CHECK_EXCEPTION(v.add_dynamic_effector(wrench_named("late")), ConfigurationError, message_has("finalized"));
  BOOST_CHECK_EXCEPTION(v.add_state_effector(std::make_shared<test::InertStateEffector>("late", 1)), ConfigurationError,
                        message_has("finalized"));
  BOOST_CHECK_EXCEPTION(model.set_gravity(std::make_shared<test::LinearGravity>(1.0)), ConfigurationError,
                        message_has("gravity"));
  BOOST_CHECK_EXCEPTION(model.set_gravity(nullptr), ConfigurationError, message_has("gravity"));
  BOOST_CHECK_EXCEPTION(model.finalize(), ConfigurationError, message_has("finalize"));
  BOOST_CHECK_EXCEPTION(v.set_initial_state(InitialState{}), ConfigurationError, message_has("initial state"));
  BOOST_TEST(model.vehicle_count() == 1u);
  BOOST_TEST(model.layout().size() == 16);  // unchanged by the refused calls
}

BOOST_AUTO_TEST_CASE(results_need_finalize) {
  auto model = std::make_shared<Model>();
  model->add_vehicle("sc", test::hub_config(1.0, Eigen::Matrix3d::Identity()));
  BOOST_CHECK_EXCEPTION(model->layout(), ConfigurationError, message_has("layout"));
  BOOST_CHECK_EXCEPTION(model->initial_state(), ConfigurationError, message_has("initial_state"));
  BOOST_CHECK_EXCEPTION(System{model}, ConfigurationError, message_has("not finalized"));
  BOOST_CHECK_EXCEPTION(System{nullptr}, ConfigurationError, message_has("model"));
}

BOOST_AUTO_TEST_CASE(state_block_of_a_foreign_effector) {
  Model model;
  Vehicle& v = model.add_vehicle("sc", test::hub_config(1.0, Eigen::Matrix3d::Identity()));
  v.add_state_effector(std::make_shared<test::InertStateEffector>("mine", 1));
  const test::InertStateEffector foreign("foreign", 1);
  Eigen::VectorXd x;
  BOOST_CHECK_EXCEPTION(model.state_block(foreign, x), ConfigurationError, message_has("finalize"));
  model.finalize();
  x = model.initial_state();
  BOOST_CHECK_EXCEPTION(model.state_block(foreign, x), ConfigurationError, message_has("'foreign'"));
  Eigen::VectorXd short_x(3);
  BOOST_CHECK_EXCEPTION(model.state_block(*v.state_effectors()[0], short_x), ConfigurationError,
                        message_has("state size"));
}

BOOST_AUTO_TEST_CASE(model_without_vehicles) {
  Model model;
  BOOST_CHECK_EXCEPTION(model.finalize(), ConfigurationError, message_has("vehicles"));
}

BOOST_AUTO_TEST_CASE(non_finite_initial_derivative) {
  // A gravity field singular at the initial position: f(x0, 0) is not finite.
  Model model;
  model.add_vehicle("sc", test::hub_config(1.0, Eigen::Matrix3d::Identity()));
  model.set_gravity(std::make_shared<test::LinearGravity>(std::numeric_limits<double>::infinity()));
  BOOST_CHECK_THROW(model.finalize(), ConfigurationError);
}

BOOST_AUTO_TEST_CASE(non_finite_initial_load) {
  // A NaN torque with a regular mass matrix: reported as a load, not as a singular mass matrix.
  Model model;
  Vehicle& v = model.add_vehicle("sc", test::hub_config(1.0, Eigen::Matrix3d::Identity()));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  v.add_dynamic_effector(
      std::make_shared<test::ConstantWrench>("bad", Eigen::Vector3d::Zero(), Eigen::Vector3d(nan, 0.0, 0.0)));
  BOOST_CHECK_EXCEPTION(model.finalize(), ConfigurationError, [](const ConfigurationError& e) {
    const std::string m = e.what();
    BOOST_TEST_MESSAGE("message: " << m);
    return m.find("load") != std::string::npos && m.find("singular") == std::string::npos;
  });
}

BOOST_AUTO_TEST_SUITE_END()

// -------------------------------------------------------------------------------------------------
// Exception safety of Model::finalize() (see the report). Built but not registered in CTest until
// the library is fixed: test/kernel/CMakeLists.txt.

namespace {

/// A massless effector whose validate() fails while `valid` is false (a parameter the user fixes).
class FixableEffector final : public test::InertStateEffector {
 public:
  explicit FixableEffector(std::string name) : InertStateEffector(std::move(name), 2) {}
  bool valid = false;
  std::string_view kind() const override { return "fixable"; }
  std::vector<StateBlockSpec> state_blocks() const override { return {{"theta", 2, "rad"}}; }
  void validate() const override {
    if (!valid) throw ConfigurationError("fixable '" + name() + "'", "valid", "false", "set it");
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(model_regressions)

BOOST_AUTO_TEST_CASE(finalize_after_a_failed_finalize_gives_the_same_layout) {
  Model model;
  Vehicle& v = model.add_vehicle("sc", test::hub_config(1.0, Eigen::Matrix3d::Identity()));
  auto e = std::make_shared<FixableEffector>("fix");
  v.add_state_effector(e);
  BOOST_CHECK_THROW(model.finalize(), ConfigurationError);
  BOOST_TEST(!model.is_finalized());
  e->valid = true;
  model.finalize();
  // hub 13, the effector's 2, dv_CN_N 3: offsets as for a first finalize().
  BOOST_TEST(model.layout().size() == 18);
  BOOST_TEST(model.layout().blocks().size() == 6u);
  BOOST_TEST(v.offsets().state_effectors.size() == 1u);
  BOOST_TEST(v.offsets().dv_CN_N == 15);
}

BOOST_AUTO_TEST_CASE(a_rejected_model_is_not_finalized) {
  auto model = std::make_shared<Model>();
  Vehicle& v = model->add_vehicle("sc", test::hub_config(1.0, Eigen::Matrix3d::Identity()));
  v.add_dynamic_effector(std::make_shared<test::ConstantWrench>(
      "bad", Eigen::Vector3d::Zero(), Eigen::Vector3d(std::numeric_limits<double>::quiet_NaN(), 0.0, 0.0)));
  BOOST_CHECK_THROW(model->finalize(), ConfigurationError);
  BOOST_TEST(!model->is_finalized());
  BOOST_CHECK_THROW(System{model}, ConfigurationError);
}

BOOST_AUTO_TEST_SUITE_END()
