// Independent references of the beam generator's tests (test/flex/): the continuum Euler–Bernoulli
// cantilever (frequency roots, first mode shape), composite Simpson quadrature, the rotating
// cantilever's flapwise frequency by the Frobenius power series, the heavy column's buckling load
// from a Bessel-function zero, and the sorting of a beam's modes into families.
#pragma once

#include <Eigen/Dense>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <vector>

#include "ramus/systems/modal_data.hpp"

namespace ramus::test::flex {

/// Roots βL of the clamped-free frequency equation cos x cosh x + 1 = 0, as published to ten
/// significant digits (e.g. Blevins, "Formulas for Natural Frequency and Mode Shape", table 8-1).
inline constexpr double kPublishedCantileverRoots[4] = {1.875104069, 4.694091133, 7.854757438, 10.99554073};

/// The same root refined to full precision by Newton's method on cos x cosh x + 1 = 0 from the
/// published value (the published digits leave a relative 3e-10, which would blur the ~1e-9 errors
/// of the finest meshes of the convergence study).
inline double cantilever_root(int k) {
  double x = kPublishedCantileverRoots[k];
  for (int i = 0; i < 8; ++i) {
    const double f = std::cos(x) * std::cosh(x) + 1.0;
    const double df = -std::sin(x) * std::cosh(x) + std::cos(x) * std::sinh(x);
    x -= f / df;
  }
  return x;
}

/// σ of the clamped-free mode of root βL: φ(x) = cosh βx − cos βx − σ (sinh βx − sin βx).
inline double cantilever_sigma(double betaL) {
  return (std::cosh(betaL) + std::cos(betaL)) / (std::sinh(betaL) + std::sin(betaL));
}

/// The clamped-free mode shape of root βL on a beam of length L at x (not normalised:
/// ∫_0^L φ² dx = L).
inline double cantilever_mode(double betaL, double L, double x) {
  const double b = betaL / L, s = cantilever_sigma(betaL);
  return std::cosh(b * x) - std::cos(b * x) - s * (std::sinh(b * x) - std::sin(b * x));
}

/// Composite Simpson rule of f on [a, b] with `panels` (even) panels: error −(b−a) h⁴ f⁗/180.
inline double simpson(const std::function<double(double)>& f, double a, double b, int panels) {
  const double h = (b - a) / panels;
  double sum = f(a) + f(b);
  for (int i = 1; i < panels; ++i) sum += (i % 2 ? 4.0 : 2.0) * f(a + i * h);
  return sum * h / 3.0;
}

/// The first flapwise natural frequency, ω / √(EI/(ρA L⁴)), of a uniform cantilever of length L
/// whose root sits at the hub radius δL from the spin axis, spinning at λ = Ω √(ρA L⁴/EI) about an
/// axis normal to the plane of flapping (the Euler–Bernoulli equation
/// (EI w'')'' − (N w')' + ρA ẅ = 0 with N = ρA Ω² [δL (L − x) + (L² − x²)/2]), by the Frobenius
/// method (the approach of Wright et al., J. Appl. Mech. 49 (1982) 197, and of Huang, Lin and
/// Hsiao): in ξ = x/L, w = Σ a_n ξⁿ with a_0 = a_1 = 0 (clamped) and
///   (n+4)(n+3)(n+2)(n+1) a_{n+4} = λ²(δ+½)(n+2)(n+1) a_{n+2} − λ² δ (n+1)² a_{n+1} + (ω² − ½ λ² n(n+1)) a_n,
/// the two solutions a_2 = 1 and a_3 = 1 combined to meet w''(1) = w'''(1) = 0 (free tip, N(1) = 0):
/// the frequencies are the roots of that 2×2 determinant, found by a scan and bisection.
inline double rotating_flap_frequency(double lambda, double delta) {
  const double l2 = lambda * lambda;
  auto determinant = [&](double omega) {
    double tip[2][2];  // [solution][w'', w'''] at ξ = 1
    for (int s = 0; s < 2; ++s) {
      std::vector<double> a(204, 0.0);
      a[2 + s] = 1.0;
      for (int n = 0; n + 4 < static_cast<int>(a.size()); ++n) {
        const double dn = n;
        a[n + 4] = (l2 * (delta + 0.5) * (dn + 2) * (dn + 1) * a[n + 2] - l2 * delta * (dn + 1) * (dn + 1) * a[n + 1] +
                    (omega * omega - 0.5 * l2 * dn * (dn + 1)) * a[n]) /
                   ((dn + 4) * (dn + 3) * (dn + 2) * (dn + 1));
      }
      tip[s][0] = tip[s][1] = 0.0;
      for (int n = 2; n < static_cast<int>(a.size()); ++n) {
        tip[s][0] += n * (n - 1.0) * a[n];
        tip[s][1] += n * (n - 1.0) * (n - 2.0) * a[n];
      }
    }
    return tip[0][0] * tip[1][1] - tip[0][1] * tip[1][0];
  };
  double lo = 0.5, step = 0.05;  // below the lowest root (≥ 3.516): the scan finds the first
  double f_lo = determinant(lo);
  double hi = lo + step;
  while (determinant(hi) * f_lo > 0.0) {
    lo = hi;
    hi += step;
  }
  for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (determinant(mid) * f_lo > 0.0)
      lo = mid;
    else
      hi = mid;
  }
  return 0.5 * (lo + hi);
}

