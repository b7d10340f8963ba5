#include "ramus/analysis/jacobian.hpp"

#include <cmath>
#include <limits>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::analysis {
namespace {

using validation::to_text;
constexpr double kEps = std::numeric_limits<double>::epsilon();

const char* const kJacobianOwner = "linearization";

/// The largest |entry| of each state block, at least 1: the scale of its entries' steps.
Eigen::VectorXd block_scales(const StateLayout& layout, const Eigen::VectorXd& x) {
  Eigen::VectorXd s(x.size());
  for (const StateBlock& b : layout.blocks())
    s.segment(b.offset, b.size).setConstant(std::max(1.0, x.segment(b.offset, b.size).cwiseAbs().maxCoeff()));
  return s;
}

double default_step(Differences d) { return d == Differences::central ? std::cbrt(kEps) : std::pow(kEps, 0.2); }

}  // namespace

void check_operating_point(const Model& model, const OperatingPoint& p) {
  const Eigen::Index n = model.layout().size();
  if (p.x.size() != n)
    throw ConfigurationError(kJacobianOwner, "x", std::to_string(p.x.size()) + " entries",
                             "the model's state has " + std::to_string(n));
  for (Eigen::Index i = 0; i < n; ++i)
    if (!std::isfinite(p.x[i]))
      throw ConfigurationError(kJacobianOwner, "x: " + model.layout().entry_name(i), to_text(p.x[i]), "must be finite");
  // Each hub's attitude quaternion is normalized by the tangent chart and the dynamics: a zero one
  // (or one whose squared norm underflows) names no attitude, and A would be 0/0 throughout.
  for (std::size_t v = 0; v < model.vehicle_count(); ++v) {
    const Eigen::Index q = model.vehicle(v).offsets().q_BN;
    const double norm = p.x.segment<4>(q).norm();
    if (!(p.x.segment<4>(q).squaredNorm() >= std::numeric_limits<double>::min()))
      throw ConfigurationError(kJacobianOwner, "x: " + model.layout().block_at(q)->owner + ".q_BN (|q|)", to_text(norm),
                               "must be positive: an attitude quaternion, normalized where it is used");
  }
  if (!std::isfinite(p.t)) throw ConfigurationError(kJacobianOwner, "t [s]", to_text(p.t), "must be finite");
  const Eigen::Index m = model.input_layout().size();
  if (p.u.size() != 0 && p.u.size() != m)
    throw ConfigurationError(kJacobianOwner, "u", std::to_string(p.u.size()) + " entries",
                             "the model has " + std::to_string(m) + " actuator channels (or give none)");
  for (Eigen::Index c = 0; c < p.u.size(); ++c)
    if (!std::isfinite(p.u[c]))
      throw ConfigurationError(kJacobianOwner, "u: " + model.input_layout().entry_name(c), to_text(p.u[c]),
                               "must be finite");
}

namespace {

/// A run of its own with every channel commanded to u (no profiles).
struct Run {
  System system;
  Eigen::VectorXd u;
  Run(const std::shared_ptr<const Model>& model, const Eigen::VectorXd& u0)
      : system(model), u(u0.size() ? u0 : model->initial_inputs()) {
    system.inputs().clear_profiles();
    for (Eigen::Index c = 0; c < u.size(); ++c) system.inputs().set(c, u[c]);
  }
};

}  // namespace

Eigen::VectorXd tangent_scales(const Model& model, const TangentCoordinates& chart, const Eigen::VectorXd& x0) {
  const Eigen::VectorXd s = block_scales(model.layout(), x0);
  Eigen::VectorXd z(chart.size());
  for (Eigen::Index k = 0; k < chart.size(); ++k) z[k] = chart.is_attitude(k) ? 1.0 : s[chart.state_index(k)];
  return z;
}

