#include "hdf5_output.hpp"

#include <stdexcept>

#include "output_file.hpp"

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

void write_string_attribute(hid_t object, const char* name, const std::string& value, const std::string& path) {
  const Handle type(H5Tcopy(H5T_C_S1), H5Tclose, path, "H5Tcopy");
  check(H5Tset_size(type.get(), value.size() + 1), path, "H5Tset_size");
  check(H5Tset_strpad(type.get(), H5T_STR_NULLTERM), path, "H5Tset_strpad");
  const Handle space(H5Screate(H5S_SCALAR), H5Sclose, path, "H5Screate");
  const Handle attribute(H5Acreate2(object, name, type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose, path,
                         "H5Acreate2");
  check(H5Awrite(attribute.get(), type.get(), value.c_str()), path, "H5Awrite");
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

void write_hdf5(const std::string& path, const std::vector<std::string>& record,
                const std::vector<std::string>& columns, const std::vector<std::string>& units,
                const std::vector<std::vector<double>>& rows, const std::string& status) {
#ifdef RAMUS_WITH_HDF5
  std::vector<double> data;  // row-major, as HDF5 stores a 2-D dataset
  data.reserve(rows.size() * columns.size());
  for (const std::vector<double>& row : rows) {
    if (row.size() != columns.size()) throw std::runtime_error(path + ": a logged row has the wrong number of columns");
    data.insert(data.end(), row.begin(), row.end());
  }
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
      write_string_attribute(dataset.get(), "columns", joined(columns, ","), path);
      write_string_attribute(dataset.get(), "units", joined(units, ","), path);
      write_string_attribute(dataset.get(), "record", joined(record, "\n"), path);
      write_string_attribute(dataset.get(), "status", status, path);
    }
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
  (void)units;
  (void)rows;
  (void)status;
  throw std::runtime_error(path + ": this ramus was built without HDF5 (Debian: libhdf5-dev)");
#endif
}

}  // namespace ramus::app
