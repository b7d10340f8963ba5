// Model: the vehicles, their effectors, the gravity field and, once finalized, the state layout.
// This is the model data of docs/architecture.md §D3 (Pinocchio's Model, MuJoCo's mjModel); every
// scratch value
// of an evaluation lives in a Workspace instead.
#pragma once

#include <Eigen/Dense>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ramus/kernel/gravity_model.hpp"
#include "ramus/kernel/inputs.hpp"
#include "ramus/kernel/state_layout.hpp"
#include "ramus/kernel/two_point_effector.hpp"
#include "ramus/kernel/vehicle.hpp"

namespace ramus {

class Workspace;

class Model {
 public:
  Model() = default;
  /// Releases its two-point effectors (placement.hpp); its vehicles release theirs.
  ~Model();
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;

  /// Adds a vehicle; the reference stays valid for the model's life. Names are unique.
  Vehicle& add_vehicle(std::string name, const HubConfig& hub);
  /// Adds a load between two attach points (a constraint), on one vehicle or two; its ends are
  /// resolved, and their compatibility checked, at finalize(). Refused at once: two ends on the
  /// same body, a name already used, an object already in a model (placement.hpp).
  void add_two_point_effector(std::shared_ptr<TwoPointEffector> effector);
  /// A two-point effector with its ends resolved to (vehicle, state effector, segment) indices;
  /// state_effector == npos means the hub.
  struct ResolvedEnd {
    std::size_t vehicle = 0;
    std::size_t state_effector = npos;
    std::size_t segment = 0;
  };
  struct TwoPointAttachment {
    std::shared_ptr<TwoPointEffector> effector;
    ResolvedEnd end1, end2;
  };
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  const std::vector<TwoPointAttachment>& two_point_effectors() const { return two_point_; }

  /// Sets the gravity field acting on every vehicle (none by default). A gravity model is read-only
  /// (const, no inputs), so one object may serve several models, also on several threads.
  void set_gravity(std::shared_ptr<const GravityModel> gravity);

  /// Freezes the structure, validates every effector, assigns the state layout, converts initial
  /// conditions given at C to B, and checks the hub system at the initial state is regular.
  void finalize();
  bool is_finalized() const { return finalized_; }

  const StateLayout& layout() const;
  /// The initial state vector (after finalize()).
  const Eigen::VectorXd& initial_state() const;

  std::size_t vehicle_count() const { return vehicles_.size(); }
  /// Vehicle i; throws ConfigurationError when out of range.
  const Vehicle& vehicle(std::size_t i) const {
    if (i >= vehicles_.size()) throw_vehicle_index(i);
    return *vehicles_[i];
  }
  Vehicle& vehicle(std::size_t i) {
    if (i >= vehicles_.size()) throw_vehicle_index(i);
    return *vehicles_[i];
  }
  /// Index of the vehicle called `name`; throws ConfigurationError when there is none.
  std::size_t vehicle_index(std::string_view name) const;
  const GravityModel* gravity() const { return gravity_.get(); }
  /// The gravity model as shared (null when none): for a model rebuilt from this one (docking.hpp).
  const std::shared_ptr<const GravityModel>& gravity_model() const { return gravity_; }

  /// The actuator channels every effector declared (after finalize()); a run's values live in
  /// its Inputs (inputs.hpp), never here.
  const InputLayout& input_layout() const;
  /// Each channel's command at the start of a run, and its limits (±inf when none).
  const Eigen::VectorXd& initial_inputs() const;
  const Eigen::VectorXd& input_lower() const;
  const Eigen::VectorXd& input_upper() const;
  /// The effectors' default input sources (input_profiles()), with channels in the model's
  /// numbering; every run starts with them.
  const std::vector<InputProfile>& default_input_profiles() const;
  /// The first channel of `effector` (a state effector of this model) and its channel count.
  VehicleOffsets::InputRange input_range(const StateEffector& effector) const;
  VehicleOffsets::InputRange input_range(const DynamicEffector& effector) const;

  /// The block of x that holds `effector`'s states (after finalize()); throws when the effector
  /// is not in this model.
  Eigen::VectorBlock<Eigen::VectorXd> state_block(const StateEffector& effector, Eigen::VectorXd& x) const;
  /// The same block of a const state x, or of a derivative dxdt (same layout): a read-only view,
  /// never a copy; the same checks (kernel/src/model_access.cpp).
  Eigen::VectorBlock<const Eigen::VectorXd> state_block(const StateEffector& effector, const Eigen::VectorXd& x) const;
  /// Where a state effector is: its vehicle, and its index among that vehicle's state effectors
  /// (also the index of its workspace in Workspace::vehicles[vehicle].effectors).
  struct EffectorIndex {
    std::size_t vehicle = 0;
    std::size_t state_effector = 0;
  };
  /// The index of `effector` (after finalize()); throws ConfigurationError naming it when it is not
  /// a state effector of a vehicle of this model (a child hosted by a platform is its host's).
  EffectorIndex locate(const StateEffector& effector) const;

 private:
  friend class Inputs;  // a run's inputs start from the model's, also while finalize() evaluates
  void require_finalized(const char* what) const;
  [[noreturn]] void throw_vehicle_index(std::size_t i) const;
  void build();                     // the work of finalize(), rolled back by it on an exception: the steps below
  void layout_vehicle(Vehicle& v);  // its state blocks (docs/architecture.md §D4)
  static void require_clamped_at_rest(const Vehicle& v);
  void declare_vehicle_inputs(std::size_t i);      // its effectors' channels (§5, Inputs)
  void write_initial_state();                      // x0, the translation moved between B and C
  void require_finite_initial_derivative() const;  // a singular mass matrix, named
  /// Names the configured quantity that makes vehicle i's hub system non-finite at the initial
  /// state (build() found it so); ws holds that evaluation. Always throws.
  [[noreturn]] void explain_non_finite_hub_system(std::size_t i, Workspace& ws) const;

  std::vector<std::unique_ptr<Vehicle>> vehicles_;
  std::shared_ptr<const GravityModel> gravity_;
  std::vector<TwoPointAttachment> two_point_;
  ResolvedEnd resolve(const TwoPointEffector& e, const AttachPoint& p, const char* which) const;
  StateLayout layout_;
  Eigen::VectorXd x0_;
  InputLayout input_layout_;
  Eigen::VectorXd u0_, u_lower_, u_upper_;
  std::vector<std::uint8_t> u_lock_;  ///< 1 for a lock flag (InputSpec::lock)
  std::vector<InputProfile> default_profiles_;
  /// Declares one effector's channels (build()); returns its range.
  VehicleOffsets::InputRange declare_inputs(const std::string& owner, const std::string& label,
                                            const std::vector<InputSpec>& specs,
                                            const std::vector<InputProfile>& profiles, std::size_t vehicle);
  bool finalized_ = false;
};

}  // namespace ramus
