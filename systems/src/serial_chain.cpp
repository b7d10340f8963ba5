// The articulated-body recursion of a serial chain on the hub: docs/models/serial_chain.md.
// Spatial vectors are rotation first, (w; v) and (n; f), in link components about the link
// origin; velocities relative to the inertial frame moving with B's current velocity (eq. 2).
#include "ramus/systems/serial_chain.hpp"

#include <cmath>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

struct LinkData {
  Eigen::Matrix3d E;         ///< dcm_SiPi
  Eigen::Vector3d r;         ///< [m] r_SiPi_Pi
  Eigen::Matrix3d dcm_BS;    ///< S_i → B
  Eigen::Vector3d r_SB_B;    ///< [m] link origin relative to B
  Eigen::Vector3d w, v;      ///< spatial velocity of link i in S_i (eq. K1)
  double qDot = 0.0;         ///< joint rate, zero when locked
  FrameKinematics frame;     ///< published segment kinematics
  Eigen::Vector3d r_ScB_B;   ///< [m] centre of mass relative to B
  Eigen::Vector3d rDot_ScB_B;///< [m/s] its inertial derivative, in B
  Eigen::Matrix3d I_PntSc_B; ///< [kg m²] inertia about Sc in B
  Eigen::Vector3d cw, cv;    ///< velocity-product acceleration ĉ (eq. K2)
  Eigen::Matrix3d MA, HA, KA;///< articulated inertia blocks (eqs. K3, A3)
  Eigen::Vector3d pn, pf;    ///< articulated bias force
  Eigen::Vector3d Uw, Uv;    ///< U = I^A ŝ (eq. A1)
  double D_inv = 0.0;        ///< 1 / (ŝᵀ I^A ŝ)
  double u_art = 0.0;        ///< τ − ŝᵀ p^A
  Wrench ext;                ///< children's wrench on this segment, in S_i about its origin
};

struct ChainWorkspace final : EffectorWorkspace {
  explicit ChainWorkspace(std::size_t n) : links(n) {}
  std::vector<LinkData> links;
  Eigen::Vector3d omega_BN_B = Eigen::Vector3d::Zero();
  // Articulated inertia and bias of the whole chain at B, in B (the hub slot of eq. A3)
  Eigen::Matrix3d M0, H0, K0;
  Eigen::Vector3d n0, f0;
  // Sums of eq. (6)
  double m = 0.0;
  Eigen::Vector3d h, hPrime;
  Eigen::Matrix3d I_ch, IPrime_ch;
};

ChainWorkspace& chain(EffectorWorkspace& ws) { return static_cast<ChainWorkspace&>(ws); }
const ChainWorkspace& chain(const EffectorWorkspace& ws) { return static_cast<const ChainWorkspace&>(ws); }

/// Frame rotated by +q about the unit axis s: cos q 1 − sin q [s×] + (1 − cos q) s sᵀ (eq. 4).
Eigen::Matrix3d joint_rotation(const Eigen::Vector3d& s, double q) {
  const double cq = std::cos(q), sq = std::sin(q);
  return cq * Eigen::Matrix3d::Identity() - sq * tilde(s) + (1.0 - cq) * s * s.transpose();
}

}  // namespace

