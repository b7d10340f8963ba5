// The modal data object of a modal file (docs/flex/modal_file.md), also given inline as a
// flexible_body's "modal": the reader both share.
#pragma once

#include <span>
#include <string_view>

#include "json_node.hpp"
#include "ramus/systems/modal_data.hpp"

namespace ramus::scenario {

/// The data keys of `n` (and no others but `other_keys`), checked by check_modal_data; every
/// failure a ScenarioError at the key (or the entry) of `n` that holds the bad value.
ModalData read_modal_object(const Node& n, std::span<const std::string_view> other_keys = {});

}  // namespace ramus::scenario
