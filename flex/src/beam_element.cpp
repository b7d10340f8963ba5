// The 12-DOF Euler–Bernoulli beam element (docs/flex/beam.md §2, eqs. (1)–(6), (14)).
#include "beam_element.hpp"

#include <cmath>

namespace ramus::flex::detail {
namespace {

// DOF offsets within a node.
constexpr int kUx = 0, kUy = 1, kUz = 2, kTx = 3, kTy = 4, kTz = 5;

}  // namespace

ElementShape element_shape(double xi, double h) {
  const double x2 = xi * xi, x3 = x2 * xi;
  // Linear (axial, torsion) and cubic Hermite (bending) shape functions of ξ, eqs. (1), (2); the
  // Hermite rotation functions carry the factor h so that their DOF is the slope [rad].
  const double L0 = 1.0 - xi, L1 = xi;
  const double H1 = 1.0 - 3.0 * x2 + 2.0 * x3, H2 = h * (xi - 2.0 * x2 + x3);
  const double H3 = 3.0 * x2 - 2.0 * x3, H4 = h * (x3 - x2);
  // d/ds = (1/h) d/dξ.
  const double dL0 = -1.0 / h, dL1 = 1.0 / h;
  const double dH1 = (6.0 * x2 - 6.0 * xi) / h, dH2 = 1.0 - 4.0 * xi + 3.0 * x2;
  const double dH3 = (6.0 * xi - 6.0 * x2) / h, dH4 = 3.0 * x2 - 2.0 * xi;
  const double ddH1 = (12.0 * xi - 6.0) / (h * h), ddH2 = (6.0 * xi - 4.0) / h;
  const double ddH3 = (6.0 - 12.0 * xi) / (h * h), ddH4 = (6.0 * xi - 2.0) / h;

  ElementShape e;
  e.u.setZero();
  e.theta.setZero();
  e.axial_strain.setZero();
  e.twist_rate.setZero();
  e.slope_y.setZero();
  e.slope_z.setZero();
  e.curvature_y.setZero();
  e.curvature_z.setZero();
  for (int node = 0; node < 2; ++node) {
    const int o = node * kNodeDofs;
    const double L = node == 0 ? L0 : L1, dL = node == 0 ? dL0 : dL1;
    const double Hv = node == 0 ? H1 : H3, Hr = node == 0 ? H2 : H4;
    const double dHv = node == 0 ? dH1 : dH3, dHr = node == 0 ? dH2 : dH4;
    const double ddHv = node == 0 ? ddH1 : ddH3, ddHr = node == 0 ? ddH2 : ddH4;
    // Axial and torsion: eq. (1).
    e.u(0, o + kUx) = L;
    e.axial_strain(o + kUx) = dL;
    e.theta(0, o + kTx) = L;
    e.twist_rate(o + kTx) = dL;
    // Bending in the x–y plane, u_y' = θ_z: eq. (2).
    e.u(1, o + kUy) = Hv;
    e.u(1, o + kTz) = Hr;
    e.slope_y(o + kUy) = dHv;
    e.slope_y(o + kTz) = dHr;
    e.curvature_y(o + kUy) = ddHv;
    e.curvature_y(o + kTz) = ddHr;
    // Bending in the x–z plane, u_z' = −θ_y (a positive rotation about y lowers the tip): eq. (3).
    e.u(2, o + kUz) = Hv;
    e.u(2, o + kTy) = -Hr;
    e.slope_z(o + kUz) = dHv;
    e.slope_z(o + kTy) = -dHr;
    e.curvature_z(o + kUz) = ddHv;
    e.curvature_z(o + kTy) = -ddHr;
  }
  e.theta.row(1) = -e.slope_z;  // θ_y = −u_z', eq. (4)
  e.theta.row(2) = e.slope_y;   // θ_z = u_y'
  return e;
}

const std::array<GaussPoint, 4>& gauss4() {
  // ±sqrt(3/7 ∓ (2/7) sqrt(6/5)) on [−1, 1] with weights (18 ± sqrt(30))/36, mapped to [0, 1].
  static const std::array<GaussPoint, 4> rule = [] {
    const double inner = std::sqrt(3.0 / 7.0 - 2.0 / 7.0 * std::sqrt(6.0 / 5.0));
    const double outer = std::sqrt(3.0 / 7.0 + 2.0 / 7.0 * std::sqrt(6.0 / 5.0));
    const double w_inner = (18.0 + std::sqrt(30.0)) / 36.0, w_outer = (18.0 - std::sqrt(30.0)) / 36.0;
    return std::array<GaussPoint, 4>{
        GaussPoint{0.5 * (1.0 - outer), 0.5 * w_outer}, GaussPoint{0.5 * (1.0 - inner), 0.5 * w_inner},
        GaussPoint{0.5 * (1.0 + inner), 0.5 * w_inner}, GaussPoint{0.5 * (1.0 + outer), 0.5 * w_outer}};
  }();
  return rule;
}

ElementMatrix element_stiffness(const BeamConfig& c, double h) {
  ElementMatrix K = ElementMatrix::Zero();
  for (const GaussPoint& g : gauss4()) {
    const ElementShape e = element_shape(g.xi, h);
    K += g.weight * h *
         (c.EA * e.axial_strain.transpose() * e.axial_strain + c.GJ * e.twist_rate.transpose() * e.twist_rate +
          c.EI_z * e.curvature_y.transpose() * e.curvature_y + c.EI_y * e.curvature_z.transpose() * e.curvature_z);
  }
  return K;
}

ElementMatrix element_mass(const BeamConfig& c, double h) {
  ElementMatrix M = ElementMatrix::Zero();
  for (const GaussPoint& g : gauss4()) {
    const ElementShape e = element_shape(g.xi, h);
    M += g.weight * h * (c.rhoA * e.u.transpose() * e.u + c.rhoJ * e.theta.row(0).transpose() * e.theta.row(0));
  }
  return M;
}

ElementMatrix element_geometric_stiffness(double s0, double h, double n0, double n1, double n2) {
  ElementMatrix K = ElementMatrix::Zero();
  for (const GaussPoint& g : gauss4()) {
    const ElementShape e = element_shape(g.xi, h);
    const double s = s0 + g.xi * h;
    const double N = n0 + (n1 + n2 * s) * s;
    K += g.weight * h * N * (e.slope_y.transpose() * e.slope_y + e.slope_z.transpose() * e.slope_z);
  }
  return K;
}

}  // namespace ramus::flex::detail
