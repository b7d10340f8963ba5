// kernel/vehicle.hpp: the hub's parameters and initial state are validated where they are given.
#include "ramus/kernel/vehicle.hpp"

#include <boost/test/unit_test.hpp>
#include <limits>

#include "kernel/test_support.hpp"
#include "ramus/kernel/model.hpp"

using namespace ramus;
using ramus::test::hub_config;
using ramus::test::message_has;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();
const Eigen::Matrix3d I3 = Eigen::Matrix3d::Identity();

void add_hub(const HubConfig& hub) {
  Model model;
  model.add_vehicle("sc", hub);
}

InitialState rest() {
  return test::initial_state(Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), Quaternion(1, 0, 0, 0),
                             Eigen::Vector3d::Zero());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hub_errors)

BOOST_AUTO_TEST_CASE(mass_must_be_positive_and_finite) {
  for (const double m : {0.0, -1.0, kNaN, kInf, -0.0})
    BOOST_CHECK_EXCEPTION(add_hub(hub_config(m, I3)), ConfigurationError, message_has("mass"));
  BOOST_CHECK_EXCEPTION(add_hub(hub_config(0.0, I3)), ConfigurationError, message_has("vehicle 'sc'"));
}

BOOST_AUTO_TEST_CASE(inertia_must_be_symmetric) {
  Eigen::Matrix3d I = 10.0 * I3;
  I(0, 1) = 1.0;  // I(1, 0) stays 0
  BOOST_CHECK_EXCEPTION(add_hub(hub_config(1.0, I)), ConfigurationError, message_has("I_PntBc_B"));
  BOOST_CHECK_EXCEPTION(add_hub(hub_config(1.0, I)), ConfigurationError, message_has("symmetric"));
}

BOOST_AUTO_TEST_CASE(inertia_must_be_positive_definite) {
  Eigen::Matrix3d indefinite;
  indefinite << 1, 2, 0, 2, 1, 0, 0, 0, 1;  // eigenvalues 3, −1, 1
  for (const Eigen::Matrix3d& I :
       {Eigen::Matrix3d(Eigen::Vector3d(1, 1, -1).asDiagonal()), Eigen::Matrix3d(Eigen::Vector3d(1, 1, 0).asDiagonal()),
        Eigen::Matrix3d(-I3), Eigen::Matrix3d(Eigen::Matrix3d::Zero()), indefinite})
    BOOST_CHECK_EXCEPTION(add_hub(hub_config(1.0, I)), ConfigurationError, message_has("positive definite"));
}

BOOST_AUTO_TEST_CASE(inertia_must_be_finite) {
  for (const double bad : {kNaN, kInf}) {
    Eigen::Matrix3d I = I3;
    I(2, 2) = bad;
    BOOST_CHECK_EXCEPTION(add_hub(hub_config(1.0, I)), ConfigurationError, message_has("I_PntBc_B"));
  }
}

BOOST_AUTO_TEST_CASE(centre_of_mass_offset_must_be_finite) {
  BOOST_CHECK_EXCEPTION(add_hub(hub_config(1.0, I3, Eigen::Vector3d(0.0, kNaN, 0.0))), ConfigurationError,
                        message_has("r_BcB_B"));
  BOOST_CHECK_EXCEPTION(add_hub(hub_config(1.0, I3, Eigen::Vector3d(kInf, 0.0, 0.0))), ConfigurationError,
                        message_has("r_BcB_B"));
}

BOOST_AUTO_TEST_CASE(initial_quaternion_must_be_unit) {
  Model model;
  Vehicle& v = model.add_vehicle("sc", hub_config(1.0, I3));
  for (const Quaternion& q :
       {Quaternion(1.0, 0.1, 0.0, 0.0), Quaternion(0.0, 0.0, 0.0, 0.0), Quaternion(2.0, 0.0, 0.0, 0.0),
        Quaternion(kNaN, 0.0, 0.0, 0.0), Quaternion(1.0 + 1e-8, 0.0, 0.0, 0.0)}) {
    InitialState s = rest();
    s.q_BN = q;
    BOOST_CHECK_EXCEPTION(v.set_initial_state(s), ConfigurationError, message_has("q_BN"));
  }
  InitialState s = rest();
  s.q_BN = Quaternion(-1.0, 0.0, 0.0, 0.0);  // −identity is a unit quaternion: accepted
  BOOST_CHECK_NO_THROW(v.set_initial_state(s));
}

BOOST_AUTO_TEST_CASE(initial_translation_and_rate_must_be_finite) {
  Model model;
  Vehicle& v = model.add_vehicle("sc", hub_config(1.0, I3));
  for (const double bad : {kNaN, kInf}) {
    InitialState s = rest();
    s.r_N = test::meters(Eigen::Vector3d(0.0, 0.0, bad));
    BOOST_CHECK_EXCEPTION(v.set_initial_state(s), ConfigurationError, message_has("r_N"));
    s = rest();
    s.v_N = test::meters_per_second(Eigen::Vector3d(bad, 0.0, 0.0));
    BOOST_CHECK_EXCEPTION(v.set_initial_state(s), ConfigurationError, message_has("v_N"));
    s = rest();
    s.omega_BN_B = test::radians_per_second(Eigen::Vector3d(0.0, bad, 0.0));
    BOOST_CHECK_EXCEPTION(v.set_initial_state(s), ConfigurationError, message_has("omega_BN_B"));
  }
}

BOOST_AUTO_TEST_CASE(vehicle_names) {
  Model model;
  for (const char* bad : {"", "a/b", "a.b", "a b"})
    BOOST_CHECK_EXCEPTION(model.add_vehicle(bad, hub_config(1.0, I3)), ConfigurationError, message_has("name"));
  model.add_vehicle("sc", hub_config(1.0, I3));
  BOOST_CHECK_EXCEPTION(model.add_vehicle("sc", hub_config(1.0, I3)), ConfigurationError, message_has("vehicle name"));
  BOOST_TEST(model.vehicle_count() == 1u);
}

BOOST_AUTO_TEST_CASE(unknown_vehicle_lookup) {
  Model model;
  model.add_vehicle("sc", hub_config(1.0, I3));
  BOOST_CHECK_EXCEPTION(model.vehicle_index("nope"), ConfigurationError, message_has("'nope'"));
  BOOST_CHECK_EXCEPTION(model.vehicle_index("nope"), ConfigurationError, message_has("vehicle"));
}

BOOST_AUTO_TEST_SUITE_END()
