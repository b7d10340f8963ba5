// The state-effector interface (docs/architecture.md §D5, docs/adding_an_effector.md): a body with
// its own coordinates in the state vector, coupled to the hub by back-substitution. The kernel
// calls these methods in the order of one derivative evaluation (docs/architecture.md §2):
// kinematics → mass_properties → contributions → (hub solve) → derivatives, each with the one
// EvaluationContext. Methods are const; every scratch value lives in the effector's own
// EffectorWorkspace, created once by make_workspace(), never allocated during an evaluation.
#pragma once

#include <Eigen/Dense>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ramus/kernel/back_substitution.hpp"
#include "ramus/kernel/dynamic_effector.hpp"
#include "ramus/kernel/evaluation_context.hpp"
#include "ramus/kernel/frame_kinematics.hpp"
#include "ramus/kernel/inputs.hpp"
#include "ramus/kernel/mass_properties.hpp"
#include "ramus/kernel/placement.hpp"

namespace ramus {

class System;

/// Read-only view of an effector's block of x: a contiguous span of doubles, viewed as a vector.
/// A Map rather than Eigen::Ref<const VectorXd>: Ref<const> carries a spare VectorXd for
/// expressions it must copy, and constructing and destroying it on every call of every stage
/// cost about 5 % of an evaluation. Binds to a VectorXd or to any contiguous, directly
/// accessible block of one (x.segment(…), x.head(…), a Map, a Ref); never copies.
class ConstStateBlock : public Eigen::Map<const Eigen::VectorXd> {
 public:
  using Base = Eigen::Map<const Eigen::VectorXd>;
  ConstStateBlock(const Eigen::VectorXd& v) : Base(v.data(), v.size()) {}  // NOLINT(implicit)
  template <typename Derived>
  requires(Derived::ColsAtCompileTime == 1 && Derived::InnerStrideAtCompileTime == 1)
      ConstStateBlock(const Eigen::MapBase<Derived, Eigen::ReadOnlyAccessors>& v)  // NOLINT(implicit)
      : Base(v.data(), v.size()) {}
};
/// Writable view of an effector's block of dxdt.
using StateBlockRef = Eigen::Ref<Eigen::VectorXd>;

/// Base of every effector's scratch data (Pinocchio's Data, MuJoCo's mjData, per effector).
class EffectorWorkspace {
 public:
  virtual ~EffectorWorkspace() = default;
  /// The applied values of the effector's own actuator channels in this run, in the order of its
  /// input_blocks() (bound by the run's Workspace; empty for an effector without inputs).
  ConstInputBlock inputs() const { return {u_, n_}; }
  /// Points inputs() at n values of the run's applied inputs (the kernel's Workspace does it).
  void bind_inputs(const double* u, Eigen::Index n) {
    u_ = u;
    n_ = n;
  }

 private:
  const double* u_ = nullptr;
  Eigen::Index n_ = 0;
};

/// One block of an effector's states, as it appears in StateLayout::describe().
struct StateBlockSpec {
  std::string name;  ///< e.g. "theta"
  Eigen::Index size;
  std::string unit;  ///< e.g. "rad"
};

/// An effector's terms in the vehicle's energy and rotational angular momentum, about B.
struct EnergyMomentumContribution {
  Eigen::Vector3d H_PntB_B = Eigen::Vector3d::Zero();  ///< [N m s] angular momentum about B, B components
  double kinetic_energy = 0.0;                         ///< [J] relative to an inertial frame moving with B
  double potential_energy = 0.0;                       ///< [J] internal (springs)
  /// [N s] linear momentum relative to B not carried by the mass properties' m rPrime (a mass
  /// flow's, architecture.md §6), B components; 0 for a body of constant mass.
  Eigen::Vector3d p_B = Eigen::Vector3d::Zero();
  /// [N s] linear and [N m s] angular momentum (about N) of the exhaust expelled so far, N
  /// components (an effector that expels mass keeps them as states); 0 otherwise.
  Eigen::Vector3d p_exhaust_N = Eigen::Vector3d::Zero();
  Eigen::Vector3d H_exhaust_PntN_N = Eigen::Vector3d::Zero();
};

class StateEffector {
 public:
  explicit StateEffector(std::string name);
  /// Releases its children on segments (placement.hpp), so that they may be added elsewhere.
  virtual ~StateEffector();
  StateEffector(const StateEffector&) = delete;
  StateEffector& operator=(const StateEffector&) = delete;

