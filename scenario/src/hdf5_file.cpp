// HDF5's C API for the modal file (hdf5_file.hpp): handles, the quiet serialised session, and the
// checked reads and writes of doubles and strings.
#include "hdf5_file.hpp"

#include <cstring>
#include <memory>
#include <stdexcept>

namespace ramus::scenario::hdf5 {
namespace {

std::mutex& session_mutex() {
  static std::mutex m;
  return m;
}

/// A buffer that HDF5 allocated (a variable-length string), freed by HDF5.
struct HdfFree {
  void operator()(char* p) const noexcept { H5free_memory(p); }
};

void check(herr_t status, const char* call) {
  if (status < 0) throw std::runtime_error(std::string(call) + " failed: " + error_text());
}

hid_t checked(hid_t id, const char* call) {
  if (id < 0) throw std::runtime_error(std::string(call) + " failed: " + error_text());
  return id;
}

/// The text of a fixed-length string of `size` bytes at `bytes`, without its padding: up to the
/// first NUL (null-terminated or null-padded), trailing spaces dropped (space-padded).
std::string fixed_text(const char* bytes, std::size_t size, H5T_str_t pad) {
  std::size_t length = 0;
  while (length < size && bytes[length] != '\0') ++length;
  if (pad == H5T_STR_SPACEPAD)
    while (length > 0 && bytes[length - 1] == ' ') --length;
  return std::string(bytes, length);
}

/// The memory type for reading a string of file type `type`: the same character set, variable
/// length or `type`'s own size.
Handle memory_string_type(hid_t type, bool variable) {
  Handle memory(checked(H5Tcopy(H5T_C_S1), "H5Tcopy"), H5Tclose);
  check(H5Tset_cset(memory.get(), H5Tget_cset(type)), "H5Tset_cset");
  if (variable) {
    check(H5Tset_size(memory.get(), H5T_VARIABLE), "H5Tset_size");
  } else {
    check(H5Tset_size(memory.get(), H5Tget_size(type)), "H5Tset_size");
    check(H5Tset_strpad(memory.get(), H5Tget_strpad(type)), "H5Tset_strpad");
  }
  return memory;
}

/// Creation properties of a dataset or group without the modification time HDF5 records by
/// default: the same data give the same bytes.
Handle untimed(hid_t property_class) {
  Handle properties(checked(H5Pcreate(property_class), "H5Pcreate"), H5Pclose);
  check(H5Pset_obj_track_times(properties.get(), false), "H5Pset_obj_track_times");
  return properties;
}

/// A variable-length UTF-8 string type (h5py reads such attributes as str).
Handle utf8_string_type() {
  Handle type(checked(H5Tcopy(H5T_C_S1), "H5Tcopy"), H5Tclose);
  check(H5Tset_size(type.get(), H5T_VARIABLE), "H5Tset_size");
  check(H5Tset_cset(type.get(), H5T_CSET_UTF8), "H5Tset_cset");
  return type;
}

}  // namespace

Handle& Handle::operator=(Handle&& other) noexcept {
  if (this != &other) {
    close();
    id_ = other.id_;
    close_ = other.close_;
    other.id_ = H5I_INVALID_HID;
  }
  return *this;
}

bool Handle::close() noexcept {
  if (id_ < 0 || close_ == nullptr) return true;
  const herr_t status = close_(id_);
  id_ = H5I_INVALID_HID;
  return status >= 0;
}

Session::Session() : lock_(session_mutex()) {
  if (H5Eget_auto2(H5E_DEFAULT, &printer_, &printer_data_) < 0) {
    printer_ = nullptr;
    printer_data_ = nullptr;
  }
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
}

Session::~Session() {
  H5Eclear2(H5E_DEFAULT);
  H5Eset_auto2(H5E_DEFAULT, printer_, printer_data_);
}

std::string error_text() {
  std::string innermost;
  // Walking upward, the first entry is where the error was detected: the most specific message.
  const auto first = [](unsigned n, const H5E_error2_t* e, void* out) -> herr_t {
    if (n == 0 && e != nullptr && e->desc != nullptr) *static_cast<std::string*>(out) = e->desc;
    return 0;
  };
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, first, &innermost);
  H5Eclear2(H5E_DEFAULT);
  return innermost.empty() ? "no detail" : innermost;
}

std::string shape_text(const std::vector<std::uint64_t>& dims) {
  if (dims.empty()) return "a scalar";
  std::string s = std::to_string(dims.size()) + "-D (";
  for (std::size_t i = 0; i < dims.size(); ++i) s += (i > 0 ? ", " : "") + std::to_string(dims[i]);
  return s + ")";
}

