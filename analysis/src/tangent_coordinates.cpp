#include "ramus/analysis/tangent_coordinates.hpp"

#include <cmath>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::analysis {
namespace {

const char* const kTangentOwner = "tangent coordinates";

void require_size(const Eigen::VectorXd& v, Eigen::Index n, const char* field) {
  if (v.size() != n)
    throw ConfigurationError(kTangentOwner, field, std::to_string(v.size()) + " entries",
                             "the model's state has " + std::to_string(n));
}

}  // namespace

TangentCoordinates::TangentCoordinates(const Model& model) {
  const StateLayout& layout = model.layout();
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) q_offsets_.push_back(model.vehicle(i).offsets().q_BN);
  Eigen::Index i = 0;
  std::size_t v = 0;
  while (i < layout.size()) {
    if (v < q_offsets_.size() && i == q_offsets_[v]) {
      const std::string owner = layout.block_at(i)->owner;
      for (int k = 0; k < 3; ++k) {
        names_.push_back(owner + ".delta_theta_B[" + std::to_string(k) + "]");
        units_.emplace_back("rad");
        state_index_.push_back(i);
        attitude_.push_back(1);
      }
      for (int k = 0; k < 4; ++k) coordinate_.push_back(static_cast<Eigen::Index>(names_.size()) - 3);
      i += 4;
      ++v;
      continue;
    }
    coordinate_.push_back(static_cast<Eigen::Index>(names_.size()));
    names_.push_back(layout.entry_name(i));
    units_.push_back(layout.block_at(i)->unit);
    state_index_.push_back(i);
    attitude_.push_back(0);
    ++i;
  }
}

void TangentCoordinates::retract(const Eigen::VectorXd& x0, const Eigen::VectorXd& z, Eigen::VectorXd& x) const {
  require_size(z, size(), "z");
  x = x0;
  for (Eigen::Index k = 0; k < size(); ++k) {
    if (!is_attitude(k)) {
      x[state_index(k)] += z[k];
      continue;
    }
    const Eigen::Index q = state_index(k);
    const Eigen::Vector3d half = 0.5 * z.segment<3>(k);
    const double s2 = 1.0 - half.squaredNorm();
    if (!(s2 > 0.0))
      throw ConfigurationError(kTangentOwner, names_[static_cast<std::size_t>(k)] + " (|delta_theta_B|)",
                               validation::to_text(2.0 * std::sqrt(1.0 - s2)),
                               "must be below 2 (the chart covers rotations below 180°)");
    const Quaternion dq(std::sqrt(s2), half.x(), half.y(), half.z());
    x.segment<4>(q) = quat_multiply(Quaternion(x0.segment<4>(q).normalized()), dq);
    k += 2;
  }
}

void TangentCoordinates::local(const Eigen::VectorXd& x0, const Eigen::VectorXd& x, Eigen::VectorXd& z) const {
  require_size(x, x0.size(), "x");
  z.resize(size());
  for (Eigen::Index k = 0; k < size(); ++k) {
    if (!is_attitude(k)) {
      z[k] = x[state_index(k)] - x0[state_index(k)];
      continue;
    }
    const Eigen::Index q = state_index(k);
    const Quaternion dq = quat_multiply(quat_conjugate(x0.segment<4>(q).normalized()), x.segment<4>(q).normalized());
    z.segment<3>(k) = 2.0 * dq.tail<3>();
    k += 2;
  }
}

void TangentCoordinates::tangent_rate(const Eigen::VectorXd& x0, const Eigen::VectorXd& x, const Eigen::VectorXd& xdot,
                                      Eigen::VectorXd& zdot) const {
  zdot.resize(size());
  for (Eigen::Index k = 0; k < size(); ++k) {
    if (!is_attitude(k)) {
      zdot[k] = xdot[state_index(k)];
      continue;
    }
    // δθ = 2 vec(q0* ⊗ q/|q|); on |q| = 1 its rate is 2 vec(q0* ⊗ q̇) less the part of q̇ along q
    // (which only changes |q|, eq. L2).
    const Eigen::Index q = state_index(k);
    const Quaternion qn = x.segment<4>(q).normalized();
    const double n = x.segment<4>(q).norm();
    const Quaternion qdot = xdot.segment<4>(q) / n;
    const Quaternion qdot_t = qdot - qn * qn.dot(qdot);
    zdot.segment<3>(k) = 2.0 * quat_multiply(quat_conjugate(x0.segment<4>(q).normalized()), qdot_t).tail<3>();
    k += 2;
  }
}

}  // namespace ramus::analysis
