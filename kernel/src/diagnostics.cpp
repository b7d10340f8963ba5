// Energy and momentum: docs/architecture.md §4, eqs. (10)–(13), and §6, eqs. (17)–(19).
#include "ramus/kernel/diagnostics.hpp"

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/forward_dynamics.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/workspace.hpp"

namespace ramus {
namespace {

VehicleDiagnostics from_workspace(const Model& model, const Workspace& ws, const Eigen::VectorXd& x, double t,
                                  std::size_t i) {
  const Vehicle& v = model.vehicle(i);
  const VehicleWorkspace& w = ws.vehicles[i];
  const HubParameters& hub = v.hub();
  const Eigen::Vector3d& omega = w.ctx.hub.omega_FN_F;
  const Eigen::Vector3d& c = w.mass.r_CB_B;
  const Eigen::Vector3d cDot_B = w.mass.rPrime_CB_B + omega.cross(c);

  VehicleDiagnostics d;
  d.m = w.mass.m;
  d.hub = w.ctx.hub;
  d.q_BN = w.q_BN;
  d.sigma_BN = mrp_from_quat(w.q_BN);
  d.r_CN_N = w.ctx.hub.r_FN_N + w.dcm_NB * c;
  d.v_CN_N = w.ctx.hub.v_FN_N + w.dcm_NB * cDot_B;
  d.dv_CN_N = x.segment<3>(v.offsets().dv_CN_N);

  // About B, in B: the hub, eq. (10), then each effector; then moved to C, eq. (11).
  const Eigen::Vector3d rDot_BcB_B = omega.cross(hub.r_BcB_B);
  Eigen::Vector3d H_PntB_B = hub.I_PntBc_B * omega + hub.m * hub.r_BcB_B.cross(rDot_BcB_B);
  double T = 0.5 * omega.dot(hub.I_PntBc_B * omega) + 0.5 * hub.m * rDot_BcB_B.squaredNorm();
  double V_internal = 0.0;
  Eigen::Vector3d p_flow_B = Eigen::Vector3d::Zero();  // mass flows' momentum, eq. (17)
  const auto& effectors = v.state_effectors();
  for (std::size_t k = 0; k < effectors.size(); ++k) {
    const EnergyMomentumContribution e = effectors[k]->energy_momentum(
        w.ctx, x.segment(v.offsets().state_effectors[k], v.offsets().state_sizes[k]), *w.effectors[k]);
    H_PntB_B += e.H_PntB_B;
    T += e.kinetic_energy;
    V_internal += e.potential_energy;
    p_flow_B += e.p_B;
    d.p_exhaust_N += e.p_exhaust_N;
    d.H_exhaust_PntN_N += e.H_exhaust_PntN_N;
  }
  d.H_rot_PntC_N = w.dcm_NB * (H_PntB_B - d.m * c.cross(cDot_B));
  d.rotational_energy = T - 0.5 * d.m * cDot_B.squaredNorm() + V_internal;
  const GravityModel* gravity = model.gravity();
  const double U = gravity != nullptr ? gravity->potential(d.r_CN_N, t) : 0.0;
  d.orbital_energy = 0.5 * d.m * d.v_CN_N.squaredNorm() + d.m * U;
  d.H_orb_PntN_N = d.m * d.r_CN_N.cross(d.v_CN_N);
  // Totals with the mass flows' momentum, eq. (17): p = m v_C + [NB] p_flow, H_N = H_orb + H_rot + r_BN × [NB] p_flow.
  const Eigen::Vector3d p_flow_N = w.dcm_NB * p_flow_B;
  d.p_N = d.m * d.v_CN_N + p_flow_N;
  d.H_PntN_N = d.H_orb_PntN_N + d.H_rot_PntC_N + w.ctx.hub.r_FN_N.cross(p_flow_N);
  // About C, eq. (19): H_PntC = H_PntN − r_C × p, for the vehicle and for its exhaust.
  d.H_PntC_N = d.H_PntN_N - d.r_CN_N.cross(d.p_N);
  d.H_exhaust_PntC_N = d.H_exhaust_PntN_N - d.r_CN_N.cross(d.p_exhaust_N);
  return d;
}

}  // namespace

std::vector<DynamicEffectorLoad> dynamic_effector_loads(const Model& model, const Eigen::VectorXd& x, double t,
                                                        const Eigen::VectorXd& u_given) {
  Workspace ws(model);
  forward::kinematics(model, ws, x, t);
  forward::mass_properties(model, ws, x);
  const double* u = u_given.size() > 0 ? u_given.data() : ws.inputs.applied().data();
  std::vector<DynamicEffectorLoad> out;
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) {
    const Vehicle& v = model.vehicle(i);
    VehicleWorkspace& w = ws.vehicles[i];
    forward::load_context(model, v, w, t);
    const VehicleOffsets& o = v.offsets();
    for (std::size_t j = 0; j < v.dynamic_effectors().size(); ++j) {
      const VehicleOffsets::InputRange r = o.inputs_dynamic_effectors[j];
      const DynamicEffector& d = *v.dynamic_effectors()[j];
      out.push_back({i, &d, d.wrench(w.ctx.hub, ConstInputBlock(u + r.offset, r.size), w.load)});
    }
    const auto& effectors = v.state_effectors();
    for (std::size_t k = 0; k < effectors.size(); ++k)
      for (std::size_t c = 0; c < effectors[k]->children().size(); ++c) {
        const StateEffector::Child& child = effectors[k]->children()[c];
        const VehicleOffsets::InputRange r = o.inputs_children[k][c];
        out.push_back({i, child.effector.get(),
                       child.effector->wrench(effectors[k]->segment(child.segment, *w.effectors[k]),
                                              ConstInputBlock(u + r.offset, r.size), w.load)});
      }
  }
  return out;
}

