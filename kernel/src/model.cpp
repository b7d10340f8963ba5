#include "ramus/kernel/model.hpp"

#include <cmath>
#include <limits>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/forward_dynamics.hpp"
#include "ramus/kernel/validation.hpp"
#include "ramus/kernel/workspace.hpp"

namespace ramus {
namespace {

using validation::to_text;

bool finite(const Wrench& w) { return w.force_F.allFinite() && w.torque_PntF_F.allFinite(); }
bool finite_rhs(const HubSystem& s) { return s.vecTrans.allFinite() && s.vecRot.allFinite(); }
std::string text(const Wrench& w) { return to_text(w.force_F) + " N, " + to_text(w.torque_PntF_F) + " N m"; }
/// The largest double, as the bound quoted by messages on overflow.
std::string max_double() { return to_text(std::numeric_limits<double>::max()); }

}  // namespace

Model::~Model() {
  for (const TwoPointAttachment& t : two_point_) t.effector->placement_.release(this);
}

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
  effector->require_distinct_ends();
  effector->placement_.require_free(effector->label(), "a model's two-point effectors", this);
  for (const auto& t : two_point_)
    if (t.effector->name() == effector->name())
      throw ConfigurationError("model", "two-point effector name", "'" + effector->name() + "'", "is already used");
  two_point_.push_back({std::move(effector), {}, {}});
  two_point_.back().effector->placement_.claim(this, "a model's two-point effectors");
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
    throw ConfigurationError(e.label(), std::string(which) + ".vehicle", "'" + p.vehicle + "'",
                             "no vehicle has this name");
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

const InputLayout& Model::input_layout() const {
  require_finalized("input_layout");
  return input_layout_;
}

const Eigen::VectorXd& Model::initial_inputs() const {
  require_finalized("initial_inputs");
  return u0_;
}

const Eigen::VectorXd& Model::input_lower() const {
  require_finalized("input_lower");
  return u_lower_;
}

const Eigen::VectorXd& Model::input_upper() const {
  require_finalized("input_upper");
  return u_upper_;
}

const std::vector<InputProfile>& Model::default_input_profiles() const {
  require_finalized("default_input_profiles");
  return default_profiles_;
}

VehicleOffsets::InputRange Model::input_range(const StateEffector& effector) const {
  require_finalized("input_range");
  for (const auto& v : vehicles_)
    for (std::size_t k = 0; k < v->state_effectors_.size(); ++k)
      if (v->state_effectors_[k].get() == &effector) return v->offsets_.inputs_state_effectors[k];
  throw ConfigurationError("model", "input_range", "'" + effector.name() + "'", "this effector is not in the model");
}

VehicleOffsets::InputRange Model::input_range(const DynamicEffector& effector) const {
  require_finalized("input_range");
  for (const auto& v : vehicles_) {
    for (std::size_t j = 0; j < v->dynamic_effectors_.size(); ++j)
      if (v->dynamic_effectors_[j].get() == &effector) return v->offsets_.inputs_dynamic_effectors[j];
    for (std::size_t k = 0; k < v->state_effectors_.size(); ++k) {
      const auto& children = v->state_effectors_[k]->children();
      for (std::size_t c = 0; c < children.size(); ++c)
        if (children[c].effector.get() == &effector) return v->offsets_.inputs_children[k][c];
    }
  }
  throw ConfigurationError("model", "input_range", "'" + effector.name() + "'", "this effector is not in the model");
}

VehicleOffsets::InputRange Model::declare_inputs(const std::string& owner, const std::string& label,
                                                 const std::vector<InputSpec>& specs,
                                                 const std::vector<InputProfile>& profiles, std::size_t vehicle) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  const Eigen::Index start = input_layout_.size();
  for (const InputSpec& s : specs) {
    const std::string field = "input block '" + s.name + "'";
    if (s.size < 1) throw ConfigurationError(label, field + " size", std::to_string(s.size), "must be at least 1");
    using Entries = std::pair<const Eigen::VectorXd*, const char*>;
    for (const Entries& e : {Entries{&s.initial, "initial"}, Entries{&s.lower, "lower"}, Entries{&s.upper, "upper"}})
      if (e.first->size() != 0 && e.first->size() != s.size)
        throw ConfigurationError(label, field + " " + e.second, std::to_string(e.first->size()) + " entries",
                                 "needs " + std::to_string(s.size) + " entries (or none)");
    const Eigen::Index offset = input_layout_.add(owner, s.name, s.size, s.unit, vehicle, s.lock);
    u0_.conservativeResize(input_layout_.size());
    u_lower_.conservativeResize(input_layout_.size());
    u_upper_.conservativeResize(input_layout_.size());
    u_lock_.resize(static_cast<std::size_t>(input_layout_.size()), s.lock ? 1 : 0);
    for (Eigen::Index i = 0; i < s.size; ++i) {
      const double u = s.initial.size() ? s.initial[i] : 0.0;
      const double lo = s.lower.size() ? s.lower[i] : -inf, hi = s.upper.size() ? s.upper[i] : inf;
      const std::string entry = input_layout_.entry_name(offset + i);
      if (!std::isfinite(u)) throw ConfigurationError(label, entry + " initial command", to_text(u), "must be finite");
      if (std::isnan(lo) || std::isnan(hi) || !(lo <= hi))
        throw ConfigurationError(label, entry + " limits", "[" + to_text(lo) + ", " + to_text(hi) + "]",
                                 "need lower <= upper");
      if (s.lock && u != 0.0 && u != 1.0)
        throw ConfigurationError(label, entry + " initial command", to_text(u),
                                 "a lock flag is 0 (free) or 1 (locked)");
      u0_[offset + i] = u;
      u_lower_[offset + i] = lo;
      u_upper_[offset + i] = hi;
    }
  }
  const Eigen::Index size = input_layout_.size() - start;
  for (InputProfile p : profiles) {
    if (p.channel < 0 || p.channel >= size)
      throw ConfigurationError(label, "input profile channel", std::to_string(p.channel),
                               "out of range: the effector has " + std::to_string(size) + " channels");
    p.channel += start;
    if (u_lock_[static_cast<std::size_t>(p.channel)] != 0)
      throw ConfigurationError(label, input_layout_.entry_name(p.channel) + " input profile", "a lock flag",
                               "a lock is engaged by an impulse between steps, never by a profile");
    default_profiles_.push_back(std::move(p));
  }
  return {start, size};
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
    input_layout_ = InputLayout{};
    u0_.resize(0);
    u_lower_.resize(0);
    u_upper_.resize(0);
    default_profiles_.clear();
    for (auto& vp : vehicles_) vp->offsets_ = VehicleOffsets{};
    throw;
  }
  for (auto& vp : vehicles_) {
    vp->frozen_ = true;
    for (const auto& e : vp->state_effectors_) {
      e->frozen_ = true;
      for (const StateEffector::Child& c : e->children()) c.effector->frozen_ = true;
    }
    for (const auto& d : vp->dynamic_effectors_) d->frozen_ = true;
  }
  finalized_ = true;
}

