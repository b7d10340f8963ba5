#include "effector_tree.hpp"

#include <sstream>

#include "ramus/environment/central_body_gravity.hpp"
#include "ramus/environment/spherical_harmonic_gravity.hpp"
#include "ramus/environment/third_body_gravity.hpp"
#include "ramus/systems/flexible_body.hpp"

namespace ramus::app {
namespace {

std::string end_text(const Model& model, const Model::ResolvedEnd& end) {
  const Vehicle& v = model.vehicle(end.vehicle);
  if (end.state_effector == Model::npos) return v.name() + "/hub";
  return v.name() + "/" + v.state_effectors()[end.state_effector]->name() + " segment " + std::to_string(end.segment);
}

/// One gravity field: its kind and what sets it (degree and order, μ, the rotating frame, the
/// third body's name); a sum, each of its terms.
std::string gravity_text(const GravityModel& g) {
  std::ostringstream out;
  if (const auto* sum = dynamic_cast<const GravitySum*>(&g)) {
    const char* separator = "";
    for (const auto& term : sum->terms()) {
      out << separator << gravity_text(*term);
      separator = " + ";
    }
    return out.str();
  }
  out << g.kind();
  if (const auto* sh = dynamic_cast<const SphericalHarmonicGravity*>(&g))
    out << " (degree " << sh->degree() << ", order " << sh->order() << ", mu " << sh->mu() << " m^3/s^2, R "
        << sh->reference_radius() << " m)";
  else if (const auto* third = dynamic_cast<const ThirdBodyGravity*>(&g))
    out << " '" << third->name() << "'";
  else if (const auto* central = dynamic_cast<const CentralBodyGravity*>(&g))
    out << " (mu " << central->mu() << " m^3/s^2)";
  return out.str();
}

/// A flexible body's modes: mass, frequencies, damping, whether it stiffens; its nodes (segments).
std::string modes_text(const FlexibleBody& b) {
  const ModalData& d = b.modes();
  std::ostringstream out;
  out << "    " << d.modes() << " mode(s) of a " << d.mass << " kg body, omega [rad/s]:";
  for (Eigen::Index k = 0; k < d.modes(); ++k) out << ' ' << d.omega[k];
  out << "; zeta:";
  for (Eigen::Index k = 0; k < d.modes(); ++k) out << ' ' << d.zeta[k];
  out << "\n    segments are its nodes:";
  for (std::size_t k = 0; k < d.nodes.size(); ++k) out << ' ' << k << '=' << d.nodes[k].name;
  out << '\n';
  return out.str();
}

}  // namespace

std::string effector_tree(const Model& model) {
  std::ostringstream out;
  for (std::size_t i = 0; i < model.vehicle_count(); ++i) {
    const Vehicle& v = model.vehicle(i);
    out << v.label() << "\n  hub: " << v.hub().m << " kg\n";
    for (const auto& d : v.dynamic_effectors()) out << "    " << d->kind() << " '" << d->name() << "'\n";
    for (const auto& e : v.state_effectors()) {
      out << "  " << e->label() << ": " << e->segment_count() << " segment(s), states";
      const char* separator = " ";
      for (const StateBlockSpec& b : e->state_blocks()) {
        out << separator << b.name << '[' << b.size << "] (" << b.unit << ')';
        separator = ", ";
      }
      out << '\n';
      if (const auto* flexible = dynamic_cast<const FlexibleBody*>(e.get())) out << modes_text(*flexible);
      const std::vector<StateEffector::OutputSpec> outputs = e->outputs();
      if (!outputs.empty()) {
        out << "    outputs:";
        for (const StateEffector::OutputSpec& o : outputs) out << ' ' << o.name << '[' << o.size << "] " << o.unit;
        out << '\n';
      }
      for (const StateEffector::Child& c : e->children())
        out << "    segment " << c.segment << ": " << c.effector->kind() << " '" << c.effector->name() << "'\n";
    }
  }
  for (const Model::TwoPointAttachment& a : model.two_point_effectors())
    out << a.effector->label() << ": " << end_text(model, a.end1) << " -- " << end_text(model, a.end2) << '\n';
  out << "gravity: " << (model.gravity() ? gravity_text(*model.gravity()) : std::string("none")) << '\n';
  return out.str();
}

}  // namespace ramus::app
