// The flexible body state effector (systems/flexible_body.hpp, docs/models/modal_data.md) on the
// modal data of the beam generator (flex/beam.hpp). Every check has an independent reference:
//  - conservation: the total energy, the linear momentum and the angular momentum about N of a
//    tumbling free-floating vehicle, with and without the geometric stiffening, drift at rk4's
//    order under step halving; at zero deformation they are the rigid-body-plus-modal closed forms
//    of the modal integrals (eqs. (2)–(7)); the mass properties are those integrals;
//  - damping: the energy never rises, it falls by the work of the modal dampers (the trapezoid
//    rule on the logged rates, second order), and the momenta stay conserved (the dampers are
//    internal);
//  - frequencies: on a hub too heavy to move, the coupled frequencies are the clamped ones within
//    the first-order shift of the hub's residual motion; on a hub free to rotate, the first coupled
//    bending frequency converges (order 4) to the continuum Euler–Bernoulli cantilever clamped to a
//    rigid rotating hub, whose frequency equation is derived below;
//  - stiffening: the flapwise frequency of a spinning boom, from the Jacobian, against eq. (14)
//    applied to the data and against the continuum (the Frobenius series of flex/continuum.hpp);
//    a spin-up through the first chordwise frequency stays bounded with the stiffening and diverges
//    without it;
//  - errors: the refused configurations name the effector and the field.
#include "ramus/systems/flexible_body.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <complex>
#include <functional>
#include <initializer_list>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "flex/beams.hpp"
#include "flex/continuum.hpp"
#include "flex/drifts.hpp"
#include "ramus/analysis/linear_model.hpp"
#include "ramus/flex/beam.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/kernel/workspace.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "support/checks.hpp"
#include "support/hubs.hpp"
#include "support/models.hpp"
#include "support/run.hpp"

