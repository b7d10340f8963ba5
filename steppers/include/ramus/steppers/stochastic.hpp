// Stochastic dynamics (docs/models/stochastic_dynamics.md): noise processes on actuator channels
// (a hub's force and torque through an external_force_torque effector, a wheel's motor torque),
// the Itô SDE dX = a(X, t) dt + B(X, t) dW they make of a Model (StochasticSystem), three
// stochastic steppers in the Boost.Odeint spirit (do_step(system, x, t, dt, increments)) and the
// strong and weak order studies.
//
// An SDE system here is any type with
//   Eigen::Index noise_dimension() const;                                  // m, the Wiener processes
//   void drift(const Eigen::VectorXd& x, Eigen::VectorXd& a, double t) const;      // a(x, t)
//   void diffusion(const Eigen::VectorXd& x, Eigen::MatrixXd& B, double t) const;  // n × m
// (Odeint's own stochastic example passes the pair (drift, diffusion); FunctionSde below is that
// pair). The steppers allocate only on their first step (their scratch vectors take the sizes).
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/random_stream.hpp"
#include "ramus/kernel/system.hpp"

namespace ramus {

// ---- noise processes (docs/models/stochastic_dynamics.md §2) ------------------------------------

enum class NoiseKind {
  white,         ///< u = σ dW/dt: σ in [channel unit · s^½] (docs/models/stochastic_dynamics.md (3))
  gauss_markov,  ///< db = −b/τ dt + σ √(2/τ) dW, u = b: σ in [channel unit], τ in [s]
                 ///< (docs/models/stochastic_dynamics.md (4))
  random_walk,   ///< db = σ dW, u = b: σ in [channel unit / s^½] (docs/models/stochastic_dynamics.md (5))
};

/// One scalar noise process driving one actuator channel (an entry of the model's input layout,
/// e.g. "sc/noise.torque_PntF_F[0]"), with its own Wiener process.
struct NoiseProcess {
  std::string name;     ///< names the process in messages
  std::string channel;  ///< the input entry it adds to (InputLayout::entry_name)
  NoiseKind kind = NoiseKind::white;
  double sigma = 0.0;  ///< intensity, SI: see NoiseKind
  double tau = 0.0;    ///< [s] correlation time (gauss_markov only)
  /// Refuses a negative or non-finite σ, and a τ (gauss_markov) that is not positive and finite:
  /// ConfigurationError naming "noise process '<name>'", the field with its unit and the value.
  void validate() const;
};

/// White noise of intensity σ [unit·s^½] on `channel` (docs/models/stochastic_dynamics.md (3)): a force channel [N]
/// takes σ in N·s^½, a torque channel [N m] in N·m·s^½.
NoiseProcess white_noise(std::string name, std::string channel, double sigma);
/// First-order Gauss–Markov noise (docs/models/stochastic_dynamics.md (4)): steady-state standard deviation σ [unit],
/// time constant τ [s].
NoiseProcess gauss_markov_noise(std::string name, std::string channel, double sigma, double tau);
/// Random walk (docs/models/stochastic_dynamics.md (5)): σ [unit/s^½].
NoiseProcess random_walk_noise(std::string name, std::string channel, double sigma);
/// The process on each of the three channels block[0], block[1], block[2] (e.g. block =
/// "sc/noise.force_F"), named name[0] … name[2], each with its own Wiener process.
std::vector<NoiseProcess> per_axis(const NoiseProcess& process, const std::string& block);

/// The seeded Brownian stream of one run: RandomStream(seed, run, kBrownianKey), a pure function
/// of (seed, run) that no dispersion or sensor stream shares.
inline constexpr std::uint64_t kBrownianKey = 0x5de5de5de5de5de5ULL;
inline RandomStream brownian_stream(std::uint64_t seed, std::uint64_t run) {
  return RandomStream(seed, run, kBrownianKey);
}

// ---- the SDE of a model (docs/models/stochastic_dynamics.md §3) --------------------------------

/// X = [x; b]: the model's state x and one state b_k per Gauss–Markov or random-walk process, in
/// the order the processes are given. drift = docs/models/stochastic_dynamics.md (6), diffusion =
/// docs/models/stochastic_dynamics.md (7); one Wiener process per noise process, in the order given. A white channel's
/// column is exact: the right-hand side is affine in an applied channel (docs/models/stochastic_dynamics.md (8)), so it
/// is f(x, u + e_c) − f(x, u), scaled by σ. Evaluation sets the channels of the system's run inputs and restores them
/// before it returns: nothing is carried between calls, and nothing is allocated (the scratch is sized here). Copies
/// share the scratch: one StochasticSystem and its copies serve one thread.
class StochasticSystem {
 public:
  /// Refuses (ConfigurationError): no process ("the model has no noise"); a process that fails
  /// validate(); a channel the model does not have (named); a lock flag, a channel with limits
  /// (saturation is not affine) or one driven by a default profile (its value would be replaced).
  StochasticSystem(System system, std::vector<NoiseProcess> processes);

