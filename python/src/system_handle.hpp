// The Python `System`: one run's System (its inputs and workspace) and a guard, so that two Python
// threads cannot run one System at once (docs/python.md, "Threads"): the library's rule is one
// System per thread, and the second caller gets an error instead of a data race.
#pragma once

#include <atomic>
#include <memory>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"

namespace ramus::python {

struct SystemHandle {
  explicit SystemHandle(std::shared_ptr<const Model> model) : system(std::move(model)) {}
  System system;
  std::atomic<bool> busy{false};
};

/// Holds a SystemHandle busy for a scope; throws ramus::Error when another thread holds it.
class SystemUse {
 public:
  explicit SystemUse(SystemHandle& handle) : handle_(handle) {
    if (handle_.busy.exchange(true))
      throw Error("System: in use by another thread (a System is one run's; give each thread its own System)");
  }
  ~SystemUse() { handle_.busy = false; }
  SystemUse(const SystemUse&) = delete;
  SystemUse& operator=(const SystemUse&) = delete;

 private:
  SystemHandle& handle_;
};

}  // namespace ramus::python
