// Noise processes, the SDE of a model and the order-study fit (docs/models/stochastic_dynamics.md).
#include "ramus/steppers/stochastic.hpp"

#include <cmath>
#include <limits>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {
namespace {

// The unit of σ for each kind, u the channel's unit (docs/models/stochastic_dynamics.md (3)–(5)).
std::string sigma_field(NoiseKind k, const std::string& unit) {
  switch (k) {
    case NoiseKind::white:
      return "sigma [" + unit + " s^1/2]";
    case NoiseKind::gauss_markov:
      return "sigma [" + unit + "]";
    case NoiseKind::random_walk:
      return "sigma [" + unit + " s^-1/2]";
  }
  return "sigma";
}

}  // namespace

void NoiseProcess::validate() const {
  const std::string o = validation::owner("noise process", name);
  const std::string field = sigma_field(kind, "u");
  if (!std::isfinite(sigma) || sigma < 0.0)
    throw ConfigurationError(
        o, field, validation::to_text(sigma),
        "a noise intensity must be finite and non-negative (u: the unit of channel '" + channel + "')");
  if (kind == NoiseKind::gauss_markov && (!std::isfinite(tau) || !(tau > 0.0)))
    throw ConfigurationError(o, "tau [s]", validation::to_text(tau),
                             "a Gauss-Markov time constant must be positive and finite");
}

NoiseProcess white_noise(std::string name, std::string channel, double sigma) {
  NoiseProcess p{std::move(name), std::move(channel), NoiseKind::white, sigma, 0.0};
  p.validate();
  return p;
}

NoiseProcess gauss_markov_noise(std::string name, std::string channel, double sigma, double tau) {
  NoiseProcess p{std::move(name), std::move(channel), NoiseKind::gauss_markov, sigma, tau};
  p.validate();
  return p;
}

NoiseProcess random_walk_noise(std::string name, std::string channel, double sigma) {
  NoiseProcess p{std::move(name), std::move(channel), NoiseKind::random_walk, sigma, 0.0};
  p.validate();
  return p;
}

std::vector<NoiseProcess> per_axis(const NoiseProcess& process, const std::string& block) {
  std::vector<NoiseProcess> out;
  for (int i = 0; i < 3; ++i) {
    NoiseProcess p = process;
    p.name = process.name + "[" + std::to_string(i) + "]";
    p.channel = block + "[" + std::to_string(i) + "]";
    p.validate();
    out.push_back(std::move(p));
  }
  return out;
}

// ---- StochasticSystem -------------------------------------------------------------------------

struct StochasticSystem::Impl {
  System system;
  std::vector<NoiseProcess> processes;
  Eigen::Index n = 0, nb = 0;
  std::vector<Eigen::Index> channel;  // per process: its input channel
  std::vector<Eigen::Index> state;    // per process: its offset in X, −1 for white
  bool any_white = false;
  // Scratch (sized here: evaluation allocates nothing).
  mutable Eigen::VectorXd x, f0, f1, base;

  explicit Impl(System s) : system(std::move(s)) {}

  // Adds each coloured state b_k to its channel, docs/models/stochastic_dynamics.md (6); `restore` puts the commands
  // back.
  void apply_coloured(const Eigen::VectorXd& X) const {
    Inputs& in = system.inputs();
    for (std::size_t k = 0; k < processes.size(); ++k) base[static_cast<Eigen::Index>(k)] = in.command()[channel[k]];
    for (std::size_t k = 0; k < processes.size(); ++k)
      if (state[k] >= 0) in.set(channel[k], in.command()[channel[k]] + X[state[k]]);
  }
  void restore() const {
    Inputs& in = system.inputs();
    for (std::size_t k = processes.size(); k-- > 0;) in.set(channel[k], base[static_cast<Eigen::Index>(k)]);
  }
  // Restores the run's commands however the evaluation ends.
  struct Guard {
    const Impl& impl;
    ~Guard() { impl.restore(); }
  };
};