  const std::string& name() const { return name_; }
  /// The model's name, e.g. "hinged_rigid_body"; used in describe() and in error messages.
  virtual std::string_view kind() const = 0;
  /// "<kind> '<name>'": how error messages name this effector.
  std::string label() const { return std::string(kind()) + " '" + name_ + "'"; }
  /// Whether the effector's mass changes with its state (a fuel tank): its mass rate then enters
  /// the kernel's mass-rate terms (docs/architecture.md §6), which a host that carries its
  /// children's coupling itself (a prescribed platform) must be able to pass on.
  virtual bool varies_in_mass() const { return false; }
  /// Where this object has been added ("vehicle 'sc'", or the state effector hosting it);
  /// empty while it is in no place. One object, one place (placement.hpp).
  const std::string& placement() const { return placement_.where(); }

  // ---- structure (read at finalize) -------------------------------------------------------
  virtual std::vector<StateBlockSpec> state_blocks() const = 0;
  /// Its actuator channels (docs/architecture.md §5, Inputs; default: none), read at finalize;
  /// each run's values reach the stages through EffectorWorkspace::inputs().
  virtual std::vector<InputSpec> input_blocks() const { return {}; }
  /// Default sources of its channels, copied into every run's Inputs; `channel` counts from the
  /// effector's first channel. Default: none.
  virtual std::vector<InputProfile> input_profiles() const { return {}; }
  /// Latches its lock flags `channels` (counted from its first channel) that a run commanded to 1
  /// through Inputs::set, in the run of `system` at (x, t), between steps: the impulse of
  /// docs/architecture.md §12 applied to x, then the flags set. Called by the driver
  /// (engage_commanded_locks, system.hpp). The default refuses: declare lock flags
  /// (InputSpec::lock) only with an override.
  virtual void engage_commanded_locks(std::span<const Eigen::Index> channels, const System& system, Eigen::VectorXd& x,
                                      double t) const;
  /// Binds ws (made by make_workspace()) to the effector's n applied inputs at u; a host binds
  /// its hosted effectors' workspaces too.
  virtual void bind_inputs(EffectorWorkspace& ws, const double* u, Eigen::Index n) const { ws.bind_inputs(u, n); }
  /// Number of segment frames that can host dynamic effectors (0: none).
  virtual std::size_t segment_count() const { return 0; }

  // ---- outputs: functions of the effector's own state (logged as "<vehicle>/<name>.<output>") --
  /// Its outputs beside its state blocks (a flexible body's node displacements; default: none).
  struct OutputSpec {
    std::string name;  ///< unique among its outputs and state blocks
    Eigen::Index size = 1;
    std::string unit;  ///< "m", "rad", "1", …
  };
  virtual std::vector<OutputSpec> outputs() const { return {}; }
  /// Output `i` (of outputs()) at the effector's state block x, into out (its size): a pure
  /// function of x. The default refuses (an effector with outputs overrides it).
  virtual void write_output(std::size_t i, ConstStateBlock x, std::span<double> out) const;

  // ---- branching (docs/branching.md) ------------------------------------------------------
  /// A dynamic effector attached to one of this effector's segments.
  struct Child {
    std::shared_ptr<DynamicEffector> effector;
    std::size_t segment;  ///< 0-based; segment 0 is next to the hub
  };
  /// Attaches `child` to segment `segment`. Throws ConfigurationError at once, naming both, when
  /// this effector hosts no children or the segment does not exist; the child's own
  /// compatibility is checked when the model is finalized. Several children may share a segment.
  void add_dynamic_effector(std::shared_ptr<DynamicEffector> child, std::size_t segment);
  const std::vector<Child>& children() const { return children_; }
  /// Adds a child's wrench (in the segment frame, about its origin) to segment s for the current
  /// evaluation; called by the kernel's loads stage after kinematics(). Effectors with segments
  /// override it; they route the wrench into their own equations and the hub's.
  virtual void add_segment_wrench(std::size_t s, const Wrench& w, EffectorWorkspace& ws) const;
  /// Throws ConfigurationError for parameters that only make sense together (called at finalize).
  virtual void validate() const {}
  virtual void write_initial_state(StateBlockRef x) const = 0;

  /// The effector's scratch data for one run (default: none).
  virtual std::unique_ptr<EffectorWorkspace> make_workspace() const { return std::make_unique<EffectorWorkspace>(); }

