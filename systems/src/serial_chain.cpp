// The articulated-body recursion of a serial chain on the hub: docs/models/serial_chain.md.
// Spatial vectors are rotation first, (w; v) and (n; f), all in B components about the point O
// that coincides with B, in the inertial frame moving with B's current velocity (eq. 2): one
// common frame for every link, so the recursion needs no link-to-link transforms (eqs. J1, K1–B1).
#include "ramus/systems/serial_chain.hpp"

#include "ramus/kernel/model.hpp"

#include <algorithm>
#include <cmath>

#include "ramus/kernel/system.hpp"

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

ChainLink make_link(double m, const Eigen::Vector3d& r_ScS_S, const Eigen::Matrix3d& I_PntSc_S,
                    const JointGeometry& joint, const JointDrive& drive) {
  ChainLink L;
  L.type = joint.type;
  L.m = m;
  L.r_ScS_S = r_ScS_S;
  L.I_PntSc_S = I_PntSc_S;
  L.dcm_S0P = joint.dcm_S0P;
  L.r_S0P_P = joint.r_S0P_P;
  L.axis_S = joint.axis_S;
  L.k = drive.k;
  L.c = drive.c;
  L.q_ref = drive.q_ref;
  L.qDot_ref = drive.qDot_ref;
  L.q0 = drive.q0;
  L.qDot0 = drive.qDot0;
  L.locked = drive.locked;
  L.u = drive.u;
  return L;
}
namespace {

struct LinkData {
  mutable Eigen::Matrix3d dcm_BS;  ///< S_i → B (formed on demand for a single hinge: dcm_current)
  double cq = 1.0, sq = 0.0;       ///< cos q, sin q of a revolute joint
  mutable bool dcm_current = true;
  Eigen::Vector3d r_SB_B;  ///< [m] link origin (on the joint) relative to B
  Eigen::Vector3d Sw, Sv;  ///< joint axis as a spatial motion vector about O (eq. J1)
  Eigen::Vector3d w;       ///< [rad/s] angular velocity of link i (eq. K1)
  Eigen::Vector3d vS;      ///< [m/s] velocity of its point at S relative to B's velocity (eq. K1a)
  double qDot = 0.0;       ///< [rad/s] or [m/s] joint rate, zero when locked
  // Published segment kinematics (eq. 7), formed when first asked for after kinematics(): only
  // segments with children or constraint ends are ever read during an evaluation.
  mutable FrameKinematics frame;
  mutable bool frame_current = false;
  Eigen::Vector3d r_ScB_B;     ///< [m] centre of mass relative to B
  Eigen::Vector3d rDot_ScB_B;  ///< [m/s] its velocity in the frame moving with B's velocity, in B
  Eigen::Matrix3d I_PntSc_B;   ///< [kg m²] inertia about Sc in B
  Eigen::Matrix3d M;           ///< [kg m²] rigid inertia about O (eq. 1): I_PntSc_B + m (|r|² 1 − r rᵀ)
  Eigen::Vector3d cw, cv;      ///< velocity-product acceleration ĉ (eq. K2)
  Eigen::Matrix3d MA, HA, KA;  ///< articulated inertia blocks about O (eqs. K3, A2)
  Eigen::Vector3d pn, pf;      ///< articulated bias force about O
  Eigen::Vector3d Uw, Uv;      ///< U = 𝓘^A ŝ (eq. A1)
  double D_inv = 0.0;          ///< 1 / (ŝᵀ 𝓘^A ŝ)
  double u_art = 0.0;          ///< τ − ŝᵀ p̂^A
  Wrench ext;                  ///< children's wrench on this segment, in S_i about its origin
  bool loaded = false;         ///< ext is non-zero
};

struct ChainWorkspace final : EffectorWorkspace {
  explicit ChainWorkspace(std::size_t n) : links(n) {}
  std::vector<LinkData> links;
  FrameKinematics hub;  ///< the hub's kinematics of this evaluation, for the published segments
  // Sums of eq. (6)
  double m = 0.0;
  Eigen::Vector3d h, hPrime;
};

ChainWorkspace& chain(EffectorWorkspace& ws) { return static_cast<ChainWorkspace&>(ws); }
const ChainWorkspace& chain(const EffectorWorkspace& ws) { return static_cast<const ChainWorkspace&>(ws); }

/// Eq. (1): M = I_c,B + m (|r|² 1 − r rᵀ), as the upper triangle mirrored.
void inertia_about_O(const Eigen::Matrix3d& I_c, double m, const Eigen::Vector3d& r, Eigen::Matrix3d& M) {
  const Eigen::Vector3d m_r = m * r;
  const double m_r2 = m_r.dot(r);
  for (int i = 0; i < 3; ++i)
    for (int j = i; j < 3; ++j) M(i, j) = M(j, i) = I_c(i, j) - m_r[i] * r[j] + (i == j ? m_r2 : 0.0);
}

/// Eq. (1): I_c,B = R I Rᵀ for a symmetric I, and M, both as the upper triangle mirrored; T = R I
/// first (with a diagonal I, R's columns scaled).
void link_inertia(const Eigen::Matrix3d& R, const Eigen::Matrix3d& I, bool diagonal, double m, const Eigen::Vector3d& r,
                  Eigen::Matrix3d& I_c, Eigen::Matrix3d& M) {
  Eigen::Matrix3d T;
  if (diagonal) {
    T.col(0) = R.col(0) * I(0, 0);
    T.col(1) = R.col(1) * I(1, 1);
    T.col(2) = R.col(2) * I(2, 2);
  } else {
    T.noalias() = R * I;
  }
  for (int i = 0; i < 3; ++i)
    for (int j = i; j < 3; ++j) I_c(i, j) = I_c(j, i) = T.row(i).dot(R.row(j));
  inertia_about_O(I_c, m, r, M);
}

/// 𝓘 (w; v) for a link's rigid spatial inertia about O (eq. 1), [M, [m r×]; −[m r×], m 1]:
/// (M w + m r × v; w × m r + m v), with m_r = m r. Serves U = 𝓘 ŝ (A1) and 𝓘 ĉ (A2).
void rigid_inertia_times(const LinkData& d, const Eigen::Vector3d& m_r, double m, const Eigen::Vector3d& w,
                         const Eigen::Vector3d& v, Eigen::Vector3d& n, Eigen::Vector3d& f) {
  n = d.M * w + m_r.cross(v);
  f = w.cross(m_r) + m * v;
}

/// Eqs. (A1)–(A2) and (C1)–(C2) for a chain of one free joint (eq. C3): 𝓘^A = 𝓘 is rigid, so U,
/// 𝓘^a ĉ and the rows are the rigid blocks [M, [m r×]; −[m r×], m 1] minus U Uᵀ/D, never formed as
/// 6×6 matrices; the gravity terms reduce to −U (Uᵀ ĝ)/D with ĝ = (0; g_B).
void single_link_rows(LinkData& d, double m, double tau, const Eigen::Vector3d& g_B, HubSystem& s) {
  const Eigen::Vector3d m_r = m * d.r_ScB_B;
  rigid_inertia_times(d, m_r, m, d.Sw, d.Sv, d.Uw, d.Uv);
  Eigen::Vector3d In, If;  // 𝓘 ĉ
  rigid_inertia_times(d, m_r, m, d.cw, d.cv, In, If);
  d.D_inv = 1.0 / (d.Sw.dot(d.Uw) + d.Sv.dot(d.Uv));
  d.u_art = tau - d.Sw.dot(d.pn) - d.Sv.dot(d.pf);
  const Eigen::Vector3d Uw_D = d.D_inv * d.Uw, Uv_D = d.D_inv * d.Uv;
  const double k = d.u_art * d.D_inv - (Uw_D.dot(d.cw) + Uv_D.dot(d.cv));
  const double Ug = d.Uv.dot(g_B);
  Eigen::Matrix3d C = tilde(m_r);
  C.noalias() -= Uw_D * d.Uv.transpose();
  s.A.noalias() -= Uv_D * d.Uv.transpose();
  s.A.diagonal().array() += m;
  s.B += C.transpose();  // H_Aᵀ
  s.C += C;              // H_A
  s.D.noalias() += d.M - Uw_D * d.Uw.transpose();
  // −p̂^a = −(p̂ + 𝓘^a ĉ + U u/D), with 𝓘^a ĉ = 𝓘 ĉ − U (Uᵀ ĉ)/D
  s.vecTrans -= d.pf + If + d.Uv * k + Uv_D * Ug;
  s.vecRot -= d.pn + In + d.Uw * k + Uw_D * Ug;
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
    JointConstants J;
    J.dcm_PS0 = L.dcm_S0P.transpose();
    J.dcm_PS0_axis = J.dcm_PS0 * tilde(L.axis_S);
    J.axis_P = J.dcm_PS0 * L.axis_S;
    J.diagonal_inertia = Eigen::Matrix3d(L.I_PntSc_S.diagonal().asDiagonal()) == L.I_PntSc_S;
    joints_.push_back(J);
    profile_.emplace_back();
  }
  if (links_.size() == 1 && links_[0].type == JointType::revolute) {
    // Eq. (4b): with dcm_BS = R0 + cos θ Rc + sin θ Rs (eq. 4a, P = B), the c.o.m. offset
    // dcm_BS ρ is affine in (cos θ, sin θ), and I_c,B = F(R, R) with the symmetric bilinear
    // F(R, R') = ½ (R I R'ᵀ + R' I Rᵀ). Expanding with cos² = ½ (1 + cos 2θ), sin² = ½ (1 − cos 2θ),
    // 2 cos sin = sin 2θ: K[0] = F00 + ½ (Fcc + Fss), K[1] = 2 F0c, K[2] = 2 F0s, K[3] = ½ (Fcc − Fss),
    // K[4] = Fcs.
    const ChainLink& L = links_[0];
    const JointConstants& J = joints_[0];
    const Eigen::Matrix3d R0 = J.axis_P * L.axis_S.transpose(), Rc = J.dcm_PS0 - R0, Rs = J.dcm_PS0_axis;
    hinge_.r0 = R0 * L.r_ScS_S;
    hinge_.rc = Rc * L.r_ScS_S;
    hinge_.rs = Rs * L.r_ScS_S;
    const auto F = [&](const Eigen::Matrix3d& Ra, const Eigen::Matrix3d& Rb) {
      const Eigen::Matrix3d RIR = Ra * L.I_PntSc_S * Rb.transpose();
      return Eigen::Matrix3d(0.5 * (RIR + RIR.transpose()));
    };
    const Eigen::Matrix3d F00 = F(R0, R0), Fcc = F(Rc, Rc), Fss = F(Rs, Rs);
    hinge_.K[0] = F00 + 0.5 * (Fcc + Fss);
    hinge_.K[1] = 2.0 * F(R0, Rc);
    hinge_.K[2] = 2.0 * F(R0, Rs);
    hinge_.K[3] = 0.5 * (Fcc - Fss);
    hinge_.K[4] = F(Rc, Rs);
    single_hinge_ = true;
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
  require_open("set_motor_input");
  validation::require_finite(label() + " joint " + std::to_string(joint + 1), "motor input", u);
  links_[joint].u = u;
}

void SerialChain::set_motor_profile(std::size_t joint, MotorProfile profile) {
  if (joint >= links_.size())
    throw ConfigurationError(label(), "motor profile joint", std::to_string(joint),
                             "out of range (" + std::to_string(links_.size()) + " joints, 0-based)");
  require_open("set_motor_profile");
  profile_[joint] = std::move(profile);
}

void SerialChain::set_motor_names(std::vector<std::string> names) {
  if (names.size() != links_.size())
    throw ConfigurationError(label(), "motor names", std::to_string(names.size()),
                             "need one per joint (" + std::to_string(links_.size()) + ")");
  motor_names_ = std::move(names);
}

Eigen::Index SerialChain::motor_channel(std::size_t joint) const {
  if (joint >= links_.size())
    throw ConfigurationError(label(), "motor channel joint", std::to_string(joint),
                             "out of range (" + std::to_string(links_.size()) + " joints, 0-based)");
  return static_cast<Eigen::Index>(joint);
}

Eigen::Index SerialChain::lock_channel(std::size_t joint) const {
  if (joint >= links_.size())
    throw ConfigurationError(label(), "lock joint", std::to_string(joint),
                             "out of range (" + std::to_string(links_.size()) + " joints, 0-based)");
  return static_cast<Eigen::Index>(links_.size() + joint);
}

std::vector<InputSpec> SerialChain::input_blocks() const {
  const Eigen::Index n = static_cast<Eigen::Index>(links_.size());
  bool all_revolute = true, all_prismatic = true;
  for (const ChainLink& L : links_) {
    all_revolute = all_revolute && L.type == JointType::revolute;
    all_prismatic = all_prismatic && L.type == JointType::prismatic;
  }
  std::vector<InputSpec> blocks;
  const auto unit = [](const ChainLink& L) { return L.type == JointType::revolute ? "N m" : "N"; };
  if (motor_names_.empty() && (all_revolute || all_prismatic)) {
    InputSpec motor{all_revolute ? "motor_torque" : "motor_force", n, all_revolute ? "N m" : "N", {}, {}, {}};
    motor.initial.resize(n);
    for (Eigen::Index i = 0; i < n; ++i) motor.initial[i] = links_[static_cast<std::size_t>(i)].u;
    bool bounded = false;  // the channels' limits (u_limit), only when one is finite: else unbounded
    for (const ChainLink& L : links_) bounded = bounded || std::isfinite(L.u_limit);
    if (bounded) {
      motor.lower.resize(n);
      motor.upper.resize(n);
      for (Eigen::Index i = 0; i < n; ++i) {
        motor.upper[i] = links_[static_cast<std::size_t>(i)].u_limit;
        motor.lower[i] = -motor.upper[i];
      }
    }
    blocks.push_back(std::move(motor));
  } else {
    // One channel per joint, each with its own name and unit, in joint order.
    for (std::size_t i = 0; i < links_.size(); ++i) {
      const ChainLink& L = links_[i];
      const std::string name =
          motor_names_.empty()
              ? "joint" + std::to_string(i) + "." + (L.type == JointType::revolute ? "motor_torque" : "motor_force")
              : motor_names_[i];
      if (std::isfinite(L.u_limit))
        blocks.push_back({name, 1, unit(L), Eigen::VectorXd::Constant(1, L.u), Eigen::VectorXd::Constant(1, -L.u_limit),
                          Eigen::VectorXd::Constant(1, L.u_limit)});
      else
        blocks.push_back({name, 1, unit(L), Eigen::VectorXd::Constant(1, L.u), {}, {}});
    }
  }
  // Locks, 1 locked / 0 free (engaged by engage_lock()'s impulse, or by set_locked() at rest).
  InputSpec lock{"locked", n, "1", Eigen::VectorXd(n), Eigen::VectorXd::Zero(n), Eigen::VectorXd::Ones(n), true};
  for (Eigen::Index i = 0; i < n; ++i) lock.initial[i] = links_[static_cast<std::size_t>(i)].locked ? 1.0 : 0.0;
  blocks.push_back(std::move(lock));
  return blocks;
}

std::vector<InputProfile> SerialChain::input_profiles() const {
  std::vector<InputProfile> profiles;
  for (std::size_t i = 0; i < profile_.size(); ++i)
    if (profile_[i]) profiles.push_back({static_cast<Eigen::Index>(i), profile_[i], false, {}});
  return profiles;
}

void SerialChain::set_locked(std::size_t joint, bool locked, const Model& model, Inputs& inputs,
                             Eigen::VectorXd& x) const {
  set_locked(joint, locked, inputs, model.input_range(*this).offset, model.state_block(*this, x));
}

void SerialChain::set_locked(std::size_t joint, bool locked, Inputs& inputs, Eigen::Index first_channel,
                             StateBlockRef x_block) const {
  const Eigen::Index n = static_cast<Eigen::Index>(links_.size());
  const Eigen::Index c = first_channel + lock_channel(joint);
  if (x_block.size() != 2 * n)
    throw ConfigurationError(label(), "state block size", std::to_string(x_block.size()),
                             "must be " + std::to_string(2 * n) + " (pass this effector's block of x)");
  const double rate = x_block[n + static_cast<Eigen::Index>(joint)];
  if (locked && rate != 0.0)
    throw ConfigurationError(label() + " joint " + std::to_string(joint), "rate (set_locked)",
                             validation::to_text(rate),
                             "only a joint at rest is locked by set_locked; a moving joint is latched by engage_lock "
                             "(an impulse, docs/models/serial_chain.md eq. L2)");
  inputs.engage(c, locked);  // at rest, or unlocking: no impulse
}

void SerialChain::engage_commanded_locks(std::span<const Eigen::Index> channels, const System& system,
                                         Eigen::VectorXd& x, double t) const {
  std::vector<std::size_t> joints;
  for (const Eigen::Index c : channels) {
    std::size_t j = 0;
    while (j < links_.size() && lock_channel(j) != c) ++j;
    if (j == links_.size())
      throw ConfigurationError(label(), "channel " + std::to_string(c), "commanded as a lock",
                               "is not one of this chain's lock flags");
    joints.push_back(j);
  }
  engage_lock(joints, system, x, t);  // the joints of one chain latched together (eq. L2)
}

LockImpulse SerialChain::engage_lock(std::span<const std::size_t> joints, const System& system, Eigen::VectorXd& x,
                                     double t) const {
  const Model& model = system.model();
  const Eigen::Index first_state = model.state_block(*this, x).startRow();  // checks x's size
  return engage_lock(joints, system, x, t, model.input_range(*this).offset, first_state);
}

LockImpulse SerialChain::engage_lock(std::span<const std::size_t> joints, const System& system, Eigen::VectorXd& x,
                                     double t, Eigen::Index first_channel, Eigen::Index first_state) const {
  require_lock_arguments(system, x, t, first_channel, first_state);
  const Eigen::Index rates = first_state + static_cast<Eigen::Index>(links_.size());  // q̇ of joint j: x[rates + j]
  LockImpulse out;
  out.impulse = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(joints.size()));
  const std::vector<std::size_t> take = joints_to_latch(joints, system.inputs(), x, rates, first_channel);
  if (!take.empty()) {
    const Eigen::MatrixXd C = joint_force_response(system, x, t, joints, take, rates, first_channel);
    latch(C, joints, take, rates, x, out);
  }
  Inputs& run = system.inputs();
  for (const std::size_t j : joints) run.engage(first_channel + lock_channel(j), true);  // the impulse is applied
  return out;
}

