// The exception hierarchy of ramus (docs/architecture.md §D10). Every message names the owner
// (effector, vehicle
// or driver), the field at fault and the value given, so that a user can find the bad input.
#pragma once

#include <stdexcept>
#include <string>

namespace ramus {

/// Base of every exception thrown by ramus.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Bad configuration: rejected when a parameter is given, attached, or when the model is finalized.
class ConfigurationError : public Error {
 public:
  /// `owner` names the effector/vehicle (e.g. "vehicle 'sc' hub"), `field` the parameter,
  /// `value` the offending value as text, `reason` the rule it breaks.
  ConfigurationError(std::string owner, std::string field, std::string value, std::string reason);
  const std::string& owner() const noexcept { return owner_; }
  const std::string& field() const noexcept { return field_; }

 private:
  std::string owner_;
  std::string field_;
};

/// Failure of a propagation: bad step or tolerance, non-finite state, step-size underflow,
/// exhausted step budget. The message names the quantity, the time and the value.
class IntegrationError : public Error {
 public:
  IntegrationError(std::string field, std::string value, std::string reason);
  const std::string& field() const noexcept { return field_; }

 private:
  std::string field_;
};

}  // namespace ramus
