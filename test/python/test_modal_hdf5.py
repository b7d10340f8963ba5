"""HDF5 modal files (docs/flex/modal_file.md §5) against an independent reader and writer, h5py:
the file `ramus modal beam --output boom.h5` writes holds, under the documented names, shapes and
units, the numbers of the JSON file of the same beam, bit for bit, its text attributes str; and a
file h5py writes from the JSON file's numbers by the documented layout is read by ramus: a
flexible_body from it runs as from the JSON file, bit for bit."""

import json
import os
import subprocess

import h5py
import numpy
import pytest

import ramus

RAMUS = os.environ["RAMUS_CLI"]
BEAM = ["--length", "4 m", "--EI_y", "270", "--EI_z", "120", "--GJ", "1e4", "--EA", "1e6", "--rhoA", "5 kg/m",
        "--rhoJ", "0.01", "--elements", "6", "--modes", "8", "--zeta", "0.01"]
N, NODES = 8, 7  # modes, nodes of that beam

# §5.1: the root's double datasets, their shapes (numpy's, row-major) and units.
ROOT = {"mass": ((), "kg"), "r_ScF_F": ((3,), "m"), "I_PntF_F": ((3, 3), "kg m^2"), "omega": ((N,), "rad/s"),
        "modal_mass": ((N,), "1"), "zeta": ((N,), "1"), "P_F": ((3, N), "1"), "H_PntF_F": ((3, N), "1"),
        "J1_F": ((N, 3, 3), "1"), "G": ((3, N, N), "1"), "D": ((9, N, N), "1"), "K_G": ((12, N, N), "1")}
NODE = {"r_NF_F": ((NODES, 3), "m"), "phi_F": ((NODES, 3, N), "1"), "psi_F": ((NODES, 3, N), "1")}
HEADER = ("format", "provenance", "eta_unit", "frame")


def ramus_cli(*args):
    return subprocess.run([RAMUS, *args], check=True, capture_output=True, text=True)


def value(entry):
    """A JSON entry's number or array, given bare or as {"value", "unit"} (the writer's units are SI)."""
    return entry["value"] if isinstance(entry, dict) else entry


def bits(a):
    """The IEEE bits of an array of doubles: equal bits, not just equal values (-0.0 is not 0.0)."""
    return numpy.ascontiguousarray(numpy.asarray(a, dtype="<f8")).view(numpy.uint64)


def json_arrays(document):
    """The JSON file's data as numpy arrays under the HDF5 names (§5.1): the node table as columns."""
    arrays = {name: numpy.array(value(document[name]), dtype=float) for name in ROOT}
    nodes = document["nodes"]
    arrays["nodes/name"] = [node["name"] for node in nodes]
    for name in NODE:
        arrays["nodes/" + name] = numpy.array([value(node[name]) for node in nodes], dtype=float)
    return arrays


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    d = tmp_path_factory.mktemp("modal_hdf5")
    ramus_cli("modal", "beam", *BEAM, "--output", str(d / "boom.json"))
    ramus_cli("modal", "beam", *BEAM, "--output", str(d / "boom.h5"))
    return d


def test_the_header_attributes_are_str_and_those_of_the_json_file(folder):
    document = json.loads((folder / "boom.json").read_text())
    with h5py.File(folder / "boom.h5", "r") as f:
        assert set(f.attrs) == set(HEADER) | {"version"}
        for key in HEADER:
            assert type(f.attrs[key]) is str, key
            assert f.attrs[key] == document[key]
        assert f.attrs["version"] == 1 and numpy.issubdtype(type(f.attrs["version"]), numpy.integer)


