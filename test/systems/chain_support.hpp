// Helpers shared by the chain tests (test/systems/ and test/branching/): building a one-vehicle model around a chain,
// evaluating the system, reading hub and joint accelerations, seeded random chains, composite
// mass properties, logged fixed-step runs, invariants and drifts. Nothing here computes a reference
// from the code under test: the references are in samples/include/ramus/samples/reference/dense_multibody.hpp and in
// the closed forms coded in each test file.
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <functional>
#include <memory>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/forward_dynamics.hpp"
#include "ramus/kernel/gravity_model.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/kernel/workspace.hpp"
#include "ramus/samples/reference/dense_multibody.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "ramus/systems/serial_chain.hpp"
#include "ramus/systems/spinning_body.hpp"
#include "ramus/systems/translating_body.hpp"
#include "support/drift.hpp"
#include "support/hubs.hpp"
#include "support/run.hpp"
#include "systems/effector_cases.hpp"

namespace ramus::chain_test {

namespace si = boost::units::si;
using units::kg_m2;
using units::newton_meter;

inline constexpr double kDeg = std::numbers::pi / 180.0;

/// Uniform gravity field (test-only): the same g everywhere, potential −g·r.
class UniformGravity final : public GravityModel {
 public:
  explicit UniformGravity(const Eigen::Vector3d& g_N) : g_N_(g_N) {}
  std::string_view kind() const override { return "uniform_gravity"; }
  Eigen::Vector3d acceleration_N(const Eigen::Vector3d&, double) const override { return g_N_; }
  double potential(const Eigen::Vector3d& r_PN_N, double) const override { return -g_N_.dot(r_PN_N); }

