// Solar radiation pressure (docs/environment/srp.md, docs/verification/ENV_SRP.md): a flat plate's
// force and torque against the sum of its absorbed, specularly and diffusely reflected parts at
// several incidences, the cannonball, the inverse-square law and the shadow factor; the momentum
// balance of a free vehicle whose hinged panel carries SRP facets (the change of its linear and
// angular momentum about N's origin against the impulses of the test's own plate forces); the
// refused configurations; no allocation in the evaluation.
#include <algorithm>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <initializer_list>
#include <memory>
#include <numbers>
#include <string>
#include <vector>

#include "ramus/environment/solar_radiation_pressure.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "support/allocation_counter.hpp"
#include "support/checks.hpp"
#include "support/hubs.hpp"
#include "support/run.hpp"

using namespace ramus;
using Eigen::Matrix3d;
using Eigen::Vector3d;

namespace {

namespace si = boost::units::si;
constexpr double kDeg = std::numbers::pi / 180.0;
constexpr double kP0 = kSolarPressureAt1AU;

/// The Sun held at one position (a test ephemeris).
class FixedSun final : public Ephemeris {
 public:
  explicit FixedSun(const Vector3d& r) : r_(r) {}
  std::string_view kind() const override { return "fixed_sun"; }
  Vector3d r_N(double) const override { return r_; }
  Vector3d v_N(double) const override { return Vector3d::Zero(); }

