// Checks shared by the suites: message predicates, rejected configurations named in their
// messages, the no-allocation check of an evaluation (docs/architecture.md §D3) and the ratios of
// a second-order convergence study.
#pragma once

#include <Eigen/Dense>
#include <boost/test/unit_test.hpp>
#include <cstddef>
#include <exception>
#include <functional>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "ramus/kernel/diagnostics.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/system.hpp"
#include "support/allocation_counter.hpp"
#include "support/run.hpp"

namespace ramus::test {

/// Predicate for BOOST_CHECK_EXCEPTION: the message contains `text`.
inline auto message_has(std::string text) {
  return [text](const std::exception& e) {
    const bool ok = std::string(e.what()).find(text) != std::string::npos;
    BOOST_TEST_MESSAGE("message: " << e.what());
    if (!ok) BOOST_TEST_MESSAGE("expected the message to contain '" << text << "'");
    return ok;
  };
}

/// Predicate for BOOST_CHECK_EXCEPTION: the message contains every one of `parts`.
inline auto message_has_all(std::vector<std::string> parts) {
  return [parts](const std::exception& e) {
    const std::string m = e.what();
    BOOST_TEST_MESSAGE("message: " << m);
    bool ok = true;
    for (const std::string& p : parts)
      if (m.find(p) == std::string::npos) {
        BOOST_TEST_MESSAGE("missing: '" << p << "'");
        ok = false;
      }
    return ok;
  };
}

/// Runs `f`, which must throw ConfigurationError; every needle must occur in what(). Another
/// exception type escapes to the test case.
template <class F>
void check_rejected(F&& f, std::initializer_list<std::string> needles) {
  bool thrown = false;
  try {
    f();
  } catch (const ConfigurationError& e) {
    thrown = true;
    const std::string what = e.what();
    for (const std::string& n : needles) BOOST_TEST(what.find(n) != std::string::npos, "'" << n << "' in: " << what);
  }
  BOOST_TEST(thrown, "expected a ConfigurationError naming " << *needles.begin());
}

/// `action` throws ConfigurationError (not another type), and its what() contains every string;
/// with `log_message`, the message is logged too.
inline void expect_error(const std::function<void()>& action, const std::vector<std::string>& names,
                         bool log_message = false) {
  try {
    action();
    BOOST_ERROR("no ConfigurationError was thrown");
  } catch (const ConfigurationError& e) {
    const std::string what = e.what();
    if (log_message) BOOST_TEST_MESSAGE("message: " << what);
    for (const std::string& n : names) BOOST_TEST(what.find(n) != std::string::npos, "'" << n << "' in: " << what);
  } catch (const std::exception& e) {
    BOOST_ERROR("wrong exception type: " << e.what());
  }
}

/// docs/architecture.md §D3: after one evaluation of `system` at x (which sizes what it sizes), ten
/// more at t = 0, 0.1, …, 0.9 make no operator-new call. Returns the operator-new count before the
/// ten, for a check that the counter sees a later allocation. Needs ramus_test_allocation_counter.
inline long check_rhs_does_not_allocate(const System& system, const Eigen::VectorXd& x) {
  Eigen::VectorXd dxdt(x.size());
  system(x, dxdt, 0.0);
  const long before = allocations_so_far().news;
  for (int k = 0; k < 10; ++k) system(x, dxdt, 0.1 * k);
  BOOST_TEST(allocations_so_far().news - before == 0);
  return before;
}

/// Second order under step halving: every ratio of successive residuals in [0.2, 0.3] (1/4 for
/// the O(h²) of the trapezoid rule on the logged samples).
inline void check_second_order_ratios(std::initializer_list<double> ratios) {
  for (const double r : ratios) {
    BOOST_TEST(r >= 0.2);
    BOOST_TEST(r <= 0.3);
  }
}

/// The residuals of an impulse balance over a logged run, |ΔH_rot,C − ∫τ dt| and |ΔV_C − ∫f dt|:
/// c[0..2] the torque about C and c[3..5] the force per mass, in N, sampled at spacing h
/// (trapezoid rule); d0 and d1 the diagnostics at the first and the last sample.
inline std::pair<double, double> impulse_residuals(const std::vector<double> (&c)[6], double h,
                                                   const VehicleDiagnostics& d0, const VehicleDiagnostics& d1) {
  const Eigen::Vector3d dH(trapezoid(c[0], h), trapezoid(c[1], h), trapezoid(c[2], h));
  const Eigen::Vector3d dV(trapezoid(c[3], h), trapezoid(c[4], h), trapezoid(c[5], h));
  return std::pair{(d1.H_rot_PntC_N - d0.H_rot_PntC_N - dH).norm(), (d1.dv_CN_N - d0.dv_CN_N - dV).norm()};
}

/// An impulse balance under step halving: residuals(m) returns the (H, V) residuals of a run in m
/// steps (impulse_residuals); at n, 2n and 4n steps both fall at second order.
template <class F>
void check_impulse_balance_order(F&& residuals, int n, const std::string& label) {
  const auto [h1, v1] = residuals(n);
  const auto [h2, v2] = residuals(2 * n);
  const auto [h3, v3] = residuals(4 * n);
  BOOST_TEST_MESSAGE(label << ": H " << h1 << " " << h2 << " " << h3 << ", V " << v1 << " " << v2 << " " << v3);
  check_second_order_ratios({h2 / h1, h3 / h2, v2 / v1, v3 / v2});
}

}  // namespace ramus::test
