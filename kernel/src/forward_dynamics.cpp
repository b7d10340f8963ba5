// The equations of motion of every vehicle: docs/architecture.md §2, eqs. (1)–(9).
#include "ramus/kernel/forward_dynamics.hpp"

#include "ramus/kernel/model.hpp"
#include "ramus/kernel/workspace.hpp"

namespace ramus::forward {
namespace {

ConstStateBlock effector_block(const VehicleOffsets& o, std::size_t k, const Eigen::VectorXd& x) {
  return x.segment(o.state_effectors[k], o.state_sizes[k]);
}

void effector_kinematics(const Vehicle& v, VehicleWorkspace& w, const Eigen::VectorXd& x) {
  const auto& effectors = v.state_effectors();
  for (std::size_t k = 0; k < effectors.size(); ++k)
    effectors[k]->kinematics(w.ctx, effector_block(v.offsets(), k, x), *w.effectors[k]);
}

// Sums of eq. (2): m, Σ m r, Σ m r' and ṁ (mass depletion, §6), with Σ ṁ r_O (eq. 15); the hub's
// own terms first.
void vehicle_mass_properties(const Vehicle& v, VehicleWorkspace& w, const Eigen::VectorXd& x) {
  const HubParameters& hub = v.hub();
  double m = hub.m, mDot = 0.0;
  Eigen::Vector3d m_c = hub.m_r_BcB_B, m_cPrime = Eigen::Vector3d::Zero(), mDot_r_O = Eigen::Vector3d::Zero();
  const auto& effectors = v.state_effectors();
  for (std::size_t k = 0; k < effectors.size(); ++k) {
    const CentreOfMass p = effectors[k]->mass_properties(w.ctx, effector_block(v.offsets(), k, x), *w.effectors[k]);
    m += p.m;
    m_c += p.m * p.r_CB_B;
    m_cPrime += p.m * p.rPrime_CB_B;
    mDot += p.mDot;
    mDot_r_O += p.mDot_r_OB_B;
  }
  const double inv_m = 1.0 / m;
  w.mass.m = m;
  w.mass.r_CB_B = m_c * inv_m;
  w.mass.rPrime_CB_B = m_cPrime * inv_m;
  w.mass.mDot = mDot;
  w.mass.mDot_r_OB_B = mDot_r_O;
}

}  // namespace

const FrameKinematics& end_frame(const Model& model, const Workspace& ws, const Model::ResolvedEnd& end) {
  const VehicleWorkspace& w = ws.vehicles[end.vehicle];
  if (end.state_effector == Model::npos) return w.ctx.hub;
  return model.vehicle(end.vehicle)
      .state_effectors()[end.state_effector]
      ->segment(end.segment, *w.effectors[end.state_effector]);
}

void add_end_load(const Model& model, Workspace& ws, const Model::ResolvedEnd& end, const Wrench& load) {
  VehicleWorkspace& w = ws.vehicles[end.vehicle];
  if (end.state_effector == Model::npos)
    w.hub_loads += load;
  else
    model.vehicle(end.vehicle)
        .state_effectors()[end.state_effector]
        ->add_segment_wrench(end.segment, load, *w.effectors[end.state_effector]);
}

void kinematics(const Model& model, Workspace& ws, const Eigen::VectorXd& x, double t) {
  ws.inputs.update(t);  // the run's continuous input profiles at t (inputs.hpp)
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) {
    const Vehicle& v = model.vehicle(i);
    const VehicleOffsets& o = v.offsets();
    VehicleWorkspace& w = ws.vehicles[i];
    // The attitude is q/|q| wherever it is used (docs/architecture.md §D4); |q| itself is a first
    // integral.
    w.q_BN = x.segment<4>(o.q_BN) * (1.0 / x.segment<4>(o.q_BN).norm());
    w.dcm_NB = rotation_matrix(w.q_BN);
    FrameKinematics& hub = w.ctx.hub;
    w.ctx.t = t;
    hub.dcm_FN = w.dcm_NB.transpose();
    hub.r_FN_N = x.segment<3>(o.r_N);
    hub.v_FN_N = x.segment<3>(o.v_N);
    hub.omega_FN_F = x.segment<3>(o.omega_BN_B);
    effector_kinematics(v, w, x);
    if (o.translation != HubTranslation::C) continue;
    // The state holds C: B follows from the mass properties, eq. (20a). They are relative to B, so
    // the first pass gives c_B and c'_B; the second places every segment from B.
    vehicle_mass_properties(v, w, x);
    const Eigen::Vector3d cDot_B = w.mass.rPrime_CB_B + hub.omega_FN_F.cross(w.mass.r_CB_B);
    hub.r_FN_N = x.segment<3>(o.r_N) - w.dcm_NB * w.mass.r_CB_B;
    hub.v_FN_N = x.segment<3>(o.v_N) - w.dcm_NB * cDot_B;
    effector_kinematics(v, w, x);
  }
}

