// Gravity of a constant-density polyhedron, a small body's shape model (an asteroid, a comet):
// Werner and Scheeres' closed form as sums over the surface's edges and facets, exact inside and
// outside the body, fixed in the body's rotating frame P; and the reader of shape files (Wavefront
// OBJ, PDS vertex/facet lists) (docs/environment/polyhedral_gravity.md).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ramus/environment/body_rotation.hpp"
#include "ramus/kernel/gravity_model.hpp"

namespace ramus {

/// A closed triangulated surface: the vertices and the facets that join them.
struct PolyhedronShape {
  std::string source;                     ///< the file read ("" when built in code): names it in errors
  std::vector<Eigen::Vector3d> vertices;  ///< [m] positions in the body frame P
  /// 0-based vertex indices, counter-clockwise seen from outside (the outward normal by the right hand)
  std::vector<std::array<std::size_t, 3>> facets;
};

/// [bytes] The largest shape file read, 512 MiB, checked on the file's size before reading: a
/// 3-million-facet model is about 150 MB of OBJ text (some 25 bytes a facet, 40 a vertex).
inline constexpr std::size_t kShapeFileMaxBytes = std::size_t{512} << 20;

/// A shape file (docs/environment/polyhedral_gravity.md §4): (a) keyword lines "v x y z" and
/// "f i j k" (Wavefront OBJ, and the PDS lists written the same way; "f i/t/n" forms read, a
/// polygon of n > 3 vertices split as a fan from its first vertex, negative OBJ indices counted
/// back from the last vertex read, other lines ignored), or (b) a first line "nv nf" (or "nv"
/// alone, with "nf" on its own line after the vertices) followed by nv vertex lines "x y z" or
/// "k x y z" and nf facet lines "i j k" or "k i j k"; vertex indices 1-based; '#' starts a comment
/// line. Coordinates are multiplied by `length_unit` [m per file unit] (1000 for a model in km).
/// The surface must be closed and consistently oriented (each edge shared by exactly two facets
/// that run it in opposite directions), every facet of non-zero area, every coordinate finite, at
/// least 4 vertices. The facets are returned as the file orders them (an inward-facing surface is
/// turned by PolyhedralGravity). Throws ConfigurationError naming the file, the line and the value.
PolyhedronShape read_polyhedron_shape(const std::string& path, double length_unit = 1.0);
/// The same from the file's text; `source` names it in errors and in the shape.
PolyhedronShape parse_polyhedron_shape(std::string_view text, const std::string& source, double length_unit = 1.0);

struct PolyhedralGravityConfig {
  PolyhedronShape shape;          ///< [m] in P: closed, every facet of non-zero area (checked)
  std::optional<double> density;  ///< [kg/m^3] ρ; give exactly one of density and mu
  std::optional<double> mu;       ///< [m^3/s^2] GM of the body: ρ = μ / (G V) with V the shape's volume
  /// The body frame P of the vertices. Null is refused unless fixed_in_N is set (as
  /// SphericalHarmonicGravityConfig: a rotating body's field fixed in inertial space is refused).
  std::shared_ptr<const BodyRotation> rotation;
  bool fixed_in_N = false;  ///< with a null rotation: P is N (a non-rotating body, or a test)
};

class PolyhedralGravity final : public GravityModel {
 public:
  /// [m^3/(kg s^2)] Newton's constant, CODATA 2018.
  static constexpr double kG = 6.67430e-11;

  /// Checks the shape (docs/environment/polyhedral_gravity.md §3) and precomputes each edge's
  /// dyad E_e and length and each facet's normal (eqs. 3, 4). A consistently inward-facing surface
  /// (negative volume, eq. 9) has every facet reversed; a mixed one is refused.
  explicit PolyhedralGravity(PolyhedralGravityConfig config);

  std::string_view kind() const override { return "polyhedral_gravity"; }
  /// a_N = [PN]ᵀ a_P([PN] r_N) (eq. 8) with a_P of eq. (5)
  Eigen::Vector3d acceleration_N(const Eigen::Vector3d& r_PN_N, double t) const override;
  /// U of eq. (1) at [PN] r_N
  double potential(const Eigen::Vector3d& r_PN_N, double t) const override;
  /// G_N = [PN]ᵀ G_P [PN] with G_P in closed form (eq. 6)
  Eigen::Matrix3d gradient_N(const Eigen::Vector3d& r_PN_N, double t) const override;
  /// a_N and G_N from the one pass that gives G_P (eq. 6 carries eq. 5's sums), the rotation
  /// evaluated once.
  GravityAndGradient acceleration_and_gradient_N(const Eigen::Vector3d& r_PN_N, double t) const override;

  /// [m/s²] the acceleration at r_P [m], P components (eq. 5).
  Eigen::Vector3d acceleration_P(const Eigen::Vector3d& r_P) const;
  /// [J/kg] the potential at r_P [m] (eq. 1): −Gρ/2 (Σ_e L_e r_eᵀ E_e r_e − Σ_f ω_f r_fᵀ F_f r_f).
  double potential_P(const Eigen::Vector3d& r_P) const;
  /// [1/s²] the gravity gradient ∂a_P/∂r_P at r_P [m] (eq. 6), symmetric; its trace is
  /// −Gρ laplacian_factor(r_P) (eq. 7).
  Eigen::Matrix3d gradient_P(const Eigen::Vector3d& r_P) const;
  /// [sr] Σ_f ω_f (eq. 7): 4π inside the body, 0 outside, 2π on a facet.
  double laplacian_factor(const Eigen::Vector3d& r_P) const;

  double density() const { return G_rho_ / kG; }  ///< [kg/m^3] ρ
  double mu() const { return G_rho_ * volume_; }  ///< [m^3/s^2] G ρ V
  double volume() const { return volume_; }       ///< [m^3] V (eq. 9)
  /// [m] the centre of the volume in P (the body's centre of mass; not required to be P's origin).
  const Eigen::Vector3d& centroid_P() const { return centroid_; }
  bool reversed() const { return reversed_; }  ///< whether the facets were given facing inward
  std::size_t vertex_count() const { return vertices_.size(); }
  std::size_t edge_count() const { return edges_.size(); }
  std::size_t facet_count() const { return faces_.size(); }

 private:
  /// One edge: its vertices, its length and the symmetric dyad E_e of eq. (3) as xx, yy, zz, xy, xz, yz.
  struct Edge {
    std::uint32_t a, b;
    double length;
    std::array<double, 6> E;
  };
  /// One facet: its vertices (counter-clockwise seen from outside) and its outward unit normal
  /// n̂_f (F_f = n̂_f n̂_fᵀ, eq. 4).
  struct Face {
    std::uint32_t i, j, k;
    Eigen::Vector3d n;
  };
  /// What one pass gives, in P: U, with Derivatives ≥ 1 a_P, with 2 G_P; and Σ ω_f.
  struct Sums {
    double U = 0.0, omega = 0.0;
    Eigen::Vector3d a_P = Eigen::Vector3d::Zero();
    Eigen::Matrix3d G_P = Eigen::Matrix3d::Zero();
  };
  template <int Derivatives>
  Sums sum(const Eigen::Vector3d& r_P) const;
  Eigen::Matrix3d dcm_PN(double t) const;

  std::vector<Eigen::Vector3d> vertices_;
  std::vector<Edge> edges_;
  std::vector<Face> faces_;
  double G_rho_ = 0.0, volume_ = 0.0;
  Eigen::Vector3d centroid_ = Eigen::Vector3d::Zero();
  bool reversed_ = false;
  std::shared_ptr<const BodyRotation> rotation_;
};

}  // namespace ramus
