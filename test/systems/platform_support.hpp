// Helpers of the prescribed-platform tests (prescribed_platform_test.cpp and
// prescribed_platform_children_test.cpp): rotations, the platform and its slew, the actuator's work
// balance and the conservation check of a slew with internal loads only.
#pragma once

#include <Eigen/Dense>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/workspace.hpp"
#include "ramus/systems/prescribed_platform.hpp"
#include "support/models.hpp"

namespace ramus::test {

inline Eigen::Matrix3d rot(const Eigen::Vector3d& axis, double angle) {
  return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
}
inline Quaternion quat(const Eigen::Vector3d& axis, double angle) {
  const Eigen::Vector3d a = axis.normalized();
  return Quaternion(std::cos(0.5 * angle), std::sin(0.5 * angle) * a.x(), std::sin(0.5 * angle) * a.y(),
                    std::sin(0.5 * angle) * a.z());
}

/// The hub (the standard hub, its centre of mass at kHubC [m]) and the platform's inertia [kg m²].
inline const Eigen::Vector3d kHubI = standard_hub_inertia(), kHubC(0.05, -0.1, 0.2);
inline const Eigen::Matrix3d kPlatI =
    (Eigen::Matrix3d() << 40.0, 2.0, -1.0, 2.0, 30.0, 0.5, -1.0, 0.5, 25.0).finished();

inline PrescribedPlatformConfig platform_config(const Eigen::Matrix3d& I, const Eigen::Vector3d& r_PcP,
                                                const Eigen::Vector3d& r_MB, const Eigen::Matrix3d& dcm_MB,
                                                double m = 50.0) {
  PrescribedPlatformConfig c;
  c.mass = m * si::kilogram;
  c.I_PntPc_P = InertiaTensor(I, kg_m2);
  c.r_PcP_P = Length3{r_PcP, si::meter};
  c.r_MB_B = Length3{r_MB, si::meter};
  c.dcm_MB = dcm_MB;
  return c;
}

/// A slew of 1.2 rad about (1, 2, 2)/3 and a 0.3 m translation, 0.5 s … 4.5 s.
inline PrescribedProfile slew() {
  return bang_coast_bang_profile(Eigen::Vector3d(1.0, 2.0, 2.0) / 3.0, 0.2 * si::radian, 1.2 * si::radian,
                                 Length3{Eigen::Vector3d(0.3, -0.2, 0.5), si::meter},
                                 Length3{Eigen::Vector3d(0.1, 0.2, -0.2), si::meter},
                                 {0.5 * si::second, 1.0 * si::second, 2.0 * si::second});
}

/// The platform's workspace (the first effector of the first vehicle).
inline const EffectorWorkspace& platform_ws(const System& system) {
  return *system.workspace().vehicles[0].effectors[0];
}

/// ΔT_rot − ∫ (F·r'_PB + L·ω_PB) dt over rk4 from the initial state over [0, T] in n steps: the
/// power of the actuator's wrench (F on the platform, L about P) through the platform's motion
/// relative to the hub, with r'_PB and ω_PB from the test's own geometry (the profile `prof` and the
/// mount dcm_MB), by the trapezoid rule.
inline double actuator_work_residual(const System& system, const Model& model, const PrescribedPlatform& platform,
                                     const PrescribedProfile& prof, const Eigen::Matrix3d& dcm_MB, double T, int n) {
  std::vector<double> power;
  double E0 = 0.0, E1 = 0.0;
  run_logged(system, model.initial_state(), T, n, [&](const Eigen::VectorXd& x, double t) {
    Eigen::VectorXd dxdt(x.size());
    system(x, dxdt, t);
    const Wrench& act = platform.actuator_wrench(platform_ws(system));
    const PrescribedPose p = prof(t);
    const Eigen::Matrix3d dcm_BP = dcm_MB.transpose() * rotation_matrix(p.q_PM);
    const Eigen::Vector3d rPrime_PB = dcm_MB.transpose() * p.rPrime_PM_M, omega_PB = dcm_BP * p.omega_PM_P;
    power.push_back((dcm_BP * act.force_F).dot(rPrime_PB) + (dcm_BP * act.torque_PntF_F).dot(omega_PB));
    const double E = vehicle_diagnostics(model, x, t, 0).rotational_energy;
    if (power.size() == 1) E0 = E;
    E1 = E;
  });
  return (E1 - E0) - trapezoid(power, T / n);
}

/// A slew whose loads are all internal, rk4 at 1e-3 s for 5 s in orbit: H_rot,C, H_orb, E_orb and the
/// ΔV of C are conserved (bound 1e-10 relative, 1e-11 m/s) while T_rot changes (the actuator works).
inline void check_slew_conserves_momentum(const std::shared_ptr<const Model>& model, const std::string& label) {
  const Drift d = max_relative_drift(model, model->initial_state(), 5.0, 5000);
  const Eigen::VectorXd x = run_logged(System(model), model->initial_state(), 5.0, 5000);
  const double dv = vehicle_diagnostics(*model, x, 5.0, 0).dv_CN_N.norm();
  BOOST_TEST_MESSAGE(label << ": E_orb " << d.orbital_energy << ", H_orb " << d.H_orb << ", H_rot " << d.H_rot
                           << ", |dv| " << dv << " (E_rot changes by " << d.rotational_energy << ")");
  BOOST_CHECK_SMALL(d.orbital_energy, 1e-10);
  BOOST_CHECK_SMALL(d.H_orb, 1e-10);
  BOOST_CHECK_SMALL(d.H_rot, 1e-10);
  BOOST_CHECK_SMALL(dv, 1e-11);
  BOOST_TEST(d.rotational_energy > 1e-4);
}

}  // namespace ramus::test
