// Aerodynamic drag (docs/environment/drag.md) against independent references: the flat-plate and
// cannonball closed forms at hand-built kinematics, the co-rotating air's relative velocity by
// components, the orbit-decay rate of the slow-decay limit, and the impulse balance of a drag
// plate on a hinged panel. Suites `drag`, `drag_decay`, `drag_errors`
// (docs/verification/ENV_DRAG.md).
#include <Eigen/Dense>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <limits>
#include <memory>
#include <numbers>
#include <vector>

#include "ramus/environment/atmosphere.hpp"
#include "ramus/environment/body_rotation.hpp"
#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/environment/drag.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "support/allocation_counter.hpp"
#include "support/checks.hpp"
#include "support/hubs.hpp"
#include "support/run.hpp"

namespace {

using namespace ramus;
using Eigen::Matrix3d;
using Eigen::Vector3d;
namespace si = boost::units::si;

constexpr double kEps = std::numeric_limits<double>::epsilon();
constexpr double kDeg = std::numbers::pi / 180.0;
constexpr double kR = 6378137.0;        ///< [m] the sphere of these cases
constexpr double kMu = 3.986004415e14;  ///< [m³/s²] CentralBodyGravity::earth()'s μ
const Eigen::Map<const Eigen::VectorXd> kNoInputs(nullptr, 0);

/// One exponential layer: ρ0 [kg/m³] at h0 [m], scale height H [m], served from 100 km up.
struct Layer {
  double rho0, h0, H;
  double at(double h) const { return rho0 * std::exp(-(h - h0) / H); }  ///< [kg/m³] eq. (5) by hand
  std::shared_ptr<const AtmosphereModel> model() const {
    return std::make_shared<ExponentialAtmosphere>(ExponentialAtmosphereConfig::single_layer(rho0, h0, H, 100e3));
  }
};
const Layer kLayer{2.4e-11, 300e3, 50e3};

/// A frame rotation by `angle` about the unit `axis` (maps N components to the rotated frame's).
Matrix3d frame_rotation(const Vector3d& axis, double angle) {
  return Eigen::AngleAxisd(angle, axis).toRotationMatrix().transpose();
}

/// Frame kinematics at r [m], v [m/s] with attitude dcm_FN and rate omega_FN_F [rad/s].
FrameKinematics frame_at(const Vector3d& r, const Vector3d& v, const Matrix3d& dcm_FN,
                         const Vector3d& omega_FN_F = Vector3d::Zero()) {
  return {.r_FN_N = r, .v_FN_N = v, .dcm_FN = dcm_FN, .omega_FN_F = omega_FN_F};
}

DragFacet plate(double area, const Vector3d& n_F, const Vector3d& r_PF_F, double C_D = 2.2) {
  DragFacet d;
  d.geometry.area = area;
  d.geometry.normal_F = n_F;
  d.geometry.r_PF_F = r_PF_F;
  d.C_D = C_D;
  return d;
}

bool near(const Vector3d& a, const Vector3d& b, double tol) { return (a - b).norm() <= tol; }

}  // namespace

BOOST_AUTO_TEST_SUITE(drag)

