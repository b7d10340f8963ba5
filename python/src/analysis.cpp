// Linear models in Python (docs/python.md, "Linear models"): A and B about an operating point in
// the tangent coordinates of docs/analysis/linear_models.md, with the names and units of every
// coordinate, as numpy arrays.
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include "conversions.hpp"
#include "ramus/analysis/linear_model.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"

namespace ramus::python {

void bind_analysis(py::module_& m) {
  m.def(
      "_linearize",
      [](const std::shared_ptr<Model>& model, const py::handle& x, double t, const py::object& u,
         const std::string& method, const std::string& translation, const std::vector<std::string>& inputs) {
        if (!model->is_finalized())
          throw ConfigurationError("linearize", "model", "not finalized", "call Model.finalize() first");
        analysis::OperatingPoint point;
        point.x = to_vector(x, model->layout().size(), "linearize", "x");
        point.t = t;
        if (!u.is_none()) point.u = to_vector(u, model->input_layout().size(), "linearize", "u");
        analysis::LinearizationSettings settings;
        if (method == "automatic") {
          settings.method = analysis::JacobianMethod::automatic;
        } else if (method == "finite_differences") {
          settings.method = analysis::JacobianMethod::finite_differences;
        } else if (method == "analytic") {
          settings.method = analysis::JacobianMethod::analytic;
        } else {
          throw ConfigurationError("linearize", "method", "'" + method + "'",
                                   "one of automatic, finite_differences, analytic");
        }
        if (translation != "inertial" && translation != "hill")
          throw ConfigurationError("linearize", "translation", "'" + translation + "'", "\"inertial\" or \"hill\"");
        settings.translation =
            translation == "hill" ? analysis::TranslationCoordinates::hill : analysis::TranslationCoordinates::inertial;
        settings.inputs = inputs;
        analysis::LinearModel lm;
        {
          py::gil_scoped_release release;
          lm = analysis::linearize(model, point, settings);
        }
        py::dict out;
        out["A"] = lm.A;
        out["B"] = lm.B;
        out["state_names"] = lm.state_names;
        out["state_units"] = lm.state_units;
        out["input_names"] = lm.input_names;
        out["input_units"] = lm.input_units;
        out["method"] = lm.method;
        return out;
      },
      py::arg("model"), py::arg("x"), py::arg("t"), py::arg("u"), py::arg("method"), py::arg("translation"),
      py::arg("inputs"));
}

}  // namespace ramus::python
