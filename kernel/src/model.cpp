#include "ramus/kernel/model.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/forward_dynamics.hpp"
#include "ramus/kernel/validation.hpp"
#include "ramus/kernel/workspace.hpp"

namespace ramus {

Vehicle& Model::add_vehicle(std::string name, const HubConfig& hub) {
  if (finalized_)
    throw ConfigurationError("model", "add_vehicle", "'" + name + "'",
                             "the model is finalized; its structure can no longer change");
  for (const auto& v : vehicles_)
    if (v->name() == name) throw ConfigurationError("model", "vehicle name", "'" + name + "'", "is already used");
  vehicles_.push_back(std::make_unique<Vehicle>(std::move(name), hub));
  return *vehicles_.back();
}

void Model::set_gravity(std::shared_ptr<const GravityModel> gravity) {
  if (finalized_)
    throw ConfigurationError("model", "gravity", gravity ? std::string(gravity->kind()) : "none",
                             "the model is finalized; its structure can no longer change");
  gravity_ = std::move(gravity);
}

void Model::add_two_point_effector(std::shared_ptr<TwoPointEffector> effector) {
  if (!effector) throw ConfigurationError("model", "add_two_point_effector", "null", "needs an effector");
  if (finalized_)
    throw ConfigurationError("model", "add_two_point_effector", effector->label(),
                             "the model is finalized; its structure can no longer change");
  for (const auto& t : two_point_)
    if (t.effector->name() == effector->name())
      throw ConfigurationError("model", "two-point effector name", "'" + effector->name() + "'", "is already used");
  two_point_.push_back({std::move(effector), {}, {}});
}

Model::ResolvedEnd Model::resolve(const TwoPointEffector& e, const AttachPoint& p, const char* which) const {
  ResolvedEnd r;
  bool found = false;
  for (std::size_t i = 0; i < vehicles_.size() && !found; ++i)
    if (vehicles_[i]->name() == p.vehicle) {
      r.vehicle = i;
      found = true;
    }
  if (!found)
    throw ConfigurationError(e.label(), std::string(which) + ".vehicle", "'" + p.vehicle + "'", "no vehicle has this name");
  if (p.effector.empty()) return r;
  const auto& effectors = vehicles_[r.vehicle]->state_effectors_;
  for (std::size_t k = 0; k < effectors.size(); ++k)
    if (effectors[k]->name() == p.effector) {
      if (effectors[k]->segment_count() == 0)
        throw ConfigurationError(e.label(), std::string(which) + ".effector", effectors[k]->label(),
                                 "this effector has no segment frame and can host no dynamic effector");
      if (p.segment >= effectors[k]->segment_count())
        throw ConfigurationError(e.label(), std::string(which) + ".segment", std::to_string(p.segment),
                                 "out of range for " + effectors[k]->label() + " (" +
                                     std::to_string(effectors[k]->segment_count()) + " segments, 0-based)");
      r.state_effector = k;
      r.segment = p.segment;
      return r;
    }
  throw ConfigurationError(e.label(), std::string(which) + ".effector", "'" + p.effector + "'",
                           "vehicle '" + p.vehicle + "' has no state effector with this name");
}

void Model::throw_vehicle_index(std::size_t i) const {
  throw ConfigurationError("model", "vehicle index", std::to_string(i),
                           "out of range (" + std::to_string(vehicles_.size()) + " vehicles)");
}

std::size_t Model::vehicle_index(std::string_view name) const {
  for (std::size_t i = 0; i < vehicles_.size(); ++i)
    if (vehicles_[i]->name() == name) return i;
  throw ConfigurationError("model", "vehicle", "'" + std::string(name) + "'", "no vehicle has this name");
}

void Model::require_finalized(const char* what) const {
  if (!finalized_) throw ConfigurationError("model", what, "(not available)", "call finalize() first");
}

const StateLayout& Model::layout() const {
  require_finalized("layout");
  return layout_;
}

const Eigen::VectorXd& Model::initial_state() const {
  require_finalized("initial_state");
  return x0_;
}

bool Model::hold_inputs(double t_step) const {
  bool changed = false;
  for (const auto& v : vehicles_) {
    for (const auto& d : v->dynamic_effectors_) changed = d->hold_inputs(t_step) || changed;
    for (const auto& e : v->state_effectors_)
      for (const StateEffector::Child& c : e->children()) changed = c.effector->hold_inputs(t_step) || changed;
  }
  return changed;
}

void Model::release_inputs() const {
  for (const auto& v : vehicles_) {
    for (const auto& d : v->dynamic_effectors_) d->release_inputs();
    for (const auto& e : v->state_effectors_)
      for (const StateEffector::Child& c : e->children()) c.effector->release_inputs();
  }
}

Eigen::VectorBlock<Eigen::VectorXd> Model::state_block(const StateEffector& effector, Eigen::VectorXd& x) const {
  require_finalized("state_block");
  if (x.size() != layout_.size())
    throw ConfigurationError("model", "state size", std::to_string(x.size()),
                             "the layout has " + std::to_string(layout_.size()) + " entries");
  for (const auto& v : vehicles_)
    for (std::size_t k = 0; k < v->state_effectors_.size(); ++k)
      if (v->state_effectors_[k].get() == &effector)
        return x.segment(v->offsets_.state_effectors[k], v->offsets_.state_sizes[k]);
  throw ConfigurationError("model", "state_block", "'" + effector.name() + "'", "this effector is not in the model");
}

void Model::finalize() {
  if (finalized_) throw ConfigurationError("model", "finalize", "called twice", "the model is already finalized");
  if (vehicles_.empty()) throw ConfigurationError("model", "vehicles", "0", "a model needs at least one vehicle");
  try {
    build();
  } catch (...) {
    // A refused model is left as it was before finalize(): open, with no layout.
    layout_ = StateLayout{};
    x0_.resize(0);
    for (auto& vp : vehicles_) vp->offsets_ = VehicleOffsets{};
    throw;
  }
  for (auto& vp : vehicles_) {
    vp->frozen_ = true;
    for (const auto& e : vp->state_effectors_) e->frozen_ = true;
  }
  finalized_ = true;
}

void Model::build() {
  // Layout: per vehicle, the hub block, each state effector's block, then dv_CN_N (DESIGN §4).
  for (auto& vp : vehicles_) {
    Vehicle& v = *vp;
    const std::string hub = v.name() + "/hub";
    v.offsets_.r_BN_N = layout_.add(hub, "r_BN_N", 3, "m");
    v.offsets_.v_BN_N = layout_.add(hub, "v_BN_N", 3, "m/s");
    v.offsets_.q_BN = layout_.add(hub, "q_BN", 4, "1");
    v.offsets_.omega_BN_B = layout_.add(hub, "omega_BN_B", 3, "rad/s");
    for (const auto& e : v.state_effectors_) {
      e->validate();
      const Eigen::Index start = layout_.size();
      for (const StateBlockSpec& b : e->state_blocks()) layout_.add(v.name() + "/" + e->name(), b.name, b.size, b.unit);
      v.offsets_.state_effectors.push_back(start);
      v.offsets_.state_sizes.push_back(layout_.size() - start);
    }
    v.offsets_.dv_CN_N = layout_.add(v.name() + "/C", "dv_CN_N", 3, "m/s");
    // Children of state effectors: compatible, and named uniquely within the vehicle.
    for (const auto& e : v.state_effectors_)
      for (const StateEffector::Child& c : e->children()) {
        const std::string who = std::string(c.effector->kind()) + " '" + c.effector->name() + "'";
        if (!c.effector->can_attach_to_segment())
          throw ConfigurationError(e->label(), "dynamic effector on segment " + std::to_string(c.segment), who,
                                   "this effector acts on a hub only and cannot be attached to a segment");
      }
    v.require_unique_children();
  }

  for (TwoPointAttachment& t : two_point_) {
    t.end1 = resolve(*t.effector, t.effector->end1(), "end1");
    t.end2 = resolve(*t.effector, t.effector->end2(), "end2");
  }

  // Initial state, with the hub translation first taken as given at B.
  x0_ = Eigen::VectorXd::Zero(layout_.size());
  for (auto& vp : vehicles_) {
    const Vehicle& v = *vp;
    const VehicleOffsets& o = v.offsets_;
    x0_.segment<3>(o.r_BN_N) = v.initial_.r_N.si();
    x0_.segment<3>(o.v_BN_N) = v.initial_.v_N.si();
    x0_.segment<4>(o.q_BN) = v.initial_.q_BN;
    x0_.segment<3>(o.omega_BN_B) = v.initial_.omega_BN_B.si();
    for (std::size_t k = 0; k < v.state_effectors_.size(); ++k)
      v.state_effectors_[k]->write_initial_state(x0_.segment(o.state_effectors[k], o.state_sizes[k]));
  }
  // Given at C: r_BN = r_CN − [NB] c,  v_BN = v_CN − [NB] (c' + ω × c)  (architecture.md eq. 3).
  Workspace ws(*this);
  forward::kinematics(*this, ws, x0_);
  forward::mass_properties(*this, ws, x0_);
  for (std::size_t i = 0; i < vehicles_.size(); ++i) {
    const Vehicle& v = *vehicles_[i];
    if (v.initial_.point != ReferencePoint::C) continue;
    const VehicleWorkspace& w = ws.vehicles[i];
    const Eigen::Vector3d cDot_B = w.mass.rPrime_CB_B + w.hub.omega_FN_F.cross(w.mass.r_CB_B);
    x0_.segment<3>(v.offsets_.r_BN_N) -= w.dcm_NB * w.mass.r_CB_B;
    x0_.segment<3>(v.offsets_.v_BN_N) -= w.dcm_NB * cDot_B;
  }

  // A singular mass matrix shows as non-finite accelerations at the initial state.
  Eigen::VectorXd dxdt(layout_.size());
  forward::evaluate(*this, ws, x0_, dxdt, 0.0);
  for (std::size_t i = 0; i < vehicles_.size(); ++i) {
    const HubAccelerations& acc = ws.vehicles[i].acc;
    const HubSystem& s = ws.vehicles[i].system;
    if (acc.omegaDot_BN_B.allFinite() && acc.rDDot_BN_B.allFinite()) continue;
    if (!s.vecTrans.allFinite() || !s.vecRot.allFinite())
      throw ConfigurationError(vehicles_[i]->label(), "hub system right-hand side at the initial state",
                               validation::to_text(s.vecTrans) + ", " + validation::to_text(s.vecRot),
                               "non-finite load or input (check load profiles, motor inputs, gravity)");
    throw ConfigurationError(vehicles_[i]->label(), "hub system at the initial state", validation::to_text(s.D),
                             "the mass matrix is singular or non-finite (check masses and inertias)");
  }
  if (!dxdt.allFinite()) {
    Eigen::Index k = 0;
    while (k < dxdt.size() && std::isfinite(dxdt[k])) ++k;
    throw ConfigurationError("model", "derivative " + layout_.entry_name(k) + " at the initial state",
                             validation::to_text(dxdt[k]), "must be finite (check the effector's parameters)");
  }
}

}  // namespace ramus
