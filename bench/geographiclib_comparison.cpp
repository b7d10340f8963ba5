#include "geographiclib_comparison.hpp"

#ifdef RAMUS_BENCH_GEOGRAPHICLIB

#include <GeographicLib/Config.h>
#include <GeographicLib/SphericalHarmonic.hpp>
#include <GeographicLib/SphericalHarmonic1.hpp>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <utility>

#include "ramus/environment/gravity_field_file.hpp"
#include "ramus/environment/spherical_harmonic_gravity.hpp"
#include "ramus/environment/world_magnetic_model.hpp"
#include "timing.hpp"

namespace ramus::bench {
namespace {

/// A triangle of coefficients in GeographicLib's layout: "column-major", (n, m) of C at
/// m N − m (m − 1)/2 + n, and S without its m = 0 column (S̄n0 never enters the sum), so that S11
/// is its first element (GeographicLib's SphericalHarmonic documentation).
struct ColumnMajor {
  std::vector<double> C, S;
};

template <class CoefficientC, class CoefficientS>
ColumnMajor column_major(int N, const CoefficientC& c, const CoefficientS& s) {
  ColumnMajor out;
  out.C.reserve(static_cast<std::size_t>((N + 1) * (N + 2) / 2));
  out.S.reserve(static_cast<std::size_t>(N * (N + 1) / 2));
  for (int m = 0; m <= N; ++m)
    for (int n = m; n <= N; ++n) {
      out.C.push_back(c(n, m));
      if (m > 0) out.S.push_back(s(n, m));
    }
  return out;
}

double relative(double ramus, double other) { return std::abs(ramus - other) / std::abs(ramus); }
double relative(const Eigen::Vector3d& ramus, const Eigen::Vector3d& other) {
  return (ramus - other).norm() / ramus.norm();
}

double median_seconds(int batches, double batch_seconds, double& sink, const std::function<double()>& call) {
  return time_batches(batches, batch_seconds, [&] { sink += call(); }).per_call.median;
}

}  // namespace

std::string geographiclib_version() { return GEOGRAPHICLIB_VERSION_STRING; }

std::vector<SideBySide> measure_geographiclib_side_by_side(const std::string& data_dir, const Eigen::Vector3d& r_P,
                                                           double decimal_year, int batches, double batch_seconds) {
  using GeographicLib::SphericalHarmonic;
  std::vector<SideBySide> out;
  double sink = 0.0;
  const double x = r_P.x(), y = r_P.y(), z = r_P.z();
  const auto time = [&](const std::function<double()>& call) {
    return median_seconds(batches, batch_seconds, sink, call);
  };

  // Gravity. GeographicLib sums V = Σ (a/r)^(n+1) Σ P̄nm(cos θ) (Cnm cos mλ + Snm sin mλ) with the
  // fully normalized P̄nm of geodesy (no Condon–Shortley phase), the normalization of GGM03S's
  // C̄nm, S̄nm and of ramus's sum. ramus's U = −μ/r Σ (R/r)^n P̄nm (…) is therefore −(μ/R) V with
  // GeographicLib's a = R, and the acceleration −∇U = (μ/R) ∇V: the scale μ/R and the sign are the
  // only conventions between them.
  for (const int degree : {8, 20, 60}) {
    SphericalHarmonicGravityConfig config;
    config.coefficients = read_gravity_field_text(data_dir + "/GGM03S-deg60.txt", {degree, degree});
    config.fixed_in_N = true;  // the body frame: both are given r_P
    const GravityFieldCoefficients& k = config.coefficients;
    const ColumnMajor cm = column_major(
        degree, [&](int n, int m) { return k.c(n, m); }, [&](int n, int m) { return k.s(n, m); });
    const double R = k.reference_radius, scale = k.mu / R;
    const SphericalHarmonicGravity ramus(config);
    const SphericalHarmonic geographiclib(cm.C, cm.S, degree, R, SphericalHarmonic::FULL);
    const std::string size = std::to_string(degree) + "x" + std::to_string(degree);

    const double U_ramus = ramus.potential_P(r_P), U_geographiclib = -scale * geographiclib(x, y, z);
    SideBySide potential{"GGM03S " + size + " potential", "SphericalHarmonic, V", 0.0, 0.0,
                         relative(U_ramus, U_geographiclib)};
    potential.ramus_seconds = time([&] { return ramus.potential_P(r_P); });
    potential.geographiclib_seconds = time([&] { return -scale * geographiclib(x, y, z); });
    out.push_back(potential);

    // GeographicLib's one call gives V and ∇V; ramus's acceleration_P carries U through the same
    // pass (its potential_P is the pass without the derivatives).
    const auto acceleration = [&] {
      double gx = 0.0, gy = 0.0, gz = 0.0;
      const double V = geographiclib(x, y, z, gx, gy, gz);
      return std::pair<double, Eigen::Vector3d>(-scale * V, scale * Eigen::Vector3d(gx, gy, gz));
    };
    const Eigen::Vector3d a_ramus = ramus.acceleration_P(r_P);
    const auto [U_both, a_geographiclib] = acceleration();
    SideBySide gradient{"GGM03S " + size + " acceleration", "SphericalHarmonic, V and its gradient", 0.0, 0.0,
                        std::max(relative(a_ramus, a_geographiclib), relative(U_ramus, U_both))};
    gradient.ramus_seconds = time([&] { return ramus.acceleration_P(r_P).x(); });
    gradient.geographiclib_seconds = time([&] { return acceleration().second.x(); });
    out.push_back(gradient);
  }

  // The magnetic field. The WMM's V = a Σ (a/r)^(n+1) Σ P̆nm(cos θ) (g cos mλ + h sin mλ) with
  // Schmidt semi-normalized P̆nm: GeographicLib's sum with SCHMIDT times a, and B = −a ∇V. Its
  // MagneticModel reads the WMM from its own data files (not available here); its engine is used
  // with ramus's coefficients instead: SphericalHarmonic1 sums g + τ ġ, h + τ ḣ (τ = years from the
  // coefficients' epoch) in one pass, and MagneticModel itself (2.1.2) sums the main field and the
  // secular variation as two SphericalHarmonic and adds them at τ. [nT] → [T]: 1e-9.
  WorldMagneticModelConfig wmm;
  wmm.path = data_dir + "/WMM2025.COF";
  const WorldMagneticModel field(wmm);
  const GaussCoefficients& g = field.coefficients();
  const int N = field.degree();
  const auto nT = [](double v) { return 1e-9 * v; };
  const auto at = [](int n, int m) { return static_cast<std::size_t>(GaussCoefficients::index(n, m)); };
  const ColumnMajor main = column_major(
      N, [&](int n, int m) { return nT(g.g[at(n, m)]); }, [&](int n, int m) { return nT(g.h[at(n, m)]); });
  const ColumnMajor rate = column_major(
      N, [&](int n, int m) { return nT(g.g_dot[at(n, m)]); }, [&](int n, int m) { return nT(g.h_dot[at(n, m)]); });
  const double a = wmm.reference_radius, tau = decimal_year - g.epoch;
  const GeographicLib::SphericalHarmonic1 one_pass(main.C, main.S, N, rate.C, rate.S, N, a,
                                                   GeographicLib::SphericalHarmonic1::SCHMIDT);
  const SphericalHarmonic main_sum(main.C, main.S, N, a, SphericalHarmonic::SCHMIDT),
      rate_sum(rate.C, rate.S, N, a, SphericalHarmonic::SCHMIDT);
  const auto B_one_pass = [&] {
    double gx = 0.0, gy = 0.0, gz = 0.0;
    one_pass(tau, x, y, z, gx, gy, gz);
    return Eigen::Vector3d(-a * Eigen::Vector3d(gx, gy, gz));
  };
  const auto B_two_sums = [&] {
    double gx = 0.0, gy = 0.0, gz = 0.0, hx = 0.0, hy = 0.0, hz = 0.0;
    main_sum(x, y, z, gx, gy, gz);
    rate_sum(x, y, z, hx, hy, hz);
    return Eigen::Vector3d(-a * (Eigen::Vector3d(gx, gy, gz) + tau * Eigen::Vector3d(hx, hy, hz)));
  };
  const Eigen::Vector3d B_ramus = field.B_P(r_P, decimal_year);
  const std::string what = "WMM2025 degree " + std::to_string(N) + " field";
  SideBySide one{what, "SphericalHarmonic1, g + tau g' in one pass", 0.0, 0.0, relative(B_ramus, B_one_pass())};
  one.ramus_seconds = time([&] { return field.B_P(r_P, decimal_year).x(); });
  one.geographiclib_seconds = time([&] { return B_one_pass().x(); });
  out.push_back(one);
  SideBySide two{what, "2 SphericalHarmonic, as its MagneticModel", 0.0, 0.0, relative(B_ramus, B_two_sums())};
  two.ramus_seconds = one.ramus_seconds;
  two.geographiclib_seconds = time([&] { return B_two_sums().x(); });
  out.push_back(two);
  // The timed results are used (no call can be optimized away): a non-finite one voids the values.
  if (!std::isfinite(sink))
    for (SideBySide& s : out) s.max_relative_difference = std::numeric_limits<double>::quiet_NaN();
  return out;
}

}  // namespace ramus::bench

#else

namespace ramus::bench {

std::string geographiclib_version() { return {}; }

std::vector<SideBySide> measure_geographiclib_side_by_side(const std::string&, const Eigen::Vector3d&, double, int,
                                                           double) {
  return {};
}

}  // namespace ramus::bench

#endif
