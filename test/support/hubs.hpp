// Hub configurations from plain SI numbers, the standard hub of the effector and branching tests
// (750 kg, I_PntBc_B = diag(900, 800, 600) kg m², Basilisk's) and Basilisk's standard orbit, their
// numbers written once.
#pragma once

#include <Eigen/Dense>
#include <memory>

#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/units.hpp"
#include "ramus/samples/spacecraft.hpp"
#include "ramus/systems/external_force_torque.hpp"

namespace ramus::test {

/// A hub of mass m [kg], inertia I_PntBc_B [kg m²] about Bc and centre of mass r_BcB_B [m].
inline HubConfig hub_config(double m, const Eigen::Matrix3d& I_PntBc_B,
                            const Eigen::Vector3d& r_BcB_B = Eigen::Vector3d::Zero()) {
  HubConfig h;
  h.mass = m * boost::units::si::kilogram;
  h.I_PntBc_B = units::InertiaTensor(I_PntBc_B, units::kg_m2);
  h.r_BcB_B = units::Length3(r_BcB_B, boost::units::si::meter);
  return h;
}

/// The same with a principal inertia diag(I_diag) [kg m²], I_diag any 3-vector expression (a 3×3
/// Eigen::Matrix3d takes the overload above).
template <class D>
HubConfig hub_config(double m, const Eigen::MatrixBase<D>& I_diag, const Eigen::Vector3d& r_BcB_B) {
  static_assert(D::ColsAtCompileTime == 1, "hub_config: a 3×3 inertia expression must be an Eigen::Matrix3d");
  return hub_config(m, Eigen::Matrix3d(Eigen::Vector3d(I_diag).asDiagonal()), r_BcB_B);
}

/// The standard hub, the samples library's (samples/include/ramus/samples/spacecraft.hpp): mass
/// [kg] and principal inertia about Bc [kg m²].
inline constexpr double kStandardHubMass = samples::kHubMass;
inline Eigen::Vector3d standard_hub_inertia() { return samples::hub_inertia(); }

/// The standard hub with its centre of mass at r_BcB_B [m] (at B unless given).
inline HubConfig standard_hub(const Eigen::Vector3d& r_BcB_B = Eigen::Vector3d::Zero()) {
  return samples::hub(r_BcB_B);
}

/// An initial state from SI numbers: position r_N [m] and velocity v_N [m/s] of `point` (B unless
/// named) in N, attitude q_BN and hub rate omega_BN_B [rad/s].
inline InitialState initial_state(const Eigen::Vector3d& r_N, const Eigen::Vector3d& v_N, const Quaternion& q_BN,
                                  const Eigen::Vector3d& omega_BN_B, ReferencePoint point = ReferencePoint::B) {
  InitialState s;
  s.point = point;
  s.r_N = units::Length3(r_N, boost::units::si::meter);
  s.v_N = units::Velocity3(v_N, boost::units::si::meter_per_second);
  s.q_BN = q_BN;
  s.omega_BN_B = units::AngularVelocity3(omega_BN_B, boost::units::si::radian_per_second);
  return s;
}

/// The rigid hub of the ideal-torque task tests (test/fsw): vehicle "sc", 200 kg, principal inertia
/// diag(I_diag) [kg m²] about B, an external_force_torque "act" on the hub, at rest at the origin
/// with q_BN = 1 and rate omega0 [rad/s]; finalized.
inline std::shared_ptr<const Model> torqued_hub(const Eigen::Vector3d& I_diag, const Eigen::Vector3d& omega0) {
  auto model = std::make_shared<Model>();
  Vehicle& sc = model->add_vehicle("sc", hub_config(200.0, I_diag, Eigen::Vector3d::Zero()));
  sc.add_dynamic_effector(std::make_shared<ExternalForceTorque>("act"));
  sc.set_initial_state(
      initial_state(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), Quaternion(1.0, 0.0, 0.0, 0.0), omega0));
  model->finalize();
  return model;
}

/// Basilisk's standard "gravity" orbit: the position [m] and velocity [m/s] of C in N.
inline Eigen::Vector3d basilisk_r_CN_N() {
  return Eigen::Vector3d(-4020338.690396649, 7490566.741852513, 5248299.211589362);
}
inline Eigen::Vector3d basilisk_v_CN_N() {
  return Eigen::Vector3d(-5199.77710904224, -3436.681645356935, 1041.576797498721);
}

/// Basilisk's standard "gravity" orbit, given at C, with the hub rate omega_BN_B [rad/s].
inline InitialState basilisk_orbit(const Eigen::Vector3d& omega_BN_B) {
  InitialState ic;
  ic.point = ReferencePoint::C;
  ic.r_N = units::Length3(basilisk_r_CN_N(), boost::units::si::meter);
  ic.v_N = units::Velocity3(basilisk_v_CN_N(), boost::units::si::meter_per_second);
  ic.omega_BN_B = units::AngularVelocity3(omega_BN_B, boost::units::si::radian_per_second);
  return ic;
}

}  // namespace ramus::test