BOOST_AUTO_TEST_CASE(flat_plate_force_and_torque_at_every_incidence) {
  // A frame F in a tilted attitude moving at 7.6 km/s along N's y axis, 400 km above the sphere;
  // one plate of 3 m² offset by r_PF_F from F's origin, its outward normal at angle α from the
  // flow's direction v̂_rel (no rotation: v_rel = v). Closed form (eq. 4): F_N = −½ ρ C_D A
  // max(0, cos α) |v|² v̂; torque r_PF × F (eq. 5).
  const Vector3d r_N(0.0, 0.0, kR + 400e3), v_N(0.0, 7600.0, 0.0);
  const Matrix3d dcm_FN = frame_rotation(Vector3d(1.0, 2.0, -0.5).normalized(), 0.7);
  const Vector3d side_N(1.0, 0.0, 0.0);  // ⊥ v̂, so n̂ = cos α v̂ + sin α side
  const double A = 3.0, C_D = 2.3;
  double worst = 0.0;  // the largest force error relative to the normal-incidence force
  for (const Vector3d& offset : {Vector3d(0.0, 0.0, 0.0), Vector3d(1.5, -0.4, 2.0)}) {
    const Vector3d r_PN_N = r_N + dcm_FN.transpose() * offset;
    const double rho = kLayer.at(r_PN_N.norm() - kR);
    for (const double alpha_deg : {0.0, 30.0, 60.0, 85.0, 89.9, 90.0, 90.1, 120.0, 180.0}) {
      const double alpha = alpha_deg * kDeg;
      const Vector3d n_N = std::cos(alpha) * v_N.normalized() + std::sin(alpha) * side_N;
      DragConfig c;
      c.atmosphere = kLayer.model();
      c.shape = BodyShape{kR, 0.0};
      c.facets = {plate(A, (dcm_FN * n_N).normalized(), offset, C_D)};
      const Drag drag("plate", c);
      const Wrench w = drag.wrench(frame_at(r_N, v_N, dcm_FN), kNoInputs, LoadContext{});
      const double cos_alpha = std::cos(alpha);
      const Vector3d F_N = -0.5 * rho * C_D * A * std::max(0.0, cos_alpha) * v_N.norm() * v_N;
      const double F_normal = 0.5 * rho * C_D * A * v_N.squaredNorm();  // the force at α = 0
      // A few roundings of each factor and of the frame rotation: 32 ε of the normal-incidence force.
      // At α = 90° the computed cos α is ~6e-17 (π/2 is not a double), a force of ~ε F_normal.
      BOOST_TEST(near(dcm_FN.transpose() * w.force_F, F_N, 32 * kEps * F_normal), "α = " << alpha_deg);
      // The torque's arm is |offset| ≤ 2.6 m: the same relative bound times 3 m.
      BOOST_TEST(near(w.torque_PntF_F, offset.cross(dcm_FN * F_N), 32 * kEps * F_normal * 3.0), "α = " << alpha_deg);
      if (alpha_deg > 90.0) BOOST_TEST(w.force_F.norm() == 0.0, "back side, α = " << alpha_deg);
      worst = std::max(worst, (dcm_FN.transpose() * w.force_F - F_N).norm() / F_normal);
    }
  }
  BOOST_TEST_MESSAGE("flat plate: worst force error " << worst / kEps << " ε of the normal-incidence force");
}

BOOST_AUTO_TEST_CASE(velocity_of_the_centre_of_pressure_on_a_turning_frame) {
  // F at 300 km turning at ω = 0.5 rad/s about its z axis, its origin moving at 7.7 km/s along N's
  // x axis, F = N in attitude at this instant; a cannonball at r_PF_F = (0, 2, 0): its velocity
  // is v_F + ω × r_PF = (7700 − 1, 0, 0) m/s (eq. 1).
  const Vector3d r_N(0.0, 0.0, kR + 300e3), v_N(7700.0, 0.0, 0.0);
  DragConfig c;
  c.atmosphere = kLayer.model();
  c.shape = BodyShape{kR, 0.0};
  c.cannonball = DragCannonball{2.0, 1.5, Vector3d(0.0, 2.0, 0.0)};
  const Drag drag("ball", c);
  const Wrench w = drag.wrench(frame_at(r_N, v_N, Matrix3d::Identity(), Vector3d(0.0, 0.0, 0.5)), kNoInputs, {});
  const double h = std::hypot(2.0, kR + 300e3) - kR;
  const Vector3d v_P(7699.0, 0.0, 0.0);
  const Vector3d F = -0.5 * kLayer.at(h) * 2.0 * 1.5 * 7699.0 * v_P;  // eq. (3)
  BOOST_TEST(near(w.force_F, F, 16 * kEps * F.norm()));               // a few roundings of each factor
  BOOST_TEST(near(w.torque_PntF_F, Vector3d(0.0, 2.0, 0.0).cross(F), 16 * kEps * F.norm() * 2.0));
}

