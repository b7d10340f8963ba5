// BR-03 (docs/verification/BR_03.md): impulse–momentum balance of a vehicle whose parent segment
// carries the external force/torque child F = (1, 1, 1) N, τ = (1, 1, 1) N m (segment frame, about
// its origin). Reference: ΔH about C = ∫ ([NS]τ + r_S/C × [NS]F) dt and ΔV of C = ∫ [NS]F/m dt, both
// by the trapezoid rule over the per-step samples, with the segment's attitude and position and the
// c.o.m. from the hand geometry. Compared with the change of H_rot_PntC_N (diagnostics) and with the
// accumulated non-gravitational ΔV state dv_CN_N. The trapezoid's error is O(h²): the test shows it
// shrinks ×4 per halving and bounds it at h = 2^-10 s by the measured h² constant with margin.
#include <boost/test/unit_test.hpp>
#include <vector>

#include "branching/branching_support.hpp"

namespace {

using namespace ramus;
using namespace ramus::branching_test;

struct BalanceErrors {
  double dH = 0.0;  ///< [N m s] max over the samples of |ΔH − ∫τ_C dt|
  double dV = 0.0;  ///< [m/s] max over the samples of |dv_CN_N − ∫F/m dt|
};

/// One run at step h: the largest deviation of each balance over the run.
BalanceErrors balance(Parent p, double h) {
  BranchCase c = common_case(parent_spec(p));
  c.parent->add_dynamic_effector(make_force_torque("load"), c.spec.child_segment);
  c.model->finalize();
  const System system(c.model);
  const std::vector<Sample> run = run_sampled(system, c.model->initial_state(), 1.0, h);
  const VehicleOffsets& o = c.model->vehicle(0).offsets();
  const HandLoad load = hand_force_torque();
  std::vector<Vector3d> torque_C, accel;
  std::vector<Vector3d> H, dv;
  for (const Sample& s : run) {
    const HandState hs = hand_state(*c.model, s.x, c.hand);
    const HandFrame& seg = hs.segments.at(c.spec.child_segment);
    const auto [F_N, tau_N] = load(seg, s.t);
    torque_C.push_back(tau_N + (hs.r_SB_N.at(c.spec.child_segment) - hs.r_CB_N).cross(F_N));
    accel.push_back(F_N / hs.m);
    H.push_back(vehicle_diagnostics(*c.model, s.x, s.t, 0).H_rot_PntC_N);
    dv.push_back(s.x.segment<3>(o.dv_CN_N));
  }
  const std::vector<Vector3d> impulse_H = cumulative_trapezoid(torque_C, h);
  const std::vector<Vector3d> impulse_V = cumulative_trapezoid(accel, h);
  BalanceErrors e;
  for (std::size_t k = 0; k < run.size(); ++k) {
    e.dH = std::max(e.dH, (H[k] - H[0] - impulse_H[k]).norm());
    e.dV = std::max(e.dV, (dv[k] - impulse_V[k]).norm());
  }
  return e;
}

void check_parent(Parent p, double C_H, double C_V) {
  const std::array<double, 4> steps = {1.0 / 128.0, 1.0 / 256.0, 1.0 / 512.0, 1.0 / 1024.0};
  std::array<BalanceErrors, 4> e;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    e[i] = balance(p, steps[i]);
    BOOST_TEST_MESSAGE(parent_name(p) << " h = " << steps[i] << ": |dH err| = " << e[i].dH << " N m s (C_H = "
                                      << e[i].dH / (steps[i] * steps[i]) << "), |dV err| = " << e[i].dV
                                      << " m/s (C_V = " << e[i].dV / (steps[i] * steps[i]) << ")");
  }
  for (std::size_t i = 1; i < steps.size(); ++i) {
    BOOST_TEST_CONTEXT("halving to h = " << steps[i]) {
      // The trapezoid's error: ×4 per halving (RK4's own error in H and dv, O(h⁴), and round-off
      // are orders below it; see BR_03.md). 3.5–4.5 is the O(h²) window.
      BOOST_TEST(e[i - 1].dH / e[i].dH > 3.5);
      BOOST_TEST(e[i - 1].dH / e[i].dH < 4.5);
      BOOST_TEST(e[i - 1].dV / e[i].dV > 3.5);
      BOOST_TEST(e[i - 1].dV / e[i].dV < 4.5);
    }
  }
  // At h = 2^-10 s ≈ 1 ms (Basilisk's step): the error bound is the measured constant C (e/h² at
  // the coarsest level, rounded up) times h², times 2 for margin.
  const double h = steps.back();
  BOOST_TEST(e.back().dH < 2.0 * C_H * h * h);
  BOOST_TEST(e.back().dV < 2.0 * C_V * h * h);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(branching)

// The constants C_H [N m s/s²] and C_V [m/s³] are the trapezoid's measured e/h², the same to 3–4
// digits at every level (BR_03.md), rounded up; the bound 2 C h² at h = 2^-10 s is then
// 1.6e-8 … 3.2e-7 N m s (Basilisk: 1e-3) and 1.5e-11 m/s (Basilisk: 1e-6).
BOOST_AUTO_TEST_CASE(BR_03_momentum_hinged) { check_parent(Parent::hinged, 0.0086, 7.0e-6); }
BOOST_AUTO_TEST_CASE(BR_03_momentum_spinning_1dof) { check_parent(Parent::spinning_1dof, 0.0112, 6.5e-6); }
BOOST_AUTO_TEST_CASE(BR_03_momentum_spinning_2dof) { check_parent(Parent::spinning_2dof, 0.0096, 5.9e-6); }
BOOST_AUTO_TEST_CASE(BR_03_momentum_spinning_ndof) { check_parent(Parent::spinning_ndof, 0.061, 7.5e-6); }
BOOST_AUTO_TEST_CASE(BR_03_momentum_translating_1dof) { check_parent(Parent::translating_1dof, 0.168, 6.8e-6); }

BOOST_AUTO_TEST_SUITE_END()