namespace {

using namespace ramus;
using namespace ramus::test;
using ramus::test::flex::Conserved;
using ramus::test::flex::conserved;
using ramus::test::flex::Drifts;
using ramus::test::flex::drifts;
namespace tf = ramus::test::flex;
namespace an = ramus::analysis;
namespace si = boost::units::si;

/// The boom of these tests (SI): 4 m, 5 kg/m (20 kg). Bending along its y axis (EI_z = 120 N m²)
/// lowest, 1.08 rad/s; along z (EI_y = 270 N m²) 1.5 times higher, 1.61 rad/s; torsion (GJ/ρJ) and
/// stretching (EA/ρA) first at 393 and 176 rad/s, above every bending mode the runs keep.
constexpr tf::UniformBeam kBoom{4.0, 270.0, 120.0, 1e4, 0.01, 1e6, 5.0};

/// [rad/s] √(EI/(ρA L⁴)) of kBoom for the bending stiffness EI: the unit of the continuum's
/// frequencies.
double frequency_unit(double EI) { return std::sqrt(EI / (kBoom.rhoA * std::pow(kBoom.length, 4))); }

/// A rotation that is no symmetry of anything here: [FB] of the tumbling vehicle's boom.
Eigen::Matrix3d oblique_dcm() {
  return Eigen::AngleAxisd(0.7, Eigen::Vector3d(1.0, 2.0, -1.0).normalized()).toRotationMatrix();
}

/// The boom on `elements` elements keeping `modes` modes, damping ratio zeta, root at F's origin
/// along F's x.
ModalData boom(int elements, int modes, double zeta = 0.0) {
  ramus::flex::BeamConfig c = tf::beam_config(kBoom, elements, modes);
  c.zeta = zeta;
  return ramus::flex::clamped_beam(c);
}

FlexibleBodyConfig body(const ModalData& d, const Eigen::Vector3d& r_FB_B, const Eigen::Matrix3d& dcm_FB,
                        bool stiffening, const Eigen::VectorXd& eta0 = {}, const Eigen::VectorXd& etaDot0 = {}) {
  FlexibleBodyConfig c;
  c.modes = d;
  c.r_FB_B = units::Length3(r_FB_B, si::meter);
  c.dcm_FB = dcm_FB;
  c.eta0 = eta0;
  c.etaDot0 = etaDot0;
  c.geometric_stiffening = stiffening;
  return c;
}

/// Vehicle "sc" with `hub`, starting at `ic`, carrying the flexible body "boom" and, when torque_z
/// is not 0, an external torque [N m] about the hub's z axis ("motor"); no gravity; finalized.
struct Spacecraft {
  std::shared_ptr<Model> model;
  std::shared_ptr<FlexibleBody> boom;
  Eigen::Index eta = 0, etaDot = 0, omega = 0;  ///< offsets of the blocks in the state
};

Spacecraft spacecraft(const HubConfig& hub, const InitialState& ic, const FlexibleBodyConfig& c,
                      double torque_z = 0.0) {
  Spacecraft s;
  s.model = std::make_shared<Model>();
  Vehicle& sc = s.model->add_vehicle("sc", hub);
  sc.set_initial_state(ic);
  s.boom = std::make_shared<FlexibleBody>("boom", c);
  sc.add_state_effector(s.boom);
  if (torque_z != 0.0) {
    ExternalForceTorqueConfig motor;
    motor.torque_PntF_F = units::Torque3(Eigen::Vector3d(0.0, 0.0, torque_z), units::newton_meter);
    sc.add_dynamic_effector(std::make_shared<ExternalForceTorque>("motor", motor));
  }
  s.model->finalize();
  s.eta = block_offset(*s.model, "sc/boom", "eta");
  s.etaDot = block_offset(*s.model, "sc/boom", "etaDot");
  s.omega = block_offset(*s.model, "sc/hub", "omega_BN_B");
  return s;
}

InitialState at_origin(const Eigen::Vector3d& v_N, const Eigen::Vector3d& omega_BN_B) {
  return initial_state(Eigen::Vector3d::Zero(), v_N, Quaternion(1.0, 0.0, 0.0, 0.0), omega_BN_B);
}

// ---- Conservation ------------------------------------------------------------------------------

/// The tumbling vehicle: a 500 kg hub, diag(400, 300, 350) kg m² about its centre of mass (off B),
/// moving at 0.37 m/s and tumbling at 0.22 rad/s about no principal axis; the boom (6 elements,
/// 6 modes: three bending modes per plane, 1.1 to 28 rad/s) at r_FB_B = (0.8, 0.1, 0) m along an
/// oblique F, deformed and moving in every mode. The centrifugal load of the tumble stiffens the
/// boom by (ω/ω_1)² ≈ 4 %.
Eigen::VectorXd tumble_eta0() {
  Eigen::VectorXd e(6);
  e << 0.15, -0.1, 0.04, 0.03, -0.01, 0.008;  // [m √kg]: the tip moves ~7 cm in mode 1
  return e;
}
Eigen::VectorXd tumble_etaDot0() {
  Eigen::VectorXd e(6);
  e << -0.05, 0.12, 0.1, -0.08, 0.05, 0.03;  // [m √kg / s]
  return e;
}
constexpr double kTumbleHubMass = 500.0;
Eigen::Vector3d tumble_hub_inertia() { return {400.0, 300.0, 350.0}; }
Eigen::Vector3d tumble_r_BcB_B() { return {0.05, -0.02, 0.03}; }
Eigen::Vector3d tumble_r_FB_B() { return {0.8, 0.1, 0.0}; }
Eigen::Vector3d tumble_v0() { return {0.3, -0.2, 0.1}; }
Eigen::Vector3d tumble_omega0() { return {0.12, -0.15, 0.1}; }

Spacecraft tumbling(bool stiffening, double zeta = 0.0, const Eigen::VectorXd& eta0 = tumble_eta0(),
                    const Eigen::VectorXd& etaDot0 = tumble_etaDot0()) {
  return spacecraft(hub_config(kTumbleHubMass, tumble_hub_inertia(), tumble_r_BcB_B()),
                    at_origin(tumble_v0(), tumble_omega0()),
                    body(boom(6, 6, zeta), tumble_r_FB_B(), oblique_dcm(), stiffening, eta0, etaDot0));
}

/// The boom's data in B about B (its rigid and first-order modal integrals moved from F: eqs. (3),
/// (4), (6)–(8) with ρ = r_FB_B + [BF] r).
struct BoomInB {
  double m = 0.0;
  Eigen::Vector3d c = Eigen::Vector3d::Zero();  ///< [kg m] ∫ ρ dm
  Eigen::Matrix3d J = Eigen::Matrix3d::Zero();  ///< [kg m²] about B
  Eigen::Matrix3Xd P, H;                        ///< ∫ φ dm, ∫ ρ × φ dm (+ sections), B components
  std::vector<Eigen::Matrix3d> J1;              ///< ∫ (2 ρ·φ 1 − ρ φᵀ − φ ρᵀ) dm
};

BoomInB boom_in_B(const ModalData& d, const Eigen::Vector3d& r, const Eigen::Matrix3d& dcm_FB) {
  const Eigen::Matrix3d R = dcm_FB.transpose();  // [BF]
  const Eigen::Matrix3d one = Eigen::Matrix3d::Identity();
  BoomInB b;
  b.m = d.mass;
  const Eigen::Vector3d s = R * (d.mass * d.r_ScF_F);  // ∫ [BF] r dm
  b.c = d.mass * r + s;
  // ∫ (ρ·ρ 1 − ρ ρᵀ) dm with ρ = r + [BF] r_F: the rotated J0, the point mass at r, the cross terms.
  b.J = R * d.I_PntF_F * R.transpose() + d.mass * (r.dot(r) * one - r * r.transpose()) + 2.0 * r.dot(s) * one -
        r * s.transpose() - s * r.transpose();
  b.P = R * d.P_F;
  b.H = R * d.H_PntF_F + tilde(r) * b.P;
  for (Eigen::Index k = 0; k < d.modes(); ++k) {
    const Eigen::Vector3d Pk = b.P.col(k);
    b.J1.push_back(R * d.J1_F[static_cast<std::size_t>(k)] * R.transpose() + 2.0 * r.dot(Pk) * one -
                   r * Pk.transpose() - Pk * r.transpose());
  }
  return b;
}

BOOST_AUTO_TEST_SUITE(flexible_body_conservation)

// At η = 0 every second-order term (deformation inertia, gyroscopic, foreshortening) vanishes, and
// the kinetic energy, momentum and angular momentum of hub and boom are exact closed forms of the
// modal integrals: with M the total mass, c and I the first moment and inertia about B,
//   T = ½ M v² + v·(ω × c) + v·P η̇ + ½ ωᵀ I ω + ω·H η̇ + ½ Σ μ_k η̇_k²,
//   p = M v + ω × c + P η̇,   H_PntB = c × v + I ω + H η̇,
// (B at N's origin and aligned with N: H_PntN_N = H_PntB). Both formulations, since they differ only
// in second-order terms. Sums of a dozen products of O(100) terms: round-off ~1e-14 relative;
// bound 1e-12.
BOOST_AUTO_TEST_CASE(conserved_quantities_at_zero_deformation_are_the_closed_forms) {
  for (const bool stiffening : {true, false}) {
    const Spacecraft s = tumbling(stiffening, 0.0, Eigen::VectorXd::Zero(6), tumble_etaDot0());
    const ModalData& d = s.boom->modes();
    const BoomInB b = boom_in_B(d, tumble_r_FB_B(), oblique_dcm());
    const Eigen::Vector3d rc = tumble_r_BcB_B(), v = tumble_v0(), w = tumble_omega0();
    const Eigen::VectorXd etaDot = tumble_etaDot0();
    const double M = kTumbleHubMass + b.m;
    const Eigen::Vector3d c = kTumbleHubMass * rc + b.c;
    const Eigen::Matrix3d I = Eigen::Matrix3d(tumble_hub_inertia().asDiagonal()) +
                              kTumbleHubMass * (rc.dot(rc) * Eigen::Matrix3d::Identity() - rc * rc.transpose()) + b.J;
    const Eigen::Vector3d Pe = b.P * etaDot, He = b.H * etaDot;
    const double T = 0.5 * M * v.dot(v) + v.dot(w.cross(c)) + v.dot(Pe) + 0.5 * w.dot(I * w) + w.dot(He) +
                     0.5 * etaDot.dot(d.modal_mass.cwiseProduct(etaDot));
    const Eigen::Vector3d p = M * v + w.cross(c) + Pe;
    const Eigen::Vector3d H = c.cross(v) + I * w + He;
    const Conserved got = conserved(vehicle_diagnostics(*s.model, s.model->initial_state(), 0.0, 0));
    BOOST_TEST_MESSAGE("stiffening " << stiffening << ": T " << got.E << " vs " << T << ", |p| " << p.norm() << ", |H| "
                                     << H.norm());
    BOOST_TEST(std::abs(got.E - T) <= 1e-12 * T);
    BOOST_TEST((got.p - p).norm() <= 1e-12 * p.norm());
    BOOST_TEST((got.H - H).norm() <= 1e-12 * H.norm());
  }
}

// mass_properties_at against the modal integrals. At η = 0: m, c0/m, P η̇/m, J0 and Σ J1_k η̇_k
// (eqs. (3)–(8), moved to B). Deformed, without the stiffening (the linear displacement field
// u = Σ φ_k η_k, docs/models/modal_data.md eq. (1)): c(η) = c0 + P η exactly, and the exact
// inertia of that field, J0 + Σ J1_k η_k + ∫ (u·u 1 − u uᵀ) dm with ∫ u_i u_j dm =
// Σ_kl η_k η_l D[3i+j](k, l) (eq. (10)). Round-off of sums of O(100) terms: bound 1e-12 of the
// largest entry.
BOOST_AUTO_TEST_CASE(mass_properties_are_the_modal_integrals) {
  const Spacecraft s = tumbling(false);
  const ModalData& d = s.boom->modes();
  const BoomInB b = boom_in_B(d, tumble_r_FB_B(), oblique_dcm());
  const Eigen::Matrix3d R = oblique_dcm().transpose();
  const Eigen::VectorXd etaDot = tumble_etaDot0();
  auto J1_sum = [&](const Eigen::VectorXd& e) {
    Eigen::Matrix3d J = Eigen::Matrix3d::Zero();
    for (Eigen::Index k = 0; k < d.modes(); ++k) J += b.J1[static_cast<std::size_t>(k)] * e[k];
    return J;
  };
  {
    const MassProperties mp = s.boom->mass_properties_at(Eigen::VectorXd::Zero(6), etaDot);
    BOOST_TEST(std::abs(mp.m - b.m) <= 1e-12 * b.m);
    BOOST_TEST((mp.r_CB_B - b.c / b.m).norm() <= 1e-12 * b.c.norm() / b.m);
    BOOST_TEST((mp.rPrime_CB_B - b.P * etaDot / b.m).norm() <= 1e-12 * (b.P * etaDot).norm() / b.m);
    BOOST_TEST((mp.I_PntB_B - b.J).cwiseAbs().maxCoeff() <= 1e-12 * b.J.cwiseAbs().maxCoeff());
    const Eigen::Matrix3d Ip = J1_sum(etaDot);
    BOOST_TEST((mp.IPrime_PntB_B - Ip).cwiseAbs().maxCoeff() <= 1e-12 * Ip.cwiseAbs().maxCoeff());
  }
  {
    const Eigen::VectorXd eta = tumble_eta0();
    const MassProperties mp = s.boom->mass_properties_at(eta, etaDot);
    Eigen::Matrix3d U = Eigen::Matrix3d::Zero(), Udot = Eigen::Matrix3d::Zero();  // ∫ u uᵀ dm in F, its rate
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        const Eigen::MatrixXd& Dij = d.D[static_cast<std::size_t>(3 * i + j)];
        U(i, j) = eta.dot(Dij * eta);
        Udot(i, j) = etaDot.dot(Dij * eta) + eta.dot(Dij * etaDot);
      }
    U = R * U * R.transpose();
    Udot = R * Udot * R.transpose();
    const Eigen::Matrix3d one = Eigen::Matrix3d::Identity();
    const Eigen::Matrix3d I = b.J + J1_sum(eta) + U.trace() * one - U;
    const Eigen::Matrix3d Ip = J1_sum(etaDot) + Udot.trace() * one - Udot;
    const Eigen::Vector3d c = b.c + b.P * eta;
    BOOST_TEST_MESSAGE("deformed: second-order inertia " << (U.trace() * one - U).norm() << " kg m² of |I| " << I.norm()
                                                         << "; error " << (mp.I_PntB_B - I).norm());
    BOOST_TEST((mp.r_CB_B - c / b.m).norm() <= 1e-12 * c.norm() / b.m);
    BOOST_TEST((mp.rPrime_CB_B - b.P * etaDot / b.m).norm() <= 1e-12 * (b.P * etaDot).norm() / b.m);
    BOOST_TEST((mp.I_PntB_B - I).cwiseAbs().maxCoeff() <= 1e-12 * I.cwiseAbs().maxCoeff());
    BOOST_TEST((mp.IPrime_PntB_B - Ip).cwiseAbs().maxCoeff() <= 1e-12 * Ip.cwiseAbs().maxCoeff());
  }
}

