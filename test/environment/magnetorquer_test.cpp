// Magnetorquer rods (docs/environment/magnetorquer.md, docs/verification/ENV_MAGNETIC.md): the
// torque against hand-derived closed forms in a dipole field; saturation applied and flagged by the
// kernel's Inputs and seen by the hub's angular acceleration; a B-dot detumble whose rotational
// energy falls, its change equal to the work ∫ τ·ω dt to the trapezoid rule's O(h²); the refusals;
// no allocation.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <memory>
#include <vector>

#include "ramus/environment/magnetic_field.hpp"
#include "ramus/environment/magnetorquer.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "support/allocation_counter.hpp"
#include "support/checks.hpp"
#include "support/hubs.hpp"
#include "support/run.hpp"

namespace {

using namespace ramus;
using ramus::test::expect_error;

constexpr double kMoment = 8.0e22;  // [A m²] an Earth-sized dipole
constexpr double kR = 7.0e6;        // [m] the vehicle's distance from the dipole

/// A dipole along −z_N (the Earth's sense), not rotating: at r = kR x̂_N (its equator) the field is
/// B0 ẑ_N with B0 = (μ0/4π) kMoment / kR³ (the equatorial closed form).
std::shared_ptr<const DipoleField> earth_like_dipole() {
  DipoleFieldConfig c;
  c.m_P = Eigen::Vector3d(0.0, 0.0, -kMoment);
  return std::make_shared<const DipoleField>("earth", c);
}
constexpr double kB0 = 1.00000000055e-7 * kMoment / (kR * kR * kR);  // [T] μ0/4π of CODATA 2018

MagnetorquerConfig body_axes(std::shared_ptr<const MagneticFieldModel> field, std::vector<double> max) {
  MagnetorquerConfig c;
  c.field = std::move(field);
  c.axes_F = {Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitY(), Eigen::Vector3d::UnitZ()};
  c.max_dipole = std::move(max);
  return c;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(magnetorquer)

BOOST_AUTO_TEST_CASE(torque_is_m_cross_B_in_closed_form) {
  MagnetorquerConfig c;
  c.field = earth_like_dipole();
  c.axes_F = {Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitY(), Eigen::Vector3d(0.0, 0.6, 0.8)};
  c.max_dipole = {5.0, 5.0, 5.0};
  const Magnetorquer mtq("mtq", c);
  BOOST_TEST(mtq.rod_count() == 3u);
  // F turned by +90° about x_N: v_F = (v_x, v_z, −v_y), so B_F = (0, B0, 0) at r = kR x̂_N.
  FrameKinematics frame;
  frame.r_FN_N = Eigen::Vector3d(kR, 0.0, 0.0);
  frame.dcm_FN << 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -1.0, 0.0;
  const Eigen::VectorXd u = Eigen::Vector3d(2.0, -3.0, 1.0);
  LoadContext at;
  at.t = 12.0;
  const Wrench w = mtq.wrench(frame, ConstInputBlock(u.data(), 3), at);
  // m_F = 2 x̂ − 3 ŷ + (0, 0.6, 0.8) = (2, −2.4, 0.8); m × (0, B0, 0) = (−0.8 B0, 0, 2 B0).
  // 1e-14 relative: round-off of a cross product and a rotation by exact 0/±1 entries
  BOOST_TEST((w.torque_PntF_F - Eigen::Vector3d(-0.8 * kB0, 0.0, 2.0 * kB0)).norm() <= 1e-14 * kB0);
  BOOST_TEST(w.force_F.norm() == 0.0);
  // A rod along the field makes no torque (1e-14 |m||B|: round-off)
  const Eigen::VectorXd along = Eigen::Vector3d(0.0, 4.0, 0.0);
  frame.dcm_FN.setIdentity();  // then B_F = B0 ẑ: rod 2 (ŷ) ⟂ B, rods (0, 0.6, 0.8) oblique
  const Eigen::VectorXd z_rod = Eigen::Vector3d(0.0, 0.0, 5.0);
  const Wrench oblique = mtq.wrench(frame, ConstInputBlock(z_rod.data(), 3), at);
  // 5 (0, 0.6, 0.8) × (0, 0, B0) = (3 B0, 0, 0)
  BOOST_TEST((oblique.torque_PntF_F - Eigen::Vector3d(3.0 * kB0, 0.0, 0.0)).norm() <= 1e-14 * kB0);
  frame.dcm_FN << 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -1.0, 0.0;
  BOOST_TEST(mtq.wrench(frame, ConstInputBlock(along.data(), 3), at).torque_PntF_F.norm() <= 1e-14 * 4.0 * kB0);
  // No command, no torque (and no field evaluation)
  const Eigen::VectorXd zero = Eigen::Vector3d::Zero();
  BOOST_TEST(mtq.wrench(frame, ConstInputBlock(zero.data(), 3), at).torque_PntF_F.norm() == 0.0);
}

BOOST_AUTO_TEST_CASE(saturation_is_applied_and_flagged_by_the_kernel) {
  auto mtq = std::make_shared<Magnetorquer>("mtq", body_axes(earth_like_dipole(), {1.0, 2.0, 3.0}));
  const std::vector<InputSpec> specs = mtq->input_blocks();
  BOOST_TEST(specs.size() == 1u);
  BOOST_TEST(specs[0].name == "dipole");
  BOOST_TEST(specs[0].unit == "A m^2");
  auto model = std::make_shared<Model>();
  const Eigen::Vector3d I(100.0, 200.0, 300.0);
  Vehicle& v = model->add_vehicle("sc", ramus::test::hub_config(10.0, I, Eigen::Vector3d::Zero()));
  v.add_dynamic_effector(mtq);
  v.set_initial_state(ramus::test::initial_state(Eigen::Vector3d(kR, 0.0, 0.0), Eigen::Vector3d::Zero(),
                                                 Quaternion(1.0, 0.0, 0.0, 0.0), Eigen::Vector3d::Zero()));
  model->finalize();
  const System system(model);
  Inputs& inputs = system.inputs();
  inputs.set("sc/mtq.dipole[0]", 5.0);
  inputs.set("sc/mtq.dipole[1]", -1.5);
  inputs.set("sc/mtq.dipole[2]", -10.0);
  const Eigen::Index c0 = inputs.find("sc/mtq.dipole[0]");
  BOOST_TEST(inputs.applied()[c0] == 1.0);
  BOOST_TEST(inputs.saturated()[c0] == 1);
  BOOST_TEST(inputs.applied()[c0 + 1] == -1.5);
  BOOST_TEST(inputs.saturated()[c0 + 1] == 0);
  BOOST_TEST(inputs.applied()[c0 + 2] == -3.0);
  BOOST_TEST(inputs.saturated()[c0 + 2] == 1);
  // The hub at rest, B = Bc: ω̇ = I⁻¹ (m_applied × B_B), with B_B = B0 ẑ (identity attitude):
  // (1, −1.5, −3) × (0, 0, B0) = (−1.5 B0, −B0, 0).
  const Eigen::VectorXd x = model->initial_state();
  Eigen::VectorXd dxdt(x.size());
  system(x, dxdt, 0.0);
  const Eigen::Vector3d omegaDot = dxdt.segment<3>(v.offsets().omega_BN_B);
  const Eigen::Vector3d expected = Eigen::Vector3d(-1.5 * kB0, -kB0, 0.0).cwiseQuotient(I);
  // 1e-12 relative: the hub system's solve (LU of a diagonal 6×6) and round-off
  BOOST_TEST((omegaDot - expected).norm() <= 1e-12 * expected.norm());
  BOOST_TEST_MESSAGE("omegaDot " << omegaDot.transpose() << ", closed form " << expected.transpose());
}

BOOST_AUTO_TEST_CASE(bdot_detumble_loses_energy_equal_to_the_work_of_the_torque) {
  // A small hub tumbling at rest in space (no gravity) on the dipole's equator, B_N = B0 ẑ fixed.
  // B-dot at every control sample t_k = k Tc: m = −k Ḃ_B = k ω × B_B (Ḃ_B = −ω × B_B for a field
  // fixed in N), held over [t_k, t_k + Tc). Then τ·ω = −k |ω × B|² ≤ 0: the rotational energy falls.
  // Work balance: dE/dt = τ·ω exactly (rigid hub, torque about C = B); the work is the trapezoid
  // rule on τ·ω logged at every step h (each command's own values at the switch), so
  // |ΔE − W| falls as h² (rk4's energy error is O(h⁴), far below).
  const Eigen::Vector3d I(0.02, 0.03, 0.04);
  const double gain = 2.0e5;  // [A m² s/T]
  const double Tc = 1.0, T = 300.0;
  const auto field = earth_like_dipole();
  const Eigen::Vector3d B_N = field->B_N(Eigen::Vector3d(kR, 0.0, 0.0), 0.0);
  auto run = [&](int n, std::vector<double>* energies) {
    auto model = std::make_shared<Model>();
    auto mtq = std::make_shared<Magnetorquer>("mtq", body_axes(field, {1.0, 1.0, 1.0}));
    Vehicle& v = model->add_vehicle("sc", ramus::test::hub_config(4.0, I, Eigen::Vector3d::Zero()));
    v.add_dynamic_effector(mtq);
    v.set_initial_state(ramus::test::initial_state(Eigen::Vector3d(kR, 0.0, 0.0), Eigen::Vector3d::Zero(),
                                                   Quaternion(1.0, 0.0, 0.0, 0.0), Eigen::Vector3d(0.05, -0.04, 0.03)));
    model->finalize();
    const System system(model);
    const Eigen::Index c0 = system.inputs().find("sc/mtq.dipole[0]");
    const double h = Tc / n;
    std::vector<double> left, right, E;
    int step = 0;
    bool saturated = false;
    auto log = [&](const Eigen::VectorXd& x, double t) {
      const VehicleDiagnostics d = vehicle_diagnostics(*model, x, t, 0);
      const Eigen::Vector3d omega = d.hub.omega_FN_F, B_B = d.hub.dcm_FN * B_N;
      const auto power = [&] { return system.inputs().applied().segment<3>(c0).cross(B_B).dot(omega); };
      left.push_back(power());
      if (step % n == 0) {
        const Eigen::Vector3d m = gain * omega.cross(B_B);
        for (int i = 0; i < 3; ++i) {
          system.inputs().set(c0 + i, m[i]);
          saturated = saturated || system.inputs().saturated()[static_cast<std::size_t>(c0 + i)] != 0;
        }
      }
      right.push_back(power());
      E.push_back(d.rotational_energy);
      ++step;
    };
    ramus::test::run_logged(system, model->initial_state(), T, static_cast<int>(std::lround(T / h)), log);
    double W = 0.0;
    for (std::size_t j = 0; j + 1 < E.size(); ++j) W += 0.5 * h * (right[j] + left[j + 1]);
    if (energies != nullptr)
      for (std::size_t j = 0; j < E.size(); j += static_cast<std::size_t>(n)) energies->push_back(E[j]);
    BOOST_TEST(!saturated);  // the law stays linear: |m| ≈ k |ω| |B| ≈ 0.2 A m² < 1 A m²
    return std::pair{E.back() - E.front(), W};
  };
  std::vector<double> samples;
  const auto [dE4, W4] = run(4, &samples);
  const auto [dE8, W8] = run(8, nullptr);
  const auto [dE16, W16] = run(16, nullptr);
  const double e4 = std::abs(dE4 - W4), e8 = std::abs(dE8 - W8), e16 = std::abs(dE16 - W16);
  BOOST_TEST_MESSAGE("E0 = " << samples.front() << " J, E(T) = " << samples.back()
                             << " J; |dE - W| at h = Tc/4, /8, /16: " << e4 << " " << e8 << " " << e16);
  ramus::test::check_second_order_ratios({e8 / e4, e16 / e8});
  // The residual is small against the energy lost: 1e-4 of it at h = Tc/16 (the trapezoid's
  // error is (h²/12) T max|d²(τ·ω)/dt²|, ~1e-6 of the loss for these rates).
  BOOST_TEST(e16 <= 1e-4 * std::abs(dE16));
  // Energy falls at every control sample: τ·ω ≤ 0 over each hold (the held m turns with ω·Tc ≈
  // 0.05 rad, cos 0.05 > 0). Tolerance 1e-9 E0: rk4's energy error over one period
  // (4 steps of local error ~ (|ω| h)⁵ ≈ 3e-10 E0).
  for (std::size_t k = 1; k < samples.size(); ++k) BOOST_TEST(samples[k] <= samples[k - 1] + 1e-9 * samples.front());
  // And a real detumble: more than half of the energy is gone in 300 s (the energy's e-folding time
  // is I/(2 k |B|²) ≈ 140 s for ω ⟂ B; the part of ω along B, which B-dot cannot remove in a field
  // fixed in N, is only exchanged by the tumbling)
  BOOST_TEST(samples.back() < 0.5 * samples.front());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(magnetic_errors)

BOOST_AUTO_TEST_CASE(bad_magnetorquers_are_refused) {
  const auto field = earth_like_dipole();
  auto c = body_axes(field, {1.0, 1.0, 1.0});
  BOOST_CHECK_NO_THROW(Magnetorquer("mtq", c));
  c.field = nullptr;
  expect_error([&] { Magnetorquer m("mtq", c); }, {"magnetorquer 'mtq'", "field", "required"});
  c = body_axes(field, {});
  c.axes_F.clear();
  expect_error([&] { Magnetorquer m("mtq", c); }, {"magnetorquer 'mtq'", "axes_F", "at least one rod"});
  c = body_axes(field, {1.0, 1.0});
  expect_error([&] { Magnetorquer m("mtq", c); }, {"max_dipole [A m^2]", "2 values", "3 rods"});
  c = body_axes(field, {1.0, 1.0, 1.0});
  c.axes_F[1] = Eigen::Vector3d(0.0, 2.0, 0.0);
  expect_error([&] { Magnetorquer m("mtq", c); }, {"magnetorquer 'mtq'", "axes_F[1]"});
  c.axes_F[1] = Eigen::Vector3d::Zero();
  expect_error([&] { Magnetorquer m("mtq", c); }, {"axes_F[1]"});
  c = body_axes(field, {1.0, -2.0, 1.0});
  expect_error([&] { Magnetorquer m("mtq", c); }, {"magnetorquer 'mtq'", "max_dipole[1] [A m^2]", "-2", "positive"});
  c = body_axes(field, {1.0, 1.0, INFINITY});
  expect_error([&] { Magnetorquer m("mtq", c); }, {"max_dipole[2] [A m^2]", "inf"});
  c = body_axes(field, {0.0, 1.0, 1.0});
  expect_error([&] { Magnetorquer m("mtq", c); }, {"max_dipole[0] [A m^2]"});
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(magnetic_no_allocation)

BOOST_AUTO_TEST_CASE(magnetorquer_wrench_and_right_hand_side_do_not_allocate) {
  auto mtq = std::make_shared<Magnetorquer>("mtq", body_axes(earth_like_dipole(), {1.0, 2.0, 3.0}));
  auto model = std::make_shared<Model>();
  Vehicle& v =
      model->add_vehicle("sc", ramus::test::hub_config(10.0, Eigen::Vector3d(1.0, 2.0, 3.0), Eigen::Vector3d::Zero()));
  v.add_dynamic_effector(mtq);
  v.set_initial_state(ramus::test::initial_state(Eigen::Vector3d(kR, 1e5, 2e5), Eigen::Vector3d(0.0, 7.5e3, 0.0),
                                                 Quaternion(1.0, 0.0, 0.0, 0.0), Eigen::Vector3d(0.01, 0.02, 0.03)));
  model->finalize();
  const System system(model);
  system.inputs().set("sc/mtq.dipole[0]", 0.5);
  system.inputs().set("sc/mtq.dipole[2]", -0.7);
  ramus::test::check_rhs_does_not_allocate(system, model->initial_state());
  FrameKinematics frame;
  frame.r_FN_N = Eigen::Vector3d(kR, 0.0, 0.0);
  const Eigen::VectorXd u = Eigen::Vector3d(0.5, 1.0, -0.7);
  LoadContext at;
  Eigen::Vector3d sum = Eigen::Vector3d::Zero();
  const auto a = ramus::test::count_allocations([&] {
    for (int k = 0; k < 10; ++k) sum += mtq->wrench(frame, ConstInputBlock(u.data(), 3), at).torque_PntF_F;
  });
  BOOST_TEST(sum.allFinite());
  BOOST_TEST(a.news == 0);
  if (ramus::test::counts_malloc()) BOOST_TEST(a.mallocs == 0);
}

BOOST_AUTO_TEST_SUITE_END()
