// The eclipse event function (docs/architecture.md §11): g(x, t) = ν − ½, with ν the fraction of
// the Sun's disc a vehicle sees (shadow.hpp, docs/environment/shadow.md), so that g falls
// through zero on entering the shadow and rises on leaving it. The function is what an event
// of steppers/ (ramus::Event::g) takes; the environment does not depend on steppers/.
#pragma once

#include <Eigen/Dense>
#include <functional>
#include <memory>
#include <string_view>

#include "ramus/environment/ephemeris.hpp"
#include "ramus/environment/shadow.hpp"
#include "ramus/kernel/model.hpp"

namespace ramus {

/// g(x, t) = ν(r_BN_N, r_Sun_N(t)) − ½ for vehicle `vehicle` of a finalized model (its hub
/// origin B, read from the state: the shadow's edge moves by the C–B offset, metres, over
/// kilometres of penumbra), with the Sun from `sun` and the central body a sphere of
/// `body_radius` [m] at N's origin. Conical: continuous, the crossing at half the disc
/// (mid-penumbra); cylindrical: ν jumps 1 → 0, and the crossing is located at the jump.
/// Throws ConfigurationError naming `event` and the field: no Sun, a non-positive or non-finite
/// radius, the model not finalized, no such vehicle, ShadowModel::none (no crossing ever).
std::function<double(const Eigen::VectorXd& x, double t)> eclipse_function(
    std::string_view event, const Model& model, std::string_view vehicle, std::shared_ptr<const Ephemeris> sun,
    double body_radius, ShadowModel shadow = ShadowModel::conical, double sun_radius = kSunRadius);

}  // namespace ramus
