#include "ramus/scenario/logged_quantities.hpp"

#include <array>
#include <map>
#include <string_view>

#include "ramus/kernel/diagnostics.hpp"
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

}  // namespace

std::vector<std::string> QuantityLog::names(const Model& model) {
  std::vector<std::string> out;
  for (const StateBlock& b : model.layout().blocks()) out.push_back(b.owner + "." + b.name);
  for (std::size_t i = 0; i < model.vehicle_count(); ++i)
    for (const Diagnostic& d : kVehicleDiagnostics) out.push_back(model.vehicle(i).name() + "." + d.name);
  for (const Diagnostic& d : kTotals) out.emplace_back(d.name);
  return out;
}

std::vector<std::string> QuantityLog::default_names(const Model& model) {
  std::vector<std::string> out;
  for (const StateBlock& b : model.layout().blocks()) out.push_back(b.owner + "." + b.name);
  for (const Diagnostic& d : kTotals) out.emplace_back(d.name);
  return out;
}

QuantityLog::QuantityLog(const Model& model, const std::vector<std::string>& names) : model_(&model) {
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
    for (const Diagnostic& d : kTotals) {
      if (found || name != d.name) continue;
      items_.push_back({Source::total, 0, d.name, 0, d.size});
      add_columns(name, d.size, d.unit);
      found = true;
    }
    if (!found)
      throw ScenarioError(
          "output.log[" + std::to_string(n) + "]",
          "unknown quantity '" + name +
              "' (`ramus describe` lists the state blocks; vehicle "
              "diagnostics are <vehicle>.m, r_CN_N, v_CN_N, sigma_BN, orbital_energy, "
              "rotational_energy, H_orb_PntN_N, H_rot_PntC_N, dv_CN_N; totals: total_energy, H_PntN_N)");
    needs_diagnostics_ = needs_diagnostics_ || items_.back().source != Source::state;
  }
}

std::vector<double> QuantityLog::row(const Eigen::VectorXd& x, double t) const {
  std::vector<double> out{t};
  out.reserve(columns_.size());
  const std::vector<VehicleDiagnostics> diag =
      needs_diagnostics_ ? diagnostics(*model_, x, t) : std::vector<VehicleDiagnostics>{};
  for (const Item& item : items_) {
    Eigen::VectorXd value;
    switch (item.source) {
      case Source::state:
        value = x.segment(item.offset, item.size);
        break;
      case Source::vehicle:
        value = vehicle_value(diag[item.vehicle], item.quantity);
        break;
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
    }
    out.insert(out.end(), value.data(), value.data() + value.size());
  }
  return out;
}

}  // namespace ramus::scenario
