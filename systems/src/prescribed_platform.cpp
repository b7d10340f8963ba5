// Prescribed motion platform: docs/models/prescribed_platform.md, eqs. (1)–(17): the platform
// (1)–(11) and the state effectors it hosts (12)–(17).
#include "ramus/systems/prescribed_platform.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

using validation::to_text;

/// The platform's motion at τ, written by kinematics(), read by the later stages of the evaluation.
struct PrescribedPlatformWorkspace final : EffectorWorkspace {
  Eigen::Matrix3d dcm_BP = Eigen::Matrix3d::Identity();       ///< [1]
  Eigen::Vector3d r_PB_B = Eigen::Vector3d::Zero();           ///< [m] origin of P
  Eigen::Vector3d rPrime_PB_B = Eigen::Vector3d::Zero();      ///< [m/s]
  Eigen::Vector3d omega_PB_B = Eigen::Vector3d::Zero();       ///< [rad/s]
  Eigen::Vector3d omegaPrime_PB_B = Eigen::Vector3d::Zero();  ///< [rad/s²]
  Eigen::Vector3d r = Eigen::Vector3d::Zero();                ///< [m] r_PcB_B, eq. (3)
  Eigen::Vector3d rPrime = Eigen::Vector3d::Zero();           ///< [m/s]
  Eigen::Vector3d rPrimePrime = Eigen::Vector3d::Zero();      ///< [m/s²]
  Eigen::Matrix3d I_c = Eigen::Matrix3d::Zero();              ///< [kg m²] about Pc, in B
  Eigen::Matrix3d IPrime_c = Eigen::Matrix3d::Zero();         ///< [kg m²/s]
  /// The children's evaluation: frame P (segment 0) as their hub, its accelerations.
  EvaluationContext ctx_P;
  Wrench children;  ///< [N], [N m] dynamic children's loads, in P about P
  Wrench actuator;  ///< [N], [N m] eq. (8), in P about P
  // State-effector children (eqs. 12–17), one entry each
  std::vector<std::unique_ptr<EffectorWorkspace>> child;       ///< their own workspaces
  std::vector<CentreOfMass> child_mass_P;                      ///< eq. (12): relative to P, in P
  std::vector<HubSystem> child_rows_P;                         ///< eq. (14): their momentum-rate rows about P, in P
  std::vector<Wrench> child_loads_P;                           ///< dynamic loads on their segments, in P about P
  Eigen::Vector3d rPrimePrime_PB_B = Eigen::Vector3d::Zero();  ///< [m/s²]
  explicit PrescribedPlatformWorkspace(std::size_t n) : child(n), child_mass_P(n), child_rows_P(n), child_loads_P(n) {}
};

}  // namespace

