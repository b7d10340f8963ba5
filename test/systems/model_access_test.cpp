// Read-only access to a model's outputs without its workspace (kernel/src/model_access.cpp,
// diagnostics.hpp's segment_frame, PrescribedPlatform::actuator_wrench at (x, t)): a hinged panel's
// segment frame against docs/models/hinged_rigid_body.md eq. (1) written out here, and a platform's
// actuator force against the two-body closed form; const views of x and dxdt; rejected calls.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <memory>

#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/kernel/workspace.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "ramus/systems/prescribed_platform.hpp"
#include "support/models.hpp"
#include "systems/effector_cases.hpp"

namespace {

using namespace ramus;
using namespace ramus::test;

/// M2(θ): the frame rotation by θ about axis 2 (Schaub's M2, as hinged_rigid_body.md eq. (1) uses it).
Eigen::Matrix3d M2(double theta) {
  const double c = std::cos(theta), s = std::sin(theta);
  return (Eigen::Matrix3d() << c, 0.0, -s, 0.0, 1.0, 0.0, s, 0.0, c).finished();
}

/// dcm_NB of a scalar-first quaternion by Eigen's own conversion (not ramus's rotation_matrix).
Eigen::Matrix3d eigen_dcm_NB(const Quaternion& q) {
  return Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix();
}

struct PanelModel {
  std::shared_ptr<Model> model;
  std::shared_ptr<HingedRigidBody> panel;
  Eigen::Matrix3d dcm_HB;
  Eigen::Vector3d r_HB_B;
  double d;
};

PanelModel panel_model() {
  PanelModel p;
  p.r_HB_B = Eigen::Vector3d(0.9, 0.4, -0.2);
  p.dcm_HB = Eigen::AngleAxisd(0.6, Eigen::Vector3d(0.0, 0.6, 0.8)).toRotationMatrix().transpose();
  p.d = 1.5;
  HingedRigidBodyConfig h;
  h.mass = 40.0 * si::kilogram;
  h.I_PntSc_S = InertiaTensor(Eigen::Vector3d(20.0, 30.0, 40.0).asDiagonal(), kg_m2);
  h.d = p.d * si::meter;
  h.r_HB_B = Length3{p.r_HB_B, si::meter};
  h.dcm_HB = p.dcm_HB;
  p.panel = std::make_shared<HingedRigidBody>("panel", h);
  p.model = one_vehicle_model(standard_hub(Eigen::Vector3d(0.05, -0.03, 0.1)),
                              initial_state(Eigen::Vector3d(12.0, -20.0, 5.0), Eigen::Vector3d(0.4, 0.1, -0.3),
                                            quat_from_axis_angle(Eigen::Vector3d(1.0, 2.0, -2.0) / 3.0, 0.8),
                                            Eigen::Vector3d(0.02, -0.03, 0.05)),
                              {p.panel});
  return p;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(model_access)

BOOST_AUTO_TEST_CASE(hinged_panel_segment_frame_closed_form) {
  // The panel's frame S at θ = 0.7 rad, θ̇ = 0.3 rad/s on a tumbling, moving hub, against eq. (1)
  // of docs/models/hinged_rigid_body.md written out: dcm_SB = M2(θ) dcm_HB, the hinge H at
  // r_HB_B, the centre of mass at −d ŝ1; the attitude from Eigen's quaternion conversion. The
  // tolerance, 1e-14 of the 25 m / 1 rad/s scales, is round-off of a few products.
  const PanelModel p = panel_model();
  Eigen::VectorXd x = p.model->initial_state();
  const double theta = 0.7, thetaDot = 0.3;
  p.model->state_block(*p.panel, x) << theta, thetaDot;  // the writable view
  const Eigen::VectorXd& cx = x;
  const auto block = p.model->state_block(*p.panel, cx);  // the const view: the same doubles, no copy
  BOOST_TEST(block.data() == x.data() + block_offset(*p.model, "sc/panel", "theta"));
  BOOST_TEST(block.size() == 2);
  BOOST_TEST(block[0] == theta);

  const FrameKinematics S = segment_frame(*p.model, cx, 0.0, *p.panel, 0);
  const Eigen::Vector3d r_BN = x.segment<3>(0), v_BN = x.segment<3>(3), omega = x.segment<3>(10);
  const Eigen::Matrix3d dcm_NB = eigen_dcm_NB(x.segment<4>(6));
  const Eigen::Matrix3d dcm_SB = M2(theta) * p.dcm_HB;
  const Eigen::Matrix3d dcm_SN = dcm_SB * dcm_NB.transpose();
  const Eigen::Vector3d r_HN = r_BN + dcm_NB * p.r_HB_B;
  const Eigen::Vector3d v_HN = v_BN + dcm_NB * omega.cross(p.r_HB_B);
  const Eigen::Vector3d omega_SN_S = dcm_SB * omega + Eigen::Vector3d(0.0, thetaDot, 0.0);  // ŝ2 = ĥ2
  // the centre of mass: r_ScN = r_HN − d ŝ1, with ŝ1 in B the first row of dcm_SB
  const Eigen::Vector3d s1_B = dcm_SB.row(0).transpose();
  const Eigen::Vector3d r_ScN = r_BN + dcm_NB * (p.r_HB_B - p.d * s1_B);
  const Eigen::Vector3d r_ScN_published = S.r_FN_N + S.dcm_FN.transpose() * Eigen::Vector3d(-p.d, 0.0, 0.0);
  const double e_r = (S.r_FN_N - r_HN).norm(), e_v = (S.v_FN_N - v_HN).norm();
  const double e_dcm = (S.dcm_FN - dcm_SN).norm(), e_w = (S.omega_FN_F - omega_SN_S).norm();
  const double e_c = (r_ScN_published - r_ScN).norm();
  BOOST_TEST_MESSAGE("segment frame vs eq. (1): r " << e_r << " m, v " << e_v << " m/s, dcm " << e_dcm << ", omega "
                                                    << e_w << " rad/s, centre " << e_c << " m");
  BOOST_TEST(e_r < 1e-14 * 25.0);
  BOOST_TEST(e_v < 1e-14 * 1.0);
  BOOST_TEST(e_dcm < 1e-14);
  BOOST_TEST(e_w < 1e-14);
  BOOST_TEST(e_c < 1e-14 * 25.0);
  // θ moves the centre: a wrong sign of θ in M2 would put it 2 d sin θ (1.9 m) away
  BOOST_TEST((r_ScN - (r_BN + dcm_NB * (p.r_HB_B - p.d * (M2(-theta) * p.dcm_HB).row(0).transpose()))).norm() > 1.0);

  // The const view of a derivative: θ's derivative is the state θ̇ (the effector's own equation).
  const System system(p.model);
  Eigen::VectorXd dxdt(x.size());
  system(x, dxdt, 0.0);
  const Eigen::VectorXd& cdxdt = dxdt;
  BOOST_TEST(p.model->state_block(*p.panel, cdxdt)[0] == thetaDot);
  // With a caller's workspace: the same frame, bit for bit.
  Workspace ws(*p.model);
  const FrameKinematics S2 = segment_frame(*p.model, ws, cx, 0.0, *p.panel, 0);
  BOOST_TEST((S2.r_FN_N == S.r_FN_N));
  BOOST_TEST((S2.dcm_FN == S.dcm_FN));
}

BOOST_AUTO_TEST_CASE(platform_actuator_force_two_body_closed_form) {
  // A platform pushed out along b1 at a constant relative acceleration a from a free hub, both
  // centres of mass on the line of the push, nothing else: no rotation, and the actuator's force
  // is the two-body one, F = μ a with μ = m_h m_p / (m_h + m_p) (the hub takes −F; the relative
  // acceleration of the two centres is a); its torque about P is 0. Checked at 1.5 s into an rk4
  // run; the tolerance 1e-12 of |F| is round-off of the hub solve.
  const double m_h = 750.0, m_p = 50.0, a = 0.2;
  auto model = std::make_shared<Model>();
  auto& sc = model->add_vehicle("sc", hub_config(m_h, Eigen::Vector3d(900.0, 800.0, 600.0), Eigen::Vector3d::Zero()));
  sc.set_initial_state(at_rest_at_origin());
  PrescribedPlatformConfig c;
  c.mass = m_p * si::kilogram;
  c.I_PntPc_P = InertiaTensor(Eigen::Vector3d(40.0, 30.0, 25.0).asDiagonal(), kg_m2);
  c.r_MB_B = Length3{Eigen::Vector3d(1.0, 0.0, 0.0), si::meter};
  const PrescribedProfile push = [a](double t) {
    PrescribedPose p;
    p.r_PM_M = Eigen::Vector3d(0.5 * a * t * t, 0.0, 0.0);
    p.rPrime_PM_M = Eigen::Vector3d(a * t, 0.0, 0.0);
    p.rPrimePrime_PM_M = Eigen::Vector3d(a, 0.0, 0.0);
    return p;
  };
  auto platform = std::make_shared<PrescribedPlatform>("platform", c, push);
  sc.add_state_effector(platform);
  model->finalize();
  const System system(model);
  const double T = 1.5;
  const Eigen::VectorXd x = run_logged(system, model->initial_state(), T, 150);
  const Wrench w = platform->actuator_wrench(system, x, T);
  const double F = m_h * m_p / (m_h + m_p) * a;
  BOOST_TEST_MESSAGE("platform actuator: force " << w.force_F.transpose() << " N (closed form " << F << "), torque "
                                                 << w.torque_PntF_F.transpose() << " N m");
  BOOST_TEST((w.force_F - Eigen::Vector3d(F, 0.0, 0.0)).norm() < 1e-12 * F);
  BOOST_TEST(w.torque_PntF_F.norm() < 1e-12 * F);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(model_access_errors)

BOOST_AUTO_TEST_CASE(rejected_calls_name_the_effector) {
  const PanelModel p = panel_model();
  const PanelModel other = panel_model();
  const Eigen::VectorXd x = p.model->initial_state();
  const auto says = [](const std::string& part) {
    return [part](const ConfigurationError& e) { return std::string(e.what()).find(part) != std::string::npos; };
  };
  // a panel of another model
  BOOST_CHECK_EXCEPTION(p.model->locate(*other.panel), ConfigurationError, says("'panel'"));
  BOOST_CHECK_EXCEPTION(segment_frame(*p.model, x, 0.0, *other.panel, 0), ConfigurationError, says("'panel'"));
  // a segment the panel does not have
  BOOST_CHECK_EXCEPTION(segment_frame(*p.model, x, 0.0, *p.panel, 1), ConfigurationError,
                        says("hinged_rigid_body 'panel': segment = 1: out of range"));
  // a state of the wrong size, through the const view and segment_frame
  const Eigen::VectorXd short_x = x.head(x.size() - 1);
  BOOST_CHECK_EXCEPTION(p.model->state_block(*p.panel, short_x), ConfigurationError, says("state size"));
  BOOST_CHECK_EXCEPTION(segment_frame(*p.model, short_x, 0.0, *p.panel, 0), ConfigurationError, says("state size"));
  // a model not finalized
  Model open;
  open.add_vehicle("sc", standard_hub());
  BOOST_CHECK_EXCEPTION(open.locate(*p.panel), ConfigurationError, says("finalize"));
}

BOOST_AUTO_TEST_SUITE_END()
