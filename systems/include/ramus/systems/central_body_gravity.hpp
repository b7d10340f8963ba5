// Deprecated in 0.2: CentralBodyGravity moved to ramus/environment/central_body_gravity.hpp with
// the rest of gravity (CHANGELOG.md). This header forwards to it until 0.3.
#pragma once

#pragma message("ramus/systems/central_body_gravity.hpp is deprecated: use ramus/environment/central_body_gravity.hpp")
#include "ramus/environment/central_body_gravity.hpp"
