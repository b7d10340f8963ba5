// The serial-chain engine (systems/src/serial_chain.cpp) against the independent dense Kane
// reference (samples/include/ramus/samples/reference/dense_multibody.hpp, docs/models/serial_chain.md (R1)):
// random chains N = 1..16, the full solution with and without link wrenches, the coupling rows;
// then published segment kinematics against finite differences, and locks.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "ramus/kernel/error.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "ramus/systems/spinning_body.hpp"
#include "ramus/systems/translating_body.hpp"
#include "systems/chain_support.hpp"

namespace {

using namespace ramus;
using namespace ramus::chain_test;
namespace tt = boost::test_tools;

enum class Mix { mixed, all_revolute, all_prismatic, load_free };

/// A random chain on a random hub at a random state.
struct RandomCase {
  samples::reference::DenseHub hub;
  Quaternion q_BN;
  Eigen::Vector3d r_BN_N, v_BN_N, omega_BN_B, g_N;
  std::vector<ChainLink> links;
  std::vector<Wrench> wrenches;  ///< one per link (zero on about half of them)
};

RandomCase random_case(Random& rng, int n, Mix mix) {
  RandomCase c;
  const bool loads = mix != Mix::load_free;
  c.hub.m = rng.uniform(50.0, 500.0);
  c.hub.I_PntBc_B = rng.inertia(c.hub.m, 1.5);
  c.hub.r_BcB_B = rng.vector(-0.5, 0.5);  // never zero: the hub's own c.o.m. offset is exercised
  c.q_BN = rng.quaternion();
  c.r_BN_N = rng.vector(-10.0, 10.0);
  c.v_BN_N = rng.vector(-1.0, 1.0);
  c.omega_BN_B = 0.5 * rng.unit_vector() * rng.uniform(0.0, 1.0);  // |ω| ≤ 0.5 rad/s
  c.g_N = loads ? rng.vector(-5.0, 5.0) : Eigen::Vector3d::Zero();
  for (int i = 0; i < n; ++i) {
    ChainLink L;
    const bool prismatic = mix == Mix::all_prismatic || (mix != Mix::all_revolute && rng.chance(0.25));
    L.type = prismatic ? JointType::prismatic : JointType::revolute;
    L.m = rng.uniform(0.5, 50.0);
    L.r_ScS_S = rng.vector(-0.7, 0.7);
    L.I_PntSc_S = rng.inertia(L.m, 1.0);
    L.dcm_S0P = rng.rotation();
    L.r_S0P_P = rng.vector(-1.0, 1.0);
    L.axis_S = rng.unit_vector();
    L.q0 = prismatic ? rng.uniform(-0.5, 0.5) : rng.uniform(-std::numbers::pi, std::numbers::pi);
    L.locked = rng.chance(0.15);
    L.qDot0 = L.locked ? 0.0 : rng.uniform(-1.0, 1.0);
    if (loads) {
      L.k = rng.uniform(0.0, 50.0);
      L.c = rng.uniform(0.0, 10.0);
      L.q_ref = rng.uniform(-1.0, 1.0);
      L.qDot_ref = rng.uniform(-0.5, 0.5);
      L.u = rng.uniform(-5.0, 5.0);
    }
    c.links.push_back(L);
    Wrench w;
    if (loads && rng.chance(0.5)) {
      w.force_F = rng.vector(-10.0, 10.0);
      w.torque_PntF_F = rng.vector(-10.0, 10.0);
    }
    c.wrenches.push_back(w);
  }
  return c;
}

ChainModel model_of(const RandomCase& c) {
  auto chain = std::make_shared<SerialChain>("chain", c.links);
  return make_model(c.hub, hub_state_at_B(c.r_BN_N, c.v_BN_N, c.q_BN, c.omega_BN_B), {chain},
                    std::make_shared<UniformGravity>(c.g_N));
}

samples::reference::DenseProblem dense_problem(const RandomCase& c, bool with_wrenches) {
  samples::reference::DenseProblem p;
  p.hub = c.hub;
  p.dcm_BN = rotation_matrix(c.q_BN).transpose();
  p.omega_BN_B = c.omega_BN_B;
  p.links = c.links;
  p.g_N = c.g_N;
  for (std::size_t i = 0; i < c.links.size(); ++i) {
    samples::reference::DenseJoint j;
    j.q = c.links[i].q0;
    j.qDot = c.links[i].qDot0;
    j.locked = c.links[i].locked;
    j.u = c.links[i].u;
    if (with_wrenches) {
      j.force_S = c.wrenches[i].force_F;
      j.torque_PntS_S = c.wrenches[i].torque_PntF_F;
    }
    p.joints.push_back(j);
  }
  return p;
}

/// The system's derivative with the link wrenches set on the workspace between kinematics()
/// (which resets them) and the remaining stages.
Eigen::VectorXd evaluate_with_wrenches(const ChainModel& m, const RandomCase& c, const Eigen::VectorXd& x) {
  Workspace ws(*m.model);
  Eigen::VectorXd dxdt(x.size());
  forward::kinematics(*m.model, ws, x, 0.0);
  for (std::size_t s = 0; s < c.wrenches.size(); ++s)
    m.chain().set_segment_wrench(s, c.wrenches[s], *ws.vehicles[0].effectors[0]);
  forward::mass_properties(*m.model, ws, x);
  forward::loads(*m.model, ws, 0.0);
  forward::hub_accelerations(*m.model, ws, x);
  forward::derivatives(*m.model, ws, x, dxdt);
  return dxdt;
}

/// Error of the engine's accelerations against the dense solution, relative to the system scale:
/// the largest acceleration in the problem, angular ones weighted by L = 1 m (the links' size), so
/// that every entry is the acceleration of a point about a link length away.
double system_relative_error(const Accelerations& a, const samples::reference::DenseSolution& d) {
  const Eigen::Index n = d.qDDot.size();
  Eigen::VectorXd e(6 + n), r(6 + n);
  e << a.rDDot_BN_B, a.omegaDot_BN_B, a.qDDot;
  r << d.rDDot_BN_B, d.omegaDot_BN_B, d.qDDot;
  return (e - r).lpNorm<Eigen::Infinity>() / r.lpNorm<Eigen::Infinity>();
}

constexpr int kCasesPerN = 12;  // index 0 all revolute, 1 all prismatic, 2 load free, the rest mixed
Mix mix_of(int k) {
  return k == 0 ? Mix::all_revolute : k == 1 ? Mix::all_prismatic : k == 2 ? Mix::load_free : Mix::mixed;
}

// Tolerance of every dense comparison (argued once): both sides are backward-stable computations
// of O(N) products of O(1)-conditioned 3×3 blocks at unit round-off 2.2e-16 on quantities of the
// system scale; the dense LDLᵀ solve adds cond(M)·eps with cond(M) ≲ 1e3 for these mass ratios
// (links 0.5–50 kg on a 50–500 kg hub). 1e-12 (≈ 4500 eps)
// leaves margin for N = 16, while any missing or mis-signed term is ≥ 1e-4 of the scale.
constexpr double kDenseTol = 1e-12;

}  // namespace

