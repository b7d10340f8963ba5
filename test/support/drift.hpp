// The conserved quantities of the conservation section of docs/verification/README.md and their
// largest drifts over a logged run. Nothing here computes a reference value.
#pragma once

#include <Eigen/Dense>
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <cstddef>
#include <memory>
#include <vector>

#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "support/run.hpp"

namespace ramus::test {

/// The four conserved quantities, and ΔV of C (the accumulated non-gravitational velocity change).
struct Invariants {
  double orbital_energy = 0.0, rotational_energy = 0.0;
  Eigen::Vector3d H_orb_PntN_N = Eigen::Vector3d::Zero(), H_rot_PntC_N = Eigen::Vector3d::Zero();
  Eigen::Vector3d dv_CN_N = Eigen::Vector3d::Zero();
};

inline Invariants invariants(const Model& model, const Eigen::VectorXd& x, double t) {
  const VehicleDiagnostics d = vehicle_diagnostics(model, x, t, 0);
  return {d.orbital_energy, d.rotational_energy, d.H_orb_PntN_N, d.H_rot_PntC_N, d.dv_CN_N};
}

/// Largest relative drift of each invariant over a run, |q(t) − q(0)| / |q(0)|, and the largest
/// |dv_CN_N| [m/s].
struct Drift {
  double orbital_energy = 0.0, rotational_energy = 0.0, H_orb = 0.0, H_rot = 0.0, dv = 0.0;
};

/// The drifts over rk4 from x0 over [0, T] in n steps (run_logged).
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
    d.dv = std::max(d.dv, i.dv_CN_N.norm());
  });
  return d;
}

/// Observed orders log2(d[k−1]/d[k]) of a drift study under step halving, asserted in rk4's window
/// 3.8–4.25 (docs/verification/README.md) — except the rotational energy, whose upper bound is
/// `max_rotational_energy_order` (5.25 where rk4's O(h⁵) amplitude error on an oscillator shows).
/// The rotational invariants are checked on the pairs (k−1, k) from k = first_rotational_pair on;
/// the orbital invariants on the first `orbital_pairs` pairs only (the finer being at round-off).
inline void check_drift_orders(const std::vector<Drift>& d, double max_rotational_energy_order,
                               std::size_t first_rotational_pair = 1, std::size_t orbital_pairs = 2) {
  auto order = [](double coarse, double fine) { return std::log2(coarse / fine); };
  for (std::size_t k = first_rotational_pair; k < d.size(); ++k) {
    const double pE = order(d[k - 1].rotational_energy, d[k].rotational_energy);
    const double pH = order(d[k - 1].H_rot, d[k].H_rot);
    BOOST_TEST_MESSAGE("orders E_rot " << pE << ", H_rot " << pH);
    BOOST_TEST(pE >= 3.8);
    BOOST_TEST(pE <= max_rotational_energy_order);
    BOOST_TEST(pH >= 3.8);
    BOOST_TEST(pH <= 4.25);
  }
  for (std::size_t k = 1; k <= orbital_pairs && k < d.size(); ++k) {
    const double pEo = order(d[k - 1].orbital_energy, d[k].orbital_energy);
    const double pHo = order(d[k - 1].H_orb, d[k].H_orb);
    BOOST_TEST_MESSAGE("orders E_orb " << pEo << ", H_orb " << pHo);
    BOOST_TEST(pEo >= 3.8);
    BOOST_TEST(pEo <= 4.25);
    BOOST_TEST(pHo >= 3.8);
    BOOST_TEST(pHo <= 4.25);
  }
}

}  // namespace ramus::test