 private:
  Eigen::Vector3d g_N_;
};

// ---- units at the configuration boundary ------------------------------------------------------
inline units::Length3 meters(const Eigen::Vector3d& v) { return units::Length3(v, si::meter); }
inline units::InertiaTensor inertia(const Eigen::Matrix3d& I) { return units::InertiaTensor(I, kg_m2); }

using test::hub_config;
inline HubConfig hub_config(const samples::reference::DenseHub& hub) {
  return hub_config(hub.m, hub.I_PntBc_B, hub.r_BcB_B);
}

/// A rotation matrix: rotation by `angle` about `axis` (normalised here), as dcm_S0P-type data.
inline Eigen::Matrix3d rotation(const Eigen::Vector3d& axis, double angle) {
  return rotation_matrix(quat_from_axis_angle(axis.normalized(), angle));
}

/// diag(d) turned to a full tensor by a fixed rotation (so that no test relies on principal axes).
inline Eigen::Matrix3d full_inertia(const Eigen::Vector3d& d, double angle = 0.4) {
  const Eigen::Matrix3d R = rotation(Eigen::Vector3d(1.0, 2.0, 3.0), angle);
  return R * d.asDiagonal() * R.transpose();
}

/// Basilisk's standard hub of the branching/conservation setups (docs/verification/README.md).
inline samples::reference::DenseHub basilisk_hub() {
  samples::reference::DenseHub h;
  h.m = test::kStandardHubMass;
  h.I_PntBc_B = test::standard_hub_inertia().asDiagonal();
  h.r_BcB_B = Eigen::Vector3d(0.0, 0.0, 1.0);
  return h;
}

/// Basilisk's standard "gravity" orbit, given at C (docs/verification/README.md, branching setup).
using test::basilisk_orbit;

inline InitialState hub_state_at_B(const Eigen::Vector3d& r_BN_N, const Eigen::Vector3d& v_BN_N, const Quaternion& q_BN,
                                   const Eigen::Vector3d& omega_BN_B) {
  return test::initial_state(r_BN_N, v_BN_N, q_BN, omega_BN_B);
}

// ---- the parameter sets of Basilisk's hinged, spinning and translating body tests ------------
// Basilisk's numbers, with each inertia turned into a full tensor by full_inertia() (same
// principal moments) unless `diagonal` is asked for.
inline Eigen::Matrix3d basilisk_dcm() {
  Eigen::Matrix3d d;
  d << 0.0, -1.0, 0.0, 0.0, 0.0, -1.0, 1.0, 0.0, 0.0;
  return d;
}

/// Basilisk's principal moments I [kg m²] as a tensor: diag(I), or turned full by full_inertia()
/// unless `diagonal`.
inline units::InertiaTensor basilisk_inertia(const Eigen::Vector3d& I, bool diagonal) {
  return inertia(diagonal ? Eigen::Matrix3d(I.asDiagonal()) : full_inertia(I));
}

/// Hinged panel 1 of Basilisk's removed conservation tests (§1): m 100, I diag(100, 50, 50),
/// d 1.5, k 100, r_HB_B (0.5, 0, 1), dcm_HB diag(−1, −1, 1), θ0 5°.
inline HingedRigidBodyConfig hinged_config(bool diagonal = false) {
  HingedRigidBodyConfig h;
  h.mass = 100.0 * si::kilogram;
  h.I_PntSc_S = basilisk_inertia(Eigen::Vector3d(100.0, 50.0, 50.0), diagonal);
  h.d = 1.5 * si::meter;
  h.r_HB_B = meters(Eigen::Vector3d(0.5, 0.0, 1.0));
  h.dcm_HB = Eigen::Vector3d(-1.0, -1.0, 1.0).asDiagonal();
  h.k = 100.0 * si::newton * si::meter / si::radian;
  h.theta0 = 5.0 * kDeg * si::radian;
  return h;
}

/// spinningBodyOneDOF's test body (§2.1): m 50, I diag(50, 30, 40), r_ScS_S (1, 0, −1),
/// r_SB_B (0.5, −1.5, −0.5), ŝ (0, −1, 0), θ0 5°, θ̇0 −1°/s, k 100.
inline SpinningAxisConfig spinning_axis_1dof(bool diagonal = false) {
  SpinningAxisConfig a;
  a.mass = 50.0 * si::kilogram;
  a.I_PntSc_S = basilisk_inertia(Eigen::Vector3d(50.0, 30.0, 40.0), diagonal);
  a.r_ScS_S = meters(Eigen::Vector3d(1.0, 0.0, -1.0));
  a.dcm_S0P = basilisk_dcm();
  a.r_SP_P = meters(Eigen::Vector3d(0.5, -1.5, -0.5));
  a.sHat_S = Eigen::Vector3d(0.0, -1.0, 0.0);
  a.k = 100.0 * si::newton * si::meter / si::radian;
  a.theta0 = 5.0 * kDeg * si::radian;
  a.thetaDot0 = -1.0 * kDeg * si::radian_per_second;
  return a;
}

/// spinningBodyTwoDOF's test bodies (§2.2).
inline std::vector<SpinningAxisConfig> spinning_axes_2dof() {
  SpinningAxisConfig a1, a2;
  a1.mass = 100.0 * si::kilogram;
  a1.I_PntSc_S = inertia(full_inertia(Eigen::Vector3d(100.0, 50.0, 50.0)));
  a1.dcm_S0P = Eigen::Vector3d(-1.0, -1.0, 1.0).asDiagonal();
  a1.r_ScS_S = meters(Eigen::Vector3d(2.0, -0.5, 0.0));
  a1.r_SP_P = meters(Eigen::Vector3d(-2.0, 0.5, -1.0));
  a1.sHat_S = Eigen::Vector3d(0.0, 0.0, 1.0);
  a1.k = 1000.0 * si::newton * si::meter / si::radian;
  a1.theta0 = 0.0 * si::radian;
  a1.thetaDot0 = 2.0 * kDeg * si::radian_per_second;
  a2.mass = 50.0 * si::kilogram;
  a2.I_PntSc_S = inertia(full_inertia(Eigen::Vector3d(50.0, 30.0, 40.0), 1.1));
  a2.dcm_S0P = basilisk_dcm();
  a2.r_ScS_S = meters(Eigen::Vector3d(1.0, 0.0, -1.0));
  a2.r_SP_P = meters(Eigen::Vector3d(0.5, -1.5, -0.5));
  a2.sHat_S = Eigen::Vector3d(0.0, -1.0, 0.0);
  a2.k = 500.0 * si::newton * si::meter / si::radian;
  a2.theta0 = 5.0 * kDeg * si::radian;
  a2.thetaDot0 = -1.0 * kDeg * si::radian_per_second;
  return {a1, a2};
}

/// A 4-body spinningBodyNDOF (§2.3): Basilisk's axes and zero-angle frames, fixed values in its
/// random ranges (mass 5–50, principal inertias 5–100, offsets in (−1, 1)³, θ0 within ±10°).
inline std::vector<SpinningAxisConfig> spinning_axes_4dof() {
  const double r = std::sqrt(0.5);
  const Eigen::Vector3d sHat[4] = {{0.0, 0.0, 1.0}, {0.0, -1.0, 0.0}, {r, r, 0.0}, {r, -r, 0.0}};
  Eigen::Matrix3d dcm[4];
  dcm[0] = Eigen::Vector3d(-1.0, -1.0, 1.0).asDiagonal();
  dcm[1] = basilisk_dcm();
  dcm[2] = Eigen::Vector3d(1.0, -1.0, -1.0).asDiagonal();
  dcm[3] << 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0;
  const double mass[4] = {35.0, 12.0, 44.0, 8.0};
  const Eigen::Vector3d I[4] = {{60.0, 25.0, 80.0}, {15.0, 40.0, 30.0}, {90.0, 70.0, 20.0}, {10.0, 12.0, 6.0}};
  const Eigen::Vector3d r_ScS[4] = {{0.3, -0.6, 0.2}, {-0.4, 0.5, 0.9}, {0.7, 0.1, -0.8}, {-0.2, -0.9, 0.4}};
  const Eigen::Vector3d r_SP[4] = {{0.6, 0.2, -0.5}, {-0.8, 0.4, 0.3}, {0.1, -0.7, 0.6}, {0.5, 0.5, -0.9}};
  const double theta0[4] = {4.0, -7.0, 9.0, -2.0}, thetaDot0[4] = {0.5, -0.8, 0.3, 1.0}, k[4] = {0.4, 0.9, 0.2, 0.7};
  std::vector<SpinningAxisConfig> axes(4);
  for (std::size_t i = 0; i < 4; ++i) {
    SpinningAxisConfig& a = axes[i];
    a.mass = mass[i] * si::kilogram;
    a.I_PntSc_S = inertia(full_inertia(I[i], 0.3 + 0.5 * static_cast<double>(i)));
    a.r_ScS_S = meters(r_ScS[i]);
    a.r_SP_P = meters(r_SP[i]);
    a.dcm_S0P = dcm[i];
    a.sHat_S = sHat[i];
    a.k = k[i] * si::newton * si::meter / si::radian;
    a.theta0 = theta0[i] * kDeg * si::radian;
    a.thetaDot0 = thetaDot0[i] * kDeg * si::radian_per_second;
  }
  return axes;
}

/// linearTranslationOneDOF's test body (§3.1): m 20, k 100, ρ0 1 m, ρ̇0 0.05 m/s, f̂ (3/5, 4/5, 0),
/// r_FcF_F (−1, 1, 0), r_F0B_B (−5, 4, 3), I diag(50, 80, 60), dcm_FB as given.
inline TranslatingAxisConfig translating_axis_1dof(bool diagonal = false) {
  TranslatingAxisConfig f;
  f.mass = 20.0 * si::kilogram;
  f.I_PntFc_F = basilisk_inertia(Eigen::Vector3d(50.0, 80.0, 60.0), diagonal);
  f.r_FcF_F = meters(Eigen::Vector3d(-1.0, 1.0, 0.0));
  f.dcm_FP = basilisk_dcm();
  f.r_F0P_P = meters(Eigen::Vector3d(-5.0, 4.0, 3.0));
  f.fHat_P = Eigen::Vector3d(0.6, 0.8, 0.0);
  f.k = 100.0 * si::newton / si::meter;
  f.rho0 = 1.0 * si::meter;
  f.rhoDot0 = 0.05 * si::meter_per_second;
  return f;
}

/// A 3-body telescoping translating body: axes in the parent frames, frames turned between bodies.
inline std::vector<TranslatingAxisConfig> translating_axes_3dof() {
  std::vector<TranslatingAxisConfig> axes(3, translating_axis_1dof());
  axes[1].mass = 12.0 * si::kilogram;
  axes[1].I_PntFc_F = inertia(full_inertia(Eigen::Vector3d(20.0, 15.0, 10.0), 0.9));
  axes[1].dcm_FP = rotation(Eigen::Vector3d(0.0, 1.0, 1.0), 0.6);
  axes[1].r_F0P_P = meters(Eigen::Vector3d(0.5, -0.3, 0.8));
  axes[1].fHat_P = Eigen::Vector3d(0.0, 0.6, -0.8);
  axes[1].k = 60.0 * si::newton / si::meter;
  axes[1].rho0 = 0.2 * si::meter;
  axes[1].rhoDot0 = -0.03 * si::meter_per_second;
  axes[2].mass = 6.0 * si::kilogram;
  axes[2].I_PntFc_F = inertia(full_inertia(Eigen::Vector3d(5.0, 7.0, 4.0), 1.7));
  axes[2].dcm_FP = rotation(Eigen::Vector3d(1.0, 0.0, 1.0), -0.4);
  axes[2].r_FcF_F = meters(Eigen::Vector3d(0.2, 0.1, -0.3));
  axes[2].r_F0P_P = meters(Eigen::Vector3d(-0.4, 0.6, 0.2));
  axes[2].fHat_P = Eigen::Vector3d(1.0, 2.0, 2.0) / 3.0;
  axes[2].k = 40.0 * si::newton / si::meter;
  axes[2].rho0 = -0.1 * si::meter;
  axes[2].rhoDot0 = 0.04 * si::meter_per_second;
  return axes;
}

/// A body's configuration with its damper set to c [N m s/rad] (revolute) or [N s/m] (prismatic).
inline HingedRigidBodyConfig damped(HingedRigidBodyConfig h, double c) {
  h.c = c * si::newton * si::meter * si::second / si::radian;
  return h;
}
inline SpinningAxisConfig damped(SpinningAxisConfig a, double c) {
  a.c = c * si::newton * si::meter * si::second / si::radian;
  return a;
}
inline TranslatingAxisConfig damped(TranslatingAxisConfig a, double c) {
  a.c = c * si::newton * si::second / si::meter;
  return a;
}

// ---- a model around one or more chains ---------------------------------------------------------
struct ChainModel {
  std::shared_ptr<Model> model;
  std::vector<std::shared_ptr<SerialChain>> chains;
  const SerialChain& chain(std::size_t k = 0) const { return *chains.at(k); }
  SerialChain& chain(std::size_t k = 0) { return *chains.at(k); }
};

/// One vehicle "sc" with the given hub, initial state, chains and gravity; finalized.
inline ChainModel make_model(const samples::reference::DenseHub& hub, const InitialState& initial,
                             std::vector<std::shared_ptr<SerialChain>> chains,
                             std::shared_ptr<const GravityModel> gravity = nullptr) {
  ChainModel c;
  c.model = std::make_shared<Model>();
  Vehicle& v = c.model->add_vehicle("sc", hub_config(hub));
  v.set_initial_state(initial);
  for (const auto& ch : chains) v.add_state_effector(ch);
  c.chains = std::move(chains);
  if (gravity) c.model->set_gravity(std::move(gravity));
  c.model->finalize();
  return c;
}

inline std::shared_ptr<const GravityModel> earth() {
  return std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth());
}