SerialChain::SerialChain(std::string name, std::vector<ChainLink> links, std::string kind)
    : StateEffector(std::move(name)), kind_(std::move(kind)), links_(std::move(links)) {
  if (links_.empty()) throw ConfigurationError(label(), "links", "0", "a chain needs at least one joint");
  for (std::size_t i = 0; i < links_.size(); ++i) {
    const ChainLink& L = links_[i];
    const std::string owner = label() + " joint " + std::to_string(i + 1);
    validation::require_non_negative(owner, "mass [kg]", L.m);
    validation::require_finite(owner, "r_ScS_S [m]", L.r_ScS_S);
    if (!L.I_PntSc_S.allFinite() || (L.I_PntSc_S - L.I_PntSc_S.transpose()).norm() > 1e-12 * L.I_PntSc_S.norm())
      throw ConfigurationError(owner, "I_PntSc_S [kg m^2]", validation::to_text(L.I_PntSc_S),
                               "must be finite and symmetric");
    if (L.m > 0.0 || !L.I_PntSc_S.isZero(0.0)) validation::require_inertia(owner, "I_PntSc_S [kg m^2]", L.I_PntSc_S);
    validation::require_rotation(owner, "dcm_S0P", L.dcm_S0P);
    validation::require_finite(owner, "r_S0P_P [m]", L.r_S0P_P);
    validation::require_unit_vector(owner, "axis", L.axis_S);
    validation::require_non_negative(owner, "k (spring)", L.k);
    validation::require_non_negative(owner, "c (damper)", L.c);
    validation::require_finite(owner, "q_ref", L.q_ref);
    validation::require_finite(owner, "qDot_ref", L.qDot_ref);
    validation::require_finite(owner, "initial coordinate", L.q0);
    validation::require_finite(owner, "initial rate", L.qDot0);
    validation::require_finite(owner, "motor input", L.u);
    if (L.locked && L.qDot0 != 0.0)
      throw ConfigurationError(owner, "initial rate (joint locked)", validation::to_text(L.qDot0),
                               "a locked joint must start at rest");
    // Eq. (1): rigid spatial inertia about S: M = I_c + m(cᵀc 1 − c cᵀ), H = m [c×], K = m 1.
    M_.push_back(L.I_PntSc_S + L.m * (L.r_ScS_S.squaredNorm() * Eigen::Matrix3d::Identity() -
                                      L.r_ScS_S * L.r_ScS_S.transpose()));
    H_.push_back(L.m * tilde(L.r_ScS_S));
    u_.push_back(L.u);
    profile_.emplace_back();
    locked_.push_back(L.locked ? 1 : 0);
  }
}

void SerialChain::set_state_names(std::string q, std::string qDot) {
  q_name_ = std::move(q);
  qDot_name_ = std::move(qDot);
}

void SerialChain::set_motor_input(std::size_t joint, double u) {
  if (joint >= links_.size())
    throw ConfigurationError(label(), "motor input joint", std::to_string(joint),
                             "out of range (" + std::to_string(links_.size()) + " joints, 0-based)");
  validation::require_finite(label() + " joint " + std::to_string(joint + 1), "motor input", u);
  u_[joint] = u;
}

void SerialChain::set_motor_profile(std::size_t joint, MotorProfile profile) {
  if (joint >= links_.size())
    throw ConfigurationError(label(), "motor profile joint", std::to_string(joint),
                             "out of range (" + std::to_string(links_.size()) + " joints, 0-based)");
  profile_[joint] = std::move(profile);
}

void SerialChain::set_locked(std::size_t joint, bool locked, StateBlockRef x_block) {
  const Eigen::Index n = static_cast<Eigen::Index>(links_.size());
  if (joint >= links_.size())
    throw ConfigurationError(label(), "lock joint", std::to_string(joint),
                             "out of range (" + std::to_string(links_.size()) + " joints, 0-based)");
  if (x_block.size() != 2 * n)
    throw ConfigurationError(label(), "state block size", std::to_string(x_block.size()),
                             "must be " + std::to_string(2 * n) + " (pass Model::state_block of this effector)");
  locked_[joint] = locked ? 1 : 0;
  if (locked) x_block[n + static_cast<Eigen::Index>(joint)] = 0.0;
}

std::vector<StateBlockSpec> SerialChain::state_blocks() const {
  bool all_revolute = true, all_prismatic = true;
  for (const ChainLink& L : links_) {
    all_revolute = all_revolute && L.type == JointType::revolute;
    all_prismatic = all_prismatic && L.type == JointType::prismatic;
  }
  const std::string unit = all_revolute ? "rad" : all_prismatic ? "m" : "rad|m";
  const std::string rate = all_revolute ? "rad/s" : all_prismatic ? "m/s" : "rad/s|m/s";
  const Eigen::Index n = static_cast<Eigen::Index>(links_.size());
  return {{q_name_, n, unit}, {qDot_name_, n, rate}};
}