void mass_properties(const Model& model, Workspace& ws, const Eigen::VectorXd& x) {
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) {
    const Vehicle& v = model.vehicle(i);
    VehicleWorkspace& w = ws.vehicles[i];
    vehicle_mass_properties(v, w, x);
    // C where gravity acts: the state's own when it holds C (not B + [NB] c, which rounds).
    if (v.offsets().translation == HubTranslation::C)
      w.r_CN_N = x.segment<3>(v.offsets().r_N);
    else
      w.r_CN_N.noalias() = w.ctx.hub.r_FN_N + w.dcm_NB * w.mass.r_CB_B;
  }
}

void load_context(const Model& model, const Vehicle& v, VehicleWorkspace& w, double t) {
  const GravityModel* gravity = model.gravity();
  LoadContext& at = w.load;
  at.t = t;
  at.gravity = gravity;
  at.r_CN_N = w.r_CN_N;
  at.has_G_N = gravity != nullptr && v.offsets().gradient_at_C;
  if (at.has_G_N) {  // the gradient at C for the effectors that read it, from the same pass as g
    const GravityAndGradient field = gravity->acceleration_and_gradient_N(at.r_CN_N, t);
    at.g_N = field.a_N;
    at.G_N = field.G_N;
  } else {
    at.g_N = gravity != nullptr ? gravity->acceleration_N(at.r_CN_N, t) : Eigen::Vector3d::Zero();
    at.G_N.setZero();
  }
  w.ctx.g_N = at.g_N;
}

void loads(const Model& model, Workspace& ws, double t) {
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) {
    const Vehicle& v = model.vehicle(i);
    VehicleWorkspace& w = ws.vehicles[i];
    load_context(model, v, w, t);
    const LoadContext& at = w.load;
    w.hub_loads = Wrench{};
    const VehicleOffsets& o = v.offsets();
    const double* u = ws.inputs.applied().data();
    const auto& dynamic = v.dynamic_effectors();
    for (std::size_t j = 0; j < dynamic.size(); ++j) {
      const VehicleOffsets::InputRange r = o.inputs_dynamic_effectors[j];
      w.hub_loads += dynamic[j]->wrench(w.ctx.hub, ConstInputBlock(u + r.offset, r.size), at);
    }
    // Children of state effectors: each load from its segment's current kinematics, handed to
    // the parent, which routes it into its own equations and the hub's (docs/branching.md).
    const auto& effectors = v.state_effectors();
    for (std::size_t k = 0; k < effectors.size(); ++k) {
      const auto& children = effectors[k]->children();
      for (std::size_t c = 0; c < children.size(); ++c) {
        const VehicleOffsets::InputRange r = o.inputs_children[k][c];
        const FrameKinematics& segment = effectors[k]->segment(children[c].segment, *w.effectors[k]);
        effectors[k]->add_segment_wrench(
            children[c].segment, children[c].effector->wrench(segment, ConstInputBlock(u + r.offset, r.size), at),
            *w.effectors[k]);
      }
    }
  }
  // Two-point effectors: both ends' loads in one call, from both ends' current kinematics.
  for (const Model::TwoPointAttachment& a : model.two_point_effectors()) {
    const auto [w1, w2] = a.effector->wrenches(end_frame(model, ws, a.end1), end_frame(model, ws, a.end2), t);
    add_end_load(model, ws, a.end1, w1);
    add_end_load(model, ws, a.end2, w2);
  }
}

