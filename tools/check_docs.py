#!/usr/bin/env python3
"""Check that ramus's code and docs cite only what exists inside the repository.

Usage: tools/check_docs.py [REPO_ROOT]   (default: the parent of this script's folder)

Exits 0 when every check passes, 1 with a list of problems (file:line: message) otherwise.
Python 3 standard library only. Registered in CTest as `docs.check` (test/docs/CMakeLists.txt).

Checks
  (a) a cited docs file exists: `docs/....md|json` anywhere in code, CMake files and docs; relative
      markdown links in docs and README.md; a bare page name (`serial_chain.md`) in docs and code
      must be a page of the citing file's folder, docs/, docs/models/ or docs/verification/;
  (b) a label cited right after a page exists in that page: `eq. (X)`, `eqs. (X)–(Y)`, `eq. X`,
      `eqs. X–Y`, `(X)`, `(X)–(Y)` must appear as `(X)` in the page; `§N` / `§DN` must be a heading
      of the page starting with `N.` / `DN.`;
  (c) every model source systems/src/<name>.cpp has its page docs/models/<name>.md (exceptions
      below, each with its reason);
  (d) no citation of a document outside the repository (../shared, DESIGN §N, DESIGN.md,
      VERIFICATION.md, the external reference notes) and no issue number remains;
  (e) the models a scenario file can name agree in three places: the loader's registry (the
      state effectors' builder table of scenario/src/state_effectors.cpp, the dynamic effectors,
      the two-point effector and the gravity of scenario/src/dynamic_effectors.cpp), the JSON
      Schema docs/scenario.schema.json (its state_effector, hub_dynamic_effector and
      segment_dynamic_effector alternatives, each with `type` equal to its name) and the README's
      model list (every `type` in backquotes between "Models" and the next heading).
"""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

# ---- what is scanned ---------------------------------------------------------------------------
CODE_EXT = {".cpp", ".hpp", ".h", ".cc", ".py"}
DOC_EXT = {".md"}
CMAKE_NAMES = {"CMakeLists.txt"}
CMAKE_EXT = {".cmake"}
SKIP_DIRS = {".git", "build", "node_modules", "__pycache__"}
SELF = Path("tools/check_docs.py")  # quotes every forbidden pattern; not scanned for (d)

# (c) sources of systems/src/ that are not models with a page of their own, with the reason.
MODEL_PAGE_EXCEPTIONS: dict[str, str] = {
    "prescribed_profiles": "the motion profiles of the prescribed platform, documented on its page "
                           "(docs/models/prescribed_platform.md eqs. 9-10)",
}

# (d) occurrences that are allowed, each with its reason: (path, substring, reason).
FORBIDDEN_EXCEPTIONS: list[tuple[str, str, str]] = []

FORBIDDEN = [
    (re.compile(r"\.\./shared|shared/reference|shared/DESIGN|shared/VERIFICATION"),
     "cites a document outside the repository (../shared)"),
    (re.compile(r"\bDESIGN(?:\.md)?\s*§|\bDESIGN\.md\b|\(DESIGN[,)]"),
     "cites DESIGN (outside the repository); cite docs/architecture.md §DN"),
    (re.compile(r"\bVERIFICATION\.md\b"),
     "cites VERIFICATION.md (outside the repository); cite docs/verification/README.md or a case page"),
    (re.compile(r"\breference/(?:basilisk-[\w-]+|articulated-chain|aesthetics|ecosystem)\.md|"
                r"\b(?:basilisk-(?:core|branching|state-effectors)|articulated-chain|aesthetics|ecosystem)\.md"),
     "cites an external reference note; cite the docs page that states the equation"),
    (re.compile(r"\b[Ii]ssues?\s+#?\d+|\b[Ii]ssue\s+#?\d+'s|(?<![\w&/#])#\d+\b(?!\s*[a-zA-Z]*\))"),
     "cites an issue number; history belongs in git"),
]

# ---- helpers -----------------------------------------------------------------------------------
LABEL = r"[A-Z]?\d+[a-z]?(?:\.\d+)?"
# one cited item after a page: a section, an equation label or a range of them
ITEM = re.compile(
    r"\s*(?:,|and)?\s*(?:"
    r"§(?P<sec>D?\d+(?:\.\d+)?)"
    r"|eqs?\.\s*\((?P<e1>" + LABEL + r")\)(?:\s*[–-]\s*\((?P<e2>" + LABEL + r")\))?"
    r"|eqs?\.\s*(?P<b1>" + LABEL + r")(?:\s*[–-]\s*(?P<b2>" + LABEL + r"))?(?![\w(])"
    r"|\((?P<p1>" + LABEL + r")\)(?:\s*[–-]\s*\((?P<p2>" + LABEL + r")\))?"
    r")")
