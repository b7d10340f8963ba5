// The consumers' one-vehicle model: a 100 kg hub of principal inertias 100, 200, 300 kg m², to
// which each program adds its effectors.
#pragma once

#include <memory>

#include <ramus/kernel/model.hpp>

inline std::shared_ptr<ramus::Model> hub_model(ramus::Vehicle*& sc) {
  using namespace ramus::units;
  auto model = std::make_shared<ramus::Model>();
  ramus::HubConfig hub;
  hub.mass = 100.0 * si::kilogram;
  hub.I_PntBc_B = InertiaTensor::diagonal(100.0 * kg_m2, 200.0 * kg_m2, 300.0 * kg_m2);
  sc = &model->add_vehicle("sc", hub);
  return model;
}
