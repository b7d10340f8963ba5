"""The runner's result files read as they are by numpy, pandas and h5py (docs/scenario.md §5, The
CSV and HDF5): `ramus run --output FILE.csv --hdf5 FILE.h5` writes a plain CSV (the column names,
then the rows), its companion FILE.csv-metadata.json (W3C CSV on the Web: the columns with their
units and frames, the run's record, its status and the FNV-1a hash of the CSV's bytes) and an HDF5
file whose attributes are str and whose "/table" is a pandas DataFrame. Each reader's values are
checked against the CSV's text parsed with Python's float(), which is correctly rounded."""

import json
import os
import re
import subprocess

import numpy
import pytest

pandas = pytest.importorskip("pandas")
h5py = pytest.importorskip("h5py")

RAMUS = os.environ["RAMUS_CLI"]
EXAMPLES = os.path.join(os.environ["RAMUS_SOURCE_DIR"], "docs", "examples")
ORBIT = os.path.join(EXAMPLES, "rigid_spacecraft_orbit.json")
LEO = os.path.join(EXAMPLES, "leo_environment.json")  # an environment epoch: 2025-06-21T00:00:00 UTC


def fnv1a64(data):
    """64-bit FNV-1a (offset basis 14695981039346656037, prime 1099511628211), independent of ramus."""
    h = 14695981039346656037
    for b in data:
        h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def bits(a):
    """The IEEE bits of doubles: equal bits, not just equal values (-0.0 is not 0.0)."""
    return numpy.ascontiguousarray(numpy.asarray(a, dtype="<f8")).view(numpy.uint64)


def run(directory, scenario, name, *extra, status=0):
    csv = os.path.join(directory, name + ".csv")
    h5 = os.path.join(directory, name + ".h5")
    result = subprocess.run([RAMUS, "run", scenario, "--output", csv, "--hdf5", h5, "--quiet", *extra],
                            capture_output=True, text=True)
    assert result.returncode == status, result.stderr
    return csv, h5


def text_table(csv):
    """The CSV's header and its values through float() (correctly rounded: the reference)."""
    with open(csv) as f:
        lines = f.read().splitlines()
    return lines[0].split(","), numpy.array([[float(x) for x in line.split(",")] for line in lines[1:]])


def companion(csv):
    with open(csv + "-metadata.json") as f:
        return json.load(f)


@pytest.fixture(scope="module", params=["orbit", "leo"])
def result(request, tmp_path_factory):
    directory = tmp_path_factory.mktemp(request.param)
    csv, h5 = run(str(directory), ORBIT if request.param == "orbit" else LEO, request.param)
    return request.param, csv, h5


def test_plain_csv_and_numpy(result):
    _, csv, _ = result
    with open(csv, "rb") as f:
        data = f.read()
    assert not re.search(rb"(^|\n)#", data), "a '#' line in the plain CSV"
    names, values = text_table(csv)
    assert names[0] == "t" and values.shape[1] == len(names) and len(values) > 100
    table = numpy.genfromtxt(csv, names=True, delimiter=",")
    assert len(table.dtype.names) == len(names)  # numpy sanitizes the names ('[' ']' '/' '.' dropped)
    as_array = numpy.column_stack([table[n] for n in table.dtype.names])
    # numpy's float() parse is correctly rounded: the same doubles, bit for bit.
    assert numpy.array_equal(bits(as_array), bits(values))


def test_pandas_read_csv(result):
    _, csv, _ = result
    names, values = text_table(csv)
    frame = pandas.read_csv(csv)
    assert list(frame.columns) == names
    assert frame.shape == values.shape
    # pandas 1.5's default float parser (xstrtod) is not correctly rounded: on these files it is
    # off by up to a few thousand ulps for numbers with many digits and a large decimal exponent,
    # measured at most 9.6e-13 relative (40 000 random doubles: 20% off). 1e-11 relative bounds
    # that with a margin and still fails on any wrong digit of the 12 the parser keeps.
    got = frame.to_numpy()
    assert numpy.all(numpy.abs(got - values) <= 1e-11 * numpy.abs(values))
    # float_precision='round_trip' is Python's parser: exact.
    exact = pandas.read_csv(csv, float_precision="round_trip")
    assert numpy.array_equal(bits(exact.to_numpy()), bits(values))


def test_companion(result):
    name, csv, _ = result
    with open(csv, "rb") as f:
        data = f.read()
    meta = companion(csv)
    names, values = text_table(csv)
    assert meta["@context"] == "http://www.w3.org/ns/csvw"
    assert meta["url"] == os.path.basename(csv)
    columns = meta["tableSchema"]["columns"]
    assert [c["name"] for c in columns] == names
    assert all(c["titles"] == c["name"] and c["datatype"] == "double" and c["ramus:unit"] for c in columns)
    by_name = {c["name"]: c for c in columns}
    assert by_name["t"]["ramus:unit"] == "s" and by_name["t"]["ramus:frame"] is None
    if name == "orbit":
        assert (by_name["sc/hub.r_BN_N[0]"]["ramus:unit"], by_name["sc/hub.r_BN_N[0]"]["ramus:frame"]) == ("m", "N")
        assert by_name["sc/hub.omega_BN_B[2]"]["ramus:frame"] == "B"
        assert by_name["sc/hub.q_BN[0]"]["ramus:frame"] is None  # an attitude: no component frame
        assert by_name["total_energy"]["ramus:frame"] is None  # a scalar
    else:
        assert by_name["sc/drag_hub.force_F[0]"]["ramus:frame"] == "F"
        assert by_name["sc.sigma_BN[0]"]["ramus:frame"] is None
    record = meta["ramus:record"]
    assert record["csv_fnv1a64"] == fnv1a64(data)
    assert record["status"] == "complete" and record["rows"] == len(values) and record["failure"] is None
    assert re.fullmatch(r"[0-9a-f]{16}", record["scenario_fnv1a64"])
    with open(ORBIT if name == "orbit" else LEO, "rb") as f:
        assert record["scenario_fnv1a64"] == fnv1a64(f.read())
    assert re.fullmatch(r"\d+\.\d+\.\d+", record["version"])
    if name == "leo":
        assert (record["epoch"], record["time_scale"]) == ("2025-06-21T00:00:00", "UTC")
        assert record["leap_seconds"].startswith("ERFA ")
    else:
        assert record["epoch"] is None and record["time_scale"] is None and record["leap_seconds"] is None


