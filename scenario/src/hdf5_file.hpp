// What the HDF5 modal file's reader and writer need of HDF5's C API (docs/flex/modal_file.md §5):
// identifiers closed at scope exit on every path, one session at a time with HDF5's own error
// printing silenced (its message reaches the caller in the exception), and typed reads and writes
// of doubles and UTF-8 strings that check what they are given before they allocate.
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace ramus::scenario::hdf5 {

/// An HDF5 identifier closed by its close function at scope exit (an invalid one: nothing).
class Handle {
 public:
  Handle() = default;
  Handle(hid_t id, herr_t (*closer)(hid_t)) noexcept : id_(id), close_(closer) {}
  Handle(Handle&& other) noexcept : id_(other.id_), close_(other.close_) { other.id_ = H5I_INVALID_HID; }
  Handle& operator=(Handle&& other) noexcept;
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  ~Handle() { close(); }

  hid_t get() const noexcept { return id_; }
  bool valid() const noexcept { return id_ >= 0; }
  /// Closes now; false when the close failed (a file whose last writes could not be flushed).
  bool close() noexcept;

 private:
  hid_t id_ = H5I_INVALID_HID;
  herr_t (*close_)(hid_t) = nullptr;
};

/// Every use of HDF5 by the scenario library runs inside one Session: the calls are serialised
/// (the error-printer setting is global to the process, or to the thread in a thread-safe build),
/// HDF5's printing of its error stack is off, and the printer is restored on exit. Declared before
/// the handles it covers, so that they close inside it.
class Session {
 public:
  Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
  ~Session();

 private:
  std::unique_lock<std::mutex> lock_;
  H5E_auto2_t printer_ = nullptr;
  void* printer_data_ = nullptr;
};

/// The most specific message of HDF5's error stack ("truncated file: eof = 96, …"), "no detail"
/// when the stack is empty; clears the stack.
std::string error_text();

/// `dims` as text: "a scalar", "1-D (10)", "2-D (10, 2)".
std::string shape_text(const std::vector<std::uint64_t>& dims);

/// A datatype in words: "64-bit float", "32-bit integer", "string", "compound", …
std::string type_text(hid_t type);

/// Whether `type` is an IEEE 754 double of either byte order (read into native doubles exactly).
bool is_ieee_double(hid_t type);

/// The extents of a dataspace; `simple` false for a null dataspace (no elements, not even a scalar).
struct Shape {
  bool simple = true;
  std::vector<std::uint64_t> dims;  ///< empty: a scalar
};
Shape shape_of(hid_t space);

/// The text of a string attribute or of a scalar string dataset: fixed-length (padding dropped) or
/// variable-length, ASCII or UTF-8. Throws std::runtime_error with the reason (not a string, not a
/// scalar, longer than `max_bytes`, unreadable).
std::string read_scalar_string(hid_t object, bool attribute, std::uint64_t max_bytes);

/// The `count` strings of a 1-D string dataset (the caller has checked its shape), fixed- or
/// variable-length. Throws std::runtime_error with the reason.
std::vector<std::string> read_strings(hid_t dataset, std::uint64_t count, std::uint64_t max_bytes_each);

/// Writes the attribute `name` of `object`: a scalar variable-length UTF-8 string (h5py reads it
/// as str). Throws std::runtime_error naming the failed call.
void write_string_attribute(hid_t object, const char* name, const std::string& value);

/// Writes the scalar 64-bit integer attribute `name` of `object`.
void write_integer_attribute(hid_t object, const char* name, std::int64_t value);

/// Creates the dataset `name` of IEEE doubles (little-endian) of extents `dims` (empty: a scalar)
/// in `location` from `values`, row-major; returns it (for its attributes). Datasets and groups
/// are created without modification times: the same data give the same bytes.
Handle write_doubles(hid_t location, const char* name, const std::vector<std::uint64_t>& dims,
                     const std::vector<double>& values);

/// Creates the group `name` in `location`.
Handle create_group(hid_t location, const char* name);

/// Creates the 1-D dataset `name` of variable-length UTF-8 strings in `location`.
void write_strings(hid_t location, const char* name, const std::vector<std::string>& values);

}  // namespace ramus::scenario::hdf5