void SerialChain::validate() const {
  // D_i > 0 (eq. A1) needs mass (prismatic) or inertia about the axis (revolute) outboard of
  // every unlocked joint; the test below is necessary and, for a generic geometry, sufficient.
  for (std::size_t i = 0; i < links_.size(); ++i) {
    if (locked_[i]) continue;
    // A prismatic joint needs outboard mass; a revolute one mass or inertia.
    bool has_inertia = false;
    for (std::size_t k = i; k < links_.size(); ++k)
      has_inertia = has_inertia || links_[k].m > 0.0 ||
                    (links_[i].type == JointType::revolute && !links_[k].I_PntSc_S.isZero(0.0));
    if (!has_inertia)
      throw ConfigurationError(label() + " joint " + std::to_string(i + 1), "outboard mass and inertia", "0",
                               links_[i].type == JointType::revolute ? "an unlocked revolute joint must carry mass or inertia outboard of it" : "an unlocked prismatic joint must carry mass outboard of it");
  }
}

void SerialChain::write_initial_state(StateBlockRef x) const {
  const Eigen::Index n = static_cast<Eigen::Index>(links_.size());
  for (Eigen::Index i = 0; i < n; ++i) {
    x[i] = links_[static_cast<std::size_t>(i)].q0;
    x[n + i] = links_[static_cast<std::size_t>(i)].qDot0;
  }
}

std::unique_ptr<EffectorWorkspace> SerialChain::make_workspace() const {
  return std::make_unique<ChainWorkspace>(links_.size());
}

const FrameKinematics& SerialChain::segment(std::size_t s, const EffectorWorkspace& ws) const {
  if (s >= links_.size())
    throw ConfigurationError(label(), "segment", std::to_string(s),
                             "out of range (" + std::to_string(links_.size()) + " segments, 0-based)");
  return chain(ws).links[s].frame;
}

void SerialChain::set_segment_wrench(std::size_t s, const Wrench& w, EffectorWorkspace& ws) const {
  chain(ws).links.at(s).ext = w;
}

void SerialChain::add_segment_wrench(std::size_t s, const Wrench& w, EffectorWorkspace& ws) const {
  chain(ws).links.at(s).ext += w;
}

double SerialChain::joint_force(std::size_t i, double q, double qDot, double t) const {
  const ChainLink& L = links_[i];
  const double u = profile_[i] ? profile_[i](t) : u_[i];
  return u - L.k * (q - L.q_ref) - L.c * (qDot - L.qDot_ref);
}

void SerialChain::kinematics(const FrameKinematics& hub, ConstStateBlock x, EffectorWorkspace& wsb) const {
  ChainWorkspace& ws = chain(wsb);
  const Eigen::Index n = static_cast<Eigen::Index>(links_.size());
  const Eigen::Matrix3d dcm_NB = hub.dcm_FN.transpose();
  ws.omega_BN_B = hub.omega_FN_F;
  for (std::size_t i = 0; i < links_.size(); ++i) {
    const ChainLink& L = links_[i];
    LinkData& d = ws.links[i];
    const double q = x[static_cast<Eigen::Index>(i)];
    d.qDot = locked_[i] ? 0.0 : x[n + static_cast<Eigen::Index>(i)];
    // Joint transform, eq. (4)
    if (L.type == JointType::revolute) {
      d.E = joint_rotation(L.axis_S, q) * L.dcm_S0P;
      d.r = L.r_S0P_P;
    } else {
      d.E = L.dcm_S0P;
      d.r = L.r_S0P_P + q * (L.dcm_S0P.transpose() * L.axis_S);
    }
    // Parent: the hub (v̂_0 = (ω; 0), eq. 2) or link i−1
    const Eigen::Matrix3d dcm_BP = i == 0 ? Eigen::Matrix3d::Identity() : ws.links[i - 1].dcm_BS;
    const Eigen::Vector3d r_PB_B = i == 0 ? Eigen::Vector3d::Zero() : ws.links[i - 1].r_SB_B;
    const Eigen::Vector3d w_p = i == 0 ? hub.omega_FN_F : ws.links[i - 1].w;
    const Eigen::Vector3d v_p = i == 0 ? Eigen::Vector3d::Zero() : ws.links[i - 1].v;
    d.dcm_BS = dcm_BP * d.E.transpose();
    d.r_SB_B = r_PB_B + dcm_BP * d.r;
    // Eq. (K1): v̂_i = X_i v̂_{i−1} + ŝ_i q̇
    d.w = d.E * w_p;
    d.v = d.E * (v_p - d.r.cross(w_p));
    if (L.type == JointType::revolute) d.w += L.axis_S * d.qDot;
    else d.v += L.axis_S * d.qDot;
    // Published segment kinematics, eq. (7)
    d.frame.dcm_FN = d.dcm_BS.transpose() * hub.dcm_FN;
    d.frame.r_FN_N = hub.r_FN_N + dcm_NB * d.r_SB_B;
    d.frame.v_FN_N = hub.v_FN_N + dcm_NB * (d.dcm_BS * d.v);
    d.frame.omega_FN_F = d.w;
    // Centre of mass, eq. (5)
    d.r_ScB_B = d.r_SB_B + d.dcm_BS * L.r_ScS_S;
    d.rDot_ScB_B = d.dcm_BS * (d.v + d.w.cross(L.r_ScS_S));
    d.I_PntSc_B = d.dcm_BS * L.I_PntSc_S * d.dcm_BS.transpose();
    d.ext = Wrench{};
  }
}

