// Gravity of a central body from fully normalized spherical-harmonic coefficients, fixed in the
// body's rotating frame P: the Holmes–Featherstone recursion with Clenshaw summation over the
// degree for each order, for the potential, the acceleration and the gravity-gradient tensor
// (docs/environment/spherical_harmonic_gravity.md).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ramus/environment/body_rotation.hpp"
#include "ramus/environment/gravity_field_file.hpp"
#include "ramus/kernel/gravity_model.hpp"

namespace ramus {

struct SphericalHarmonicGravityConfig {
  GravityFieldCoefficients coefficients;  ///< R [m], μ [m^3/s^2], C̄nm, S̄nm (e.g. read_gravity_field_text)
  int degree = -1;                        ///< [1] largest n summed (−1: the coefficients' max degree)
  int order = -1;                         ///< [1] largest m summed, ≤ degree (−1: min(degree, their max order))
  /// The body frame P in which the coefficients are given. Null is refused unless fixed_in_N is set:
  /// a rotating body's field fixed in inertial space is a silent error worth a refusal.
  std::shared_ptr<const BodyRotation> rotation;
  bool fixed_in_N = false;  ///< with a null rotation: P is N (a non-rotating body, or a test)
};

class SphericalHarmonicGravity final : public GravityModel {
 public:
  /// Largest degree accepted: the scaled functions P̄nm/cos^m φ of eq. (3) reach 1e209 at the pole
  /// at degree 1000 and would overflow near degree 1440 (docs/environment/spherical_harmonic_gravity.md §3).
  static constexpr int kMaxDegree = 1000;

  explicit SphericalHarmonicGravity(SphericalHarmonicGravityConfig config);

  std::string_view kind() const override { return "spherical_harmonic_gravity"; }
  /// a_N = [PN]ᵀ a_P([PN] r_N) (eq. 11) with a_P of eq. (10)
  Eigen::Vector3d acceleration_N(const Eigen::Vector3d& r_PN_N, double t) const override;
  /// U = −μ/r Σ (R/r)^n P̄nm (C̄nm cos mλ + S̄nm sin mλ), eq. (1); a = −∇U
  double potential(const Eigen::Vector3d& r_PN_N, double t) const override;
  /// G_N = [PN]ᵀ G_P [PN] (eq. 18) with G_P in closed form (eq. 17): one pass of the sums, the
  /// rotation evaluated once.
  Eigen::Matrix3d gradient_N(const Eigen::Vector3d& r_PN_N, double t) const override;
  /// a_N and G_N from the one pass that gives G_P (eq. 17 carries eq. 10's sums), the rotation
  /// evaluated once.
  GravityAndGradient acceleration_and_gradient_N(const Eigen::Vector3d& r_PN_N, double t) const override;

  /// [m/s²] the acceleration at r_P [m] given in P components, in P components (eq. 10).
  Eigen::Vector3d acceleration_P(const Eigen::Vector3d& r_P) const;
  /// [J/kg] the potential at r_P [m] in P components (eq. 1).
  double potential_P(const Eigen::Vector3d& r_P) const;
  /// [1/s²] the gravity gradient ∂a_P/∂r_P at r_P [m], P components: the Hessian of −U in closed
  /// form (eq. 17), symmetric, finite on the polar axis.
  Eigen::Matrix3d gradient_P(const Eigen::Vector3d& r_P) const;

  int degree() const { return N_; }
  int order() const { return M_; }
  double mu() const { return mu_; }
  double reference_radius() const { return R_; }

 private:
  /// One (n, j) entry of column j (n = j … N): the Clenshaw recursion's factors a_{n+1,j}, b_{n+2,j}
  /// (eqs. 6, 8), the order-j coefficients C̄nj, S̄nj and (n+j+1) C̄nj, (n+j+1) S̄nj, and the
  /// order-(j−1) coefficients times the derivative factor, k_{n,j−1} C̄_{n,j−1} (eq. 9).
  struct Term {
    double a, b, C, S, nC, nS, kC, kS;
  };
  /// The same entry's weights of the second derivatives (eq. 16), read by the gradient only:
  /// (n+j+1)(n+j+3) C̄nj, (n+j+1) k_{n,j−1} C̄_{n,j−1} and k_{n,j−2} k_{n,j−1} C̄_{n,j−2}
  /// (eqs. 9, 13), and likewise with S̄.
  struct SecondTerm {
    double n2C, n2S, k1C, k1S, lC, lS;
  };
  /// Column j's Clenshaw sums (eq. 8) times q^j p̄_jj, each a (C̄, S̄) pair: of order j with the
  /// weights 1, n+j+1, (n+j+1)(n+j+3); of order j − 1 with k_{n,j−1} and (n+j+1) k_{n,j−1}; of
  /// order j − 2 with k_{n,j−2} k_{n,j−1} (eq. 16). Those a pass does not need stay zero.
  struct ColumnSums {
    double C = 0.0, S = 0.0, nC = 0.0, nS = 0.0, kC = 0.0, kS = 0.0;
    double n2C = 0.0, n2S = 0.0, k1C = 0.0, k1S = 0.0, lC = 0.0, lS = 0.0;
  };
  /// What one pass gives, in P: U (eq. 4), with Derivatives ≥ 1 a_P (eq. 10), with 2 G_P (eq. 17).
  struct Sums {
    double U = 0.0;
    Eigen::Vector3d a_P = Eigen::Vector3d::Zero();
    Eigen::Matrix3d G_P = Eigen::Matrix3d::Zero();
  };
  template <int Derivatives>
  ColumnSums column(int j, double tq, double q2, double w) const;
  template <int Derivatives>
  Sums sum(const Eigen::Vector3d& r_P) const;
  Eigen::Matrix3d dcm_PN(double t) const;

  double mu_, R_;
  int N_, M_, columns_;                    ///< columns_: columns 0 … min(M+2, N) are stored
  std::vector<std::size_t> column_start_;  ///< offset of column j in terms_ and second_
  std::vector<double> sectorial_;          ///< p̄_jj / p̄_{j−1,j−1} (eq. 7)
  std::vector<Term> terms_;
  std::vector<SecondTerm> second_;
  std::shared_ptr<const BodyRotation> rotation_;
};

}  // namespace ramus
