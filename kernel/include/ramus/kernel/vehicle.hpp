// A vehicle: a rigid hub with its state effectors and the dynamic effectors attached to the hub.
// Built through Model::add_vehicle(); its structure is frozen when the model is finalized.
#pragma once

#include <Eigen/Dense>
#include <memory>
#include <string>
#include <vector>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/dynamic_effector.hpp"
#include "ramus/kernel/state_effector.hpp"
#include "ramus/kernel/units.hpp"

namespace ramus {

/// Hub configuration, in units (docs/architecture.md §D9).
struct HubConfig {
  units::Mass mass;                ///< hub mass
  units::InertiaTensor I_PntBc_B;  ///< hub inertia about its own centre of mass Bc, B components
  units::Length3 r_BcB_B;          ///< hub centre of mass Bc relative to B (zero by default)
};

/// Hub parameters in SI, validated.
struct HubParameters {
  double m = 0.0;                                       ///< [kg]
  Eigen::Matrix3d I_PntBc_B = Eigen::Matrix3d::Zero();  ///< [kg m²]
  Eigen::Vector3d r_BcB_B = Eigen::Vector3d::Zero();    ///< [m]
  Eigen::Matrix3d I_PntB_B = Eigen::Matrix3d::Zero();   ///< [kg m²] about B (parallel axis, derived)
  Eigen::Vector3d m_r_BcB_B = Eigen::Vector3d::Zero();  ///< [kg m] m r_BcB_B (derived)
  /// The hub's constant rigid blocks of the hub system (architecture.md eq. 4: A = m 1,
  /// B = −m [c×], C = m [c×], D = I_PntB_B; vectors zero), derived: each evaluation starts from it.
  HubSystem rows;
};

/// The point whose position and velocity an initial state gives: the hub origin B, or the
/// vehicle's centre of mass C (hub and effectors, at their initial coordinates).
enum class ReferencePoint { B, C };

/// Initial translational and rotational state of a vehicle's hub.
struct InitialState {
  ReferencePoint point = ReferencePoint::B;
  units::Length3 r_N;                                ///< position of the point relative to N, N components
  units::Velocity3 v_N;                              ///< its inertial velocity, N components
  Quaternion q_BN = Quaternion(1.0, 0.0, 0.0, 0.0);  ///< attitude of B relative to N (unit)
  units::AngularVelocity3 omega_BN_B;                ///< angular velocity of B relative to N, B components
};

/// How a vehicle's translation is carried (docs/architecture.md §16). Position and velocity of B
/// (the default), or of the centre of mass C, from which B follows (eq. (20)); or the hub is clamped:
/// inertially fixed, its states constant (appendages on their own, as a welded base).
enum class HubTranslation { B, C, clamped };

/// Offsets of a vehicle's blocks in the state vector (set by Model::finalize()).
/// The names of VehicleOffsets::r_N and v_N in 0.1 (before the state could hold C), equal to them
/// for one minor version (removed in 0.3, CHANGELOG.md). Reading them warns; copying the offsets
/// does not (the copies are written here, where the warning is off).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
struct DeprecatedVehicleOffsetNames {
  [[deprecated("use VehicleOffsets::r_N")]] Eigen::Index r_BN_N;
  [[deprecated("use VehicleOffsets::v_N")]] Eigen::Index v_BN_N;

