// The dynamic-effector interface (docs/architecture.md §D5): a load on the body it is attached to,
// computed from that body's current kinematics, the run's inputs and the load context (the time,
// the vehicle's centre of mass and the gravity field). A dynamic effector keeps no state between
// calls.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ramus/kernel/frame_kinematics.hpp"
#include "ramus/kernel/gravity_model.hpp"
#include "ramus/kernel/inputs.hpp"
#include "ramus/kernel/placement.hpp"

namespace ramus {

/// What every dynamic effector may read besides its body's kinematics and its inputs, filled by
/// the kernel's loads stage for each vehicle from (x, t).
struct LoadContext {
  double t = 0.0;                                    ///< [s] time
  Eigen::Vector3d r_CN_N = Eigen::Vector3d::Zero();  ///< [m] the vehicle's centre of mass C
  /// [m/s²] the gravity the kernel applies at C to every body of the vehicle (uniformly)
  Eigen::Vector3d g_N = Eigen::Vector3d::Zero();
  const GravityModel* gravity = nullptr;  ///< the model's gravity field (null: none)
  /// [1/s²] the field's gradient ∂g/∂r at C, from the same pass as g_N, when an effector of the
  /// vehicle reads it (DynamicEffector::reads_gradient_at_C; has_G_N says so), else zero.
  Eigen::Matrix3d G_N = Eigen::Matrix3d::Zero();
  bool has_G_N = false;
};

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
  /// True for an effector that reads LoadContext::G_N, the field's gradient at the vehicle's
  /// centre of mass: the kernel then evaluates it once per vehicle and evaluation. Read at finalize.
  virtual bool reads_gradient_at_C() const { return false; }
  /// Its actuator channels (docs/architecture.md §5, Inputs; default: none). Read at finalize.
  virtual std::vector<InputSpec> input_blocks() const { return {}; }
  /// Default sources of its channels, copied into every run's Inputs (a thruster's firing
  /// schedule); `channel` counts from the effector's first channel. Default: none.
  virtual std::vector<InputProfile> input_profiles() const { return {}; }
  /// The load on the body of `frame`, in F components about the origin of F, under the applied
  /// inputs `u` of the run (its own channels, in the order of input_blocks()), at `at.t`.
  virtual Wrench wrench(const FrameKinematics& frame, ConstInputBlock u, const LoadContext& at) const = 0;

 protected:
  /// For configuration setters: throws ConfigurationError naming `what` once the model holding
  /// the effector is finalized (a run's commands go to its Inputs, never to the model).
  void require_open(const char* what) const;

 private:
  friend class Model;          // freezes it at finalize
  friend class Vehicle;        // claims and releases placement_
  friend class StateEffector;  // the same for its children on segments
  std::string name_;
  Placement placement_;
  bool frozen_ = false;  ///< set by Model::finalize()
};

}  // namespace ramus
