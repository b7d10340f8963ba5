// Modes of a free-floating hub with one hinged panel (docs/verification/LINEAR_MODELS.md): planar
// motion about b3, hub rotation φ and panel rotation ψ = φ + θ, with the translation eliminated by
// the reduced mass μ = m_h m_p / (m_h + m_p). The kinetic energy is ½ (A φ̇² + 2 C φ̇ ψ̇ + B ψ̇²) with
// A = I_h + μ a², B = I_p + μ b², C = μ a b (a: hub centre of mass to hinge, b: hinge to the panel's
// centre of mass, collinear at θ = 0), the spring ½ k (ψ − φ)² and the damper ½ c (ψ̇ − φ̇)²; the
// one non-rigid mode has ω_n² = k (A + B + 2C) / (AB − C²) and, the damper having the spring's
// shape, 2 ζ ω_n = c (A + B + 2C) / (AB − C²).
#include <boost/test/unit_test.hpp>
#include <numbers>

#include "kernel/test_support.hpp"
#include "ramus/analysis/modes.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"

namespace ramus::test {
namespace {

namespace an = ramus::analysis;
namespace si = boost::units::si;

struct HubAndPanel {
  double m_h = 500.0, I_h = 300.0;  // hub [kg], [kg m²] about b3 through its centre of mass B
  double m_p = 40.0, I_p = 12.0;    // panel [kg], [kg m²] about its centre of mass along the hinge
  double a = 1.2, b = 1.8;          // [m] B to hinge, hinge to panel centre of mass, along b1
  double k = 150.0;                 // [N m/rad]

  std::shared_ptr<Model> model(double c) const {
    auto model = std::make_shared<Model>();
    Vehicle& v = model->add_vehicle("sc", hub_config(m_h, Eigen::Vector3d(400.0, 350.0, I_h), Eigen::Vector3d::Zero()));
    HingedRigidBodyConfig p;
    p.mass = m_p * si::kilogram;
    // The hinge axis h2 = b3 and the panel along +b1 (its centre of mass at −d s1, s1 = −b1).
    p.dcm_HB << -1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0;
    p.I_PntSc_S = units::InertiaTensor::diagonal(5.0 * units::kg_m2, I_p * units::kg_m2, 9.0 * units::kg_m2);
    p.d = b * si::meter;
    p.r_HB_B = units::Length3(Eigen::Vector3d(a, 0.0, 0.0), si::meter);
    p.k = k * si::newton * si::meter / si::radian;
    p.c = c * si::newton * si::meter * si::second / si::radian;
    v.add_state_effector(std::make_shared<HingedRigidBody>("panel", p));
    model->finalize();
    return model;
  }
  double mu() const { return m_h * m_p / (m_h + m_p); }
  double A() const { return I_h + mu() * a * a; }
  double B() const { return I_p + mu() * b * b; }
  double C() const { return mu() * a * b; }
  double omega_n() const { return std::sqrt(k * (A() + B() + 2.0 * C()) / (A() * B() - C() * C())); }
  double zeta(double c) const { return c * (A() + B() + 2.0 * C()) / (A() * B() - C() * C()) / (2.0 * omega_n()); }
};

/// The mode of largest |λ|: the panel's (every other is a rigid-body mode, λ = 0).
const an::Mode& panel_mode(const std::vector<an::Mode>& modes) { return modes.back(); }

BOOST_AUTO_TEST_SUITE(hinged_panel_modes)

BOOST_AUTO_TEST_CASE(undamped_frequency_is_the_reduced_mass_closed_form) {
  const HubAndPanel sys;
  const auto model = sys.model(0.0);
  for (const an::Differences d : {an::Differences::central, an::Differences::richardson}) {
    an::LinearizationSettings s;
    s.differences.differences = d;
    const an::LinearModel lm = an::linearize(model, {model->initial_state(), 0.0, {}}, s);
    const std::vector<an::Mode> modes = an::modes(lm);
    const an::Mode& m = panel_mode(modes);
    const double f = sys.omega_n() / (2.0 * std::numbers::pi);
    const double e = std::abs(m.frequency_hz - f) / f;
    BOOST_TEST_MESSAGE((d == an::Differences::central ? "central" : "Richardson")
                       << ": f = " << m.frequency_hz << " Hz vs " << f << " Hz, relative error " << e << ", zeta "
                       << m.damping_ratio);
    // The differences' accuracy (eq. L4: ε^(2/3) ≈ 4e-11 of A's columns) carried into an
    // eigenvalue of a well-separated mode: bound 1e-8.
    BOOST_TEST(e < 1e-8);
    BOOST_TEST(std::abs(m.damping_ratio) < 1e-8);
    // Every other mode is rigid: |λ| at the level of the differences' error.
    for (std::size_t i = 0; i + 1 < modes.size(); ++i) BOOST_TEST(std::abs(modes[i].eigenvalue) < 1e-5 * sys.omega_n());
    // The panel angle and rate and the hub's rate about b3 take part; the out-of-plane hub rates
    // do not.
    auto share = [&](const std::string& name) {
      for (const an::Participation& p : m.participation)
        if (lm.state_names[static_cast<std::size_t>(p.coordinate)] == name) return p.share;
      return 0.0;
    };
    BOOST_TEST(share("sc/panel.thetaDot[0]") > 0.5);
    BOOST_TEST(share("sc/panel.theta[0]") > 0.05);
    BOOST_TEST(share("sc/hub.omega_BN_B[2]") > 0.05);
    BOOST_TEST(share("sc/hub.omega_BN_B[0]") == 0.0);
  }
}

BOOST_AUTO_TEST_CASE(damping_ratio_is_the_closed_form) {
  const HubAndPanel sys;
  const double c = 4.0;  // [N m s/rad]: ζ ≈ 0.07
  const auto model = sys.model(c);
  const std::vector<an::Mode> modes = an::modes(an::linearize(model, {model->initial_state(), 0.0, {}}));
  const an::Mode& m = panel_mode(modes);
  BOOST_TEST_MESSAGE("damped: f = " << m.frequency_hz << " Hz, zeta " << m.damping_ratio << " vs " << sys.zeta(c));
  BOOST_TEST(std::abs(m.frequency_hz - sys.omega_n() / (2.0 * std::numbers::pi)) < 1e-8 * m.frequency_hz);
  BOOST_TEST(std::abs(m.damping_ratio - sys.zeta(c)) < 1e-8);  // as above
  BOOST_TEST(std::abs(m.damped_frequency_hz - m.frequency_hz * std::sqrt(1.0 - sys.zeta(c) * sys.zeta(c))) <
             1e-8 * m.frequency_hz);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
}  // namespace ramus::test
