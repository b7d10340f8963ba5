// Third-body gravity in Battin's form and the sum of fields
// (docs/environment/third_body_gravity.md).
#include "ramus/environment/third_body_gravity.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

/// f(q) = (1 + q)^{3/2} − 1 without cancellation (eq. 2).
double battin_f(double q) {
  const double s = std::sqrt(1.0 + q);
  return q * (3.0 + 3.0 * q + q * q) / (1.0 + (1.0 + q) * s);
}

}  // namespace

ThirdBodyGravity::ThirdBodyGravity(ThirdBodyGravityConfig config) : config_(std::move(config)) {
  const std::string owner = "third_body_gravity '" + config_.name + "'";
  validation::require_positive(owner, "mu [m^3/s^2]", config_.mu);
  if (!config_.ephemeris) throw ConfigurationError(owner, "ephemeris", "none", "a third body needs its ephemeris");
}

Eigen::Vector3d ThirdBodyGravity::acceleration_N(const Eigen::Vector3d& r, double t) const {
  const Eigen::Vector3d s = config_.ephemeris->r_N(t);
  const Eigen::Vector3d d = s - r;  // the spacecraft to the body
  const double q = r.dot(r - 2.0 * s) / s.squaredNorm();
  const double dn = d.norm();
  return -config_.mu / (dn * dn * dn) * (r + battin_f(q) * s);  // eq. (3)
}

double ThirdBodyGravity::potential(const Eigen::Vector3d& r, double t) const {
  const Eigen::Vector3d s = config_.ephemeris->r_N(t);
  const double sn = s.norm(), dn = (s - r).norm();
  const double q = r.dot(r - 2.0 * s) / (sn * sn);
  // 1/d − 1/s = (s² − d²)/(s d (s + d)) = −q s/(d (s + d)): no cancellation (eq. 4)
  return -config_.mu * (-q * sn / (dn * (sn + dn)) - r.dot(s) / (sn * sn * sn));
}

Eigen::Matrix3d ThirdBodyGravity::gradient_N(const Eigen::Vector3d& r, double t) const {
  const Eigen::Vector3d d = r - config_.ephemeris->r_N(t);
  const double d2 = d.squaredNorm(), dn = std::sqrt(d2);
  return config_.mu / (d2 * dn) * (3.0 / d2 * d * d.transpose() - Eigen::Matrix3d::Identity());  // eq. (5)
}

GravitySum::GravitySum(std::vector<std::shared_ptr<const GravityModel>> terms) : terms_(std::move(terms)) {
  if (terms_.empty()) throw ConfigurationError("gravity_sum", "terms", "none", "needs at least one field");
  for (std::size_t i = 0; i < terms_.size(); ++i)
    if (!terms_[i])
      throw ConfigurationError("gravity_sum", "terms[" + std::to_string(i) + "]", "null", "must be a gravity model");
  // One body's pull counted twice is a wrong field, never what an analyst means: a body once.
  for (std::size_t i = 0; i < terms_.size(); ++i)
    for (std::size_t j = 0; j < i; ++j) {
      const auto* a = dynamic_cast<const ThirdBodyGravity*>(terms_[i].get());
      const auto* b = dynamic_cast<const ThirdBodyGravity*>(terms_[j].get());
      if (terms_[i] == terms_[j] || (a != nullptr && b != nullptr && a->name() == b->name()))
        throw ConfigurationError("gravity_sum", "terms[" + std::to_string(i) + "]",
                                 a != nullptr ? "'" + a->name() + "'" : std::string(terms_[i]->kind()),
                                 "is the same field as terms[" + std::to_string(j) + "]: each body is summed once");
    }
}

Eigen::Vector3d GravitySum::acceleration_N(const Eigen::Vector3d& r, double t) const {
  Eigen::Vector3d a = Eigen::Vector3d::Zero();
  for (const auto& g : terms_) a += g->acceleration_N(r, t);
  return a;
}

double GravitySum::potential(const Eigen::Vector3d& r, double t) const {
  double U = 0.0;
  for (const auto& g : terms_) U += g->potential(r, t);
  return U;
}

Eigen::Matrix3d GravitySum::gradient_N(const Eigen::Vector3d& r, double t) const {
  Eigen::Matrix3d G = Eigen::Matrix3d::Zero();
  for (const auto& g : terms_) G += g->gradient_N(r, t);
  return G;
}

GravityAndGradient GravitySum::acceleration_and_gradient_N(const Eigen::Vector3d& r, double t) const {
  GravityAndGradient sum;
  for (const auto& g : terms_) {
    const GravityAndGradient term = g->acceleration_and_gradient_N(r, t);
    sum.a_N += term.a_N;
    sum.G_N += term.G_N;
  }
  return sum;
}

}  // namespace ramus
