#include "linearization.hpp"

#include <mujoco/mujoco.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <unsupported/Eigen/MatrixFunctions>

#include "mjcf.hpp"
#include "mujoco_model.hpp"
#include "ramus/analysis/jacobian.hpp"
#include "ramus/analysis/linear_model.hpp"
#include "ramus/analysis/tangent_coordinates.hpp"
#include "ramus/kernel/system.hpp"
#include "text.hpp"

namespace ramus::bench::mujoco {
namespace {

/// [1/s] MuJoCo's RK4 step for the transition matrix: |λ| h ≤ 0.01 for the panels' fastest mode
/// (0.88 rad/s), so that RK4's error in log(A_d)/h, (λh)⁴/120 relative, is ~1e-10; and h large
/// enough that the differences' error in A_d (eps = 1e-6 centred: ~1e-12) divided by h stays
/// ~1e-10.
constexpr double kStep = 0.01;
constexpr double kEps = 1e-6;  // mjd_transitionFD's perturbation: centred, error ~ eps² + ε/eps

/// MuJoCo's coordinate k (of 2 nv: dq then dv) → ramus's tangent coordinate, for the free joint
/// (position in N, rotation vector in B, velocity in N, angular velocity in B) and each joint.
std::vector<Eigen::Index> coordinate_map(const mjModel* m, const Mjcf& mjcf,
                                         const analysis::TangentCoordinates& chart) {
  const int nv = m->nv;
  std::vector<Eigen::Index> map(static_cast<std::size_t>(2 * nv), -1);
  const auto set = [&](int dof, Eigen::Index q_state, Eigen::Index v_state) {
    map[static_cast<std::size_t>(dof)] = chart.coordinate(q_state);
    map[static_cast<std::size_t>(nv + dof)] = chart.coordinate(v_state);
  };
  for (const MjcfHub& hub : mjcf.hubs) {
    const int dof = m->jnt_dofadr[mj_name2id(m, mjOBJ_JOINT, hub.joint.c_str())];
    for (int k = 0; k < 3; ++k) {
      set(dof + k, hub.r_BN_N + k, hub.v_BN_N + k);
      // The attitude error's k-th coordinate: chart.coordinate(q) is its first.
      map[static_cast<std::size_t>(dof + 3 + k)] = chart.coordinate(hub.q_BN) + k;
      map[static_cast<std::size_t>(nv + dof + 3 + k)] = chart.coordinate(hub.omega_BN_B + k);
    }
  }
  for (const MjcfJoint& joint : mjcf.joints) {
    if (joint.q < 0) throw std::runtime_error("joint '" + joint.name + "' has no coordinate in ramus's state");
    set(m->jnt_dofadr[mj_name2id(m, mjOBJ_JOINT, joint.name.c_str())], joint.q, joint.qDot);
  }
  return map;
}

/// MuJoCo's transition matrix at x (its own coordinates, 2 nv square) for an RK4 step h.
Eigen::MatrixXd transition(MujocoModel& mj, const Eigen::VectorXd& x, double t, double h) {
  mjModel* m = mj.model();
  const int n = 2 * m->nv + m->na;
  m->opt.timestep = h;
  mj.set_state(x, t);
  // MuJoCo writes row-major matrices.
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> A(n, n);
  mjd_transitionFD(m, mj.data(), kEps, 1, A.data(), nullptr, nullptr, nullptr);
  return A;
}

/// The continuous generator of MuJoCo's linearized step at x: log(A_d(h))/h, extrapolated from h
/// and h/2 (Richardson: the O(h) term of a moving operating point cancels).
Eigen::MatrixXd mujoco_generator(MujocoModel& mj, const Eigen::VectorXd& x, double t, double h) {
  const Eigen::MatrixXd coarse = transition(mj, x, t, h).log() / h;
  const Eigen::MatrixXd fine = transition(mj, x, t, 0.5 * h).log() / (0.5 * h);
  return 2.0 * fine - coarse;
}

/// One frequency per complex pair of A restricted to the coordinates `keep`: the positive imaginary
/// parts above 1e-3 rad/s, ascending. (The free hub's zero eigenvalues come in Jordan blocks,
/// which the differences' noise, ~1e-10, splits by its square root: ~1e-5 rad/s.)
std::vector<double> frequencies(const Eigen::MatrixXd& A, const std::vector<bool>& keep) {
  std::vector<Eigen::Index> rows;
  for (std::size_t k = 0; k < keep.size(); ++k)
    if (keep[k]) rows.push_back(static_cast<Eigen::Index>(k));
  Eigen::MatrixXd sub(rows.size(), rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = 0; j < rows.size(); ++j)
      sub(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = A(rows[i], rows[j]);
  std::vector<double> f;
  const Eigen::VectorXcd eigenvalues = sub.eigenvalues();
  for (const std::complex<double>& l : eigenvalues)
    if (l.imag() > 1e-3) f.push_back(l.imag());
  std::sort(f.begin(), f.end());
  return f;
}

LinearPoint compare_at(const std::string& name, const Scenario& scenario, MujocoModel& mj,
                       const std::vector<Eigen::Index>& map, const Eigen::VectorXd& x, double h,
                       const std::vector<bool>& acceleration_row, const std::vector<bool>& attitude,
                       Eigen::Index& ramus_size, std::string& method) {
  const analysis::LinearModel lm = analysis::linearize(scenario.model, {x, scenario.t0, {}});
  ramus_size = lm.A.rows();
  method = lm.method;
  const Eigen::Index n = static_cast<Eigen::Index>(map.size());
  Eigen::MatrixXd A_ramus(n, n);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < n; ++j)
      A_ramus(i, j) = lm.A(map[static_cast<std::size_t>(i)], map[static_cast<std::size_t>(j)]);
  const Eigen::MatrixXd A_mujoco = mujoco_generator(mj, x, scenario.t0, h);

  LinearPoint p;
  p.name = name;
  std::vector<bool> not_attitude(attitude.size());
  for (std::size_t k = 0; k < attitude.size(); ++k) not_attitude[k] = !attitude[k];
  p.ramus_frequencies = frequencies(A_ramus, not_attitude);
  p.mujoco_frequencies = frequencies(A_mujoco, not_attitude);
  p.ramus_attitude_frequencies = frequencies(A_ramus, attitude);
  p.mujoco_attitude_frequencies = frequencies(A_mujoco, attitude);
  double scale_acc = 0.0, scale_kin = 0.0, diff_acc = 0.0, diff_kin = 0.0;
  for (Eigen::Index i = 0; i < n; ++i) {
    const double scale = A_ramus.row(i).lpNorm<Eigen::Infinity>();
    double diff = 0.0;
    for (Eigen::Index j = 0; j < n; ++j) {
      const std::size_t ui = static_cast<std::size_t>(i), uj = static_cast<std::size_t>(j);
      if (attitude[ui] && attitude[uj]) {  // the chart's own block
        p.ramus_attitude_block = std::max(p.ramus_attitude_block, std::abs(A_ramus(i, j)));
        p.mujoco_attitude_block = std::max(p.mujoco_attitude_block, std::abs(A_mujoco(i, j)));
        continue;
      }
      diff = std::max(diff, std::abs(A_mujoco(i, j) - A_ramus(i, j)));
    }
    if (acceleration_row[static_cast<std::size_t>(i)]) {
      scale_acc = std::max(scale_acc, scale);
      diff_acc = std::max(diff_acc, diff);
    } else {
      scale_kin = std::max(scale_kin, scale);
      diff_kin = std::max(diff_kin, diff);
    }
  }
  p.acceleration_rows = diff_acc / scale_acc;
  p.kinematic_rows = diff_kin / scale_kin;
  return p;
}

}  // namespace

std::optional<LinearComparison> compare_linearization(const Scenario& scenario, int rounds, double batch_seconds,
                                                      std::string& why) {
  const MjcfResult mjcf = make_mjcf(*scenario.model);
  if (!mjcf.mjcf) {
    why = mjcf.unsupported;
    return std::nullopt;
  }
  MujocoModel mj(*mjcf.mjcf);
  const mjModel* m = mj.model();
  const analysis::TangentCoordinates chart(*scenario.model);
  const std::vector<Eigen::Index> map = coordinate_map(m, *mjcf.mjcf, chart);
  // MuJoCo's coordinates k ≥ nv are velocities: their rows in A are accelerations.
  std::vector<bool> acceleration_row(map.size(), false);
  for (std::size_t k = static_cast<std::size_t>(m->nv); k < map.size(); ++k) acceleration_row[k] = true;
  // The free joints' rotation coordinates (dq 3..5 of each): the attitude errors.
  std::vector<bool> attitude(map.size(), false);
  for (const MjcfHub& hub : mjcf.mjcf->hubs) {
    const int dof = m->jnt_dofadr[mj_name2id(m, mjOBJ_JOINT, hub.joint.c_str())];
    for (int k = 3; k < 6; ++k) attitude[static_cast<std::size_t>(dof + k)] = true;
  }

  LinearComparison c;
  c.scenario = scenario.name;
  c.h = kStep;
  c.h_fine = 0.5 * kStep;
  c.nv = m->nv;

  // The equilibrium: x0 with the hub at rest and every joint at rest at its spring reference.
  Eigen::VectorXd x_eq = scenario.x0;
  for (const MjcfHub& hub : mjcf.mjcf->hubs) {
    x_eq.segment<3>(hub.v_BN_N).setZero();
    x_eq.segment<3>(hub.omega_BN_B).setZero();
  }
  for (const MjcfJoint& joint : mjcf.mjcf->joints) {
    x_eq[joint.q] = m->qpos_spring[m->jnt_qposadr[mj_name2id(m, mjOBJ_JOINT, joint.name.c_str())]];
    x_eq[joint.qDot] = 0.0;
  }
  c.points.push_back(compare_at("equilibrium", scenario, mj, map, x_eq, kStep, acceleration_row, attitude, c.ramus_size,
                                c.ramus_method));
  c.points.push_back(compare_at("x0", scenario, mj, map, scenario.x0, kStep, acceleration_row, attitude, c.ramus_size,
                                c.ramus_method));

  // Cost of one Jacobian in each, at x0.
  const analysis::OperatingPoint point{scenario.x0, scenario.t0, {}};
  const analysis::LinearModel probe = analysis::linearize(scenario.model, point);
  c.ramus_evaluations = static_cast<std::uint64_t>(2 * (probe.A.cols() + probe.B.cols()));  // central differences
  c.mujoco_steps = static_cast<std::uint64_t>(2 * (2 * m->nv + m->na) + 2 * m->nu + 1);     // centred, and the nominal
  mjModel* mm = mj.model();
  mm->opt.timestep = kStep;
  const int n = 2 * m->nv + m->na;
  std::vector<double> A_d(static_cast<std::size_t>(n * n)), B_d(static_cast<std::size_t>(std::max(1, n * m->nu)));
  c.linearize = time_paired(
      rounds, batch_seconds, [&] { (void)analysis::linearize(scenario.model, point); },
      [&] {
        mj.set_state(scenario.x0, scenario.t0);
        mjd_transitionFD(mm, mj.data(), kEps, 1, A_d.data(), m->nu > 0 ? B_d.data() : nullptr, nullptr, nullptr);
      });
  const System system = scenario.run();
  const analysis::StateJacobian jacobian(*scenario.model);
  Eigen::MatrixXd dfdx(scenario.x0.size(), scenario.x0.size());
  Eigen::VectorXd dfdt(scenario.x0.size());
  c.state_jacobian =
      time_batches(rounds, batch_seconds, [&] { jacobian(system, scenario.x0, scenario.t0, dfdx, dfdt); });
  return c;
}

namespace {

std::string list(const std::vector<double>& values, const char* format) {
  std::string s;
  for (const double v : values) s += (s.empty() ? "" : ", ") + number(format, v);
  return s.empty() ? "none" : s;
}

/// The largest relative difference of two ascending lists of frequencies; NaN when the counts differ.
double frequency_mismatch(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) return std::nan("");
  double worst = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) worst = std::max(worst, std::abs(a[k] - b[k]) / a[k]);
  return worst;
}

}  // namespace

