#!/usr/bin/env python3
"""The committed files generated from the registry are current (docs/architecture.md §D8).

    check_generated.py RAMUS ROOT            compare `RAMUS schema` with ROOT/docs/scenario.schema.json
                                             and `RAMUS fields --markdown` with ROOT/docs/scenario_fields.md
    check_generated.py RAMUS ROOT --self-test  the check must fail on a copy of each file with one change

Exit 0 when every file matches; 1 with the first differing line of each file otherwise. Regenerate with
    ramus schema > docs/scenario.schema.json && ramus fields --markdown > docs/scenario_fields.md
"""

import difflib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

GENERATED = [(["schema"], "docs/scenario.schema.json"), (["fields", "--markdown"], "docs/scenario_fields.md")]


def problems(ramus: str, root: Path) -> list[str]:
    out = []
    for args, relative in GENERATED:
        expected = subprocess.run([ramus, *args], check=True, capture_output=True, text=True).stdout
        path = root / relative
        committed = path.read_text(encoding="utf-8") if path.exists() else ""
        if committed == expected:
            continue
        diff = list(difflib.unified_diff(committed.splitlines(), expected.splitlines(), relative,
                                         f"ramus {' '.join(args)}", n=0, lineterm=""))
        out.append(f"{relative} differs from `ramus {' '.join(args)}` (regenerate it):\n" + "\n".join(diff[:12]))
    return out


def self_test(ramus: str, root: Path) -> int:
    """A copy of the tree whose files match passes; each file with one line changed fails."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp)
        (copy / "docs").mkdir()
        for _, relative in GENERATED:
            shutil.copy(root / relative, copy / relative)
        if problems(ramus, copy):
            print("self-test: the unchanged copy does not pass", file=sys.stderr)
            return 1
        for _, relative in GENERATED:
            original = (copy / relative).read_text(encoding="utf-8")
            lines = original.splitlines(keepends=True)
            lines[len(lines) // 2] = lines[len(lines) // 2].replace("a", "b", 1) + "\n"  # a deliberate mismatch
            (copy / relative).write_text("".join(lines), encoding="utf-8")
            found = problems(ramus, copy)
            if not any(p.startswith(relative) for p in found):
                print(f"self-test: a changed {relative} was not detected", file=sys.stderr)
                return 1
            (copy / relative).write_text(original, encoding="utf-8")
    print("self-test: every deliberate mismatch was detected")
    return 0


def main() -> int:
    if len(sys.argv) not in (3, 4) or (len(sys.argv) == 4 and sys.argv[3] != "--self-test"):
        print(__doc__, file=sys.stderr)
        return 2
    ramus, root = sys.argv[1], Path(sys.argv[2])
    if len(sys.argv) == 4:
        return self_test(ramus, root)
    found = problems(ramus, root)
    for p in found:
        print(p, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