def test_the_datasets_hold_the_json_files_numbers_bit_for_bit(folder):
    expected = json_arrays(json.loads((folder / "boom.json").read_text()))
    with h5py.File(folder / "boom.h5", "r") as f:
        assert set(f) == set(ROOT) | {"nodes"}
        assert set(f["nodes"]) == set(NODE) | {"name"}
        for name, (shape, unit) in [*ROOT.items(), *(("nodes/" + k, v) for k, v in NODE.items())]:
            d = f[name]
            assert d.shape == shape, name
            assert d.dtype == numpy.dtype("<f8"), name
            assert type(d.attrs["unit"]) is str and d.attrs["unit"] == unit, name
            assert expected[name].shape == shape, name  # the JSON file nests its arrays the same way
            numpy.testing.assert_array_equal(bits(d[()]), bits(expected[name]), err_msg=name)
        assert list(f["nodes/name"].asstr()[()]) == expected["nodes/name"]
    # The check can fail: the data are not all zeros, and G's transpose (its sign) would differ.
    assert numpy.abs(expected["G"]).max() > 0 and not numpy.array_equal(expected["G"], expected["G"].transpose(0, 2, 1))


def write_with_h5py(path, document):
    """The JSON file's data as an HDF5 modal file by the documented layout, written by h5py alone:
    str attributes, float64 datasets, units on the root's datasets only (absent: SI)."""
    arrays = json_arrays(document)
    with h5py.File(path, "w") as f:
        for key in HEADER:
            f.attrs[key] = document[key]
        f.attrs["version"] = 1
        for name, (_, unit) in ROOT.items():
            f.create_dataset(name, data=arrays[name], dtype="<f8").attrs["unit"] = unit
        f.create_dataset("nodes/name", data=arrays["nodes/name"], dtype=h5py.string_dtype())
        for name in NODE:
            f.create_dataset("nodes/" + name, data=arrays["nodes/" + name], dtype="<f8")


def flexible_body_run(modal_file):
    document = {
        "vehicles": [{"name": "sc", "hub": {"mass": 500, "I_PntBc_B": [[400, 0, 0], [0, 300, 0], [0, 0, 350]]},
                      "initial_state": {"omega_BN_B": [0.12, -0.15, 0.1]},
                      "state_effectors": [{"type": "flexible_body", "name": "boom", "modal_file": str(modal_file),
                                           "eta0": [0.1, -0.05, 0.02, 0.01, -0.004, 0.003, 0.001, -0.001]}]}],
        "propagation": {"stepper": "rk4", "dt": 0.01},
        "output": {"t1": 1, "dt": 0.25, "log": ["sc/boom.eta", "sc/boom.n6.u_F", "sc/hub.omega_BN_B"]}}
    return ramus.scenario.load(document).run()


def test_a_file_written_by_h5py_reads_as_the_json_file(folder):
    document = json.loads((folder / "boom.json").read_text())
    write_with_h5py(folder / "from_h5py.h5", document)
    show_json = ramus_cli("modal", "show", str(folder / "boom.json")).stdout
    show_h5py = ramus_cli("modal", "show", str(folder / "from_h5py.h5")).stdout
    assert show_h5py.split("\n", 1)[1] == show_json.split("\n", 1)[1]  # all but the file's name
    from_json = flexible_body_run(folder / "boom.json")
    for modal_file in ("from_h5py.h5", "boom.h5"):
        r = flexible_body_run(folder / modal_file)
        assert r.columns == from_json.columns
        numpy.testing.assert_array_equal(r.values, from_json.values, err_msg=modal_file)
    assert numpy.ptp(from_json["sc/boom.eta"]) > 0  # the body vibrates: the runs compare motion


def test_a_misshapen_dataset_written_by_h5py_is_refused_naming_file_and_dataset(folder):
    document = json.loads((folder / "boom.json").read_text())
    path = folder / "bad.h5"
    write_with_h5py(path, document)
    with h5py.File(path, "a") as f:
        del f["omega"]
        f.create_dataset("omega", data=numpy.ones((N, 2)))
    with pytest.raises(ramus.ScenarioError, match=r"bad\.h5: omega: expected 1-D .* found 2-D \(8, 2\)"):
        flexible_body_run(path)
