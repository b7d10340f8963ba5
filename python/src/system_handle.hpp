// The Python `System`: one run's System (its inputs and workspace) and a guard, so that two Python
// threads cannot run one System at once (docs/python.md, "Threads"): the library's rule is one
// System per thread, and the second caller gets an error instead of a data race.
#pragma once

#include <atomic>
#include <memory>
#include <thread>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/model.hpp"
#include "ramus/kernel/system.hpp"

namespace ramus::python {

struct SystemHandle {
  explicit SystemHandle(std::shared_ptr<const Model> model) : system(std::move(model)) {}
  System system;
  std::atomic<bool> busy{false};
  std::atomic<std::thread::id> owner{};  ///< the thread running it while busy
};

/// Holds a SystemHandle busy for a scope; throws ramus::Error when another thread holds it.
class SystemUse {
 public:
  explicit SystemUse(SystemHandle& handle) : handle_(handle) {
    if (handle_.busy.exchange(true)) {
      if (handle_.owner.load() == std::this_thread::get_id())
        throw Error("System: already running on this thread (a task or an event callback may set inputs, not run it)");
      throw Error("System: in use by another thread (a System is one run's; give each thread its own System)");
    }
    handle_.owner = std::this_thread::get_id();
  }
  ~SystemUse() {
    handle_.owner = std::thread::id();
    handle_.busy = false;
  }
  /// Setting an input: refused only while another thread runs the System (its own run's task or
  /// event callback may set inputs between steps).
  static void check_inputs(const SystemHandle& handle) {
    if (handle.busy.load() && handle.owner.load() != std::this_thread::get_id())
      throw Error("System: in use by another thread (a System is one run's; give each thread its own System)");
  }
  SystemUse(const SystemUse&) = delete;
  SystemUse& operator=(const SystemUse&) = delete;

 private:
  SystemHandle& handle_;
};

}  // namespace ramus::python
