// Flexible body: docs/models/flexible_body.md, eqs. (1)–(13).
#include "ramus/systems/flexible_body.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

/// Everything one evaluation shares between its stages, sized once for n modes.
struct FlexibleBody::Workspace final : EffectorWorkspace {
  Workspace(Eigen::Index n, std::size_t nodes) {
    modes = n;
    X = Eigen::VectorXd::Zero(2 * n);
    Y = Eigen::VectorXd::Zero(kProducts * n);
    rows_F = Eigen::Matrix3Xd::Zero(3, n);
    W = Eigen::Matrix<double, 6, Eigen::Dynamic>::Zero(6, n);
    cEta = Eigen::VectorXd::Zero(n);
    f = Eigen::VectorXd::Zero(n);
    node_frames.resize(nodes);
    node_dcm_SF.resize(nodes);
    node_r_SB_B.resize(nodes);
    framed.assign(nodes, 0);
    node_loads.resize(nodes);
    loaded.assign(nodes, 0);
  }
  // Products of the data's matrices in F with η and η̇ (eqs. (5)–(8); §6): X = [η; η̇], and Y the
  // products, n each, in the order of FlexibleBody::Product.
  Eigen::Index modes = 0;
  Eigen::VectorXd X, Y;
  auto product(int id) const { return Y.segment(id * modes, modes); }
  Eigen::Matrix3Xd rows_F;  ///< a 3×n assembled in F before it is turned to B
  /// [Q; H̃]: ∂c'/∂η̇ and ∂h/∂η̇ (eqs. (5), (7)), stacked so that the modal equations' coupling
  /// rows (eq. (10): a_η = −M⁻¹ Qᵀ, b_η = −M⁻¹ H̃ᵀ) enter the hub's rows as −W M⁻¹ Wᵀ (eq. (12)).
  Eigen::Matrix<double, 6, Eigen::Dynamic> W;
  auto Q() { return W.topRows<3>(); }
  auto Ht() { return W.bottomRows<3>(); }
  auto Q() const { return W.topRows<3>(); }
  auto Ht() const { return W.bottomRows<3>(); }
  Eigen::VectorXd cEta, f;                           ///< eq. (10): c_η = M⁻¹ f; f the modal forces
  Eigen::Vector3d c = Eigen::Vector3d::Zero();       ///< [kg m] first moment about B, eq. (5)
  Eigen::Vector3d cPrime = Eigen::Vector3d::Zero();  ///< its B-frame rate
  Eigen::Vector3d cPP = Eigen::Vector3d::Zero();     ///< c'' less Q η̈ (eq. (9))
  Eigen::Vector3d hPrime = Eigen::Vector3d::Zero();  ///< h' less H̃ η̈ (eq. (9))
  Eigen::Matrix3d I = Eigen::Matrix3d::Zero();       ///< [kg m²] about B, eq. (6)
  Eigen::Matrix3d IPrime = Eigen::Matrix3d::Zero();
  // Branching (eqs. (15)–(16)): this evaluation's state block (η then η̇) and hub frame, set by
  // kinematics() and read only within the same evaluation; the node frames computed on demand
  // (segment(), flagged in `framed` until the next kinematics()), the loads handed to each node.
  const double* x = nullptr;
  const FrameKinematics* hub = nullptr;
  mutable std::vector<FrameKinematics> node_frames;
  mutable std::vector<Eigen::Matrix3d> node_dcm_SF;
  mutable std::vector<Eigen::Vector3d> node_r_SB_B;  ///< [m] the displaced node relative to B, in B (eq. (15))
  mutable std::vector<char> framed;
  mutable bool any_framed = false;
  std::vector<Wrench> node_loads;
  std::vector<char> loaded;
  bool any_load = false;
};

namespace {

/// 2 (r·v) 1 − r vᵀ − v rᵀ: the inertia about B of a field whose first moment is v placed at r.
Eigen::Matrix3d shift_term(const Eigen::Vector3d& r, const Eigen::Vector3d& v) {
  return 2.0 * r.dot(v) * Eigen::Matrix3d::Identity() - r * v.transpose() - v * r.transpose();
}

/// The inertia I_w of the foreshortening in F from the quadratic forms f_j = ηᵀ K_G[6+j] η of the
/// centrifugal load cases (eq. (6)): ωᵀ I_w ω = −ηᵀ K_G(ω) η for every ω.
Eigen::Matrix3d foreshortening_inertia_F(const std::array<double, 6>& f) {
  Eigen::Matrix3d I;
  I << f[0], 0.5 * f[3], 0.5 * f[5], 0.5 * f[3], f[1], 0.5 * f[4], 0.5 * f[5], 0.5 * f[4], f[2];
  return -I;
}

}  // namespace

