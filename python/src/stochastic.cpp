// Stochastic dynamics in Python (docs/python.md, "Stochastic dynamics"; docs/models/stochastic_dynamics.md):
// noise processes on actuator channels and the SDE steppers by name over a campaign of seeded
// runs. The GIL is released while C++ integrates.
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "conversions.hpp"
#include "interrupt.hpp"
#include "ramus/kernel/validation.hpp"
#include "ramus/steppers/stochastic.hpp"
#include "system_handle.hpp"

namespace ramus::python {
namespace {

/// One noise process from (kind, name, channel, sigma, tau); the library validates the numbers.
NoiseProcess to_process(const py::handle& item, std::size_t i) {
  const std::string owner = "propagate_sde";
  const std::string field = "noise[" + std::to_string(i) + "]";
  py::tuple t;
  try {
    t = py::reinterpret_borrow<py::object>(item).cast<py::tuple>();
  } catch (const py::cast_error&) {
    throw ConfigurationError(owner, field, py::str(item).cast<std::string>(),
                             "must be a tuple (kind, name, channel, sigma, tau)");
  }
  if (t.size() != 5)
    throw ConfigurationError(owner, field, std::to_string(t.size()) + " entries",
                             "must be a tuple (kind, name, channel, sigma, tau)");
  const auto kind = t[0].cast<std::string>();
  const auto name = t[1].cast<std::string>();
  const auto channel = t[2].cast<std::string>();
  const double sigma = t[3].cast<double>(), tau = t[4].cast<double>();
  if (kind == "white") return white_noise(name, channel, sigma);
  if (kind == "gauss_markov") return gauss_markov_noise(name, channel, sigma, tau);
  if (kind == "random_walk") return random_walk_noise(name, channel, sigma);
  throw ConfigurationError(validation::owner("noise process", name), "kind", "'" + kind + "'",
                           "must be 'white', 'gauss_markov' or 'random_walk'");
}

}  // namespace

void bind_stochastic(py::module_& m) {
  m.def("sde_stepper_names", &sde_stepper_names,
        "The stochastic steppers by name (docs/models/stochastic_dynamics.md §4).");
  m.def(
      "_propagate_sde",
      [](const std::shared_ptr<SystemHandle>& handle, const py::list& noise, const std::string& stepper,
         const py::handle& dt_value, const py::handle& steps_value, const py::handle& seed_value,
         const py::handle& runs_value, bool stationary) {
        std::vector<NoiseProcess> processes;
        for (std::size_t i = 0; i < noise.size(); ++i) processes.push_back(to_process(noise[i], i));
        const double dt = to_number(dt_value, "propagate_sde", "dt [s]");
        const std::uint64_t steps = to_count(steps_value, "propagate_sde", "steps");
        const std::uint64_t seed = seed_value.cast<std::uint64_t>();
        const std::uint64_t runs = to_count(runs_value, "propagate_sde", "runs");
        const StochasticSystem sde(handle->system, processes);
        const auto n = static_cast<std::size_t>(sde.size());
        std::vector<double> out(static_cast<std::size_t>(runs) * n);
        {
          SystemUse use(*handle);
          SignalCheck interrupt;
          py::gil_scoped_release release;
          for (std::uint64_t r = 0; r < runs; ++r) {
            RandomStream stream = brownian_stream(seed, r);
            Eigen::VectorXd X = stationary ? sde.initial_state(stream) : sde.initial_state();
            propagate_sde(sde, stepper, X, 0.0, dt, static_cast<long>(steps), stream);
            for (std::size_t k = 0; k < n; ++k) out[r * n + k] = X[static_cast<Eigen::Index>(k)];
            interrupt();
          }
        }
        std::vector<Eigen::Index> noise_states;
        for (std::size_t k = 0; k < processes.size(); ++k) noise_states.push_back(sde.state_index(k));
        py::dict result;
        result["x"] = hand_over(std::move(out), static_cast<py::ssize_t>(runs), static_cast<py::ssize_t>(n));
        result["noise_state_index"] = noise_states;
        result["model_size"] = sde.model_size();
        return result;
      },
      py::arg("system"), py::arg("noise"), py::arg("stepper"), py::arg("dt"), py::arg("steps"), py::arg("seed"),
      py::arg("runs"), py::arg("stationary"));
}

}  // namespace ramus::python
