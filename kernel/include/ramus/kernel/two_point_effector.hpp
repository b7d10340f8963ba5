// Two-point effectors (docs/architecture.md §D5): a load between two frames — the hubs or segments
// of one or two
// vehicles — computed for both ends in one call from both ends' current kinematics (a
// constraint). Held by the Model, evaluated in the loads stage after every vehicle's kinematics.
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "ramus/kernel/frame_kinematics.hpp"
#include "ramus/kernel/placement.hpp"

namespace ramus {

/// Where one end of a two-point effector acts: a vehicle's hub (effector empty) or segment
/// `segment` of one of its state effectors.
struct AttachPoint {
  std::string vehicle;      ///< vehicle name
  std::string effector;     ///< state effector name; empty for the hub
  std::size_t segment = 0;  ///< 0-based segment of that effector
};

/// True when a and b name the same body: the same vehicle's hub (its segment is ignored), or the
/// same segment of the same state effector of one vehicle.
bool same_body(const AttachPoint& a, const AttachPoint& b);
/// "hub of vehicle 'sc'" or "segment 1 of effector 'panel' of vehicle 'sc'", for messages.
std::string describe(const AttachPoint& p);

class TwoPointEffector {
 public:
  TwoPointEffector(std::string name, AttachPoint end1, AttachPoint end2);
  virtual ~TwoPointEffector() = default;
  TwoPointEffector(const TwoPointEffector&) = delete;
  TwoPointEffector& operator=(const TwoPointEffector&) = delete;

  const std::string& name() const { return name_; }
  virtual std::string_view kind() const = 0;
  std::string label() const { return std::string(kind()) + " '" + name_ + "'"; }
  const AttachPoint& end1() const { return end1_; }
  const AttachPoint& end2() const { return end2_; }
  /// Throws ConfigurationError naming the effector and both end fields when end1 and end2 are the
  /// same body: a load from a body to itself is internal to it, and a constraint there holds
  /// nothing (derived constructors call it; Model::add_two_point_effector checks it for all).
  void require_distinct_ends() const;
  /// "model" once added to a model; empty while it is in none (placement.hpp).
  const std::string& placement() const { return placement_.where(); }

  /// Loads on the bodies of ends 1 and 2, each in its own frame about its origin.
  virtual std::pair<Wrench, Wrench> wrenches(const FrameKinematics& frame1, const FrameKinematics& frame2,
                                             double t) const = 0;
  /// [J] potential energy stored in the effector (0 for a non-conservative one).
  virtual double potential_energy(const FrameKinematics&, const FrameKinematics&) const { return 0.0; }

 private:
  friend class Model;  // claims and releases placement_
  std::string name_;
  AttachPoint end1_, end2_;
  Placement placement_;
};

}  // namespace ramus