void SerialChain::mass_properties(ConstStateBlock, EffectorWorkspace& wsb, MassProperties& out) const {
  ChainWorkspace& ws = chain(wsb);
  const Eigen::Vector3d& omega = ws.omega_BN_B;
  ws.m = 0.0;
  ws.h.setZero();
  ws.hPrime.setZero();
  ws.I_ch.setZero();
  ws.IPrime_ch.setZero();
  for (std::size_t i = 0; i < links_.size(); ++i) {
    const double m = links_[i].m;
    const LinkData& d = ws.links[i];
    const Eigen::Vector3d& r = d.r_ScB_B;
    const Eigen::Vector3d rPrime = d.rDot_ScB_B - omega.cross(r);
    // Eq. (6): I_PntB and its B-frame derivative
    const Eigen::Matrix3d omega_rel = tilde(d.dcm_BS * d.w - omega);
    ws.m += m;
    ws.h += m * r;
    ws.hPrime += m * rPrime;
    ws.I_ch += d.I_PntSc_B + m * (r.squaredNorm() * Eigen::Matrix3d::Identity() - r * r.transpose());
    ws.IPrime_ch += omega_rel * d.I_PntSc_B - d.I_PntSc_B * omega_rel +
                    m * (2.0 * r.dot(rPrime) * Eigen::Matrix3d::Identity() - rPrime * r.transpose() -
                         r * rPrime.transpose());
  }
  out.m = ws.m;
  out.r_CB_B = ws.m > 0.0 ? Eigen::Vector3d(ws.h / ws.m) : Eigen::Vector3d::Zero();
  out.rPrime_CB_B = ws.m > 0.0 ? Eigen::Vector3d(ws.hPrime / ws.m) : Eigen::Vector3d::Zero();
  out.I_PntB_B = ws.I_ch;
  out.IPrime_PntB_B = ws.IPrime_ch;
}

