// The attitude-control task: docs/fsw/attitude_control_task.md.
#include "ramus/fsw/attitude_control_task.hpp"

#include <cmath>
#include <limits>
#include <utility>

#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::fsw {
AttitudeControlTask::AttitudeControlTask(std::string name, const AttitudeControlTaskConfig& config)
    : FlightSoftwareTask(std::move(name), config.vehicle, config.timing),
      config_(config),
      ideal_nav_(this->name() + "/navigation"),
      t_last_(std::numeric_limits<double>::quiet_NaN()) {
  const std::string who = label();
  if (config.vehicle.empty())
    throw ConfigurationError(who, "vehicle", "\"\"", "must name the vehicle whose attitude is controlled");

  switch (config.law) {
    case AttitudeControlLaw::mrp_feedback:
      control_.emplace(this->name() + "/control", config.control);
      break;
    case AttitudeControlLaw::quaternion_pd:
      pd_.emplace(this->name() + "/control", config.quaternion_pd);
      break;
    case AttitudeControlLaw::rate_damping:
      throw ConfigurationError(who, "law", "rate_damping",
                               "is the continuous effector's law; its sampled form is the rate_damping task");
    case AttitudeControlLaw::sun_pointing:
      throw ConfigurationError(who, "law", "sun_pointing",
                               "is the continuous effector's law; its sampled form is the sun_pointing task");
    default:
      throw ConfigurationError(who, "law", std::to_string(static_cast<int>(config.law)),
                               "is not an AttitudeControlLaw");
  }

  switch (config.navigation) {
    case AttitudeNavigation::ideal:
      break;
    case AttitudeNavigation::gyro_and_star_tracker:
      gyro_.emplace(this->name() + "/gyro", config.gyro, config.seed);
      star_tracker_.emplace(this->name() + "/star_tracker", config.star_tracker, config.seed);
      break;
    default:
      throw ConfigurationError(who, "navigation", std::to_string(static_cast<int>(config.navigation)),
                               "is not an AttitudeNavigation");
  }

  guidance_.emplace(who, this->name(), config.guidance, config.sigma_RN, config.sigma_RH, config.slew);

  switch (config.actuator) {
    case AttitudeActuator::reaction_wheels: {
      if (config.wheels.empty())
        throw ConfigurationError(who, "wheels", "\"\"", "must name the vehicle's ReactionWheels effector");
      mapping_.emplace(this->name() + "/mapping", config.mapping);
      n_wheels_ = mapping_->wheel_count();
      if (config.J_s.size() != 0) {
        validation::require_size(who, "J_s [kg m²]", config.J_s.size(), n_wheels_, "wheel (or none)");
        validation::require_positive_entries(who, "J_s", "kg m²", config.J_s, false);
      }
      break;
    }
    case AttitudeActuator::ideal_torque:
      if (config.torquer.empty())
        throw ConfigurationError(who, "torquer", "\"\"", "must name the hub's ExternalForceTorque effector");
      break;
    default:
      throw ConfigurationError(who, "actuator", std::to_string(static_cast<int>(config.actuator)),
                               "is not an AttitudeActuator");
  }
  h_s_ = Eigen::VectorXd::Zero(n_wheels_);
  u_requested_ = Eigen::VectorXd::Zero(n_wheels_);
  u_command_ = Eigen::VectorXd::Zero(n_wheels_);
  torque_saturated_ = Eigen::Array<bool, Eigen::Dynamic, 1>::Constant(n_wheels_, false);
  speed_saturated_ = Eigen::Array<bool, Eigen::Dynamic, 1>::Constant(n_wheels_, false);
}

std::vector<std::string> AttitudeControlTask::outputs() const {
  std::vector<std::string> out;
  if (config_.actuator == AttitudeActuator::reaction_wheels) {
    for (Eigen::Index i = 0; i < n_wheels_; ++i)
      out.push_back(config_.vehicle + "/" + config_.wheels + ".motor_torque[" + std::to_string(i) + "]");
  } else {
    for (int j = 0; j < 3; ++j)
      out.push_back(config_.vehicle + "/" + config_.torquer + ".torque_PntF_F[" + std::to_string(j) + "]");
  }
  return out;
}