BOOST_AUTO_TEST_CASE(cube_facing_the_flow_along_a_diagonal) {
  // Six unit faces of a cube; the flow along the body diagonal (1, 1, 1)/√3 in F sees three faces
  // at cos α = 1/√3 each: F = −½ ρ C_D (3/√3) |v| v = −½ ρ C_D √3 |v| v (eq. 4 summed); the
  // three back faces add nothing. All faces are placed at F's origin: no torque.
  const Vector3d r_N(kR + 350e3, 0.0, 0.0);
  const Vector3d dir_F = Vector3d(1.0, 1.0, 1.0).normalized();
  const Matrix3d dcm_FN = frame_rotation(Vector3d(0.3, -0.2, 0.9).normalized(), 1.1);
  const Vector3d v_N = 7650.0 * (dcm_FN.transpose() * dir_F);
  DragConfig c;
  c.atmosphere = kLayer.model();
  c.shape = BodyShape{kR, 0.0};
  for (int k = 0; k < 3; ++k)
    for (const double s : {1.0, -1.0}) {
      const Vector3d n = s * Vector3d::Unit(k);
      c.facets.push_back(plate(1.0, n, Vector3d::Zero()));
    }
  const Drag drag("cube", c);
  const Wrench w = drag.wrench(frame_at(r_N, v_N, dcm_FN), kNoInputs, {});
  const Vector3d F_F = -0.5 * kLayer.at(350e3) * 2.2 * std::sqrt(3.0) * 7650.0 * 7650.0 * dir_F;
  BOOST_TEST(near(w.force_F, F_F, 32 * kEps * F_F.norm()));  // sum of three faces, each a few ulps
  BOOST_TEST(w.torque_PntF_F.norm() == 0.0);
}

BOOST_AUTO_TEST_CASE(co_rotating_atmosphere_relative_velocity_and_force) {
  // The air turns with the Earth at w = 7.2921150e-5 rad/s about N's z axis: at r = (x, y, z) it
  // moves at ω × r = (−w y, w x, 0), so v_rel = (vx + w y, vy − w x, vz) (eq. 2), by components.
  const UniformRotationConfig uc{7.2921150e-5, 0.3};
  const auto earth = std::make_shared<UniformRotation>(uc);
  const double w = uc.rate;
  const Vector3d r(4.0e6, 5.0e6, 2.2e6), v(-5000.0, 3000.0, 4500.0);
  const Vector3d v_rel(v.x() + w * r.y(), v.y() - w * r.x(), v.z());
  DragConfig c;
  c.atmosphere = kLayer.model();
  c.shape = BodyShape{kR, 0.0};
  c.rotation = earth;
  c.cannonball = DragCannonball{2.2, 4.0, Vector3d::Zero()};
  const Drag drag("ball", c);
  const Matrix3d dcm_FN = frame_rotation(Vector3d(0.0, 1.0, 0.0), 0.4);
  const Wrench wr = drag.wrench(frame_at(r, v, dcm_FN), kNoInputs, LoadContext{1234.5});
  const Vector3d F_N = -0.5 * kLayer.at(r.norm() - kR) * 2.2 * 4.0 * v_rel.norm() * v_rel;
  BOOST_TEST(near(dcm_FN.transpose() * wr.force_F, F_N, 32 * kEps * F_N.norm()));
  BOOST_TEST_MESSAGE("co-rotation: force error " << (dcm_FN.transpose() * wr.force_F - F_N).norm() / F_N.norm() / kEps
                                                 << " ε of |F|, |v_rel| = " << v_rel.norm() << " m/s");
  // The rotation changes the force by ~ w r / v ≈ 6 %: the check above tells it from no rotation.
  const Vector3d F_still = -0.5 * kLayer.at(r.norm() - kR) * 2.2 * 4.0 * v.norm() * v;
  BOOST_TEST((F_N - F_still).norm() > 0.02 * F_N.norm());
  // A body at rest in the air (v = ω × r) feels nothing.
  const Vector3d v_air(-w * r.y(), w * r.x(), 0.0);
  const Wrench rest = drag.wrench(frame_at(r, v_air, dcm_FN), kNoInputs, LoadContext{1234.5});
  BOOST_TEST(rest.force_F.norm() <= 1e-9 * F_N.norm());  // |v_rel| is the rounding of ~365 m/s: ~1e-13 m/s
}