FlexibleBody::FlexibleBody(std::string name, const FlexibleBodyConfig& c)
    : StateEffector(std::move(name)),
      modes_(c.modes),
      n_(c.modes.omega.size()),
      stiffening_(c.geometric_stiffening),
      r_FB_B_(c.r_FB_B.si()) {
  const std::string owner = label();
  check_modal_data(owner, modes_);
  validation::require_finite(owner, "r_FB_B [m]", r_FB_B_);
  validation::require_rotation(owner, "dcm_FB", c.dcm_FB);
  // A body with mass always carries some geometric stiffness (a centrifugal load stresses it): all
  // twelve K_G zero means the data have none (a modal file without K_G), and the stiffening would
  // silently be off.
  if (stiffening_ && std::all_of(modes_.K_G.begin(), modes_.K_G.end(),
                                 [](const Eigen::MatrixXd& K) { return K.size() == 0 || K.isZero(0.0); }))
    throw ConfigurationError(owner, "geometric_stiffening", "true",
                             "needs the modal data's geometric stiffness K_G, which is zero: give K_G (the twelve "
                             "unit load cases, docs/models/modal_data.md eq. (12)) or set geometric_stiffening false");
  const auto initial = [&](const Eigen::VectorXd& v, const char* field) {
    if (v.size() == 0) return Eigen::VectorXd(Eigen::VectorXd::Zero(n_));
    validation::require_size(owner, field, v.size(), n_, "mode");
    if (!v.allFinite()) throw ConfigurationError(owner, field, validation::matrix_text(v), "must be finite");
    return v;
  };
  eta0_ = initial(c.eta0, "eta0");
  etaDot0_ = initial(c.etaDot0, "etaDot0");

  // The data in B about B (eq. (3)): ρ = r_FB + [BF] r.
  const Eigen::Matrix3d R = c.dcm_FB.transpose();
  const Eigen::Vector3d& r = r_FB_B_;
  dcm_BF_ = R;
  m_ = modes_.mass;
  const Eigen::Vector3d S = R * (m_ * modes_.r_ScF_F);  // first moment about F, in B
  c0_B_ = m_ * r + S;
  J0_B_ = R * modes_.I_PntF_F * R.transpose() +
          m_ * (r.squaredNorm() * Eigen::Matrix3d::Identity() - r * r.transpose()) + shift_term(r, S);
  P_B_ = R * modes_.P_F;
  H_B_ = R * modes_.H_PntF_F;
  J1_B_.resize(static_cast<std::size_t>(n_));
  for (Eigen::Index k = 0; k < n_; ++k) {
    H_B_.col(k) += r.cross(P_B_.col(k));
    J1_B_[static_cast<std::size_t>(k)] =
        R * modes_.J1_F[static_cast<std::size_t>(k)] * R.transpose() + shift_term(r, P_B_.col(k));
  }
  mu_ = modes_.modal_mass;
  inv_mu_ = mu_.cwiseInverse();
  stiffness_ = mu_.cwiseProduct(modes_.omega.cwiseAbs2());
  damping_ = 2.0 * modes_.zeta.cwiseProduct(modes_.omega).cwiseProduct(mu_);
  // §6: the second-order data stay in F, as one list of their nonzero entries. Each set (G; D; the
  // a, ω̇ and centrifugal cases of K_G) drops the entries below kDropped times its largest: the
  // round-off of the data's generation (a beam's modes of different families share no component,
  // but their products carry ~1e-17 instead of zeros), far below any physical term.
  constexpr double kDropped = 1e-13;
  const auto largest = [](const auto& set, int first, int count) {
    double v = 0.0;
    for (int k = first; k < first + count; ++k)
      if (set[static_cast<std::size_t>(k)].size() > 0)
        v = std::max(v, set[static_cast<std::size_t>(k)].cwiseAbs().maxCoeff());
    return v;
  };
  // Y[id + r] = A [η; η̇][r] for r < rates (1: η only; 2: η and η̇): A's kept entries as (target,
  // source, value), or A itself when more than kDense of it is kept (a list entry costs about twice
  // a dense one). Returns whether anything is kept.
  constexpr double kDense = 0.3;
  const auto add = [&](const Eigen::MatrixXd& A, double scale, int id, int rates) {
    const auto kept = [&](Eigen::Index i, Eigen::Index k) {
      return A(i, k) != 0.0 && std::abs(A(i, k)) > kDropped * scale;
    };
    Eigen::Index count = 0;
    for (Eigen::Index i = 0; i < n_; ++i)
      for (Eigen::Index k = 0; k < n_; ++k) count += kept(i, k) ? 1 : 0;
    if (count == 0) return false;
    if (static_cast<double>(count) > kDense * static_cast<double>(n_ * n_)) {
      dense_products_.push_back({id, rates, A});
      return true;
    }
    for (int rate = 0; rate < rates; ++rate)
      for (Eigen::Index i = 0; i < n_; ++i)
        for (Eigen::Index k = 0; k < n_; ++k)
          if (kept(i, k)) products_.push_back({static_cast<Eigen::Index>(id + rate) * n_ + i, rate * n_ + k, A(i, k)});
    return true;
  };
  const double g = largest(modes_.G, 0, 3), dd = largest(modes_.D, 0, 9);
  const double ka = largest(modes_.K_G, 0, 3), kw = largest(modes_.K_G, 3, 3), kww = largest(modes_.K_G, 6, 6);
  for (int a = 0; a < 3; ++a) {
    const int b = (a + 1) % 3;
    add(modes_.G[a].transpose(), g, kG + 2 * a, 2);                     // Gᵀ η, Gᵀ η̇
    add(modes_.D[4 * a], dd, kS + a, 1);                                // D_aa η
    add(modes_.D[3 * a + b] + modes_.D[3 * b + a], dd, kS + 3 + a, 1);  // (D_ab + D_ba) η
  }
  if (stiffening_) {
    for (int a = 0; a < 3; ++a) {
      add(modes_.K_G[a], ka, kKa + 2 * a, 2);
      add(modes_.K_G[3 + a], kw, kKw + 2 * a, 2);
    }
    for (int j = 0; j < 6; ++j)
      if (add(modes_.K_G[6 + j], kww, kKww + j, 1)) centrifugal_cases_.push_back(j);
  }
  // In the order of the products, then of the entries: the writes walk Y forward.
  std::stable_sort(products_.begin(), products_.end(),
                   [](const ProductEntry& lhs, const ProductEntry& rhs) { return lhs.target < rhs.target; });
}

