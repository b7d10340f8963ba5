#!/usr/bin/env python3
"""The hostile-input suite of the `ramus` runner (docs/scenario.md, Guarantees).

Each case feeds the runner what a hostile but realistic user would (file names that try to
inject commands, outputs that name inputs, full disks, killed processes, times below the
resolution of a double, dispersions that name one parameter twice, impossible bodies, huge or
endless inputs) and asserts three things: the exit status, that the message names the field or
file and the cause, and that no input and no earlier output changed (checksums before and after).

usage: hostile_cli.py RAMUS EXAMPLES_DIR WORK_DIR [CASE ...]
"""
import copy
import hashlib
import json
import math
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import time

RAMUS, EXAMPLES, WORK = (os.path.abspath(a) for a in sys.argv[1:4])
ONLY = sys.argv[4:]
FAILURES = []

# The runner must answer every case long before this; it only turns a hang into a failure.
HANG_GUARD_S = 120


def fail(case, what):
    FAILURES.append(f"{case}: {what}")
    print(f"FAIL {case}: {what}", flush=True)


def ramus(*args, cwd=None, file_limit=None, timeout=HANG_GUARD_S, stdout=None):
    """Runs ramus; returns (status, stdout, stderr) as text (bytes decoded with replacement).
    stdout: a file object to write the standard output to instead of capturing it."""
    def limit():
        if file_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))
    p = subprocess.run([RAMUS, *args], cwd=cwd, stdout=stdout if stdout is not None else subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=timeout, preexec_fn=limit)
    return p.returncode, (p.stdout or b"").decode(errors="replace"), p.stderr.decode(errors="replace")


def tree_checksums(root):
    """{relative path: sha256} of every regular file under root (bytes paths: any name works)."""
    out = {}
    root = os.fsencode(root)
    for dirpath, _, files in os.walk(root):
        for f in files:
            p = os.path.join(dirpath, f)
            if os.path.islink(p) or not os.path.isfile(p):
                continue
            with open(p, "rb") as fh:
                out[os.path.relpath(p, root)] = hashlib.sha256(fh.read()).hexdigest()
    return out


def temporaries(root):
    """Hidden temporaries an interrupted write may leave (output_file.hpp, plots.hpp)."""
    found = []
    for dirpath, dirs, files in os.walk(os.fsencode(root)):
        for f in files + dirs:
            if re.fullmatch(rb"\..+\.ramus-[A-Za-z0-9]{6}|\.ramus-plots-[A-Za-z0-9]{6}", f):
                found.append(os.path.join(dirpath, f))
    return found


class Case:
    """A fresh directory per case, its files' checksums taken before the runner is started."""

    def __init__(self, name):
        self.name = name
        self.dir = os.path.join(WORK, name)
        shutil.rmtree(self.dir, ignore_errors=True)
        os.makedirs(self.dir)
        self.before = None

    def path(self, *parts):
        return os.path.join(self.dir, *parts)

    def write_json(self, name, document):
        with open(self.path(name), "w") as f:
            json.dump(document, f, indent=1)
        return self.path(name)

    def snapshot(self):
        self.before = tree_checksums(self.dir)

    def expect(self, result, status, *patterns, unchanged=True):
        """status: an int, or 'nonzero'. patterns: regexes the standard error must match."""
        rc, out, err = result
        if status == "nonzero" and rc <= 0 or status != "nonzero" and rc != status:
            fail(self.name, f"exit status {rc}, expected {status}\nstderr: {err}")
        for p in patterns:
            if not re.search(p, err, re.S):
                fail(self.name, f"message does not match {p!r}:\n{err}")
        if unchanged and self.before is not None:
            after = tree_checksums(self.dir)
            for f, h in self.before.items():
                if after.get(f) != h:
                    fail(self.name, f"{f!r} changed or vanished")
        return result


def example(name):
    with open(os.path.join(EXAMPLES, name)) as f:
        return json.load(f)


def short_orbit():
    """The orbit example, 10 min at 30 s: quick, with energy and momentum logged (drift plot)."""
    s = example("rigid_spacecraft_orbit.json")
    s["output"]["t1"] = {"value": 10, "unit": "min"}
    return s


def read_lines(path):
    with open(path, "rb") as f:
        return f.read().split(b"\n")


def fnv1a64(data):
    """64-bit FNV-1a (run_record.hpp), computed independently of ramus."""
    h = 14695981039346656037
    for b in data:
        h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def companion_record(case, path, status):
    """The plain CSV at path and its companion path-metadata.json (docs/scenario.md §5, The CSV):
    no '#' line, the companion's columns the CSV's header, its csv_fnv1a64 the CSV's bytes' hash
    and its status `status`. Returns the companion's "ramus:record"."""
    with open(path, "rb") as f:
        data = f.read()
    lines = [l for l in data.split(b"\n") if l]
    if not lines or any(l.startswith(b"#") for l in lines):
        fail(case.name, f"{path}: not a plain CSV (a '#' line, or empty)")
    try:
        with open(path + "-metadata.json", "rb") as f:
            companion = json.load(f)
    except (OSError, ValueError) as e:
        fail(case.name, f"{path}: no readable companion: {e}")
    record = companion["ramus:record"]
    names = [c["name"] for c in companion["tableSchema"]["columns"]]
    if names != lines[0].decode().split(","):
        fail(case.name, f"{path}: the companion's columns are not the CSV's header")
    if record["csv_fnv1a64"] != fnv1a64(data):
        fail(case.name, f"{path}: the companion's csv_fnv1a64 {record['csv_fnv1a64']} is not the CSV's {fnv1a64(data)}")
    if record["status"] != status or record["rows"] != len(lines) - 1:
        fail(case.name, f"{path}: companion status {record['status']}, {record['rows']} rows; expected {status}, "
                        f"{len(lines) - 1} rows")
    return record


