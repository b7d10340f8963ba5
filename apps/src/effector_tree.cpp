#include "effector_tree.hpp"

#include <sstream>

namespace ramus::app {
namespace {

std::string end_text(const Model& model, const Model::ResolvedEnd& end) {
  const Vehicle& v = model.vehicle(end.vehicle);
  if (end.state_effector == Model::npos) return v.name() + "/hub";
  return v.name() + "/" + v.state_effectors()[end.state_effector]->name() + " segment " + std::to_string(end.segment);
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
      for (const StateEffector::Child& c : e->children())
        out << "    segment " << c.segment << ": " << c.effector->kind() << " '" << c.effector->name() << "'\n";
    }
  }
  for (const Model::TwoPointAttachment& a : model.two_point_effectors())
    out << a.effector->label() << ": " << end_text(model, a.end1) << " -- " << end_text(model, a.end2) << '\n';
  out << "gravity: " << (model.gravity() ? std::string(model.gravity()->kind()) : std::string("none")) << '\n';
  return out.str();
}

}  // namespace ramus::app
