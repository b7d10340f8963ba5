// N hinged rigid bodies in series (docs/models/n_hinged_rigid_body.md): a folding array of rigid
// panels, panel 1 hinged to the hub, panel i+1 hinged to the far end of panel i, each panel with its
// own mass, inertia, geometry, spring, damper and motor. A parametrization of SerialChain (N
// revolute links), after Basilisk's DualHingedRigidBodyStateEffector (N = 2) and
// NHingedRigidBodyStateEffector, without their restrictions (identical panels, parallel hinges,
// diagonal inertia). A branching parent: segment i−1 is panel i's frame, origin at its hinge.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "ramus/kernel/units.hpp"
#include "ramus/systems/serial_chain.hpp"

namespace ramus {

/// One panel and the hinge that carries it. Its frame S rotates by theta about s2 = h2 from the
/// hinge frame H = dcm_HP · P, where P is the hub B (panel 1) or the previous panel's frame.
struct HingedPanelConfig {
  units::Mass mass;                ///< panel mass (> 0)
  units::InertiaTensor I_PntSc_S;  ///< full inertia about the panel c.o.m. Sc, in S
  units::Length d;                 ///< hinge to c.o.m. Sc, along −s1 (> 0)
  units::Length length;            ///< hinge to the next panel's hinge, along −s1 (> 0 when a panel follows)
  Eigen::Matrix3d dcm_HP = Eigen::Matrix3d::Identity();  ///< parent frame P → hinge frame H (S = H at theta = 0)
  units::Stiffness k;                                    ///< torsional spring (≥ 0)
  units::RotationalDamping c;                            ///< torsional damper (≥ 0)
  units::Angle theta0;                                   ///< initial angle relative to the parent
  units::AngularVelocity thetaDot0;                      ///< initial rate
  units::Angle thetaRef;                                 ///< spring reference
  units::AngularVelocity thetaDotRef;                    ///< damper reference
  units::Torque motor_torque;  ///< initial motor torque about h2 (on the panel; the parent takes −u)
};

/// SI links of the panels (eq. 1); checks every field, naming `owner`, the panel (1-based) and the field.
std::vector<ChainLink> hinged_panel_links(const std::string& owner, const units::Length3& r_H1B_B,
                                          const std::vector<HingedPanelConfig>& panels);

class NHingedRigidBody final : public SerialChain {
 public:
  /// `r_H1B_B`: the first hinge relative to B; at least one panel.
  NHingedRigidBody(std::string name, const units::Length3& r_H1B_B, const std::vector<HingedPanelConfig>& panels);
  /// Motor torque about hinge `panel` (0-based), constant over the following steps.
  void set_motor_torque(std::size_t panel, units::Torque u) { set_motor_input(panel, u.value()); }
};

}  // namespace ramus