/// The first `count` bending frequencies [rad/s] of a uniform Timoshenko cantilever (length L,
/// bending stiffness EI, shear stiffness κGA, mass and rotary inertia per length ρA, ρI), clamped at
/// x = 0 (w = θ = 0) and free at L (EI θ' = 0, κGA (w' − θ) = 0), from the continuum equations
///   κGA (w'' − θ') + ρA ω² w = 0,   EI θ'' + κGA (w' − θ) + ρI ω² θ = 0
/// (Timoshenko 1921; the solution of Huang, J. Appl. Mech. 28 (1961) 579). Below the cut-off
/// ω² = κGA/ρI, e^{λx} solves them when κGA EI λ⁴ + ω² (κGA ρI + ρA EI) λ² + ρA ω² (ρI ω² − κGA) = 0,
/// one root λ² = a² > 0 and one λ² = −b² < 0; with ε = ρA ω²/κGA, α = (a² + ε)/a, β = (b² − ε)/b,
///   w = C1 cosh ax + C2 sinh ax + C3 cos bx + C4 sin bx,
///   θ = α (C1 sinh ax + C2 cosh ax) + β (−C3 sin bx + C4 cos bx).
/// The root's conditions give C3 = −C1, C4 = −(α/β) C2; the tip's moment and shear (the latter
/// divided by ε, so that the Euler–Bernoulli limit stays regular) are a 2×2 system in C1, C2 whose
/// determinant vanishes at the natural frequencies: found by a scan in steps of 1 % of the
/// Euler–Bernoulli fundamental and bisection. (β never vanishes: b² = ε makes the quartic −ρA ω² κGA.)
inline std::vector<double> timoshenko_cantilever_frequencies(double L, double EI, double kGA, double rhoA, double rhoI,
                                                             int count) {
  auto determinant = [&](double omega) {
    const double w2 = omega * omega, A = kGA * EI, B = w2 * (kGA * rhoI + rhoA * EI), C = rhoA * w2 * (rhoI * w2 - kGA);
    const double root = std::sqrt(B * B - 4.0 * A * C);
    const double a = std::sqrt((-B + root) / (2.0 * A)), b = std::sqrt((B + root) / (2.0 * A));
    const double eps = rhoA * w2 / kGA, alpha = (a * a + eps) / a, beta = (b * b - eps) / b;
    const double ch = std::cosh(a * L), sh = std::sinh(a * L), c = std::cos(b * L), s = std::sin(b * L);
    const double m1 = alpha * a * ch + beta * b * c, m2 = alpha * a * sh + alpha * b * s;  // θ'(L)
    const double q1 = -sh / a + s / b, q2 = -ch / a - alpha / (beta * b) * c;              // (w' − θ)(L)/ε
    return m1 * q2 - m2 * q1;
  };
  const double omega_eb = 1.875104069 * 1.875104069 * std::sqrt(EI / (rhoA * std::pow(L, 4)));
  const double step = 0.01 * omega_eb,
               cutoff = rhoI > 0.0 ? std::sqrt(kGA / rhoI) : std::numeric_limits<double>::infinity();
  std::vector<double> roots;
  double lo = 0.5 * step, f_lo = determinant(lo);
  while (static_cast<int>(roots.size()) < count && lo + step < cutoff) {
    const double hi = lo + step, f_hi = determinant(hi);
    if (f_lo * f_hi <= 0.0) {
      double x0 = lo, x1 = hi;
      for (int i = 0; i < 200 && x1 - x0 > 1e-15 * x1; ++i) {
        const double mid = 0.5 * (x0 + x1);
        if (determinant(mid) * f_lo > 0.0)
          x0 = mid;
        else
          x1 = mid;
      }
      roots.push_back(0.5 * (x0 + x1));
    }
    lo = hi;
    f_lo = f_hi;
  }
  return roots;
}

