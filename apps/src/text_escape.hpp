// User text made safe to print on one line of a result file or in a gnuplot string
// (ramus/scenario/escaped_text.hpp, shared with the loader's messages).
#pragma once

#include "ramus/scenario/escaped_text.hpp"

namespace ramus::app {

using scenario::escaped_text;

}  // namespace ramus::app