  Eigen::Index size() const;             ///< n + number of coloured states
  Eigen::Index model_size() const;       ///< n
  Eigen::Index noise_dimension() const;  ///< m = number of processes
  const std::vector<NoiseProcess>& processes() const;
  const System& system() const;
  /// Offset in X of process k's state b_k; −1 for a white process.
  Eigen::Index state_index(std::size_t k) const;
  /// [x0; 0]: the model's initial state, every coloured state at zero.
  Eigen::VectorXd initial_state() const;
  /// [x0; b0] with each Gauss–Markov state drawn from its stationary law N(0, σ²) (docs/models/stochastic_dynamics.md
  /// (4b)), random walks at zero.
  Eigen::VectorXd initial_state(RandomStream& stream) const;

  /// a(X, t), docs/models/stochastic_dynamics.md (6).
  void drift(const Eigen::VectorXd& X, Eigen::VectorXd& a, double t) const;
  /// B(X, t), docs/models/stochastic_dynamics.md (7): n + n_b rows, m columns.
  void diffusion(const Eigen::VectorXd& X, Eigen::MatrixXd& B, double t) const;

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

/// A scalar or vector SDE given by two functions (the Odeint example's pair), for closed-form
/// cases: geometric Brownian motion, Ornstein–Uhlenbeck.
struct FunctionSde {
  Eigen::Index m = 1;
  std::function<void(const Eigen::VectorXd&, Eigen::VectorXd&, double)> a;
  std::function<void(const Eigen::VectorXd&, Eigen::MatrixXd&, double)> b;
  Eigen::Index noise_dimension() const { return m; }
  void drift(const Eigen::VectorXd& x, Eigen::VectorXd& out, double t) const { a(x, out, t); }
  void diffusion(const Eigen::VectorXd& x, Eigen::MatrixXd& out, double t) const { b(x, out, t); }
};

namespace detail {
[[noreturn]] void throw_increment_size(const char* stepper, Eigen::Index given, Eigen::Index m);
[[noreturn]] void throw_step(const char* stepper, double dt);
template <class Sde>
void check_step(const char* stepper, const Sde& sde, double dt, Eigen::Index dW_size) {
  if (!(dt > 0.0) || !std::isfinite(dt)) throw_step(stepper, dt);
  if (dW_size != sde.noise_dimension()) throw_increment_size(stepper, dW_size, sde.noise_dimension());
}
}  // namespace detail

// ---- steppers (docs/models/stochastic_dynamics.md §4) ------------------------------------------

/// Euler–Maruyama, docs/models/stochastic_dynamics.md (9): X' = X + a Δ + B ΔW. Strong order ½, weak order 1 (Kloeden &
/// Platen 1992, §10.2, §14.1); strong order 1 when B does not depend on X (additive noise).
class EulerMaruyama {
 public:
  static constexpr const char* name = "euler_maruyama";
  /// One step with the given Wiener increments ΔW (m entries, each N(0, Δ)).
  template <class Sde>
  void do_step(const Sde& sde, Eigen::VectorXd& x, double t, double dt, const Eigen::VectorXd& dW) {
    detail::check_step(name, sde, dt, dW.size());
    sde.drift(x, a_, t);
    sde.diffusion(x, B_, t);
    x.noalias() += dt * a_;
    x.noalias() += B_ * dW;
  }
  /// One step drawing ΔW = √Δ z, z standard normal, from `stream`.
  template <class Sde>
  void do_step(const Sde& sde, Eigen::VectorXd& x, double t, double dt, RandomStream& stream) {
    draw(sde.noise_dimension(), dt, stream);
    do_step(sde, x, t, dt, dW_);
  }