// ---- reading the state and its derivative -------------------------------------------------------
struct Accelerations {
  Eigen::Vector3d rDDot_BN_B, omegaDot_BN_B;
  Eigen::VectorXd q, qDot, qDot_derivative, qDDot;  ///< of chain k: q, qDot, and their derivatives
};

/// Hub accelerations from dxdt (v_BN_N derivative mapped to B with the normalised attitude of x)
/// and the chain's coordinate derivatives.
inline Accelerations read_accelerations(const ChainModel& c, const Eigen::VectorXd& x, const Eigen::VectorXd& dxdt,
                                        std::size_t k = 0) {
  const VehicleOffsets& o = c.model->vehicle(0).offsets();
  const Quaternion q_BN = x.segment<4>(o.q_BN).normalized();
  const Eigen::Matrix3d dcm_BN = rotation_matrix(q_BN).transpose();
  Accelerations a;
  a.rDDot_BN_B = dcm_BN * dxdt.segment<3>(o.v_N);
  a.omegaDot_BN_B = dxdt.segment<3>(o.omega_BN_B);
  const Eigen::Index n = static_cast<Eigen::Index>(c.chain(k).dof());
  const Eigen::Index off = o.state_effectors.at(k);
  a.q = x.segment(off, n);
  a.qDot = x.segment(off + n, n);
  a.qDot_derivative = dxdt.segment(off, n);
  a.qDDot = dxdt.segment(off + n, n);
  return a;
}

