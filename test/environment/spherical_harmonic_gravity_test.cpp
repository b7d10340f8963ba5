// Spherical-harmonic gravity (docs/environment/spherical_harmonic_gravity.md,
// docs/verification/ENV_SPHERICAL_HARMONICS.md): the two coefficient readers against the published
// GGM03S values and each other; the degree-0 and J2 fields against CentralBodyGravity; the
// Clenshaw sums against an independent long-double evaluation with explicit P̄nm (GGM03S to degree
// 60, random fields to 360 and 1000); the acceleration against differences of the potential; the
// rotating field; the Jacobi integral in orbit at rk4's order; refusals; no allocation.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "ramus/environment/body_rotation.hpp"
#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/environment/gravity_field_file.hpp"
#include "ramus/environment/spherical_harmonic_gravity.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "support/allocation_counter.hpp"
#include "support/checks.hpp"
#include "support/hubs.hpp"
#include "support/run.hpp"

using namespace ramus;

namespace {

using LD = long double;
using Vector3L = Eigen::Matrix<LD, 3, 1>;
constexpr double kEps = 2.220446049250313e-16;  ///< double's machine epsilon

std::string ggm03s_path() { return std::string(RAMUS_DATA_DIR) + "/GGM03S-deg60.txt"; }

/// A folder next to the test executable (in the build tree) for the files the tests write.
std::filesystem::path scratch_dir() {
  const auto& suite = boost::unit_test::framework::master_test_suite();
  std::filesystem::path dir = suite.argc > 0 ? std::filesystem::path(suite.argv[0]).parent_path() : ".";
  if (dir.empty()) dir = ".";
  dir /= "spherical_harmonic_files";
  std::filesystem::create_directories(dir);
  return dir;
}

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = (scratch_dir() / name).string();
  std::ofstream(path) << text;
  return path;
}

/// The errors suites' check of a file reader: refused(name, text, parts) writes `text` to the
/// scratch file `name`, reads it with `read` and expects a ConfigurationError naming the file's
/// path and each of `parts` (its message logged).
template <class Read>
auto refusal_of(Read read) {
  return [read](const std::string& name, const std::string& text, std::vector<std::string> parts) {
    const std::string path = write_file(name, text);
    parts.push_back(path);
    test::expect_error([&] { read(path); }, parts, true);
  };
}

const GravityFieldCoefficients& ggm03s() {
  static const GravityFieldCoefficients c = read_gravity_field_text(ggm03s_path());
  return c;
}

SphericalHarmonicGravity inertial_field(const GravityFieldCoefficients& c, int degree = -1, int order = -1) {
  SphericalHarmonicGravityConfig cfg;
  cfg.coefficients = c;
  cfg.degree = degree;
  cfg.order = order;
  cfg.fixed_in_N = true;
  return SphericalHarmonicGravity(cfg);
}

/// Random fully normalized coefficients to degree N following Kaula's rule (rms 1e-5/n² per
/// coefficient), with C̄00 = 1 and the degree-1 terms zero; R and μ the Earth's.
GravityFieldCoefficients kaula_field(int N, unsigned seed) {
  GravityFieldCoefficients c;
  c.source = "kaula-" + std::to_string(N);
  c.reference_radius = 6378136.3;
  c.mu = 3.986004415e14;
  c.max_degree = c.max_order = N;
  c.C.assign(GravityFieldCoefficients::index(N, N) + 1, 0.0);
  c.S = c.C;
  c.C[0] = 1.0;
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> g(0.0, 1.0);
  for (int n = 2; n <= N; ++n)
    for (int m = 0; m <= n; ++m) {
      c.C[GravityFieldCoefficients::index(n, m)] = 1e-5 / (n * n) * g(rng);
      if (m > 0) c.S[GravityFieldCoefficients::index(n, m)] = 1e-5 / (n * n) * g(rng);
    }
  return c;
}

/// Fully normalized P̄nm(sin φ) and dP̄nm/dφ for n ≤ N by the standard forward column recursion,
/// unscaled (with the cos^m φ factor), in long double: P̄mm = f_m cos φ P̄_{m−1,m−1},
/// P̄nm = a_nm sin φ P̄_{n−1,m} − b_nm P̄_{n−2,m}, the derivatives by differentiating both in φ.
struct Legendre {
  int N;
  std::vector<LD> P, dP;  // index n(n+1)/2 + m
  LD p(int n, int m) const { return P[GravityFieldCoefficients::index(n, m)]; }
  LD dp(int n, int m) const { return dP[GravityFieldCoefficients::index(n, m)]; }
};

