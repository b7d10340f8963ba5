// BR-01 … BR-05 (docs/verification/README.md "Branching", docs/verification/BR_FAMILY.md) extended
// to the further branching parents: the N hinged rigid body and the N-DOF translating body, with
// children on *every* segment (not only Basilisk's one). The references are those of
// test/branching: the hand geometry of branching_support.hpp, impulse and work balances by the
// trapezoid rule on logged samples (their residual must shrink 4× per halving), and a welded
// constraint whose force must stay at round-off.
#include <algorithm>
#include <array>
#include <boost/test/unit_test.hpp>
#include <limits>
#include <string>
#include <vector>

#include "branching/family_branching_support.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/steppers/odeint_steppers.hpp"
#include "support/models.hpp"

namespace {

using namespace ramus;
using namespace ramus::family_test;

constexpr std::array<FamilyParent, 2> kParents = {FamilyParent::n_hinged, FamilyParent::translating_ndof};
constexpr std::size_t kSegments = 3;

std::string label_of(FamilyParent p) { return family_parent_name(p) + " 'parent'"; }

BranchCase make_case(FamilyParent p, std::size_t segment, bool dampers = true, bool gravity = true) {
  return family_case(p, family_joints(p, dampers), segment, gravity);
}

// ---- BR-03 / BR-04: balances on logged samples -------------------------------------------------
struct Balances {
  double dH = 0.0;      ///< [N m s] max |ΔH_C − ∫τ_C dt|
  double dV = 0.0;      ///< [m/s] max |dv_CN_N − ∫F/m dt|
  double energy = 0.0;  ///< [J] max |ΔT_rot − ∫ P dt|
};

/// The force/torque child F = τ = (1, 1, 1) on `segment`, 1 s at step h.
Balances balances(FamilyParent p, std::size_t segment, bool dampers, double h) {
  BranchCase c = make_case(p, segment, dampers);
  c.parent->add_dynamic_effector(make_force_torque("load"), segment);
  c.model->finalize();
  const System system(c.model);
  const std::vector<Sample> run = run_sampled(system, c.model->initial_state(), 1.0, h);
  const VehicleOffsets& o = c.model->vehicle(0).offsets();
  const HandLoad load = hand_force_torque();
  std::vector<Vector3d> torque_C, accel, H, dv;
  std::vector<double> power, T_rot;
  for (const Sample& s : run) {
    const HandState hs = hand_state(*c.model, s.x, c.hand);
    const HandFrame& seg = hs.segments.at(segment);
    const auto [F_N, tau_N] = load(seg, s.t);
    torque_C.push_back(tau_N + (hs.r_SB_N.at(segment) - hs.r_CB_N).cross(F_N));
    accel.push_back(F_N / hs.m);
    power.push_back(tau_N.dot(seg.omega_N) + F_N.dot(seg.v_N - hs.v_CN_N));
    const VehicleDiagnostics d = vehicle_diagnostics(*c.model, s.x, s.t, 0);
    H.push_back(d.H_rot_PntC_N);
    T_rot.push_back(d.rotational_energy);
    dv.push_back(s.x.segment<3>(o.dv_CN_N));
  }
  const std::vector<Vector3d> iH = cumulative_trapezoid(torque_C, h), iV = cumulative_trapezoid(accel, h);
  const std::vector<double> work = cumulative_trapezoid(power, h);
  Balances b;
  for (std::size_t k = 0; k < run.size(); ++k) {
    b.dH = std::max(b.dH, (H[k] - H[0] - iH[k]).norm());
    b.dV = std::max(b.dV, (dv[k] - iV[k]).norm());
    b.energy = std::max(b.energy, std::abs(T_rot[k] - T_rot[0] - work[k]));
  }
  return b;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(family_branching)

BOOST_AUTO_TEST_CASE(BR_01_compatibility_every_segment) {
  // Every child on every segment of both parents runs 1 s to a finite state and acts (its load
  // moves C: ≥ ~4e-4 m/s for the weakest, the constraints; 1e-6 m/s is far below every one and far
  // above round-off); the hub-only pulsed torque is refused at finalize naming both effectors; a
  // segment beyond the last is refused at attach.
  int runs = 0;
  for (FamilyParent p : kParents)
    for (std::size_t seg = 0; seg < kSegments; ++seg)
      for (Child ch : kAllChildren) {
        BOOST_TEST_CONTEXT(family_parent_name(p) << " segment " << seg << " child " << child_name(ch)) {
          BranchCase c = make_case(p, seg);
          switch (ch) {
            case Child::force_torque:
              c.parent->add_dynamic_effector(make_force_torque("child"), seg);
              break;
            case Child::thruster:
              c.parent->add_dynamic_effector(make_thruster("child", ThrusterSpec{}), seg);
              break;
            case Child::constraint_one_hub:
              add_other_vehicle(c, false, seg);
              break;
            case Child::constraint_no_hubs:
              add_other_vehicle(c, true, seg);
              break;
            case Child::two_children:
              c.parent->add_dynamic_effector(make_force_torque("child"), seg);
              c.parent->add_dynamic_effector(make_second_force_torque("child_2"), seg);
              break;
            case Child::pulsed_torque:
              c.parent->add_dynamic_effector(make_pulsed_torque("child"), seg);
              break;
          }
          if (ch == Child::pulsed_torque) {
            try {
              c.model->finalize();
              BOOST_TEST(false, "finalize accepted a pulsed torque on a segment");
            } catch (const ConfigurationError& e) {
              const std::string what = e.what();
              BOOST_TEST(what.find(label_of(p)) != std::string::npos, what);
              BOOST_TEST(what.find("pulsed_torque 'child'") != std::string::npos, what);
            }
            continue;
          }
          BOOST_REQUIRE_NO_THROW(c.model->finalize());
          const System system(c.model);
          VectorXd x = c.model->initial_state();
          PropagationSettings s;
          s.dt = 1.0 / 1024.0;
          BOOST_REQUIRE_NO_THROW(propagate(system, x, 0.0, 1.0, s));
          BOOST_TEST(x.allFinite());
          BOOST_TEST(vehicle_diagnostics(*c.model, x, 1.0, 0).dv_CN_N.norm() > 1e-6);
          ++runs;
        }
      }
  BOOST_TEST(runs == 2 * 3 * 5);
  for (FamilyParent p : kParents) {
    BranchCase c = make_case(p, 0);
    ramus::test::check_rejected([&] { c.parent->add_dynamic_effector(make_force_torque("child"), 3); },
                                {label_of(p), "external_force_torque 'child'", "out of range (3 segments, 0-based)"});
  }
}

BOOST_AUTO_TEST_CASE(BR_02_properties_every_segment) {
  // (a) The published kinematics of every segment at an RK4 substep equal the hand geometry of
  // that stage's state; (b) the published velocity and angular velocity equal Richardson-combined
  // central differences of the published position and attitude. Tolerances as properties_test.cpp
  // (there argued: ~5 ulps of 1e7 m, ~100 ulps of 7.6e3 m/s, a few hundred ε for products of
  // rotations; the finite differences' round-off floor 2.3e-7 m/s and 3e-14 rad/s).
  for (FamilyParent p : kParents) {
    BOOST_TEST_CONTEXT(family_parent_name(p)) {
      BranchCase c = make_case(p, 0);
      c.parent->add_dynamic_effector(make_force_torque("load"), 2);
      const std::vector<std::shared_ptr<Probe>> probes = attach_probes(*c.parent, kSegments);
      c.model->finalize();
      const System system(c.model);
      const std::vector<Sample> calls = stage_calls(system, probes);
      const Sample& stage = calls[1];
      const HandState hand = hand_state(*c.model, stage.x, c.hand);
      const VehicleOffsets& o = c.model->vehicle(0).offsets();
      const Quotients coarse = published_quotients(system, *c.parent, o, stage, probes, 1.0 / 64.0),
                      fine = published_quotients(system, *c.parent, o, stage, probes, 1.0 / 128.0);
      for (std::size_t s = 0; s < kSegments; ++s) {
        BOOST_TEST_CONTEXT("segment " << s) {
          const FrameKinematics& k = probes[s]->log()[1].frame;
          const HandFrame& f = hand.segments[s];
          BOOST_TEST(probes[s]->log()[1].t == stage.t);
          BOOST_TEST((k.r_FN_N - f.r_N).norm() < 1e-8);
          BOOST_TEST((k.v_FN_N - f.v_N).norm() < 1e-10);
          BOOST_TEST((k.dcm_FN - f.dcm_FN).norm() < 1e-13);
          BOOST_TEST((k.omega_FN_F - f.omega_F()).norm() < 1e-14);
          const Vector3d v_pub = k.v_FN_N - stage.x.segment<3>(o.v_N);
          const double ev = (richardson(fine.v[s], coarse.v[s]) - v_pub).norm();
          const double ew = (richardson(fine.omega[s], coarse.omega[s]) - k.omega_FN_F).norm();
          BOOST_TEST_MESSAGE(family_parent_name(p)
                             << " segment " << s << ": |v_fd - v| " << ev << " m/s, |w_fd - w| " << ew << " rad/s");
          BOOST_TEST(ev < 1e-6);
          BOOST_TEST(ew < 1e-9);
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(BR_03_momentum_and_BR_04_energy_every_segment) {
  // BR-03: ΔH about C and the ΔV of C against the trapezoid integrals of the child's torque about C
  // and force/m; BR-04 (dampers zero): ΔT_rot against the trapezoid integral of the child's power
  // relative to C. For a correct model each residual is the trapezoid's O(h²) error: ratios in
  // 0.2–0.3 per halving from h = 2^-7 s (rk4's O(h⁴) and round-off are orders below); a wrong
  // generalized force on any joint row leaves an energy residual that does not shrink.
  for (FamilyParent p : kParents)
    for (std::size_t seg = 0; seg < kSegments; ++seg) {
      BOOST_TEST_CONTEXT(family_parent_name(p) << " segment " << seg) {
        std::array<Balances, 3> m, e;
        const std::array<double, 3> steps = {1.0 / 128.0, 1.0 / 256.0, 1.0 / 512.0};
        for (std::size_t i = 0; i < 3; ++i) {
          m[i] = balances(p, seg, true, steps[i]);
          e[i] = balances(p, seg, false, steps[i]);
        }
        BOOST_TEST_MESSAGE(family_parent_name(p)
                           << " segment " << seg << ": dH " << m[0].dH << " " << m[1].dH << " " << m[2].dH << ", dV "
                           << m[0].dV << " " << m[1].dV << " " << m[2].dV << ", energy " << e[0].energy << " "
                           << e[1].energy << " " << e[2].energy);
        for (std::size_t i = 1; i < 3; ++i) {
          for (const double ratio : {m[i].dH / m[i - 1].dH, m[i].dV / m[i - 1].dV, e[i].energy / e[i - 1].energy}) {
            BOOST_TEST(ratio >= 0.2);
            BOOST_TEST(ratio <= 0.3);
          }
        }
      }
    }
}

BOOST_AUTO_TEST_CASE(BR_05_published_velocity_first_segment_locked) {
  // A constraint (α = 0, β = 1e4 N s/m) between the hub and segment 0, whose joint is locked at
  // rest: hub and segment are one rigid body, ψ' ≡ 0, and the force must stay at round-off at every
  // rk4 substep, for the common rate and a fast one. Bound as published_velocity_test.cpp:
  // 16 ε (|v_BN| + |ω| |r_BN|) β. Positive control: a segment frame one stage old gives ≥ 1e6 × it.
  // The N hinged body is locked by input (SerialChain::set_locked), the translating body by config.
  constexpr double beta = 1e4;
  for (FamilyParent p : kParents)
    for (const Vector3d& omega0 : {omega_BN_B0(), Vector3d(0.6, -0.7, 0.4)}) {
      BOOST_TEST_CONTEXT(family_parent_name(p) << " |omega0| " << omega0.norm()) {
        std::vector<HandJoint> js = family_joints(p);
        js[0].qDot0 = 0.0;
        const bool by_input = p == FamilyParent::n_hinged;
        if (!by_input) js[0].locked = true;
        BranchCase c = family_case(p, js, 0, true, omega0);
        const std::shared_ptr<Constraint> constraint = weld_check(js, beta);
        c.model->add_two_point_effector(constraint);
        c.model->finalize();
        VectorXd x = c.model->initial_state();
        auto& chain = dynamic_cast<SerialChain&>(*c.parent);
        const System system(c.model);
        if (by_input) chain.set_locked(0, true, *c.model, system.inputs(), x);
        BOOST_TEST(chain.is_locked(0, *c.model, system.inputs()));
        double max_force = 0.0, min_stale = std::numeric_limits<double>::infinity();
        FrameKinematics stale;
        std::uint64_t n = 0;
        auto checked = [&](const VectorXd& xs, VectorXd& dxdt, double t) {
          system(xs, dxdt, t);
          const VehicleWorkspace& w = system.workspace().vehicles[0];
          const FrameKinematics& seg = c.parent->segment(0, *w.effectors[0]);
          const auto [w1, w2] = constraint->wrenches(w.ctx.hub, seg, t);
          max_force = std::max({max_force, w1.force_F.norm(), w2.force_F.norm()});
          if (n % 4 == 0)
            stale = seg;
          else
            min_stale = std::min(min_stale, constraint->wrenches(w.ctx.hub, stale, t).first.force_F.norm());
          ++n;
        };
        odeint_steppers::rk4 stepper;
        const double h = 1.0 / 1024.0;
        for (int i = 0; i < 1024; ++i) stepper.do_step(checked, x, i * h, h);
        const double tol = beta * 16.0 * kEps * (v_CN_N0().norm() + omega0.norm() * r_CN_N0().norm());
        BOOST_TEST_MESSAGE(family_parent_name(p) << " |w0| " << omega0.norm() << ": max |F| " << max_force
                                                 << " N, stale |F| >= " << min_stale << " N (tolerance " << tol << ")");
        BOOST_TEST(x.allFinite());
        BOOST_TEST(max_force < tol);
        BOOST_TEST(min_stale > 1e6 * tol);
      }
    }
}

BOOST_AUTO_TEST_SUITE_END()
