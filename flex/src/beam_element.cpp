// The 12-DOF beam element (docs/flex/beam.md §2, eqs. (1)–(6), (14)–(19)).
#include "beam_element.hpp"

#include <cmath>

namespace ramus::flex::detail {
namespace {

// DOF offsets within a node.
constexpr int kUx = 0, kUy = 1, kUz = 2, kTx = 3, kTy = 4, kTz = 5;

/// One bending plane's interpolation at ξ (eqs. (16), (17)): the deflection w and the section's
/// rotation ϑ (ϑ = w' without shear) from the plane's DOF (w0, ϑ0, w1, ϑ1), with their derivatives
/// d/ds. With Φ = 0 these are the Hermite cubics of eq. (2) and their slopes.
struct PlaneShape {
  double w[4], dw[4], t[4], dt[4];
};

PlaneShape plane_shape(double xi, double h, double phi) {
  const double x2 = xi * xi, x3 = x2 * xi, f = 1.0 / (1.0 + phi);
  PlaneShape p;
  p.w[0] = f * (2.0 * x3 - 3.0 * x2 - phi * xi + 1.0 + phi);
  p.w[1] = f * h * (x3 - (2.0 + 0.5 * phi) * x2 + (1.0 + 0.5 * phi) * xi);
  p.w[2] = -f * (2.0 * x3 - 3.0 * x2 - phi * xi);
  p.w[3] = f * h * (x3 - (1.0 - 0.5 * phi) * x2 - 0.5 * phi * xi);
  p.dw[0] = f * (6.0 * x2 - 6.0 * xi - phi) / h;
  p.dw[1] = f * (3.0 * x2 - (4.0 + phi) * xi + 1.0 + 0.5 * phi);
  p.dw[2] = -p.dw[0];
  p.dw[3] = f * (3.0 * x2 - (2.0 - phi) * xi - 0.5 * phi);
  p.t[0] = f * 6.0 * (x2 - xi) / h;
  p.t[1] = f * (3.0 * x2 - (4.0 + phi) * xi + 1.0 + phi);
  p.t[2] = -p.t[0];
  p.t[3] = f * (3.0 * x2 - (2.0 - phi) * xi);
  p.dt[0] = f * 6.0 * (2.0 * xi - 1.0) / (h * h);
  p.dt[1] = f * (6.0 * xi - 4.0 - phi) / h;
  p.dt[2] = -p.dt[0];
  p.dt[3] = f * (6.0 * xi - 2.0 + phi) / h;
  return p;
}

}  // namespace

ShearParameters shear_parameters(const BeamConfig& c, double h) {
  ShearParameters s;
  if (c.kGA_y > 0.0) s.y = 12.0 * c.EI_z / (c.kGA_y * h * h);
  if (c.kGA_z > 0.0) s.z = 12.0 * c.EI_y / (c.kGA_z * h * h);
  return s;
}

ElementShape element_shape(double xi, double h, const ShearParameters& shear) {
  ElementShape e;
  e.u.setZero();
  e.theta.setZero();
  e.axial_strain.setZero();
  e.twist_rate.setZero();
  e.slope_y.setZero();
  e.slope_z.setZero();
  e.curvature_y.setZero();
  e.curvature_z.setZero();
  const PlaneShape py = plane_shape(xi, h, shear.y), pz = plane_shape(xi, h, shear.z);
  for (int node = 0; node < 2; ++node) {
    const int o = node * kNodeDofs, v = 2 * node, r = 2 * node + 1;  // w and ϑ functions of the node
    // Axial and torsion: eq. (1), linear.
    const double L = node == 0 ? 1.0 - xi : xi, dL = (node == 0 ? -1.0 : 1.0) / h;
    e.u(0, o + kUx) = L;
    e.axial_strain(o + kUx) = dL;
    e.theta(0, o + kTx) = L;
    e.twist_rate(o + kTx) = dL;
    // Bending in the x–y plane: w = u_y, ϑ = θ_z; eqs. (2), (16).
    e.u(1, o + kUy) = py.w[v];
    e.u(1, o + kTz) = py.w[r];
    e.slope_y(o + kUy) = py.dw[v];
    e.slope_y(o + kTz) = py.dw[r];
    e.theta(2, o + kUy) = py.t[v];
    e.theta(2, o + kTz) = py.t[r];
    e.curvature_y(o + kUy) = py.dt[v];
    e.curvature_y(o + kTz) = py.dt[r];
    // Bending in the x–z plane: w = u_z, ϑ = −θ_y (a rotation about +y lowers +x); eqs. (3), (16).
    e.u(2, o + kUz) = pz.w[v];
    e.u(2, o + kTy) = -pz.w[r];
    e.slope_z(o + kUz) = pz.dw[v];
    e.slope_z(o + kTy) = -pz.dw[r];
    e.theta(1, o + kUz) = -pz.t[v];
    e.theta(1, o + kTy) = pz.t[r];
    e.curvature_z(o + kUz) = pz.dt[v];
    e.curvature_z(o + kTy) = -pz.dt[r];
  }
  // Eq. (17): the shear strains, constant along the element (zero without shear, θ_z = u_y',
  // θ_y = −u_z': eq. (4)).
  e.shear_y = e.slope_y - e.theta.row(2);
  e.shear_z = e.slope_z + e.theta.row(1);
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
  const ShearParameters shear = shear_parameters(c, h);
  ElementMatrix K = ElementMatrix::Zero();
  for (const GaussPoint& g : gauss4()) {
    const ElementShape e = element_shape(g.xi, h, shear);
    K += g.weight * h *
         (c.EA * e.axial_strain.transpose() * e.axial_strain + c.GJ * e.twist_rate.transpose() * e.twist_rate +
          c.EI_z * e.curvature_y.transpose() * e.curvature_y + c.EI_y * e.curvature_z.transpose() * e.curvature_z +
          c.kGA_y * e.shear_y.transpose() * e.shear_y + c.kGA_z * e.shear_z.transpose() * e.shear_z);
  }
  return K;
}

ElementMatrix element_mass(const BeamConfig& c, double h) {
  const ShearParameters shear = shear_parameters(c, h);
  const Eigen::Vector3d section(c.rhoJ, c.rhoI_y, c.rhoI_z);  // the section's rotary inertia per length
  ElementMatrix M = ElementMatrix::Zero();
  for (const GaussPoint& g : gauss4()) {
    const ElementShape e = element_shape(g.xi, h, shear);
    M += g.weight * h * (c.rhoA * e.u.transpose() * e.u + e.theta.transpose() * section.asDiagonal() * e.theta);
  }
  return M;
}

ElementMatrix element_geometric_stiffness(const BeamConfig& c, double s0, double h, double n0, double n1, double n2) {
  const ShearParameters shear = shear_parameters(c, h);
  ElementMatrix K = ElementMatrix::Zero();
  for (const GaussPoint& g : gauss4()) {
    const ElementShape e = element_shape(g.xi, h, shear);
    const double s = s0 + g.xi * h;
    const double N = n0 + (n1 + n2 * s) * s;
    K += g.weight * h * N * (e.slope_y.transpose() * e.slope_y + e.slope_z.transpose() * e.slope_z);
  }
  return K;
}

}  // namespace ramus::flex::detail
