#!/usr/bin/env python3
"""Checks the dependency rules of docs/architecture.md against the `import` lines of every target,
and the document's target table and the registry of built-in sinks against Package.swift.

    python3 scripts/check-layers.py [ROOT]

A target is a folder under Sources/ or Plugins/ holding Swift files; a sink is a target under
Plugins/ (the built-in sinks). It fails, naming each file and line, when:
  - a pure layer imports anything but the layers below it: PacerFoundation < PacerWorkout (the
    model) < PacerEngine, pure Swift (no Glibc, Dispatch or Foundation), so the foundation imports
    nothing and the model only the foundation;
  - any target imports Foundation (pacer loads neither Foundation nor ICU);
  - a sink imports another sink;
  - a target under Sources/ imports a sink (libraries and the executable reach a library, never
    the adapter that feeds it events), except the registry's list of them, BuiltInSinks.swift;
  - a C module (CReadline, CSQLite, CSpawn, ...) is imported outside its wrapper;
  - PacerFormats imports more than the workout model and its C parsers, or TerminalRendering more
    than the foundation (each when it exists);
  - a target of Package.swift has no row in docs/architecture.md's target table (a test target:
    is not named in the document), a row names no target, or a row's "depends on" names a target
    the row's target does not depend on (a column that is only a list of targets, or "nothing",
    must be the whole list);
  - BuiltInSinks.swift's registrations are not Package.swift's `sinks`, in that order.
Package.swift is read as text, in the forms it uses: `let sinks` entries `("Name", [needs])`, and
`.target(name: "X", dependencies: [...] + sinks.map {...})` calls, the last one made per sink.
"""
import fnmatch
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)

# Each C module and the one place that may import it: a file, or a whole target when the module is
# that target's own way into the C library (CSpawn's calls are spread over PacerSystem's files).
C_WRAPPERS = {
    "CReadline": "Sources/PacerRuntime/Prompt/LineEditor.swift",
    "CSQLite": "SQLiteDatabase.swift",
    "CSpawn": "Sources/PacerSystem/",
    "CExpat": "Sources/PacerFormats/XML/",
    "CYAML": "Sources/PacerFormats/YAML/",
}
# The pure layers, lowest first: each imports only the ones before it.
PURE_LAYERS = ["PacerFoundation", "PacerWorkout", "PacerEngine"]
# What a library may import besides its own C modules, and why.
MAY_IMPORT = {
    "PacerFormats": ({"PacerFoundation", "PacerWorkout"}, "the formats depend only on the workout model"),
    "TerminalRendering": ({"PacerFoundation"}, "terminal rendering depends only on the foundation, not the model"),
}
# The one file outside Plugins/ that imports the sinks: the registry's list of them.
BUILT_IN_SINKS = "Sources/PacerSession/BuiltInSinks.swift"
ARCHITECTURE = "docs/architecture.md"

TARGET_CALL = re.compile(r"\.(target|executableTarget|systemLibrary|testTarget|plugin)\(")
STRING = re.compile(r'"([^"]*)"')

IMPORT = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|internal|package|private|fileprivate)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def targets():
    for kind in ("Sources", "Plugins"):
        base = ROOT / kind
        if not base.is_dir():
            continue
        for folder in sorted(base.iterdir()):
            files = sorted(folder.rglob("*.swift")) if folder.is_dir() else []
            if files:
                yield kind, folder.name, files


def imports(path):
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        match = IMPORT.match(line)
        if match:
            yield number, match.group(1)


def closing(text, start):
    """The index just past the bracket that closes the one at `start`."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    stack = []
    for index in range(start, len(text)):
        character = text[index]
        if character in pairs:
            stack.append(pairs[character])
        elif stack and character == stack[-1]:
            stack.pop()
            if not stack:
                return index + 1
    raise ValueError(f"Package.swift: the bracket at {start} is never closed")


def bracketed(text, label):
    """The names in the list after `label` in `text` (`dependencies: [...]`), or [] without one."""
    at = text.find(label)
    if at < 0:
        return []
    start = text.index("[", at)
    return STRING.findall(text[start:closing(text, start)])


def package_targets(text):
    """Package.swift's sinks in order, and each target: its kind and its direct dependencies."""
    sinks = []
    declaration = re.search(r"let sinks\b[^=]*=\s*\[", text)
    if declaration:
        body = text[declaration.end() - 1:closing(text, declaration.end() - 1)]
        for entry in re.finditer(r'\(\s*"([^"]+)"\s*,\s*\[', body):
            needs_start = entry.end() - 1
            sinks.append((entry.group(1), STRING.findall(body[needs_start:closing(body, needs_start)])))
    found = {}
    end = 0
    for call in TARGET_CALL.finditer(text):
        if call.start() < end:
            continue
        end = closing(text, call.end() - 1)
        body = text[call.end():end - 1]
        listed = bracketed(body, "dependencies:")
        if "sinks.map" in body[body.find("dependencies:"):] and "dependencies:" in body:
            listed += [name for name, _ in sinks]
        name = re.match(r'\s*name:\s*(?:"([^"]+)"|\$0\.name)', body)
        if not name:
            raise ValueError(f"Package.swift: a target without a name: {body[:80]}")
        if name.group(1):
            found[name.group(1)] = (call.group(1), listed)
        else:
            # A call inside `sinks.map { ... }`: one target per sink, with its needs.
            for sink, needs in sinks:
                found[sink] = (call.group(1), listed + (needs if "$0.needs" in body else []))
    return sinks, found