std::vector<StateEffector::OutputSpec> FlexibleBody::outputs() const {
  std::vector<OutputSpec> out;
  for (const ModalNode& node : modes_.nodes) {
    out.push_back({node.name + ".u_F", 3, "m"});
    out.push_back({node.name + ".theta_F", 3, "rad"});
  }
  return out;
}

void FlexibleBody::write_output(std::size_t i, ConstStateBlock x, std::span<double> out) const {
  if (i >= 2 * modes_.nodes.size()) return StateEffector::write_output(i, x, out);  // refuses the index
  const ModalNode& node = modes_.nodes[i / 2];
  Eigen::Map<Eigen::Vector3d>(out.data()) = (i % 2 == 0 ? node.phi_F : node.psi_F) * x.head(n_);  // eq. (1)
}

std::vector<StateBlockSpec> FlexibleBody::state_blocks() const {
  return {{"eta", n_, "modal"}, {"etaDot", n_, "modal/s"}};
}

void FlexibleBody::write_initial_state(StateBlockRef x) const {
  x.head(n_) = eta0_;
  x.tail(n_) = etaDot0_;
}

std::unique_ptr<EffectorWorkspace> FlexibleBody::make_workspace() const {
  return std::make_unique<Workspace>(n_, modes_.nodes.size());
}

