#include "ramus/kernel/vehicle.hpp"

#include <limits>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/mass_properties.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

using validation::to_text;

Vehicle::Vehicle(std::string name, const HubConfig& hub) : name_(std::move(name)) {
  if (name_.empty() || name_.find_first_of("/. \t\n") != std::string::npos)
    throw ConfigurationError("vehicle", "name", "'" + name_ + "'", "must be non-empty without '/', '.' or white space");
  const std::string owner = label() + " hub";
  hub_.m = hub.mass.value();
  hub_.I_PntBc_B = hub.I_PntBc_B.si();
  hub_.r_BcB_B = hub.r_BcB_B.si();
  validation::require_positive(owner, "mass [kg]", hub_.m);
  validation::require_inertia(owner, "I_PntBc_B [kg m^2]", hub_.I_PntBc_B);
  validation::require_finite(owner, "r_BcB_B [m]", hub_.r_BcB_B);
  hub_.I_PntB_B = parallel_axis(hub_.I_PntBc_B, hub_.m, hub_.r_BcB_B);
  hub_.m_r_BcB_B = hub_.m * hub_.r_BcB_B;
  // Every evaluation uses both (eqs. 4–5, 9): an offset whose products with the mass overflow would
  // make the hub system NaN at every state, so it is refused here, naming the offset and the mass.
  if (!hub_.I_PntB_B.allFinite() || !hub_.m_r_BcB_B.allFinite())
    throw ConfigurationError(owner, "r_BcB_B [m]", to_text(hub_.r_BcB_B),
                             "with mass [kg] = " + to_text(hub_.m) +
                                 ", the hub's first moment m r_BcB_B or its inertia about B, I_PntBc_B + m (|r_BcB|² 1 "
                                 "− r_BcB r_BcBᵀ) (architecture.md eq. 1), overflows a double: m |r_BcB_B|² and "
                                 "m |r_BcB_B| must stay below " +
                                 to_text(std::numeric_limits<double>::max()));
  MassProperties p;
  p.m = hub_.m;
  p.r_CB_B = hub_.r_BcB_B;
  p.I_PntB_B = hub_.I_PntB_B;
  add_rigid_rows(p, Eigen::Vector3d::Zero(), hub_.rows);  // ω = 0: the blocks alone
}

Vehicle::~Vehicle() {
  for (const auto& e : state_effectors_) e->placement_.release(this);
  for (const auto& d : dynamic_effectors_) d->placement_.release(this);
}

void Vehicle::set_initial_state(const InitialState& initial) {
  require_open("initial state", "(new value)");
  const std::string owner = label() + " initial state";
  validation::require_finite(owner, "r_N [m]", initial.r_N.si());
  validation::require_finite(owner, "v_N [m/s]", initial.v_N.si());
  validation::require_unit_quaternion(owner, "q_BN", initial.q_BN);
  validation::require_finite(owner, "omega_BN_B [rad/s]", initial.omega_BN_B.si());
  initial_ = initial;
}

void Vehicle::set_hub_translation(HubTranslation translation) {
  require_open("hub translation", "(new value)");
  translation_ = translation;
}

void Vehicle::require_open(const std::string& field, const std::string& value) const {
  if (frozen_)
    throw ConfigurationError(label(), field, value, "the model is finalized; its structure can no longer change");
}

void Vehicle::require_unique(const std::string& name) const {
  for (const auto& e : state_effectors_)
    if (e->name() == name) throw ConfigurationError(label(), "effector name", "'" + name + "'", "is already used");
  for (const auto& e : dynamic_effectors_)
    if (e->name() == name) throw ConfigurationError(label(), "effector name", "'" + name + "'", "is already used");
}

void Vehicle::require_unique_children() const {
  for (std::size_t i = 0; i < state_effectors_.size(); ++i)
    for (const StateEffector::Child& c : state_effectors_[i]->children()) {
      int uses = 0;
      auto count = [&](const std::string& n) { uses += n == c.effector->name() ? 1 : 0; };
      for (const auto& e : state_effectors_) {
        count(e->name());
        for (const StateEffector::Child& o : e->children()) count(o.effector->name());
      }
      for (const auto& d : dynamic_effectors_) count(d->name());
      if (uses > 1)
        throw ConfigurationError(label(), "effector name", "'" + c.effector->name() + "'", "is already used");
    }
}

template <class Effector>
Effector& Vehicle::place(std::vector<std::shared_ptr<Effector>>& list, std::shared_ptr<Effector> effector,
                         const char* what) {
  if (!effector) throw ConfigurationError(label(), what, "null", "needs an effector");
  require_open(what, "'" + effector->name() + "'");
  effector->placement_.require_free(effector->label(), label(), this);
  require_unique(effector->name());
  list.push_back(std::move(effector));
  list.back()->placement_.claim(this, label());
  return *list.back();
}

StateEffector& Vehicle::add_state_effector(std::shared_ptr<StateEffector> effector) {
  return place(state_effectors_, std::move(effector), "add_state_effector");
}

void Vehicle::add_dynamic_effector(std::shared_ptr<DynamicEffector> effector) {
  place(dynamic_effectors_, std::move(effector), "add_dynamic_effector");
}

}  // namespace ramus
