// Docking and separation (docs/models/docking.md, docs/architecture.md §24).
#include "ramus/kernel/docking.hpp"

#include <cmath>
#include <utility>
#include <vector>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;
using Vector6d = Eigen::Matrix<double, 6, 1>;
using validation::to_text;
namespace si = units::si;

/// What a vehicle of the old model is made of, kept while the old model is released.
struct VehicleParts {
  std::string name;
  HubParameters hub;
  InitialState initial;
  HubTranslation translation = HubTranslation::B;
  std::vector<std::shared_ptr<StateEffector>> state_effectors;
  std::vector<std::shared_ptr<DynamicEffector>> dynamic_effectors;
  VehicleOffsets offsets;  // in the old layout
};

HubConfig hub_config(double m, const Matrix3d& I_PntBc_B, const Vector3d& r_BcB_B) {
  return HubConfig{m * si::kilogram, units::InertiaTensor(I_PntBc_B, units::kg_m2), units::Length3(r_BcB_B, si::meter)};
}

Matrix3d parallel_axis(double m, const Vector3d& r) {
  return m * (r.squaredNorm() * Matrix3d::Identity() - r * r.transpose());
}

/// The body's centre of mass relative to the host's B, and its inertia about B, B components
/// (docking.md (2)).
std::pair<Vector3d, Matrix3d> body_in_host(const DockedBody& b) {
  const Matrix3d dcm_BB2 = b.dcm_B2B.transpose();
  const Vector3d rho = b.r_B2B_B + dcm_BB2 * b.r_BcB_B;
  return {rho, dcm_BB2 * b.I_PntBc_B * b.dcm_B2B + parallel_axis(b.m, rho)};
}

struct HubMass {
  double m;
  Matrix3d I_PntBc_B;
  Vector3d r_BcB_B;
};

/// docking.md (2): the composite hub of the host hub and the body.
HubMass combine(const HubParameters& h, const DockedBody& b) {
  const auto [rho, I_b] = body_in_host(b);
  const double m = h.m + b.m;
  const Vector3d r = (h.m_r_BcB_B + b.m * rho) / m;
  const Matrix3d I_B = h.I_PntB_B + I_b;
  const Matrix3d I_c = I_B - parallel_axis(m, r);
  return {m, 0.5 * (I_c + I_c.transpose()), r};
}

/// docking.md (9): the hub without the body.
HubMass remove(const HubParameters& h, const DockedBody& b) {
  const auto [rho, I_b] = body_in_host(b);
  const double m = h.m - b.m;
  const Vector3d r = (h.m_r_BcB_B - b.m * rho) / m;
  const Matrix3d I_B = h.I_PntB_B - I_b;
  const Matrix3d I_c = I_B - parallel_axis(m, r);
  return {m, 0.5 * (I_c + I_c.transpose()), r};
}

/// p_N and H about the point r_P (N components) of one vehicle, and its energy (MomentumTotals).
struct Momenta {
  Vector3d p_N = Vector3d::Zero(), H_PntP_N = Vector3d::Zero(), H_PntN_N = Vector3d::Zero();
  double energy = 0.0;
  double m = 0.0;                      // [kg]
  Vector3d v_CN_N = Vector3d::Zero();  // [m/s]
  double rotational_energy = 0.0;      // [J]
};
/// H_PntP_N is taken in a frame moving at V (the event's centre-of-mass velocity): H about the
/// point P fixed in N at the instant, less (Σ m (r_C − r_P)) × V, which is the same before and after
/// (m and the first moment are, docking.md (2)), so its balance is that of H about P. In orbit it keeps
/// the digits that (r_C − r_P) × m v_C loses: r_C is known to ~1e-9 m at 7e6 m, times m v_C ~ 1e7 N s.
Momenta momenta(const Model& model, const Eigen::VectorXd& x, double t, std::size_t i, const Vector3d& r_PN_N,
                const Vector3d& V_N = Vector3d::Zero()) {
  const VehicleDiagnostics d = vehicle_diagnostics(model, x, t, i);
  Momenta m;
  m.p_N = d.p_N;
  // About C from the terms about C (architecture.md eqs. 11, 17), not as H_PntN_N − r_C × p_N:
  // in orbit that difference keeps ~1e-16 of |r_C| |p| (~1e13 N m s), far more than a hub's H_C.
  const Vector3d p_flow_N = d.p_N - d.m * d.v_CN_N;
  const Vector3d H_PntC_N = d.H_rot_PntC_N + (d.hub.r_FN_N - d.r_CN_N).cross(p_flow_N);
  m.H_PntP_N = H_PntC_N + (d.r_CN_N - r_PN_N).cross(d.p_N - d.m * V_N);
  m.H_PntN_N = d.H_PntN_N;
  m.energy = 0.5 * d.m * d.v_CN_N.squaredNorm() + d.rotational_energy;
  m.m = d.m;
  m.v_CN_N = d.v_CN_N;
  m.rotational_energy = d.rotational_energy;
  return m;
}

