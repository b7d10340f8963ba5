// steppers/stochastic.hpp: noise processes on a hub's torque and force, the SDE of a model, the
// Euler–Maruyama, Milstein and Platen weak-2 steppers, and their strong and weak orders
// (docs/models/stochastic_dynamics.md, docs/verification/STOCHASTIC.md). Every statistic is
// compared with a closed form; each tolerance is a multiple of the Monte-Carlo standard error plus,
// where the scheme has one, its discretisation bias computed in closed form.
#include "ramus/steppers/stochastic.hpp"

#include <array>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <functional>
#include <limits>
#include <utility>
#include <vector>

#include "ramus/systems/reaction_wheels.hpp"
#include "steppers/torque_hub.hpp"
#include "support/checks.hpp"
#include "support/hubs.hpp"
#include "support/models.hpp"

using namespace ramus;
using ramus::test::message_has_all;

namespace {

constexpr const char* kTorqueX = "sc/torquer.torque_PntF_F[0]";

struct Moments {
  double mean = 0.0, var = 0.0;
  long n = 0;
  void add(double v) {  // Welford
    ++n;
    const double d = v - mean;
    mean += d / static_cast<double>(n);
    var += d * (v - mean);
  }
  double variance() const { return var / static_cast<double>(n - 1); }
  double se_mean() const { return std::sqrt(variance() / static_cast<double>(n)); }
  /// Standard error of the sample variance of a normal sample: s² √(2/(n−1)).
  double se_variance() const { return variance() * std::sqrt(2.0 / static_cast<double>(n - 1)); }
};

// Geometric Brownian motion dX = λX dt + μX dW (scalar, commutative noise).
FunctionSde gbm(double lambda, double mu) {
  FunctionSde s;
  s.m = 1;
  s.a = [lambda](const Eigen::VectorXd& x, Eigen::VectorXd& o, double) {
    o.resize(1);
    o[0] = lambda * x[0];
  };
  s.b = [mu](const Eigen::VectorXd& x, Eigen::MatrixXd& o, double) {
    o.resize(1, 1);
    o(0, 0) = mu * x[0];
  };
  return s;
}

// RW-01's hub and wheel (docs/verification/RW_01.md): system inertia with the wheel locked
// Ix = 100 kg m², wheel axis b1, Js = 0.1 kg m², at rest; optional motor saturation.
std::shared_ptr<Model> wheel_model(double u_max = std::numeric_limits<double>::infinity()) {
  auto model = std::make_shared<Model>();
  auto& sc =
      model->add_vehicle("sc", test::hub_config(50.0, Eigen::Vector3d(99.9, 199.95, 299.85), Eigen::Vector3d::Zero()));
  sc.set_initial_state(test::at_rest_at_origin());
  ReactionWheelConfig w = test::wheel(Eigen::Vector3d::UnitX(), Eigen::Vector3d::Zero(), 2.0, 0.1, 0.05, 0.0);
  if (std::isfinite(u_max)) w.max_torque = u_max * units::newton_meter;
  sc.add_state_effector(std::make_shared<ReactionWheels>("rw", std::vector<ReactionWheelConfig>{w}));
  model->finalize();
  return model;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(stochastic_dynamics)

BOOST_AUTO_TEST_CASE(gauss_markov_torque_is_ornstein_uhlenbeck) {
  // A Gauss–Markov torque b about b1 (σ = 0.02 N m, τ = 5 s) from b0 = 0.05 N m: b is an OU
  // process, E b(T) = b0 e^{−T/τ}, Var b(T) = σ²(1 − e^{−2T/τ}) (docs/models/stochastic_dynamics.md (4c)).
  test::TorqueHub hub(0.0);
  const double sigma = 0.02, tau = 5.0, b0 = 0.05, T = 5.0, dt = 0.05;
  const long N = 100, M = 4000;
  const StochasticSystem sde(hub.system(), {gauss_markov_noise("gm", kTorqueX, sigma, tau)});
  BOOST_REQUIRE_EQUAL(sde.size(), sde.model_size() + 1);
  const Eigen::Index ib = sde.state_index(0);
  Moments b;
  EulerMaruyama em;
  for (long p = 0; p < M; ++p) {
    Eigen::VectorXd X = sde.initial_state();
    X[ib] = b0;
    RandomStream stream = brownian_stream(11, static_cast<std::uint64_t>(p));
    integrate_sde_n_steps(em, sde, X, 0.0, dt, N, stream);
    b.add(X[ib]);
  }
  const double mean = b0 * std::exp(-T / tau), var = sigma * sigma * (1.0 - std::exp(-2.0 * T / tau));
  // Euler–Maruyama's own bias on this linear SDE, in closed form: mean b0 r^N, variance
  // q² dt (1 − r^{2N})/(1 − r²), r = 1 − dt/τ, q = σ√(2/τ).
  const double r = 1.0 - dt / tau, q2 = 2.0 * sigma * sigma / tau;
  const double em_mean = b0 * std::pow(r, N), em_var = q2 * dt * (1.0 - std::pow(r, 2 * N)) / (1.0 - r * r);
  BOOST_TEST_MESSAGE("OU: mean " << b.mean << " (exact " << mean << ", se " << b.se_mean() << "), variance "
                                 << b.variance() << " (exact " << var << ", se " << b.se_variance() << ")");
  // 3 standard errors (a 99.7 % interval) plus the scheme's bias (0.5 % of the mean, 0.4 % of the variance).
  BOOST_TEST(std::abs(b.mean - mean) <= 3.0 * b.se_mean() + std::abs(em_mean - mean));
  BOOST_TEST(std::abs(b.variance() - var) <= 3.0 * b.se_variance() + std::abs(em_var - var));
}

BOOST_AUTO_TEST_CASE(white_torque_is_a_random_walk_in_rate) {
  // White torque σ about b1 on I_xx = 100 kg m² from rest: ω_x = (σ/I) W(t), Var ω_x = σ² t / I²
  // (docs/models/stochastic_dynamics.md (17)); ω stays on b1 (no gyroscopic term), so ω_y = ω_z = 0. Euler–Maruyama is
  // exact in law on ω_x here (constant column, no drift): only the Monte-Carlo error remains. White force noise σ_F on
  // each body axis of the 10 kg hub: each component of v_N has variance σ_F² t / m² whatever the attitude (an isotropic
  // white force rotated stays isotropic).
  test::TorqueHub hub(0.0);
  const double sigma = 0.1, sigma_F = 0.5, T = 10.0, dt = 0.1, m = 10.0;
  const long N = 100, M = 2000;
  std::vector<NoiseProcess> noise{white_noise("torque", kTorqueX, sigma)};
  // A force channel on the same effector: force_F.
  for (NoiseProcess& p : per_axis(white_noise("force", "-", sigma_F), "sc/torquer.force_F")) noise.push_back(p);
  const StochasticSystem sde(hub.system(), noise);
  const auto& o = hub.model->vehicle(0).offsets();
  Moments w;
  std::vector<Moments> v(3);
  double off_axis = 0.0;
  EulerMaruyama em;
  for (long p = 0; p < M; ++p) {
    Eigen::VectorXd X = sde.initial_state();
    RandomStream stream = brownian_stream(12, static_cast<std::uint64_t>(p));
    integrate_sde_n_steps(em, sde, X, 0.0, dt, N, stream);
    w.add(X[o.omega_BN_B]);
    for (int i = 0; i < 3; ++i) v[i].add(X[o.v_N + i]);
    off_axis = std::max(off_axis, X.segment<2>(o.omega_BN_B + 1).norm());
  }
  const double var_w = sigma * sigma * T / (test::TorqueHub::I_xx * test::TorqueHub::I_xx),
               var_v = sigma_F * sigma_F * T / (m * m);
  BOOST_TEST_MESSAGE("white torque: Var ω_x " << w.variance() << " (exact " << var_w << ", se " << w.se_variance()
                                              << "); Var v_N " << v[0].variance() << ", " << v[1].variance() << ", "
                                              << v[2].variance() << " (exact " << var_v << ")");
  // 3 standard errors: the sample statistics' 99.7 % interval.
  BOOST_TEST(std::abs(w.mean) <= 3.0 * w.se_mean());
  BOOST_TEST(std::abs(w.variance() - var_w) <= 3.0 * w.se_variance());
  for (int i = 0; i < 3; ++i) BOOST_TEST(std::abs(v[i].variance() - var_v) <= 3.0 * v[i].se_variance());
  // The column of the torque is (1/I) e1 exactly: ω_y, ω_z stay at round-off.
  BOOST_TEST(off_axis <= 1e-15);
}

BOOST_AUTO_TEST_CASE(random_walk_torque_rate_variance) {
  // A random-walk torque db = σ dW about b1 from rest: ω_x = (1/I) ∫ b, Var ω_x = σ² T³ / (3 I²)
  // (docs/models/stochastic_dynamics.md (18)). Euler–Maruyama's ω_N = (dt/I) Σ b_n has variance σ² dt³ (N−1) N (2N−1) /
  // (6 I²): its bias (−1.5 % at N = 100) is in the tolerance.
  test::TorqueHub hub(0.0);
  const double sigma = 0.01, T = 10.0, dt = 0.1, I = test::TorqueHub::I_xx;
  const long N = 100, M = 3000;
  const StochasticSystem sde(hub.system(), {random_walk_noise("rw", kTorqueX, sigma)});
  const auto& o = hub.model->vehicle(0).offsets();
  Moments w;
  EulerMaruyama em;
  for (long p = 0; p < M; ++p) {
    Eigen::VectorXd X = sde.initial_state();
    RandomStream stream = brownian_stream(13, static_cast<std::uint64_t>(p));
    integrate_sde_n_steps(em, sde, X, 0.0, dt, N, stream);
    w.add(X[o.omega_BN_B]);
  }
  const double var = sigma * sigma * T * T * T / (3.0 * I * I);
  const double Nd = static_cast<double>(N);
  const double em_var = sigma * sigma * dt * dt * dt * (Nd - 1.0) * Nd * (2.0 * Nd - 1.0) / (6.0 * I * I);
  BOOST_TEST_MESSAGE("random-walk torque: Var ω_x " << w.variance() << " (exact " << var << ", Euler-Maruyama "
                                                    << em_var << ", se " << w.se_variance() << ")");
  // 3 standard errors plus the scheme's bias.
  BOOST_TEST(std::abs(w.variance() - var) <= 3.0 * w.se_variance() + std::abs(em_var - var));
}

BOOST_AUTO_TEST_CASE(steppers_agree_on_a_spacecraft) {
  // Milstein and Platen's weak-2 scheme on the Gauss–Markov torque of the first case: the same
  // OU law at T (3 standard errors; their bias on this linear SDE is below 0.1 % at dt = τ/100).
  test::TorqueHub hub(0.0);
  const double sigma = 0.02, tau = 5.0, T = 5.0, dt = 0.05;
  const long N = 100, M = 3000;
  const StochasticSystem sde(hub.system(), {gauss_markov_noise("gm", kTorqueX, sigma, tau)});
  const Eigen::Index ib = sde.state_index(0);
  const double var = sigma * sigma * (1.0 - std::exp(-2.0 * T / tau));
  Moments mil, pl;
  Milstein milstein;
  PlatenWeak2 platen;
  for (long p = 0; p < M; ++p) {
    Eigen::VectorXd X = sde.initial_state();
    RandomStream s1 = brownian_stream(14, static_cast<std::uint64_t>(p));
    integrate_sde_n_steps(milstein, sde, X, 0.0, dt, N, s1);
    mil.add(X[ib]);
    X = sde.initial_state();
    RandomStream s2 = brownian_stream(15, static_cast<std::uint64_t>(p));
    integrate_sde_n_steps(platen, sde, X, 0.0, dt, N, s2);
    pl.add(X[ib]);
  }
  BOOST_TEST_MESSAGE("OU variance: Milstein " << mil.variance() << ", Platen " << pl.variance() << " (exact " << var
                                              << ", se " << mil.se_variance() << ")");
  BOOST_TEST(std::abs(mil.variance() - var) <= 3.0 * mil.se_variance() + 0.01 * var);
  BOOST_TEST(std::abs(pl.variance() - var) <= 3.0 * pl.se_variance() + 0.01 * var);
  BOOST_TEST(std::abs(pl.mean) <= 3.0 * pl.se_mean());
}

BOOST_AUTO_TEST_CASE(white_motor_torque_noise_on_a_wheel) {
  // Actuator-output noise: white noise σ on the wheel's motor torque u (RW-01's vehicle, from rest).
  // About b1 (docs/verification/RW_01.md): (Ix − Js) ω̇ = −u, Ω̇ = u/Js − ω̇, so the columns of the
  // diffusion are exactly −σ/(Ix − Js) on ω_x and σ (1/Js + 1/(Ix − Js)) on Ω, and ω_x is a Wiener
  // process: Var ω_x(T) = σ² T / (Ix − Js)² (docs/models/stochastic_dynamics.md (17) with
  // I = Ix − Js). Euler–Maruyama is exact in law on ω_x (constant column, ω stays on b1).
  const auto model = wheel_model();
  const double sigma = 0.01, T = 10.0, dt = 0.1, I = 99.9, Js = 0.1;
  const long N = 100, M = 2000;
  const StochasticSystem sde(System(model), {white_noise("motor", "sc/rw.motor_torque[0]", sigma)});
  const Eigen::Index w_x = model->vehicle(0).offsets().omega_BN_B;
  const Eigen::Index Omega = model->vehicle(0).offsets().state_effectors[0];  // the wheel's block: Ω first
  Eigen::MatrixXd B;
  sde.diffusion(sde.initial_state(), B, 0.0);
  // 1e-15 relative: the round-off of the hub's and the wheel's solves.
  BOOST_TEST(std::abs(B(w_x, 0) + sigma / I) <= 1e-15 * sigma / I);
  BOOST_TEST(std::abs(B(Omega, 0) - sigma * (1.0 / Js + 1.0 / I)) <= 1e-15 * sigma / Js);
  Moments w;
  EulerMaruyama em;
  for (long p = 0; p < M; ++p) {
    Eigen::VectorXd X = sde.initial_state();
    RandomStream stream = brownian_stream(16, static_cast<std::uint64_t>(p));
    integrate_sde_n_steps(em, sde, X, 0.0, dt, N, stream);
    w.add(X[w_x]);
  }
  const double var = sigma * sigma * T / (I * I);
  BOOST_TEST_MESSAGE("motor noise: Var ω_x " << w.variance() << " (exact " << var << ", se " << w.se_variance() << ")");
  BOOST_TEST(std::abs(w.variance() - var) <= 3.0 * w.se_variance());  // the 99.7 % interval
}

BOOST_AUTO_TEST_CASE(steppers_by_name_follow_the_run_stream) {
  // propagate_sde by name draws from brownian_stream(seed, run): the same run is bit-identical to
  // the stepper called directly with the same stream, and another run differs.
  test::TorqueHub hub(0.0);
  const StochasticSystem sde(hub.system(),
                             {white_noise("w", kTorqueX, 0.1), gauss_markov_noise("gm", kTorqueX, 0.05, 3.0)});
  BOOST_TEST(sde_stepper_names() == (std::vector<std::string>{"euler_maruyama", "milstein", "platen_weak2"}),
             boost::test_tools::per_element());
  for (const std::string& name : sde_stepper_names()) {
    Eigen::VectorXd by_name = sde.initial_state(), direct = sde.initial_state(), other = sde.initial_state();
    RandomStream s1 = brownian_stream(5, 7), s2 = brownian_stream(5, 7), s3 = brownian_stream(5, 8);
    propagate_sde(sde, name, by_name, 0.0, 0.1, 20, s1);
    propagate_sde(sde, name, other, 0.0, 0.1, 20, s3);
    if (name == "euler_maruyama") {
      EulerMaruyama em;
      integrate_sde_n_steps(em, sde, direct, 0.0, 0.1, 20, s2);
    } else if (name == "milstein") {
      Milstein mil;
      integrate_sde_n_steps(mil, sde, direct, 0.0, 0.1, 20, s2);
    } else {
      PlatenWeak2 pl;
      integrate_sde_n_steps(pl, sde, direct, 0.0, 0.1, 20, s2);
    }
    BOOST_TEST((by_name - direct).norm() == 0.0);
    BOOST_TEST((by_name - other).norm() > 0.0);
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(stochastic_orders)

BOOST_AUTO_TEST_CASE(strong_orders_on_geometric_brownian_motion) {
  // GBM λ = 1, μ = 1, X0 = 1, T = 1, exact X_T = exp((λ − μ²/2) T + μ W_T); 2000 paths, each
  // refined from 256 steps down to 8 by summing increments (docs/models/stochastic_dynamics.md (15)). Euler–Maruyama:
  // strong order ½; Milstein: 1 (scalar noise is commutative).
  const FunctionSde sde = gbm(1.0, 1.0);
  const Eigen::VectorXd x0 = Eigen::VectorXd::Ones(1);
  const auto exact = [](const Eigen::VectorXd& x, const Eigen::VectorXd& W) {
    return Eigen::VectorXd::Constant(1, x[0] * std::exp(0.5 + W[0]));
  };
  const std::vector<long> steps{8, 16, 32, 64, 128, 256};
  const SdeOrderStudy em = strong_order_study<EulerMaruyama>(sde, x0, 1.0, steps, 2000, 21, exact);
  const SdeOrderStudy mil = strong_order_study<Milstein>(sde, x0, 1.0, steps, 2000, 21, exact);
  BOOST_TEST_MESSAGE("strong: Euler-Maruyama " << em.order << " ± " << em.order_standard_error << ", Milstein "
                                               << mil.order << " ± " << mil.order_standard_error);
  // 3 standard errors (conservative: the levels share paths, their errors are positively
  // correlated) plus 0.05 for the pre-asymptotic levels.
  BOOST_TEST(std::abs(em.order - 0.5) <= 3.0 * em.order_standard_error + 0.05);
  BOOST_TEST(std::abs(mil.order - 1.0) <= 3.0 * mil.order_standard_error + 0.05);
  // The orders can be told apart: EM's is not Milstein's.
  BOOST_TEST(mil.order - em.order > 0.3);
}

BOOST_AUTO_TEST_CASE(strong_orders_against_the_finest_run_agree_with_the_closed_form) {
  // strong_order_study_self (no closed form needed: the reference is the scheme at 1024 steps along
  // the same path) on the same GBM: the orders it fits are those the closed form gives, within the
  // same bounds (3 standard errors plus 0.05 for the pre-asymptotic levels), and the reference's
  // own error (EM: ~(1/1024)^½ of the level errors' scale at 8 steps' (1/8)^½, a ratio 0.09) only
  // lowers the finest levels' errors.
  const FunctionSde sde = gbm(1.0, 1.0);
  const Eigen::VectorXd x0 = Eigen::VectorXd::Ones(1);
  const std::vector<long> steps{8, 16, 32, 64};
  const SdeOrderStudy em = strong_order_study_self<EulerMaruyama>(sde, x0, 1.0, steps, 1024, 2000, 21);
  const SdeOrderStudy mil = strong_order_study_self<Milstein>(sde, x0, 1.0, steps, 1024, 2000, 21);
  BOOST_TEST_MESSAGE("strong, against the finest run: Euler-Maruyama " << em.order << " ± " << em.order_standard_error
                                                                       << ", Milstein " << mil.order << " ± "
                                                                       << mil.order_standard_error);
  BOOST_TEST(std::abs(em.order - 0.5) <= 3.0 * em.order_standard_error + 0.05);
  BOOST_TEST(std::abs(mil.order - 1.0) <= 3.0 * mil.order_standard_error + 0.05);
  BOOST_CHECK_EXCEPTION(strong_order_study_self<EulerMaruyama>(sde, x0, 1.0, steps, 64, 10, 1), IntegrationError,
                        message_has_all({"strong_order_study_self finest", "64", "above"}));
  BOOST_CHECK_EXCEPTION(strong_order_study_self<EulerMaruyama>(sde, x0, 1.0, steps, 1000, 10, 1), IntegrationError,
                        message_has_all({"strong_order_study_self finest", "1000", "multiple"}));
}

BOOST_AUTO_TEST_CASE(weak_orders_on_geometric_brownian_motion) {
  // E X_T² = exp((2λ + μ²) T) for GBM, T = 1 (docs/models/stochastic_dynamics.md (19)).
  // Euler–Maruyama (λ = 1, μ = 0.3, 16–128 steps, 4·10⁵ paths per level): weak order 1. Platen's
  // weak-2 scheme (λ = 2, μ = 0.2, 8–32 steps, 10⁶ paths): weak order 2. A second reference for
  // every level: each scheme's own second moment in closed form, E[X'² | X] = c(Δ) X², so
  // E X_N² = c^N: Euler–Maruyama c = (1 + λΔ)² + μ²Δ; Platen (docs/models/stochastic_dynamics.md (11) on GBM, with the
  // three-point moments E ΔŴ² = Δ, E ΔŴ⁴ = 3Δ²) c = A² + μ²(1 + λΔ)² Δ + μ⁴Δ²/2, A = 1 + λΔ + λ²Δ²/2.
  const Eigen::VectorXd x0 = Eigen::VectorXd::Ones(1);
  const auto square = [](const Eigen::VectorXd& x) { return x[0] * x[0]; };
  const double em_exact = std::exp(2.0 + 0.09), pl_exact = std::exp(4.0 + 0.04);
  const SdeOrderStudy em =
      weak_order_study<EulerMaruyama>(gbm(1.0, 0.3), x0, 1.0, {16, 32, 64, 128}, 400000, 31, square, em_exact);
  const SdeOrderStudy pl =
      weak_order_study<PlatenWeak2>(gbm(2.0, 0.2), x0, 1.0, {8, 16, 32}, 1000000, 32, square, pl_exact);
  BOOST_TEST_MESSAGE("weak: Euler-Maruyama " << em.order << " ± " << em.order_standard_error << ", Platen " << pl.order
                                             << " ± " << pl.order_standard_error);
  // 3 standard errors (the levels are independent, the delta method is exact to first order)
  // plus 0.1 for the pre-asymptotic levels (the schemes' own closed forms give 0.94–0.98 and
  // 1.84–1.93 on these levels).
  BOOST_TEST(std::abs(em.order - 1.0) <= 3.0 * em.order_standard_error + 0.1);
  BOOST_TEST(std::abs(pl.order - 2.0) <= 3.0 * pl.order_standard_error + 0.1);
  for (const SdeOrderLevel& l : em.levels) {
    const double d = l.dt, c = (1.0 + d) * (1.0 + d) + 0.09 * d;
    const double predicted = em_exact - std::pow(c, static_cast<double>(l.steps));
    BOOST_TEST_MESSAGE("  EM " << l.steps << " steps: " << l.error << " ± " << l.standard_error << ", scheme's own "
                               << predicted);
    BOOST_TEST(std::abs(l.error - predicted) <= 3.0 * l.standard_error);  // a 99.7 % interval
  }
  for (const SdeOrderLevel& l : pl.levels) {
    const double d = l.dt, A = 1.0 + 2.0 * d + 2.0 * d * d;
    const double c = A * A + 0.04 * (1.0 + 2.0 * d) * (1.0 + 2.0 * d) * d + 0.5 * 0.0016 * d * d;
    const double predicted = pl_exact - std::pow(c, static_cast<double>(l.steps));
    BOOST_TEST_MESSAGE("  Platen " << l.steps << " steps: " << l.error << " ± " << l.standard_error << ", scheme's own "
                                   << predicted);
    BOOST_TEST(std::abs(l.error - predicted) <= 3.0 * l.standard_error);  // a 99.7 % interval
  }
}

BOOST_AUTO_TEST_CASE(platen_moments_by_exact_enumeration) {
  // No Monte Carlo: with one Wiener process Platen's ΔŴ takes three values (docs/models/
  // stochastic_dynamics.md (12)), so E g(X_N) is the weighted sum over all 3^N paths, enumerated
  // exactly. GBM λ = 0.5, μ = 1 (a large diffusion, so that every term of eq. (11) matters).
  // References derived by hand from eq. (11) on GBM: X' = X [A + B ΔŴ + C (ΔŴ² − Δ)],
  // A = 1 + λΔ + λ²Δ²/2, B = μ(1 + λΔ), C = μ²/2, with E ΔŴ = E ΔŴ³ = 0, E ΔŴ² = Δ, E ΔŴ⁴ = 3Δ²:
  // E X_N = A^N and E X_N² = (A² + B²Δ + 2C²Δ²)^N. And the exact weak error against
  // E X_T² = exp(2λ + μ²) (19) falls at order 2.
  const double lambda = 0.5, mu = 1.0;
  const FunctionSde sde = gbm(lambda, mu);
  struct Scripted {
    double u = 0.0;
    double uniform() const { return u; }
  };
  PlatenWeak2 stepper;
  const std::array<std::pair<double, double>, 3> outcomes{
      {{1.0 / 12.0, 1.0 / 6.0}, {3.0 / 12.0, 1.0 / 6.0}, {0.5, 2.0 / 3.0}}};  // (u, probability)
  std::vector<double> weak_error;
  for (const long N : {2L, 4L, 8L}) {
    const double dt = 1.0 / static_cast<double>(N);
    double m1 = 0.0, m2 = 0.0;
    std::function<void(const Eigen::VectorXd&, long, double)> walk = [&](const Eigen::VectorXd& x, long k, double w) {
      if (k == N) {
        m1 += w * x[0];
        m2 += w * x[0] * x[0];
        return;
      }
      for (const auto& [u, prob] : outcomes) {
        Eigen::VectorXd y = x;
        Scripted source{u};
        stepper.do_step(sde, y, static_cast<double>(k) * dt, dt, source);
        walk(y, k + 1, w * prob);
      }
    };
    walk(Eigen::VectorXd::Ones(1), 0, 1.0);
    const double A = 1.0 + lambda * dt + 0.5 * lambda * lambda * dt * dt, B = mu * (1.0 + lambda * dt),
                 C = 0.5 * mu * mu;
    const double e1 = std::pow(A, static_cast<double>(N));
    const double e2 = std::pow(A * A + B * B * dt + 2.0 * C * C * dt * dt, static_cast<double>(N));
    BOOST_TEST_MESSAGE("Platen N = " << N << ": E X = " << m1 << " (" << e1 << "), E X² = " << m2 << " (" << e2
                                     << "), weak error " << std::exp(2.0 * lambda + mu * mu) - m2);
    // 1e-12 relative: the round-off of 3^N weighted sums of products of N factors.
    BOOST_TEST(std::abs(m1 - e1) <= 1e-12 * e1);
    BOOST_TEST(std::abs(m2 - e2) <= 1e-12 * e2);
    weak_error.push_back(std::exp(2.0 * lambda + mu * mu) - m2);
  }
  // Exact errors 0.898, 0.314, 0.0934: orders 1.52 and 1.75 on the way to 2 (1.88 next, from the
  // closed form): the last must be within [1.6, 2.2].
  const double p = std::log2(weak_error[1] / weak_error[2]);
  BOOST_TEST(p >= 1.6);
  BOOST_TEST(p <= 2.2);
}

BOOST_AUTO_TEST_CASE(platen_weak_order_with_two_wiener_processes) {
  // GBM driven by two Wiener processes, dX = λX dt + μ1 X dW1 + μ2 X dW2 (λ = 2, μ1 = 0.15,
  // μ2 = 0.3): E X_T² = exp((2λ + μ1² + μ2²) T), and Platen's cross terms (U±, V of docs/models/stochastic_dynamics.md
  // (11)–(12)) take part. 5·10⁵ paths per level, 8–32 steps; the same window as above.
  FunctionSde sde;
  sde.m = 2;
  sde.a = [](const Eigen::VectorXd& x, Eigen::VectorXd& o, double) {
    o.resize(1);
    o[0] = 2.0 * x[0];
  };
  sde.b = [](const Eigen::VectorXd& x, Eigen::MatrixXd& o, double) {
    o.resize(1, 2);
    o(0, 0) = 0.15 * x[0];
    o(0, 1) = 0.3 * x[0];
  };
  const auto square = [](const Eigen::VectorXd& x) { return x[0] * x[0]; };
  const SdeOrderStudy pl = weak_order_study<PlatenWeak2>(sde, Eigen::VectorXd::Ones(1), 1.0, {8, 16, 32}, 500000, 33,
                                                         square, std::exp(4.0 + 0.0225 + 0.09));
  BOOST_TEST_MESSAGE("weak, two Wiener processes: Platen " << pl.order << " ± " << pl.order_standard_error);
  BOOST_TEST(std::abs(pl.order - 2.0) <= 3.0 * pl.order_standard_error + 0.1);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(stochastic_errors)

BOOST_AUTO_TEST_CASE(intensities_and_time_constants_refused) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  BOOST_CHECK_EXCEPTION(white_noise("wf", kTorqueX, -1.0), ConfigurationError,
                        message_has_all({"noise process 'wf'", "sigma", "-1"}));
  BOOST_CHECK_EXCEPTION(white_noise("wf", kTorqueX, nan), ConfigurationError,
                        message_has_all({"noise process 'wf'", "sigma", "nan"}));
  BOOST_CHECK_EXCEPTION(random_walk_noise("rw", kTorqueX, inf), ConfigurationError,
                        message_has_all({"noise process 'rw'", "sigma", "inf"}));
  BOOST_CHECK_EXCEPTION(gauss_markov_noise("gm", kTorqueX, -0.5, 1.0), ConfigurationError,
                        message_has_all({"noise process 'gm'", "sigma", "-0.5"}));
  BOOST_CHECK_EXCEPTION(gauss_markov_noise("gm", kTorqueX, 0.1, 0.0), ConfigurationError,
                        message_has_all({"noise process 'gm'", "tau [s]", "0"}));
  BOOST_CHECK_EXCEPTION(gauss_markov_noise("gm", kTorqueX, 0.1, -2.0), ConfigurationError,
                        message_has_all({"noise process 'gm'", "tau [s]", "-2"}));
  BOOST_CHECK_EXCEPTION(gauss_markov_noise("gm", kTorqueX, 0.1, inf), ConfigurationError,
                        message_has_all({"noise process 'gm'", "tau [s]", "inf"}));
  // A process edited after construction is checked again by the system.
  NoiseProcess p = white_noise("edited", kTorqueX, 1.0);
  p.sigma = -3.0;
  test::TorqueHub hub(0.0);
  BOOST_CHECK_EXCEPTION(StochasticSystem(hub.system(), {p}), ConfigurationError,
                        message_has_all({"noise process 'edited'", "-3"}));
}

BOOST_AUTO_TEST_CASE(evaluation_allocates_nothing) {
  // docs/architecture.md §D3: after a first evaluation sizes its outputs, the drift, the diffusion
  // and an Euler–Maruyama step with given increments make no operator-new call.
  test::TorqueHub hub(0.0);
  std::vector<NoiseProcess> noise{white_noise("w", kTorqueX, 0.1), gauss_markov_noise("gm", kTorqueX, 0.1, 2.0)};
  for (NoiseProcess& p : per_axis(random_walk_noise("rw", "-", 0.1), "sc/torquer.force_F")) noise.push_back(p);
  const StochasticSystem sde(hub.system(), noise);
  Eigen::VectorXd X = sde.initial_state(), a, dW = Eigen::VectorXd::Constant(sde.noise_dimension(), 0.01);
  Eigen::MatrixXd B;
  EulerMaruyama em;
  sde.drift(X, a, 0.0);
  sde.diffusion(X, B, 0.0);
  em.do_step(sde, X, 0.0, 0.1, dW);
  const long before = test::allocations_so_far().news;
  for (int k = 1; k < 10; ++k) {
    sde.drift(X, a, 0.1 * k);
    sde.diffusion(X, B, 0.1 * k);
    em.do_step(sde, X, 0.1 * k, 0.1, dW);
  }
  BOOST_TEST(test::allocations_so_far().news - before == 0);
  // The run's commands are restored after every evaluation: the noise leaves no command behind.
  BOOST_TEST(sde.system().inputs().command().norm() == 0.0);
  // The diffusion of the white torque is the unit response (1/I_xx) on ω_x scaled by σ
  // (docs/models/stochastic_dynamics.md (7)); 1e-17 is 1e-14 of the entry, the round-off of the hub's solve.
  BOOST_TEST(std::abs(B(hub.model->vehicle(0).offsets().omega_BN_B, 0) - 0.1 / test::TorqueHub::I_xx) <= 1e-17);
}

BOOST_AUTO_TEST_CASE(model_without_noise_and_bad_channels_refused) {
  test::TorqueHub hub(0.0);
  BOOST_CHECK_EXCEPTION(
      StochasticSystem(hub.system(), {}), ConfigurationError,
      message_has_all({"stochastic system", "noise processes", "no noise process", "deterministic stepper"}));
  BOOST_CHECK_EXCEPTION(StochasticSystem(hub.system(), {white_noise("w", "sc/nothing.torque[0]", 1.0)}),
                        ConfigurationError, message_has_all({"noise process 'w'", "channel", "sc/nothing.torque[0]"}));
  // A saturating channel: the wheel's motor torque with a limit of 0.1 N m.
  BOOST_CHECK_EXCEPTION(StochasticSystem(System(wheel_model(0.1)), {white_noise("m", "sc/rw.motor_torque[0]", 1.0)}),
                        ConfigurationError, message_has_all({"noise process 'm'", "sc/rw.motor_torque[0]", "limits"}));
  // A channel driven by a default profile (the effector's own schedule) would lose it.
  test::TorqueHub profiled(0.0, [](double) { return Eigen::Vector3d(1.0, 0.0, 0.0); });
  BOOST_CHECK_EXCEPTION(StochasticSystem(profiled.system(), {white_noise("w", kTorqueX, 1.0)}), ConfigurationError,
                        message_has_all({"noise process 'w'", "profile"}));
}

BOOST_AUTO_TEST_CASE(stepper_arguments_refused) {
  test::TorqueHub hub(0.0);
  const StochasticSystem sde(hub.system(), {white_noise("w", kTorqueX, 1.0)});
  Eigen::VectorXd X = sde.initial_state();
  RandomStream stream = brownian_stream(1, 0);
  BOOST_CHECK_EXCEPTION(propagate_sde(sde, "rk4", X, 0.0, 0.1, 10, stream), ConfigurationError,
                        message_has_all({"propagate_sde", "stepper", "'rk4'", "not a stochastic stepper"}));
  Eigen::VectorXd short_X = Eigen::VectorXd::Zero(3);
  BOOST_CHECK_EXCEPTION(propagate_sde(sde, "milstein", short_X, 0.0, 0.1, 10, stream), IntegrationError,
                        message_has_all({"propagate_sde X", "3 entries"}));
  BOOST_CHECK_EXCEPTION(propagate_sde(sde, "milstein", X, 0.0, std::numeric_limits<double>::quiet_NaN(), 10, stream),
                        IntegrationError, message_has_all({"propagate_sde dt", "nan"}));
  EulerMaruyama em;
  BOOST_CHECK_EXCEPTION(em.do_step(sde, X, 0.0, 0.1, Eigen::VectorXd::Zero(2)), IntegrationError,
                        message_has_all({"euler_maruyama", "2 entries", "1 noise"}));
  Milstein mil;
  BOOST_CHECK_EXCEPTION(mil.do_step(sde, X, 0.0, -0.1, Eigen::VectorXd::Zero(1)), IntegrationError,
                        message_has_all({"milstein", "dt", "-0.1"}));
  const FunctionSde g = gbm(1.0, 1.0);
  BOOST_CHECK_EXCEPTION(
      strong_order_study<EulerMaruyama>(g, Eigen::VectorXd::Ones(1), 1.0, {8, 12}, 10, 1,
                                        [](const Eigen::VectorXd& x, const Eigen::VectorXd&) { return x; }),
      IntegrationError, message_has_all({"steps", "8", "divide"}));
  BOOST_CHECK_EXCEPTION(
      weak_order_study<EulerMaruyama>(
          g, Eigen::VectorXd::Ones(1), 1.0, {8}, 10, 1, [](const Eigen::VectorXd& x) { return x[0]; }, 1.0),
      IntegrationError, message_has_all({"steps", "1 level(s)", "at least 2 levels"}));
}

BOOST_AUTO_TEST_SUITE_END()
