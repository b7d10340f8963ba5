// Attitude conversions over arrays of attitudes (docs/python.md, "Attitude"): each row goes through
// the kernel's functions (ramus/kernel/attitude.hpp; conventions of docs/notation.md §3: q_BN scalar
// first, R(q_BN) = dcm_NB, sigma = q_v / (1 + q0)). The package's ramus.attitude shapes the arrays
// ((4,) or (n, 4), ...) and adds the Euler angles; here every array is (n, k), row-major.
#include <cmath>
#include <string>
#include <vector>

#include "conversions.hpp"
#include "ramus/kernel/attitude.hpp"
#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus::python {
namespace {

/// f(row in, row out) over the rows of an (n, in) array of finite reals, into an (n, out) array;
/// otherwise a ConfigurationError naming `owner`, `field`, the shape or the first bad entry.
template <class F>
py::array_t<double> map_rows(const py::handle& value, const std::string& owner, const std::string& field,
                             py::ssize_t in, py::ssize_t out, F f) {
  const py::array_t<double> a = to_real_array(value, owner, field);
  if (a.ndim() != 2 || a.shape(1) != in)
    throw ConfigurationError(owner, field, "an array of " + describe_array(a),
                             "must have " + std::to_string(in) + " entries per attitude");
  const py::ssize_t n = a.shape(0);
  const double* p = a.data();
  for (py::ssize_t i = 0; i < n * in; ++i)
    if (!std::isfinite(p[i]))
      throw ConfigurationError(owner, field + "[" + std::to_string(i / in) + "]", validation::to_text(p[i]),
                               "must be finite");
  std::vector<double> o(static_cast<std::size_t>(n * out));
  for (py::ssize_t i = 0; i < n; ++i) f(p + i * in, o.data() + i * out, i);
  return hand_over(std::move(o), n, out);
}

/// Row i of an (n, 4) array as a unit quaternion: q/|q| (notation.md §3 uses q/|q| wherever the
/// attitude itself is needed); a zero quaternion is refused by name.
Quaternion unit_quaternion(const double* p, py::ssize_t i, const std::string& owner, const std::string& field) {
  const Quaternion q(p[0], p[1], p[2], p[3]);
  const double norm = q.norm();
  if (!(norm > 0.0))
    throw ConfigurationError(owner, field + "[" + std::to_string(i) + "]", "(0, 0, 0, 0)",
                             "is not an attitude: a quaternion must be non-zero");
  return q / norm;
}

using RowMajor3 = Eigen::Matrix<double, 3, 3, Eigen::RowMajor>;

void put_matrix(const Eigen::Matrix3d& m, double* o) {
  Eigen::Map<RowMajor3> out(o);
  out = m;
}
void put_vector(const Eigen::Ref<const Eigen::VectorXd>& v, double* o) { std::copy(v.data(), v.data() + v.size(), o); }

}  // namespace

void bind_attitude(py::module_& m) {
  m.def(
      "_quat_to_mrp",
      [](const py::handle& q) {
        return map_rows(q, "attitude.quat_to_mrp", "q", 4, 3, [](const double* p, double* o, py::ssize_t i) {
          put_vector(mrp_from_quat(unit_quaternion(p, i, "attitude.quat_to_mrp", "q")), o);
        });
      },
      py::arg("q"));
  m.def(
      "_mrp_to_quat",
      [](const py::handle& sigma) {
        return map_rows(sigma, "attitude.mrp_to_quat", "sigma", 3, 4, [](const double* p, double* o, py::ssize_t) {
          put_vector(quat_from_mrp(Eigen::Vector3d(p[0], p[1], p[2])), o);
        });
      },
      py::arg("sigma"));
  m.def(
      "_quat_to_dcm",  // dcm_BN = R(q_BN)ᵀ (notation.md eq. 3.2)
      [](const py::handle& q) {
        return map_rows(q, "attitude.quat_to_dcm", "q", 4, 9, [](const double* p, double* o, py::ssize_t i) {
          put_matrix(rotation_matrix(unit_quaternion(p, i, "attitude.quat_to_dcm", "q")).transpose(), o);
        });
      },
      py::arg("q"));
  m.def(
      "_dcm_to_quat",  // q_BN of dcm_BN: the inverse of R(q_BN) = dcm_BNᵀ, q0 ≥ 0
      [](const py::handle& dcm) {
        return map_rows(dcm, "attitude.dcm_to_quat", "dcm", 9, 4, [](const double* p, double* o, py::ssize_t) {
          put_vector(quat_from_rotation_matrix(Eigen::Map<const RowMajor3>(p).transpose()), o);
        });
      },
      py::arg("dcm"));
  m.def(
      "_mrp_to_dcm",
      [](const py::handle& sigma) {
        return map_rows(sigma, "attitude.mrp_to_dcm", "sigma", 3, 9, [](const double* p, double* o, py::ssize_t) {
          put_matrix(dcm_from_mrp(Eigen::Vector3d(p[0], p[1], p[2])), o);
        });
      },
      py::arg("sigma"));
  m.def(
      "_principal_angle",  // notation.md eq. (3.4): 2 atan2(|vec(a* ⊗ b)|, |scal(a* ⊗ b)|)
      [](const py::handle& q1, const py::handle& q2) {
        const py::array_t<double> b = to_real_array(q2, "attitude.principal_angle", "q2");
        const py::array_t<double> a = to_real_array(q1, "attitude.principal_angle", "q1");
        if (a.ndim() != 2 || b.ndim() != 2 || b.shape(1) != 4 || a.shape(0) != b.shape(0))
          throw ConfigurationError("attitude.principal_angle", "q2", "an array of " + describe_array(b),
                                   "must hold as many attitudes as q1 (" + describe_array(a) + ")");
        const double* pb = b.data();
        return map_rows(q1, "attitude.principal_angle", "q1", 4, 1, [&](const double* p, double* o, py::ssize_t i) {
          const double* r = pb + i * 4;
          for (int k = 0; k < 4; ++k)
            if (!std::isfinite(r[k]))
              throw ConfigurationError("attitude.principal_angle", "q2[" + std::to_string(i) + "]",
                                       validation::to_text(r[k]), "must be finite");
          o[0] = attitude_error_angle(unit_quaternion(p, i, "attitude.principal_angle", "q1"),
                                      unit_quaternion(r, i, "attitude.principal_angle", "q2"));
        });
      },
      py::arg("q1"), py::arg("q2"));
}

}  // namespace ramus::python