  DeprecatedVehicleOffsetNames() noexcept : r_BN_N(0), v_BN_N(0) {}
  DeprecatedVehicleOffsetNames(const DeprecatedVehicleOffsetNames& o) noexcept : r_BN_N(o.r_BN_N), v_BN_N(o.v_BN_N) {}
  DeprecatedVehicleOffsetNames& operator=(const DeprecatedVehicleOffsetNames& o) noexcept {
    set(o.r_BN_N, o.v_BN_N);
    return *this;
  }
  ~DeprecatedVehicleOffsetNames() = default;
  void set(Eigen::Index r, Eigen::Index v) noexcept {
    r_BN_N = r;
    v_BN_N = v;
  }
};
#pragma GCC diagnostic pop

struct VehicleOffsets : DeprecatedVehicleOffsetNames {
  /// The translational blocks: r_BN_N and v_BN_N, or r_CN_N and v_CN_N when `translation` is C.
  Eigen::Index r_N = 0, v_N = 0;
  Eigen::Index q_BN = 0, omega_BN_B = 0, dv_CN_N = 0;
  HubTranslation translation = HubTranslation::B;
  std::vector<Eigen::Index> state_effectors;  ///< first index of each state effector's block
  std::vector<Eigen::Index> state_sizes;      ///< size of each state effector's block
  /// Where each effector's actuator channels are in the input vector (Model::input_layout()).
  struct InputRange {
    Eigen::Index offset = 0, size = 0;
  };
  std::vector<InputRange> inputs_state_effectors;        ///< one per state effector
  std::vector<std::vector<InputRange>> inputs_children;  ///< per state effector, one per child
  std::vector<InputRange> inputs_dynamic_effectors;      ///< one per dynamic effector on the hub
  /// An effector on the hub or a segment reads the field's gradient at C (LoadContext::G_N).
  bool gradient_at_C = false;

  /// Sets the deprecated names (DeprecatedVehicleOffsetNames) from r_N and v_N (Model::finalize()).
  void sync_deprecated_names() { DeprecatedVehicleOffsetNames::set(r_N, v_N); }
};

class Vehicle {
 public:
  /// Validates the hub: mass > 0; I_PntBc_B a rigid body's inertia (validation.hpp); r_BcB_B
  /// finite, and such that the hub's inertia about B (architecture.md eq. 1) and m r_BcB_B are
  /// finite doubles (refused otherwise, naming the offset and the mass).
  Vehicle(std::string name, const HubConfig& hub);
  /// Releases its effectors (placement.hpp), so that they may be added elsewhere.
  ~Vehicle();
  Vehicle(const Vehicle&) = delete;
  Vehicle& operator=(const Vehicle&) = delete;

  const std::string& name() const { return name_; }
  const HubParameters& hub() const { return hub_; }

  void set_initial_state(const InitialState& initial);
  const InitialState& initial_state() const { return initial_; }

  /// What the state carries of the hub's translation (HubTranslation; B by default). C keeps the
  /// orbit of a vehicle whose B is far from its centre of mass free of the attitude error
  /// (docs/architecture.md §16); clamped fixes the hub in N (its initial velocity and rate must be 0).
  void set_hub_translation(HubTranslation translation);
  HubTranslation hub_translation() const { return translation_; }

  /// Adds a state effector to the hub; returns it. Names are unique within a vehicle; an effector
  /// object already in a place (this or another vehicle, model or host) is refused (placement.hpp).
  StateEffector& add_state_effector(std::shared_ptr<StateEffector> effector);
  /// Attaches a dynamic effector to the hub. Names are unique within a vehicle; an effector object
  /// already in a place is refused (placement.hpp).
  void add_dynamic_effector(std::shared_ptr<DynamicEffector> effector);

  const std::vector<std::shared_ptr<StateEffector>>& state_effectors() const { return state_effectors_; }
  const std::vector<std::shared_ptr<DynamicEffector>>& dynamic_effectors() const { return dynamic_effectors_; }
  const VehicleOffsets& offsets() const { return offsets_; }

  /// "vehicle 'name'": how error messages name this vehicle.
  std::string label() const { return "vehicle '" + name_ + "'"; }

 private:
  friend class Model;
  void require_open(const std::string& field, const std::string& value) const;
  void require_unique(const std::string& name) const;
  /// Appends `effector` to `list` once it is checked (not null, the vehicle open, in no other
  /// place, its name unique) and claims it for this vehicle; `what` names the call in errors.
  template <class Effector>
  Effector& place(std::vector<std::shared_ptr<Effector>>& list, std::shared_ptr<Effector> effector, const char* what);
  void require_unique_children() const;  // children of state effectors share the vehicle's names

  std::string name_;
  HubParameters hub_;
  InitialState initial_;
  HubTranslation translation_ = HubTranslation::B;
  std::vector<std::shared_ptr<StateEffector>> state_effectors_;
  std::vector<std::shared_ptr<DynamicEffector>> dynamic_effectors_;
  VehicleOffsets offsets_;
  bool frozen_ = false;
};

}  // namespace ramus
