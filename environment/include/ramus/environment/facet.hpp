// A flat plate of a spacecraft's outer surface, fixed in the frame F of the body it belongs to
// (the hub or a segment): the geometry shared by radiation pressure and drag
// (docs/environment/srp.md, docs/environment/drag.md).
#pragma once

#include <Eigen/Dense>
#include <string>

namespace ramus {

struct FacetGeometry {
  double area = 0.0;                                    ///< [m²] A > 0
  Eigen::Vector3d normal_F = Eigen::Vector3d::UnitX();  ///< [1] outward unit normal n̂, F components
  Eigen::Vector3d r_PF_F = Eigen::Vector3d::Zero();     ///< [m] centre of pressure P relative to F's origin
};

/// Throws ConfigurationError naming `owner`, "facets[i].<field>" and the value if the area is not
/// positive and finite, the normal is not a unit vector within 1e-6, or the position is not finite.
void validate_facet(const std::string& owner, std::size_t i, const FacetGeometry& facet);

}  // namespace ramus