std::string type_text(hid_t type) {
  const std::string bits = std::to_string(8 * H5Tget_size(type)) + "-bit ";
  switch (H5Tget_class(type)) {
    case H5T_INTEGER:
      return bits + "integer";
    case H5T_FLOAT:
      return bits + "float";
    case H5T_STRING:
      return "string";
    case H5T_COMPOUND:
      return "compound";
    case H5T_ENUM:
      return "enum";
    case H5T_ARRAY:
      return "array";
    case H5T_VLEN:
      return "variable-length sequence";
    case H5T_REFERENCE:
      return "reference";
    case H5T_OPAQUE:
      return "opaque";
    case H5T_BITFIELD:
      return "bitfield";
    default:
      return "unknown type";
  }
}

bool is_ieee_double(hid_t type) { return H5Tequal(type, H5T_IEEE_F64LE) > 0 || H5Tequal(type, H5T_IEEE_F64BE) > 0; }

Shape shape_of(hid_t space) {
  Shape s;
  switch (H5Sget_simple_extent_type(space)) {
    case H5S_NULL:
      s.simple = false;
      return s;
    case H5S_SCALAR:
      return s;
    case H5S_SIMPLE:
      break;
    default:
      throw std::runtime_error("cannot read its dataspace: " + error_text());
  }
  const int rank = H5Sget_simple_extent_ndims(space);
  if (rank < 0 || rank > H5S_MAX_RANK) throw std::runtime_error("cannot read its dataspace: " + error_text());
  std::vector<hsize_t> dims(static_cast<std::size_t>(rank));
  if (rank > 0 && H5Sget_simple_extent_dims(space, dims.data(), nullptr) < 0)
    throw std::runtime_error("cannot read its dataspace: " + error_text());
  s.dims.assign(dims.begin(), dims.end());
  return s;
}

std::string read_scalar_string(hid_t object, bool attribute, std::uint64_t max_bytes) {
  const Handle type(checked(attribute ? H5Aget_type(object) : H5Dget_type(object), "reading its type"), H5Tclose);
  if (H5Tget_class(type.get()) != H5T_STRING)
    throw std::runtime_error("must be a string, found " + type_text(type.get()));
  const Handle space(checked(attribute ? H5Aget_space(object) : H5Dget_space(object), "reading its dataspace"),
                     H5Sclose);
  const Shape shape = shape_of(space.get());
  if (!shape.simple || !shape.dims.empty())
    throw std::runtime_error("must be one string (a scalar), found " +
                             (shape.simple ? shape_text(shape.dims) : std::string("an empty (null) dataspace")));
  const htri_t variable = H5Tis_variable_str(type.get());
  if (variable < 0) throw std::runtime_error("cannot read its type: " + error_text());
  const Handle memory = memory_string_type(type.get(), variable > 0);
  if (variable > 0) {
    char* text = nullptr;
    check(attribute ? H5Aread(object, memory.get(), &text)
                    : H5Dread(object, memory.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, &text),
          "reading the string");
    const std::unique_ptr<char, HdfFree> owned(text);
    if (text == nullptr) return {};
    const std::size_t length = ::strnlen(text, max_bytes + 1);
    if (length > max_bytes) throw std::runtime_error("longer than " + std::to_string(max_bytes) + " bytes");
    return std::string(text, length);
  }
  const std::size_t size = H5Tget_size(type.get());
  if (size > max_bytes) throw std::runtime_error("longer than " + std::to_string(max_bytes) + " bytes");
  std::vector<char> bytes(size + 1, '\0');
  check(attribute ? H5Aread(object, memory.get(), bytes.data())
                  : H5Dread(object, memory.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, bytes.data()),
        "reading the string");
  return fixed_text(bytes.data(), size, H5Tget_strpad(type.get()));
}

