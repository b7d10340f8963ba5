// The limit the issue of flexible bodies asks about (docs/verification/FLEX.md): a chain of N rigid
// hinged panels with the springs of the same beam converges to the beam's clamped-free frequencies
// as N grows, and so does the flexible body; the two models of one boom meet at the continuum.
//
// The chain: N panels of length h = L/N and mass ρA h (slender: inertia ρA h³/12 about their
// centres across the axis), hinged in series from a hub too heavy to move, each hinge a spring
// k = EI/h (the bending compliance h/EI of one panel's length, lumped at its inboard end). The
// reference: the continuum Euler–Bernoulli cantilever ω_k = (β_k L)² √(EI/(ρA L⁴)).
#include <Eigen/Dense>
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <complex>
#include <memory>
#include <vector>

#include "flex/beams.hpp"
#include "flex/continuum.hpp"
#include "ramus/analysis/linear_model.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/systems/n_hinged_rigid_body.hpp"
#include "support/hubs.hpp"

namespace {

using namespace ramus;
using namespace ramus::test;
namespace tf = ramus::test::flex;
namespace si = boost::units::si;

constexpr double kL = 4.0, kRhoA = 5.0, kEI = 270.0;

/// The chain's two lowest bending frequencies [rad/s] (linearized about rest, central differences).
std::vector<double> chain_frequencies(int N) {
  const double h = kL / N, m = kRhoA * h;
  std::vector<HingedPanelConfig> panels(static_cast<std::size_t>(N));
  for (HingedPanelConfig& p : panels) {
    p.mass = m * si::kilogram;
    // Slender: the axial moment a thousandth of the transverse ones (positive definite).
    p.I_PntSc_S = units::InertiaTensor::diagonal(1e-3 * m * h * h / 12.0 * units::kg_m2,
                                                 m * h * h / 12.0 * units::kg_m2, m * h * h / 12.0 * units::kg_m2);
    p.d = 0.5 * h * si::meter;
    p.length = h * si::meter;
    p.k = kEI / h * si::newton * si::meter / si::radian;
  }
  panels.back().length = 0.0 * si::meter;
  auto model = std::make_shared<Model>();
  const double big = 1e9;
  model->add_vehicle("sc", hub_config(big, Eigen::Vector3d(big, big, big), Eigen::Vector3d::Zero()))
      .add_state_effector(
          std::make_shared<NHingedRigidBody>("chain", units::Length3(Eigen::Vector3d::Zero(), si::meter), panels));
  model->finalize();
  const analysis::LinearModel lm = analysis::linearize(model, {model->initial_state(), 0.0, {}});
  const Eigen::EigenSolver<Eigen::MatrixXd> es(lm.A, false);
  std::vector<double> w;
  for (const std::complex<double>& l : es.eigenvalues())
    if (l.imag() > 1e-3) w.push_back(l.imag());
  std::sort(w.begin(), w.end());
  return w;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hinged_chain_limit)

// N = 2 … 64. The first frequency's error against the continuum: 0.336, 0.201, 0.111, 0.059,
// 0.030, 0.015, falling at order 1 (the spring lumped at the panel's end is a first-order
// quadrature of the bending compliance), ratio 1/2 per doubling: asserted in [0.4, 0.6] from N = 8
// on, and monotone. The second frequency converges alike (1.5 % at N = 64; asserted below 5 %). The
// flexible body's first frequency on 8 elements is within 2e-6 (flexible_body_frequencies): a chain
// would need about half a million panels for that.
BOOST_AUTO_TEST_CASE(a_chain_of_hinged_panels_converges_to_the_beam) {
  const double unit = std::sqrt(kEI / (kRhoA * std::pow(kL, 4)));
  const double w1 = std::pow(tf::cantilever_root(0), 2) * unit, w2 = std::pow(tf::cantilever_root(1), 2) * unit;
  std::vector<double> e1;
  double e2 = 0.0;
  for (const int N : {2, 4, 8, 16, 32, 64}) {
    const std::vector<double> w = chain_frequencies(N);
    BOOST_REQUIRE_GE(w.size(), 2u);
    e1.push_back(std::abs(w[0] / w1 - 1.0));
    e2 = std::abs(w[1] / w2 - 1.0);
    BOOST_TEST_MESSAGE("N " << N << ": " << w[0] << " rad/s (continuum " << w1 << ", error " << e1.back() << "), "
                            << w[1] << " (" << w2 << ", " << e2 << ")");
  }
  for (std::size_t k = 1; k < e1.size(); ++k) {
    BOOST_TEST(e1[k] < e1[k - 1]);
    if (k >= 3) {
      BOOST_TEST(e1[k] / e1[k - 1] >= 0.4);
      BOOST_TEST(e1[k] / e1[k - 1] <= 0.6);
    }
  }
  BOOST_TEST(e2 < 0.05);
}

BOOST_AUTO_TEST_SUITE_END()