PrescribedPlatform::PrescribedPlatform(std::string name, const PrescribedPlatformConfig& c, PrescribedProfile profile,
                                       std::vector<std::shared_ptr<StateEffector>> children)
    : StateEffector(std::move(name)),
      m_(c.mass.value()),
      I_PntPc_P_(c.I_PntPc_P.si()),
      r_PcP_P_(c.r_PcP_P.si()),
      r_MB_B_(c.r_MB_B.si()),
      dcm_MB_(c.dcm_MB),
      tau0_(c.tau0.value()),
      profile_(std::move(profile)),
      children_(std::move(children)) {
  const std::string owner = label();
  validation::require_positive(owner, "mass [kg]", m_);
  validation::require_inertia(owner, "I_PntPc_P [kg m^2]", I_PntPc_P_);
  validation::require_finite(owner, "r_PcP_P [m]", r_PcP_P_);
  validation::require_finite(owner, "r_MB_B [m]", r_MB_B_);
  validation::require_rotation(owner, "dcm_MB", dcm_MB_);
  validation::require_finite(owner, "tau0 [s]", tau0_);
  if (!profile_) throw ConfigurationError(owner, "profile", "empty", "needs a profile of time");
  Eigen::Index offset = 1;  // after "tau"
  std::size_t segment = 1;  // after the platform frame
  for (std::size_t k = 0; k < children_.size(); ++k) {
    if (!children_[k]) throw ConfigurationError(owner, "child " + std::to_string(k), "null", "needs an effector");
    // A mass-varying child needs the kernel's mass-rate terms (architecture.md §6), which the
    // platform's coupling (eqs. 12–17) does not pass on.
    if (children_[k]->varies_in_mass())
      throw ConfigurationError(owner, "child " + std::to_string(k), children_[k]->label(),
                               "an effector whose mass varies (a fuel tank) cannot be mounted on a prescribed platform "
                               "(its mass rate would be lost)");
    for (std::size_t j = 0; j < k; ++j)
      if (children_[j] == children_[k] || children_[j]->name() == children_[k]->name())
        throw ConfigurationError(owner, "child " + std::to_string(k), children_[k]->label(),
                                 "is already mounted on this platform");
    Eigen::Index size = 0;
    for (const StateBlockSpec& b : children_[k]->state_blocks()) size += b.size;
    child_offset_.push_back(offset);
    child_size_.push_back(size);
    child_segment0_.push_back(segment);
    child_outputs_.push_back(children_[k]->outputs().size());
    offset += size;
    segment += children_[k]->segment_count();
  }
  // One object, one place (kernel placement.hpp): all free before any is claimed, so that a refused
  // platform leaves every child as it was.
  for (const auto& child : children_) require_free_to_host(*child);
  for (const auto& child : children_) claim_hosted(*child);
}

PrescribedPlatform::~PrescribedPlatform() {
  for (const auto& c : children_) release_hosted(*c);
}

std::vector<StateEffector::OutputSpec> PrescribedPlatform::outputs() const {
  std::vector<OutputSpec> out;
  for (const auto& c : children_)
    for (OutputSpec o : c->outputs()) {
      o.name = c->name() + "." + o.name;
      out.push_back(std::move(o));
    }
  return out;
}

void PrescribedPlatform::write_output(std::size_t i, ConstStateBlock x, std::span<double> out) const {
  for (std::size_t k = 0; k < children_.size(); ++k) {
    const std::size_t n = child_outputs_[k];
    if (i < n) return children_[k]->write_output(i, x.segment(child_offset_[k], child_size_[k]), out);
    i -= n;
  }
  StateEffector::write_output(i, x, out);
}

std::size_t PrescribedPlatform::segment_count() const {
  std::size_t n = 1;
  for (const auto& c : children_) n += c->segment_count();
  return n;
}

StateBlockRef PrescribedPlatform::child_state(std::size_t k, StateBlockRef platform_block) const {
  if (k >= children_.size())
    throw ConfigurationError(label(), "child index", std::to_string(k),
                             "out of range (" + std::to_string(children_.size()) + " children)");
  return platform_block.segment(child_offset_[k], child_size_[k]);
}

const EffectorWorkspace& PrescribedPlatform::child_workspace(std::size_t k, const EffectorWorkspace& ws) const {
  if (k >= children_.size())
    throw ConfigurationError(label(), "child index", std::to_string(k),
                             "out of range (" + std::to_string(children_.size()) + " children)");
  return *static_cast<const PrescribedPlatformWorkspace&>(ws).child[k];
}

void PrescribedPlatform::validate() const {
  const std::string owner = label();
  const PrescribedPose p = profile_(tau0_);
  const std::string field = "profile(tau0 = " + to_text(tau0_) + ")";
  validation::require_finite(owner, field + ".r_PM_M [m]", p.r_PM_M);
  validation::require_finite(owner, field + ".rPrime_PM_M [m/s]", p.rPrime_PM_M);
  validation::require_finite(owner, field + ".rPrimePrime_PM_M [m/s^2]", p.rPrimePrime_PM_M);
  validation::require_unit_quaternion(owner, field + ".q_PM", p.q_PM);
  validation::require_finite(owner, field + ".omega_PM_P [rad/s]", p.omega_PM_P);
  validation::require_finite(owner, field + ".omegaPrime_PM_P [rad/s^2]", p.omegaPrime_PM_P);
  for (const auto& c : children_) c->validate();
}

