#include "ramus/analysis/linear_model.hpp"

#include <cmath>

#include "ramus/analysis/hill_coordinates.hpp"
#include "ramus/analysis/rigid_body_jacobian.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::analysis {
namespace {

/// The channels of B: the named ones, or every channel outside the lock-flag blocks.
std::vector<Eigen::Index> input_channels(const Model& model, const std::vector<std::string>& names) {
  const InputLayout& layout = model.input_layout();
  std::vector<Eigen::Index> channels;
  if (!names.empty()) {
    for (const std::string& name : names) channels.push_back(layout.find(name));
    return channels;
  }
  for (const InputBlock& b : layout.blocks())
    if (b.name != "locked")
      for (Eigen::Index c = b.offset; c < b.offset + b.size; ++c) channels.push_back(c);
  return channels;
}

/// A → (Ṫ + T A) T⁻¹ and B → T B on each vehicle's translation (eq. L7).
void to_hill(const Model& model, const TangentCoordinates& chart, LinearModel& lm) {
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) {
    const VehicleOffsets& o = model.vehicle(i).offsets();
    const HillTransform h = hill_transform(lm.point.x.segment<3>(o.r_N), lm.point.x.segment<3>(o.v_N));
    const Eigen::Index r = chart.coordinate(o.r_N);  // r then v: six consecutive coordinates
    // T is the identity but for its 6×6 block at (r, r), Ṫ zero but there: the products touch
    // only those six rows and columns.
    lm.A.middleRows<6>(r) = h.T * lm.A.middleRows<6>(r);
    lm.A.block<6, 6>(r, r) += h.Tdot;
    lm.A.middleCols<6>(r) = lm.A.middleCols<6>(r) * h.T_inverse;
    lm.B.middleRows<6>(r) = h.T * lm.B.middleRows<6>(r);
    const std::string owner = model.vehicle(i).name() + (o.translation == HubTranslation::C ? "/C" : "/hub");
    for (int k = 0; k < 3; ++k) {
      lm.state_names[static_cast<std::size_t>(r + k)] = owner + ".delta_r_H[" + std::to_string(k) + "]";
      lm.state_names[static_cast<std::size_t>(r + 3 + k)] = owner + ".delta_v_H[" + std::to_string(k) + "]";
    }
  }
}

/// A and B finite, else a ConfigurationError naming the first non-finite entry by its row's and
/// column's coordinates (an operating point where the dynamics are not defined).
void require_finite(const LinearModel& lm) {
  const auto check = [&](const Eigen::MatrixXd& M, const char* matrix, const std::vector<std::string>& columns) {
    if (M.allFinite()) return;
    for (Eigen::Index j = 0; j < M.cols(); ++j)
      for (Eigen::Index i = 0; i < M.rows(); ++i)
        if (!std::isfinite(M(i, j)))
          throw ConfigurationError(
              "linearization",
              std::string(matrix) + "[" + lm.state_names[std::size_t(i)] + ", " + columns[std::size_t(j)] + "]",
              validation::to_text(M(i, j)), "must be finite: the dynamics are not defined at this operating point");
  };
  check(lm.A, "A", lm.state_names);
  check(lm.B, "B", lm.input_names);
}

}  // namespace

LinearModel linearize(const std::shared_ptr<const Model>& model, const OperatingPoint& point,
                      const LinearizationSettings& settings) {
  if (model == nullptr || !model->is_finalized())
    throw ConfigurationError("linearization", "model", model ? "not finalized" : "null", "must be a finalized model");
  const TangentCoordinates chart(*model);
  const std::vector<Eigen::Index> channels = input_channels(*model, settings.inputs);

  LinearModel lm;
  lm.point = point;
  if (lm.point.u.size() == 0) lm.point.u = model->initial_inputs();
  lm.state_names = chart.names();
  lm.state_units = chart.units();
  for (Eigen::Index c : channels) {
    lm.input_names.push_back(model->input_layout().entry_name(c));
    lm.input_units.push_back(model->input_layout().block_at(c)->unit);
  }

  const bool analytic = settings.method == JacobianMethod::analytic ||
                        (settings.method == JacobianMethod::automatic && rigid_body_jacobian_obstacle(*model).empty());
  if (analytic) {
    check_operating_point(*model, lm.point);
    lm.A = rigid_body_jacobian(*model, chart, lm.point.x, lm.point.t);
    lm.B = Eigen::MatrixXd::Zero(chart.size(), static_cast<Eigen::Index>(channels.size()));
    lm.method = "analytic (rigid hubs)";
  } else {
    TangentJacobians J = tangent_jacobians(model, chart, lm.point, channels, settings.differences);
    lm.A = std::move(J.A);
    lm.B = std::move(J.B);
    lm.method = settings.differences.differences == Differences::central
                    ? "central differences"
                    : "Richardson extrapolation of central differences";
  }
  if (settings.translation == TranslationCoordinates::hill) to_hill(*model, chart, lm);
  require_finite(lm);
  return lm;
}

}  // namespace ramus::analysis
