// libFuzzer target for the environment's data-file readers (docs/environment/README.md, "Data
// files"), on the text of a file. The first byte picks the reader (its low 3 bits: 0 GGM03S text
// gravity, 1 ICGEM gravity, 2 WMM .COF, 3 ModelWeb listing, 4 two-column table, 5 ephemeris table)
// and, for gravity, the degree kept (its high 5 bits k: the file's for k = 0, else k − 1). Each
// reader either returns what satisfies its own invariants or throws ConfigurationError — never a
// crash, another exception, a hang or an allocation the input's size does not bound.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ramus/environment/atmosphere.hpp"
#include "ramus/environment/ephemeris.hpp"
#include "ramus/environment/gravity_field_file.hpp"
#include "ramus/environment/world_magnetic_model.hpp"
#include "ramus/kernel/error.hpp"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

void gravity(std::string_view text, bool icgem, int degree) {
  ramus::GravityFieldReadOptions o;
  o.max_degree = degree;
  const ramus::GravityFieldCoefficients c = icgem ? ramus::parse_gravity_field_icgem(text, "fuzz.gfc", o)
                                                  : ramus::parse_gravity_field_text(text, "fuzz.txt", o);
  check(c.max_degree >= 0 && c.max_degree <= ramus::kGravityFieldFileMaxDegree);
  check(c.max_order >= 0 && c.max_order <= c.max_degree);
  check(degree < 0 || c.max_degree == degree);
  const std::size_t size = ramus::GravityFieldCoefficients::index(c.max_degree, c.max_degree) + 1;
  check(c.C.size() == size && c.S.size() == size);
  // Every row kept of degree 2 on was read from a line of at least 7 bytes.
  std::size_t rows = 0;
  for (int n = 2; n <= c.max_degree; ++n) rows += static_cast<std::size_t>(std::min(n, c.max_order)) + 1;
  check(7 * rows <= text.size());
  for (std::size_t i = 0; i < size; ++i) check(std::isfinite(c.C[i]) && std::isfinite(c.S[i]));
  check(c.reference_radius > 0.0 && c.mu > 0.0);
}

void cof(std::string_view text) {
  const ramus::GaussCoefficients c = ramus::parse_cof(text, "fuzz.cof");
  check(c.degree >= ramus::GaussCoefficients::kLeastDegree && c.degree <= ramus::GaussCoefficients::kMaxDegree);
  check(std::isfinite(c.epoch));
}

void table(const ramus::TabulatedAtmosphere& t) {
  check(t.altitudes().size() >= 2 && t.altitudes().size() == t.densities().size());
  for (std::size_t i = 1; i < t.altitudes().size(); ++i) check(t.altitudes()[i] > t.altitudes()[i - 1]);
  check(t.top_scale_height() > 0.0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const int reader = data[0] & 7, k = data[0] >> 3;
  try {
    switch (reader) {
      case 0:
      case 1:
        gravity(text, reader == 1, k - 1);
        break;
      case 2:
        cof(text);
        break;
      case 3:
        table(ramus::TabulatedAtmosphere::parse_modelweb(text, "fuzz.txt"));
        break;
      case 4:
        table(ramus::TabulatedAtmosphere::parse_two_column(text, "fuzz.txt", 1e3, 1e3));
        break;
      case 5: {
        const ramus::TabulatedEphemeris e = ramus::TabulatedEphemeris::parse(text, "fuzz.txt");
        check(e.t_last() > e.t_first());
        break;
      }
      default:
        break;
    }
  } catch (const ramus::ConfigurationError&) {
    // refused with a message naming the file: the expected outcome for most inputs
  }
  return 0;
}