const Wrench& PrescribedPlatform::actuator_wrench(const EffectorWorkspace& ws) const {
  return static_cast<const PrescribedPlatformWorkspace&>(ws).actuator;
}

Wrench PrescribedPlatform::actuator_wrench(const System& system, const Eigen::VectorXd& x, double t) const {
  const Model::EffectorIndex at = system.model().locate(*this);  // before evaluating: a foreign platform throws
  Eigen::VectorXd dxdt(x.size());
  system(x, dxdt, t);
  return actuator_wrench(*system.workspace().vehicles[at.vehicle].effectors[at.state_effector]);
}

std::vector<StateBlockSpec> PrescribedPlatform::state_blocks() const {
  std::vector<StateBlockSpec> b = {{"tau", 1, "s"}};
  for (const auto& c : children_)
    for (StateBlockSpec s : c->state_blocks()) {
      s.name = c->name() + "." + s.name;
      b.push_back(std::move(s));
    }
  return b;
}

namespace {
Eigen::Index input_count(const StateEffector& e) {
  Eigen::Index n = 0;
  for (const InputSpec& s : e.input_blocks()) n += s.size;
  return n;
}
}  // namespace

std::vector<InputSpec> PrescribedPlatform::input_blocks() const {
  std::vector<InputSpec> b;
  for (const auto& c : children_)
    for (InputSpec s : c->input_blocks()) {
      s.name = c->name() + "." + s.name;
      b.push_back(std::move(s));
    }
  return b;
}

std::vector<InputProfile> PrescribedPlatform::input_profiles() const {
  std::vector<InputProfile> profiles;
  Eigen::Index first = 0;
  for (const auto& c : children_) {
    for (InputProfile p : c->input_profiles()) {
      p.channel += first;
      profiles.push_back(std::move(p));
    }
    first += input_count(*c);
  }
  return profiles;
}

Eigen::Index PrescribedPlatform::child_input_offset(std::size_t k) const {
  if (k >= children_.size())
    throw ConfigurationError(label(), "child index", std::to_string(k),
                             "out of range (" + std::to_string(children_.size()) + " children)");
  Eigen::Index first = 0;
  for (std::size_t j = 0; j < k; ++j) first += input_count(*children_[j]);
  return first;
}

void PrescribedPlatform::bind_inputs(EffectorWorkspace& ws, const double* u, Eigen::Index n) const {
  ws.bind_inputs(u, n);
  auto& w = static_cast<PrescribedPlatformWorkspace&>(ws);
  Eigen::Index first = 0;
  for (std::size_t k = 0; k < children_.size(); ++k) {
    const Eigen::Index size = input_count(*children_[k]);
    children_[k]->bind_inputs(*w.child[k], u + first, size);
    first += size;
  }
}

void PrescribedPlatform::write_initial_state(StateBlockRef x) const {
  x[0] = tau0_;
  for (std::size_t k = 0; k < children_.size(); ++k)
    children_[k]->write_initial_state(x.segment(child_offset_[k], child_size_[k]));
}

std::unique_ptr<EffectorWorkspace> PrescribedPlatform::make_workspace() const {
  auto ws = std::make_unique<PrescribedPlatformWorkspace>(children_.size());
  for (std::size_t k = 0; k < children_.size(); ++k) ws->child[k] = children_[k]->make_workspace();
  return ws;
}