SEC_IN_TEXT = re.compile(r"§(D?\d+(?:\.\d+)?)")
DOCS_PATH = re.compile(r"(?<![\w./-])(docs/[\w./-]*?\.(?:md|json))(?![\w/])")
MD_LINK = re.compile(r"\[([^\]\n]*)\]\(([^)\s]+)\)")
BARE_PAGE = re.compile(r"(?<![\w./-])([a-z][a-z0-9_-]*\.md)(?![\w/])")


def is_scanned(path: Path) -> bool:
    return (path.suffix in CODE_EXT or path.suffix in DOC_EXT or path.name in CMAKE_NAMES
            or path.suffix in CMAKE_EXT)


def walk(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = Path(dirpath).relative_to(root)
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS
                             and not (rel_dir == Path(".") and d.startswith("build")))
        for name in sorted(filenames):
            p = Path(dirpath) / name
            if is_scanned(p):
                yield p.relative_to(root)


class Pages:
    """Cached page texts, equation labels and section headings."""

    def __init__(self, root: Path):
        self.root = root
        self.cache: dict[Path, tuple[str, set[str]]] = {}

    def get(self, rel: Path):
        if rel not in self.cache:
            text = (self.root / rel).read_text(encoding="utf-8", errors="replace")
            secs = set()
            for line in text.splitlines():
                m = re.match(r"\s*#+\s+(D?\d+(?:\.\d+)*)\.?\s", line)
                if m:
                    secs.add(m.group(1))
            self.cache[rel] = (text, secs)
        return self.cache[rel]


def resolve_bare(root: Path, citing: Path, name: str) -> Path | None:
    for folder in (citing.parent, Path("docs"), Path("docs/models"), Path("docs/verification")):
        cand = folder / name
        if (root / cand).is_file():
            return Path(os.path.normpath(cand))
    return None


def check_labels(pages: Pages, page: Path, tail: str, link_text: str, where: str, problems: list[str]):
    """(b): the labels cited in `tail` (text right after the citation) and in a link's text."""
    if page.suffix != ".md" or not (pages.root / page).is_file():
        return
    text, secs = pages.get(page)
    cited_secs: list[str] = SEC_IN_TEXT.findall(link_text)
    labels: list[str] = []
    pos = 0
    while True:
        m = ITEM.match(tail, pos)
        if not m or m.end() == pos:
            break
        if m.group("sec"):
            cited_secs.append(m.group("sec"))
        for g in ("e1", "e2", "b1", "b2", "p1", "p2"):
            if m.group(g):
                labels.append(m.group(g))
        pos = m.end()
    for s in cited_secs:
        if s not in secs and s.split(".")[0] not in secs:
            problems.append(f"{where}: {page} has no section §{s} (no heading starting with '{s}.')")
    for lab in labels:
        if f"({lab})" not in text:
            problems.append(f"{where}: {page} has no equation label ({lab})")


def registered_models(root: Path) -> tuple[set[str], set[str]]:
    """(e): the state-effector and the other model types of the registry, read from the schema it
    generates (docs/scenario.schema.json; the test scenario.generated_docs checks it is current)."""
    schema = json.loads((root / "docs/scenario.schema.json").read_text(encoding="utf-8"))
    defs = schema["$defs"]

    def union(key: str) -> set[str]:
        return {alt["$ref"].rsplit("/", 1)[1] for alt in defs[key]["oneOf"]}

    state = union("state_effector")
    other = union("hub_dynamic_effector") | union("gravity") | {"constraint"}
    return state, other


def check_model_lists(root: Path, problems: list[str]):
    """(e): the loader's registry, the schema and the README's model list name the same models."""
    state, other = registered_models(root)
    if not state or not other:
        problems.append("tools/check_docs.py: found no registered models in scenario/src (check (e) is stale)")
        return
    schema = json.loads((root / "docs/scenario.schema.json").read_text(encoding="utf-8"))
    defs = schema["$defs"]

    def alternatives(key: str) -> set[str]:
        names = set()
        for alt in defs[key]["oneOf"]:
            name = alt["$ref"].rsplit("/", 1)[1]
            names.add(name)
            const = defs[name].get("properties", {}).get("type", {}).get("const")
            if const != name:
                problems.append(f"docs/scenario.schema.json: $defs/{name} has type '{const}', not '{name}'")
        return names

    schema_state = alternatives("state_effector")
    schema_dynamic = alternatives("hub_dynamic_effector") | alternatives("segment_dynamic_effector")
    schema_text = (root / "docs/scenario.schema.json").read_text(encoding="utf-8")
    for name in sorted(state ^ schema_state):
        where = "the loader" if name in state else "the schema"
        problems.append(f"docs/scenario.schema.json: state effector '{name}' is only in {where}")
    for name in sorted(other):
        if name not in schema_dynamic and f'"const": "{name}"' not in schema_text:
            problems.append(f"docs/scenario.schema.json: model '{name}' of the loader is not in the schema")
    for name in sorted(schema_dynamic - other):
        problems.append(f"docs/scenario.schema.json: dynamic effector '{name}' is not in the loader")
    readme = (root / "README.md").read_text(encoding="utf-8")
    start = readme.find("Models")
    end = readme.find("\n#", start)
    listed = set(re.findall(r"`([a-z0-9_]+)`", readme[start:end])) if start >= 0 else set()
    for name in sorted((state | other) - listed):
        problems.append(f"README.md: the model list does not name '{name}' (registered in scenario/src)")
    for name in sorted(listed - (state | other)):
        problems.append(f"README.md: the model list names '{name}', which the loader does not know")


