// BR-02 (docs/verification/BR_02.md): the kinematics a parent hands its children — origin position
// and velocity, attitude and angular velocity of every segment frame — at an integrator substep
// (the second stage of an RK4 step, a state reached mid-step), against
//   (a) the hand geometry of branching_support.hpp from that stage's state and the model's
//       parameters (e.g. for the hinged panel r_HN = r_BN + [NB] r_HB, dcm_SB = M2(θ) dcm_HB,
//       ω_SN = ω_BN + θ̇ ĥ2, v_HN = v_BN + [NB](ω × r_HB)), and
//   (b) central finite differences of the published position and attitude along an accurate
//       trajectory through that stage state (published velocity = d/dt of published position,
//       published ω = the rate of the published dcm).
#include <boost/test/unit_test.hpp>
#include <string>
#include <vector>

#include "branching/branching_support.hpp"
#include "ramus/steppers/odeint_steppers.hpp"

namespace {

using namespace ramus;
using namespace ramus::branching_test;

void check_parent(Parent p) {
  BranchCase c = common_case(parent_spec(p));
  const std::size_t n_seg = c.spec.joints.size();
  c.parent->add_dynamic_effector(make_force_torque("load"), c.spec.child_segment);
  const std::vector<std::shared_ptr<Probe>> probes = attach_probes(*c.parent, n_seg);
  c.model->finalize();
  const System system(c.model);

  // To t_n = 0.5 s at h = 2^-10 s, then one recorded step.
  const std::vector<Sample> calls = stage_calls(system, probes);
  // Stage 2 of RK4: t_n + h/2 at x_n + (h/2) k1 — a state that is never a step's end point.
  const Sample& stage = calls[1];
  BOOST_TEST(stage.t == kStageStart + 0.5 * kStageStep);

  const HandState hand = hand_state(*c.model, stage.x, c.hand);
  for (std::size_t s = 0; s < n_seg; ++s) {
    BOOST_TEST_CONTEXT("segment " << s) {
      BOOST_REQUIRE(probes[s]->log().size() == 4);
      const Probe::Record& rec = probes[s]->log()[1];
      BOOST_TEST(rec.t == stage.t);  // the child is evaluated at the stage time …
      const FrameKinematics& k = rec.frame;
      const HandFrame& f = hand.segments[s];
      // … with the stage's kinematics (a). |r_SN| ≈ 1e7 m, one ulp 1.9e-9 m: the sum r_B + [NB] r
      // is rounded once or twice on either side, so 1e-8 m is ~5 ulps.
      BOOST_TEST((k.r_FN_N - f.r_N).norm() < 1e-8);
      // |v_SN| ≈ 7.6e3 m/s, one ulp 9.1e-13 m/s: 1e-10 m/s is ~100 ulps.
      BOOST_TEST((k.v_FN_N - f.v_N).norm() < 1e-10);
      // A product of up to 7 rotations, each rounded to a few ε: 1e-13 ≈ 450 ε.
      BOOST_TEST((k.dcm_FN - f.dcm_FN).norm() < 1e-13);
      // |ω| ≈ 0.2 rad/s, a sum of up to 7 rotated terms: 1e-14 rad/s ≈ 200 ε |ω|.
      BOOST_TEST((k.omega_FN_F - f.omega_F()).norm() < 1e-14);
    }
  }

  // (b) Finite differences along an accurate trajectory through the stage state: ±δ from it with
  // rk4 at δ/16 (its error, ~(δ/16)^4 relative, is far below the quotients' δ⁴ error below).
  // Central differences at δ = 2^-6 s and 2^-7 s, Richardson-combined (4 D(δ/2) − D(δ))/3 so that
  // the δ² truncation cancels and O(δ⁴) remains (the translating body oscillates at 2.2 rad/s with
  // 1 m amplitude: its plain δ² error at δ = 2^-7 s would be ~6e-5 m/s).
  const VehicleOffsets& o = c.model->vehicle(0).offsets();
  const Quotients coarse = published_quotients(system, *c.parent, o, stage, probes, 1.0 / 64.0),
                  fine = published_quotients(system, *c.parent, o, stage, probes, 1.0 / 128.0);
  for (std::size_t s = 0; s < n_seg; ++s) {
    BOOST_TEST_CONTEXT("segment " << s << " (finite differences)") {
      const FrameKinematics& k = probes[s]->log()[1].frame;
      const Vector3d v_pub = k.v_FN_N - stage.x.segment<3>(o.v_N);
      const Vector3d v_fd = richardson(fine.v[s], coarse.v[s]);
      const Vector3d omega_fd = richardson(fine.omega[s], coarse.omega[s]);
      const double ev = (v_fd - v_pub).norm(), ew = (omega_fd - k.omega_FN_F).norm();
      BOOST_TEST_MESSAGE(parent_name(p) << " segment " << s << ": |v_fd - v| = " << ev << " m/s (|v_SB| = "
                                        << v_pub.norm() << "), |w_fd - w| = " << ew << " rad/s, plain quotients "
                                        << (fine.v[s] - v_pub).norm() << ", " << (fine.omega[s] - k.omega_FN_F).norm());
      // Round-off floor: each published component of r_SN (≲ 7.5e6 m < 2^23 m) is rounded to
      // ½ ulp = 4.7e-10 m; a quotient turns that into ≤ 4.7e-10/δ per component, Richardson into
      // (4/δ₂ + 1/δ₁)/3 · 4.7e-10 ≈ 1.3e-7 m/s, √3 ≈ 2.3e-7 m/s in norm. The O(δ⁴) truncation is
      // ≲ 1e-8 m/s here. 1e-6 m/s is 4× that floor, and 4 orders below the smallest frame error a
      // parent could make (Basilisk's hinged-body v_HN without [NB]: |ω × r| × rotation angle ≈
      // 0.3 m/s × 0.09 ≈ 3e-2 m/s at t = 0.5 s).
      BOOST_TEST(ev < 1e-6);
      // dcm entries are O(1): round-off ≈ ε/δ ≈ 3e-14 rad/s; O(δ⁴) truncation ≲ 1e-10 rad/s with
      // |ω| ≈ 0.2 rad/s and joint frequencies ≤ 3 rad/s. 1e-9 rad/s, 8 orders below Basilisk's
      // transposed-dcm ω of the translating body (an error ≈ |ω| ≈ 0.2 rad/s).
      BOOST_TEST(ew < 1e-9);
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(branching)

// BR_02_properties_<parent>, one case per compatible parent.
RAMUS_BRANCHING_CASES_OF_COMPATIBLE_PARENTS(BR_02_properties, check_parent)

// The hand geometry's frame rotation is Schaub's M2 for the hinge axis ĥ2 (so (a) is the brief's
// dcm_SB = M2(θ) dcm_HB for the hinged panel).
BOOST_AUTO_TEST_CASE(BR_02_hand_rotation_is_M2) {
  for (const double theta : {0.1, -0.7, 2.5})
    BOOST_TEST((frame_rotation(Vector3d::UnitY(), theta) - M2(theta)).norm() < 1e-15);
}

BOOST_AUTO_TEST_SUITE_END()
