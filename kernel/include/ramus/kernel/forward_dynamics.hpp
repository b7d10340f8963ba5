// One derivative evaluation, as the named stages of docs/architecture.md §D3 (docs/architecture.md).
// Each stage reads the model and x and writes only the workspace (the last one also dxdt).
// Stages 1–4 run for every vehicle before stage 5 of any, so that loads between vehicles see
// the current kinematics of both ends.
#pragma once

#include <Eigen/Dense>

#include "ramus/kernel/model.hpp"
#include "ramus/kernel/workspace.hpp"

namespace ramus::forward {

/// Stages 1–2: the time and the hub from x (attitude normalised) into each vehicle's evaluation
/// context, and every effector's kinematics.
void kinematics(const Model& model, Workspace& ws, const Eigen::VectorXd& x, double t);
/// Stage 3: hub plus effectors: m, c_B, cPrime_B and mDot of each vehicle (eq. 2).
void mass_properties(const Model& model, Workspace& ws, const Eigen::VectorXd& x);
/// Stage 4: gravity at each vehicle's C and the wrenches of the dynamic effectors.
void loads(const Model& model, Workspace& ws, double t);
/// Part of stage 4: vehicle w's load context (t, its centre of mass C, gravity there, the field).
void load_context(const Model& model, const Vehicle& v, VehicleWorkspace& w, double t);
/// Stages 5–6: assemble each vehicle's hub system (hub terms and effector contributions), solve it.
void hub_accelerations(const Model& model, Workspace& ws, const Eigen::VectorXd& x);
/// Stage 7: hub and effector derivatives into dxdt (back-substitution).
void derivatives(const Model& model, Workspace& ws, const Eigen::VectorXd& x, Eigen::VectorXd& dxdt);

/// The frame of one end of a two-point effector (hub or segment), from the current kinematics.
const FrameKinematics& end_frame(const Model& model, const Workspace& ws, const Model::ResolvedEnd& end);
/// Adds a load (in the end's frame, about its origin) to the hub or segment of that end.
void add_end_load(const Model& model, Workspace& ws, const Model::ResolvedEnd& end, const Wrench& load);

/// All stages in order: dxdt = f(x, t).
void evaluate(const Model& model, Workspace& ws, const Eigen::VectorXd& x, Eigen::VectorXd& dxdt, double t);

}  // namespace ramus::forward