std::vector<VehicleDiagnostics> diagnostics(const Model& model, const Eigen::VectorXd& x, double t) {
  Workspace ws(model);
  forward::kinematics(model, ws, x, t);
  forward::mass_properties(model, ws, x);
  std::vector<VehicleDiagnostics> out;
  out.reserve(model.vehicle_count());
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) out.push_back(from_workspace(model, ws, x, t, i));
  return out;
}

double two_point_potential_energy(const Model& model, const Eigen::VectorXd& x) {
  Workspace ws(model);
  forward::kinematics(model, ws, x, 0.0);  // the ends' kinematics depend on x alone
  double V = 0.0;
  for (const Model::TwoPointAttachment& a : model.two_point_effectors())
    V += a.effector->potential_energy(forward::end_frame(model, ws, a.end1), forward::end_frame(model, ws, a.end2));
  return V;
}

FrameKinematics segment_frame(const Model& model, const Eigen::VectorXd& x, double t, const StateEffector& effector,
                              std::size_t segment) {
  (void)model.state_block(effector, x);  // checks before the workspace is made: finalized, x's size, the effector
  Workspace ws(model);
  return segment_frame(model, ws, x, t, effector, segment);
}

FrameKinematics segment_frame(const Model& model, Workspace& ws, const Eigen::VectorXd& x, double t,
                              const StateEffector& effector, std::size_t segment) {
  (void)model.state_block(effector, x);  // finalized, x's size, the effector in the model
  if (segment >= effector.segment_count())
    throw ConfigurationError(
        effector.label(), "segment", std::to_string(segment),
        "out of range: the effector has " + std::to_string(effector.segment_count()) + " segment frames");
  const Model::EffectorIndex at = model.locate(effector);
  forward::kinematics(model, ws, x, t);
  return effector.segment(segment, *ws.vehicles[at.vehicle].effectors[at.state_effector]);
}

VehicleDiagnostics vehicle_diagnostics(const Model& model, const Eigen::VectorXd& x, double t, std::size_t i) {
  Workspace ws(model);
  return vehicle_diagnostics(model, ws, x, t, i);
}

Eigen::Matrix3d vehicle_inertia_PntC_B(const Model& model, const Eigen::VectorXd& x, double t, std::size_t i) {
  if (i >= model.vehicle_count())
    throw ConfigurationError("vehicle_inertia_PntC_B", "vehicle index", std::to_string(i),
                             "out of range (" + std::to_string(model.vehicle_count()) + " vehicles)");
  if (x.size() != model.layout().size())
    throw ConfigurationError("vehicle_inertia_PntC_B", "x", "of size " + std::to_string(x.size()),
                             "must have the state's size " + std::to_string(model.layout().size()));
  Workspace ws(model);
  Eigen::VectorXd xk = x;
  const Eigen::Index i_omega = model.vehicle(i).offsets().omega_BN_B;
  xk.segment<3>(i_omega).setZero();
  const VehicleDiagnostics d0 = vehicle_diagnostics(model, ws, xk, t, i);
  Eigen::Matrix3d I_N_dcm_NB;
  for (int k = 0; k < 3; ++k) {
    xk.segment<3>(i_omega) = Eigen::Vector3d::Unit(k);
    I_N_dcm_NB.col(k) = vehicle_diagnostics(model, ws, xk, t, i).H_rot_PntC_N - d0.H_rot_PntC_N;
  }
  const Eigen::Matrix3d I_B = dcm_from_mrp(d0.sigma_BN) * I_N_dcm_NB;  // dcm_BN I_N dcm_NB
  return 0.5 * (I_B + I_B.transpose());                                // symmetric to round-off
}

VehicleDiagnostics vehicle_diagnostics(const Model& model, Workspace& ws, const Eigen::VectorXd& x, double t,
                                       std::size_t i) {
  if (i >= model.vehicle_count())
    throw ConfigurationError("diagnostics", "vehicle index", std::to_string(i),
                             "out of range (" + std::to_string(model.vehicle_count()) + " vehicles)");
  forward::kinematics(model, ws, x, t);
  forward::mass_properties(model, ws, x);
  return from_workspace(model, ws, x, t, i);
}

}  // namespace ramus
