// The flight-software library's algorithms as Python objects (docs/python.md, "Flight-software
// algorithms"): thin bindings of the C++ classes of fsw/ (docs/fsw/mrp_feedback.md,
// quaternion_pd.md, attitude_guidance.md, rw_torque_mapping.md) in the submodule ramus._ramus._fsw,
// which ramus.fsw re-exports. Every argument is checked and converted here by name (a vector of 3
// finite numbers, a 3×3 matrix or a scalar times the identity); the C++ constructors check the
// rest and throw their ConfigurationError, naming the object, the field and the value.
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <cmath>
#include <limits>
#include <string>

#include "conversions.hpp"
#include "ramus/fsw/attitude_error.hpp"
#include "ramus/fsw/attitude_guidance.hpp"
#include "ramus/fsw/mrp_feedback.hpp"
#include "ramus/fsw/quaternion_pd.hpp"
#include "ramus/fsw/rw_torque_mapping.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::python {
namespace {

using fsw::AttitudeError;
using fsw::AttitudeReference;

Eigen::Vector3d vec3(const py::handle& value, const std::string& owner, const std::string& field) {
  return to_vector(value, 3, owner, field);
}

/// A 3×3 matrix of finite numbers, or a number s for s·1; otherwise a ConfigurationError by name.
Eigen::Matrix3d mat3(const py::handle& value, const std::string& owner, const std::string& field) {
  const py::array_t<double> a = to_real_array(value, owner, field);
  if (a.ndim() == 0) return to_number(value, owner, field) * Eigen::Matrix3d::Identity();
  if (a.ndim() != 2 || a.shape(0) != 3 || a.shape(1) != 3)
    throw ConfigurationError(owner, field, "an array of " + describe_array(a), "must be a 3x3 matrix or a number");
  Eigen::Matrix3d m;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      m(i, j) = a.at(i, j);
      if (!std::isfinite(m(i, j)))
        throw ConfigurationError(owner, field + "[" + std::to_string(i) + "][" + std::to_string(j) + "]",
                                 validation::to_text(m(i, j)), "must be finite");
    }
  return m;
}

/// A 3×N matrix (N ≥ 1) of finite numbers.
Eigen::Matrix3Xd mat3x(const py::handle& value, const std::string& owner, const std::string& field) {
  const py::array_t<double> a = to_real_array(value, owner, field);
  if (a.ndim() != 2 || a.shape(0) != 3 || a.shape(1) < 1)
    throw ConfigurationError(owner, field, "an array of " + describe_array(a),
                             "must be 3xN, one column per axis (in B components)");
  Eigen::Matrix3Xd m(3, a.shape(1));
  for (py::ssize_t i = 0; i < 3; ++i)
    for (py::ssize_t j = 0; j < a.shape(1); ++j) {
      m(i, j) = a.at(i, j);
      if (!std::isfinite(m(i, j)))
        throw ConfigurationError(owner, field + "[" + std::to_string(i) + "][" + std::to_string(j) + "]",
                                 validation::to_text(m(i, j)), "must be finite");
    }
  return m;
}

/// N per-wheel values (a number applies to every wheel); +inf allowed (no limit), NaN is not.
Eigen::VectorXd per_wheel(const py::handle& value, Eigen::Index n, const std::string& owner, const std::string& field) {
  const py::array_t<double> a = to_real_array(value, owner, field);
  Eigen::VectorXd v(n);
  if (a.ndim() == 0) {
    v.setConstant(a.at());
  } else if (a.ndim() == 1 && a.shape(0) == n) {
    for (Eigen::Index i = 0; i < n; ++i) v[i] = a.at(i);
  } else {
    throw ConfigurationError(owner, field, "an array of " + describe_array(a),
                             "must be a number or one per wheel (" + std::to_string(n) + ")");
  }
  for (Eigen::Index i = 0; i < n; ++i)
    if (std::isnan(v[i]))
      throw ConfigurationError(owner, field + "[" + std::to_string(i) + "]", "nan", "must be a number");
  return v;
}

/// A real number (±inf and NaN pass: the C++ constructor checks the value and names it).
double scalar(const py::handle& value, const std::string& owner, const std::string& field) {
  const py::array_t<double> a = to_real_array(value, owner, field);
  if (a.ndim() != 0) throw ConfigurationError(owner, field, "an array of " + describe_array(a), "must be a number");
  return a.at();
}