void Model::build() {
  for (auto& vp : vehicles_) layout_vehicle(*vp);
  for (std::size_t i = 0; i < vehicles_.size(); ++i) declare_vehicle_inputs(i);
  for (TwoPointAttachment& t : two_point_) {
    t.end1 = resolve(*t.effector, t.effector->end1(), "end1");
    t.end2 = resolve(*t.effector, t.effector->end2(), "end2");
  }
  write_initial_state();
  require_finite_initial_derivative();
}

void Model::layout_vehicle(Vehicle& v) {
  // Per vehicle: the hub block, each state effector's block, then dv_CN_N (docs/architecture.md §D4).
  const std::string hub = v.name() + "/hub";
  v.offsets_.translation = v.translation_;
  if (v.translation_ == HubTranslation::C) {  // the state holds C (docs/architecture.md §16)
    v.offsets_.r_N = layout_.add(v.name() + "/C", "r_CN_N", 3, "m");
    v.offsets_.v_N = layout_.add(v.name() + "/C", "v_CN_N", 3, "m/s");
  } else {
    v.offsets_.r_N = layout_.add(hub, "r_BN_N", 3, "m");
    v.offsets_.v_N = layout_.add(hub, "v_BN_N", 3, "m/s");
  }
  v.offsets_.sync_deprecated_names();
  if (v.translation_ == HubTranslation::clamped) require_clamped_at_rest(v);
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

void Model::require_clamped_at_rest(const Vehicle& v) {
  // Fixed in N: nothing may start it moving.
  const std::string owner = v.label() + " initial state";
  if (v.initial_.point != ReferencePoint::B)
    throw ConfigurationError(owner, "point", "C", "a clamped hub's initial state is given at B");
  if (!v.initial_.v_N.si().isZero(0.0))
    throw ConfigurationError(owner, "v_N [m/s]", validation::to_text(v.initial_.v_N.si()),
                             "a clamped hub is fixed in N: its velocity must be 0");
  if (!v.initial_.omega_BN_B.si().isZero(0.0))
    throw ConfigurationError(owner, "omega_BN_B [rad/s]", validation::to_text(v.initial_.omega_BN_B.si()),
                             "a clamped hub is fixed in N: its rate must be 0");
}

void Model::declare_vehicle_inputs(std::size_t i) {
  // Each state effector's channels then its children's, then the hub's dynamic effectors'
  // (docs/architecture.md §5, Inputs).
  Vehicle& v = *vehicles_[i];
  for (const auto& e : v.state_effectors_) {
    const std::string owner = v.name() + "/" + e->name();
    v.offsets_.inputs_state_effectors.push_back(
        declare_inputs(owner, e->label(), e->input_blocks(), e->input_profiles(), i));
    auto& children = v.offsets_.inputs_children.emplace_back();
    for (const StateEffector::Child& c : e->children()) {
      children.push_back(declare_inputs(v.name() + "/" + c.effector->name(), c.effector->label(),
                                        c.effector->input_blocks(), c.effector->input_profiles(), i));
      v.offsets_.gradient_at_C = v.offsets_.gradient_at_C || c.effector->reads_gradient_at_C();
    }
  }
  for (const auto& d : v.dynamic_effectors_) {
    v.offsets_.inputs_dynamic_effectors.push_back(
        declare_inputs(v.name() + "/" + d->name(), d->label(), d->input_blocks(), d->input_profiles(), i));
    v.offsets_.gradient_at_C = v.offsets_.gradient_at_C || d->reads_gradient_at_C();
  }
}

void Model::write_initial_state() {
  // The hub translation first taken as given at B.
  x0_ = Eigen::VectorXd::Zero(layout_.size());
  for (auto& vp : vehicles_) {
    const Vehicle& v = *vp;
    const VehicleOffsets& o = v.offsets_;
    x0_.segment<3>(o.r_N) = v.initial_.r_N.si();
    x0_.segment<3>(o.v_N) = v.initial_.v_N.si();
    x0_.segment<4>(o.q_BN) = v.initial_.q_BN;
    x0_.segment<3>(o.omega_BN_B) = v.initial_.omega_BN_B.si();
    for (std::size_t k = 0; k < v.state_effectors_.size(); ++k)
      v.state_effectors_[k]->write_initial_state(x0_.segment(o.state_effectors[k], o.state_sizes[k]));
  }
  // Given at one point, held at the other: r_BN = r_CN − [NB] c,  v_BN = v_CN − [NB] (c' + ω × c)
  // (architecture.md eq. 3), or the reverse when the state holds C.
  Workspace ws(*this);
  forward::kinematics(*this, ws, x0_, 0.0);
  forward::mass_properties(*this, ws, x0_);
  for (std::size_t i = 0; i < vehicles_.size(); ++i) {
    const Vehicle& v = *vehicles_[i];
    const bool state_at_C = v.translation_ == HubTranslation::C;
    if ((v.initial_.point == ReferencePoint::C) == state_at_C) continue;
    const VehicleWorkspace& w = ws.vehicles[i];
    const double sign = state_at_C ? 1.0 : -1.0;  // B → C, or C → B
    const Eigen::Vector3d cDot_B = w.mass.rPrime_CB_B + w.ctx.hub.omega_FN_F.cross(w.mass.r_CB_B);
    x0_.segment<3>(v.offsets_.r_N) += sign * (w.dcm_NB * w.mass.r_CB_B);
    x0_.segment<3>(v.offsets_.v_N) += sign * (w.dcm_NB * cDot_B);
  }
}

void Model::require_finite_initial_derivative() const {
  // A singular mass matrix shows as non-finite accelerations at the initial state.
  Workspace ws(*this);
  Eigen::VectorXd dxdt(layout_.size());
  forward::evaluate(*this, ws, x0_, dxdt, 0.0);
  for (std::size_t i = 0; i < vehicles_.size(); ++i) {
    const HubAccelerations& acc = ws.vehicles[i].ctx.acc;
    const HubSystem& s = ws.vehicles[i].system;
    if (acc.omegaDot_BN_B.allFinite() && acc.rDDot_BN_B.allFinite()) continue;
    if (!finite_rhs(s)) explain_non_finite_hub_system(i, ws);
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

void Model::explain_non_finite_hub_system(std::size_t i, Workspace& ws) const {
  // The terms of vecTrans and vecRot (architecture.md eqs. 5–6) one by one, in the order in which
  // they can cause each other's overflow: the field, the gravity force, the rates, the loads, the
  // effectors. Cold path (finalize only): the evaluation itself never checks.
  const Vehicle& v = *vehicles_[i];
  const VehicleWorkspace& w = ws.vehicles[i];
  const Eigen::Vector3d& omega = w.ctx.hub.omega_FN_F;
  const std::string initial = v.label() + " initial state";

  if (!w.ctx.g_N.allFinite())
    throw ConfigurationError(initial, "r_N [m]", to_text(v.initial_.r_N.si()),
                             "the gravity field (" + std::string(gravity_->kind()) +
                                 ") at the centre of mass C, r_CN_N = " + to_text(w.load.r_CN_N) +
                                 " m, is non-finite (g_N = " + to_text(w.ctx.g_N) +
                                 " m/s^2): C is at or too near the field's singularity, or its parameters are extreme");

  // eq. (6): F = m [BN] g_N and its torque c × F.
  const Eigen::Vector3d F_grav_B = w.mass.m * (w.ctx.hub.dcm_FN * w.ctx.g_N);
  if (!F_grav_B.allFinite() || !w.mass.r_CB_B.cross(F_grav_B).allFinite()) {
    const double g = w.ctx.g_N.norm();
    const bool hub_alone = !std::isfinite(v.hub_.m * g);
    throw ConfigurationError(hub_alone ? v.label() + " hub" : v.label(),
                             hub_alone ? "mass [kg]" : "mass [kg] (hub and state effectors)",
                             to_text(hub_alone ? v.hub_.m : w.mass.m),
                             "the gravity force m |g_N| and its torque c × m g (architecture.md eq. 6) overflow a "
                             "double at the initial position, where |g_N| = " +
                                 to_text(g) + " m/s^2: m |g_N| |c| and m |g_N| must stay below " + max_double());
  }

  // eq. (5): the hub's velocity terms, ω × (ω × m r_BcB) and ω × I_PntB_B ω.
  const Eigen::Vector3d centripetal = omega.cross(omega.cross(v.hub_.m_r_BcB_B));
  const Eigen::Vector3d gyroscopic = omega.cross(v.hub_.I_PntB_B * omega);
  if (!centripetal.allFinite() || !gyroscopic.allFinite())
    throw ConfigurationError(initial, "omega_BN_B [rad/s]", to_text(omega),
                             "the hub's velocity terms of architecture.md eq. (5), ω × (ω × m r_BcB) and "
                             "ω × I_PntB_B ω, overflow a double with |m r_BcB| = " +
                                 to_text(v.hub_.m_r_BcB_B.norm()) +
                                 " kg m and ‖I_PntB_B‖ = " + to_text(v.hub_.I_PntB_B.norm()) +
                                 " kg m^2: |ω|² |m r_BcB| and |ω|² ‖I_PntB_B‖ must stay below " + max_double());

  const double* u = ws.inputs.applied().data();
  for (std::size_t j = 0; j < v.dynamic_effectors_.size(); ++j) {
    const auto& d = v.dynamic_effectors_[j];
    const VehicleOffsets::InputRange r = v.offsets_.inputs_dynamic_effectors[j];
    if (const Wrench l = d->wrench(w.ctx.hub, ConstInputBlock(u + r.offset, r.size), w.load); !finite(l))
      throw ConfigurationError(d->label(), "load on the hub of " + v.label() + " at the initial state", text(l),
                               "is non-finite (check the effector's parameters, load profiles and inputs)");
  }
  const auto& effectors = v.state_effectors_;
  for (std::size_t k = 0; k < effectors.size(); ++k)
    for (std::size_t j = 0; j < effectors[k]->children().size(); ++j) {
      const StateEffector::Child& c = effectors[k]->children()[j];
      const VehicleOffsets::InputRange r = v.offsets_.inputs_children[k][j];
      const Wrench l = c.effector->wrench(effectors[k]->segment(c.segment, *w.effectors[k]),
                                          ConstInputBlock(u + r.offset, r.size), w.load);
      if (!finite(l))
        throw ConfigurationError(
            c.effector->label(),
            "load on segment " + std::to_string(c.segment) + " of " + effectors[k]->label() + " at the initial state",
            text(l), "is non-finite (check the effector's parameters, load profiles and inputs)");
    }
  for (const TwoPointAttachment& t : two_point_) {
    if (t.end1.vehicle != i && t.end2.vehicle != i) continue;
    const auto [l1, l2] =
        t.effector->wrenches(forward::end_frame(*this, ws, t.end1), forward::end_frame(*this, ws, t.end2), 0.0);
    if (!finite(l1) || !finite(l2))
      throw ConfigurationError(t.effector->label(), "loads on end1 and end2 at the initial state",
                               text(l1) + "; " + text(l2), "are non-finite (check the effector's parameters)");
  }

  // Each state effector's contributions, its rigid rows included (eqs. 4–5).
  const VehicleOffsets& o = v.offsets_;
  for (std::size_t k = 0; k < effectors.size(); ++k) {
    const ConstStateBlock x = x0_.segment(o.state_effectors[k], o.state_sizes[k]);
    HubSystem alone;
    effectors[k]->contributions(w.ctx, x, *w.effectors[k], alone);
    if (!finite_rhs(alone))
      throw ConfigurationError(effectors[k]->label(), "contributions to the hub system at the initial state",
                               to_text(alone.vecTrans) + " N, " + to_text(alone.vecRot) + " N m",
                               "are non-finite with the hub's rate omega_BN_B = " + to_text(omega) +
                                   " rad/s (check the effector's parameters, initial state and inputs)");
  }
  throw ConfigurationError(v.label(), "hub system right-hand side at the initial state",
                           to_text(w.system.vecTrans) + " N, " + to_text(w.system.vecRot) + " N m",
                           "is non-finite although each of its terms is finite: their sum overflows a double "
                           "(check the magnitudes of masses, rates, loads and gravity)");
}

}  // namespace ramus
