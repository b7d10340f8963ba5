#include "ramus/steppers/flight_software.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

using validation::to_text;

void FlightSoftware::add(std::shared_ptr<FlightSoftwareTask> task) {
  if (!task) throw ConfigurationError("flight software", "task", "null", "needs a task");
  if (bound_) throw ConfigurationError(task->label(), "add", "after bind()", "add every task before the run starts");
  for (const auto& t : tasks_)
    if (t->name() == task->name())
      throw ConfigurationError(task->label(), "name", "'" + task->name() + "'", "is already used by another task");
  tasks_.push_back(std::move(task));
}

void FlightSoftware::bind(const System& system, double t0) {
  const Model& model = system.model();
  const InputLayout& layout = model.input_layout();
  scheduled_.clear();
  for (const auto& task : tasks_) {
    Scheduled s;
    s.task = task;
    const std::size_t vehicle = [&] {
      try {
        return model.vehicle_index(task->vehicle());
      } catch (const ConfigurationError&) {
        throw ConfigurationError(task->label(), "vehicle", "'" + task->vehicle() + "'", "no such vehicle in the model");
      }
    }();
    for (const std::string& name : task->outputs()) {
      Eigen::Index c = 0;
      try {
        c = layout.find(name);
      } catch (const ConfigurationError&) {
        throw ConfigurationError(task->label(), "output channel", "'" + name + "'",
                                 "no such actuator channel (`ramus describe` lists them)");
      }
      if (layout.block_at(c)->vehicle != vehicle)
        throw ConfigurationError(task->label(), "output channel", "'" + name + "'",
                                 "belongs to vehicle '" + model.vehicle(layout.block_at(c)->vehicle).name() +
                                     "', not to the task's vehicle '" + task->vehicle() + "'");
      for (const Eigen::Index other : s.channels)
        if (other == c) throw ConfigurationError(task->label(), "output channel", "'" + name + "'", "is listed twice");
      // One writer per channel: two tasks commanding one actuator would silently take turns.
      for (const Scheduled& earlier : scheduled_)
        for (const Eigen::Index other : earlier.channels)
          if (other == c)
            throw ConfigurationError(task->label(), "output channel", "'" + name + "'",
                                     "is written by " + earlier.task->label() + " too: each channel has one writer");
      s.channels.push_back(c);
    }
    s.computed.assign(s.channels.size(), 0.0);
    s.pending.assign(s.channels.size(), 0.0);
    task->bind(model);
    scheduled_.push_back(std::move(s));
  }
  t0_ = t0;
  bound_ = true;
}

namespace {

/// Sample times this close to t are the instant t (docs/architecture.md §D7): the products
/// k·period of different tasks may differ by an ulp or two where they agree in exact arithmetic
/// (30 × 0.1 is 3.0000000000000004), and the tasks of one instant run together, in the order they
/// were added.
double same_instant(double t) { return 8.0 * std::numeric_limits<double>::epsilon() * std::max(1.0, std::abs(t)); }

}  // namespace

double FlightSoftware::sample_time(const Scheduled& s, std::uint64_t k) const {
  // From the start by multiplication, never by accumulation: no drift over long runs.
  const TaskTiming& tm = s.task->timing();
  return t0_ + tm.offset + static_cast<double>(k) * tm.period;
}

void FlightSoftware::check_resolution(double t1) const {
  // Two samples of a task must be distinct instants wherever the run goes: at |t| up to |t1| the
  // samples of one instant are those within same_instant(t) (below), so a period must exceed twice
  // that, else the schedule cannot advance (the samples would all be the instant t).
  for (const Scheduled& s : scheduled_) {
    const TaskTiming& tm = s.task->timing();
    const double t_far = std::max(std::abs(t0_ + tm.offset), std::abs(t1));
    const double resolution = 2.0 * same_instant(t_far);
    if (!(tm.period > resolution))
      throw ConfigurationError(s.task->label(), "period [s]", to_text(tm.period),
                               "is below the time resolution of the run: sample times within " + to_text(resolution) +
                                   " s of each other are one instant at t = " + to_text(t_far) +
                                   " s (docs/architecture.md §D7); give a period of at least that");
  }
}

double FlightSoftware::next_sample(double t) const {
  double next = std::numeric_limits<double>::infinity();
  for (const Scheduled& s : scheduled_) {
    // The first k at or after s.k whose sample time is after the instant t, found by division
    // (never by counting samples one by one: a tiny period would take forever), then corrected
    // by at most a few steps for the rounding of the division.
    const TaskTiming& tm = s.task->timing();
    const double after = t + same_instant(t);
    std::uint64_t k = s.k;
    const double k_real = std::floor((after - t0_ - tm.offset) / tm.period);
    if (k_real >= static_cast<double>(k)) {
      if (!(k_real < 9.0e18))
        throw IntegrationError(
            s.task->label() + " at t = " + to_text(t) + " s", "sample " + to_text(k_real),
            "exceeds the sample counter: the period " + to_text(tm.period) + " s is too small for the run's time");
      k = static_cast<std::uint64_t>(k_real);
    }
    double ts = sample_time(s, k);
    for (int tries = 0; !(ts > after); ++tries) {
      if (tries == 4)  // the period no longer advances the sample time at t (check_resolution)
        throw IntegrationError(s.task->label() + " at t = " + to_text(t) + " s", "period " + to_text(tm.period) + " s",
                               "does not advance the sample time: it is below the time resolution at t");
      ts = sample_time(s, ++k);
    }
    next = std::min(next, ts);
  }
  return next;
}

bool FlightSoftware::run_due(double t, const Eigen::VectorXd& x, const System& system) {
  Inputs& inputs = system.inputs();
  bool changed = false;
  const auto command = [&](const Scheduled& s, const std::vector<double>& values) {
    for (std::size_t j = 0; j < s.channels.size(); ++j) {
      const double before = inputs.applied()[s.channels[j]];
      inputs.set(s.channels[j], values[j]);
      changed = changed || inputs.applied()[s.channels[j]] != before;
    }
  };
  for (Scheduled& s : scheduled_) {
    if (sample_time(s, s.k) > t + same_instant(t)) continue;
    const TaskInput in{t, x, system.model(), inputs};
    s.task->update(in, std::span<double>(s.computed));
    ++calls_;
    ++s.k;
    for (std::size_t j = 0; j < s.channels.size(); ++j)
      if (!std::isfinite(s.computed[j]))
        throw IntegrationError(s.task->label() + " command " + system.model().input_layout().entry_name(s.channels[j]) +
                                   " at t = " + to_text(t) + " s",
                               to_text(s.computed[j]), "is not finite; the run stops at the last good state");
    if (s.task->timing().delay == 0) {
      command(s, s.computed);
    } else {
      // One sample of delay: apply what the previous call computed, keep this call's for the next.
      if (s.has_pending) command(s, s.pending);
      s.pending.swap(s.computed);
      s.has_pending = true;
    }
  }
  return changed;
}

}  // namespace ramus
