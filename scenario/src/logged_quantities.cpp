#include "ramus/scenario/logged_quantities.hpp"

#include <array>
#include <map>
#include <string_view>

#include "ramus/environment/orbital_elements.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/scenario/scenario.hpp"

namespace ramus::scenario {
namespace {

struct Diagnostic {
  const char* name;
  Eigen::Index size;
  const char* unit;
};

/// kernel/diagnostics.hpp's VehicleDiagnostics members that a scenario may log.
constexpr std::array<Diagnostic, 9> kVehicleDiagnostics{{{"m", 1, "kg"},
                                                         {"r_CN_N", 3, "m"},
                                                         {"v_CN_N", 3, "m/s"},
                                                         {"sigma_BN", 3, "1"},
                                                         {"orbital_energy", 1, "J"},
                                                         {"rotational_energy", 1, "J"},
                                                         {"H_orb_PntN_N", 3, "N m s"},
                                                         {"H_rot_PntC_N", 3, "N m s"},
                                                         {"dv_CN_N", 3, "m/s"}}};
/// Totals over the model: Σ (orbital + rotational) + potential of the two-point effectors, and
/// the angular momentum about N, Σ (m r_C × v_C + H_C).
constexpr std::array<Diagnostic, 2> kTotals{{{"total_energy", 1, "J"}, {"H_PntN_N", 3, "N m s"}}};

/// The osculating elements of each vehicle's centre of mass about the central body
/// (docs/environment/orbital_elements.md (4)–(6)), with the model's central-body μ.
constexpr std::array<Diagnostic, 6> kOrbitElements{{{"semi_major_axis", 1, "m"},
                                                    {"eccentricity", 1, "1"},
                                                    {"inclination", 1, "rad"},
                                                    {"raan", 1, "rad"},
                                                    {"arg_periapsis", 1, "rad"},
                                                    {"true_anomaly", 1, "rad"}}};

std::optional<double> model_mu(const Model& model) {
  return model.gravity() != nullptr ? central_body_mu(*model.gravity()) : std::nullopt;
}

double element(const OrbitalElements& el, Eigen::Index k) {
  const double values[] = {el.a, el.e, el.i, el.raan, el.argp, el.nu};
  return values[k];
}

/// A dynamic effector's load in its frame F about F's origin: "sc/drag.torque_PntF_F".
constexpr std::array<Diagnostic, 2> kLoadQuantities{{{"force_F", 3, "N"}, {"torque_PntF_F", 3, "N m"}}};

/// "<vehicle>/<effector>" of every dynamic effector, in dynamic_effector_loads' order.
std::vector<std::string> load_owners(const Model& model) {
  std::vector<std::string> out;
  for (const DynamicEffectorLoad& l : dynamic_effector_loads(model, model.initial_state(), 0.0))
    out.push_back(model.vehicle(l.vehicle).name() + "/" + l.effector->name());
  return out;
}

/// The suffixes of an input block's quantities: "sc/wheels.motor_torque:command".
constexpr std::array<const char*, 3> kInputSuffixes{":command", ":applied", ":saturated"};

Eigen::VectorXd vehicle_value(const VehicleDiagnostics& d, const std::string& q) {
  if (q == "m") return Eigen::VectorXd::Constant(1, d.m);
  if (q == "r_CN_N") return d.r_CN_N;
  if (q == "v_CN_N") return d.v_CN_N;
  if (q == "sigma_BN") return d.sigma_BN;
  if (q == "orbital_energy") return Eigen::VectorXd::Constant(1, d.orbital_energy);
  if (q == "rotational_energy") return Eigen::VectorXd::Constant(1, d.rotational_energy);
  if (q == "H_orb_PntN_N") return d.H_orb_PntN_N;
  if (q == "H_rot_PntC_N") return d.H_rot_PntC_N;
  return d.dv_CN_N;  // "dv_CN_N": the names were checked in the constructor
}

/// f(quantity name, effector, its state block (offset, size), output index, output) for every output of
/// every state effector: "<vehicle>/<effector>.<output>".
template <class F>
void for_each_output(const Model& model, F&& f) {
  for (std::size_t v = 0; v < model.vehicle_count(); ++v) {
    const Vehicle& vehicle = model.vehicle(v);
    for (std::size_t e = 0; e < vehicle.state_effectors().size(); ++e) {
      const StateEffector& effector = *vehicle.state_effectors()[e];
      const std::vector<StateEffector::OutputSpec> outputs = effector.outputs();
      for (std::size_t k = 0; k < outputs.size(); ++k)
        f(vehicle.name() + "/" + effector.name() + "." + outputs[k].name, effector,
          vehicle.offsets().state_effectors[e], vehicle.offsets().state_sizes[e], k, outputs[k]);
    }
  }
}

}  // namespace

std::vector<std::string> QuantityLog::names(const Model& model) {
  std::vector<std::string> out;
  for (const StateBlock& b : model.layout().blocks()) out.push_back(b.owner + "." + b.name);
  for_each_output(model, [&](const std::string& quantity, auto&&...) { out.push_back(quantity); });
  for (std::size_t i = 0; i < model.vehicle_count(); ++i)
    for (const Diagnostic& d : kVehicleDiagnostics) out.push_back(model.vehicle(i).name() + "." + d.name);
  if (model_mu(model))
    for (std::size_t i = 0; i < model.vehicle_count(); ++i)
      for (const Diagnostic& d : kOrbitElements) out.push_back(model.vehicle(i).name() + "." + d.name);
  for (const Diagnostic& d : kTotals) out.emplace_back(d.name);
  for (const std::string& owner : load_owners(model))
    for (const Diagnostic& d : kLoadQuantities) out.push_back(owner + "." + d.name);
  for (const InputBlock& b : model.input_layout().blocks())
    for (const char* suffix : kInputSuffixes) out.push_back(b.owner + "." + b.name + suffix);
  return out;
}

std::vector<std::string> QuantityLog::names(const Scenario& scenario) {
  std::vector<std::string> out = names(*scenario.model);
  for (const Task& task : tasks_of(scenario))
    for (const TaskSignal& signal : task.signals) out.push_back(task.name + "." + signal.name);
  return out;
}

std::vector<std::string> QuantityLog::default_names(const Model& model) {
  std::vector<std::string> out;
  for (const StateBlock& b : model.layout().blocks()) out.push_back(b.owner + "." + b.name);
  for (const Diagnostic& d : kTotals) out.emplace_back(d.name);
  return out;
}

std::vector<std::string> QuantityLog::default_names(const Scenario& scenario) {
  std::vector<std::string> out = default_names(*scenario.model);
  if (scenario.flight_software.empty()) return out;
  for (const Task& task : tasks_of(scenario))
    for (const TaskSignal& signal : task.signals) out.push_back(task.name + "." + signal.name);
  for (const InputBlock& b : scenario.model->input_layout().blocks())
    for (const char* suffix : kInputSuffixes) out.push_back(b.owner + "." + b.name + suffix);
  return out;
}

std::vector<QuantityLog::Task> QuantityLog::tasks_of(const Scenario& scenario) {
  std::vector<Task> tasks;
  for (const FlightSoftwareTaskSpec& spec : scenario.flight_software) tasks.push_back({spec.name, spec.signals});
  return tasks;
}

QuantityLog::QuantityLog(const Model& model, const std::vector<std::string>& names)
    : QuantityLog(model, std::vector<Task>{}, names) {}

QuantityLog::QuantityLog(const Scenario& scenario, const std::vector<std::string>& names)
    : QuantityLog(*scenario.model, tasks_of(scenario), names) {}

QuantityLog::QuantityLog(const Model& model, const std::vector<Task>& tasks, const std::vector<std::string>& names)
    : model_(&model), tasks_(tasks) {
  columns_ = {"t"};
  units_ = {"s"};
  const auto add_columns = [&](const std::string& name, Eigen::Index size, const std::string& unit) {
    for (Eigen::Index k = 0; k < size; ++k) {
      columns_.push_back(size == 1 ? name : name + "[" + std::to_string(k) + "]");
      units_.push_back(unit);
    }
  };
  std::map<std::string_view, std::size_t> first_index;  // each name's first index in `names`
  for (std::size_t n = 0; n < names.size(); ++n) {
    const std::string& name = names[n];
    if (const auto [it, inserted] = first_index.emplace(name, n); !inserted)
      throw ScenarioError(
          "output.log[" + std::to_string(n) + "]",
          "'" + name + "' is already logged at output.log[" + std::to_string(it->second) + "]; log each quantity once");
    bool found = false;
    for (const StateBlock& b : model.layout().blocks()) {
      if (b.owner + "." + b.name != name) continue;
      items_.push_back({Source::state, 0, {}, b.offset, b.size});
      add_columns(name, b.size, b.unit);
      found = true;
    }
    for (std::size_t i = 0; i < model.vehicle_count() && !found; ++i) {
      for (const Diagnostic& d : kVehicleDiagnostics) {
        if (model.vehicle(i).name() + "." + d.name != name) continue;
        items_.push_back({Source::vehicle, i, d.name, 0, d.size});
        add_columns(name, d.size, d.unit);
        found = true;
      }
    }
    for (std::size_t i = 0; i < model.vehicle_count() && !found; ++i) {
      for (std::size_t k = 0; k < kOrbitElements.size() && !found; ++k) {
        if (model.vehicle(i).name() + "." + kOrbitElements[k].name != name) continue;
        const std::optional<double> mu = model_mu(model);
        if (!mu)
          throw ScenarioError("output.log[" + std::to_string(n) + "]",
                              "'" + name + "' needs the central body's mu, and the model's gravity (" +
                                  (model.gravity() ? std::string(model.gravity()->kind()) : std::string("none")) +
                                  ") has no single central body (docs/environment/orbital_elements.md)");
        mu_ = *mu;
        items_.push_back({Source::orbit, i, name, static_cast<Eigen::Index>(k), 1});
        add_columns(name, 1, kOrbitElements[k].unit);
        found = true;
      }
    }
    for (const Diagnostic& d : kTotals) {
      if (found || name != d.name) continue;
      items_.push_back({Source::total, 0, d.name, 0, d.size});
      add_columns(name, d.size, d.unit);
      found = true;
    }
    for_each_output(model, [&](const std::string& quantity, const StateEffector& e, Eigen::Index offset,
                               Eigen::Index state_size, std::size_t k, const StateEffector::OutputSpec& o) {
      if (found || quantity != name) return;
      items_.push_back({Source::output, k, {}, offset, o.size, &e, state_size});
      add_columns(name, o.size, o.unit);
      found = true;
    });
    for (const InputBlock& b : model.input_layout().blocks()) {
      for (std::size_t k = 0; k < kInputSuffixes.size() && !found; ++k) {
        if (b.owner + "." + b.name + kInputSuffixes[k] != name) continue;
        const Source source = k == 0 ? Source::input_command : k == 1 ? Source::input_applied : Source::input_saturated;
        items_.push_back({source, 0, {}, b.offset, b.size});
        add_columns(name, b.size, k == 2 ? "1" : b.unit);
        found = true;
      }
    }
    if (!found) {
      const std::vector<std::string> owners = load_owners(model);
      for (std::size_t l = 0; l < owners.size() && !found; ++l)
        for (const Diagnostic& d : kLoadQuantities) {
          if (found || owners[l] + "." + d.name != name) continue;
          items_.push_back({Source::load, l, d.name, 0, d.size});
          add_columns(name, d.size, d.unit);
          found = true;
        }
    }
    for (std::size_t i = 0; i < tasks_.size() && !found; ++i)
      for (std::size_t k = 0; k < tasks_[i].signals.size() && !found; ++k) {
        const TaskSignal& signal = tasks_[i].signals[k];
        if (tasks_[i].name + "." + signal.name != name) continue;
        items_.push_back({Source::task, i, signal.name, static_cast<Eigen::Index>(k), signal.size});
        add_columns(name, signal.size, signal.unit);
        found = true;
      }
    if (!found)
      throw ScenarioError(
          "output.log[" + std::to_string(n) + "]",
          "unknown quantity '" + name +
              "' (`ramus describe` lists the state blocks; vehicle "
              "diagnostics are <vehicle>.m, r_CN_N, v_CN_N, sigma_BN, orbital_energy, "
              "rotational_energy, H_orb_PntN_N, H_rot_PntC_N, dv_CN_N, and with a central body semi_major_axis, "
              "eccentricity, inclination, raan, arg_periapsis, true_anomaly; totals: total_energy, H_PntN_N; "
              "dynamic effectors' loads: <vehicle>/<effector>.force_F, torque_PntF_F; "
              "actuator channels: <block>:command, <block>:applied, <block>:saturated, the blocks `ramus describe` "
              "lists; flight-software tasks' signals: <task>.<signal>, the signals `ramus describe` and "
              "docs/scenario_fields.md list per task type)");
    const Source source = items_.back().source;
    needs_diagnostics_ =
        needs_diagnostics_ || source == Source::vehicle || source == Source::total || source == Source::orbit;
    needs_inputs_ = needs_inputs_ || source == Source::input_command || source == Source::input_applied ||
                    source == Source::input_saturated;
    needs_tasks_ = needs_tasks_ || source == Source::task;
    needs_loads_ = needs_loads_ || source == Source::load;
  }
}

std::vector<double> QuantityLog::row(const Eigen::VectorXd& x, double t) const {
  if (needs_run())
    throw Error("QuantityLog::row: the log holds actuator or flight-software quantities: give the run (RunView)");
  return row(x, t, RunView{});
}

std::vector<double> QuantityLog::row(const Eigen::VectorXd& x, double t, const RunView& run) const {
  if ((needs_inputs_ && run.inputs == nullptr) || (needs_tasks_ && run.flight_software == nullptr))
    throw Error("QuantityLog::row: the log holds actuator or flight-software quantities, the run view lacks them");
  std::vector<double> out{t};
  out.reserve(columns_.size());
  const std::vector<VehicleDiagnostics> diag =
      needs_diagnostics_ ? diagnostics(*model_, x, t) : std::vector<VehicleDiagnostics>{};
  // The loads under the run's applied inputs where the run is given, the model's initial commands otherwise.
  const std::vector<DynamicEffectorLoad> loads =
      needs_loads_ ? dynamic_effector_loads(*model_, x, t,
                                            run.inputs ? Eigen::VectorXd(run.inputs->applied()) : Eigen::VectorXd())
                   : std::vector<DynamicEffectorLoad>{};
  for (const Item& item : items_) {
    Eigen::VectorXd value;
    switch (item.source) {
      case Source::state:
        value = x.segment(item.offset, item.size);
        break;
      case Source::vehicle:
        value = vehicle_value(diag[item.vehicle], item.quantity);
        break;
      case Source::orbit: {
        const VehicleDiagnostics& d = diag[item.vehicle];
        if (!(d.r_CN_N.cross(d.v_CN_N).norm() > 0.0))
          throw Error("'" + item.quantity + "' at t = " + std::to_string(t) +
                      " s: the centre of mass's r_CN_N × v_CN_N vanishes (a rectilinear or resting state has no "
                      "orbit plane, docs/environment/orbital_elements.md)");
        value = Eigen::VectorXd::Constant(1, element(elements_from_state(d.r_CN_N, d.v_CN_N, mu_), item.offset));
        break;
      }
      case Source::total:
        if (item.quantity == "total_energy") {
          double e = two_point_potential_energy(*model_, x);
          for (const VehicleDiagnostics& d : diag) e += d.orbital_energy + d.rotational_energy;
          value = Eigen::VectorXd::Constant(1, e);
        } else {
          Eigen::Vector3d H = Eigen::Vector3d::Zero();
          for (const VehicleDiagnostics& d : diag) H += d.H_orb_PntN_N + d.H_rot_PntC_N;
          value = H;
        }
        break;
      case Source::input_command:
        value = run.inputs->command().segment(item.offset, item.size);
        break;
      case Source::input_applied:
        value = run.inputs->applied().segment(item.offset, item.size);
        break;
      case Source::input_saturated:
        value.resize(item.size);
        for (Eigen::Index k = 0; k < item.size; ++k)
          value[k] = run.inputs->saturated()[static_cast<std::size_t>(item.offset + k)] != 0 ? 1.0 : 0.0;
        break;
      case Source::output: {
        value.resize(item.size);
        item.effector->write_output(item.vehicle, x.segment(item.offset, item.state_size),
                                    std::span<double>(value.data(), static_cast<std::size_t>(value.size())));
        break;
      }
      case Source::load:
        value =
            item.quantity == "force_F" ? loads[item.vehicle].wrench.force_F : loads[item.vehicle].wrench.torque_PntF_F;
        break;
      case Source::task: {
        const std::string& name = tasks_[item.vehicle].name;
        const FlightSoftwareTask* task = nullptr;
        for (const auto& candidate : run.flight_software->tasks())
          if (candidate->name() == name) task = candidate.get();
        if (task == nullptr) throw Error("QuantityLog::row: the run's flight software has no task '" + name + "'");
        value.resize(item.size);
        task->read_signal(static_cast<std::size_t>(item.offset), std::span<double>(value.data(), value.size()));
        break;
      }
    }
    out.insert(out.end(), value.data(), value.data() + value.size());
  }
  return out;
}

}  // namespace ramus::scenario
