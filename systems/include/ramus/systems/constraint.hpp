// Constraint (docs/models/constraint.md): a spring–damper that holds point P2 of end 2 at a fixed
// offset from point P1 of end 1 (offset fixed in end 1's frame); the ends are hubs or segments of
// one or two vehicles. Violation ψ = r_P2P1_N − dcm_NF1 r_ref_F1, its end-1-frame rate ψ', force
// F = α ψ + β ψ' on end 1 and −F on end 2, both along one line of action (through P2), so that
// linear and angular momentum of the pair are conserved exactly.
#pragma once

#include <string>

#include "ramus/kernel/two_point_effector.hpp"
#include "ramus/kernel/units.hpp"

namespace ramus {

struct ConstraintConfig {
  AttachPoint end1, end2;
  units::Length3 r_P1F1_F1;      ///< P1 relative to end 1's frame origin, in F1
  units::Length3 r_P2F2_F2;      ///< P2 relative to end 2's frame origin, in F2
  units::Length3 r_P2P1_F1;      ///< reference offset of P2 from P1, fixed in F1
  units::LinearStiffness alpha;  ///< stiffness gain α (≥ 0)
  units::LinearDamping beta;     ///< damping gain β (≥ 0)
};

class Constraint final : public TwoPointEffector {
 public:
  explicit Constraint(std::string name, const ConstraintConfig& config);
  std::string_view kind() const override { return "constraint"; }

  /// Violation ψ [m] and its end-1-frame rate ψ' [m/s], N components (eq. 1–2).
  std::pair<Eigen::Vector3d, Eigen::Vector3d> violation(const FrameKinematics& f1, const FrameKinematics& f2) const;
  /// eq. (3)–(4)
  std::pair<Wrench, Wrench> wrenches(const FrameKinematics& f1, const FrameKinematics& f2, double t) const override;
  /// ½ α |ψ|²
  double potential_energy(const FrameKinematics& f1, const FrameKinematics& f2) const override;

 private:
  Eigen::Vector3d r_P1F1_F1_, r_P2F2_F2_, r_ref_F1_;  ///< [m]
  double alpha_;                                      ///< [N/m]
  double beta_;                                       ///< [N s/m]
};

}  // namespace ramus
