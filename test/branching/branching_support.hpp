// Shared set-up of the integrated branching suite (docs/verification/BR_01.md … BR_06.md):
// the common vehicle of docs/verification/README.md "Branching", the parents with the parameters of
// Basilisk's integrated branching test, the children, the second vehicle of the constraint cases,
// logged fixed-step runs, and the *hand* geometry: every segment's position, velocity, attitude and
// angular velocity written from the model's parameters with ordinary rigid-body kinematics in N
// (no spatial vectors, no code of systems/). The tests compare the library against these, against
// balance laws, and against finer steps; nothing here takes a reference from the code under test.
#pragma once

#include <Eigen/Dense>
#include <array>
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <numbers>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/dynamic_effector.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/kernel/workspace.hpp"
#include "ramus/steppers/odeint_steppers.hpp"
#include "ramus/steppers/propagate.hpp"
#include "ramus/systems/constraint.hpp"
#include "ramus/systems/external_force_torque.hpp"
#include "ramus/systems/hinged_rigid_body.hpp"
#include "ramus/systems/linear_spring_mass_damper.hpp"
#include "ramus/systems/pulsed_torque.hpp"
#include "ramus/systems/spinning_body.hpp"
#include "ramus/systems/thruster.hpp"
#include "ramus/systems/translating_body.hpp"
#include "support/hubs.hpp"
#include "support/run.hpp"

