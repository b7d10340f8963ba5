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

}  // namespace

double ErrorBreakdown::max() const {
  double m = 0.0;
  for (const double e : {position, velocity, attitude, rate}) {
    if (!std::isnan(e)) m = std::max(m, e);  // NaN: not defined by this scenario's reference
  }
  return m;
}

std::string_view ErrorBreakdown::dominant() const {
  const std::array<double, 4> e{position, velocity, attitude, rate};
  constexpr std::array<std::string_view, 4> symbol{"r", "v", "q", "w"};
  std::size_t k_max = 0;
  double m = -1.0;
  for (std::size_t k = 0; k < e.size(); ++k)
    if (!std::isnan(e[k]) && e[k] > m) {
      m = e[k];
      k_max = k;
    }
  return m < 0.0 ? std::string_view{} : symbol[k_max];
}

ErrorBreakdown hub_error(const Model& model, const Eigen::VectorXd& x, const HubReference& ref) {
  const VehicleOffsets& o = model.vehicle(0).offsets();
  const Quaternion q_BN = x.segment<4>(o.q_BN);
  return {relative(x.segment<3>(o.r_BN_N), ref.r_BN_N), relative(x.segment<3>(o.v_BN_N), ref.v_BN_N),
          attitude_error_angle(ref.q_BN, q_BN), relative(x.segment<3>(o.omega_BN_B), ref.omega_BN_B)};
}

}  // namespace ramus::bench