StochasticSystem::StochasticSystem(System system, std::vector<NoiseProcess> processes)
    : impl_(std::make_shared<Impl>(std::move(system))) {
  Impl& s = *impl_;
  const Model& model = s.system.model();
  if (processes.empty())
    throw ConfigurationError("stochastic system", "noise processes", "none",
                             "the model has no noise process: an SDE stepper needs at least one (white_noise, "
                             "gauss_markov_noise, random_walk_noise); propagate a model without noise with a "
                             "deterministic stepper");
  s.n = model.layout().size();
  Eigen::Index next = s.n;
  for (const NoiseProcess& p : processes) {
    p.validate();
    const std::string o = validation::owner("noise process", p.name);
    Eigen::Index c = -1;
    try {
      c = model.input_layout().find(p.channel);
    } catch (const ConfigurationError& e) {
      throw ConfigurationError(o, "channel", p.channel,
                               std::string("the model has no such actuator channel (") + e.what() + ")");
    }
    const InputBlock* block = model.input_layout().block_at(c);
    if (block != nullptr && block->lock)
      throw ConfigurationError(o, "channel", p.channel, "is a lock flag (0 or 1), not a force, torque or command");
    if (std::isfinite(model.input_lower()[c]) || std::isfinite(model.input_upper()[c]))
      throw ConfigurationError(o, "channel", p.channel,
                               "has limits: a saturated channel is not affine, its noise column would be wrong; "
                               "put the noise on an unlimited channel (an external_force_torque on the same body)");
    for (const InputProfile& prof : model.default_input_profiles())
      if (prof.channel == c)
        throw ConfigurationError(o, "channel", p.channel,
                                 "is driven by a default profile, which the noise's command would replace");
    s.channel.push_back(c);
    if (p.kind == NoiseKind::white) {
      s.state.push_back(-1);
      s.any_white = true;
    } else {
      s.state.push_back(next++);
    }
  }
  s.nb = next - s.n;
  s.processes = std::move(processes);
  s.x.resize(s.n);
  s.f0.resize(s.n);
  s.f1.resize(s.n);
  s.base.resize(static_cast<Eigen::Index>(s.processes.size()));
}

Eigen::Index StochasticSystem::size() const { return impl_->n + impl_->nb; }
Eigen::Index StochasticSystem::model_size() const { return impl_->n; }
Eigen::Index StochasticSystem::noise_dimension() const { return static_cast<Eigen::Index>(impl_->processes.size()); }
const std::vector<NoiseProcess>& StochasticSystem::processes() const { return impl_->processes; }
const System& StochasticSystem::system() const { return impl_->system; }
Eigen::Index StochasticSystem::state_index(std::size_t k) const { return impl_->state.at(k); }

Eigen::VectorXd StochasticSystem::initial_state() const {
  Eigen::VectorXd X = Eigen::VectorXd::Zero(size());
  X.head(impl_->n) = impl_->system.model().initial_state();
  return X;
}

Eigen::VectorXd StochasticSystem::initial_state(RandomStream& stream) const {
  Eigen::VectorXd X = initial_state();
  for (std::size_t k = 0; k < impl_->processes.size(); ++k)
    if (impl_->processes[k].kind == NoiseKind::gauss_markov)
      X[impl_->state[k]] = impl_->processes[k].sigma * stream.normal();  // docs/models/stochastic_dynamics.md (4b)
  return X;
}

void StochasticSystem::drift(const Eigen::VectorXd& X, Eigen::VectorXd& a, double t) const {
  const Impl& s = *impl_;
  a.resize(size());
  s.x = X.head(s.n);
  {
    s.apply_coloured(X);
    const Impl::Guard guard{s};
    s.system(s.x, s.f0, t);  // f(x, t; u + Σ b_k), docs/models/stochastic_dynamics.md (6)
  }
  a.head(s.n) = s.f0;
  for (std::size_t k = 0; k < s.processes.size(); ++k) {
    const NoiseProcess& p = s.processes[k];
    if (p.kind == NoiseKind::gauss_markov)
      a[s.state[k]] = -X[s.state[k]] / p.tau;                   // docs/models/stochastic_dynamics.md (4)
    if (p.kind == NoiseKind::random_walk) a[s.state[k]] = 0.0;  // docs/models/stochastic_dynamics.md (5)
  }
}

void StochasticSystem::diffusion(const Eigen::VectorXd& X, Eigen::MatrixXd& B, double t) const {
  const Impl& s = *impl_;
  B.setZero(size(), noise_dimension());
  if (s.any_white) {
    s.x = X.head(s.n);
    s.apply_coloured(X);
    const Impl::Guard guard{s};
    s.system(s.x, s.f0, t);
    Inputs& in = s.system.inputs();
    for (std::size_t k = 0; k < s.processes.size(); ++k) {
      if (s.state[k] >= 0) continue;
      const Eigen::Index c = s.channel[k];
      const double u = in.command()[c];
      in.set(c, u + 1.0);  // a unit load on the channel: the column of docs/models/stochastic_dynamics.md (8)
      s.system(s.x, s.f1, t);
      in.set(c, u);
      B.col(static_cast<Eigen::Index>(k)).head(s.n) =
          s.processes[k].sigma * (s.f1 - s.f0);  // docs/models/stochastic_dynamics.md (7)
    }
  }
  for (std::size_t k = 0; k < s.processes.size(); ++k) {
    const NoiseProcess& p = s.processes[k];
    const auto col = static_cast<Eigen::Index>(k);
    if (p.kind == NoiseKind::gauss_markov)
      B(s.state[k], col) = p.sigma * std::sqrt(2.0 / p.tau);             // docs/models/stochastic_dynamics.md (4)
    if (p.kind == NoiseKind::random_walk) B(s.state[k], col) = p.sigma;  // docs/models/stochastic_dynamics.md (5)
  }
}

