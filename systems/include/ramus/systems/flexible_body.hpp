// Flexible body (docs/models/flexible_body.md): an elastic appendage clamped at a frame F fixed in
// the hub, described by the fixed-interface modes of its ModalData (docs/models/modal_data.md), its
// modal coordinates η and rates η̇ the state. The equations are Lagrange's for one kinetic energy,
// kept to second order in (η, η̇) (eq. (4)): the inertia I(η), the first moment c(η) and the
// relative angular momentum h(η, η̇) carry every second-order term the data describe — the
// deformation's own inertia (D), the gyroscopic coupling (G) and, with geometric stiffening on, the
// foreshortening whose work under the body's inertial load is the geometric stiffness (K_G). So the
// stiffening of a spinning body comes with its back-reaction on the hub, and energy and momentum
// are conserved exactly by the equations (docs/models/flexible_body.md §3).
//
// The modal mass matrix is diagonal and constant: the back-substitution costs O(n²) per evaluation
// in the number of modes n (the quadratic forms of eqs. (5)–(8)), and nothing allocates.
#pragma once

#include <Eigen/Dense>
#include <array>
#include <string>
#include <vector>

#include "ramus/kernel/state_effector.hpp"
#include "ramus/kernel/units.hpp"
#include "ramus/systems/modal_data.hpp"

namespace ramus {

struct FlexibleBodyConfig {
  ModalData modes;                                       ///< the body clamped at F, in F (check_modal_data)
  units::Length3 r_FB_B;                                 ///< F's origin relative to B
  Eigen::Matrix3d dcm_FB = Eigen::Matrix3d::Identity();  ///< [FB]: B components to F components
  Eigen::VectorXd eta0;                                  ///< initial modal coordinates (n; empty: 0)
  Eigen::VectorXd etaDot0;                               ///< initial modal rates (n; empty: 0)
  /// The foreshortening terms of the geometric stiffness (eqs. (5)–(7)); off, the body is the linear
  /// modal model with its exact inertia of the linear displacement field (no centrifugal stiffening).
  bool geometric_stiffening = true;
};

class FlexibleBody final : public StateEffector {
 public:
  /// ConfigurationError naming the effector and the field: the modal data (check_modal_data), a
  /// non-finite r_FB_B, a dcm_FB that is not a rotation, eta0/etaDot0 of the wrong size or not finite.
  FlexibleBody(std::string name, const FlexibleBodyConfig& config);
  std::string_view kind() const override { return "flexible_body"; }

  Eigen::Index mode_count() const { return n_; }
  const ModalData& modes() const { return modes_; }

  /// Its mass properties about B at the modal coordinates eta (eqs. (5)–(7)): the ones the dynamics
  /// use, for tests and diagnostics.
  MassProperties mass_properties_at(const Eigen::VectorXd& eta, const Eigen::VectorXd& etaDot) const;

  // ---- StateEffector ----------------------------------------------------------------------
  std::unique_ptr<EffectorWorkspace> make_workspace() const override;
  /// The state and the evaluation's stages (kernel/state_effector.hpp):
  ///  - state_blocks: "eta" (n, modal), "etaDot" (n, modal/s)
  ///  - mass_properties: eqs. (5), (8): m, c(η)/m and c'/m.
  ///  - contributions: eqs. (5)–(12): the rigid rows of (m, c, I, c', I'), the modal equations'
  ///    coupling rows a_η, b_η, c_η and their terms in A, B, C, D, vecTrans, vecRot.
  ///  - derivatives: eq. (10): η̈ = a_η r̈_B + b_η ω̇ + c_η; returns m r̈ from c'' (eq. 9).
  ///  - energy_momentum: eq. (13).
  RAMUS_STATE_EFFECTOR_OVERRIDES;
  /// Per node N of the data: "<N>.u_F" [m], its displacement φ_N η, and "<N>.theta_F" [rad], its
  /// small rotation ψ_N η, in F (docs/models/modal_data.md eq. (1)).
  std::vector<OutputSpec> outputs() const override;
  void write_output(std::size_t i, ConstStateBlock x, std::span<double> out) const override;
  /// Everything of eqs. (5)–(9) that the later stages share (the deformation's products with η, η̇).
  void kinematics(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws) const override;

