// Scenario files in Python (docs/python.md, "Scenarios and campaigns"): a scenario loaded from a
// file or from the same JSON as a dict (the package turns the dict into JSON text), run with its
// inputs, flight software and events, its logged quantities returned as numpy arrays; campaigns
// run on threads, their runs' final values and histories returned as arrays.
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include "conversions.hpp"
#include "interrupt.hpp"
#include "ramus/scenario/campaign.hpp"
#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/replay.hpp"
#include "ramus/scenario/run_scenario.hpp"
#include "ramus/scenario/scenario.hpp"

namespace ramus::python {
namespace {

/// One run's logged rows (t first), its final state, its stop and its statistics.
struct RunRows {
  std::vector<double> rows;    ///< row-major, columns().size() per row
  std::vector<double> states;  ///< row-major, the state at each logged row (when kept)
  Eigen::VectorXd x;
  PropagationStats stats;
  double wall_time = 0.0;  ///< [s] of the run, measured around it
};

/// The run of s, its logged rows and, with `keep_states`, the state at each row (a scenario run
/// from Python; a campaign keeps only the rows).
RunRows run_rows(const scenario::Scenario& s, const scenario::QuantityLog& log, bool keep_states = false) {
  RunRows r;
  const auto start = std::chrono::steady_clock::now();
  r.stats =
      scenario::run_scenario_with_view(s, r.x, [&](const Eigen::VectorXd& x, double t, const scenario::RunView& v) {
        const std::vector<double> row = log.row(x, t, v);
        r.rows.insert(r.rows.end(), row.begin(), row.end());
        if (keep_states) r.states.insert(r.states.end(), x.data(), x.data() + x.size());
      });
  r.wall_time = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

py::dict run_dict(RunRows&& r, const scenario::QuantityLog& log) {
  const auto width = static_cast<py::ssize_t>(log.columns().size());
  const auto rows = static_cast<py::ssize_t>(r.rows.size()) / width;
  py::dict out;
  out["values"] = hand_over(std::move(r.rows), rows, width);
  out["columns"] = log.columns();
  out["units"] = log.units();
  out["x_final"] = copy_of(r.x);
  const auto n = static_cast<py::ssize_t>(r.x.size());
  const py::ssize_t states = n > 0 ? static_cast<py::ssize_t>(r.states.size()) / n : 0;
  out["x"] = hand_over(std::move(r.states), states, n);
  py::list events;
  for (const EventOccurrence& e : r.stats.events) events.append(py::make_tuple(e.name, e.t, e.rising));
  out["events"] = events;
  out["stopped"] = r.stats.stopped;
  // The driver's statistics (ramus/steppers/propagate.hpp, PropagationStats) and the wall time.
  py::dict stats;
  stats["steps"] = r.stats.steps;
  stats["rejected"] = r.stats.rejected;
  stats["evaluations"] = r.stats.evaluations;
  stats["t"] = r.stats.t;
  stats["stopped"] = r.stats.stopped;
  stats["events"] = r.stats.events.size();
  stats["wall_time"] = r.wall_time;
  out["stats"] = stats;
  return out;
}

/// Each flight-software task of the scenario as `ramus describe` lists it (name, vehicle, period,
/// offset, delay, the channels it writes) and, for an attitude-control task, the law, its gains and
/// the inertia it uses (docs/fsw/attitude_control_task.md).
py::list flight_software_list(const scenario::Scenario& s) {
  py::list out;
  const std::unique_ptr<FlightSoftware> software = scenario::make_flight_software(s);
  if (!software) return out;
  for (const scenario::FlightSoftwareTaskSpec& spec : s.flight_software) {
    py::dict d;
    d["name"] = spec.name;
    d["type"] = spec.type;
    for (const auto& task : software->tasks()) {
      if (task->name() != spec.name) continue;
      d["vehicle"] = task->vehicle();
      d["period"] = task->timing().period;
      d["offset"] = task->timing().offset;
      d["delay"] = task->timing().delay;
      d["outputs"] = task->outputs();
    }
    if (spec.type == "attitude_control") {
      const fsw::AttitudeControlTaskConfig& c = spec.attitude_control;
      if (c.law == fsw::AttitudeControlLaw::quaternion_pd) {
        d["law"] = "quaternion_pd";
        d["k_p"] = c.quaternion_pd.k_p;
        d["K_d"] = c.quaternion_pd.K_d;
        d["I_PntC_B"] = c.quaternion_pd.I_PntC_B;
        d["feed_forward"] = c.quaternion_pd.feed_forward;
      } else {
        d["law"] = "mrp_feedback";
        d["K"] = c.control.K;
        d["P"] = c.control.P;
        d["K_i"] = c.control.K_i;
        d["integral_limit"] = c.control.integral_limit;
        d["I_PntC_B"] = c.control.I_PntC_B;
        d["feed_forward"] = c.control.feed_forward;
      }
      d["actuator"] = c.actuator == fsw::AttitudeActuator::reaction_wheels ? "reaction_wheels" : "ideal_torque";
    }
    out.append(d);
  }
  return out;
}

}  // namespace

void bind_scenario(py::module_& m) {
  py::class_<scenario::Scenario, std::shared_ptr<scenario::Scenario>>(m, "Scenario",
                                                                      "A loaded scenario (docs/scenario.md).")
      .def_readonly("description", &scenario::Scenario::description)
      .def_property_readonly("model", [](const scenario::Scenario& s) { return s.model; })
      .def_readonly("output_times", &scenario::Scenario::output_times)
      .def_readonly("log", &scenario::Scenario::log)
      .def_property_readonly("stepper", [](const scenario::Scenario& s) { return s.settings.stepper; })
      .def_property_readonly("dt", [](const scenario::Scenario& s) { return s.settings.dt; })
      .def_property_readonly("_flight_software", &flight_software_list)
      .def(
          "_replay",  // (page, glTF text) of the states x (n, state size) at times t (docs/viewer.md)
          [](const scenario::Scenario& s, const std::string& json, const std::string& base, const py::handle& t_in,
             const py::handle& x_in, bool with_gltf) {
            const py::array_t<double> t = to_real_array(t_in, "Result.view", "t");
            const py::array_t<double> x = to_real_array(x_in, "Result.view", "x");
            const auto size = static_cast<py::ssize_t>(s.model->initial_state().size());
            if (t.ndim() != 1 || x.ndim() != 2 || x.shape(0) != t.shape(0) || x.shape(1) != size)
              throw ConfigurationError("Result.view", "x", "an array of " + describe_array(x),
                                       "must hold the state (" + std::to_string(size) + " entries) at each of the " +
                                           std::to_string(t.size()) + " times");
            scenario::ReplayRecorder recorder(s, json, base);
            for (py::ssize_t i = 0; i < t.shape(0); ++i)
              recorder.record(Eigen::Map<const Eigen::VectorXd>(x.data() + i * size, size), t.data()[i]);
            const std::string gltf = with_gltf ? scenario::replay_gltf(recorder.replay()) : std::string();
            return py::make_tuple(py::bytes(scenario::replay_page(recorder.replay(), gltf)), py::bytes(gltf));
          },
          py::arg("json"), py::arg("base"), py::arg("t"), py::arg("x"), py::arg("gltf"))
      .def(
          "_run",
          [](const scenario::Scenario& s, const std::optional<std::vector<std::string>>& names,
             const py::object& progress) {
            const scenario::QuantityLog log(s, names ? *names : s.log);
            scenario::Scenario run = s;  // the same run, its step observer checking for Ctrl-C
            SignalCheck interrupt;
            // progress(done, total) in seconds of the run, at most every SignalCheck::period of wall
            // time (with the GIL) and once at the end; what it raises ends the run and reaches Python.
            const double t0 = s.output_times.front(), t1 = s.output_times.back();
            SignalCheck::clock::time_point next_report = SignalCheck::clock::now();
            run.settings.step_observer = [&, before = s.settings.step_observer](const Eigen::VectorXd& x, double t) {
              if (before) before(x, t);
              interrupt();
              if (progress.is_none() || SignalCheck::clock::now() < next_report) return;
              next_report = SignalCheck::clock::now() + SignalCheck::period;
              py::gil_scoped_acquire gil;
              progress(t - t0, t1 - t0);
            };
            RunRows r;
            {
              py::gil_scoped_release release;
              r = run_rows(run, log, true);
            }
            if (!progress.is_none()) progress(r.stats.t - t0, t1 - t0);
            return run_dict(std::move(r), log);
          },
          py::arg("log"), py::arg("progress") = py::none());

  m.def(
      "_load_scenario",
      [](const std::string& path) { return std::make_shared<scenario::Scenario>(scenario::load_scenario(path)); },
      py::arg("path"));
  m.def(
      "_parse_scenario",
      [](const std::string& json, const std::string& base) {
        return std::make_shared<scenario::Scenario>(scenario::parse_scenario(json, base));
      },
      py::arg("json"), py::arg("base"));

  py::class_<scenario::Campaign, std::shared_ptr<scenario::Campaign>>(
      m, "_Campaign", "A nominal scenario and its dispersions (docs/scenario.md §6).")
      .def(py::init([](const std::string& scenario_json, const std::string& dispersions_json, const std::string& base) {
             return std::make_shared<scenario::Campaign>(scenario_json, dispersions_json, base);
           }),
           py::arg("scenario_json"), py::arg("dispersions_json"), py::arg("base"))
      .def_property_readonly("seed", &scenario::Campaign::seed)
      .def_property_readonly("summary", &scenario::Campaign::summary)
      .def_property_readonly("notes", &scenario::Campaign::notes)
      .def_property_readonly("parameters",
                             [](const scenario::Campaign& c) {
                               std::vector<std::string> out;
                               for (const auto& d : c.dispersions()) out.push_back(d.path);
                               return out;
                             })
      .def("draw", &scenario::Campaign::draw, py::arg("run"))
      .def(
          "scenario",
          [](const scenario::Campaign& c, std::uint64_t run) {
            return std::make_shared<scenario::Scenario>(c.scenario(run));
          },
          py::arg("run"))
      .def(
          "_run",
          [](const scenario::Campaign& c, const std::vector<std::uint64_t>& runs, unsigned threads,
             const std::optional<std::vector<std::string>>& names, const py::object& progress) {
            const std::vector<std::string> log_names = names ? *names : c.summary();
            const scenario::QuantityLog log(c.nominal(), log_names);  // checks the names once
            struct Outcome {
              RunRows rows;
              std::string error;
            };
            std::vector<Outcome> outcomes(runs.size());
            // The runs go to worker threads; this thread waits for them, and every 0.05 s
            // (interrupt.hpp) takes the GIL to run Python's signal handlers: on Ctrl-C each worker
            // stops its run at its next step and takes no more, and the KeyboardInterrupt is raised
            // once they have all stopped.
            struct Interrupted {};
            std::atomic<bool> stop{false};
            std::optional<py::error_already_set> interrupt;
            {
              py::gil_scoped_release release;
              std::atomic<std::size_t> next{0}, done{0};
              std::mutex mutex;
              std::condition_variable finished;
              std::size_t working = 0;
              const auto worker = [&] {
                for (std::size_t j; !stop && (j = next++) < runs.size();) {
                  try {
                    scenario::Scenario s = c.scenario(runs[j]);
                    s.settings.step_observer = [&stop](const Eigen::VectorXd&, double) {
                      if (stop) throw Interrupted{};
                    };
                    outcomes[j].rows = run_rows(s, scenario::QuantityLog(s, log_names));
                  } catch (const Interrupted&) {
                    break;
                  } catch (const std::exception& e) {  // a failed run is a result, not the campaign's end
                    outcomes[j].error = e.what();
                  }
                  ++done;
                }
                const std::lock_guard<std::mutex> lock(mutex);
                --working;
                finished.notify_one();
              };
              std::vector<std::thread> pool;
              const unsigned n = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(runs.size())));
              working = n;
              for (unsigned t = 0; t < n; ++t) pool.emplace_back(worker);
              const bool main_thread = [] {
                py::gil_scoped_acquire gil;
                return SignalCheck::is_main_thread();
              }();
              std::unique_lock<std::mutex> lock(mutex);
              // progress(runs done, runs) every period and at the end; an exception it raises stops
              // the campaign like a Ctrl-C and reaches Python.
              while (!finished.wait_for(lock, SignalCheck::period, [&] { return working == 0; })) {
                if ((!main_thread && progress.is_none()) || stop) continue;
                lock.unlock();
                {
                  py::gil_scoped_acquire gil;
                  if (main_thread && PyErr_CheckSignals() != 0) {
                    interrupt.emplace();  // fetches the handler's exception
                    stop = true;
                  } else if (!progress.is_none()) {
                    try {
                      progress(done.load(), runs.size());
                    } catch (py::error_already_set& e) {
                      interrupt.emplace(std::move(e));
                      stop = true;
                    }
                  }
                }
                lock.lock();
              }
              lock.unlock();
              for (std::thread& t : pool) t.join();
            }
            if (interrupt) throw *interrupt;
            if (!progress.is_none()) progress(runs.size(), runs.size());
            const std::size_t width = log.columns().size();
            std::vector<double> final_values, draws;
            py::list histories, errors;
            for (std::size_t j = 0; j < runs.size(); ++j) {
              const std::vector<double> d = c.draw(runs[j]);
              draws.insert(draws.end(), d.begin(), d.end());
              Outcome& o = outcomes[j];
              if (!o.error.empty() || o.rows.rows.size() < width) {
                final_values.insert(final_values.end(), width, std::numeric_limits<double>::quiet_NaN());
                histories.append(py::none());
                errors.append(o.error);
                continue;
              }
              final_values.insert(final_values.end(), o.rows.rows.end() - static_cast<std::ptrdiff_t>(width),
                                  o.rows.rows.end());
              const auto rows = static_cast<py::ssize_t>(o.rows.rows.size() / width);
              histories.append(hand_over(std::move(o.rows.rows), rows, static_cast<py::ssize_t>(width)));
              errors.append(py::none());
            }
            py::dict out;
            out["runs"] = runs;
            out["final"] = hand_over(std::move(final_values), static_cast<py::ssize_t>(runs.size()),
                                     static_cast<py::ssize_t>(width));
            out["draws"] = hand_over(std::move(draws), static_cast<py::ssize_t>(runs.size()),
                                     static_cast<py::ssize_t>(c.dispersions().size()));
            out["histories"] = histories;
            out["errors"] = errors;
            out["columns"] = log.columns();
            out["units"] = log.units();
            return out;
          },
          py::arg("runs"), py::arg("threads"), py::arg("log"), py::arg("progress") = py::none());
}

}  // namespace ramus::python