/// The unit hub acceleration j of the coupling rows' columns: r̈_B's component j (j < 3), else ω̇'s
/// component j − 3.
inline HubAccelerations unit_hub_acceleration(int j) {
  HubAccelerations acc;
  if (j < 3)
    acc.rDDot_BN_B[j] = 1.0;
  else
    acc.omegaDot_BN_B[j - 3] = 1.0;
  return acc;
}

inline Eigen::VectorXd evaluate(const ChainModel& c, const Eigen::VectorXd& x, double t = 0.0) {
  const System system(c.model);
  Eigen::VectorXd dxdt(x.size());
  system(x, dxdt, t);
  return dxdt;
}

// ---- seeded random data -------------------------------------------------------------------------
class Random {
 public:
  explicit Random(std::uint64_t seed) : gen_(seed) {}
  double uniform(double a, double b) { return std::uniform_real_distribution<double>(a, b)(gen_); }
  bool chance(double p) { return uniform(0.0, 1.0) < p; }
  Eigen::Vector3d vector(double a, double b) { return {uniform(a, b), uniform(a, b), uniform(a, b)}; }
  Eigen::Vector3d unit_vector() {
    Eigen::Vector3d v;
    do v = vector(-1.0, 1.0);
    while (v.norm() < 0.1 || v.norm() > 1.0);
    return v.normalized();
  }
  Quaternion quaternion() {
    Eigen::Vector4d q;
    do q = Eigen::Vector4d{uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)};  // braces: in order
    while (q.norm() < 0.1 || q.norm() > 1.0);
    return q.normalized();
  }
  Eigen::Matrix3d rotation() { return rotation_matrix(quaternion()); }
  /// A physical inertia about the c.o.m. of a body of mass m and size ~L: I = tr(J) 1 − J for the
  /// second moment J = R diag(p) Rᵀ of its mass distribution (triangle inequality holds).
  Eigen::Matrix3d inertia(double m, double L) {
    const Eigen::Vector3d p = m * L * L * vector(0.02, 0.3);
    const Eigen::Matrix3d R = rotation();
    const Eigen::Matrix3d J = R * p.asDiagonal() * R.transpose();
    Eigen::Matrix3d I = J.trace() * Eigen::Matrix3d::Identity() - J;
    return 0.5 * (I + I.transpose());
  }

 private:
  std::mt19937_64 gen_;
};

// ---- composite rigid bodies (built by hand, for the lock equivalences) --------------------------
struct RigidPart {
  double m;             ///< [kg]
  Eigen::Vector3d r_c;  ///< [m] c.o.m., in the common frame, relative to its origin
  Eigen::Matrix3d I_c;  ///< [kg m²] inertia about its own c.o.m., common frame components
};

