// Thruster (docs/models/thruster.md): a force of up to max_thrust along a direction fixed in the
// frame it is attached to (hub or segment), at a point of that frame, scaled by its throttle
// channel κ ∈ [0, 1] (an input of the run). Its configured schedule of on-intervals, with an
// optional first-order ramp that is a function of the time since each command, is the channel's
// default source in every run (input_profiles()); flight software or a user may replace it.
#pragma once

#include <string>
#include <vector>

#include "ramus/kernel/dynamic_effector.hpp"
#include "ramus/kernel/units.hpp"

namespace ramus {

struct ThrusterConfig {
  units::Length3 r_TF_F;  ///< thruster location relative to the frame origin F, in F
  Eigen::Vector3d force_direction_F = Eigen::Vector3d::UnitX();  ///< unit direction of the force on the body, in F
  units::Force max_thrust;                                       ///< thrust at full factor (> 0)
  units::Time ramp_time_constant;  ///< first-order ramp time constant (0: instantaneous on/off)
};

class Thruster final : public DynamicEffector {
 public:
  Thruster(std::string name, const ThrusterConfig& config);
  std::string_view kind() const override { return "thruster"; }

  /// Adds a firing over [t_on, t_on + duration) to the default schedule (before finalize()).
  /// Firings must not overlap and are kept in time order.
  void add_firing(units::Time t_on, units::Time duration);
  void clear_firings() { firings_.clear(); }

  /// [m] location T relative to F's origin, [1] unit direction of the force, [N] thrust at full
  /// factor, all in F (for flight software that plans with the thruster's geometry).
  const Eigen::Vector3d& r_TF_F() const { return r_TF_F_; }
  const Eigen::Vector3d& force_direction_F() const { return tHat_F_; }
  double max_thrust() const { return max_thrust_; }

  /// Thrust factor in [0, 1] at t (eq. 1): 1/0 inside/outside the firings, or the first-order
  /// response to them with time constant τ.
  double thrust_factor(double t) const;
  /// One channel, "throttle" [1], limits [0, 1].
  std::vector<InputSpec> input_blocks() const override;
  /// The schedule as the throttle's source: held over each step without a ramp (eq. 3), its
  /// switches step boundaries; the ramp's response κ(t) at every stage with one.
  std::vector<InputProfile> input_profiles() const override;
  /// force_F = F_max κ t̂_F, torque_PntF_F = r_TF_F × force_F, κ = u[0]   (eq. 2)
  Wrench wrench(const FrameKinematics& frame, ConstInputBlock u, const LoadContext& at) const override;

 private:
  struct Firing {
    double on, off;  ///< [s]
  };
  Eigen::Vector3d r_TF_F_;  ///< [m]
  Eigen::Vector3d tHat_F_;  ///< [1]
  double max_thrust_;       ///< [N]
  double tau_;              ///< [s]
  std::vector<Firing> firings_;
};

}  // namespace ramus
