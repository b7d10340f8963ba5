// The second-order modal integrals of a point mass (docs/models/modal_data.md eqs. (8)–(10)).
#include "point_mass_integrals.hpp"

namespace ramus::flex::detail {

void zero_second_order_integrals(Eigen::Index n, ModalData& d) {
  d.J1_F.assign(static_cast<std::size_t>(n), Eigen::Matrix3d::Zero());
  for (Eigen::MatrixXd& G : d.G) G = Eigen::MatrixXd::Zero(n, n);
  for (Eigen::MatrixXd& D : d.D) D = Eigen::MatrixXd::Zero(n, n);
}

void add_point_mass_integrals(double w, const Eigen::Vector3d& r, const Eigen::Matrix3Xd& U, ModalData& d) {
  for (Eigen::Index k = 0; k < U.cols(); ++k) {  // (8)
    const Eigen::Vector3d phi = U.col(k);
    d.J1_F[static_cast<std::size_t>(k)] +=
        w * (2.0 * r.dot(phi) * Eigen::Matrix3d::Identity() - r * phi.transpose() - phi * r.transpose());
  }
  for (int i = 0; i < 3; ++i) {
    const int a = (i + 1) % 3, b = (i + 2) % 3;  // (φ_k × φ_l)_i = φ_k,a φ_l,b − φ_k,b φ_l,a: (9)
    d.G[static_cast<std::size_t>(i)] += w * (U.row(a).transpose() * U.row(b) - U.row(b).transpose() * U.row(a));
    for (int j = 0; j < 3; ++j)  // (10)
      d.D[static_cast<std::size_t>(3 * i + j)] += w * U.row(i).transpose() * U.row(j);
  }
}

}  // namespace ramus::flex::detail
