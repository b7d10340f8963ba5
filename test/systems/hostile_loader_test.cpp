// The scenario loader's list of a pulsed torque's switch times (scenario/src/dynamic_effectors.cpp),
// through ramus::scenario::parse_scenario: only the switches within the run [t0, t1] are listed,
// counted from the run's start, so a run far from the pulse's start loads; counts near INT_MAX do
// not overflow; a run that would genuinely switch too often is refused with a clear message.
#include <boost/test/unit_test.hpp>
#include <cmath>
#include <string>

#include "kernel/test_support.hpp"
#include "ramus/kernel/system.hpp"
#include "ramus/scenario/scenario.hpp"
#include "ramus/steppers/propagate.hpp"

using namespace ramus;

namespace {

/// A rigid hub at rest (I_zz = 600 kg m²) with a pulsed torque of 0.2 N m about b3; the output
/// grid from t0 to t1 every 1 s.
std::string pulse_scenario(const std::string& t0, const std::string& t1, const std::string& period,
                           const std::string& count_on, const std::string& count_off, const std::string& start) {
  return R"({
  "vehicles": [{
    "name": "sc",
    "hub": {"mass": 750, "I_PntBc_B": [[900, 0, 0], [0, 800, 0], [0, 0, 600]]},
    "initial_state": {"r_N": [0, 0, 0], "v_N": [0, 0, 0], "q_BN": [1, 0, 0, 0], "omega_BN_B": [0, 0, 0]},
    "dynamic_effectors": [
      {"type": "pulsed_torque", "name": "pulses", "torque_PntB_B": [0, 0, 0.2], "period": )" +
         period + R"(, "count_on": )" + count_on + R"(, "count_off": )" + count_off + R"(, "start": )" + start + R"(}
    ]
  }],
  "propagation": {"stepper": "rk4", "dt": 0.05},
  "output": {"t0": )" +
         t0 + R"(, "t1": )" + t1 + R"(, "dt": 1}
})";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(pulse_loader_hostile)

BOOST_AUTO_TEST_CASE(a_run_far_from_the_pulse_start_loads) {
  // t0 = 1e9 s, 10 s of run, counts of 0.25 s from t = 0: the pulse switches every 0.25 s (+τ, −τ,
  // +τ, …), so the driver's grid is the 41 points 1e9 + 0.25 k, k = 0 … 40 (all exact doubles).
  const scenario::Scenario s =
      scenario::parse_scenario(pulse_scenario("1000000000", "1000000010", "0.25", "1", "0", "0"));
  BOOST_TEST(s.step_times.size() == 41u);
  for (std::size_t k = 0; k < s.step_times.size(); ++k)
    BOOST_TEST(s.step_times[k] == 1e9 + 0.25 * static_cast<double>(k));
  // The run itself: 20 whole cycles of +τ then −τ (1e9 s is a multiple of the 0.5 s cycle), so the
  // rate about b3 is back to zero; at the end of the first +τ count it is τ × 0.25 s / I_zz.
  Eigen::VectorXd x = s.model->initial_state();
  const System system(s.model);
  double omega_mid = 0.0;
  propagate(system, x, s.step_times, s.settings, [&](Eigen::VectorXd& y, double t) {
    if (t == 1e9 + 0.25) omega_mid = y[12];
  });
  BOOST_TEST(omega_mid == 0.2 * 0.25 / 600.0, boost::test_tools::tolerance(1e-12));
  BOOST_TEST(std::abs(x[12]) < 1e-15);
}

BOOST_AUTO_TEST_CASE(counts_near_int_max_do_not_overflow) {
  // 2 count_on + count_off = 6442450941 counts: the only switch within [0, 10] is the start, 0.5 s.
  const scenario::Scenario s =
      scenario::parse_scenario(pulse_scenario("0", "10", "1", "2147483647", "2147483647", "0.5"));
  BOOST_TEST(s.step_times.size() == 12u);  // 11 output times and the start
  BOOST_TEST(s.step_times[1] == 0.5);
}

BOOST_AUTO_TEST_CASE(too_many_switches_within_the_run) {
  // 1e6 s of 1 ms counts: 1.5e9 switches, more than the loader lists (1e6): refused, naming the period.
  BOOST_CHECK_EXCEPTION(scenario::parse_scenario(pulse_scenario("0", "1000000", "0.001", "1", "0", "0")),
                        scenario::ScenarioError, [](const scenario::ScenarioError& e) {
                          const std::string m = e.what();
                          BOOST_TEST_MESSAGE("message: " << m);
                          return e.path().find("dynamic_effectors[0].period") != std::string::npos &&
                                 m.find("switches") != std::string::npos && m.find("1000000") != std::string::npos;
                        });
}

BOOST_AUTO_TEST_SUITE_END()