TangentJacobians tangent_jacobians(const std::shared_ptr<const Model>& model, const TangentCoordinates& chart,
                                   const OperatingPoint& point, const std::vector<Eigen::Index>& channels,
                                   const JacobianSettings& settings) {
  check_operating_point(*model, point);
  if (!(settings.relative_step >= 0.0) || !std::isfinite(settings.relative_step))
    throw ConfigurationError(kJacobianOwner, "relative_step", to_text(settings.relative_step),
                             "must be ≥ 0 and finite");
  const double eta = settings.relative_step > 0.0 ? settings.relative_step : default_step(settings.differences);
  Run run(model, point.u);
  const Eigen::Index n = chart.size();
  const Eigen::VectorXd scale = tangent_scales(*model, chart, point.x);
  Eigen::VectorXd x(point.x.size()), xdot(point.x.size()), zdot(n);

  // ż at x0 ⊕ z under the run's present commands.
  auto rate = [&](const Eigen::VectorXd& z) -> Eigen::VectorXd {
    chart.retract(point.x, z, x);
    run.system(x, xdot, point.t);
    chart.tangent_rate(point.x, x, xdot, zdot);
    return zdot;
  };
  // One central difference along a direction, at step h (eq. L4).
  auto central = [&](auto&& F, double h) -> Eigen::VectorXd { return (F(h) - F(-h)) / (2.0 * h); };
  auto derivative = [&](auto&& F, double h) -> Eigen::VectorXd {
    if (settings.differences == Differences::central) return central(F, h);
    return (4.0 * central(F, 0.5 * h) - central(F, h)) / 3.0;  // eq. L5
  };

  TangentJacobians J;
  J.A.resize(n, n);
  Eigen::VectorXd z = Eigen::VectorXd::Zero(n);
  for (Eigen::Index k = 0; k < n; ++k) {
    J.A.col(k) = derivative(
        [&](double h) {
          z.setZero();
          z[k] = h;
          return rate(z);
        },
        eta * scale[k]);
  }

  z.setZero();
  const Eigen::VectorXd& lower = model->input_lower();
  const Eigen::VectorXd& upper = model->input_upper();
  J.B.resize(n, static_cast<Eigen::Index>(channels.size()));
  for (std::size_t j = 0; j < channels.size(); ++j) {
    const Eigen::Index c = channels[j];
    if (c < 0 || c >= run.u.size())
      throw ConfigurationError(kJacobianOwner, "input channel", std::to_string(c),
                               "is not a channel of the model (0 … " + std::to_string(run.u.size() - 1) + ")");
    const double u0 = run.u[c];
    const double h = eta * std::max(1.0, std::abs(u0));
    auto with_command = [&](double du) {
      run.system.inputs().set(c, u0 + du);
      return rate(z);
    };
    const bool up = u0 + h <= upper[c], down = u0 - h >= lower[c];
    if (up && down) {
      J.B.col(static_cast<Eigen::Index>(j)) = derivative(with_command, h);
    } else if (up || down) {
      // At a limit: a one-sided difference into the channel's range (first order, eq. L6).
      const double s = up ? h : -h;
      J.B.col(static_cast<Eigen::Index>(j)) = (with_command(s) - with_command(0.0)) / s;
    } else {
      throw ConfigurationError(kJacobianOwner, "input channel " + model->input_layout().entry_name(c), to_text(u0),
                               "has a range narrower than the difference step " + to_text(h));
    }
    run.system.inputs().set(c, u0);
  }
  return J;
}

StateJacobian::StateJacobian(const Model& model)
    : xp_(model.layout().size()), fp_(model.layout().size()), fm_(model.layout().size()) {
  for (const StateBlock& b : model.layout().blocks()) blocks_.emplace_back(b.offset, b.size);
}

void StateJacobian::operator()(const System& system, const Eigen::VectorXd& x, double t, Eigen::MatrixXd& dfdx,
                               Eigen::VectorXd& dfdt) const {
  const double eta = std::cbrt(kEps);  // central differences (eq. L4)
  const Eigen::Index n = x.size();
  dfdx.resize(n, n);
  dfdt.resize(n);
  xp_ = x;
  for (const auto& [offset, size] : blocks_) {
    const double s = std::max(1.0, x.segment(offset, size).cwiseAbs().maxCoeff());
    for (Eigen::Index i = offset; i < offset + size; ++i) {
      // h rounded to a representable difference, so that (x + h) − (x − h) is exactly 2h.
      const volatile double xp = x[i] + eta * s;
      const double h = xp - x[i];
      xp_[i] = x[i] + h;
      system(xp_, fp_, t);
      xp_[i] = x[i] - h;
      system(xp_, fm_, t);
      xp_[i] = x[i];
      dfdx.col(i) = (fp_ - fm_) / (2.0 * h);
    }
  }
  const double ht = eta * std::max(1.0, std::abs(t));
  system(x, fp_, t + ht);
  system(x, fm_, t - ht);
  dfdt = (fp_ - fm_) / (2.0 * ht);
}

}  // namespace ramus::analysis
