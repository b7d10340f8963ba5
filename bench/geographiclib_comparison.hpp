// ramus's spherical-harmonic sums side by side with GeographicLib's (SphericalHarmonic,
// SphericalHarmonic1): the same coefficients at the same point of the body frame, each timed as
// the environment table times its models (median of batches, one run), with the largest relative
// difference of their values. Built with GeographicLib when CMake finds it (bench/CMakeLists.txt,
// RAMUS_BENCH_GEOGRAPHICLIB); without it the comparison is reported as skipped.
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

namespace ramus::bench {

/// One quantity evaluated by both.
struct SideBySide {
  std::string what;                    ///< the field and the quantity ("GGM03S 20x20 potential")
  std::string geographiclib_call;      ///< how GeographicLib evaluated it
  double ramus_seconds = 0.0;          ///< [s] per call, median of the batches
  double geographiclib_seconds = 0.0;  ///< [s] per call, median of the batches
  /// [1] max |ramus − GeographicLib| / |ramus| over the point's values (the potential; the
  /// acceleration or field vector in its norm, ‖Δa‖ / ‖a‖)
  double max_relative_difference = 0.0;
};

/// The GeographicLib version compiled in ("2.1.2"); empty when the bench was built without it.
std::string geographiclib_version();

/// Both libraries' sums at r_P [m] (body-frame components): GGM03S (data_dir/GGM03S-deg60.txt,
/// fully normalized) at degrees 8, 20 and 60, the potential and the acceleration; the World
/// Magnetic Model (data_dir/WMM2025.COF, Schmidt semi-normalized, degree 12) at `decimal_year`
/// [yr], the field. Empty when built without GeographicLib.
std::vector<SideBySide> measure_geographiclib_side_by_side(const std::string& data_dir, const Eigen::Vector3d& r_P,
                                                           double decimal_year, int batches, double batch_seconds);

}  // namespace ramus::bench
