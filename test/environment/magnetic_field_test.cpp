// The magnetic field models (docs/environment/magnetic_field.md, docs/verification/ENV_MAGNETIC.md):
// the dipole against its closed forms on the axis and the equator and against Maxwell's equations
// (zero divergence and curl by finite differences); the World Magnetic Model against NOAA's
// published WMM2025 test values, its field against the gradient of its potential by finite
// differences, its degree-1 truncation against the dipole; the refusals; no allocation.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <fstream>
#include <iterator>
#include <memory>
#include <numbers>
#include <sstream>
#include <string>

#include "ramus/environment/magnetic_field.hpp"
#include "ramus/environment/world_magnetic_model.hpp"
#include "ramus/kernel/error.hpp"
#include "support/allocation_counter.hpp"
#include "support/checks.hpp"

namespace {

using namespace ramus;
using ramus::test::expect_error;

constexpr double kDeg = std::numbers::pi / 180.0;
constexpr double kNano = 1e-9;  // [T/nT]
// WMM2025's degree-1 Gauss coefficients [nT] (data/WMM2025.COF) and reference radius [m].
constexpr double kG10 = -29351.8, kG11 = -1410.8, kH11 = 4545.4, kA = 6371200.0;

std::string wmm_path() { return std::string(RAMUS_DATA_DIR) + "/WMM2025.COF"; }

std::shared_ptr<const WorldMagneticModel> wmm2025(int max_degree = 0, bool extrapolate = false) {
  WorldMagneticModelConfig c;
  c.path = wmm_path();
  c.max_degree = max_degree;
  c.extrapolate = extrapolate;
  return std::make_shared<const WorldMagneticModel>(c);
}

/// The Jacobian ∂B/∂r of a field by central differences of step h [m].
template <class F>
Eigen::Matrix3d jacobian(const F& B, const Eigen::Vector3d& r, double h) {
  Eigen::Matrix3d J;
  for (int j = 0; j < 3; ++j) {
    const Eigen::Vector3d e = h * Eigen::Vector3d::Unit(j);
    J.col(j) = (B(r + e) - B(r - e)) / (2.0 * h);
  }
  return J;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(magnetic_dipole)

BOOST_AUTO_TEST_CASE(axis_and_equator_closed_forms) {
  // On the dipole's axis B = 2 (μ0/4π) m/r³ along m; on its equator B = −(μ0/4π) m/r³ (the two
  // textbook values, not the general formula the model evaluates).
  const Eigen::Vector3d m_hat = Eigen::Vector3d(1.0, -2.0, 2.0) / 3.0;
  const double m = 8.0e22, r = 7.0e6;  // [A m²], [m]
  DipoleFieldConfig c;
  c.m_P = m * m_hat;
  const DipoleField dipole("tilted", c);
  const double B0 = 1e-7 * m / (r * r * r);  // μ0/4π = 1e-7 T m/A to 5.5e-10 (CODATA 2018)
  const Eigen::Vector3d on_axis = dipole.B_N(r * m_hat, 0.0);
  const Eigen::Vector3d on_axis_south = dipole.B_N(-r * m_hat, 0.0);
  const Eigen::Vector3d equator_dir = Eigen::Vector3d(2.0, 2.0, 1.0) / 3.0;  // ⟂ m_hat
  const Eigen::Vector3d on_equator = dipole.B_N(r * equator_dir, 0.0);
  // 1e-9 of the expected value: the 5.5e-10 of μ0/4π between CODATA 2018 and 4π·1e-7, plus
  // round-off (~1e-15)
  BOOST_TEST_MESSAGE("axis, equator: relative errors " << (on_axis - 2.0 * B0 * m_hat).norm() / (2.0 * B0) << ", "
                                                       << (on_equator + B0 * m_hat).norm() / B0);
  BOOST_TEST((on_axis - 2.0 * B0 * m_hat).norm() <= 1e-9 * 2.0 * B0);
  BOOST_TEST((on_axis_south - 2.0 * B0 * m_hat).norm() <= 1e-9 * 2.0 * B0);
  BOOST_TEST((on_equator + B0 * m_hat).norm() <= 1e-9 * B0);
  // Falls as 1/r³: twice as far, an eighth (1e-14: round-off of a few operations)
  BOOST_TEST((dipole.B_N(2.0 * r * equator_dir, 0.0) - on_equator / 8.0).norm() <= 1e-14 * B0);
}

BOOST_AUTO_TEST_CASE(gauss_coefficients_and_axis_give_the_same_moment) {
  // WMM2025's dipole: B0 = sqrt(g10² + g11² + h11²) is the field on the dipole's equator at r = a
  // (docs/environment/magnetic_field.md (2)); its axis is at co-latitude acos(g10/B0), longitude
  // atan2(h11, g11).
  const double B0 = std::sqrt(kG10 * kG10 + kG11 * kG11 + kH11 * kH11) * kNano;
  const Eigen::Vector3d m_gauss = dipole_moment_from_gauss(kG10 * kNano, kG11 * kNano, kH11 * kNano, kA);
  const double theta = std::acos(kG10 * kNano / B0), phi = std::atan2(kH11, kG11);
  const Eigen::Vector3d m_axis = dipole_moment_from_axis(B0 * kA * kA * kA / 1e-7, theta, phi);
  // 1e-9 relative: μ0/4π differs from 1e-7 by 5.5e-10
  BOOST_TEST((m_gauss - m_axis).norm() <= 1e-9 * m_gauss.norm());
  BOOST_TEST_MESSAGE("WMM2025 dipole: |m| = " << m_gauss.norm() << " A m^2, axis co-latitude " << theta / kDeg
                                              << " deg, longitude " << phi / kDeg << " deg, B0 = " << B0 << " T");
  // The Earth's dipole moment is 7.7e22–8.0e22 A m² in this century (IGRF): a units slip fails.
  BOOST_TEST(m_gauss.norm() > 7.5e22);
  BOOST_TEST(m_gauss.norm() < 8.0e22);
  DipoleFieldConfig c;
  c.m_P = m_gauss;
  const DipoleField dipole("earth", c);
  // On the dipole's equator at r = a: |B| = B0 (1e-9: μ0/4π, as above)
  const Eigen::Vector3d m_hat = m_gauss.normalized();
  const Eigen::Vector3d eq = m_hat.cross(Eigen::Vector3d::UnitX()).normalized();
  BOOST_TEST(std::abs(dipole.B_N(kA * eq, 0.0).norm() - B0) <= 1e-9 * B0);
}

BOOST_AUTO_TEST_CASE(wmm_truncated_at_degree_one_is_the_dipole) {
  // The WMM's Cunningham synthesis cut at n = 1 against the dipole's closed form (two algorithms),
  // at 2025.0 where the coefficients are the file's, at points around the Earth.
  const auto wmm = wmm2025(1);
  DipoleFieldConfig c;
  c.m_P = dipole_moment_from_gauss(kG10 * kNano, kG11 * kNano, kH11 * kNano, kA);
  const DipoleField dipole("earth", c);
  double worst = 0.0;
  for (const Eigen::Vector3d& dir : {Eigen::Vector3d(1, 0, 0), Eigen::Vector3d(0, 0, 1), Eigen::Vector3d(0, 0, -1),
                                     Eigen::Vector3d(0.3, -0.8, 0.5), Eigen::Vector3d(-0.6, 0.2, -0.7)})
    for (const double r : {6.6e6, 7.0e6, 4.2e7}) {
      const Eigen::Vector3d rp = r * dir.normalized();
      const Eigen::Vector3d B = dipole.B_P(rp);
      worst = std::max(worst, (wmm->B_P(rp, 2025.0) - B).norm() / B.norm());
    }
  BOOST_TEST_MESSAGE("degree-1 WMM vs dipole: worst relative difference " << worst);
  // 1e-13: round-off of the recursions and of the closed form (~1e-15); μ0/4π cancels (the moment
  // from the Gauss coefficients divides by the constant the dipole multiplies by)
  BOOST_TEST(worst <= 1e-13);
}

BOOST_AUTO_TEST_CASE(eccentric_dipole_is_divergence_and_curl_free) {
  // Maxwell: ∇·B = 0 and ∇×B = 0 outside the source. Only the factor 3 of eq. (1) makes the
  // divergence vanish, so a wrong formula fails. Central differences of step h = 1 m at
  // ρ ≈ 7000 km: truncation (h/ρ)² |B|/ρ ≈ 2e-14 |B|/ρ, round-off ε|B|/h ≈ 1.5e-9 |B|/ρ per entry
  // (the entries of ∂B/∂r are ~3|B|/ρ), so 1e-7 |B|/ρ bounds both with margin.
  DipoleFieldConfig c;
  c.m_P = dipole_moment_from_axis(7.7e22, 170.0 * kDeg, -70.0 * kDeg);
  c.r_DP_P = Eigen::Vector3d(-400e3, 300e3, 200e3);  // the eccentric dipole's few hundred km
  const DipoleField dipole("eccentric", c);
  for (const Eigen::Vector3d& r : {Eigen::Vector3d(7.0e6, 0.0, 0.0), Eigen::Vector3d(1e6, -5e6, 4.5e6)}) {
    const Eigen::Matrix3d J = jacobian([&](const Eigen::Vector3d& p) { return dipole.B_P(p); }, r, 1.0);
    const double scale = dipole.B_P(r).norm() / (r - c.r_DP_P).norm();
    BOOST_TEST_MESSAGE("div B = " << std::abs(J.trace()) / scale << ", |curl-free defect| = "
                                  << (J - J.transpose()).norm() / scale << " (in |B|/rho)");
    BOOST_TEST(std::abs(J.trace()) <= 1e-7 * scale);
    BOOST_TEST((J - J.transpose()).norm() <= 1e-7 * scale);  // curl-free ⇔ symmetric Jacobian
  }
  // The field of the eccentric dipole is the centred dipole's at ρ = r − r_D (the shifted closed
  // form, the axis value 2 B0 m̂ at D + ρ m̂).
  const Eigen::Vector3d m_hat = c.m_P.normalized();
  const double rho = 6.8e6, B0 = 1e-7 * c.m_P.norm() / (rho * rho * rho);
  // 1e-9 of 2 B0: μ0/4π (5.5e-10) and round-off
  BOOST_TEST((dipole.B_P(c.r_DP_P + rho * m_hat) - 2.0 * B0 * m_hat).norm() <= 1e-9 * 2.0 * B0);
}

BOOST_AUTO_TEST_CASE(rotating_body_carries_its_field) {
  // P turns about N's z at rate w; a dipole fixed in P seen at a point fixed in P is the P-frame
  // field rotated back to N by R3(w t)ᵀ, written here by hand.
  auto rotation = std::make_shared<UniformRotation>(UniformRotationConfig{7.2921150e-5, 0.3});
  DipoleFieldConfig c;
  c.m_P = dipole_moment_from_axis(7.7e22, 160.0 * kDeg, 40.0 * kDeg);
  c.rotation = rotation;
  const DipoleField rotating("rotating", c);
  c.rotation = nullptr;
  const DipoleField fixed("fixed", c);
  const Eigen::Vector3d r_P(6.0e6, 2.0e6, 3.0e6);
  for (const double t : {0.0, 1000.0, 30000.0}) {
    const double th = 0.3 + 7.2921150e-5 * t, ct = std::cos(th), st = std::sin(th);
    Eigen::Matrix3d dcm_NP;  // P's axes in N: x_P = (cos θ, sin θ, 0), y_P = (−sin θ, cos θ, 0)
    dcm_NP << ct, -st, 0.0, st, ct, 0.0, 0.0, 0.0, 1.0;
    const Eigen::Vector3d B = rotating.B_N(dcm_NP * r_P, t);
    // 1e-13 relative: round-off of the rotations
    BOOST_TEST((B - dcm_NP * fixed.B_P(r_P)).norm() <= 1e-13 * B.norm());
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(world_magnetic_model)

BOOST_AUTO_TEST_CASE(reads_the_cof_file) {
  const GaussCoefficients c = read_cof(wmm_path());
  BOOST_TEST(c.epoch == 2025.0);
  BOOST_TEST(c.model == "WMM-2025");
  BOOST_TEST(c.release == "11/13/2024");
  BOOST_TEST(c.degree == 12);
  // data/README.md's known value g10 = −29351.8 nT, and the first and last lines of the file
  BOOST_TEST(c.g[GaussCoefficients::index(1, 0)] == -29351.8);
  BOOST_TEST(c.g_dot[GaussCoefficients::index(1, 0)] == 12.0);
  BOOST_TEST(c.h[GaussCoefficients::index(1, 1)] == 4545.4);
  BOOST_TEST(c.h_dot[GaussCoefficients::index(1, 1)] == -21.5);
  BOOST_TEST(c.g[GaussCoefficients::index(12, 12)] == -0.7);
  BOOST_TEST(c.h_dot[GaussCoefficients::index(12, 12)] == -0.1);
}

BOOST_AUTO_TEST_CASE(official_wmm2025_test_values) {
  // NOAA NCEI, "WMM2025 Test Values" (WMM2025_TEST_VALUES.txt, distributed with the model): date
  // [yr], height above the WGS84 ellipsoid [km], geodetic latitude and longitude [deg], X, Y, Z [nT].
  struct Row {
    double year, height_km, lat, lon, X, Y, Z;
  };
  constexpr Row rows[] = {
      {2025.0, 0.0, 80.0, 0.0, 6521.6, 145.9, 54791.5},       {2025.0, 0.0, 0.0, 120.0, 39677.8, -109.6, -10580.2},
      {2025.0, 0.0, -80.0, 240.0, 6117.5, 15751.9, -52022.5}, {2025.0, 100.0, 80.0, 0.0, 6216.0, 92.4, 52598.8},
      {2025.0, 100.0, 0.0, 120.0, 37688.6, -96.2, -10152.1},  {2025.0, 100.0, -80.0, 240.0, 5907.6, 14780.3, -49540.7},
      {2027.5, 0.0, 80.0, 0.0, 6500.8, 294.5, 54869.4},       {2027.5, 0.0, 0.0, 120.0, 39701.6, -167.4, -10381.8},
      {2027.5, 0.0, -80.0, 240.0, 6200.7, 15730.3, -51783.7}, {2027.5, 100.0, 80.0, 0.0, 6196.7, 233.8, 52670.5},
      {2027.5, 100.0, 0.0, 120.0, 37711.5, -148.7, -9969.8},  {2027.5, 100.0, -80.0, 240.0, 5984.0, 14760.1, -49317.7},
  };
  const auto wmm = wmm2025();
  double worst = 0.0;
  for (const Row& row : rows) {
    const Eigen::Vector3d B = wmm->B_NED(row.lat * kDeg, row.lon * kDeg, row.height_km * 1e3, row.year) / kNano;
    const Eigen::Vector3d diff = B - Eigen::Vector3d(row.X, row.Y, row.Z);
    BOOST_TEST_MESSAGE(row.year << " " << row.height_km << " km " << row.lat << " " << row.lon << ": X Y Z = " << B.x()
                                << " " << B.y() << " " << B.z() << " nT, differences " << diff.transpose());
    worst = std::max(worst, diff.cwiseAbs().maxCoeff());
    // The table gives 0.1 nT: a correct synthesis is within half of it, 0.05 nT (plus 1e-6 nT for
    // the round-off of the synthesis in doubles, ~1e-10 of 5e4 nT).
    BOOST_TEST(diff.cwiseAbs().maxCoeff() <= 0.05 + 1e-6);
  }
  BOOST_TEST_MESSAGE("WMM2025 test values: worst |difference| " << worst << " nT");
}

BOOST_AUTO_TEST_CASE(official_wmm2025_test_values_with_secular_variation) {
  // NOAA NCEI / CIRES, WMM2025_FINAL_TEST_VALUES.txt (the 100 test points of the WMM2025 release,
  // every half year 2025.0–2029.5): year, height above the ellipsoid [km], latitude, longitude
  // [deg], X, Y, Z [nT] rounded to 1 nT and dX/dt, dY/dt, dZ/dt [nT/yr] rounded to 0.1 nT/yr. One
  // row of each half year, the polar ones included (89°, 86°, 87°).
  struct Row {
    double year, height_km, lat, lon, X, Y, Z, dX, dY, dZ;
  };
  constexpr Row rows[] = {
      {2025.0, 28, 89, -121, -255, -1482, 56194, 62.7, -21.2, 18.1},
      {2025.0, 65, 43, 93, 24300, 211, 50038, -3.9, -8.4, 60.4},
      {2025.5, 6, -36, -137, 23782, 8787, -32578, -36.2, -1.4, 61.0},
      {2026.0, 83, 86, -46, 2582, -1528, 54279, 35.4, 53.4, 15.6},
      {2026.5, 12, -79, 115, -9614, -8786, -58104, -42.6, 35.5, 37.0},
      {2027.0, 67, 72, -115, 4883, 1193, 55690, 71.3, -11.1, -50.9},
      {2027.5, 0, -13, -59, 21366, -6733, -6112, -86.1, -44.1, -143.2},
      {2028.0, 75, 79, 125, 2448, -823, 57309, -33.2, -32.1, 39.1},
      {2028.5, 55, 86, 70, 902, 2192, 55926, -56.3, 8.9, 32.4},
      {2029.0, 50, 87, -154, 258, -869, 55992, 41.6, -53.3, 13.4},
      {2029.5, 93, -2, 158, 33807, 4207, -10965, -7.3, -6.9, -22.6},
  };
  const auto wmm = wmm2025();
  double worst_B = 0.0, worst_sv = 0.0;
  for (const Row& row : rows) {
    const double lat = row.lat * kDeg, lon = row.lon * kDeg, h = row.height_km * 1e3;
    const Eigen::Vector3d B = wmm->B_NED(lat, lon, h, row.year) / kNano;
    // The model is linear in time: a forward difference over 0.25 yr is its rate exactly (up to
    // round-off, 1e-10 × 5e4 nT / 0.25 yr ≈ 2e-5 nT/yr).
    const Eigen::Vector3d sv = (wmm->B_NED(lat, lon, h, row.year + 0.25) / kNano - B) / 0.25;
    const Eigen::Vector3d dB = B - Eigen::Vector3d(row.X, row.Y, row.Z);
    const Eigen::Vector3d dsv = sv - Eigen::Vector3d(row.dX, row.dY, row.dZ);
    worst_B = std::max(worst_B, dB.cwiseAbs().maxCoeff());
    worst_sv = std::max(worst_sv, dsv.cwiseAbs().maxCoeff());
    BOOST_TEST_MESSAGE(row.year << " " << row.lat << " " << row.lon << ": dB " << dB.transpose() << " nT, dSV "
                                << dsv.transpose() << " nT/yr");
    // half a unit of the table's last digit, plus the round-off above
    BOOST_TEST(dB.cwiseAbs().maxCoeff() <= 0.5 + 1e-6);
    BOOST_TEST(dsv.cwiseAbs().maxCoeff() <= 0.05 + 1e-4);
  }
  BOOST_TEST_MESSAGE("WMM2025 final test values: worst |dB| " << worst_B << " nT, worst |dSV| " << worst_sv
                                                              << " nT/yr");
}

// decimal_year: the run's time becomes the calendar decimal year (eq. 2a of
// docs/environment/time_and_frames.md) or the Julian one (eq. 2), each worked out by hand here:
// 2027-07-02T12:00 TT is 2027.5 on the calendar and 10044 days of 365.25 after J2000.
BOOST_AUTO_TEST_CASE(decimal_year_calendar_or_julian) {
  const Eigen::Vector3d r_P(4.1e6, -3.3e6, 4.6e6);
  for (const DecimalYear clock : {DecimalYear::calendar, DecimalYear::julian}) {
    WorldMagneticModelConfig c;
    c.path = wmm_path();
    c.epoch = Epoch::parse("2027-07-02T12:00:00 TT");
    c.decimal_year = clock;
    const WorldMagneticModel wmm(c);
    const double year = clock == DecimalYear::calendar ? 2027.5 : 2000.0 + 10044.0 / 365.25;
    // The same synthesis at years that agree to ε of 2027 yr (4.5e-13 yr × 150 nT/yr: 1e-10 nT).
    BOOST_TEST((wmm.B_N(r_P, 0.0) - wmm.B_P(r_P, year)).norm() <= 1e-19);
  }
}

BOOST_AUTO_TEST_CASE(field_is_minus_the_gradient_of_the_potential) {
  // B = −∇V (eq. (4)): the synthesis of the gradient (eq. (9)) against central differences of the
  // potential (eq. (8)), a different sum. Step 100 m: truncation (h/r)² |B| ≈ 2e-10 |B| for
  // degree 12 terms ((n+3)² (h/r)² with n = 12), round-off ε |V|/h ≈ 2e-16 × 2e2 T m / 100 m ≈
  // 4e-16 T ≈ 1e-11 |B|: 1e-8 |B| bounds both.
  const auto wmm = wmm2025();
  for (const Eigen::Vector3d& r : {Eigen::Vector3d(6778e3, 0.0, 0.0), Eigen::Vector3d(1.0e6, -4.0e6, 5.4e6),
                                   Eigen::Vector3d(0.0, 0.0, 6.9e6), Eigen::Vector3d(-2.0e7, 3.0e7, -1.5e7)})
    for (const double year : {2025.0, 2028.3}) {
      Eigen::Vector3d grad;
      const double h = 100.0;
      for (int j = 0; j < 3; ++j) {
        const Eigen::Vector3d e = h * Eigen::Vector3d::Unit(j);
        grad[j] = (wmm->potential_P(r + e, year) - wmm->potential_P(r - e, year)) / (2.0 * h);
      }
      const Eigen::Vector3d B = wmm->B_P(r, year);
      BOOST_TEST_MESSAGE("r = " << r.transpose() << ", " << year
                                << ": |B + grad V|/|B| = " << (B + grad).norm() / B.norm());
      BOOST_TEST((B + grad).norm() <= 1e-8 * B.norm());
    }
}

BOOST_AUTO_TEST_CASE(field_is_continuous_over_the_pole) {
  // The Cartesian recursion has no 1/cos φ: at the geographic pole the field is finite and the
  // limit of its neighbours. 1e-9 rad from the pole is 6.4 mm: |ΔB| ≤ 6.4e-3 m × |∂B/∂r| ≈
  // 6.4e-3 × 3 × 5.7e4 nT / 6.36e6 m ≈ 1.7e-4 nT (round-off ~1e-10 nT); 1e-3 nT bounds it.
  const auto wmm = wmm2025();
  const Eigen::Vector3d pole = wmm->B_P(wgs84_position(0.5 * std::numbers::pi, 0.0, 0.0), 2026.0);
  const Eigen::Vector3d near = wmm->B_P(wgs84_position(0.5 * std::numbers::pi - 1e-9, 1.0, 0.0), 2026.0);
  BOOST_TEST_MESSAGE("pole: |B| = " << pole.norm() / kNano
                                    << " nT, |B(pole) - B(1e-9 rad off)| = " << (pole - near).norm() / kNano << " nT");
  BOOST_TEST(pole.allFinite());
  BOOST_TEST((pole - near).norm() / kNano <= 1e-3);
}

BOOST_AUTO_TEST_CASE(inertial_field_uses_the_body_rotation) {
  // P turned by +90° about z at t = 0: P's x axis is N's y axis, P's y axis N's −x. A point on N's
  // y axis at the equator is at latitude 0, longitude 0; there north = +z_N, east = +y_P = −x_N,
  // down = −y_N (hand-written, against the geodetic components of B_NED).
  WorldMagneticModelConfig c;
  c.path = wmm_path();
  c.epoch = Epoch::parse("2026-01-01T00:00:00 TT");
  c.rotation = std::make_shared<UniformRotation>(UniformRotationConfig{7.2921150e-5, 0.5 * std::numbers::pi});
  const WorldMagneticModel wmm(c);
  const double height = 500e3;
  const Eigen::Vector3d r_N(0.0, 6378137.0 + height, 0.0);
  const Eigen::Vector3d B_N = wmm.B_N(r_N, 0.0);
  const Eigen::Vector3d ned = wmm.B_NED(0.0, 0.0, height, c.epoch.decimal_year(0.0));
  BOOST_TEST_MESSAGE("rotation check: relative difference "
                     << (B_N - Eigen::Vector3d(-ned.y(), -ned.z(), ned.x())).norm() / B_N.norm());
  // 1e-12 relative: round-off of the rotation by π/2 (cos(π/2) ≈ 6e-17)
  BOOST_TEST((B_N - Eigen::Vector3d(-ned.y(), -ned.z(), ned.x())).norm() <= 1e-12 * B_N.norm());
}

BOOST_AUTO_TEST_CASE(validity_window_and_extrapolation) {
  const auto wmm = wmm2025();
  const Eigen::Vector3d r(7.0e6, 0.0, 0.0);
  BOOST_CHECK_NO_THROW(wmm->B_P(r, 2025.0));
  BOOST_CHECK_NO_THROW(wmm->B_P(r, 2030.0));
  BOOST_CHECK_THROW(wmm->B_P(r, 2030.01), IntegrationError);
  BOOST_CHECK_THROW(wmm->B_P(r, 2024.99), IntegrationError);
  // Extrapolated, the secular variation stays linear: B(2031) − B(2030) = B(2026) − B(2025)
  // (1e-9 relative of |B|: round-off of the differences of ~5e4 nT fields).
  const auto ext = wmm2025(0, true);
  const Eigen::Vector3d d1 = ext->B_P(r, 2031.0) - ext->B_P(r, 2030.0), d0 = ext->B_P(r, 2026.0) - ext->B_P(r, 2025.0);
  BOOST_TEST((d1 - d0).norm() <= 1e-9 * ext->B_P(r, 2025.0).norm());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(magnetic_errors)

BOOST_AUTO_TEST_CASE(malformed_cof_files_are_refused_naming_the_line) {
  const auto parse = [](const std::string& text) {
    std::istringstream in(text);
    return parse_cof(in, "test.cof");
  };
  const std::string header = "    2025.0            WMM-2025     11/13/2024\n";
  const std::string end = "999999999999999999999999999999999999999999999999\n";
  const std::string d1 =
      "  1  0  -29351.8       0.0       12.0        0.0\n  1  1   -1410.8    4545.4        9.7      -21.5\n";
  {  // the control: the whole WMM2025 file parses from its text (every (n, m) to degree 12)
    std::ifstream file(wmm_path());
    const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    BOOST_CHECK_NO_THROW(parse(text));
  }
  expect_error([&] { parse(""); }, {"magnetic coefficients 'test.cof'", "header", "empty"});
  expect_error([&] { parse("WMM-2025 2025.0\n" + d1 + end); }, {"'test.cof'", "line 1", "header"});
  expect_error([&] { parse(header + "  1  0  -29351.8  0.0  12.0\n" + end); },
               {"'test.cof'", "line 2", "n, m, g [nT], h [nT], g_dot [nT/yr], h_dot [nT/yr]"});
  expect_error([&] { parse(header + "  1  0  -29351.8  0.0  12.0  0.0  7\n" + end); }, {"line 2", "must hold"});
  expect_error([&] { parse(header + "  1  0  nan  0.0  12.0  0.0\n" + end); }, {"line 2"});
  expect_error([&] { parse(header + d1 + " 14  0  1.0  0.0  0.0  0.0\n" + end); }, {"line 4", "degree n must be in 1"});
  expect_error([&] { parse(header + d1 + "  1  2  1.0  0.0  0.0  0.0\n" + end); }, {"line 4", "order m"});
  expect_error([&] { parse(header + "  1  0  -29351.8  3.0  12.0  0.0\n  1  1 0 0 0 0\n" + end); },
               {"line 2", "h and h_dot of order 0 must be 0"});
  expect_error([&] { parse(header + d1 + "  1  1   -1410.8    4545.4        9.7      -21.5\n" + end); },
               {"line 4", "repeats the coefficient (1, 1)"});
  expect_error([&] { parse(header + d1 + "  2  0  1.0  0.0  0.0  0.0\n  2  2  1.0  0.0  0.0  0.0\n" + end); },
               {"coefficient (2, 1)", "missing"});
  expect_error([&] { parse(header + d1); }, {"end line", "line of 9s"});
  expect_error([&] { parse(header + end); }, {"coefficients", "no coefficient"});
  expect_error([&] { read_cof("/nonexistent/WMM.COF"); }, {"file", "'/nonexistent/WMM.COF'", "cannot be opened"});
}

BOOST_AUTO_TEST_CASE(bad_model_configurations_are_refused) {
  WorldMagneticModelConfig c;
  c.path = wmm_path();
  c.max_degree = 13;
  expect_error([&] { WorldMagneticModel m(c); }, {"world_magnetic_model 'WMM-2025'", "max_degree", "13", "1 … 12"});
  c.max_degree = -1;
  expect_error([&] { WorldMagneticModel m(c); }, {"max_degree", "-1"});
  c.max_degree = 0;
  c.reference_radius = 0.0;
  expect_error([&] { WorldMagneticModel m(c); }, {"reference_radius [m]"});
  c.reference_radius = 6371200.0;
  c.validity = -5.0;
  expect_error([&] { WorldMagneticModel m(c); }, {"validity [yr]", "-5"});

  DipoleFieldConfig d;
  expect_error([&] { DipoleField f("zero", d); }, {"dipole 'zero'", "m_P [A m^2]", "must not be zero"});
  d.m_P = Eigen::Vector3d(0.0, 0.0, std::nan(""));
  expect_error([&] { DipoleField f("nan", d); }, {"dipole 'nan'", "m_P [A m^2]"});
  d.m_P = Eigen::Vector3d(0.0, 0.0, -8e22);
  d.r_DP_P = Eigen::Vector3d(0.0, INFINITY, 0.0);
  expect_error([&] { DipoleField f("off", d); }, {"dipole 'off'", "r_DP_P [m]"});
  expect_error([&] { dipole_moment_from_axis(-1.0, 0.1, 0.2); }, {"moment [A m^2]", "-1"});
  expect_error([&] { dipole_moment_from_axis(1.0, 4.0, 0.2); }, {"colatitude [rad]", "4", "[0, pi]"});
  expect_error([&] { dipole_moment_from_gauss(-29e-6, 0.0, 0.0, -1.0); }, {"reference_radius [m]", "-1"});
  expect_error([&] { wgs84_position(2.0, 0.0, 0.0); }, {"latitude [rad]", "2"});
}

BOOST_AUTO_TEST_CASE(evaluations_where_the_model_does_not_hold_throw) {
  DipoleFieldConfig d;
  d.m_P = Eigen::Vector3d(0.0, 0.0, -8e22);
  d.r_DP_P = Eigen::Vector3d(1e5, 0.0, 0.0);
  const DipoleField dipole("earth", d);
  BOOST_CHECK_EXCEPTION(dipole.B_N(d.r_DP_P, 0.0), IntegrationError,
                        ramus::test::message_has_all({"dipole 'earth' r_P [m]", "singular"}));
  BOOST_CHECK_EXCEPTION(dipole.B_N(Eigen::Vector3d(NAN, 0.0, 0.0), 0.0), IntegrationError,
                        ramus::test::message_has("finite"));
  const auto wmm = wmm2025();
  BOOST_CHECK_EXCEPTION(wmm->B_P(Eigen::Vector3d::Zero(), 2026.0), IntegrationError,
                        ramus::test::message_has_all({"world_magnetic_model 'WMM-2025' r_P [m]", "Earth's centre"}));
  BOOST_CHECK_EXCEPTION(
      wmm->B_P(Eigen::Vector3d(7e6, 0.0, 0.0), 2031.5), IntegrationError,
      ramus::test::message_has_all({"decimal year [yr] = 2031.5", "validity [2025, 2030]", "extrapolate"}));
  // A run's epoch before the model's epoch: the first evaluation is refused.
  WorldMagneticModelConfig c;
  c.path = wmm_path();
  c.epoch = Epoch::parse("2024-06-01T00:00:00 UTC");
  const WorldMagneticModel early(c);
  BOOST_CHECK_EXCEPTION(early.B_N(Eigen::Vector3d(7e6, 0.0, 0.0), 0.0), IntegrationError,
                        ramus::test::message_has("decimal year [yr] = 2024.4"));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(magnetic_no_allocation)

BOOST_AUTO_TEST_CASE(field_evaluations_do_not_allocate) {
  BOOST_TEST(ramus::test::counter_sees_allocations());  // the checks below can fail
  WorldMagneticModelConfig c;
  c.path = wmm_path();
  c.epoch = Epoch::parse("2026-03-20T12:00:00 UTC");
  c.rotation = std::make_shared<EarthRotation>(c.epoch);
  const WorldMagneticModel wmm(c);
  DipoleFieldConfig d;
  d.m_P = dipole_moment_from_gauss(kG10 * kNano, kG11 * kNano, kH11 * kNano, kA);
  d.r_DP_P = Eigen::Vector3d(-400e3, 300e3, 200e3);
  d.rotation = c.rotation;
  const DipoleField dipole("earth", d);
  Eigen::Vector3d sum = Eigen::Vector3d::Zero();
  const auto a = ramus::test::count_allocations([&] {
    for (int k = 0; k < 10; ++k) {
      const Eigen::Vector3d r(7.0e6 - 1e4 * k, 1e5 * k, 2e5);
      sum += wmm.B_N(r, 60.0 * k) + dipole.B_N(r, 60.0 * k);
      sum += wmm.B_NED(0.1 * k, 0.2 * k, 1e4, 2026.5);
      sum.x() += wmm.potential_P(r, 2026.5);
    }
  });
  BOOST_TEST(sum.allFinite());
  BOOST_TEST(a.news == 0);
  if (ramus::test::counts_malloc()) BOOST_TEST(a.mallocs == 0);
}

BOOST_AUTO_TEST_SUITE_END()
