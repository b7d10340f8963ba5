// The central body's shadow: cylindrical and conical models (docs/environment/shadow.md).
#include "ramus/environment/shadow.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

#include "ramus/kernel/enum_names.hpp"

namespace ramus {

std::string_view to_string(ShadowModel model) {
  static constexpr std::array<std::string_view, 3> names{"none", "cylindrical", "conical"};
  return enum_name(model, names);
}

double visible_disc_fraction(double a, double b, double c) {
  if (c >= a + b) return 1.0;                      // apart (or touching): no eclipse
  if (c <= b - a) return 0.0;                      // the body's disc covers the Sun's: umbra
  if (c <= a - b) return 1.0 - (b * b) / (a * a);  // the body's disc inside the Sun's: annular
  // Partial overlap, |a − b| < c < a + b: the lens of the two circles, docs/environment/shadow.md (5),
  // written with the half-angles α = acos(x/a), β = acos((c − x)/b) of the chord through the
  // circles' intersections taken by atan2 from y, the chord's half-length (Heron's formula of the
  // triangle a, b, c, each factor a difference of the inputs): acos near 1 would lose half the
  // digits exactly where an edge is crossed. (c − b) and (c − a) are exact when close.
  const double y = std::sqrt(std::max(0.0, (a + b + c) * ((c - a) + b) * ((c - b) + a) * (a + (b - c)))) / (2.0 * c);
  const double x = ((c - b) * (c + b) + a * a) / (2.0 * c);
  const double alpha = std::atan2(y, x), beta = std::atan2(y, c - x);
  const double overlap = a * a * alpha + b * b * beta - c * y;
  return std::clamp(1.0 - overlap / (std::numbers::pi * a * a), 0.0, 1.0);  // the clamp: rounding only
}

double illuminated_fraction(ShadowModel model, const Eigen::Vector3d& r_N, const Eigen::Vector3d& r_Sun_N,
                            double body_radius, double sun_radius) {
  if (model == ShadowModel::none) return 1.0;
  const double r = r_N.norm();
  if (r <= body_radius) return 0.0;  // inside the opaque body (§4)
  if (model == ShadowModel::cylindrical) {
    // docs/environment/shadow.md (1): behind the body (r·ŝ < 0) and within R_B of the Sun line.
    const Eigen::Vector3d sHat = r_Sun_N.normalized();
    const double along = r_N.dot(sHat);
    return (along < 0.0 && (r_N - along * sHat).norm() < body_radius) ? 0.0 : 1.0;
  }
  if ((r_Sun_N - r_N).norm() <= sun_radius) return 1.0;  // inside the Sun's sphere (§4)
  const ApparentDiscs discs = apparent_discs(r_N, r_Sun_N, body_radius, sun_radius);
  return visible_disc_fraction(discs.a, discs.b, discs.c);
}

ApparentDiscs apparent_discs(const Eigen::Vector3d& r_N, const Eigen::Vector3d& r_Sun_N, double body_radius,
                             double sun_radius) {
  // docs/environment/shadow.md (2)–(4): apparent radii and separation, the separation by atan2
  // (accurate at every angle, where acos loses half the digits near 0 and π).
  const Eigen::Vector3d to_sun = r_Sun_N - r_N;  // spacecraft → Sun
  const Eigen::Vector3d to_body = -r_N;
  return {std::asin(sun_radius / to_sun.norm()), std::asin(body_radius / r_N.norm()),
          std::atan2(to_body.cross(to_sun).norm(), to_body.dot(to_sun))};
}

}  // namespace ramus
