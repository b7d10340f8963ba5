// The attitude-control task (docs/fsw/attitude_control_task.md): the flight-software task that
// closes the loop of the fsw algorithms on one vehicle. At each sample it navigates (truth, or a
// rate gyro and a star tracker), forms the tracking error against a guidance reference (inertial
// pointing, Hill pointing or an eigenaxis slew), computes the MRP feedback torque L_r and writes
// it either as reaction-wheel motor torques (RwTorqueMapping) or as an ideal body torque on an
// ExternalForceTorque. It keeps what analysts log (error, L_r, wheel commands, saturation flags).
#pragma once

#include <Eigen/Dense>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ramus/fsw/attitude_error.hpp"
#include "ramus/fsw/attitude_guidance.hpp"
#include "ramus/fsw/mrp_feedback.hpp"
#include "ramus/fsw/quaternion_pd.hpp"
#include "ramus/fsw/rw_torque_mapping.hpp"
#include "ramus/kernel/flight_software_task.hpp"
#include "ramus/kernel/workspace.hpp"
#include "ramus/sensors/ideal_navigation.hpp"
#include "ramus/sensors/rate_gyro.hpp"
#include "ramus/sensors/sensor_key.hpp"
#include "ramus/sensors/star_tracker.hpp"

namespace ramus::fsw {

/// Where the attitude and the rate come from (docs/fsw/attitude_control_task.md, §1).
enum class AttitudeNavigation {
  ideal,                  ///< the true state (IdealNavigation)
  gyro_and_star_tracker,  ///< a RateGyro's rate and a StarTracker's attitude, noise from the run's seed
};

/// The control law (docs/fsw/attitude_control_task.md, §3).
enum class AttitudeControlLaw {
  mrp_feedback,   ///< MrpFeedback (docs/fsw/mrp_feedback.md), the default
  quaternion_pd,  ///< QuaternionPd (docs/fsw/quaternion_pd.md)
  /// −P ω saturated (docs/fsw/rate_damping_task.md eqs. (1)–(2)): ContinuousAttitudeControl only
  /// (its sampled form is the rate_damping task; the attitude-control task refuses it).
  rate_damping,
  /// K hHat_B × sHat_B − P ω saturated (docs/fsw/sun_pointing_task.md eqs. (1)–(6)):
  /// ContinuousAttitudeControl only (its sampled form is the sun_pointing task).
  sun_pointing,
};

/// What the commanded torque drives.
enum class AttitudeActuator {
  reaction_wheels,  ///< "<vehicle>/<wheels>.motor_torque[i]" through RwTorqueMapping
  ideal_torque,     ///< "<vehicle>/<torquer>.torque_PntF_F[0..2]" of an ExternalForceTorque on the hub
};

struct AttitudeControlTaskConfig {
  std::string vehicle;  ///< the vehicle controlled (its hub's state is read, its actuators written)
  TaskTiming timing;    ///< sample period, offset and delay (flight_software.hpp)

  // ---- navigation --------------------------------------------------------------------------
  AttitudeNavigation navigation = AttitudeNavigation::ideal;
  RateGyroConfig gyro;             ///< gyro_and_star_tracker: the gyro, sensor "<task>/gyro"
  StarTrackerConfig star_tracker;  ///< gyro_and_star_tracker: the tracker, sensor "<task>/star_tracker"
  /// gyro_and_star_tracker: where the gyro sits. Empty: on the hub. Else the name of a state
  /// effector of the vehicle, the gyro on its segment `gyro_segment` (a flexible body's node: it
  /// then senses the modal rates). The gyro's axes (gyro.dcm_SB) are then relative to the mount
  /// frame as installed, its orientation relative to B at the model's initial state.
  std::string gyro_effector;
  std::size_t gyro_segment = 0;
  NoiseSeed seed;  ///< the campaign seed and the run index of the sensors' noise

  // ---- guidance ----------------------------------------------------------------------------
  AttitudeGuidance guidance = AttitudeGuidance::inertial;
  Eigen::Vector3d sigma_RN = Eigen::Vector3d::Zero();  ///< [1] inertial: the attitude held
  Eigen::Vector3d sigma_RH = Eigen::Vector3d::Zero();  ///< [1] hill: R relative to the Hill frame
  EigenaxisSlewConfig slew;                            ///< eigenaxis_slew: the slew