void PrescribedPlatform::kinematics(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws_base) const {
  auto& ws = static_cast<PrescribedPlatformWorkspace&>(ws_base);
  const PrescribedPose p = profile_(x[0]);  // eq. (1): the pose at the clock τ
  // eq. (2): P relative to B (M fixed in B)
  const Eigen::Matrix3d dcm_BM = dcm_MB_.transpose();
  ws.dcm_BP = dcm_BM * rotation_matrix(p.q_PM.normalized());
  ws.r_PB_B = r_MB_B_ + dcm_BM * p.r_PM_M;
  ws.rPrime_PB_B = dcm_BM * p.rPrime_PM_M;
  ws.rPrimePrime_PB_B = dcm_BM * p.rPrimePrime_PM_M;
  const Eigen::Vector3d& rPP_PB_B = ws.rPrimePrime_PB_B;
  ws.omega_PB_B = ws.dcm_BP * p.omega_PM_P;
  ws.omegaPrime_PB_B = ws.dcm_BP * p.omegaPrime_PM_P;  // d/dt_B (dcm_BP w_P) = dcm_BP (w'_P + w_P × w_P)
  // eq. (3): the centre of mass and the inertia
  const Eigen::Vector3d c = ws.dcm_BP * r_PcP_P_;
  const Eigen::Vector3d& w = ws.omega_PB_B;
  ws.r = ws.r_PB_B + c;
  ws.rPrime = ws.rPrime_PB_B + w.cross(c);
  ws.rPrimePrime = rPP_PB_B + ws.omegaPrime_PB_B.cross(c) + w.cross(w.cross(c));
  ws.I_c = ws.dcm_BP * I_PntPc_P_ * ws.dcm_BP.transpose();
  ws.IPrime_c = tilde(w) * ws.I_c - ws.I_c * tilde(w);
  // segment 0: frame P
  const Eigen::Matrix3d dcm_NB = ctx.hub.dcm_FN.transpose();
  ws.ctx_P.hub.r_FN_N = ctx.hub.r_FN_N + dcm_NB * ws.r_PB_B;
  ws.ctx_P.hub.v_FN_N = ctx.hub.v_FN_N + dcm_NB * (ws.rPrime_PB_B + ctx.hub.omega_FN_F.cross(ws.r_PB_B));
  ws.ctx_P.hub.dcm_FN = ws.dcm_BP.transpose() * ctx.hub.dcm_FN;
  ws.ctx_P.hub.omega_FN_F = ws.dcm_BP.transpose() * (ctx.hub.omega_FN_F + w);
  ws.ctx_P.t = ctx.t;
  ws.children = Wrench{};
  for (Wrench& l : ws.child_loads_P) l = Wrench{};
  // the children, with P as their hub (eq. 12)
  for (std::size_t k = 0; k < children_.size(); ++k)
    children_[k]->kinematics(ws.ctx_P, x.segment(child_offset_[k], child_size_[k]), *ws.child[k]);
}

const FrameKinematics& PrescribedPlatform::segment(std::size_t s, const EffectorWorkspace& ws_base) const {
  const auto& ws = static_cast<const PrescribedPlatformWorkspace&>(ws_base);
  if (s == 0) return ws.ctx_P.hub;
  for (std::size_t k = 0; k < children_.size(); ++k)
    if (s < child_segment0_[k] + children_[k]->segment_count())
      return children_[k]->segment(s - child_segment0_[k], *ws.child[k]);
  throw ConfigurationError(label(), "segment", std::to_string(s),
                           "out of range (" + std::to_string(segment_count()) + " segments, 0-based)");
}

void PrescribedPlatform::add_segment_wrench(std::size_t s, const Wrench& w, EffectorWorkspace& ws_base) const {
  auto& ws = static_cast<PrescribedPlatformWorkspace&>(ws_base);
  if (s == 0) {
    ws.children += w;
    return;
  }
  for (std::size_t k = 0; k < children_.size(); ++k)
    if (s < child_segment0_[k] + children_[k]->segment_count()) {
      // for the actuator wrench (eq. 8): the load in P about P (positions relative to N cancel to ~ulp(|r_PN|))
      const FrameKinematics& f = children_[k]->segment(s - child_segment0_[k], *ws.child[k]);
      const Eigen::Matrix3d dcm_PS = ws.ctx_P.hub.dcm_FN * f.dcm_FN.transpose();
      const Eigen::Vector3d F_P = dcm_PS * w.force_F;
      const Eigen::Vector3d r_SP_P = ws.ctx_P.hub.dcm_FN * (f.r_FN_N - ws.ctx_P.hub.r_FN_N);
      ws.child_loads_P[k].force_F += F_P;
      ws.child_loads_P[k].torque_PntF_F += dcm_PS * w.torque_PntF_F + r_SP_P.cross(F_P);
      children_[k]->add_segment_wrench(s - child_segment0_[k], w, *ws.child[k]);
      return;
    }
  throw ConfigurationError(label(), "segment wrench", std::to_string(s),
                           "out of range (" + std::to_string(segment_count()) + " segments, 0-based)");
}

