#include "environment_costs.hpp"

#include <chrono>
#include <cmath>
#include <functional>
#include <iomanip>
#include <map>
#include <memory>
#include <sstream>

#include "geographiclib_comparison.hpp"
#include "ramus/environment/body_rotation.hpp"
#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/environment/drag.hpp"
#include "ramus/environment/ephemeris.hpp"
#include "ramus/environment/gravity_field_file.hpp"
#include "ramus/environment/gravity_gradient.hpp"
#include "ramus/environment/magnetorquer.hpp"
#include "ramus/environment/polyhedral_gravity.hpp"
#include "ramus/environment/solar_radiation_pressure.hpp"
#include "ramus/environment/spherical_harmonic_gravity.hpp"
#include "ramus/environment/third_body_gravity.hpp"
#include "ramus/environment/world_magnetic_model.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "timing.hpp"

namespace ramus::bench {
namespace {

/// Ten facets of a box with two wings: ±x, ±y, ±z of a 1 × 1 × 1.5 m hub and the front and back
/// of two 2 × 1 m wings, all fixed in F.
std::vector<FacetGeometry> ten_facets() {
  std::vector<FacetGeometry> f;
  for (int axis = 0; axis < 3; ++axis)
    for (const double sign : {1.0, -1.0}) {
      const Eigen::Vector3d n = sign * Eigen::Vector3d::Unit(axis);
      f.push_back({axis == 2 ? 1.0 : 1.5, n, 0.5 * n});
    }
  for (const double side : {1.0, -1.0})
    for (const double sign : {1.0, -1.0})
      f.push_back({2.0, sign * Eigen::Vector3d::UnitZ(), Eigen::Vector3d(side * 2.0, 0.0, 0.0)});
  return f;
}

namespace si = boost::units::si;

/// A panel of 50 kg, 6 m², 2 m from its hinge at ±0.75 m along b2, k = 20 N m/rad, c = 10 N m s/rad.
HingedRigidBodyConfig panel(double side) {
  HingedRigidBodyConfig p;
  p.mass = 50.0 * si::kilogram;
  p.I_PntSc_S = units::InertiaTensor(Eigen::Matrix3d(Eigen::Vector3d(40.0, 15.0, 55.0).asDiagonal()), units::kg_m2);
  p.d = 2.0 * si::meter;
  p.r_HB_B = units::Length3(Eigen::Vector3d(0.0, side * 0.75, 0.0), si::meter);
  p.dcm_HB << 0.0, -side, 0.0, side, 0.0, 0.0, 0.0, 0.0, 1.0;
  p.k = 20.0 * si::newton * si::meter / si::radian;
  p.c = 10.0 * si::newton * si::meter * si::second / si::radian;
  return p;
}

/// docs/examples/leo_environment.json's spacecraft, through the C++ API.
std::shared_ptr<Model> leo_full_environment(const std::string& data_dir, double t1, GradientPoint gradient_at) {
  const Epoch epoch = Epoch::parse("2025-06-21T00:00:00 UTC");
  // As the scenario's "earth" builds it: interpolated over the run with a day's margin.
  const auto earth = std::make_shared<EarthRotation>(EarthRotation::interpolated(epoch, -86400.0, t1 + 86400.0));
  const auto sun = std::make_shared<TabulatedEphemeris>(
      TabulatedEphemeris::sample(AnalyticSun(epoch), -86400.0, t1 + 86400.0, 2.0 * 86400.0));
  const auto moon = std::make_shared<TabulatedEphemeris>(
      TabulatedEphemeris::sample(AnalyticMoon(epoch), -86400.0, t1 + 86400.0, 3600.0));
  const auto atmosphere = std::make_shared<ExponentialAtmosphere>();
  auto model = std::make_shared<Model>();
  HubConfig hub;
  hub.mass = 750.0 * si::kilogram;
  hub.I_PntBc_B =
      units::InertiaTensor(Eigen::Matrix3d(Eigen::Vector3d(900.0, 800.0, 600.0).asDiagonal()), units::kg_m2);
  hub.r_BcB_B = units::Length3(Eigen::Vector3d(0.0, 0.0, 0.2), si::meter);
  Vehicle& v = model->add_vehicle("sc", hub);
  InitialState init;
  init.point = ReferencePoint::C;
  init.r_N = units::Length3(Eigen::Vector3d(6878137.0, 0.0, 0.0), si::meter);
  init.v_N = units::Velocity3(Eigen::Vector3d(0.0, 4730.48, 5964.56), si::meter_per_second);
  init.omega_BN_B = units::AngularVelocity3(Eigen::Vector3d(0.0, 0.0, 8.7e-4), si::radian_per_second);
  v.set_initial_state(init);
  const auto surfaces = [&](auto& host, const std::string& name, bool hub_body, const GravityGradientConfig& gg) {
    DragConfig drag;
    drag.atmosphere = atmosphere;
    drag.shape = BodyShape::wgs84();
    drag.rotation = earth;
    SolarRadiationPressureConfig srp;
    srp.sun = sun;
    if (hub_body) {
      drag.cannonball = DragCannonball{2.2, 2.25, {0.05, 0.0, 0.1}};
      srp.cannonball = SrpCannonball{1.3, 2.25, {0.05, 0.0, 0.1}};
    } else {
      for (const double sign : {1.0, -1.0}) {
        const FacetGeometry f{6.0, Eigen::Vector3d(0.0, 0.0, sign), Eigen::Vector3d(-2.0, 0.0, 0.0)};
        drag.facets.push_back({f, 2.2});
        srp.facets.push_back({f, sign > 0 ? 0.05 : 0.2, sign > 0 ? 0.1 : 0.4});
      }
    }
    auto d = std::make_shared<Drag>("drag_" + name, std::move(drag));
    auto r = std::make_shared<SolarRadiationPressure>("srp_" + name, std::move(srp));
    GravityGradientConfig gg_here = gg;
    gg_here.gradient_at = gradient_at;
    auto g = std::make_shared<GravityGradient>("gg_" + name, gg_here);
    if constexpr (std::is_same_v<std::decay_t<decltype(host)>, Vehicle>) {
      host.add_dynamic_effector(d);
      host.add_dynamic_effector(r);
      host.add_dynamic_effector(g);
    } else {
      host.add_dynamic_effector(d, 0);
      host.add_dynamic_effector(r, 0);
      host.add_dynamic_effector(g, 0);
    }
  };
  GravityGradientConfig hub_gg;
  hub_gg.mass = 750.0;
  hub_gg.r_McF_F = {0.0, 0.0, 0.2};
  hub_gg.I_PntMc_F = Eigen::Vector3d(900.0, 800.0, 600.0).asDiagonal();
  surfaces(v, "hub", true, hub_gg);
  for (const double side : {1.0, -1.0}) {
    auto p = std::make_shared<HingedRigidBody>(side > 0 ? "panel_plus_y" : "panel_minus_y", panel(side));
    GravityGradientConfig gg;
    gg.mass = 50.0;
    gg.r_McF_F = {-2.0, 0.0, 0.0};
    gg.I_PntMc_F = Eigen::Vector3d(40.0, 15.0, 55.0).asDiagonal();
    surfaces(*p, side > 0 ? "plus_y" : "minus_y", false, gg);
    v.add_state_effector(p);
  }
  SphericalHarmonicGravityConfig g;
  g.coefficients = read_gravity_field_text(data_dir + "/GGM03S-deg60.txt", {20, 20});
  g.rotation = earth;
  model->set_gravity(std::make_shared<GravitySum>(std::vector<std::shared_ptr<const GravityModel>>{
      std::make_shared<SphericalHarmonicGravity>(std::move(g)),
      std::make_shared<ThirdBodyGravity>(ThirdBodyGravityConfig{"sun", ThirdBodyGravity::kMuSun, sun}),
      std::make_shared<ThirdBodyGravity>(ThirdBodyGravityConfig{"moon", ThirdBodyGravity::kMuMoon, moon})}));
  model->finalize();
  return model;
}

}  // namespace

FullEnvironmentOrbit measure_full_environment_orbit(const std::string& data_dir, double tolerance,
                                                    GradientPoint gradient_at) {
  FullEnvironmentOrbit o;
  o.gradient_at = gradient_at;
  o.tolerance = tolerance;
  o.period = 2.0 * 3.14159265358979323846 * std::sqrt(std::pow(6878137.0, 3) / 3.986004415e14);
  const std::shared_ptr<Model> model = leo_full_environment(data_dir, o.period, gradient_at);
  const System system(model);
  const auto propagate_model = [&](const System& sys, const Model& m, double tol, Eigen::VectorXd& x) {
    PropagationSettings s;
    s.stepper = "rk_dopri5";
    s.dt = 1.0;
    s.abs_tol = s.rel_tol = tol;
    x = m.initial_state();
    return propagate(sys, x, 0.0, o.period, s);
  };
  const auto run = [&](double tol, Eigen::VectorXd& x) { return propagate_model(system, *model, tol, x); };
  Eigen::VectorXd x, x_ref;
  const auto start = std::chrono::steady_clock::now();
  const PropagationStats stats = run(tolerance, x);
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  o.steps = stats.steps;
  o.evaluations = stats.evaluations;
  o.seconds_per_evaluation = o.seconds / static_cast<double>(stats.evaluations);
  run(1e-12, x_ref);
  const Eigen::Vector3d r_C_ref = vehicle_diagnostics(*model, x_ref, o.period, 0).r_CN_N;
  o.position_error = (vehicle_diagnostics(*model, x, o.period, 0).r_CN_N - r_C_ref).norm();
  if (gradient_at == GradientPoint::vehicle) {
    const std::shared_ptr<Model> exact = leo_full_environment(data_dir, o.period, GradientPoint::body);
    Eigen::VectorXd x_exact;
    propagate_model(System(exact), *exact, 1e-12, x_exact);
    o.model_difference = (vehicle_diagnostics(*exact, x_exact, o.period, 0).r_CN_N - r_C_ref).norm();
  }
  return o;
}

/// A sphere of radius R [m] as an icosahedron whose facets are split in four `refinements` times,
/// the vertices pushed onto the sphere: 20·4^refinements facets, counter-clockwise from outside.
PolyhedronShape icosphere(double R, int refinements) {
  const double g = (1.0 + std::sqrt(5.0)) / 2.0;
  PolyhedronShape s;
  s.source = "icosphere";
  for (const Eigen::Vector3d& v :
       {Eigen::Vector3d(-1, g, 0), Eigen::Vector3d(1, g, 0), Eigen::Vector3d(-1, -g, 0), Eigen::Vector3d(1, -g, 0),
        Eigen::Vector3d(0, -1, g), Eigen::Vector3d(0, 1, g), Eigen::Vector3d(0, -1, -g), Eigen::Vector3d(0, 1, -g),
        Eigen::Vector3d(g, 0, -1), Eigen::Vector3d(g, 0, 1), Eigen::Vector3d(-g, 0, -1), Eigen::Vector3d(-g, 0, 1)})
    s.vertices.push_back(R * v.normalized());
  s.facets = {{0, 11, 5},  {0, 5, 1},  {0, 1, 7},  {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
              {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4},  {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
              {3, 8, 9},   {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},   {9, 8, 1}};
  for (int level = 0; level < refinements; ++level) {
    std::map<std::pair<std::size_t, std::size_t>, std::size_t> middle;
    const auto mid = [&](std::size_t a, std::size_t b) {
      const auto key = std::minmax(a, b);
      const auto [it, inserted] = middle.emplace(key, s.vertices.size());
      if (inserted) s.vertices.push_back(R * (s.vertices[a] + s.vertices[b]).normalized());
      return it->second;
    };
    std::vector<std::array<std::size_t, 3>> next;
    for (const auto& f : s.facets) {
      const std::size_t ab = mid(f[0], f[1]), bc = mid(f[1], f[2]), ca = mid(f[2], f[0]);
      next.push_back({f[0], ab, ca});
      next.push_back({f[1], bc, ab});
      next.push_back({f[2], ca, bc});
      next.push_back({ab, bc, ca});
    }
    s.facets = std::move(next);
  }
  return s;
}

std::vector<EnvironmentCost> measure_environment_costs(const std::string& data_dir, bool quick) {
  const int batches = quick ? 3 : 7;
  const double batch_seconds = quick ? 0.01 : 0.05;
  const Epoch epoch = Epoch::parse("2025-06-01T00:00:00 UTC");
  // The models below turn with the Earth as a scenario's "earth" builds it: interpolated over a
  // span (docs/environment/time_and_frames.md (8)); the series itself is timed alone.
  const auto series = std::make_shared<EarthRotation>(epoch);
  const auto earth = std::make_shared<EarthRotation>(EarthRotation::interpolated(epoch, -86400.0, 10.0 * 86400.0));
  // A LEO state: 500 km, inclined, moving; t advances a little each call so nothing is constant.
  const Eigen::Vector3d r_N(5.2e6, -3.1e6, 3.3e6), v_N(3.9e3, 5.8e3, -0.7e3);
  FrameKinematics F;
  F.r_FN_N = r_N;
  F.v_FN_N = v_N;
  F.dcm_FN = Eigen::AngleAxisd(0.4, Eigen::Vector3d(1.0, 2.0, -1.0).normalized()).toRotationMatrix();
  LoadContext at;
  at.r_CN_N = r_N;
  double t = 0.0;
  Eigen::Vector3d sink = Eigen::Vector3d::Zero();
  std::vector<EnvironmentCost> out;
  const auto time = [&](const std::string& name, const std::function<Eigen::Vector3d()>& call) {
    const BatchTiming b = time_batches(batches, batch_seconds, [&] {
      t += 1e-3;
      sink += call();
    });
    out.push_back({name, b.per_call.median, "", 0.0});
  };
  /// Marks the last entry as measured against the entry `back` places before it.
  const auto against = [&](std::size_t back, const std::string& what) {
    EnvironmentCost& last = out.back();
    last.compared_with = what;
    last.compared_seconds = out[out.size() - 1 - back].seconds;
  };

  const CentralBodyGravity point = CentralBodyGravity::earth();
  time("point-mass gravity (yardstick)", [&] { return point.acceleration_N(r_N, t); });
  // The gravity-gradient effector of both of its cases: 500 kg, diag(600, 500, 400) kg m².
  GravityGradientConfig gg;
  gg.mass = 500.0;
  gg.I_PntMc_F = Eigen::Vector3d(600.0, 500.0, 400.0).asDiagonal();
  for (const int degree : {8, 20, 60}) {
    SphericalHarmonicGravityConfig c;
    c.coefficients = read_gravity_field_text(data_dir + "/GGM03S-deg60.txt", {degree, degree});
    c.rotation = earth;
    const auto g = std::make_shared<SphericalHarmonicGravity>(std::move(c));
    const std::string size = std::to_string(degree) + "x" + std::to_string(degree);
    time("spherical harmonics " + size + ", Earth rotation", [&] { return g->acceleration_N(r_N, t); });
    // One sum against the gravity-gradient tensor of the same field in closed form
    // (docs/environment/spherical_harmonic_gravity.md eq. 17), both in the body frame, alone.
    time("spherical harmonics " + size + " alone (body frame)", [&] { return g->acceleration_P(r_N); });
    time("  gradient tensor " + size + ", closed form (body frame)",
         [&] { return Eigen::Vector3d(g->gradient_P(r_N).diagonal()); });
    against(1, "the " + size + " sum");
    if (degree == 20) {
      at.gravity = g.get();
      const GravityGradient effector("gg", gg);
      time("gravity gradient in the 20x20 field (closed-form gradient)",
           [&] { return effector.wrench(F, ConstInputBlock(nullptr, 0), at).torque_PntF_F; });
      against(3, "one 20x20 sum with the rotation");
    }
  }
  // A small body's polyhedron (docs/environment/polyhedral_gravity.md) against the harmonic sums
  // above: an icosphere of 320 and 1280 facets (Eros-like shape models hold thousands), the same
  // point scaled to 1.5 radii of a 10 km body, at its own density, fixed in N.
  for (const int refinements : {2, 3}) {
    PolyhedralGravityConfig c;
    c.shape = icosphere(10e3, refinements);
    c.density = 2670.0;
    c.fixed_in_N = true;
    const PolyhedralGravity body(std::move(c));
    const Eigen::Vector3d r_P = r_N.normalized() * 15e3;
    time("polyhedral gravity, " + std::to_string(body.facet_count()) + " facets, acceleration",
         [&] { return body.acceleration_P(r_P); });
    for (std::size_t k = 0; k < out.size(); ++k)  // against the 20x20 sum timed above
      if (out[k].model == "spherical harmonics 20x20 alone (body frame)") against(out.size() - 1 - k, "the 20x20 sum");
    time("polyhedral gravity, " + std::to_string(body.facet_count()) + " facets, acceleration and gradient",
         [&] { return body.acceleration_and_gradient_N(r_P, t).a_N; });
  }
  time("Earth rotation (IAU 2006/2000B series, one dcm_PN)", [&] { return Eigen::Vector3d(series->dcm_PN(t) * r_N); });
  time("Earth rotation, interpolated (one dcm_PN)", [&] { return Eigen::Vector3d(earth->dcm_PN(t) * r_N); });
  const AnalyticSun sun_series(epoch);
  time("analytic Sun (eraEpv00)", [&] { return sun_series.r_N(t); });
  const auto sun =
      std::make_shared<TabulatedEphemeris>(TabulatedEphemeris::sample(sun_series, -1e5, 1e6, 2.0 * 86400.0));
  const auto moon =
      std::make_shared<TabulatedEphemeris>(TabulatedEphemeris::sample(AnalyticMoon(epoch), -1e5, 1e6, 3600.0));
  const ThirdBodyGravity sun_gravity({"sun", ThirdBodyGravity::kMuSun, sun}),
      moon_gravity({"moon", ThirdBodyGravity::kMuMoon, moon});
  time("third body: Sun (tabulated)", [&] { return sun_gravity.acceleration_N(r_N, t); });
  time("third body: Moon (tabulated)", [&] { return moon_gravity.acceleration_N(r_N, t); });
  at.gravity = &point;
  const GravityGradient gravity_gradient("gg", gg);
  time("gravity gradient, point mass (closed-form gradient)",
       [&] { return gravity_gradient.wrench(F, ConstInputBlock(nullptr, 0), at).torque_PntF_F; });

  SolarRadiationPressureConfig srp;
  srp.sun = sun;
  for (const FacetGeometry& f : ten_facets()) srp.facets.push_back({f, 0.3, 0.2});
  const SolarRadiationPressure srp_effector("srp", srp);
  time("solar radiation pressure, 10 facets, conical shadow",
       [&] { return srp_effector.wrench(F, ConstInputBlock(nullptr, 0), at).force_F; });
  DragConfig drag;
  drag.atmosphere = std::make_shared<ExponentialAtmosphere>();
  drag.shape = BodyShape::wgs84();
  drag.rotation = earth;
  DragConfig ball = drag;
  ball.cannonball = DragCannonball{2.2, 2.0, Eigen::Vector3d(0.1, 0.0, 0.0)};
  const Drag ball_effector("drag", std::move(ball));
  time("drag, cannonball, co-rotating, WGS 84 altitude, Vallado's table",
       [&] { return ball_effector.wrench(F, ConstInputBlock(nullptr, 0), at).force_F; });
  for (const FacetGeometry& f : ten_facets()) drag.facets.push_back({f, 2.2});
  const Drag drag_effector("drag", std::move(drag));
  time("drag, 10 facets, co-rotating, WGS 84 altitude, Vallado's table",
       [&] { return drag_effector.wrench(F, ConstInputBlock(nullptr, 0), at).force_F; });
  WorldMagneticModelConfig wmm;
  wmm.path = data_dir + "/WMM2025.COF";
  wmm.epoch = epoch;
  wmm.rotation = earth;
  const auto field = std::make_shared<WorldMagneticModel>(wmm);
  time("World Magnetic Model, degree 12", [&] { return field->B_N(r_N, t); });
  MagnetorquerConfig mtq;
  mtq.field = field;
  mtq.axes_F = {Eigen::Vector3d::UnitX(), Eigen::Vector3d::UnitY(), Eigen::Vector3d::UnitZ()};
  mtq.max_dipole = {30.0, 30.0, 30.0};
  const Magnetorquer torquers("mtq", mtq);
  const double dipoles[3] = {10.0, -5.0, 20.0};
  time("magnetorquers, 3 rods, in the WMM",
       [&] { return torquers.wrench(F, ConstInputBlock(dipoles, 3), at).torque_PntF_F; });
  if (!sink.allFinite()) out.push_back({"(a non-finite result: the figures above are void)", 0.0, "", 0.0});

  // The same sums by GeographicLib, at the same point taken as body-frame components, each pair
  // timed one after the other (bench/geographiclib_comparison.hpp).
  const std::vector<SideBySide> side_by_side =
      measure_geographiclib_side_by_side(data_dir, r_N, epoch.decimal_year(0.0), batches, batch_seconds);
  if (side_by_side.empty()) {
    out.push_back(
        {"side by side with GeographicLib: skipped (not found when ramus-bench was configured)", 0.0, "", 0.0});
    return out;
  }
  out.push_back({"side by side with GeographicLib " + geographiclib_version() +
                     ", the same point in the body frame (ratio: its time / ramus's):",
                 0.0, "", 0.0});
  std::string previous;
  for (const SideBySide& s : side_by_side) {
    if (s.what != previous) out.push_back({"  ramus: " + s.what, s.ramus_seconds, "", 0.0});
    previous = s.what;
    std::ostringstream versus;
    versus << "ramus; relative difference of the values " << std::setprecision(1) << std::scientific
           << s.max_relative_difference;
    out.push_back(
        {"    GeographicLib " + s.geographiclib_call, s.geographiclib_seconds, versus.str(), s.ramus_seconds});
  }
  out.push_back(
      {"  (the WMM: ramus's Gauss coefficients in the engine of GeographicLib's MagneticModel, whose own "
       "data files are not read; no Hessian in GeographicLib, so no gradient tensor here)",
       0.0, "", 0.0});
  return out;
}

void print_environment_costs(std::ostream& os, const std::vector<EnvironmentCost>& costs,
                             const std::vector<FullEnvironmentOrbit>& orbits) {
  os << "\n== environment: one evaluation of each model (median of batches, this machine, this run) ==\n";
  const double yardstick = costs.empty() ? 1.0 : costs.front().seconds;
  for (const EnvironmentCost& c : costs) {
    if (c.seconds <= 0.0) {  // a heading or a note
      os << "  " << c.model << "\n";
      continue;
    }
    os << "  " << std::left << std::setw(62) << c.model << std::right << std::setw(10) << std::fixed
       << std::setprecision(3) << c.seconds * 1e6 << " us" << std::setw(10) << std::setprecision(1)
       << c.seconds / yardstick << "x";
    if (!c.compared_with.empty() && c.compared_seconds > 0.0)
      os << "   (" << std::setprecision(2) << c.seconds / c.compared_seconds << "x " << c.compared_with << ")";
    os << "\n";
  }
  os << std::defaultfloat << std::setprecision(3);
  for (const FullEnvironmentOrbit& orbit : orbits) {
    const bool shared = orbit.gradient_at == GradientPoint::vehicle;
    os << "  full environment, one orbit (" << orbit.period << " s) of a hub with two panels"
       << (shared ? ", gravity gradients at the vehicle's C" : "") << ", rk_dopri5 at tol " << orbit.tolerance << ": "
       << orbit.seconds << " s wall, " << orbit.steps << " steps, " << orbit.evaluations << " evaluations ("
       << orbit.seconds_per_evaluation * 1e6 << " us each); |dr_C| against tol 1e-12: " << orbit.position_error << " m";
    if (shared) os << "; against the gradients at each body's Mc: " << orbit.model_difference << " m";
    os << "\n";
  }
  os << std::setprecision(6);
}

}  // namespace ramus::bench