void SerialChain::require_lock_arguments(const System& system, const Eigen::VectorXd& x, double t,
                                         Eigen::Index first_channel, Eigen::Index first_state) const {
  const Model& model = system.model();
  const Eigen::Index n = static_cast<Eigen::Index>(links_.size());
  if (x.size() != model.layout().size())
    throw ConfigurationError(label(), "state size (engage_lock)", std::to_string(x.size()),
                             "the model's layout has " + std::to_string(model.layout().size()) + " entries");
  if (first_state < 0 || first_state + 2 * n > x.size())
    throw ConfigurationError(label(), "first state (engage_lock)", std::to_string(first_state),
                             "this chain's " + std::to_string(2 * n) + " states must lie in x");
  if (first_channel < 0 || first_channel + 2 * n > system.inputs().size())
    throw ConfigurationError(label(), "first channel (engage_lock)", std::to_string(first_channel),
                             "this chain's channels must lie in the run's inputs");
  if (!std::isfinite(t))
    throw ConfigurationError(label(), "t (engage_lock) [s]", validation::to_text(t), "must be finite");
}

std::vector<std::size_t> SerialChain::joints_to_latch(std::span<const std::size_t> joints, const Inputs& run,
                                                      const Eigen::VectorXd& x, Eigen::Index rates,
                                                      Eigen::Index first_channel) const {
  // The joints that take an impulse: free now (lock channel 0) and moving; indices into `joints`.
  std::vector<std::size_t> take;
  for (std::size_t a = 0; a < joints.size(); ++a) {
    const std::size_t j = joints[a];
    if (j >= links_.size())
      throw ConfigurationError(label(), "joint (engage_lock)", std::to_string(j),
                               "out of range (" + std::to_string(links_.size()) + " joints, 0-based)");
    if (std::find(joints.begin(), joints.begin() + static_cast<std::ptrdiff_t>(a), j) !=
        joints.begin() + static_cast<std::ptrdiff_t>(a))
      throw ConfigurationError(label(), "joint (engage_lock)", std::to_string(j), "given twice");
    const bool already = run.applied()[first_channel + lock_channel(j)] != 0.0;
    if (!already && x[rates + static_cast<Eigen::Index>(j)] != 0.0) take.push_back(a);
  }
  return take;
}