// Without damping, loads or gravity the equations conserve the total energy, the linear momentum
// and the angular momentum exactly (Lagrange's equations of one kinetic energy): what drifts is
// rk4's error, which must fall at its order under step halving. Steps 0.02 … 0.0025 s over 10 s
// (ω_max h ≤ 0.57 for the 28 rad/s top mode). Window 3.6–4.4 on the order while the finer drift is
// above 1e-13 (a hundred times the round-off of the sums, ~1e-15); an error in the equations
// leaves a drift that does not fall (order → 0). With the stiffening on and off: both are
// conservative formulations.
BOOST_AUTO_TEST_CASE(energy_and_momenta_drift_at_rk4_order) {
  const double T = 10.0;
  const std::vector<int> steps = {1000, 2000, 4000, 8000};
  for (const bool stiffening : {true, false}) {
    const Spacecraft s = tumbling(stiffening);
    std::vector<Drifts> d;
    for (const int n : steps) {
      d.push_back(drifts(s.model, T, n));
      BOOST_TEST_MESSAGE("stiffening " << stiffening << ", h " << T / n << ": drift E " << d.back().E << ", p "
                                       << d.back().p << ", H " << d.back().H);
    }
    auto check = [&](const char* what, double coarse, double fine, double highest) {
      const double p = std::log2(coarse / fine);
      BOOST_TEST_MESSAGE("  order " << what << " " << p);
      if (fine < 1e-12) return;
      BOOST_TEST(p >= 3.6, what << " order " << p);
      BOOST_TEST(p <= highest, what << " order " << p);
    };
    for (std::size_t k = 1; k < d.size(); ++k) {
      check("E", d[k - 1].E, d[k].E, 5.4);
      check("p", d[k - 1].p, d[k].p, 4.4);
      check("H", d[k - 1].H, d[k].H, 4.4);
    }
    BOOST_TEST(d.back().E < 1e-9);
    BOOST_TEST(d.back().p < 1e-10);
    BOOST_TEST(d.back().H < 1e-10);
  }
}

BOOST_AUTO_TEST_SUITE_END()

// ---- Damping -----------------------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(flexible_body_damping)

