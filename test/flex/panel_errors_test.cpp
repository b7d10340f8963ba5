// Refused panel configurations (flex/panel.hpp): each bad PanelConfig field named with the owner
// "panel", its unit and its value.
#include <boost/test/unit_test.hpp>
#include <functional>
#include <initializer_list>
#include <limits>
#include <string>

#include "flex/panels.hpp"
#include "ramus/flex/panel.hpp"
#include "support/checks.hpp"

namespace {

using namespace ramus;
using ramus::flex::clamped_panel;
using ramus::flex::PanelConfig;
using ramus::test::check_rejected;
using ramus::test::flex::section;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

PanelConfig good_panel() {
  PanelConfig c;
  c.length = 2.0;
  c.width = 1.0;
  c.longerons = 2;
  c.ribs = 2;
  c.elements_per_bay = 2;
  c.longeron = section(2.0, 5.0, 1.0, 100.0, 1.0, 0.01);
  c.rib = section(1.0, 3.0, 0.5, 80.0, 0.5, 0.0);
  c.modes = 6;
  return c;
}

// One field changed by `edit`, the rest good; must be refused naming every needle.
void refused(const std::function<void(PanelConfig&)>& edit, std::initializer_list<std::string> needles) {
  PanelConfig c = good_panel();
  edit(c);
  check_rejected([&] { clamped_panel(c); }, needles);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(panel_errors)

// good_panel: 2 longerons, 2 ribs, 2 elements per bay: 8 longeron nodes and 2 rib middle nodes
// off the root, 60 free DOFs; the ribs' ρJ = 0 leaves their twist at the 2 middle nodes massless:
// 58 that carry mass.
BOOST_AUTO_TEST_CASE(each_bad_field_is_named_with_its_unit_and_value) {
  BOOST_CHECK_NO_THROW(clamped_panel(good_panel()));
  refused([](PanelConfig& c) { c.length = 0.0; }, {"panel", "length [m]", "= 0", "positive"});
  refused([](PanelConfig& c) { c.length = kNaN; }, {"panel", "length [m]", "nan", "finite"});
  refused([](PanelConfig& c) { c.width = -1.0; }, {"panel", "width [m]", "-1", "positive"});
  refused([](PanelConfig& c) { c.longeron.EI_y = 0.0; }, {"panel", "longeron.EI_y [N m^2]", "= 0", "positive"});
  refused([](PanelConfig& c) { c.longeron.EI_z = -2.0; }, {"panel", "longeron.EI_z [N m^2]", "-2"});
  refused([](PanelConfig& c) { c.longeron.GJ = kNaN; }, {"panel", "longeron.GJ [N m^2]", "nan"});
  refused([](PanelConfig& c) { c.longeron.EA = 0.0; }, {"panel", "longeron.EA [N]", "positive"});
  refused([](PanelConfig& c) { c.longeron.rhoA = 0.0; }, {"panel", "longeron.rhoA [kg/m]", "positive"});
  refused([](PanelConfig& c) { c.longeron.rhoJ = -0.1; }, {"panel", "longeron.rhoJ [kg m]", "-0.1", "negative"});
  refused([](PanelConfig& c) { c.longeron.kGA_y = -1.0; }, {"panel", "longeron.kGA_y [N]", "negative"});
  refused([](PanelConfig& c) { c.longeron.kGA_z = kNaN; }, {"panel", "longeron.kGA_z [N]", "nan"});
  refused([](PanelConfig& c) { c.longeron.rhoI_y = -1e-3; }, {"panel", "longeron.rhoI_y [kg m]", "-0.001"});
  refused([](PanelConfig& c) { c.longeron.rhoI_z = -1e-3; }, {"panel", "longeron.rhoI_z [kg m]", "negative"});
  refused([](PanelConfig& c) { c.rib.EI_y = -1.0; }, {"panel", "rib.EI_y [N m^2]", "-1", "positive"});
  refused([](PanelConfig& c) { c.rib.EI_z = 0.0; }, {"panel", "rib.EI_z [N m^2]", "positive"});
  refused([](PanelConfig& c) { c.rib.GJ = 0.0; }, {"panel", "rib.GJ [N m^2]", "positive"});
  refused([](PanelConfig& c) { c.rib.EA = kNaN; }, {"panel", "rib.EA [N]", "nan"});
  refused([](PanelConfig& c) { c.rib.rhoA = -0.5; }, {"panel", "rib.rhoA [kg/m]", "-0.5"});
  refused([](PanelConfig& c) { c.rib.rhoJ = kNaN; }, {"panel", "rib.rhoJ [kg m]", "nan"});
  refused([](PanelConfig& c) { c.rib.kGA_y = -3.0; }, {"panel", "rib.kGA_y [N]", "-3"});
  refused([](PanelConfig& c) { c.rib.kGA_z = -3.0; }, {"panel", "rib.kGA_z [N]", "-3"});
  refused([](PanelConfig& c) { c.rib.rhoI_y = -1.0; }, {"panel", "rib.rhoI_y [kg m]", "negative"});
  refused([](PanelConfig& c) { c.rib.rhoI_z = -1.0; }, {"panel", "rib.rhoI_z [kg m]", "negative"});
  refused([](PanelConfig& c) { c.longerons = 0; }, {"panel", "longerons [1]", "= 0", "1 to 384"});
  refused([](PanelConfig& c) { c.longerons = 2000000000; }, {"panel", "longerons [1]", "2000000000", "1 to 384"});
  refused([](PanelConfig& c) { c.ribs = -1; }, {"panel", "ribs [1]", "-1", "1 to 384"});
  refused([](PanelConfig& c) { c.elements_per_bay = 0; }, {"panel", "elements_per_bay [1]", "= 0"});
  // 2 longerons, 33 ribs, 1 element per bay: 66 free nodes, 396 DOFs.
  refused(
      [](PanelConfig& c) {
        c.ribs = 33;
        c.elements_per_bay = 1;
      },
      {"panel", "longerons, ribs, elements_per_bay [1]", "2, 33, 1", "396 free DOFs", "at most 384"});
  refused([](PanelConfig& c) { c.modes = 0; }, {"panel", "modes [1]", "= 0", "carry mass, 58", "of 60"});
  refused([](PanelConfig& c) { c.modes = 59; }, {"panel", "modes [1]", "59", "carry mass, 58", "rhoJ = 0"});
  PanelConfig every_mode = good_panel();  // every mode that carries mass: accepted
  every_mode.modes = 58;
  BOOST_CHECK_NO_THROW(clamped_panel(every_mode));
  refused([](PanelConfig& c) { c.zeta = -0.01; }, {"panel", "zeta [1]", "-0.01", "negative"});
  refused([](PanelConfig& c) { c.r_RF_F.z() = kNaN; }, {"panel", "r_RF_F [m]", "nan", "finite"});
  refused([](PanelConfig& c) { c.dcm_BF(0, 1) = 0.1; }, {"panel", "dcm_BF [1]", "rotation"});
  refused([](PanelConfig& c) { c.dcm_BF = -Eigen::Matrix3d::Identity(); }, {"panel", "dcm_BF [1]", "det +1"});
}

BOOST_AUTO_TEST_SUITE_END()