/// Mass, c.o.m. and inertia about the composite c.o.m. of several rigid parts.
inline RigidPart composite(const std::vector<RigidPart>& parts) {
  RigidPart out{0.0, Eigen::Vector3d::Zero(), Eigen::Matrix3d::Zero()};
  for (const RigidPart& p : parts) {
    out.m += p.m;
    out.r_c += p.m * p.r_c;
  }
  out.r_c /= out.m;
  for (const RigidPart& p : parts) {
    const Eigen::Vector3d d = p.r_c - out.r_c;
    out.I_c += p.I_c + p.m * (d.squaredNorm() * Eigen::Matrix3d::Identity() - d * d.transpose());
  }
  return out;
}

// ---- runs, invariants, drifts --------------------------------------------------------------------
using test::run_logged;
using test::trapezoid;

using test::Drift;
using test::invariants;
using test::Invariants;

inline Drift max_drift(const ChainModel& c, double T, int n) {
  return test::max_relative_drift(c.model, c.model->initial_state(), T, n);
}

/// The engine's own terms at a state: its coupling rows q̈ = K [r̈_B; ω̇] + k0 (seven runs of the
/// back-substitution, derivatives(), with unit hub accelerations), its contributions to the hub
/// system, and the assembled hub system (for the system scale). Link wrenches are set between
/// kinematics() and the other stages.
struct EngineTerms {
  Eigen::MatrixXd K;              ///< dof × 6: columns r̈_B (B), then ω̇
  Eigen::VectorXd k0;             ///< dof
  HubSystem contribution, total;  ///< the chain's rows beyond its rigid mass (Basilisk's convention); the hub system
  Eigen::Vector3d g_B = Eigen::Vector3d::Zero();
};

/// The rigid (frozen) mass properties about B of chain k's links, formed by the test from the
/// published segment frames and the links' parameters (the chain itself reports no inertia: its
/// rows carry it): m, c, c', I_PntB_B and
/// I'_PntB_B = [ω_rel×] I_c − I_c [ω_rel×] + m (2 r·r' 1 − r' rᵀ − r r'ᵀ) summed over the links.
inline MassProperties chain_rigid_mass(const ChainModel& m, const VehicleWorkspace& w, std::size_t k = 0) {
  const SerialChain& chain = m.chain(k);
  const Eigen::Vector3d& omega = w.ctx.hub.omega_FN_F;
  MassProperties p;
  Eigen::Vector3d m_c = Eigen::Vector3d::Zero(), m_cPrime = Eigen::Vector3d::Zero();
  for (std::size_t i = 0; i < chain.dof(); ++i) {
    const ChainLink& L = chain.link(i);
    const FrameKinematics& f = chain.segment(i, *w.effectors[k]);
    const Eigen::Matrix3d dcm_BS = w.ctx.hub.dcm_FN * f.dcm_FN.transpose();
    const Eigen::Vector3d w_B = dcm_BS * f.omega_FN_F;
    const Eigen::Vector3d c_S = dcm_BS * L.r_ScS_S;
    const Eigen::Vector3d r = w.ctx.hub.dcm_FN * (f.r_FN_N - w.ctx.hub.r_FN_N) + c_S;
    const Eigen::Vector3d rPrime = w.ctx.hub.dcm_FN * (f.v_FN_N - w.ctx.hub.v_FN_N) + w_B.cross(c_S) - omega.cross(r);
    const Eigen::Matrix3d I_c = dcm_BS * L.I_PntSc_S * dcm_BS.transpose();
    const Eigen::Matrix3d w_rel = tilde(w_B - omega);
    p.m += L.m;
    m_c += L.m * r;
    m_cPrime += L.m * rPrime;
    p.I_PntB_B += parallel_axis(I_c, L.m, r);
    p.IPrime_PntB_B +=
        w_rel * I_c - I_c * w_rel +
        L.m * (2.0 * r.dot(rPrime) * Eigen::Matrix3d::Identity() - rPrime * r.transpose() - r * rPrime.transpose());
  }
  if (p.m > 0.0) {
    p.r_CB_B = m_c / p.m;
    p.rPrime_CB_B = m_cPrime / p.m;
  }
  return p;
}

