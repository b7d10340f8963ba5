// Thruster (docs/models/thruster.md): a force of up to max_thrust along a direction fixed in the
// frame it is attached to (hub or segment), at a point of that frame, fired by a schedule of
// on-intervals, with an optional first-order ramp that is a function of the time since each
// command. A pure function of (frame kinematics, t).
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

  /// Commands a firing over [t_on, t_on + duration). Firings must not overlap and are kept in
  /// time order; a command is an input: give it before the step that reaches t_on.
  void add_firing(units::Time t_on, units::Time duration);
  void clear_firings() { firings_.clear(); }

  /// Thrust factor in [0, 1] at t (eq. 1): 1/0 inside/outside the firings, or the first-order
  /// response to them with time constant τ.
  double thrust_factor(double t) const;
  /// force_F = F_max κ(t) t̂_F, torque_PntF_F = r_TF_F × force_F   (eq. 2)
  Wrench wrench(const FrameKinematics& frame, double t) const override;
  /// Without a ramp, holds the on/off command of the step starting at t_step (eq. 3).
  bool hold_inputs(double t_step) override;
  void release_inputs() override { held_ = Held::none; }

 private:
  struct Firing {
    double on, off;  ///< [s]
  };
  Eigen::Vector3d r_TF_F_;  ///< [m]
  Eigen::Vector3d tHat_F_;  ///< [1]
  double max_thrust_;       ///< [N]
  double tau_;              ///< [s]
  std::vector<Firing> firings_;
  enum class Held { none, off, on };
  Held held_ = Held::none;  ///< input held by the driver over the current step (τ = 0 only)
};

}  // namespace ramus