void FlexibleBody::deformation(const Eigen::Ref<const Eigen::VectorXd>& eta,
                               const Eigen::Ref<const Eigen::VectorXd>& etaDot, Workspace& ws) const {
  // §6: every product in F, where the data keep their sparsity; the 3-vectors, 3×3 and 3×n
  // results are turned to B (and shifted to B's origin) once.
  const Eigen::Matrix3d& R = dcm_BF_;
  ws.X.head(n_) = eta;
  ws.X.tail(n_) = etaDot;
  ws.Y.setZero();
  for (const ProductEntry& e : products_) ws.Y[e.target] += e.value * ws.X[e.source];
  for (const DenseProduct& p : dense_products_)
    for (int rate = 0; rate < p.rates; ++rate)
      ws.Y.segment((p.id + rate) * n_, n_).noalias() = p.A * ws.X.segment(rate * n_, n_);
  // eqs. (5), (7): Q = ∂c'/∂η̇, H̃ = ∂h/∂η̇; G's part of H̃ is [BF] (G_aᵀ η)_a.
  for (int a = 0; a < 3; ++a) ws.rows_F.row(a) = ws.product(kG + 2 * a).transpose();
  ws.Q() = P_B_;
  ws.Ht() = H_B_;
  ws.cPP.setZero();
  ws.hPrime.setZero();
  Eigen::Vector3d c2 = Eigen::Vector3d::Zero(), c2Dot = Eigen::Vector3d::Zero();
  Eigen::Matrix3d Iw = Eigen::Matrix3d::Zero(), IwDot = Eigen::Matrix3d::Zero();
  if (stiffening_) {
    Eigen::Vector3d c2_F, c2Dot_F, cPP_F, hPrime_F;
    for (int a = 0; a < 3; ++a) {
      const auto Ka_eta = ws.product(kKa + 2 * a), Ka_etaDot = ws.product(kKa + 2 * a + 1);
      ws.rows_F.row(a) += ws.product(kKw + 2 * a).transpose();
      c2_F[a] = 0.5 * eta.dot(Ka_eta);  // eq. (5)
      c2Dot_F[a] = etaDot.dot(Ka_eta);
      cPP_F[a] = etaDot.dot(Ka_etaDot);                       // eq. (9)
      hPrime_F[a] = etaDot.dot(ws.product(kKw + 2 * a + 1));  // eq. (9); G's part vanishes (antisymmetric)
    }
    ws.Ht().noalias() += R.lazyProduct(ws.rows_F);
    for (int a = 0; a < 3; ++a) ws.rows_F.row(a) = ws.product(kKa + 2 * a).transpose();
    ws.Q().noalias() += R.lazyProduct(ws.rows_F);  // (Ka_i η)_i in B
    // The ω̇ cases about B gain r_FB × (the a cases) (§2).
    for (Eigen::Index k = 0; k < n_; ++k) ws.W.block<3, 1>(3, k) += r_FB_B_.cross(ws.W.block<3, 1>(0, k) - P_B_.col(k));
    c2 = R * c2_F;
    c2Dot = R * c2Dot_F;
    ws.cPP = R * cPP_F;
    ws.hPrime = R * hPrime_F + r_FB_B_.cross(ws.cPP);
    std::array<double, 6> f{}, fDot{};
    for (const int j : centrifugal_cases_) {
      f[static_cast<std::size_t>(j)] = eta.dot(ws.product(kKww + j));
      fDot[static_cast<std::size_t>(j)] = 2.0 * etaDot.dot(ws.product(kKww + j));
    }
    // eq. (6): the foreshortening's inertia, from F to B.
    Iw = R * foreshortening_inertia_F(f) * R.transpose() + shift_term(r_FB_B_, c2);
    IwDot = R * foreshortening_inertia_F(fDot) * R.transpose() + shift_term(r_FB_B_, c2Dot);
  } else {
    ws.Ht().noalias() += R.lazyProduct(ws.rows_F);
  }
  ws.c.noalias() = c0_B_ + P_B_ * eta;
  ws.c += c2;
  ws.cPrime.noalias() = ws.Q() * etaDot;  // c' = Q η̇ (eq. (8))
  // eq. (6): I = J0 + Σ J1_k η_k + J2(η) + I_w, J2 = tr(q) 1 − q with q_ij = ηᵀ D_ij η (symmetric:
  // D_ji = D_ijᵀ), and q'_ij = η̇·(D_ij + D_ji) η; in F from the symmetrised S, then turned to B.
  Eigen::Matrix3d q, qDot;
  for (int a = 0; a < 3; ++a) {
    q(a, a) = eta.dot(ws.product(kS + a));
    qDot(a, a) = 2.0 * etaDot.dot(ws.product(kS + a));
    const int b = (a + 1) % 3, p = kS + 3 + a;  // (D_ab + D_ba) η
    q(a, b) = q(b, a) = 0.5 * eta.dot(ws.product(p));
    qDot(a, b) = qDot(b, a) = etaDot.dot(ws.product(p));
  }
  ws.I = J0_B_ + q.trace() * Eigen::Matrix3d::Identity() - R * q * R.transpose() + Iw;
  ws.IPrime = qDot.trace() * Eigen::Matrix3d::Identity() - R * qDot * R.transpose() + IwDot;
  for (Eigen::Index k = 0; k < n_; ++k) {
    ws.I += eta[k] * J1_B_[static_cast<std::size_t>(k)];
    ws.IPrime += etaDot[k] * J1_B_[static_cast<std::size_t>(k)];
  }
}