void SerialChain::contributions(const FrameKinematics& hub, const Eigen::Vector3d& g_N, double t,
                                ConstStateBlock x, EffectorWorkspace& wsb, HubSystem& s) const {
  ChainWorkspace& ws = chain(wsb);
  const Eigen::Index n = static_cast<Eigen::Index>(links_.size());
  // Eqs. (K2)–(K3): velocity-product accelerations, bias forces, rigid inertias.
  for (std::size_t i = 0; i < links_.size(); ++i) {
    const ChainLink& L = links_[i];
    LinkData& d = ws.links[i];
    if (L.type == JointType::revolute) {
      d.cw = d.w.cross(L.axis_S * d.qDot);
      d.cv = d.v.cross(L.axis_S * d.qDot);
    } else {
      d.cw.setZero();
      d.cv = d.w.cross(L.axis_S * d.qDot);
    }
    d.MA = M_[i];
    d.HA = H_[i];
    d.KA = L.m * Eigen::Matrix3d::Identity();
    const Eigen::Vector3d hn = d.MA * d.w + d.HA * d.v;               // 𝓘 v̂, angular part
    const Eigen::Vector3d hf = d.HA.transpose() * d.w + L.m * d.v;    // linear part
    d.pn = d.w.cross(hn) + d.v.cross(hf) - d.ext.torque_PntF_F;       // v̂ ×* 𝓘 v̂ − f̂_ext
    d.pf = d.w.cross(hf) - d.ext.force_F;
  }
  ws.M0.setZero();
  ws.H0.setZero();
  ws.K0.setZero();
  ws.n0.setZero();
  ws.f0.setZero();
  // Eqs. (A1)–(A3): inward pass.
  for (std::size_t ii = links_.size(); ii-- > 0;) {
    const ChainLink& L = links_[ii];
    LinkData& d = ws.links[ii];
    if (!locked_[ii]) {
      const double q = x[static_cast<Eigen::Index>(ii)];
      const double tau = joint_force(ii, q, x[n + static_cast<Eigen::Index>(ii)], t);
      const Eigen::Vector3d& a = L.axis_S;
      if (L.type == JointType::revolute) {
        d.Uw = d.MA * a;
        d.Uv = d.HA.transpose() * a;
        d.D_inv = 1.0 / a.dot(d.Uw);
        d.u_art = tau - a.dot(d.pn);
      } else {
        d.Uw = d.HA * a;
        d.Uv = d.KA * a;
        d.D_inv = 1.0 / a.dot(d.Uv);
        d.u_art = tau - a.dot(d.pf);
      }
      d.MA -= d.D_inv * d.Uw * d.Uw.transpose();
      d.HA -= d.D_inv * d.Uw * d.Uv.transpose();
      d.KA -= d.D_inv * d.Uv * d.Uv.transpose();
      const double k = d.u_art * d.D_inv;
      d.pn += d.MA * d.cw + d.HA * d.cv + d.Uw * k;
      d.pf += d.HA.transpose() * d.cw + d.KA * d.cv + d.Uv * k;
    }
    // Eq. (A3): congruence into the parent (or the hub slot), X_iᵀ 𝓘^a X_i and X_iᵀ p̂^a.
    const Eigen::Matrix3d Et = d.E.transpose();
    const Eigen::Matrix3d Mr = Et * d.MA * d.E, Hr = Et * d.HA * d.E, Kr = Et * d.KA * d.E;
    const Eigen::Matrix3d rt = tilde(d.r);
    const Eigen::Matrix3d Hr_rt = Hr * rt;
    const Eigen::Matrix3d Mp = Mr - Hr_rt - Hr_rt.transpose() - rt * Kr * rt;
    const Eigen::Matrix3d Hp = Hr + rt * Kr;
    const Eigen::Vector3d fp = Et * d.pf;
    const Eigen::Vector3d np = Et * d.pn + d.r.cross(fp);
    if (ii == 0) {
      ws.M0 += Mp;
      ws.H0 += Hp;
      ws.K0 += Kr;
      ws.n0 += np;
      ws.f0 += fp;
    } else {
      LinkData& p = ws.links[ii - 1];
      p.MA += Mp;
      p.HA += Hp;
      p.KA += Kr;
      p.pn += np;
      p.pf += fp;
    }
  }
  // Eqs. (C1)–(C2): the chain's terms beyond its rigid mass, which the hub adds itself.
  const Eigen::Vector3d& omega = hub.omega_FN_F;
  const Eigen::Vector3d g_B = hub.dcm_FN * g_N;
  const Eigen::Matrix3d h_tilde = tilde(ws.h);
  const Eigen::Matrix3d A = ws.K0 - ws.m * Eigen::Matrix3d::Identity();
  const Eigen::Matrix3d C = ws.H0 - h_tilde;
  s.A += A;
  s.B += ws.H0.transpose() + h_tilde;
  s.C += C;
  s.D += ws.M0 - ws.I_ch;
  s.vecTrans += -ws.f0 + A * g_B + 2.0 * omega.cross(ws.hPrime) + omega.cross(omega.cross(ws.h));
  s.vecRot += -ws.n0 + C * g_B + omega.cross(ws.I_ch * omega) + ws.IPrime_ch * omega;
}

