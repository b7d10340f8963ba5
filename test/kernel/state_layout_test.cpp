// kernel/state_layout.hpp: offsets, sizes, entry names, describe(); the layout a Model assigns.
#include "ramus/kernel/state_layout.hpp"

#include <boost/test/unit_test.hpp>
#include <memory>
#include <string>

#include "kernel/stub_effectors.hpp"
#include "kernel/test_support.hpp"
#include "ramus/kernel/model.hpp"

using namespace ramus;

namespace {

void check_block(const StateLayout& layout, std::size_t i, const std::string& owner, const std::string& name,
                 Eigen::Index offset, Eigen::Index size) {
  BOOST_REQUIRE_LT(i, layout.blocks().size());
  const StateBlock& b = layout.blocks()[i];
  BOOST_TEST(b.owner == owner);
  BOOST_TEST(b.name == name);
  BOOST_TEST(b.offset == offset);
  BOOST_TEST(b.size == size);
}

/// A hub's blocks from `first` on (docs/architecture.md §D4): r_N, v_N, q_BN, omega_BN_B, dv_CN_N.
void check_hub_offsets(const VehicleOffsets& o, Eigen::Index first) {
  BOOST_TEST(o.r_N == first);
  BOOST_TEST(o.v_N == first + 3);
  BOOST_TEST(o.q_BN == first + 6);
  BOOST_TEST(o.omega_BN_B == first + 10);
  BOOST_TEST(o.dv_CN_N == first + 13);
}

void add_hub(Model& model, const std::string& name) {
  model.add_vehicle(name, test::hub_config(10.0, Eigen::Matrix3d::Identity()));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(state_layout)

BOOST_AUTO_TEST_CASE(blocks_are_appended_in_order) {
  StateLayout layout;
  BOOST_TEST(layout.size() == 0);
  BOOST_TEST(layout.add("a", "x", 3, "m") == 0);
  BOOST_TEST(layout.add("a", "q", 4, "1") == 3);
  BOOST_TEST(layout.add("b/panel", "theta", 1, "rad") == 7);
  BOOST_TEST(layout.size() == 8);
  BOOST_TEST(layout.blocks().size() == 3u);
  check_block(layout, 2, "b/panel", "theta", 7, 1);
  BOOST_TEST(layout.blocks()[2].unit == "rad");
}

BOOST_AUTO_TEST_CASE(block_at_and_entry_name) {
  StateLayout layout;
  layout.add("sc/hub", "r_BN_N", 3, "m");
  layout.add("sc/hub", "q_BN", 4, "1");
  BOOST_TEST(layout.block_at(0)->name == "r_BN_N");
  BOOST_TEST(layout.block_at(2)->name == "r_BN_N");
  BOOST_TEST(layout.block_at(3)->name == "q_BN");
  BOOST_TEST(layout.block_at(6)->name == "q_BN");
  BOOST_TEST(layout.block_at(7) == nullptr);
  BOOST_TEST(layout.block_at(-1) == nullptr);
  BOOST_TEST(layout.entry_name(0) == "sc/hub.r_BN_N[0]");
  BOOST_TEST(layout.entry_name(5) == "sc/hub.q_BN[2]");
  BOOST_TEST(layout.entry_name(7).find("outside") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(describe_lists_every_block) {
  StateLayout layout;
  layout.add("sc/hub", "omega_BN_B", 3, "rad/s");
  layout.add("sc/panel_left", "theta", 1, "rad");
  layout.add("sc/C", "dv_CN_N", 3, "m/s");
  const std::string text = layout.describe();
  for (const char* s : {"sc/hub", "omega_BN_B", "rad/s", "sc/panel_left", "theta", "sc/C", "dv_CN_N", "m/s"})
    BOOST_TEST(text.find(s) != std::string::npos, "describe() lacks " << s << ":\n" << text);
  BOOST_TEST(text.find("total size 7") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(one_hub_layout) {
  Model model;
  add_hub(model, "sc");
  model.finalize();
  const StateLayout& layout = model.layout();
  // docs/architecture.md §D4: r_BN_N 0..2, v_BN_N 3..5, q_BN 6..9, omega_BN_B 10..12, dv_CN_N 13..15.
  BOOST_TEST(layout.size() == 16);
  BOOST_REQUIRE_EQUAL(layout.blocks().size(), 5u);
  check_block(layout, 0, "sc/hub", "r_BN_N", 0, 3);
  check_block(layout, 1, "sc/hub", "v_BN_N", 3, 3);
  check_block(layout, 2, "sc/hub", "q_BN", 6, 4);
  check_block(layout, 3, "sc/hub", "omega_BN_B", 10, 3);
  check_block(layout, 4, "sc/C", "dv_CN_N", 13, 3);
  check_hub_offsets(model.vehicle(0).offsets(), 0);  // 0, 3, 6, 10, 13
  BOOST_TEST(layout.entry_name(12) == "sc/hub.omega_BN_B[2]");
  BOOST_TEST(layout.entry_name(15) == "sc/C.dv_CN_N[2]");
  BOOST_TEST(model.initial_state().size() == 16);
}

BOOST_AUTO_TEST_CASE(two_vehicles_stack) {
  Model model;
  add_hub(model, "first");
  add_hub(model, "second");
  model.finalize();
  const StateLayout& layout = model.layout();
  BOOST_TEST(layout.size() == 32);
  check_block(layout, 5, "second/hub", "r_BN_N", 16, 3);
  check_block(layout, 9, "second/C", "dv_CN_N", 29, 3);
  check_hub_offsets(model.vehicle(1).offsets(), 16);  // 16, 19, 22, 26, 29
  BOOST_TEST(model.vehicle_index("second") == 1u);
}

BOOST_AUTO_TEST_CASE(effector_blocks_sit_between_hub_and_dv) {
  Model model;
  Vehicle& v = model.add_vehicle("sc", test::hub_config(10.0, Eigen::Matrix3d::Identity()));
  v.add_state_effector(std::make_shared<test::InertStateEffector>("panel", 2));
  v.add_state_effector(std::make_shared<test::InertStateEffector>("wheel", 1));
  model.finalize();
  const StateLayout& layout = model.layout();
  check_block(layout, 4, "sc/panel", "theta", 13, 2);
  check_block(layout, 5, "sc/panel", "thetaDot", 15, 2);
  check_block(layout, 6, "sc/wheel", "theta", 17, 1);
  check_block(layout, 7, "sc/wheel", "thetaDot", 18, 1);
  check_block(layout, 8, "sc/C", "dv_CN_N", 19, 3);
  const VehicleOffsets& o = model.vehicle(0).offsets();
  BOOST_REQUIRE_EQUAL(o.state_effectors.size(), 2u);
  BOOST_TEST(o.state_effectors[0] == 13);
  BOOST_TEST(o.state_sizes[0] == 4);
  BOOST_TEST(o.state_effectors[1] == 17);
  BOOST_TEST(o.state_sizes[1] == 2);
  BOOST_TEST(o.dv_CN_N == 19);
  BOOST_TEST(layout.size() == 22);
  // Model::state_block finds each effector's block.
  Eigen::VectorXd x = Eigen::VectorXd::Zero(layout.size());
  const auto& effectors = model.vehicle(0).state_effectors();
  BOOST_TEST(model.state_block(*effectors[0], x).size() == 4);
  model.state_block(*effectors[1], x).setConstant(7.0);
  BOOST_TEST(x.segment(17, 2).isConstant(7.0, 0.0));
  BOOST_TEST(x.head(17).isZero(0.0));
  BOOST_TEST(x.tail(3).isZero(0.0));
  const std::string text = layout.describe();
  for (const StateBlock& b : layout.blocks()) {
    BOOST_TEST(text.find(b.owner) != std::string::npos);
    BOOST_TEST(text.find(b.name) != std::string::npos);
  }
}

BOOST_AUTO_TEST_SUITE_END()
