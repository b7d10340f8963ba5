// `ramus run --hdf5`: the HDF5 file holds exactly the CSV's data. Reads FILE.h5 (dataset "log",
// attributes "columns", "units", "record") and FILE.csv written by the same run, and exits 1 on
// the first difference: a value that is not the same double, a column name, the units, the shape.
// The CSV is the independent reference: its numbers are shortest round-trip text, and the
// scenario suite compares them with the C++ API bit for bit.
#include <hdf5.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

int fail(const std::string& what) {
  std::fprintf(stderr, "hdf5_check: %s\n", what.c_str());
  return 1;
}

std::string exact(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

std::string string_attribute(hid_t object, const char* name) {
  const hid_t attribute = H5Aopen(object, name, H5P_DEFAULT);
  if (attribute < 0) return "<missing>";
  const hid_t type = H5Aget_type(attribute);
  std::string value(H5Tget_size(type), '\0');
  H5Aread(attribute, type, value.data());
  H5Tclose(type);
  H5Aclose(attribute);
  value.resize(value.find('\0') == std::string::npos ? value.size() : value.find('\0'));
  return value;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return fail("usage: hdf5_check FILE.h5 FILE.csv");
  // The CSV: '#' record lines ("# units: …" among them), the column names, then the rows.
  std::ifstream csv(argv[2]);
  std::string line, columns, units;  // from the CSV
  std::vector<std::vector<double>> rows;
  std::string record;
  while (std::getline(csv, line)) {
    if (line.rfind("# units: ", 0) == 0)
      units = line.substr(9);
    else if (line.rfind("# ", 0) == 0 && columns.empty())
      record += (record.empty() ? "" : "\n") + line.substr(2);
    if (line.empty() || line[0] == '#') continue;
    if (columns.empty()) {
      columns = line;
      continue;
    }
    std::vector<double>& row = rows.emplace_back();
    std::stringstream cells(line);
    std::string cell;
    while (std::getline(cells, cell, ',')) row.push_back(std::strtod(cell.c_str(), nullptr));
  }
  if (rows.empty()) return fail(std::string(argv[2]) + ": no rows");

  const hid_t file = H5Fopen(argv[1], H5F_ACC_RDONLY, H5P_DEFAULT);
  if (file < 0) return fail(std::string(argv[1]) + ": cannot open");
  const hid_t dataset = H5Dopen2(file, "log", H5P_DEFAULT);
  if (dataset < 0) return fail("no dataset 'log'");
  const hid_t space = H5Dget_space(dataset);
  hsize_t dims[2] = {0, 0};
  if (H5Sget_simple_extent_ndims(space) != 2) return fail("'log' is not 2-D");
  H5Sget_simple_extent_dims(space, dims, nullptr);
  if (dims[0] != rows.size() || dims[1] != rows.front().size())
    return fail("shape " + std::to_string(dims[0]) + " x " + std::to_string(dims[1]) + ", the CSV has " +
                std::to_string(rows.size()) + " x " + std::to_string(rows.front().size()));
  std::vector<double> data(dims[0] * dims[1]);
  if (H5Dread(dataset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, data.data()) < 0) return fail("H5Dread");
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t j = 0; j < rows[i].size(); ++j)
      if (data[i * dims[1] + j] != rows[i][j])
        return fail("row " + std::to_string(i) + ", column " + std::to_string(j) + ": HDF5 " +
                    exact(data[i * dims[1] + j]) + ", CSV " + exact(rows[i][j]));
  if (string_attribute(dataset, "columns") != columns) return fail("attribute 'columns' differs from the CSV's");
  if (string_attribute(dataset, "units") != units) return fail("attribute 'units' differs from the CSV's");
  // The record: the CSV's '#' lines before "# units:", without their "# ".
  if (string_attribute(dataset, "record") != record)
    return fail("attribute 'record' differs from the CSV's record lines");
  H5Sclose(space);
  H5Dclose(dataset);
  H5Fclose(file);
  std::printf("hdf5_check: %zu rows x %zu columns identical to the CSV\n", rows.size(), rows.front().size());
  return 0;
}
