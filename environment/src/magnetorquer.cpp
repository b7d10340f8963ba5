// Magnetorquer rods: torque m × B in the central body's field (docs/environment/magnetorquer.md).
#include "ramus/environment/magnetorquer.hpp"

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

Magnetorquer::Magnetorquer(std::string name, const MagnetorquerConfig& config)
    : DynamicEffector(std::move(name)), field_(config.field), axes_F_(config.axes_F), max_dipole_(config.max_dipole) {
  if (!field_) throw ConfigurationError(label(), "field", "none", "a magnetic field model is required");
  if (axes_F_.empty()) throw ConfigurationError(label(), "axes_F", "[]", "at least one rod is required");
  if (max_dipole_.size() != axes_F_.size())
    throw ConfigurationError(label(), "max_dipole [A m^2]", std::to_string(max_dipole_.size()) + " values",
                             "must give one limit per rod (" + std::to_string(axes_F_.size()) + " rods)");
  for (std::size_t i = 0; i < axes_F_.size(); ++i) {
    validation::require_unit_vector(label(), "axes_F[" + std::to_string(i) + "]", axes_F_[i]);
    validation::require_positive(label(), "max_dipole[" + std::to_string(i) + "] [A m^2]", max_dipole_[i]);
  }
}

std::vector<InputSpec> Magnetorquer::input_blocks() const {
  const auto n = static_cast<Eigen::Index>(axes_F_.size());
  const Eigen::VectorXd upper = Eigen::Map<const Eigen::VectorXd>(max_dipole_.data(), n);
  return {{"dipole", n, "A m^2", Eigen::VectorXd::Zero(n), -upper, upper}};
}

Eigen::Vector3d Magnetorquer::dipole_F(ConstInputBlock u) const {
  Eigen::Vector3d m = Eigen::Vector3d::Zero();
  for (std::size_t i = 0; i < axes_F_.size(); ++i) m += u[static_cast<Eigen::Index>(i)] * axes_F_[i];  // eq. (2)
  return m;
}

Wrench Magnetorquer::wrench(const FrameKinematics& frame, ConstInputBlock u, const LoadContext& at) const {
  Wrench w;
  const Eigen::Vector3d m_F = dipole_F(u);
  if (m_F.isZero(0.0)) return w;
  const Eigen::Vector3d B_F = frame.dcm_FN * field_->B_N(frame.r_FN_N, at.t);
  w.torque_PntF_F = m_F.cross(B_F);  // eq. (1)
  return w;
}

}  // namespace ramus
