// Two-point effectors (DESIGN §5): a load between two frames — the hubs or segments of one or two
// vehicles — computed for both ends in one call from both ends' current kinematics (a
// constraint). Held by the Model, evaluated in the loads stage after every vehicle's kinematics.
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "ramus/kernel/frame_kinematics.hpp"

namespace ramus {

/// Where one end of a two-point effector acts: a vehicle's hub (effector empty) or segment
/// `segment` of one of its state effectors.
struct AttachPoint {
  std::string vehicle;      ///< vehicle name
  std::string effector;     ///< state effector name; empty for the hub
  std::size_t segment = 0;  ///< 0-based segment of that effector
};

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

  /// Loads on the bodies of ends 1 and 2, each in its own frame about its origin.
  virtual std::pair<Wrench, Wrench> wrenches(const FrameKinematics& frame1, const FrameKinematics& frame2,
                                             double t) const = 0;
  /// [J] potential energy stored in the effector (0 for a non-conservative one).
  virtual double potential_energy(const FrameKinematics&, const FrameKinematics&) const { return 0.0; }

 private:
  std::string name_;
  AttachPoint end1_, end2_;
};

}  // namespace ramus
