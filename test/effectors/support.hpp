// Helpers shared by the effector tests: model building, fixed-step runs logged at every step,
// drifts, trapezoid integrals and a check of rejected input. Nothing here computes a reference value.
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <functional>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/systems/central_body_gravity.hpp"

namespace ramus::test {

using namespace ramus::units;

inline HubConfig hub_config(double m, const Eigen::Vector3d& I_diag, const Eigen::Vector3d& r_BcB_B) {
  HubConfig h;
  h.mass = m * si::kilogram;
  h.I_PntBc_B = InertiaTensor::diagonal(I_diag.x() * kg_m2, I_diag.y() * kg_m2, I_diag.z() * kg_m2);
  h.r_BcB_B = Length3{r_BcB_B, si::meter};
  return h;
}

/// Basilisk's standard "gravity" orbit, given at C.
inline InitialState basilisk_orbit(const Eigen::Vector3d& omega_BN_B) {
  InitialState ic;
  ic.point = ReferencePoint::C;
  ic.r_N = Length3{Eigen::Vector3d(-4020338.690396649, 7490566.741852513, 5248299.211589362), si::meter};
  ic.v_N = Velocity3{Eigen::Vector3d(-5199.77710904224, -3436.681645356935, 1041.576797498721), si::meter_per_second};
  ic.omega_BN_B = AngularVelocity3{omega_BN_B, si::radian_per_second};
  return ic;
}

inline InitialState at_rest_at_origin(const Eigen::Vector3d& omega_BN_B = Eigen::Vector3d::Zero()) {
  InitialState ic;
  ic.omega_BN_B = AngularVelocity3{omega_BN_B, si::radian_per_second};
  return ic;
}

inline void set_earth_gravity(Model& model) {
  model.set_gravity(std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth()));
}

/// Offset of the block `name` of the effector `owner` ("sc/rw") in the state vector.
inline Eigen::Index block_offset(const Model& model, const std::string& owner, const std::string& name) {
  for (const StateBlock& b : model.layout().blocks())
    if (b.owner == owner && b.name == name) return b.offset;
  throw std::runtime_error("no state block " + owner + "." + name);
}

/// Runs rk4 from 0 to T in n equal steps of T/n, calling `log(x, t)` before the first step and
/// after every step. Returns the final state.
inline Eigen::VectorXd run_logged(const System& system, Eigen::VectorXd x, double T, int n, const Observer& log = {}) {
  std::vector<double> times(static_cast<std::size_t>(n) + 1);
  for (int k = 0; k <= n; ++k) times[static_cast<std::size_t>(k)] = T * k / n;
  PropagationSettings s;
  s.stepper = "rk4";
  s.dt = T / n;
  propagate(system, x, times, s, log);
  return x;
}

/// The four conserved quantities of the conservation section of docs/verification/README.md.
struct Invariants {
  double orbital_energy = 0.0, rotational_energy = 0.0;
  Eigen::Vector3d H_orb_PntN_N = Eigen::Vector3d::Zero(), H_rot_PntC_N = Eigen::Vector3d::Zero();
};

inline Invariants invariants(const Model& model, const Eigen::VectorXd& x, double t) {
  const VehicleDiagnostics d = vehicle_diagnostics(model, x, t, 0);
  return {d.orbital_energy, d.rotational_energy, d.H_orb_PntN_N, d.H_rot_PntC_N};
}

/// Largest relative drift of each invariant over a run, |q(t) − q(0)| / |q(0)|.
struct Drift {
  double orbital_energy = 0.0, rotational_energy = 0.0, H_orb = 0.0, H_rot = 0.0;
};

inline Drift max_relative_drift(const std::shared_ptr<const Model>& model, const Eigen::VectorXd& x0, double T, int n) {
  const System system(model);
  const Invariants i0 = invariants(*model, x0, 0.0);
  Drift d;
  run_logged(system, x0, T, n, [&](const Eigen::VectorXd& x, double t) {
    const Invariants i = invariants(*model, x, t);
    d.orbital_energy =
        std::max(d.orbital_energy, std::abs(i.orbital_energy - i0.orbital_energy) / std::abs(i0.orbital_energy));
    d.rotational_energy = std::max(
        d.rotational_energy, std::abs(i.rotational_energy - i0.rotational_energy) / std::abs(i0.rotational_energy));
    d.H_orb = std::max(d.H_orb, (i.H_orb_PntN_N - i0.H_orb_PntN_N).norm() / i0.H_orb_PntN_N.norm());
    d.H_rot = std::max(d.H_rot, (i.H_rot_PntC_N - i0.H_rot_PntC_N).norm() / i0.H_rot_PntC_N.norm());
  });
  return d;
}

/// Trapezoid rule on samples f_k at equal spacing h.
inline double trapezoid(const std::vector<double>& f, double h) {
  double s = 0.0;
  for (std::size_t k = 1; k < f.size(); ++k) s += 0.5 * h * (f[k - 1] + f[k]);
  return s;
}

}  // namespace ramus::test

namespace ramus::test {

/// Runs `f`, which must throw ConfigurationError; every needle must occur in what().
template <class F>
void check_rejected(F&& f, std::initializer_list<std::string> needles) {
  bool thrown = false;
  try {
    f();
  } catch (const ConfigurationError& e) {
    thrown = true;
    const std::string what = e.what();
    for (const std::string& n : needles) BOOST_TEST(what.find(n) != std::string::npos, "'" << n << "' in: " << what);
  }
  BOOST_TEST(thrown, "expected a ConfigurationError naming " << *needles.begin());
}

/// Observed orders log2(d[k−1]/d[k]) of a drift study under step halving, asserted in rk4's window
/// 3.8–4.25 (docs/verification/README.md) — except the rotational energy, whose upper bound is
/// `max_rotational_energy_order` (5.25 where rk4's O(h⁵) amplitude error on an oscillator shows).
/// The orbital invariants are checked on the first two pairs only, the finest being at round-off.
inline void check_drift_orders(const std::vector<Drift>& d, double max_rotational_energy_order) {
  auto order = [](double coarse, double fine) { return std::log2(coarse / fine); };
  for (std::size_t k = 1; k < d.size(); ++k) {
    const double pE = order(d[k - 1].rotational_energy, d[k].rotational_energy);
    const double pH = order(d[k - 1].H_rot, d[k].H_rot);
    BOOST_TEST_MESSAGE("orders E_rot " << pE << ", H_rot " << pH);
    BOOST_TEST(pE >= 3.8);
    BOOST_TEST(pE <= max_rotational_energy_order);
    BOOST_TEST(pH >= 3.8);
    BOOST_TEST(pH <= 4.25);
    if (k < 3) {
      const double pEo = order(d[k - 1].orbital_energy, d[k].orbital_energy);
      const double pHo = order(d[k - 1].H_orb, d[k].H_orb);
      BOOST_TEST_MESSAGE("orders E_orb " << pEo << ", H_orb " << pHo);
      BOOST_TEST(pEo >= 3.8);
      BOOST_TEST(pEo <= 4.25);
      BOOST_TEST(pHo >= 3.8);
      BOOST_TEST(pHo <= 4.25);
    }
  }
}

}  // namespace ramus::test
