#include "stochastic_costs.hpp"

#include <cmath>
#include <iomanip>
#include <memory>

#include "ramus/kernel/system.hpp"
#include "ramus/steppers/odeint_steppers.hpp"
#include "ramus/steppers/stochastic.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "timing.hpp"

namespace ramus::bench {
namespace {

constexpr double kSigma = 0.05;                       // [N m s^½] white torque noise per axis
const Eigen::Vector3d kInertia(100.0, 200.0, 300.0);  // [kg m²]

/// A hub tumbling at 0.02–0.05 rad/s, with an external_force_torque "noise" whose torque channels
/// carry the noise.
std::shared_ptr<Model> tumbling_hub() {
  auto model = std::make_shared<Model>();
  HubConfig hub;
  hub.mass = 10.0 * units::si::kilogram;
  hub.I_PntBc_B = units::InertiaTensor(Eigen::Matrix3d(kInertia.asDiagonal()), units::inertia_unit());
  Vehicle& v = model->add_vehicle("sc", hub);
  InitialState s;
  s.omega_BN_B = {Eigen::Vector3d(0.05, -0.02, 0.03), units::si::radian_per_second};
  v.set_initial_state(s);
  v.add_dynamic_effector(std::make_shared<ExternalForceTorque>("noise"));
  model->finalize();
  return model;
}

/// |H|² = |I ω|² of the state X.
double H_squared(const System& system, const Eigen::VectorXd& X) {
  const Eigen::Index w = system.model().vehicle(0).offsets().omega_BN_B;
  return kInertia.cwiseProduct(X.segment<3>(w)).squaredNorm();
}

/// The strong error of `Stepper` at each level against the same Brownian path integrated at the
/// finest step by the same scheme (no closed form for a tumbling body; strong_order_study_self).
template <class Stepper>
StochasticOrder strong_order(const StochasticSystem& sde, const std::string& name, const std::vector<long>& steps,
                             long finest, long paths, double T) {
  const SdeOrderStudy study =
      strong_order_study_self<Stepper>(sde, sde.initial_state(), T, steps, finest, paths, 20261208);
  StochasticOrder out{"strong, " + name, {}, {}, {}, study.order, study.order_standard_error, 1.0};
  for (const SdeOrderLevel& l : study.levels) {
    out.dt.push_back(l.dt);
    out.error.push_back(l.error);
    out.standard_error.push_back(l.standard_error);
  }
  return out;
}

template <class Stepper>
StochasticOrder weak_order(const StochasticSystem& sde, const std::string& name, const std::vector<long>& steps,
                           long paths, double T, double expected_order) {
  const double exact = H_squared(sde.system(), sde.initial_state()) + 3.0 * kSigma * kSigma * T;
  const SdeOrderStudy study = weak_order_study<Stepper>(
      sde, sde.initial_state(), T, steps, paths, 7,
      [&](const Eigen::VectorXd& X) { return H_squared(sde.system(), X); }, exact);
  StochasticOrder out{"weak E|H|^2, " + name, {}, {}, {}, study.order, study.order_standard_error, expected_order};
  for (const SdeOrderLevel& l : study.levels) {
    out.dt.push_back(l.dt);
    out.error.push_back(l.error);
    out.standard_error.push_back(l.standard_error);
  }
  return out;
}

}  // namespace

StochasticBench measure_stochastic(bool quick) {
  const std::shared_ptr<Model> model = tumbling_hub();
  const System system(model);
  std::vector<NoiseProcess> noise;
  for (NoiseProcess& p : per_axis(white_noise("torque", "-", kSigma), "sc/noise.torque_PntF_F")) noise.push_back(p);
  const StochasticSystem sde(system, noise);
  StochasticBench bench;

  // One step each, against one rk4 step of the model without noise.
  const int batches = quick ? 3 : 7;
  const double batch_seconds = quick ? 0.01 : 0.05;
  RandomStream stream(1, 2, 3);
  const double dt = 0.1;
  Eigen::VectorXd X = sde.initial_state(), x = model->initial_state();
  Eigen::VectorXd dW = Eigen::VectorXd::Zero(sde.noise_dimension());
  double t = 0.0;
  odeint_steppers::rk4 deterministic;
  const double rk4_seconds = time_batches(batches, batch_seconds, [&] {
                               deterministic.do_step(system, x, t, dt);
                               t += dt;
                             }).per_call.median;
  EulerMaruyama em;
  Milstein milstein;
  PlatenWeak2 platen;
  const auto draw = [&] {
    for (Eigen::Index j = 0; j < dW.size(); ++j) dW[j] = std::sqrt(dt) * stream.normal();
  };
  bench.steps.push_back({"euler_maruyama",
                         time_batches(batches, batch_seconds,
                                      [&] {
                                        draw();
                                        em.do_step(sde, X, t, dt, dW);
                                      })
                             .per_call.median,
                         rk4_seconds});
  X = sde.initial_state();
  bench.steps.push_back({"milstein",
                         time_batches(batches, batch_seconds,
                                      [&] {
                                        draw();
                                        milstein.do_step(sde, X, t, dt, dW);
                                      })
                             .per_call.median,
                         rk4_seconds});
  X = sde.initial_state();
  bench.steps.push_back(
      {"platen_weak2",
       time_batches(batches, batch_seconds, [&] { platen.do_step(sde, X, t, dt, stream); }).per_call.median,
       rk4_seconds});

  // The orders: T = 20 s, steps of 2 s down to 0.125 s (0.1 to 2.5 ω dt).
  const double T = 20.0;
  const std::vector<long> levels = {10, 20, 40, 80};
  const long finest = 640, strong_paths = quick ? 40 : 200, weak_paths = quick ? 4000 : 40000;
  bench.orders.push_back(strong_order<EulerMaruyama>(sde, "euler_maruyama", levels, finest, strong_paths, T));
  bench.orders.push_back(strong_order<Milstein>(sde, "milstein", levels, finest, strong_paths, T));
  bench.orders.push_back(weak_order<EulerMaruyama>(sde, "euler_maruyama", levels, weak_paths, T, 1.0));
  bench.orders.push_back(weak_order<PlatenWeak2>(sde, "platen_weak2", levels, weak_paths, T, 2.0));
  return bench;
}

void print_stochastic(std::ostream& os, const StochasticBench& bench) {
  os << "\n== stochastic dynamics: a tumbling hub, I = diag(100, 200, 300) kg m^2, white torque noise " << kSigma
     << " N m s^0.5 per axis (docs/models/stochastic_dynamics.md) ==\n";
  os << std::fixed << std::setprecision(3);
  for (const StochasticStepCost& c : bench.steps)
    os << "  one step, " << std::left << std::setw(16) << c.stepper << std::right << std::setw(9) << c.seconds * 1e6
       << " us  (" << std::setprecision(2) << c.seconds / c.rk4_seconds << "x one rk4 step of the model without noise, "
       << std::setprecision(3) << c.rk4_seconds * 1e6 << " us)\n";
  os << std::defaultfloat << std::setprecision(3);
  for (const StochasticOrder& o : bench.orders) {
    // An error within 3 standard errors of zero is sampling noise: the fitted slope then says
    // nothing of the scheme, and the line says so instead of printing it.
    bool resolved = true;
    for (std::size_t k = 0; k < o.dt.size(); ++k) resolved = resolved && o.error[k] > 3.0 * o.standard_error[k];
    os << "  " << std::left << std::setw(30) << o.what << std::right;
    if (resolved)
      os << " order " << o.order << " +- " << o.order_standard_error << " (scheme: " << o.expected << ")";
    else
      os << " order not resolved: the bias is within 3 standard errors of the sampling (scheme: " << o.expected << ")";
    os << ";  error +- standard error at dt";
    for (std::size_t k = 0; k < o.dt.size(); ++k)
      os << "  " << o.dt[k] << " s: " << o.error[k] << " +- " << o.standard_error[k];
    os << "\n";
  }
  os << "  (the noise is additive on the rates: Euler-Maruyama's strong order is 1 here, as Milstein's; the\n"
        "   weak error is of E|H|^2 against |H0|^2 + 3 sigma^2 T exactly)\n";
  os << std::setprecision(6);
}

}  // namespace ramus::bench
