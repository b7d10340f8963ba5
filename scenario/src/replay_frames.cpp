// The replay's bodies, shapes and poses (ramus/scenario/replay.hpp, docs/viewer.md).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/forward_dynamics.hpp"
#include "ramus/kernel/workspace.hpp"
#include "ramus/scenario/eval_environment.hpp"
#include "ramus/scenario/replay.hpp"
#include "ramus/scenario/run_scenario.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "ramus/systems/serial_chain.hpp"
#include "ramus/systems/simple_jitter_reaction_wheels.hpp"
#include "ramus/systems/thruster_state_effector.hpp"
#include "ramus/systems/vscmg.hpp"

namespace ramus::scenario {
namespace {

/// docs/viewer.md, Sizes: no edge of a box is thinner than this fraction of its longest edge (a
/// plate's inertia gives a zero thickness, which would not be visible).
constexpr double kMinEdgeFraction = 0.05;
/// docs/viewer.md, Sizes: a segment without mass properties is a cube of this fraction of the
/// hub's longest edge.
constexpr double kHubFraction = 0.25;

/// The box of uniform density with the principal inertias of I and mass m (docs/viewer.md,
/// Sizes): I_1 = m (b² + c²)/12 and cyclic, so a² = 6 (I_2 + I_3 − I_1)/m. Returns false when
/// there is nothing to size it from (m ≤ 0, or every edge zero).
bool inertia_box(double m, const Eigen::Matrix3d& I, ReplayBody& body) {
  if (!(m > 0.0) || !I.allFinite()) return false;
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(0.5 * (I + I.transpose()));
  Eigen::Matrix3d V = eig.eigenvectors();
  if (V.determinant() < 0.0) V.col(2) = -V.col(2);
  const Eigen::Vector3d p = eig.eigenvalues();
  Eigen::Vector3d edges;
  for (int i = 0; i < 3; ++i) edges[i] = std::sqrt(std::max(0.0, 6.0 * (p.sum() - 2.0 * p[i]) / m));
  const double longest = edges.maxCoeff();
  if (!(longest > 1e-9)) return false;  // a point mass: nothing to size from [m]
  for (int i = 0; i < 3; ++i) edges[i] = std::max(edges[i], kMinEdgeFraction * longest);
  body.shape = "box";
  body.size = edges;
  body.shape_to_F = Eigen::Quaterniond(V).normalized();
  body.size_rule = "inertia";
  return true;
}

/// docs/viewer.md, Thruster plumes: a plume at full thrust is this fraction of the hub's longest edge.
constexpr double kPlumeFraction = 0.6;

/// One unit axis perpendicular to the unit vector a.
Eigen::Vector3d perpendicular(const Eigen::Vector3d& a) {
  Eigen::Index smallest = 0;
  a.cwiseAbs().minCoeff(&smallest);
  return a.cross(Eigen::Vector3d::Unit(smallest)).normalized();
}

/// How a body's pose is computed from the state.
struct BodySource {
  const StateEffector* effector = nullptr;  ///< none: a hub
  std::size_t segment = 0;                  ///< segment: its index
  bool wheel = false;
  bool chain_link = false;  ///< a link of a chain without segment frames (a VSCMG's gimbal or wheel)
  std::size_t hub = 0;      ///< the hub body of its vehicle
  Eigen::Vector3d r_WcB_B = Eigen::Vector3d::Zero();          ///< wheel: its centre in B
  Eigen::Quaterniond q_BW0 = Eigen::Quaterniond::Identity();  ///< wheel: W (y: spin axis) at θ = 0
  Eigen::Index omega = -1;                                    ///< wheel: its Ω in x
  Eigen::Index theta = -1;                                    ///< wheel: its θ in x (-1: integrated)
  double angle = 0.0;                                         ///< wheel: θ integrated so far [rad]
  double last_omega = 0.0;                                    ///< wheel: Ω at the previous sample [rad/s]
};

/// The offset in x of the block `name` of effector j of vehicle v, or -1.
Eigen::Index block_offset(const Vehicle& v, std::size_t j, const std::string& name) {
  Eigen::Index offset = v.offsets().state_effectors.at(j);
  for (const StateBlockSpec& block : v.state_effectors()[j]->state_blocks()) {
    if (block.name == name) return offset;
    offset += block.size;
  }
  return -1;
}

}  // namespace

struct ReplayRecorder::Impl {
  const Scenario& scenario;
  Workspace ws;
  Replay replay;
  std::vector<BodySource> sources;
  std::optional<EnvironmentAtPoints> environment;
  bool sun = false;
  bool rotation = false;                  ///< the environment has a rotation: q_PN recorded (CZML)
  std::vector<std::size_t> hub_signal;    ///< per vehicle: its rate norm's signal
  std::vector<std::size_t> wheel_signal;  ///< per body: its Ω's signal (wheels only)