BOOST_AUTO_TEST_CASE(ellipsoid_altitude_is_measured_in_the_body_frame) {
  // With the WGS 84 ellipsoid and a rotation, the density is that at the geodetic height of the
  // point in P. A point above the pole of P: its height is |z_P| − R(1 − f), whatever the angle of
  // P about z; a uniform rotation keeps P's pole on N's z axis.
  const BodyShape wgs = BodyShape::wgs84();
  const double b = wgs.R * (1.0 - wgs.f);
  DragConfig c;
  c.atmosphere = kLayer.model();
  c.shape = wgs;
  c.rotation = std::make_shared<UniformRotation>();
  c.cannonball = DragCannonball{2.2, 1.0, Vector3d::Zero()};
  const Drag drag("ball", c);
  const Vector3d r(0.0, 0.0, b + 320e3), v(7700.0, 0.0, 0.0);  // ω × r = 0 on the axis
  const Wrench w = drag.wrench(frame_at(r, v, Matrix3d::Identity()), kNoInputs, LoadContext{500.0});
  const double F = 0.5 * kLayer.at(320e3) * 2.2 * 7700.0 * 7700.0;
  BOOST_TEST(std::abs(-w.force_F.x() / F - 1.0) <= 1e-12);  // height to ~1e-8 m: 2e-13 of H
}

BOOST_AUTO_TEST_CASE(wrench_does_not_allocate) {
  BOOST_TEST(ramus::test::counter_sees_allocations());  // the checks below can fail
  DragConfig c;
  c.atmosphere = std::make_shared<TabulatedAtmosphere>(
      TabulatedAtmosphere::read_modelweb(std::string(RAMUS_DATA_DIR) + "/NRLMSISE00-nominal-profile.txt"));
  c.shape = BodyShape::wgs84();
  c.rotation = std::make_shared<EarthRotation>(Epoch::parse("2025-03-20T12:00:00 UTC"));
  for (int k = 0; k < 6; ++k)
    c.facets.push_back(plate(2.0, (k % 2 ? -1.0 : 1.0) * Vector3d::Unit(k / 2), Vector3d(0.1 * k, 0.0, 0.5)));
  const Drag facets("panel_drag", c);
  c.facets.clear();
  c.atmosphere = std::make_shared<ExponentialAtmosphere>();
  c.cannonball = DragCannonball{2.2, 1.0, Vector3d(0.0, 0.0, 0.3)};
  const Drag ball("ball", c);
  const FrameKinematics f = frame_at(Vector3d(kR + 420e3, 1e5, 2e5), Vector3d(10.0, 7600.0, 100.0),
                                     frame_rotation(Vector3d(0.0, 0.6, 0.8), 0.4), Vector3d(0.01, 0.02, 0.03));
  Wrench sum;
  const test::Allocations a = test::count_allocations([&] {
    for (int k = 0; k < 10; ++k) {
      sum += facets.wrench(f, kNoInputs, LoadContext{10.0 * k});
      sum += ball.wrench(f, kNoInputs, LoadContext{10.0 * k});
    }
  });
  BOOST_TEST(a.news == 0);
  if (test::counts_malloc()) BOOST_TEST(a.mallocs == 0);
  BOOST_TEST(sum.force_F.norm() > 0.0);
}

BOOST_AUTO_TEST_SUITE_END()

// ---- orbit decay and a drag plate on a segment ----------------------------------------------