inline EngineTerms engine_terms(const ChainModel& m, const Eigen::VectorXd& x, const std::vector<Wrench>& wrenches = {},
                                double t = 0.0) {
  Workspace ws(*m.model);
  forward::kinematics(*m.model, ws, x, t);
  EffectorWorkspace& ew = *ws.vehicles[0].effectors[0];
  for (std::size_t s = 0; s < wrenches.size(); ++s) m.chain().set_segment_wrench(s, wrenches[s], ew);
  forward::mass_properties(*m.model, ws, x);
  forward::loads(*m.model, ws, t);
  forward::hub_accelerations(*m.model, ws, x);
  EngineTerms e;
  e.total = ws.vehicles[0].system;
  const VehicleWorkspace& w = ws.vehicles[0];
  e.g_B = w.ctx.hub.dcm_FN * w.ctx.g_N;
  const VehicleOffsets& o = m.model->vehicle(0).offsets();
  const ConstStateBlock xb = x.segment(o.state_effectors[0], o.state_sizes[0]);
  m.chain().contributions(w.ctx, xb, ew, e.contribution);
  // In Basilisk's convention, the rows beyond the chain's rigid mass (which its hub adds itself).
  HubSystem rigid;
  add_rigid_rows(chain_rigid_mass(m, w), w.ctx.hub.omega_FN_F, rigid);
  e.contribution.A -= rigid.A;
  e.contribution.B -= rigid.B;
  e.contribution.C -= rigid.C;
  e.contribution.D -= rigid.D;
  e.contribution.vecTrans -= rigid.vecTrans;
  e.contribution.vecRot -= rigid.vecRot;
  const Eigen::Index n = static_cast<Eigen::Index>(m.chain().dof());
  Eigen::VectorXd block(2 * n);
  const auto rows_at = [&](const HubAccelerations& acc) {
    EvaluationContext ctx = w.ctx;
    ctx.acc = acc;
    m.chain().derivatives(ctx, xb, ew, block);
    return Eigen::VectorXd(block.tail(n));
  };
  e.k0 = rows_at(HubAccelerations{});
  e.K.resize(n, 6);
  for (int j = 0; j < 6; ++j) e.K.col(j) = rows_at(unit_hub_acceleration(j)) - e.k0;
  return e;
}

/// A 1-DOF closed form (Basilisk's a, b, c and contributions) in the same layout.
struct OneDofTerms {
  Eigen::Vector3d a, b;
  double c = 0.0;
  Eigen::Matrix3d A, B, C, D;
  Eigen::Vector3d vecTrans, vecRot;
};

/// Largest error of a 1-DOF closed form against the engine: the rows (a, b, c) relative to
/// max(|a|, |b|, |c|) (lengths in m, of order 1); the contributions relative to the assembled hub
/// system's blocks (a contribution is a difference of equal-sized
/// numbers, so only the system scale is meaningful).
struct OneDofErrors {
  double rows = 0.0, matrices = 0.0, vectors = 0.0;
};

inline OneDofErrors compare_one_dof(const EngineTerms& e, const OneDofTerms& r) {
  OneDofErrors err;
  const double row_scale = std::max({r.a.norm(), r.b.norm(), std::abs(r.c)});
  err.rows = std::max({(e.K.row(0).head<3>().transpose() - r.a).norm(), (e.K.row(0).tail<3>().transpose() - r.b).norm(),
                       std::abs(e.k0[0] - r.c)}) /
             row_scale;
  const HubSystem& s = e.contribution;
  const auto rel = [](const auto& x, const auto& y, double scale) { return (x - y).norm() / scale; };
  err.matrices = std::max({rel(s.A, r.A, e.total.A.norm()), rel(s.B, r.B, e.total.B.norm() + e.total.A.norm()),
                           rel(s.C, r.C, e.total.C.norm() + e.total.A.norm()), rel(s.D, r.D, e.total.D.norm())});
  err.vectors = std::max({rel(s.vecTrans, r.vecTrans, std::max(e.total.vecTrans.norm(), r.vecTrans.norm())),
                          rel(s.vecRot, r.vecRot, std::max(e.total.vecRot.norm(), r.vecRot.norm()))});
  return err;
}

/// A 1-DOF closed form's errors (compare_one_dof), logged under `label`, each at most `tol` of its
/// scale.
inline void check_one_dof_errors(const OneDofErrors& err, const std::string& label, double tol) {
  BOOST_TEST_MESSAGE(label << " vs Basilisk closed form: rows " << err.rows << ", matrices " << err.matrices
                           << ", vectors " << err.vectors);
  BOOST_TEST(err.rows <= tol);
  BOOST_TEST(err.matrices <= tol);
  BOOST_TEST(err.vectors <= tol);
}

/// The conservation setup of docs/verification/README.md: Basilisk's hub (750 kg, diag(900, 800, 600),
/// r_BcB_B = (0, 0, 1)), ω0 = (0.1, −0.1, 0.1) rad/s, the standard orbit given at C, Earth
/// point-mass gravity.
inline ChainModel orbit_model(std::vector<std::shared_ptr<SerialChain>> chains) {
  return make_model(basilisk_hub(), basilisk_orbit(Eigen::Vector3d(0.1, -0.1, 0.1)), std::move(chains), earth());
}

/// Motor profiles u_i(t) for every joint of a chain: smooth, different per joint, of amplitude
/// `u0` [N m or N], so that the work integral is not a multiple of a coordinate change.
inline std::vector<SerialChain::MotorProfile> motor_profiles(std::size_t n, double u0) {
  std::vector<SerialChain::MotorProfile> p;
  for (std::size_t i = 0; i < n; ++i) {
    const double w = 1.3 + 0.7 * static_cast<double>(i), phase = 0.4 * static_cast<double>(i);
    p.emplace_back([=](double t) { return u0 * (0.3 + std::sin(w * t + phase)); });
  }
  return p;
}

