// Hostile inputs to the kernel: impossible hub inertias (the triangle inequality of principal
// moments), one effector object in two places, two-point effectors from a body to itself, and hub
// magnitudes whose products overflow a double. Each case checks the error names the owner, the
// field, the value and the cause, or that a physical limit case is accepted.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <memory>
#include <string>

#include "kernel/stub_effectors.hpp"
#include "kernel/test_support.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/kernel/two_point_effector.hpp"
#include "ramus/kernel/validation.hpp"

using namespace ramus;
using ramus::test::message_has;
using ramus::test::message_has_all;

namespace {

Eigen::Matrix3d diag(double a, double b, double c) { return Eigen::Vector3d(a, b, c).asDiagonal(); }

/// Adds a vehicle "sc" with mass 10 kg and the given inertia; returns the model.
std::unique_ptr<Model> hub_with_inertia(const Eigen::Matrix3d& I) {
  auto model = std::make_unique<Model>();
  model->add_vehicle("sc", test::hub_config(10.0, I));
  return model;
}

/// A two-point effector that applies nothing: the kernel's rules alone.
class NullLink final : public TwoPointEffector {
 public:
  NullLink(std::string name, AttachPoint a, AttachPoint b)
      : TwoPointEffector(std::move(name), std::move(a), std::move(b)) {}
  std::string_view kind() const override { return "null_link"; }
  std::pair<Wrench, Wrench> wrenches(const FrameKinematics&, const FrameKinematics&, double) const override {
    return {Wrench{}, Wrench{}};
  }
};

HubConfig plain_hub() { return test::hub_config(10.0, diag(3.0, 4.0, 5.0)); }

}  // namespace

// -------------------------------------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(inertia_hostile)

BOOST_AUTO_TEST_CASE(impossible_hub_inertia_is_refused_naming_the_principal_moments) {
  // diag(1, 1, 100): 100 > 1 + 1, no mass distribution has it (I1 + I2 − I3 = 2 ∫ z² dm ≥ 0).
  BOOST_CHECK_EXCEPTION(
      hub_with_inertia(diag(1.0, 1.0, 100.0)), ConfigurationError,
      message_has_all({"vehicle 'sc' hub", "I_PntBc_B", "principal moments", "100", "triangle inequality"}));
  // The same body turned: the check is on the principal moments, not on the diagonal.
  const Eigen::Matrix3d R = Eigen::AngleAxisd(0.7, Eigen::Vector3d(1.0, -2.0, 0.5).normalized()).toRotationMatrix();
  const Eigen::Matrix3d turned = R * diag(1.0, 2.0, 4.0) * R.transpose();  // 4 > 1 + 2
  BOOST_TEST(turned(2, 2) < turned(0, 0) + turned(1, 1));                  // the diagonal alone passes
  BOOST_CHECK_EXCEPTION(hub_with_inertia(turned), ConfigurationError,
                        message_has_all({"vehicle 'sc' hub", "I_PntBc_B", "principal moments"}));
}

BOOST_AUTO_TEST_CASE(thin_plate_and_rod_are_accepted) {
  // A thin rectangular plate a × b (no thickness): I = m/12 diag(b², a², a² + b²), I3 = I1 + I2.
  const double m = 2.0, a = 0.3, b = 0.7;
  const Eigen::Matrix3d plate = m / 12.0 * diag(b * b, a * a, a * a + b * b);
  BOOST_CHECK_NO_THROW(hub_with_inertia(plate));
  // Turned, the equality holds only to the round-off of R I Rᵀ.
  for (int k = 0; k < 20; ++k) {
    const Eigen::Matrix3d R = rotation_matrix(test::random_quaternion());
    BOOST_CHECK_NO_THROW(hub_with_inertia(R * plate * R.transpose()));
  }
  // A slender rod (cylinder, radius r, length L): axial m r²/2, transverse m (3 r² + L²)/12.
  const double r = 1e-4, L = 2.0;
  BOOST_CHECK_NO_THROW(
      hub_with_inertia(diag(m * r * r / 2.0, m * (3.0 * r * r + L * L) / 12.0, m * (3.0 * r * r + L * L) / 12.0)));
  // A cube: I1 = I2 = I3.
  BOOST_CHECK_NO_THROW(hub_with_inertia(diag(5.0, 5.0, 5.0)));
}

