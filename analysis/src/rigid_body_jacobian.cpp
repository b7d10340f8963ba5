#include "ramus/analysis/rigid_body_jacobian.hpp"

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/error.hpp"

namespace ramus::analysis {

std::string rigid_body_jacobian_obstacle(const Model& model) {
  if (!model.two_point_effectors().empty()) return "the model has two-point effectors";
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) {
    const Vehicle& v = model.vehicle(i);
    if (!v.state_effectors().empty()) return v.label() + " has state effectors";
    if (!v.dynamic_effectors().empty()) return v.label() + " has dynamic effectors";
    if (!v.hub().r_BcB_B.isZero(0.0)) return v.label() + " has its centre of mass away from B (r_BcB_B ≠ 0)";
    if (v.hub_translation() == HubTranslation::clamped) return v.label() + " has a clamped hub";
  }
  return {};
}

Eigen::MatrixXd rigid_body_jacobian(const Model& model, const TangentCoordinates& chart, const Eigen::VectorXd& x,
                                    double t) {
  if (const std::string why = rigid_body_jacobian_obstacle(model); !why.empty())
    throw ConfigurationError("linearization", "method", "analytic", "does not apply: " + why);
  const Eigen::Index n = chart.size();
  Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n, n);
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) {
    const VehicleOffsets& o = model.vehicle(i).offsets();
    const Eigen::Index r = chart.coordinate(o.r_N), v = chart.coordinate(o.v_N);
    const Eigen::Index th = chart.coordinate(o.q_BN), w = chart.coordinate(o.omega_BN_B);
    const Eigen::Vector3d omega = x.segment<3>(o.omega_BN_B);
    const Eigen::Matrix3d& I = model.vehicle(i).hub().I_PntBc_B;
    A.block<3, 3>(r, v).setIdentity();
    if (model.gravity() != nullptr) A.block<3, 3>(v, r) = model.gravity()->gradient_N(x.segment<3>(o.r_N), t);
    A.block<3, 3>(th, th) = -0.5 * tilde(omega);  // ∂(ω + ½ δθ × ω)/∂δθ
    A.block<3, 3>(th, w).setIdentity();
    // ∂/∂ω of I⁻¹(−ω × Iω) = I⁻¹([Iω ×] − [ω ×] I)
    A.block<3, 3>(w, w) = I.ldlt().solve(tilde(I * omega) - tilde(omega) * I);
  }
  return A;
}

}  // namespace ramus::analysis