namespace {

/// The decay case: a 100 kg hub, cannonball C_D = 2.2, A = 1 m² (B = C_D A/m = 0.022 m²/kg), in a
/// circular orbit 300 km above the sphere at 51.6° inclination; point-mass gravity; kLayer.
struct DecayCase {
  static constexpr double m = 100.0, C_D = 2.2, A = 1.0, B = C_D * A / m;
  static constexpr double a0 = kR + 300e3;
  std::shared_ptr<Model> model;
};

DecayCase decay_case(bool with_drag) {
  DecayCase d;
  d.model = std::make_shared<Model>();
  Vehicle& v = d.model->add_vehicle("sc", test::hub_config(DecayCase::m, Matrix3d(Vector3d(10, 12, 14).asDiagonal())));
  const double vc = std::sqrt(kMu / DecayCase::a0), inc = 51.6 * kDeg;
  v.set_initial_state(test::initial_state(Vector3d(DecayCase::a0, 0.0, 0.0),
                                          Vector3d(0.0, vc * std::cos(inc), vc * std::sin(inc)),
                                          Quaternion(1.0, 0.0, 0.0, 0.0), Vector3d::Zero()));
  if (with_drag) {
    DragConfig c;
    c.atmosphere = kLayer.model();
    c.shape = BodyShape{kR, 0.0};
    c.cannonball = DragCannonball{DecayCase::C_D, DecayCase::A, Vector3d::Zero()};
    v.add_dynamic_effector(std::make_shared<Drag>("drag", c));
  }
  d.model->set_gravity(std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth()));
  d.model->finalize();
  return d;
}

/// Osculating semi-major axis of the hub (C = B here): 1/(2/r − v²/μ) (docs/environment/drag.md (7)).
double osculating_a(const Model& model, const Eigen::VectorXd& x) {
  const VehicleOffsets& o = model.vehicle(0).offsets();
  const Vector3d r = x.segment<3>(o.r_N), v = x.segment<3>(o.v_N);
  return 1.0 / (2.0 / r.norm() - v.squaredNorm() / kMu);
}

struct Fit {
  double slope, mean_t, mean_a;
};
/// Least-squares line through (t_k, a_k).
Fit fit_line(const std::vector<double>& t, const std::vector<double>& a) {
  const double n = static_cast<double>(t.size());
  double st = 0, sa = 0;
  for (std::size_t k = 0; k < t.size(); ++k) st += t[k], sa += a[k];
  const double mt = st / n, ma = sa / n;
  double num = 0, den = 0;
  for (std::size_t k = 0; k < t.size(); ++k) num += (t[k] - mt) * (a[k] - ma), den += (t[k] - mt) * (t[k] - mt);
  return {num / den, mt, ma};
}

