// No heap allocation in the per-sample methods of the fsw components (docs/architecture.md §D3 for
// the rule; the counter replaces operator new and the malloc family, test/support).
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <memory>
#include <numbers>

#include "ramus/fsw/attitude_guidance.hpp"
#include "ramus/fsw/momentum_management.hpp"
#include "ramus/fsw/mrp_feedback.hpp"
#include "ramus/fsw/quaternion_pd.hpp"
#include "ramus/fsw/rw_torque_mapping.hpp"
#include "support/allocation_counter.hpp"

namespace {

using namespace ramus;
using namespace ramus::fsw;

void check_none(const ramus::test::Allocations& a, const char* what) {
  BOOST_TEST(a.news == 0, what << ": " << a.news << " operator new calls");
  if (ramus::test::counts_malloc()) BOOST_TEST(a.mallocs == 0, what << ": " << a.mallocs << " malloc calls");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(fsw_no_allocation)

BOOST_AUTO_TEST_CASE(per_sample_methods_do_not_allocate) {
  BOOST_TEST(ramus::test::counter_sees_allocations());  // the checks below can fail

  EigenaxisSlewConfig sc;
  sc.sigma_AN = Eigen::Vector3d(0.1, 0.2, 0.3);
  sc.sigma_DN = Eigen::Vector3d(-0.3, 0.1, 0.2);
  sc.duration = 30.0;
  sc.profile = SlewProfile::bang_coast_bang;
  sc.acceleration_limit = 0.05;
  const EigenaxisSlew slew("slew", sc);
  const InertialPointing hold("hold", Eigen::Vector3d(0.1, 0.0, 0.0));
  const HillPointing hill("hill", Eigen::Vector3d(0.0, 0.4, 0.0));
  const Eigen::Vector3d r(7.0e6, 1.0e5, 0.0), v(0.0, 7.5e3, 100.0), a(-8.0, 0.01, 0.02);

  MrpFeedbackConfig mc;
  mc.K = 1.0;
  mc.P = Eigen::Matrix3d::Identity();
  mc.I_PntC_B = Eigen::Vector3d(10.0, 8.0, 6.0).asDiagonal();
  mc.K_i = 0.01;
  MrpFeedback mrp("att", mc);
  QuaternionPdConfig qc;
  qc.k_p = 1.0;
  qc.K_d = Eigen::Matrix3d::Identity();
  qc.I_PntC_B = mc.I_PntC_B;
  const QuaternionPd pd("pd", qc);

  RwTorqueMappingConfig rc;
  rc.Gs_B = Eigen::Matrix3Xd(3, 4);
  rc.Gs_B << 0.8, 0.0, -0.8, 0.0, 0.0, 0.8, 0.0, -0.8, 0.6, 0.6, 0.6, 0.6;
  rc.u_max = Eigen::VectorXd::Constant(4, 0.01);
  rc.Omega_max = Eigen::VectorXd::Constant(4, 500.0);
  RwTorqueMapping rw("rw", rc);

  MomentumManagementConfig mm_c;
  mm_c.Gs_B = rc.Gs_B;
  mm_c.J_s = Eigen::VectorXd::Constant(4, 0.05);
  mm_c.r_TB_B = Eigen::Matrix3Xd(3, 6);
  mm_c.d_B = Eigen::Matrix3Xd(3, 6);
  // Pure couples about ±x, ±y, ±z (r × d = ±e_j).
  mm_c.r_TB_B << 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0;
  mm_c.d_B << 0, 0, 1, -1, 0, 0, 0, 0, 0, 0, 1, -1, 1, -1, 0, 0, 0, 0;
  mm_c.thrust = Eigen::VectorXd::Constant(6, 1.0);
  mm_c.control_period = 4.0;
  mm_c.minimum_on_time = 0.01;
  mm_c.start_threshold = 1.0;
  mm_c.stop_threshold = 0.1;
  mm_c.gain = 0.2;
  MomentumManagement mm("dump", mm_c);
  const Eigen::Vector4d Omega(300.0, -200.0, 100.0, 600.0);

  Eigen::Vector3d sink = Eigen::Vector3d::Zero();
  auto run_all = [&] {
    for (int k = 0; k < 10; ++k) {
      const double t = 3.0 * k;
      const AttitudeReference ref = slew.reference(t);
      const SlewAngle ang = slew.angle(t);
      const AttitudeError e =
          attitude_tracking_error(Eigen::Vector3d(0.3, -0.2, 0.1), Eigen::Vector3d(0.01, 0.0, 0.0), ref);
      const AttitudeReference h1 = hill.reference(r, v), h2 = hill.reference(r, v, a);
      const Eigen::Vector3d L = mrp.update(e, 0.1) + pd.torque(e) + mrp.torque(e, Eigen::Vector3d::Zero());
      const RwTorqueCommand& cmd = rw.map(L, Omega);
      const MomentumDumpCommand& dump = mm.update(Omega);
      sink += hold.reference().sigma_RN + h1.omega_RN_N + h2.omegaDot_RN_N + cmd.L_applied_B + dump.torque_mean_B +
              mm.wheel_torque_request_B(L, 0.5) + mm.wheel_torque_request_B(L) + Eigen::Vector3d::Constant(ang.theta) +
              mm.wheel_momentum_B(Omega);
    }
  };
  // Each component on its own first, so that a failure names it.
  auto each = [&](const char* what, auto&& f) {
    f();
    check_none(ramus::test::count_allocations(f), what);
  };
  each("EigenaxisSlew::reference", [&] { sink += slew.reference(7.0).omega_RN_N; });
  each("EigenaxisSlew::angle", [&] { sink.x() += slew.angle(7.0).theta; });
  each("HillPointing::reference", [&] { sink += hill.reference(r, v).omega_RN_N + hill.reference(r, v, a).sigma_RN; });
  each("attitude_tracking_error",
       [&] { sink += attitude_tracking_error(sink * 1e-9, Eigen::Vector3d::Zero(), hold.reference()).sigma_BR; });
  each("MrpFeedback::update", [&] { sink += mrp.update(AttitudeError{}, 0.1); });
  each("QuaternionPd::torque", [&] { sink += pd.torque(AttitudeError{}); });
  each("RwTorqueMapping::map", [&] { sink += rw.map(Eigen::Vector3d(0.1, 0.2, 0.3), Omega).L_applied_B; });
  each("MomentumManagement::update", [&] { sink += mm.update(Omega).torque_mean_B; });
  each("MomentumManagement::wheel_torque_request_B",
       [&] { sink += mm.wheel_torque_request_B(sink, 0.5) + mm.wheel_torque_request_B(sink); });
  run_all();  // warm-up (nothing is sized lazily, but any first-call effect is excluded)
  check_none(ramus::test::count_allocations(run_all), "guidance, control, mapping and momentum management");
  BOOST_TEST(mm.command().active);  // the dumping branch (NNLS) ran
  BOOST_TEST(std::isfinite(sink.norm()));
}

BOOST_AUTO_TEST_SUITE_END()