  Impl(const Scenario& s, std::string_view json, const std::filesystem::path& base) : scenario(s), ws(*s.model) {
    replay.description = s.description;
    const Model& model = *s.model;
    for (std::size_t i = 0; i < model.vehicle_count(); ++i) {
      const Vehicle& v = model.vehicle(i);
      const std::size_t hub = replay.bodies.size();
      ReplayBody h;
      h.name = v.name() + "/hub";
      h.role = "hub";
      h.effector_kind = "hub";
      h.vehicle = i;
      h.centre_F = v.hub().r_BcB_B;
      if (!inertia_box(v.hub().m, v.hub().I_PntBc_B, h)) {  // a hub always has m > 0 and I (vehicle.hpp)
        h.shape = "box";
        h.size_rule = "unit cube";
      }
      replay.bodies.push_back(h);
      sources.push_back(BodySource{.hub = hub});
      hub_signal.push_back(replay.signals.size());
      replay.signals.push_back({v.name() + "/hub.|omega_BN_B|", "rad/s", {}});
      const double hub_edge = h.size.maxCoeff();
      for (std::size_t j = 0; j < v.state_effectors().size(); ++j) {
        const StateEffector& e = *v.state_effectors()[j];
        const std::size_t segments = e.segment_count();
        const auto* chain = dynamic_cast<const SerialChain*>(&e);
        for (std::size_t k = 0; k < segments; ++k) {
          ReplayBody b;
          b.name = v.name() + "/" + e.name() + (segments > 1 ? "[" + std::to_string(k) + "]" : "");
          b.role = "segment";
          b.effector_kind = std::string(e.kind());
          b.vehicle = i;
          b.parent = chain != nullptr && k > 0 ? static_cast<int>(replay.bodies.size() - 1) : static_cast<int>(hub);
          bool sized = false;
          if (chain != nullptr && k < chain->dof()) {
            const ChainLink& link = chain->link(k);
            b.centre_F = link.r_ScS_S;
            sized = inertia_box(link.m, link.I_PntSc_S, b);
          }
          if (!sized) {
            b.shape = "box";
            b.size = Eigen::Vector3d::Constant(kHubFraction * hub_edge);
            b.size_rule = "hub fraction";
          }
          replay.bodies.push_back(b);
          sources.push_back(BodySource{.effector = &e, .segment = k, .hub = hub});
        }
        // A VSCMG (docs/viewer.md): its chain's two links, gimbal frame G and wheel W, have no segment
        // frame for dynamic effectors but the chain's own kinematics (SerialChain::segment).
        if (const auto* cmg = dynamic_cast<const Vscmg*>(&e)) {
          for (std::size_t k = 0; k < cmg->dof(); ++k) {
            const ChainLink& link = cmg->link(k);
            ReplayBody b;
            b.name = v.name() + "/" + e.name() + (k == 0 ? "[gimbal]" : "[wheel]");
            b.role = k == 0 ? "segment" : "wheel";
            b.effector_kind = std::string(e.kind());
            b.vehicle = i;
            b.parent = k == 0 ? static_cast<int>(hub) : static_cast<int>(replay.bodies.size() - 1);
            b.centre_F = link.r_ScS_S;
            if (k == 0) {
              if (!inertia_box(link.m, link.I_PntSc_S, b)) {
                b.shape = "box";
                b.size = Eigen::Vector3d::Constant(kHubFraction * hub_edge);
                b.size_rule = "hub fraction";
              }
            } else {
              // docs/viewer.md, Sizes: the wheel a uniform disc about its spin axis (the joint axis),
              // Js the inertia about it, Jt the mean of the two others.
              const Eigen::Vector3d y = link.axis_S.normalized();
              const double Js = y.dot(link.I_PntSc_S * y);
              const double Jt = 0.5 * (link.I_PntSc_S.trace() - Js);
              const double r = link.m > 0.0 ? std::sqrt(2.0 * Js / link.m) : 0.1 * hub_edge;
              const double h2 = link.m > 0.0 ? 12.0 * Jt / link.m - 3.0 * r * r : 0.0;
              const double length = std::max(std::sqrt(std::max(h2, 0.0)), 0.2 * r);  // 0.2 r at least
              b.shape = "cylinder";
              b.size = Eigen::Vector3d(2.0 * r, length, 2.0 * r);
              b.size_rule = link.m > 0.0 ? "inertia" : "hub fraction";
              b.angle_source = "state";
              const Eigen::Vector3d x = perpendicular(y);
              Eigen::Matrix3d R;
              R << x, y, x.cross(y);
              b.shape_to_F = Eigen::Quaterniond(R).normalized();
            }
            replay.bodies.push_back(b);
            sources.push_back(BodySource{.effector = &e, .segment = k, .chain_link = true, .hub = hub});
          }
        }
        // Thrusters whose factor κ is a state: a plume each (docs/viewer.md, Thruster plumes).
        if (const auto* thrusters = dynamic_cast<const ThrusterStateEffector*>(&e)) {
          const Eigen::Index kappa = block_offset(v, j, "kappa");
          for (std::size_t k = 0; k < thrusters->thruster_count(); ++k) {
            const ThrusterStateParameters& p = thrusters->thruster(k);
            ReplayPlume plume;
            plume.name = v.name() + "/" + e.name() + "[" + std::to_string(k) + "]";
            plume.vehicle = i;
            plume.hub = hub;
            plume.r_B = p.r_TB_B;
            plume.axis_B = -p.tHat_B.normalized();
            plume.length = kPlumeFraction * hub_edge;
            plume.kappa = kappa + static_cast<Eigen::Index>(k);
            replay.plumes.push_back(plume);
          }
        }
        // Balanced wheels have no segment (reaction_wheels.hpp): a cylinder fixed in B.
        const ReactionWheels* wheels = dynamic_cast<const ReactionWheels*>(&e);
        if (const auto* jitter = dynamic_cast<const SimpleJitterReactionWheels*>(&e)) wheels = &jitter->balanced();
        if (wheels == nullptr) continue;
        const Eigen::Index omega = block_offset(v, j, "Omega"), theta = block_offset(v, j, "theta");
        for (std::size_t w = 0; w < wheels->wheel_count(); ++w) {
          const ReactionWheelParameters& p = wheels->wheel(w);
          ReplayBody b;
          b.name = v.name() + "/" + e.name() + "[" + std::to_string(w) + "]";
          b.role = "wheel";
          b.effector_kind = std::string(e.kind());
          b.vehicle = i;
          b.parent = static_cast<int>(hub);
          b.shape = "cylinder";
          // docs/viewer.md, Sizes: a uniform disc, Js = m r²/2, Jt = m (3 r² + h²)/12.
          const double r = p.m > 0.0 ? std::sqrt(2.0 * p.Js / p.m) : 0.1 * hub_edge;
          const double h2 = p.m > 0.0 ? 12.0 * p.Jt / p.m - 3.0 * r * r : 0.0;
          const double length = std::max(std::sqrt(std::max(h2, 0.0)), 0.2 * r);  // a visible thickness: 0.2 r at least
          b.size = Eigen::Vector3d(2.0 * r, length, 2.0 * r);
          b.size_rule = p.m > 0.0 ? "inertia" : "hub fraction";
          b.angle_source = theta >= 0 ? "state" : "integrated";
          BodySource src{.wheel = true, .hub = hub};
          src.r_WcB_B = p.r_WcB_B;
          const Eigen::Vector3d y = p.gsHat_B.normalized(), x = perpendicular(y);
          Eigen::Matrix3d R;
          R << x, y, x.cross(y);
          src.q_BW0 = Eigen::Quaterniond(R).normalized();
          src.omega = omega + static_cast<Eigen::Index>(w);
          src.theta = theta >= 0 ? theta + static_cast<Eigen::Index>(w) : -1;
          src.angle = p.theta0;
          wheel_signal.resize(replay.bodies.size() + 1, 0);
          wheel_signal[replay.bodies.size()] = replay.signals.size();
          replay.signals.push_back({b.name + ".Omega", "rad/s", {}});
          replay.bodies.push_back(b);
          sources.push_back(src);
        }
      }
    }
    wheel_signal.resize(replay.bodies.size(), 0);
    if (json.empty()) return;
    // The Sun and the central body from the loader's own environment (eval_environment.hpp).
    const double t0 = s.output_times.front(), t1 = s.output_times.back();
    try {
      environment.emplace(std::optional<std::string_view>(json), t0, t1, base);
    } catch (const std::exception& error) {
      replay.central_body_radius_source = std::string("none: the environment could not be read: ") + error.what();
      return;
    }
    replay.epoch_tt = environment->epoch_text();
    replay.tt_minus_utc = environment->epoch_tt_minus_utc();
    rotation = environment->has_rotation();
    try {
      environment->require(EnvironmentTerm::srp);
      sun = true;
    } catch (const std::exception&) {
      sun = false;  // no Sun in the environment: none drawn
    }
  }