def table_rows(text):
    """docs/architecture.md's target table: (line, the names in the first column, the third column)."""
    rows = []
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        if line.startswith("| target |"):
            for offset, row in enumerate(lines[number + 1:], number + 2):
                if not row.startswith("|"):
                    break
                cells = [cell.strip() for cell in row.strip("|").split("|")]
                rows.append((offset, re.findall(r"`([^`]+)`", cells[0]), cells[-1]))
    return rows


def document_problems(declared):
    """Where docs/architecture.md's target table and Package.swift disagree."""
    path = ROOT / ARCHITECTURE
    text = path.read_text(encoding="utf-8")
    problems = []
    covered = set()
    for number, names, depends in table_rows(text):
        where = f"{ARCHITECTURE}:{number}"
        for name in names:
            matched = [target for target in declared if fnmatch.fnmatchcase(target, name) or fnmatch.fnmatchcase(f"Plugins/{target}", name)]
            if not matched:
                problems.append(f"{where}: the table names {name}, which is no target of Package.swift")
            for target in matched:
                covered.add(target)
                actual = set(declared[target][1])
                mentioned = {word for word in re.findall(r"[A-Za-z][A-Za-z-]*", depends) if word in declared}
                for extra in sorted(mentioned - actual):
                    problems.append(f"{where}: {target} does not depend on {extra} in Package.swift")
                words = [word.strip(" `") for word in depends.split(",")]
                if words == ["nothing"] or all(word in declared for word in words):
                    for missing in sorted(actual - mentioned):
                        problems.append(f"{where}: {target} depends on {missing} in Package.swift, missing from the row")
    for target, (kind, _) in declared.items():
        if kind == "testTarget":
            if not re.search(rf"\b{re.escape(target)}\b", text):
                problems.append(f"{ARCHITECTURE}: the test target {target} of Package.swift is not named")
        elif target not in covered:
            problems.append(f"{ARCHITECTURE}: the target {target} of Package.swift has no row in the target table")
    return problems


def registry_problems(sinks):
    """Where BuiltInSinks.swift's registrations and Package.swift's `sinks` disagree."""
    path = ROOT / BUILT_IN_SINKS
    registered = re.findall(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\.registration,", path.read_text(encoding="utf-8"), re.MULTILINE)
    listed = [name for name, _ in sinks]
    if registered != listed:
        return [f"{BUILT_IN_SINKS}: registers {', '.join(registered) or 'nothing'}; Package.swift's sinks are {', '.join(listed) or 'none'}, in that order"]
    return []


def main():
    all_targets = list(targets())
    sinks = {name for kind, name, _ in all_targets if kind == "Plugins"}
    problems = []
    for kind, name, files in all_targets:
        for path in files:
            relative = path.relative_to(ROOT).as_posix()
            for number, module in imports(path):
                where = f"{relative}:{number}: {name} imports {module}"
                if module == "Foundation":
                    problems.append(f"{where}: no target may (pacer loads neither Foundation nor ICU)")
                if name in PURE_LAYERS and module not in PURE_LAYERS[:PURE_LAYERS.index(name)]:
                    below = ", ".join(PURE_LAYERS[:PURE_LAYERS.index(name)]) or "nothing"
                    problems.append(f"{where}: a pure layer imports only the layers below it ({below}; foundation < model < engine)")
                if module in sinks and module != name and relative != BUILT_IN_SINKS:
                    if kind == "Plugins":
                        problems.append(f"{where}: a sink never imports another sink")
                    else:
                        problems.append(f"{where}: a library or the executable imports the library behind a sink, never the sink")
                wrapper = C_WRAPPERS.get(module)
                if wrapper and not (relative == wrapper or relative.endswith("/" + wrapper) or (wrapper.endswith("/") and relative.startswith(wrapper))):
                    problems.append(f"{where}: {module} is imported only by its wrapper, {wrapper}")
                allowed, reason = MAY_IMPORT.get(name, (None, ""))
                if allowed is not None and module not in allowed and module not in C_WRAPPERS:
                    problems.append(f"{where}: {reason}")
    sink_list, declared = package_targets((ROOT / "Package.swift").read_text(encoding="utf-8"))
    problems += document_problems(declared)
    problems += registry_problems(sink_list)
    for problem in problems:
        print(problem, file=sys.stderr)
    checked = sum(len(files) for _, _, files in all_targets)
    if problems:
        print(f"check-layers: {len(problems)} problem(s) with the rules and the target table of docs/architecture.md", file=sys.stderr)
        return 1
    print(f"check-layers: {checked} files in {len(all_targets)} targets keep the dependency rules; "
          f"docs/architecture.md names the {len(declared)} targets of Package.swift")
    return 0


if __name__ == "__main__":
    sys.exit(main())
