// Modal data of an elastic appendage: the unit load cases (docs/models/modal_data.md §3) and the
// checks of check_modal_data.
#include "ramus/systems/modal_data.hpp"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <set>
#include <stdexcept>
#include <string_view>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

using validation::to_text;

std::string indexed(std::string_view name, std::size_t i) {
  std::string s(name);
  return s.append("[").append(std::to_string(i)).append("]");
}

std::string pair_text(Eigen::Index i, Eigen::Index j) {
  return "(" + std::to_string(i) + ", " + std::to_string(j) + ")";
}

/// A vector with one entry (or a matrix with one column) per mode.
void require_modes(const std::string& owner, const std::string& field, Eigen::Index actual, Eigen::Index n,
                   std::string_view what) {
  if (actual != n)
    throw ConfigurationError(owner, field, std::to_string(actual) + " " + std::string(what),
                             "must have " + std::to_string(n) + " " + std::string(what) +
                                 ", one per mode (n = omega.size() = " + std::to_string(n) + ")");
}

void require_square(const std::string& owner, const std::string& field, const Eigen::MatrixXd& m, Eigen::Index n) {
  if (m.rows() != n || m.cols() != n)
    throw ConfigurationError(owner, field, std::to_string(m.rows()) + "×" + std::to_string(m.cols()),
                             "must be n×n = " + std::to_string(n) + "×" + std::to_string(n) +
                                 ", one row and column per mode (n = omega.size() = " + std::to_string(n) + ")");
}

template <class Matrix>
void require_all_finite(const std::string& owner, const std::string& field, const Matrix& m) {
  for (Eigen::Index j = 0; j < m.cols(); ++j)
    for (Eigen::Index i = 0; i < m.rows(); ++i)
      if (!std::isfinite(m(i, j)))
        throw ConfigurationError(owner, field, "entry " + pair_text(i, j) + " = " + to_text(m(i, j)), "must be finite");
}

/// A = sign·Bᵀ to kModalSymmetryTolerance of the largest entry of A and B: sign +1 with B = A is
/// symmetry, −1 antisymmetry. The message names the worst pair of entries.
void require_transposed(const std::string& owner, const std::string& field, const Eigen::MatrixXd& A,
                        const Eigen::MatrixXd& B, double sign, const std::string& rule) {
  const double scale = std::max(A.cwiseAbs().maxCoeff(), B.cwiseAbs().maxCoeff());
  Eigen::Index worst_i = 0, worst_j = 0;
  const double worst = (A - sign * B.transpose()).cwiseAbs().maxCoeff(&worst_i, &worst_j);
  if (worst > kModalSymmetryTolerance * scale)
    throw ConfigurationError(owner, field,
                             "entry " + pair_text(worst_i, worst_j) + " = " + to_text(A(worst_i, worst_j)) +
                                 " against " + to_text(B(worst_j, worst_i)),
                             rule + " (to " + to_text(kModalSymmetryTolerance) + " of its largest entry)");
}

void check_sizes(const std::string& owner, const ModalData& d, Eigen::Index n) {
  require_modes(owner, "modal_mass", d.modal_mass.size(), n, "entries");
  require_modes(owner, "zeta [1]", d.zeta.size(), n, "entries");
  require_modes(owner, "P_F", d.P_F.cols(), n, "columns");
  require_modes(owner, "H_PntF_F", d.H_PntF_F.cols(), n, "columns");
  require_modes(owner, "J1_F", static_cast<Eigen::Index>(d.J1_F.size()), n, "matrices");
  for (std::size_t i = 0; i < d.G.size(); ++i) require_square(owner, indexed("G", i), d.G[i], n);
  for (std::size_t i = 0; i < d.D.size(); ++i) require_square(owner, indexed("D", i), d.D[i], n);
  for (std::size_t q = 0; q < d.K_G.size(); ++q) require_square(owner, indexed("K_G", q), d.K_G[q], n);
  for (std::size_t j = 0; j < d.nodes.size(); ++j) {
    const std::string node = indexed("nodes", j) + " '" + d.nodes[j].name + "' ";
    require_modes(owner, node + "phi_F", d.nodes[j].phi_F.cols(), n, "columns");
    require_modes(owner, node + "psi_F [rad]", d.nodes[j].psi_F.cols(), n, "columns");
  }
}

void check_rigid_body(const std::string& owner, const ModalData& d) {
  validation::require_positive(owner, "mass [kg]", d.mass);
  validation::require_finite(owner, "r_ScF_F [m]", d.r_ScF_F);
  const Eigen::Matrix3d& I = d.I_PntF_F;
  require_all_finite(owner, "I_PntF_F [kg m^2]", I);
  require_transposed(owner, "I_PntF_F [kg m^2]", I, I, 1.0, "must be symmetric");
  // Positive semi-definite: a thin rod has a zero moment about its axis; round-off of the given
  // numbers may leave it at −1e-16 of the trace, so the same relative tolerance applies.
  const Eigen::Vector3d moments = validation::principal_moments(I);
  if (moments[0] < -kModalSymmetryTolerance * std::abs(moments[2]))
    throw ConfigurationError(owner, "I_PntF_F [kg m^2]", to_text(I),
                             "must be positive semi-definite (principal moments " + to_text(moments[0]) + ", " +
                                 to_text(moments[1]) + ", " + to_text(moments[2]) + ")");
}