def require_complete_csv(case, path, annotated=False):
    """A complete result: plain with its companion, or (standard output, campaigns) annotated."""
    if not annotated:
        companion_record(case, path, "complete")
        return
    lines = [l for l in read_lines(path) if l]
    if not lines or not lines[-1].startswith(b"# end: complete, "):
        fail(case.name, f"{path}: no complete marker on its last line")
    header = []
    for l in lines:
        if l.startswith(b"t,") or l.startswith(b"run,") or l.startswith(b"quantity,"):
            break
        header.append(l)
    for l in header:
        if not l.startswith(b"# "):
            fail(case.name, f"{path}: a header line was split: {l!r}")


def whole_png(path):
    with open(path, "rb") as f:
        b = f.read()
    return b.startswith(b"\x89PNG\r\n\x1a\n") and b.endswith(b"\0\0\0\0IEND\xae\x42\x60\x82")


# ---- 1. command injection into gnuplot ------------------------------------------------------

def injection():
    names = {
        "newline_system": b'a\nsystem "touch CANARY"\n!touch CANARY\n#',
        "quotes": b"it's \"quoted\" ''",
        "backslash": b"back\\slash\\'\\n",
        "semicolon": b"x'; system 'touch CANARY'; '",
        "dollar_paren": b"$(touch CANARY)`touch CANARY`@macro",
        "non_utf8": b"bytes\xff\xfe\xc3(",
    }
    for label, name in names.items():
        c = Case("injection_" + label)
        scenario = os.path.join(os.fsencode(c.dir), name + b".json")
        with open(scenario, "w") as f:
            json.dump(short_orbit(), f)
        plots = os.path.join(os.fsencode(c.dir), b"plots " + name)
        c.snapshot()
        c.expect(ramus("run", scenario, "--output", "out.csv", "--plot", plots, "--quiet", cwd=c.dir), 0)
        for d in (c.dir, plots, os.getcwd()):
            if os.path.exists(os.path.join(d, b"CANARY" if isinstance(d, bytes) else "CANARY")):
                fail(c.name, f"a command in the file name ran (CANARY in {d!r})")
        require_complete_csv(c, c.path("out.csv"))
        for figure in (b"drift.png", b"total_energy.png", b"sc_hub.omega_BN_B.png"):
            if not whole_png(os.path.join(plots, figure)):
                fail(c.name, f"{figure!r} missing or not whole")
        if temporaries(c.dir):
            fail(c.name, f"temporaries left: {temporaries(c.dir)}")


# ---- 2. inputs destroyed, outputs clobbered ---------------------------------------------------

def clobber():
    cases = {
        "output_is_scenario": (["--output", "s.json"], "--output"),
        "output_dot_slash": (["--output", "./s.json"], "--output"),
        "output_symlink": (["--output", "link.json"], "--output"),
        "output_hard_link": (["--output", "hard.json"], "--output"),
        "hdf5_is_scenario": (["--hdf5", "s.json"], "--hdf5"),
        "csv_and_hdf5_same": (["--output", "x.out", "--hdf5", "x.out"], "--hdf5"),
        "csv_and_hdf5_same_spelled": (["--output", "x.out", "--hdf5", "./sub/../x.out"], "--hdf5"),
        "plot_file_is_scenario": (["--plot", "."], "--plot"),
        "plot_file_is_output": (["--output", "plots.gp", "--plot", "."], "--plot"),
    }
    for label, (args, option) in cases.items():
        c = Case("clobber_" + label)
        c.write_json("s.json", short_orbit())
        os.symlink("s.json", c.path("link.json"))
        os.link(c.path("s.json"), c.path("hard.json"))
        os.makedirs(c.path("sub"))
        scenario = "s.json"
        if label == "plot_file_is_scenario":  # the scenario is where the plots would write plots.gp
            shutil.copy(c.path("s.json"), c.path("plots.gp"))
            scenario = "plots.gp"
        c.snapshot()
        c.expect(ramus("run", scenario, *args, "--quiet", cwd=c.dir), 1, re.escape(option), "same file",
                 "nothing was run or written")
        if os.path.exists(c.path("x.out")):
            fail(c.name, "an output was written although the outputs were refused")


# ---- 3. partial files that look complete -----------------------------------------------------