BOOST_AUTO_TEST_SUITE(serial_chain)

BOOST_AUTO_TEST_CASE(engine_matches_dense_reference_random_chains_N1_to_16) {
  Random rng(20240611);
  double worst[3] = {0.0, 0.0, 0.0};  // N = 1–5, 6–10, 11–16
  int locked_seen = 0, prismatic_seen = 0;
  for (int n = 1; n <= 16; ++n) {
    for (int k = 0; k < kCasesPerN; ++k) {
      const RandomCase c = random_case(rng, n, mix_of(k));
      const ChainModel m = model_of(c);
      const Eigen::VectorXd x = m.model->initial_state();
      const Accelerations a = read_accelerations(m, x, evaluate(m, x));
      const samples::reference::DenseSolution d = samples::reference::dense_multibody(dense_problem(c, false));
      const double err = system_relative_error(a, d);
      BOOST_TEST_CONTEXT("N = " << n << ", case " << k) {
        BOOST_TEST(err <= kDenseTol);
        // A locked joint's coordinate and rate derivatives are exactly zero (no arithmetic).
        for (int i = 0; i < n; ++i) {
          if (!c.links[static_cast<std::size_t>(i)].locked) continue;
          ++locked_seen;
          BOOST_TEST(a.qDot_derivative[i] == 0.0);
          BOOST_TEST(a.qDDot[i] == 0.0);
        }
      }
      for (const ChainLink& L : c.links) prismatic_seen += L.type == JointType::prismatic;
      double& w = worst[n <= 5 ? 0 : n <= 10 ? 1 : 2];
      w = std::max(w, err);
    }
  }
  BOOST_TEST_MESSAGE("dense comparison, max error relative to system scale: N 1-5 "
                     << worst[0] << ", N 6-10 " << worst[1] << ", N 11-16 " << worst[2]);
  // The random draw does exercise locks and prismatic joints (~15 % and ~25 % of ~1600 joints).
  BOOST_TEST(locked_seen > 100);
  BOOST_TEST(prismatic_seen > 200);
}