void check_modes(const std::string& owner, const ModalData& d, Eigen::Index n) {
  validation::require_positive_entries(owner, "modal_mass", "modal", d.modal_mass, false);
  for (Eigen::Index k = 0; k < n; ++k) {
    const std::string field = validation::entry("omega", k, "rad/s");
    validation::require_non_negative(owner, field, d.omega[k]);
    if (k > 0 && d.omega[k] < d.omega[k - 1])
      throw ConfigurationError(owner, field, to_text(d.omega[k]),
                               "must not be below omega[" + std::to_string(k - 1) + "] = " + to_text(d.omega[k - 1]) +
                                   ": the frequencies must be ascending");
    validation::require_non_negative(owner, validation::entry("zeta", k, "1"), d.zeta[k]);
  }
  require_all_finite(owner, "P_F", d.P_F);
  require_all_finite(owner, "H_PntF_F", d.H_PntF_F);
  for (std::size_t k = 0; k < d.J1_F.size(); ++k) {
    require_all_finite(owner, indexed("J1_F", k), d.J1_F[k]);
    require_transposed(owner, indexed("J1_F", k), d.J1_F[k], d.J1_F[k], 1.0, "must be symmetric (eq. (8))");
  }
  for (std::size_t i = 0; i < d.G.size(); ++i) {
    require_all_finite(owner, indexed("G", i), d.G[i]);
    require_transposed(owner, indexed("G", i), d.G[i], d.G[i], -1.0, "must be antisymmetric (eq. (9))");
  }
  for (std::size_t i = 0; i < d.D.size(); ++i) require_all_finite(owner, indexed("D", i), d.D[i]);
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = i; j < 3; ++j)
      require_transposed(owner, indexed("D", 3 * j + i), d.D[3 * j + i], d.D[3 * i + j], 1.0,
                         i == j ? "must be symmetric (eq. (10))"
                                : "must equal " + indexed("D", 3 * i + j) + "ᵀ (D[3j+i] = D[3i+j]ᵀ, eq. (10))");
  for (std::size_t q = 0; q < d.K_G.size(); ++q) {
    require_all_finite(owner, indexed("K_G", q), d.K_G[q]);
    require_transposed(owner, indexed("K_G", q), d.K_G[q], d.K_G[q], 1.0, "must be symmetric (eq. (12))");
  }
}

void check_nodes(const std::string& owner, const ModalData& d) {
  std::set<std::string> names;
  for (std::size_t j = 0; j < d.nodes.size(); ++j) {
    const ModalNode& node = d.nodes[j];
    const std::string field = indexed("nodes", j);
    if (node.name.empty()) throw ConfigurationError(owner, field + " name", "\"\"", "must not be empty");
    if (!names.insert(node.name).second)
      throw ConfigurationError(owner, field + " name", "'" + node.name + "'", "is the name of an earlier node");
    const std::string prefix = field + " '" + node.name + "' ";
    validation::require_finite(owner, prefix + "r_NF_F [m]", node.r_NF_F);
    require_all_finite(owner, prefix + "phi_F", node.phi_F);
    require_all_finite(owner, prefix + "psi_F [rad]", node.psi_F);
  }
}

}  // namespace

std::array<double, kModalLoadCases> load_case_coefficients(const Eigen::Vector3d& rDDot_FN_F,
                                                           const Eigen::Vector3d& omegaDot_FN_F,
                                                           const Eigen::Vector3d& omega_FN_F) {
  const Eigen::Vector3d& a = rDDot_FN_F;
  const Eigen::Vector3d& w = omega_FN_F;
  const Eigen::Vector3d& wd = omegaDot_FN_F;
  std::array<double, kModalLoadCases> c{};
  for (int i = 0; i < 3; ++i) {
    const auto iu = static_cast<std::size_t>(i);
    c[iu] = a[i];                       // a_x, a_y, a_z
    c[3 + iu] = wd[i];                  // ω̇_x, ω̇_y, ω̇_z
    c[6 + iu] = w[i] * w[i];            // ω_x², ω_y², ω_z²
    c[9 + iu] = w[i] * w[(i + 1) % 3];  // ω_xω_y, ω_yω_z, ω_zω_x
  }
  return c;
}

Eigen::Vector3d load_case_field(int q, const Eigen::Vector3d& r) {
  // f(r) = −a − ω̇ × r − ω × (ω × r), with −ω × (ω × r) = |ω|² r − ω (ω·r) written out per product
  // of rate components (docs/models/modal_data.md §3). Per axis i (j, k the next two, cyclically):
  if (q < 0 || q >= kModalLoadCases)
    throw std::out_of_range("load_case_field: unit load case " + std::to_string(q) + " (0 to 11)");
  const int i = q % 3, j = (i + 1) % 3, k = (i + 2) % 3;
  Eigen::Vector3d f = Eigen::Vector3d::Zero();
  switch (q / 3) {
    case 0:  // a_i: −e_i
      f[i] = -1.0;
      break;
    case 1:  // ω̇_i: −e_i × r, whose j component is r_k and k component −r_j
      f[j] = r[k];
      f[k] = -r[j];
      break;
    case 2:  // ω_i²: r without its i component
      f[j] = r[j];
      f[k] = r[k];
      break;
    default:  // ω_i ω_j: −(r_j e_i + r_i e_j)
      f[i] = -r[j];
      f[j] = -r[i];
      break;
  }
  return f;
}

void check_modal_data(const std::string& owner, const ModalData& d) {
  check_rigid_body(owner, d);
  const Eigen::Index n = d.omega.size();
  if (n == 0)
    throw ConfigurationError(owner, "omega [rad/s]", "0 entries", "must hold at least one mode (n = omega.size())");
  check_sizes(owner, d, n);
  check_modes(owner, d, n);
  check_nodes(owner, d);
}

}  // namespace ramus