def main() -> int:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent).resolve()
    if not (root / "docs").is_dir():
        print(f"check_docs: {root} has no docs/ folder", file=sys.stderr)
        return 2
    pages = Pages(root)
    problems: list[str] = []
    n_files = n_citations = 0

    for rel in walk(root):
        n_files += 1
        text = (root / rel).read_text(encoding="utf-8", errors="replace")
        is_doc = rel.suffix == ".md"
        for lineno, line in enumerate(text.splitlines(), 1):
            where = f"{rel}:{lineno}"
            # (d) forbidden citations
            if rel != SELF:
                for rx, msg in FORBIDDEN:
                    for m in rx.finditer(line):
                        if any(rel == Path(p) and sub in line for p, sub, _ in FORBIDDEN_EXCEPTIONS):
                            continue
                        problems.append(f"{where}: {msg}: '{m.group(0)}'")
            if rel == SELF:
                continue
            covered: list[tuple[int, int]] = []
            # (a)+(b) docs/... paths, from the repository root
            for m in DOCS_PATH.finditer(line):
                n_citations += 1
                covered.append(m.span())
                target = Path(m.group(1))
                if not (root / target).exists():
                    problems.append(f"{where}: cites {target}, which does not exist")
                    continue
                check_labels(pages, target, line[m.end():], "", where, problems)
            # (a)+(b) relative markdown links in docs and README files
            if is_doc:
                for m in MD_LINK.finditer(line):
                    covered.append(m.span())
                    dest = m.group(2)
                    if re.match(r"[a-z]+:", dest) or dest.startswith("#"):
                        continue
                    if not re.fullmatch(r"[\w./-]+(?:#[\w.-]*)?", dest) or not re.search(r"[./]", dest):
                        continue  # not a path: notation such as [BP](·)
                    dest_path = dest.split("#", 1)[0]
                    if not dest_path:
                        continue
                    n_citations += 1
                    target = Path(os.path.normpath(rel.parent / dest_path))
                    if not (root / target).exists():
                        problems.append(f"{where}: link to {dest}, which does not exist ({target})")
                        continue
                    check_labels(pages, target, line[m.end():], m.group(1), where, problems)
            # (a)+(b) bare page names (`serial_chain.md (K1)`)
            for m in BARE_PAGE.finditer(line):
                if any(a <= m.start() < b for a, b in covered):
                    continue
                name = m.group(1)
                if name in ("readme.md",):
                    continue
                target = resolve_bare(root, rel, name)
                if target is None:
                    if is_doc or re.search(r"\b(eqs?\.|§)", line[m.end():m.end() + 12]) or \
                            ITEM.match(line, m.end()):
                        problems.append(f"{where}: cites {name}, which is no page of "
                                        f"{rel.parent}, docs/, docs/models/ or docs/verification/")
                    continue
                n_citations += 1
                check_labels(pages, target, line[m.end():], "", where, problems)

    # (c) one page per model
    for src in sorted((root / "systems" / "src").glob("*.cpp")):
        stem = src.stem
        if stem in MODEL_PAGE_EXCEPTIONS:
            continue
        if not (root / "docs" / "models" / f"{stem}.md").is_file():
            problems.append(f"systems/src/{src.name}: model without a page docs/models/{stem}.md "
                            f"(add the page, or an entry with its reason to MODEL_PAGE_EXCEPTIONS)")
    for stem in MODEL_PAGE_EXCEPTIONS:
        if not (root / "systems" / "src" / f"{stem}.cpp").is_file():
            problems.append(f"tools/check_docs.py: MODEL_PAGE_EXCEPTIONS names {stem}, "
                            f"which is not in systems/src/")

    check_model_lists(root, problems)

    if problems:
        print(f"check_docs: {len(problems)} problem(s) in {root}:")
        for p in problems:
            print(f"  {p}")
        return 1
    print(f"check_docs: OK ({n_files} files, {n_citations} citations of docs pages checked)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