// ---- steppers by name ---------------------------------------------------------------------------

const std::vector<std::string>& sde_stepper_names() {
  static const std::vector<std::string> names{EulerMaruyama::name, Milstein::name, PlatenWeak2::name};
  return names;
}

void propagate_sde(const StochasticSystem& sde, const std::string& stepper, Eigen::VectorXd& X, double t0, double dt,
                   long n, RandomStream& stream) {
  if (!std::isfinite(dt) || !(dt > 0.0))
    throw IntegrationError("propagate_sde dt [s]", validation::to_text(dt), "must be positive and finite");
  if (n < 0) throw IntegrationError("propagate_sde steps", std::to_string(n), "must not be negative");
  if (X.size() != sde.size())
    throw IntegrationError("propagate_sde X", std::to_string(X.size()) + " entries",
                           "the stochastic system has " + std::to_string(sde.size()) +
                               " (the model's states, then one per coloured noise process)");
  if (stepper == EulerMaruyama::name) {
    EulerMaruyama s;
    integrate_sde_n_steps(s, sde, X, t0, dt, n, stream);
  } else if (stepper == Milstein::name) {
    Milstein s;
    integrate_sde_n_steps(s, sde, X, t0, dt, n, stream);
  } else if (stepper == PlatenWeak2::name) {
    PlatenWeak2 s;
    integrate_sde_n_steps(s, sde, X, t0, dt, n, stream);
  } else {
    throw ConfigurationError("propagate_sde", "stepper", "'" + stepper + "'",
                             "is not a stochastic stepper (euler_maruyama, milstein, platen_weak2); a model "
                             "with noise processes needs one of them, a model without noise a deterministic one");
  }
}

// ---- steppers' checks and the order fit --------------------------------------------------------

namespace detail {
void throw_increment_size(const char* stepper, Eigen::Index given, Eigen::Index m) {
  throw IntegrationError(std::string(stepper) + " Wiener increments", std::to_string(given) + " entries",
                         "the system has " + std::to_string(m) + " noise processes (one increment each)");
}
void throw_step(const char* stepper, double dt) {
  throw IntegrationError(std::string(stepper) + " dt [s]", validation::to_text(dt), "must be positive and finite");
}
}  // namespace detail

void validate_order_study(const char* study, double T, const std::vector<long>& steps, long paths, bool nested) {
  const std::string s(study);
  if (!std::isfinite(T) || !(T > 0.0))
    throw IntegrationError(s + " T [s]", validation::to_text(T), "must be positive and finite");
  if (steps.size() < 2)
    throw IntegrationError(s + " steps", std::to_string(steps.size()) + " level(s)",
                           "an order needs at least 2 levels");
  if (paths < 2) throw IntegrationError(s + " paths", std::to_string(paths), "a standard error needs at least 2 paths");
  long finest = 0;
  for (long n : steps) {
    if (n < 1) throw IntegrationError(s + " steps", std::to_string(n), "every level takes at least one step");
    finest = std::max(finest, n);
  }
  if (nested)
    for (long n : steps)
      if (finest % n != 0)
        throw IntegrationError(s + " steps", std::to_string(n),
                               "must divide the finest level's " + std::to_string(finest) +
                                   " steps (its increments are sums of the finest ones)");
}

void fit_order(SdeOrderStudy& study) {
  const auto L = static_cast<double>(study.levels.size());
  double xm = 0.0, ym = 0.0;
  for (const SdeOrderLevel& l : study.levels) {
    if (!(l.error > 0.0)) {
      study.order = study.order_standard_error = std::numeric_limits<double>::quiet_NaN();
      return;
    }
    xm += std::log(l.dt) / L;
    ym += std::log(l.error) / L;
  }
  double sxx = 0.0, sxy = 0.0;
  for (const SdeOrderLevel& l : study.levels) {
    sxx += (std::log(l.dt) - xm) * (std::log(l.dt) - xm);
    sxy += (std::log(l.dt) - xm) * (std::log(l.error) - ym);
  }
  study.order = sxy / sxx;  // docs/models/stochastic_dynamics.md (13)
  double var = 0.0;
  for (const SdeOrderLevel& l : study.levels) {
    const double w = (std::log(l.dt) - xm) / sxx;
    const double rel = l.standard_error / l.error;
    var += w * w * rel * rel;  // docs/models/stochastic_dynamics.md (14)
  }
  study.order_standard_error = std::sqrt(var);
}

}  // namespace ramus