/// docking.md (6): the energy relative to the velocity V (König): the total's ½ |P|²/M is the same
/// before and after an event (P and M are), so differences of these keep the digits that a
/// difference of totals loses in orbit (½ m |v_C|² ~ 1e10 J beside a loss of ~1 J).
double energy_relative_to(const std::vector<Momenta>& parts, const Vector3d& V) {
  double e = 0.0;
  for (const Momenta& m : parts) e += 0.5 * m.m * (m.v_CN_N - V).squaredNorm() + m.rotational_energy;
  return e;
}

void add(MomentumTotals& tot, const Momenta& m) {
  tot.p_N += m.p_N;
  tot.H_PntN_N += m.H_PntN_N;
  tot.energy += m.energy;
}

/// docking.md (5): the hub velocity v_BN_N and rate omega_BN_B of vehicle i (translation at B) at
/// which its momentum (p_N; H about r_P) is `target`, every other entry of x held. The momentum is
/// affine in (v, ω) at fixed coordinates and joint rates, so its matrix is found exactly by
/// differences about (v, ω) = 0 (as vehicle_inertia_PntC_B finds the inertia).
Vector6d hub_velocity_for(const Model& model, Eigen::VectorXd x, double t, std::size_t i, const Vector3d& r_PN_N,
                          const Vector3d& V_N, const Vector6d& target) {
  const VehicleOffsets& o = model.vehicle(i).offsets();
  auto momentum = [&](const Vector6d& u) {
    x.segment<3>(o.v_N) = u.head<3>();
    x.segment<3>(o.omega_BN_B) = u.tail<3>();
    const Momenta m = momenta(model, x, t, i, r_PN_N, V_N);
    Vector6d h;
    h << m.p_N, m.H_PntP_N;
    return h;
  };
  const Vector6d b = momentum(Vector6d::Zero());
  Eigen::Matrix<double, 6, 6> M;
  for (int k = 0; k < 6; ++k) M.col(k) = momentum(Vector6d::Unit(k)) - b;
  return M.fullPivLu().solve(target - b);
}

std::size_t find_vehicle(const Model& model, const char* owner, const char* field, std::string_view name) {
  for (std::size_t i = 0; i < model.vehicle_count(); ++i)
    if (model.vehicle(i).name() == name) return i;
  throw ConfigurationError(owner, field, "'" + std::string(name) + "'", "no vehicle has this name");
}

void require_model(const std::shared_ptr<const Model>& model, const Eigen::VectorXd& x, double t, const char* owner) {
  if (!model) throw ConfigurationError(owner, "model", "null", "needs the run's model");
  if (!model->is_finalized()) throw ConfigurationError(owner, "model", "not finalized", "needs a finalized model");
  if (x.size() != model->layout().size())
    throw ConfigurationError(owner, "state size", std::to_string(x.size()),
                             "the layout has " + std::to_string(model->layout().size()) + " entries");
  if (!x.allFinite()) throw ConfigurationError(owner, "state", "(non-finite entries)", "must be finite");
  validation::require_finite(owner, "t [s]", t);
}

