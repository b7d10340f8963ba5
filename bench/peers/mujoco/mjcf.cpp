#include "mjcf.hpp"

#include <limits>
#include <sstream>

#include "ramus/kernel/attitude.hpp"
#include "ramus/systems/reaction_wheels.hpp"
#include "ramus/systems/serial_chain.hpp"

namespace ramus::bench::mujoco {
namespace {

/// Writes doubles with round-trip precision, so that MuJoCo reads ramus's numbers exactly.
class Xml {
 public:
  Xml() { os_.precision(std::numeric_limits<double>::max_digits10); }
  std::ostringstream& line(int depth) {
    os_ << std::string(static_cast<std::size_t>(2 * depth), ' ');
    return os_;
  }
  std::string str() const { return os_.str(); }

 private:
  std::ostringstream os_;
};

std::string numbers(std::initializer_list<double> values) {
  std::ostringstream os;
  os.precision(std::numeric_limits<double>::max_digits10);
  const char* sep = "";
  for (const double v : values) {
    os << sep << v;
    sep = " ";
  }
  return os.str();
}

std::string vec(const Eigen::Vector3d& v) { return numbers({v.x(), v.y(), v.z()}); }

/// MuJoCo's body quaternion (w x y z) maps child components to parent components, as ramus's
/// R(q) does (notation.md eq. 3.2): the quaternion of dcm_PS.
std::string quat(const Eigen::Matrix3d& dcm_PS) {
  const Quaternion q = quat_from_rotation_matrix(dcm_PS);
  return numbers({q[0], q[1], q[2], q[3]});
}

/// <inertial>: mass m at r_c (body frame), inertia I_c about that point in body axes. MuJoCo's
/// fullinertia order is I11 I22 I33 I12 I13 I23.
void inertial(Xml& xml, int depth, double m, const Eigen::Vector3d& r_c, const Eigen::Matrix3d& I_c) {
  xml.line(depth) << "<inertial pos=\"" << vec(r_c) << "\" mass=\"" << numbers({m}) << "\" fullinertia=\""
                  << numbers({I_c(0, 0), I_c(1, 1), I_c(2, 2), I_c(0, 1), I_c(0, 2), I_c(1, 2)}) << "\"/>\n";
}

std::string chain_unsupported(const SerialChain& chain) {
  for (std::size_t i = 0; i < chain.dof(); ++i) {
    const ChainLink& L = chain.link(i);
    const std::string joint = chain.label() + " joint " + std::to_string(i + 1);
    if (L.locked) return joint + " is locked (no MuJoCo joint lock here)";
    // The input as configured: a later set_motor_input() or a profile is not visible here; the
    // acceleration check at x0 catches one that acts there.
    if (L.u != 0.0) return joint + " has a motor input";
    if (L.qDot_ref != 0.0) return joint + " has a damper reference rate (MuJoCo's damping is -c qDot)";
  }
  return {};
}

std::string wheels_unsupported(const ReactionWheels& wheels) {
  for (std::size_t i = 0; i < wheels.wheel_count(); ++i) {
    const std::string wheel = wheels.label() + " wheel " + std::to_string(i + 1);
    if (wheels.initial_motor_torque(i) != 0.0) return wheel + " has a motor torque";
    if (wheels.wheel(i).tau_c != 0.0) return wheel + " has Coulomb friction";
  }
  return {};
}

/// Why `model` has no MuJoCo counterpart here; empty when it has one.
std::string unsupported(const Model& model) {
  if (model.gravity()) return "gravity field (MuJoCo's gravity is uniform: no central body)";
  if (!model.two_point_effectors().empty())
    return model.two_point_effectors().front().effector->label() + " between attach points (a soft constraint)";
  for (std::size_t v = 0; v < model.vehicle_count(); ++v) {
    const Vehicle& vehicle = model.vehicle(v);
    if (!vehicle.dynamic_effectors().empty())
      return std::string(vehicle.dynamic_effectors().front()->kind()) + " '" +
             vehicle.dynamic_effectors().front()->name() + "' on the hub (a body-fixed load)";
    for (const auto& e : vehicle.state_effectors()) {
      if (!e->children().empty())
        return std::string(e->children().front().effector->kind()) + " on a segment of " + e->label();
      if (const auto* chain = dynamic_cast<const SerialChain*>(e.get())) {
        if (std::string why = chain_unsupported(*chain); !why.empty()) return why;
      } else if (const auto* wheels = dynamic_cast<const ReactionWheels*>(e.get())) {
        if (std::string why = wheels_unsupported(*wheels); !why.empty()) return why;
      } else {
        return e->label() + " (no MuJoCo mapping for this kind)";
      }
    }
  }
  return {};
}

/// Link i+1 is a body in link i's (the hub for i = 0): its frame S0 at r_S0P_P with dcm_PS0 =
/// dcm_S0Pᵀ, and a joint on the axis through S. MuJoCo's hinge turns the child by +q about its
/// local axis (dcm_PS = dcm_PS0 Rot(s, q)), which is ramus's dcm_SP = R(q) dcm_S0P with
/// R(q) = Rot(s, q)ᵀ (serial_chain.md eq. 4); its slide moves the child by q along the local axis,
/// i.e. by q dcm_S0Pᵀ s in P, as ramus's prismatic joint does.
void chain_bodies(Xml& xml, int depth, const SerialChain& chain, const std::string& prefix, Eigen::Index offset,
                  Mjcf& out) {
  const Eigen::Index n = static_cast<Eigen::Index>(chain.dof());
  for (Eigen::Index i = 0; i < n; ++i) {
    const ChainLink& L = chain.link(static_cast<std::size_t>(i));
    const std::string name = prefix + "/" + std::to_string(i + 1);
    const int d = depth + static_cast<int>(i);
    xml.line(d) << "<body name=\"" << name << "\" pos=\"" << vec(L.r_S0P_P) << "\" quat=\""
                << quat(L.dcm_S0P.transpose()) << "\">\n";
    // Spring and damper, serial_chain.md eq. (3) with u = 0 and qDot_ref = 0:
    // MuJoCo's passive force −stiffness (q − springref) − damping qDot.
    xml.line(d + 1) << "<joint name=\"" << name << "\" type=\"" << (L.type == JointType::revolute ? "hinge" : "slide")
                    << "\" pos=\"0 0 0\" axis=\"" << vec(L.axis_S) << "\" stiffness=\"" << numbers({L.k})
                    << "\" springref=\"" << numbers({L.q_ref}) << "\" damping=\"" << numbers({L.c}) << "\"/>\n";
    inertial(xml, d + 1, L.m, L.r_ScS_S, L.I_PntSc_S);
    out.joints.push_back({name, offset + i, offset + n + i});
  }
  for (Eigen::Index i = n - 1; i >= 0; --i) xml.line(depth + static_cast<int>(i)) << "</body>\n";
}

/// Wheel i is a body at its centre of mass Wc, axes parallel to B at angle 0, with a hinge about
/// gsHat_B; its inertia is axisymmetric about that axis, so the wheel angle (which ramus does not
/// keep) changes nothing. Viscous friction −b Omega is the joint's damping.
void wheel_bodies(Xml& xml, int depth, const ReactionWheels& wheels, const std::string& prefix, Eigen::Index offset,
                  Mjcf& out) {
  for (std::size_t i = 0; i < wheels.wheel_count(); ++i) {
    const ReactionWheelParameters& w = wheels.wheel(i);
    const std::string name = prefix + "/" + std::to_string(i + 1);
    xml.line(depth) << "<body name=\"" << name << "\" pos=\"" << vec(w.r_WcB_B) << "\">\n";
    xml.line(depth + 1) << "<joint name=\"" << name << "\" type=\"hinge\" pos=\"0 0 0\" axis=\"" << vec(w.gsHat_B)
                        << "\" damping=\"" << numbers({w.b}) << "\"/>\n";
    inertial(xml, depth + 1, w.m, Eigen::Vector3d::Zero(), w.I_PntWc_B);
    xml.line(depth) << "</body>\n";
    out.joints.push_back({name, -1, offset + static_cast<Eigen::Index>(i)});
  }
}

/// The hub: a free body with origin B (MuJoCo's free joint: qpos = (r_BN_N, q_BN), qvel =
/// (v_BN_N, omega_BN_B), the linear velocity in world axes and the angular one in body axes).
void vehicle_body(Xml& xml, const Vehicle& vehicle, Mjcf& out) {
  const HubParameters& hub = vehicle.hub();
  const VehicleOffsets& o = vehicle.offsets();
  xml.line(2) << "<body name=\"" << vehicle.name() << "\">\n";
  xml.line(3) << "<joint name=\"" << vehicle.name() << "\" type=\"free\"/>\n";
  inertial(xml, 3, hub.m, hub.r_BcB_B, hub.I_PntBc_B);
  out.hubs.push_back({vehicle.name(), o.r_N, o.v_N, o.q_BN, o.omega_BN_B});
  for (std::size_t e = 0; e < vehicle.state_effectors().size(); ++e) {
    const StateEffector& effector = *vehicle.state_effectors()[e];
    const std::string prefix = vehicle.name() + "/" + effector.name();
    if (const auto* chain = dynamic_cast<const SerialChain*>(&effector))
      chain_bodies(xml, 3, *chain, prefix, o.state_effectors[e], out);
    else
      wheel_bodies(xml, 3, dynamic_cast<const ReactionWheels&>(effector), prefix, o.state_effectors[e], out);
  }
  xml.line(2) << "</body>\n";
}

}  // namespace

MjcfResult make_mjcf(const Model& model) {
  if (std::string why = unsupported(model); !why.empty()) return {std::nullopt, why};
  Mjcf out;
  Xml xml;
  xml.line(0) << "<mujoco model=\"ramus\">\n";
  xml.line(1) << "<compiler angle=\"radian\" inertiafromgeom=\"false\"/>\n";
  xml.line(1) << "<option gravity=\"0 0 0\" integrator=\"RK4\">\n";
  xml.line(2) << "<flag contact=\"disable\"/>\n";
  xml.line(1) << "</option>\n";
  xml.line(1) << "<worldbody>\n";
  for (std::size_t v = 0; v < model.vehicle_count(); ++v) vehicle_body(xml, model.vehicle(v), out);
  xml.line(1) << "</worldbody>\n";
  xml.line(0) << "</mujoco>\n";
  out.xml = xml.str();
  return {std::move(out), {}};
}

}  // namespace ramus::bench::mujoco