Legendre legendre(int N, LD t, LD u) {
  Legendre L{N, std::vector<LD>(GravityFieldCoefficients::index(N, N) + 1), {}};
  L.dP.assign(L.P.size(), 0.0L);
  LD Pmm = 1.0L, dPmm = 0.0L;
  for (int m = 0; m <= N; ++m) {
    if (m >= 1) {
      const LD f = m == 1 ? std::sqrt(3.0L) : std::sqrt((2.0L * m + 1.0L) / (2.0L * m));
      const LD P_new = f * u * Pmm;
      dPmm = f * (-t * Pmm + u * dPmm);  // d(cos φ)/dφ = −sin φ
      Pmm = P_new;
    }
    auto at = [&](int n) { return GravityFieldCoefficients::index(n, m); };
    L.P[at(m)] = Pmm;
    L.dP[at(m)] = dPmm;
    for (int n = m + 1; n <= N; ++n) {
      const LD dn = n, dm = m;
      const LD a = std::sqrt((2 * dn - 1) * (2 * dn + 1) / ((dn - dm) * (dn + dm)));
      const LD b =
          n >= m + 2 ? std::sqrt((2 * dn + 1) * (dn + dm - 1) * (dn - dm - 1) / ((dn - dm) * (dn + dm) * (2 * dn - 3)))
                     : 0.0L;
      const LD P2 = n >= m + 2 ? L.P[at(n - 2)] : 0.0L, dP2 = n >= m + 2 ? L.dP[at(n - 2)] : 0.0L;
      L.P[at(n)] = a * t * L.P[at(n - 1)] - b * P2;
      L.dP[at(n)] = a * (u * L.P[at(n - 1)] + t * L.dP[at(n - 1)]) - b * dP2;  // d(sin φ)/dφ = cos φ
    }
  }
  return L;
}

struct Reference {
  LD U;
  Vector3L a;
};

/// U and a = −∇U at r_P summed term by term in long double from the explicit P̄nm: spherical
/// components ∂V/∂r, (1/r) ∂V/∂φ, (1/(r cos φ)) ∂V/∂λ with cos mλ, sin mλ from cosl, sinl.
Reference reference(const GravityFieldCoefficients& c, int N, int M, const Eigen::Vector3d& r_P) {
  const LD x = r_P.x(), y = r_P.y(), z = r_P.z();
  const LD rho = std::sqrt(x * x + y * y), r = std::sqrt(x * x + y * y + z * z);
  const LD t = z / r, u = rho / r, lam = std::atan2(y, x), q = LD(c.reference_radius) / r;
  const Legendre L = legendre(N, t, u);
  LD V = 0, Vr = 0, Vphi = 0, Vlam = 0;
  for (int m = 0; m <= M; ++m) {
    const LD cm = std::cos(m * lam), sm = std::sin(m * lam);
    for (int n = m; n <= N; ++n) {
      const LD qn = std::pow(q, LD(n)), C = c.c(n, m), S = c.s(n, m);
      const LD cs = C * cm + S * sm;
      V += qn * L.p(n, m) * cs;
      Vr += (n + 1) * qn * L.p(n, m) * cs;
      Vphi += qn * L.dp(n, m) * cs;
      Vlam += qn * L.p(n, m) * m * (S * cm - C * sm);
    }
  }
  const LD mu = c.mu, k = mu / (r * r);
  const Vector3L rhat(u * std::cos(lam), u * std::sin(lam), t), phihat(-t * std::cos(lam), -t * std::sin(lam), u),
      lamhat(-std::sin(lam), std::cos(lam), 0.0L);
  return {-mu / r * V, -k * Vr * rhat + k * Vphi * phihat + k * Vlam / u * lamhat};
}

/// Points at radii R … 5R over all latitudes (uniform in sin φ) and longitudes, then eight within
/// 1e-3° … 1e-7° of the poles and two on the reference sphere.
std::vector<Eigen::Vector3d> sample_points(double R, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uni(0.0, 1.0);
  auto point = [](double r, double phi, double lam) {
    return Eigen::Vector3d(r * std::cos(phi) * std::cos(lam), r * std::cos(phi) * std::sin(lam), r * std::sin(phi));
  };
  std::vector<Eigen::Vector3d> pts;
  for (int k = 0; k < 20; ++k)
    pts.push_back(point(R * (1.0 + 4.0 * uni(rng)), std::asin(2.0 * uni(rng) - 1.0), 2.0 * M_PI * uni(rng)));
  for (const double off_deg : {1e-3, 1e-5, 1e-6, 1e-7})
    for (const double sign : {1.0, -1.0})
      pts.push_back(point(R * (1.0 + 4.0 * uni(rng)), sign * (M_PI / 2 - off_deg * M_PI / 180), 2.0 * M_PI * uni(rng)));
  pts.push_back(point(R, 0.3, 1.0));
  pts.push_back(point(R, -1.2, 4.0));
  return pts;
}

