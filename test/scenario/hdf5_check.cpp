// `ramus run --hdf5`: the HDF5 file holds exactly the CSV's data. Reads FILE.h5 (dataset "log",
// attributes "columns", "units", "record"; the root's record attributes and column arrays; the
// pandas frame "/table") and FILE.csv with its companion FILE.csv-metadata.json written by the
// same run, and exits 1 on the first difference: a value that is not the same double, a column
// name, the units, the frames, the record, the shape, a string attribute that is not UTF-8.
// The CSV is the independent reference: its numbers are shortest round-trip text, and the
// scenario suite compares them with the C++ API bit for bit.
#include <hdf5.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
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

/// A string attribute, variable- or fixed-length; "<missing>", or "<not UTF-8>" when its character
/// set is not UTF-8 (docs/scenario.md §5: h5py reads such attributes as str).
std::string string_attribute(hid_t object, const char* name) {
  const hid_t attribute = H5Aopen(object, name, H5P_DEFAULT);
  if (attribute < 0) return "<missing>";
  const hid_t type = H5Aget_type(attribute);
  std::string value;
  if (H5Tget_class(type) != H5T_STRING || H5Tget_cset(type) != H5T_CSET_UTF8) {
    value = "<not UTF-8>";
  } else if (H5Tis_variable_str(type) > 0) {
    char* text = nullptr;
    H5Aread(attribute, type, &text);
    value = text != nullptr ? text : "";
    H5free_memory(text);
  } else {
    value.assign(H5Tget_size(type), '\0');
    H5Aread(attribute, type, value.data());
    value.resize(value.find('\0') == std::string::npos ? value.size() : value.find('\0'));
  }
  H5Tclose(type);
  H5Aclose(attribute);
  return value;
}

/// A 1-D attribute of variable-length UTF-8 strings, joined with ','; "<bad>" otherwise.
std::string strings_attribute(hid_t object, const char* name) {
  const hid_t attribute = H5Aopen(object, name, H5P_DEFAULT);
  if (attribute < 0) return "<missing>";
  const hid_t type = H5Aget_type(attribute), space = H5Aget_space(attribute);
  std::string value = "<bad>";
  if (H5Tget_class(type) == H5T_STRING && H5Tget_cset(type) == H5T_CSET_UTF8 && H5Tis_variable_str(type) > 0 &&
      H5Sget_simple_extent_ndims(space) == 1) {
    std::vector<char*> texts(static_cast<std::size_t>(H5Sget_simple_extent_npoints(space)));
    H5Aread(attribute, type, texts.data());
    value.clear();
    for (std::size_t k = 0; k < texts.size(); ++k) value += (k ? "," : "") + std::string(texts[k] ? texts[k] : "");
    H5Dvlen_reclaim(type, space, H5P_DEFAULT, texts.data());
  }
  H5Sclose(space);
  H5Tclose(type);
  H5Aclose(attribute);
  return value;
}

std::string text_or_empty(const nlohmann::json& v) { return v.is_string() ? v.get<std::string>() : std::string(); }

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) return fail("usage: hdf5_check FILE.h5 FILE.csv");
  // The CSV: the column names, then the rows (docs/scenario.md §5, The CSV); its companion: the
  // units, the frames and the record.
  std::ifstream csv(argv[2]);
  std::string line, columns;
  std::vector<std::vector<double>> rows;
  while (std::getline(csv, line)) {
    if (line.empty() || line[0] == '#') return fail(std::string(argv[2]) + ": not a plain CSV: '" + line + "'");
    if (columns.empty()) {
      columns = line;
      continue;
    }
    std::vector<double>& row = rows.emplace_back();
    std::stringstream cells(line);
    std::string cell;
    while (std::getline(cells, cell, ',')) row.push_back(std::strtod(cell.c_str(), nullptr));
  }
  std::ifstream companion_file(std::string(argv[2]) + "-metadata.json");
  if (!companion_file) return fail(std::string(argv[2]) + "-metadata.json: cannot read");
  const nlohmann::json companion = nlohmann::json::parse(companion_file);
  std::string units, frames;
  const char* separator = "";
  for (const nlohmann::json& c : companion.at("tableSchema").at("columns")) {
    units += separator + c.at("ramus:unit").get<std::string>();
    frames += separator + text_or_empty(c.at("ramus:frame"));
    separator = ",";
  }
  const nlohmann::json& r = companion.at("ramus:record");
  std::string record =
      "ramus " + r.at("version").get<std::string>() + "\nscenario: " + r.at("scenario").get<std::string>() +
      "\nscenario_fnv1a64: " + r.at("scenario_fnv1a64").get<std::string>() +
      "\nstepper: " + r.at("stepper").get<std::string>() + "\nmachine: " + r.at("machine").get<std::string>() +
      "\nstarted: " + r.at("started").get<std::string>();
  if (r.at("leap_seconds").is_string()) record += "\nleap_seconds: " + r.at("leap_seconds").get<std::string>();
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
  // The record: the annotated form's record lines, from the companion's fields.
  if (string_attribute(dataset, "record") != record)
    return fail("attribute 'record' differs from the companion's record:\n" + string_attribute(dataset, "record") +
                "\n---\n" + record);
  const std::string rows_text = std::to_string(rows.size()) + " rows";
  if (string_attribute(dataset, "status") != "complete, " + rows_text) return fail("attribute 'status' of 'log'");
  // The root: the record field by field and the columns' arrays.
  const hid_t root = H5Gopen2(file, "/", H5P_DEFAULT);
  for (const char* field : {"version", "scenario", "scenario_fnv1a64", "stepper", "machine", "started", "status"})
    if (string_attribute(root, field) != r.at(field).get<std::string>())
      return fail(std::string("root attribute '") + field + "': '" + string_attribute(root, field) + "'");
  if (strings_attribute(root, "columns") != columns) return fail("root attribute 'columns' differs from the CSV's");
  if (strings_attribute(root, "units") != units) return fail("root attribute 'units' differs from the companion's");
  if (strings_attribute(root, "frames") != frames)
    return fail("root attribute 'frames' '" + strings_attribute(root, "frames") + "' differs from the companion's '" +
                frames + "'");
  H5Gclose(root);
  // pandas' frame: the same values (read_hdf's own check: test/python/test_outputs.py).
  const hid_t values = H5Dopen2(file, "table/block0_values", H5P_DEFAULT);
  if (values < 0) return fail("no dataset 'table/block0_values'");
  std::vector<double> frame_data(data.size());
  if (H5Dread(values, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, frame_data.data()) < 0)
    return fail("H5Dread table/block0_values");
  for (std::size_t k = 0; k < data.size(); ++k)
    if (frame_data[k] != data[k]) return fail("table/block0_values differs from 'log' at element " + std::to_string(k));
  H5Dclose(values);
  H5Sclose(space);
  H5Dclose(dataset);
  H5Fclose(file);
  std::printf("hdf5_check: %zu rows x %zu columns identical to the CSV\n", rows.size(), rows.front().size());
  return 0;
}
