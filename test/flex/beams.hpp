// The beams of the generator's tests (test/flex/): a uniform beam's numbers in one aggregate, its
// BeamConfig from them, and the unit beam the frequency and integral studies share.
#pragma once

#include "ramus/flex/beam.hpp"

namespace ramus::test::flex {

/// A uniform beam's numbers (SI): length, bending stiffnesses about the section's y and z axes,
/// torsional stiffness, polar mass moment per length (0: rigid in torsion), axial stiffness, mass
/// per length.
struct UniformBeam {
  double length, EI_y, EI_z, GJ, rhoJ, EA, rhoA;
};

/// Its BeamConfig on `elements` elements keeping `modes` modes, root at F's origin along F's x.
inline ramus::flex::BeamConfig beam_config(const UniformBeam& b, int elements, int modes) {
  ramus::flex::BeamConfig c;
  c.length = b.length;
  c.EI_y = b.EI_y;
  c.EI_z = b.EI_z;
  c.GJ = b.GJ;
  c.rhoJ = b.rhoJ;
  c.EA = b.EA;
  c.rhoA = b.rhoA;
  c.elements = elements;
  c.modes = modes;
  return c;
}

/// Unit length, bending stiffness EI_y and mass per length: ω in units of √(EI_y/(ρA L⁴)), bending
/// along z lowest (mode 1 is the first z mode). EI_z = 2.25 EI_y puts the other plane's frequencies
/// 1.5 times higher; GJ/ρJ and EA/ρA set torsion and stretching between them without any
/// coincidence with a bending frequency (which would mix the families).
inline constexpr UniformBeam kUnitBeam{1.0, 1.0, 2.25, 1.0, 0.1, 30.0, 1.0};

}  // namespace ramus::test::flex