void require_at_B(const Vehicle& v, const char* owner, const char* field) {
  if (v.hub_translation() != HubTranslation::B)
    throw ConfigurationError(owner, std::string(field) + " hub translation",
                             v.hub_translation() == HubTranslation::C ? "C" : "clamped",
                             v.label() + ": only a hub whose translation is carried at B can dock or separate");
}

/// Refused last, after every other check, so that a refusal leaves the caller's model usable.
void require_sole_owner(const std::shared_ptr<const Model>& model, const char* owner) {
  if (model.use_count() != 1)
    throw ConfigurationError(owner, "model", "shared by " + std::to_string(model.use_count()) + " owners",
                             "its effectors move into the new model (one object, one place): release every "
                             "other owner (a System of the run) first");
}

std::vector<VehicleParts> take_parts(const Model& model) {
  std::vector<VehicleParts> parts;
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) {
    const Vehicle& v = model.vehicle(i);
    parts.push_back({v.name(), v.hub(), v.initial_state(), v.hub_translation(), v.state_effectors(),
                     v.dynamic_effectors(), v.offsets()});
  }
  return parts;
}

/// Adds the vehicle of `p` with hub `hub` and initial state `initial`, and its effectors.
void add_vehicle(Model& model, const VehicleParts& p, const HubConfig& hub, const InitialState& initial) {
  Vehicle& v = model.add_vehicle(p.name, hub);
  v.set_initial_state(initial);
  v.set_hub_translation(p.translation);
  for (const auto& e : p.state_effectors) v.add_state_effector(e);
  for (const auto& d : p.dynamic_effectors) v.add_dynamic_effector(d);
}

HubConfig hub_config(const HubParameters& h) { return hub_config(h.m, h.I_PntBc_B, h.r_BcB_B); }

/// The initial state of a hub at B from the run's state (for finalize's check only: the run's
/// state is written over it).
InitialState state_now(const Eigen::VectorXd& x, const VehicleOffsets& o) {
  InitialState s;
  s.point = ReferencePoint::B;
  s.r_N = units::Length3(Vector3d(x.segment<3>(o.r_N)), si::meter);
  s.v_N = units::Velocity3(Vector3d(x.segment<3>(o.v_N)), si::meter / si::second);
  s.q_BN = x.segment<4>(o.q_BN).normalized();
  s.omega_BN_B = units::AngularVelocity3(Vector3d(x.segment<3>(o.omega_BN_B)), si::radian / si::second);
  return s;
}

/// Copies a vehicle's blocks (hub, effectors, dv_CN_N) from the old state to the new; the layout
/// of a vehicle's blocks does not depend on the other vehicles, only its start does.
void copy_vehicle(const Eigen::VectorXd& x_old, const VehicleOffsets& o_old, Eigen::VectorXd& x_new,
                  const VehicleOffsets& o_new) {
  const Eigen::Index size = o_old.dv_CN_N + 3 - o_old.r_N;
  x_new.segment(o_new.r_N, size) = x_old.segment(o_old.r_N, size);
}

void add_two_point_effectors(Model& model, const std::vector<Model::TwoPointAttachment>& tp) {
  for (const auto& t : tp) model.add_two_point_effector(t.effector);
}

}  // namespace

