// Sampling bounds of the statistical suites (docs/sensors/README.md §4). Every statistical check
// is two-sided at 99.9 %: a correct model fails one given check with probability 1e-3 (the seeds
// are fixed, so a suite passes or fails the same way at every run), while a model whose variance
// is wrong by more than the bound's width (about ±6 % at n = 6000, ±10 % at n = 2000) fails it.
// The quantiles are Boost.Math's exact ones, not a normal approximation.
#pragma once

#include <Eigen/Dense>
#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <vector>

namespace ramus::test {

/// 1 − confidence of every two-sided check.
inline constexpr double kAlpha = 1e-3;

/// A closed interval [lo, hi].
struct Interval {
  double lo = 0.0, hi = 0.0;
  bool contains(double x) const { return x >= lo && x <= hi; }
};

/// Bounds of s²/σ² for a sample variance s² with `dof` degrees of freedom of a normal population
/// of variance σ²: dof · s²/σ² ~ χ²(dof), so with probability 1 − α,
///   χ²_dof(α/2) / dof ≤ s²/σ² ≤ χ²_dof(1 − α/2) / dof.
/// dof = n for the mean square about a known mean, n − 1 for the variance about the sample mean.
inline Interval variance_ratio_bounds(double dof) {
  const boost::math::chi_squared chi2(dof);
  return {boost::math::quantile(chi2, kAlpha / 2.0) / dof, boost::math::quantile(chi2, 1.0 - kAlpha / 2.0) / dof};
}

/// Bound of |x̄ − μ| / σ for the mean x̄ of n draws of N(μ, σ²): x̄ − μ ~ N(0, σ²/n), so with
/// probability 1 − α, |x̄ − μ| ≤ z_{1−α/2} σ / √n (z = 3.29).
inline double mean_bound(double n) {
  return boost::math::quantile(boost::math::normal(), 1.0 - kAlpha / 2.0) / std::sqrt(n);
}

/// Mean and unbiased variance (about the sample mean) of a sample.
struct Moments {
  double n = 0.0, mean = 0.0, variance = 0.0;
};

inline Moments moments(const std::vector<double>& x) {
  Moments m;
  m.n = static_cast<double>(x.size());
  for (const double v : x) m.mean += v;
  m.mean /= m.n;
  for (const double v : x) m.variance += (v - m.mean) * (v - m.mean);
  m.variance /= m.n - 1.0;
  return m;
}

/// Mean of x² (about zero).
inline double mean_square(const std::vector<double>& x) {
  double s = 0.0;
  for (const double v : x) s += v * v;
  return s / static_cast<double>(x.size());
}

}  // namespace ramus::test