Eigen::MatrixXd SerialChain::joint_force_response(const System& system, const Eigen::VectorXd& x, double t,
                                                  std::span<const std::size_t> joints,
                                                  const std::vector<std::size_t>& take, Eigen::Index rates,
                                                  Eigen::Index first_channel) const {
  // Eq. (L1): column b of C is d(dx/dt)/dτ_b for a generalized force τ_b on joint b, the
  // response (f(x, u + τ e_b) − f(x, u)) / τ (exactly linear in τ, nonzero only in the
  // derivatives of velocities). Evaluated on a private System with the run's applied inputs
  // (profiles removed: their values frozen, which the difference cancels), so the run's own
  // inputs and profiles stay as they are; its locks hold the already-locked joints welded.
  const Inputs& run = system.inputs();
  const System probe(system.model_ptr());
  Inputs& u = probe.inputs();
  u.clear_profiles();
  for (Eigen::Index c = 0; c < run.size(); ++c) {
    if (u.is_lock(c))
      u.engage(c, run.applied()[c] != 0.0);  // the run's welds as they are, no latch pending
    else
      u.set(c, run.applied()[c]);
  }
  const Eigen::Index k = static_cast<Eigen::Index>(take.size());
  for (const std::size_t a : take) u.set(first_channel + motor_channel(joints[a]), 0.0);
  Eigen::VectorXd f0(x.size()), f(x.size());
  probe(x, f0, t);
  const double f0_max = f0.lpNorm<Eigen::Infinity>();
  Eigen::MatrixXd C(x.size(), k);
  for (Eigen::Index b = 0; b < k; ++b) {
    const std::size_t j = joints[take[static_cast<std::size_t>(b)]];
    const Eigen::Index c = first_channel + motor_channel(j);
    // The probe's size: a unit force first, then one 2^20 times the size that makes the
    // response as large as f(x, u) itself, a power of two (exact division): the rounding of f
    // then costs ~2^-20 ulp of the column instead of |f| / |response| ulps.
    double tau = 1.0;
    for (int pass = 0; pass < 2; ++pass) {
      u.set(c, tau);
      if (u.saturated()[static_cast<std::size_t>(c)] != 0)
        throw ConfigurationError(label() + " joint " + std::to_string(j), "motor channel limits",
                                 validation::to_text(tau),
                                 "engage_lock probes the joint through its motor channel, "
                                 "which must be unbounded");
      probe(x, f, t);
      C.col(b) = (f - f0) / tau;
      const double response = C.col(b).lpNorm<Eigen::Infinity>();
      // The joint's own entry, (M⁻¹)_jj > 0, is checked on the final column (the unit probe's
      // may be rounding noise when |f| is huge; it only sets the final probe's size).
      const double own = pass == 0 ? 1.0 : C(rates + static_cast<Eigen::Index>(j), b);
      if (!(response > 0.0) || !std::isfinite(response) || !(own > 0.0))
        throw IntegrationError(label() + " joint " + std::to_string(j) + " response to a joint force (engage_lock)",
                               validation::to_text(C(rates + static_cast<Eigen::Index>(j), b)),
                               "must be positive and finite: the joint must carry inertia");
      tau = std::exp2(std::ceil(std::log2(std::max(1.0, 0x1p20 * f0_max / response))));
    }
    u.set(c, 0.0);
  }
  return C;
}