def partial_files():
    # A size limit (ulimit -f) far below the CSV: the old file stays, the message names the file
    # and the system's reason, nothing partial is left.
    limit = 20_000  # bytes; the CSV of 601 rows below is ~ 250 kB, its plots several 10 kB each
    long = short_orbit()
    long["output"]["dt"] = {"value": 1, "unit": "s"}  # 601 rows x 21 columns
    c = Case("full_disk_csv")
    c.write_json("s.json", long)
    with open(c.path("old.csv"), "w") as f:
        f.write("an earlier result\n")
    c.snapshot()
    c.expect(ramus("run", "s.json", "--output", "old.csv", "--quiet", cwd=c.dir, file_limit=limit), 1,
             r"old\.csv", "File too large")
    if temporaries(c.dir):
        fail(c.name, f"temporaries left: {temporaries(c.dir)}")

    c = Case("full_disk_hdf5")
    c.write_json("s.json", long)  # 601 x 21 doubles: ~ 100 kB of HDF5
    c.snapshot()
    rc, _, err = c.expect(ramus("run", "s.json", "--output", "-", "--hdf5", "out.h5", "--quiet", cwd=c.dir,
                                file_limit=limit), 1, r"out\.h5", "File too large")
    if os.path.exists(c.path("out.h5")):
        fail(c.name, "a partial HDF5 file was left")

    c = Case("full_disk_plot")
    c.write_json("s.json", long)
    os.makedirs(c.path("plots"))
    with open(c.path("plots", "drift.png"), "w") as f:
        f.write("an earlier figure\n")
    c.snapshot()
    c.expect(ramus("run", "s.json", "--output", "-", "--plot", "plots", "--quiet", cwd=c.dir,
                   file_limit=limit), 1, "plot|figure|File too large")
    if sorted(os.listdir(c.path("plots"))) != ["drift.png"]:
        fail(c.name, f"the plot directory changed: {os.listdir(c.path('plots'))}")

    c = Case("full_disk_campaign")
    c.write_json("s.json", long)
    c.write_json("d.json", {"seed": 1, "parameters": [
        {"path": "vehicles[0].hub.mass", "distribution": "normal", "sigma": 1}]})
    c.snapshot()
    c.expect(ramus("campaign", "s.json", "--dispersions", "d.json", "--output", "camp", "--runs", "3", "--quiet",
                   cwd=c.dir, file_limit=limit), "nonzero", "File too large")
    for f in os.listdir(c.path("camp")):
        if f.endswith(".csv"):
            require_complete_csv(c, c.path("camp", f))

    # Standard output on /dev/full: the write error names the stream and the reason.
    c = Case("dev_full")
    c.write_json("s.json", short_orbit())
    c.snapshot()
    with open("/dev/full", "wb") as full:
        c.expect(ramus("run", "s.json", "--output", "-", "--quiet", cwd=c.dir, stdout=full), 1, "standard output",
                 "No space left on device")

    # A small tmpfs, where the machine allows one to be mounted.
    c = Case("tmpfs")
    mount = c.path("small")
    os.makedirs(mount)
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", mount], capture_output=True).returncode == 0:
        try:
            c.write_json("s.json", long)
            c.snapshot()
            c.expect(ramus("run", "s.json", "--output", "small/out.csv", "--quiet", cwd=c.dir), 1,
                     r"small/out\.csv", "No space left on device")
            if os.listdir(mount):
                fail(c.name, f"files left on the full file system: {os.listdir(mount)}")
        finally:
            subprocess.run(["umount", mount])
    else:
        print("SKIP tmpfs: this machine does not let the test mount one", flush=True)

    # An integration error: the rows computed so far, the incomplete marker, exit status 1.
    c = Case("integration_error")
    s = short_orbit()
    s["propagation"] = {"stepper": "rk_dopri5", "dt": 1, "abs_tol": 1e-12, "rel_tol": 1e-12, "max_steps": 40}
    c.write_json("s.json", s)
    c.snapshot()
    c.expect(ramus("run", "s.json", "--output", "out.csv", "--hdf5", "out.h5", "--quiet", cwd=c.dir), 1,
             "max_steps|step budget", "marked incomplete")
    lines = [l for l in read_lines(c.path("out.csv")) if l]
    if not any(l.startswith(b"0,") for l in lines):
        fail(c.name, "the incomplete CSV lost the rows computed before the error")
    record = companion_record(c, c.path("out.csv"), "incomplete")
    if not re.search("max_steps|step budget", record["failure"] or ""):
        fail(c.name, f"the companion's failure does not say why: {record['failure']!r}")
    with open(c.path("out.h5"), "rb") as f:
        if b"incomplete, " not in f.read():
            fail(c.name, "the HDF5 file has no 'incomplete' status attribute")

    # SIGKILL in the middle of a run: the earlier output is intact.
    c = Case("sigkill")
    s = short_orbit()
    s["output"]["t1"] = {"value": 480, "unit": "h"}
    c.write_json("s.json", s)
    with open(c.path("out.csv"), "w") as f:
        f.write("an earlier result\n")
    c.snapshot()
    p = subprocess.Popen([RAMUS, "run", "s.json", "--output", "out.csv", "--quiet"], cwd=c.dir)
    deadline = time.time() + 60
    while not temporaries(c.dir) and time.time() < deadline and p.poll() is None:
        time.sleep(0.02)
    time.sleep(0.2)
    p.kill()
    p.wait()
    c.expect((0, "", ""), 0)  # only the checksums: out.csv is the earlier result


# ---- 4. silent wrong results ---------------------------------------------------------------------

def time_resolution():
    c = Case("output_times_below_resolution")
    s = short_orbit()
    s["output"].update({"t0": 1e17, "t1": 1e17 + 1000, "dt": 1})
    c.write_json("s.json", s)
    c.snapshot()
    c.expect(ramus("check", "s.json", cwd=c.dir), 1, r"output\.dt", "resolution")
    c.expect(ramus("run", "s.json", "--output", "out.csv", "--quiet", cwd=c.dir), 1, r"output\.dt", "resolution")
    if os.path.exists(c.path("out.csv")) or os.path.exists(c.path("out.csv-metadata.json")):
        fail(c.name, "run wrote a CSV or its companion for a refused scenario")

    c = Case("adaptive_step_below_resolution")
    s = short_orbit()
    s["output"] = {"times": [1e17, 1e17 + 4096], "log": ["sc/hub.r_BN_N"]}
    s["propagation"] = {"stepper": "rk_dopri5", "dt": 1, "abs_tol": 1e-9, "rel_tol": 1e-9}
    c.write_json("s.json", s)
    c.snapshot()
    c.expect(ramus("run", "s.json", "--output", "out.csv", "--quiet", cwd=c.dir), 1, "resolution")


# ---- 5. campaign bookkeeping ------------------------------------------------------------------

