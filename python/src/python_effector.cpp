// Dynamic effectors written in Python (docs/python.md, "Dynamic effectors in Python"): a Python
// class derived from ramus.DynamicEffector whose wrench(frame, t) the kernel calls at every
// evaluation of the right-hand side, with the GIL taken.
//
// The C++ object is a PythonEffector, made by ramus.DynamicEffector.__init__ and held by shared
// pointers like every effector. pybind11 2.10 has no smart holder, so the Python object is kept
// alive by hand: while Python references it, its holder owns the C++ object and the kernel's
// copies share it; when the last Python reference goes while the kernel still holds the effector,
// the object's finalizer (__del__) resurrects it and hands ownership over: the C++ object then
// holds the Python object, and releases it when the kernel's last copy goes (the deleter below).
// Should Python have taken the object back by then (vehicle.dynamic_effectors), the deleter gives
// the ownership back to it instead of freeing the C++ object under it.
#include <pybind11/numpy.h>

#include <cmath>
#include <string>
#include <string_view>

#include "conversions.hpp"
#include "ramus/kernel/dynamic_effector.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::python {
namespace {

using Holder = std::shared_ptr<DynamicEffector>;

std::string type_name(py::handle value) { return py::str(py::type::of(value).attr("__name__")); }

/// What wrench(frame, t) reads: copies of the frame's kinematics and of the load context, shown
/// to Python as read-only arrays viewing this object (a frame kept past its call stays valid).
struct FrameView {
  FrameKinematics frame;
  Eigen::Vector3d r_CN_N = Eigen::Vector3d::Zero();
  Eigen::Vector3d g_N = Eigen::Vector3d::Zero();
  double t = 0.0;
};

/// A read-only numpy view of `data` (`rows` × `cols` column-major Eigen storage as a row-major
/// array: a 3-vector as shape (3,), a 3×3 matrix as shape (3, 3)), owned by `base`.
py::array read_only(const double* data, bool matrix, py::handle base) {
  py::array a =
      matrix ? py::array_t<double>(
                   {3, 3}, {static_cast<py::ssize_t>(sizeof(double)), static_cast<py::ssize_t>(3 * sizeof(double))},
                   data, base)
             : py::array_t<double>({3}, {static_cast<py::ssize_t>(sizeof(double))}, data, base);
  py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return a;
}

class PythonEffector final : public DynamicEffector {
 public:
  using DynamicEffector::DynamicEffector;

  /// Set while only the kernel holds this effector: the Python object, resurrected by __del__.
  py::object self;

  std::string_view kind() const override { return "python_effector"; }
  bool can_attach_to_segment() const override { return true; }

  Wrench wrench(const FrameKinematics& frame, ConstInputBlock, const LoadContext& at) const override {
    py::gil_scoped_acquire gil;
    const std::string who = label();
    const std::string call = "wrench(frame, t) at t = " + validation::to_text(at.t) + " s";
    const py::function method = py::get_override(static_cast<const DynamicEffector*>(this), "wrench");
    if (!method && !py::detail::get_object_handle(this, py::detail::get_type_info(typeid(DynamicEffector))))
      throw ConfigurationError(who, "its Python object", "freed",
                               "Python dropped it a second time while a model held it (its __del__ hands it to "
                               "the model once): keep a reference to it in Python");
    if (!method)
      throw ConfigurationError(who, "wrench(frame, t)", "not defined",
                               "subclass ramus.DynamicEffector and define wrench(self, frame, t)");
    py::object result;
    try {
      result = method(FrameView{frame, at.r_CN_N, at.g_N, at.t}, at.t);
    } catch (py::error_already_set& e) {
      // Ctrl-C and exit stop the run as they are; any other exception is reported by the effector.
      if (e.matches(PyExc_KeyboardInterrupt) || e.matches(PyExc_SystemExit)) throw;
      throw Error(who + ": " + call + " raised " + std::string(py::str(e.type().attr("__name__"))) + ": " +
                  std::string(py::str(e.value())));
    }
    py::object force, torque;
    if (py::isinstance<py::dict>(result)) {
      const py::dict d = py::reinterpret_borrow<py::dict>(result);
      if (d.size() != 2 || !d.contains("force_F") || !d.contains("torque_PntF_F"))
        throw ConfigurationError(who, call, "a dict with keys " + std::string(py::repr(py::list(d.attr("keys")()))),
                                 "must return (force_F, torque_PntF_F) or a dict of exactly those keys");
      force = d["force_F"];
      torque = d["torque_PntF_F"];
    } else if (py::isinstance<py::tuple>(result) || py::isinstance<py::list>(result)) {
      const py::sequence s = py::reinterpret_borrow<py::sequence>(result);
      if (s.size() != 2)
        throw ConfigurationError(who, call, "a " + type_name(result) + " of " + std::to_string(s.size()) + " items",
                                 "must return two 3-vectors (force_F, torque_PntF_F)");
      force = s[0];
      torque = s[1];
    } else {
      throw ConfigurationError(who, call, "a " + type_name(result),
                               "must return two 3-vectors (force_F, torque_PntF_F), a tuple or a dict");
    }
    Wrench w;
    w.force_F = to_vector(force, 3, who, call + ": force_F [N]");
    w.torque_PntF_F = to_vector(torque, 3, who, call + ": torque_PntF_F [N m]");
    return w;
  }
};

/// The deleter of the kernel's shared pointers to a PythonEffector (the class comment).
struct Release {
  void operator()(PythonEffector* e) const {
    if (!Py_IsInitialized()) return;  // at exit: left to the process
    py::gil_scoped_acquire gil;
    if (e->self && e->self.ref_count() > 1) {  // Python holds it again: its holder owns it from now on
      auto* inst = reinterpret_cast<py::detail::instance*>(e->self.ptr());
      py::detail::value_and_holder v_h = inst->get_value_and_holder(py::detail::get_type_info(typeid(DynamicEffector)));
      new (&v_h.holder<Holder>()) Holder(e, Release{});
      v_h.set_holder_constructed(true);
      inst->owned = true;
      e->self = py::object();
      return;
    }
    e->self = py::object();  // the Python object goes first (it unregisters e), then e
    delete e;
  }
};

}  // namespace