/// Five orbits of rk4, 40 samples an orbit, `steps` steps between samples; the fitted da/dt.
Fit decay_fit(bool with_drag, int steps) {
  const DecayCase d = decay_case(with_drag);
  const double T = 2.0 * std::numbers::pi * std::sqrt(std::pow(DecayCase::a0, 3) / kMu);
  std::vector<double> times;
  for (int k = 0; k <= 5 * 40; ++k) times.push_back(T * k / 40.0);
  std::vector<double> t, a;
  const System system(d.model);
  test::run_at_times(system, d.model->initial_state(), times, T / 40.0 / steps,
                     [&](const Eigen::VectorXd& x, double tk) {
                       t.push_back(tk);
                       a.push_back(osculating_a(*d.model, x));
                     });
  return fit_line(t, a);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(drag_decay)

BOOST_AUTO_TEST_CASE(mean_decay_rate_matches_the_slow_decay_limit) {
  // da/dt = −ρ(a) B √(μ a) (docs/environment/drag.md (6)) at the samples' mean a, against the
  // least-squares slope of the osculating a over five whole orbits. Neglected, relative to the
  // rate (derivation in docs/verification/ENV_DRAG.md): (i) the eccentricity drag induces,
  // |e| ≈ ρBa ≈ 3.5e-6, makes the rate periodic with amplitude ≈ e a/H ≈ 4.7e-4; a fit over N = 5
  // whole orbits leaves at most 12 · 4.7e-4/(2πN)² ≈ 6e-6 of it; (ii) the density's growth over
  // the decay (Δa/H ≈ 1.5 %): the fit's cubic term (Δa/H)²/20 less the mean-a offset
  // (Δa/H)²/24, ≈ 2e-6; (iii) rk4's own error, < 3e-7 (the change under step halving, checked
  // below). Sum 8.3e-6: tolerance 1e-5.
  const Fit with = decay_fit(true, 28);
  const double a = with.mean_a;
  const double expected = -kLayer.at(a - kR) * DecayCase::B * std::sqrt(kMu * a);
  const double rel = with.slope / expected - 1.0;
  BOOST_TEST(std::abs(rel) <= 1e-5, "da/dt " << with.slope << " m/s, expected " << expected << " m/s");
  BOOST_TEST_MESSAGE(
      "decay: da/dt = " << with.slope << " m/s, slow-decay limit " << expected << " m/s, relative difference " << rel
                        << ", Δa over the fit "
                        << with.slope * 5 * 2 * std::numbers::pi * std::sqrt(std::pow(DecayCase::a0, 3) / kMu) << " m");
  // Control: without drag the fitted slope is rk4's drift of a, far below the decay rate.
  const Fit without = decay_fit(false, 28);
  BOOST_TEST(std::abs(without.slope) <= 1e-6 * std::abs(expected));
  BOOST_TEST_MESSAGE("decay: drag-free drift of a " << without.slope << " m/s");
  // Halving the step changes the fitted rate by < 3e-7: the comparison is not the integrator's.
  const Fit finer = decay_fit(true, 56);
  BOOST_TEST(std::abs(finer.slope / with.slope - 1.0) <= 3e-7);
  BOOST_TEST_MESSAGE("decay: step halving changes da/dt by " << finer.slope / with.slope - 1.0);
}

BOOST_AUTO_TEST_SUITE_END()

namespace {

/// A drag plate on both faces of a hinged panel (segment 0 of a HingedRigidBody) of the standard
/// hub, flying at 7.8 km/s 200 km above the sphere without gravity: the panel flaps on its spring
/// and the hub turns, so the plate's incidence changes throughout.
struct PanelCase {
  std::shared_ptr<Model> model;
  std::shared_ptr<HingedRigidBody> panel;
  static constexpr double d = 1.5, A = 4.0, C_D = 2.2;  ///< [m], [m²], [1]
  Vector3d r_HB_B{0.5, 0.0, 0.0};                       ///< [m]
  Matrix3d dcm_HB;                                      ///< h1 = b1, h2 = −b3, h3 = b2
  Layer layer{1e-9, 200e3, 40e3};
};

PanelCase panel_case() {
  PanelCase p;
  p.dcm_HB << 1, 0, 0, 0, 0, -1, 0, 1, 0;
  p.model = std::make_shared<Model>();
  Vehicle& v = p.model->add_vehicle("sc", test::standard_hub());
  v.set_initial_state(test::initial_state(Vector3d(kR + 200e3, 0.0, 0.0), Vector3d(0.0, 7800.0, 0.0),
                                          Quaternion(1.0, 0.0, 0.0, 0.0), Vector3d(0.01, -0.005, 0.02)));
  HingedRigidBodyConfig h;
  h.mass = 50.0 * si::kilogram;
  h.I_PntSc_S = units::InertiaTensor(Vector3d(5.0, 10.0, 15.0).asDiagonal().toDenseMatrix(), units::kg_m2);
  h.d = PanelCase::d * si::meter;
  h.r_HB_B = units::Length3(p.r_HB_B, si::meter);
  h.dcm_HB = p.dcm_HB;
  h.k = 100.0 * si::newton * si::meter / si::radian;
  h.c = 2.0 * si::newton * si::meter * si::second / si::radian;
  h.theta0 = 0.3 * si::radian;
  p.panel = std::make_shared<HingedRigidBody>("panel", h);
  v.add_state_effector(p.panel);
  DragConfig c;
  c.atmosphere = p.layer.model();
  c.shape = BodyShape{kR, 0.0};
  // Both faces at the panel's centre (−d, 0, 0) in S: the front (+s3) faces the flow, the back sees none.
  c.facets = {plate(PanelCase::A, Vector3d::UnitZ(), Vector3d(-PanelCase::d, 0, 0), PanelCase::C_D),
              plate(PanelCase::A, -Vector3d::UnitZ(), Vector3d(-PanelCase::d, 0, 0), PanelCase::C_D)};
  p.panel->add_dynamic_effector(std::make_shared<Drag>("panel_drag", c), 0);
  p.model->finalize();
  return p;
}

/// The plate's force [N] and its point P [m], in N, from the state by hand: dcm_SB = M2(θ) dcm_HB
/// (docs/models/hinged_rigid_body.md (1)), P = H − d ŝ1, ω_SN = ω_BN + θ̇ ĥ2; eqs. (1), (4) with
/// the density of the layer by hand.
std::pair<Vector3d, Vector3d> plate_force_by_hand(const PanelCase& p, const Eigen::VectorXd& x) {
  const VehicleOffsets& o = p.model->vehicle(0).offsets();
  const Vector3d r_B = x.segment<3>(o.r_N), v_B = x.segment<3>(o.v_N);
  const Matrix3d dcm_NB = rotation_matrix(Quaternion(x.segment<4>(o.q_BN)).normalized());
  const Vector3d omega_B = x.segment<3>(o.omega_BN_B);
  Eigen::VectorXd xc = x;
  const auto q = p.model->state_block(*p.panel, xc);
  const double theta = q[0], thetaDot = q[1], ct = std::cos(theta), st = std::sin(theta);
  Matrix3d M2;
  M2 << ct, 0, -st, 0, 1, 0, st, 0, ct;
  const Matrix3d dcm_NS = dcm_NB * (M2 * p.dcm_HB).transpose();
  const Vector3d h2_B = p.dcm_HB.row(1).transpose();
  const Vector3d omega_SN_N = dcm_NB * (omega_B + thetaDot * h2_B);
  const Vector3d r_HB_N = dcm_NB * p.r_HB_B, r_PH_N = dcm_NS * Vector3d(-PanelCase::d, 0, 0);
  const Vector3d r_P = r_B + r_HB_N + r_PH_N;
  const Vector3d v_P = v_B + (dcm_NB * omega_B).cross(r_HB_N) + omega_SN_N.cross(r_PH_N);
  const Vector3d n_N = dcm_NS.col(2);  // the front face's normal ŝ3
  const double cos_a = n_N.dot(v_P.normalized());
  BOOST_TEST_REQUIRE(cos_a > 0.3);  // the front face sees the flow throughout (no grazing kink)
  const Vector3d F = -0.5 * p.layer.at(r_P.norm() - kR) * PanelCase::C_D * PanelCase::A * cos_a * v_P.norm() * v_P;
  return {F, r_P};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(drag)

BOOST_AUTO_TEST_CASE(plate_on_a_hinged_panel_impulse_balance) {
  // Over 20 s of rk4 at n, 2n, 4n steps: ΔV of C against ∫F/m dt and ΔH about C against
  // ∫(r_P − r_C) × F dt, the integrands from the state by hand at every step (trapezoid rule),
  // no gravity: the residuals fall at the trapezoid's second order (rk4's own error is O(h⁴)).
  // Shows that the plate's force and moment enter the vehicle's motion through the segment.
  const auto residuals = [](int n) {
    const PanelCase p = panel_case();
    const double T = 20.0, h = T / n;
    const System system(p.model);
    std::vector<double> c[6];
    VehicleDiagnostics d0, d1;
    bool first = true;
    test::run_logged(system, p.model->initial_state(), T, n, [&](const Eigen::VectorXd& x, double t) {
      const VehicleDiagnostics d = vehicle_diagnostics(*p.model, x, t, 0);
      const auto [F, r_P] = plate_force_by_hand(p, x);
      const Vector3d tau = (r_P - d.r_CN_N).cross(F);
      for (int i = 0; i < 3; ++i) c[i].push_back(tau[i]), c[3 + i].push_back(F[i] / d.m);
      if (first) d0 = d, first = false;
      d1 = d;
    });
    return test::impulse_residuals(c, h, d0, d1);
  };
  test::check_impulse_balance_order(residuals, 160, "drag plate on a hinged panel");
  // The impulse itself is far above the residuals (the balance is not trivially zero).
  const PanelCase p = panel_case();
  const System system(p.model);
  const Eigen::VectorXd x1 = test::run_logged(system, p.model->initial_state(), 20.0, 160);
  const double dV = x1.segment<3>(p.model->vehicle(0).offsets().dv_CN_N).norm();
  const auto [h640, v640] = residuals(640);
  BOOST_TEST(v640 < 1e-5 * dV);
  BOOST_TEST_MESSAGE("panel: |ΔV| = " << dV << " m/s, residuals at 640 steps: H " << h640 << " N m s, V " << v640
                                      << " m/s");
}

BOOST_AUTO_TEST_CASE(right_hand_side_with_drag_does_not_allocate) {
  const PanelCase p = panel_case();
  test::check_rhs_does_not_allocate(System(p.model), p.model->initial_state());
  const DecayCase d = decay_case(true);
  test::check_rhs_does_not_allocate(System(d.model), d.model->initial_state());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(drag_errors)

BOOST_AUTO_TEST_CASE(bad_configurations_are_named) {
  using test::expect_error;
  const auto ok = [] {
    DragConfig c;
    c.atmosphere = kLayer.model();
    c.cannonball = DragCannonball{2.2, 1.0, Vector3d::Zero()};
    return c;
  };
  DragConfig c = ok();
  c.atmosphere = nullptr;
  expect_error([&] { Drag("d", c); }, {"drag 'd'", "atmosphere"});
  c = ok();
  c.facets = {plate(1.0, Vector3d::UnitX(), Vector3d::Zero())};
  expect_error([&] { Drag("d", c); }, {"drag 'd'", "cannonball, facets", "both"});
  c = ok();
  c.cannonball.reset();
  expect_error([&] { Drag("d", c); }, {"cannonball, facets", "neither"});
  c = ok();
  c.cannonball->C_D = 0.0;
  expect_error([&] { Drag("d", c); }, {"cannonball.C_D [1]", "0"});
  c = ok();
  c.cannonball->area = -2.0;
  expect_error([&] { Drag("d", c); }, {"cannonball.area [m^2]", "-2"});
  c = ok();
  c.cannonball->r_PF_F.y() = std::numeric_limits<double>::infinity();
  expect_error([&] { Drag("d", c); }, {"cannonball.r_PF_F [m]", "inf"});
  c = ok();
  c.cannonball.reset();
  c.facets = {plate(1.0, Vector3d::UnitX(), Vector3d::Zero()), plate(2.0, Vector3d(1.0, 1.0, 0.0), Vector3d::Zero())};
  expect_error([&] { Drag("panel_drag", c); }, {"drag 'panel_drag'", "facets[1].normal_F", "unit"});
  c.facets[1] = plate(0.0, Vector3d::UnitY(), Vector3d::Zero());
  expect_error([&] { Drag("panel_drag", c); }, {"facets[1].area [m^2]", "0"});
  c.facets[1] = plate(2.0, Vector3d::UnitY(), Vector3d::Zero(), -1.0);
  expect_error([&] { Drag("panel_drag", c); }, {"facets[1].C_D [1]", "-1"});
  c = ok();
  c.shape.f = 1.0;
  expect_error([&] { Drag("d", c); }, {"shape.f [1]", "1"});
  c = ok();
  c.shape.R = 0.0;
  expect_error([&] { Drag("d", c); }, {"shape.R [m]", "0"});
}

BOOST_AUTO_TEST_CASE(below_the_atmosphere_stops_the_run_naming_the_model) {
  // Evaluated below the layer's floor (100 km): an IntegrationError naming the model and the
  // altitude, never a clamped density.
  DragConfig c;
  c.atmosphere = kLayer.model();
  c.shape = BodyShape{kR, 0.0};
  c.cannonball = DragCannonball{2.2, 1.0, Vector3d::Zero()};
  const Drag drag("d", c);
  BOOST_CHECK_EXCEPTION(
      drag.wrench(frame_at(Vector3d(kR + 50e3, 0, 0), Vector3d(0, 7000, 0), Matrix3d::Identity()), kNoInputs, {}),
      IntegrationError, test::message_has_all({"exponential_atmosphere altitude [m]", "50000"}));
}

BOOST_AUTO_TEST_SUITE_END()
