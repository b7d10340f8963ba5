// The scenario type flexible_body (docs/models/flexible_body.md §8): an elastic appendage whose
// modal data come from a modal file (docs/flex/modal_file.md), inline, or the beam generator
// (docs/flex/beam.md) or the panel generator (docs/flex/panel.md); and the parts it reads.
#include <memory>
#include <optional>
#include <string>

#include "field_list.hpp"
#include "modal_object.hpp"
#include "ramus/flex/beam.hpp"
#include "ramus/flex/panel.hpp"
#include "ramus/scenario/modal_file.hpp"
#include "ramus/systems/flexible_body.hpp"
#include "registry_table.hpp"

namespace ramus::scenario {
namespace {

using Dim = Dimension;

const FieldList<flex::BeamConfig>& beam_fields() {
  using C = flex::BeamConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.si("length", &C::length, Dim::length, "L, root to tip", positive())
        .must_give()
        .si("EI_y", &C::EI_y, Dim::bending_stiffness, "bending stiffness about the section's y (deflection along z)",
            positive())
        .must_give()
        .si("EI_z", &C::EI_z, Dim::bending_stiffness, "bending stiffness about the section's z (deflection along y)",
            positive())
        .must_give()
        .si("GJ", &C::GJ, Dim::bending_stiffness, "torsional stiffness", positive())
        .must_give()
        .si("EA", &C::EA, Dim::force, "axial stiffness", positive())
        .must_give()
        .si("rhoA", &C::rhoA, Dim::mass_per_length, "mass per length", positive())
        .must_give()
        .si("rhoJ", &C::rhoJ, Dim::mass_moment_per_length,
            "polar mass moment of the section per length (0: rigid in torsion, no torsion modes)", non_negative())
        .si("kGA_y", &C::kGA_y, Dim::force,
            "shear stiffness for shear along the section's y (0: rigid in shear, Euler-Bernoulli; > 0: Timoshenko)",
            non_negative())
        .si("kGA_z", &C::kGA_z, Dim::force,
            "shear stiffness for shear along the section's z (0: rigid in shear, Euler-Bernoulli; > 0: Timoshenko)",
            non_negative())
        .si("rhoI_y", &C::rhoI_y, Dim::mass_moment_per_length,
            "rotary inertia of the section per length about its y, rho I_y (0: left out)", non_negative())
        .si("rhoI_z", &C::rhoI_z, Dim::mass_moment_per_length,
            "rotary inertia of the section per length about its z, rho I_z (0: left out)", non_negative())
        .add("elements", &C::elements, "equal elements", between(1.0, static_cast<double>(flex::kMaxBeamElements)))
        .must_give()
        .add("modes", &C::modes, "lowest modes kept (at most 6 per element, 5 with rhoJ = 0)", Bounds{1.0, {}, false})
        .must_give()
        .si("r_RF_F", &C::r_RF_F, Dim::length, "the beam's root R relative to F's origin, in F")
        .add("dcm_BF", &C::dcm_BF, "beam axes from F: row 0 the beam axis (root to tip), rows 1, 2 the section's y, z")
        .add("zeta", &C::zeta, "damping ratio of every mode", non_negative());
  });
}

const FieldList<flex::BeamSection>& section_fields() {
  using C = flex::BeamSection;
  return fields_once<C>([](FieldList<C>& l) {
    l.si("EI_y", &C::EI_y, Dim::bending_stiffness, "out-of-plane bending stiffness (deflection along the normal)",
         positive())
        .must_give()
        .si("EI_z", &C::EI_z, Dim::bending_stiffness, "in-plane bending stiffness", positive())
        .must_give()
        .si("GJ", &C::GJ, Dim::bending_stiffness, "torsional stiffness", positive())
        .must_give()
        .si("EA", &C::EA, Dim::force, "axial stiffness", positive())
        .must_give()
        .si("rhoA", &C::rhoA, Dim::mass_per_length, "mass per length", positive())
        .must_give()
        .si("rhoJ", &C::rhoJ, Dim::mass_moment_per_length,
            "polar mass moment per length (0: the twist carries no mass)", non_negative())
        .si("kGA_y", &C::kGA_y, Dim::force, "in-plane shear stiffness (0: rigid in shear)", non_negative())
        .si("kGA_z", &C::kGA_z, Dim::force, "out-of-plane shear stiffness (0: rigid in shear)", non_negative())
        .si("rhoI_y", &C::rhoI_y, Dim::mass_moment_per_length, "rotary inertia per length about the member's y",
            non_negative())
        .si("rhoI_z", &C::rhoI_z, Dim::mass_moment_per_length, "rotary inertia per length about the normal",
            non_negative());
  });
}