void FlexibleBody::kinematics(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws_base) const {
  auto& ws = static_cast<Workspace&>(ws_base);
  deformation(x.head(n_), x.tail(n_), ws);
  if (modes_.nodes.empty()) return;
  ws.x = x.data();
  ws.hub = &ctx.hub;
  if (ws.any_load) {
    std::fill(ws.loaded.begin(), ws.loaded.end(), 0);
    ws.any_load = false;
  }
  if (ws.any_framed) {
    std::fill(ws.framed.begin(), ws.framed.end(), 0);
    ws.any_framed = false;
  }
}

const FrameKinematics& FlexibleBody::segment(std::size_t s, const EffectorWorkspace& ws_base) const {
  const auto& ws = static_cast<const Workspace&>(ws_base);
  if (s >= modes_.nodes.size()) return StateEffector::segment(s, ws_base);
  if (ws.x == nullptr) throw Error(label() + ": segment() before kinematics()");
  const ModalNode& node = modes_.nodes[s];
  const Eigen::Map<const Eigen::VectorXd> eta(ws.x, n_), etaDot(ws.x + n_, n_);
  // eq. (15): the linear field at the node: displacement u, small rotation θ, their rates.
  const Eigen::Vector3d u = node.phi_F * eta, theta = node.psi_F * eta;
  const Eigen::Vector3d uDot = node.phi_F * etaDot, thetaDot = node.psi_F * etaDot;
  const double angle = theta.norm();
  Eigen::Matrix3d& dcm_SF = ws.node_dcm_SF[s];
  dcm_SF = angle > 0.0 ? Eigen::Matrix3d(Eigen::AngleAxisd(angle, theta / angle).toRotationMatrix().transpose())
                       : Eigen::Matrix3d::Identity();
  const FrameKinematics& hub = *ws.hub;
  const Eigen::Matrix3d& dcm_BN = hub.dcm_FN;
  const Eigen::Vector3d& omega_B = hub.omega_FN_F;
  Eigen::Vector3d& r_SB_B = ws.node_r_SB_B[s];
  r_SB_B = r_FB_B_ + dcm_BF_ * (node.r_NF_F + u);
  ws.framed[s] = 1;
  ws.any_framed = true;
  FrameKinematics& k = ws.node_frames[s];
  k.r_FN_N = hub.r_FN_N + dcm_BN.transpose() * r_SB_B;
  k.v_FN_N = hub.v_FN_N + dcm_BN.transpose() * (omega_B.cross(r_SB_B) + dcm_BF_ * uDot);
  k.dcm_FN = dcm_SF * dcm_BF_.transpose() * dcm_BN;
  k.omega_FN_F = dcm_SF * (dcm_BF_.transpose() * omega_B + thetaDot);
  return k;
}

void FlexibleBody::add_segment_wrench(std::size_t s, const Wrench& w, EffectorWorkspace& ws_base) const {
  auto& ws = static_cast<Workspace&>(ws_base);
  if (s >= modes_.nodes.size()) return StateEffector::add_segment_wrench(s, w, ws_base);  // refuses it
  if (!ws.loaded[s]) {
    if (!ws.framed[s]) segment(s, ws);  // the node's frame at this evaluation, as the load was computed in
    ws.node_loads[s] = Wrench{};
    ws.loaded[s] = 1;
    ws.any_load = true;
  }
  ws.node_loads[s] += w;
}