BOOST_AUTO_TEST_CASE(engine_matches_dense_reference_with_link_wrenches) {
  Random rng(7771);
  double worst = 0.0;
  for (int n = 1; n <= 16; ++n) {
    for (int k = 0; k < kCasesPerN; ++k) {
      const RandomCase c = random_case(rng, n, mix_of(k));
      const ChainModel m = model_of(c);
      const Eigen::VectorXd x = m.model->initial_state();
      const Accelerations a = read_accelerations(m, x, evaluate_with_wrenches(m, c, x));
      const samples::reference::DenseSolution d = samples::reference::dense_multibody(dense_problem(c, true));
      const double err = system_relative_error(a, d);
      BOOST_TEST(err <= kDenseTol, "N = " << n << ", case " << k << ": " << err);
      worst = std::max(worst, err);
      // The wrenches matter: without them the dense answer differs at the system scale (the
      // comparison above can fail), except in the load-free case which has none.
      if (mix_of(k) != Mix::load_free) {
        bool any = false;
        for (const Wrench& w : c.wrenches) any = any || !w.force_F.isZero(0.0);
        if (any) {
          const samples::reference::DenseSolution d0 = samples::reference::dense_multibody(dense_problem(c, false));
          BOOST_TEST(system_relative_error(a, d0) > 1e-6);
        }
      }
    }
  }
  BOOST_TEST_MESSAGE("dense comparison with link wrenches, max error: " << worst);
}

BOOST_AUTO_TEST_CASE(coupling_rows_match_dense_elimination) {
  // §9 item 3: q̈ = K [r̈_B; ω̇] + k0 is affine in the hub accelerations; seven runs of the
  // back-substitution (derivatives()) with unit hub accelerations give the engine's rows.
  Random rng(99);
  double worst = 0.0;
  for (int n = 1; n <= 16; n += 3) {
    for (int k = 0; k < 4; ++k) {
      const RandomCase c = random_case(rng, n, mix_of(k));
      const ChainModel m = model_of(c);
      const Eigen::VectorXd x = m.model->initial_state();
      Workspace ws(*m.model);
      Eigen::VectorXd dxdt(x.size());
      forward::evaluate(*m.model, ws, x, dxdt, 0.0);
      const VehicleOffsets& o = m.model->vehicle(0).offsets();
      const ConstStateBlock xb = x.segment(o.state_effectors[0], o.state_sizes[0]);
      Eigen::VectorXd block(o.state_sizes[0]);
      const auto rows_at = [&](const HubAccelerations& acc) {
        EvaluationContext ctx = ws.vehicles[0].ctx;
        ctx.acc = acc;
        m.chain().derivatives(ctx, xb, *ws.vehicles[0].effectors[0], block);
        return Eigen::VectorXd(block.tail(n));
      };
      const Eigen::VectorXd c0 = rows_at(HubAccelerations{});
      Eigen::MatrixXd K(n, 6);
      for (int j = 0; j < 6; ++j) K.col(j) = rows_at(unit_hub_acceleration(j)) - c0;
      const samples::reference::DenseSolution d = samples::reference::dense_multibody(dense_problem(c, false));
      const samples::reference::DenseRows r = samples::reference::dense_rows(d);
      Eigen::MatrixXd K_free(r.K.rows(), 6);
      Eigen::VectorXd c_free(r.K.rows());
      for (std::size_t i = 0; i < c.links.size(); ++i)
        if (d.column[i] >= 0) {
          K_free.row(d.column[i] - 6) = K.row(static_cast<Eigen::Index>(i));
          c_free[d.column[i] - 6] = c0[static_cast<Eigen::Index>(i)];
        }
      if (r.K.rows() == 0) continue;  // every joint locked
      // Same tolerance and argument as the full solution (kDenseTol), relative to the rows' size.
      const double eK = (K_free - r.K).lpNorm<Eigen::Infinity>() / r.K.lpNorm<Eigen::Infinity>();
      const double ec = (c_free - r.k0).lpNorm<Eigen::Infinity>() / r.k0.lpNorm<Eigen::Infinity>();
      BOOST_TEST(eK <= kDenseTol, "N = " << n << " case " << k);
      BOOST_TEST(ec <= kDenseTol, "N = " << n << " case " << k);
      worst = std::max({worst, eK, ec});
    }
  }
  BOOST_TEST_MESSAGE("coupling rows, max relative error: " << worst);
}

