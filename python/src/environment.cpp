// The environment's terms at points from Python (docs/python.md, "Evaluating the environment"):
// ramus.eval_gravity, eval_field, eval_shadow, eval_density and eval_srp (python/ramus/__init__.py)
// call _eval, which builds a scenario's environment and gravity sections (or their defaults) as
// `ramus eval` does (ramus/scenario/eval_environment.hpp) and evaluates the term at every point
// with the GIL released, into arrays handed to numpy without a copy.
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "conversions.hpp"
#include "interrupt.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"
#include "ramus/scenario/eval_environment.hpp"
#include "ramus/scenario/scenario.hpp"

namespace ramus::python {
namespace {

using scenario::EnvironmentTerm;

EnvironmentTerm term_named(const std::string& name) {
  for (const EnvironmentTerm t : {EnvironmentTerm::gravity, EnvironmentTerm::field, EnvironmentTerm::shadow,
                                  EnvironmentTerm::density, EnvironmentTerm::srp})
    if (name == scenario::to_string(t)) return t;
  throw ConfigurationError("eval", "term", "'" + name + "'", "must be gravity, field, shadow, density or srp");
}

/// The values of one term at n points, row-major: one block per field.
struct Values {
  std::vector<double> a, b, c, d, e;  ///< the term's fields in the order of names()
};

py::dict evaluate(const std::string& term_name, py::handle positions, py::handle times,
                  const std::optional<std::string>& scenario_json, const std::string& base, const std::string& source,
                  bool gradient, double pressure_1au) {
  const EnvironmentTerm term = term_named(term_name);
  const std::string owner = "eval_" + term_name;
  // The points: (3,) or (n, 3) positions [m], a scalar time or one per point [s], all finite.
  const py::array_t<double> r = to_real_array(positions, owner, "positions");
  if (!((r.ndim() == 1 && r.shape(0) == 3) || (r.ndim() == 2 && r.shape(1) == 3)))
    throw ConfigurationError(owner, "positions", "an array of " + describe_array(r),
                             "must be one point r_N [m] of shape (3,) or n points of shape (n, 3)");
  const py::ssize_t n = r.ndim() == 1 ? 1 : r.shape(0);
  const py::array_t<double> tt = to_real_array(times, owner, "t");
  if (!(tt.ndim() == 0 || (tt.ndim() == 1 && tt.shape(0) == n)))
    throw ConfigurationError(owner, "t", "an array of " + describe_array(tt),
                             "must be one time [s] or one per point (" + std::to_string(n) + ")");
  std::vector<Eigen::Vector3d> r_N(static_cast<std::size_t>(n));
  std::vector<double> t(static_cast<std::size_t>(n));
  for (py::ssize_t k = 0; k < n; ++k) {
    const auto i = static_cast<std::size_t>(k);
    r_N[i] = Eigen::Vector3d(r.data()[3 * k], r.data()[3 * k + 1], r.data()[3 * k + 2]);
    t[i] = tt.ndim() == 0 ? tt.data()[0] : tt.data()[k];
    for (Eigen::Index j = 0; j < 3; ++j)
      if (!std::isfinite(r_N[i](j)))
        throw ConfigurationError(owner, "positions[" + std::to_string(k) + "]", validation::to_text(r_N[i](j)),
                                 "must be finite");
    if (!std::isfinite(t[i]))
      throw ConfigurationError(owner, "t[" + std::to_string(k) + "]", validation::to_text(t[i]), "must be finite");
  }
  double t0 = n > 0 ? t[0] : 0.0, t1 = t0;
  for (const double ti : t) {
    t0 = std::min(t0, ti);
    t1 = std::max(t1, ti);
  }

  Values v;
  std::string failure;  // a model's error at a point, raised once the GIL is back
  SignalCheck check;
  {
    py::gil_scoped_release release;  // below: no Python object is touched
    std::optional<scenario::EnvironmentAtPoints> env;
    try {
      env.emplace(scenario_json ? std::optional<std::string_view>(*scenario_json) : std::nullopt, t0, t1, base,
                  pressure_1au);
      env->require(term);
    } catch (const scenario::ScenarioError& e) {
      if (source.empty()) throw;
      throw scenario::ScenarioError(source + ": " + e.path(), e.reason());  // the file's name first
    }
    const auto size = static_cast<std::size_t>(n);
    const auto push = [](std::vector<double>& out, const Eigen::Vector3d& x) {
      out.insert(out.end(), x.data(), x.data() + 3);
    };
    switch (term) {
      case EnvironmentTerm::gravity:
        v.a.reserve(size);
        v.b.reserve(3 * size);
        v.c.reserve(gradient ? 9 * size : 0);
        break;
      case EnvironmentTerm::field:
        v.a.reserve(3 * size);
        v.b.reserve(3 * size);
        break;
      default:
        break;
    }
    for (std::size_t k = 0; k < size; ++k) {
      if (k % 4096 == 4095) check();  // Ctrl-C over a long array
      try {
        switch (term) {
          case EnvironmentTerm::gravity: {
            const scenario::GravityAt g = env->gravity(r_N[k], t[k], gradient);
            v.a.push_back(g.potential);
            push(v.b, g.a_N);
            if (gradient)
              for (Eigen::Index i = 0; i < 3; ++i)
                for (Eigen::Index j = 0; j < 3; ++j) v.c.push_back(g.G_N(i, j));
            break;
          }
          case EnvironmentTerm::field: {
            const scenario::FieldAt f = env->field(r_N[k], t[k]);
            push(v.a, f.B_N);
            push(v.b, f.B_P);
            break;
          }
          case EnvironmentTerm::shadow:
            v.a.push_back(env->shadow(r_N[k], t[k]));
            break;
          case EnvironmentTerm::density: {
            const scenario::DensityAt d = env->density(r_N[k], t[k]);
            v.a.push_back(d.altitude);
            v.b.push_back(d.density);
            break;
          }
          case EnvironmentTerm::srp: {
            const scenario::SrpAt s = env->srp(r_N[k], t[k]);
            v.a.push_back(s.nu);
            v.b.push_back(s.distance);
            push(v.c, s.s_N);
            v.d.push_back(s.pressure);
            v.e.push_back(s.flux);
            break;
          }
        }
      } catch (const Error& e) {
        std::string reason = e.what();
        if (reason.starts_with("propagation: ")) reason.erase(0, std::string("propagation: ").size());
        failure = owner + ": positions[" + std::to_string(k) + "] = (" + validation::to_text(r_N[k].x()) + ", " +
                  validation::to_text(r_N[k].y()) + ", " + validation::to_text(r_N[k].z()) +
                  ") m at t = " + validation::to_text(t[k]) + " s: " + reason;
        break;
      }
    }
  }
  if (!failure.empty()) {
    const py::object type = py::module_::import("ramus._ramus").attr("IntegrationError");
    PyErr_SetString(type.ptr(), failure.c_str());
    throw py::error_already_set();
  }

  py::dict out;
  const auto vectors = [n](std::vector<double>&& x) { return hand_over(std::move(x), n, 3); };
  switch (term) {
    case EnvironmentTerm::gravity:
      out["potential"] = hand_over(std::move(v.a));
      out["acceleration_N"] = vectors(std::move(v.b));
      if (gradient) out["gradient_N"] = hand_over(std::move(v.c), n, 9);  // (n, 3, 3) in Python
      break;
    case EnvironmentTerm::field:
      out["B_N"] = vectors(std::move(v.a));
      out["B_P"] = vectors(std::move(v.b));
      break;
    case EnvironmentTerm::shadow:
      out["nu"] = hand_over(std::move(v.a));
      break;
    case EnvironmentTerm::density:
      out["altitude"] = hand_over(std::move(v.a));
      out["density"] = hand_over(std::move(v.b));
      break;
    case EnvironmentTerm::srp:
      out["nu"] = hand_over(std::move(v.a));
      out["distance"] = hand_over(std::move(v.b));
      out["s_N"] = vectors(std::move(v.c));
      out["pressure"] = hand_over(std::move(v.d));
      out["flux"] = hand_over(std::move(v.e));
      break;
  }
  return out;
}

}  // namespace

void bind_environment(py::module_& m) {
  m.def("_eval", &evaluate, py::arg("term"), py::arg("positions"), py::arg("t"), py::arg("scenario_json"),
        py::arg("base"), py::arg("source"), py::arg("gradient"), py::arg("pressure_1au"),
        "One environment term at points (ramus.eval_gravity, ...): a dict of arrays, one row per point.");
}

}  // namespace ramus::python