CentreOfMass PrescribedPlatform::mass_properties(const EvaluationContext&, ConstStateBlock x,
                                                 EffectorWorkspace& ws_base) const {
  auto& ws = static_cast<PrescribedPlatformWorkspace&>(ws_base);
  // eq. (4), and eq. (13): each child's centre of mass from (relative to P, in P) to (relative to B, in B)
  double m = m_;
  Eigen::Vector3d mr = m_ * ws.r, mrp = m_ * ws.rPrime;
  const Eigen::Matrix3d& R = ws.dcm_BP;
  const Eigen::Vector3d w_P = R.transpose() * ws.omega_PB_B;
  for (std::size_t k = 0; k < children_.size(); ++k) {
    const CentreOfMass& mp = ws.child_mass_P[k] =
        children_[k]->mass_properties(ws.ctx_P, x.segment(child_offset_[k], child_size_[k]), *ws.child[k]);
    m += mp.m;
    mr += mp.m * (ws.r_PB_B + R * mp.r_CB_B);
    mrp += mp.m * (ws.rPrime_PB_B + R * (mp.rPrime_CB_B + w_P.cross(mp.r_CB_B)));
  }
  return {m, mr / m, mrp / m, 0.0};
}

void PrescribedPlatform::contributions(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws_base,
                                       HubSystem& s) const {
  auto& ws = static_cast<PrescribedPlatformWorkspace&>(ws_base);
  const Eigen::Vector3d& omega = ctx.hub.omega_FN_F;
  const Eigen::Vector3d& r = ws.r;
  const Eigen::Vector3d& rp = ws.rPrime;
  const Eigen::Vector3d& w = ws.omega_PB_B;
  // eq. (4): the platform body's rigid rows
  MassProperties body;
  body.m = m_;
  body.r_CB_B = r;
  body.rPrime_CB_B = rp;
  body.I_PntB_B = ws.I_c + m_ * (r.squaredNorm() * Eigen::Matrix3d::Identity() - r * r.transpose());
  body.IPrime_PntB_B =
      ws.IPrime_c + m_ * (2.0 * r.dot(rp) * Eigen::Matrix3d::Identity() - rp * r.transpose() - r * rp.transpose());
  add_rigid_rows(body, omega, s);
  // eq. (6): the momentum rates the rigid rows miss, to the right-hand side
  s.vecTrans -= m_ * ws.rPrimePrime;
  s.vecRot -= m_ * r.cross(ws.rPrimePrime) + ws.IPrime_c * w + ws.I_c * ws.omegaPrime_PB_B +
              omega.cross(ws.I_c * w + m_ * r.cross(rp));
  // eq. (7): the dynamic children's loads on P pass to the hub unchanged (the platform is driven)
  const Eigen::Vector3d F_B = ws.dcm_BP * ws.children.force_F;
  s.vecTrans += F_B;
  s.vecRot += ws.dcm_BP * ws.children.torque_PntF_F + ws.r_PB_B.cross(F_B);
  if (children_.empty()) return;
  // eqs. (14)–(15): each child's momentum-rate rows about P (its whole contributions, with P as
  // hub), carried to B through a_P = [PB](r̈_B − [r_PB×] ω̇ + k_a), α_P = [PB](ω̇ + k_α).
  ws.ctx_P.g_N = ctx.g_N;
  const Eigen::Matrix3d& R = ws.dcm_BP;
  const Eigen::Matrix3d Rt = R.transpose();
  const Eigen::Matrix3d rt = tilde(ws.r_PB_B);
  const Eigen::Vector3d k_a =
      omega.cross(omega.cross(ws.r_PB_B)) + 2.0 * omega.cross(ws.rPrime_PB_B) + ws.rPrimePrime_PB_B;
  const Eigen::Vector3d k_alpha = ws.omegaPrime_PB_B + omega.cross(w);
  for (std::size_t k = 0; k < children_.size(); ++k) {
    HubSystem& S = ws.child_rows_P[k];
    S.set_zero();
    children_[k]->contributions(ws.ctx_P, x.segment(child_offset_[k], child_size_[k]), *ws.child[k], S);
    const Eigen::Matrix3d A_PB = S.A * Rt, B_PB = S.B * Rt, C_PB = S.C * Rt, D_PB = S.D * Rt;
    const Eigen::Matrix3d A_F = R * A_PB, B_F = R * (B_PB - A_PB * rt);
    const Eigen::Vector3d c_F = R * (A_PB * k_a + B_PB * k_alpha - S.vecTrans);
    const Eigen::Matrix3d C_M = R * C_PB + rt * A_F, D_M = R * (D_PB - C_PB * rt) + rt * B_F;
    const Eigen::Vector3d c_M = R * (C_PB * k_a + D_PB * k_alpha - S.vecRot) + rt * c_F;
    s.A += A_F;
    s.B += B_F;
    s.C += C_M;
    s.D += D_M;
    s.vecTrans -= c_F;
    s.vecRot -= c_M;
  }
}