BOOST_AUTO_TEST_CASE(dense_comparison_detects_a_missing_term) {
  // Negative control: remove the chain's gyroscopic term
  // ω × (I_ch ω), which its rows (C2) carry inside the articulated bias n0, from the engine's hub
  // system (re-solving it here) and the comparison fails by far more than kDenseTol: the dense
  // reference does see that term. I_ch, the chain's inertia about B, is formed by the test
  // (chain_rigid_mass).
  Random rng(4242);
  int detected = 0, cases = 0;
  for (int n = 2; n <= 8; n += 2) {
    const RandomCase c = random_case(rng, n, Mix::load_free);
    const ChainModel m = model_of(c);
    const Eigen::VectorXd x = m.model->initial_state();
    Workspace ws(*m.model);
    Eigen::VectorXd dxdt(x.size());
    forward::evaluate(*m.model, ws, x, dxdt, 0.0);
    const VehicleWorkspace& w = ws.vehicles[0];
    const MassProperties rigid = chain_rigid_mass(m, w);
    const Eigen::Vector3d& omega = w.ctx.hub.omega_FN_F;
    HubSystem broken = w.system;
    broken.vecRot -= omega.cross(rigid.I_PntB_B * omega);
    const HubAccelerations acc = solve_hub_system(broken);
    const samples::reference::DenseSolution d = samples::reference::dense_multibody(dense_problem(c, false));
    const double scale = std::max(d.rDDot_BN_B.norm(), d.omegaDot_BN_B.norm());
    const double err =
        std::max((acc.rDDot_BN_B - d.rDDot_BN_B).norm(), (acc.omegaDot_BN_B - d.omegaDot_BN_B).norm()) / scale;
    ++cases;
    detected += err > 1e3 * kDenseTol;
  }
  BOOST_TEST(detected == cases);
}

BOOST_AUTO_TEST_CASE(dense_reference_reproduces_a_compound_pendulum) {
  // A check of the reference itself: one revolute link about x on a hub so heavy it does not
  // move, at rest, driven by a weight m g (−z) applied as a link wrench at the c.o.m. (moved to
  // the joint origin) and a motor torque u: a compound pendulum on a fixed pivot,
  //   θ̈ = (u − m g ℓ sin θ) / (I_xx + m ℓ²).
  // (Uniform gravity would not do: the whole vehicle falls freely and the link stays put.)
  samples::reference::DenseProblem p;
  p.hub.m = 1e15;
  p.hub.I_PntBc_B = 1e15 * Eigen::Matrix3d::Identity();
  ChainLink L;
  L.m = 3.0;
  L.r_ScS_S = Eigen::Vector3d(0.0, 0.0, -2.0);
  L.I_PntSc_S = Eigen::Vector3d(0.7, 0.5, 0.4).asDiagonal();
  L.axis_S = Eigen::Vector3d::UnitX();
  p.links = {L};
  const double theta = 0.3, u = 1.7, g = 9.81;
  samples::reference::DenseJoint j;
  j.q = theta;
  j.u = u;
  // dcm_SN = R_x(θ)ᵀ for the hub at identity: the weight (0, 0, −m g) in S, and its moment about S.
  const Eigen::Matrix3d dcm_SN = rotation_matrix(quat_from_axis_angle(Eigen::Vector3d::UnitX(), theta)).transpose();
  j.force_S = dcm_SN * Eigen::Vector3d(0.0, 0.0, -L.m * g);
  j.torque_PntS_S = L.r_ScS_S.cross(j.force_S);
  p.joints = {j};
  const samples::reference::DenseSolution s = samples::reference::dense_multibody(p);
  const double expected = (u - L.m * g * 2.0 * std::sin(theta)) / (0.7 + L.m * 4.0);
  // The hub (1e15 kg) reacts with ~1e-15 of the link's motion: the limit holds to round-off.
  BOOST_TEST(s.qDDot[0] == expected, tt::tolerance(1e-12));
}