def dispersions(*parameters, summary=None):
    d = {"seed": 7, "parameters": list(parameters)}
    if summary:
        d["summary"] = summary
    return d


def orbit_campaign_case(name, *parameters):
    """A case whose s.json is short_orbit() and whose d.json disperses `parameters`, snapshotted."""
    c = Case(name)
    c.write_json("s.json", short_orbit())
    c.write_json("d.json", dispersions(*parameters))
    c.snapshot()
    return c


def minutes_for_a_run_of(scenario, seconds, case):
    """Whole minutes of simulated time that one run of `scenario` takes about `seconds` to
    integrate with this build (a sanitizer build is ~20x slower than the release build): the cost
    per simulated minute from two runs 20 min apart (the difference cancels the process start),
    between 10 min and 2 h. A run must last long enough for the campaign to be
    killed mid-way, and no longer."""
    def wall(minutes):
        probe = copy.deepcopy(scenario)
        probe["output"]["t1"] = {"value": minutes, "unit": "min"}
        case.write_json("probe.json", probe)
        t = time.perf_counter()
        case.expect(ramus("run", "probe.json", "--output", f"probe_{minutes}.csv", "--quiet", cwd=case.dir), 0)
        return time.perf_counter() - t
    # Each probe's fastest of three: a probe slowed by the other tests running beside it (CTest -j2)
    # would overstate the cost, and the campaign's runs would then end before the kill.
    per_minute = max((min(wall(30) for _ in range(3)) - min(wall(10) for _ in range(3))) / 20.0, 1e-6)
    return int(min(120, max(10, math.ceil(seconds / per_minute))))


def campaign_bookkeeping():
    scenario = example("panels_and_wheels.json")
    scenario["output"]["t1"] = {"value": 60, "unit": "s"}
    spellings = [("vehicles[0].hub.mass", "vehicles[0].hub.mass.value"),
                 ("vehicles[0].hub.I_PntBc_B[2][2]", "vehicles[0].hub.I_PntBc_B[2][02]")]
    for k, (a, b) in enumerate(spellings):
        c = Case(f"dispersion_spellings_{k}")
        c.write_json("s.json", scenario)
        c.write_json("d.json", dispersions({"path": a, "distribution": "normal", "sigma": 1},
                                           {"path": b, "distribution": "normal", "sigma": 1}))
        c.snapshot()
        c.expect(ramus("campaign", "s.json", "--dispersions", "d.json", "--output", "camp", "--runs", "2", "--quiet",
                       cwd=c.dir), 1, r"^ramus: [^\n]*d\.json", re.escape(b), re.escape(a))

    c = Case("campaign_reused_directory")
    c.write_json("s.json", scenario)
    c.write_json("d.json", dispersions({"path": "vehicles[0].hub.mass", "distribution": "normal", "sigma": 1}))
    os.makedirs(c.path("camp"))
    with open(c.path("camp", "run_000001.csv"), "w") as f:
        f.write("a previous campaign's run\n")
    c.snapshot()
    c.expect(ramus("campaign", "s.json", "--dispersions", "d.json", "--output", "camp", "--runs", "2", "--quiet",
                   cwd=c.dir), 1, "not empty", "--resume")

    # Resume after SIGKILL: the summary and statistics equal an uninterrupted campaign's, byte for byte.
    c = Case("campaign_resume")
    slow = copy.deepcopy(scenario)
    slow["output"]["dt"] = {"value": 60, "unit": "s"}
    slow["output"]["t1"] = {"value": minutes_for_a_run_of(slow, 0.5, c), "unit": "min"}  # ~ 0.5 s a run, any build
    c.write_json("s.json", slow)
    c.write_json("d.json", dispersions({"path": "vehicles[0].hub.mass", "distribution": "normal", "sigma": 1},
                                       {"path": "vehicles[0].state_effectors[0].k", "distribution": "uniform",
                                        "low": 80, "high": 120}))
    runs = "10"
    c.expect(ramus("campaign", "s.json", "--dispersions", "d.json", "--output", "whole", "--runs", runs,
                   "--threads", "1", "--quiet", cwd=c.dir), 0)
    p = subprocess.Popen([RAMUS, "campaign", "s.json", "--dispersions", "d.json", "--output", "cut", "--runs", runs,
                          "--threads", "1", "--quiet"], cwd=c.dir, stdout=subprocess.DEVNULL)
    deadline = time.time() + 120
    recorded = 0
    while time.time() < deadline and p.poll() is None:
        try:
            with open(c.path("cut", "manifest.json")) as f:
                recorded = len(json.load(f)["runs"])
        except (OSError, ValueError):
            pass
        if recorded >= 1:  # killed at the first recorded run: nine runs of margin
            break
        time.sleep(0.01)
    p.kill()
    p.wait()
    if p.returncode != -signal.SIGKILL or recorded < 1:
        fail(c.name, f"the campaign was not killed mid-way (status {p.returncode}, {recorded} runs recorded)")
    if os.path.exists(c.path("cut", "summary.csv")):
        fail(c.name, "summary.csv exists after the kill")
    rc, _, err = c.expect(ramus("campaign", "s.json", "--dispersions", "d.json", "--output", "cut", "--runs", runs,
                                "--threads", "2", "--resume", cwd=c.dir), 0, "were not run again")
    m = re.search(r"(\d+) of 10 runs were complete", err)
    if not m or int(m.group(1)) < 1:
        fail(c.name, f"--resume ran every run again: {err}")
    for f in ("summary.csv", "statistics.csv"):
        with open(c.path("whole", f), "rb") as a, open(c.path("cut", f), "rb") as b:
            if a.read() != b.read():
                fail(c.name, f"{f} of the resumed campaign differs from the uninterrupted one")
    with open(c.path("cut", "manifest.json")) as f:
        manifest = json.load(f)
    if sorted(r["run"] for r in manifest["runs"]) != list(range(10)) or \
            any(r["status"] != "ok" or not re.fullmatch("[0-9a-f]{16}", r["fnv1a64"]) for r in manifest["runs"]):
        fail(c.name, "the manifest does not list every run ok with its checksum")
    if temporaries(c.path("cut")):
        fail(c.name, f"temporaries left after --resume: {temporaries(c.path('cut'))}")
    # Parts of one campaign into one directory (array jobs): each part its own manifest and summary,
    # the rows those of the whole campaign.
    c.expect(ramus("campaign", "s.json", "--dispersions", "d.json", "--output", "parts", "--runs", "0:4",
                   "--quiet", cwd=c.dir), 0)
    c.expect(ramus("campaign", "s.json", "--dispersions", "d.json", "--output", "parts", "--runs", "4:10",
                   "--resume", "--quiet", cwd=c.dir), 0)
    rows = lambda f: [l for l in read_lines(f) if l and not l.startswith(b"#")]
    whole = rows(c.path("whole", "summary.csv"))
    if rows(c.path("parts", "summary_0-4.csv")) + rows(c.path("parts", "summary_4-10.csv"))[1:] != whole:
        fail(c.name, "the parts' summaries differ from the whole campaign's rows")
    if not all(os.path.exists(c.path("parts", m)) for m in ("manifest_0-4.json", "manifest_4-10.json")):
        fail(c.name, "a part has no manifest of its own")
    # --resume of another campaign (other dispersions) is refused.
    c.write_json("d2.json", dispersions({"path": "vehicles[0].hub.mass", "distribution": "normal", "sigma": 2}))
    c.snapshot()
    c.expect(ramus("campaign", "s.json", "--dispersions", "d2.json", "--output", "cut", "--runs", runs, "--resume",
                   "--quiet", cwd=c.dir), 1, "dispersions", "same campaign")