std::vector<std::string> read_strings(hid_t dataset, std::uint64_t count, std::uint64_t max_bytes_each) {
  const Handle type(checked(H5Dget_type(dataset), "reading its type"), H5Tclose);
  if (H5Tget_class(type.get()) != H5T_STRING)
    throw std::runtime_error("must hold strings, found " + type_text(type.get()));
  const htri_t variable = H5Tis_variable_str(type.get());
  if (variable < 0) throw std::runtime_error("cannot read its type: " + error_text());
  const Handle memory = memory_string_type(type.get(), variable > 0);
  std::vector<std::string> out;
  if (count == 0) return out;
  out.reserve(count);
  if (variable > 0) {
    std::vector<char*> texts(count, nullptr);
    const herr_t status = H5Dread(dataset, memory.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, texts.data());
    // Owned at once, freed on every path (a failed read may have filled some).
    std::vector<std::unique_ptr<char, HdfFree>> owned;
    owned.reserve(count);
    for (char* t : texts) owned.emplace_back(t);
    check(status, "reading the strings");
    for (std::size_t i = 0; i < texts.size(); ++i) {
      const std::size_t length = texts[i] == nullptr ? 0 : ::strnlen(texts[i], max_bytes_each + 1);
      if (length > max_bytes_each)
        throw std::runtime_error("string " + std::to_string(i) + " is longer than " + std::to_string(max_bytes_each) +
                                 " bytes");
      out.emplace_back(texts[i] == nullptr ? "" : std::string(texts[i], length));
    }
    return out;
  }
  const std::size_t size = H5Tget_size(type.get());
  if (size > max_bytes_each)
    throw std::runtime_error("strings of " + std::to_string(size) + " bytes, longer than " +
                             std::to_string(max_bytes_each));
  std::vector<char> bytes(static_cast<std::size_t>(count) * size);
  if (!bytes.empty())
    check(H5Dread(dataset, memory.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, bytes.data()), "reading the strings");
  const H5T_str_t pad = H5Tget_strpad(type.get());
  for (std::size_t i = 0; i < count; ++i) out.push_back(fixed_text(bytes.data() + i * size, size, pad));
  return out;
}

void write_string_attribute(hid_t object, const char* name, const std::string& value) {
  const Handle type = utf8_string_type();
  const Handle space(checked(H5Screate(H5S_SCALAR), "H5Screate"), H5Sclose);
  const Handle attribute(
      checked(H5Acreate2(object, name, type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT), "H5Acreate2"), H5Aclose);
  const char* text = value.c_str();
  check(H5Awrite(attribute.get(), type.get(), &text), "H5Awrite");
}

void write_integer_attribute(hid_t object, const char* name, std::int64_t value) {
  const Handle space(checked(H5Screate(H5S_SCALAR), "H5Screate"), H5Sclose);
  const Handle attribute(
      checked(H5Acreate2(object, name, H5T_STD_I64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT), "H5Acreate2"), H5Aclose);
  check(H5Awrite(attribute.get(), H5T_NATIVE_INT64, &value), "H5Awrite");
}

Handle write_doubles(hid_t location, const char* name, const std::vector<std::uint64_t>& dims,
                     const std::vector<double>& values) {
  std::uint64_t count = 1;
  for (const std::uint64_t d : dims) count *= d;
  if (count != values.size())
    throw std::logic_error(std::string(name) + ": " + std::to_string(values.size()) + " values for " +
                           shape_text(dims));
  const std::vector<hsize_t> extents(dims.begin(), dims.end());
  const Handle space(checked(dims.empty() ? H5Screate(H5S_SCALAR)
                                          : H5Screate_simple(static_cast<int>(extents.size()), extents.data(), nullptr),
                             "H5Screate"),
                     H5Sclose);
  const Handle creation = untimed(H5P_DATASET_CREATE);
  Handle dataset(
      checked(H5Dcreate2(location, name, H5T_IEEE_F64LE, space.get(), H5P_DEFAULT, creation.get(), H5P_DEFAULT),
              "H5Dcreate2"),
      H5Dclose);
  if (count > 0)
    check(H5Dwrite(dataset.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()), "H5Dwrite");
  return dataset;
}

Handle create_group(hid_t location, const char* name) {
  const Handle creation = untimed(H5P_GROUP_CREATE);
  return Handle(checked(H5Gcreate2(location, name, H5P_DEFAULT, creation.get(), H5P_DEFAULT), "H5Gcreate2"), H5Gclose);
}

void write_strings(hid_t location, const char* name, const std::vector<std::string>& values) {
  const Handle type = utf8_string_type();
  const hsize_t extent = values.size();
  const Handle space(checked(H5Screate_simple(1, &extent, nullptr), "H5Screate_simple"), H5Sclose);
  const Handle creation = untimed(H5P_DATASET_CREATE);
  const Handle dataset(
      checked(H5Dcreate2(location, name, type.get(), space.get(), H5P_DEFAULT, creation.get(), H5P_DEFAULT),
              "H5Dcreate2"),
      H5Dclose);
  std::vector<const char*> texts;
  texts.reserve(values.size());
  for (const std::string& v : values) texts.push_back(v.c_str());
  if (!texts.empty())
    check(H5Dwrite(dataset.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, texts.data()), "H5Dwrite");
}

}  // namespace ramus::scenario::hdf5