CentreOfMass FlexibleBody::mass_properties(const EvaluationContext&, ConstStateBlock,
                                           EffectorWorkspace& ws_base) const {
  const auto& ws = static_cast<const Workspace&>(ws_base);
  return {m_, ws.c / m_, ws.cPrime / m_, 0.0};
}

MassProperties FlexibleBody::mass_properties_at(const Eigen::VectorXd& eta, const Eigen::VectorXd& etaDot) const {
  Workspace ws(n_, 0);
  deformation(eta, etaDot, ws);
  MassProperties p;
  p.m = m_;
  p.r_CB_B = ws.c / m_;
  p.rPrime_CB_B = ws.cPrime / m_;
  p.I_PntB_B = ws.I;
  p.IPrime_PntB_B = ws.IPrime;
  return p;
}

void FlexibleBody::contributions(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws_base,
                                 HubSystem& s) const {
  auto& ws = static_cast<Workspace&>(ws_base);
  const auto eta = x.head(n_);
  const auto etaDot = x.tail(n_);
  const Eigen::Vector3d& omega = ctx.hub.omega_FN_F;
  const Eigen::Vector3d g_B = ctx.hub.dcm_FN * ctx.g_N;
  MassProperties p;
  p.m = m_;
  p.r_CB_B = ws.c / m_;
  p.rPrime_CB_B = ws.cPrime / m_;
  p.I_PntB_B = ws.I;
  p.IPrime_PntB_B = ws.IPrime;
  add_rigid_rows(p, omega, s);  // the body's rows at its present shape (eq. (11))

  // eq. (10): the modal forces f = −C η̇ − K η − 2 Σ_i ω_i Gᵢᵀ η̇ + ½ ωᵀ (∂I/∂η) ω + Qᵀ g.
  ws.f.noalias() = -damping_.cwiseProduct(etaDot);
  ws.f.noalias() -= stiffness_.cwiseProduct(eta);
  const Eigen::Vector3d omega_F = dcm_BF_.transpose() * omega;  // the products are in F (§6)
  for (int a = 0; a < 3; ++a) ws.f.noalias() -= 2.0 * omega_F[a] * ws.product(kG + 2 * a + 1);
  for (Eigen::Index k = 0; k < n_; ++k) ws.f[k] += 0.5 * omega.dot(J1_B_[static_cast<std::size_t>(k)] * omega);
  // Σ_ij (|ω|² δ_ij − ω_i ω_j) D_ij η, invariant under the rotation, with D's symmetrised pairs.
  const double w2 = omega.squaredNorm();
  for (int a = 0; a < 3; ++a) {
    const int b = (a + 1) % 3;
    ws.f.noalias() += (w2 - omega_F[a] * omega_F[a]) * ws.product(kS + a);
    ws.f.noalias() -= omega_F[a] * omega_F[b] * ws.product(kS + 3 + a);
  }
  if (stiffening_) {
    const Eigen::Vector3d& w = omega_F;
    const std::array<double, 6> cw{w.x() * w.x(), w.y() * w.y(), w.z() * w.z(),
                                   w.x() * w.y(), w.y() * w.z(), w.z() * w.x()};
    for (const int j : centrifugal_cases_)
      ws.f.noalias() -= cw[static_cast<std::size_t>(j)] * ws.product(kKww + j);                     // stiffening
    const Eigen::Vector3d v_F = dcm_BF_.transpose() * (w2 * r_FB_B_ - omega.dot(r_FB_B_) * omega);  // F's offset from B
    for (int a = 0; a < 3; ++a) ws.f.noalias() += v_F[a] * ws.product(kKa + 2 * a);
  }
  ws.f.noalias() += ws.Q().transpose() * g_B;
  if (ws.any_load) add_node_loads(ws, s);
  // μ η̈ = f − Qᵀ r̈_B − H̃ᵀ ω̇ (the modal mass is diagonal and constant): c_η = M⁻¹ f, and eq. (12)'s
  // coupling −W M⁻¹ Wᵀ as a sum of fixed-size 6×6 rank-one updates, one per mode.
  ws.cEta = inv_mu_.cwiseProduct(ws.f);
  Eigen::Matrix<double, 6, 6> coupling = Eigen::Matrix<double, 6, 6>::Zero();
  for (Eigen::Index k = 0; k < n_; ++k) {
    const Eigen::Matrix<double, 6, 1> w = ws.W.col(k);
    coupling.noalias() -= (inv_mu_[k] * w) * w.transpose();
  }
  s.A += coupling.topLeftCorner<3, 3>();
  s.B += coupling.topRightCorner<3, 3>();
  s.C += coupling.bottomLeftCorner<3, 3>();
  s.D += coupling.bottomRightCorner<3, 3>();
  // eq. (12): c'' = Q η̈ + cPP and h' = H̃ η̈ + hPrime (eq. (9)) in the hub's rows.
  const Eigen::Matrix<double, 6, 1> w_c = ws.W * ws.cEta;
  s.vecTrans -= w_c.head<3>() + ws.cPP;
  s.vecRot -= w_c.tail<3>();
  const Eigen::Vector3d h_rel = ws.Ht() * etaDot;
  s.vecRot -= ws.hPrime + omega.cross(h_rel);
}