# ---- 6. physically impossible input -----------------------------------------------------------

def impossible_input():
    s = short_orbit()
    s["vehicles"][0]["hub"]["I_PntBc_B"] = {"value": [[1, 0, 0], [0, 1, 0], [0, 0, 100]], "unit": "kg m^2"}
    c = Case("inertia_triangle")
    c.write_json("s.json", s)
    c.snapshot()
    c.expect(ramus("check", "s.json", cwd=c.dir), 1, r"I_PntBc_B", "100", "triangle")

    s = example("two_vehicles_constraint.json")
    s["two_point_effectors"][0]["end2"] = copy.deepcopy(s["two_point_effectors"][0]["end1"])
    c = Case("constraint_to_itself")
    c.write_json("s.json", s)
    c.snapshot()
    c.expect(ramus("check", "s.json", cwd=c.dir), 1, r"two_point_effectors\[0\]", "itself|same")

    s = short_orbit()
    s["vehicles"][0]["hub"]["mass"] = {"value": 750, "unit": " kg"}
    c = Case("unit_whitespace")
    c.write_json("s.json", s)
    c.snapshot()
    c.expect(ramus("check", "s.json", cwd=c.dir), 1, r"hub\.mass", "space|whitespace")

    s = short_orbit()
    s["output"]["log"].append("total_energy")
    c = Case("duplicated_log_entry")
    c.write_json("s.json", s)
    c.snapshot()
    c.expect(ramus("check", "s.json", cwd=c.dir), 1, r"output\.log\[\d+\]", "total_energy")

    c = orbit_campaign_case("dispersion_missing_separator",
                            {"path": "vehicles[0]hub.mass", "distribution": "normal", "sigma": 1})
    c.expect(ramus("campaign", "s.json", "--dispersions", "d.json", "--output", "camp", "--runs", "1", "--quiet",
                   cwd=c.dir), 1, r"d\.json", re.escape("vehicles[0]hub.mass"))


# ---- 7. overflow and misleading messages, 8. input size limits ---------------------------------

