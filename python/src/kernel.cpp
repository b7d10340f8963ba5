// The kernel in Python (docs/python.md, "Building a model", "States"): Model, Vehicle, the state
// layout with names, System (one run: its inputs and the right-hand side) and the diagnostics.
// Models are held by shared pointers: a Vehicle, an effector or a System keeps its model alive, so
// that no order of dropping Python references frees what a run still uses.
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <array>

#include "conversions.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/enum_names.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/validation.hpp"
#include "ramus/scenario/objects.hpp"
#include "system_handle.hpp"

namespace ramus::python {
namespace {

/// The block of the layout called `key` ("sc/panel.theta") or the entry ("sc/hub.omega_BN_B[1]"):
/// its offset and size; a ConfigurationError listing the blocks otherwise.
std::pair<Eigen::Index, Eigen::Index> find_state(const Model& model, const std::string& key) {
  const StateLayout& layout = model.layout();
  for (const StateBlock& b : layout.blocks())
    if (key == b.owner + "." + b.name) return {b.offset, b.size};
  for (Eigen::Index i = 0; i < layout.size(); ++i)
    if (layout.entry_name(i) == key) return {i, 1};
  std::string names;
  for (const StateBlock& b : layout.blocks()) names += (names.empty() ? "" : ", ") + b.owner + "." + b.name;
  throw ConfigurationError("model state", "name", "'" + key + "'",
                           "no such state block or entry (blocks: " + names + ")");
}

py::dict vehicle_dict(const VehicleDiagnostics& d) {
  py::dict out;
  out["m"] = d.m;
  out["r_CN_N"] = d.r_CN_N;
  out["v_CN_N"] = d.v_CN_N;
  out["q_BN"] = d.q_BN;
  out["sigma_BN"] = d.sigma_BN;
  out["orbital_energy"] = d.orbital_energy;
  out["rotational_energy"] = d.rotational_energy;
  out["H_orb_PntN_N"] = d.H_orb_PntN_N;
  out["H_rot_PntC_N"] = d.H_rot_PntC_N;
  out["dv_CN_N"] = d.dv_CN_N;
  out["p_N"] = d.p_N;
  out["H_PntN_N"] = d.H_PntN_N;
  out["p_exhaust_N"] = d.p_exhaust_N;
  out["H_exhaust_PntN_N"] = d.H_exhaust_PntN_N;
  out["H_PntC_N"] = d.H_PntC_N;
  out["H_exhaust_PntC_N"] = d.H_exhaust_PntC_N;
  return out;
}

const char* translation_name(HubTranslation t) {
  static constexpr std::array<std::string_view, 3> names{"B", "C", "clamped"};
  return enum_name(t, names, "B").data();  // literals: NUL-terminated
}

}  // namespace

/// Model.mass_properties (docs/python.md, "States"): the vehicle's mass and centre of mass from its
/// diagnostics, and its inertia about C from the angular momentum about C, which is linear in the
/// hub rate at fixed joint rates, H_C = I_C ω + h(joint rates): column k of I_C (in N, times
/// dcm_NB) is H_C(ω_B = ê_k) − H_C(ω_B = 0), both at x otherwise (the inertia an attitude-control
/// task takes by default, docs/fsw/attitude_control_task.md).
static py::dict mass_properties_dict(const Model& model, const py::handle& x, const py::object& vehicle,
                                     const py::handle& t) {
  static const std::string owner = "Model.mass_properties";
  if (!model.is_finalized()) throw ConfigurationError(owner, "model", "not finalized", "call Model.finalize() first");
  Eigen::VectorXd xv = to_vector(x, model.layout().size(), owner, "x");
  const double tv = to_number(t, owner, "t [s]");
  std::size_t v = 0;
  if (py::isinstance<py::str>(vehicle)) {
    v = model.vehicle_index(vehicle.cast<std::string>());
  } else {
    const bool integer = PyLong_Check(vehicle.ptr()) && !PyBool_Check(vehicle.ptr());
    const long long k = integer ? vehicle.cast<long long>() : -1;
    if (k < 0 || static_cast<std::size_t>(k) >= model.vehicle_count())
      throw ConfigurationError(
          owner, "vehicle", std::string(py::repr(vehicle)),
          "must be a vehicle's name or an index from 0 to " + std::to_string(model.vehicle_count() - 1));
    v = static_cast<std::size_t>(k);
  }
  const VehicleDiagnostics d0 = vehicle_diagnostics(model, xv, tv, v);
  const Eigen::Matrix3d dcm_BN = dcm_from_mrp(d0.sigma_BN);
  const Eigen::Matrix3d I_PntC_B = vehicle_inertia_PntC_B(model, xv, tv, v);
  py::dict out;
  out["vehicle"] = model.vehicle(v).name();
  out["m"] = d0.m;
  out["r_CN_N"] = Eigen::Vector3d(d0.r_CN_N);
  out["I_PntC_B"] = I_PntC_B;
  out["I_PntC_N"] = Eigen::Matrix3d(dcm_BN.transpose() * I_PntC_B * dcm_BN);
  out["sigma_BN"] = Eigen::Vector3d(d0.sigma_BN);
  out["dcm_BN"] = dcm_BN;
  return out;
}

void bind_kernel(py::module_& m) {
  py::class_<StateEffector, std::shared_ptr<StateEffector>>(m, "StateEffector",
                                                            "A state effector (build it with ramus.<Type>(...)).")
      .def_property_readonly("name", &StateEffector::name)
      .def_property_readonly("kind", [](const StateEffector& e) { return std::string(e.kind()); })
      .def_property_readonly("label", &StateEffector::label)
      .def_property_readonly("segment_count", &StateEffector::segment_count,
                             "Number of segment frames that can host dynamic effectors")
      .def("add_dynamic_effector", &StateEffector::add_dynamic_effector, py::arg("effector"), py::arg("segment"),
           "Attaches a dynamic effector to segment `segment` (0: next to the hub); branching, docs/branching.md.")
      .def_property_readonly("children",
                             [](const StateEffector& e) {
                               py::list out;
                               for (const auto& c : e.children()) out.append(py::make_tuple(c.effector, c.segment));
                               return out;
                             })
      .def("__repr__", [](const StateEffector& e) { return "<ramus " + e.label() + ">"; });

  py::class_<DynamicEffector, std::shared_ptr<DynamicEffector>>(m, "DynamicEffector",
                                                                "A dynamic effector (build it with ramus.<Type>(...)).")
      .def_property_readonly("name", &DynamicEffector::name)
      .def_property_readonly("kind", [](const DynamicEffector& e) { return std::string(e.kind()); })
      .def_property_readonly("label", &DynamicEffector::label)
      .def("__repr__", [](const DynamicEffector& e) { return "<ramus " + e.label() + ">"; });

  py::class_<TwoPointEffector, std::shared_ptr<TwoPointEffector>>(m, "TwoPointEffector",
                                                                  "A load between two bodies (a constraint).")
      .def_property_readonly("label", &TwoPointEffector::label);

  py::class_<GravityModel, std::shared_ptr<GravityModel>>(m, "GravityModel", "A gravity field (ramus.gravity(...)).")
      .def_property_readonly("kind", [](const GravityModel& g) { return std::string(g.kind()); })
      .def(
          "acceleration_N",
          [](const GravityModel& g, const Eigen::Vector3d& r_N, double t) { return g.acceleration_N(r_N, t); },
          py::arg("r_N"), py::arg("t") = 0.0,
          "[m/s^2] the acceleration at r_N [m] (relative to the central body's centre, N components) at run "
          "time t [s], N components (ramus.eval_gravity for many points)")
      .def(
          "potential", [](const GravityModel& g, const Eigen::Vector3d& r_N, double t) { return g.potential(r_N, t); },
          py::arg("r_N"), py::arg("t") = 0.0,
          "[J/kg] the potential U at r_N [m] (N components) at run time t [s]; the acceleration is -grad U")
      .def(
          "gradient_N",
          [](const GravityModel& g, const Eigen::Vector3d& r_N, double t) { return g.gradient_N(r_N, t); },
          py::arg("r_N"), py::arg("t") = 0.0,
          "[1/s^2] the gradient tensor da_N/dr_N at r_N [m] (N components) at run time t [s], a symmetric 3x3 "
          "array in N components");

  py::class_<Vehicle>(m, "Vehicle", "A rigid hub with its effectors; made by Model.add_vehicle, kept alive by it.")
      .def_property_readonly("name", &Vehicle::name)
      .def_property_readonly(
          "hub",
          [](const Vehicle& v) {
            py::dict d;
            d["mass"] = v.hub().m;
            d["I_PntBc_B"] = v.hub().I_PntBc_B;
            d["r_BcB_B"] = v.hub().r_BcB_B;
            return d;
          },
          "The hub's mass [kg], inertia about its centre of mass [kg m^2] and that centre's offset from B [m].")
      .def(
          "_set_initial_state",
          [](Vehicle& v, const std::string& json) {
            v.set_initial_state(scenario::initial_state(json, "Vehicle('" + v.name() + "').set_initial_state"));
          },
          py::arg("json"))
      .def_property(
          "hub_translation", [](const Vehicle& v) { return translation_name(v.hub_translation()); },
          [](Vehicle& v, const std::string& t) {
            v.set_hub_translation(scenario::hub_translation(t, "Vehicle('" + v.name() + "').hub_translation"));
          },
          "What the state carries of the hub's translation: 'B' (default), 'C' or 'clamped' "
          "(docs/architecture.md §16)")
      .def(
          "add_state_effector",
          [](Vehicle& v, const std::shared_ptr<StateEffector>& e) {
            v.add_state_effector(e);
            return e;
          },
          py::arg("effector"), "Adds a state effector to the hub and returns it.")
      .def("add_dynamic_effector", &Vehicle::add_dynamic_effector, py::arg("effector"),
           "Attaches a dynamic effector to the hub.")
      .def_property_readonly("state_effectors", &Vehicle::state_effectors)
      .def_property_readonly("dynamic_effectors", &Vehicle::dynamic_effectors)
      .def("__repr__", [](const Vehicle& v) { return "<ramus " + v.label() + ">"; });

  py::class_<Model, std::shared_ptr<Model>>(m, "Model", "Vehicles, effectors, gravity; finalize() fixes the layout.")
      .def(py::init<>())
      .def(
          "_add_vehicle",
          [](Model& model, const std::string& name, const std::string& hub_json) -> Vehicle& {
            return model.add_vehicle(name, scenario::hub_config(hub_json, "Model.add_vehicle('" + name + "')"));
          },
          py::return_value_policy::reference_internal, py::arg("name"), py::arg("hub_json"))
      .def(
          "set_gravity", [](Model& model, const std::shared_ptr<GravityModel>& g) { model.set_gravity(g); },
          py::arg("gravity"))
      .def("_add_two_point_effector", &Model::add_two_point_effector, py::arg("effector"))
      .def("finalize", &Model::finalize,
           "Freezes the structure, validates every effector and assigns the state layout.")
      .def_property_readonly("is_finalized", &Model::is_finalized)
      .def_property_readonly("vehicle_count", &Model::vehicle_count)
      .def(
          "vehicle",
          [](Model& model, const py::object& key) -> Vehicle& {
            if (py::isinstance<py::str>(key)) return model.vehicle(model.vehicle_index(key.cast<std::string>()));
            return model.vehicle(key.cast<std::size_t>());
          },
          py::return_value_policy::reference_internal, py::arg("key"), "A vehicle by index or by name.")
      .def(
          "initial_state", [](const Model& model) { return copy_of(model.initial_state()); },
          "The initial state vector (a copy: the model keeps its own).")
      .def_property_readonly("state_size", [](const Model& model) { return model.layout().size(); })
      .def_property_readonly(
          "layout",
          [](const Model& model) {
            py::list out;
            for (const StateBlock& b : model.layout().blocks())
              out.append(py::make_tuple(b.owner + "." + b.name, b.offset, b.size, b.unit));
            return out;
          },
          "The state blocks: (name, offset, size, unit), in the order of the state vector.")
      .def(
          "state_index", [](const Model& model, const std::string& key) { return find_state(model, key); },
          py::arg("name"), "(offset, size) of a state block ('sc/panel.theta') or entry ('sc/hub.omega_BN_B[1]').")
      .def(
          "entry_name", [](const Model& model, Eigen::Index i) { return model.layout().entry_name(i); }, py::arg("i"))
      .def_property_readonly(
          "inputs",
          [](const Model& model) {
            py::list out;
            const InputLayout& l = model.input_layout();
            for (Eigen::Index c = 0; c < l.size(); ++c) out.append(l.entry_name(c));
            return out;
          },
          "The actuator channels, in the order of the input vector.")
      .def(
          "mass_properties",
          [](const Model& model, const py::handle& x, const py::object& vehicle, const py::handle& t) {
            return mass_properties_dict(model, x, vehicle, t);
          },
          py::arg("x"), py::arg("vehicle"), py::arg("t") = 0.0,
          "A vehicle's (by name or index) mass m [kg], centre of mass r_CN_N [m] and inertia about C, "
          "I_PntC_B and I_PntC_N [kg m^2], at the state x and time t [s].")
      .def(
          "describe",
          [](const Model& model) {
            return model.layout().describe() + model.input_layout().describe(model.input_lower(), model.input_upper());
          },
          "The state layout and the actuator channels as a table.");

  py::class_<SystemHandle, std::shared_ptr<SystemHandle>>(
      m, "System", "One run of a finalized model: its inputs and the right-hand side dx/dt = f(x, t).")
      .def(py::init([](const std::shared_ptr<Model>& model) {
             if (!model->is_finalized())
               throw ConfigurationError("System", "model", "not finalized", "call Model.finalize() first");
             return std::make_shared<SystemHandle>(model);
           }),
           py::arg("model"))
      .def_property_readonly("model",
                             [](const SystemHandle& h) { return std::const_pointer_cast<Model>(h.system.model_ptr()); })
      .def(
          "__call__",
          [](SystemHandle& h, const py::handle& x, const py::handle& t) {
            const Eigen::VectorXd xv = to_vector(x, h.system.model().layout().size(), "System", "x");
            const double tv = to_number(t, "System", "t");
            SystemUse use(h);
            Eigen::VectorXd dxdt(xv.size());
            h.system(xv, dxdt, tv);
            return copy_of(dxdt);
          },
          py::arg("x"), py::arg("t"), "dx/dt at (x, t) under this run's inputs.")
      .def(
          "set_input",
          [](SystemHandle& h, const std::string& entry, const py::handle& value) {
            SystemUse::check_inputs(h);
            h.system.inputs().set(entry, to_number(value, "System.set_input", entry));
          },
          py::arg("channel"), py::arg("value"),
          "Sets an actuator command ('sc/wheels.motor_torque[2]'), held from the next step; also from a "
          "task or an event callback of this System's run.")
      .def_property_readonly("commands", [](const SystemHandle& h) { return copy_of(h.system.inputs().command()); })
      .def_property_readonly("applied", [](const SystemHandle& h) { return copy_of(h.system.inputs().applied()); })
      .def_property_readonly("evaluations", [](const SystemHandle& h) { return h.system.evaluations(); });

  m.def(
      "diagnostics",
      [](const std::shared_ptr<Model>& model, const py::handle& x, const py::handle& t) {
        if (!model->is_finalized())
          throw ConfigurationError("diagnostics", "model", "not finalized", "call Model.finalize() first");
        const Eigen::VectorXd xv = to_vector(x, model->layout().size(), "diagnostics", "x");
        const std::vector<VehicleDiagnostics> d = diagnostics(*model, xv, to_number(t, "diagnostics", "t"));
        py::dict out;
        for (std::size_t i = 0; i < d.size(); ++i) out[py::str(model->vehicle(i).name())] = vehicle_dict(d[i]);
        return out;
      },
      py::arg("model"), py::arg("x"), py::arg("t"),
      "Per vehicle (by name): mass, centre of mass, energies [J], momenta [N s, N m s], ΔV [m/s] at (x, t).");
  m.def(
      "fields",
      [](const std::string& type) {
        py::list out;
        for (const scenario::Field& f : scenario::fields(type)) out.append(py::make_tuple(f.key, f.unit));
        return out;
      },
      py::arg("type"), "The keyword fields of an object type and their SI units.");
  m.def("state_effector_types", &scenario::state_effector_types);
  m.def("dynamic_effector_types", &scenario::dynamic_effector_types);
}

}  // namespace ramus::python