/// ΔT_rot − ∫ Σ u_i(t) q̇_i dt over [0, T] with n rk4 steps, the work by the trapezoid rule on
/// the step samples; the chain must carry the profiles `u` and no damping.
inline double work_residual(const ChainModel& m, const std::vector<SerialChain::MotorProfile>& u, double T, int n) {
  const System system(m.model);
  const Eigen::Index off = m.model->vehicle(0).offsets().state_effectors[0];
  const Eigen::Index dof = static_cast<Eigen::Index>(m.chain().dof());
  return test::rotational_work_residual(system, *m.model, T, n, [&](const Eigen::VectorXd& x, double t) {
    double p = 0.0;
    for (Eigen::Index i = 0; i < dof; ++i)
      if (!m.chain().link(static_cast<std::size_t>(i)).locked)
        p += u[static_cast<std::size_t>(i)](t) * x[off + dof + i];
    return p;
  });
}

}  // namespace ramus::chain_test

// ---- shared test bodies (they assert with Boost.Test) ------------------------------------------

namespace ramus::chain_test {

using ChainFactory = std::function<std::shared_ptr<SerialChain>()>;

/// docs/verification/README.md's conservation case: rk4 over 2 s in n steps (1e-3 s by default) in
/// orbit, no
/// damping, no motor. `tol` is VERIFICATION's bound for the model; `ours` our own (tighter where
/// round-off allows it). dv_CN_N: no
/// non-gravitational force acts, so its derivative [NB] r̈_C − g_N is zero up to the round-off of
/// O(|g| + |r̈_B|) ≈ 10 m/s² terms (~2e-15 m/s² per evaluation); over 2 s that is ~1e-14 m/s, bound
/// 1e-12 m/s. A wrong chain c.o.m. acceleration (eq. 8) gives ~1e-3 m/s.
inline Drift check_conservation(const ChainFactory& make, double tol, double ours, int n = 2000) {
  const Drift d = max_drift(orbit_model({make()}), 2.0, n);
  BOOST_TEST_MESSAGE(make()->kind() << " drift at dt = " << 2.0 / n << " s: E_orb " << d.orbital_energy << ", E_rot "
                                    << d.rotational_energy << ", H_orb " << d.H_orb << ", H_rot " << d.H_rot
                                    << ", |dv| " << d.dv);
  BOOST_TEST(d.orbital_energy <= tol);
  BOOST_TEST(d.rotational_energy <= tol);
  BOOST_TEST(d.H_orb <= tol);
  BOOST_TEST(d.H_rot <= tol);
  BOOST_TEST(std::max({d.orbital_energy, d.rotational_energy, d.H_orb, d.H_rot}) <= ours);
  BOOST_TEST(d.dv <= 1e-12);
  return d;
}

/// ΔE_rot = ∫ Σ u_i q̇_i dt with smooth motor profiles on every joint, no damping, rk4 at
/// T/n, 2T/n… The residual is the trapezoid rule's error on the step samples, O(h²): ratio 1/4
/// per halving (window 0.2–0.3). A wrong generalized force leaves a residual that does not shrink
/// (ratio → 1); a ratio far below 0.25 means the residual hit a floor.
inline void check_work_balance(const ChainFactory& make, double u0, int n0 = 200) {
  const auto residual = [&](int n) {
    auto chain = make();
    const auto u = motor_profiles(chain->dof(), u0);
    for (std::size_t i = 0; i < chain->dof(); ++i) chain->set_motor_profile(i, u[i]);
    return work_residual(orbit_model({chain}), u, 2.0, n);
  };
  test::check_second_order_residuals(residual, n0, std::string(make()->kind()) + " work residuals");
}

/// Motors and dampers are internal: both momenta stay at round-off (bound `ours`, the
/// conservative case's: rk4's truncation at 1e-3 s is far below it), dv_CN_N likewise; the
/// rotational energy does change (the check is not vacuous).
inline void check_momenta_with_motor_and_damper(const ChainFactory& make_damped, double u0, double ours, int n = 2000) {
  auto chain = make_damped();
  const auto u = motor_profiles(chain->dof(), u0);
  for (std::size_t i = 0; i < chain->dof(); ++i) chain->set_motor_profile(i, u[i]);
  const Drift d = max_drift(orbit_model({chain}), 2.0, n);
  BOOST_TEST_MESSAGE(chain->kind() << " with motors and dampers at dt = " << 2.0 / n << " s: H_orb " << d.H_orb
                                   << ", H_rot " << d.H_rot << ", |dv| " << d.dv << ", E_rot change "
                                   << d.rotational_energy);
  BOOST_TEST(d.H_orb <= ours);
  BOOST_TEST(d.H_rot <= ours);
  BOOST_TEST(d.dv <= 1e-12);
  BOOST_TEST(d.rotational_energy > 1e-8);
}

/// The drift is the integrator's: on coarse steps (2/n0, 1/n0, 1/(2 n0) s over 2 s, where it is
/// far above round-off) it falls 16× per halving; window 12–40: rk4's global error is O(h⁴), but
/// on a nearly harmonic motion its energy error is O(h⁵) (the per-step amplitude error of rk4 is
/// O(h⁶)), a ratio up to 32; and the drift is a maximum over the run, whose location can move
/// between samples. Every level must stay ≥ 5e-13, 100× the round-off floor (~5e-15, the drifts
/// measured at 1e-3 s), as docs/verification/README.md asks of an order study.
/// The orbital quantities are left out: C moves on a Kepler orbit whatever the chain does
/// (ω_orb dt ~ 1e-5), so their drift is round-off at every step used here.
inline void check_drift_convergence(const ChainFactory& make, int n0) {
  double e[3], h[3];
  for (int k = 0; k < 3; ++k) {
    const Drift d = max_drift(orbit_model({make()}), 2.0, n0 << k);
    e[k] = d.rotational_energy;
    h[k] = d.H_rot;
  }
  BOOST_TEST_MESSAGE(make()->kind() << " drift at dt = " << 2.0 / n0 << "/1,2,4: E_rot " << e[0] << ", " << e[1] << ", "
                                    << e[2] << "; H_rot " << h[0] << ", " << h[1] << ", " << h[2]);
  for (int k = 1; k < 3; ++k) {
    BOOST_TEST(e[k - 1] / e[k] >= 12.0);
    BOOST_TEST(e[k - 1] / e[k] <= 40.0);
    BOOST_TEST(h[k - 1] / h[k] >= 12.0);
    BOOST_TEST(h[k - 1] / h[k] <= 40.0);
    BOOST_TEST(std::min(e[k], h[k]) >= 5e-13);
  }
}

/// Largest difference between two runs' hub states and chain coordinates, each relative to its
/// size: |Δr|/|r|, |Δv|/|v|, attitude angle, |Δω|/|ω|, and the chains' |Δq|, |Δq̇| (when both
/// models have a chain of the same size).
inline double state_difference(const ChainModel& a, const Eigen::VectorXd& xa, const ChainModel& b,
                               const Eigen::VectorXd& xb) {
  const VehicleOffsets& oa = a.model->vehicle(0).offsets();
  const VehicleOffsets& ob = b.model->vehicle(0).offsets();
  const auto rel = [](const Eigen::VectorXd& p, const Eigen::VectorXd& q) {
    return (p - q).lpNorm<Eigen::Infinity>() / std::max(q.lpNorm<Eigen::Infinity>(), 1e-300);
  };
  double d =
      std::max({rel(xa.segment<3>(oa.r_N), xb.segment<3>(ob.r_N)), rel(xa.segment<3>(oa.v_N), xb.segment<3>(ob.v_N)),
                attitude_error_angle(xa.segment<4>(oa.q_BN), xb.segment<4>(ob.q_BN)),
                rel(xa.segment<3>(oa.omega_BN_B), xb.segment<3>(ob.omega_BN_B))});
  if (!oa.state_sizes.empty() && !ob.state_sizes.empty() && oa.state_sizes[0] == ob.state_sizes[0])
    d = std::max(d, rel(xa.segment(oa.state_effectors[0], oa.state_sizes[0]),
                        xb.segment(ob.state_effectors[0], ob.state_sizes[0])));
  return d;
}

/// Both models run by rk4 at 1e-3 s over `T` from their initial states: the final states and their
/// difference (state_difference).
struct RunPair {
  Eigen::VectorXd xa, xb;
  double difference;
};
inline RunPair run_both(const ChainModel& a, const ChainModel& b, double T = 2.0) {
  RunPair r;
  r.xa = run_logged(System(a.model), a.model->initial_state(), T, static_cast<int>(T * 1000));
  r.xb = run_logged(System(b.model), b.model->initial_state(), T, static_cast<int>(T * 1000));
  r.difference = state_difference(a, r.xa, b, r.xb);
  return r;
}
inline double run_difference(const ChainModel& a, const ChainModel& b, double T = 2.0) {
  return run_both(a, b, T).difference;
}

/// A vehicle `a` of orbit_model's setup whose joints are all locked moves as one rigid body: the
/// same setup with a hub carrying the composite of `parts` (its rigid parts, built by hand) and no
/// chain stays within `tol` of it over 2 s (run_difference, relative), logged under `label`.
inline void check_moves_as_rigid_composite(const ChainModel& a, const std::vector<RigidPart>& parts,
                                           const std::string& label, double tol) {
  const RigidPart h = composite(parts);
  const ChainModel b = make_model(samples::reference::DenseHub{h.m, h.I_c, h.r_c},
                                  basilisk_orbit(Eigen::Vector3d(0.1, -0.1, 0.1)), {}, earth());
  const double d = run_difference(a, b);
  BOOST_TEST_MESSAGE(label << " vs rigid composite hub: " << d);
  BOOST_TEST(d <= tol);
}

}  // namespace ramus::chain_test