const FieldList<flex::PanelConfig>& panel_fields() {
  using C = flex::PanelConfig;
  return fields_once<C>([](FieldList<C>& l) {
    l.si("length", &C::length, Dim::length, "L, root edge to tip", positive())
        .must_give()
        .si("width", &C::width, Dim::length, "W, across", positive())
        .must_give()
        .add("longerons", &C::longerons, "members from the root edge to the tip, evenly spaced across",
             Bounds{1.0, {}, false})
        .must_give()
        .add("ribs", &C::ribs, "members across, evenly spaced from the root (excluded) to the tip (included)",
             Bounds{1.0, {}, false})
        .must_give()
        .add("elements_per_bay", &C::elements_per_bay, "elements between rib stations and between longerons",
             Bounds{1.0, {}, false})
        .must_give()
        .object("longeron", &C::longeron, section_fields(), "beam_section", "the longerons' section")
        .object("rib", &C::rib, section_fields(), "beam_section", "the ribs' section")
        .add("modes", &C::modes, "lowest modes kept (at most the free DOFs that carry mass)", Bounds{1.0, {}, false})
        .must_give()
        .si("r_RF_F", &C::r_RF_F, Dim::length, "the root edge's midpoint R relative to F's origin, in F")
        .add("dcm_BF", &C::dcm_BF, "panel axes from F: rows the panel's x (root to tip), y (across), z (normal)")
        .add("zeta", &C::zeta, "damping ratio of every mode", non_negative());
  });
}

FieldInfo nodes_field() {
  FieldInfo f = described("objects", "nodes", "", "where the body is observed and loaded", "[]");
  f.part = "modal_node";
  return f;
}

/// The modal data's keys as a part (documentation and schema; read by read_modal_object).
std::vector<FieldInfo> modal_data_info() {
  const auto req = [](std::string kind, std::string key, std::string unit, std::string doc) {
    return described(std::move(kind), std::move(key), std::move(unit), std::move(doc), "");
  };
  return {req("quantity", "mass", "kg", "m, the body's mass (eq. (2))"),
          req("vector", "r_ScF_F", "m", "undeformed centre of mass Sc relative to F's origin, in F (eq. (3))"),
          req("matrix", "I_PntF_F", "kg m^2", "J0, the undeformed inertia about F's origin, in F (eq. (4))"),
          req("numbers", "modal_mass", "", "mu_k, one per mode (1 for mass-normalised modes) (eq. (5))"),
          req("numbers", "omega", "rad/s", "natural frequencies of the clamped body, ascending; n = its size"),
          req("numbers", "zeta", "", "modal damping ratios"),
          req("rows", "P_F", "", "3 x n: momentum of a unit modal rate (eq. (6))"),
          req("rows", "H_PntF_F", "", "3 x n: angular momentum about F of a unit modal rate (eq. (7))"),
          req("matrices", "J1_F", "", "n symmetric 3 x 3: first-order change of the inertia (eq. (8))"),
          req("matrices", "G", "", "3 antisymmetric n x n: gyroscopic coupling (eq. (9))"),
          req("matrices", "D", "", "9 n x n: the deformation's second moments, D[3i+j] (eq. (10))"),
          described("matrices", "K_G", "",
                    "12 symmetric n x n: geometric stiffness per unit load case (eq. (12)); "
                    "absent: none (geometric_stiffening must be false)",
                    "none"),
          nodes_field()};
}

std::vector<FieldInfo> modal_node_info() {
  return {described("name", "name", "", "unique node name", ""),
          described("vector", "r_NF_F", "m", "undeformed position relative to F's origin, in F", ""),
          described("rows", "phi_F", "", "3 x n translational mode shapes at the node, in F", ""),
          described("rows", "psi_F", "", "3 x n rotational mode shapes at the node [rad per unit eta], in F", "")};
}

/// The members of a flexible_body object that FieldList reads; the modal data and the initial
/// modal coordinates (sized by the data) are read by the builder.
struct FlexibleBodySpec {
  FlexibleBodyConfig body;
  std::string modal_file;
  flex::BeamConfig beam;
  flex::PanelConfig panel;
  std::optional<double> zeta;
};

const FieldList<FlexibleBodySpec>& flexible_body_fields() {
  using S = FlexibleBodySpec;
  return fields_once<S>([](FieldList<S>& l) {
    l.add("modal_file", &S::modal_file,
          "the modal file (docs/flex/modal_file.md), relative to the scenario's folder (or data_root)")
        .default_is("none")
        .custom(described("object", "modal", "", "the modal data inline: the modal file's data keys", "none"),
                [](const Node&, S&) {})
        .object("beam", &S::beam, beam_fields(), "beam", "the modal data of a uniform beam clamped at its root", false)
        .default_is("none")
        .object("panel", &S::panel, panel_fields(), "panel",
                "the modal data of a flat panel of beams (a grillage) clamped along its root edge", false)
        .default_is("none")
        .add("zeta", &S::zeta, "damping ratio given to every mode (instead of the data's)", non_negative())
        .custom(described("numbers", "eta0", "", "initial modal coordinates, one per mode", "zeros"),
                [](const Node&, S&) {})
        .custom(described("numbers", "etaDot0", "", "initial modal rates, one per mode", "zeros"),
                [](const Node&, S&) {});
    FieldList<FlexibleBodyConfig> body;
    body.add("r_FB_B", &FlexibleBodyConfig::r_FB_B, "the interface frame F's origin relative to B")
        .add("dcm_FB", &FlexibleBodyConfig::dcm_FB, "B to F")
        .add("geometric_stiffening", &FlexibleBodyConfig::geometric_stiffening,
             "the foreshortening terms of the geometric stiffness (eqs. (5)-(7)): centrifugal stiffening");
    l.flatten(&S::body, body);
  });
}