void print_linearization(std::ostream& os, const LinearComparison& c) {
  os << "\n== linear models (" << c.scenario << "): ramus analysis::linearize against MuJoCo's mjd_transitionFD\n"
     << "   ramus: continuous A, " << c.ramus_size << " tangent coordinates (" << c.ramus_method
     << "); MuJoCo: discrete A_d of its RK4 step (centred differences, eps = " << sci(kEps, 0) << "), " << 2 * c.nv
     << " coordinates, taken to the continuous generator log(A_d)/h at h = " << number("%g", c.h) << " s and "
     << number("%g", c.h_fine) << " s, Richardson-extrapolated; compared on MuJoCo's coordinates\n";
  for (const LinearPoint& p : c.points) {
    os << "   at " << p.name << ": oscillatory modes without the attitude error [rad/s] ramus "
       << list(p.ramus_frequencies, "%.9f") << "; MuJoCo " << list(p.mujoco_frequencies, "%.9f")
       << "; largest relative difference " << sci(frequency_mismatch(p.ramus_frequencies, p.mujoco_frequencies))
       << "\n     A entrywise, but the attitude error's own block: acceleration rows " << sci(p.acceleration_rows)
       << ", kinematic rows " << sci(p.kinematic_rows)
       << " (relative to the rows' largest entry)\n     the attitude error's own block d(dtheta)/dt / dtheta "
       << "(the charts differ: ramus's fixed at the point, -[w x]/2; MuJoCo's moving with the step, -[w x]): "
       << "largest entry ramus " << sci(p.ramus_attitude_block) << " 1/s, MuJoCo " << sci(p.mujoco_attitude_block)
       << " 1/s; its frequencies ramus " << list(p.ramus_attitude_frequencies, "%.9f") << ", MuJoCo "
       << list(p.mujoco_attitude_frequencies, "%.9f") << '\n';
  }
  os << "   one Jacobian at x0, timed side by side in " << c.linearize.ratio.runs << " alternating rounds: ramus "
     << "linearize (A and B, " << c.ramus_evaluations << " evaluations) "
     << number("%.1f", 1e6 * c.linearize.a.per_call.median) << " us, MuJoCo mjd_transitionFD (" << c.mujoco_steps
     << " RK4 steps) " << number("%.1f", 1e6 * c.linearize.b.per_call.median) << " us: MuJoCo/ramus "
     << number("%.2f", c.linearize.ratio.median) << " (rounds " << number("%.2f", c.linearize.ratio.min) << "-"
     << number("%.2f", c.linearize.ratio.max) << "); ramus's raw-state Jacobian of the implicit steppers "
     << number("%.1f", 1e6 * c.state_jacobian.per_call.median) << " us\n";
  os.flush();
}

}  // namespace ramus::bench::mujoco