  // ---- one evaluation (docs/adding_an_effector.md) ----------------------------------------
  // Each stage reads the context fields valid at its stage (evaluation_context.hpp), its own
  // block of x and its own workspace; only derivatives() is required.
  /// Segment kinematics and whatever later stages share, from x (stored in ws; read by segment()).
  virtual void kinematics(const EvaluationContext& /*ctx*/, ConstStateBlock /*x*/, EffectorWorkspace& /*ws*/) const {}
  /// Kinematics of segment s computed by the last kinematics() call on ws.
  virtual const FrameKinematics& segment(std::size_t s, const EffectorWorkspace& ws) const;
  /// Its mass, centre of mass and their rates, for the vehicle's centre of mass (eq. 2); default
  /// massless.
  virtual CentreOfMass mass_properties(const EvaluationContext& /*ctx*/, ConstStateBlock /*x*/,
                                       EffectorWorkspace& /*ws*/) const {
    return {};
  }
  /// Adds everything the effector contributes to the hub's system (eqs. 4–5): its coupling terms
  /// and the rigid rows of its own mass (add_rigid_rows() for a body with MassProperties), so
  /// that an effector with mass must override it.
  virtual void contributions(const EvaluationContext& /*ctx*/, ConstStateBlock /*x*/, EffectorWorkspace& /*ws*/,
                             HubSystem& /*hub_system*/) const {}
  /// Writes the effector's state derivatives from the solved hub accelerations (ctx.acc) and
  /// returns m·rDDot_EcB_B: its mass times the inertial acceleration of its centre of mass
  /// relative to B's, in B components (summed over its bodies; zero when massless), for the
  /// acceleration of the vehicle's centre of mass (eq. 9). A body that knows its B-frame
  /// m r'' gets it from inertial_relative_acceleration() (back_substitution.hpp).
  virtual Eigen::Vector3d derivatives(const EvaluationContext& ctx, ConstStateBlock x, EffectorWorkspace& ws,
                                      StateBlockRef dxdt) const = 0;
  /// Energy and angular momentum about B; ws holds a kinematics() of the same x (default: none).
  virtual EnergyMomentumContribution energy_momentum(const EvaluationContext& /*ctx*/, ConstStateBlock /*x*/,
                                                     const EffectorWorkspace& /*ws*/) const {
    return {};
  }

 protected:
  /// For configuration setters: throws ConfigurationError naming `what` once the model holding
  /// the effector is finalized (a run's commands go to its Inputs, never to the model).
  void require_open(const char* what) const;
  /// For effectors that host other state effectors (a prescribed platform): throws
  /// ConfigurationError naming `child` and where it already is when it has a place already; claim
  /// all children only once every one is known to be free.
  void require_free_to_host(const StateEffector& child) const;
  void claim_hosted(StateEffector& child) const { child.placement_.claim(this, label()); }
  /// To be called by the host's destructor for each child it claimed.
  void release_hosted(StateEffector& child) const { child.placement_.release(this); }

 private:
  friend class Model;
  friend class Vehicle;  // claims and releases placement_
  std::string name_;
  std::vector<Child> children_;
  Placement placement_;
  bool frozen_ = false;  ///< set by Model::finalize(): no more children
};

}  // namespace ramus

/// Declares, in a state effector's class, what every effector with mass overrides: its state
/// (state_blocks, write_initial_state) and the four stages of an evaluation (mass_properties,
/// contributions, derivatives, energy_momentum), with the base class's signatures. The
/// declarations are the same in every such effector, so they are written here once; the effector
/// documents its state blocks and the equation of each stage beside the macro.
#define RAMUS_STATE_EFFECTOR_OVERRIDES                                                                         \
  std::vector<::ramus::StateBlockSpec> state_blocks() const override;                                          \
  void write_initial_state(::ramus::StateBlockRef x) const override;                                           \
  ::ramus::CentreOfMass mass_properties(const ::ramus::EvaluationContext& ctx, ::ramus::ConstStateBlock x,     \
                                        ::ramus::EffectorWorkspace& ws) const override;                        \
  void contributions(const ::ramus::EvaluationContext& ctx, ::ramus::ConstStateBlock x,                        \
                     ::ramus::EffectorWorkspace& ws, ::ramus::HubSystem& hub_system) const override;           \
  Eigen::Vector3d derivatives(const ::ramus::EvaluationContext& ctx, ::ramus::ConstStateBlock x,               \
                              ::ramus::EffectorWorkspace& ws, ::ramus::StateBlockRef dxdt) const override;     \
  ::ramus::EnergyMomentumContribution energy_momentum(                                                         \
      const ::ramus::EvaluationContext& ctx, ::ramus::ConstStateBlock x, const ::ramus::EffectorWorkspace& ws) \
      const override
