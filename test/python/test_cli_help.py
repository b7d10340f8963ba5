"""The runner's command line (docs/scenario.md §5): each command's `--help` prints that command's
usage on standard output and exits 0; a misspelled option or command is refused (exit 2) with the
nearest one suggested and the command's usage; the campaign's progress bar counts runs, the run's
counts simulated time (read through a pseudo-terminal, where the bar is drawn)."""

import os
import pathlib
import pty
import subprocess

import pytest

SOURCE = pathlib.Path(os.environ.get("RAMUS_SOURCE_DIR", pathlib.Path(__file__).parents[2]))
CLI = os.environ.get("RAMUS_CLI")

pytestmark = pytest.mark.skipif(not CLI, reason="RAMUS_CLI (the runner) not given")

COMMANDS = ["run", "view", "check", "describe", "campaign", "linearize", "schema", "fields", "modal", "eval"]


def ramus(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True)


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_has_its_help(command):
    for form in (["--help"], ["-h"]):
        r = ramus(command, *form)
        assert r.returncode == 0, (command, r.stderr)
        assert r.stdout.startswith(f"usage: ramus {command} "), r.stdout
        assert r.stderr == ""
        if command not in ("modal", "eval"):
            # One command's usage, not the whole list (which names every command).
            assert "ramus campaign" not in r.stdout or command == "campaign"
    assert ramus("help", command).stdout == ramus(command, "--help").stdout
    if command not in ("modal", "eval"):  # help wins over the other arguments
        assert ramus(command, "some.json", "--help").returncode == 0


def test_misspellings_are_refused_with_a_suggestion():
    r = ramus("run", "x.json", "--outptu", "a.csv")
    assert r.returncode == 2
    assert "unknown option '--outptu' for 'run'; did you mean '--output'?" in r.stderr
    assert "usage: ramus run " in r.stderr and "ramus campaign" not in r.stderr
    r = ramus("campaign", "x.json", "--dispersion", "d.json")
    assert r.returncode == 2 and "did you mean '--dispersions'?" in r.stderr
    r = ramus("lineraize", "x.json")
    assert r.returncode == 2 and "unknown command 'lineraize'; did you mean 'linearize'?" in r.stderr
    r = ramus("run", "x.json", "--zzzzzzzz")  # nothing near: no suggestion
    assert r.returncode == 2 and "did you mean" not in r.stderr


def through_a_terminal(args):
    """Standard error as a terminal sees it (the progress bar is drawn on a terminal only)."""
    leader, follower = pty.openpty()
    p = subprocess.Popen([CLI, *args], stdout=subprocess.DEVNULL, stderr=follower, stdin=subprocess.DEVNULL)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:  # the terminal closed with the process
            break
        if not data:
            break
        chunks.append(data)
    p.wait()
    os.close(leader)
    assert p.returncode == 0
    return b"".join(chunks).decode()


def test_progress_bars_count_what_they_say(tmp_path):
    example = SOURCE / "docs/examples/panels_and_wheels.json"
    text = through_a_terminal(["campaign", str(example), "--dispersions",
                               str(SOURCE / "docs/examples/panels_and_wheels_dispersions.json"), "--runs", "3",
                               "--threads", "1", "--output", str(tmp_path / "campaign")])
    assert "3 of 3 runs" in text and "t = " not in text, text
    text = through_a_terminal(["run", str(example), "--output", str(tmp_path / "run.csv")])
    assert "t = 80 s" in text and " runs" not in text, text
