// The further branching parents in the integrated branching setup of test/branching:
// the N hinged rigid body (three different panels, hinges not parallel) and the N-DOF translating
// body (three different axes). Each parent is described once as the test reads it, as HandJoints of
// branching_support.hpp, whose hand geometry (ordinary rigid-body kinematics in N) is the reference;
// the library's effector is built from the same numbers through its public config.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "branching/branching_support.hpp"
#include "ramus/systems/n_hinged_rigid_body.hpp"
#include "ramus/systems/translating_body.hpp"

namespace ramus::family_test {

using namespace ramus::branching_test;

enum class FamilyParent { n_hinged, translating_ndof };
inline std::string family_parent_name(FamilyParent p) {
  return p == FamilyParent::n_hinged ? "n_hinged_rigid_body" : "translating_body_ndof";
}

/// Rotation of a frame by `angle` about the unit vector s (the hand helper), as a dcm.
inline Matrix3d rotation_about(const Vector3d& s, double angle) { return frame_rotation(s.normalized(), angle); }

/// The parents' joints. `dampers` false sets every damper to zero (BR-04).
inline std::vector<HandJoint> family_joints(FamilyParent p, bool dampers = true) {
  const double dmp = dampers ? 1.0 : 0.0;
  std::vector<HandJoint> js(3);
  if (p == FamilyParent::n_hinged) {
    // A folding array: panel 1 hinged to the hub, each next one at the far end (−length ŝ1) of the
    // previous; different masses, full inertia tensors, and hinge frames that are not parallel.
    const double length[3] = {2.0, 1.5, 1.2};
    const double d[3] = {1.0, 0.8, 0.6};
    const double m[3] = {50.0, 30.0, 20.0};
    const Matrix3d I[3] = {Vector3d(50.0, 30.0, 40.0).asDiagonal(),
                           rows(25.0, 1.0, 0.0, 1.0, 15.0, -0.5, 0.0, -0.5, 20.0),
                           rows(10.0, 0.0, 0.3, 0.0, 8.0, 0.0, 0.3, 0.0, 6.0)};
    const Matrix3d dcm[3] = {Matrix3d::Identity(), rotation_about(Vector3d::UnitX(), 10.0 * kDeg),
                             Vector3d(-1.0, -1.0, 1.0).asDiagonal()};
    const double k[3] = {100.0, 60.0, 40.0}, c[3] = {50.0, 20.0, 10.0};
    const double q0[3] = {5.0 * kDeg, -10.0 * kDeg, 15.0 * kDeg}, qDot0[3] = {-1.0 * kDeg, 2.0 * kDeg, 0.0};
    for (int i = 0; i < 3; ++i) {
      HandJoint& j = js[static_cast<std::size_t>(i)];
      j.revolute = true;
      j.m = m[i];
      j.I_PntSc_S = I[i];
      j.r_ScS_S = Vector3d(-d[i], 0.0, 0.0);
      j.dcm_S0P = dcm[i];
      j.r_S0P_P = i == 0 ? Vector3d(0.5, -1.5, -0.5) : Vector3d(-length[i - 1], 0.0, 0.0);
      j.axis = Vector3d::UnitY();
      j.k = k[i];
      j.c = c[i] * dmp;
      j.q0 = q0[i];
      j.qDot0 = qDot0[i];
    }
  } else {
    // Three prismatic axes in series: axis 1 is BR's translating_1dof; 2 and 3 differ in every field.
    const Vector3d fHat[3] = {Vector3d(0.6, 0.8, 0.0), Vector3d(0.0, 0.0, 1.0), Vector3d(0.0, 0.6, -0.8)};
    const Matrix3d dcm[3] = {basilisk_dcm(), rotation_about(Vector3d::UnitZ(), 30.0 * kDeg), Matrix3d::Identity()};
    const Vector3d r0[3] = {Vector3d(-1.0, 1.0, 0.0), Vector3d(0.5, 0.2, -0.3), Vector3d(0.3, 0.0, 0.0)};
    const Vector3d rc[3] = {Vector3d(-1.0, 1.0, 0.0), Vector3d(0.5, 0.0, 0.2), Vector3d(0.0, 0.3, 0.0)};
    const Matrix3d I[3] = {Vector3d(50.0, 80.0, 60.0).asDiagonal(), Vector3d(10.0, 12.0, 8.0).asDiagonal(),
                           Vector3d(4.0, 5.0, 6.0).asDiagonal()};
    const double m[3] = {20.0, 10.0, 8.0}, k[3] = {100.0, 80.0, 50.0}, c[3] = {50.0, 20.0, 10.0};
    const double q0[3] = {1.0, -0.2, 0.1}, qDot0[3] = {0.05, 0.1, -0.05};
    for (int i = 0; i < 3; ++i) {
      HandJoint& j = js[static_cast<std::size_t>(i)];
      j.revolute = false;
      j.m = m[i];
      j.I_PntSc_S = I[i];
      j.r_ScS_S = rc[i];
      j.dcm_S0P = dcm[i];
      j.r_S0P_P = r0[i];
      j.axis = fHat[i];
      j.k = k[i];
      j.c = c[i] * dmp;
      j.q0 = q0[i];
      j.qDot0 = qDot0[i];
    }
  }
  return js;
}

/// The library's effector from the joints (through the public configs).
inline std::shared_ptr<StateEffector> make_family_parent(FamilyParent p, const std::vector<HandJoint>& js,
                                                         const std::string& name) {
  if (p == FamilyParent::n_hinged) {
    std::vector<HingedPanelConfig> panels;
    for (std::size_t i = 0; i < js.size(); ++i) {
      const HandJoint& j = js[i];
      HingedPanelConfig c;
      c.mass = j.m * si::kilogram;
      c.I_PntSc_S = inertia(j.I_PntSc_S);
      c.d = -j.r_ScS_S.x() * si::meter;
      c.length = (i + 1 < js.size() ? -js[i + 1].r_S0P_P.x() : 0.0) * si::meter;
      c.dcm_HP = j.dcm_S0P;
      c.k = j.k * si::newton * si::meter / si::radian;
      c.c = j.c * si::newton * si::meter * si::second / si::radian;
      c.theta0 = j.q0 * si::radian;
      c.thetaDot0 = j.qDot0 * si::radian_per_second;
      panels.push_back(c);
    }
    return std::make_shared<NHingedRigidBody>(name, meters(js.at(0).r_S0P_P), panels);
  }
  std::vector<TranslatingAxisConfig> axes;
  for (const HandJoint& j : js) axes.push_back(translating_axis(j));
  return std::make_shared<TranslatingBodyNDOF>(name, axes);
}

/// common_case() of branching_support.hpp for a family parent: the common vehicle "sc" (hub c.o.m.
/// offset so that C starts at B, the common orbit, attitude and rate) with the parent "parent";
/// the children's segment is `child_segment`. Not finalized.
inline BranchCase family_case(FamilyParent p, const std::vector<HandJoint>& joints, std::size_t child_segment,
                              bool gravity = true, const Vector3d& omega0 = omega_BN_B0()) {
  BranchCase c;
  c.spec.kind = Parent::hinged;  // unused by the helpers called on a family case (not a spring-mass-damper)
  c.spec.joints = joints;
  c.spec.child_segment = child_segment;
  c.model = std::make_shared<Model>();
  c.hand.joints = joints;
  c.hand.r_BcB_B = com_offset(joints, kHubMass);
  Vehicle& v = c.model->add_vehicle("sc", hub_config(kHubMass, hub_inertia(), c.hand.r_BcB_B));
  InitialState ic = state_at_B(r_CN_N0(), v_CN_N0(), omega0);
  ic.point = ReferencePoint::C;
  v.set_initial_state(ic);
  c.parent = make_family_parent(p, joints, "parent");
  v.add_state_effector(c.parent);
  if (gravity) c.model->set_gravity(earth());
  return c;
}

}  // namespace ramus::family_test