void FlexibleBody::add_node_loads(Workspace& ws, HubSystem& s) const {
  for (std::size_t k = 0; k < modes_.nodes.size(); ++k) {
    if (!ws.loaded[k]) continue;
    const ModalNode& node = modes_.nodes[k];
    const Eigen::Matrix3d dcm_FS = ws.node_dcm_SF[k].transpose();
    const Eigen::Vector3d f_F = dcm_FS * ws.node_loads[k].force_F;
    const Eigen::Vector3d tau_F = dcm_FS * ws.node_loads[k].torque_PntF_F;
    // eq. (16): the virtual work of the load through the velocities of eq. (15).
    ws.f.noalias() += node.phi_F.transpose() * f_F;
    ws.f.noalias() += node.psi_F.transpose() * tau_F;
    const Eigen::Vector3d f_B = dcm_BF_ * f_F;
    s.vecTrans += f_B;
    s.vecRot += ws.node_r_SB_B[k].cross(f_B) + dcm_BF_ * tau_F;  // the node's place from segment()
  }
}

Eigen::Vector3d FlexibleBody::derivatives(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws_base,
                                          StateBlockRef dxdt) const {
  const auto& ws = static_cast<const Workspace&>(ws_base);
  dxdt.head(n_) = x.tail(n_);
  // eq. (10): η̈ = c_η − M⁻¹ Wᵀ (r̈_B, ω̇).
  Eigen::Matrix<double, 6, 1> acc;
  acc << ctx.acc.rDDot_BN_B, ctx.acc.omegaDot_BN_B;
  auto etaDDot = dxdt.tail(n_);
  etaDDot.noalias() = ws.W.transpose() * acc;
  etaDDot = ws.cEta - inv_mu_.cwiseProduct(etaDDot);
  Eigen::Vector3d cDDot = ws.cPP;
  cDDot.noalias() += ws.Q() * etaDDot;
  return inertial_relative_acceleration(m_, ws.c / m_, ws.cPrime / m_, cDDot, ctx.hub.omega_FN_F,
                                        ctx.acc.omegaDot_BN_B);
}

EnergyMomentumContribution FlexibleBody::energy_momentum(const EvaluationContext& ctx, ConstStateBlock x,
                                                         const EffectorWorkspace& ws_base) const {
  const auto& ws = static_cast<const Workspace&>(ws_base);
  const auto eta = x.head(n_);
  const auto etaDot = x.tail(n_);
  const Eigen::Vector3d& omega = ctx.hub.omega_FN_F;
  const Eigen::Vector3d h_rel = ws.Ht() * etaDot;
  // eq. (13)
  EnergyMomentumContribution e;
  e.H_PntB_B = ws.I * omega + h_rel;
  e.kinetic_energy = 0.5 * omega.dot(ws.I * omega) + omega.dot(h_rel) + 0.5 * etaDot.dot(mu_.cwiseProduct(etaDot));
  e.potential_energy = 0.5 * eta.dot(stiffness_.cwiseProduct(eta));
  return e;
}

}  // namespace ramus