namespace ramus::branching_test {

namespace si = boost::units::si;
using Eigen::Matrix3d;
using Eigen::Vector3d;
using Eigen::VectorXd;

inline constexpr double kDeg = std::numbers::pi / 180.0;
/// Unit round-off of double.
inline constexpr double kEps = std::numeric_limits<double>::epsilon();

// ---- small hand-written helpers (independent of kernel/attitude.cpp) -------------------------------
inline Matrix3d skew(const Vector3d& a) {
  Matrix3d m;
  m << 0.0, -a.z(), a.y(), a.z(), 0.0, -a.x(), -a.y(), a.x(), 0.0;
  return m;
}
/// dcm of a frame rotated by +angle about the unit vector s relative to the reference frame
/// (Schaub & Junkins eq. 3.72): cos φ 1 − sin φ [s×] + (1 − cos φ) s sᵀ.
inline Matrix3d frame_rotation(const Vector3d& s, double angle) {
  return std::cos(angle) * Matrix3d::Identity() - std::sin(angle) * skew(s) +
         (1.0 - std::cos(angle)) * s * s.transpose();
}
/// Schaub's M2(θ): the frame rotation by θ about the second axis.
inline Matrix3d M2(double theta) {
  const double c = std::cos(theta), s = std::sin(theta);
  Matrix3d m;
  m << c, 0.0, -s, 0.0, 1.0, 0.0, s, 0.0, c;
  return m;
}
/// dcm_NB of a unit quaternion q_BN (scalar first), written out: (q0² − v·v) 1 + 2 v vᵀ + 2 q0 [v×].
inline Matrix3d dcm_NB_of(const Eigen::Vector4d& q_raw) {
  const Eigen::Vector4d q = q_raw / q_raw.norm();
  const Vector3d v = q.tail<3>();
  return (q[0] * q[0] - v.squaredNorm()) * Matrix3d::Identity() + 2.0 * v * v.transpose() + 2.0 * q[0] * skew(v);
}
/// The axial vector of the skew-symmetric part of m: vee((m − mᵀ)/2).
inline Vector3d vee_of_skew_part(const Matrix3d& m) {
  return 0.5 * Vector3d(m(2, 1) - m(1, 2), m(0, 2) - m(2, 0), m(1, 0) - m(0, 1));
}
inline Matrix3d rows(double a, double b, double c, double d, double e, double f, double g, double h, double i) {
  Matrix3d m;
  m << a, b, c, d, e, f, g, h, i;
  return m;
}
/// Basilisk's recurring dcm [[0,−1,0],[0,0,−1],[1,0,0]] (reference §4.3).
inline Matrix3d basilisk_dcm() { return rows(0, -1, 0, 0, 0, -1, 1, 0, 0); }

/// The name `names` gives the enumerator e: one name per enumerator, in the enumeration's order.
template <class E, std::size_t N>
std::string name_of(E e, const std::array<std::string_view, N>& names) {
  return std::string(names.at(static_cast<std::size_t>(e)));
}

inline units::Length3 meters(const Vector3d& v) { return units::Length3(v, si::meter); }
inline units::InertiaTensor inertia(const Matrix3d& I) { return units::InertiaTensor(I, units::kg_m2); }
inline units::Force3 newtons(const Vector3d& v) { return units::Force3(v, si::newton); }
inline units::Torque3 newton_meters(const Vector3d& v) { return units::Torque3(v, units::newton_meter); }

// ---- the common setup (docs/verification/README.md, "Branching")
// -----------------------------------------------
inline constexpr double kHubMass = test::kStandardHubMass;                           ///< [kg]
inline Matrix3d hub_inertia() { return test::standard_hub_inertia().asDiagonal(); }  ///< [kg m²] about Bc
inline Vector3d r_CN_N0() { return test::basilisk_r_CN_N(); }                        ///< [m]
inline Vector3d v_CN_N0() { return test::basilisk_v_CN_N(); }                        ///< [m/s]
inline Vector3d omega_BN_B0() { return Vector3d(0.1, 0.1, 0.1); }                    ///< [rad/s]
inline std::shared_ptr<const GravityModel> earth() {
  return std::make_shared<CentralBodyGravity>(CentralBodyGravity::earth());
}

// ---- parents ------------------------------------------------------------------------------------------
enum class Parent { hinged, spinning_1dof, spinning_2dof, spinning_ndof, translating_1dof, spring_mass_damper };
inline constexpr std::array<Parent, 5> kCompatibleParents = {
    Parent::hinged, Parent::spinning_1dof, Parent::spinning_2dof, Parent::spinning_ndof, Parent::translating_1dof};
inline std::string parent_name(Parent p) {
  return name_of(p, std::array<std::string_view, 6>{"hinged", "spinning_1dof", "spinning_2dof", "spinning_ndof",
                                                    "translating_1dof", "spring_mass_damper"});
}

/// One joint and the body it carries, in SI, as the test reads the parameters.
/// Revolute: the body frame S is rotated by +q about `axis` (in S) from S0 = dcm_S0P · P.
/// Prismatic: S = dcm_S0P · P, origin r_S0P_P + q · axis, `axis` in the parent frame P.
struct HandJoint {
  bool revolute = true;
  double m = 0.0;                         ///< [kg]
  Matrix3d I_PntSc_S = Matrix3d::Zero();  ///< [kg m²]
  Vector3d r_ScS_S = Vector3d::Zero();    ///< [m]
  Matrix3d dcm_S0P = Matrix3d::Identity();
  Vector3d r_S0P_P = Vector3d::Zero();  ///< [m]
  Vector3d axis = Vector3d::UnitZ();    ///< [1]
  double k = 0.0, c = 0.0;              ///< spring, damper
  double q0 = 0.0, qDot0 = 0.0;         ///< [rad] or [m], per second
  bool locked = false;
};

struct ParentSpec {
  Parent kind = Parent::hinged;
  std::vector<HandJoint> joints;  ///< empty for the spring-mass-damper
  std::size_t child_segment = 0;  ///< the segment Basilisk's test loads (0-based)
};

/// The spinning body of Basilisk's 1-DOF test, the second body of its 2-DOF test: 50 kg,
/// diag(50, 30, 40) kg m², centre at (1, 0, −1) m in S, about −ŷ, in Basilisk's dcm_S0P.
inline HandJoint basilisk_spinning_body() {
  HandJoint j;
  j.m = 50.0;
  j.I_PntSc_S = Vector3d(50.0, 30.0, 40.0).asDiagonal();
  j.r_ScS_S = Vector3d(1.0, 0.0, -1.0);
  j.dcm_S0P = basilisk_dcm();
  j.axis = Vector3d(0.0, -1.0, 0.0);
  return j;
}

/// The joint place, spring, damper and initial angle and rate of Basilisk's 1-DOF hinged and spinning
/// body tests (the same numbers in both): `dmp` scales the damper (0 or 1).
inline HandJoint basilisk_one_dof_drive(HandJoint j, double dmp) {
  j.r_S0P_P = Vector3d(0.5, -1.5, -0.5);
  j.k = 100.0;
  j.c = 50.0 * dmp;
  j.q0 = 5.0 * kDeg;
  j.qDot0 = -1.0 * kDeg;
  return j;
}

/// The parents of Basilisk's integrated branching test (docs/verification/BR_01.md). `dampers`
/// false sets every damper to zero (BR-04). Angles in the reference are in degrees.
inline ParentSpec parent_spec(Parent p, bool dampers = true) {
  ParentSpec s;
  s.kind = p;
  const double dmp = dampers ? 1.0 : 0.0;
  switch (p) {
    case Parent::hinged: {
      HandJoint j;  // m = 50, I = diag(50, 30, 40), d = 1, k = 100, c = 50, r_HB = (0.5, −1.5, −0.5)
      j.m = 50.0;
      j.I_PntSc_S = Vector3d(50.0, 30.0, 40.0).asDiagonal();
      j.r_ScS_S = Vector3d(-1.0, 0.0, 0.0);  // −d ŝ1
      j.dcm_S0P = Matrix3d::Identity();      // dcm_HB
      j.axis = Vector3d::UnitY();            // ĥ2
      s.joints = {basilisk_one_dof_drive(j, dmp)};
      break;
    }
    case Parent::spinning_1dof: {
      s.joints = {basilisk_one_dof_drive(basilisk_spinning_body(), dmp)};
      break;
    }
    case Parent::spinning_2dof: {
      HandJoint j1, j2;
      j1.m = 100.0;
      j1.I_PntSc_S = Vector3d(100.0, 50.0, 50.0).asDiagonal();
      j1.r_ScS_S = Vector3d(1.0, -0.5, 0.0);
      j1.dcm_S0P = Vector3d(-1.0, -1.0, 1.0).asDiagonal();
      j1.r_S0P_P = Vector3d(-1.0, 0.5, -1.0);
      j1.axis = Vector3d(0.0, 0.0, 1.0);
      j1.k = 1000.0;
      j1.c = 500.0 * dmp;
      j1.qDot0 = 1.0 * kDeg;
      j2 = basilisk_spinning_body();
      j2.r_S0P_P = Vector3d(0.5, -0.5, -0.5);
      j2.k = 500.0;
      j2.c = 200.0 * dmp;
      j2.qDot0 = 1.0 * kDeg;
      s.joints = {j1, j2};
      s.child_segment = 1;  // Basilisk's "segment 2"
      break;
    }
    case Parent::spinning_ndof: {
      // 3 segments of two axes each: body A massless about x̂, body B a plate about ŷ.
      const double mB = 100.0 / 3.0, L = 6.0, w = 3.0, t = 0.3;
      for (int seg = 0; seg < 3; ++seg) {
        HandJoint a, b;
        a.m = 0.0;
        a.r_ScS_S = Vector3d(0.0, 3.0, 0.0);
        a.r_S0P_P = seg == 0 ? Vector3d(0.0, 1.5, 1.5 - 0.15) : Vector3d(0.0, 6.0, 0.0);
        a.axis = Vector3d::UnitX();
        a.k = 10.0;
        a.c = 8.0 * dmp;
        a.q0 = 2.0 * kDeg;
        a.qDot0 = -0.5 * kDeg;
        b.m = mB;
        b.I_PntSc_S = (mB / 12.0 * Vector3d(L * L + t * t, w * w + t * t, w * w + L * L)).asDiagonal();
        b.r_ScS_S = Vector3d(0.0, 3.0, 0.0);
        b.axis = Vector3d::UnitY();
        b.k = 1.0;
        b.c = 0.8 * dmp;
        b.q0 = 2.0 * kDeg;
        b.qDot0 = -0.5 * kDeg;
        s.joints.push_back(a);
        s.joints.push_back(b);
      }
      s.child_segment = 3;  // Basilisk's "segment 4": the massive B body of segment 2
      break;
    }
    case Parent::translating_1dof: {
      HandJoint j;
      j.revolute = false;
      j.m = 20.0;
      j.I_PntSc_S = Vector3d(50.0, 80.0, 60.0).asDiagonal();
      j.r_ScS_S = Vector3d(-1.0, 1.0, 0.0);
      j.dcm_S0P = basilisk_dcm();
      j.r_S0P_P = Vector3d(-1.0, 1.0, 0.0);
      j.axis = Vector3d(0.6, 0.8, 0.0);  // fHat_B
      j.k = 100.0;
      j.c = 50.0 * dmp;
      j.q0 = 1.0;
      j.qDot0 = 0.05;
      s.joints = {j};
      break;
    }
    case Parent::spring_mass_damper:
      break;
  }
  return s;
}

/// The spring-mass-damper of §4.3 (the incompatible parent): m = 50, k = 100, c = 50,
/// r_PB = (1, 0, 0), p̂ = x̂, ρ0 = 0, ρ̇0 = 0.5.
inline LinearSpringMassDamperConfig spring_mass_damper_config() {
  LinearSpringMassDamperConfig c;
  c.mass = 50.0 * si::kilogram;
  c.pHat_B = Vector3d::UnitX();
  c.r_PB_B = meters(Vector3d(1.0, 0.0, 0.0));
  c.k = 100.0 * si::newton / si::meter;
  c.c = 50.0 * si::newton * si::second / si::meter;
  c.rho0 = 0.0 * si::meter;
  c.rhoDot0 = 0.5 * si::meter_per_second;
  return c;
}

/// The translating axis of a hand joint.
inline TranslatingAxisConfig translating_axis(const HandJoint& j) {
  TranslatingAxisConfig a;
  a.mass = j.m * si::kilogram;
  a.I_PntFc_F = inertia(j.I_PntSc_S);
  a.r_FcF_F = meters(j.r_ScS_S);
  a.dcm_FP = j.dcm_S0P;
  a.r_F0P_P = meters(j.r_S0P_P);
  a.fHat_P = j.axis;
  a.k = j.k * si::newton / si::meter;
  a.c = j.c * si::newton * si::second / si::meter;
  a.rho0 = j.q0 * si::meter;
  a.rhoDot0 = j.qDot0 * si::meter_per_second;
  a.locked = j.locked;
  return a;
}

/// A revolute hand joint's spring, damper, initial angle and rate, into any configuration that has
/// them (k, c, theta0, thetaDot0: a hinged panel, a spinning axis).
template <class Config>
void set_revolute_values(Config& a, const HandJoint& j) {
  a.k = j.k * si::newton * si::meter / si::radian;
  a.c = j.c * si::newton * si::meter * si::second / si::radian;
  a.theta0 = j.q0 * si::radian;
  a.thetaDot0 = j.qDot0 * si::radian_per_second;
}

inline SpinningAxisConfig spinning_axis(const HandJoint& j) {
  SpinningAxisConfig a;
  a.mass = j.m * si::kilogram;
  a.I_PntSc_S = inertia(j.I_PntSc_S);
  a.r_ScS_S = meters(j.r_ScS_S);
  a.dcm_S0P = j.dcm_S0P;
  a.r_SP_P = meters(j.r_S0P_P);
  a.sHat_S = j.axis;
  set_revolute_values(a, j);
  a.locked = j.locked;
  return a;
}

/// The library's effector for a parent spec (the spec's numbers, through the public configs).
inline std::shared_ptr<StateEffector> make_parent(const ParentSpec& s, const std::string& name) {
  switch (s.kind) {
    case Parent::hinged: {
      const HandJoint& j = s.joints.at(0);
      HingedRigidBodyConfig c;
      c.mass = j.m * si::kilogram;
      c.I_PntSc_S = inertia(j.I_PntSc_S);
      c.d = -j.r_ScS_S.x() * si::meter;
      c.r_HB_B = meters(j.r_S0P_P);
      c.dcm_HB = j.dcm_S0P;
      set_revolute_values(c, j);
      return std::make_shared<HingedRigidBody>(name, c);
    }
    case Parent::spinning_1dof:
      return std::make_shared<SpinningBodyOneDOF>(name, spinning_axis(s.joints.at(0)));
    case Parent::spinning_2dof:
      return std::make_shared<SpinningBodyTwoDOF>(name, spinning_axis(s.joints.at(0)), spinning_axis(s.joints.at(1)));
    case Parent::spinning_ndof: {
      std::vector<SpinningAxisConfig> axes;
      for (const HandJoint& j : s.joints) axes.push_back(spinning_axis(j));
      return std::make_shared<SpinningBodyNDOF>(name, axes);
    }
    case Parent::translating_1dof: {
      return std::make_shared<TranslatingBodyOneDOF>(name, translating_axis(s.joints.at(0)));
    }
    case Parent::spring_mass_damper:
      return std::make_shared<LinearSpringMassDamper>(name, spring_mass_damper_config());
  }
  return nullptr;
}

// ---- hand geometry ----------------------------------------------------------------------------------
/// Inertial kinematics of a frame, everything in N components.
struct HandFrame {
  Vector3d r_N = Vector3d::Zero();  ///< [m] origin
  Vector3d v_N = Vector3d::Zero();  ///< [m/s] its inertial velocity
  Matrix3d dcm_FN = Matrix3d::Identity();
  Vector3d omega_N = Vector3d::Zero();  ///< [rad/s] angular velocity of the frame, in N
  Vector3d omega_F() const { return dcm_FN * omega_N; }
  /// Position and inertial velocity of a point fixed in the frame at r_PF_F.
  Vector3d point(const Vector3d& r_PF_F) const { return r_N + dcm_FN.transpose() * r_PF_F; }
  Vector3d point_velocity(const Vector3d& r_PF_F) const { return v_N + omega_N.cross(dcm_FN.transpose() * r_PF_F); }
};

/// Each joint's body frame, outward from `hub`, from the coordinates q and rates qDot:
///   revolute:  dcm_SP = R(q) dcm_S0P, r_S = r_P + [NP] r_S0P_P, ω_S = ω_P + q̇ [NS] ŝ,
///              v_S = v_P + ω_P × (r_S − r_P);
///   prismatic: dcm_SP = dcm_S0P, r_S = r_P + [NP](r_S0P_P + q f̂_P), ω_S = ω_P,
///              v_S = v_P + ω_P × (r_S − r_P) + q̇ [NP] f̂_P.
/// A locked joint has q̇ = 0 (the state holds zero once locked).
inline std::vector<HandFrame> hand_frames(const std::vector<HandJoint>& joints, const HandFrame& hub, const VectorXd& q,
                                          const VectorXd& qDot) {
  std::vector<HandFrame> out;
  HandFrame parent = hub;
  for (std::size_t i = 0; i < joints.size(); ++i) {
    const HandJoint& j = joints[i];
    const double qi = q[static_cast<Eigen::Index>(i)];
    const double rate = j.locked ? 0.0 : qDot[static_cast<Eigen::Index>(i)];
    const Matrix3d dcm_NP = parent.dcm_FN.transpose();
    HandFrame f;
    if (j.revolute) {
      f.dcm_FN = frame_rotation(j.axis, qi) * j.dcm_S0P * parent.dcm_FN;
      const Vector3d r_SP_N = dcm_NP * j.r_S0P_P;
      f.r_N = parent.r_N + r_SP_N;
      f.omega_N = parent.omega_N + rate * f.dcm_FN.transpose() * j.axis;
      f.v_N = parent.v_N + parent.omega_N.cross(r_SP_N);
    } else {
      f.dcm_FN = j.dcm_S0P * parent.dcm_FN;
      const Vector3d r_SP_N = dcm_NP * (j.r_S0P_P + qi * j.axis);
      f.r_N = parent.r_N + r_SP_N;
      f.omega_N = parent.omega_N;
      f.v_N = parent.v_N + parent.omega_N.cross(r_SP_N) + rate * dcm_NP * j.axis;
    }
    out.push_back(f);
    parent = f;
  }
  return out;
}

/// The joints' initial coordinates q0, and their initial rates q̇0.
inline VectorXd initial_coordinates(const std::vector<HandJoint>& joints) {
  VectorXd q(static_cast<Eigen::Index>(joints.size()));
  for (std::size_t i = 0; i < joints.size(); ++i) q[static_cast<Eigen::Index>(i)] = joints[i].q0;
  return q;
}
inline VectorXd initial_rates(const std::vector<HandJoint>& joints) {
  VectorXd qDot(static_cast<Eigen::Index>(joints.size()));
  for (std::size_t i = 0; i < joints.size(); ++i) qDot[static_cast<Eigen::Index>(i)] = joints[i].qDot0;
  return qDot;
}

/// The hub frame of vehicle `v` read from x (attitude normalised; dcm written out by hand).
inline HandFrame hand_hub(const Model& model, const VectorXd& x, std::size_t v = 0) {
  const VehicleOffsets& o = model.vehicle(v).offsets();
  HandFrame h;
  const Matrix3d dcm_NB = dcm_NB_of(x.segment<4>(o.q_BN));
  h.dcm_FN = dcm_NB.transpose();
  h.r_N = x.segment<3>(o.r_N);
  h.v_N = x.segment<3>(o.v_N);
  h.omega_N = dcm_NB * x.segment<3>(o.omega_BN_B);
  return h;
}

/// A vehicle as the hand geometry sees it: hub parameters and one chain (or none).
struct HandVehicle {
  double m_hub = kHubMass;
  Matrix3d I_hub = hub_inertia();
  Vector3d r_BcB_B = Vector3d::Zero();
  std::vector<HandJoint> joints;          ///< the chain's joints (empty: rigid hub, or a non-chain effector)
  std::size_t effector = 0;               ///< index of the chain among the vehicle's state effectors
  double extra_m = 0.0;                   ///< a non-chain body (the spring-mass-damper particle) …
  Vector3d extra_r_B = Vector3d::Zero();  ///< … at this point of B (constant)
};

/// Hand state of one vehicle at x: hub frame, segment frames, mass, centre of mass and its velocity.
/// Positions are also kept relative to B (r_SB_N, r_CB_N), computed without the hub's 1e7 m so that
/// moment arms carry no ulp(1e7 m) ≈ 2e-9 m round-off.
struct HandState {
  HandFrame hub;
  std::vector<HandFrame> segments;
  std::vector<Vector3d> r_SB_N;  ///< [m] segment origins relative to B, N components
  double m = 0.0;
  Vector3d r_CN_N = Vector3d::Zero(), v_CN_N = Vector3d::Zero();
  Vector3d r_CB_N = Vector3d::Zero();  ///< [m] c.o.m. relative to B, N components
};

inline HandState hand_state(const Model& model, const VectorXd& x, const HandVehicle& hv, std::size_t v = 0) {
  HandState s;
  s.hub = hand_hub(model, x, v);
  HandFrame hub0 = s.hub;  // the hub at the origin: every position below is relative to B
  hub0.r_N.setZero();
  const Matrix3d dcm_NB = s.hub.dcm_FN.transpose();
  double m = hv.m_hub;
  Vector3d mr = hv.m_hub * hub0.point(hv.r_BcB_B);
  Vector3d mv = hv.m_hub * s.hub.point_velocity(hv.r_BcB_B);
  if (!hv.joints.empty()) {
    const VehicleOffsets& o = model.vehicle(v).offsets();
    const Eigen::Index n = static_cast<Eigen::Index>(hv.joints.size());
    const Eigen::Index off = o.state_effectors.at(hv.effector);
    s.segments = hand_frames(hv.joints, hub0, x.segment(off, n), x.segment(off + n, n));
    for (std::size_t i = 0; i < hv.joints.size(); ++i) {
      const double mi = hv.joints[i].m;
      m += mi;
      mr += mi * s.segments[i].point(hv.joints[i].r_ScS_S);
      mv += mi * s.segments[i].point_velocity(hv.joints[i].r_ScS_S);
      s.r_SB_N.push_back(s.segments[i].r_N);
      s.segments[i].r_N += s.hub.r_N;
    }
  }
  if (hv.extra_m > 0.0) {
    m += hv.extra_m;
    mr += hv.extra_m * (dcm_NB * hv.extra_r_B);
    mv += hv.extra_m * s.hub.point_velocity(hv.extra_r_B);
  }
  s.m = m;
  s.r_CB_N = mr / m;
  s.r_CN_N = s.hub.r_N + s.r_CB_N;
  s.v_CN_N = mv / m;
  return s;
}

/// r_BcB_B = −Σ m_i r_Sci/B / m_hub at the initial coordinates (docs/verification/README.md,
/// "Branching"), so that the
/// vehicle's centre of mass starts at B. Hand geometry with the hub at rest at the origin.
inline Vector3d com_offset(const std::vector<HandJoint>& joints, double m_hub, double extra_m = 0.0,
                           const Vector3d& extra_r_B = Vector3d::Zero()) {
  const std::vector<HandFrame> f = hand_frames(joints, HandFrame{}, initial_coordinates(joints),
                                               VectorXd::Zero(static_cast<Eigen::Index>(joints.size())));
  Vector3d mr = extra_m * extra_r_B;
  for (std::size_t i = 0; i < joints.size(); ++i) mr += joints[i].m * f[i].point(joints[i].r_ScS_S);
  return -mr / m_hub;
}

/// The hub velocity that gives the vehicle's centre of mass the velocity v_CN_N at t0 (identity
/// attitude, rate omega, initial joint coordinates and rates): v_B = v_C − (Σ m_i ṙ_i/B)/m.
inline Vector3d hub_velocity_for(const HandVehicle& hv, const Vector3d& v_CN_N, const Vector3d& omega) {
  HandFrame hub;
  hub.omega_N = omega;
  const std::vector<HandFrame> f =
      hand_frames(hv.joints, hub, initial_coordinates(hv.joints), initial_rates(hv.joints));
  double m = hv.m_hub;
  Vector3d mv = hv.m_hub * hub.point_velocity(hv.r_BcB_B);
  for (std::size_t i = 0; i < hv.joints.size(); ++i) {
    m += hv.joints[i].m;
    mv += hv.joints[i].m * f[i].point_velocity(hv.joints[i].r_ScS_S);
  }
  return v_CN_N - mv / m;
}

using test::hub_config;

inline InitialState state_at_B(const Vector3d& r_BN_N, const Vector3d& v_BN_N, const Vector3d& omega_BN_B,
                               const Eigen::Vector4d& q_BN = Eigen::Vector4d(1.0, 0.0, 0.0, 0.0)) {
  return test::initial_state(r_BN_N, v_BN_N, q_BN, omega_BN_B);
}

// ---- children ------------------------------------------------------------------------------------
enum class Child { force_torque, thruster, constraint_one_hub, constraint_no_hubs, two_children, pulsed_torque };
inline constexpr std::array<Child, 6> kAllChildren = {Child::force_torque,       Child::thruster,
                                                      Child::constraint_one_hub, Child::constraint_no_hubs,
                                                      Child::two_children,       Child::pulsed_torque};
inline std::string child_name(Child c) {
  return name_of(c, std::array<std::string_view, 6>{"force_torque", "thruster", "constraint_one_hub",
                                                    "constraint_no_hubs", "two_children", "pulsed_torque"});
}

/// F = (1, 1, 1) N, τ = (1, 1, 1) N m in the segment frame about its origin (§4.3), times `scale`.
inline Vector3d ft_force_S(double scale = 1.0) { return scale * Vector3d(1.0, 1.0, 1.0); }
inline Vector3d ft_torque_S(double scale = 1.0) { return scale * Vector3d(1.0, 1.0, 1.0); }
inline std::shared_ptr<ExternalForceTorque> make_force_torque(const std::string& name, double scale = 1.0) {
  ExternalForceTorqueConfig c;
  c.force_F = newtons(ft_force_S(scale));
  c.torque_PntF_F = newton_meters(ft_torque_S(scale));
  return std::make_shared<ExternalForceTorque>(name, c);
}
/// The second child of "two children on one segment": an inertial force (rotated into the segment
/// with its current attitude) and a segment-frame torque.
inline Vector3d second_force_N(double scale = 1.0) { return scale * Vector3d(0.5, -1.0, 2.0); }
inline Vector3d second_torque_S(double scale = 1.0) { return scale * Vector3d(-0.3, 0.2, 0.4); }
inline std::shared_ptr<ExternalForceTorque> make_second_force_torque(const std::string& name, double scale = 1.0) {
  ExternalForceTorqueConfig c;
  c.force_N = newtons(second_force_N(scale));
  c.torque_PntF_F = newton_meters(second_torque_S(scale));
  return std::make_shared<ExternalForceTorque>(name, c);
}

/// The thruster child: 22 N (Basilisk's MOOG Monarc 22-6) along −ŷ of the segment, at an offset
/// r_TF_F so that its moment is exercised, firing over [0.25, 0.75) s (dyadic edges, on the step
/// grid of every step 2^-k used here), first-order ramp with time constant tau [s] (0: instant).
struct ThrusterSpec {
  Vector3d r_TF_F = Vector3d(0.2, 0.0, 0.5);
  Vector3d direction_F = Vector3d(0.0, -1.0, 0.0);
  double max_thrust = 22.0;
  double tau = 0.0;
  double on = 0.25, off = 0.75;
  /// Thrust factor by hand: 0 before on; 1 − e^{−(t−on)/τ} during; κ_off e^{−(t−off)/τ} after
  /// (instant: 1 on [on, off), 0 elsewhere).
  double factor(double t) const {
    if (t < on) return 0.0;
    if (tau == 0.0) return t < off ? 1.0 : 0.0;
    if (t < off) return 1.0 - std::exp(-(t - on) / tau);
    return (1.0 - std::exp(-(off - on) / tau)) * std::exp(-(t - off) / tau);
  }
  Vector3d force_F(double t, double scale = 1.0) const { return scale * max_thrust * factor(t) * direction_F; }
};
inline std::shared_ptr<Thruster> make_thruster(const std::string& name, const ThrusterSpec& s, double scale = 1.0) {
  ThrusterConfig c;
  c.r_TF_F = meters(s.r_TF_F);
  c.force_direction_F = s.direction_F;
  c.max_thrust = scale * s.max_thrust * si::newton;
  c.ramp_time_constant = s.tau * si::second;
  auto t = std::make_shared<Thruster>(name, c);
  t->add_firing(s.on * si::second, (s.off - s.on) * si::second);
  return t;
}

inline std::shared_ptr<PulsedTorque> make_pulsed_torque(const std::string& name) {
  PulsedTorqueConfig c;  // countOnPulse = 1, countOff = 1, τ = (1, 1, 1) (§4.3), one count per ms
  c.torque_PntB_B = newton_meters(Vector3d(1.0, 1.0, 1.0));
  c.period = 1e-3 * si::second;
  c.count_on = 1;
  c.count_off = 1;
  return std::make_shared<PulsedTorque>(name, c);
}

/// A child's load by hand, from the segment's hand frame and t: (F_N, τ_N about the frame origin).
using HandLoad = std::function<std::pair<Vector3d, Vector3d>(const HandFrame& segment, double t)>;

inline HandLoad hand_force_torque(double scale = 1.0) {
  return [scale](const HandFrame& f, double) {
    const Matrix3d dcm_NS = f.dcm_FN.transpose();
    return std::make_pair(Vector3d(dcm_NS * ft_force_S(scale)), Vector3d(dcm_NS * ft_torque_S(scale)));
  };
}
inline HandLoad hand_thruster(const ThrusterSpec& s, double scale = 1.0) {
  return [s, scale](const HandFrame& f, double t) {
    const Matrix3d dcm_NS = f.dcm_FN.transpose();
    const Vector3d F_S = s.force_F(t, scale);
    return std::make_pair(Vector3d(dcm_NS * F_S), Vector3d(dcm_NS * s.r_TF_F.cross(F_S)));
  };
}
inline HandLoad hand_two_children(double scale = 1.0) {
  return [scale](const HandFrame& f, double) {
    const Matrix3d dcm_NS = f.dcm_FN.transpose();
    return std::make_pair(Vector3d(dcm_NS * ft_force_S(scale) + second_force_N(scale)),
                          Vector3d(dcm_NS * (ft_torque_S(scale) + second_torque_S(scale))));
  };
}

// ---- one vehicle with one parent and its children (BR-01 … BR-05) ----------------------------------
struct BranchCase {
  std::shared_ptr<Model> model;
  ParentSpec spec;
  std::shared_ptr<StateEffector> parent;
  HandVehicle hand;                             ///< vehicle 0 ("sc")
  HandVehicle hand_other;                       ///< vehicle 1 ("x") of the constraint children
  std::shared_ptr<StateEffector> other_parent;  ///< x's spinning body (constraint_no_hubs)
};

/// The common vehicle "sc" with `spec`'s parent "parent" (hub c.o.m. offset so that C starts at B),
/// at the common orbit, attitude and rate, with Earth point-mass gravity when `gravity`.
/// Not finalized: the caller attaches children, then finalizes.
inline BranchCase common_case(const ParentSpec& spec, bool gravity = true, const Vector3d& omega0 = omega_BN_B0()) {
  BranchCase c;
  c.spec = spec;
  c.model = std::make_shared<Model>();
  c.hand.joints = spec.joints;
  if (spec.kind == Parent::spring_mass_damper) {
    c.hand.extra_m = 50.0;
    c.hand.extra_r_B = Vector3d(1.0, 0.0, 0.0);  // r_PB + ρ0 p̂ (ρ0 = 0); the particle moves, but
                                                 // only its initial position sets the offset
  }
  c.hand.r_BcB_B = com_offset(spec.joints, kHubMass, c.hand.extra_m, c.hand.extra_r_B);
  Vehicle& v = c.model->add_vehicle("sc", hub_config(kHubMass, hub_inertia(), c.hand.r_BcB_B));
  // Given at C (as Basilisk's r_CN_NInit/v_CN_NInit): the library moves it to B with c_B, which
  // the offset makes zero, and c'_B, which the joint rates make non-zero.
  InitialState ic = state_at_B(r_CN_N0(), v_CN_N0(), omega0);
  ic.point = ReferencePoint::C;
  v.set_initial_state(ic);
  c.parent = make_parent(spec, "parent");
  v.add_state_effector(c.parent);
  if (gravity) c.model->set_gravity(earth());
  return c;
}

/// The second vehicle "x" of the constraint children (§4.3): m = 750, I = diag(600, 600, 600); for
/// `with_body` it carries its own spinning 1-DOF body "x_body" (same parameters) and the hub offset
/// that puts its c.o.m. at B. It is placed so that the constraint violation is zero at t0 and moves
/// with vehicle sc as one rigid body rotating at ω0 (identity attitudes, so ω_N = ω_B).
/// Constraint: end 1 on x (hub or x_body segment 0), P1 at (1, 0, 0); end 2 on sc's parent segment
/// `segment`, P2 at (−1, 0, 0); reference offset (1, 0, 0) in F1; α = 100 N/m, β = 20 N s/m
/// (Basilisk's α = β = 10 mean k = α² = 100, c = 2β = 20).
inline std::shared_ptr<Constraint> add_other_vehicle(BranchCase& c, bool with_body, std::size_t segment,
                                                     double alpha = 100.0, double beta = 20.0) {
  const Vector3d r_P1F1(1.0, 0.0, 0.0), r_P2F2(-1.0, 0.0, 0.0), r_ref(1.0, 0.0, 0.0);
  // Where sc's P2 is at t0 (hand geometry; sc's hub at r_CN_N0 with identity attitude).
  HandFrame hub_sc;
  hub_sc.r_N = r_CN_N0();
  hub_sc.v_N = hub_velocity_for(c.hand, v_CN_N0(), omega_BN_B0());
  hub_sc.omega_N = omega_BN_B0();
  // (A parent without segments, the spring-mass-damper, is refused at finalize; the hub frame
  // then stands in for the placement.)
  const HandFrame f2 = c.spec.joints.empty() ? hub_sc
                                             : hand_frames(c.spec.joints, hub_sc, initial_coordinates(c.spec.joints),
                                                           initial_rates(c.spec.joints))
                                                   .at(segment);
  const Vector3d r_P2N = f2.point(r_P2F2);
  // x's end-1 frame relative to x's hub (identity attitude): the hub itself or x_body's segment 0.
  c.hand_other = HandVehicle{};
  c.hand_other.I_hub = Vector3d(600.0, 600.0, 600.0).asDiagonal();
  Vector3d r_F1Bx_N = Vector3d::Zero();
  Matrix3d dcm_NF1 = Matrix3d::Identity();
  if (with_body) {
    c.hand_other.joints = parent_spec(Parent::spinning_1dof).joints;
    c.hand_other.r_BcB_B = com_offset(c.hand_other.joints, kHubMass);
    VectorXd q1(1), r1(1);
    q1[0] = c.hand_other.joints[0].q0;
    r1[0] = 0.0;
    const HandFrame f1 = hand_frames(c.hand_other.joints, HandFrame{}, q1, r1).at(0);
    r_F1Bx_N = f1.r_N;
    dcm_NF1 = f1.dcm_FN.transpose();
  }
  const Vector3d r_BxN = r_P2N - dcm_NF1 * (r_P1F1 + r_ref) - r_F1Bx_N;
  const Vector3d v_BxN = hub_sc.v_N + hub_sc.omega_N.cross(r_BxN - hub_sc.r_N);
  Vehicle& x = c.model->add_vehicle("x", hub_config(kHubMass, c.hand_other.I_hub, c.hand_other.r_BcB_B));
  x.set_initial_state(state_at_B(r_BxN, v_BxN, omega_BN_B0()));
  if (with_body) {
    c.other_parent = make_parent(parent_spec(Parent::spinning_1dof), "x_body");
    x.add_state_effector(c.other_parent);
  }
  ConstraintConfig k;
  k.end1 = AttachPoint{"x", with_body ? "x_body" : "", 0};
  k.end2 = AttachPoint{"sc", "parent", segment};
  k.r_P1F1_F1 = meters(r_P1F1);
  k.r_P2F2_F2 = meters(r_P2F2);
  k.r_P2P1_F1 = meters(r_ref);
  k.alpha = alpha * si::newton / si::meter;
  k.beta = beta * si::newton * si::second / si::meter;
  auto constraint = std::make_shared<Constraint>(with_body ? "link_bodies" : "link_hub", k);
  c.model->add_two_point_effector(constraint);
  return constraint;
}

// ---- runs -----------------------------------------------------------------------------------------
using test::cumulative_trapezoid;
using test::run_sampled;
using test::Sample;

/// log2 of a ratio, for messages.
inline double order_of(double coarse, double fine) { return std::log2(coarse / fine); }

// ---- BR-02: probes, recorded calls, published frames ----------------------------------------------
/// A test-only child that records the frame kinematics it is handed, and applies nothing.
class Probe final : public DynamicEffector {
 public:
  struct Record {
    double t;
    FrameKinematics frame;
  };
  explicit Probe(std::string name) : DynamicEffector(std::move(name)), log_(std::make_shared<std::vector<Record>>()) {}
  std::string_view kind() const override { return "probe"; }
  Wrench wrench(const FrameKinematics& frame, ConstInputBlock, const LoadContext& at) const override {
    log_->push_back({at.t, frame});
    return {};
  }
  std::vector<Record>& log() const { return *log_; }