BOOST_AUTO_TEST_CASE(the_tolerance_is_1e_9_of_the_trace) {
  // Documented in validation.hpp: I3 − (I1 + I2) ≤ 1e-9 (I1 + I2 + I3). Trace 6 here.
  BOOST_CHECK_NO_THROW(hub_with_inertia(diag(1.0, 2.0, 3.0 + 6.0 * 0.5e-9)));
  BOOST_CHECK_EXCEPTION(hub_with_inertia(diag(1.0, 2.0, 3.0 + 6.0 * 2e-9)), ConfigurationError,
                        message_has("triangle inequality"));
}

BOOST_AUTO_TEST_SUITE_END()

// -------------------------------------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(shared_effector_hostile)

BOOST_AUTO_TEST_CASE(state_effector_in_two_vehicles_of_one_model) {
  Model model;
  Vehicle& a = model.add_vehicle("a", plain_hub());
  Vehicle& b = model.add_vehicle("b", plain_hub());
  auto e = std::make_shared<test::InertStateEffector>("body", 1);
  a.add_state_effector(e);
  BOOST_TEST(e->placement() == "vehicle 'a'");
  BOOST_CHECK_EXCEPTION(
      b.add_state_effector(e), ConfigurationError,
      message_has_all({"inert_state_effector 'body'", "placement", "vehicle 'b'", "already attached to vehicle 'a'"}));
  BOOST_TEST(b.state_effectors().empty());
}

BOOST_AUTO_TEST_CASE(state_effector_added_twice_to_one_vehicle) {
  Model model;
  Vehicle& a = model.add_vehicle("a", plain_hub());
  auto e = std::make_shared<test::InertStateEffector>("body", 1);
  a.add_state_effector(e);
  BOOST_CHECK_EXCEPTION(a.add_state_effector(e), ConfigurationError,
                        message_has_all({"inert_state_effector 'body'", "already attached to vehicle 'a'", "twice"}));
  BOOST_TEST(a.state_effectors().size() == 1u);
}

BOOST_AUTO_TEST_CASE(effectors_in_two_models) {
  Model first, second;
  Vehicle& a = first.add_vehicle("sc", plain_hub());
  Vehicle& b = second.add_vehicle("sc", plain_hub());
  auto body = std::make_shared<test::InertStateEffector>("body", 1);
  auto load = std::make_shared<test::ConstantWrench>("load", Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero());
  a.add_state_effector(body);
  a.add_dynamic_effector(load);
  BOOST_CHECK_EXCEPTION(b.add_state_effector(body), ConfigurationError,
                        message_has_all({"inert_state_effector 'body'", "already attached to vehicle 'sc'"}));
  BOOST_CHECK_EXCEPTION(b.add_dynamic_effector(load), ConfigurationError,
                        message_has_all({"constant_wrench 'load'", "placement", "already attached to vehicle 'sc'"}));
  auto link = std::make_shared<NullLink>("link", AttachPoint{"sc", "", 0}, AttachPoint{"sc", "body", 0});
  first.add_two_point_effector(link);
  BOOST_CHECK_EXCEPTION(second.add_two_point_effector(link), ConfigurationError,
                        message_has_all({"null_link 'link'", "already attached to a model's two-point effectors"}));
  BOOST_CHECK_EXCEPTION(first.add_two_point_effector(link), ConfigurationError,
                        message_has_all({"null_link 'link'", "twice"}));
}

BOOST_AUTO_TEST_CASE(dynamic_effector_on_two_hubs) {
  Model model;
  Vehicle& a = model.add_vehicle("a", plain_hub());
  Vehicle& b = model.add_vehicle("b", plain_hub());
  auto load = std::make_shared<test::ConstantWrench>("load", Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero());
  a.add_dynamic_effector(load);
  BOOST_CHECK_EXCEPTION(b.add_dynamic_effector(load), ConfigurationError,
                        message_has_all({"constant_wrench 'load'", "vehicle 'b'", "already attached to vehicle 'a'"}));
  BOOST_CHECK_EXCEPTION(a.add_dynamic_effector(load), ConfigurationError, message_has("twice"));
  BOOST_TEST(a.dynamic_effectors().size() == 1u);
  BOOST_TEST(b.dynamic_effectors().empty());
}