def test_h5py(result):
    _, csv, h5 = result
    names, values = text_table(csv)
    meta = companion(csv)
    with h5py.File(h5, "r") as f:
        for key, value in list(f.attrs.items()) + list(f["log"].attrs.items()):
            if key not in ("rows", "columns", "units", "frames"):
                assert isinstance(value, str), key
        for key in ("columns", "units", "frames"):
            assert all(isinstance(v, str) for v in f.attrs[key]), key
        assert list(f.attrs["columns"]) == names
        assert list(f.attrs["units"]) == [c["ramus:unit"] for c in meta["tableSchema"]["columns"]]
        assert list(f.attrs["frames"]) == [c["ramus:frame"] or "" for c in meta["tableSchema"]["columns"]]
        record = meta["ramus:record"]
        for key in ("version", "scenario", "scenario_fnv1a64", "stepper", "machine", "started", "status"):
            assert f.attrs[key] == record[key], key
        assert f.attrs["rows"] == len(values)
        for key in ("epoch", "time_scale"):
            assert f.attrs.get(key) == record[key], key
        assert f["log"].attrs["columns"] == ",".join(names)
        assert numpy.array_equal(bits(f["log"][...]), bits(values))


def test_pandas_read_hdf(result):
    _, csv, h5 = result
    names, values = text_table(csv)
    frame = pandas.read_hdf(h5, "table")
    assert list(frame.columns) == names
    assert list(frame.index) == list(range(len(values)))
    assert numpy.array_equal(bits(frame.to_numpy()), bits(values))
    # read_csv infers int64 for a column of whole numbers (t at whole seconds, written "30"); as
    # doubles, the same frame.
    from_csv = pandas.read_csv(csv, float_precision="round_trip").astype(float)
    pandas.testing.assert_frame_equal(frame, from_csv, check_exact=True)


def test_incomplete_run_writes_its_rows_and_says_why(tmp_path):
    with open(ORBIT) as f:
        s = json.load(f)
    s["output"]["t1"] = {"value": 10, "unit": "min"}
    s["propagation"] = {"stepper": "rk_dopri5", "dt": 1, "abs_tol": 1e-12, "rel_tol": 1e-12, "max_steps": 40}
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps(s))
    csv, h5 = run(str(tmp_path), str(scenario), "cut", status=1)
    with open(csv, "rb") as f:
        data = f.read()
    names, values = text_table(csv)
    assert len(values) >= 1 and values[0, 0] == 0.0
    record = companion(csv)["ramus:record"]
    assert record["status"] == "incomplete" and record["rows"] == len(values)
    assert re.search("max_steps|step budget", record["failure"])
    assert record["csv_fnv1a64"] == fnv1a64(data)
    with h5py.File(h5, "r") as f:
        assert f.attrs["status"] == "incomplete" and f.attrs["failure"] == record["failure"]
        assert f.attrs["rows"] == len(values)


def test_refused_scenario_writes_nothing(tmp_path):
    with open(ORBIT) as f:
        text = f.read()
    scenario = tmp_path / "bad.json"
    scenario.write_text(text.replace('"unit": "kg"', '"unit": "deg"'))
    run(str(tmp_path), str(scenario), "refused", status=1)
    assert sorted(os.listdir(tmp_path)) == ["bad.json"]


def test_standard_output_is_annotated_and_annotated_is_kept(tmp_path):
    console = subprocess.run([RAMUS, "run", ORBIT, "--quiet"], capture_output=True, text=True, check=True).stdout
    lines = console.splitlines()
    assert lines[0].startswith("# ramus ") and lines[-1] == "# end: complete, 191 rows"
    annotated = tmp_path / "annotated.csv"
    subprocess.run([RAMUS, "run", ORBIT, "--quiet", "--csv-format", "annotated", "--output", str(annotated)],
                   check=True)
    # The same text but the start time.
    def without_start(text):
        return [line for line in text.splitlines() if not line.startswith("# started: ")]

    assert without_start(annotated.read_text()) == without_start(console)
    assert not (tmp_path / "annotated.csv-metadata.json").exists()


def test_companion_that_cannot_be_written_is_refused_before_the_run(tmp_path):
    (tmp_path / "out.csv-metadata.json").mkdir()
    result = subprocess.run([RAMUS, "run", ORBIT, "--output", str(tmp_path / "out.csv"), "--quiet"],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert "the companion of --output" in result.stderr and "out.csv-metadata.json" in result.stderr
    assert sorted(os.listdir(tmp_path)) == ["out.csv-metadata.json"]
