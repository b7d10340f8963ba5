// steppers/stepper_list.hpp: the names of docs/architecture.md §D8, their kinds and orders.
#include "ramus/steppers/stepper_list.hpp"

#include <boost/test/unit_test.hpp>
#include <set>
#include <string>

#include "kernel/test_support.hpp"
#include "ramus/steppers/odeint_steppers.hpp"

using namespace ramus;

BOOST_AUTO_TEST_SUITE(stepper_list)

BOOST_AUTO_TEST_CASE(exactly_the_ten_names_of_the_design) {
  const std::set<std::string> expected{"euler",          "rk2",        "rk4",    "rk_ck54",
                                       "rk_dopri5",      "rk_f45",     "rk_f78", "bulirsch_stoer",
                                       "implicit_euler", "rosenbrock4"};
  std::set<std::string> names;
  for (const StepperInfo& s : ramus::stepper_list()) names.insert(std::string(s.name));
  BOOST_TEST(ramus::stepper_list().size() == 10u);  // and no duplicates: the set has 10 too
  BOOST_TEST(names == expected, boost::test_tools::per_element());
  for (const std::string& n : expected) BOOST_TEST(stepper_info(n).name == n);
}

BOOST_AUTO_TEST_CASE(fixed_and_adaptive) {
  for (const char* fixed : {"euler", "rk2", "rk4", "implicit_euler"}) BOOST_TEST(!stepper_info(fixed).adaptive, fixed);
  // The implicit ones, and only they, take the Jacobian.
  for (const StepperInfo& s : ramus::stepper_list())
    BOOST_TEST(s.implicit == (s.name == "implicit_euler" || s.name == "rosenbrock4"), s.name);
  for (const char* adaptive : {"rk_ck54", "rk_dopri5", "rk_f45", "rk_f78", "bulirsch_stoer", "rosenbrock4"})
    BOOST_TEST(stepper_info(adaptive).adaptive, adaptive);
}

BOOST_AUTO_TEST_CASE(orders_agree_with_odeint) {
  // Odeint's own order_value of each stepper type, an independent statement of the order.
  namespace os = odeint_steppers;
  BOOST_TEST(stepper_info("euler").order == static_cast<int>(os::euler::order_value));
  BOOST_TEST(stepper_info("rk2").order == static_cast<int>(os::rk2::order_value));
  BOOST_TEST(stepper_info("rk4").order == static_cast<int>(os::rk4::order_value));
  BOOST_TEST(stepper_info("rk_ck54").order == static_cast<int>(os::rk_ck54::order_value));
  BOOST_TEST(stepper_info("rk_dopri5").order == static_cast<int>(os::rk_dopri5::order_value));
  BOOST_TEST(stepper_info("rk_f45").order == static_cast<int>(os::rk_f45::order_value));
  BOOST_TEST(stepper_info("rk_f78").order == static_cast<int>(os::rk_f78::order_value));
  BOOST_TEST(stepper_info("rosenbrock4").order == 4);  // rosenbrock4<double>::order_value (uBLAS: not C++20)
  BOOST_TEST(stepper_info("euler").order == 1);
  BOOST_TEST(stepper_info("implicit_euler").order == 1);
  BOOST_TEST(stepper_info("rk2").order == 2);
  BOOST_TEST(stepper_info("rk4").order == 4);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(stepper_list_errors)

BOOST_AUTO_TEST_CASE(unknown_name_lists_the_valid_ones) {
  for (const char* valid : {"'nope'", "euler", "rk2", "rk4", "rk_ck54", "rk_dopri5", "rk_f45", "rk_f78",
                            "bulirsch_stoer", "implicit_euler", "rosenbrock4"})
    BOOST_CHECK_EXCEPTION(stepper_info("nope"), ConfigurationError, test::message_has(valid));
  BOOST_CHECK_THROW(stepper_info(""), ConfigurationError);
  BOOST_CHECK_THROW(stepper_info("RK4"), ConfigurationError);  // names are case-sensitive
}

BOOST_AUTO_TEST_SUITE_END()
