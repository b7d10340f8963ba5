// The dynamic-effector interface (docs/architecture.md §D5): a load on the body it is attached to,
// computed from
// that body's current kinematics and the time. A dynamic effector keeps no state between calls.
#pragma once

#include <string>
#include <string_view>

#include "ramus/kernel/frame_kinematics.hpp"
#include "ramus/kernel/placement.hpp"

namespace ramus {

class DynamicEffector {
 public:
  explicit DynamicEffector(std::string name);
  virtual ~DynamicEffector() = default;
  DynamicEffector(const DynamicEffector&) = delete;
  DynamicEffector& operator=(const DynamicEffector&) = delete;

  const std::string& name() const { return name_; }
  virtual std::string_view kind() const = 0;
  /// "<kind> '<name>'": how error messages name this effector.
  std::string label() const { return std::string(kind()) + " '" + name_ + "'"; }
  /// Where this object has been added ("vehicle 'sc'", "segment 0 of hinged_rigid_body 'p'");
  /// empty while it is in no place. One object, one place (placement.hpp).
  const std::string& placement() const { return placement_.where(); }
  /// False for hub-only effectors: attaching one to a segment is refused at finalize.
  virtual bool can_attach_to_segment() const { return true; }
  /// The load on the body of `frame`, in F components about the origin of F.
  virtual Wrench wrench(const FrameKinematics& frame, double t) const = 0;

  /// Inputs held over a step (docs/architecture.md §D7). The driver calls hold_inputs(t_n) between
  /// steps, before
  /// the step that starts at t_n, and release_inputs() when it returns. An effector whose command
  /// switches instantaneously (a thruster's on/off schedule, a pulse train) samples it here, so that
  /// every stage of the step sees the command of the step, and a step ending on a switching time
  /// is not contaminated by the next command at its last stage. Returns true when a held value
  /// changed (so that FSAL steppers restart). Without a driver (Odeint called directly) the
  /// schedule is evaluated at each stage's time.
  virtual bool hold_inputs(double /*t_step*/) { return false; }
  virtual void release_inputs() {}

 private:
  friend class Vehicle;        // claims and releases placement_
  friend class StateEffector;  // the same for its children on segments
  std::string name_;
  Placement placement_;
};

}  // namespace ramus
