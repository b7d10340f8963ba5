#!/usr/bin/env python3
"""UTC epochs past the leap-second table, through the `ramus` runner
(docs/environment/time_and_frames.md §1.1, docs/scenario.md §3).

A UTC scenario dated 2027 and one dated 2030 run, with ERFA's table and with the IERS file of
data/ (expired 2026-06-28): each warns on stderr, records the table it used in the "leap_seconds"
field of the CSV's companion (and in the HDF5 record when built with HDF5), and uses TAI - UTC = 37 s:
the run is the one of the TT epoch 32.184 s + 37 s later (same instant, the Earth turned the same:
gravity in the rotating Earth frame), and differs from the one a second away. A damaged table, a
"leap_seconds" without "epoch" and a malformed epoch are refused naming the file and line or the
JSON path, and write nothing.

usage: leap_seconds_cli.py RAMUS DATA_DIR WORK_DIR
"""
import json
import os
import shutil
import subprocess
import sys

RAMUS, DATA, WORK = (os.path.abspath(a) for a in sys.argv[1:4])
TABLE = os.path.join(DATA, "leap-seconds.list")
FAILURES = []
HANG_GUARD_S = 120  # each run takes well under a second; this only turns a hang into a failure


def fail(what):
    FAILURES.append(what)
    print("FAIL " + what, flush=True)


def ramus(*args):
    p = subprocess.run([RAMUS, *args], cwd=WORK, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=HANG_GUARD_S)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def scenario(name, environment):
    """A rigid spacecraft in low orbit for 600 s in GGM03S to degree 8 in the rotating Earth frame:
    its path depends on the Earth's rotation angle, hence on the epoch's TT and UT1."""
    doc = {
        "environment": dict({"rotation": "earth"}, **environment),
        "gravity": {"type": "spherical_harmonic_gravity", "file": os.path.join(DATA, "GGM03S-deg60.txt"),
                    "degree": 8, "order": 8},
        "vehicles": [{
            "name": "sc",
            "hub": {"mass": {"value": 750, "unit": "kg"},
                    "I_PntBc_B": {"value": [[900, 0, 0], [0, 800, 0], [0, 0, 600]], "unit": "kg m^2"}},
            "initial_state": {"point": "C", "r_N": {"value": [6878.137, 0, 0], "unit": "km"},
                              "v_N": {"value": [0, 4.73048, 5.96456], "unit": "km/s"}},
        }],
        "propagation": {"stepper": "rk4", "dt": {"value": 10, "unit": "s"}},
        "output": {"t0": 0, "t1": 600, "dt": 600, "log": ["sc/hub.r_BN_N"]},
    }
    path = os.path.join(WORK, name + ".json")
    with open(path, "w") as f:
        json.dump(doc, f)
    return name + ".json"


def run_csv(name, environment, expect_warning):
    """Runs the scenario; returns (header lines, last row) or None after a failure."""
    s = scenario(name, environment)
    rc, _, err = ramus("run", s, "--output", name + ".csv", "--quiet")
    if rc != 0:
        fail(f"{name}: exit status {rc}: {err}")
        return None
    warned = "ramus: warning: " + s + ": environment.epoch:" in err and "37 s" in err
    if warned != expect_warning:
        fail(f"{name}: warning on stderr {'missing' if expect_warning else 'unexpected'}: {err!r}")
    with open(os.path.join(WORK, name + ".csv")) as f:
        lines = f.read().splitlines()
    rows = [l for l in lines if l and not l.startswith("t,")]
    # The record is the companion's (docs/scenario.md §5, The CSV): the epoch and its time scale as
    # given, and the leap-second table, given back here as the annotated form's line.
    with open(os.path.join(WORK, name + ".csv-metadata.json")) as f:
        record = json.load(f)["ramus:record"]
    epoch, scale = environment["epoch"].rsplit(" ", 1)
    if record["epoch"] != epoch or record["time_scale"] != scale:
        fail(f"{name}: the companion's epoch {record['epoch']!r} {record['time_scale']!r}, given {epoch} {scale}")
    header = [] if record["leap_seconds"] is None else ["# leap_seconds: " + record["leap_seconds"]]
    return header, [float(x) for x in rows[-1].split(",")]


def leap_line(header):
    found = [l for l in header if l.startswith("# leap_seconds: ")]
    return found[0] if len(found) == 1 else None


def distance(a, b):
    return sum((x - y) ** 2 for x, y in zip(a[1:4], b[1:4])) ** 0.5