std::string label(const std::string& type, const std::string& name) { return type + " '" + name + "'"; }

fsw::MrpGyroscopic gyroscopic_of(const std::string& value, const std::string& owner) {
  if (value == "body_rate") return fsw::MrpGyroscopic::body_rate;
  if (value == "reference_rate") return fsw::MrpGyroscopic::reference_rate;
  if (value == "none") return fsw::MrpGyroscopic::none;
  throw ConfigurationError(owner, "gyroscopic", "'" + value + "'", "must be 'body_rate', 'reference_rate' or 'none'");
}

fsw::SlewProfile profile_of(const std::string& value, const std::string& owner) {
  if (value == "quintic") return fsw::SlewProfile::quintic;
  if (value == "cycloidal") return fsw::SlewProfile::cycloidal;
  if (value == "bang_coast_bang") return fsw::SlewProfile::bang_coast_bang;
  throw ConfigurationError(owner, "profile", "'" + value + "'", "must be 'quintic', 'cycloidal' or 'bang_coast_bang'");
}

py::tuple reference_tuple(const AttitudeReference& r) {
  return py::make_tuple(Eigen::Vector3d(r.sigma_RN), Eigen::Vector3d(r.omega_RN_N), Eigen::Vector3d(r.omegaDot_RN_N));
}

}  // namespace

