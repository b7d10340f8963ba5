// Magnetorquer rods (docs/environment/magnetorquer.md): coils fixed in the frame F of the body they
// belong to (the hub or a segment), each commanded a dipole along its axis through the run's input
// channel "dipole" (saturated by the kernel at the rod's limit), producing the torque m × B in the
// central body's magnetic field.
#pragma once

#include <Eigen/Dense>
#include <memory>
#include <string>
#include <vector>

#include "ramus/environment/magnetic_field.hpp"
#include "ramus/kernel/dynamic_effector.hpp"

namespace ramus {

struct MagnetorquerConfig {
  std::shared_ptr<const MagneticFieldModel> field;  ///< the field the rods act in (required)
  std::vector<Eigen::Vector3d> axes_F;              ///< [1] unit axis â_i of each rod, F components
  std::vector<double> max_dipole;                   ///< [A m²] |u_i| ≤ max_dipole[i] > 0, one per rod
};

class Magnetorquer final : public DynamicEffector {
 public:
  /// Throws ConfigurationError for a missing field, no rod, an axis that is not a unit vector,
  /// a limit that is not positive and finite, or as many limits as rods.
  Magnetorquer(std::string name, const MagnetorquerConfig& config);
  std::string_view kind() const override { return "magnetorquer"; }
  /// One block "dipole" [A m^2] of one channel per rod, initial 0, limits ∓max_dipole.
  std::vector<InputSpec> input_blocks() const override;
  /// torque_PntF_F = m_F × B_F, m_F = Σ u_i â_i, B_F = [FN] B_N(r_FN_N, t); no force (eq. (1)).
  Wrench wrench(const FrameKinematics& frame, ConstInputBlock u, const LoadContext& at) const override;
  /// [A m²] the dipole m_F of the applied commands u (eq. (2)).
  Eigen::Vector3d dipole_F(ConstInputBlock u) const;
  std::size_t rod_count() const { return axes_F_.size(); }
  const MagneticFieldModel& field() const { return *field_; }

 private:
  std::shared_ptr<const MagneticFieldModel> field_;
  std::vector<Eigen::Vector3d> axes_F_;
  std::vector<double> max_dipole_;
};

}  // namespace ramus