  // ---- control -----------------------------------------------------------------------------
  /// The MRP feedback law (K, P, K_i, I_PntC_B, feed-forward). With wheels, I_PntC_B is the
  /// vehicle inertia about C less the wheels' spin-axis inertias, Σ J_s ĝ ĝᵀ.
  MrpFeedbackConfig control;
  /// Which law the task samples: `control` (MRP feedback, the default) or `quaternion_pd`.
  AttitudeControlLaw law = AttitudeControlLaw::mrp_feedback;
  /// law = quaternion_pd: the gains (k_p, K_d, I_PntC_B, feed-forward); `control` is then unused.
  QuaternionPdConfig quaternion_pd;

  // ---- actuators ---------------------------------------------------------------------------
  AttitudeActuator actuator = AttitudeActuator::reaction_wheels;
  std::string wheels = "wheels";  ///< reaction_wheels: the ReactionWheels effector's name on the vehicle
  RwTorqueMappingConfig mapping;  ///< reaction_wheels: spin axes, limits, controlled axes
  /// [kg m²] reaction_wheels: each wheel's spin-axis inertia J_s, for the wheels' momentum Gs h_s
  /// in the law's gyroscopic term (docs/fsw/mrp_feedback.md eqs. (3), (14); empty: left out).
  Eigen::VectorXd J_s;
  std::string torquer = "torquer";  ///< ideal_torque: the ExternalForceTorque's name on the hub
};

/// The attitude-control task. Run data (its control integral, its sensors' noise streams): give
/// each run its own task, or rely on bind(), which restarts it.
class AttitudeControlTask final : public FlightSoftwareTask {
 public:
  /// Checks the configuration: ConfigurationError naming the task ("flight-software task
  /// '<name>'") and the field, or naming the component built for it ("mrp_feedback
  /// '<name>/control'", "rw_torque_mapping '<name>/mapping'", "eigenaxis_slew '<name>/guidance'",
  /// "rate_gyro '<name>/gyro'", "star_tracker '<name>/star_tracker'") and the field.
  AttitudeControlTask(std::string name, const AttitudeControlTaskConfig& config);

  /// The task (kernel/flight_software_task.hpp):
  ///  - outputs: reaction_wheels: "<vehicle>/<wheels>.motor_torque[i]", i = 0 … N−1; ideal_torque:
  ///    "<vehicle>/<torquer>.torque_PntF_F[j]", j = 0, 1, 2.
  ///  - bind: Resolves the hub's and the wheels' state indices (ConfigurationError naming the task and the field for
  ///    a vehicle or a wheel block it cannot find, or a wheel count other than the mapping's) and restarts the run
  ///    state: the control integral, the sensors (from the seed), the recorded values.
  ///  - update: One sample (docs/fsw/attitude_control_task.md eqs. (1)–(5)). No allocation.
  ///  - signals: sigma_BR, omega_BR_B, L_r_B, L_commanded_B, sigma_BN, omega_BN_B, sigma_RN, navigation_valid,
  ///    saturated and, with wheels, wheel_torque_requested, wheel_torque_command, torque_saturated, speed_saturated
  ///    (one per wheel): the accessors below.
  RAMUS_FLIGHT_SOFTWARE_TASK_OVERRIDES;

