// Pulsed torque (docs/models/pulsed_torque.md): alternating torque pulses on the hub, +τ for
// count_on periods, −τ for count_on periods, then zero for count_off periods, repeating — a
// function of t (not of call counts, as Basilisk's ExtPulsedTorque). A hub-only effector:
// attaching it to a segment is refused at finalize.
#pragma once

#include <string>

#include "ramus/kernel/dynamic_effector.hpp"
#include "ramus/kernel/units.hpp"

namespace ramus {

struct PulsedTorqueConfig {
  units::Torque3 torque_PntB_B;  ///< pulse torque about B, in B
  units::Time period;            ///< length of one count [s] (> 0)
  int count_on = 1;              ///< counts of +τ, then of −τ (≥ 1)
  int count_off = 0;             ///< counts of zero torque (≥ 0)
  units::Time start;             ///< time of the first pulse (t < start: zero)
};

class PulsedTorque final : public DynamicEffector {
 public:
  PulsedTorque(std::string name, const PulsedTorqueConfig& config);
  std::string_view kind() const override { return "pulsed_torque"; }
  bool can_attach_to_segment() const override { return false; }
  /// One channel, "pulse" [1] in [−1, 1]: the sign of the torque.
  std::vector<InputSpec> input_blocks() const override;
  /// The pulse train of eq. (1) as the channel's default source, held over each step.
  std::vector<InputProfile> input_profiles() const override;
  /// torque_PntB_B = u[0] τ (eq. 1 with the pulse from the run's input)
  Wrench wrench(const FrameKinematics& frame, ConstInputBlock u, const LoadContext& at) const override;
  /// The first time after t at which the pulse sign changes.
  double next_switch(double t) const;
  /// The pulse sign at t: +1, −1 or 0 (eq. 1).
  int pulse(double t) const;
  /// L = 2 count_on + count_off, the counts of one cycle (eq. 1), computed without int overflow:
  /// exact for every pair of int counts.
  static double cycle_counts(int count_on, int count_off);

 private:
  Eigen::Vector3d torque_PntB_B_;  ///< [N m]
  double period_, start_;          ///< [s]
  int count_on_, count_off_;
  double cycle_counts_ = 0.0;  ///< L = 2 count_on + count_off (eq. 1)
};

}  // namespace ramus