Eigen::Vector3d PrescribedPlatform::derivatives(const EvaluationContext& ctx, ConstStateBlock x,
                                                EffectorWorkspace& ws_base, StateBlockRef dxdt) const {
  auto& ws = static_cast<PrescribedPlatformWorkspace&>(ws_base);
  dxdt[0] = 1.0;  // eq. (1)
  const HubAccelerations& acc = ctx.acc;
  const Eigen::Vector3d& omega = ctx.hub.omega_FN_F;
  const Eigen::Vector3d& r = ws.r;
  const Eigen::Matrix3d& R = ws.dcm_BP;
  const Eigen::Matrix3d Rt = R.transpose();
  const Eigen::Vector3d g_B = ctx.hub.dcm_FN * ctx.g_N;
  // The platform body's m r̈ relative to B's (eq. 3's c.o.m. at r, inertial)
  const Eigen::Vector3d rDDot_rel =
      acc.omegaDot_BN_B.cross(r) + omega.cross(omega.cross(r)) + 2.0 * omega.cross(ws.rPrime) + ws.rPrimePrime;
  Eigen::Vector3d m_rDDot = m_ * rDDot_rel;
  // eq. (16): the children's derivatives with the platform's accelerations
  const Eigen::Vector3d k_a =
      omega.cross(omega.cross(ws.r_PB_B)) + 2.0 * omega.cross(ws.rPrime_PB_B) + ws.rPrimePrime_PB_B;
  const Eigen::Vector3d k_alpha = ws.omegaPrime_PB_B + omega.cross(ws.omega_PB_B);
  const Eigen::Vector3d aP_rel = acc.omegaDot_BN_B.cross(ws.r_PB_B) + k_a;  // a_P − a_B, in B
  HubAccelerations& acc_P = ws.ctx_P.acc;
  acc_P.rDDot_BN_B = Rt * (acc.rDDot_BN_B + aP_rel);
  acc_P.omegaDot_BN_B = Rt * (acc.omegaDot_BN_B + k_alpha);
  const Eigen::Vector3d g_P = Rt * g_B;
  Eigen::Vector3d F_sup_P = Eigen::Vector3d::Zero(), L_sup_P = Eigen::Vector3d::Zero();  // on the children, about P
  for (std::size_t k = 0; k < children_.size(); ++k) {
    const CentreOfMass& mp = ws.child_mass_P[k];
    // the child's m r̈ relative to P's acceleration, in P: relative to B's, a_P − a_B is added
    const Eigen::Vector3d m_rDDot_P =
        children_[k]->derivatives(ws.ctx_P, x.segment(child_offset_[k], child_size_[k]), *ws.child[k],
                                  dxdt.segment(child_offset_[k], child_size_[k]));
    m_rDDot += mp.m * aP_rel + R * m_rDDot_P;
    // the support wrench: the momentum-rate rows minus gravity and the loads on the child's segments
    const HubSystem& S = ws.child_rows_P[k];
    const Eigen::Vector3d F_row = S.A * acc_P.rDDot_BN_B + S.B * acc_P.omegaDot_BN_B - S.vecTrans;
    const Eigen::Vector3d L_row = S.C * acc_P.rDDot_BN_B + S.D * acc_P.omegaDot_BN_B - S.vecRot;
    F_sup_P += F_row - mp.m * g_P - ws.child_loads_P[k].force_F;
    L_sup_P += L_row - (mp.m * mp.r_CB_B).cross(g_P) - ws.child_loads_P[k].torque_PntF_F;
  }
  // eq. (8): Newton–Euler of the platform body, minus gravity and the dynamic children's loads,
  // plus the reaction of the state children (−support wrench)
  const Eigen::Vector3d a_Pc = acc.rDDot_BN_B + rDDot_rel;
  const Eigen::Vector3d w_PN = omega + ws.omega_PB_B;
  const Eigen::Vector3d wDot_PN = acc.omegaDot_BN_B + ws.omegaPrime_PB_B + omega.cross(ws.omega_PB_B);
  const Eigen::Vector3d c = r - ws.r_PB_B;  // Pc relative to P
  const Eigen::Vector3d F_other = R * (ws.children.force_F - F_sup_P);
  const Eigen::Vector3d L_other_Pc = R * (ws.children.torque_PntF_F - L_sup_P) - c.cross(F_other);
  const Eigen::Vector3d F_act = m_ * a_Pc - m_ * g_B - F_other;
  const Eigen::Vector3d L_act_Pc = ws.I_c * wDot_PN + w_PN.cross(ws.I_c * w_PN) - L_other_Pc;
  ws.actuator.force_F = Rt * F_act;
  ws.actuator.torque_PntF_F = Rt * (L_act_Pc + c.cross(F_act));
  return m_rDDot;
}