def past_the_table():
    for year in ("2027", "2030"):
        for table, given in (("erfa", {}), ("file", {"leap_seconds": TABLE})):
            name = f"utc{year}_{table}"
            utc = run_csv(name, dict({"epoch": f"{year}-01-01T00:00:00 UTC"}, **given), True)
            # The same instant in TT: UTC + 32.184 s + 37 s; and one second later (ΔAT = 38 s).
            same = run_csv(name + "_tt", dict({"epoch": f"{year}-01-01T00:01:09.184 TT"}, **given), True)
            other = run_csv(name + "_tt38", dict({"epoch": f"{year}-01-01T00:01:10.184 TT"}, **given), True)
            if not (utc and same and other):
                continue
            line = leap_line(utc[0])
            if line is None:
                fail(f"{name}: no single '# leap_seconds:' line in {utc[0]}")
            elif table == "erfa" and not (line.startswith("# leap_seconds: ERFA ") and "past it" in line):
                fail(f"{name}: {line}")
            elif table == "file" and not (line.startswith("# leap_seconds: file " + TABLE) and
                                          "expires 2026-06-28" in line and
                                          "SHA-1 49db2447571e5e1b2f002a539c8da8e439b8e49e verified" in line and
                                          "past it" in line):
                fail(f"{name}: {line}")
            # The UTC and TT epochs of one instant: their TT Julian dates differ at most by rounding
            # (1e-16 d, 1e-11 s), which would move the orbit by nanometres (1e-6 m allows that; it
            # measured 0 m). An epoch one second away (the Earth turned by 7e-5 rad under the
            # orbit) moves it by 3e-3 m in 600 s: the control must exceed 100 times the match.
            d_same, d_other = distance(utc[1], same[1]), distance(utc[1], other[1])
            if not d_same < 1e-6:
                fail(f"{name}: the UTC epoch is {d_same} m from the TT epoch 69.184 s later (TAI-UTC = 37 s)")
            if not d_other > 100 * max(d_same, 1e-9):
                fail(f"{name}: a second of the Earth's rotation moves the orbit by {d_other} m only (control)")
            print(f"ok {name}: {d_same:.3g} m from TT + 69.184 s, {d_other:.3g} m from TT + 70.184 s", flush=True)
    # Before ERFA's limit and the file's expiry: no warning.
    run_csv("utc2025_erfa", {"epoch": "2025-06-21T00:00:00 UTC"}, False)
    run_csv("utc2025_file", {"epoch": "2025-06-21T00:00:00 UTC", "leap_seconds": TABLE}, False)


def hdf5_record():
    s = scenario("utc2030_h5", {"epoch": "2030-01-01T00:00:00 UTC", "leap_seconds": TABLE})
    rc, _, err = ramus("run", s, "--hdf5", "utc2030.h5", "--quiet")
    if rc != 0 and "without HDF5" in err:
        print("skip hdf5: this ramus was built without HDF5", flush=True)
        return
    if rc != 0:
        fail(f"hdf5: exit status {rc}: {err}")
        return
    with open(os.path.join(WORK, "utc2030.h5"), "rb") as f:
        data = f.read()
    if b"leap_seconds: file " + TABLE.encode() not in data:
        fail("hdf5: the record attribute has no 'leap_seconds: file ...' line")


def refusals():
    with open(TABLE) as f:
        lines = f.read().splitlines()
    damaged = os.path.join(WORK, "damaged.list")
    swapped = lines[:]
    swapped[100], swapped[101] = swapped[101], swapped[100]  # lines 101 and 102
    cases = {
        "hash": (lines[:62] + ["#$\t3960748800"] + lines[63:], "line 120", "not the SHA-1"),
        "truncated": (lines[:100], "line 100", "truncated"),
        "out_of_order": (swapped, "line 101", "out of order"),
    }
    for name, (text, line, cause) in cases.items():
        with open(damaged, "w") as f:
            f.write("\n".join(text) + "\n")
        s = scenario("refused_" + name, {"epoch": "2030-01-01T00:00:00 UTC", "leap_seconds": damaged})
        rc, _, err = ramus("run", s, "--output", "refused.csv", "--quiet")
        if rc != 1 or "environment.leap_seconds" not in err or damaged not in err or line not in err or \
                cause not in err:
            fail(f"table {name}: exit status {rc}, message {err!r}")
        if os.path.exists(os.path.join(WORK, "refused.csv")) or \
                os.path.exists(os.path.join(WORK, "refused.csv-metadata.json")):
            fail(f"table {name}: an output was written")
    for name, env, path, cause in (
            ("no_epoch", {"leap_seconds": TABLE}, "environment.leap_seconds", "needs \"epoch\""),
            ("inf", {"epoch": "2030-01-01T12:00:inf UTC"}, "environment.epoch", "'2030-01-01T12:00:inf UTC'"),
            ("exponent", {"epoch": "2025-01-01T12:00:1e9 UTC"}, "environment.epoch", "digits only"),
            ("leap_second", {"epoch": "2025-06-30T23:59:60 UTC"}, "environment.epoch", "leap second"),
            ("missing_table", {"epoch": "2030-01-01T00:00:00 UTC", "leap_seconds": "no-such.list"},
             "environment.leap_seconds", "no-such.list")):
        s = scenario("refused_" + name, env)
        rc, _, err = ramus("check", s)
        if rc != 1 or path not in err or cause not in err:
            fail(f"{name}: exit status {rc}, message {err!r}")


def main():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    past_the_table()
    hdf5_record()
    refusals()
    if FAILURES:
        print(f"{len(FAILURES)} failure(s)")
        return 1
    print("all leap-second cases passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