// ---- published segment kinematics -----------------------------------------------------------
namespace {

/// The models of the kinematics and lock checks: every parametrization plus a mixed 4-DOF chain,
/// on a tumbling hub near the origin (finite differences of r need |r| small against 1/h).
std::vector<std::shared_ptr<SerialChain>> every_model() {
  std::vector<std::shared_ptr<SerialChain>> out;
  {
    HingedRigidBodyConfig h;
    h.mass = 100.0 * si::kilogram;
    h.I_PntSc_S = inertia(full_inertia(Eigen::Vector3d(100.0, 50.0, 50.0)));
    h.d = 1.5 * si::meter;
    h.r_HB_B = meters(Eigen::Vector3d(0.5, 0.0, 1.0));
    h.dcm_HB = Eigen::Vector3d(-1.0, -1.0, 1.0).asDiagonal();
    h.k = 100.0 * si::newton * si::meter / si::radian;
    h.theta0 = 5.0 * kDeg * si::radian;
    h.thetaDot0 = 0.3 * si::radian_per_second;
    out.push_back(std::make_shared<HingedRigidBody>("panel", h));
  }
  SpinningAxisConfig a;
  a.mass = 50.0 * si::kilogram;
  a.I_PntSc_S = inertia(full_inertia(Eigen::Vector3d(50.0, 30.0, 40.0)));
  a.r_ScS_S = meters(Eigen::Vector3d(1.0, 0.0, -1.0));
  a.dcm_S0P << 0.0, -1.0, 0.0, 0.0, 0.0, -1.0, 1.0, 0.0, 0.0;
  a.r_SP_P = meters(Eigen::Vector3d(0.5, -1.5, -0.5));
  a.sHat_S = Eigen::Vector3d(0.0, -1.0, 0.0);
  a.k = 100.0 * si::newton * si::meter / si::radian;
  a.theta0 = 5.0 * kDeg * si::radian;
  a.thetaDot0 = -0.4 * si::radian_per_second;
  out.push_back(std::make_shared<SpinningBodyOneDOF>("spinner", a));
  SpinningAxisConfig a2 = a;
  a2.sHat_S = Eigen::Vector3d(1.0, 1.0, 0.0).normalized();
  a2.r_SP_P = meters(Eigen::Vector3d(0.2, 0.8, -0.3));
  a2.thetaDot0 = 0.7 * si::radian_per_second;
  out.push_back(std::make_shared<SpinningBodyTwoDOF>("gimbal", a, a2));
  SpinningAxisConfig a3 = a2;
  a3.sHat_S = Eigen::Vector3d(0.0, 0.6, 0.8);
  a3.thetaDot0 = -0.5 * si::radian_per_second;
  out.push_back(std::make_shared<SpinningBodyNDOF>("arm", std::vector<SpinningAxisConfig>{a, a2, a3, a2}));
  TranslatingAxisConfig f;
  f.mass = 20.0 * si::kilogram;
  f.I_PntFc_F = inertia(full_inertia(Eigen::Vector3d(50.0, 80.0, 60.0)));
  f.r_FcF_F = meters(Eigen::Vector3d(-1.0, 1.0, 0.0));
  f.dcm_FP << 0.0, -1.0, 0.0, 0.0, 0.0, -1.0, 1.0, 0.0, 0.0;
  f.r_F0P_P = meters(Eigen::Vector3d(-5.0, 4.0, 3.0));
  f.fHat_P = Eigen::Vector3d(0.6, 0.8, 0.0);
  f.k = 100.0 * si::newton / si::meter;
  f.rho0 = 1.0 * si::meter;
  f.rhoDot0 = 0.3 * si::meter_per_second;
  out.push_back(std::make_shared<TranslatingBodyOneDOF>("slider", f));
  TranslatingAxisConfig f2 = f;
  f2.fHat_P = Eigen::Vector3d(0.0, 0.0, 1.0);
  f2.r_F0P_P = meters(Eigen::Vector3d(0.5, 0.5, 0.0));
  f2.rhoDot0 = -0.2 * si::meter_per_second;
  out.push_back(std::make_shared<TranslatingBodyNDOF>("telescope", std::vector<TranslatingAxisConfig>{f, f2, f}));
  // A mixed R-P-R-P chain built directly on the engine.
  std::vector<ChainLink> links(4);
  for (std::size_t i = 0; i < 4; ++i) {
    ChainLink& L = links[i];
    L.type = i % 2 ? JointType::prismatic : JointType::revolute;
    L.m = 5.0 + 3.0 * static_cast<double>(i);
    L.r_ScS_S = Eigen::Vector3d(0.3, -0.2, 0.5);
    L.I_PntSc_S = full_inertia(Eigen::Vector3d(2.0, 3.0, 4.0), 0.2 * static_cast<double>(i));
    L.dcm_S0P = rotation(Eigen::Vector3d(1.0, -1.0, 2.0), 0.5 + 0.3 * static_cast<double>(i));
    L.r_S0P_P = Eigen::Vector3d(0.8, 0.1, -0.4);
    L.axis_S = Eigen::Vector3d(1.0, 2.0, 2.0).normalized();
    L.k = 20.0;
    L.q0 = 0.2;
    L.qDot0 = i % 2 ? -0.3 : 0.6;
  }
  out.push_back(std::make_shared<SerialChain>("mixed", links));
  return out;
}

const InitialState kTumbling =
    hub_state_at_B(Eigen::Vector3d(1.0, -2.0, 0.5), Eigen::Vector3d(0.3, 0.1, -0.2),
                   quat_from_axis_angle(Eigen::Vector3d(0.0, 0.6, 0.8), 0.7), Eigen::Vector3d(0.1, -0.1, 0.1) * 3.0);

/// vee of the skew part of a 3×3 matrix.
Eigen::Vector3d vee(const Eigen::Matrix3d& S) {
  return 0.5 * Eigen::Vector3d(S(2, 1) - S(1, 2), S(0, 2) - S(2, 0), S(1, 0) - S(0, 1));
}

}  // namespace