EnergyMomentumContribution PrescribedPlatform::energy_momentum(const EvaluationContext& ctx, ConstStateBlock x,
                                                               const EffectorWorkspace& ws_base) const {
  const auto& ws = static_cast<const PrescribedPlatformWorkspace&>(ws_base);
  const Eigen::Vector3d& omega = ctx.hub.omega_FN_F;
  const Eigen::Vector3d rDot = ws.rPrime + omega.cross(ws.r);
  const Eigen::Vector3d w_PN = omega + ws.omega_PB_B;
  // eq. (11)
  EnergyMomentumContribution e;
  e.H_PntB_B = ws.I_c * w_PN + m_ * ws.r.cross(rDot);
  e.kinetic_energy = 0.5 * w_PN.dot(ws.I_c * w_PN) + 0.5 * m_ * rDot.squaredNorm();
  // eq. (17): each child's, from P (frame translating with P) to B (frame translating with B)
  const Eigen::Matrix3d& R = ws.dcm_BP;
  const Eigen::Vector3d v_P = ws.rPrime_PB_B + omega.cross(ws.r_PB_B);  // P relative to B's translating frame
  for (std::size_t k = 0; k < children_.size(); ++k) {
    const EnergyMomentumContribution c =
        children_[k]->energy_momentum(ws.ctx_P, x.segment(child_offset_[k], child_size_[k]), *ws.child[k]);
    const CentreOfMass& mp = ws.child_mass_P[k];
    const Eigen::Vector3d cP = R * mp.r_CB_B;
    const Eigen::Vector3d v_rel = R * (mp.rPrime_CB_B + ws.ctx_P.hub.omega_FN_F.cross(mp.r_CB_B));
    e.H_PntB_B += R * c.H_PntB_B + mp.m * ws.r_PB_B.cross(v_rel + v_P) + mp.m * cP.cross(v_P);
    e.kinetic_energy += c.kinetic_energy + mp.m * v_rel.dot(v_P) + 0.5 * mp.m * v_P.squaredNorm();
    e.potential_energy += c.potential_energy;
  }
  return e;
}

}  // namespace ramus