 private:
  Vector3d r_;
};

Matrix3d skew(const Vector3d& a) {
  Matrix3d m;
  m << 0.0, -a.z(), a.y(), a.z(), 0.0, -a.x(), -a.y(), a.x(), 0.0;
  return m;
}
/// dcm_NB of a quaternion q_BN (scalar first), normalised: (q0² − v·v) 1 + 2 v vᵀ + 2 q0 [v×].
Matrix3d dcm_NB_of(const Eigen::Vector4d& q_raw) {
  const Eigen::Vector4d q = q_raw.normalized();
  const Vector3d v = q.tail<3>();
  return (q[0] * q[0] - v.squaredNorm()) * Matrix3d::Identity() + 2.0 * v * v.transpose() + 2.0 * q[0] * skew(v);
}
/// A frame rotated by +angle about the unit axis s: cos φ 1 − sin φ [s×] + (1 − cos φ) s sᵀ.
Matrix3d frame_rotation(const Vector3d& s, double angle) {
  return std::cos(angle) * Matrix3d::Identity() - std::sin(angle) * skew(s) +
         (1.0 - std::cos(angle)) * s * s.transpose();
}

/// The force [N] on a lit flat plate (n̂·ŝ = cos θ > 0) written as the sum of its three processes
/// (Montenbruck & Gill §3.4.1): the absorbed fraction 1 − ρs − ρd takes the photons' momentum,
/// −P A cos θ ŝ; the specular fraction returns it mirrored, −2 P A cos²θ n̂; the diffuse fraction
/// absorbs and re-emits as a Lambertian surface, −P A cos θ (ŝ + 2/3 n̂). Zero when unlit.
Vector3d plate_force(double P, double A, double rho_s, double rho_d, const Vector3d& n, const Vector3d& s) {
  const double c = n.dot(s);
  if (c <= 0.0) return Vector3d::Zero();
  const Vector3d absorbed = -P * A * c * s;
  const Vector3d specular = -2.0 * P * A * c * c * n;
  const Vector3d diffuse = -P * A * c * (s + (2.0 / 3.0) * n);
  return (1.0 - rho_s - rho_d) * absorbed + rho_s * specular + rho_d * diffuse;
}

std::shared_ptr<const Ephemeris> sun_at(const Vector3d& r) { return std::make_shared<FixedSun>(r); }

SrpFacet facet(double area, const Vector3d& n_F, const Vector3d& r_PF_F, double rho_s, double rho_d) {
  SrpFacet f;
  f.geometry.area = area;
  f.geometry.normal_F = n_F;
  f.geometry.r_PF_F = r_PF_F;
  f.specular = rho_s;
  f.diffuse = rho_d;
  return f;
}

Wrench wrench_of(const SolarRadiationPressure& srp, const FrameKinematics& frame, const Vector3d& r_CN_N,
                 double t = 0.0) {
  LoadContext at;
  at.t = t;
  at.r_CN_N = r_CN_N;
  return srp.wrench(frame, ConstInputBlock(nullptr, 0), at);
}

/// A frame with a general attitude, as on a segment.
FrameKinematics some_frame() {
  FrameKinematics f;
  f.r_FN_N = Vector3d(2.0, -1.0, 0.5);
  f.dcm_FN = frame_rotation(Vector3d(1.0, 2.0, 2.0) / 3.0, 0.7);
  f.omega_FN_F = Vector3d(0.1, -0.2, 0.3);
  return f;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(srp)

BOOST_AUTO_TEST_CASE(plate_force_and_torque_at_several_incidences) {
  // The Sun exactly 1 AU from the spacecraft at N's origin (P = P0), no shadow; a facet on a
  // rotated frame F whose normal makes the angle θ with the Sun direction.
  const Vector3d sHat_N = Vector3d(0.3, -0.5, 0.8).normalized();
  const Vector3d perp_N = sHat_N.cross(Vector3d::UnitX()).normalized();
  const FrameKinematics frame = some_frame();
  const Vector3d r_PF_F(0.4, -1.2, 0.7);
  const double A = 2.5;
  struct Optics {
    const char* name;
    double rho_s, rho_d;
  };
  double worst_force = 0.0, worst_torque = 0.0;  // relative to P A and P A |r|
  for (const Optics o : {Optics{"absorbing", 0.0, 0.0}, Optics{"specular", 1.0, 0.0}, Optics{"diffuse", 0.0, 1.0},
                         Optics{"mixed", 0.3, 0.4}}) {
    for (const double theta_deg : {0.0, 30.0, 60.0, 89.0, 120.0, 180.0}) {
      BOOST_TEST_CONTEXT(o.name << " plate at " << theta_deg << " deg") {
        const double theta = theta_deg * kDeg;
        const Vector3d n_N = std::cos(theta) * sHat_N + std::sin(theta) * perp_N;
        SolarRadiationPressureConfig c;
        c.sun = sun_at(kAstronomicalUnit * sHat_N);
        c.shadow = ShadowModel::none;
        c.facets = {facet(A, frame.dcm_FN * n_N, r_PF_F, o.rho_s, o.rho_d)};
        const SolarRadiationPressure srp("srp", c);
        const Wrench w = wrench_of(srp, frame, Vector3d::Zero());
        const Vector3d F_N = plate_force(kP0, A, o.rho_s, o.rho_d, n_N, sHat_N);
        const Vector3d r_PF_N = frame.dcm_FN.transpose() * r_PF_F;
        const Vector3d F_F = frame.dcm_FN * F_N, T_F = frame.dcm_FN * r_PF_N.cross(F_N);
        // A few roundings of the rotations and of cos θ: 1e-14 of the largest force P A (2) and of
        // its moment P A |r| (the normal is built at a 1e-16 angle from θ).
        worst_force = std::max(worst_force, (w.force_F - F_F).norm() / (kP0 * A));
        worst_torque = std::max(worst_torque, (w.torque_PntF_F - T_F).norm() / (kP0 * A * r_PF_F.norm()));
        BOOST_TEST((w.force_F - F_F).norm() <= 1e-14 * kP0 * A);
        BOOST_TEST((w.torque_PntF_F - T_F).norm() <= 1e-14 * kP0 * A * r_PF_F.norm());
        if (theta_deg > 90.0) BOOST_TEST(w.force_F.norm() == 0.0);  // the back side (4)
        if (theta_deg == 0.0 && o.rho_s == 0.0 && o.rho_d == 0.0)   // facing the Sun, black: P A exactly
          BOOST_TEST(w.force_F.norm() == kP0 * A, boost::test_tools::tolerance(1e-15));
      }
    }
  }
  BOOST_TEST_MESSAGE("largest differences from the closed form: force " << worst_force << " P A, torque "
                                                                        << worst_torque << " P A |r|");
}

BOOST_AUTO_TEST_CASE(cannonball_and_the_inverse_square_law) {
  const Vector3d sHat_N = Vector3d(-0.2, 0.9, 0.1).normalized();
  const FrameKinematics frame = some_frame();
  const Vector3d r_PF_F(-0.3, 0.2, 1.1);
  for (const double distance_au : {1.0, 2.0, 0.5}) {
    BOOST_TEST_CONTEXT(distance_au << " AU") {
      SolarRadiationPressureConfig c;
      const Vector3d r_C(1.0e3, -2.0e3, 5.0e2);  // the Sun is placed relative to C
      c.sun = sun_at(r_C + distance_au * kAstronomicalUnit * sHat_N);
      c.shadow = ShadowModel::none;
      c.cannonball = SrpCannonball{1.3, 4.0, r_PF_F};
      const SolarRadiationPressure srp("ball", c);
      const Wrench w = wrench_of(srp, frame, r_C);
      const Vector3d F_N = -kP0 / (distance_au * distance_au) * 1.3 * 4.0 * sHat_N;
      // Rounding of the distance ratio and the rotation: 1e-14 relative.
      BOOST_TEST_MESSAGE("cannonball force differs by " << (w.force_F - frame.dcm_FN * F_N).norm() / F_N.norm()
                                                        << " of |F|");
      BOOST_TEST((w.force_F - frame.dcm_FN * F_N).norm() <= 1e-14 * F_N.norm());
      BOOST_TEST((w.torque_PntF_F - r_PF_F.cross(frame.dcm_FN * F_N)).norm() <= 1e-14 * F_N.norm() * r_PF_F.norm());
    }
  }
}

BOOST_AUTO_TEST_CASE(shadow_scales_the_force) {
  // The same facet lit (no shadow model), in the penumbra and in the umbra of the Earth: the force
  // is ν times the lit one, ν the shadow function's (tested in the suite shadow).
  const Vector3d sun(kAstronomicalUnit, 0.0, 0.0);
  const double R = 6378136.3;
  const FrameKinematics frame = some_frame();
  const SrpFacet f = facet(3.0, frame.dcm_FN * Vector3d(0.6, 0.0, 0.8), Vector3d(0.1, 0.2, 0.3), 0.2, 0.5);
  SolarRadiationPressureConfig lit_c;
  lit_c.sun = sun_at(sun);
  lit_c.shadow = ShadowModel::none;
  lit_c.facets = {f};
  SolarRadiationPressureConfig conical_c = lit_c;
  conical_c.shadow = ShadowModel::conical;
  conical_c.body_radius = R;
  const SolarRadiationPressure lit("lit", lit_c), conical("conical", conical_c);
  const Vector3d penumbra(-7.0e6, 0.0, R + 1.0), umbra(-7.0e6, 1.0e6, 0.0);
  const double nu = illuminated_fraction(ShadowModel::conical, penumbra, sun, R);
  BOOST_TEST(nu > 0.0);
  BOOST_TEST(nu < 1.0);
  const Wrench w_lit = wrench_of(lit, frame, penumbra), w_pen = wrench_of(conical, frame, penumbra);
  BOOST_TEST((w_pen.force_F - nu * w_lit.force_F).norm() <= 1e-15 * w_lit.force_F.norm());  // one product
  BOOST_TEST((w_pen.torque_PntF_F - nu * w_lit.torque_PntF_F).norm() <= 1e-15 * w_lit.torque_PntF_F.norm());
  const Wrench w_umb = wrench_of(conical, frame, umbra);
  BOOST_TEST(w_umb.force_F.norm() == 0.0);
  BOOST_TEST(w_umb.torque_PntF_F.norm() == 0.0);
  BOOST_TEST(conical.illuminated_fraction(penumbra, 0.0) == nu);
}

BOOST_AUTO_TEST_CASE(wrench_does_not_allocate) {
  BOOST_TEST(ramus::test::counter_sees_allocations());  // the checks below can fail
  SolarRadiationPressureConfig c;
  c.sun = sun_at(Vector3d(kAstronomicalUnit, 0.0, 0.0));
  c.shadow = ShadowModel::conical;
  for (int k = 0; k < 6; ++k)
    c.facets.push_back(facet(1.0, Vector3d::Unit(k % 3) * (k < 3 ? 1.0 : -1.0), Vector3d(0.1 * k, 0.0, 0.0), 0.3, 0.3));
  const SolarRadiationPressure facets("facets", c);
  c.facets.clear();
  c.cannonball = SrpCannonball{1.5, 2.0, Vector3d::Zero()};
  const SolarRadiationPressure ball("ball", c);
  const FrameKinematics frame = some_frame();
  const Vector3d penumbra(-7.0e6, 0.0, 6378136.3 + 1.0);
  Vector3d sum = Vector3d::Zero();
  const test::Allocations a = test::count_allocations([&] {
    for (int k = 0; k < 10; ++k) {
      sum += wrench_of(facets, frame, penumbra, 0.1 * k).force_F + wrench_of(ball, frame, penumbra).force_F;
      sum += wrench_of(facets, frame, Vector3d(7.0e6, 0.0, 0.0)).torque_PntF_F;
    }
  });
  BOOST_TEST(a.news == 0);
  if (test::counts_malloc()) BOOST_TEST(a.mallocs == 0);
  BOOST_TEST(sum.allFinite());
}

BOOST_AUTO_TEST_SUITE_END()

// ---- momentum balance on a hinge ---------------------------------------------------------------

namespace {

/// The vehicle of the balance: the standard hub, free (no gravity), at r_BN_N = (30, −20, 10) m
/// moving at (0.5, −0.2, 0.1) m/s and turning at (0.01, −0.02, 0.015) rad/s, carrying a cannonball
/// SRP on the hub and a hinged panel (3 m × 2 m plate, 50 kg, hinge at b1 = 1 m, axis b2, spring
/// 20 N m/rad, undamped, released at 25°) whose two faces are SRP facets.
struct HingeCase {
  static constexpr double d = 1.5, k = 20.0, theta0 = 25.0 * kDeg, m_panel = 50.0;
  Vector3d r_HB_B = Vector3d(1.0, 0.0, 0.0);
  Matrix3d dcm_HB = Vector3d(-1.0, 1.0, -1.0).asDiagonal();  // the panel extends along +b1
  Vector3d sHat_N = Vector3d(0.3, 0.2, -0.9).normalized();   // the Sun's fixed direction
  SrpCannonball ball{1.4, 3.0, Vector3d(0.2, -0.3, 0.5)};
  std::vector<SrpFacet> faces = {facet(6.0, Vector3d::UnitZ(), Vector3d(-d, 0.0, 0.0), 0.25, 0.35),
                                 facet(6.0, -Vector3d::UnitZ(), Vector3d(-d, 0.0, 0.0), 0.1, 0.1)};
  std::shared_ptr<Model> model = std::make_shared<Model>();
  std::size_t panel_index = 0;

  HingeCase() {
    Vehicle& v = model->add_vehicle("sc", test::standard_hub());
    v.set_initial_state(test::initial_state(Vector3d(30.0, -20.0, 10.0), Vector3d(0.5, -0.2, 0.1),
                                            Eigen::Vector4d(1.0, 0.0, 0.0, 0.0), Vector3d(0.01, -0.02, 0.015)));
    HingedRigidBodyConfig p;
    p.mass = m_panel * si::kilogram;
    p.I_PntSc_S = units::InertiaTensor(
        Matrix3d(Vector3d(m_panel * 4.0 / 12.0, m_panel * 9.0 / 12.0, m_panel * 13.0 / 12.0).asDiagonal()),
        units::kg_m2);
    p.d = d * si::meter;
    p.r_HB_B = units::Length3(r_HB_B, si::meter);
    p.dcm_HB = dcm_HB;
    p.k = k * si::newton * si::meter / si::radian;
    p.theta0 = theta0 * si::radian;
    auto panel = std::make_shared<HingedRigidBody>("panel", p);
    v.add_state_effector(panel);
    SolarRadiationPressureConfig c;
    c.sun = sun_at(kAstronomicalUnit * sHat_N);
    c.shadow = ShadowModel::none;
    c.facets = faces;
    panel->add_dynamic_effector(std::make_shared<SolarRadiationPressure>("panel_srp", c), 0);
    c.facets.clear();
    c.cannonball = ball;
    v.add_dynamic_effector(std::make_shared<SolarRadiationPressure>("hub_srp", c));
    model->finalize();
  }

  /// The test's own SRP loads at a logged state: the total force [N] and its moment about N's
  /// origin [N m], from the hub and panel frames written from the state (dcm_SB = M2(θ) dcm_HB,
  /// the panel's origin at the hinge, docs/models/hinged_rigid_body.md (1)) and plate_force; also
  /// the front facet's cos θ.
  struct Loads {
    Vector3d F_N, T_PntN_N;
    double cos_front, cos_back;
  };
  Loads loads(const Eigen::VectorXd& x, double t) const {
    const VehicleOffsets& o = model->vehicle(0).offsets();
    const Vector3d r_BN_N = x.segment<3>(o.r_N);
    const Matrix3d dcm_NB = dcm_NB_of(x.segment<4>(o.q_BN));
    const double theta = x[o.state_effectors.at(panel_index)];
    Matrix3d M2;
    M2 << std::cos(theta), 0.0, -std::sin(theta), 0.0, 1.0, 0.0, std::sin(theta), 0.0, std::cos(theta);
    const Matrix3d dcm_NS = dcm_NB * (M2 * dcm_HB).transpose();
    const Vector3d r_SN_N = r_BN_N + dcm_NB * r_HB_B;
    // The Sun's direction and distance at the vehicle's centre of mass.
    const Vector3d r_CN_N = vehicle_diagnostics(*model, x, t, 0).r_CN_N;
    const Vector3d to_sun = kAstronomicalUnit * sHat_N - r_CN_N;
    const double P = kP0 * std::pow(kAstronomicalUnit / to_sun.norm(), 2);
    const Vector3d s = to_sun.normalized();
    Loads l{Vector3d::Zero(), Vector3d::Zero(), 0.0, 0.0};
    const Vector3d F_ball = -P * ball.C_R * ball.area * s;
    l.F_N += F_ball;
    l.T_PntN_N += (r_BN_N + dcm_NB * ball.r_PF_F).cross(F_ball);
    for (std::size_t i = 0; i < faces.size(); ++i) {
      const Vector3d n_N = dcm_NS * faces[i].geometry.normal_F;
      (i == 0 ? l.cos_front : l.cos_back) = n_N.dot(s);
      const Vector3d F = plate_force(P, faces[i].geometry.area, faces[i].specular, faces[i].diffuse, n_N, s);
      l.F_N += F;
      l.T_PntN_N += (r_SN_N + dcm_NS * faces[i].geometry.r_PF_F).cross(F);
    }
    return l;
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(srp_hinge_balance)

BOOST_AUTO_TEST_CASE(momentum_change_equals_the_srp_impulse) {
  // One rk4 run at dt = 1/128 s over T = 16 s (about one panel period), logged every 1/32 s; the
  // impulses by the trapezoid rule on every 16th, 8th, 4th, 2nd and every sample (h = 0.5 s down to
  // 1/32 s).
  // The integrator's error is the same in the three (one trajectory) and far below the
  // trapezoid's O(h²), so the residuals |ΔH − ∫T dt| and |Δp − ∫F dt| fall by 4 per halving.
  const HingeCase hc;
  const System system(hc.model);
  const double T = 16.0, dt = 1.0 / 128.0, h_log = 1.0 / 32.0;
  const int n_log = static_cast<int>(std::lround(T / h_log));
  std::vector<double> times(static_cast<std::size_t>(n_log) + 1);
  for (int k = 0; k <= n_log; ++k) times[static_cast<std::size_t>(k)] = k * h_log;
  std::vector<HingeCase::Loads> loads;
  Eigen::VectorXd x_first, x_last;
  double min_front = 1.0, max_back = -1.0, theta_min = 1.0, theta_max = -1.0;
  const Eigen::Index theta_at = hc.model->vehicle(0).offsets().state_effectors.at(0);
  test::run_at_times(system, hc.model->initial_state(), times, dt, [&](const Eigen::VectorXd& x, double t) {
    if (loads.empty()) x_first = x;
    x_last = x;
    loads.push_back(hc.loads(x, t));
    min_front = std::min(min_front, loads.back().cos_front);
    max_back = std::max(max_back, loads.back().cos_back);
    theta_min = std::min(theta_min, x[theta_at]);
    theta_max = std::max(theta_max, x[theta_at]);
  });
  BOOST_REQUIRE(loads.size() == times.size());
  // The case is what it claims: the front stays lit (the force is smooth), the back dark, and the
  // panel swings through about ±25°, so the front's incidence changes.
  BOOST_TEST_MESSAGE("front cos >= " << min_front << ", back cos <= " << max_back << ", theta in [" << theta_min << ", "
                                     << theta_max << "] rad");
  BOOST_TEST(min_front > 0.0);
  BOOST_TEST(max_back < 0.0);
  BOOST_TEST(theta_max - theta_min > 0.6);
  const VehicleDiagnostics d0 = vehicle_diagnostics(*hc.model, x_first, 0.0, 0);
  const VehicleDiagnostics d1 = vehicle_diagnostics(*hc.model, x_last, T, 0);
  const Vector3d dH = d1.H_PntN_N - d0.H_PntN_N, dp = d1.p_N - d0.p_N;
  std::vector<Vector3d> rH, rp;
  Vector3d impulse_H = Vector3d::Zero(), impulse_p = Vector3d::Zero();
  for (const int stride : {16, 8, 4, 2, 1}) {
    const double h = stride * h_log;
    Vector3d IH = Vector3d::Zero(), Ip = Vector3d::Zero();
    for (std::size_t k = static_cast<std::size_t>(stride); k < loads.size(); k += static_cast<std::size_t>(stride)) {
      const auto& a = loads[k - static_cast<std::size_t>(stride)];
      const auto& b = loads[k];
      IH += 0.5 * h * (a.T_PntN_N + b.T_PntN_N);
      Ip += 0.5 * h * (a.F_N + b.F_N);
    }
    rH.push_back(dH - IH);
    rp.push_back(dp - Ip);
    impulse_H = IH;
    impulse_p = Ip;
  }
  BOOST_TEST_MESSAGE("angular impulse " << impulse_H.transpose() << " N m s, linear " << impulse_p.transpose()
                                        << " N s");
  for (std::size_t i = 0; i < rH.size(); ++i)
    BOOST_TEST_MESSAGE("h = " << (16 >> i) * h_log << " s: residual H " << rH[i].norm() << " N m s, p " << rp[i].norm()
                              << " N s");
  for (std::size_t i = 1; i < rH.size(); ++i)
    test::check_second_order_ratios({rH[i].norm() / rH[i - 1].norm(), rp[i].norm() / rp[i - 1].norm()});
  // Richardson on the two finest: (4 r(h/2) − r(h))/3 removes the h² term; what is left is the
  // rule's O(h⁴) (~1e-12 N m s here) and the run's own error, which is the round-off of the state
  // (rk4 at 1/128 s is exact to 4e-10 N m s: halving dt four times moves the residual by that; the
  // extrapolated value does not move): each of the N = 2048 steps rounds r (|r| ≈ 40 m, ulp 7e-15 m)
  // and v (|v| ≈ 0.55 m/s, ulp 1.1e-16 m/s), which m r × v (m = 850 kg) carries as a random walk,
  // m (|v| ulp(r) + |r| ulp(v)) √N ≈ 3e-10 N m s, and m ulp(v) √N ≈ 4e-12 N s in p.
  const std::size_t f = rH.size() - 1;
  const Vector3d xH = (4.0 * rH[f] - rH[f - 1]) / 3.0, xp = (4.0 * rp[f] - rp[f - 1]) / 3.0;
  BOOST_TEST_MESSAGE("extrapolated residuals: H " << xH.norm() << " N m s, p " << xp.norm() << " N s");
  // The extrapolated balance closes to 10× that round-off: 3e-9 N m s (1e-7 of the angular
  // impulse) and 4e-11 N s (5e-8 of the linear one). A missing or misplaced load (a wrong arm, a
  // wrong frame, a wrong sign) leaves a residual of the order of the impulse itself.
  BOOST_TEST(xH.norm() < 3e-9);
  BOOST_TEST(xp.norm() < 4e-11);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(srp_errors)

BOOST_AUTO_TEST_CASE(bad_configurations_are_refused) {
  const auto good = [] {
    SolarRadiationPressureConfig c;
    c.sun = sun_at(Vector3d(kAstronomicalUnit, 0.0, 0.0));
    c.facets = {facet(1.0, Vector3d::UnitX(), Vector3d::Zero(), 0.2, 0.3)};
    return c;
  };
  const auto refused = [](SolarRadiationPressureConfig c, std::initializer_list<std::string> needles) {
    test::check_rejected([&] { SolarRadiationPressure("srp", c); }, needles);
  };
  BOOST_CHECK_NO_THROW(SolarRadiationPressure("srp", good()));
  const std::string owner = "solar_radiation_pressure 'srp'";
  {
    auto c = good();
    c.sun = nullptr;
    refused(c, {owner, "sun"});
  }
  {
    auto c = good();
    c.pressure_1au = -4.56e-6;
    refused(c, {owner, "pressure_1au [N/m^2]", "-4.56"});
  }
  {
    auto c = good();
    c.body_radius = std::nan("");
    refused(c, {owner, "body_radius [m]", "nan"});
  }
  {
    auto c = good();
    c.body_radius = 0.0;
    refused(c, {owner, "body_radius [m]", "0"});
    c.shadow = ShadowModel::none;  // no shadow: the body's radius is not used
    BOOST_CHECK_NO_THROW(SolarRadiationPressure("srp", c));
  }
  {
    auto c = good();
    c.sun_radius = -1.0;
    refused(c, {owner, "sun_radius [m]", "-1"});
  }
  {
    auto c = good();
    c.cannonball = SrpCannonball{1.2, 1.0, Vector3d::Zero()};
    refused(c, {owner, "cannonball, facets", "both"});
    c.facets.clear();
    BOOST_CHECK_NO_THROW(SolarRadiationPressure("srp", c));
    c.cannonball.reset();
    refused(c, {owner, "cannonball, facets", "none"});
  }
  {
    auto c = good();
    c.facets.clear();
    c.cannonball = SrpCannonball{0.5, 1.0, Vector3d::Zero()};
    refused(c, {owner, "cannonball.C_R", "0.5"});
    c.cannonball = SrpCannonball{1.2, 0.0, Vector3d::Zero()};
    refused(c, {owner, "cannonball.area [m^2]", "0"});
    c.cannonball = SrpCannonball{1.2, 1.0, Vector3d(0.0, std::nan(""), 0.0)};
    refused(c, {owner, "cannonball.r_PF_F [m]", "nan"});
  }
  {
    auto c = good();
    c.facets.push_back(facet(-2.0, Vector3d::UnitY(), Vector3d::Zero(), 0.0, 0.0));
    refused(c, {owner, "facets[1].area [m^2]", "-2"});
    c.facets[1] = facet(2.0, Vector3d(0.0, 1.1, 0.0), Vector3d::Zero(), 0.0, 0.0);
    refused(c, {owner, "facets[1].normal_F", "1.1"});
    c.facets[1] = facet(2.0, Vector3d::UnitY(), Vector3d::Zero(), -0.1, 0.0);
    refused(c, {owner, "facets[1].specular", "-0.1"});
    c.facets[1] = facet(2.0, Vector3d::UnitY(), Vector3d::Zero(), 0.0, std::nan(""));
    refused(c, {owner, "facets[1].diffuse", "nan"});
    c.facets[1] = facet(2.0, Vector3d::UnitY(), Vector3d::Zero(), 0.7, 0.4);
    refused(c, {owner, "facets[1].specular + facets[1].diffuse", "1.1"});
    c.facets[1] = facet(2.0, Vector3d::UnitY(), Vector3d::Zero(), 0.7, 0.3);  // sums to 1 within an ulp
    BOOST_CHECK_NO_THROW(SolarRadiationPressure("srp", c));
  }
}

BOOST_AUTO_TEST_CASE(inside_the_sun_is_an_integration_error) {
  SolarRadiationPressureConfig c;
  c.sun = sun_at(Vector3d(kAstronomicalUnit, 0.0, 0.0));
  c.shadow = ShadowModel::none;
  c.cannonball = SrpCannonball{1.2, 1.0, Vector3d::Zero()};
  const SolarRadiationPressure srp("srp", c);
  BOOST_CHECK_EXCEPTION(wrench_of(srp, FrameKinematics{}, Vector3d(kAstronomicalUnit - 1.0e8, 0.0, 0.0)),
                        IntegrationError, test::message_has_all({"solar_radiation_pressure 'srp'", "inside the Sun"}));
}

BOOST_AUTO_TEST_SUITE_END()
