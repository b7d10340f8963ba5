// Linear models about an operating point (docs/analysis/linear_models.md): ż = A z + B δu in the
// tangent coordinates (tangent_coordinates.hpp), optionally with each vehicle's translation
// relative to its reference orbit in the Hill frame (hill_coordinates.hpp), with the names and
// units of every state and input coordinate.
#pragma once

#include <Eigen/Dense>
#include <memory>
#include <string>
#include <vector>

#include "ramus/analysis/jacobian.hpp"

namespace ramus::analysis {

enum class JacobianMethod {
  automatic,           ///< analytic where the model allows it (rigid_body_jacobian.hpp), else differences
  finite_differences,  ///< always differences (JacobianSettings)
  analytic             ///< analytic, or a ConfigurationError naming what the model has beyond it
};

enum class TranslationCoordinates {
  inertial,  ///< r_BN_N, v_BN_N as in the state
  hill       ///< relative position and velocity in the Hill frame of B's osculating orbit (eq. L7)
};

struct LinearizationSettings {
  JacobianMethod method = JacobianMethod::automatic;
  JacobianSettings differences;
  TranslationCoordinates translation = TranslationCoordinates::inertial;
  /// The input channels of B, by name (InputLayout::entry_name); empty: every channel except the
  /// joints' lock flags (blocks named "locked"), which are switches, not actuators.
  std::vector<std::string> inputs;
};

struct LinearModel {
  Eigen::MatrixXd A;                                  ///< n×n, ∂ż/∂z
  Eigen::MatrixXd B;                                  ///< n×k, ∂ż/∂u
  std::vector<std::string> state_names, state_units;  ///< n each
  std::vector<std::string> input_names, input_units;  ///< k each
  OperatingPoint point;                               ///< with u filled in
  std::string method;                                 ///< "analytic (rigid hub)", "central differences", …
};

/// The linear model of a finalized model at `point`.
LinearModel linearize(const std::shared_ptr<const Model>& model, const OperatingPoint& point,
                      const LinearizationSettings& settings = {});

}  // namespace ramus::analysis
