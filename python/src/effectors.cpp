// Effectors and gravity in Python (docs/python.md, "Building a model"): each made from its
// keyword arguments, which the package (ramus/__init__.py) turns into the JSON object a scenario
// file would give, and built by the scenario's builders (ramus/scenario/objects.hpp): the same
// checks, the same messages, the same objects as the loader's.
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include "ramus/scenario/objects.hpp"

#include "bindings.hpp"

namespace ramus::python {

void bind_effectors(py::module_& m) {
  py::class_<scenario::Environment, std::shared_ptr<scenario::Environment>>(
      m, "Environment", "The environment's shared models: epoch, Earth rotation, ephemerides, atmosphere, field.")
      .def(py::init([](const std::string& json, double t0, double t1, const std::string& base) {
             return std::make_shared<scenario::Environment>(json, t0, t1, base, "Environment");
           }),
           py::arg("json"), py::arg("t0"), py::arg("t1"), py::arg("base") = "");

  m.def(
      "_state_effector",
      [](const std::string& json, const std::string& root) { return scenario::state_effector(json, root); },
      py::arg("json"), py::arg("root"));
  m.def(
      "_dynamic_effector",
      [](const std::string& json, bool on_segment, const std::shared_ptr<scenario::Environment>& environment,
         const std::optional<std::tuple<double, Eigen::Vector3d, Eigen::Matrix3d>>& host, const std::string& root) {
        scenario::HostBody body;
        if (host) body = {std::get<0>(*host), std::get<1>(*host), std::get<2>(*host)};
        return scenario::dynamic_effector(json, on_segment, host ? &body : nullptr, environment.get(), root);
      },
      py::arg("json"), py::arg("on_segment"), py::arg("environment"), py::arg("host"), py::arg("root"));
  m.def(
      "_two_point_effector",
      [](const std::string& json, const std::tuple<std::string, std::string, std::size_t>& end1,
         const std::tuple<std::string, std::string, std::size_t>& end2, const std::string& root) {
        const auto point = [](const auto& e) { return AttachPoint{std::get<0>(e), std::get<1>(e), std::get<2>(e)}; };
        return scenario::two_point_effector(json, point(end1), point(end2), root);
      },
      py::arg("json"), py::arg("end1"), py::arg("end2"), py::arg("root"));
  m.def(
      "_gravity",
      [](const std::string& json, const std::shared_ptr<scenario::Environment>& environment, const std::string& base) {
        return std::const_pointer_cast<GravityModel>(scenario::gravity(json, environment.get(), base, "gravity"));
      },
      py::arg("json"), py::arg("environment"), py::arg("base") = "");
}

}  // namespace ramus::python
