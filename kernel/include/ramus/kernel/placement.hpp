// Where an effector object has been added (docs/architecture.md §7). An effector object keeps its
// inputs (commands, held pulses, schedules) and, for a state effector, its children and its place in
// one state layout: shared between two places it would apply one command twice, or two models'
// drivers would hold its inputs in turn. So one object belongs to one place in one model; the place
// claims it when it is added and releases it when the place is destroyed.
#pragma once

#include <string>

namespace ramus {

class Placement {
 public:
  /// Empty when the object is in no place.
  const std::string& where() const { return where_; }
  bool is_free() const { return host_ == nullptr; }

  /// Throws ConfigurationError when the object is already placed: owner `label` (the effector),
  /// field "placement", value `new_place`, and where it already is.
  void require_free(const std::string& label, const std::string& new_place, const void* new_host) const;
  /// Records `host` (the vehicle, model or state effector holding the object) as its place.
  void claim(const void* host, std::string where) {
    host_ = host;
    where_ = std::move(where);
  }
  /// Frees the object if `host` holds it (called by the host's destructor).
  void release(const void* host) {
    if (host_ != host) return;
    host_ = nullptr;
    where_.clear();
  }

 private:
  const void* host_ = nullptr;
  std::string where_;
};

}  // namespace ramus
