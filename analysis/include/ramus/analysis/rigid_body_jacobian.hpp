// The analytic Jacobian of rigid hubs in a gravity field (docs/analysis/linear_models.md eq. L8):
// ṙ = v, v̇ = g(r, t), δθ̇ = ω + ½ δθ × ω, ω̇ = I⁻¹(−ω × I ω), with the field's gradient
// GravityModel::gradient_N. It applies to a model whose vehicles are bare hubs with their centre of
// mass at B and no two-point effectors.
#pragma once

#include <Eigen/Dense>
#include <string>

#include "ramus/analysis/tangent_coordinates.hpp"

namespace ramus::analysis {

/// What keeps the analytic Jacobian from `model` ("vehicle 'sc' has state effectors", …), or
/// empty when it applies.
std::string rigid_body_jacobian_obstacle(const Model& model);

/// ∂ż/∂z in tangent coordinates (inertial translation) at (x, t). Throws ConfigurationError with
/// the obstacle when the model is not one of rigid hubs.
Eigen::MatrixXd rigid_body_jacobian(const Model& model, const TangentCoordinates& chart, const Eigen::VectorXd& x,
                                    double t);

}  // namespace ramus::analysis