BOOST_AUTO_TEST_CASE(published_segment_velocity_is_derivative_of_position) {
  // Central differences along x(τ) = x ± h f(x): x'(0) = f(x) = ẋ, so (r(x+hf) − r(x−hf))/(2h) is
  // ṙ + O(h²): the h² term is (1/6) d³r/dτ³ ≲ (Ω³ L + ...)/6 with Ω ≲ 1.5 rad/s (hub and joint
  // rates) and L ≲ 7 m, i.e. ≲ 4e-8 m/s at h = 1e-4 s; round-off is eps |r| / h ≈ 2e-11 m/s.
  // Tolerance 1e-7 m/s (and 1e-7 rad/s): 2.5× the truncation bound (measured ≤ 8e-9); a wrong or missing velocity
  // term (ω × r, a joint-rate term) is ≥ 1e-2.
  const double h = 1e-4;
  for (const auto& chain : every_model()) {
    const ChainModel m = make_model(basilisk_hub(), kTumbling, {chain});
    const Eigen::VectorXd x = m.model->initial_state();
    const Eigen::VectorXd f = evaluate(m, x);
    Workspace w0(*m.model), wp(*m.model), wm(*m.model);
    forward::kinematics(*m.model, w0, x, 0.0);
    forward::kinematics(*m.model, wp, Eigen::VectorXd(x + h * f), 0.0);
    forward::kinematics(*m.model, wm, Eigen::VectorXd(x - h * f), 0.0);
    double worst_v = 0.0, worst_w = 0.0;
    for (std::size_t s = 0; s < chain->segment_count(); ++s) {
      const FrameKinematics& k0 = chain->segment(s, *w0.vehicles[0].effectors[0]);
      const FrameKinematics& kp = chain->segment(s, *wp.vehicles[0].effectors[0]);
      const FrameKinematics& km = chain->segment(s, *wm.vehicles[0].effectors[0]);
      const Eigen::Vector3d v_fd = (kp.r_FN_N - km.r_FN_N) / (2.0 * h);
      // d/dt dcm_FN = −[ω_FN_F ×] dcm_FN, so [ω×] = −(d dcm_FN/dt) dcm_FNᵀ.
      const Eigen::Matrix3d dcmDot = (kp.dcm_FN - km.dcm_FN) / (2.0 * h);
      const Eigen::Vector3d w_fd = vee(-dcmDot * k0.dcm_FN.transpose());
      worst_v = std::max(worst_v, (v_fd - k0.v_FN_N).norm());
      worst_w = std::max(worst_w, (w_fd - k0.omega_FN_F).norm());
      BOOST_TEST_CONTEXT(chain->label() << " segment " << s) {
        BOOST_TEST((v_fd - k0.v_FN_N).norm() <= 1e-7);
        BOOST_TEST((w_fd - k0.omega_FN_F).norm() <= 1e-7);
        // Not a vacuous check: the segments do move relative to the hub.
        BOOST_TEST((k0.v_FN_N - x.segment<3>(m.model->vehicle(0).offsets().v_N)).norm() > 1e-2);
      }
    }
    BOOST_TEST_MESSAGE(chain->label() << ": |v - FD| " << worst_v << " m/s, |omega - FD| " << worst_w << " rad/s");
  }
}