void SerialChain::latch(const Eigen::MatrixXd& C, std::span<const std::size_t> joints,
                        const std::vector<std::size_t>& take, Eigen::Index rates, Eigen::VectorXd& x,
                        LockImpulse& out) const {
  // Eq. (L2): S = (M⁻¹)_JJ, the rows of the latched joints' rates; λ = −S⁻¹ q̇⁻_J makes them 0.
  const Eigen::Index k = static_cast<Eigen::Index>(take.size());
  Eigen::MatrixXd S(k, k);
  Eigen::VectorXd qDot(k);
  for (Eigen::Index a = 0; a < k; ++a) {
    const Eigen::Index row = rates + static_cast<Eigen::Index>(joints[take[static_cast<std::size_t>(a)]]);
    S.row(a) = C.row(row);
    qDot[a] = x[row];
  }
  const Eigen::LLT<Eigen::MatrixXd> llt(0.5 * (S + S.transpose()));  // symmetric in exact arithmetic
  if (llt.info() != Eigen::Success)
    throw IntegrationError(label() + " response matrix (M^-1)_JJ of the latched joints (engage_lock)",
                           std::to_string(k) + "x" + std::to_string(k) + ", smallest diagonal " +
                               validation::to_text(S.diagonal().minCoeff()),
                           "must be positive definite (dependent joints latched together?)");
  const Eigen::VectorXd lambda = -llt.solve(qDot);
  x.noalias() += C * lambda;
  for (Eigen::Index a = 0; a < k; ++a) {
    x[rates + static_cast<Eigen::Index>(joints[take[static_cast<std::size_t>(a)]])] = 0.0;  // exactly, not ~1e-17
    out.impulse[static_cast<Eigen::Index>(take[static_cast<std::size_t>(a)])] = lambda[a];
  }
  out.energy_lost = -0.5 * lambda.dot(qDot);  // eq. (L3)
}