/// The worst relative differences from the reference of |a| and of U over the points.
struct Agreement {
  double a = 0.0, U = 0.0;
};

Agreement agreement(const SphericalHarmonicGravity& field, const GravityFieldCoefficients& c,
                    const std::vector<Eigen::Vector3d>& pts) {
  Agreement w;
  for (const Eigen::Vector3d& r : pts) {
    const Reference ref = reference(c, field.degree(), field.order(), r);
    const Vector3L a = field.acceleration_N(r, 0.0).cast<LD>();
    w.a = std::max(w.a, double((a - ref.a).norm() / ref.a.norm()));
    w.U = std::max(w.U, double(std::abs(LD(field.potential(r, 0.0)) - ref.U) / std::abs(ref.U)));
  }
  return w;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(spherical_harmonic_gravity)

BOOST_AUTO_TEST_CASE(ggm03s_text_reader_gives_the_published_values) {
  const GravityFieldCoefficients& c = ggm03s();
  // GGM03S (CSR): R = 6378136.3 m, GM = 3.986004415e14 m³/s², C̄20 = −4.841692638330e-4
  // (data/README.md). The same decimals parse to the same doubles, so equality is exact.
  BOOST_TEST(c.reference_radius == 6378136.3);
  BOOST_TEST(c.mu == 3.986004415e14);
  BOOST_TEST(c.max_degree == 60);
  BOOST_TEST(c.max_order == 60);
  BOOST_TEST(c.c(2, 0) == -4.841692638330e-4);
  BOOST_TEST(c.c(0, 0) == 1.0);
  BOOST_TEST(c.c(1, 1) == 0.0);
  // J2 = −√5 C̄20 = 1.0826e-3 (data/README.md), to its 5 digits.
  BOOST_TEST(std::abs(-std::sqrt(5.0) * c.c(2, 0) - 1.0826e-3) <= 0.5e-7);
}

BOOST_AUTO_TEST_CASE(icgem_reader_gives_the_same_coefficients_as_the_text_reader) {
  // The data file's decimals rewritten as ICGEM gfc lines (every 7th with Fortran D exponents),
  // after a header with free text and the keywords; both readers must give identical doubles.
  std::ifstream in(ggm03s_path());
  std::string line;
  std::getline(in, line);
  std::ostringstream gfc;
  gfc << "GGM03S rewritten by the test as ICGEM\nfree text before the keywords\n"
      << "product_type            gravity_field\nmodelname               GGM03S\n"
      << "earth_gravity_constant  0.3986004415E+15\nradius                  0.6378136300E+07\n"
      << "max_degree              60\nerrors                  calibrated\nnorm                    fully_normalized\n"
      << "tide_system             zero_tide\n\nkey   L    M     C                  S     sigma C  sigma "
         "S\nend_of_head\n";
  int k = 0;
  while (std::getline(in, line)) {
    for (char& ch : line)
      if (ch == ',') ch = ' ';
    if (++k % 7 == 0)
      for (char& ch : line)
        if (ch == 'E') ch = 'D';
    gfc << "gfc " << line << "\n";
  }
  const std::string path = write_file("ggm03s.gfc", gfc.str());
  const GravityFieldCoefficients g = read_gravity_field_icgem(path);
  const GravityFieldCoefficients& t = ggm03s();
  BOOST_TEST(g.reference_radius == t.reference_radius);
  BOOST_TEST(g.mu == t.mu);
  BOOST_TEST(g.max_degree == 60);
  BOOST_TEST(g.max_order == 60);
  BOOST_TEST(g.tide_system == "zero_tide");
  BOOST_TEST(g.C == t.C);
  BOOST_TEST(g.S == t.S);
  BOOST_TEST(g.c(2, 0) == -4.841692638330e-4);
}

BOOST_AUTO_TEST_CASE(truncation_keeps_exactly_the_requested_terms) {
  const GravityFieldCoefficients full = ggm03s();
  const GravityFieldCoefficients r = read_gravity_field_text(ggm03s_path(), {20, 10});
  const GravityFieldCoefficients s = truncated(full, 20, 10);
  BOOST_TEST(r.max_degree == 20);
  BOOST_TEST(r.max_order == 10);
  BOOST_TEST(r.C == s.C);
  BOOST_TEST(r.S == s.S);
  bool same = true;
  for (int n = 0; n <= 20; ++n)
    for (int m = 0; m <= n; ++m) {
      const double want_c = m <= 10 ? full.c(n, m) : 0.0, want_s = m <= 10 ? full.s(n, m) : 0.0;
      same = same && r.c(n, m) == want_c && r.s(n, m) == want_s;
    }
  BOOST_TEST(same);
  // The model's own degree/order selection sums the same terms as a truncated set.
  const Eigen::Vector3d p(4.1e6, -3.3e6, 4.6e6);
  BOOST_TEST((inertial_field(full, 20, 10).acceleration_N(p, 0.0) - inertial_field(r).acceleration_N(p, 0.0)).norm() ==
             0.0);
}

BOOST_AUTO_TEST_CASE(degree_zero_is_the_point_mass_and_degree_two_zonal_is_J2) {
  const SphericalHarmonicGravity point = inertial_field(ggm03s(), 0, 0);
  const SphericalHarmonicGravity j2 = inertial_field(ggm03s(), 2, 0);
  CentralBodyGravityConfig pc;
  pc.mu =
      ggm03s().mu * units::si::meter * units::si::meter * units::si::meter / (units::si::second * units::si::second);
  const CentralBodyGravity cb_point(pc);
  CentralBodyGravityConfig jc = pc;
  jc.J2 = -std::sqrt(5.0) * ggm03s().c(2, 0);  // docs/environment/spherical_harmonic_gravity.md (12)
  jc.equatorial_radius = ggm03s().reference_radius * units::si::meter;
  const CentralBodyGravity cb_j2(jc);
  double wa0 = 0.0, wu0 = 0.0, wa2 = 0.0, wu2 = 0.0;
  for (const Eigen::Vector3d& r : sample_points(6378136.3, 3)) {
    const Eigen::Vector3d a0 = cb_point.acceleration_N(r, 0.0), a2 = cb_j2.acceleration_N(r, 0.0);
    wa0 = std::max(wa0, (point.acceleration_N(r, 0.0) - a0).norm() / a0.norm());
    wu0 = std::max(wu0, std::abs(point.potential(r, 0.0) / cb_point.potential(r, 0.0) - 1.0));
    wa2 = std::max(wa2, (j2.acceleration_N(r, 0.0) - a2).norm() / a2.norm());
    wu2 = std::max(wu2, std::abs(j2.potential(r, 0.0) / cb_j2.potential(r, 0.0) - 1.0));
  }
  BOOST_TEST_MESSAGE("vs CentralBodyGravity, in ε: point mass a " << wa0 / kEps << ", U " << wu0 / kEps << "; J2 a "
                                                                  << wa2 / kEps << ", U " << wu2 / kEps);
  // Each side rounds ~5 times (r², √, 1/r, products) on the dominant central term, and the J2
  // term (1e-3 of it) enters with its own few roundings: 4 ε bounds both, relative to |a| and |U|.
  BOOST_TEST(wa0 <= 4 * kEps);
  BOOST_TEST(wu0 <= 4 * kEps);
  BOOST_TEST(wa2 <= 4 * kEps);
  BOOST_TEST(wu2 <= 4 * kEps);
}

BOOST_AUTO_TEST_CASE(acceleration_is_minus_the_gradient_of_the_potential) {
  const SphericalHarmonicGravity field = inertial_field(ggm03s());
  const SphericalHarmonicGravity central = inertial_field(ggm03s(), 0, 0);
  double worst = 0.0, worst_noncentral = 0.0;
  for (const Eigen::Vector3d& r : sample_points(6378136.3, 11)) {
    const double h = 10.0;  // [m]
    Eigen::Vector3d g, g0;
    for (int j = 0; j < 3; ++j) {
      Eigen::Vector3d e = Eigen::Vector3d::Zero();
      e[j] = h;
      g[j] = -(field.potential(r + e, 0.0) - field.potential(r - e, 0.0)) / (2 * h);
      g0[j] = -(central.potential(r + e, 0.0) - central.potential(r - e, 0.0)) / (2 * h);
    }
    const Eigen::Vector3d a = field.acceleration_N(r, 0.0), a0 = central.acceleration_N(r, 0.0);
    worst = std::max(worst, (g - a).norm() / a.norm());
    worst_noncentral = std::max(worst_noncentral, ((g - g0) - (a - a0)).norm() / (a - a0).norm());
  }
  BOOST_TEST_MESSAGE("−∇U by central differences (h = 10 m) vs a: worst relative "
                     << worst << ", of the non-central part " << worst_noncentral);
  // Rounding of U (|U| ≤ 6.3e7 J/kg, ~10 ε) over 2h = 20 m: 7e-10 m/s², against |a| ≥ 0.39 m/s² at
  // 5R: 2e-9. Truncation h²/6 |U'''| is ~1e-13 of |a|. The non-central part (≥ 1e-4 m/s² at 5R,
  // J2's) carries the same absolute rounding twice: 1.4e-9/1e-4 ≈ 1.4e-5.
  BOOST_TEST(worst <= 2e-9);
  BOOST_TEST(worst_noncentral <= 2e-5);
}

BOOST_AUTO_TEST_CASE(the_field_turns_with_the_body) {
  UniformRotationConfig rc;
  rc.angle_at_epoch = 0.3;
  const auto rotation = std::make_shared<UniformRotation>(rc);
  SphericalHarmonicGravityConfig cfg;
  cfg.coefficients = ggm03s();
  cfg.rotation = rotation;
  const SphericalHarmonicGravity field(cfg);
  const Eigen::Vector3d r_P(3.0e6, -5.5e6, 2.4e6);
  const Eigen::Vector3d a_P = field.acceleration_P(r_P);
  const double U_P = field.potential_P(r_P);
  double worst_a = 0.0, worst_U = 0.0;
  for (const double t : {0.0, 1000.0, 21600.0, 43082.0, 86164.1}) {
    const Eigen::Matrix3d dcm_PN = rotation->dcm_PN(t);
    const Eigen::Vector3d r_N = dcm_PN.transpose() * r_P;  // a point fixed in P
    worst_a = std::max(worst_a, (dcm_PN * field.acceleration_N(r_N, t) - a_P).norm() / a_P.norm());
    worst_U = std::max(worst_U, std::abs(field.potential(r_N, t) - U_P) / std::abs(U_P));
  }
  BOOST_TEST_MESSAGE("a point fixed in P: a_P varies by " << worst_a << ", U by " << worst_U);
  // Two rotations of r and of a, each ~2 ε per component, on the dominant central term.
  BOOST_TEST(worst_a <= 8 * kEps);
  BOOST_TEST(worst_U <= 8 * kEps);
  // Negative control: a point fixed in N sees the tesseral field change as P turns (6 h: 90°).
  const Eigen::Vector3d r_N(3.0e6, -5.5e6, 2.4e6);
  const Eigen::Vector3d d = field.acceleration_N(r_N, 21600.0) - field.acceleration_N(r_N, 0.0);
  BOOST_TEST(d.norm() >= 1e-6 * field.acceleration_N(r_N, 0.0).norm());  // tesserals: ~1e-6 of |a|
}

BOOST_AUTO_TEST_CASE(evaluation_does_not_allocate) {
  SphericalHarmonicGravityConfig cfg;
  cfg.coefficients = ggm03s();
  cfg.rotation = std::make_shared<UniformRotation>();
  const SphericalHarmonicGravity field(cfg);
  const Eigen::Vector3d r(4.1e6, -3.3e6, 4.6e6);
  Eigen::Vector3d a = field.acceleration_N(r, 0.0);
  double U = 0.0;
  const test::Allocations n = test::count_allocations([&] {
    for (int k = 0; k < 10; ++k) {
      a += field.acceleration_N(r, 10.0 * k);
      U += field.potential(r, 10.0 * k);
    }
  });
  BOOST_TEST(n.news == 0);
  BOOST_TEST(n.mallocs == 0);
  BOOST_TEST(a.allFinite());
  BOOST_TEST(std::isfinite(U));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(spherical_harmonic_reference)

BOOST_AUTO_TEST_CASE(the_reference_legendre_functions_match_their_closed_forms) {
  // Guards the reference itself: P̄20 = √5 (3t² − 1)/2, P̄21 = √15 t u, P̄22 = √15 u²/2,
  // P̄33 = √70 u³/4 (t = sin φ, u = cos φ), and dP̄20/dφ = 3√5 t u.
  const LD phi = 0.7L, t = std::sin(phi), u = std::cos(phi);
  const Legendre L = legendre(3, t, u);
  const LD tol = 1e-17L;  // a few long-double ulps (5.4e-20) of values of order 1
  BOOST_TEST(double(std::abs(L.p(2, 0) - std::sqrt(5.0L) * (3 * t * t - 1) / 2)) <= double(tol));
  BOOST_TEST(double(std::abs(L.p(2, 1) - std::sqrt(15.0L) * t * u)) <= double(tol));
  BOOST_TEST(double(std::abs(L.p(2, 2) - std::sqrt(15.0L) * u * u / 2)) <= double(tol));
  BOOST_TEST(double(std::abs(L.p(3, 3) - std::sqrt(70.0L) * u * u * u / 4)) <= double(tol));
  BOOST_TEST(double(std::abs(L.dp(2, 0) - 3 * std::sqrt(5.0L) * t * u)) <= double(tol));
}

BOOST_AUTO_TEST_CASE(ggm03s_degree_60_matches_the_long_double_sum) {
  const SphericalHarmonicGravity field = inertial_field(ggm03s());
  const Agreement w = agreement(field, ggm03s(), sample_points(ggm03s().reference_radius, 5));
  BOOST_TEST_MESSAGE("GGM03S 60×60, 30 points: worst relative |Δa| " << w.a << ", |ΔU| " << w.U);
  BOOST_TEST(w.a <= 1e-13);  // the brief's bound; ~N ε with N = 60 would be 1.3e-14
  BOOST_TEST(w.U <= 1e-13);
}

BOOST_AUTO_TEST_CASE(random_field_of_degree_360_matches_the_long_double_sum) {
  const GravityFieldCoefficients c = kaula_field(360, 17);
  const SphericalHarmonicGravity field = inertial_field(c);
  const Agreement w = agreement(field, c, sample_points(c.reference_radius, 23));
  BOOST_TEST_MESSAGE("Kaula field 360×360, 30 points: worst relative |Δa| " << w.a << ", |ΔU| " << w.U);
  // docs/verification/ENV_SPHERICAL_HARMONICS.md, "Expected values": the Clenshaw sum of column m
  // accumulates one rounding per degree, ~(N − m) ε relative to the column's largest term, and the
  // terms are at most the central term's size (Kaula: Σ|C̄nm| q^n P̄nm ≲ 1e-3 of it above n = 2):
  // N ε = 8e-14 bounds the relative error of a and U, with the derivative weights (n + m + 1 ≤ 2N)
  // doubling it for a: 2e-13.
  BOOST_TEST(w.a <= 2e-13);
  BOOST_TEST(w.U <= 1e-13);
}

BOOST_AUTO_TEST_CASE(largest_degree_stays_finite_and_accurate_at_the_poles) {
  // kMaxDegree = 1000 on the reference sphere, 1e-7° from each pole (cos φ = 1.7e-9: cos^m φ
  // underflows a double for m > 38, the scaled recursion does not) and at mid-latitude.
  const int N = SphericalHarmonicGravity::kMaxDegree;
  const GravityFieldCoefficients c = kaula_field(N, 29);
  const SphericalHarmonicGravity field = inertial_field(c);
  const double R = c.reference_radius, off = 1e-7 * M_PI / 180;
  const std::vector<Eigen::Vector3d> pts = {
      Eigen::Vector3d(R * std::sin(off), 0.0, R * std::cos(off)),
      Eigen::Vector3d(0.0, -R * std::sin(off), -R * std::cos(off)),
      Eigen::Vector3d(R * std::cos(0.5) * std::cos(2.0), R * std::cos(0.5) * std::sin(2.0), R * std::sin(0.5))};
  const Agreement w = agreement(field, c, pts);
  BOOST_TEST_MESSAGE("Kaula field 1000×1000 at r = R, poles and 28.6°: worst relative |Δa| " << w.a << ", |ΔU| "
                                                                                             << w.U);
  BOOST_TEST(w.a <= 5e-13);  // the bound of the degree-360 case scaled by N: 2e-13 × 1000/360
  BOOST_TEST(w.U <= 3e-13);  // 1e-13 × 1000/360
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(spherical_harmonic_jacobi)

BOOST_AUTO_TEST_CASE(jacobi_integral_in_the_rotating_degree_20_field_is_conserved_at_rk4_order) {
  // A point mass in a field fixed in a body turning at the constant rate ω about z_N: the
  // Lagrangian in the body frame does not depend on time, so the Jacobi integral
  //   J = ½|v|² − ω·(r × v) + U(r, t)
  // is constant (docs/verification/ENV_SPHERICAL_HARMONICS.md (1)); rk4 conserves it to O(h⁴).
  const auto rotation = std::make_shared<UniformRotation>();
  SphericalHarmonicGravityConfig cfg;
  cfg.coefficients = ggm03s();
  cfg.degree = 20;
  cfg.rotation = rotation;
  const auto field = std::make_shared<SphericalHarmonicGravity>(cfg);
  auto model = std::make_shared<Model>();
  Vehicle& v = model->add_vehicle("sc", test::standard_hub());
  // Perigee at 500 km altitude, inclination 51.6°, e = 0.1025 (1.05 times the circular speed): on
  // a near-circular orbit rk4's error in such integrals is dominated by an O(h⁵) term at these
  // steps (as the rotational energy in docs/verification/ORBIT_CONSERVATION.md); the eccentricity
  // brings out the generic O(h⁴).
  const double r0 = 6878136.3, incl = 51.6 * M_PI / 180, v0 = 1.05 * std::sqrt(field->mu() / r0);
  const Eigen::Vector3d r_N(r0, 0.0, 0.0), v_N(0.0, v0 * std::cos(incl), v0 * std::sin(incl));
  v.set_initial_state(test::initial_state(r_N, v_N, Quaternion(1.0, 0.0, 0.0, 0.0), Eigen::Vector3d::Zero()));
  model->set_gravity(field);
  model->finalize();
  const System system(model);
  const Eigen::Vector3d w = rotation->omega_PN_N(0.0);
  const auto jacobi = [&](const Eigen::VectorXd& x, double t) {
    const VehicleDiagnostics d = vehicle_diagnostics(*model, x, t, 0);
    return 0.5 * d.v_CN_N.squaredNorm() - w.dot(d.r_CN_N.cross(d.v_CN_N)) + field->potential(d.r_CN_N, t);
  };
  const double a_orbit = 1.0 / (2.0 / r0 - v0 * v0 / field->mu());
  const double T = 2.0 * M_PI * std::sqrt(a_orbit * a_orbit * a_orbit / field->mu()) * 1.5;  // 1.5 orbits
  const double J0 = jacobi(model->initial_state(), 0.0);
  std::vector<double> drift;
  const std::vector<int> steps = {500, 1000, 2000, 4000};
  for (const int n : steps) {
    double worst = 0.0;
    test::run_logged(system, model->initial_state(), T, n,
                     [&](const Eigen::VectorXd& x, double t) { worst = std::max(worst, std::abs(jacobi(x, t) - J0)); });
    drift.push_back(worst / std::abs(J0));
  }
  BOOST_TEST_MESSAGE("Jacobi integral, J0 = " << J0 << " J/kg, 1.5 orbits (" << T << " s), rk4 at " << steps[0] << "/"
                                              << steps[1] << "/" << steps[2] << "/" << steps[3]
                                              << " steps: relative drift " << drift[0] << ", " << drift[1] << ", "
                                              << drift[2] << ", " << drift[3]);
  // The finest drift must stay far above round-off: J rounds to ~1e-8 J/kg (3e-16 of J0) per
  // evaluation and the state's rounding walks to ~√4000 ε ≈ 1e-14 of it over 4000 steps.
  BOOST_TEST(drift.back() >= 1e-13);
  std::vector<double> orders;
  for (std::size_t k = 1; k < drift.size(); ++k) {
    orders.push_back(std::log2(drift[k - 1] / drift[k]));
    BOOST_TEST_MESSAGE("  observed order " << orders.back());
    BOOST_TEST(orders.back() >= 3.8);  // rk4's window (docs/verification/README.md, Conventions)
  }
  // The O(h⁵) share halves at each halving: the orders fall towards 4, the last two inside the
  // window's top 4.25. A modelling error (a = −∇U violated, the rotation applied wrongly) leaves a
  // drift that does not shrink (order ≈ 0).
  BOOST_TEST(orders[1] < orders[0]);
  BOOST_TEST(orders[2] < orders[1]);
  BOOST_TEST(orders[1] <= 4.25);
  BOOST_TEST(orders[2] <= 4.25);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(spherical_harmonic_errors)

BOOST_AUTO_TEST_CASE(bad_text_files_are_refused_naming_file_line_and_field) {
  const std::string head = "6378136.3, 3.986004415e14, 7.292115e-5, 2, 2, 1, 0, 0\n";
  const std::string ok = "0, 0, 1.0, 0.0, 0, 0\n2, 0, -4.8e-4, 0.0, 0, 0\n";
  const auto refused = refusal_of([](const std::string& path) { read_gravity_field_text(path); });
  test::expect_error([] { read_gravity_field_text("/nonexistent/ggm.txt"); }, {"/nonexistent/ggm.txt", "path"});
  refused("empty.txt", "\n\n", {"header"});
  refused("flag.txt", "6378136.3, 3.986004415e14, 7.292115e-5, 2, 2, 0, 0, 0\n" + ok, {"line 1", "normalized flag"});
  refused("radius.txt", "-1, 3.986004415e14, 7.292115e-5, 2, 2, 1, 0, 0\n" + ok, {"line 1", "reference radius [m]"});
  refused("number.txt", head + "0, 0, 1.0, 0.0, 0, 0\n2, 0, -4.8x-4, 0.0, 0, 0\n", {"line 3", "C[2,0]", "-4.8x-4"});
  refused("m_gt_n.txt", head + ok + "1, 2, 0.0, 0.0, 0, 0\n", {"line 4", "m", "2"});
  refused("n_gt_N.txt", head + ok + "3, 0, 0.0, 0.0, 0, 0\n", {"line 4", "n", "3"});
  refused("twice.txt", head + ok + "2, 0, -4.8e-4, 0.0, 0, 0\n", {"line 4", "[2,0]", "twice"});
  refused("short.txt", head + ok + "2, 1, 0.0\n", {"line 4", "coefficient line"});
  refused("nan.txt", head + ok + "2, 2, nan, 0.0, 0, 0\n", {"line 4", "C[2,2]"});
  // Every (n, m) with 2 ≤ n ≤ 2 must be listed: the good file completes the triangle.
  const std::string path = write_file("good.txt", head + ok + "2, 1, 0.0, 0.0, 0, 0\n2, 2, 0.0, 0.0, 0, 0\n");
  test::expect_error([&] { read_gravity_field_text(path, {3, -1}); }, {path, "max_degree", "3"});
  test::expect_error([&] { read_gravity_field_text(path, {1, 2}); }, {path, "max_order", "2"});
  BOOST_TEST(read_gravity_field_text(path).c(2, 0) == -4.8e-4);  // the control: the good file reads
}

BOOST_AUTO_TEST_CASE(bad_icgem_files_are_refused_naming_file_line_and_field) {
  const std::string keys = "earth_gravity_constant 3.986004415e14\nradius 6378136.3\nmax_degree 2\n";
  const std::string body = "end_of_head\ngfc 0 0 1.0 0.0 0 0\ngfc 2 0 -4.8e-4 0.0 0 0\n";
  const auto refused = refusal_of([](const std::string& path) { read_gravity_field_icgem(path); });
  refused("norm.gfc", keys + "norm unnormalized\n" + body, {"line 4", "norm", "unnormalized"});
  refused("gfct.gfc", keys + body + "gfct 2 0 -4.8e-4 0.0 0 0 20050101\n", {"line 7", "gfct", "time-variable"});
  refused("trnd.gfc", keys + body + "trnd 2 0 1e-11 0.0 0 0\n", {"line 7", "trnd", "time-variable"});
  refused("noradius.gfc", "earth_gravity_constant 3.986004415e14\nmax_degree 2\n" + body, {"radius [m]", "required"});
  refused("nohead.gfc", keys + "gfc 0 0 1.0 0.0 0 0\n", {"end_of_head"});
  refused("degree.gfc", keys + body + "gfc 3 0 1e-7 0.0 0 0\n", {"line 7", "n", "3"});
  refused("product.gfc", "product_type topography\n" + keys + body, {"line 1", "product_type"});
  refused("keyword.gfc", keys + body + "xyz 2 1 0 0\n", {"line 7", "xyz"});
  const std::string path = write_file("good.gfc", keys + body + "gfc 2 1 0.0 0.0 0 0\ngfc 2 2 0.0 0.0 0 0\n");
  BOOST_TEST(read_gravity_field_icgem(path).c(2, 0) == -4.8e-4);  // the control
}

BOOST_AUTO_TEST_CASE(bad_model_configurations_are_refused) {
  SphericalHarmonicGravityConfig cfg;
  cfg.coefficients = truncated(ggm03s(), 10, 10);
  cfg.fixed_in_N = true;
  auto with = [&](auto change) {
    SphericalHarmonicGravityConfig c = cfg;
    change(c);
    return [c] { SphericalHarmonicGravity{c}; };
  };
  test::expect_error(with([](auto& c) { c.degree = 11; }), {"spherical_harmonic_gravity", "degree", "11"}, true);
  test::expect_error(with([](auto& c) { c.degree = -2; }), {"degree", "-2"});
  test::expect_error(with([](auto& c) { c.degree = 5, c.order = 6; }), {"order", "6"}, true);
  test::expect_error(with([](auto& c) { c.fixed_in_N = false; }), {"rotation", "null", "fixed_in_N"}, true);
  test::expect_error(with([](auto& c) { c.coefficients.mu = 0.0; }), {"coefficients.mu [m^3/s^2]"});
  test::expect_error(with([](auto& c) { c.coefficients.reference_radius = -1.0; }),
                     {"coefficients.reference_radius [m]"});
  test::expect_error(with([](auto& c) { c.coefficients.C.pop_back(); }), {"coefficients"});
  test::expect_error(with([](auto& c) { c.coefficients.S[5] = NAN; }), {"coefficients.C/S at index 5"});
  test::expect_error([] { truncated(ggm03s(), 61, 0); }, {"GGM03S-deg60.txt", "degree", "61"});
  test::expect_error([] { truncated(ggm03s(), 10, 11); }, {"order", "11"});
  const GravityFieldCoefficients big = kaula_field(SphericalHarmonicGravity::kMaxDegree + 1, 1);
  test::expect_error(
      [&] {
        SphericalHarmonicGravityConfig c;
        c.coefficients = big;
        c.fixed_in_N = true;
        SphericalHarmonicGravity{c};
      },
      {"degree", "at most 1000"}, true);
  BOOST_CHECK_NO_THROW(with([](auto&) {})());  // the control: the unchanged configuration builds
}

BOOST_AUTO_TEST_SUITE_END()
