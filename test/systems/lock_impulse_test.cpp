// Engaging a lock is an impulse (SerialChain::engage_lock, docs/models/serial_chain.md eqs. L1–L3):
// the joint rate goes to exactly 0, the vehicle's linear momentum and its angular momentum about C
// and about N are unchanged, and the kinetic energy lost is the latch's. References independent of
// the engine: a dense mass matrix over (v_B, ω, q̇) written here from the bodies' geometry
// (classical kinematics, T = ½ νᵀ M ν), its reduced inertia 1/(M⁻¹)_jj and post-impulse velocity
// ν⁺ = ν⁻ − M⁻¹E (EᵀM⁻¹E)⁻¹ ν_J; the diagnostics' momenta and energies before and after
// (kernel/diagnostics.hpp, the effectors' own eq. 9); a closed form μ = J I/(J + I) for a balanced
// rotor on a hub; the wheel's conjugate momentum of a VSCMG. Cases: a hinged panel (also in orbit),
// a 2-DOF gimbal (both axes at once and in sequence), a prismatic body, a VSCMG gimbal, a latch
// during a propagation, a joint at rest. Positive control: the old behaviour (the rate zeroed in
// x) is measured to change the momentum by ≥ 1e-3 of it.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "ramus/systems/spinning_body.hpp"
#include "ramus/systems/translating_body.hpp"
#include "ramus/systems/vscmg.hpp"
#include "support/models.hpp"