DockingResult dock(std::shared_ptr<const Model>& model_in, const Eigen::VectorXd& x, double t,
                   std::string_view servicer, std::string_view client) {
  constexpr const char* owner = "dock";
  require_model(model_in, x, t, owner);
  const Model& old = *model_in;
  const std::size_t is = find_vehicle(old, owner, "servicer", servicer);
  const std::size_t ic = find_vehicle(old, owner, "client", client);
  if (is == ic)
    throw ConfigurationError(owner, "client", "'" + std::string(client) + "'",
                             "is the servicer: a vehicle cannot dock with itself");
  const Vehicle& vs = old.vehicle(is);
  const Vehicle& vc = old.vehicle(ic);
  require_at_B(vs, owner, "servicer");
  require_at_B(vc, owner, "client");
  const std::string why =
      "the client's effectors would have to be re-placed in the servicer's hub frame, which their "
      "parameters fix; only a client whose hub carries no effector can dock";
  if (!vc.state_effectors().empty())
    throw ConfigurationError(owner, "client effector", vc.state_effectors().front()->label(), why);
  if (!vc.dynamic_effectors().empty())
    throw ConfigurationError(owner, "client effector", vc.dynamic_effectors().front()->label(), why);
  for (const auto& tp : old.two_point_effectors())
    if (tp.end1.vehicle == ic || tp.end2.vehicle == ic)
      throw ConfigurationError(owner, "client two-point effector", tp.effector->label(),
                               "has an end on the client, whose hub becomes part of the servicer's");

  // The client's hub as captured: its pose relative to the servicer's hub at x (docking.md (1)).
  const VehicleOffsets& os = vs.offsets();
  const VehicleOffsets& oc = vc.offsets();
  const Vector3d r_B1N_N = x.segment<3>(os.r_N), r_B2N_N = x.segment<3>(oc.r_N);
  const Matrix3d dcm_NB1 = rotation_matrix(x.segment<4>(os.q_BN).normalized());
  const Matrix3d dcm_NB2 = rotation_matrix(x.segment<4>(oc.q_BN).normalized());
  DockingResult result;
  result.client = DockedBody{vc.name(),
                             vc.hub().m,
                             vc.hub().I_PntBc_B,
                             vc.hub().r_BcB_B,
                             dcm_NB1.transpose() * (r_B2N_N - r_B1N_N),
                             dcm_NB2.transpose() * dcm_NB1};
  const HubMass composite = combine(vs.hub(), result.client);
  const HubConfig composite_hub = hub_config(composite.m, composite.I_PntBc_B, composite.r_BcB_B);
  { const Vehicle check(vs.name(), composite_hub); }  // the composite hub is valid before anything is given up

  // Momenta before, about B1 (docking.md (3)) and about N.
  const Momenta ms0 = momenta(old, x, t, is, r_B1N_N), mc0 = momenta(old, x, t, ic, r_B1N_N);
  const Vector3d V = (ms0.p_N + mc0.p_N) / (ms0.m + mc0.m);
  const Momenta ms = momenta(old, x, t, is, r_B1N_N, V), mc = momenta(old, x, t, ic, r_B1N_N, V);
  add(result.before, ms);
  add(result.before, mc);
  Vector6d target;
  target << ms.p_N + mc.p_N, ms.H_PntP_N + mc.H_PntP_N;

  require_sole_owner(model_in, owner);
  std::vector<VehicleParts> parts = take_parts(old);
  const std::vector<Model::TwoPointAttachment> two_point = old.two_point_effectors();
  const std::shared_ptr<const GravityModel> gravity = old.gravity_model();
  model_in.reset();  // the old model releases its effectors (placement.hpp)

  auto model = std::make_shared<Model>();
  model->set_gravity(gravity);
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i == ic) continue;
    if (i == is)
      add_vehicle(*model, parts[i], composite_hub, state_now(x, parts[i].offsets));
    else
      add_vehicle(*model, parts[i], hub_config(parts[i].hub), parts[i].initial);
  }
  add_two_point_effectors(*model, two_point);
  model->finalize();

  // The state: every vehicle's blocks as they were, then the composite's velocity and rate.
  Eigen::VectorXd xn = model->initial_state();
  for (std::size_t i = 0, k = 0; i < parts.size(); ++i) {
    if (i == ic) continue;
    copy_vehicle(x, parts[i].offsets, xn, model->vehicle(k++).offsets());
  }
  const std::size_t kc = is < ic ? is : is - 1;  // the composite's index
  const VehicleOffsets& on = model->vehicle(kc).offsets();
  const Vector6d u = hub_velocity_for(*model, xn, t, kc, r_B1N_N, V, target);
  xn.segment<3>(on.v_N) = u.head<3>();
  xn.segment<3>(on.omega_BN_B) = u.tail<3>();

  const Momenta mk = momenta(*model, xn, t, kc, r_B1N_N, V);
  add(result.after, mk);
  result.energy_lost = energy_relative_to({ms, mc}, V) - energy_relative_to({mk}, V);
  result.model = std::move(model);
  result.x = std::move(xn);
  return result;
}