def messages_and_limits():
    c = Case("directory_as_scenario")
    os.makedirs(c.path("dir.json"))
    c.snapshot()
    c.expect(ramus("check", "dir.json", cwd=c.dir), 1, r"dir\.json", "directory")

    c = Case("dev_zero")
    c.snapshot()
    c.expect(ramus("check", "/dev/zero", cwd=c.dir), 1, "/dev/zero", "limit")

    c = Case("huge_file")
    with open(c.path("big.json"), "w") as f:
        f.write("{" + " " * (17 << 20) + "}")
    c.snapshot()
    c.expect(ramus("check", "big.json", cwd=c.dir), 1, r"big\.json", "limit")

    c = orbit_campaign_case("huge_run_count", {"path": "vehicles[0].hub.mass", "distribution": "normal", "sigma": 1})
    c.expect(ramus("campaign", "s.json", "--dispersions", "d.json", "--output", "camp", "--runs", "1000000000",
                   cwd=c.dir), 2, "--runs", "1000000000")

    c = orbit_campaign_case("infinite_uniform",
                            {"path": "vehicles[0].hub.mass", "distribution": "uniform", "low": -1e308, "high": 1e308})
    rc, _, err = c.expect(ramus("campaign", "s.json", "--dispersions", "d.json", "--output", "camp", "--runs", "2",
                                "--quiet", cwd=c.dir), 1, r"d\.json", "high|low|infinite|finite")
    if "found null" in err:
        fail(c.name, f"still reported as 'found null': {err}")

    c = orbit_campaign_case("dispersions_error_names_its_file",
                            {"path": "vehicles[0].hub.mass", "distribution": "normal", "sigma": -1})
    c.expect(ramus("campaign", "s.json", "--dispersions", "d.json", "--output", "camp", "--runs", "1", "--quiet",
                   cwd=c.dir), 1, r"^ramus: [^\n]*d\.json: [^\n]*sigma")

    s = short_orbit()
    s["vehicles"][0]["hub"]["mass"] = 1e308
    c = Case("extreme_hub_mass")
    c.write_json("s.json", s)
    c.snapshot()
    rc, _, err = c.expect(ramus("check", "s.json", cwd=c.dir), 1, "mass")
    if "check load profiles" in err:
        fail(c.name, f"the message blames the loads, not the mass: {err}")

    s = example("panels_and_wheels.json")
    effectors = s["vehicles"][0]["state_effectors"]
    effectors[1]["name"] = effectors[0]["name"]
    c = Case("duplicate_effector_name")
    c.write_json("s.json", s)
    c.snapshot()
    c.expect(ramus("check", "s.json", cwd=c.dir), 1, r"state_effectors\[1\]\.name", re.escape(effectors[0]["name"]))

    s = short_orbit()
    s["output"].update({"t0": 1e9, "t1": 1e9 + 10})
    s["vehicles"][0]["dynamic_effectors"] = [{
        "type": "pulsed_torque", "name": "pulses", "torque_PntB_B": [0, 0, 1], "period": 1, "start": 0,
        "count_on": 1, "count_off": 0}]
    c = Case("pulses_at_large_t0")
    c.write_json("s.json", s)
    c.snapshot()
    rc, out, err = c.expect(ramus("check", "s.json", cwd=c.dir), 0)


# ---- 9. outputs are regular files, never an input of the run ------------------------------------

def environment_scenario(case):
    """The LEO example with its gravity file beside it (degree 4, one minute): a scenario that
    reads a data file, in the case's folder."""
    s = example("leo_environment.json")
    shutil.copy(os.path.join(EXAMPLES, "..", "..", "data", "GGM03S-deg60.txt"), case.path("GGM03S-deg60.txt"))
    s["gravity"].update({"file": "GGM03S-deg60.txt", "degree": 4, "order": 4})
    s["output"]["t1"] = {"value": 60, "unit": "s"}
    s["output"]["dt"] = {"value": 30, "unit": "s"}
    return s


def outputs_are_files():
    # --output /dev/stdout, standard output redirected to a file: refused (a rename would replace
    # the device link /dev/stdout, as root); /dev/stdout stays a link; '-' writes the CSV there.
    c = Case("output_dev_stdout")
    c.write_json("s.json", short_orbit())
    c.snapshot()
    with open(c.path("out.csv"), "wb") as out:
        c.expect(ramus("run", "s.json", "--output", "/dev/stdout", "--quiet", cwd=c.dir, stdout=out), 1,
                 "/dev/stdout", "process's open file|not a regular file", "'-'", unchanged=False)
    if not os.path.islink("/dev/stdout"):
        fail(c.name, "/dev/stdout is no longer a symbolic link")
    if os.path.getsize(c.path("out.csv")) != 0:
        fail(c.name, "the refused run wrote to standard output")
    with open(c.path("out.csv"), "wb") as out:
        c.expect(ramus("run", "s.json", "--output", "-", "--quiet", cwd=c.dir, stdout=out), 0, unchanged=False)
    require_complete_csv(c, c.path("out.csv"), annotated=True)
    # A device, a FIFO and a link to a device: refused by name, before anything runs.
    os.mkfifo(c.path("fifo"))
    os.symlink("/dev/null", c.path("null_link"))
    for target in ("/dev/null", "fifo", "null_link"):
        for option in ("--output", "--hdf5", "--events"):
            c.snapshot()
            c.expect(ramus("run", "s.json", option, target, "--quiet", cwd=c.dir, timeout=30), 1,
                     re.escape(option), re.escape(target), "not a regular file|device|pipe")
    # A link to a regular result file: the file is replaced, the link kept.
    with open(c.path("old.csv"), "w") as f:
        f.write("an earlier result\n")
    os.symlink("old.csv", c.path("result_link.csv"))
    c.expect(ramus("run", "s.json", "--output", "result_link.csv", "--quiet", cwd=c.dir), 0, unchanged=False)
    if not os.path.islink(c.path("result_link.csv")):
        fail(c.name, "the link to the result file was replaced by a file")
    # The CSV replaces the file the link leads to; its companion is named after the link.
    with open(c.path("old.csv"), "rb") as f, open(c.path("result_link.csv"), "rb") as g:
        if f.read() != g.read():
            fail(c.name, "the link does not lead to the result")
    companion_record(c, c.path("result_link.csv"), "complete")
    # Two outputs to standard output: a usage error.
    c.expect(ramus("run", "s.json", "--hdf5", "-", "--quiet", cwd=c.dir), 2, "standard output", unchanged=False)

    # The scenario's data files are inputs: no output may name one, through any spelling or link.
    c = Case("output_over_data_file")
    c.write_json("s.json", environment_scenario(c))
    os.symlink("GGM03S-deg60.txt", c.path("gravity_link.txt"))
    os.makedirs(c.path("sub"))
    c.snapshot()
    for option, target in (("--output", "GGM03S-deg60.txt"), ("--hdf5", "./GGM03S-deg60.txt"),
                           ("--events", "sub/../GGM03S-deg60.txt"), ("--output", "gravity_link.txt")):
        c.expect(ramus("run", "s.json", option, target, "--quiet", cwd=c.dir), 1, re.escape(option), "same file",
                 "GGM03S-deg60.txt|gravity file|data file")
    c.expect(ramus("linearize", "s.json", "--output", ".", "--quiet", cwd=c.dir), 0, unchanged=False)
    # A campaign directory holding an input: refused before the directory is touched.
    c.write_json("d.json", dispersions({"path": "vehicles[0].hub.mass", "distribution": "normal", "sigma": 1}))
    c.snapshot()
    c.expect(ramus("campaign", "s.json", "--dispersions", "d.json", "--output", ".", "--runs", "1", "--resume",
                   "--quiet", cwd=c.dir), 1, "campaign directory holds", r"s\.json")


