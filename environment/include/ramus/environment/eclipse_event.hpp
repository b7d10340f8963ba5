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

/// Which edge of the shadow an eclipse event finds (docs/environment/shadow.md §3, §5).
enum class EclipseEdge {
  half,      ///< half the Sun's disc hidden: g = ν − ½ (mid-penumbra)
  penumbra,  ///< the penumbra's outer edge, first contact: g = c − (a + b) (eq. (7)'s cone)
  umbra,     ///< the umbra's edge, the whole disc hidden: g = c − (b − a) (eq. (8)'s cone)
};

/// "half", "penumbra", "umbra".
std::string_view to_string(EclipseEdge edge);

/// g(x, t) = ν(r_BN_N, r_Sun_N(t)) − ½ for vehicle `vehicle` of a finalized model (its hub
/// origin B, read from the state: the shadow's edge moves by the C–B offset, metres, over
/// kilometres of penumbra), with the Sun from `sun` and the central body a sphere of
/// `body_radius` [m] at N's origin. Conical: continuous, the crossing at half the disc
/// (mid-penumbra); cylindrical: ν jumps 1 → 0, and the crossing is located at the jump.
/// With `edge` penumbra or umbra (conical), g is the separation of the discs' centres less its
/// value on that edge, c − (a + b) or c − (b − a) [rad] (docs/environment/shadow.md (2)–(4)): positive outside,
/// smooth, so that the entry into the penumbra and into the umbra and their exits are located as
/// any smooth crossing; −1 inside the central body and +1 inside the Sun's sphere. A cylindrical
/// shadow has one edge (no penumbra): every `edge` gives its jump.
/// Throws ConfigurationError naming `event` and the field: no Sun, a non-positive or non-finite
/// radius, the model not finalized, no such vehicle, ShadowModel::none (no crossing ever).
std::function<double(const Eigen::VectorXd& x, double t)> eclipse_function(
    std::string_view event, const Model& model, std::string_view vehicle, std::shared_ptr<const Ephemeris> sun,
    double body_radius, ShadowModel shadow = ShadowModel::conical, double sun_radius = kSunRadius,
    EclipseEdge edge = EclipseEdge::half);

}  // namespace ramus