 private:
  std::shared_ptr<std::vector<Record>> log_;
};

/// The System, recording the (t, x) of every call.
struct RecordingSystem {
  const System* system;
  std::vector<Sample>* calls;
  void operator()(const VectorXd& x, VectorXd& dxdt, double t) const {
    (*system)(x, dxdt, t);
    calls->push_back({t, x});
  }
};

/// One Probe ("probe_<s>") on every segment s = 0 … n − 1 of `parent`.
inline std::vector<std::shared_ptr<Probe>> attach_probes(StateEffector& parent, std::size_t n) {
  std::vector<std::shared_ptr<Probe>> probes;
  for (std::size_t s = 0; s < n; ++s) {
    probes.push_back(std::make_shared<Probe>("probe_" + std::to_string(s)));
    parent.add_dynamic_effector(probes.back(), s);
  }
  return probes;
}

/// From x at t = 0 to t_n at step h (ramus::propagate), the probes' logs cleared, then one rk4 step
/// of h from t_n recording every call of the System. x ends after that step.
inline std::vector<Sample> recorded_step(const System& system, VectorXd& x,
                                         const std::vector<std::shared_ptr<Probe>>& probes, double h, double t_n) {
  PropagationSettings settings;
  settings.dt = h;
  propagate(system, x, 0.0, t_n, settings);
  for (auto& pr : probes) pr->log().clear();
  std::vector<Sample> calls;
  odeint_steppers::rk4 stepper;
  stepper.do_step(RecordingSystem{&system, &calls}, x, t_n, h);
  return calls;
}

/// BR-02's stage: from the model's initial state to t_n = kStageStart at h = kStageStep, then one
/// rk4 step recorded (recorded_step); its calls, four (required). calls[1] is the stage, t_n + h/2
/// at x_n + (h/2) k1: a state that is never a step's end point.
inline constexpr double kStageStep = 1.0 / 1024.0, kStageStart = 0.5;  ///< [s] h = 2^-10 s, t_n
inline std::vector<Sample> stage_calls(const System& system, const std::vector<std::shared_ptr<Probe>>& probes) {
  VectorXd x = system.model().initial_state();
  const std::vector<Sample> calls = recorded_step(system, x, probes, kStageStep, kStageStart);
  BOOST_REQUIRE(calls.size() == 4);
  return calls;
}

/// x propagated from (t, x) by `span` (either sign) in n rk4 steps.
inline VectorXd integrate_from(const System& system, VectorXd x, double t, double span, int n) {
  odeint_steppers::rk4 stepper;
  const double h = span / n;
  for (int i = 0; i < n; ++i) stepper.do_step(std::ref(system), x, t + i * h, h);
  return x;
}

/// The published frame of segment s at x: evaluate the system there and read its workspace.
inline FrameKinematics published(const System& system, const StateEffector& parent, const VectorXd& x, double t,
                                 std::size_t s) {
  VectorXd dxdt(x.size());
  system(x, dxdt, t);
  return parent.segment(s, *system.workspace().vehicles[0].effectors[0]);
}

/// Central differences of the published frames of segments 0 … probes.size() − 1 of `parent`, at
/// ±delta from the stage along an accurate trajectory through it (integrate_from, 16 rk4 steps):
/// the velocity of each origin and the angular velocity of each frame, whose attitude at the stage
/// is the one its probe recorded there (the probe's second record, the stage of recorded_step).
struct Quotients {
  std::vector<Vector3d> v, omega;
};
inline Quotients published_quotients(const System& system, const StateEffector& parent, const VehicleOffsets& o,
                                     const Sample& stage, const std::vector<std::shared_ptr<Probe>>& probes,
                                     double delta) {
  Quotients q;
  const VectorXd x_plus = integrate_from(system, stage.x, stage.t, delta, 16);
  const VectorXd x_minus = integrate_from(system, stage.x, stage.t, -delta, 16);
  for (std::size_t s = 0; s < probes.size(); ++s) {
    const FrameKinematics& k = probes[s]->log()[1].frame;
    const FrameKinematics kp = published(system, parent, x_plus, stage.t + delta, s);
    const FrameKinematics km = published(system, parent, x_minus, stage.t - delta, s);
    // Relative to B, whose own r' = v is the state equation: the orbit's 1e7 m then cancels
    // exactly (Sterbenz) and only the rounding of the published r_SN itself remains.
    const Vector3d r_plus = kp.r_FN_N - x_plus.segment<3>(o.r_N);
    const Vector3d r_minus = km.r_FN_N - x_minus.segment<3>(o.r_N);
    q.v.push_back((r_plus - r_minus) / (2.0 * delta));
    // dcm_FN' = −[ω_F×] dcm_FN, so [ω_F×] = −dcm_FN' dcm_FNᵀ.
    const Matrix3d dcm_dot = (kp.dcm_FN - km.dcm_FN) / (2.0 * delta);
    q.omega.push_back(vee_of_skew_part(-dcm_dot * k.dcm_FN.transpose()));
  }
  return q;
}

/// Richardson's combination (4 D(δ/2) − D(δ))/3 of central differences at δ (`coarse`) and δ/2
/// (`fine`): the δ² truncation cancels and O(δ⁴) remains.
inline Vector3d richardson(const Vector3d& fine, const Vector3d& coarse) { return (4.0 * fine - coarse) / 3.0; }

// ---- BR-05: the weld check -------------------------------------------------------------------------
/// A constraint "weld_check" between P1 = (0.3, −0.2, 0.4) m on the hub of "sc" and P2 = (1, 0.5,
/// −0.5) m on segment 0 of its "parent", whose joints are `joints` (the first at rest, to be locked): α = 0,
/// the velocity term only (ψ, from positions of 1e7 m, carries 1e-9 m of round-off), β [N s/m]. The
/// reference offset is their initial separation in B (hand geometry at identity attitude with B at
/// the origin, so N components are B components).
inline std::shared_ptr<Constraint> weld_check(const std::vector<HandJoint>& joints, double beta) {
  const Vector3d r_P1B_B(0.3, -0.2, 0.4), r_P2S_S(1.0, 0.5, -0.5);
  const HandFrame f = hand_frames(joints, HandFrame{}, initial_coordinates(joints),
                                  VectorXd::Zero(static_cast<Eigen::Index>(joints.size())))
                          .at(0);
  ConstraintConfig k;
  k.end1 = AttachPoint{"sc", "", 0};
  k.end2 = AttachPoint{"sc", "parent", 0};
  k.r_P1F1_F1 = meters(r_P1B_B);
  k.r_P2F2_F2 = meters(r_P2S_S);
  k.r_P2P1_F1 = meters(f.point(r_P2S_S) - r_P1B_B);
  k.alpha = 0.0 * si::newton / si::meter;
  k.beta = beta * si::newton * si::second / si::meter;
  return std::make_shared<Constraint>("weld_check", k);
}

}  // namespace ramus::branching_test

