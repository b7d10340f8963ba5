// Validation of facets (docs/environment/srp.md §2).
#include "ramus/environment/facet.hpp"

#include <cmath>

#include "ramus/kernel/error.hpp"
#include "ramus/kernel/validation.hpp"

namespace ramus {

void validate_facet(const std::string& owner, std::size_t i, const FacetGeometry& facet) {
  const std::string field = "facets[" + std::to_string(i) + "].";
  validation::require_positive(owner, field + "area [m^2]", facet.area);
  validation::require_finite(owner, field + "normal_F", facet.normal_F);
  if (std::abs(facet.normal_F.norm() - 1.0) > 1e-6)  // typed to 7 digits, an axis is unit to ~1e-7
    throw ConfigurationError(owner, field + "normal_F", validation::to_text(facet.normal_F), "must be a unit vector");
  validation::require_finite(owner, field + "r_PF_F [m]", facet.r_PF_F);
}

}  // namespace ramus
