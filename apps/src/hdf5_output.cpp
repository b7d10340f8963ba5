#include "hdf5_output.hpp"

#include <algorithm>
#include <stdexcept>

#include "output_file.hpp"
#include "text_escape.hpp"

#ifdef RAMUS_WITH_HDF5
#include <hdf5.h>
#endif

namespace ramus::app {
namespace {

#ifdef RAMUS_WITH_HDF5
std::string joined(const std::vector<std::string>& parts, const char* separator) {
  std::string s;
  for (std::size_t k = 0; k < parts.size(); ++k) s += (k > 0 ? separator : "") + parts[k];
  return s;
}

/// An HDF5 identifier closed by its own close function at scope exit.
class Handle {
 public:
  Handle(hid_t id, herr_t (*close)(hid_t), const std::string& path, const char* call) : id_(id), close_(close) {
    if (id_ < 0) throw std::runtime_error(path + ": HDF5 " + call + " failed");
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  ~Handle() { close_(id_); }
  hid_t get() const { return id_; }

 private:
  hid_t id_;
  herr_t (*close_)(hid_t);
};

void check(herr_t status, const std::string& path, const char* call) {
  if (status < 0) throw std::runtime_error(path + ": HDF5 " + call + " failed");
}

/// A variable-length UTF-8 string type (h5py reads it as str).
hid_t utf8_type(const std::string& path) {
  const hid_t type = H5Tcopy(H5T_C_S1);
  if (type < 0) throw std::runtime_error(path + ": HDF5 H5Tcopy failed");
  if (H5Tset_size(type, H5T_VARIABLE) < 0 || H5Tset_cset(type, H5T_CSET_UTF8) < 0) {
    H5Tclose(type);
    throw std::runtime_error(path + ": HDF5 H5Tset_size failed");
  }
  return type;
}

void write_string_attribute(hid_t object, const char* name, const std::string& value, const std::string& path) {
  const Handle type(utf8_type(path), H5Tclose, path, "H5Tcopy");
  const Handle space(H5Screate(H5S_SCALAR), H5Sclose, path, "H5Screate");
  const Handle attribute(H5Acreate2(object, name, type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose, path,
                         "H5Acreate2");
  const char* text = value.c_str();
  check(H5Awrite(attribute.get(), type.get(), &text), path, "H5Awrite");
}

void write_strings_attribute(hid_t object, const char* name, const std::vector<std::string>& values,
                             const std::string& path) {
  const Handle type(utf8_type(path), H5Tclose, path, "H5Tcopy");
  const hsize_t size = values.size();
  const Handle space(H5Screate_simple(1, &size, nullptr), H5Sclose, path, "H5Screate_simple");
  const Handle attribute(H5Acreate2(object, name, type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose, path,
                         "H5Acreate2");
  std::vector<const char*> texts;
  for (const std::string& v : values) texts.push_back(v.c_str());
  if (!texts.empty()) check(H5Awrite(attribute.get(), type.get(), texts.data()), path, "H5Awrite");
}

/// PyTables' own attributes (CLASS, VERSION, pandas' kind, …): fixed-length UTF-8 strings, as
/// PyTables writes them; `value` empty: an empty attribute (a null dataspace), PyTables' TITLE.
void write_fixed_attribute(hid_t object, const char* name, const std::string& value, const std::string& path) {
  const Handle type(H5Tcopy(H5T_C_S1), H5Tclose, path, "H5Tcopy");
  check(H5Tset_size(type.get(), value.empty() ? 1 : value.size()), path, "H5Tset_size");
  check(H5Tset_strpad(type.get(), H5T_STR_NULLTERM), path, "H5Tset_strpad");
  check(H5Tset_cset(type.get(), H5T_CSET_UTF8), path, "H5Tset_cset");
  const Handle space(H5Screate(value.empty() ? H5S_NULL : H5S_SCALAR), H5Sclose, path, "H5Screate");
  const Handle attribute(H5Acreate2(object, name, type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose, path,
                         "H5Acreate2");
  if (!value.empty()) check(H5Awrite(attribute.get(), type.get(), value.data()), path, "H5Awrite");
}

void write_scalar_attribute(hid_t object, const char* name, hid_t file_type, hid_t memory_type, const void* value,
                            const std::string& path) {
  const Handle space(H5Screate(H5S_SCALAR), H5Sclose, path, "H5Screate");
  const Handle attribute(H5Acreate2(object, name, file_type, space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose, path,
                         "H5Acreate2");
  check(H5Awrite(attribute.get(), memory_type, value), path, "H5Awrite");
}

void write_int64_attribute(hid_t object, const char* name, long long value, const std::string& path) {
  write_scalar_attribute(object, name, H5T_STD_I64LE, H5T_NATIVE_LLONG, &value, path);
}

/// A PyTables array node's attributes; `kind`: pandas' index kind ("string", "integer"), or none.
void write_array_attributes(hid_t dataset, const char* kind, const std::string& path) {
  write_fixed_attribute(dataset, "CLASS", "ARRAY", path);
  write_fixed_attribute(dataset, "VERSION", "2.4", path);
  write_fixed_attribute(dataset, "TITLE", "", path);
  write_fixed_attribute(dataset, "FLAVOR", "numpy", path);
  if (kind != nullptr) write_fixed_attribute(dataset, "kind", kind, path);
  const unsigned char transposed = 1;  // pandas stores a block as values.T (its blocks are columns × rows)
  write_scalar_attribute(dataset, "transposed", H5T_STD_B8LE, H5T_NATIVE_B8, &transposed, path);
}

/// Names as a 1-D dataset of fixed-length strings (numpy's "S" type, as pandas writes an index).
void write_names_dataset(hid_t group, const char* name, const std::vector<std::string>& names,
                         const std::string& path) {
  std::size_t width = 1;
  for (const std::string& n : names) width = std::max(width, n.size());
  std::string data(width * names.size(), '\0');
  for (std::size_t k = 0; k < names.size(); ++k) data.replace(k * width, names[k].size(), names[k]);
  const Handle type(H5Tcopy(H5T_C_S1), H5Tclose, path, "H5Tcopy");
  check(H5Tset_size(type.get(), width), path, "H5Tset_size");
  check(H5Tset_strpad(type.get(), H5T_STR_NULLPAD), path, "H5Tset_strpad");
  const hsize_t size = names.size();
  const Handle space(H5Screate_simple(1, &size, nullptr), H5Sclose, path, "H5Screate_simple");
  const Handle dataset(H5Dcreate2(group, name, type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                       H5Dclose, path, "H5Dcreate2");
  if (!names.empty())
    check(H5Dwrite(dataset.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, data.data()), path, "H5Dwrite");
  write_array_attributes(dataset.get(), "string", path);
}

void write_doubles(hid_t location, const char* name, const std::vector<double>& data, hsize_t rows, hsize_t columns,
                   const std::string& path, bool pandas_block) {
  const hsize_t dims[2] = {rows, columns};
  const Handle space(H5Screate_simple(2, dims, nullptr), H5Sclose, path, "H5Screate_simple");
  const Handle dataset(H5Dcreate2(location, name, H5T_IEEE_F64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                       H5Dclose, path, "H5Dcreate2");
  if (!data.empty())
    check(H5Dwrite(dataset.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, data.data()), path, "H5Dwrite");
  if (pandas_block) write_array_attributes(dataset.get(), nullptr, path);
}

/// The rows as pandas' "fixed" layout of a DataFrame (what DataFrame.to_hdf(FILE, "table",
/// format="fixed") writes with pandas 1.5 and PyTables 3.7).
void write_pandas_frame(hid_t file, const std::vector<std::string>& names, const std::vector<double>& data,
                        hsize_t rows, const std::string& path) {
  const Handle group(H5Gcreate2(file, "table", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Gclose, path, "H5Gcreate2");
  write_fixed_attribute(group.get(), "CLASS", "GROUP", path);
  write_fixed_attribute(group.get(), "VERSION", "1.0", path);
  write_fixed_attribute(group.get(), "TITLE", "", path);
  write_fixed_attribute(group.get(), "pandas_type", "frame", path);
  write_fixed_attribute(group.get(), "pandas_version", "0.15.2", path);
  write_fixed_attribute(group.get(), "encoding", "UTF-8", path);
  write_fixed_attribute(group.get(), "errors", "strict", path);
  write_int64_attribute(group.get(), "ndim", 2, path);
  write_fixed_attribute(group.get(), "axis0_variety", "regular", path);
  write_fixed_attribute(group.get(), "axis1_variety", "regular", path);
  write_int64_attribute(group.get(), "nblocks", 1, path);
  write_fixed_attribute(group.get(), "block0_items_variety", "regular", path);
  write_names_dataset(group.get(), "axis0", names, path);
  {
    std::vector<long long> index(rows);
    for (hsize_t i = 0; i < rows; ++i) index[i] = static_cast<long long>(i);
    const Handle space(H5Screate_simple(1, &rows, nullptr), H5Sclose, path, "H5Screate_simple");
    const Handle dataset(
        H5Dcreate2(group.get(), "axis1", H5T_STD_I64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Dclose,
        path, "H5Dcreate2");
    if (rows > 0)
      check(H5Dwrite(dataset.get(), H5T_NATIVE_LLONG, H5S_ALL, H5S_ALL, H5P_DEFAULT, index.data()), path, "H5Dwrite");
    write_array_attributes(dataset.get(), "integer", path);
  }
  write_names_dataset(group.get(), "block0_items", names, path);
  write_doubles(group.get(), "block0_values", data, rows, names.size(), path, true);
}
#endif

}  // namespace

bool hdf5_available() {
#ifdef RAMUS_WITH_HDF5
  return true;
#else
  return false;
#endif
}

void write_hdf5(const std::string& path, const RunRecord& record, const std::vector<CompanionColumn>& columns,
                const std::vector<std::vector<double>>& rows, const RunStatus& status) {
#ifdef RAMUS_WITH_HDF5
  std::vector<std::string> names, units, frames;
  for (const CompanionColumn& c : columns) {
    names.push_back(c.name);
    units.push_back(c.unit.value_or(""));
    frames.push_back(c.frame.value_or(""));
  }
  std::vector<double> data;  // row-major, as HDF5 stores a 2-D dataset
  data.reserve(rows.size() * columns.size());
  for (const std::vector<double>& row : rows) {
    if (row.size() != columns.size()) throw std::runtime_error(path + ": a logged row has the wrong number of columns");
    data.insert(data.end(), row.begin(), row.end());
  }
  const std::string counted = std::to_string(status.rows) + " rows";
  // The file is built in memory (the core driver without a backing store), then written through
  // OutputFile: HDF5 itself never touches the disk, so a full disk is one checked write error and
  // never a half-written file or a failing close at exit.
  std::vector<unsigned char> image;
  {
    const Handle access(H5Pcreate(H5P_FILE_ACCESS), H5Pclose, path, "H5Pcreate");
    check(H5Pset_fapl_core(access.get(), std::size_t{1} << 20, 0), path, "H5Pset_fapl_core");
    const Handle file(H5Fcreate("ramus-in-memory.h5", H5F_ACC_TRUNC, H5P_DEFAULT, access.get()), H5Fclose, path,
                      "H5Fcreate");
    {
      const hsize_t dims[2] = {rows.size(), columns.size()};
      const Handle space(H5Screate_simple(2, dims, nullptr), H5Sclose, path, "H5Screate_simple");
      const Handle dataset(
          H5Dcreate2(file.get(), "log", H5T_IEEE_F64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Dclose,
          path, "H5Dcreate2");
      if (!data.empty())
        check(H5Dwrite(dataset.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, data.data()), path, "H5Dwrite");
      write_string_attribute(dataset.get(), "columns", joined(names, ","), path);
      write_string_attribute(dataset.get(), "units", joined(units, ","), path);
      write_string_attribute(dataset.get(), "record", joined(record_lines(record), "\n"), path);
      write_string_attribute(
          dataset.get(), "status",
          status.complete ? "complete, " + counted : "incomplete, " + counted + ": " + escaped_text(status.failure),
          path);
    }
    {  // the record, field by field, on the root group
      const Handle root(H5Gopen2(file.get(), "/", H5P_DEFAULT), H5Gclose, path, "H5Gopen2");
      const hid_t g = root.get();
      write_string_attribute(g, "version", record.version, path);
      write_string_attribute(g, "scenario", record.scenario, path);
      write_string_attribute(g, "scenario_fnv1a64", record.scenario_fnv1a64, path);
      write_string_attribute(g, "stepper", record.stepper, path);
      write_string_attribute(g, "machine", record.machine, path);
      write_string_attribute(g, "started", record.started, path);
      if (!record.epoch.empty()) write_string_attribute(g, "epoch", record.epoch, path);
      if (!record.time_scale.empty()) write_string_attribute(g, "time_scale", record.time_scale, path);
      if (!record.leap_seconds.empty()) write_string_attribute(g, "leap_seconds", record.leap_seconds, path);
      write_string_attribute(g, "status", status.complete ? "complete" : "incomplete", path);
      write_int64_attribute(g, "rows", static_cast<long long>(status.rows), path);
      if (!status.complete) write_string_attribute(g, "failure", escaped_text(status.failure), path);
      if (!status.stop.empty()) write_string_attribute(g, "stop", status.stop, path);
      write_strings_attribute(g, "columns", names, path);
      write_strings_attribute(g, "units", units, path);
      write_strings_attribute(g, "frames", frames, path);
    }
    write_pandas_frame(file.get(), names, data, rows.size(), path);
    check(H5Fflush(file.get(), H5F_SCOPE_GLOBAL), path, "H5Fflush");
    const ssize_t size = H5Fget_file_image(file.get(), nullptr, 0);
    if (size < 0) throw std::runtime_error(path + ": HDF5 H5Fget_file_image failed");
    image.resize(static_cast<std::size_t>(size));
    if (H5Fget_file_image(file.get(), image.data(), image.size()) != size)
      throw std::runtime_error(path + ": HDF5 H5Fget_file_image failed");
  }
  OutputFile out(path);
  out.write(std::string_view(reinterpret_cast<const char*>(image.data()), image.size()));
  out.commit();
#else
  (void)record;
  (void)columns;
  (void)rows;
  (void)status;
  throw std::runtime_error(path + ": this ramus was built without HDF5 (Debian: libhdf5-dev)");
#endif
}

}  // namespace ramus::app
