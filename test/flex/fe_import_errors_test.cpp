// Refused FE models (import_fe_model, docs/flex/fe_import.md §7): one bad value per check, the
// message naming the owner "fe model", the field and the value.
#include <boost/test/unit_test.hpp>
#include <functional>
#include <limits>
#include <string>

#include "flex/beams.hpp"
#include "ramus/flex/beam.hpp"
#include "ramus/flex/fe_import.hpp"
#include "support/checks.hpp"

namespace {

using namespace ramus;
using ramus::flex::beam_fe_model;
using ramus::flex::FeModel;
using ramus::flex::import_fe_model;
using ramus::test::check_rejected;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The unit beam on 3 elements (24 DOFs, 18 free), 5 modes.
FeModel good_model() { return beam_fe_model(test::flex::beam_config(test::flex::kUnitBeam, 3, 5)); }

void refused(const std::function<void(FeModel&)>& edit, std::initializer_list<std::string> needles) {
  FeModel model = good_model();
  edit(model);
  check_rejected([&] { import_fe_model(model); }, needles);
}

// Removes DOF `row` from M, K (and renumbers the table): the node keeps −1 there.
void remove_dof(FeModel& model, Eigen::Index row) {
  std::vector<Eigen::Index> keep;
  for (Eigen::Index i = 0; i < model.M.rows(); ++i)
    if (i != row) keep.push_back(i);
  model.M = model.M(keep, keep).eval();
  model.K = model.K(keep, keep).eval();
  for (ramus::flex::FeNode& node : model.nodes)
    for (Eigen::Index& dof : node.dof) dof = dof == row ? -1 : (dof > row ? dof - 1 : dof);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(fe_import_errors)

BOOST_AUTO_TEST_CASE(matrices) {
  BOOST_CHECK_NO_THROW(import_fe_model(good_model()));
  refused([](FeModel& m) { m.M.conservativeResize(24, 23); }, {"fe model", "M = 24×23", "square"});
  refused([](FeModel& m) { m.K = Eigen::MatrixXd::Identity(18, 18); }, {"fe model", "K = 18×18", "M's size, 24×24"});
  refused([](FeModel& m) { m.M(3, 7) = kNaN; }, {"fe model", "M = entry (3, 7) = nan", "finite"});
  refused([](FeModel& m) { m.K(20, 2) += 1e-6 * m.K.cwiseAbs().maxCoeff(); },
          {"fe model", "K = entry (20, 2)", "against", "symmetric (to 1.0000000000000001e-09"});
  refused([](FeModel& m) { m.K_G[4] = Eigen::MatrixXd::Zero(24, 24); }, {"fe model", "K_G[0] = 0×0", "all twelve"});
  refused(
      [](FeModel& m) {
        for (Eigen::MatrixXd& KG : m.K_G) KG = Eigen::MatrixXd::Zero(24, 24);
        m.K_G[7] = Eigen::MatrixXd::Zero(24, 25);
      },
      {"fe model", "K_G[7] = 24×25", "square"});
}

BOOST_AUTO_TEST_CASE(node_table) {
  refused([](FeModel& m) { m.nodes[2].name.clear(); }, {"fe model", "nodes[2] name", "empty"});
  refused([](FeModel& m) { m.nodes[3].name = "n1"; },
          {"fe model", "nodes[3] name = 'n1'", "earlier node, nodes[1] 'n1'"});
  refused([](FeModel& m) { m.nodes[1].r_NF_F.y() = kNaN; }, {"fe model", "nodes[1] 'n1' r_NF_F [m]", "nan"});
  refused([](FeModel& m) { m.nodes[3].dof[5] = 24; },
          {"fe model", "nodes[3] 'n3' dof[5] = 24", "out of range", "0 to 23"});
  refused([](FeModel& m) { m.nodes[2].dof[0] = -2; }, {"fe model", "nodes[2] 'n2' dof[0] = -2", "out of range"});
  refused([](FeModel& m) { m.nodes[2].dof[1] = 7; },
          {"fe model", "nodes[2] 'n2' dof[1] = 7", "already nodes[1] 'n1' dof[1]"});
  refused([](FeModel& m) { m.nodes[3].dof[2] = -1; }, {"fe model", "M row = 20", "belongs to no node"});
  refused([](FeModel& m) { m.interface_node = "root"; }, {"fe model", "interface_node = 'root'", "not a node"});
  refused([](FeModel& m) { remove_dof(m, 4); }, {"fe model", "nodes[0] 'n0' dof[4] = -1", "all six DOFs"});
  refused([](FeModel& m) { m.output_nodes = {"n1", "tip"}; }, {"fe model", "output_nodes[1] = 'tip'", "not a node"});
  refused([](FeModel& m) { m.output_nodes = {"n3", "n1", "n3"}; }, {"fe model", "output_nodes[2] = 'n3'", "twice"});
}

BOOST_AUTO_TEST_CASE(counts) {
  refused([](FeModel& m) { m.modes = 0; }, {"fe model", "modes [1] = 0", "1 to the free DOFs, 18"});
  refused([](FeModel& m) { m.modes = 19; }, {"fe model", "modes [1] = 19", "18 (the 24 DOFs less"});
  refused([](FeModel& m) { m.zeta = -0.01; }, {"fe model", "zeta [1] = -0.01", "negative"});
  refused([](FeModel& m) { m.zeta = kNaN; }, {"fe model", "zeta [1]", "nan"});
}

BOOST_AUTO_TEST_CASE(physics) {
  // A massless torsional DOF (rhoJ = 0): along F's x the free diagonal entry is zero and named;
  // turned, the massless direction mixes three DOFs and shows as a round-off pivot.
  ramus::flex::BeamConfig c = test::flex::beam_config(test::flex::kUnitBeam, 3, 5);
  c.rhoJ = 0.0;
  check_rejected([&] { import_fe_model(beam_fe_model(c)); },
                 {"fe model", "M = entry (9, 9) = 0 at nodes[1] 'n1' dof[3]", "positive definite on the free DOFs"});
  c.dcm_BF = Eigen::AngleAxisd(0.4, Eigen::Vector3d(0.0, 1.0, 1.0).normalized()).matrix();
  check_rejected([&] { import_fe_model(beam_fe_model(c)); },
                 {"fe model", "M = smallest LDLT pivot", "positive definite on the free DOFs"});
  // A spring to ground at n2's y translation: K R ≠ 0, the DOF and the rigid mode named.
  refused([](FeModel& m) { m.K(13, 13) += 1e-3 * m.K(13, 13); },
          {"fe model", "K R = (K R) at nodes[2] 'n2' dof[1] in the", "free of strain", "grounded"});
  // −K: still K R = 0, but not positive (semi-)definite.
  refused([](FeModel& m) { m.K = -m.K; }, {"fe model", "K = entry (6, 6) = -", "positive definite on the free DOFs"});
  // A mass along z only at the tip (a lumped mass typed on one DOF): Rᵀ M R is no rigid body's.
  refused([](FeModel& m) { m.M(20, 20) += 0.1; },
          {"fe model", "R^T M R = entry (2, 2) = 1.1000000000000001 against 1.0333", "rigid body's mass matrix"});
  // A node misplaced: K's rigid rotations no longer strain-free.
  refused([](FeModel& m) { m.nodes[2].r_NF_F.z() += 0.01; }, {"fe model", "K R", "free of strain"});
  // A mechanism: a node "loose" with mass on its three translations but no stiffness.
  refused(
      [](FeModel& m) {
        const Eigen::Index n = m.M.rows();
        for (Eigen::MatrixXd* A : {&m.M, &m.K}) {
          A->conservativeResize(n + 3, n + 3);
          A->rightCols(3).setZero();
          A->bottomRows(3).setZero();
        }
        m.M.bottomRightCorner(3, 3) = 0.2 * Eigen::Matrix3d::Identity();
        ramus::flex::FeNode loose;
        loose.name = "loose";
        loose.r_NF_F = Eigen::Vector3d(0.5, 0.5, 0.0);
        loose.dof = {n, n + 1, n + 2, -1, -1, -1};
        m.nodes.push_back(loose);
      },
      {"fe model", "K = entry (24, 24) = 0 at nodes[4] 'loose' dof[0]", "mechanism"});
}

BOOST_AUTO_TEST_SUITE_END()
