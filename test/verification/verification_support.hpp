// Shared set-up of the verification suite (docs/verification/): a one-vehicle rigid-hub model
// built from plain SI numbers, readers of the hub block of the state, and the exact discrete maps
// of the fixed-step schemes on the scalar rotation ż = i·θ'·z that several cases predict exactly.
// Nothing here computes a reference from ramus's own dynamics.
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <complex>
#include <memory>
#include <numbers>
#include <string>

#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/samples/reference/torque_free_axisymmetric.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/systems/external_force_torque.hpp"

namespace ramus::verification {

namespace si = boost::units::si;

/// Unit roundoff of double.
inline constexpr double kEps = 2.220446049250313e-16;

/// A rigid hub, optionally with one constant external load and a gravity field. SI throughout.
struct RigidBodyCase {
  double m = 1.0;                                           ///< [kg]
  Eigen::Matrix3d I_PntBc_B = Eigen::Matrix3d::Identity();  ///< [kg m²]
  Eigen::Vector3d r_BcB_B = Eigen::Vector3d::Zero();        ///< [m]
  ReferencePoint point = ReferencePoint::B;                 ///< where r_N, v_N are given
  Eigen::Vector3d r_N = Eigen::Vector3d::Zero();            ///< [m]
  Eigen::Vector3d v_N = Eigen::Vector3d::Zero();            ///< [m/s]
  Quaternion q_BN = Quaternion(1.0, 0.0, 0.0, 0.0);
  Eigen::Vector3d omega_BN_B = Eigen::Vector3d::Zero();     ///< [rad/s]
  Eigen::Vector3d force_B = Eigen::Vector3d::Zero();        ///< [N] constant, hub frame
  Eigen::Vector3d force_N = Eigen::Vector3d::Zero();        ///< [N] constant, inertial frame
  Eigen::Vector3d torque_PntB_B = Eigen::Vector3d::Zero();  ///< [N m] constant, about B
  std::shared_ptr<const GravityModel> gravity;              ///< none by default
};

inline std::shared_ptr<Model> make_model(const RigidBodyCase& c) {
  auto model = std::make_shared<Model>();
  HubConfig hub;
  hub.mass = c.m * si::kilogram;
  hub.I_PntBc_B = units::InertiaTensor(c.I_PntBc_B, units::kg_m2);
  hub.r_BcB_B = units::Length3(c.r_BcB_B, si::meter);
  Vehicle& v = model->add_vehicle("sc", hub);
  InitialState init;
  init.point = c.point;
  init.r_N = units::Length3(c.r_N, si::meter);
  init.v_N = units::Velocity3(c.v_N, si::meter_per_second);
  init.q_BN = c.q_BN;
  init.omega_BN_B = units::AngularVelocity3(c.omega_BN_B, si::radian_per_second);
  v.set_initial_state(init);
  if (!c.force_B.isZero(0.0) || !c.force_N.isZero(0.0) || !c.torque_PntB_B.isZero(0.0)) {
    ExternalForceTorqueConfig load;
    load.force_F = units::Force3(c.force_B, si::newton);
    load.force_N = units::Force3(c.force_N, si::newton);
    load.torque_PntF_F = units::Torque3(c.torque_PntB_B, units::newton_meter);
    v.add_dynamic_effector(std::make_shared<ExternalForceTorque>("load", load));
  }
  if (c.gravity) model->set_gravity(c.gravity);
  model->finalize();
  return model;
}

/// The hub block of vehicle 0 (raw values of x: q is not normalised).
struct HubState {
  Eigen::Vector3d r_BN_N, v_BN_N;
  Quaternion q_BN;
  Eigen::Vector3d omega_BN_B, dv_CN_N;
};

inline HubState hub_state(const Model& model, const Eigen::VectorXd& x) {
  const VehicleOffsets& o = model.vehicle(0).offsets();
  return {x.segment<3>(o.r_N), x.segment<3>(o.v_N), x.segment<4>(o.q_BN), x.segment<3>(o.omega_BN_B),
          x.segment<3>(o.dv_CN_N)};
}

/// Runs the model from its initial state over [0, T] with `stepper` at step dt; returns x(T).
inline Eigen::VectorXd run(const std::shared_ptr<Model>& model, double T, const std::string& stepper, double dt,
                           double tol = 1e-10) {
  System system(model);
  Eigen::VectorXd x = model->initial_state();
  PropagationSettings s;
  s.stepper = stepper;
  s.dt = dt;
  s.abs_tol = tol;
  s.rel_tol = tol;
  propagate(system, x, 0.0, T, s);
  return x;
}

/// Stability function of the classic RK4 at z: 1 + z + z²/2 + z³/6 + z⁴/24 (the exact one-step
/// map of rk4 on the linear equation y' = λ y, z = λ h).
inline std::complex<double> rk4_factor(std::complex<double> z) {
  return 1.0 + z * (1.0 + z / 2.0 * (1.0 + z / 3.0 * (1.0 + z / 4.0)));
}

/// Two rotations about one axis ê, each held as z = q0 + i·(q·ê) (a quaternion (cos φ/2, sin φ/2 ê)
/// up to its norm): the rotation angle between them in [0, π], as attitude_error_angle defines it
/// (z and −z are one attitude).
inline double angle_between(std::complex<double> z, std::complex<double> w) {
  const double half = std::abs(std::arg(z * std::conj(w)));  // in [0, π]
  return 2.0 * std::min(half, std::numbers::pi - half);
}

/// ROT-02 (docs/verification/ROT_02.md): torque-free axisymmetric body, I = diag(100, 100, 200) kg m²,
/// ω0 = (0.5, 0, 1) rad/s, q0 = 1; its closed form and its model.
inline samples::reference::TorqueFreeAxisymmetric rot_02_reference() {
  return {100.0, 200.0, Eigen::Vector3d(0.5, 0.0, 1.0), Quaternion(1.0, 0.0, 0.0, 0.0)};
}
inline RigidBodyCase rot_02_case() {
  RigidBodyCase c;
  c.m = 100.0;  // irrelevant: no force
  c.I_PntBc_B = Eigen::Vector3d(100.0, 100.0, 200.0).asDiagonal();
  c.omega_BN_B = Eigen::Vector3d(0.5, 0.0, 1.0);
  return c;
}

}  // namespace ramus::verification
