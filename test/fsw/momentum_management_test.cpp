// Momentum management (docs/fsw/momentum_management.md): the firings' impulse against the requested
// momentum change within the minimum-impulse-bit quantization, no firing below the threshold, the
// hysteresis, the period limit, the nonnegative least squares against a brute-force search, and a
// dump in closed loop with the wheels absorbing the thrusters' torque.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "fsw/controller_cases.hpp"
#include "fsw/rigid_body.hpp"
#include "ramus/fsw/momentum_management.hpp"
#include "ramus/fsw/rw_torque_mapping.hpp"
#include "ramus/kernel/random_stream.hpp"
#include "support/checks.hpp"

namespace {

using namespace ramus;
using namespace ramus::fsw;
constexpr double kInf = std::numeric_limits<double>::infinity();

Eigen::Matrix3Xd pyramid() {
  const double beta = std::asin(1.0 / std::sqrt(3.0));
  Eigen::Matrix3Xd G(3, 4);
  for (int i = 0; i < 4; ++i) {
    const double a = 0.5 * std::numbers::pi * i;
    G.col(i) = Eigen::Vector3d(std::cos(beta) * std::cos(a), std::cos(beta) * std::sin(a), std::sin(beta));
  }
  return G;
}

// Eight thrusters at the corners of a 2 × 1.6 × 1.2 m box, each canted in the plane tangent to
// its corner: every torque direction is reachable with non-negative on-times.
MomentumManagementConfig config() {
  MomentumManagementConfig c;
  c.Gs_B = pyramid();
  c.J_s = Eigen::Vector4d(0.05, 0.05, 0.06, 0.05);
  c.r_TB_B.resize(3, 8);
  c.d_B.resize(3, 8);
  int k = 0;
  for (const double x : {-1.0, 1.0})
    for (const double y : {-0.8, 0.8})
      for (const double z : {-0.6, 0.6}) {
        const Eigen::Vector3d r(x, y, z);
        c.r_TB_B.col(k) = r;
        // Alternate the sense of the tangential component so that couples of both signs exist.
        const Eigen::Vector3d t = (k % 2 == 0 ? 1.0 : -1.0) * r.cross(Eigen::Vector3d(0.3, 0.5, 0.8)).normalized();
        c.d_B.col(k) = (t - 0.3 * r.normalized()).normalized();
        ++k;
      }
  c.thrust = Eigen::VectorXd::Constant(8, 1.0);
  c.thrust[5] = 0.8;
  c.r_CB_B = Eigen::Vector3d(0.05, -0.02, 0.1);
  c.control_period = 10.0;
  c.minimum_on_time = 0.02;
  c.start_threshold = 5.0;
  c.stop_threshold = 0.5;
  c.gain = 0.05;  // k T_c = 1/2: half the wheels' momentum per period
  return c;
}

// τ_i = (r_i − r_C) × F_i d_i, written out here (eq. (4)).
Eigen::Matrix3Xd torques_of(const MomentumManagementConfig& c) {
  Eigen::Matrix3Xd D(3, c.r_TB_B.cols());
  for (Eigen::Index i = 0; i < D.cols(); ++i) D.col(i) = (c.r_TB_B.col(i) - c.r_CB_B).cross(c.thrust[i] * c.d_B.col(i));
  return D;
}

// Wheel speeds with momentum H_w_B (the minimum-norm speeds).
Eigen::VectorXd speeds_for(const MomentumManagementConfig& c, const Eigen::Vector3d& H) {
  const Eigen::MatrixXd GJ = c.Gs_B * c.J_s.asDiagonal();
  return GJ.jacobiSvd(Eigen::ComputeFullU | Eigen::ComputeFullV).solve(H);
}

Eigen::Vector3d random_unit(RandomStream& rng) {
  // Braces: the draws are taken in order (a parenthesized constructor call's are not, and GCC and
  // clang differ).
  return Eigen::Vector3d{rng.normal(), rng.normal(), rng.normal()}.normalized();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(momentum_management)

BOOST_AUTO_TEST_CASE(wheel_momentum_is_the_sum_over_the_wheels) {
  const MomentumManagementConfig c = config();
  const MomentumManagement mm("dump", c);
  const Eigen::Vector4d Omega(100.0, -50.0, 20.0, 300.0);
  Eigen::Vector3d H = Eigen::Vector3d::Zero();
  for (int i = 0; i < 4; ++i) H += c.J_s[i] * Omega[i] * c.Gs_B.col(i);
  BOOST_TEST((mm.wheel_momentum_B(Omega) - H).norm() <= 1e-14 * H.norm());
  BOOST_TEST((mm.thruster_torques_B() - torques_of(c)).norm() <= 1e-15 * torques_of(c).norm());
}

BOOST_AUTO_TEST_CASE(no_firing_below_the_threshold) {
  const MomentumManagementConfig c = config();
  MomentumManagement mm("dump", c);
  RandomStream rng(21, 0, 4);
  for (int k = 0; k < 50; ++k) {
    // k = 0 just at the threshold (1e-12 below it, clear of the speeds' round-off): not above it.
    const double magnitude = c.start_threshold * (k == 0 ? 1.0 - 1e-12 : rng.uniform());
    const MomentumDumpCommand& cmd = mm.update(speeds_for(c, magnitude * random_unit(rng)));
    BOOST_TEST(!cmd.active);
    BOOST_TEST(cmd.on_time.cwiseAbs().maxCoeff() == 0.0);
    BOOST_TEST(cmd.DeltaH_commanded_B.norm() == 0.0);
    BOOST_TEST(mm.thruster_torque_B(0.0).norm() == 0.0);
  }
}

// Above the threshold: ΔH_req = −k T_c H_w (eq. (3)); the on-times are 0 or in [t_min, T_c]; the
// impulse Σ τ_i t_i (formed here) meets ΔH_req within the quantization, each on-time moved by at
// most t_min/2: |ΔH_cmd − ΔH_req| ≤ (t_min/2) Σ|τ_i| (eq. (8)); exactly (1e-12) when t_min = 0.
BOOST_AUTO_TEST_CASE(firings_deliver_the_requested_momentum_change) {
  for (const double t_min : {0.0, 0.02, 0.1}) {
    MomentumManagementConfig c = config();
    c.minimum_on_time = t_min;
    const Eigen::Matrix3Xd D = torques_of(c);
    const double quantum = 0.5 * t_min * D.colwise().norm().sum();
    RandomStream rng(22, 0, 5);
    int rounded_up = 0, rounded_down = 0, within_the_period = 0;
    for (int k = 0; k < 200; ++k) {
      MomentumManagement mm("dump", c);
      const Eigen::Vector3d H = (c.start_threshold + 3.0 * rng.uniform()) * random_unit(rng);
      const MomentumDumpCommand& cmd = mm.update(speeds_for(c, H));
      BOOST_TEST(cmd.active);
      BOOST_TEST((cmd.DeltaH_requested_B + c.gain * c.control_period * H).norm() <= 1e-13 * H.norm());
      // The unquantized on-times t* of eq. (5) (the solver is checked against brute force below):
      // each firing keeps t*_j ≥ t_min, and a shorter one goes to the nearer of 0 and t_min (eq. (7)).
      NonnegativeLeastSquares nnls(D.cols());
      Eigen::VectorXd t_star(D.cols());
      nnls.solve(D, cmd.DeltaH_requested_B, t_star);
      // A request that needs a firing longer than the period is scaled (eq. (6)): flagged exactly
      // then, and checked by the next case.
      const bool over_the_period = t_star.maxCoeff() > c.control_period;
      BOOST_TEST(cmd.impulse_limited == over_the_period);
      if (over_the_period) continue;
      ++within_the_period;
      Eigen::Vector3d impulse = Eigen::Vector3d::Zero();
      double moved = 0.0;  // Σ |τ_j| |t_j − t*_j| over the rounded firings
      for (Eigen::Index i = 0; i < D.cols(); ++i) {
        const double t = cmd.on_time[i], ts = t_star[i];
        BOOST_TEST((t == 0.0 || (t >= t_min && t <= c.control_period)));
        if (ts >= t_min) {
          BOOST_TEST(t == ts);
        } else {
          BOOST_TEST(t == (ts >= 0.5 * t_min && ts > 0.0 ? t_min : 0.0));
          moved += D.col(i).norm() * std::abs(t - ts);
          BOOST_TEST(std::abs(t - ts) <= 0.5 * t_min);
          rounded_up += t > ts;
          rounded_down += t < ts;
        }
        impulse += t * D.col(i);
      }
      BOOST_TEST((impulse - cmd.DeltaH_commanded_B).norm() <= 1e-14 * impulse.norm() + 1e-300);
      BOOST_TEST((cmd.torque_mean_B - impulse / c.control_period).norm() <= 1e-14 * impulse.norm());
      // Eq. (8), and its sharper form with the actual moves; round-off of the solve 1e-12 of |ΔH|.
      const double roundoff = 1e-12 * cmd.DeltaH_requested_B.norm();
      BOOST_TEST((impulse - cmd.DeltaH_requested_B).norm() <= moved + roundoff);
      BOOST_TEST(moved <= quantum);
    }
    BOOST_TEST(within_the_period >= 100);  // most requests fit the period: the checks above ran
    if (t_min > 0.05) {                    // both roundings are exercised
      BOOST_TEST(rounded_up > 0);
      BOOST_TEST(rounded_down > 0);
    }
  }
}

// A request beyond one period: the on-times are scaled to fit (eq. (6)), the longest equal to T_c,
// the impulse along the request.
BOOST_AUTO_TEST_CASE(impulse_limited_firings_keep_the_direction) {
  MomentumManagementConfig c = config();
  c.minimum_on_time = 0.0;
  MomentumManagement mm("dump", c);
  const Eigen::Vector3d H = 400.0 * Eigen::Vector3d(0.3, -0.5, 0.8).normalized();
  const MomentumDumpCommand& cmd = mm.update(speeds_for(c, H));
  BOOST_TEST(cmd.impulse_limited);
  BOOST_TEST(std::abs(cmd.on_time.maxCoeff() - c.control_period) <= 1e-15 * c.control_period * 4);
  const Eigen::Vector3d a = cmd.DeltaH_commanded_B, b = cmd.DeltaH_requested_B;
  BOOST_TEST(a.cross(b).norm() <= 1e-12 * a.norm() * b.norm());
  BOOST_TEST(a.dot(b) > 0.0);
  BOOST_TEST(a.norm() < b.norm());
}

// Dumping starts above start_threshold and continues until |H_w| ≤ stop_threshold (eq. (2)).
BOOST_AUTO_TEST_CASE(hysteresis) {
  const MomentumManagementConfig c = config();
  MomentumManagement mm("dump", c);
  const Eigen::Vector3d u = Eigen::Vector3d(1.0, 2.0, -0.5).normalized();
  const std::vector<std::pair<double, bool>> steps = {{4.0, false},  {5.5, true},  {3.0, true}, {0.6, true},
                                                      {0.49, false}, {3.0, false}, {5.01, true}};
  for (const auto& [magnitude, active] : steps) {
    BOOST_TEST(mm.update(speeds_for(c, magnitude * u)).active == active, "|H_w| = " << magnitude);
  }
  mm.reset();
  BOOST_TEST(!mm.command().active);
  BOOST_TEST(!mm.update(speeds_for(c, 3.0 * u)).active);
}

// The NNLS solution against a brute-force search over every set of at most three columns (an
// optimal NNLS solution with linearly independent support exists, by Carathéodory), and the
// Kuhn–Tucker conditions.
BOOST_AUTO_TEST_CASE(nonnegative_least_squares_against_brute_force) {
  RandomStream rng(23, 0, 6);
  for (int trial = 0; trial < 300; ++trial) {
    const int m = 2 + trial % 7;
    Eigen::Matrix3Xd A(3, m);
    for (int j = 0; j < m; ++j) A.col(j) = Eigen::Vector3d{rng.normal(), rng.normal(), rng.normal()};
    const Eigen::Vector3d b{rng.normal(), rng.normal(), rng.normal()};
    NonnegativeLeastSquares nnls(m);
    Eigen::VectorXd x(m);
    const double residual = nnls.solve(A, b, x);
    double best = b.norm();
    for (int mask = 1; mask < (1 << m); ++mask) {
      std::vector<int> cols;
      for (int j = 0; j < m; ++j)
        if (mask & (1 << j)) cols.push_back(j);
      if (cols.size() > 3) continue;
      Eigen::MatrixXd S(3, cols.size());
      for (std::size_t k = 0; k < cols.size(); ++k) S.col(static_cast<Eigen::Index>(k)) = A.col(cols[k]);
      const Eigen::VectorXd z = S.colPivHouseholderQr().solve(b);
      if ((z.array() >= 0.0).all()) best = std::min(best, (S * z - b).norm());
    }
    // The same minimum to round-off (1e-12 of |b|).
    BOOST_TEST(std::abs(residual - best) <= 1e-12 * b.norm());
    BOOST_TEST((x.array() >= 0.0).all());
    const Eigen::VectorXd w = A.transpose() * (b - A * x);
    for (int j = 0; j < m; ++j) {
      BOOST_TEST(w[j] <= 1e-11 * A.col(j).norm() * b.norm());                           // no descent direction left
      BOOST_TEST(std::abs(x[j] * w[j]) <= 1e-11 * (1.0 + x[j]) * A.norm() * b.norm());  // complementary slackness
    }
  }
}

// A dump in closed loop: hub (with its wheels) at rest in B = N, wheels commanded by
// RwTorqueMapping to the request of eq. (10) with L_r = 0, thrusters firing their on-times. The
// gyrostat (Schaub & Junkins ch. 4): [I_RW] ω̇ = −ω × (I_s ω + Gs h_s) − Gs u + τ_thr, J_s (Ω̇ + ĝᵀω̇) = u,
// integrated by RK4 between the switching times. The hub stays at rest (the wheels absorb the
// thrusters' torque), the wheels' momentum changes by exactly the commanded impulse each period,
// and the dump ends below stop_threshold with no firing afterwards.
BOOST_AUTO_TEST_CASE(closed_loop_dump_with_the_wheels_absorbing) {
  const MomentumManagementConfig c = config();
  MomentumManagement mm("dump", c);
  RwTorqueMappingConfig rc;
  rc.Gs_B = c.Gs_B;
  rc.u_max = Eigen::VectorXd::Constant(4, kInf);
  rc.Omega_max = Eigen::VectorXd::Constant(4, kInf);
  RwTorqueMapping rw("rw", rc);
  const Eigen::Matrix3d I_s = Eigen::Vector3d(500.0, 400.0, 300.0).asDiagonal();
  Eigen::Matrix3d I_RW = I_s;
  for (int i = 0; i < 4; ++i) I_RW -= c.J_s[i] * c.Gs_B.col(i) * c.Gs_B.col(i).transpose();
  const Eigen::Vector3d H0 = 12.0 * Eigen::Vector3d(-0.4, 0.7, 0.2).normalized();
  // x = (ω [3], Ω [4]).
  Eigen::VectorXd x(7);
  x << 0.0, 0.0, 0.0, speeds_for(c, H0);
  auto total_momentum = [&](const Eigen::VectorXd& y) {
    Eigen::Vector3d H = I_s * y.head<3>();
    for (int i = 0; i < 4; ++i) H += c.J_s[i] * y[3 + i] * c.Gs_B.col(i);
    return H;
  };
  int periods_firing = 0;
  double worst_balance = 0.0, worst_rate = 0.0;
  Eigen::Vector3d impulse_sum = Eigen::Vector3d::Zero();
  const Eigen::Vector3d Htot0 = total_momentum(x);
  for (int period = 0; period < 12; ++period) {
    const MomentumDumpCommand& cmd = mm.update(x.tail<4>());
    const Eigen::Vector3d Hw_before = mm.wheel_momentum_B(x.tail<4>());
    periods_firing += cmd.active;
    impulse_sum += cmd.DeltaH_commanded_B;
    std::vector<double> times = {0.0, c.control_period};
    for (Eigen::Index i = 0; i < cmd.on_time.size(); ++i)
      if (cmd.on_time[i] > 0.0 && cmd.on_time[i] < c.control_period) times.push_back(cmd.on_time[i]);
    std::sort(times.begin(), times.end());
    for (std::size_t s = 0; s + 1 < times.size(); ++s) {
      const double span = times[s + 1] - times[s];
      if (span <= 0.0) continue;
      const double mid = 0.5 * (times[s] + times[s + 1]);  // inside the interval: the firing state held
      const Eigen::Vector3d tau = mm.thruster_torque_B(mid);
      const Eigen::VectorXd u = rw.map(mm.wheel_torque_request_B(Eigen::Vector3d::Zero(), mid), x.tail<4>()).u_applied;
      auto f = [&](double, const Eigen::VectorXd& y) {
        const Eigen::Vector3d w = y.head<3>();
        Eigen::Vector3d hs_sum = Eigen::Vector3d::Zero();
        for (int i = 0; i < 4; ++i) hs_sum += c.J_s[i] * (c.Gs_B.col(i).dot(w) + y[3 + i]) * c.Gs_B.col(i);
        const Eigen::Vector3d wDot = I_RW.ldlt().solve(Eigen::Vector3d(-w.cross(I_s * w + hs_sum) - c.Gs_B * u + tau));
        Eigen::VectorXd d(7);
        d.head<3>() = wDot;
        for (int i = 0; i < 4; ++i) d[3 + i] = u[i] / c.J_s[i] - c.Gs_B.col(i).dot(wDot);
        return d;
      };
      for (int k = 0; k < 2; ++k) x = ramus::fsw::test::rk4_step(f, 0.0, x, 0.5 * span);
      worst_rate = std::max(worst_rate, x.head<3>().norm());
    }
    const Eigen::Vector3d Hw_after = mm.wheel_momentum_B(x.tail<4>());
    worst_balance = std::max(worst_balance, (Hw_after - Hw_before - cmd.DeltaH_commanded_B).norm());
  }
  BOOST_TEST_MESSAGE("periods firing " << periods_firing << ", final |H_w| = "
                                       << mm.wheel_momentum_B(x.tail<4>()).norm() << " N m s, worst balance "
                                       << worst_balance << ", worst hub rate " << worst_rate);
  // Piecewise-constant torques integrate exactly: round-off only (1e-12 of the 12 N m s).
  BOOST_TEST(worst_balance <= 1e-12 * H0.norm());
  BOOST_TEST(worst_rate <= 1e-15);  // round-off: ~ε |τ| / I × 60 s ≈ 1e-17 rad/s
  BOOST_TEST((total_momentum(x) - Htot0 - impulse_sum).norm() <= 1e-12 * H0.norm());
  // Each period removes k T_c = 1/2 of H_w (within the quantization): from 12 to below 0.5 N m s in
  // ⌈log₂(12/0.5)⌉ = 5 periods, then no more firing.
  BOOST_TEST(mm.wheel_momentum_B(x.tail<4>()).norm() <= c.stop_threshold);
  BOOST_TEST(periods_firing >= 5);
  BOOST_TEST(periods_firing <= 6);
  BOOST_TEST(!mm.command().active);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(momentum_management_errors)

BOOST_AUTO_TEST_CASE(each_bad_field_is_named_with_its_unit_and_value) {
  const fsw::test::RejectedChanges<MomentumManagement, MomentumManagementConfig> rejected("dump", config());
  rejected([](auto& c) { c.thrust[3] = 0.0; }, {"momentum_management 'dump'", "thrust[3] [N]", "= 0", "positive"});
  rejected([](auto& c) { c.thrust[0] = -1.0; }, {"momentum_management 'dump'", "thrust[0] [N]", "-1"});
  rejected([](auto& c) { c.J_s[1] = 0.0; }, {"momentum_management 'dump'", "J_s[1] [kg m²]", "= 0"});
  rejected([](auto& c) { c.minimum_on_time = -0.01; },
           {"momentum_management 'dump'", "minimum_on_time [s]", "-0.01", "negative"});
  rejected([](auto& c) { c.minimum_on_time = 10.0; },
           {"momentum_management 'dump'", "minimum_on_time [s]", "10", "shorter than control_period"});
  rejected([](auto& c) { c.control_period = 0.0; }, {"momentum_management 'dump'", "control_period [s]", "= 0"});
  rejected([](auto& c) { c.start_threshold = -5.0; }, {"momentum_management 'dump'", "start_threshold [N m s]", "-5"});
  rejected([](auto& c) { c.stop_threshold = 6.0; },
           {"momentum_management 'dump'", "stop_threshold [N m s]", "6", "below start_threshold"});
  rejected([](auto& c) { c.gain = std::numeric_limits<double>::quiet_NaN(); },
           {"momentum_management 'dump'", "gain [1/s]", "nan"});
  rejected([](auto& c) { c.gain = 0.25; },  // × 10 s = 2.5 > 1
           {"momentum_management 'dump'", "gain [1/s]", "0.25", "at most 1", "2.5"});
  rejected([](auto& c) { c.d_B(0, 2) += 0.1; }, {"momentum_management 'dump'", "d_B column[2] [1]", "unit"});
  rejected([](auto& c) { c.r_TB_B(1, 4) = std::numeric_limits<double>::infinity(); },
           {"momentum_management 'dump'", "r_TB_B column[4] [m]", "inf"});
  rejected(
      [](auto& c) {
        c.thrust.resize(7);
        c.thrust.setOnes();
      },
      {"momentum_management 'dump'", "thrust [N]", "7 entries", "8"});
  // Only the first four thrusters: some torque direction cannot be reached.
  rejected(
      [](auto& c) {
        c.r_TB_B = c.r_TB_B.leftCols(2).eval();
        c.d_B = c.d_B.leftCols(2).eval();
        c.thrust = c.thrust.head(2).eval();
      },
      {"momentum_management 'dump'", "r_TB_B [m] with d_B [1]", "cannot dump momentum"});
}

BOOST_AUTO_TEST_SUITE_END()
