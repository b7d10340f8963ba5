// Helpers of the prescribed-platform tests (prescribed_platform_test.cpp and
// prescribed_platform_children_test.cpp): rotations, the platform and its slew, the composite hub
// of a held platform and the hub states' difference, the actuator's work balance, the conservation
// check of a slew with internal loads only and the order of its H_rot drift.
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/workspace.hpp"
#include "ramus/systems/prescribed_platform.hpp"
#include "support/models.hpp"
#include "systems/effector_cases.hpp"

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

/// The hub with a platform of 50 kg and inertia kPlatI held at its centre of mass r_PcB [m] and
/// attitude dcm_BP, as one rigid body: 800 kg, the composite centre of mass and inertia about it
/// (by parallel axes), written here from the parts.
inline HubConfig composite_hub(const Eigen::Vector3d& r_PcB, const Eigen::Matrix3d& dcm_BP) {
  const double m = 800.0;
  const Eigen::Vector3d c = (750.0 * kHubC + 50.0 * r_PcB) / m;
  auto pa = [](double mm, const Eigen::Vector3d& r) {
    return Eigen::Matrix3d(mm * (r.squaredNorm() * Eigen::Matrix3d::Identity() - r * r.transpose()));
  };
  HubConfig h;
  h.mass = m * si::kilogram;
  h.I_PntBc_B = InertiaTensor(Eigen::Matrix3d(kHubI.asDiagonal()) + pa(750.0, kHubC - c) +
                                  dcm_BP * kPlatI * dcm_BP.transpose() + pa(50.0, r_PcB - c),
                              kg_m2);
  h.r_BcB_B = Length3{c, si::meter};
  return h;
}

/// Largest difference of two runs' hub states: |Δr|/|r|, |Δv|/|v|, the attitude angle, |Δω|/|ω|.
inline double hub_difference(const Eigen::VectorXd& xa, const Eigen::VectorXd& xb) {
  return std::max({(xa.segment<3>(0) - xb.segment<3>(0)).norm() / xb.segment<3>(0).norm(),
                   (xa.segment<3>(3) - xb.segment<3>(3)).norm() / xb.segment<3>(3).norm(),
                   attitude_error_angle(xa.segment<4>(6), xb.segment<4>(6)),
                   (xa.segment<3>(10) - xb.segment<3>(10)).norm() / xb.segment<3>(10).norm()});
}

/// The platform's workspace (the first effector of the first vehicle).
inline const EffectorWorkspace& platform_ws(const System& system) {
  return *system.workspace().vehicles[0].effectors[0];
}

/// The hub alone (750 kg, inertia about Bc) under gravity and the actuator's reaction, −F at P and
/// −L about P (eq. 8), at (x, t) of a slew() on the mount (r_MB [m], dcm_MB): Newton–Euler's
/// residuals with the model's own solved r̈_B, ω̇, and P's pose from the test's geometry (not the
/// published r_PN, whose 1e7 m carry 2e-9 m of round-off).
struct HubNewtonEuler {
  Eigen::Vector3d res_F, res_L;  ///< [N], [N m]
  Eigen::Vector3d F_B, L_B;      ///< the actuator's force [N] and torque [N m] on the platform, in B
  Eigen::Vector3d g_B;           ///< [m/s²] gravity at C, in B
};
inline HubNewtonEuler hub_newton_euler(const System& system, const PrescribedPlatform& platform,
                                       const Eigen::VectorXd& x, double t, const Eigen::Vector3d& r_MB,
                                       const Eigen::Matrix3d& dcm_MB) {
  Eigen::VectorXd dxdt(x.size());
  system(x, dxdt, t);
  const Wrench& act = platform.actuator_wrench(platform_ws(system));
  const VehicleWorkspace& w = system.workspace().vehicles[0];
  const Eigen::Matrix3d dcm_BN = w.ctx.hub.dcm_FN;
  const Eigen::Vector3d omega = x.segment<3>(10), omegaDot = dxdt.segment<3>(10), rDDot = dcm_BN * dxdt.segment<3>(3);
  const PrescribedPose p = slew()(t);
  const Eigen::Matrix3d dcm_BP = dcm_MB.transpose() * rotation_matrix(p.q_PM);
  const Eigen::Vector3d r_PB = r_MB + dcm_MB.transpose() * p.r_PM_M;
  HubNewtonEuler r;
  r.g_B = dcm_BN * w.ctx.g_N;
  r.F_B = dcm_BP * act.force_F;
  r.L_B = dcm_BP * act.torque_PntF_F;
  const Eigen::Vector3d a_Bc = rDDot + omegaDot.cross(kHubC) + omega.cross(omega.cross(kHubC));
  const Eigen::Matrix3d I = kHubI.asDiagonal();
  r.res_F = 750.0 * a_Bc - 750.0 * r.g_B + r.F_B;
  r.res_L = I * omegaDot + omega.cross(I * omega) + r.L_B + (r_PB - kHubC).cross(r.F_B);
  return r;
}

