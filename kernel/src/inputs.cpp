#include "ramus/kernel/inputs.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

// ---- InputLayout ------------------------------------------------------------------------------

Eigen::Index InputLayout::add(std::string owner, std::string name, Eigen::Index size, std::string unit,
                              std::size_t vehicle, bool lock) {
  const Eigen::Index offset = size_;
  blocks_.push_back({std::move(owner), std::move(name), offset, size, std::move(unit), vehicle, lock});
  size_ += size;
  return offset;
}

const InputBlock* InputLayout::block_at(Eigen::Index c) const {
  for (const InputBlock& b : blocks_)
    if (c >= b.offset && c < b.offset + b.size) return &b;
  return nullptr;
}

std::string InputLayout::entry_name(Eigen::Index c) const {
  const InputBlock* b = block_at(c);
  if (b == nullptr) return "u[" + std::to_string(c) + "] (outside the inputs)";
  const std::string base = b->owner + "." + b->name;
  return b->size == 1 ? base : base + "[" + std::to_string(c - b->offset) + "]";
}

Eigen::Index InputLayout::find(std::string_view entry) const {
  for (const InputBlock& b : blocks_) {
    const std::string base = b.owner + "." + b.name;
    for (Eigen::Index i = 0; i < b.size; ++i) {
      const std::string indexed = base + "[" + std::to_string(i) + "]";
      if (entry == indexed || (b.size == 1 && entry == base)) return b.offset + i;
    }
  }
  throw ConfigurationError("inputs", "channel", "'" + std::string(entry) + "'",
                           "no such actuator channel (`ramus describe` lists them, e.g. 'sc/wheels.motor_torque[0]')");
}

std::string InputLayout::describe(const Eigen::VectorXd& lower, const Eigen::VectorXd& upper) const {
  std::ostringstream out;
  for (Eigen::Index c = 0; c < size_; ++c) {
    out << entry_name(c) << " [" << block_at(c)->unit << "]";
    if (std::isfinite(lower[c]) || std::isfinite(upper[c])) out << "  limits [" << lower[c] << ", " << upper[c] << "]";
    out << "\n";
  }
  if (size_ == 0) out << "(none)\n";
  return out.str();
}

// ---- Inputs -----------------------------------------------------------------------------------

Inputs::Inputs(const Model& model)
    : model_(&model),
      command_(model.u0_),
      applied_(model.u0_),
      lower_(model.u_lower_),
      upper_(model.u_upper_),
      saturated_(static_cast<std::size_t>(model.u0_.size()), 0),
      profiles_(model.default_profiles_) {
  for (Eigen::Index c = 0; c < command_.size(); ++c) apply(c);
}

Eigen::Index Inputs::find(std::string_view entry) const { return model_->input_layout_.find(entry); }

void Inputs::apply(Eigen::Index c) {
  const double u = command_[c];
  const double a = std::clamp(u, lower_[c], upper_[c]);  // std::clamp keeps a NaN as it is
  applied_[c] = a;
  saturated_[static_cast<std::size_t>(c)] = a != u ? 1 : 0;
}

void Inputs::set(Eigen::Index c, double value) {
  if (c < 0 || c >= size())
    throw ConfigurationError("inputs", "channel index", std::to_string(c),
                             "out of range: the model has " + std::to_string(size()) + " actuator channels");
  if (!std::isfinite(value))
    throw ConfigurationError("inputs", model_->input_layout_.entry_name(c), validation::to_text(value),
                             "a command must be finite");
  std::erase_if(profiles_, [c](const InputProfile& p) { return p.channel == c; });
  if (is_lock(c)) {
    if (value != 0.0 && value != 1.0)
      throw ConfigurationError("inputs", model_->input_layout_.entry_name(c), validation::to_text(value),
                               "a lock flag is 0 (free) or 1 (locked)");
    std::erase(pending_locks_, c);
    // Engaging a free joint waits for the driver's impulse (docs/architecture.md §12).
    if (value == 1.0 && applied_[c] == 0.0) {
      pending_locks_.push_back(c);
      return;
    }
  }
  command_[c] = value;
  apply(c);
}

bool Inputs::is_lock(Eigen::Index c) const {
  return c >= 0 && c < size() && model_->u_lock_[static_cast<std::size_t>(c)] != 0;
}

void Inputs::engage(Eigen::Index c, bool locked) {
  if (!is_lock(c))
    throw ConfigurationError("inputs", c >= 0 && c < size() ? model_->input_layout_.entry_name(c) : std::to_string(c),
                             "engage", "is not a lock flag");
  std::erase(pending_locks_, c);
  command_[c] = locked ? 1.0 : 0.0;
  apply(c);
}

void Inputs::set_profile(InputProfile p) {
  if (p.channel < 0 || p.channel >= size())
    throw ConfigurationError("inputs", "profile channel", std::to_string(p.channel),
                             "out of range: the model has " + std::to_string(size()) + " actuator channels");
  if (!p.value)
    throw ConfigurationError("inputs", "profile of " + model_->input_layout_.entry_name(p.channel), "empty function",
                             "a profile needs a value function");
  if (is_lock(p.channel))
    throw ConfigurationError("inputs", "profile of " + model_->input_layout_.entry_name(p.channel), "a lock flag",
                             "a lock is engaged by an impulse between steps: set it, or schedule it, never profile it");
  std::erase_if(profiles_, [&p](const InputProfile& q) { return q.channel == p.channel; });
  profiles_.push_back(std::move(p));
}

bool Inputs::hold(double t_step) {
  holding_ = true;
  bool changed = false;
  for (const InputProfile& p : profiles_) {
    if (!p.held) continue;
    const double before = applied_[p.channel];
    command_[p.channel] = p.value(t_step);
    apply(p.channel);
    changed = changed || applied_[p.channel] != before;
  }
  return changed;
}

double Inputs::next_switch(double t) const {
  double next = std::numeric_limits<double>::infinity();
  for (const InputProfile& p : profiles_)
    if (p.held && p.next_switch) next = std::min(next, p.next_switch(t));
  return next;
}

void Inputs::update(double t) {
  for (const InputProfile& p : profiles_) {
    if (p.held && holding_) continue;
    command_[p.channel] = p.value(t);
    apply(p.channel);
  }
}

}  // namespace ramus
