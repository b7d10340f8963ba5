// DOCK-01 … DOCK-05 (docs/verification/DOCKING.md): docking and separation of vehicles mid-run
// (kernel/docking.hpp, docs/models/docking.md). A servicer (hub with Basilisk's hinged panel,
// undamped) captures a bare client hub, in deep space (no gravity: total momentum is a first
// integral). References: the momenta computed from the diagnostics of the model before the event,
// the closed forms of a perfectly inelastic capture of two rigid bodies (docking.md (7), (8)),
// the original servicer's hub parameters for a separation, a second docking for a re-docking, and
// rk4's step halving for the composite's propagation.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "branching/branching_support.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/docking.hpp"
#include "ramus/kernel/error.hpp"

namespace {

using namespace ramus;
using namespace ramus::branching_test;

const Vector3d kRServicer(10.0, -5.0, 3.0);  ///< [m] B1 in N

struct Pair {
  std::shared_ptr<const Model> model;
  VectorXd x;
};

/// Servicer "srv" (750 kg, diag(900, 800, 600), its c.o.m. off B, with the hinged panel when
/// `panel`) at kRServicer, client "cli" (300 kg, a full inertia, c.o.m. off B2) 3.2 m away,
/// turned, each with its own velocity and rate; no gravity.
Pair make_pair(bool panel = true, bool client_effector = false) {
  auto model = std::make_shared<Model>();
  Vehicle& s = model->add_vehicle("srv", hub_config(750.0, hub_inertia(), Vector3d(0.1, -0.2, 0.3)));
  s.set_initial_state(state_at_B(kRServicer, Vector3d(0.5, -0.2, 0.1), Vector3d(0.02, -0.01, 0.03),
                                 quat_from_axis_angle(Vector3d(1.0, 2.0, 2.0) / 3.0, 0.4)));
  if (panel) s.add_state_effector(make_parent(parent_spec(Parent::hinged, false), "panel"));
  Matrix3d I2;
  I2 << 200.0, 10.0, -5.0, 10.0, 150.0, 8.0, -5.0, 8.0, 100.0;
  Vehicle& c = model->add_vehicle("cli", hub_config(300.0, I2, Vector3d(0.05, 0.0, -0.1)));
  c.set_initial_state(state_at_B(kRServicer + Vector3d(3.0, 1.0, -0.5), Vector3d(0.45, -0.15, 0.12),
                                 Vector3d(-0.01, 0.04, 0.02), quat_from_axis_angle(Vector3d(0.0, 0.6, 0.8), -1.1)));
  if (client_effector) c.add_dynamic_effector(make_force_torque("push"));
  model->finalize();
  Pair p;
  p.x = model->initial_state();
  p.model = std::move(model);
  return p;
}

struct Totals {
  Vector3d p = Vector3d::Zero();  ///< [N s]
  Vector3d H = Vector3d::Zero();  ///< [N m s] about N
  double E = 0.0;                 ///< [J] kinetic + springs
  double scale_H = 0.0;           ///< [N m s] Σ |r_C| |p| + |H_rot|: the size of the terms summed into H
  double scale_p = 0.0;           ///< [N s] Σ |p|
};
Totals totals(const Model& model, const VectorXd& x) {
  Totals s;
  for (const VehicleDiagnostics& d : diagnostics(model, x, 0.0)) {
    s.p += d.m * d.v_CN_N;
    s.H += d.H_orb_PntN_N + d.H_rot_PntC_N;
    s.E += 0.5 * d.m * d.v_CN_N.squaredNorm() + d.rotational_energy;
    s.scale_H += d.r_CN_N.norm() * d.m * d.v_CN_N.norm() + d.H_rot_PntC_N.norm();
    s.scale_p += d.m * d.v_CN_N.norm();
  }
  return s;
}

// Round-off of a handful of operations on each summed term (diagnostics, the 6×6 solve of
// docking.md (5) with a condition number ~1e2 for these bodies, the shift of H between points):
// 1e3 ε of the terms' size.
constexpr double kRoundOff = 1e3 * kEps;

BOOST_AUTO_TEST_SUITE(docking)

BOOST_AUTO_TEST_CASE(dock_conserves_momentum) {  // DOCK-01
  Pair p = make_pair();
  const Totals before = totals(*p.model, p.x);
  const DockingResult r = dock(p.model, p.x, 0.0, "srv", "cli");
  BOOST_CHECK(!p.model);  // handed over
  BOOST_REQUIRE_EQUAL(r.model->vehicle_count(), 1u);
  const Totals after = totals(*r.model, r.x);
  const double dp = (after.p - before.p).norm(), dH = (after.H - before.H).norm();
  BOOST_TEST_MESSAGE("DOCK-01 |dp| = " << dp << " N s (scale " << before.scale_p << "), |dH| = " << dH
                                       << " N m s (scale " << before.scale_H << "), energy lost " << r.energy_lost
                                       << " J of " << before.E);
  BOOST_CHECK_LE(dp, kRoundOff * before.scale_p);
  BOOST_CHECK_LE(dH, kRoundOff * before.scale_H);
  // The energy lost is what the test's own sums say was lost, and it is positive (the hubs moved
  // relative to each other).
  BOOST_CHECK_CLOSE(r.energy_lost, before.E - after.E, 1e-9);
  BOOST_CHECK_GT(r.energy_lost, 0.0);
  // The panel's coordinates go on as they were (its block copied).
  const VectorXd& x_panel = r.x;
  BOOST_CHECK_EQUAL(x_panel.size(), p.x.size() - 16);  // the client's 16 hub states are gone
}

BOOST_AUTO_TEST_CASE(dock_among_other_vehicles) {  // DOCK-01 (vehicle order)
  // Client first, a bystander with a panel between, the servicer last: the composite takes the
  // servicer's place (index 1 of 2), the bystander's blocks are copied bit for bit, and the
  // momenta of the pair are conserved as in DOCK-01.
  auto model = std::make_shared<Model>();
  Matrix3d I2;
  I2 << 200.0, 10.0, -5.0, 10.0, 150.0, 8.0, -5.0, 8.0, 100.0;
  model->add_vehicle("cli", hub_config(300.0, I2, Vector3d(0.05, 0.0, -0.1)))
      .set_initial_state(
          state_at_B(Vector3d(13.0, -4.0, 2.5), Vector3d(0.45, -0.15, 0.12), Vector3d(-0.01, 0.04, 0.02)));
  Vehicle& o = model->add_vehicle("other", hub_config(500.0, hub_inertia(), Vector3d::Zero()));
  o.set_initial_state(state_at_B(Vector3d(-50.0, 0.0, 0.0), Vector3d(0.0, 1.0, 0.0), Vector3d(0.0, 0.0, 0.1)));
  o.add_state_effector(make_parent(parent_spec(Parent::hinged, false), "panel"));
  Vehicle& s = model->add_vehicle("srv", hub_config(750.0, hub_inertia(), Vector3d(0.1, -0.2, 0.3)));
  s.set_initial_state(state_at_B(kRServicer, Vector3d(0.5, -0.2, 0.1), Vector3d(0.02, -0.01, 0.03)));
  model->finalize();
  const VectorXd x = model->initial_state();
  const VehicleOffsets o_old = model->vehicle(1).offsets();
  std::shared_ptr<const Model> m = std::move(model);
  const std::vector<VehicleDiagnostics> d0 = diagnostics(*m, x, 0.0);
  const Vector3d p0 = d0[0].p_N + d0[2].p_N, H0 = d0[0].H_PntN_N + d0[2].H_PntN_N;
  const double scale_H = d0[0].r_CN_N.norm() * d0[0].p_N.norm() + d0[2].r_CN_N.norm() * d0[2].p_N.norm();
  const DockingResult r = dock(m, x, 0.0, "srv", "cli");
  BOOST_REQUIRE_EQUAL(r.model->vehicle_count(), 2u);
  BOOST_CHECK_EQUAL(r.model->vehicle(0).name(), "other");
  BOOST_CHECK_EQUAL(r.model->vehicle(1).name(), "srv");
  const VehicleOffsets& o_new = r.model->vehicle(0).offsets();
  const Eigen::Index n = o_old.dv_CN_N + 3 - o_old.r_N;
  BOOST_CHECK(r.x.segment(o_new.r_N, n) == x.segment(o_old.r_N, n));  // copied, so exactly equal
  const VehicleDiagnostics d1 = vehicle_diagnostics(*r.model, r.x, 0.0, 1);
  BOOST_CHECK_SMALL((d1.p_N - p0).norm(), kRoundOff * (d0[0].p_N.norm() + d0[2].p_N.norm()));
  BOOST_CHECK_SMALL((d1.H_PntN_N - H0).norm(), kRoundOff * scale_H);
}

BOOST_AUTO_TEST_CASE(dock_in_orbit_keeps_gravity) {  // DOCK-01 (in orbit)
  // The pair in Earth orbit (Basilisk's r_CN, v_CN): the gravity model goes on in the new model,
  // and p and H about N (|r| ~ 7e6 m, so H ~ 1e13 N m s) are conserved to round-off of that size.
  auto model = std::make_shared<Model>();
  const std::shared_ptr<const GravityModel> g = earth();
  model->set_gravity(g);
  const Vector3d r0 = r_CN_N0(), v0 = v_CN_N0();
  Vehicle& s = model->add_vehicle("srv", hub_config(750.0, hub_inertia(), Vector3d(0.1, -0.2, 0.3)));
  s.set_initial_state(state_at_B(r0, v0, Vector3d(0.02, -0.01, 0.03)));
  s.add_state_effector(make_parent(parent_spec(Parent::hinged, false), "panel"));
  model->add_vehicle("cli", hub_config(300.0, Matrix3d(Vector3d(200.0, 150.0, 100.0).asDiagonal()), Vector3d::Zero()))
      .set_initial_state(
          state_at_B(r0 + Vector3d(3.0, 1.0, -0.5), v0 + Vector3d(-0.05, 0.05, 0.02), Vector3d(-0.01, 0.04, 0.02)));
  model->finalize();
  const VectorXd x = model->initial_state();
  std::shared_ptr<const Model> m = std::move(model);
  const Totals before = totals(*m, x);
  const DockingResult r = dock(m, x, 0.0, "srv", "cli");
  BOOST_CHECK(r.model->gravity() == g.get());
  const Totals after = totals(*r.model, r.x);
  BOOST_TEST_MESSAGE("DOCK-01 in orbit: |dp| = " << (after.p - before.p).norm() << " (scale " << before.scale_p
                                                 << "), |dH| = " << (after.H - before.H).norm() << " (scale "
                                                 << before.scale_H << "), energy lost " << r.energy_lost << " J");
  BOOST_CHECK_SMALL((after.p - before.p).norm(), kRoundOff * before.scale_p);
  BOOST_CHECK_SMALL((after.H - before.H).norm(), kRoundOff * before.scale_H);
  BOOST_CHECK_GT(r.energy_lost, 0.0);

  // The same capture in deep space, moved by −r0 and seen from a frame moving at v0: the impulse
  // depends on relative positions and velocities only (gravity is not impulsive), so the energy
  // lost is the same. Tolerance: round-off of the relative energies (~1e2 J) and of the orbit
  // case's velocities relative to V (~1 m/s from 7.6 km/s): 1e-9 J.
  auto deep = std::make_shared<Model>();
  Vehicle& s2 = deep->add_vehicle("srv", hub_config(750.0, hub_inertia(), Vector3d(0.1, -0.2, 0.3)));
  s2.set_initial_state(state_at_B(Vector3d::Zero(), Vector3d::Zero(), Vector3d(0.02, -0.01, 0.03)));
  s2.add_state_effector(make_parent(parent_spec(Parent::hinged, false), "panel"));
  deep->add_vehicle("cli", hub_config(300.0, Matrix3d(Vector3d(200.0, 150.0, 100.0).asDiagonal()), Vector3d::Zero()))
      .set_initial_state(
          state_at_B(Vector3d(3.0, 1.0, -0.5), Vector3d(-0.05, 0.05, 0.02), Vector3d(-0.01, 0.04, 0.02)));
  deep->finalize();
  const VectorXd xd = deep->initial_state();
  std::shared_ptr<const Model> md = std::move(deep);
  const DockingResult rd = dock(md, xd, 0.0, "srv", "cli");
  BOOST_TEST_MESSAGE("DOCK-01 in orbit: energy lost " << r.energy_lost << " J, in deep space " << rd.energy_lost
                                                      << " J, difference " << r.energy_lost - rd.energy_lost);
  BOOST_CHECK_SMALL(r.energy_lost - rd.energy_lost, 1e-9);
}

BOOST_AUTO_TEST_CASE(dock_translation_closed_form) {  // DOCK-02: docking.md (7)
  // Two hubs with their c.o.m. at B, on the x axis of N, approaching along it: ΔE = ½ μ v_rel².
  auto model = std::make_shared<Model>();
  const double m1 = 750.0, m2 = 300.0, v1 = 0.3, v2 = -0.2;
  model->add_vehicle("a", hub_config(m1, hub_inertia(), Vector3d::Zero()))
      .set_initial_state(state_at_B(Vector3d(0.0, 0.0, 0.0), Vector3d(v1, 0.0, 0.0), Vector3d::Zero()));
  model->add_vehicle("b", hub_config(m2, Matrix3d(Vector3d(200.0, 150.0, 100.0).asDiagonal()), Vector3d::Zero()))
      .set_initial_state(state_at_B(Vector3d(2.5, 0.0, 0.0), Vector3d(v2, 0.0, 0.0), Vector3d::Zero()));
  model->finalize();
  const VectorXd x = model->initial_state();
  std::shared_ptr<const Model> m = std::move(model);
  const DockingResult r = dock(m, x, 0.0, "a", "b");
  const double mu = m1 * m2 / (m1 + m2), dv = v1 - v2;
  const double expected = 0.5 * mu * dv * dv;
  BOOST_TEST_MESSAGE("DOCK-02 energy lost " << r.energy_lost << " J, closed form " << expected << " J, error "
                                            << r.energy_lost - expected);
  // The energies are ~50 J summed from a few products: a few ulps of them.
  BOOST_CHECK_SMALL(r.energy_lost - expected, 1e2 * kEps * r.before.energy);
  // The composite moves at the momentum-weighted velocity and does not turn.
  const VehicleOffsets& o = r.model->vehicle(0).offsets();
  BOOST_CHECK_SMALL(r.x[o.v_N] - (m1 * v1 + m2 * v2) / (m1 + m2), 10 * kEps);
  BOOST_CHECK_SMALL(r.x.segment<3>(o.omega_BN_B).norm(), 10 * kEps);
  BOOST_CHECK_CLOSE(r.model->vehicle(0).hub().m, m1 + m2, 1e-13);
}

BOOST_AUTO_TEST_CASE(dock_six_dof_closed_form) {  // DOCK-03: docking.md (8)
  // Two rigid hubs, general pose, velocity and rate. After capture the kinetic energy is
  // ½ |P|²/M + ½ H_Cᵀ I_C⁻¹ H_C with P, H_C the totals (about the composite c.o.m.) and I_C the
  // composite inertia about it, all formed here from the two hubs' parameters and states.
  Pair p = make_pair(false);
  double M = 0.0;
  Vector3d P = Vector3d::Zero(), first = Vector3d::Zero(), H_N = Vector3d::Zero();
  double E0 = 0.0;
  std::vector<std::pair<Vector3d, Matrix3d>> bodies;  // c.o.m. in N, inertia about it in N
  std::vector<Vector3d> v_c;
  for (std::size_t i = 0; i < 2; ++i) {
    const Vehicle& v = p.model->vehicle(i);
    const VehicleOffsets& o = v.offsets();
    const Matrix3d dcm_NB = rotation_matrix(p.x.segment<4>(o.q_BN).normalized());
    const Vector3d w_B = p.x.segment<3>(o.omega_BN_B);
    const Vector3d r_c = p.x.segment<3>(o.r_N) + dcm_NB * v.hub().r_BcB_B;
    const Vector3d vc = p.x.segment<3>(o.v_N) + dcm_NB * w_B.cross(v.hub().r_BcB_B);
    const Matrix3d I_N = dcm_NB * v.hub().I_PntBc_B * dcm_NB.transpose();
    M += v.hub().m;
    P += v.hub().m * vc;
    first += v.hub().m * r_c;
    H_N += v.hub().m * r_c.cross(vc) + I_N * (dcm_NB * w_B);
    E0 += 0.5 * v.hub().m * vc.squaredNorm() + 0.5 * w_B.dot(v.hub().I_PntBc_B * w_B);
    bodies.push_back({r_c, I_N});
    v_c.push_back(vc);
  }
  const Vector3d r_C = first / M;
  Matrix3d I_C = Matrix3d::Zero();
  for (std::size_t i = 0; i < 2; ++i) {
    const Vector3d d = bodies[i].first - r_C;
    I_C +=
        bodies[i].second + p.model->vehicle(i).hub().m * (d.squaredNorm() * Matrix3d::Identity() - d * d.transpose());
  }
  const Vector3d H_C = H_N - r_C.cross(P);
  const double E1 = 0.5 * P.squaredNorm() / M + 0.5 * H_C.dot(I_C.ldlt().solve(H_C));
  const DockingResult r = dock(p.model, p.x, 0.0, "srv", "cli");
  BOOST_TEST_MESSAGE("DOCK-03 energy lost " << r.energy_lost << " J, closed form " << E0 - E1 << " J, error "
                                            << r.energy_lost - (E0 - E1) << " J; E0 " << E0 << " J");
  // E0 − E1 is a difference of energies of ~E0: round-off of a few hundred operations on E0.
  BOOST_CHECK_SMALL(r.energy_lost - (E0 - E1), kRoundOff * E0);
  BOOST_CHECK_SMALL(r.before.energy - E0, kRoundOff * E0);
  // The composite's mass properties: its c.o.m. where the two were, its inertia I_C.
  const Vehicle& v = r.model->vehicle(0);
  const Matrix3d dcm_NB = rotation_matrix(r.x.segment<4>(v.offsets().q_BN).normalized());
  const Vector3d r_C_model = r.x.segment<3>(v.offsets().r_N) + dcm_NB * v.hub().r_BcB_B;
  BOOST_CHECK_SMALL((r_C_model - r_C).norm(), kRoundOff * r_C.norm());
  BOOST_CHECK_SMALL((dcm_NB * v.hub().I_PntBc_B * dcm_NB.transpose() - I_C).norm(), kRoundOff * I_C.norm());
  // After capture the composite is one rigid body: ω = I_C⁻¹ H_C (in N).
  const Vector3d w_N = dcm_NB * r.x.segment<3>(v.offsets().omega_BN_B);
  BOOST_CHECK_SMALL((w_N - I_C.ldlt().solve(H_C)).norm(), kRoundOff * w_N.norm());
}

BOOST_AUTO_TEST_CASE(separate_then_redock_returns_composite) {  // DOCK-04
  Pair p = make_pair();
  const HubParameters servicer_hub = p.model->vehicle(0).hub();
  DockingResult d1 = dock(p.model, p.x, 0.0, "srv", "cli");
  const HubParameters composite_hub = d1.model->vehicle(0).hub();
  std::shared_ptr<const Model> held = std::move(d1.model);
  const VectorXd x1 = d1.x;
  const DockedBody client = d1.client;
  {
    // Separation without Δv: nothing changes velocity, so momentum and energy are the same.
    const Totals before = totals(*held, x1);
    SeparationResult s = separate(held, x1, 0.0, "srv", client);
    const Totals after = totals(*s.model, s.x);
    const HubParameters rest = s.model->vehicle(0).hub();
    BOOST_TEST_MESSAGE("DOCK-04 separation: |dm| = "
                       << std::abs(rest.m - servicer_hub.m)
                       << " kg, |dI| = " << (rest.I_PntBc_B - servicer_hub.I_PntBc_B).norm() << " kg m2, |dr| = "
                       << (rest.r_BcB_B - servicer_hub.r_BcB_B).norm() << " m, |dp| = " << (after.p - before.p).norm()
                       << ", |dH| = " << (after.H - before.H).norm() << ", dE = " << after.E - before.E);
    // The servicer's hub comes back: a difference of the composite's sums, whose size is the
    // composite's (m ~1e3 kg, I about B ~3e3 kg m²).
    BOOST_CHECK_SMALL(rest.m - servicer_hub.m, kRoundOff * composite_hub.m);
    BOOST_CHECK_SMALL((rest.I_PntBc_B - servicer_hub.I_PntBc_B).norm(), kRoundOff * composite_hub.I_PntB_B.norm());
    BOOST_CHECK_SMALL((rest.r_BcB_B - servicer_hub.r_BcB_B).norm(),
                      kRoundOff * composite_hub.m_r_BcB_B.norm() / servicer_hub.m + kRoundOff);
    BOOST_CHECK_SMALL((after.p - before.p).norm(), kRoundOff * before.scale_p);
    BOOST_CHECK_SMALL((after.H - before.H).norm(), kRoundOff * before.scale_H);
    BOOST_CHECK_SMALL(after.E - before.E, kRoundOff * before.E);
    BOOST_CHECK_SMALL(s.energy_change, kRoundOff * before.E);

    // Re-docking the released client returns the composite, its state to round-off.
    std::shared_ptr<const Model> m2 = std::move(s.model);
    const DockingResult d2 = dock(m2, s.x, 0.0, "srv", "cli");
    const HubParameters& again = d2.model->vehicle(0).hub();
    BOOST_TEST_MESSAGE("DOCK-04 re-dock: |dm| = " << std::abs(again.m - composite_hub.m)
                                                  << ", |dI| = " << (again.I_PntBc_B - composite_hub.I_PntBc_B).norm()
                                                  << ", |dx| = " << (d2.x - x1).cwiseAbs().maxCoeff()
                                                  << ", energy lost " << d2.energy_lost << " J");
    BOOST_CHECK_SMALL(again.m - composite_hub.m, kRoundOff * composite_hub.m);
    BOOST_CHECK_SMALL((again.I_PntBc_B - composite_hub.I_PntBc_B).norm(), kRoundOff * composite_hub.I_PntB_B.norm());
    BOOST_CHECK_SMALL((again.r_BcB_B - composite_hub.r_BcB_B).norm(), kRoundOff);
    BOOST_REQUIRE_EQUAL(d2.x.size(), x1.size());
    // Position entries ~10 m, velocities ~0.5 m/s: round-off of the largest.
    BOOST_CHECK_SMALL((d2.x - x1).cwiseAbs().maxCoeff(), kRoundOff * x1.cwiseAbs().maxCoeff());
    // The parts moved as one body: no relative velocity, nothing lost.
    BOOST_CHECK_SMALL(d2.energy_lost, kRoundOff * d2.before.energy);
  }
}

BOOST_AUTO_TEST_CASE(separation_delta_v_momentum_balance) {  // DOCK-04 (Δv)
  Pair p = make_pair();
  DockingResult d = dock(p.model, p.x, 0.0, "srv", "cli");
  const Totals before = totals(*d.model, d.x);
  const double m_total = d.model->vehicle(0).hub().m + 50.0;  // the hub and the panel
  const Vector3d dv(0.05, -0.02, 0.01);
  std::shared_ptr<const Model> m = std::move(d.model);
  const VectorXd x = d.x;
  const DockedBody body = d.client;
  const std::vector<VehicleDiagnostics> d0 = diagnostics(*m, x, 0.0);
  const SeparationResult s = separate(m, x, 0.0, "srv", body, dv);
  const Totals after = totals(*s.model, s.x);
  const std::vector<VehicleDiagnostics> d1 = diagnostics(*s.model, s.x, 0.0);
  BOOST_TEST_MESSAGE("DOCK-04 Δv: |dp| = " << (after.p - before.p).norm() << ", |dH| = " << (after.H - before.H).norm()
                                           << ", energy change " << s.energy_change << " J");
  BOOST_CHECK_SMALL((after.p - before.p).norm(), kRoundOff * before.scale_p);
  BOOST_CHECK_SMALL((after.H - before.H).norm(), kRoundOff * before.scale_H);
  // The body's c.o.m. gained Δv over the velocity of its point of the composite, and the rest's
  // c.o.m. the opposite impulse over its mass: −m_b Δv / m_rest.
  const double m_rest = m_total - body.m;
  const Vector3d v_rest = (m_total * d0[0].v_CN_N - body.m * (d1[1].v_CN_N - dv)) / m_rest;
  BOOST_CHECK_SMALL((d1[0].v_CN_N - (v_rest - body.m * dv / m_rest)).norm(), kRoundOff);
  BOOST_CHECK_CLOSE(d1[0].m, m_rest, 1e-12);
}

BOOST_AUTO_TEST_CASE(composite_propagates_conserving) {  // DOCK-05
  // The composite (hub + panel, undamped, no gravity) over 8 s with rk4 at h and h/2: momentum is
  // conserved at every evaluation (no external load), energy to rk4's truncation, which shrinks
  // ~16× per halving.
  std::vector<double> drift_E, drift_H, drift_p;
  double E0 = 0.0, scale_H = 0.0, scale_p = 0.0;
  for (double h : {0.02, 0.01}) {
    Pair p = make_pair();
    DockingResult d = dock(p.model, p.x, 0.0, "srv", "cli");
    const System system(d.model);
    const std::vector<test::Sample> samples = test::run_sampled(system, d.x, 8.0, h);
    const Totals t0 = totals(*d.model, samples.front().x);
    E0 = t0.E;
    scale_H = t0.scale_H;
    scale_p = t0.scale_p;
    double dE = 0.0, dH = 0.0, dp = 0.0;
    for (const test::Sample& s : samples) {
      const Totals ts = totals(*d.model, s.x);
      dE = std::max(dE, std::abs(ts.E - t0.E));
      dH = std::max(dH, (ts.H - t0.H).norm());
      dp = std::max(dp, (ts.p - t0.p).norm());
    }
    drift_E.push_back(dE);
    drift_H.push_back(dH);
    drift_p.push_back(dp);
  }
  BOOST_TEST_MESSAGE("DOCK-05 energy drift " << drift_E[0] << ", " << drift_E[1] << " J (E " << E0 << " J, ratio "
                                             << drift_E[0] / drift_E[1] << "); |dH| " << drift_H[0] << ", "
                                             << drift_H[1] << "; |dp| " << drift_p[0] << ", " << drift_p[1]);
  // Linear momentum: Σ forces is zero at each evaluation, but p = m v_C is not linear in the
  // state (v_C = v_B + [NB](c' + ω × c)), so its drift is rk4's truncation: held to 1e-11 of its
  // size and shrinking with h (by ~16: > 8).
  BOOST_CHECK_LE(drift_p[1], 1e-11 * scale_p);
  BOOST_CHECK_GT(drift_p[0] / drift_p[1], 8.0);
  // Angular momentum: conserved by the dynamics; rk4's truncation, held to 1e-11 of its size and
  // shrinking with h (by ~16: > 8).
  BOOST_CHECK_LE(drift_H[1], 1e-11 * scale_H);
  BOOST_CHECK_GT(drift_H[0] / drift_H[1], 8.0);
  // Energy: rk4's truncation, order 4 (ratio 16 ideally; > 8 for a clean fourth order), held to
  // 1e-11 of the energy at h = 0.01 s.
  BOOST_CHECK_LE(drift_E[1], 1e-11 * E0);
  BOOST_CHECK_GT(drift_E[0] / drift_E[1], 8.0);
}

BOOST_AUTO_TEST_CASE(bad_input_refused) {  // DOCK errors
  auto refused = [](auto&& f, const std::string& field, const std::string& value) {
    try {
      f();
    } catch (const ConfigurationError& e) {
      BOOST_TEST_MESSAGE(e.what());
      BOOST_CHECK_EQUAL(e.field(), field);
      BOOST_CHECK_NE(std::string(e.what()).find(value), std::string::npos);
      return;
    }
    BOOST_ERROR("not refused: " + field);
  };
  Pair p = make_pair();
  refused([&] { dock(p.model, p.x, 0.0, "nobody", "cli"); }, "servicer", "'nobody'");
  refused([&] { dock(p.model, p.x, 0.0, "srv", "ghost"); }, "client", "'ghost'");
  refused([&] { dock(p.model, p.x, 0.0, "srv", "srv"); }, "client", "'srv'");
  refused([&] { dock(p.model, VectorXd(p.x.head(5)), 0.0, "srv", "cli"); }, "state size", "5");
  {
    const std::shared_ptr<const Model> other = p.model;  // a second owner (as a System would be)
    refused([&] { dock(p.model, p.x, 0.0, "srv", "cli"); }, "model", "shared by 2 owners");
  }
  BOOST_CHECK(p.model);  // a refusal leaves the model with its owner
  Pair q = make_pair(true, true);
  refused([&] { dock(q.model, q.x, 0.0, "srv", "cli"); }, "client effector", "'push'");
  refused([&] { dock(q.model, q.x, 0.0, "cli", "srv"); }, "client effector", "'panel'");

  DockingResult d = dock(p.model, p.x, 0.0, "srv", "cli");
  std::shared_ptr<const Model> m = std::move(d.model);
  DockedBody body = d.client;
  refused([&] { separate(m, d.x, 0.0, "nobody", body); }, "vehicle", "'nobody'");
  DockedBody named = body;
  named.name = "srv";
  refused([&] { separate(m, d.x, 0.0, "srv", named); }, "body name", "'srv'");
  DockedBody heavy = body;
  heavy.m = 2000.0;  // more than the composite hub: not in it
  refused([&] { separate(m, d.x, 0.0, "srv", heavy); }, "m [kg]", "2000");
  DockedBody big = body;
  big.I_PntBc_B *= 50.0;  // more inertia than the hub has
  refused([&] { separate(m, d.x, 0.0, "srv", big); }, "I_PntBc_B [kg m^2]", "is not in the hub");
  DockedBody bent = body;
  bent.dcm_B2B(0, 0) += 0.1;
  refused([&] { separate(m, d.x, 0.0, "srv", bent); }, "dcm_B2B", "rotation");
  refused([&] { separate(m, d.x, 0.0, "srv", body, Vector3d(std::nan(""), 0.0, 0.0)); }, "delta_v_N [m/s]", "nan");
  BOOST_CHECK(m);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
