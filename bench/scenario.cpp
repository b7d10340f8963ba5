#include "scenario.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace ramus::bench {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double relative(const Eigen::Vector3d& value, const std::optional<Eigen::Vector3d>& ref) {
  return ref ? (value - *ref).norm() / ref->norm() : kNaN;
}

/// The larger of two components, NaN only when both are.
double larger(double a, double b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  return std::max(a, b);
}

}  // namespace

double ErrorBreakdown::max() const {
  double m = 0.0;
  for (const double e : {position, velocity, attitude, rate, coordinates}) {
    if (!std::isnan(e)) m = std::max(m, e);  // NaN: not defined by this scenario's reference
  }
  return m;
}

std::string_view ErrorBreakdown::dominant() const {
  const std::array<double, 5> e{position, velocity, attitude, rate, coordinates};
  constexpr std::array<std::string_view, 5> symbol{"r", "v", "q", "w", "c"};
  std::size_t k_max = 0;
  double m = -1.0;
  for (std::size_t k = 0; k < e.size(); ++k)
    if (!std::isnan(e[k]) && e[k] > m) {
      m = e[k];
      k_max = k;
    }
  return m < 0.0 ? std::string_view{} : symbol[k_max];
}

ErrorBreakdown hub_error(const Model& model, const Eigen::VectorXd& x, const HubReference& ref, std::size_t i) {
  const VehicleOffsets& o = model.vehicle(i).offsets();
  const Quaternion q_BN = x.segment<4>(o.q_BN);
  return {relative(x.segment<3>(o.r_N), ref.r_BN_N), relative(x.segment<3>(o.v_N), ref.v_BN_N),
          attitude_error_angle(ref.q_BN, q_BN), relative(x.segment<3>(o.omega_BN_B), ref.omega_BN_B), kNaN};
}

ErrorBreakdown Scenario::error(const Eigen::VectorXd& x_t1) const {
  ErrorBreakdown e = hub_error(*model, x_t1, reference_state);
  for (std::size_t k = 0; k < other_hubs.size(); ++k) {
    const ErrorBreakdown h = hub_error(*model, x_t1, other_hubs[k], k + 1);
    e.position = larger(e.position, h.position);
    e.velocity = larger(e.velocity, h.velocity);
    e.attitude = larger(e.attitude, h.attitude);
    e.rate = larger(e.rate, h.rate);
  }
  for (const CoordinateReference& c : coordinates) {
    const double d = (x_t1.segment(c.offset, c.size) - c.value).lpNorm<Eigen::Infinity>() / c.scale;
    e.coordinates = larger(e.coordinates, d);
  }
  return e;
}

System Scenario::run() const {
  const System system(model);
  if (drive) drive(system.inputs());
  return system;
}

PropagationSettings Scenario::closed_loop(PropagationSettings settings, std::unique_ptr<FlightSoftware>& holder) const {
  holder = flight_software ? flight_software() : nullptr;
  settings.flight_software = holder.get();
  return settings;
}

std::vector<double> Scenario::times() const {
  if (!output_times.empty()) return output_times;
  return {t0, t1};
}

std::string layout_summary(const Model& model) {
  std::string s;
  std::string owner;
  Eigen::Index size = 0;
  const auto flush = [&] {
    if (owner.empty()) return;
    s += (s.empty() ? "" : ", ") + owner + ' ' + std::to_string(size);
  };
  for (const StateBlock& b : model.layout().blocks()) {
    if (b.owner != owner) {
      flush();
      owner = b.owner;
      size = 0;
    }
    size += b.size;
  }
  flush();
  return s;
}

}  // namespace ramus::bench