  // ---- what an analyst logs (the last sample's values) ---------------------------------------
  /// Samples taken since bind().
  long samples() const { return samples_; }
  /// [s] the time of the last sample (NaN before the first).
  double last_time() const { return t_last_; }
  /// Whether the last sample had an attitude (false before the star tracker's first output: the
  /// task then commands zero torque).
  bool navigation_valid() const { return navigation_valid_; }
  /// [1] the navigated MRP of B relative to N, |σ| ≤ 1, and [rad/s] the navigated rate.
  const Eigen::Vector3d& sigma_BN() const { return sigma_BN_; }
  const Eigen::Vector3d& omega_BN_B() const { return omega_BN_B_; }
  /// The guidance reference and the tracking error of the last sample.
  const AttitudeReference& reference() const { return reference_; }
  const AttitudeError& error() const { return error_; }
  /// [1] σ_BR and [rad/s] ω_BR_B of the last sample.
  const Eigen::Vector3d& sigma_BR() const { return error_.sigma_BR; }
  const Eigen::Vector3d& omega_BR_B() const { return error_.omega_BR_B; }
  /// [N m] L_r, the torque required on the hub (the law's output).
  const Eigen::Vector3d& L_r_B() const { return L_r_B_; }
  /// [N m] the hub torque the commands produce: −Gs u_applied with wheels, L_r with ideal torques.
  const Eigen::Vector3d& L_commanded_B() const { return L_commanded_B_; }
  /// [N m s] the wheels' gyroscopic feed-forward's momentum Gs h_s (zero without J_s).
  const Eigen::Vector3d& H_wheels_B() const { return H_wheels_B_; }
  /// reaction_wheels: [N m] the requested and the written (limited) motor torques, per wheel.
  const Eigen::VectorXd& wheel_torque_requested() const { return u_requested_; }
  const Eigen::VectorXd& wheel_torque_command() const { return u_command_; }
  /// reaction_wheels: per wheel, torque-limited and speed-limited (docs/fsw/rw_torque_mapping.md
  /// eq. (5)); any of them.
  const Eigen::Array<bool, Eigen::Dynamic, 1>& torque_saturated() const { return torque_saturated_; }
  const Eigen::Array<bool, Eigen::Dynamic, 1>& speed_saturated() const { return speed_saturated_; }
  bool any_saturated() const { return any_saturated_; }
  /// The MRP law (its integral state z and ∫σ dt); with law = quaternion_pd there is none and it
  /// throws ramus::Error naming the task (mrp_feedback() is then null).
  const MrpFeedback& control() const;
  /// The MRP law (null with law = quaternion_pd), the quaternion PD law (null with law =
  /// mrp_feedback) and, with wheels, the mapping.
  const MrpFeedback* mrp_feedback() const { return control_ ? &*control_ : nullptr; }
  const QuaternionPd* quaternion_pd() const { return pd_ ? &*pd_ : nullptr; }
  const RwTorqueMapping* mapping() const { return mapping_ ? &*mapping_ : nullptr; }
  const AttitudeControlTaskConfig& config() const { return config_; }

 private:
  void restart();
  /// Resolves config_.gyro_effector and gyro_segment on vehicle v (nothing for a gyro on the hub).
  void bind_gyro_mount(const Model& model, std::size_t v);

  AttitudeControlTaskConfig config_;
  // Stages.
  IdealNavigation ideal_nav_;
  std::optional<RateGyro> gyro_;
  std::optional<StarTracker> star_tracker_;
  std::optional<AttitudeGuidanceSource> guidance_;
  std::optional<MrpFeedback> control_;
  std::optional<QuaternionPd> pd_;
  std::optional<RwTorqueMapping> mapping_;
  Eigen::Index n_wheels_ = 0;
  // Resolved by bind().
  Eigen::Index i_r_ = -1, i_v_ = -1, i_q_ = -1, i_omega_ = -1, i_Omega_ = -1;
  // A gyro on a segment (bind()): its host, the mount's installed orientation [MB], and the
  // workspace its frame is computed in at each sample (run data: the task's own).
  const StateEffector* gyro_host_ = nullptr;
  Eigen::Matrix3d dcm_MB0_ = Eigen::Matrix3d::Identity();
  std::shared_ptr<Workspace> gyro_workspace_;
  // Per-sample buffers (sized at construction) and the recorded values.
  Eigen::VectorXd h_s_;
  long samples_ = 0;
  double t_last_;
  bool navigation_valid_ = false;
  Eigen::Vector3d sigma_BN_ = Eigen::Vector3d::Zero(), omega_BN_B_ = Eigen::Vector3d::Zero();
  AttitudeReference reference_;
  AttitudeError error_;
  Eigen::Vector3d L_r_B_ = Eigen::Vector3d::Zero(), L_commanded_B_ = Eigen::Vector3d::Zero();
  Eigen::Vector3d H_wheels_B_ = Eigen::Vector3d::Zero();
  Eigen::VectorXd u_requested_, u_command_;
  Eigen::Array<bool, Eigen::Dynamic, 1> torque_saturated_, speed_saturated_;
  bool any_saturated_ = false;
};

}  // namespace ramus::fsw