// ---- locks ------------------------------------------------------------------------------------
BOOST_AUTO_TEST_CASE(locked_joint_has_zero_derivatives) {
  for (const auto& chain : every_model()) {
    const ChainModel m = make_model(basilisk_hub(), kTumbling, {chain});
    Eigen::VectorXd x = m.model->initial_state();
    const std::size_t j = chain->dof() - 1;  // the outermost joint (a tip lock leaves a moving chain inboard)
    const System system(m.model);
    chain->engage_lock(j, system, x, 0.0);  // the latch's impulse (lock_impulse_test.cpp checks it)
    Eigen::VectorXd dxdt(x.size());
    system(x, dxdt, 0.0);
    const Accelerations a = read_accelerations(m, x, dxdt);
    const Eigen::Index n = static_cast<Eigen::Index>(chain->dof());
    BOOST_TEST_CONTEXT(chain->label()) {
      BOOST_TEST(a.qDot[static_cast<Eigen::Index>(j)] == 0.0);  // the impulse brought the rate in x to 0
      BOOST_TEST(a.qDot_derivative[static_cast<Eigen::Index>(j)] == 0.0);
      BOOST_TEST(a.qDDot[static_cast<Eigen::Index>(j)] == 0.0);
      if (n > 1) BOOST_TEST(a.qDDot.head(n - 1).norm() > 0.0);
    }
    // Another run of the same model is not locked: the lock belongs to the run.
    BOOST_TEST(!chain->is_locked(j, *m.model, System(m.model).inputs()));
  }
}

BOOST_AUTO_TEST_CASE(locking_mid_run_freezes_the_coordinate) {
  // A 4-DOF spinning body; at t = 1 s an observer (between steps) locks joint 2, at t = 2 s it
  // unlocks it. While locked its coordinate is exactly constant (the rk4 increments are sums of
  // exact zeros) and its rate is zero; the others keep moving; after unlocking it moves again.
  auto chain = every_model()[3];
  const ChainModel m = make_model(basilisk_hub(), kTumbling, {chain});
  const System system(m.model);
  Eigen::VectorXd x = m.model->initial_state();
  const Eigen::Index n = static_cast<Eigen::Index>(chain->dof());
  const Eigen::Index off = m.model->vehicle(0).offsets().state_effectors[0];
  std::vector<double> times;
  for (int k = 0; k <= 30; ++k) times.push_back(0.1 * k);
  PropagationSettings s;
  s.dt = 0.01;
  double q_locked = 0.0, q_other_at_lock = 0.0;
  int frozen_checks = 0;
  propagate(system, x, times, s, [&](const Eigen::VectorXd& xs, double t) {
    if (std::abs(t - 1.0) < 1e-9) {
      chain->engage_lock(1, system, x, t);  // x is the propagated state
      q_locked = xs[off + 1];
      q_other_at_lock = xs[off + 2];
    } else if (t > 1.0 + 1e-9 && t < 2.0 + 1e-9) {
      BOOST_TEST(xs[off + 1] == q_locked);
      BOOST_TEST(xs[off + n + 1] == 0.0);
      ++frozen_checks;
    }
    if (std::abs(t - 2.0) < 1e-9) {
      BOOST_TEST(std::abs(xs[off + 2] - q_other_at_lock) > 1e-3);  // the others moved meanwhile
      chain->set_locked(1, false, *m.model, system.inputs(), x);
    }
  });
  BOOST_TEST(frozen_checks == 10);
  BOOST_TEST(std::abs(x[off + 1] - q_locked) > 1e-4);  // free again after t = 2 s (spring-driven)
}

BOOST_AUTO_TEST_SUITE_END()
