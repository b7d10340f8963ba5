// The second-order modal integrals of a point mass (docs/models/modal_data.md eqs. (8)–(10)).
#include "point_mass_integrals.hpp"

namespace ramus::flex::detail {

void zero_second_order_integrals(Eigen::Index n, ModalData& d) {
  d.J1_F.assign(static_cast<std::size_t>(n), Eigen::Matrix3d::Zero());
  for (Eigen::MatrixXd& G : d.G) G = Eigen::MatrixXd::Zero(n, n);
  for (Eigen::MatrixXd& D : d.D) D = Eigen::MatrixXd::Zero(n, n);
}

void add_point_mass_J1(double w, const Eigen::Vector3d& r, const Eigen::Matrix3Xd& U, ModalData& d) {
  for (Eigen::Index k = 0; k < U.cols(); ++k) {  // (8)
    const Eigen::Vector3d phi = U.col(k);
    d.J1_F[static_cast<std::size_t>(k)] +=
        w * (2.0 * r.dot(phi) * Eigen::Matrix3d::Identity() - r * phi.transpose() - phi * r.transpose());
  }
}

void add_point_mass_integrals(double w, const Eigen::Vector3d& r, const Eigen::Matrix3Xd& U, ModalData& d) {
  add_point_mass_J1(w, r, U, d);
  for (int i = 0; i < 3; ++i) {
    const int a = (i + 1) % 3, b = (i + 2) % 3;  // (φ_k × φ_l)_i = φ_k,a φ_l,b − φ_k,b φ_l,a: (9)
    d.G[static_cast<std::size_t>(i)] += w * (U.row(a).transpose() * U.row(b) - U.row(b).transpose() * U.row(a));
    for (int j = 0; j < 3; ++j)  // (10)
      d.D[static_cast<std::size_t>(3 * i + j)] += w * U.row(i).transpose() * U.row(j);
  }
}

void set_second_order_integrals(const std::array<Eigen::MatrixXd, 3>& X, ModalData& d) {
  const Eigen::Index n = X[0].cols();
  for (int i = 0; i < 3; ++i) {
    Eigen::MatrixXd lower = Eigen::MatrixXd::Zero(n, n);  // (10), symmetric: one triangle, mirrored
    lower.selfadjointView<Eigen::Lower>().rankUpdate(X[static_cast<std::size_t>(i)].transpose());
    d.D[static_cast<std::size_t>(4 * i)] = lower.selfadjointView<Eigen::Lower>();
    for (int j = i + 1; j < 3; ++j) {
      d.D[static_cast<std::size_t>(3 * i + j)] =
          X[static_cast<std::size_t>(i)].transpose() * X[static_cast<std::size_t>(j)];
      d.D[static_cast<std::size_t>(3 * j + i)] = d.D[static_cast<std::size_t>(3 * i + j)].transpose();
    }
  }
  for (int i = 0; i < 3; ++i) {  // (9): (φ_k × φ_l)_i = φ_k,a φ_l,b − φ_k,b φ_l,a
    const int a = (i + 1) % 3, b = (i + 2) % 3;
    const Eigen::MatrixXd& Dab = d.D[static_cast<std::size_t>(3 * a + b)];
    d.G[static_cast<std::size_t>(i)] = Dab - Dab.transpose();
  }
}

}  // namespace ramus::flex::detail