bool SerialChain::is_locked(std::size_t joint, const Model& model, const Inputs& inputs) const {
  return inputs.applied()[model.input_range(*this).offset + lock_channel(joint)] != 0.0;
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
    if (links_[i].locked) continue;  // the initial lock
    // A prismatic joint needs outboard mass; a revolute one mass or inertia.
    bool has_inertia = false;
    for (std::size_t k = i; k < links_.size(); ++k)
      has_inertia = has_inertia || links_[k].m > 0.0 ||
                    (links_[i].type == JointType::revolute && !links_[k].I_PntSc_S.isZero(0.0));
    if (!has_inertia)
      throw ConfigurationError(label() + " joint " + std::to_string(i + 1), "outboard mass and inertia", "0",
                               links_[i].type == JointType::revolute
                                   ? "an unlocked revolute joint must carry mass or inertia outboard of it"
                                   : "an unlocked prismatic joint must carry mass outboard of it");
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

void SerialChain::form_link_frame(std::size_t i, const EffectorWorkspace& ws) const {
  const LinkData& d = chain(ws).links[i];
  if (d.dcm_current) return;
  // Eq. (4a) with P = B for a single hinge, whose kinematics skipped it.
  const JointConstants& J = joints_[i];
  d.dcm_BS.noalias() =
      d.cq * J.dcm_PS0 + d.sq * J.dcm_PS0_axis + ((1.0 - d.cq) * J.axis_P) * links_[i].axis_S.transpose();
  d.dcm_current = true;
}

const FrameKinematics& SerialChain::segment(std::size_t s, const EffectorWorkspace& ws) const {
  if (s >= links_.size())
    throw ConfigurationError(label(), "segment", std::to_string(s),
                             "out of range (" + std::to_string(links_.size()) + " segments, 0-based)");
  const ChainWorkspace& w = chain(ws);
  const LinkData& d = w.links[s];
  if (!d.frame_current) {  // eq. (7)
    form_link_frame(s, ws);
    const Eigen::Matrix3d dcm_NB = w.hub.dcm_FN.transpose();
    d.frame.dcm_FN = d.dcm_BS.transpose() * w.hub.dcm_FN;
    d.frame.r_FN_N = w.hub.r_FN_N + dcm_NB * d.r_SB_B;
    d.frame.v_FN_N = w.hub.v_FN_N + dcm_NB * d.vS;
    d.frame.omega_FN_F = d.dcm_BS.transpose() * d.w;
    d.frame_current = true;
  }
  return d.frame;
}

void SerialChain::set_segment_wrench(std::size_t s, const Wrench& w, EffectorWorkspace& ws) const {
  LinkData& d = chain(ws).links.at(s);
  d.ext = w;
  d.loaded = true;
}

void SerialChain::add_segment_wrench(std::size_t s, const Wrench& w, EffectorWorkspace& ws) const {
  LinkData& d = chain(ws).links.at(s);
  d.ext += w;
  d.loaded = true;
}

double SerialChain::joint_force(std::size_t i, double q, double qDot, const EffectorWorkspace& ws) const {
  const ChainLink& L = links_[i];
  const double u = ws.inputs()[static_cast<Eigen::Index>(i)];  // the run's motor command
  double tau = u - L.k * (q - L.q_ref) - L.c * (qDot - L.qDot_ref);
  if (L.has_motor) {  // docs/models/hinged_rigid_body.md (M1): the PD motor, from the state
    const double u_m = -L.motor_K * (q - L.motor_q_ref) - L.motor_P * (qDot - L.motor_qDot_ref);
    tau += std::clamp(u_m, -L.motor_u_max, L.motor_u_max);
  }
  return tau;
}

void SerialChain::kinematics(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& wsb) const {
  ChainWorkspace& ws = chain(wsb);
  const Eigen::Index n = static_cast<Eigen::Index>(links_.size());
  ws.hub = ctx.hub;
  ws.m = 0.0;
  ws.h.setZero();
  ws.hPrime.setZero();
  for (std::size_t i = 0; i < links_.size(); ++i) {
    const ChainLink& L = links_[i];
    LinkData& d = ws.links[i];
    const JointConstants& J = joints_[i];
    const double q = x[static_cast<Eigen::Index>(i)];
    d.qDot = locked(i, wsb) ? 0.0 : x[n + static_cast<Eigen::Index>(i)];
    // Joint transform, eqs. (4)–(4a): S relative to the parent P, then composed into B.
    Eigen::Matrix3d dcm_PS;
    Eigen::Vector3d r_SP_P = L.r_S0P_P;
    if (L.type == JointType::revolute) {
      d.cq = std::cos(q);
      d.sq = std::sin(q);
      if (!single_hinge_)
        dcm_PS.noalias() = d.cq * J.dcm_PS0 + d.sq * J.dcm_PS0_axis + ((1.0 - d.cq) * J.axis_P) * L.axis_S.transpose();
    } else {
      dcm_PS = J.dcm_PS0;
      r_SP_P += q * J.axis_P;
    }
    // v̂_0 = (ω; 0), eq. (2); vP: the parent's point at S_i, relative to B's velocity (eq. K1a)
    Eigen::Vector3d w_p = ctx.hub.omega_FN_F, vP;
    d.dcm_current = !single_hinge_;
    if (i == 0) {
      if (!single_hinge_) d.dcm_BS = dcm_PS;
      d.r_SB_B = r_SP_P;
      d.Sw = J.axis_P;
      vP = w_p.cross(d.r_SB_B);
    } else {
      const LinkData& p = ws.links[i - 1];
      d.dcm_BS.noalias() = p.dcm_BS * dcm_PS;
      const Eigen::Vector3d r_SP_B = p.dcm_BS * r_SP_P;
      d.r_SB_B = p.r_SB_B + r_SP_B;
      d.Sw = p.dcm_BS * J.axis_P;
      w_p = p.w;
      vP = p.vS + w_p.cross(r_SP_B);
    }
    // Eqs. (J1), (K1) and (K1a): ŝ about O, w_i = w_{i−1} + ŝ_w q̇_i, and S_i's velocity
    if (L.type == JointType::revolute) {
      d.Sv = d.r_SB_B.cross(d.Sw);
      d.vS = vP;
    } else {
      d.Sv = d.Sw;
      d.Sw.setZero();
      d.vS = vP + d.Sv * d.qDot;
    }
    d.w = w_p + d.Sw * d.qDot;
    d.frame_current = false;
    // Centre of mass and inertia, eqs. (5) and (1), or (4b) for a single hinge; c_B = dcm_BS ρ
    Eigen::Vector3d c_B;
    if (single_hinge_) {
      c_B = hinge_.r0 + d.cq * hinge_.rc + d.sq * hinge_.rs;
      const double c2 = (d.cq - d.sq) * (d.cq + d.sq), s2 = 2.0 * d.sq * d.cq;
      for (int r = 0; r < 3; ++r)
        for (int c = r; c < 3; ++c)
          d.I_PntSc_B(r, c) = d.I_PntSc_B(c, r) = hinge_.K[0](r, c) + d.cq * hinge_.K[1](r, c) +
                                                  d.sq * hinge_.K[2](r, c) + c2 * hinge_.K[3](r, c) +
                                                  s2 * hinge_.K[4](r, c);
      d.r_ScB_B = d.r_SB_B + c_B;
      inertia_about_O(d.I_PntSc_B, L.m, d.r_ScB_B, d.M);
    } else {
      c_B = d.dcm_BS * L.r_ScS_S;
      d.r_ScB_B = d.r_SB_B + c_B;
      link_inertia(d.dcm_BS, L.I_PntSc_S, J.diagonal_inertia, L.m, d.r_ScB_B, d.I_PntSc_B, d.M);
    }
    d.rDot_ScB_B = d.vS + d.w.cross(c_B);  // eq. (5): from S, where the spin adds no velocity
    d.ext = Wrench{};
    d.loaded = false;
    // Eq. (6), summed here while the link's terms are at hand; mass_properties() reports them.
    ws.m += L.m;
    ws.h += L.m * d.r_ScB_B;
    ws.hPrime += L.m * (d.rDot_ScB_B - ctx.hub.omega_FN_F.cross(d.r_ScB_B));
  }
}

CentreOfMass SerialChain::mass_properties(const EvaluationContext&, ConstStateBlock, EffectorWorkspace& wsb) const {
  const ChainWorkspace& ws = chain(wsb);
  // Eq. (6): m, h = Σ m r, h' = Σ m r', summed by kinematics(). The inertia enters through the
  // chain's rows (C1)–(C2), which carry all its inertial terms.
  const double inv_m = ws.m > 0.0 ? 1.0 / ws.m : 0.0;  // a massless chain has no first moments
  return {ws.m, ws.h * inv_m, ws.hPrime * inv_m, 0.0};
}

void SerialChain::contributions(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& wsb,
                                HubSystem& s) const {
  ChainWorkspace& ws = chain(wsb);
  const std::size_t n = links_.size();
  const Eigen::Index ni = static_cast<Eigen::Index>(n);
  const bool single_free = n == 1 && !locked(0, wsb);  // eq. (C3)
  // Eqs. (K2)–(K3): velocity-product accelerations and bias forces, all about O.
  for (std::size_t i = 0; i < n; ++i) {
    const double m = links_[i].m;
    LinkData& d = ws.links[i];
    // ĉ = v̂_{i−1} × ŝ q̇ (eq. K2), formed at S_i and moved to O (eq. K2a), with v̂_0 = (ω; 0)
    const Eigen::Vector3d& w_p = i == 0 ? ctx.hub.omega_FN_F : ws.links[i - 1].w;
    if (links_[i].type == JointType::revolute) {
      d.cw = w_p.cross(d.Sw) * d.qDot;
      d.cv = d.r_SB_B.cross(d.cw) + d.vS.cross(d.Sw) * d.qDot;
    } else {
      d.cw.setZero();
      d.cv = w_p.cross(d.Sv) * d.qDot;
    }
    // v̂ ×* 𝓘 v̂ as the link's wrench about its c.o.m. moved to O (eq. K3a)
    d.pf = m * d.w.cross(d.rDot_ScB_B);
    d.pn = d.w.cross(d.I_PntSc_B * d.w) + d.r_ScB_B.cross(d.pf);
    if (d.loaded) {  // − f̂_ext, moved from the segment origin to O
      form_link_frame(i, wsb);
      const Eigen::Vector3d f_B = d.dcm_BS * d.ext.force_F;
      d.pn -= d.dcm_BS * d.ext.torque_PntF_F + d.r_SB_B.cross(f_B);
      d.pf -= f_B;
    }
  }
  if (single_free) {  // one free joint: its 𝓘^A is rigid, eq. (C3)
    single_link_rows(ws.links[0], links_[0].m, joint_force(0, x[0], x[1], wsb), ctx.hub.dcm_FN * ctx.g_N, s);
    return;
  }
  // Eqs. (A1)–(A3): inward pass; every link's terms are already about O in B. 𝓘^A_i is the link's
  // rigid 𝓘_i (eq. 1) plus what its outboard link passed in (A3): the outermost link's is 𝓘_n
  // itself, whose blocks [M, [m r×]; −[m r×], m 1] are used in that structured form.
  for (std::size_t ii = n; ii-- > 0;) {
    LinkData& d = ws.links[ii];
    const double m = links_[ii].m;
    const bool outermost = ii + 1 == n;
    const Eigen::Vector3d m_r = m * d.r_ScB_B;
    if (outermost) {
      d.MA = d.M;
      d.HA = tilde(m_r);
      d.KA = m * Eigen::Matrix3d::Identity();
    } else {
      d.MA += d.M;
      d.HA += tilde(m_r);
      d.KA.diagonal().array() += m;
    }
    if (!locked(ii, wsb)) {
      const double tau = joint_force(ii, x[static_cast<Eigen::Index>(ii)], x[ni + static_cast<Eigen::Index>(ii)], wsb);
      // U = 𝓘^A ŝ, and 𝓘^A ĉ (before the update of eq. A2: 𝓘^a ĉ = 𝓘^A ĉ − U (Uᵀ ĉ)/D).
      Eigen::Vector3d In, If;
      if (outermost) {
        rigid_inertia_times(d, m_r, m, d.Sw, d.Sv, d.Uw, d.Uv);
        rigid_inertia_times(d, m_r, m, d.cw, d.cv, In, If);
      } else {
        d.Uw = d.MA * d.Sw + d.HA * d.Sv;
        d.Uv = d.HA.transpose() * d.Sw + d.KA * d.Sv;
        In = d.MA * d.cw + d.HA * d.cv;
        If = d.HA.transpose() * d.cw + d.KA * d.cv;
      }
      d.D_inv = 1.0 / (d.Sw.dot(d.Uw) + d.Sv.dot(d.Uv));
      d.u_art = tau - d.Sw.dot(d.pn) - d.Sv.dot(d.pf);
      const Eigen::Vector3d Uw_D = d.D_inv * d.Uw, Uv_D = d.D_inv * d.Uv;
      d.MA.noalias() -= Uw_D * d.Uw.transpose();
      d.HA.noalias() -= Uw_D * d.Uv.transpose();
      d.KA.noalias() -= Uv_D * d.Uv.transpose();
      // p̂^a = p̂^A + 𝓘^a ĉ + U u/D  (A2)
      const double k = d.u_art * d.D_inv - (Uw_D.dot(d.cw) + Uv_D.dot(d.cv));
      d.pn += In + d.Uw * k;
      d.pf += If + d.Uv * k;
    }              // a locked joint is a weld: 𝓘^a = 𝓘^A, and ĉ = 0 (its q̇ is taken as 0)
    if (ii > 0) {  // (A3): into the parent's slot (its only child), which its rigid 𝓘 then joins
      LinkData& p = ws.links[ii - 1];
      p.MA = d.MA;
      p.HA = d.HA;
      p.KA = d.KA;
      p.pn += d.pn;
      p.pf += d.pf;
    }
  }
  // Eqs. (C1)–(C2): the chain's whole rows, [M_A H_A; H_Aᵀ K_A] and (n0; f0) the articulated inertia
  // and bias in the hub's slot (link 1's after A3), its inertial terms included; of gravity,
  // which the hub applies to the whole vehicle at C, only what the articulation adds.
  const LinkData& root = ws.links[0];
  const Eigen::Vector3d g_B = ctx.hub.dcm_FN * ctx.g_N;
  s.A += root.KA;
  s.B += root.HA.transpose();
  s.C += root.HA;
  s.D += root.MA;
  s.vecTrans += -root.pf + root.KA * g_B - ws.m * g_B;
  s.vecRot += -root.pn + root.HA * g_B - ws.h.cross(g_B);
}

Eigen::Vector3d SerialChain::derivatives(const EvaluationContext& ctx, ConstStateBlock, EffectorWorkspace& wsb,
                                         StateBlockRef dxdt) const {
  ChainWorkspace& ws = chain(wsb);
  const Eigen::Index n = static_cast<Eigen::Index>(links_.size());
  const Eigen::Vector3d g_B = ctx.hub.dcm_FN * ctx.g_N;
  // Eq. (B1): â_0 = (ω̇; r̈_B − g_B), outward; â_i = â_{i−1} + ĉ_i + ŝ_i q̈_i.
  const Eigen::Vector3d a_0 = ctx.acc.rDDot_BN_B - g_B;
  Eigen::Vector3d alpha = ctx.acc.omegaDot_BN_B;
  Eigen::Vector3d a = a_0;
  Eigen::Vector3d m_rDDot = Eigen::Vector3d::Zero();
  for (std::size_t i = 0; i < links_.size(); ++i) {
    const double m = links_[i].m;
    const LinkData& d = ws.links[i];
    alpha += d.cw;
    a += d.cv;
    const double qDDot = locked(i, wsb) ? 0.0 : (d.u_art - d.Uw.dot(alpha) - d.Uv.dot(a)) * d.D_inv;
    alpha += d.Sw * qDDot;
    a += d.Sv * qDDot;
    dxdt[static_cast<Eigen::Index>(i)] = d.qDot;
    dxdt[n + static_cast<Eigen::Index>(i)] = qDDot;
    if (m > 0.0)  // eq. (8): the c.o.m.'s inertial acceleration relative to B's, ṙ = v + w × r
      m_rDDot += m * (a - a_0 + alpha.cross(d.r_ScB_B) + d.w.cross(d.rDot_ScB_B));
  }
  return m_rDDot;  // inertial, relative to B's (the contract of StateEffector::derivatives)
}

EnergyMomentumContribution SerialChain::energy_momentum(const EvaluationContext&, ConstStateBlock x,
                                                        const EffectorWorkspace& wsb) const {
  const ChainWorkspace& ws = chain(wsb);
  EnergyMomentumContribution e;
  for (std::size_t i = 0; i < links_.size(); ++i) {
    const ChainLink& L = links_[i];
    const LinkData& d = ws.links[i];
    // Eq. (9)
    const Eigen::Vector3d& omega_SN_B = d.w;
    e.H_PntB_B += d.I_PntSc_B * omega_SN_B + L.m * d.r_ScB_B.cross(d.rDot_ScB_B);
    e.kinetic_energy += 0.5 * omega_SN_B.dot(d.I_PntSc_B * omega_SN_B) + 0.5 * L.m * d.rDot_ScB_B.squaredNorm();
    if (!locked(i, ws)) {
      const double dq = x[static_cast<Eigen::Index>(i)] - L.q_ref;
      e.potential_energy += 0.5 * L.k * dq * dq;
    }
  }
  return e;
}

}  // namespace ramus