BOOST_AUTO_TEST_CASE(a_destroyed_model_releases_its_effectors) {
  auto body = std::make_shared<test::InertStateEffector>("body", 1);
  auto load = std::make_shared<test::ConstantWrench>("load", Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero());
  auto link = std::make_shared<NullLink>("link", AttachPoint{"sc", "", 0}, AttachPoint{"other", "", 0});
  {
    Model first;
    Vehicle& v = first.add_vehicle("sc", plain_hub());
    v.add_state_effector(body);
    v.add_dynamic_effector(load);
    first.add_two_point_effector(link);
  }
  BOOST_TEST(body->placement().empty());
  BOOST_TEST(load->placement().empty());
  BOOST_TEST(link->placement().empty());
  Model second;
  Vehicle& w = second.add_vehicle("sc", plain_hub());
  second.add_vehicle("other", plain_hub());
  BOOST_CHECK_NO_THROW(w.add_state_effector(body));
  BOOST_CHECK_NO_THROW(w.add_dynamic_effector(load));
  BOOST_CHECK_NO_THROW(second.add_two_point_effector(link));
  BOOST_CHECK_NO_THROW(second.finalize());
}

BOOST_AUTO_TEST_CASE(a_refused_add_leaves_the_effector_free) {
  Model model;
  Vehicle& a = model.add_vehicle("a", plain_hub());
  Vehicle& b = model.add_vehicle("b", plain_hub());
  a.add_state_effector(std::make_shared<test::InertStateEffector>("body", 1));
  auto twin = std::make_shared<test::InertStateEffector>("body", 1);
  BOOST_CHECK_EXCEPTION(a.add_state_effector(twin), ConfigurationError, message_has("effector name"));
  BOOST_TEST(twin->placement().empty());
  BOOST_CHECK_NO_THROW(b.add_state_effector(twin));
}

BOOST_AUTO_TEST_CASE(one_gravity_model_serves_two_models) {
  // Read-only (const, no inputs): sharing it is allowed, and each model sees the same field.
  auto gravity = std::make_shared<const test::LinearGravity>(1e-6);
  std::shared_ptr<Model> models[2] = {std::make_shared<Model>(), std::make_shared<Model>()};
  Eigen::VectorXd dxdt[2];
  for (int k = 0; k < 2; ++k) {
    Vehicle& v = models[k]->add_vehicle("sc", plain_hub());
    v.set_initial_state(test::initial_state(Eigen::Vector3d(7e6, 0.0, 0.0), Eigen::Vector3d(0.0, 7.5e3, 0.0),
                                            Quaternion(1.0, 0.0, 0.0, 0.0), Eigen::Vector3d(0.1, 0.0, 0.0)));
    models[k]->set_gravity(gravity);
    models[k]->finalize();
    const System system(models[k]);
    dxdt[k].resize(models[k]->layout().size());
    system(models[k]->initial_state(), dxdt[k], 0.0);
  }
  // g = −k r: the acceleration of B is −1e-6 × 7e6 = −7 m/s² along n1 in both models.
  BOOST_TEST(dxdt[0][3] == -7.0, boost::test_tools::tolerance(1e-12));
  BOOST_TEST((dxdt[0] - dxdt[1]).norm() == 0.0);
}

BOOST_AUTO_TEST_CASE(two_point_effector_from_a_body_to_itself) {
  Model model;
  model.add_vehicle("sc", plain_hub());
  // The hub to itself; the hub's "segment" is not a body of its own.
  BOOST_CHECK_EXCEPTION(model.add_two_point_effector(
                            std::make_shared<NullLink>("self", AttachPoint{"sc", "", 0}, AttachPoint{"sc", "", 3})),
                        ConfigurationError,
                        message_has_all({"null_link 'self'", "end1 and end2", "hub of vehicle 'sc'", "same body"}));
  BOOST_CHECK_EXCEPTION(
      model.add_two_point_effector(
          std::make_shared<NullLink>("seg", AttachPoint{"sc", "arm", 1}, AttachPoint{"sc", "arm", 1})),
      ConfigurationError,
      message_has_all({"null_link 'seg'", "end1 and end2", "segment 1 of effector 'arm'", "same body"}));
  BOOST_TEST(model.two_point_effectors().empty());
  // Different segments of one effector, or the hub and a segment: two bodies, accepted here.
  BOOST_CHECK_NO_THROW(model.add_two_point_effector(
      std::make_shared<NullLink>("segs", AttachPoint{"sc", "arm", 0}, AttachPoint{"sc", "arm", 1})));
  BOOST_CHECK_NO_THROW(model.add_two_point_effector(
      std::make_shared<NullLink>("hub_seg", AttachPoint{"sc", "", 0}, AttachPoint{"sc", "arm", 0})));
}

BOOST_AUTO_TEST_SUITE_END()

// -------------------------------------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(overflow_hostile)