 private:
  void draw(Eigen::Index m, double dt, RandomStream& stream) {
    dW_.resize(m);
    const double s = std::sqrt(dt);
    for (Eigen::Index j = 0; j < m; ++j) dW_[j] = s * stream.normal();
  }
  Eigen::VectorXd a_, dW_;
  Eigen::MatrixXd B_;
};

/// Milstein's scheme for commutative noise (L^j b^r = L^r b^j, diagonal and scalar noise included)
/// in its derivative-free Runge–Kutta form, docs/models/stochastic_dynamics.md (10): the derivative L^j b^r is replaced
/// by the difference [b^r(Ῡ_j) − b^r(X)]/√Δ at Ῡ_j = X + a Δ + b^j √Δ (Kloeden & Platen 1992, §11.1). Strong order 1 on
/// commutative noise; on non-commutative noise it omits the Lévy areas and its strong order is ½. Costs 1 + m diffusion
/// evaluations per step.
class Milstein {
 public:
  static constexpr const char* name = "milstein";
  template <class Sde>
  void do_step(const Sde& sde, Eigen::VectorXd& x, double t, double dt, const Eigen::VectorXd& dW) {
    detail::check_step(name, sde, dt, dW.size());
    const Eigen::Index m = dW.size();
    const double sq = std::sqrt(dt);
    sde.drift(x, a_, t);
    sde.diffusion(x, B_, t);
    incr_.noalias() = dt * a_;
    incr_.noalias() += B_ * dW;
    for (Eigen::Index j = 0; j < m; ++j) {
      support_ = x + dt * a_ + sq * B_.col(j);
      sde.diffusion(support_, Bj_, t);
      // (1/(2√Δ)) Σ_r [b^r(Ῡ_j) − b^r] (ΔW_j ΔW_r − δ_jr Δ), docs/models/stochastic_dynamics.md (10)
      coef_ = dW[j] * dW;
      coef_[j] -= dt;
      Bj_ -= B_;
      incr_.noalias() += (0.5 / sq) * Bj_ * coef_;
    }
    x += incr_;
  }
  template <class Sde>
  void do_step(const Sde& sde, Eigen::VectorXd& x, double t, double dt, RandomStream& stream) {
    dW_.resize(sde.noise_dimension());
    const double s = std::sqrt(dt);
    for (Eigen::Index j = 0; j < dW_.size(); ++j) dW_[j] = s * stream.normal();
    do_step(sde, x, t, dt, dW_);
  }

