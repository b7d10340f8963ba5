// The dynamic-effector interface (DESIGN §5): a load on the body it is attached to, computed from
// that body's current kinematics and the time. A dynamic effector keeps no state between calls.
#pragma once

#include <string>
#include <string_view>

#include "ramus/kernel/frame_kinematics.hpp"

namespace ramus {

class DynamicEffector {
 public:
  explicit DynamicEffector(std::string name);
  virtual ~DynamicEffector() = default;
  DynamicEffector(const DynamicEffector&) = delete;
  DynamicEffector& operator=(const DynamicEffector&) = delete;

  const std::string& name() const { return name_; }
  virtual std::string_view kind() const = 0;
  /// False for hub-only effectors: attaching one to a segment is refused at finalize.
  virtual bool can_attach_to_segment() const { return true; }
  /// The load on the body of `frame`, in F components about the origin of F.
  virtual Wrench wrench(const FrameKinematics& frame, double t) const = 0;

 private:
  std::string name_;
};

}  // namespace ramus