Eigen::Vector3d SerialChain::derivatives(const FrameKinematics& hub, const Eigen::Vector3d& g_N, double,
                                         const HubAccelerations& acc, ConstStateBlock, EffectorWorkspace& wsb,
                                         StateBlockRef dxdt) const {
  ChainWorkspace& ws = chain(wsb);
  const Eigen::Index n = static_cast<Eigen::Index>(links_.size());
  const Eigen::Vector3d& omega = hub.omega_FN_F;
  const Eigen::Vector3d g_B = hub.dcm_FN * g_N;
  // Eq. (B1): â_0 = (ω̇; r̈_B − g_B), outward.
  Eigen::Vector3d alpha = acc.omegaDot_BN_B;
  Eigen::Vector3d a = acc.rDDot_BN_B - g_B;
  Eigen::Vector3d m_rPrimePrime = Eigen::Vector3d::Zero();
  for (std::size_t i = 0; i < links_.size(); ++i) {
    const ChainLink& L = links_[i];
    LinkData& d = ws.links[i];
    const Eigen::Vector3d alpha_i = d.E * alpha + d.cw;
    Eigen::Vector3d a_i = d.E * (a - d.r.cross(alpha)) + d.cv;
    double qDDot = 0.0;
    if (!locked_[i]) {
      qDDot = (d.u_art - d.Uw.dot(alpha_i) - d.Uv.dot(a_i)) * d.D_inv;
    }
    alpha = alpha_i;
    a = a_i;
    if (L.type == JointType::revolute) alpha += L.axis_S * qDDot;
    else a += L.axis_S * qDDot;
    dxdt[static_cast<Eigen::Index>(i)] = d.qDot;
    dxdt[n + static_cast<Eigen::Index>(i)] = qDDot;
    if (L.m > 0.0) {
      // Eq. (8): centre-of-mass acceleration relative to free fall, then its B-frame second
      // derivative relative to B: r'' = r̈ − ω̇ × r − 2 ω × r' − ω × (ω × r).
      const Eigen::Vector3d& c = L.r_ScS_S;
      const Eigen::Vector3d a_c = a + d.w.cross(d.v) + alpha.cross(c) + d.w.cross(d.w.cross(c));
      const Eigen::Vector3d& r = d.r_ScB_B;
      const Eigen::Vector3d rPrime = d.rDot_ScB_B - omega.cross(r);
      const Eigen::Vector3d rDDot_rel = d.dcm_BS * a_c - (acc.rDDot_BN_B - g_B);
      m_rPrimePrime += L.m * (rDDot_rel - acc.omegaDot_BN_B.cross(r) - 2.0 * omega.cross(rPrime) -
                              omega.cross(omega.cross(r)));
    }
  }
  return m_rPrimePrime;
}

EnergyMomentumContribution SerialChain::energy_momentum(const FrameKinematics&, ConstStateBlock x,
                                                        const EffectorWorkspace& wsb) const {
  const ChainWorkspace& ws = chain(wsb);
  EnergyMomentumContribution e;
  for (std::size_t i = 0; i < links_.size(); ++i) {
    const ChainLink& L = links_[i];
    const LinkData& d = ws.links[i];
    // Eq. (9)
    const Eigen::Vector3d omega_SN_B = d.dcm_BS * d.w;
    e.H_PntB_B += d.I_PntSc_B * omega_SN_B + L.m * d.r_ScB_B.cross(d.rDot_ScB_B);
    e.kinetic_energy += 0.5 * omega_SN_B.dot(d.I_PntSc_B * omega_SN_B) + 0.5 * L.m * d.rDot_ScB_B.squaredNorm();
    if (!locked_[i]) {
      const double dq = x[static_cast<Eigen::Index>(i)] - L.q_ref;
      e.potential_energy += 0.5 * L.k * dq * dq;
    }
  }
  return e;
}

}  // namespace ramus