 private:
  Eigen::VectorXd a_, incr_, support_, coef_, dW_;
  Eigen::MatrixXd B_, Bj_;
};

/// Platen's explicit order 2.0 weak scheme, docs/models/stochastic_dynamics.md (11) (Kloeden & Platen 1992, §15.1, for
/// an m-dimensional Wiener process): weak order 2 for any noise (the Lévy areas are replaced by two-point variables V,
/// the increments by three-point ones). Draws its own increments: it takes a RandomStream only. Costs 2 drift and 1 +
/// 4m diffusion evaluations per step.
class PlatenWeak2 {
 public:
  static constexpr const char* name = "platen_weak2";
  /// `Source`: a RandomStream, or any type with double uniform() on [0, 1) (a scripted source
  /// enumerates the three-point outcomes: u < 1/6 gives −√(3Δ), u < 1/3 gives +√(3Δ), else 0).
  template <class Sde, class Source>
  void do_step(const Sde& sde, Eigen::VectorXd& x, double t, double dt, Source& stream) {
    const Eigen::Index m = sde.noise_dimension();
    detail::check_step(name, sde, dt, m);
    draw(m, dt, stream);
    const double sq = std::sqrt(dt);
    sde.drift(x, a_, t);
    sde.diffusion(x, B_, t);
    // Ῡ = X + a Δ + B ΔŴ, then ½ (a(Ῡ) + a) Δ
    support_ = x + dt * a_;
    support_.noalias() += B_ * dW_;
    sde.drift(support_, a2_, t + dt);
    incr_ = (0.5 * dt) * (a_ + a2_);
    for (Eigen::Index j = 0; j < m; ++j) {
      // R±_j = X + a Δ ± b^j √Δ
      support_ = x + dt * a_ + sq * B_.col(j);
      sde.diffusion(support_, Bp_, t);
      support_ = x + dt * a_ - sq * B_.col(j);
      sde.diffusion(support_, Bm_, t);
      incr_ += 0.25 * (Bp_.col(j) + Bm_.col(j) + 2.0 * B_.col(j)) * dW_[j];
      incr_ += 0.25 * (Bp_.col(j) - Bm_.col(j)) * ((dW_[j] * dW_[j] - dt) / sq);
    }
    for (Eigen::Index r = 0; r < m && m > 1; ++r) {
      // U±_r = X ± b^r √Δ, acting on every b^j, j ≠ r
      support_ = x + sq * B_.col(r);
      sde.diffusion(support_, Bp_, t);
      support_ = x - sq * B_.col(r);
      sde.diffusion(support_, Bm_, t);
      for (Eigen::Index j = 0; j < m; ++j) {
        if (j == r) continue;
        incr_ += 0.25 * (Bp_.col(j) + Bm_.col(j) - 2.0 * B_.col(j)) * dW_[j];
        incr_ += 0.25 * (Bp_.col(j) - Bm_.col(j)) * ((dW_[j] * dW_[r] + V_(r, j)) / sq);
      }
    }
    x += incr_;
  }