/// The modal data of `n`: exactly one of modal_file, modal, beam, panel.
ModalData modal_data(const Node& n, const FlexibleBodySpec& s, const EnvironmentObjects& files) {
  const char* sources[] = {"modal_file", "modal", "beam", "panel"};
  const char* given = nullptr;
  for (const char* key : sources) {
    if (!n.has(key)) continue;
    if (given != nullptr) n.at(key).fail(std::string("give the modal data once: \"") + given + "\" is given already");
    given = key;
  }
  if (given == nullptr)
    n.fail(
        "give the modal data: \"modal_file\" (a modal file), \"modal\" (inline), \"beam\" or \"panel\" "
        "(generated)");
  const std::string source = given;
  if (source == "beam") {
    const Node beam = n.at("beam");
    return wrap_configuration_errors(beam, [&] { return flex::clamped_beam(s.beam); });
  }
  if (source == "panel") {
    const Node panel = n.at("panel");
    return wrap_configuration_errors(panel, [&] { return flex::clamped_panel(s.panel); });
  }
  if (source == "modal") return read_modal_object(n.at("modal"));
  const Node file = n.at("modal_file");
  try {
    return read_modal_file(wrap_configuration_errors(file, [&] { return files.data_file(s.modal_file); })).data;
  } catch (const ScenarioError& e) {
    if (e.path().starts_with(file.path())) throw;  // the resolution's own error, at the key already
    file.fail(e.what());
  }
}

std::shared_ptr<StateEffector> flexible_body(const Node& n, const std::string& name, const EnvironmentObjects& files) {
  FlexibleBodySpec s = flexible_body_fields().read(n, common_keys(Category::state_effector));
  s.body.modes = modal_data(n, s, files);
  const Eigen::Index modes = s.body.modes.modes();
  if (s.zeta) {
    // At its key: the library would name the data's zeta[0], not this override.
    if (!(*s.zeta >= 0.0)) n.at("zeta").fail("= " + format_default(*s.zeta) + ": must not be negative");
    s.body.modes.zeta.setConstant(*s.zeta);
  }
  if (const auto e = n.find("eta0")) s.body.eta0 = e->vector(Dim::dimensionless, modes);
  if (const auto e = n.find("etaDot0")) s.body.etaDot0 = e->vector(Dim::dimensionless, modes);
  return std::make_shared<FlexibleBody>(name, s.body);
}

}  // namespace

ModalData beam_modal_data(std::string_view json) {
  const nlohmann::json document = parse_document(json);
  const Node n(document, "");
  const flex::BeamConfig c = beam_fields().read(n);
  return wrap_configuration_errors(n, [&] { return flex::clamped_beam(c); });
}

ModalData panel_modal_data(std::string_view json) {
  const nlohmann::json document = parse_document(json);
  const Node n(document, "");
  const flex::PanelConfig c = panel_fields().read(n);
  return wrap_configuration_errors(n, [&] { return flex::clamped_panel(c); });
}

void register_flexible_body(Registry& r) {
  r.add_part(type_info("beam", Category::part, "a uniform beam clamped at its root, by finite elements",
                       "docs/flex/beam.md", "flex::BeamConfig", beam_fields().info()));
  r.add_part(type_info("panel", Category::part, "a flat panel of beams (a grillage) clamped along its root edge",
                       "docs/flex/panel.md", "flex::PanelConfig", panel_fields().info()));
  r.add_part(type_info("beam_section", Category::part, "the section of a panel's member", "docs/flex/panel.md",
                       "flex::BeamSection", section_fields().info()));
  r.add_part(type_info("modal_data", Category::part, "the modal data of a body clamped at F", "docs/flex/modal_file.md",
                       "ModalData", modal_data_info()));
  r.add_part(type_info("modal_node", Category::part, "a node of the modal data", "docs/flex/modal_file.md", "ModalNode",
                       modal_node_info()));
  TypeInfo t = type_info("flexible_body", Category::state_effector,
                         "an elastic appendage from modal data, clamped at a frame F fixed in the hub",
                         "docs/models/flexible_body.md", "FlexibleBody", flexible_body_fields().info());
  for (FieldInfo& f : t.fields)
    if (f.key == "modal") f.part = "modal_data";
  t.exclusive = {{"modal_file", "modal"}, {"modal_file", "beam"}, {"modal", "beam"},
                 {"modal_file", "panel"}, {"modal", "panel"},     {"beam", "panel"}};
  r.add_state_effector(std::move(t), flexible_body);
}

}  // namespace ramus::scenario