/// ΔT_rot − ∫ (F·r'_PB + L·ω_PB) dt over rk4 from the initial state over [0, T] in n steps: the
/// power of the actuator's wrench (F on the platform, L about P) through the platform's motion
/// relative to the hub, with r'_PB and ω_PB from the test's own geometry (the profile `prof` and the
/// mount dcm_MB), by the trapezoid rule.
inline double actuator_work_residual(const System& system, const Model& model, const PrescribedPlatform& platform,
                                     const PrescribedProfile& prof, const Eigen::Matrix3d& dcm_MB, double T, int n) {
  return rotational_work_residual(system, model, T, n, [&](const Eigen::VectorXd& x, double t) {
    Eigen::VectorXd dxdt(x.size());
    system(x, dxdt, t);
    const Wrench& act = platform.actuator_wrench(platform_ws(system));
    const PrescribedPose p = prof(t);
    const Eigen::Matrix3d dcm_BP = dcm_MB.transpose() * rotation_matrix(p.q_PM);
    const Eigen::Vector3d rPrime_PB = dcm_MB.transpose() * p.rPrime_PM_M, omega_PB = dcm_BP * p.omega_PM_P;
    return (dcm_BP * act.force_F).dot(rPrime_PB) + (dcm_BP * act.torque_PntF_F).dot(omega_PB);
  });
}

/// The actuator's work balance mid-slew (actuator_work_residual over [0, 1.25 s]; the platform is
/// the first effector of `model`, mounted at dcm_MB, slewing by slew()) at 125, 250 and 500 steps:
/// second-order residual ratios, logged under `label`.
inline void check_actuator_work_order(const std::shared_ptr<const Model>& model, const PrescribedPlatform& platform,
                                      const Eigen::Matrix3d& dcm_MB, const std::string& label) {
  const System system(model);
  const PrescribedProfile prof = slew();
  check_second_order_residuals(
      [&](int n) { return actuator_work_residual(system, *model, platform, prof, dcm_MB, 1.25, n); }, 125, label);
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

/// H_rot's drift over [0, 5 s] in orbit at each step count of `steps` (each twice the last), logged
/// under `label`, falls at rk4's order: every observed order in 3.8–4.25. Returns the drifts.
inline std::vector<double> check_H_rot_drift_order(const std::shared_ptr<const Model>& model,
                                                   const std::vector<int>& steps, const std::string& label) {
  std::vector<double> h;
  for (int n : steps) h.push_back(max_relative_drift(model, model->initial_state(), 5.0, n).H_rot);
  BOOST_TEST_MESSAGE(label << " " << h[0] << " " << h[1] << " " << h[2] << " " << h[3]);
  for (std::size_t k = 1; k < h.size(); ++k) {
    BOOST_TEST(std::log2(h[k - 1] / h[k]) >= 3.8);
    BOOST_TEST(std::log2(h[k - 1] / h[k]) <= 4.25);
  }
  return h;
}

}  // namespace ramus::test
