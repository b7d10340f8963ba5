// Docking and separation of vehicles in the middle of a run (docs/models/docking.md,
// docs/architecture.md §24). Both change the structure of the model (a vehicle disappears into
// another, or a new one appears), so both take the run's model and state and return a new
// finalized model and the state mapped onto its layout; the run goes on with a new
// System(result.model). The effector objects move from the old model into the new one (one
// object, one place: placement.hpp), so the old model must have no other owner than the pointer
// passed (no System left holding it); on success that pointer is emptied (the old model is gone),
// on a refusal it is left as it was.
#pragma once

#include <Eigen/Dense>
#include <memory>
#include <string>
#include <string_view>

#include "ramus/kernel/model.hpp"

namespace ramus {

/// A rigid body held by a hub: its own mass properties in its own frame B2 and the pose of B2 in
/// the host hub's frame B. dock() returns the client as one; separate() releases one.
struct DockedBody {
  std::string name;                                       ///< the vehicle it is (was, or becomes)
  double m = 0.0;                                         ///< [kg]
  Eigen::Matrix3d I_PntBc_B = Eigen::Matrix3d::Zero();    ///< [kg m²] about its centre of mass, B2 components
  Eigen::Vector3d r_BcB_B = Eigen::Vector3d::Zero();      ///< [m] its centre of mass relative to B2, B2 components
  Eigen::Vector3d r_B2B_B = Eigen::Vector3d::Zero();      ///< [m] B2 relative to the host's B, B components
  Eigen::Matrix3d dcm_B2B = Eigen::Matrix3d::Identity();  ///< B2 relative to B
};

/// Totals of the vehicles an event involves, at one instant (N components, about N).
struct MomentumTotals {
  Eigen::Vector3d p_N = Eigen::Vector3d::Zero();       ///< [N s] linear momentum
  Eigen::Vector3d H_PntN_N = Eigen::Vector3d::Zero();  ///< [N m s] angular momentum about N
  /// [J] Σ (½ m |v_C|² + rotational_energy): the kinetic energy plus the effectors' internal
  /// (spring) energy, which an impulse does not change; gravity's potential is not included
  double energy = 0.0;
};

struct DockingResult {
  std::shared_ptr<const Model> model;  ///< finalized: the composite in the servicer's place
  Eigen::VectorXd x;                   ///< the state after capture, on model's layout
  DockedBody client;                   ///< the client's hub as captured (what separate() releases)
  MomentumTotals before, after;        ///< servicer and client before, the composite after
  /// [J] before.energy − after.energy (≥ 0), computed relative to the pair's centre-of-mass
  /// velocity (docs/models/docking.md (6)) so that it keeps its digits in orbit
  double energy_lost = 0.0;
};

struct SeparationResult {
  std::shared_ptr<const Model> model;  ///< finalized: the vehicle without the body, the body last
  Eigen::VectorXd x;                   ///< the state after release, on model's layout
  MomentumTotals before, after;        ///< the vehicle before, the two parts after
  /// [J] after.energy − before.energy (0 without a separation Δv), relative to the centre-of-mass
  /// velocity as DockingResult::energy_lost
  double energy_change = 0.0;
};

/// Captures vehicle `client` with vehicle `servicer` at (x, t): the client's hub becomes part of
/// the servicer's hub at the relative pose it has at x, and the composite's hub velocity and rate
/// are those that conserve the two vehicles' total linear and angular momentum, the servicer's
/// effectors keeping their state (docs/models/docking.md (1)–(5), the energy lost (6)). Refused (ConfigurationError
/// naming the field and value): a vehicle that does not exist, a vehicle docked with itself, a
/// client carrying state or dynamic effectors (named: their placement in the servicer's frame is
/// not known to the kernel), a two-point effector with an end on the client, a servicer or client
/// whose translation is not carried at B, a model still shared, x of the wrong size.
DockingResult dock(std::shared_ptr<const Model>& model, const Eigen::VectorXd& x, double t, std::string_view servicer,
                   std::string_view client);

/// Releases `body` from the hub of vehicle `vehicle` at (x, t) as a new vehicle `body.name`
/// (appended after the others): the hub keeps the rest of its mass properties
/// (docs/models/docking.md (9)), every part keeps its velocity and rate, and with a separation
/// Δv, delta_v_N, the body's centre of mass gains Δv by an impulse m_body Δv through it, and
/// the vehicle receives the opposite impulse (docs/models/docking.md (11)). Refused: a vehicle that
/// does not exist, a body name already used, a body that is not in the hub (its mass not below the
/// hub's, or the rest not a rigid body's inertia), non-finite or non-physical body data, a
/// vehicle whose translation is not carried at B, a model still shared, x of the wrong size.
SeparationResult separate(std::shared_ptr<const Model>& model, const Eigen::VectorXd& x, double t,
                          std::string_view vehicle, const DockedBody& body,
                          const Eigen::Vector3d& delta_v_N = Eigen::Vector3d::Zero());

}  // namespace ramus
