// Matrix Market files (the NIST text format of sparse and dense matrices, math.nist.gov/MatrixMarket)
// for the finite-element importer (docs/flex/fe_import.md §1): the mass and stiffness matrices an
// FE tool exports. Read into a dense matrix (models up to a few thousand DOFs).
#pragma once

#include <Eigen/Dense>
#include <filesystem>
#include <iosfwd>
#include <string_view>

namespace ramus::flex {

/// The matrix of a Matrix Market file. Accepted: the banner
///   %%MatrixMarket matrix coordinate|array real|integer general|symmetric
/// (keywords in any case), then '%' comment lines and blank lines, the size line ("rows cols
/// entries" for coordinate, "rows cols" for array; rows, cols ≥ 1), then the entries: coordinate
/// "i j value" with 1-based i, j (absent entries are 0), array one value per line in column-major
/// order. Symmetric: square, only the lower triangle given (i ≥ j; array: each column from its
/// diagonal down), mirrored. Everything else is refused with a ConfigurationError whose owner is
/// "matrix market '<source>'", field "line <n>" and value the offending text (quoted): a missing or
/// unknown banner, a complex, pattern, hermitian or skew-symmetric matrix, a bad size line, an
/// index out of range, a duplicate entry, an unparsable or non-finite number, fewer or more entries
/// than the size line announces, a symmetric-format entry above the diagonal.
Eigen::MatrixXd read_matrix_market(std::istream& in, std::string_view source_name);

/// The same from a file; `source_name` is the path. A file that cannot be opened is refused
/// (ConfigurationError, field "file").
Eigen::MatrixXd read_matrix_market(const std::filesystem::path& path);

/// Writes `a` as "%%MatrixMarket matrix coordinate real general" (every non-zero entry) or, with
/// `symmetric`, "... real symmetric" (the non-zero entries of the lower triangle only: the caller
/// asserts the symmetry), each value with 17 significant digits (%.17g: read back exactly).
/// Throws std::invalid_argument for a non-finite entry, or for `symmetric` with a non-square `a`.
void write_matrix_market(std::ostream& out, const Eigen::MatrixXd& a, bool symmetric);

}  // namespace ramus::flex