  // ---- branching: segment k is node k of the data (docs/models/flexible_body.md §9) --------
  std::size_t segment_count() const override { return modes_.nodes.size(); }
  /// The frame S of node k: origin at the displaced node, axes F's turned by its small rotation
  /// ψ_k η, velocity and angular velocity from the linear field (eq. (15)); computed on demand from
  /// this evaluation's state, so an unloaded node costs nothing.
  const FrameKinematics& segment(std::size_t s, const EffectorWorkspace& ws) const override;
  /// A load at node k: the modal forces φ_kᵀ f + ψ_kᵀ τ and the hub's force and torque (eq. (16)).
  void add_segment_wrench(std::size_t s, const Wrench& w, EffectorWorkspace& ws) const override;

 private:
  struct Workspace;
  /// The loads handed to the nodes this evaluation: their modal forces into ws.f and their force
  /// and torque into the hub's rows (eq. (16)).
  void add_node_loads(Workspace& ws, HubSystem& s) const;
  /// Everything of eqs. (5)–(9) that depends on (η, η̇) only, into ws.
  void deformation(const Eigen::Ref<const Eigen::VectorXd>& eta, const Eigen::Ref<const Eigen::VectorXd>& etaDot,
                   Workspace& ws) const;

  ModalData modes_;  ///< as given, in F
  Eigen::Index n_ = 0;
  bool stiffening_ = true;
  Eigen::Vector3d r_FB_B_;
  Eigen::Matrix3d dcm_BF_;  ///< [BF] = [FB]ᵀ
  Eigen::VectorXd eta0_, etaDot0_;
  // The data in B about B (eqs. (5)–(8) with F's offset and rotation applied once):
  double m_ = 0.0;
  Eigen::Vector3d c0_B_;  ///< [kg m] m r_FB_B + [BF] m r_ScF_F
  Eigen::Matrix3d J0_B_;  ///< [kg m²] about B
  Eigen::Matrix3Xd P_B_, H_B_;
  std::vector<Eigen::Matrix3d> J1_B_;
  Eigen::VectorXd mu_, inv_mu_, stiffness_, damping_;  ///< μ_k, 1/μ_k, μ_k ω_k², 2 ζ_k ω_k μ_k
  // The second-order data in F as one list of their nonzero entries, or whole where they are full
  // (docs/models/flexible_body.md §6): per evaluation Y[target] += value · [η; η̇][source], Y holding
  // n-vectors in this order.
  static constexpr int kG = 0;     ///< G[a]ᵀ η at 2a, G[a]ᵀ η̇ at 2a + 1 (eq. (9))
  static constexpr int kS = 6;     ///< D[aa] η at 6 + a, (D[ab] + D[ba]) η at 9 + a, b = a + 1 mod 3 (eq. (10))
  static constexpr int kKa = 12;   ///< K_G's a cases: ∫ γ dm (eq. (2)), with η and η̇
  static constexpr int kKw = 18;   ///< K_G's ω̇ cases: ∫ r × γ dm about F (eq. (2)), with η and η̇
  static constexpr int kKww = 24;  ///< K_G's ω_iω_j cases (6–11) with η (eq. (6))
  static constexpr int kProducts = 30;
  struct ProductEntry {
    Eigen::Index target, source;
    double value;
  };
  std::vector<ProductEntry> products_;
  struct DenseProduct {  ///< Y[id + r] = A [η; η̇][r], r < rates: a matrix too full for the list
    int id, rates;
    Eigen::MatrixXd A;
  };
  std::vector<DenseProduct> dense_products_;
  std::vector<int> centrifugal_cases_;  ///< the j of the ω_iω_j cases that are not zero
};

}  // namespace ramus