void bind_python_effector(py::module_& m) {
  py::class_<FrameView>(m, "EffectorFrame",
                        "What a Python dynamic effector's wrench(frame, t) reads: its body frame F and the "
                        "load context, as read-only arrays (docs/python.md, \"Dynamic effectors in Python\").")
      .def_property_readonly(
          "r_FN_N", [](py::handle self) { return read_only(self.cast<FrameView&>().frame.r_FN_N.data(), false, self); },
          "[m] the origin of F relative to N, N components")
      .def_property_readonly(
          "v_FN_N", [](py::handle self) { return read_only(self.cast<FrameView&>().frame.v_FN_N.data(), false, self); },
          "[m/s] its inertial velocity, N components")
      .def_property_readonly(
          "dcm_FN", [](py::handle self) { return read_only(self.cast<FrameView&>().frame.dcm_FN.data(), true, self); },
          "[1] the direction cosine matrix taking N components to F components (v_F = dcm_FN @ v_N)")
      .def_property_readonly(
          "omega_FN_F",
          [](py::handle self) { return read_only(self.cast<FrameView&>().frame.omega_FN_F.data(), false, self); },
          "[rad/s] the angular velocity of F relative to N, F components")
      .def_property_readonly(
          "r_CN_N", [](py::handle self) { return read_only(self.cast<FrameView&>().r_CN_N.data(), false, self); },
          "[m] the vehicle's centre of mass C relative to N, N components")
      .def_property_readonly(
          "g_N", [](py::handle self) { return read_only(self.cast<FrameView&>().g_N.data(), false, self); },
          "[m/s^2] the gravity the kernel applies at C, N components (zero without a gravity field)")
      .def_property_readonly(
          "t", [](const FrameView& f) { return f.t; }, "[s] the time of the evaluation");

  // ramus.DynamicEffector (bound in kernel.cpp) gains a constructor, for Python subclasses, and a
  // finalizer that hands a Python effector the kernel still holds over to the kernel.
  auto base = py::reinterpret_borrow<py::class_<DynamicEffector, Holder>>(m.attr("DynamicEffector"));
  base.def(py::init([](const std::string& name) { return Holder(new PythonEffector(name), Release{}); }),
           py::arg("name"),
           "A dynamic effector written in Python: subclass it, call super().__init__(name) and define "
           "wrench(self, frame, t) returning (force_F [N], torque_PntF_F [N m]) in F components about F's "
           "origin (docs/python.md, \"Dynamic effectors in Python\").");
  base.def("__del__", [](py::handle self) {
    auto* inst = reinterpret_cast<py::detail::instance*>(self.ptr());
    py::detail::value_and_holder v_h = inst->get_value_and_holder(py::detail::get_type_info(typeid(DynamicEffector)));
    if (!v_h || !v_h.holder_constructed()) return;
    Holder& holder = v_h.holder<Holder>();
    auto* effector = dynamic_cast<PythonEffector*>(holder.get());
    if (effector == nullptr || holder.use_count() <= 1) return;  // Python's alone: freed with it
    // The kernel holds it: the Python object lives on, held by the C++ object until the kernel
    // lets go (Release), and no longer holds it.
    Holder held = std::move(holder);
    holder.~Holder();
    v_h.set_holder_constructed(false);
    inst->owned = false;
    effector->self = py::reinterpret_borrow<py::object>(self);
    held.reset();
  });
}

}  // namespace ramus::python