  void central_body(const Eigen::Vector3d& r_N, double t) {
    if (model_gravity() == nullptr) {
      replay.central_body_radius_source = "none: the scenario has no gravity";
      return;
    }
    if (environment) {
      try {
        environment->require(EnvironmentTerm::density);
        const DensityAt d = environment->density(r_N, t);
        replay.central_body_radius = r_N.norm() - d.altitude;
        replay.central_body_radius_source = "the environment's shape, below the first hub position";
        return;
      } catch (const std::exception&) {
        // no atmosphere or shape: the Earth's radius when the field is the Earth's
      }
    }
    if (const auto* c = dynamic_cast<const CentralBodyGravity*>(model_gravity())) {
      constexpr double kEarthMu = 3.986004415e14;       // [m³/s²] central_body_gravity.hpp, Earth
      if (std::abs(c->mu() / kEarthMu - 1.0) < 0.01) {  // within 1 % of the Earth's μ: the Earth
        replay.central_body_radius = 6378137.0;         // [m] WGS-84 equatorial radius (docs/constants.md)
        replay.central_body_radius_source = "the Earth's equatorial radius (the field's mu is the Earth's)";
        return;
      }
    }
    replay.central_body_radius_source = "none: the central body's radius is not known";
  }

  const GravityModel* model_gravity() const { return scenario.model->gravity(); }