// With ζ = 0.05 in every mode the modal dampers dissipate: dE/dt = −Σ_k 2 ζ_k ω_k μ_k η̇_k² ≤ 0.
//  - Non-increasing sample to sample (h = 0.0025 s): the integration error of one step is below
//    the drift of a whole undamped run at that step (< 1e-9 E, flexible_body_conservation), so a
//    rise above 1e-9 E would be the model's.
//  - The work balance ΔE = −∫ Σ 2 ζ ω μ η̇² dt, the integral by the trapezoid rule on the logged
//    rates. The residual is the trapezoid rule's O(h²) plus rk4's energy error, O(h⁴) to O(h⁵) and
//    of the same size at these steps (the undamped drift at h = 0.0025 s is 2e-7 J, the residual
//    1.5e-7 J): the ratio per halving lies between 1/32 and 1/4 (measured 0.19, 0.22). Asserted:
//    at most 0.3, at least second order; a wrong damping term leaves a residual that does not
//    fall (ratio ~1). And the finest residual below 1e-6 of the dissipated energy (measured 2e-7).
//  - The dampers are internal: p and H about N stay conserved to rk4's drift (< 1e-9, as undamped).
BOOST_AUTO_TEST_CASE(energy_falls_by_the_dampers_work) {
  for (const bool stiffening : {true, false}) {
    const Spacecraft s = tumbling(stiffening, 0.05);
    const ModalData& d = s.boom->modes();
    const Eigen::VectorXd c = 2.0 * d.zeta.cwiseProduct(d.omega).cwiseProduct(d.modal_mass);  // μ_k 2 ζ_k ω_k
    const System system(s.model);
    const double T = 10.0;
    double dissipated = 0.0;  // [J] by the dampers over the finest run
    auto run = [&](int n, bool check_monotone) {
      Workspace ws(*s.model);
      std::vector<double> power;
      Conserved c0, c1;
      double worst_rise = -std::numeric_limits<double>::infinity();
      run_logged(system, s.model->initial_state(), T, n, [&](const Eigen::VectorXd& x, double t) {
        const Conserved q = conserved(vehicle_diagnostics(*s.model, ws, x, t, 0));
        const Eigen::VectorXd etaDot = x.segment(s.etaDot, d.modes());
        power.push_back(-etaDot.dot(c.cwiseProduct(etaDot)));
        if (power.size() == 1)
          c0 = q;
        else
          worst_rise = std::max(worst_rise, q.E - c1.E);
        c1 = q;
      });
      if (check_monotone) {
        dissipated = c0.E - c1.E;
        BOOST_TEST_MESSAGE("stiffening " << stiffening << ": E " << c0.E << " -> " << c1.E << " J, largest rise "
                                         << worst_rise << " J, p drift " << (c1.p - c0.p).norm() / c0.p.norm()
                                         << ", H drift " << (c1.H - c0.H).norm() / c0.H.norm());
        BOOST_TEST(worst_rise <= 1e-9 * c0.E);
        BOOST_TEST(c0.E - c1.E > 1e-3 * c0.E);  // the dampers really dissipate
        BOOST_TEST((c1.p - c0.p).norm() <= 1e-9 * c0.p.norm());
        BOOST_TEST((c1.H - c0.H).norm() <= 1e-9 * c0.H.norm());
      }
      return (c1.E - c0.E) - trapezoid(power, T / n);
    };
    const double r1 = run(2000, false), r2 = run(4000, false), r3 = run(8000, true);
    BOOST_TEST_MESSAGE("work residuals " << r1 << " " << r2 << " " << r3 << " J, ratios " << r2 / r1 << " " << r3 / r2);
    BOOST_TEST(std::abs(r2 / r1) <= 0.3);
    BOOST_TEST(std::abs(r3 / r2) <= 0.3);
    BOOST_TEST(std::abs(r3) <= 1e-6 * dissipated);
  }
}

BOOST_AUTO_TEST_SUITE_END()

// ---- Frequencies -------------------------------------------------------------------------------

/// The linear model at the model's initial state (central differences).
an::LinearModel linear_model(const Spacecraft& s) {
  return an::linearize(s.model, {s.model->initial_state(), 0.0, {}});
}

/// The index of the linear model's coordinate called `name`.
Eigen::Index coordinate(const an::LinearModel& lm, const std::string& name) {
  for (std::size_t i = 0; i < lm.state_names.size(); ++i)
    if (lm.state_names[i] == name) return static_cast<Eigen::Index>(i);
  throw std::runtime_error("no coordinate " + name);
}

/// The imaginary parts above `floor` [rad/s] of the eigenvalues of A, ascending: one per pair.
std::vector<double> oscillation_frequencies(const Eigen::MatrixXd& A, double floor) {
  const Eigen::EigenSolver<Eigen::MatrixXd> es(A, false);
  std::vector<double> w;
  for (const std::complex<double>& l : es.eigenvalues())
    if (l.imag() > floor) w.push_back(l.imag());
  std::sort(w.begin(), w.end());
  return w;
}