BOOST_AUTO_TEST_CASE(hub_mass_whose_weight_overflows) {
  // |g| = 1e-6 × 7e6 = 7 m/s² at the initial position: m |g| = 7e308 > DBL_MAX ≈ 1.8e308.
  Model model;
  Vehicle& v = model.add_vehicle("sc", test::hub_config(1e308, diag(900.0, 800.0, 600.0)));
  v.set_initial_state(test::initial_state(Eigen::Vector3d(7e6, 0.0, 0.0), Eigen::Vector3d(0.0, 7.5e3, 0.0),
                                          Quaternion(1.0, 0.0, 0.0, 0.0), Eigen::Vector3d::Zero()));
  model.set_gravity(std::make_shared<test::LinearGravity>(1e-6));
  BOOST_CHECK_EXCEPTION(model.finalize(), ConfigurationError, [](const ConfigurationError& e) {
    const std::string m = e.what();
    BOOST_TEST_MESSAGE("message: " << m);
    return m.find("vehicle 'sc' hub: mass [kg] = 1e+308") != std::string::npos &&
           m.find("gravity force") != std::string::npos && m.find("overflow") != std::string::npos &&
           m.find("non-finite load or input") == std::string::npos && e.field() == "mass [kg]";
  });
  BOOST_TEST(!model.is_finalized());
}

BOOST_AUTO_TEST_CASE(hub_rate_whose_gyroscopic_term_overflows) {
  // |ω × I ω| ~ (1e200)² × 100 ≫ DBL_MAX.
  Model model;
  Vehicle& v = model.add_vehicle("sc", test::standard_hub());
  v.set_initial_state(test::initial_state(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(),
                                          Quaternion(1.0, 0.0, 0.0, 0.0), Eigen::Vector3d(1e200, 1e200, 1e200)));
  // The value as the library writes every value (17 digits: 1e200 is 9.9999999999999997e+199).
  const std::string given = validation::to_text(Eigen::Vector3d(1e200, 1e200, 1e200));
  BOOST_CHECK_EXCEPTION(model.finalize(), ConfigurationError, [&](const ConfigurationError& e) {
    const std::string m = e.what();
    BOOST_TEST_MESSAGE("message: " << m);
    return m.find("vehicle 'sc' initial state: omega_BN_B [rad/s] = " + given) != std::string::npos &&
           m.find("overflow") != std::string::npos && m.find("non-finite load or input") == std::string::npos &&
           e.field() == "omega_BN_B [rad/s]";
  });
}

BOOST_AUTO_TEST_CASE(hub_offset_whose_parallel_axis_term_overflows) {
  // m |r_BcB|² = 750 × 1e400: refused when the hub is given, naming the offset and the mass.
  Model model;
  const std::string given = validation::to_text(Eigen::Vector3d(1e200, 0.0, 0.0));
  BOOST_CHECK_EXCEPTION(model.add_vehicle("sc", test::standard_hub(Eigen::Vector3d(1e200, 0.0, 0.0))),
                        ConfigurationError, [&](const ConfigurationError& e) {
                          const std::string m = e.what();
                          BOOST_TEST_MESSAGE("message: " << m);
                          return m.find("vehicle 'sc' hub: r_BcB_B [m] = " + given) != std::string::npos &&
                                 m.find("mass [kg] = 750") != std::string::npos &&
                                 m.find("overflows") != std::string::npos && e.field() == "r_BcB_B [m]";
                        });
  BOOST_TEST(model.vehicle_count() == 0u);
  // 1e100 m: m |r|² = 7.5e202, representable; the hub is accepted.
  BOOST_CHECK_NO_THROW(model.add_vehicle("far", test::standard_hub(Eigen::Vector3d(1e100, 0.0, 0.0))));
}

BOOST_AUTO_TEST_CASE(a_non_finite_load_is_named_with_its_effector) {
  Model model;
  Vehicle& v = model.add_vehicle("sc", plain_hub());
  v.add_dynamic_effector(std::make_shared<test::ConstantWrench>(
      "huge", Eigen::Vector3d(1e308, 0.0, 0.0), Eigen::Vector3d::Zero(), Eigen::Vector3d(1e308, 0.0, 0.0)));
  // force_F + dcm_FN force_N = 2e308: the effector's own load overflows.
  BOOST_CHECK_EXCEPTION(model.finalize(), ConfigurationError,
                        message_has_all({"constant_wrench 'huge'", "load on the hub of vehicle 'sc'", "non-finite"}));
}

BOOST_AUTO_TEST_SUITE_END()
