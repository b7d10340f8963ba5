// Refused configurations: each bad BeamConfig field (clamped_beam) and each check of
// check_modal_data, the message naming the owner, the field and the value.
#include <boost/test/unit_test.hpp>
#include <functional>
#include <limits>
#include <string>

#include "flex/beams.hpp"
#include "ramus/flex/beam.hpp"
#include "support/checks.hpp"

namespace {

using namespace ramus;
using ramus::flex::BeamConfig;
using ramus::flex::clamped_beam;
using ramus::test::check_rejected;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

BeamConfig good_beam() { return test::flex::beam_config({2.0, 1.0, 2.0, 1.0, 0.1, 10.0, 1.0}, 3, 5); }

// One field changed by `edit`, the rest good; must be refused naming every needle.
void refused(const std::function<void(BeamConfig&)>& edit, std::initializer_list<std::string> needles) {
  BeamConfig c = good_beam();
  edit(c);
  check_rejected([&] { clamped_beam(c); }, needles);
}

void refused(const std::function<void(ModalData&)>& edit, std::initializer_list<std::string> needles) {
  ModalData d = clamped_beam(good_beam());
  edit(d);
  check_rejected([&] { check_modal_data("flexible_body 'array'", d); }, needles);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(beam_errors)

BOOST_AUTO_TEST_CASE(each_bad_field_is_named_with_its_unit_and_value) {
  BOOST_CHECK_NO_THROW(clamped_beam(good_beam()));
  refused([](BeamConfig& c) { c.length = 0.0; }, {"beam", "length [m]", "= 0", "positive"});
  refused([](BeamConfig& c) { c.length = kNaN; }, {"beam", "length [m]", "nan", "finite"});
  refused([](BeamConfig& c) { c.EI_y = -1.0; }, {"beam", "EI_y [N m^2]", "-1", "positive"});
  refused([](BeamConfig& c) { c.EI_z = 0.0; }, {"beam", "EI_z [N m^2]", "positive"});
  refused([](BeamConfig& c) { c.GJ = 0.0; }, {"beam", "GJ [N m^2]", "positive"});
  refused([](BeamConfig& c) { c.EA = -3.0; }, {"beam", "EA [N]", "-3"});
  refused([](BeamConfig& c) { c.rhoA = 0.0; }, {"beam", "rhoA [kg/m]", "positive"});
  refused([](BeamConfig& c) { c.rhoJ = -0.1; }, {"beam", "rhoJ [kg m]", "-0.1", "negative"});
  refused([](BeamConfig& c) { c.zeta = -0.01; }, {"beam", "zeta [1]", "-0.01", "negative"});
  refused([](BeamConfig& c) { c.elements = 0; }, {"beam", "elements [1]", "= 0", "1 to 64"});
  refused([](BeamConfig& c) { c.elements = 65; }, {"beam", "elements [1]", "65", "1 to 64"});
  refused([](BeamConfig& c) { c.modes = 0; }, {"beam", "modes [1]", "= 0", "18"});
  refused([](BeamConfig& c) { c.modes = 19; }, {"beam", "modes [1]", "19", "free DOFs, 18"});
  refused(
      [](BeamConfig& c) {
        c.rhoJ = 0.0;
        c.modes = 16;
      },
      {"beam", "modes [1]", "16", "free DOFs, 15", "rhoJ = 0"});
  refused([](BeamConfig& c) { c.r_RF_F.y() = kNaN; }, {"beam", "r_RF_F [m]", "nan", "finite"});
  refused([](BeamConfig& c) { c.dcm_BF(0, 1) = 0.1; }, {"beam", "dcm_BF [1]", "rotation"});
  refused([](BeamConfig& c) { c.dcm_BF = -Eigen::Matrix3d::Identity(); }, {"beam", "dcm_BF [1]", "det +1"});
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(modal_data_errors)

BOOST_AUTO_TEST_CASE(rigid_body_fields) {
  const std::string owner = "flexible_body 'array'";
  BOOST_CHECK_NO_THROW(check_modal_data(owner, clamped_beam(good_beam())));
  refused([](ModalData& d) { d.mass = 0.0; }, {owner, "mass [kg]", "= 0", "positive"});
  refused([](ModalData& d) { d.mass = kNaN; }, {owner, "mass [kg]", "nan", "finite"});
  refused([](ModalData& d) { d.r_ScF_F.x() = kNaN; }, {owner, "r_ScF_F [m]", "nan"});
  refused([](ModalData& d) { d.I_PntF_F(1, 2) = kNaN; }, {owner, "I_PntF_F [kg m^2]", "entry (1, 2) = nan"});
  refused([](ModalData& d) { d.I_PntF_F(0, 1) += 1e-3; }, {owner, "I_PntF_F [kg m^2]", "symmetric"});
  refused([](ModalData& d) { d.I_PntF_F = Eigen::Vector3d(1.0, -0.5, 2.0).asDiagonal(); },
          {owner, "I_PntF_F [kg m^2]", "positive semi-definite", "-0.5"});
}

BOOST_AUTO_TEST_CASE(sizes_name_the_field_and_both_sizes) {
  const std::string owner = "flexible_body 'array'";
  refused([](ModalData& d) { d.omega.resize(0); }, {owner, "omega [rad/s]", "0 entries", "at least one mode"});
  refused([](ModalData& d) { d.modal_mass.resize(4); }, {owner, "modal_mass", "4 entries", "must have 5 entries"});
  refused([](ModalData& d) { d.zeta.resize(6); }, {owner, "zeta [1]", "6 entries", "5"});
  refused([](ModalData& d) { d.P_F.resize(3, 2); }, {owner, "P_F", "2 columns", "5 columns"});
  refused([](ModalData& d) { d.H_PntF_F.resize(3, 7); }, {owner, "H_PntF_F", "7 columns", "5"});
  refused([](ModalData& d) { d.J1_F.pop_back(); }, {owner, "J1_F", "4 matrices", "5 matrices"});
  refused([](ModalData& d) { d.G[1].resize(5, 4); }, {owner, "G[1]", "5×4", "5×5"});
  refused([](ModalData& d) { d.D[4].resize(4, 4); }, {owner, "D[4]", "4×4", "5×5"});
  refused([](ModalData& d) { d.K_G[11].resize(0, 0); }, {owner, "K_G[11]", "0×0", "5×5"});
  refused([](ModalData& d) { d.nodes[2].phi_F.resize(3, 4); }, {owner, "nodes[2] 'n2' phi_F", "4 columns", "5"});
  refused([](ModalData& d) { d.nodes[1].psi_F.resize(3, 1); }, {owner, "nodes[1] 'n1' psi_F [rad]", "1 columns"});
}

BOOST_AUTO_TEST_CASE(modal_values) {
  const std::string owner = "flexible_body 'array'";
  refused([](ModalData& d) { d.modal_mass[3] = 0.0; }, {owner, "modal_mass[3]", "positive"});
  refused([](ModalData& d) { d.omega[2] = -1.0; }, {owner, "omega[2] [rad/s]", "-1", "negative"});
  refused([](ModalData& d) { d.omega[4] = kNaN; }, {owner, "omega[4] [rad/s]", "nan", "finite"});
  refused([](ModalData& d) { d.omega[3] = 0.5 * d.omega[2]; }, {owner, "omega[3] [rad/s]", "omega[2]", "ascending"});
  refused([](ModalData& d) { d.zeta[1] = -0.02; }, {owner, "zeta[1] [1]", "-0.02", "negative"});
  refused([](ModalData& d) { d.P_F(2, 3) = kNaN; }, {owner, "P_F", "entry (2, 3) = nan", "finite"});
  refused([](ModalData& d) { d.H_PntF_F(0, 0) = kNaN; }, {owner, "H_PntF_F", "nan"});
  refused([](ModalData& d) { d.J1_F[2](0, 2) += 1.0; }, {owner, "J1_F[2]", "symmetric"});
  refused([](ModalData& d) { d.G[0](1, 3) += 0.5; }, {owner, "G[0]", "against 0.5", "antisymmetric"});
  refused([](ModalData& d) { d.G[2](2, 2) = 0.1; }, {owner, "G[2]", "entry (2, 2) = 0.1", "antisymmetric"});
  refused([](ModalData& d) { d.D[1](0, 4) += 0.1; }, {owner, "D[3]", "must equal D[1]ᵀ"});
  refused([](ModalData& d) { d.D[8](0, 1) += 0.1; }, {owner, "D[8]", "symmetric"});
  refused([](ModalData& d) { d.D[6](1, 1) = kNaN; }, {owner, "D[6]", "nan", "finite"});
  refused([](ModalData& d) { d.K_G[8](0, 4) += 1.0; }, {owner, "K_G[8]", "symmetric"});
  refused([](ModalData& d) { d.K_G[0](3, 3) = kNaN; }, {owner, "K_G[0]", "nan"});
}

BOOST_AUTO_TEST_CASE(nodes) {
  const std::string owner = "flexible_body 'array'";
  refused([](ModalData& d) { d.nodes[1].name.clear(); }, {owner, "nodes[1] name", "empty"});
  refused([](ModalData& d) { d.nodes[3].name = "n0"; }, {owner, "nodes[3] name", "'n0'", "earlier node"});
  refused([](ModalData& d) { d.nodes[2].r_NF_F.z() = kNaN; }, {owner, "nodes[2] 'n2' r_NF_F [m]", "nan"});
  refused([](ModalData& d) { d.nodes[3].phi_F(1, 0) = kNaN; }, {owner, "nodes[3] 'n3' phi_F", "entry (1, 0)"});
  refused([](ModalData& d) { d.nodes[3].psi_F(0, 2) = kNaN; }, {owner, "nodes[3] 'n3' psi_F [rad]", "nan"});
}

// A symmetric matrix typed with ten significant digits passes (the tolerance is 1e-9 relative).
BOOST_AUTO_TEST_CASE(ten_digit_symmetry_passes) {
  ModalData d = clamped_beam(good_beam());
  d.K_G[8](0, 1) *= 1.0 + 1e-10;
  d.I_PntF_F(0, 1) *= 1.0 + 1e-10;
  BOOST_CHECK_NO_THROW(check_modal_data("flexible_body 'array'", d));
}

BOOST_AUTO_TEST_SUITE_END()