 private:
  // ΔŴ three-point: ±√(3Δ) with probability 1/6 each, 0 with 2/3; V_{j1,j2} (j1 ≠ j2) two-point
  // ±Δ for j2 < j1, V_{j1,j2} = −V_{j2,j1} (docs/models/stochastic_dynamics.md (12)).
  template <class Source>
  void draw(Eigen::Index m, double dt, Source& stream) {
    dW_.resize(m);
    V_.setZero(m, m);
    const double s3 = std::sqrt(3.0 * dt);
    for (Eigen::Index j = 0; j < m; ++j) {
      const double u = stream.uniform();
      dW_[j] = u < 1.0 / 6.0 ? -s3 : (u < 2.0 / 6.0 ? s3 : 0.0);
    }
    for (Eigen::Index j1 = 0; j1 < m; ++j1)
      for (Eigen::Index j2 = 0; j2 < j1; ++j2) {
        V_(j1, j2) = stream.uniform() < 0.5 ? -dt : dt;
        V_(j2, j1) = -V_(j1, j2);
      }
  }
  Eigen::VectorXd a_, a2_, incr_, support_, dW_;
  Eigen::MatrixXd B_, Bp_, Bm_, V_;
};

/// n steps of dt from (x, t0) with increments drawn from `stream` (x is advanced in place).
template <class Stepper, class Sde>
void integrate_sde_n_steps(Stepper& stepper, const Sde& sde, Eigen::VectorXd& x, double t0, double dt, long n,
                           RandomStream& stream) {
  for (long k = 0; k < n; ++k) stepper.do_step(sde, x, t0 + static_cast<double>(k) * dt, dt, stream);
}

/// The stochastic steppers by name (a scenario's or a script's choice): "euler_maruyama",
/// "milstein", "platen_weak2".
const std::vector<std::string>& sde_stepper_names();
/// n steps of dt from (X, t0) with the stepper named `stepper`, its increments drawn from `stream`
/// (brownian_stream(seed, run) for a run of a campaign). ConfigurationError naming the stepper and
/// listing the names when it is none of them (a deterministic stepper's name included: it says so);
/// IntegrationError for dt not positive and finite or n negative.
void propagate_sde(const StochasticSystem& sde, const std::string& stepper, Eigen::VectorXd& X, double t0, double dt,
                   long n, RandomStream& stream);

// ---- order studies (docs/models/stochastic_dynamics.md §5) -------------------------------------

struct SdeOrderLevel {
  long steps = 0;               ///< steps over [0, T]
  double dt = 0.0;              ///< [s]
  double error = 0.0;           ///< strong: E‖X_T − X_ref‖; weak: |E g(X_T) − E g_exact|
  double standard_error = 0.0;  ///< the Monte-Carlo standard error of `error`
};

struct SdeOrderStudy {
  std::vector<SdeOrderLevel> levels;
  double order = 0.0;  ///< least-squares slope of log error against log dt, docs/models/stochastic_dynamics.md (13)
  double order_standard_error =
      0.0;  ///< its standard error by the delta method, docs/models/stochastic_dynamics.md (14)
};

/// The least-squares slope of log error on log dt and its delta-method standard error (levels
/// treated as independent), docs/models/stochastic_dynamics.md (13)–(14).
void fit_order(SdeOrderStudy& study);
/// Checks of a study's arguments: T > 0 finite, ≥ 2 levels, every count ≥ 1 dividing the finest
/// (strong) and paths ≥ 2. IntegrationError naming the field.
void validate_order_study(const char* study, double T, const std::vector<long>& steps, long paths, bool nested);

namespace detail {
/// The strong study's loop (docs/models/stochastic_dynamics.md (15)): per path, the Brownian
/// increments at `finest` steps (stream RandomStream(seed, path, 0)), the reference X_T of that path
/// (`reference(dW)`, dW the m × finest increments) and each level's X_T from the increments summed
/// into its steps; E‖X_T − reference‖ and its standard error per level, the order fitted.
template <class Stepper, class Sde, class Reference>
SdeOrderStudy strong_study(const Sde& sde, const Eigen::VectorXd& x0, double T, const std::vector<long>& steps,
                           long finest, long paths, std::uint64_t seed, Reference reference) {
  const Eigen::Index m = sde.noise_dimension();
  std::vector<double> sum(steps.size(), 0.0), sum2(steps.size(), 0.0);
  Eigen::MatrixXd dW(m, finest);
  Eigen::VectorXd x, inc(m);
  Stepper stepper;
  for (long p = 0; p < paths; ++p) {
    RandomStream stream(seed, static_cast<std::uint64_t>(p), 0);
    const double s = std::sqrt(T / static_cast<double>(finest));
    for (long k = 0; k < finest; ++k)
      for (Eigen::Index j = 0; j < m; ++j) dW(j, k) = s * stream.normal();
    const Eigen::VectorXd ref = reference(dW);
    for (std::size_t l = 0; l < steps.size(); ++l) {
      const long n = steps[l], r = finest / n;
      const double dt = T / static_cast<double>(n);
      x = x0;
      for (long k = 0; k < n; ++k) {
        inc = dW.middleCols(k * r, r).rowwise().sum();
        stepper.do_step(sde, x, static_cast<double>(k) * dt, dt, inc);
      }
      const double e = (x - ref).norm();
      sum[l] += e;
      sum2[l] += e * e;
    }
  }
  SdeOrderStudy study;
  const double M = static_cast<double>(paths);
  for (std::size_t l = 0; l < steps.size(); ++l) {
    const double mean = sum[l] / M;
    const double var = std::max(0.0, (sum2[l] - M * mean * mean) / (M - 1.0));
    study.levels.push_back({steps[l], T / static_cast<double>(steps[l]), mean, std::sqrt(var / M)});
  }
  fit_order(study);
  return study;
}
}  // namespace detail

/// Strong error E‖X_T − exact(W_T)‖ of `Stepper` at each step count in `steps` over `paths` paths:
/// each path's Brownian motion is drawn at the finest step (stream RandomStream(seed, path, 0)) and
/// its increments summed into the coarser ones, so every level follows the same path
/// (docs/models/stochastic_dynamics.md (15)). `exact(x0, W_T)` is the path's exact X_T from the total increment W_T
/// (geometric Brownian motion); strong_order_study_self serves an SDE without one.
template <class Stepper, class Sde, class Exact>
SdeOrderStudy strong_order_study(const Sde& sde, const Eigen::VectorXd& x0, double T, const std::vector<long>& steps,
                                 long paths, std::uint64_t seed, Exact exact) {
  validate_order_study("strong_order_study", T, steps, paths, true);
  const long finest = *std::max_element(steps.begin(), steps.end());
  return detail::strong_study<Stepper>(sde, x0, T, steps, finest, paths, seed, [&](const Eigen::MatrixXd& dW) {
    return Eigen::VectorXd(exact(x0, Eigen::VectorXd(dW.rowwise().sum())));
  });
}

/// The same for an SDE without a closed form (a model's, StochasticSystem): the reference of each
/// path is `Stepper` itself at `finest` steps along the same path (`finest` a multiple of every
/// count in `steps`, and well above them: the reference's own error is then negligible at the
/// scheme's strong order).
template <class Stepper, class Sde>
SdeOrderStudy strong_order_study_self(const Sde& sde, const Eigen::VectorXd& x0, double T,
                                      const std::vector<long>& steps, long finest, long paths, std::uint64_t seed) {
  validate_order_study("strong_order_study_self", T, steps, paths, false);
  for (const long n : steps)
    if (finest <= n || finest % n != 0)
      throw IntegrationError("strong_order_study_self finest", std::to_string(finest),
                             "must be a multiple of every level's step count and above it (" + std::to_string(n) +
                                 "): the reference is the scheme at the finest step");
  return detail::strong_study<Stepper>(sde, x0, T, steps, finest, paths, seed, [&](const Eigen::MatrixXd& dW) {
    Eigen::VectorXd ref = x0;
    Eigen::VectorXd inc(dW.rows());
    Stepper stepper;
    const double dt = T / static_cast<double>(finest);
    for (long k = 0; k < finest; ++k) {
      inc = dW.col(k);
      stepper.do_step(sde, ref, static_cast<double>(k) * dt, dt, inc);
    }
    return ref;
  });
}

/// Weak error |mean g(X_T) − expected| of `Stepper` at each step count over `paths` independent
/// paths per level (stream RandomStream(seed, path, level + 1)), docs/models/stochastic_dynamics.md (16). `expected` is
/// the exact E g(X_T).
template <class Stepper, class Sde, class G>
SdeOrderStudy weak_order_study(const Sde& sde, const Eigen::VectorXd& x0, double T, const std::vector<long>& steps,
                               long paths, std::uint64_t seed, G g, double expected) {
  validate_order_study("weak_order_study", T, steps, paths, false);
  SdeOrderStudy study;
  Eigen::VectorXd x;
  Stepper stepper;
  const double M = static_cast<double>(paths);
  for (std::size_t l = 0; l < steps.size(); ++l) {
    const long n = steps[l];
    const double dt = T / static_cast<double>(n);
    double sum = 0.0, sum2 = 0.0;
    for (long p = 0; p < paths; ++p) {
      RandomStream stream(seed, static_cast<std::uint64_t>(p), l + 1);
      x = x0;
      integrate_sde_n_steps(stepper, sde, x, 0.0, dt, n, stream);
      const double v = g(x);
      sum += v;
      sum2 += v * v;
    }
    const double mean = sum / M;
    const double var = std::max(0.0, (sum2 - M * mean * mean) / (M - 1.0));
    study.levels.push_back({n, dt, std::abs(mean - expected), std::sqrt(var / M)});
  }
  fit_order(study);
  return study;
}

}  // namespace ramus
