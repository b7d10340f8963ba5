#include "ramus/systems/external_force_torque.hpp"

#include "ramus/kernel/validation.hpp"

namespace ramus {

ExternalForceTorque::ExternalForceTorque(std::string name, const ExternalForceTorqueConfig& config)
    : DynamicEffector(std::move(name)),
      force_F_(config.force_F.si()),
      force_N_(config.force_N.si()),
      torque_PntF_F_(config.torque_PntF_F.si()),
      r_PF_F_(config.r_PF_F.si()) {
  validation::require_finite(validation::owner("external_force_torque", this->name()),
                             {{"force_F [N]", force_F_},
                              {"force_N [N]", force_N_},
                              {"torque_PntF_F [N m]", torque_PntF_F_},
                              {"r_PF_F [m]", r_PF_F_}});
}

std::vector<InputSpec> ExternalForceTorque::input_blocks() const {
  return {{"force_F", 3, "N", force_F_, {}, {}},
          {"force_N", 3, "N", force_N_, {}, {}},
          {"torque_PntF_F", 3, "N m", torque_PntF_F_, {}, {}}};
}

std::vector<InputProfile> ExternalForceTorque::input_profiles() const {
  std::vector<InputProfile> profiles;
  const auto add = [&profiles](Eigen::Index first, const Profile& f, const Eigen::Vector3d& constant) {
    if (!f) return;
    for (Eigen::Index i = 0; i < 3; ++i) {
      InputProfile p;
      p.channel = first + i;
      p.value = [f, i, c = constant[i]](double t) { return c + f(t)[i]; };
      profiles.push_back(std::move(p));
    }
  };
  add(0, force_F_profile_, force_F_);
  add(3, force_N_profile_, force_N_);
  add(6, torque_profile_, torque_PntF_F_);
  return profiles;
}

Wrench ExternalForceTorque::wrench(const FrameKinematics& frame, ConstInputBlock u, const LoadContext&) const {
  Wrench w;
  w.force_F = u.segment<3>(0) + frame.dcm_FN * u.segment<3>(3);
  // eq. (1): the force at P adds its moment about F's origin (exactly zero when P is the origin)
  w.torque_PntF_F = u.segment<3>(6) + r_PF_F_.cross(w.force_F);
  return w;
}

}  // namespace ramus
