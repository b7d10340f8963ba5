#include "ramus/steppers/step_halving.hpp"

#include <cmath>
#include <limits>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/steppers/stepper_list.hpp"

namespace ramus {
namespace {

void validate(double dt0, int levels) {
  if (!std::isfinite(dt0) || !(dt0 > 0.0))
    throw IntegrationError("step-halving dt0 [s]", validation::to_text(dt0), "must be positive and finite");
  if (levels < 2) throw IntegrationError("step-halving levels", std::to_string(levels), "need at least 2");
}

void fill_orders(StepHalvingStudy& s) {
  for (std::size_t k = 0; k < s.levels.size(); ++k)
    s.levels[k].observed_order =
        k == 0 ? std::numeric_limits<double>::quiet_NaN() : std::log2(s.levels[k - 1].error / s.levels[k].error);
}

}  // namespace

std::vector<double> StepHalvingStudy::orders() const {
  std::vector<double> p;
  for (std::size_t k = 1; k < levels.size(); ++k) p.push_back(levels[k].observed_order);
  return p;
}

StepHalvingStudy step_halving_study(double dt0, int levels, const std::function<double(double)>& error_at) {
  validate(dt0, levels);
  StepHalvingStudy s;
  double dt = dt0;
  for (int k = 0; k < levels; ++k, dt *= 0.5) s.levels.push_back({dt, error_at(dt), 0.0});
  fill_orders(s);
  return s;
}

StepHalvingStudy step_halving_study_self(
    double dt0, int levels, const std::function<Eigen::VectorXd(double)>& solution_at,
    const std::function<double(const Eigen::VectorXd&, const Eigen::VectorXd&)>& distance) {
  validate(dt0, levels);
  StepHalvingStudy s;
  Eigen::VectorXd coarse = solution_at(dt0);
  double dt = dt0;
  for (int k = 0; k < levels; ++k, dt *= 0.5) {
    Eigen::VectorXd fine = solution_at(0.5 * dt);
    s.levels.push_back({dt, distance(coarse, fine), 0.0});
    coarse = std::move(fine);
  }
  fill_orders(s);
  return s;
}

StepHalvingStudy step_halving_study(const System& system, const Eigen::VectorXd& x0, double t0, double t1,
                                    const std::string& stepper, double dt0, int levels,
                                    const std::function<double(const Eigen::VectorXd&)>& error) {
  if (stepper_info(stepper).adaptive)
    throw ConfigurationError("step_halving_study", "stepper", "'" + stepper + "'",
                             "is adaptive: its step is chosen by the error control, so halving dt means nothing "
                             "(study the tolerance instead)");
  return step_halving_study(dt0, levels, [&](double dt) {
    Eigen::VectorXd x = x0;
    PropagationSettings settings;
    settings.stepper = stepper;
    settings.dt = dt;
    propagate(system, x, t0, t1, settings);
    return error(x);
  });
}

}  // namespace ramus