void bind_fsw_algorithms(py::module_& module) {
  py::module_ m = module.def_submodule("_fsw", "The flight-software algorithms (docs/fsw/), re-exported by ramus.fsw.");

  py::class_<AttitudeReference>(m, "AttitudeReference",
                                "The reference frame R: sigma_RN [1], omega_RN_N [rad/s], omegaDot_RN_N [rad/s^2] "
                                "(docs/fsw/attitude_guidance.md); unpacks as a tuple of the three.")
      .def(py::init([](const py::handle& sigma_RN, const py::handle& omega_RN_N, const py::handle& omegaDot_RN_N) {
             const std::string owner = "AttitudeReference";
             return AttitudeReference{vec3(sigma_RN, owner, "sigma_RN"), vec3(omega_RN_N, owner, "omega_RN_N"),
                                      vec3(omegaDot_RN_N, owner, "omegaDot_RN_N")};
           }),
           py::arg("sigma_RN") = Eigen::Vector3d::Zero(), py::arg("omega_RN_N") = Eigen::Vector3d::Zero(),
           py::arg("omegaDot_RN_N") = Eigen::Vector3d::Zero())
      .def_readonly("sigma_RN", &AttitudeReference::sigma_RN)
      .def_readonly("omega_RN_N", &AttitudeReference::omega_RN_N)
      .def_readonly("omegaDot_RN_N", &AttitudeReference::omegaDot_RN_N)
      .def("__iter__", [](const AttitudeReference& r) { return py::iter(reference_tuple(r)); })
      .def("__repr__", [](const AttitudeReference& r) {
        return "AttitudeReference(sigma_RN=" + validation::to_text(r.sigma_RN) +
               ", omega_RN_N=" + validation::to_text(r.omega_RN_N) +
               ", omegaDot_RN_N=" + validation::to_text(r.omegaDot_RN_N) + ")";
      });

  py::class_<AttitudeError>(m, "AttitudeError",
                            "The tracking error of B relative to R: sigma_BR [1], omega_BR_B [rad/s], omega_RN_B "
                            "[rad/s], omegaDot_RN_B [rad/s^2] (docs/fsw/attitude_guidance.md eqs. (11)-(14)).")
      .def(py::init([](const py::handle& sigma_BR, const py::handle& omega_BR_B, const py::handle& omega_RN_B,
                       const py::handle& omegaDot_RN_B) {
             const std::string owner = "AttitudeError";
             return AttitudeError{vec3(sigma_BR, owner, "sigma_BR"), vec3(omega_BR_B, owner, "omega_BR_B"),
                                  vec3(omega_RN_B, owner, "omega_RN_B"), vec3(omegaDot_RN_B, owner, "omegaDot_RN_B")};
           }),
           py::arg("sigma_BR") = Eigen::Vector3d::Zero(), py::arg("omega_BR_B") = Eigen::Vector3d::Zero(),
           py::arg("omega_RN_B") = Eigen::Vector3d::Zero(), py::arg("omegaDot_RN_B") = Eigen::Vector3d::Zero())
      .def_readonly("sigma_BR", &AttitudeError::sigma_BR)
      .def_readonly("omega_BR_B", &AttitudeError::omega_BR_B)
      .def_readonly("omega_RN_B", &AttitudeError::omega_RN_B)
      .def_readonly("omegaDot_RN_B", &AttitudeError::omegaDot_RN_B)
      .def("__repr__", [](const AttitudeError& e) {
        return "AttitudeError(sigma_BR=" + validation::to_text(e.sigma_BR) +
               ", omega_BR_B=" + validation::to_text(e.omega_BR_B) +
               ", omega_RN_B=" + validation::to_text(e.omega_RN_B) +
               ", omegaDot_RN_B=" + validation::to_text(e.omegaDot_RN_B) + ")";
      });

  m.def(
      "attitude_tracking_error",
      [](const py::handle& sigma_BN, const py::handle& omega_BN_B, const AttitudeReference& reference) {
        const std::string owner = "attitude_tracking_error";
        return fsw::attitude_tracking_error(vec3(sigma_BN, owner, "sigma_BN"), vec3(omega_BN_B, owner, "omega_BN_B"),
                                            reference);
      },
      py::arg("sigma_BN"), py::arg("omega_BN_B"), py::arg("reference"),
      "The tracking error of B relative to the reference R (docs/fsw/attitude_guidance.md eqs. (11)-(14)).");
  m.def(
      "mrp_from_dcm",
      [](const py::handle& dcm_XN) { return fsw::mrp_from_dcm(mat3(dcm_XN, "mrp_from_dcm", "dcm_XN")); },
      py::arg("dcm_XN"), "The MRP (|sigma| <= 1) of a direction-cosine matrix.");

  py::class_<fsw::MrpFeedback>(m, "MrpFeedback",
                               "The MRP feedback law (docs/fsw/mrp_feedback.md): gains K [N m], P [N m s], integral "
                               "gain K_i [1/(kg m^2)], I_PntC_B [kg m^2].")
      .def(py::init([](const py::handle& K, const py::handle& P, const py::handle& K_i,
                       const py::handle& integral_limit, const py::handle& I_PntC_B, bool feed_forward,
                       const std::string& gyroscopic, const std::string& name) {
             const std::string owner = label("mrp_feedback", name);
             fsw::MrpFeedbackConfig c;
             c.K = scalar(K, owner, "K");
             c.P = mat3(P, owner, "P");
             c.K_i = scalar(K_i, owner, "K_i");
             c.integral_limit = scalar(integral_limit, owner, "integral_limit");
             c.I_PntC_B = mat3(I_PntC_B, owner, "I_PntC_B");
             c.feed_forward = feed_forward;
             c.gyroscopic = gyroscopic_of(gyroscopic, owner);
             return fsw::MrpFeedback(name, c);  // its own checks: K > 0, P SPD, K_i ≥ 0, ...
           }),
           py::arg("K"), py::arg("P"), py::arg("K_i") = 0.0,
           py::arg("integral_limit") = std::numeric_limits<double>::infinity(),
           py::arg("I_PntC_B") = Eigen::Matrix3d::Zero(), py::arg("feed_forward") = true,
           py::arg("gyroscopic") = "body_rate", py::arg("name") = "mrp_feedback")
      .def(
          "torque",
          [](const fsw::MrpFeedback& f, const AttitudeError& error, const py::handle& z_B, const py::handle& L_known_B,
             const py::handle& H_w_B) {
            const std::string owner = label("mrp_feedback", f.name()) + ".torque";
            return f.torque(error, vec3(z_B, owner, "z_B"), vec3(L_known_B, owner, "L_known_B"),
                            vec3(H_w_B, owner, "H_w_B"));
          },
          py::arg("error"), py::arg("z_B") = Eigen::Vector3d::Zero(), py::arg("L_known_B") = Eigen::Vector3d::Zero(),
          py::arg("H_w_B") = Eigen::Vector3d::Zero(),
          "L_r_B [N m] of eqs. (3), (5), (14), (15) for the error, the integral state z_B [N m s], the known "
          "torque L_known_B [N m] and the wheels' momentum H_w_B [N m s].")
      .def(
          "update",
          [](fsw::MrpFeedback& f, const AttitudeError& error, const py::handle& dt, const py::handle& L_known_B,
             const py::handle& H_w_B) {
            const std::string owner = label("mrp_feedback", f.name()) + ".update";
            return f.update(error, to_number(dt, owner, "dt [s]"), vec3(L_known_B, owner, "L_known_B"),
                            vec3(H_w_B, owner, "H_w_B"));
          },
          py::arg("error"), py::arg("dt"), py::arg("L_known_B") = Eigen::Vector3d::Zero(),
          py::arg("H_w_B") = Eigen::Vector3d::Zero(),
          "One sample dt [s] after the previous one: advances the integral of sigma (eq. (11)), forms z "
          "(eq. (4)) and returns L_r_B [N m].")
      .def("reset", &fsw::MrpFeedback::reset)
      .def_property_readonly("sigma_integral", [](const fsw::MrpFeedback& f) { return f.sigma_integral(); })
      .def_property_readonly("z_B", [](const fsw::MrpFeedback& f) { return f.z_B(); })
      .def_property_readonly("integral_limited", &fsw::MrpFeedback::integral_limited)
      .def_property_readonly("name", &fsw::MrpFeedback::name)
      .def_property_readonly("K", [](const fsw::MrpFeedback& f) { return f.config().K; })
      .def_property_readonly("P", [](const fsw::MrpFeedback& f) { return f.config().P; })
      .def_property_readonly("K_i", [](const fsw::MrpFeedback& f) { return f.config().K_i; })
      .def_property_readonly("integral_limit", [](const fsw::MrpFeedback& f) { return f.config().integral_limit; })
      .def_property_readonly("I_PntC_B", [](const fsw::MrpFeedback& f) { return f.config().I_PntC_B; })
      .def_property_readonly("feed_forward", [](const fsw::MrpFeedback& f) { return f.config().feed_forward; });

  py::class_<fsw::QuaternionPd>(m, "QuaternionPd",
                                "Quaternion PD control (docs/fsw/quaternion_pd.md): k_p [N m], K_d [N m s], "
                                "I_PntC_B [kg m^2].")
      .def(py::init([](const py::handle& k_p, const py::handle& K_d, const py::handle& I_PntC_B, bool feed_forward,
                       const std::string& name) {
             const std::string owner = label("quaternion_pd", name);
             fsw::QuaternionPdConfig c;
             c.k_p = scalar(k_p, owner, "k_p");
             c.K_d = mat3(K_d, owner, "K_d");
             c.I_PntC_B = mat3(I_PntC_B, owner, "I_PntC_B");
             c.feed_forward = feed_forward;
             return fsw::QuaternionPd(name, c);
           }),
           py::arg("k_p"), py::arg("K_d"), py::arg("I_PntC_B") = Eigen::Matrix3d::Zero(),
           py::arg("feed_forward") = true, py::arg("name") = "quaternion_pd")
      .def(
          "torque",
          [](const fsw::QuaternionPd& f, const AttitudeError& error, const py::handle& L_known_B) {
            return f.torque(error, vec3(L_known_B, "quaternion_pd.torque", "L_known_B"));
          },
          py::arg("error"), py::arg("L_known_B") = Eigen::Vector3d::Zero(),
          "L_r_B [N m] (eqs. (1)-(3)) with q_BR from error.sigma_BR.")
      .def(
          "torque_quaternion",
          [](const fsw::QuaternionPd& f, const py::handle& q_BR, const py::handle& omega_BR_B,
             const py::handle& omega_RN_B, const py::handle& omegaDot_RN_B, const py::handle& L_known_B) {
            const std::string owner = "quaternion_pd.torque_quaternion";
            return f.torque(Quaternion(to_vector(q_BR, 4, owner, "q_BR")), vec3(omega_BR_B, owner, "omega_BR_B"),
                            vec3(omega_RN_B, owner, "omega_RN_B"), vec3(omegaDot_RN_B, owner, "omegaDot_RN_B"),
                            vec3(L_known_B, owner, "L_known_B"));
          },
          py::arg("q_BR"), py::arg("omega_BR_B"), py::arg("omega_RN_B") = Eigen::Vector3d::Zero(),
          py::arg("omegaDot_RN_B") = Eigen::Vector3d::Zero(), py::arg("L_known_B") = Eigen::Vector3d::Zero(),
          "L_r_B [N m] (eqs. (1)-(2)) for the error quaternion q_BR (either sign) and the rates.")
      .def_property_readonly("k_p", [](const fsw::QuaternionPd& f) { return f.config().k_p; })
      .def_property_readonly("K_d", [](const fsw::QuaternionPd& f) { return f.config().K_d; })
      .def_property_readonly("I_PntC_B", [](const fsw::QuaternionPd& f) { return f.config().I_PntC_B; })
      .def_property_readonly("feed_forward", [](const fsw::QuaternionPd& f) { return f.config().feed_forward; });

  py::class_<fsw::InertialPointing>(m, "InertialPointing",
                                    "A fixed reference attitude at rest (docs/fsw/attitude_guidance.md eq. (1)).")
      .def(py::init([](const py::handle& sigma_RN, const std::string& name) {
             return fsw::InertialPointing(name, vec3(sigma_RN, label("inertial_pointing", name), "sigma_RN"));
           }),
           py::arg("sigma_RN"), py::arg("name") = "inertial_pointing")
      .def(
          "reference", [](const fsw::InertialPointing& p, const py::handle&) { return p.reference(); },
          py::arg("t") = 0.0, "The reference (the same at any t [s]).");

  py::class_<fsw::HillPointing>(m, "HillPointing",
                                "Hill-frame pointing, R = H rotated by sigma_RH (docs/fsw/attitude_guidance.md "
                                "eqs. (2)-(5)).")
      .def(py::init([](const py::handle& sigma_RH, const std::string& name) {
             return fsw::HillPointing(name, vec3(sigma_RH, label("hill_pointing", name), "sigma_RH"));
           }),
           py::arg("sigma_RH") = Eigen::Vector3d::Zero(), py::arg("name") = "hill_pointing")
      .def(
          "reference",
          [](const fsw::HillPointing& p, const py::handle& r, const py::handle& v, const py::handle& a) {
            const std::string owner = "hill_pointing.reference";
            if (a.is_none()) return p.reference(vec3(r, owner, "r_BN_N"), vec3(v, owner, "v_BN_N"));
            return p.reference(vec3(r, owner, "r_BN_N"), vec3(v, owner, "v_BN_N"), vec3(a, owner, "rDDot_BN_N"));
          },
          py::arg("r_BN_N"), py::arg("v_BN_N"), py::arg("rDDot_BN_N") = py::none(),
          "The reference at the position r_BN_N [m] and velocity v_BN_N [m/s]: Keplerian (eq. (5)), or with "
          "the inertial acceleration rDDot_BN_N [m/s^2] (eqs. (3)-(4)).")
      .def(
          "dcm_HN",
          [](const fsw::HillPointing& p, const py::handle& r, const py::handle& v) {
            return p.dcm_HN(vec3(r, "hill_pointing.dcm_HN", "r_BN_N"), vec3(v, "hill_pointing.dcm_HN", "v_BN_N"));
          },
          py::arg("r_BN_N"), py::arg("v_BN_N"), "dcm_HN, rows o_r, o_theta, o_h in N components (eq. (2)).");

  py::class_<fsw::EigenaxisSlew>(m, "EigenaxisSlew",
                                 "A rest-to-rest slew about the eigenaxis from sigma_AN to sigma_DN "
                                 "(docs/fsw/attitude_guidance.md eqs. (6)-(10)).")
      .def(py::init([](const py::handle& sigma_AN, const py::handle& sigma_DN, const py::handle& t_start,
                       const py::handle& duration, const std::string& profile, const py::handle& acceleration_limit,
                       const std::string& name) {
             const std::string owner = label("eigenaxis_slew", name);
             fsw::EigenaxisSlewConfig c;
             c.sigma_AN = vec3(sigma_AN, owner, "sigma_AN");
             c.sigma_DN = vec3(sigma_DN, owner, "sigma_DN");
             c.t_start = to_number(t_start, owner, "t_start [s]");
             c.duration = scalar(duration, owner, "duration [s]");
             c.profile = profile_of(profile, owner);
             c.acceleration_limit = scalar(acceleration_limit, owner, "acceleration_limit [rad/s^2]");
             return fsw::EigenaxisSlew(name, c);
           }),
           py::arg("sigma_AN"), py::arg("sigma_DN"), py::arg("t_start"), py::arg("duration"),
           py::arg("profile") = "quintic", py::arg("acceleration_limit") = 0.0, py::arg("name") = "eigenaxis_slew")
      .def(
          "reference",
          [](const fsw::EigenaxisSlew& s, const py::handle& t) {
            return s.reference(to_number(t, "eigenaxis_slew.reference", "t [s]"));
          },
          py::arg("t"), "The reference frame at time t [s] (eq. (7)).")
      .def(
          "angle",
          [](const fsw::EigenaxisSlew& s, const py::handle& t) {
            const fsw::SlewAngle a = s.angle(to_number(t, "eigenaxis_slew.angle", "t [s]"));
            return py::make_tuple(a.theta, a.thetaDot, a.thetaDDot);
          },
          py::arg("t"), "(theta [rad], thetaDot [rad/s], thetaDDot [rad/s^2]) about the eigenaxis at t [s].")
      .def_property_readonly("slew_angle", &fsw::EigenaxisSlew::slew_angle)
      .def_property_readonly("axis_A", [](const fsw::EigenaxisSlew& s) { return Eigen::Vector3d(s.axis_A()); })
      .def_property_readonly("peak_rate", &fsw::EigenaxisSlew::peak_rate)
      .def_property_readonly("peak_acceleration", &fsw::EigenaxisSlew::peak_acceleration)
      .def_property_readonly("acceleration_time", &fsw::EigenaxisSlew::acceleration_time);

  py::class_<fsw::RwTorqueMapping>(m, "RwTorqueMapping",
                                   "Reaction-wheel torque mapping (docs/fsw/rw_torque_mapping.md): spin axes Gs_B "
                                   "(3xN), limits u_max [N m] and Omega_max [rad/s] per wheel, control_axes_B (3xM).")
      .def(py::init([](const py::handle& Gs_B, const py::handle& u_max, const py::handle& Omega_max,
                       const py::handle& control_axes_B, const std::string& name) {
             const std::string owner = label("rw_torque_mapping", name);
             fsw::RwTorqueMappingConfig c;
             c.Gs_B = mat3x(Gs_B, owner, "Gs_B");
             c.u_max = per_wheel(u_max, c.Gs_B.cols(), owner, "u_max [N m]");
             c.Omega_max = per_wheel(Omega_max, c.Gs_B.cols(), owner, "Omega_max [rad/s]");
             c.control_axes_B = mat3x(control_axes_B, owner, "control_axes_B");
             return fsw::RwTorqueMapping(name, c);
           }),
           py::arg("Gs_B"), py::arg("u_max") = std::numeric_limits<double>::infinity(),
           py::arg("Omega_max") = std::numeric_limits<double>::infinity(),
           py::arg("control_axes_B") = Eigen::Matrix3d::Identity(), py::arg("name") = "rw_torque_mapping")
      .def(
          "map",
          [](fsw::RwTorqueMapping& r, const py::handle& L_r_B, const py::handle& Omega) {
            const std::string owner = "rw_torque_mapping.map";
            const Eigen::VectorXd w = Omega.is_none() ? Eigen::VectorXd::Zero(r.wheel_count())
                                                      : to_vector(Omega, r.wheel_count(), owner, "Omega [rad/s]");
            const fsw::RwTorqueCommand& c = r.map(vec3(L_r_B, owner, "L_r_B"), w);
            py::dict out;
            out["u_requested"] = Eigen::VectorXd(c.u_requested);
            out["u_applied"] = Eigen::VectorXd(c.u_applied);
            out["torque_saturated"] = std::vector<bool>(c.torque_saturated.begin(), c.torque_saturated.end());
            out["speed_saturated"] = std::vector<bool>(c.speed_saturated.begin(), c.speed_saturated.end());
            out["L_requested_B"] = Eigen::Vector3d(c.L_requested_B);
            out["L_applied_B"] = Eigen::Vector3d(c.L_applied_B);
            out["any_saturated"] = c.any_saturated;
            return out;
          },
          py::arg("L_r_B"), py::arg("Omega") = py::none(),
          "Maps the required hub torque L_r_B [N m] at the wheel speeds Omega [rad/s] (default 0): a dict of "
          "u_requested and u_applied [N m] per wheel (eqs. (3), (5)), torque_saturated, speed_saturated, "
          "L_requested_B, L_applied_B [N m], any_saturated.")
      .def_property_readonly("mapping", [](const fsw::RwTorqueMapping& r) { return Eigen::MatrixXd(r.mapping()); })
      .def_property_readonly("wheel_count", &fsw::RwTorqueMapping::wheel_count);
}

}  // namespace ramus::python