# ---- 10. linearize, the loader's strictness, flight-software periods ----------------------------

def linearize_and_loader():
    # --at after a stop event: refused naming the event, nothing written; before it: that time.
    c = Case("linearize_after_stop")
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scenario", "events_spin.json")) as f:
        spin = json.load(f)
    c.write_json("s.json", spin)
    rc, out, err = ramus("run", "s.json", "--quiet", cwd=c.dir)
    m = re.search(r"stopped by event 'stop_150deg' at t = ([0-9.e+-]+) s", out)
    if rc != 0 or not m:
        fail(c.name, f"the reference run did not stop at its stop event (status {rc})")
        return
    t_stop = float(m.group(1))
    after = math.ceil(t_stop) + 1.0  # an output time (dt = 1 s) the run never reaches
    c.snapshot()
    c.expect(ramus("linearize", "s.json", "--output", "lin", "--at", repr(after), "--quiet", cwd=c.dir), 1,
             "--at", "stop_150deg", "before reaching it")
    if os.path.exists(c.path("lin")) and os.listdir(c.path("lin")):
        fail(c.name, f"files written: {os.listdir(c.path('lin'))}")
    before = math.floor(t_stop) - 1.0
    c.expect(ramus("linearize", "s.json", "--output", "lin", "--at", repr(before), "--quiet", cwd=c.dir), 0,
             unchanged=False)
    with open(c.path("lin", "linear_model.json")) as f:
        model = json.load(f)
    if model["t"] != before:
        fail(c.name, f"linearized at t = {model['t']}, asked {before}")
    # The four files are one set: linear_model.json names the others' checksums.
    for name, h in model["files_fnv1a64"].items():
        with open(c.path("lin", name), "rb") as f:
            data = f.read()
        v = 14695981039346656037
        for byte in data:
            v = ((v ^ byte) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
        if f"{v:016x}" != h:
            fail(c.name, f"{name}: checksum {v:016x}, linear_model.json says {h}")

    # A write that fails part-way (a size limit) leaves the earlier set whole: no new file beside
    # an old one.
    c = Case("linearize_partial_set")
    c.write_json("s.json", example("panels_and_wheels.json"))
    c.expect(ramus("linearize", "s.json", "--output", "lin", "--quiet", cwd=c.dir), 0)
    sizes = {n: os.path.getsize(c.path("lin", n)) for n in os.listdir(c.path("lin"))}
    for n in sizes:  # mark the earlier set, so that a replaced file shows
        with open(c.path("lin", n), "ab") as f:
            f.write(b"\n")
    c.snapshot()
    # Every file fits but the largest (linear_model.json, written last before): the old writer
    # renamed A.csv, B.csv and modes.csv into place, then failed.
    limit = sorted(sizes.values())[-2] + 1
    c.expect(ramus("linearize", "s.json", "--output", "lin", "--quiet", cwd=c.dir, file_limit=limit), 1,
             "File too large")
    if temporaries(c.dir):
        fail(c.name, f"temporaries left: {temporaries(c.dir)}")

    # A key given twice in one object: refused naming the object and the key (JSON keeps one).
    c = Case("duplicate_json_key")
    with open(c.path("s.json"), "w") as f:
        text = json.dumps(short_orbit())
        f.write(text.replace('"mass": ', '"mass": 7500, "mass": ', 1))
    c.snapshot()
    c.expect(ramus("check", "s.json", cwd=c.dir), 1, r"vehicles\[0\]\.hub\.mass", "twice")
    # A NUL in an unknown key is escaped in the message, which goes on to the end.
    with open(c.path("nul.json"), "w") as f:
        f.write(json.dumps(short_orbit()).replace('"mass": ', '"ma\\u0000ss": 1, "mass": ', 1))
    c.snapshot()
    c.expect(ramus("check", "nul.json", cwd=c.dir), 1, r"ma\\x00ss", "unknown key")

    # The Sun listed twice would be counted twice (4.5 km after a day in GEO).
    c = Case("third_body_twice")
    s = environment_scenario(c)
    s["gravity"]["third_bodies"] = ["sun", "moon", "sun"]
    c.write_json("s.json", s)
    c.snapshot()
    c.expect(ramus("check", "s.json", cwd=c.dir), 1, r"gravity\.third_bodies\[2\]", "twice")

    # A flight-software period below the time resolution: refused at once (it looped forever),
    # even with a step budget.
    for period in (1e-300, 1e-22):
        c = Case(f"fsw_period_{period:g}")
        s = example("slew_panels_wheels.json")
        s["flight_software"]["tasks"][0]["period"] = period
        s["output"]["t1"] = 2
        c.write_json("s.json", s)
        c.snapshot()
        c.expect(ramus("run", "s.json", "--output", "out.csv", "--quiet", cwd=c.dir, timeout=60), 1, "acs",
                 "period", "time resolution", unchanged=False)


# ---- 11. --resume trusts only the checksummed run files, one invocation per range ---------------

def resume_trust():
    scenario = example("panels_and_wheels.json")
    scenario["output"]["t1"] = {"value": 60, "unit": "s"}  # past the example's input events
    d = dispersions({"path": "vehicles[0].hub.mass", "distribution": "normal", "sigma": 1})
    c = Case("resume_edited_manifest")
    c.write_json("s.json", scenario)
    c.write_json("d.json", d)
    c.expect(ramus("campaign", "s.json", "--dispersions", "d.json", "--output", "camp", "--runs", "3", "--quiet",
                   cwd=c.dir), 0)
    with open(c.path("camp", "summary.csv"), "rb") as f:
        reference = f.read()
    with open(c.path("camp", "manifest.json")) as f:
        manifest = json.load(f)
    manifest["runs"][0]["finals"][0] = "12345"
    manifest["runs"][1]["finals"][0] = "nan"
    with open(c.path("camp", "manifest.json"), "w") as f:
        json.dump(manifest, f)
    os.remove(c.path("camp", "summary.csv"))
    c.expect(ramus("campaign", "s.json", "--dispersions", "d.json", "--output", "camp", "--runs", "3", "--resume",
                   cwd=c.dir), 0, "3 of 3 runs were complete")
    with open(c.path("camp", "summary.csv"), "rb") as f:
        resumed = f.read()
    if resumed != reference:
        fail(c.name, "the summary of --resume took the edited manifest's values, not the run files'")

    # Run files and companions edited or cut short: each such run is run again, and the summary is
    # the first one's (the final values --resume reads are the checksummed companions').
    c = Case("resume_tampered_run_files")
    c.write_json("s.json", scenario)
    c.write_json("d.json", d)
    c.expect(ramus("campaign", "s.json", "--dispersions", "d.json", "--output", "camp", "--runs", "4", "--quiet",
                   cwd=c.dir), 0)
    with open(c.path("camp", "summary.csv"), "rb") as f:
        reference = f.read()
    with open(c.path("camp", "run_000000.csv-metadata.json")) as f:
        companion = json.load(f)
    companion["ramus:record"]["finals"][0] = "12345"  # a final value edited in the companion
    with open(c.path("camp", "run_000000.csv-metadata.json"), "w") as f:
        json.dump(companion, f, indent=2)
    with open(c.path("camp", "run_000001.csv"), "r+b") as f:  # the run's CSV cut short
        f.truncate(os.path.getsize(c.path("camp", "run_000001.csv")) // 2)
    os.remove(c.path("camp", "run_000002.csv-metadata.json"))  # a CSV without its companion
    with open(c.path("camp", "run_000003.csv"), "ab") as f:  # a row appended
        f.write(b"1e9,0,0\n")
    os.remove(c.path("camp", "summary.csv"))
    c.expect(ramus("campaign", "s.json", "--dispersions", "d.json", "--output", "camp", "--runs", "4", "--resume",
                   cwd=c.dir), 0)
    with open(c.path("camp", "summary.csv"), "rb") as f:
        if f.read() != reference:
            fail(c.name, "the summary of --resume differs from the first one's")
    for k in range(4):
        require_complete_csv(c, c.path("camp", f"run_{k:06d}.csv"))
    with open(c.path("camp", "run_000000.csv-metadata.json")) as f:
        if json.load(f)["ramus:record"]["finals"][0] == "12345":
            fail(c.name, "--resume trusted the edited companion")

    # Two invocations of one range at once: the second is refused (the lock), the first completes.
    c = Case("resume_twice_at_once")
    slow = copy.deepcopy(scenario)
    slow["output"]["dt"] = {"value": 60, "unit": "s"}
    slow["output"]["t1"] = {"value": minutes_for_a_run_of(slow, 0.5, c), "unit": "min"}
    c.write_json("s.json", slow)
    c.write_json("d.json", d)
    args = ["campaign", "s.json", "--dispersions", "d.json", "--output", "camp", "--runs", "6", "--threads", "1",
            "--quiet"]
    first = subprocess.Popen([RAMUS, *args], cwd=c.dir, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.time() + 60
    while time.time() < deadline and not os.path.exists(c.path("camp", "manifest.json")):
        time.sleep(0.02)
    rc, _, err = ramus(*args, "--resume", cwd=c.dir)
    first_err = first.communicate(timeout=HANG_GUARD_S)[1].decode(errors="replace")
    if first.returncode != 0:
        fail(c.name, f"the first campaign failed ({first.returncode}): {first_err}")
    if rc != 1 or "another ramus is running" not in err:
        fail(c.name, f"the second --resume was not refused by the lock (status {rc}): {err}")
    for f in os.listdir(c.path("camp")):
        if f.endswith(".csv"):
            require_complete_csv(c, c.path("camp", f))
    if temporaries(c.path("camp")):
        fail(c.name, f"temporaries left: {temporaries(c.path('camp'))}")


CASES = {
    "injection": injection,
    "clobber": clobber,
    "partial_files": partial_files,
    "time_resolution": time_resolution,
    "campaign_bookkeeping": campaign_bookkeeping,
    "impossible_input": impossible_input,
    "messages_and_limits": messages_and_limits,
    "outputs_are_files": outputs_are_files,
    "linearize_and_loader": linearize_and_loader,
    "resume_trust": resume_trust,
}

if __name__ == "__main__":
    os.makedirs(WORK, exist_ok=True)
    for name, case in CASES.items():
        if ONLY and name not in ONLY:
            continue
        print(f"== {name}", flush=True)
        try:
            case()
        except Exception as e:  # a crash of the suite is a failure of the case, with its cause
            fail(name, f"{type(e).__name__}: {e}")
    if FAILURES:
        print(f"{len(FAILURES)} failure(s)")
        sys.exit(1)
    print("all hostile cases passed")