void AttitudeControlTask::bind(const Model& model) {
  const std::string who = label();
  std::size_t v = 0;
  try {
    v = model.vehicle_index(config_.vehicle);
  } catch (const ConfigurationError&) {
    throw ConfigurationError(who, "vehicle", "'" + config_.vehicle + "'", "no such vehicle in the model");
  }
  const VehicleOffsets& o = model.vehicle(v).offsets();
  i_r_ = o.r_N;
  i_v_ = o.v_N;
  i_q_ = o.q_BN;
  i_omega_ = o.omega_BN_B;
  i_Omega_ = -1;
  if (config_.actuator == AttitudeActuator::reaction_wheels) {
    const std::string owner = config_.vehicle + "/" + config_.wheels;
    for (const StateBlock& b : model.layout().blocks())
      if (b.owner == owner && b.name == "Omega") {
        if (b.size != n_wheels_)
          throw ConfigurationError(who, "wheels", "'" + config_.wheels + "' (" + std::to_string(b.size) + " wheels)",
                                   "the mapping has " + std::to_string(n_wheels_) + " spin axes (Gs_B columns)");
        i_Omega_ = b.offset;
      }
    if (i_Omega_ < 0)
      throw ConfigurationError(who, "wheels", "'" + config_.wheels + "'",
                               "no wheel-speed block '" + owner + ".Omega' in the model's state");
  }
  bind_gyro_mount(model, v);
  restart();
}

void AttitudeControlTask::bind_gyro_mount(const Model& model, std::size_t v) {
  gyro_host_ = nullptr;
  gyro_workspace_.reset();
  if (config_.gyro_effector.empty()) return;
  const std::string who = label();
  if (config_.navigation != AttitudeNavigation::gyro_and_star_tracker)
    throw ConfigurationError(who, "gyro_effector", "'" + config_.gyro_effector + "'",
                             "a gyro's mount needs the navigation gyro_and_star_tracker");
  for (const auto& e : model.vehicle(v).state_effectors())
    if (e->name() == config_.gyro_effector) gyro_host_ = e.get();
  if (gyro_host_ == nullptr)
    throw ConfigurationError(who, "gyro_effector", "'" + config_.gyro_effector + "'",
                             "no state effector of that name on vehicle '" + config_.vehicle + "'");
  if (config_.gyro_segment >= gyro_host_->segment_count())
    throw ConfigurationError(
        who, "gyro_segment", std::to_string(config_.gyro_segment),
        gyro_host_->label() + " has " + std::to_string(gyro_host_->segment_count()) + " segment(s), 0-based");
  gyro_workspace_ = std::make_shared<Workspace>(model);
  // The mount as installed: its orientation relative to B at the model's initial state.
  const Eigen::VectorXd& x0 = model.initial_state();
  const FrameKinematics k = segment_frame(model, *gyro_workspace_, x0, 0.0, *gyro_host_, config_.gyro_segment);
  const Quaternion q_BN = x0.segment<4>(i_q_);
  dcm_MB0_ = k.dcm_FN * rotation_matrix(q_BN.normalized());  // [MN][NB]
}

void AttitudeControlTask::restart() {
  if (control_) control_->reset();
  if (gyro_) gyro_->reset(config_.seed);
  if (star_tracker_) star_tracker_->reset(config_.seed);
  samples_ = 0;
  t_last_ = std::numeric_limits<double>::quiet_NaN();
  navigation_valid_ = false;
  sigma_BN_.setZero();
  omega_BN_B_.setZero();
  reference_ = AttitudeReference{};
  error_ = AttitudeError{};
  L_r_B_.setZero();
  L_commanded_B_.setZero();
  H_wheels_B_.setZero();
  h_s_.setZero();
  u_requested_.setZero();
  u_command_.setZero();
  torque_saturated_.setConstant(false);
  speed_saturated_.setConstant(false);
  any_saturated_ = false;
}