namespace {

using namespace ramus;
using namespace ramus::test;
using Eigen::Matrix3d;
using Eigen::MatrixXd;
using Eigen::Vector3d;
using Eigen::VectorXd;

Matrix3d tilde3(const Vector3d& a) {
  Matrix3d t;
  t << 0, -a.z(), a.y(), a.z(), 0, -a.x(), -a.y(), a.x(), 0;
  return t;
}

/// dcm of the active rotation by `angle` about the unit `axis` (Rodrigues, test-side).
Matrix3d rodrigues(const Vector3d& axis, double angle) { return Eigen::AngleAxisd(angle, axis).toRotationMatrix(); }

// ---- the dense reference: T = ½ νᵀ M ν, ν = (v_B, ω, q̇) in B components --------------------------
struct DenseBody {
  double m = 0.0;
  Vector3d c = Vector3d::Zero();  ///< [m] centre of mass relative to B, in B
  Matrix3d I = Matrix3d::Zero();  ///< [kg m²] inertia about c, in B
  /// The revolute joints inboard of the body: joint index, axis in B and a point on it (rel. to B).
  struct Joint {
    Eigen::Index index;
    Vector3d axis, point;
    bool prismatic = false;  ///< a translation along `axis` (point unused)
  };
  std::vector<Joint> joints;
};

/// M = Σ m J_vᵀ J_v + J_wᵀ I J_w with v_c = v_B + ω × c + Σ q̇_i a_i × (c − p_i), w = ω + Σ q̇_i a_i.
MatrixXd dense_mass_matrix(const std::vector<DenseBody>& bodies, Eigen::Index n_joints) {
  const Eigen::Index N = 6 + n_joints;
  MatrixXd M = MatrixXd::Zero(N, N);
  for (const DenseBody& b : bodies) {
    MatrixXd Jv = MatrixXd::Zero(3, N), Jw = MatrixXd::Zero(3, N);
    Jv.block<3, 3>(0, 0) = Matrix3d::Identity();
    Jv.block<3, 3>(0, 3) = -tilde3(b.c);
    Jw.block<3, 3>(0, 3) = Matrix3d::Identity();
    for (const DenseBody::Joint& j : b.joints) {
      if (j.prismatic) {
        Jv.col(6 + j.index) = j.axis;
        continue;
      }
      Jv.col(6 + j.index) = j.axis.cross(b.c - j.point);
      Jw.col(6 + j.index) = j.axis;
    }
    M += b.m * Jv.transpose() * Jv + Jw.transpose() * b.I * Jw;
  }
  return M;
}

// ---- the models ------------------------------------------------------------------------------------
constexpr double kHubMass = 500.0;
Matrix3d hub_inertia() {
  Matrix3d I;
  I << 400, 12, -5, 12, 350, 8, -5, 8, 300;
  return I;
}
const Vector3d kHubCom(0.05, -0.1, 0.2);  ///< [m] r_BcB_B
Quaternion attitude() { return Quaternion(0.9, 0.1, -0.3, 0.2).normalized(); }

/// One vehicle in free space (no gravity, no external load) carrying `effectors`.
std::shared_ptr<Model> free_vehicle(const std::vector<std::shared_ptr<StateEffector>>& effectors) {
  auto model = std::make_shared<Model>();
  auto& sc = model->add_vehicle("sc", hub_config(kHubMass, hub_inertia(), kHubCom));
  sc.set_initial_state(
      initial_state(Vector3d(2.0, -1.0, 3.0), Vector3d(0.3, -0.2, 0.1), attitude(), Vector3d(0.02, -0.03, 0.05)));
  for (const auto& e : effectors) sc.add_state_effector(e);
  model->finalize();
  return model;
}

DenseBody dense_hub() {
  DenseBody h;
  h.m = kHubMass;
  h.c = kHubCom;
  h.I = hub_inertia();
  return h;
}

/// A panel of mass 30 kg with products of inertia, hinged 1.2 m from B, c.o.m. d from the hinge.
HingedRigidBodyConfig panel_config(double d, double thetaDot0, double k = 0.0) {
  HingedRigidBodyConfig h;
  h.mass = 30.0 * si::kilogram;
  Matrix3d I;
  I << 2.0, 0.3, -0.1, 0.3, 12.0, 0.2, -0.1, 0.2, 13.5;
  h.I_PntSc_S = InertiaTensor(I, kg_m2);
  h.d = d * si::meter;
  h.r_HB_B = Length3{Vector3d(1.2, 0.3, -0.2), si::meter};
  h.dcm_HB = rodrigues(Vector3d(1, 2, -1).normalized(), 0.4).transpose();
  h.k = k * si::newton * si::meter / si::radian;
  h.theta0 = 0.3 * si::radian;
  h.thetaDot0 = thetaDot0 * si::radian_per_second;
  return h;
}

/// `effector` alone on the free vehicle: the effector and the model.
template <class Effector>
std::pair<std::shared_ptr<Effector>, std::shared_ptr<Model>> on_free_vehicle(std::shared_ptr<Effector> effector) {
  auto model = free_vehicle({effector});
  return {std::move(effector), std::move(model)};
}

/// The panel "panel" of panel_config(0.9, thetaDot0, k) alone on the free vehicle.
std::pair<std::shared_ptr<HingedRigidBody>, std::shared_ptr<Model>> free_panel(double thetaDot0, double k = 0.0) {
  return on_free_vehicle(std::make_shared<HingedRigidBody>("panel", panel_config(0.9, thetaDot0, k)));
}

/// The panel as a dense body (docs/models/hinged_rigid_body.md eq. 1), at angle θ.
DenseBody dense_panel(const HingedRigidBodyConfig& h, double theta) {
  const double ct = std::cos(theta), st = std::sin(theta);
  Matrix3d M2;
  M2 << ct, 0.0, -st, 0.0, 1.0, 0.0, st, 0.0, ct;
  const Matrix3d dcm_SB = M2 * h.dcm_HB;
  DenseBody p;
  p.m = h.mass.value();
  p.c = h.r_HB_B.si() - h.d.value() * dcm_SB.row(0).transpose();
  p.I = dcm_SB.transpose() * h.I_PntSc_S.si() * dcm_SB;
  p.joints = {{0, dcm_SB.row(1).transpose(), h.r_HB_B.si()}};
  return p;
}

/// Two spinning axes: body 1 on the hub about ẑ, body 2 on body 1 about x̂ (a 2-DOF gimbal).
std::pair<SpinningAxisConfig, SpinningAxisConfig> gimbal_axes() {
  SpinningAxisConfig a1, a2;
  Matrix3d I1, I2;
  I1 << 3.0, 0.1, 0.0, 0.1, 4.0, -0.2, 0.0, -0.2, 5.0;
  I2 << 6.0, 0.0, 0.3, 0.0, 5.0, 0.1, 0.3, 0.1, 7.0;
  a1.mass = 15.0 * si::kilogram;
  a1.I_PntSc_S = InertiaTensor(I1, kg_m2);
  a1.r_ScS_S = Length3{Vector3d(0.1, 0.0, 0.3), si::meter};
  a1.r_SP_P = Length3{Vector3d(-0.8, 0.5, 0.6), si::meter};
  a1.sHat_S = Vector3d::UnitZ();
  a1.theta0 = 0.2 * si::radian;
  a1.thetaDot0 = 0.5 * si::radian_per_second;
  a2.mass = 25.0 * si::kilogram;
  a2.I_PntSc_S = InertiaTensor(I2, kg_m2);
  a2.r_ScS_S = Length3{Vector3d(0.0, 0.4, 0.1), si::meter};
  a2.r_SP_P = Length3{Vector3d(0.0, 0.0, 0.7), si::meter};
  a2.sHat_S = Vector3d::UnitX();
  a2.theta0 = -0.4 * si::radian;
  a2.thetaDot0 = -0.8 * si::radian_per_second;
  return {a1, a2};
}

/// A body of 40 kg with products of inertia sliding at 0.25 m/s, 0.4 m out, along a tilted axis.
TranslatingAxisConfig slider_config() {
  TranslatingAxisConfig a;
  a.mass = 40.0 * si::kilogram;
  Matrix3d I;
  I << 2.0, 0.1, 0.0, 0.1, 3.0, -0.2, 0.0, -0.2, 2.5;
  a.I_PntFc_F = InertiaTensor(I, kg_m2);
  a.r_FcF_F = Length3{Vector3d(0.1, 0.2, -0.1), si::meter};
  a.dcm_FP = rodrigues(Vector3d(0, 1, 1).normalized(), 0.5).transpose();
  a.r_F0P_P = Length3{Vector3d(-0.5, 0.8, 0.3), si::meter};
  a.fHat_P = Vector3d(1, -2, 2).normalized();
  a.rho0 = 0.4 * si::meter;
  a.rhoDot0 = 0.25 * si::meter_per_second;
  return a;
}

/// The two bodies as dense bodies (docs/models/serial_chain.md eq. 4, dcm_S0P = 1), at θ1, θ2.
std::vector<DenseBody> dense_gimbal(const SpinningAxisConfig& a1, const SpinningAxisConfig& a2, double th1,
                                    double th2) {
  const Matrix3d R1 = rodrigues(a1.sHat_S, th1), R2 = R1 * rodrigues(a2.sHat_S, th2);  // dcm_BS1, dcm_BS2
  const Vector3d p1 = a1.r_SP_P.si(), p2 = p1 + R1 * a2.r_SP_P.si();
  const Vector3d s1 = R1 * a1.sHat_S, s2 = R2 * a2.sHat_S;
  DenseBody b1, b2;
  b1.m = a1.mass.value();
  b1.c = p1 + R1 * a1.r_ScS_S.si();
  b1.I = R1 * a1.I_PntSc_S.si() * R1.transpose();
  b1.joints = {{0, s1, p1}};
  b2.m = a2.mass.value();
  b2.c = p2 + R2 * a2.r_ScS_S.si();
  b2.I = R2 * a2.I_PntSc_S.si() * R2.transpose();
  b2.joints = {{0, s1, p1}, {1, s2, p2}};
  return {b1, b2};
}

// ---- the checks ------------------------------------------------------------------------------------
struct Momenta {
  Vector3d p, H_C, H_N;
  double energy;  ///< [J] orbital + rotational (no gravity, no springs here: the kinetic energy)
};

Momenta momenta(const Model& model, const VectorXd& x) {
  const VehicleDiagnostics d = vehicle_diagnostics(model, x, 0.0, 0);
  return {d.p_N, d.H_rot_PntC_N, d.H_PntN_N, d.orbital_energy + d.rotational_energy};
}

/// The state's velocities as ν = (v_B, ω, q̇) in B components; `rates` the chain's q̇ offset, n joints.
VectorXd nu_of(const Model& model, const VectorXd& x, Eigen::Index rates, Eigen::Index n) {
  const VehicleOffsets& o = model.vehicle(0).offsets();
  const Matrix3d dcm_BN = rotation_matrix(x.segment<4>(o.q_BN).normalized()).transpose();
  VectorXd nu(6 + n);
  nu << dcm_BN * x.segment<3>(o.v_N), x.segment<3>(o.omega_BN_B), x.segment(rates, n);
  return nu;
}

// Momentum bound. The impulse's column (eq. L1) is f's response to a joint force 2^20 times larger
// than f itself, so its rounding is a few ulps of the column; λ from the k×k solve and x += C λ add
// a few more; the momenta are then sums of a handful of products each rounded at ~1 ulp of |H|.
// Measured: ≤ 4e-16 of |H|; bound 1e-13 |H| (≈ 500 ulps), while the old reset moves it by ≥ 1e-3.
constexpr double kMomentumTol = 1e-13;

void check_conserved(const Momenta& a, const Momenta& b, const char* what) {
  BOOST_TEST_CONTEXT(what) {
    const double ep = (b.p - a.p).norm() / a.p.norm(), eC = (b.H_C - a.H_C).norm() / a.H_C.norm(),
                 eN = (b.H_N - a.H_N).norm() / a.H_N.norm();
    BOOST_TEST_MESSAGE(what << ": |dp|/|p| " << ep << ", |dH_C|/|H_C| " << eC << ", |dH_N|/|H_N| " << eN);
    BOOST_TEST(ep <= kMomentumTol);
    BOOST_TEST(eC <= kMomentumTol);
    BOOST_TEST(eN <= kMomentumTol);
  }
}

/// The old behaviour, measured: the joint rates zeroed in x, nothing else.
double old_reset_jump(const Model& model, const VectorXd& x, const std::vector<Eigen::Index>& rate_entries) {
  VectorXd y = x;
  for (const Eigen::Index r : rate_entries) y[r] = 0.0;
  const Momenta a = momenta(model, x), b = momenta(model, y);
  return std::max((b.p - a.p).norm() / a.p.norm(), (b.H_C - a.H_C).norm() / a.H_C.norm());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(lock_impulse)

BOOST_AUTO_TEST_CASE(hinged_panel_on_a_free_hub) {
  // (a) A panel (30 kg, products of inertia, tilted hinge) at θ̇ = 0.4 rad/s on a free, tumbling,
  // drifting hub with an offset centre of mass. After the latch: θ̇ = 0 exactly, p, H about C and
  // about N unchanged; the post-impulse ν and the energy lost equal the dense reference's
  // ν⁺ = ν⁻ − M⁻¹e (eᵀM⁻¹e)⁻¹ θ̇ and ½ θ̇² / (M⁻¹)_θθ (the reduced inertia of the two bodies).
  const HingedRigidBodyConfig cfg = panel_config(0.9, 0.4);
  auto panel = std::make_shared<HingedRigidBody>("panel", cfg);
  const auto model = free_vehicle({panel});
  const System system(model);
  VectorXd x = model->initial_state();
  const Eigen::Index rate = block_offset(*model, "sc/panel", "thetaDot"), angle = rate - 1;
  const Momenta before = momenta(*model, x);
  const VectorXd nu0 = nu_of(*model, x, rate, 1);
  const VectorXd x0 = x;
  const LockImpulse li = panel->engage_lock(0, system, x, 0.0);
  const Momenta after = momenta(*model, x);
  BOOST_TEST(x[rate] == 0.0);
  BOOST_TEST(panel->is_locked(0, *model, system.inputs()));
  check_conserved(before, after, "hinged panel");
  // Positions are untouched (their derivatives do not respond to a joint force: exact zeros).
  const VehicleOffsets& o = model->vehicle(0).offsets();
  BOOST_TEST(x[angle] == x0[angle]);
  BOOST_TEST((x.segment<3>(o.r_N) - x0.segment<3>(o.r_N)).norm() == 0.0);
  BOOST_TEST((x.segment<4>(o.q_BN) - x0.segment<4>(o.q_BN)).norm() == 0.0);
  // The dense reference.
  const MatrixXd M = dense_mass_matrix({dense_hub(), dense_panel(cfg, x0[angle])}, 1);
  const MatrixXd Minv = M.inverse();
  const double theta_dot = nu0[6], mu = 1.0 / Minv(6, 6);
  const double lost_ref = 0.5 * mu * theta_dot * theta_dot;
  const VectorXd nu_ref = nu0 - Minv.col(6) * mu * theta_dot;
  const VectorXd nu1 = nu_of(*model, x, rate, 1);
  // The energy lost by the diagnostics' energies before and after (independent of eq. L3).
  const double lost_diag = before.energy - after.energy;
  BOOST_TEST_MESSAGE("hinged panel: mu_eff "
                     << mu << " kg m^2, lost " << li.energy_lost << " J (dense " << lost_ref << ", diagnostics "
                     << lost_diag << "), impulse " << li.impulse[0] << " N m s; relative to the dense: lost "
                     << (li.energy_lost - lost_ref) / lost_ref << ", diagnostics " << (lost_diag - lost_ref) / lost_ref
                     << ", |nu+ - ref|/|nu-| "
                     << (nu1 - nu_ref).lpNorm<Eigen::Infinity>() / nu0.lpNorm<Eigen::Infinity>() << ", |nu+ - nu-| "
                     << (nu1 - nu0).norm());
  // 1e-12 relative: the dense M is inverted by LU in ~1e-15; the diagnostics' difference of totals
  // of ~|T| = 30 J loses log10(T/ΔT) ≈ 1 digit.
  BOOST_TEST(std::abs(li.energy_lost - lost_ref) <= 1e-12 * lost_ref);
  BOOST_TEST(std::abs(lost_diag - lost_ref) <= 1e-12 * lost_ref);
  BOOST_TEST((nu1 - nu_ref).lpNorm<Eigen::Infinity>() <= 1e-13 * nu0.lpNorm<Eigen::Infinity>());
  // λ = −μ θ̇: the latch's angular impulse on the panel about its hinge.
  BOOST_TEST(std::abs(li.impulse[0] + mu * theta_dot) <= 1e-12 * mu * std::abs(theta_dot));
  // Positive control: the old reset of θ̇ alone changes the momentum by ~1e-2 of it.
  const double jump = old_reset_jump(*model, x0, {rate});
  BOOST_TEST_MESSAGE("hinged panel: the old reset's momentum jump " << jump << " of |p| or |H_C|");
  BOOST_TEST(jump > 1e-3);
}

BOOST_AUTO_TEST_CASE(hinged_panel_in_orbit) {
  // The panel of (a) on the hub in Basilisk's orbit under point-mass gravity (|r| ≈ 1e7 m, |v| ≈
  // 5e3 m/s): f(x, u) now carries gravity and |v| in both evaluations of (L1), the probe scales
  // with them, and v_BN_N += Δv rounds at ulp(|v|) ≈ 1e-12 m/s. The momenta keep the same
  // relative bound; the energy lost is the dense reference's (gravity does no work in an impulse).
  const HingedRigidBodyConfig cfg = panel_config(0.9, 0.4);
  auto panel = std::make_shared<HingedRigidBody>("panel", cfg);
  auto model = std::make_shared<Model>();
  auto& sc = model->add_vehicle("sc", hub_config(kHubMass, hub_inertia(), kHubCom));
  sc.set_initial_state(basilisk_orbit(Vector3d(0.02, -0.03, 0.05)));
  sc.add_state_effector(panel);
  set_earth_gravity(*model);
  model->finalize();
  const System system(model);
  VectorXd x = model->initial_state();
  const Eigen::Index rate = block_offset(*model, "sc/panel", "thetaDot");
  const Momenta before = momenta(*model, x);
  const VectorXd nu0 = nu_of(*model, x, rate, 1);
  const LockImpulse li = panel->engage_lock(0, system, x, 0.0);
  BOOST_TEST(x[rate] == 0.0);
  check_conserved(before, momenta(*model, x), "hinged panel in orbit");
  const MatrixXd Minv = dense_mass_matrix({dense_hub(), dense_panel(cfg, x[rate - 1])}, 1).inverse();
  const double mu = 1.0 / Minv(6, 6), lost_ref = 0.5 * mu * 0.4 * 0.4;
  const VectorXd nu1 = nu_of(*model, x, rate, 1);
  const VectorXd dnu_ref = -Minv.col(6) * mu * 0.4;
  BOOST_TEST_MESSAGE("hinged panel in orbit: lost "
                     << li.energy_lost << " J, relative to the dense " << (li.energy_lost - lost_ref) / lost_ref
                     << ", change of nu vs dense (of |dnu|) "
                     << ((nu1 - nu0) - dnu_ref).lpNorm<Eigen::Infinity>() / dnu_ref.lpNorm<Eigen::Infinity>());
  BOOST_TEST(std::abs(li.energy_lost - lost_ref) <= 1e-12 * lost_ref);  // as (a)
  // The change of ν (not ν itself, whose |v| ≈ 5e3 m/s): its v part is read back through
  // v_BN_N ± ulp(5e3) ≈ 1e-12 m/s against |Δν| ≈ 0.4: 1e-10 of |Δν|.
  BOOST_TEST(((nu1 - nu0) - dnu_ref).lpNorm<Eigen::Infinity>() <= 1e-10 * dnu_ref.lpNorm<Eigen::Infinity>());
}

BOOST_AUTO_TEST_CASE(balanced_rotor_closed_form) {
  // A panel with its c.o.m. on the hinge axis (d → 0 is refused: d = 1e-9 m leaves 3e-17 kg m² of
  // m d²) hinged at B on a hub whose inertia about that axis is I: μ = J I/(J + I) with J the
  // panel's inertia about the axis, J = ĥ2ᵀ I_c ĥ2, I = ĥ2ᵀ I_hub,B ĥ2 when ĥ2 is a principal axis of
  // the hub about B and the hub's c.o.m. is at B (the rotation then decouples from the translation).
  HingedRigidBodyConfig cfg = panel_config(1e-9, 0.7);
  cfg.r_HB_B = Length3{Vector3d::Zero(), si::meter};
  cfg.dcm_HB = Matrix3d::Identity();  // ĥ2 = b̂2
  Matrix3d Ic;
  Ic << 2.0, 0.0, 0.0, 0.0, 12.0, 0.0, 0.0, 0.0, 13.5;  // ĥ2 principal for the panel too
  cfg.I_PntSc_S = InertiaTensor(Ic, kg_m2);
  auto panel = std::make_shared<HingedRigidBody>("panel", cfg);
  auto model = std::make_shared<Model>();
  auto& sc = model->add_vehicle("sc", hub_config(kHubMass, Matrix3d(Vector3d(400, 350, 300).asDiagonal())));
  sc.set_initial_state(
      initial_state(Vector3d::Zero(), Vector3d(0.1, 0.0, 0.0), Quaternion(1, 0, 0, 0), Vector3d(0.0, 0.02, 0.0)));
  sc.add_state_effector(panel);
  model->finalize();
  const System system(model);
  VectorXd x = model->initial_state();
  const Momenta before = momenta(*model, x);
  const LockImpulse li = panel->engage_lock(0, system, x, 0.0);
  const double J = 12.0, I = 350.0, mu = J * I / (J + I), thetaDot = 0.7;
  const double lost = 0.5 * mu * thetaDot * thetaDot;
  BOOST_TEST_MESSAGE("balanced rotor: lost " << li.energy_lost << " J, closed form " << lost << " J, relative "
                                             << (li.energy_lost - lost) / lost);
  // 1e-12: m d² = 3e-17 of J and round-off.
  BOOST_TEST(std::abs(li.energy_lost - lost) <= 1e-12 * lost);
  // Both bodies end at the common rate ω⁺ = ω⁻ + J θ̇ /(J + I) about b̂2.
  const VehicleOffsets& o = model->vehicle(0).offsets();
  BOOST_TEST(std::abs(x[o.omega_BN_B + 1] - (0.02 + J * thetaDot / (J + I))) <= 1e-15);
  check_conserved(before, momenta(*model, x), "balanced rotor");
}

BOOST_AUTO_TEST_CASE(two_axis_gimbal) {
  // (b) A 2-DOF spinning body (a gimbal) on the free hub: both axes latched at once (the 2×2
  // version of eq. L2), against the dense reference, and the same two latches one after the other,
  // which must end in the same state (the final ν is fixed by p, H and q̇1 = q̇2 = 0 for a vehicle
  // with no other freedom) and lose the same total energy.
  const auto [a1, a2] = gimbal_axes();
  auto gimbal = std::make_shared<SpinningBodyTwoDOF>("gimbal", a1, a2);
  const auto model = free_vehicle({gimbal});
  const Eigen::Index rates = block_offset(*model, "sc/gimbal", "thetaDot"), angles = rates - 2;
  const VectorXd x0 = model->initial_state();
  const Momenta before = momenta(*model, x0);
  const VectorXd nu0 = nu_of(*model, x0, rates, 2);

  const System both(model);
  VectorXd x = x0;
  const std::size_t joints[] = {0, 1};
  const LockImpulse li = gimbal->engage_lock(joints, both, x, 0.0);
  BOOST_TEST(x[rates] == 0.0);
  BOOST_TEST(x[rates + 1] == 0.0);
  const Momenta after = momenta(*model, x);
  check_conserved(before, after, "2-DOF gimbal, both axes");
  const std::vector<DenseBody> bodies = dense_gimbal(a1, a2, x0[angles], x0[angles + 1]);
  const MatrixXd M = dense_mass_matrix({dense_hub(), bodies[0], bodies[1]}, 2);
  const MatrixXd Minv = M.inverse();
  const Eigen::Matrix2d S = Minv.block<2, 2>(6, 6);
  const Eigen::Vector2d qDot = nu0.tail<2>();
  const Eigen::Vector2d lambda_ref = -S.inverse() * qDot;
  const double lost_ref = 0.5 * qDot.dot(S.inverse() * qDot);
  const VectorXd nu_ref = nu0 + Minv.rightCols<2>() * lambda_ref;
  const VectorXd nu1 = nu_of(*model, x, rates, 2);
  BOOST_TEST_MESSAGE("2-DOF gimbal: lost "
                     << li.energy_lost << " J (dense " << lost_ref << ", diagnostics " << before.energy - after.energy
                     << "), impulses " << li.impulse.transpose() << " (dense " << lambda_ref.transpose()
                     << ") N m s; relative: lost " << (li.energy_lost - lost_ref) / lost_ref << ", diagnostics "
                     << (before.energy - after.energy - lost_ref) / lost_ref << ", impulses "
                     << (li.impulse - lambda_ref).norm() / lambda_ref.norm() << ", nu "
                     << (nu1 - nu_ref).lpNorm<Eigen::Infinity>() / nu0.lpNorm<Eigen::Infinity>() << ", |nu+ - nu-| "
                     << (nu1 - nu0).norm());
  // Tolerances as the hinged panel's.
  BOOST_TEST(std::abs(li.energy_lost - lost_ref) <= 1e-12 * lost_ref);
  BOOST_TEST(std::abs(before.energy - after.energy - lost_ref) <= 1e-12 * lost_ref);
  BOOST_TEST((li.impulse - lambda_ref).norm() <= 1e-12 * lambda_ref.norm());
  BOOST_TEST((nu1 - nu_ref).lpNorm<Eigen::Infinity>() <= 1e-13 * nu0.lpNorm<Eigen::Infinity>());

  // One after the other: axis 0 latched while axis 1 moves (it takes part of the impulse), then
  // axis 1 with axis 0 already welded (it must stay at 0).
  const System seq(model);
  VectorXd y = x0;
  const LockImpulse l0 = gimbal->engage_lock(0, seq, y, 0.0);
  BOOST_TEST(y[rates] == 0.0);
  BOOST_TEST(std::abs(y[rates + 1] - x0[rates + 1]) > 1e-3);  // the other axis took up momentum
  check_conserved(before, momenta(*model, y), "2-DOF gimbal, axis 0");
  const LockImpulse l1 = gimbal->engage_lock(1, seq, y, 0.0);
  BOOST_TEST(y[rates] == 0.0);
  BOOST_TEST(y[rates + 1] == 0.0);
  check_conserved(before, momenta(*model, y), "2-DOF gimbal, then axis 1");
  const double diff = (y - x).lpNorm<Eigen::Infinity>() / x.lpNorm<Eigen::Infinity>();
  BOOST_TEST_MESSAGE("2-DOF gimbal sequential: lost " << l0.energy_lost << " + " << l1.energy_lost
                                                      << " J, state vs simultaneous " << diff);
  BOOST_TEST(diff <= 1e-14);  // the same state to round-off of the two updates
  BOOST_TEST(std::abs(l0.energy_lost + l1.energy_lost - li.energy_lost) <= 1e-12 * li.energy_lost);
  const double jump = old_reset_jump(*model, x0, {rates, rates + 1});
  BOOST_TEST_MESSAGE("2-DOF gimbal: the old reset's momentum jump " << jump);
  BOOST_TEST(jump > 1e-3);
}

BOOST_AUTO_TEST_CASE(vscmg_gimbal) {
  // (c) A VSCMG (balanced wheel at 200 rad/s, gimbal at 0.3 rad/s) latched by set_gimbal_locked:
  // γ̇ = 0, p and H unchanged, the wheel keeps its generalized momentum ∂T/∂Ω = IW1 (Ω + ĝs·ω) for a
  // wheel with its c.o.m. on its axis in the gimbal's frame (the impulse acts on the gimbal
  // coordinate only), and the energy lost is the diagnostics' T⁻ − T⁺.
  VscmgConfig c;
  const Matrix3d R = rodrigues(Vector3d(1, -1, 2).normalized(), 0.7);  // columns ĝs0, ĝt0, ĝg
  c.gsHat0_B = R.col(0);
  c.gtHat0_B = R.col(1);
  c.ggHat_B = R.col(2);
  c.r_GB_B = Length3{Vector3d(0.4, -0.3, 0.5), si::meter};
  c.massG = 6.0 * si::kilogram;
  Matrix3d IG;
  IG << 0.2, 0.01, 0.0, 0.01, 0.25, 0.02, 0.0, 0.02, 0.3;
  c.IG_PntGc_G = InertiaTensor(IG, kg_m2);
  c.r_GcG_G = Length3{Vector3d(0.01, 0.02, -0.03), si::meter};
  c.r_WG_G = Length3{Vector3d(0.0, 0.0, 0.05), si::meter};
  c.massW = 6.0 * si::kilogram;
  c.IW1 = 0.16 * kg_m2;
  c.IW2 = 0.09 * kg_m2;
  c.IW3 = 0.09 * kg_m2;
  c.gamma0 = 0.2 * si::radian;
  c.gammaDot0 = 0.3 * si::radian_per_second;
  c.Omega0 = 200.0 * si::radian_per_second;
  const auto [cmg, model] = on_free_vehicle(std::make_shared<Vscmg>("cmg", c));
  const System system(model);
  VectorXd x = model->initial_state();
  const VectorXd x0 = x;
  const Eigen::Index rates = block_offset(*model, "sc/cmg", "rate"), angles = rates - 2;
  const VehicleOffsets& o = model->vehicle(0).offsets();
  const Momenta before = momenta(*model, x);
  const LockImpulse li = cmg->set_gimbal_locked(true, system, x, 0.0);
  const Momenta after = momenta(*model, x);
  BOOST_TEST(x[rates] == 0.0);
  BOOST_TEST(cmg->is_locked(0, *model, system.inputs()));
  check_conserved(before, after, "VSCMG gimbal");
  // The wheel's conjugate momentum: ĝs(γ) = cos γ ĝs0 + sin γ ĝt0 (γ is unchanged by the latch).
  const double g = x0[angles];
  const Vector3d gs = std::cos(g) * R.col(0) + std::sin(g) * R.col(1);
  const auto p_Omega = [&](const VectorXd& s) { return 0.16 * (s[rates + 1] + gs.dot(s.segment<3>(o.omega_BN_B))); };
  BOOST_TEST_MESSAGE("VSCMG: lost " << li.energy_lost << " J (diagnostics " << before.energy - after.energy
                                    << "), impulse " << li.impulse[0] << " N m s, wheel p_Omega " << p_Omega(x0)
                                    << " -> " << p_Omega(x) << " (relative change "
                                    << (p_Omega(x) - p_Omega(x0)) / p_Omega(x0) << "), Omega " << x0[rates + 1]
                                    << " -> " << x[rates + 1] << ", energy relative to diagnostics "
                                    << (li.energy_lost - (before.energy - after.energy)) / li.energy_lost);
  // p_Ω ≈ 32 N m s; 1e-13 relative: a few ulps of Ω = 200 rad/s.
  BOOST_TEST(std::abs(p_Omega(x) - p_Omega(x0)) <= 1e-13 * std::abs(p_Omega(x0)));
  // T ≈ 3.2e3 J is dominated by the wheel's spin and ΔT ≈ 0.1 J: the difference of the
  // diagnostics' totals keeps ~11 of 16 digits; 1e-9 relative.
  BOOST_TEST(li.energy_lost > 0.0);
  BOOST_TEST(std::abs(before.energy - after.energy - li.energy_lost) <= 1e-9 * li.energy_lost);
  const double jump = old_reset_jump(*model, x0, {rates});
  BOOST_TEST_MESSAGE("VSCMG: the old reset's momentum jump " << jump);
  BOOST_TEST(jump > 1e-3);
  // Unlocking applies no impulse and changes no state.
  const VectorXd x1 = x;
  const LockImpulse none = cmg->set_gimbal_locked(false, system, x, 0.0);
  BOOST_TEST(none.energy_lost == 0.0);
  BOOST_TEST(!cmg->is_locked(0, *model, system.inputs()));
  BOOST_TEST((x - x1).norm() == 0.0);
}

BOOST_AUTO_TEST_CASE(prismatic_joint) {
  // A body (40 kg) sliding at 0.25 m/s along a tilted axis on the free hub: the same checks as the
  // hinged panel, the dense body translating along f̂ (v_c gains ρ̇ f̂, ω nothing).
  const TranslatingAxisConfig a = slider_config();
  const auto [slider, model] = on_free_vehicle(std::make_shared<TranslatingBodyOneDOF>("slider", a));
  const System system(model);
  VectorXd x = model->initial_state();
  const VectorXd x0 = x;
  const Eigen::Index rate = block_offset(*model, "sc/slider", "rhoDot");
  const Momenta before = momenta(*model, x);
  const VectorXd nu0 = nu_of(*model, x, rate, 1);
  const LockImpulse li = slider->engage_lock(0, system, x, 0.0);
  const Momenta after = momenta(*model, x);
  BOOST_TEST(x[rate] == 0.0);
  check_conserved(before, after, "prismatic");
  DenseBody b;
  b.m = 40.0;
  const Matrix3d dcm_BF = a.dcm_FP.transpose();
  b.c = a.r_F0P_P.si() + x0[rate - 1] * a.fHat_P + dcm_BF * a.r_FcF_F.si();
  b.I = dcm_BF * a.I_PntFc_F.si() * dcm_BF.transpose();
  b.joints = {{0, a.fHat_P, Vector3d::Zero(), true}};
  const MatrixXd Minv = dense_mass_matrix({dense_hub(), b}, 1).inverse();
  const double mu = 1.0 / Minv(6, 6), lost_ref = 0.5 * mu * 0.25 * 0.25;
  const VectorXd nu_ref = nu0 - Minv.col(6) * mu * 0.25;
  const VectorXd nu1 = nu_of(*model, x, rate, 1);
  BOOST_TEST_MESSAGE("prismatic: mu_eff " << mu << " kg, lost " << li.energy_lost << " J (dense " << lost_ref
                                          << ", relative " << (li.energy_lost - lost_ref) / lost_ref << "), impulse "
                                          << li.impulse[0] << " N s, nu vs dense "
                                          << (nu1 - nu_ref).lpNorm<Eigen::Infinity>() / nu0.lpNorm<Eigen::Infinity>());
  // Tolerances as the hinged panel's.
  BOOST_TEST(std::abs(li.energy_lost - lost_ref) <= 1e-12 * lost_ref);
  BOOST_TEST(std::abs(before.energy - after.energy - lost_ref) <= 1e-12 * lost_ref);
  BOOST_TEST((nu1 - nu_ref).lpNorm<Eigen::Infinity>() <= 1e-13 * nu0.lpNorm<Eigen::Infinity>());
  BOOST_TEST(old_reset_jump(*model, x0, {rate}) > 1e-3);
}

BOOST_AUTO_TEST_CASE(a_joint_at_rest_changes_nothing) {
  // Latching a joint whose rate is exactly 0 applies no impulse: x is bit-for-bit unchanged, the
  // lock is set. So is latching a joint that is locked already.
  const auto [panel, model] = free_panel(0.0);
  const System system(model);
  VectorXd x = model->initial_state();
  const VectorXd x0 = x;
  const LockImpulse li = panel->engage_lock(0, system, x, 0.0);
  BOOST_TEST((x - x0).norm() == 0.0);
  BOOST_TEST(li.energy_lost == 0.0);
  BOOST_TEST(li.impulse[0] == 0.0);
  BOOST_TEST(panel->is_locked(0, *model, system.inputs()));
  const LockImpulse again = panel->engage_lock(0, system, x, 0.0);
  BOOST_TEST((x - x0).norm() == 0.0);
  BOOST_TEST(again.energy_lost == 0.0);
  // set_locked locks a joint at rest too, and unlocks.
  const System other(model);
  panel->set_locked(0, true, *model, other.inputs(), x);
  BOOST_TEST(panel->is_locked(0, *model, other.inputs()));
  panel->set_locked(0, false, *model, other.inputs(), x);
  BOOST_TEST(!panel->is_locked(0, *model, other.inputs()));
  BOOST_TEST((x - x0).norm() == 0.0);
}

BOOST_AUTO_TEST_CASE(latch_during_a_propagation) {
  // The panel on a spring (k = 40 N m/rad) swings on the free hub; at t = 1 s the observer latches
  // it, and the run continues to 2 s (rk4, 1e-3 s). p and H about C and N at 2 s equal those at
  // 0 to the stepper's drift, measured on the same run without the lock (no impulse: the same
  // drift bound); with the old reset at 1 s they jump by ≥ 1e-3.
  const auto run = [](int mode) {  // 0: no lock, 1: impulse, 2: the old reset
    auto panel = std::make_shared<HingedRigidBody>("panel", panel_config(0.9, 0.4, 40.0));
    const auto model = free_vehicle({panel});
    const System system(model);
    VectorXd x = model->initial_state();
    const Eigen::Index rate = block_offset(*model, "sc/panel", "thetaDot");
    const Momenta m0 = momenta(*model, x);
    PropagationSettings s;
    s.dt = 1e-3;
    double rate_at_lock = 0.0;
    int frozen = 0;
    const std::vector<double> times{0.0, 0.5, 1.0, 1.5, 2.0};
    propagate(system, x, std::span<const double>(times), s, [&](VectorXd& xs, double t) {
      if (t == 1.0 && mode != 0) {
        rate_at_lock = xs[rate];
        if (mode == 1) {
          panel->engage_lock(0, system, xs, t);
        } else {
          xs[rate] = 0.0;  // the old behaviour, written out
          system.inputs().set(model->input_range(*panel).offset + panel->lock_channel(0), 1.0);
        }
      }
      if (t > 1.0 && mode != 0 && xs[rate] == 0.0) ++frozen;
    });
    const Momenta m1 = momenta(*model, x);
    const double e = std::max({(m1.p - m0.p).norm() / m0.p.norm(), (m1.H_C - m0.H_C).norm() / m0.H_C.norm(),
                               (m1.H_N - m0.H_N).norm() / m0.H_N.norm()});
    if (mode != 0) {
      BOOST_TEST(std::abs(rate_at_lock) > 0.05);  // it was swinging (0.097 rad/s)
      BOOST_TEST(frozen == 2);                    // θ̇ stays 0 at 1.5 and 2 s
    }
    return e;
  };
  const double free_drift = run(0), latched = run(1), reset = run(2);
  BOOST_TEST_MESSAGE("propagation: momentum change 0 -> 2 s without lock " << free_drift << ", latched at 1 s "
                                                                           << latched << ", old reset " << reset);
  // rk4 conserves p exactly (a linear invariant) and H to its truncation drift, measured ~1e-16
  // here; the latch adds round-off (kMomentumTol).
  BOOST_TEST(latched <= free_drift + kMomentumTol);
  BOOST_TEST(reset > 1e-3);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(lock_impulse_errors)

BOOST_AUTO_TEST_CASE(bad_requests_are_refused) {
  const auto [panel, model] = free_panel(0.4);
  const System system(model);
  VectorXd x = model->initial_state();
  const VectorXd x0 = x;
  // A joint out of range, a joint given twice, a state of the wrong size.
  BOOST_CHECK_THROW(panel->engage_lock(1, system, x, 0.0), ConfigurationError);
  const std::size_t twice[] = {0, 0};
  BOOST_CHECK_THROW(panel->engage_lock(twice, system, x, 0.0), ConfigurationError);
  VectorXd short_x = x.head(x.size() - 1);
  BOOST_CHECK_THROW(panel->engage_lock(0, system, short_x, 0.0), ConfigurationError);
  BOOST_CHECK_THROW(panel->engage_lock(0, system, x, std::numeric_limits<double>::quiet_NaN()), ConfigurationError);
  // A system of another model (the chain is not in it).
  BOOST_CHECK_THROW(panel->engage_lock(0, System(free_panel(0.4).second), x, 0.0), ConfigurationError);
  // set_locked refuses to lock a moving joint (that would be the old reset), naming the joint.
  try {
    panel->set_locked(0, true, *model, system.inputs(), x);
    BOOST_FAIL("set_locked locked a moving joint");
  } catch (const ConfigurationError& e) {
    BOOST_TEST(std::string(e.what()).find("joint 0") != std::string::npos);
    BOOST_TEST(std::string(e.what()).find("engage_lock") != std::string::npos);
  }
  // Nothing was changed by the refused calls.
  BOOST_TEST((x - x0).norm() == 0.0);
  BOOST_TEST(!panel->is_locked(0, *model, system.inputs()));
}

BOOST_AUTO_TEST_SUITE_END()

// A lock commanded through its input channel (Inputs::set to 1: a schedule, a flight-software
// task, a Python set_input) is the same latch as engage_lock: the driver applies its impulse
// before the next step (docs/architecture.md §12). Before, the flag froze θ and kept θ̇ in the
// state, and the vehicle's angular momentum drifted.
BOOST_AUTO_TEST_SUITE(lock_through_its_channel)

BOOST_AUTO_TEST_CASE(a_commanded_lock_is_the_latch) {
  // mode 0: engage_lock in the observer at 1 s; 1: inputs.set(lock channel, 1) there instead.
  const auto run = [](int mode, VectorXd& x_end, double& rate_after) {
    auto panel = std::make_shared<HingedRigidBody>("panel", panel_config(0.9, 0.4, 40.0));
    const auto model = free_vehicle({panel});
    const System system(model);
    VectorXd x = model->initial_state();
    const Eigen::Index rate = block_offset(*model, "sc/panel", "thetaDot");
    const Eigen::Index lock = model->input_range(*panel).offset + panel->lock_channel(0);
    const Momenta m0 = momenta(*model, x);
    PropagationSettings s;
    s.dt = 1e-3;
    rate_after = std::numeric_limits<double>::quiet_NaN();
    const std::vector<double> times{0.0, 0.5, 1.0, 1.5, 2.0};
    propagate(system, x, std::span<const double>(times), s, [&](VectorXd& xs, double t) {
      if (t == 1.0) {
        BOOST_TEST(std::abs(xs[rate]) > 0.05);  // swinging when the lock is commanded
        if (mode == 0)
          panel->engage_lock(0, system, xs, t);
        else
          system.inputs().set(lock, 1.0);
      }
      if (t == 1.5) rate_after = xs[rate];
    });
    BOOST_TEST(panel->is_locked(0, *model, system.inputs()));
    BOOST_TEST(system.inputs().pending_locks().empty());
    x_end = x;
    const Momenta m1 = momenta(*model, x);
    return (m1.H_C - m0.H_C).norm() / m0.H_C.norm();
  };
  VectorXd x_latch, x_channel;
  double rate_latch = 0.0, rate_channel = 0.0;
  const double drift_latch = run(0, x_latch, rate_latch), drift_channel = run(1, x_channel, rate_channel);
  BOOST_TEST_MESSAGE("lock through its channel: relative H_C change " << drift_channel << " (engage_lock "
                                                                      << drift_latch << ")");
  BOOST_TEST(rate_channel == 0.0);  // latched: the rate is exactly zero after the lock
  // The same engage_lock at the same (x, t) with the same inputs, then the same steps: the two
  // runs are one computation, bit for bit.
  BOOST_TEST((x_channel.array() == x_latch.array()).all());
  // rk4's own drift over 2 s, measured ~1e-16 (lock_impulse/latch_during_a_propagation), plus the
  // latch's round-off.
  BOOST_TEST(drift_channel <= drift_latch + kMomentumTol);
}

BOOST_AUTO_TEST_CASE(a_lock_flag_is_zero_or_one) {
  const auto [panel, model] = free_panel(0.4);
  const System system(model);
  const Eigen::Index lock = model->input_range(*panel).offset + panel->lock_channel(0);
  for (const double v : {0.3, 0.5, -1.0, 2.0}) {
    try {
      system.inputs().set(lock, v);
      BOOST_FAIL("a lock flag of " << v << " was accepted");
    } catch (const ConfigurationError& e) {
      BOOST_TEST(std::string(e.what()).find("sc/panel.locked") != std::string::npos);
      BOOST_TEST(std::string(e.what()).find("0 (free) or 1 (locked)") != std::string::npos);
    }
  }
  BOOST_TEST(system.inputs().applied()[lock] == 0.0);
  BOOST_TEST(system.inputs().pending_locks().empty());
  // A profile cannot drive a lock (it would switch without the impulse).
  BOOST_CHECK_THROW(system.inputs().set_profile({lock, [](double) { return 1.0; }, true, {}}), ConfigurationError);
}

BOOST_AUTO_TEST_SUITE_END()