// ---- one test case per parent ---------------------------------------------------------------------
/// BOOST_AUTO_TEST_CASE(<name>_<P>) calling check(Parent::P); the cases of every parent with a lock
/// (spinning 1-, 2-, N-DOF, translating 1-DOF), and of every compatible parent (kCompatibleParents:
/// those and the hinged panel).
#define RAMUS_BRANCHING_PARENT_CASE(name, check, P) \
  BOOST_AUTO_TEST_CASE(name##_##P) { check(ramus::branching_test::Parent::P); }
#define RAMUS_BRANCHING_CASES_OF_PARENTS_WITH_A_LOCK(name, check) \
  RAMUS_BRANCHING_PARENT_CASE(name, check, spinning_1dof)         \
  RAMUS_BRANCHING_PARENT_CASE(name, check, spinning_2dof)         \
  RAMUS_BRANCHING_PARENT_CASE(name, check, spinning_ndof)         \
  RAMUS_BRANCHING_PARENT_CASE(name, check, translating_1dof)
#define RAMUS_BRANCHING_CASES_OF_COMPATIBLE_PARENTS(name, check) \
  RAMUS_BRANCHING_PARENT_CASE(name, check, hinged)               \
  RAMUS_BRANCHING_CASES_OF_PARENTS_WITH_A_LOCK(name, check)
