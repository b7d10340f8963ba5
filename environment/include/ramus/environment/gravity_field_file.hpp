// Fully normalized gravity-field coefficients and their readers: the GGM03S text layout of data/
// and ICGEM's .gfc format (docs/environment/spherical_harmonic_gravity.md §4).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ramus {

/// A central body's gravity field as fully normalized Stokes coefficients C̄nm, S̄nm for
/// 0 ≤ m ≤ n ≤ max_degree, m ≤ max_order (docs/environment/spherical_harmonic_gravity.md (1)),
/// stored as triangles (index n(n+1)/2 + m); a coefficient the file does not list is 0, except
/// C̄00 = 1.
struct GravityFieldCoefficients {
  std::string source;             ///< the file read (names the field in errors)
  double reference_radius = 0.0;  ///< [m] R of the series
  double mu = 0.0;                ///< [m^3/s^2] μ of the series
  int max_degree = 0;             ///< [1] N: largest n held
  int max_order = 0;              ///< [1] M ≤ N: largest m held
  std::string tide_system;        ///< as the file states it ("zero_tide", "tide_free", ...; "" if not stated)
  std::vector<double> C, S;       ///< [1] C̄nm, S̄nm at index(n, m); size index(N, N) + 1

  static std::size_t index(int n, int m) {
    return static_cast<std::size_t>(n) * static_cast<std::size_t>(n + 1) / 2 + static_cast<std::size_t>(m);
  }
  double c(int n, int m) const { return C[index(n, m)]; }
  double s(int n, int m) const { return S[index(n, m)]; }
};

/// [1] The largest degree a file may declare: EGM2008's 2190 (a header beyond it is refused before
/// anything is sized by it; the model itself sums at most SphericalHarmonicGravity::kMaxDegree).
inline constexpr int kGravityFieldFileMaxDegree = 2190;
/// [bytes] The largest coefficient file read, 512 MiB, checked on the file's size before reading:
/// a full degree-2190 file holds 2.4 million rows of up to about 200 bytes.
inline constexpr std::size_t kGravityFieldFileMaxBytes = std::size_t{512} << 20;

/// What a reader keeps: every coefficient up to the file's degree and order (−1), or up to smaller
/// ones; asking for more than the file holds is an error.
struct GravityFieldReadOptions {
  int max_degree = -1;  ///< [1] largest n kept (−1: the file's)
  int max_order = -1;   ///< [1] largest m kept (−1: the file's, at most max_degree)
};

/// The GGM03S text layout of data/GGM03S-deg60.txt (comma or blank separated): a first line
/// "R [m], μ [m^3/s^2], rotation rate [rad/s], max degree, max order, normalized flag (1), two
/// unused", then one line per coefficient "n, m, C̄nm, S̄nm[, σC, σS]". Every (n, m) with
/// 2 ≤ n ≤ the degree kept and m ≤ min(n, the order kept) must be listed, once (degrees 0 and 1
/// may be left out: C̄00 = 1, the others 0); rows beyond what is kept are checked against the
/// header's degree and order, not stored. The file must be a regular file of at most
/// kGravityFieldFileMaxBytes whose size can hold the rows kept; its header declares a degree of
/// at most kGravityFieldFileMaxDegree and is never quoted in a message
/// (docs/environment/spherical_harmonic_gravity.md §4). Throws ConfigurationError naming the file,
/// the line and the field.
GravityFieldCoefficients read_gravity_field_text(const std::string& path, const GravityFieldReadOptions& options = {});
/// The same from the file's text; `source` names it in errors and in the coefficients.
GravityFieldCoefficients parse_gravity_field_text(std::string_view text, const std::string& source,
                                                  const GravityFieldReadOptions& options = {});

/// ICGEM's .gfc format: a header ending with `end_of_head` whose keywords `earth_gravity_constant`
/// [m^3/s^2], `radius` [m] and `max_degree` are required, `norm` must be `fully_normalized` (the
/// default when absent) and `tide_system` is kept; then lines "gfc n m C̄nm S̄nm [σC σS]".
/// Time-variable lines (gfct, trnd, acos, asin) are refused. Fortran exponents (1.0D-06) are read.
/// The rules of read_gravity_field_text on the rows, the size and the degree; a file without
/// `end_of_head` is refused before any of it is quoted.
GravityFieldCoefficients read_gravity_field_icgem(const std::string& path, const GravityFieldReadOptions& options = {});
/// The same from the file's text; `source` names it in errors and in the coefficients.
GravityFieldCoefficients parse_gravity_field_icgem(std::string_view text, const std::string& source,
                                                   const GravityFieldReadOptions& options = {});

/// The coefficients up to degree and order (≤ the set's; order ≤ degree), as a new set.
GravityFieldCoefficients truncated(const GravityFieldCoefficients& coefficients, int degree, int order);

}  // namespace ramus