void AttitudeControlTask::update(const TaskInput& in, std::span<double> commands) {
  if (i_q_ < 0) throw Error(label() + ": update() before bind()");
  const Eigen::VectorXd& x = in.x;
  // The translational state: B's, or C's when the vehicle's state holds C (Vehicle::set_hub_translation);
  // the task uses it only for the Hill frame's direction, which the offset of C does not change.
  const Eigen::Vector3d r_N = x.segment<3>(i_r_), v_N = x.segment<3>(i_v_);
  const Quaternion q_BN = x.segment<4>(i_q_);
  const Eigen::Vector3d omega_true = x.segment<3>(i_omega_);
  const double dt = samples_ > 0 ? in.t - t_last_ : 0.0;

  // (1) Navigation.
  if (config_.navigation == AttitudeNavigation::ideal) {
    const NavigationSolution s = ideal_nav_.measure(in.t, r_N, v_N, q_BN, omega_true);
    sigma_BN_ = s.sigma_BN;
    omega_BN_B_ = s.omega_BN_B;
    navigation_valid_ = true;
  } else {
    const double interval = dt > 0.0 ? dt : timing().period;
    // A gyro on a segment senses that frame's rate (a flexible body's node: the hub's and the modal
    // rates), read in B through the mount's installed orientation.
    const Eigen::Vector3d omega_sensed =
        gyro_host_ == nullptr
            ? omega_true
            : Eigen::Vector3d(
                  dcm_MB0_.transpose() *
                  segment_frame(in.model, *gyro_workspace_, x, in.t, *gyro_host_, config_.gyro_segment).omega_FN_F);
    omega_BN_B_ = config_.gyro.dcm_SB.transpose() * gyro_->measure(omega_sensed, interval);
    const AttitudeMeasurement& m = star_tracker_->update(in.t, q_BN);
    navigation_valid_ = m.valid;
    if (m.valid) sigma_BN_ = m.sigma_BN;
  }

  // (2) Guidance and the tracking error.
  reference_ = guidance_->reference(in.t, r_N, v_N);
  error_ = attitude_tracking_error(sigma_BN_, omega_BN_B_, reference_);

  // (3) The control law, with the wheels' momentum Gs h_s in its gyroscopic term.
  const Eigen::Vector3d L_known = Eigen::Vector3d::Zero();
  if (mapping_ && config_.J_s.size() != 0) {
    const Eigen::Ref<const Eigen::VectorXd> Omega = x.segment(i_Omega_, n_wheels_);
    const Eigen::Matrix3Xd& Gs = config_.mapping.Gs_B;
    h_s_.noalias() = Gs.transpose() * omega_BN_B_;
    h_s_ += Omega;
    h_s_.array() *= config_.J_s.array();  // h_s = J_s (Ω + ĝᵀω), eq. (3)
    H_wheels_B_.noalias() = Gs * h_s_;
  }
  if (navigation_valid_ && control_)
    L_r_B_ = control_->update(error_, dt, L_known, H_wheels_B_);
  else if (navigation_valid_)  // quaternion PD: ω × (Iω + H_w) through the known torque −ω × H_w
    L_r_B_ = pd_->torque(error_, L_known - omega_BN_B_.cross(H_wheels_B_));
  else
    L_r_B_.setZero();

  // (4) The actuators.
  if (mapping_) {
    const RwTorqueCommand& c = mapping_->map(L_r_B_, x.segment(i_Omega_, n_wheels_));
    u_requested_ = c.u_requested;
    u_command_ = c.u_applied;
    torque_saturated_ = c.torque_saturated;
    speed_saturated_ = c.speed_saturated;
    any_saturated_ = c.any_saturated;
    L_commanded_B_ = c.L_applied_B;
    for (Eigen::Index i = 0; i < n_wheels_; ++i) commands[static_cast<std::size_t>(i)] = u_command_[i];
  } else {
    L_commanded_B_ = L_r_B_;
    for (int j = 0; j < 3; ++j) commands[static_cast<std::size_t>(j)] = L_r_B_[j];
  }
  t_last_ = in.t;
  ++samples_;
}

std::vector<TaskSignal> AttitudeControlTask::signals() const {
  std::vector<TaskSignal> out{{"sigma_BR", "1", 3},        {"omega_BR_B", "rad/s", 3},   {"L_r_B", "N m", 3},
                              {"L_commanded_B", "N m", 3}, {"sigma_BN", "1", 3},         {"omega_BN_B", "rad/s", 3},
                              {"sigma_RN", "1", 3},        {"navigation_valid", "1", 1}, {"saturated", "1", 1}};
  if (config_.actuator != AttitudeActuator::reaction_wheels) return out;
  const Eigen::Index n = config_.mapping.Gs_B.cols();
  out.insert(out.end(), {{"wheel_torque_requested", "N m", n},
                         {"wheel_torque_command", "N m", n},
                         {"torque_saturated", "1", n},
                         {"speed_saturated", "1", n}});
  return out;
}

void AttitudeControlTask::read_signal(std::size_t i, std::span<double> out) const {
  switch (i) {
    case 0:
      return write_signal(out, sigma_BR());
    case 1:
      return write_signal(out, omega_BR_B());
    case 2:
      return write_signal(out, L_r_B());
    case 3:
      return write_signal(out, L_commanded_B());
    case 4:
      return write_signal(out, sigma_BN());
    case 5:
      return write_signal(out, omega_BN_B());
    case 6:
      return write_signal(out, reference().sigma_RN);
    case 7:
      return write_signal(out, navigation_valid());
    case 8:
      return write_signal(out, any_saturated());
    case 9:
      return write_signal(out, wheel_torque_requested());
    case 10:
      return write_signal(out, wheel_torque_command());
    case 11:
      return write_signal(out, torque_saturated());
    default:
      return write_signal(out, speed_saturated());
  }
}

const MrpFeedback& AttitudeControlTask::control() const {
  if (!control_)
    throw Error("flight-software task '" + name() +
                "': control() is the MRP feedback law, and this task samples quaternion_pd (see quaternion_pd())");
  return *control_;
}

}  // namespace ramus::fsw