SeparationResult separate(std::shared_ptr<const Model>& model_in, const Eigen::VectorXd& x, double t,
                          std::string_view vehicle, const DockedBody& body, const Eigen::Vector3d& delta_v_N) {
  constexpr const char* owner = "separate";
  require_model(model_in, x, t, owner);
  const Model& old = *model_in;
  const std::size_t iv = find_vehicle(old, owner, "vehicle", vehicle);
  const Vehicle& v = old.vehicle(iv);
  require_at_B(v, owner, "vehicle");
  if (body.name.empty()) throw ConfigurationError(owner, "body name", "''", "names the new vehicle: needs a name");
  for (std::size_t i = 0; i < old.vehicle_count(); ++i)
    if (old.vehicle(i).name() == body.name)
      throw ConfigurationError(owner, "body name", "'" + body.name + "'", "is already a vehicle's name");
  const std::string body_owner = owner + std::string(" body '") + body.name + "'";
  validation::require_positive(body_owner, "m [kg]", body.m);
  validation::require_inertia(body_owner, "I_PntBc_B [kg m^2]", body.I_PntBc_B);
  validation::require_finite(body_owner, {{"r_BcB_B [m]", body.r_BcB_B}, {"r_B2B_B [m]", body.r_B2B_B}});
  validation::require_finite(owner, "delta_v_N [m/s]", delta_v_N);
  const Matrix3d orth = body.dcm_B2B * body.dcm_B2B.transpose() - Matrix3d::Identity();
  if (!body.dcm_B2B.allFinite() || orth.cwiseAbs().maxCoeff() > 1e-12 || body.dcm_B2B.determinant() < 0.0)
    throw ConfigurationError(body_owner, "dcm_B2B", to_text(body.dcm_B2B), "must be a rotation (orthonormal, det +1)");
  // What is left of the hub must be a body (docking.md (9)): less mass than the hub, a physical
  // inertia; otherwise the body is not in this hub.
  if (!(body.m < v.hub().m))
    throw ConfigurationError(body_owner, "m [kg]", to_text(body.m),
                             "is not in the hub of " + v.label() + " (hub mass " + to_text(v.hub().m) + " kg)");
  const HubMass rest = remove(v.hub(), body);
  try {
    validation::require_inertia(v.label() + " hub without body '" + body.name + "'", "I_PntBc_B [kg m^2]",
                                rest.I_PntBc_B);
  } catch (const ConfigurationError& e) {
    throw ConfigurationError(body_owner, "I_PntBc_B [kg m^2]", to_text(body.I_PntBc_B),
                             std::string("is not in the hub of ") + v.label() + ": " + e.what());
  }
  const HubConfig rest_hub = hub_config(rest.m, rest.I_PntBc_B, rest.r_BcB_B);
  const HubConfig body_hub = hub_config(body.m, body.I_PntBc_B, body.r_BcB_B);
  { const Vehicle check(v.name(), rest_hub); }
  { const Vehicle check(body.name, body_hub); }

  // The body's frame and velocities at x: those of its points in the rigid hub (docking.md (10)).
  const VehicleOffsets& ov = v.offsets();
  const Vector3d r_B1N_N = x.segment<3>(ov.r_N), v_B1N_N = x.segment<3>(ov.v_N);
  const Vector3d omega = x.segment<3>(ov.omega_BN_B);
  const Matrix3d dcm_NB1 = rotation_matrix(x.segment<4>(ov.q_BN).normalized());
  const Matrix3d dcm_NB2 = dcm_NB1 * body.dcm_B2B.transpose();
  InitialState body_state;
  body_state.point = ReferencePoint::B;
  body_state.r_N = units::Length3(Vector3d(r_B1N_N + dcm_NB1 * body.r_B2B_B), si::meter);
  body_state.v_N = units::Velocity3(Vector3d(v_B1N_N + dcm_NB1 * omega.cross(body.r_B2B_B)), si::meter / si::second);
  body_state.q_BN = quat_from_rotation_matrix(dcm_NB2);
  body_state.omega_BN_B = units::AngularVelocity3(Vector3d(body.dcm_B2B * omega), si::radian / si::second);

  SeparationResult result;
  const Momenta whole0 = momenta(old, x, t, iv, r_B1N_N);
  const Vector3d V = whole0.p_N / whole0.m;
  const Momenta whole = momenta(old, x, t, iv, r_B1N_N, V);
  add(result.before, whole);

  require_sole_owner(model_in, owner);
  std::vector<VehicleParts> parts = take_parts(old);
  const std::vector<Model::TwoPointAttachment> two_point = old.two_point_effectors();
  const std::shared_ptr<const GravityModel> gravity = old.gravity_model();
  model_in.reset();

  auto model = std::make_shared<Model>();
  model->set_gravity(gravity);
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i == iv)
      add_vehicle(*model, parts[i], rest_hub, state_now(x, parts[i].offsets));
    else
      add_vehicle(*model, parts[i], hub_config(parts[i].hub), parts[i].initial);
  }
  VehicleParts body_parts;
  body_parts.name = body.name;
  add_vehicle(*model, body_parts, body_hub, body_state);
  add_two_point_effectors(*model, two_point);
  model->finalize();

  Eigen::VectorXd xn = model->initial_state();
  for (std::size_t i = 0; i < parts.size(); ++i) copy_vehicle(x, parts[i].offsets, xn, model->vehicle(i).offsets());
  const std::size_t ib = parts.size();
  const VehicleOffsets& ob = model->vehicle(ib).offsets();
  xn.segment<3>(ob.r_N) = body_state.r_N.si();
  xn.segment<3>(ob.v_N) = body_state.v_N.si();
  xn.segment<4>(ob.q_BN) = body_state.q_BN;
  xn.segment<3>(ob.omega_BN_B) = body_state.omega_BN_B.si();
  xn.segment<3>(ob.dv_CN_N).setZero();
  if (!delta_v_N.isZero(0.0)) {
    // docking.md (11): the impulse m_b Δv through the body's centre of mass, its opposite on the rest.
    xn.segment<3>(ob.v_N) += delta_v_N;
    const Momenta mb = momenta(*model, xn, t, ib, r_B1N_N, V);
    Vector6d target;
    target << whole.p_N - mb.p_N, whole.H_PntP_N - mb.H_PntP_N;
    const Vector6d u = hub_velocity_for(*model, xn, t, iv, r_B1N_N, V, target);
    const VehicleOffsets& on = model->vehicle(iv).offsets();
    xn.segment<3>(on.v_N) = u.head<3>();
    xn.segment<3>(on.omega_BN_B) = u.tail<3>();
  }
  const Momenta mr = momenta(*model, xn, t, iv, r_B1N_N, V), mb = momenta(*model, xn, t, ib, r_B1N_N, V);
  add(result.after, mr);
  add(result.after, mb);
  result.energy_change = energy_relative_to({mr, mb}, V) - energy_relative_to({whole}, V);
  result.model = std::move(model);
  result.x = std::move(xn);
  return result;
}

}  // namespace ramus