/// J_ν(x) by its power series Σ_m (−1)^m (x/2)^{2m+ν} / (m! Γ(m+ν+1)) (converges fast for x ≲ 5).
inline double bessel_j(double nu, double x) {
  double sum = 0.0;
  for (int m = 0; m < 40; ++m)
    sum += std::pow(-1.0, m) * std::pow(0.5 * x, 2 * m + nu) / (std::tgamma(m + 1.0) * std::tgamma(m + nu + 1.0));
  return sum;
}

/// Greenhill's heavy column (Timoshenko & Gere, "Theory of Elastic Stability", §2.13): a uniform
/// column clamped at its base, free at its top, buckles under its own weight q per length when
/// q L³/EI = (3 j / 2)², j the first positive zero of J_{−1/3} (≈ 7.837). The zero by bisection.
inline double heavy_column_critical_load() {
  double lo = 1.0, hi = 2.5;  // J_{−1/3}(1) > 0 > J_{−1/3}(2.5)
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (bessel_j(-1.0 / 3.0, mid) > 0.0)
      lo = mid;
    else
      hi = mid;
  }
  const double j = 0.5 * (lo + hi);
  return 2.25 * j * j;
}

/// The accuracy of the generator's eigen-solver on a product of modes k and l (docs/flex/beam.md
/// §3): it solves M v = ω⁻² K v, so mode k carries a relative error ~ε (ω_k/ω_1)², round-off of
/// the largest eigenvalue ω_1⁻² carried down to ω_k⁻²; the constant 100 covers the growth of the
/// backward error with the matrix size (≤ 200 here; the measured constant is below 40).
inline double solver_tolerance(const ModalData& d, Eigen::Index k, Eigen::Index l) {
  const double w1 = d.omega[0] * d.omega[0];
  return 100.0 * std::numeric_limits<double>::epsilon() * (d.omega[k] * d.omega[k] + d.omega[l] * d.omega[l]) / w1;
}
inline double solver_tolerance(const ModalData& d, Eigen::Index k) { return solver_tolerance(d, k, k); }

/// The family of each mode of a straight beam along its own axes (dcm_BF = identity), read from the
/// node shapes: bending, axial and torsion motions are uncoupled, so each mode moves in one family
/// only (the others' components are round-off). bending_y: displacement along y (stiffness EI_z);
/// bending_z: along z (EI_y).
enum class Family { axial, bending_y, bending_z, torsion };

inline std::vector<Family> families(const ModalData& d) {
  std::vector<Family> out;
  for (Eigen::Index k = 0; k < d.modes(); ++k) {
    Eigen::Vector4d energy = Eigen::Vector4d::Zero();  // Σ over the nodes of u_x², u_y², u_z², θ_x²
    for (const ModalNode& node : d.nodes) {
      energy.head<3>() += node.phi_F.col(k).cwiseAbs2();
      energy[3] += node.psi_F(0, k) * node.psi_F(0, k);
    }
    Eigen::Index largest = 0;
    energy.maxCoeff(&largest);
    out.push_back(static_cast<Family>(largest));
  }
  return out;
}

/// The indices of the modes of one family, in ascending frequency.
inline std::vector<Eigen::Index> family_modes(const ModalData& d, Family f) {
  std::vector<Eigen::Index> out;
  const std::vector<Family> all = families(d);
  for (std::size_t k = 0; k < all.size(); ++k)
    if (all[k] == f) out.push_back(static_cast<Eigen::Index>(k));
  return out;
}

/// The square submatrix of `m` on `index` (rows and columns).
inline Eigen::MatrixXd submatrix(const Eigen::MatrixXd& m, const std::vector<Eigen::Index>& index) {
  const Eigen::Index n = static_cast<Eigen::Index>(index.size());
  Eigen::MatrixXd s(n, n);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < n; ++j) s(i, j) = m(index[i], index[j]);
  return s;
}

}  // namespace ramus::test::flex
