// The hinged panel given by its hinge axis and panel direction in B (hinge_dcm_HB,
// docs/models/hinged_rigid_body.md eq. (2)): displaced by +θ, the panel's centre of mass is where
// Rodrigues' formula about the given axis puts it (the right-hand rule), at the model's published
// segment frame; the rejected inputs.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <memory>

#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "support/models.hpp"

namespace {

using namespace ramus;
using namespace ramus::test;

/// Rodrigues' formula: v turned by θ about the unit axis k, right-handed.
Eigen::Vector3d rodrigues(const Eigen::Vector3d& v, const Eigen::Vector3d& k, double theta) {
  return v * std::cos(theta) + k.cross(v) * std::sin(theta) + k * k.dot(v) * (1.0 - std::cos(theta));
}

HingedRigidBodyConfig panel_config(double d, const Eigen::Vector3d& r_HB_B) {
  HingedRigidBodyConfig h;
  h.mass = 30.0 * si::kilogram;
  h.I_PntSc_S = InertiaTensor(Eigen::Vector3d(10.0, 25.0, 30.0).asDiagonal(), kg_m2);
  h.d = d * si::meter;
  h.r_HB_B = Length3{r_HB_B, si::meter};
  return h;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hinged_frame)

BOOST_AUTO_TEST_CASE(positive_theta_turns_the_panel_right_handed_about_the_axis) {
  // An oblique hinge axis â and panel direction ê (orthogonal) in B, on a hub at rest at N's origin
  // with the identity attitude (so N components are B components). For θ in {−0.9, 0, 0.5, 2}
  // rad the centre of mass published by the model, r_SN + dcm_NS (−d ŝ1), is
  // r_HB + d R(â, θ) ê by Rodrigues' formula, and ŝ2 stays â. Tolerance 1e-13 m (d = 2 m, a few
  // products of round-off).
  const Eigen::Vector3d a = Eigen::Vector3d(1.0, 2.0, 2.0) / 3.0;
  const Eigen::Vector3d e = Eigen::Vector3d(2.0, -2.0, 1.0) / 3.0;  // a·e = 0
  const Eigen::Vector3d r_HB(0.8, -0.3, 0.5);
  const double d = 2.0;
  auto model = std::make_shared<Model>();
  auto& sc = model->add_vehicle("sc", standard_hub());
  sc.set_initial_state(at_rest_at_origin());
  auto panel = std::make_shared<HingedRigidBody>("panel", panel_config(d, r_HB), a, e);
  sc.add_state_effector(panel);
  model->finalize();
  double worst = 0.0;
  for (const double theta : {-0.9, 0.0, 0.5, 2.0}) {
    Eigen::VectorXd x = model->initial_state();
    model->state_block(*panel, x)[0] = theta;
    const FrameKinematics S = segment_frame(*model, x, 0.0, *panel, 0);
    const Eigen::Vector3d centre = S.r_FN_N + S.dcm_FN.transpose() * Eigen::Vector3d(-d, 0.0, 0.0);
    const Eigen::Vector3d expected = r_HB + d * rodrigues(e, a, theta);
    const double e_c = (centre - expected).norm(), e_axis = (S.dcm_FN.row(1).transpose() - a).norm();
    BOOST_TEST_MESSAGE("theta " << theta << ": centre error " << e_c << " m, hinge axis error " << e_axis);
    BOOST_TEST(e_c < 1e-14 * 10.0);
    BOOST_TEST(e_axis < 1e-15 * 4.0);
    worst = std::max(worst, e_c);
    // the opposite sense would put the centre 2 d |sin θ| away (ê ⊥ â); half of it is far above round-off
    if (theta != 0.0)
      BOOST_TEST((centre - (r_HB + d * rodrigues(e, a, -theta))).norm() > d * std::abs(std::sin(theta)));
  }
  BOOST_TEST_MESSAGE("worst centre error " << worst << " m");
  // The factory's dcm_HB: rows ĥ1 = −ê, ĥ2 = â, ĥ3 = â × ê, orthonormal with determinant +1.
  const Eigen::Matrix3d dcm_HB = hinge_dcm_HB(a, e);
  BOOST_TEST((dcm_HB * dcm_HB.transpose() - Eigen::Matrix3d::Identity()).norm() < 1e-15 * 4.0);
  BOOST_TEST(std::abs(dcm_HB.determinant() - 1.0) < 1e-15 * 4.0);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(hinged_frame_errors)

BOOST_AUTO_TEST_CASE(rejected_axes_are_named_with_their_values) {
  const auto says = [](const std::string& part) {
    return [part](const ConfigurationError& e) { return std::string(e.what()).find(part) != std::string::npos; };
  };
  const HingedRigidBodyConfig c = panel_config(1.0, Eigen::Vector3d::Zero());
  const Eigen::Vector3d z = Eigen::Vector3d::UnitZ(), x = Eigen::Vector3d::UnitX();
  // not unit
  BOOST_CHECK_EXCEPTION(HingedRigidBody("p", c, 2.0 * z, x), ConfigurationError,
                        says("hinged_rigid_body 'p': hinge_axis_B = "));
  BOOST_CHECK_EXCEPTION(HingedRigidBody("p", c, z, Eigen::Vector3d(1.0, 1.0, 0.0)), ConfigurationError,
                        says("panel_direction_B = "));
  BOOST_CHECK_EXCEPTION(HingedRigidBody("p", c, z, Eigen::Vector3d::Zero()), ConfigurationError, says("zero length"));
  // not orthogonal: 0.6 x + 0.8 z is unit but 0.8 along the axis
  BOOST_CHECK_EXCEPTION(HingedRigidBody("p", c, z, Eigen::Vector3d(0.6, 0.0, 0.8)), ConfigurationError,
                        says("must be orthogonal to hinge_axis_B"));
  BOOST_CHECK_EXCEPTION(hinge_dcm_HB(z, Eigen::Vector3d(0.6, 0.0, 0.8)), ConfigurationError,
                        says("dot product is 0.8"));
  // dcm_HB given as well
  HingedRigidBodyConfig both = c;
  both.dcm_HB = Eigen::AngleAxisd(0.3, z).toRotationMatrix();
  BOOST_CHECK_EXCEPTION(HingedRigidBody("p", both, z, x), ConfigurationError, says("give one or the other"));
}

BOOST_AUTO_TEST_SUITE_END()