  void record(const Eigen::VectorXd& x, double t) {
    // A second output at the same time (a stop event on an output time, run_scenario.hpp): the
    // poses are the same; the times stay strictly increasing, as the page and glTF need.
    if (!replay.t.empty() && !(t > replay.t.back())) return;
    const Model& model = *scenario.model;
    std::vector<ReplayPose> poses(replay.bodies.size());
    const double dt = replay.t.empty() ? 0.0 : t - replay.t.back();
    for (std::size_t b = 0; b < sources.size(); ++b) {
      BodySource& src = sources[b];
      const ReplayBody& body = replay.bodies[b];
      if (body.role == "hub") {
        const VehicleDiagnostics d = vehicle_diagnostics(model, ws, x, t, body.vehicle);
        poses[b].r_N = d.hub.r_FN_N;
        poses[b].q_NF = Eigen::Quaterniond(Eigen::Matrix3d(d.hub.dcm_FN.transpose())).normalized();
        replay.signals[hub_signal[body.vehicle]].values.push_back(d.hub.omega_FN_F.norm());
      } else if (src.chain_link) {
        // The chain's own link frame (SerialChain::segment) after the model's kinematics at (x, t).
        forward::kinematics(model, ws, x, t);
        const Model::EffectorIndex at = model.locate(*src.effector);
        const FrameKinematics& f =
            src.effector->segment(src.segment, *ws.vehicles[at.vehicle].effectors[at.state_effector]);
        poses[b].r_N = f.r_FN_N;
        poses[b].q_NF = Eigen::Quaterniond(Eigen::Matrix3d(f.dcm_FN.transpose())).normalized();
      } else if (!src.wheel) {
        const FrameKinematics f = segment_frame(model, ws, x, t, *src.effector, src.segment);
        poses[b].r_N = f.r_FN_N;
        poses[b].q_NF = Eigen::Quaterniond(Eigen::Matrix3d(f.dcm_FN.transpose())).normalized();
      } else {
        const double Omega = x[src.omega];
        if (src.theta >= 0)
          src.angle = x[src.theta];
        else if (!replay.t.empty())
          src.angle += 0.5 * (Omega + src.last_omega) * dt;  // trapezoid rule over the output samples
        src.last_omega = Omega;
        const ReplayPose& hub = poses[src.hub];  // hubs come before their wheels
        poses[b].r_N = hub.r_N + hub.q_NF * src.r_WcB_B;
        poses[b].q_NF = (hub.q_NF * src.q_BW0 * Eigen::AngleAxisd(src.angle, Eigen::Vector3d::UnitY())).normalized();
        replay.signals[wheel_signal[b]].values.push_back(Omega);
      }
    }
    // Each body's quaternion on the hemisphere of its previous sample: a viewer that interpolates
    // componentwise (glTF LINEAR, docs/viewer.md) then turns the short way.
    if (!replay.poses.empty())
      for (std::size_t b = 0; b < poses.size(); ++b)
        if (poses[b].q_NF.dot(replay.poses.back()[b].q_NF) < 0.0) poses[b].q_NF.coeffs() *= -1.0;
    if (replay.t.empty() && !poses.empty()) central_body(poses[0].r_N, t);
    if (sun) {
      Eigen::Vector3d s = Eigen::Vector3d::Zero();
      double nu = std::numeric_limits<double>::quiet_NaN();
      try {
        const SrpAt at = environment->srp(poses.empty() ? Eigen::Vector3d::Zero() : poses[0].r_N, t);
        s = at.s_N;
        nu = at.nu;  // the run's own shadow model (conical or cylindrical, environment.shadow)
      } catch (const std::exception&) {
        // outside the ephemeris table: no direction at this time (drawn as zero, ν unknown)
      }
      replay.sun_N.push_back(s);
      replay.sun_nu.push_back(nu);
    }
    if (model.vehicle_count() > 0) {
      // docs/viewer.md (1), (2): the velocity and nadir directions of vehicle 0's centre of mass.
      const VehicleDiagnostics d = vehicle_diagnostics(model, ws, x, t, 0);
      const double v = d.v_CN_N.norm(), r = d.r_CN_N.norm();
      replay.velocity_N.push_back(v > 0.0 ? Eigen::Vector3d(d.v_CN_N / v) : Eigen::Vector3d::Zero());
      if (model_gravity() != nullptr)
        replay.nadir_N.push_back(r > 0.0 ? Eigen::Vector3d(-d.r_CN_N / r) : Eigen::Vector3d::Zero());
    }
    if (rotation) {
      Eigen::Quaterniond q(Eigen::Matrix3d(environment->dcm_PN(t)));  // v_P = q_PN v_N
      if (!replay.q_PN.empty() && q.dot(replay.q_PN.back()) < 0.0) q.coeffs() *= -1.0;
      replay.q_PN.push_back(q.normalized());
    }
    if (!replay.plumes.empty()) {
      std::vector<double> kappa(replay.plumes.size());
      for (std::size_t p = 0; p < kappa.size(); ++p) kappa[p] = x[replay.plumes[p].kappa];
      replay.plume_kappa.push_back(std::move(kappa));
    }
    replay.t.push_back(t);
    replay.poses.push_back(std::move(poses));
  }
};

ReplayRecorder::ReplayRecorder(const Scenario& scenario, std::string_view scenario_json,
                               const std::filesystem::path& base)
    : impl_(std::make_unique<Impl>(scenario, scenario_json, base)) {}
ReplayRecorder::~ReplayRecorder() = default;
const std::vector<ReplayBody>& ReplayRecorder::bodies() const { return impl_->replay.bodies; }
void ReplayRecorder::record(const Eigen::VectorXd& x, double t) { impl_->record(x, t); }
const Replay& ReplayRecorder::replay() const { return impl_->replay; }

Replay record_replay(const Scenario& scenario, std::string_view scenario_json, const std::filesystem::path& base,
                     const ProgressSink& on_progress) {
  ReplayRecorder recorder(scenario, scenario_json, base);
  Eigen::VectorXd x;
  std::string failure;
  try {
    run_scenario(
        scenario, x, [&](const Eigen::VectorXd& state, double t) { recorder.record(state, t); }, on_progress);
  } catch (const IntegrationError& error) {
    failure = error.what();
  }
  Replay replay = recorder.replay();
  replay.failure = failure;
  return replay;
}

namespace {

nlohmann::json vec(const Eigen::Vector3d& v) { return {v.x(), v.y(), v.z()}; }
nlohmann::json quat(const Eigen::Quaterniond& q) { return {q.x(), q.y(), q.z(), q.w()}; }

}  // namespace

std::string replay_json(const Replay& r) {
  nlohmann::json doc;
  doc["format"] = "ramus-replay-1";
  doc["description"] = r.description;
  doc["failure"] = r.failure;
  doc["t"] = r.t;
  nlohmann::json bodies = nlohmann::json::array();
  for (std::size_t b = 0; b < r.bodies.size(); ++b) {
    const ReplayBody& body = r.bodies[b];
    std::vector<double> pos, rot;
    pos.reserve(3 * r.t.size());
    rot.reserve(4 * r.t.size());
    for (const std::vector<ReplayPose>& at : r.poses) {
      const ReplayPose& p = at[b];
      pos.insert(pos.end(), {p.r_N.x(), p.r_N.y(), p.r_N.z()});
      rot.insert(rot.end(), {p.q_NF.x(), p.q_NF.y(), p.q_NF.z(), p.q_NF.w()});
    }
    bodies.push_back({{"name", body.name},
                      {"role", body.role},
                      {"kind", body.effector_kind},
                      {"vehicle", body.vehicle},
                      {"parent", body.parent},
                      {"shape", body.shape},
                      {"size", vec(body.size)},
                      {"centre", vec(body.centre_F)},
                      {"shape_q", quat(body.shape_to_F)},
                      {"size_rule", body.size_rule},
                      {"angle_source", body.angle_source},
                      {"r_N", pos},
                      {"q_NF", rot}});
  }
  doc["bodies"] = bodies;
  nlohmann::json signals = nlohmann::json::array();
  for (const ReplaySignal& s : r.signals) signals.push_back({{"name", s.name}, {"unit", s.unit}, {"values", s.values}});
  doc["signals"] = signals;
  if (r.sun_N.empty()) {
    doc["sun_N"] = nullptr;
  } else {
    std::vector<double> sun;
    for (const Eigen::Vector3d& s : r.sun_N) sun.insert(sun.end(), {s.x(), s.y(), s.z()});
    doc["sun_N"] = sun;
  }
  doc["sun_nu"] = r.sun_nu.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.sun_nu);
  const auto directions = [](const std::vector<Eigen::Vector3d>& u) {
    if (u.empty()) return nlohmann::json(nullptr);
    std::vector<double> flat;
    flat.reserve(3 * u.size());
    for (const Eigen::Vector3d& e : u) flat.insert(flat.end(), {e.x(), e.y(), e.z()});
    return nlohmann::json(flat);
  };
  nlohmann::json plumes = nlohmann::json::array();
  for (std::size_t p = 0; p < r.plumes.size(); ++p) {
    const ReplayPlume& plume = r.plumes[p];
    std::vector<double> kappa;
    kappa.reserve(r.plume_kappa.size());
    for (const std::vector<double>& at : r.plume_kappa) kappa.push_back(at[p]);
    plumes.push_back({{"name", plume.name},
                      {"vehicle", plume.vehicle},
                      {"hub", plume.hub},
                      {"r_B", vec(plume.r_B)},
                      {"axis_B", vec(plume.axis_B)},
                      {"length", plume.length},
                      {"kappa", kappa}});
  }
  doc["plumes"] = plumes;
  doc["velocity_N"] = directions(r.velocity_N);
  doc["nadir_N"] = directions(r.nadir_N);
  doc["central_body_radius"] = r.central_body_radius;
  doc["central_body_radius_source"] = r.central_body_radius_source;
  // Non-finite numbers (a diverged run) become null, which the page treats as missing.
  return doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

namespace {

/// Days from 1970-01-01 of a proleptic Gregorian date (the civil-from-days inverse below).
long long days_from_civil(long long y, unsigned m, unsigned d) {
  y -= m <= 2 ? 1 : 0;
  const long long era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<long long>(doe) - 719468;
}

/// "YYYY-MM-DDThh:mm:ss.sssZ" of `s` seconds from 1970-01-01T00:00:00 on a clock without leap seconds.
std::string iso_date(double s) {
  const double rounded = std::round(s * 1000.0) / 1000.0;  // to the millisecond written
  const long long days = static_cast<long long>(std::floor(rounded / 86400.0));
  const double sod = rounded - static_cast<double>(days) * 86400.0;
  const long long z = days + 719468;
  const long long era = (z >= 0 ? z : z - 146096) / 146097;
  const unsigned doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  const unsigned d = doy - (153 * mp + 2) / 5 + 1;
  const unsigned m = mp < 10 ? mp + 3 : mp - 9;
  const long long y = static_cast<long long>(yoe) + era * 400 + (m <= 2 ? 1 : 0);
  const int hour = static_cast<int>(sod / 3600.0), minute = static_cast<int>((sod - hour * 3600.0) / 60.0);
  const double second = sod - hour * 3600.0 - minute * 60.0;
  char text[64];
  std::snprintf(text, sizeof text, "%04lld-%02u-%02uT%02d:%02d:%06.3fZ", y, m, d, hour, minute, second);
  return text;
}

}  // namespace

std::string replay_czml(const Replay& r) {
  if (r.epoch_tt.empty())
    throw std::runtime_error("the scenario has no environment.epoch: a CZML file's times are dates");
  // docs/viewer.md, CZML: the epoch's TT calendar label, read on a clock without leap seconds, less
  // TT − UTC, is the epoch in UTC (a leap second inside the run is not accounted for).
  int year = 0, month = 0, day = 0, hour = 0, minute = 0;
  double second = 0.0;
  if (std::sscanf(r.epoch_tt.c_str(), "%d-%d-%dT%d:%d:%lf", &year, &month, &day, &hour, &minute, &second) != 6)
    throw std::runtime_error("the epoch '" + r.epoch_tt + "' is not a date");
  const double epoch =
      static_cast<double>(days_from_civil(year, static_cast<unsigned>(month), static_cast<unsigned>(day))) * 86400.0 +
      hour * 3600.0 + minute * 60.0 + second - r.tt_minus_utc;
  const std::string epoch_utc = iso_date(epoch);
  const double t0 = r.t.empty() ? 0.0 : r.t.front(), t1 = r.t.empty() ? 0.0 : r.t.back();
  const std::string interval = iso_date(epoch + t0) + "/" + iso_date(epoch + t1);
  nlohmann::json doc = nlohmann::json::array();
  doc.push_back({{"id", "document"},
                 {"name", r.description},
                 {"version", "1.0"},
                 {"clock",
                  {{"interval", interval},
                   {"currentTime", iso_date(epoch + t0)},
                   {"multiplier", 60},
                   {"range", "LOOP_STOP"},
                   {"step", "SYSTEM_CLOCK_MULTIPLIER"}}}});
  for (std::size_t b = 0; b < r.bodies.size(); ++b) {
    const ReplayBody& body = r.bodies[b];
    if (body.role != "hub") continue;
    std::vector<double> position, orientation;
    position.reserve(4 * r.t.size());
    orientation.reserve(5 * r.t.size());
    Eigen::Quaterniond previous = Eigen::Quaterniond::Identity();
    for (std::size_t i = 0; i < r.t.size(); ++i) {
      const ReplayPose& p = r.poses[i][b];
      position.insert(position.end(), {r.t[i], p.r_N.x(), p.r_N.y(), p.r_N.z()});
      // The hub's axes B into the central body's fixed axes P (into N without a rotation).
      Eigen::Quaterniond q = r.q_PN.empty() ? p.q_NF : (r.q_PN[i] * p.q_NF).normalized();
      if (i > 0 && q.dot(previous) < 0.0) q.coeffs() *= -1.0;
      previous = q;
      orientation.insert(orientation.end(), {r.t[i], q.x(), q.y(), q.z(), q.w()});
    }
    const std::string vehicle = body.name.substr(0, body.name.rfind('/'));
    doc.push_back({{"id", vehicle},
                   {"name", vehicle},
                   {"availability", interval},
                   {"position", {{"epoch", epoch_utc}, {"referenceFrame", "INERTIAL"}, {"cartesian", position}}},
                   {"orientation", {{"epoch", epoch_utc}, {"unitQuaternion", orientation}}}});
  }
  return doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace ramus::scenario