void hub_accelerations(const Model& model, Workspace& ws, const Eigen::VectorXd& x) {
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) {
    const Vehicle& v = model.vehicle(i);
    VehicleWorkspace& w = ws.vehicles[i];
    HubSystem& s = w.system;
    s = v.hub().rows;  // the hub's constant blocks of eq. (4)
    // Each effector's whole contribution, its own rigid rows included (eqs. 4–5).
    const auto& effectors = v.state_effectors();
    for (std::size_t k = 0; k < effectors.size(); ++k)
      effectors[k]->contributions(w.ctx, effector_block(v.offsets(), k, x), *w.effectors[k], s);

    // The hub's velocity terms of eqs. (4)–(5) (its c' and I' are zero); gravity and the loads on
    // the hub.
    const Eigen::Vector3d& omega = w.ctx.hub.omega_FN_F;
    s.vecTrans -= omega.cross(omega.cross(v.hub().m_r_BcB_B));
    s.vecRot -= omega.cross(v.hub().I_PntB_B * omega);
    // Uniform gravity acts at C: force m g, torque c × m g about B (eq. 6), the whole vehicle's.
    const Eigen::Vector3d F_grav_B = w.mass.m * (w.ctx.hub.dcm_FN * w.ctx.g_N);
    s.vecTrans += F_grav_B + w.hub_loads.force_F;
    s.vecRot += w.mass.r_CB_B.cross(F_grav_B) + w.hub_loads.torque_PntF_F;
    // A clamped hub does not move: its accelerations are zero and the system's are the clamp's
    // reaction (docs/architecture.md §16); the effectors' contributions above still prepare their
    // back-substitution.
    if (v.offsets().translation == HubTranslation::clamped)
      w.ctx.acc = HubAccelerations{};
    else
      w.ctx.acc = solve_hub_system(s);
  }
}

void derivatives(const Model& model, Workspace& ws, const Eigen::VectorXd& x, Eigen::VectorXd& dxdt) {
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) {
    const Vehicle& v = model.vehicle(i);
    const VehicleOffsets& o = v.offsets();
    VehicleWorkspace& w = ws.vehicles[i];
    const HubAccelerations& acc = w.ctx.acc;
    const Eigen::Vector3d& omega = w.ctx.hub.omega_FN_F;
    dxdt.segment<3>(o.r_N) = w.ctx.hub.v_FN_N;
    dxdt.segment<3>(o.v_N) = w.dcm_NB * acc.rDDot_BN_B;
    dxdt.segment<4>(o.q_BN) = quat_derivative(x.segment<4>(o.q_BN), omega);  // eq. (8), on the raw q
    dxdt.segment<3>(o.omega_BN_B) = acc.omegaDot_BN_B;

    w.m_rDDot_B.setZero();
    const auto& effectors = v.state_effectors();
    for (std::size_t k = 0; k < effectors.size(); ++k)
      w.m_rDDot_B += effectors[k]->derivatives(w.ctx, effector_block(o, k, x), *w.effectors[k],
                                               dxdt.segment(o.state_effectors[k], o.state_sizes[k]));

    // Non-gravitational acceleration of C, eq. (9):
    //   m rDDot_C = m rDDot_B + Σ m r̈ (inertial, relative to B's),  dv_CN_N' = [NB] rDDot_C − g_N,
    // the effectors' m r̈ as they returned them, the hub's (c fixed in B) formed here; with mass
    // depletion (§6, eq. 16) also − (ṁ/m)(c' + ω × c) (ṁ = 0 otherwise: no change).
    const Eigen::Vector3d& m_c_hub = v.hub().m_r_BcB_B;
    const Eigen::Vector3d m_rDDot = w.m_rDDot_B + omega.cross(omega.cross(m_c_hub)) + acc.omegaDot_BN_B.cross(m_c_hub);
    Eigen::Vector3d rDDot_CN_B = acc.rDDot_BN_B + m_rDDot * (1.0 / w.mass.m);
    if (w.mass.mDot != 0.0) rDDot_CN_B -= (w.mass.mDot / w.mass.m) * (w.mass.rPrime_CB_B + omega.cross(w.mass.r_CB_B));
    dxdt.segment<3>(o.dv_CN_N) = w.dcm_NB * rDDot_CN_B - w.ctx.g_N;
    if (o.translation == HubTranslation::C) {
      // The state holds C, eq. (20b): v̇_C is the acceleration of eq. (9); ṙ_C = v_C but for the
      // centre's drift as mass leaves, [NB] (Σ ṁ r_O − ṁ c)/m (zero for constant mass).
      dxdt.segment<3>(o.v_N) = w.dcm_NB * rDDot_CN_B;
      dxdt.segment<3>(o.r_N) = x.segment<3>(o.v_N);
      if (w.mass.mDot != 0.0)
        dxdt.segment<3>(o.r_N) += w.dcm_NB * ((w.mass.mDot_r_OB_B - w.mass.mDot * w.mass.r_CB_B) * (1.0 / w.mass.m));
    }
  }
}

void evaluate(const Model& model, Workspace& ws, const Eigen::VectorXd& x, Eigen::VectorXd& dxdt, double t) {
  kinematics(model, ws, x, t);
  mass_properties(model, ws, x);
  loads(model, ws, t);
  hub_accelerations(model, ws, x);
  derivatives(model, ws, x, dxdt);
}

}  // namespace ramus::forward
