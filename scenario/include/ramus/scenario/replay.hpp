// A replay of a scenario run (docs/viewer.md): the bodies to draw, their shapes sized from their
// mass properties, and each body's inertial pose at every output time, with the orbit, the Sun's
// direction and a few signals. The data of `ramus view`'s page and glTF file, computed from the
// state by the library's own kinematics (segment_frame, vehicle_diagnostics), never re-derived.
#pragma once

#include <Eigen/Dense>
#include <Eigen/Geometry>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ramus/scenario/run_plan.hpp"
#include "ramus/scenario/scenario.hpp"

namespace ramus::scenario {

/// One drawn body: a vehicle's hub, one segment of a state effector, or one reaction wheel.
struct ReplayBody {
  std::string name;           ///< "sc/hub", "sc/panel_plus_y[0]", "sc/wheels[2]"
  std::string role;           ///< "hub", "segment" or "wheel"
  std::string effector_kind;  ///< the state effector's kind() ("hub" for a hub)
  std::size_t vehicle = 0;    ///< index in the model
  int parent = -1;            ///< index of the parent body in Replay::bodies (-1: a hub)
  std::string shape;          ///< "box" or "cylinder" (a cylinder's axis is the shape's y axis)
  /// [m] box: its edges along the shape's x, y, z axes; cylinder: (diameter, length, diameter)
  Eigen::Vector3d size = Eigen::Vector3d::Ones();
  Eigen::Vector3d centre_F = Eigen::Vector3d::Zero();  ///< [m] the shape's centre in the body frame F
  /// The shape's axes in F: v_F = shape_to_F * v_shape (principal axes of the inertia)
  Eigen::Quaterniond shape_to_F = Eigen::Quaterniond::Identity();
  std::string size_rule;  ///< "inertia" (docs/viewer.md, Sizes) or "hub fraction" (no mass properties)
  /// wheels: "state" (the effector's "theta" block) or "integrated" (∫Ω dt over the samples)
  std::string angle_source;
};

/// A body's inertial pose: its frame's origin and the rotation of its frame into N.
struct ReplayPose {
  Eigen::Vector3d r_N = Eigen::Vector3d::Zero();             ///< [m] origin of F relative to N
  Eigen::Quaterniond q_NF = Eigen::Quaterniond::Identity();  ///< v_N = q_NF * v_F (dcm_FN transposed)
};

/// A thruster's plume (docs/viewer.md, Thruster plumes): a cone fixed in its hub, from the thruster's
/// location along the exhaust, −t̂ (the force on the hub is along t̂), its length the thrust factor κ
/// times `length`. Only thrusters whose κ is a state (`thruster_state_effector`).
struct ReplayPlume {
  std::string name;                                    ///< "sc/rcs[1]"
  std::size_t vehicle = 0;                             ///< index in the model
  std::size_t hub = 0;                                 ///< index of its hub in Replay::bodies
  Eigen::Vector3d r_B = Eigen::Vector3d::Zero();       ///< [m] the thruster's location T in B (r_TB_B)
  Eigen::Vector3d axis_B = -Eigen::Vector3d::UnitX();  ///< [1] unit exhaust direction in B, −t̂
  double length = 0.0;                                 ///< [m] the cone's length at κ = 1 (docs/viewer.md)
  Eigen::Index kappa = -1;                             ///< its κ in the state x
};

/// A quantity plotted beside the scene, one value per output time.
struct ReplaySignal {
  std::string name;  ///< "sc/hub.|omega_BN_B|", "sc/wheels.Omega[1]"
  std::string unit;  ///< "rad/s"
  std::vector<double> values;
};

struct Replay {
  std::string description;
  std::vector<ReplayBody> bodies;
  std::vector<double> t;                       ///< [s] the output times reached
  std::vector<std::vector<ReplayPose>> poses;  ///< [time][body]
  std::vector<ReplaySignal> signals;           ///< hub rate norms, then wheel speeds
  std::vector<Eigen::Vector3d> sun_N;          ///< unit vector from vehicle 0 to the Sun per time; empty: no Sun
  /// [1] the shadow function ν of the run's environment at vehicle 0's hub per time (the solar
  /// radiation pressure model's, docs/environment/srp.md (1)); empty: no Sun; NaN: not evaluated
  std::vector<double> sun_nu;
  /// unit v_CN_N of vehicle 0's centre of mass per time (docs/viewer.md (1)); zero when at rest
  std::vector<Eigen::Vector3d> velocity_N;
  /// unit −r_CN_N of vehicle 0's centre of mass per time, towards the central body at N's origin
  /// (docs/viewer.md (2)); empty: no gravity
  std::vector<Eigen::Vector3d> nadir_N;
  std::vector<ReplayPlume> plumes;  ///< thrusters drawn with a plume
  std::string epoch_tt;             ///< the environment's epoch, Epoch::text() (in TT); empty: none
  double tt_minus_utc = 0.0;        ///< [s] TT − UTC at the epoch
  /// the central body's rotation per time, v_P = q_PN v_N; empty: the environment has none
  std::vector<Eigen::Quaterniond> q_PN;
  std::vector<std::vector<double>> plume_kappa;  ///< [time][plume] the thrust factor κ [1]
  double central_body_radius = 0.0;              ///< [m] 0: no central body drawn
  std::string central_body_radius_source;        ///< how the radius was found (docs/viewer.md)
  std::string failure;                           ///< the integration error that stopped the run; empty: complete
};

/// Records a run's poses from the states at its output times (an OutputSink). `scenario_json`
/// and `base`: the scenario's text and folder, read for the environment's Sun and central body
/// (EnvironmentAtPoints); empty text: neither is drawn.
class ReplayRecorder {
 public:
  ReplayRecorder(const Scenario& scenario, std::string_view scenario_json, const std::filesystem::path& base);
  ~ReplayRecorder();
  ReplayRecorder(const ReplayRecorder&) = delete;
  ReplayRecorder& operator=(const ReplayRecorder&) = delete;
  /// The bodies (known before the run).
  const std::vector<ReplayBody>& bodies() const;
  /// Records the state x at time t (output times in increasing order).
  void record(const Eigen::VectorXd& x, double t);
  /// The replay so far.
  const Replay& replay() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Runs `scenario` (run_scenario) and records its replay; an IntegrationError ends it early with
/// Replay::failure set and the times reached kept.
Replay record_replay(const Scenario& scenario, std::string_view scenario_json, const std::filesystem::path& base,
                     const ProgressSink& on_progress = {});

/// The replay as the page's JSON document (docs/viewer.md, Data).
std::string replay_json(const Replay& replay);

/// The replay as a glTF 2.0 document with one embedded base64 buffer (docs/viewer.md, glTF): a node
/// per body (children under their parents), a mesh per shape, one animation of every body's
/// translation and rotation, LINEAR, time in seconds. Poses are expressed in N.
std::string replay_gltf(const Replay& replay);

/// The replay as a CZML document (docs/viewer.md, CZML): a document packet with the clock, then
/// per vehicle its hub's position (INERTIAL, metres, seconds from the epoch in UTC) and orientation
/// (relative to the central body's fixed axes P when the environment has a rotation, else to N).
/// Throws std::runtime_error when the replay has no epoch.
std::string replay_czml(const Replay& replay);

/// The replay page (docs/viewer.md): one self-contained HTML file, the template with three.js and
/// the replay's data inline; `gltf` (replay_gltf's text, or empty) for the page's selftest of
/// three's GLTFLoader. `ramus view` and Python's Result.view write it.
std::string replay_page(const Replay& replay, const std::string& gltf = {});

/// `bytes` in base64 (RFC 4648, with padding): the glTF's buffer and the page's data: URLs.
std::string base64(std::string_view bytes);

}  // namespace ramus::scenario