/// The continuum Euler–Bernoulli cantilever clamped (R = 0) to a rigid hub of inertia I_h free to
/// rotate about z, the hub's centre fixed; bending along y. With y(x, t) the inertial transverse
/// displacement and θ(t) the hub's rotation:
///   EI y'''' + ρA ÿ = 0,  y(0) = 0,  y'(0) = θ,  y''(L) = y'''(L) = 0,
/// and the hub: the boom's angular momentum about the hub centre, ∫ x ρA ẏ dx, changes at
/// ∫ x ρA ÿ dx = −EI ∫ x y'''' dx = −EI [x y''' − y'']_0^L = −EI y''(0) (free tip), which is the
/// clamp's moment on the boom; the boom's moment on the hub is its opposite:
///   I_h θ̈ = EI y''(0).
/// (Sign: a tip held up by a force F bends the root to y''(0) = F L/EI > 0 and pushes the hub
/// forward, θ̈ > 0.) With y = Y(x) e^{iωt}, β⁴ = ρA ω²/EI, Y = a cosh βx + b sinh βx + c cos βx +
/// d sin βx: Y(0) = 0 gives c = −a; the hub, −I_h ω² Θ = EI Y''(0), with Θ = Y'(0) = β(b + d) and
/// Y''(0) = 2aβ², gives a = −κ (b + d), κ = I_h β³/(2ρA). The free tip then reads, in (b, d),
///   Y''/β²:  b [sh − κ(ch + c)] + d [−s − κ(ch + c)] = 0,
///   Y'''/β³: b [ch − κ(sh − s)] + d [−c − κ(sh − s)] = 0,
/// (s, c, sh, ch of βL), whose determinant, the κ² terms cancelling and ch² − sh² = s² + c² = 1, is
///   f(x) = sin x cosh x − cos x sinh x + r x³ (1 + cos x cosh x) = 0,  x = βL, r = I_h/(ρA L³).
/// Limits: r → ∞ the clamped cantilever (1 + cos x cosh x = 0), r → 0 the pinned-free beam
/// (tan x = tanh x, x = 3.9266). Near 0, f ≈ (2/3 + 2r) x³ > 0 (the rigid rotation, x = 0): the
/// first root is found by a scan from x = 0.5 and bisection to round-off.
double hub_cantilever_root(double r) {
  auto f = [r](double x) {
    return std::sin(x) * std::cosh(x) - std::cos(x) * std::sinh(x) + r * x * x * x * (1.0 + std::cos(x) * std::cosh(x));
  };
  double lo = 0.5, hi = 0.51;
  const double f_lo = f(lo);
  while (f(hi) * f_lo > 0.0) {
    lo = hi;
    hi += 0.01;
  }
  for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    (f(mid) * f_lo > 0.0 ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

BOOST_AUTO_TEST_SUITE(flexible_body_frequencies)

// A hub of 1e9 kg and 1e9 kg m² barely moves: the linear model's modal pairs are the boom's own
// clamped frequencies ω_k (ModalData::omega) shifted by the hub's residual motion. Eliminating the
// free rigid coordinates raises mode k's frequency by, to first order, ½ L_kᵀ M⁻¹ L_k / μ_k, L_k =
// (P_k, H_k about B) and M the vehicle's rigid mass matrix, which is at least the hub's: the shift
// is at most δ_k = ½ (|P_k|²/m_h + |H_k|²/I_h)/μ_k (~1e-7 here). Tolerance δ_k + 1e-9, the latter
// the central differences' error on the eigenvalue (ε^(2/3) of A's columns, amplified by ω_max²/ω²
// of the highest-mode rows: < 1e-10 measured). Boom: 8 elements, 8 modes (to 56 rad/s), at
// r_FB_B = (0.8, 0.1, 0) m along an oblique F, the stiffening on (no load at rest: no effect).
BOOST_AUTO_TEST_CASE(heavy_hub_gives_the_clamped_frequencies) {
  const double big = 1e9;
  const ModalData d = boom(8, 8);
  const Spacecraft s = spacecraft(hub_config(big, Eigen::Vector3d(big, big, big), Eigen::Vector3d::Zero()),
                                  at_origin(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero()),
                                  body(d, tumble_r_FB_B(), oblique_dcm(), true));
  const an::LinearModel lm = linear_model(s);
  const std::vector<double> w = oscillation_frequencies(lm.A, 1e-3);  // rigid modes: |λ| ≲ 1e-5
  BOOST_REQUIRE_EQUAL(w.size(), static_cast<std::size_t>(d.modes()));
  const BoomInB b = boom_in_B(d, tumble_r_FB_B(), oblique_dcm());
  for (Eigen::Index k = 0; k < d.modes(); ++k) {
    const double shift = 0.5 * (b.P.col(k).squaredNorm() / big + b.H.col(k).squaredNorm() / big) / d.modal_mass[k];
    const double e = w[static_cast<std::size_t>(k)] / d.omega[k] - 1.0;
    BOOST_TEST_MESSAGE("mode " << k << ": " << w[static_cast<std::size_t>(k)] << " rad/s vs " << d.omega[k]
                               << ", relative " << e << ", bound " << shift);
    BOOST_TEST(std::abs(e - shift) <= 1e-9);
  }
  // The first (bending along y, EI_z) against the continuum cantilever root β₁L: the generator's
  // h⁴ error at 8 elements, estimated by Richardson from 8 and 16 elements as 16/15 |ω₈ − ω₁₆|
  // (~2e-6); bound twice that plus the hub's shift.
  const double continuum = std::pow(tf::cantilever_root(0), 2) * frequency_unit(kBoom.EI_z);
  const double richardson = 16.0 / 15.0 * std::abs(d.omega[0] - boom(16, 1).omega[0]) / continuum;
  const double e = std::abs(w[0] - continuum) / continuum;
  BOOST_TEST_MESSAGE("first mode " << w[0] << " vs continuum " << continuum << ": " << e << ", Richardson "
                                   << richardson);
  BOOST_TEST(e <= 2.0 * richardson + 1e-7);
}

// A hub free to rotate about z (I_h = 200 kg m²; 1e9 kg m² about x and y, and 1e9 kg, so that it
// neither tilts nor translates), the boom along B's x from the hub's centre: the lowest nonzero
// frequency is the bending along y coupled with the hub's rotation, against hub_cantilever_root
// (r = I_h/(ρA L³) = 0.625: 1.3227 rad/s, 23 % above the clamped 1.0766). Every mode kept, the
// modal model of the clamped modes plus the hub's rotation is the finite-element model of boom and
// hub (the fixed-interface reduction is exact with all modes): the error is the elements' h⁴,
// measured 4.7e-4, 3.3e-5, 2.1e-6, 1.3e-7 on 2 … 16 elements (orders 3.86, 3.97, 3.99): window
// 3.6–4.4 and the finest below 3e-7. With fewer modes on 16 elements the truncation adds
// 1.5e-6 (4 modes: two along y), then 1.5e-8 (8): the error must not rise as modes are added, and
// 8 modes stay within 3e-7. The hub's residual translation shifts the frequency by ~m/m_h = 2e-8.
BOOST_AUTO_TEST_CASE(free_hub_rotation_gives_the_continuum_hub_cantilever) {
  const double big = 1e9, I_h = 200.0;
  const double r = I_h / (kBoom.rhoA * std::pow(kBoom.length, 3));
  const double reference = std::pow(hub_cantilever_root(r), 2) * frequency_unit(kBoom.EI_z);
  BOOST_TEST_MESSAGE("continuum: r = " << r << ", βL = " << hub_cantilever_root(r) << ", ω = " << reference
                                       << " rad/s (clamped "
                                       << std::pow(tf::cantilever_root(0), 2) * frequency_unit(kBoom.EI_z) << ")");
  auto coupled = [&](int elements, int modes) {
    const Spacecraft s =
        spacecraft(hub_config(big, Eigen::Vector3d(big, big, I_h), Eigen::Vector3d::Zero()),
                   at_origin(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero()),
                   body(boom(elements, modes), Eigen::Vector3d::Zero(), Eigen::Matrix3d::Identity(), true));
    const an::LinearModel lm = linear_model(s);
    // The mode must move the hub about z: its eigenvector's share on ω_z.
    const Eigen::EigenSolver<Eigen::MatrixXd> es(lm.A);
    const Eigen::Index wz = coordinate(lm, "sc/hub.omega_BN_B[2]");
    double w = std::numeric_limits<double>::infinity(), share = 0.0;
    for (Eigen::Index i = 0; i < es.eigenvalues().size(); ++i) {
      const std::complex<double> l = es.eigenvalues()[i];
      if (l.imag() <= 1e-3 || l.imag() >= w) continue;
      w = l.imag();
      const Eigen::VectorXcd v = es.eigenvectors().col(i);
      share = std::abs(v[wz]) / v.cwiseAbs().maxCoeff();
    }
    const double e = w / reference - 1.0;
    BOOST_TEST_MESSAGE(elements << " elements, " << modes << " modes: " << w << " rad/s, relative " << e
                                << ", hub ω_z share " << share);
    BOOST_TEST(share > 1e-3);
    return std::abs(e);
  };
  std::vector<double> e;
  for (const int E : {2, 4, 8, 16}) e.push_back(coupled(E, 6 * E));
  for (std::size_t k = 1; k < e.size(); ++k) {
    const double p = std::log2(e[k - 1] / e[k]);
    BOOST_TEST_MESSAGE("order " << p);
    BOOST_TEST(p >= 3.6);
    BOOST_TEST(p <= 4.4);
  }
  BOOST_TEST(e.back() < 3e-7);
  const double e4 = coupled(16, 4), e8 = coupled(16, 8), e16 = coupled(16, 16);
  BOOST_TEST(e8 <= e4);
  BOOST_TEST(e16 <= e8 * 1.01);  // both near the elements' 1.3e-7 floor from 16 modes on
  BOOST_TEST(e8 < 3e-7);
}

BOOST_AUTO_TEST_SUITE_END()

// ---- Stiffening --------------------------------------------------------------------------------

/// The first flapwise (along z) frequency [rad/s] of eq. (14) of docs/models/modal_data.md applied
/// to the data: the bending_z modes S of a boom along F = B's x whose root sits at R on B's x axis,
/// B spinning steadily at Ω about z. Then ω = Ω e_z, ω̇ = 0, F's origin accelerates at
/// a = −Ω² R e_x, so c = load_case_coefficients has c_0 = −Ω² R and c_8 = Ω²; on the z modes the
/// softening Ω²(D[8] − D[0] − D[4] − D[8]) and the gyroscopic 2Ω G[2] vanish (φ along z only), and
/// they do not couple with the others (z → −z symmetry):
///   μ_k η̈_k + Σ_l [μ_k ω_k² δ_kl + Ω² (K_G[8] − R K_G[0])(k, l) − Ω² (D[0] + D[4])(k, l)] η_l = 0.
double discrete_flap_frequency(const ModalData& d, const std::vector<Eigen::Index>& S, double Omega, double R,
                               bool stiffening) {
  const Eigen::Index n = d.modes();
  Eigen::MatrixXd K = Eigen::MatrixXd::Zero(n, n);
  for (Eigen::Index k = 0; k < n; ++k) K(k, k) = d.modal_mass[k] * d.omega[k] * d.omega[k];
  K -= Omega * Omega * (d.D[0] + d.D[4]);
  if (stiffening) K += Omega * Omega * (d.K_G[8] - R * d.K_G[0]);
  Eigen::VectorXd mu(static_cast<Eigen::Index>(S.size()));
  for (std::size_t i = 0; i < S.size(); ++i) mu[static_cast<Eigen::Index>(i)] = d.modal_mass[S[i]];
  const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> es(tf::submatrix(K, S),
                                                                     Eigen::MatrixXd(mu.asDiagonal()));
  return std::sqrt(es.eigenvalues()[0]);
}

BOOST_AUTO_TEST_SUITE(flexible_body_stiffening)

// The boom (12 elements, 16 modes: seven flapwise) along B's x at hub radius R = 0 and 1 m
// (δ = R/L = 0.25) on a hub of 1e9 kg and 1e9 kg m² spinning at Ω about z: the Jacobian at the
// spinning state, its block of the flapwise (bending_z) modal coordinates (rows and columns of
// eta and etaDot), whose lowest frequency is the flapwise one at λ = Ω √(ρA L⁴/EI_y) = 0, 2, 4, 6.
//  - The z block decouples from the other modal coordinates (the motion's z → −z symmetry): its
//    coupling entries below 1e-6 of the block's largest (central differences' noise ~1e-9).
//  - Against eq. (14) on the data (discrete_flap_frequency): the same modal problem, so the bound is
//    the differences' error on the eigenvalue plus the hub's motion (~1e-8): 1e-7.
//  - That discrete problem against the continuum (the Frobenius series): the elements' h⁴ and the
//    truncation of the stiffened shape onto seven clamped modes, 4e-7 at λ = 0 growing to 2.3e-5
//    at λ = 6, δ = 0.25 (as the generator's geometric_stiffness suite measures): bound 5e-5. So
//    the effector is within 5e-5 + 1e-7 of the continuum.
//  - With the stiffening off the flapwise frequency stays at the clamped ω of the first z mode
//    (no softening along z): within 1e-7, while the continuum has risen 2.1 times at λ = 6.
BOOST_AUTO_TEST_CASE(flapwise_frequency_rises_as_the_rotating_cantilever) {
  const double big = 1e12;
  const ModalData d = boom(12, 16);
  const std::vector<Eigen::Index> S = tf::family_modes(d, tf::Family::bending_z);
  BOOST_REQUIRE_EQUAL(S.size(), 7u);
  const double unit = frequency_unit(kBoom.EI_y);
  for (const double R : {0.0, 1.0})
    for (const bool stiffening : {true, false})
      for (const double lambda : {0.0, 2.0, 4.0, 6.0}) {
        const double Omega = lambda * unit;
        const Spacecraft s = spacecraft(hub_config(big, Eigen::Vector3d(big, big, big), Eigen::Vector3d::Zero()),
                                        at_origin(Eigen::Vector3d::Zero(), Eigen::Vector3d(0.0, 0.0, Omega)),
                                        body(d, Eigen::Vector3d(R, 0.0, 0.0), Eigen::Matrix3d::Identity(), stiffening));
        const an::LinearModel lm = linear_model(s);
        std::vector<Eigen::Index> z, other;  // the flapwise coordinates, and the other modal ones
        for (Eigen::Index k = 0; k < d.modes(); ++k) {
          const bool flap = std::find(S.begin(), S.end(), k) != S.end();
          for (const char* block : {"eta", "etaDot"})
            (flap ? z : other)
                .push_back(coordinate(lm, "sc/boom." + std::string(block) + "[" + std::to_string(k) + "]"));
        }
        const Eigen::MatrixXd Azz = tf::submatrix(lm.A, z);
        double coupling = 0.0;
        for (const Eigen::Index i : z)
          for (const Eigen::Index j : other)
            coupling = std::max({coupling, std::abs(lm.A(i, j)), std::abs(lm.A(j, i))});
        const double w = oscillation_frequencies(Azz, 1e-3).front();
        const double discrete = discrete_flap_frequency(d, S, Omega, R, stiffening);
        const double continuum = tf::rotating_flap_frequency(stiffening ? lambda : 0.0, R / kBoom.length) * unit;
        BOOST_TEST_MESSAGE("R " << R << (stiffening ? " on" : " off") << ", λ " << lambda << ": " << w / unit
                                << " vs eq. (14) " << discrete / unit << " (" << w / discrete - 1.0 << "), continuum "
                                << continuum / unit << " (" << w / continuum - 1.0 << "); coupling "
                                << coupling / Azz.cwiseAbs().maxCoeff());
        BOOST_TEST(coupling <= 1e-6 * Azz.cwiseAbs().maxCoeff());
        BOOST_TEST(std::abs(w / discrete - 1.0) <= 1e-7);
        BOOST_TEST(std::abs(discrete / continuum - 1.0) <= 5e-5);
        if (!stiffening) BOOST_TEST(std::abs(w / d.omega[S[0]] - 1.0) <= 1e-7);
      }
  // The check can fail: at λ = 6 the stiffened continuum is far from the clamped value.
  BOOST_TEST(tf::rotating_flap_frequency(6.0, 0.0) > 2.0 * tf::rotating_flap_frequency(0.0, 0.0));
}

// The same spinning boom in the plane of rotation: its chordwise (along y, EI_z) modes. A lateral
// displacement v in the plane moves the mass off its circle, and the centrifugal field pulls it
// further (−ρA Ω² v): with the same tension N as flapwise, the chordwise equation is the flapwise
// one plus −Ω² ρA v, so the continuum's chordwise frequency is ω_c² = ω_flap(λ_z)² − Ω² with
// λ_z = Ω √(ρA L⁴/EI_z) (the classic result; e.g. Hodges & Rutkowski, AIAA J. 19 (1981) 1459).
// The chordwise modes couple with stretching through the Coriolis force (2Ω G); the classic result
// is for an inextensible beam, so the block of the chordwise coordinates alone is compared (the
// axial ones held at zero, the inextensible limit; the hub is too heavy to move).
//  - Against eq. (14) on those modes (discrete_flap_frequency on the bending_y modes: the softening
//    Ω² (D[0] + D[4]) is −Ω² μ on them): 1e-7, as flapwise (measured ≤ 2.2e-10).
//  - Against the continuum: the data's h⁴ and truncation, 5e-5 as flapwise (the same problem in
//    EI_z), plus nothing: ω_c² = ω_flap² − Ω² is exact for both (measured 4e-7 at λ_z = 0 to 2.9e-5
//    at λ_z = 6, R = 1 m).
//  - The check can fail: at λ_z = 6 the stiffened chordwise frequency differs from the flapwise one
//    of the same λ by more than 1 % (they would be equal without the in-plane softening).
//  - Without the stiffening: ω_c² = ω_0² − Ω² (softening only, stable for Ω < ω_0: λ_z = 0, 2).
BOOST_AUTO_TEST_CASE(chordwise_frequency_is_the_flapwise_one_less_the_spin) {
  const double big = 1e12;
  const ModalData d = boom(12, 16);
  const std::vector<Eigen::Index> S = tf::family_modes(d, tf::Family::bending_y);
  BOOST_REQUIRE_GE(S.size(), 4u);
  const double unit = frequency_unit(kBoom.EI_z);
  for (const double R : {0.0, 1.0})
    for (const bool stiffening : {true, false})
      for (const double lambda : {0.0, 2.0, 4.0, 6.0}) {
        if (!stiffening && lambda > 2.0) continue;  // past ω_0 the unstiffened chordwise mode diverges
        const double Omega = lambda * unit;
        const Spacecraft s = spacecraft(hub_config(big, Eigen::Vector3d(big, big, big), Eigen::Vector3d::Zero()),
                                        at_origin(Eigen::Vector3d::Zero(), Eigen::Vector3d(0.0, 0.0, Omega)),
                                        body(d, Eigen::Vector3d(R, 0.0, 0.0), Eigen::Matrix3d::Identity(), stiffening));
        const an::LinearModel lm = linear_model(s);
        std::vector<Eigen::Index> y;
        for (const Eigen::Index k : S)
          for (const char* block : {"eta", "etaDot"})
            y.push_back(coordinate(lm, "sc/boom." + std::string(block) + "[" + std::to_string(k) + "]"));
        const double w = oscillation_frequencies(tf::submatrix(lm.A, y), 1e-3).front();
        const double discrete = discrete_flap_frequency(d, S, Omega, R, stiffening);
        const double flap = tf::rotating_flap_frequency(stiffening ? lambda : 0.0, R / kBoom.length) * unit;
        const double continuum = std::sqrt(flap * flap - Omega * Omega);
        BOOST_TEST_MESSAGE("chordwise, R " << R << (stiffening ? " on" : " off") << ", λ_z " << lambda << ": "
                                           << w / unit << " vs eq. (14) " << discrete / unit << " ("
                                           << w / discrete - 1.0 << "), continuum " << continuum / unit << " ("
                                           << w / continuum - 1.0 << "); flapwise at the same λ " << flap / unit);
        BOOST_TEST(std::abs(w / discrete - 1.0) <= 1e-7);
        BOOST_TEST(std::abs(discrete / continuum - 1.0) <= 5e-5);
        if (stiffening && lambda == 6.0) BOOST_TEST(w < 0.99 * flap);
      }
}

// A hub (500 kg, diag(400, 300, 350) kg m²) spun up from rest about z by a constant 12 N m, the boom
// (8 elements, 4 modes: two per plane) along B's x at 0.5 m: in 100 s the spin passes the first
// chordwise (along y) frequency ω_c = 1.08 rad/s to ~2.4 rad/s.
//  - Without the stiffening the linear modal model's chordwise stiffness ω_c² − Ω² (the softening
//    of the D terms) vanishes at Ω = ω_c and is negative past it. Measured: the spin stalls near ω_c
//    (1.05–1.12 rad/s from t = 45 s on: the motor's work goes into the soft mode) and the tip's
//    chordwise deflection grows past the boom's own length (4 m at t ≈ 50 s, 11 m at 100 s).
//    Asserted: the deflection passes 4 m, and it does so with the spin above 0.9 ω_c (the
//    softening's doing, not the start-up transient).
//  - With it, the centrifugal tension keeps the chordwise stiffness above ω_c² (the rotating
//    cantilever: ω² = ω_flap(λ)² − Ω² ≥ ω_c² + 0.19 Ω²): the deflection stays that of the
//    spin-up's angular acceleration α, at most α_max = τ/I_hub (the boom only slows the hub). Under
//    the body force ρA α (R + x) a non-rotating cantilever's tip deflects q0 L⁴/(8 EI) + 11 q1 L⁵/
//    (120 EI) with q0 = ρA α R, q1 = ρA α; the suddenly applied load doubles it at most (an undamped
//    oscillator's step response), and the stiffening only lowers it. Bound: 2 × that static
//    deflection with α_max = 0.034 rad/s² (0.31 m; the boom is 4 m).
BOOST_AUTO_TEST_CASE(spin_up_past_the_chordwise_frequency_stays_bounded_only_with_stiffening) {
  const double tau = 12.0, R = 0.5, T = 100.0, h = 0.02;  // h: ω_max h ≤ 0.25 (10 rad/s top mode)
  const double L = kBoom.length, EI = kBoom.EI_z, alpha_max = tau / tumble_hub_inertia().z();
  const double q0 = kBoom.rhoA * alpha_max * R, q1 = kBoom.rhoA * alpha_max;
  const double bound = 2.0 * (q0 * std::pow(L, 4) / (8.0 * EI) + 11.0 * q1 * std::pow(L, 5) / (120.0 * EI));
  const ModalData d = boom(8, 4);
  const Eigen::RowVectorXd tip_y = d.nodes.back().phi_F.row(1);  // F = B
  for (const bool stiffening : {true, false}) {
    const Spacecraft s =
        spacecraft(hub_config(kTumbleHubMass, tumble_hub_inertia(), Eigen::Vector3d::Zero()),
                   at_origin(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero()),
                   body(d, Eigen::Vector3d(R, 0.0, 0.0), Eigen::Matrix3d::Identity(), stiffening), tau);
    const System system(s.model);
    Eigen::VectorXd x = s.model->initial_state();
    double peak = 0.0, Omega = 0.0, t_end = 0.0, Omega_at_4m = 0.0;
    // One-second segments, so that the diverging run stops before its numbers overflow.
    for (int seg = 0; seg < static_cast<int>(T) && peak < 1e3; ++seg) {
      std::vector<double> times;
      for (int k = 0; k <= 50; ++k) times.push_back(seg + k * h);
      x = run_at_times(system, x, times, h, [&](const Eigen::VectorXd& xs, double t) {
        const double y = std::abs(tip_y.dot(xs.segment(s.eta, d.modes())));
        if (y > L && peak <= L) Omega_at_4m = xs[s.omega + 2];
        peak = std::max(peak, y);
        Omega = xs[s.omega + 2];
        t_end = t;
      });
    }
    BOOST_TEST_MESSAGE((stiffening ? "stiffening on" : "stiffening off")
                       << ": peak tip deflection " << peak << " m by t = " << t_end << " s, Ω " << Omega
                       << " rad/s (ω_c " << d.omega[0] << "); bound " << bound << " m");
    if (stiffening) {
      BOOST_TEST(Omega > 2.0 * d.omega[0]);  // the spin went well past the chordwise frequency
      BOOST_TEST(peak < bound);
    } else {
      BOOST_TEST(peak > L);
      BOOST_TEST(Omega_at_4m > 0.9 * d.omega[0]);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

// ---- Errors ------------------------------------------------------------------------------------

BOOST_AUTO_TEST_SUITE(flexible_body_errors)

BOOST_AUTO_TEST_CASE(bad_configurations_are_refused_naming_the_effector_and_the_field) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const FlexibleBodyConfig good = body(boom(3, 4), tumble_r_FB_B(), oblique_dcm(), true);
  auto refused = [&](const std::function<void(FlexibleBodyConfig&)>& edit, std::initializer_list<std::string> needles) {
    FlexibleBodyConfig c = good;
    edit(c);
    check_rejected([&] { FlexibleBody("boom", c); }, needles);
  };
  BOOST_CHECK_NO_THROW(FlexibleBody("boom", good));
  refused([](FlexibleBodyConfig& c) { c.eta0 = Eigen::VectorXd::Zero(3); }, {"flexible_body 'boom'", "eta0"});
  refused([](FlexibleBodyConfig& c) { c.etaDot0 = Eigen::VectorXd::Zero(5); }, {"flexible_body 'boom'", "etaDot0"});
  refused([&](FlexibleBodyConfig& c) { c.eta0 = Eigen::VectorXd::Constant(4, nan); }, {"flexible_body 'boom'", "eta0"});
  refused([&](FlexibleBodyConfig& c) { c.r_FB_B = units::Length3(Eigen::Vector3d(0.8, nan, 0.0), si::meter); },
          {"flexible_body 'boom'", "r_FB_B"});
  refused([](FlexibleBodyConfig& c) { c.dcm_FB = 2.0 * oblique_dcm(); }, {"flexible_body 'boom'", "dcm_FB"});
  refused([](FlexibleBodyConfig& c) { c.dcm_FB = -oblique_dcm(); }, {"flexible_body 'boom'", "dcm_FB"});  // reflection
  refused([](FlexibleBodyConfig& c) { c.dcm_FB(0, 1) += 1e-3; }, {"flexible_body 'boom'", "dcm_FB"});
  refused([](FlexibleBodyConfig& c) { c.modes.omega[0] = -1.0; }, {"flexible_body 'boom'", "omega"});
  refused([](FlexibleBodyConfig& c) { c.modes.mass = 0.0; }, {"flexible_body 'boom'", "mass"});
  refused([](FlexibleBodyConfig& c) { c.modes.zeta[1] = -0.1; }, {"flexible_body 'boom'", "zeta"});
  refused([](FlexibleBodyConfig& c) { c.modes.modal_mass = Eigen::VectorXd::Ones(3); },
          {"flexible_body 'boom'", "modal_mass"});
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
