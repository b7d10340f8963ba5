// Motion profiles of a prescribed platform: docs/models/prescribed_platform.md, eqs. (9)–(10).
#include "ramus/systems/prescribed_profiles.hpp"

#include <cmath>
#include <string>

#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

/// eq. (9): s, s', s'' of the normalised smooth bang-coast-bang at time t: the acceleration is a
/// versine pulse A (1 − cos 2πτ/t_a) on each end phase, so s'' is continuous (zero at every switch).
Eigen::Vector3d bang_coast_bang(double t, double t0, double ta, double tc) {
  constexpr double two_pi = 2.0 * 3.14159265358979323846;
  const double A = 1.0 / (ta * (ta + tc)), k = ta / two_pi, tau = t - t0;
  if (tau <= 0.0) return Eigen::Vector3d(0.0, 0.0, 0.0);
  if (tau < ta) {
    const double ph = two_pi * tau / ta;
    return Eigen::Vector3d(A * (0.5 * tau * tau + k * k * (std::cos(ph) - 1.0)), A * (tau - k * std::sin(ph)),
                           A * (1.0 - std::cos(ph)));
  }
  if (tau < ta + tc) return Eigen::Vector3d(A * (0.5 * ta * ta + ta * (tau - ta)), A * ta, 0.0);
  const double sigma = 2.0 * ta + tc - tau;
  if (sigma > 0.0) {
    const double ph = two_pi * sigma / ta;
    return Eigen::Vector3d(1.0 - A * (0.5 * sigma * sigma + k * k * (std::cos(ph) - 1.0)),
                           A * (sigma - k * std::sin(ph)), -A * (1.0 - std::cos(ph)));
  }
  return Eigen::Vector3d(1.0, 0.0, 0.0);
}

}  // namespace

PrescribedProfile hold_profile(const units::Length3& r_PM_M, const Quaternion& q_PM) {
  validation::require_finite("hold_profile", "r_PM_M [m]", r_PM_M.si());
  validation::require_unit_quaternion("hold_profile", "q_PM", q_PM);
  PrescribedPose p;
  p.r_PM_M = r_PM_M.si();
  p.q_PM = q_PM.normalized();
  return [p](double) { return p; };
}

PrescribedProfile bang_coast_bang_profile(const Eigen::Vector3d& axis_M, units::Angle theta0, units::Angle dtheta,
                                          const units::Length3& r0_PM_M, const units::Length3& dr_M,
                                          const BangCoastBang& timing) {
  const std::string o = "bang_coast_bang_profile";
  validation::require_unit_vector(o, "axis_M", axis_M);
  validation::require_finite(o, "theta0 [rad]", theta0.value());
  validation::require_finite(o, "dtheta [rad]", dtheta.value());
  validation::require_finite(o, "r0_PM_M [m]", r0_PM_M.si());
  validation::require_finite(o, "dr_M [m]", dr_M.si());
  validation::require_finite(o, "t_start [s]", timing.t_start.value());
  validation::require_positive(o, "t_accel [s]", timing.t_accel.value());
  validation::require_non_negative(o, "t_coast [s]", timing.t_coast.value());
  const Eigen::Vector3d axis = axis_M.normalized(), r0 = r0_PM_M.si(), dr = dr_M.si();
  const double th0 = theta0.value(), dth = dtheta.value();
  const double t0 = timing.t_start.value(), ta = timing.t_accel.value(), tc = timing.t_coast.value();
  return [=](double t) {
    // eq. (10)
    const Eigen::Vector3d s = bang_coast_bang(t, t0, ta, tc);
    PrescribedPose p;
    p.r_PM_M = r0 + s[0] * dr;
    p.rPrime_PM_M = s[1] * dr;
    p.rPrimePrime_PM_M = s[2] * dr;
    const double th = th0 + s[0] * dth;
    p.q_PM = Quaternion(std::cos(0.5 * th), std::sin(0.5 * th) * axis.x(), std::sin(0.5 * th) * axis.y(),
                        std::sin(0.5 * th) * axis.z());
    p.omega_PM_P = s[1] * dth * axis;  // the axis is fixed in both M and P
    p.omegaPrime_PM_P = s[2] * dth * axis;
    return p;
  };
}

}  // namespace ramus
