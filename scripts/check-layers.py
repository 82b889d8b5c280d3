#!/usr/bin/env python3
"""Checks the dependency rules of docs/architecture.md against the `import` lines of every target.

    python3 scripts/check-layers.py [ROOT]

A target is a folder under Sources/ or Plugins/ holding Swift files; a sink is a target under
Plugins/ (the built-in sinks). It fails, naming each file and line, when:
  - PacerCore imports anything at all (it is pure Swift: no Glibc, Dispatch or Foundation);
  - any target imports Foundation (pacer loads neither Foundation nor ICU);
  - a sink imports another sink;
  - a target under Sources/ imports a sink (libraries and the executable reach a library, never
    the adapter that feeds it events; the RegisterSinks build plugin writes the registry's imports);
  - a C module (CReadline, CSQLite, CSpawn, ...) is imported outside its wrapper;
  - PacerFormats, when it exists, imports more than the workout model and its C parsers.
"""
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
# What the formats library may import besides its own C parsers.
FORMATS_MAY_IMPORT = {"PacerCore"}

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
                if name == "PacerCore":
                    problems.append(f"{where}: the core imports nothing (pure Swift: the model and the engine)")
                if module in sinks and module != name:
                    if kind == "Plugins":
                        problems.append(f"{where}: a sink never imports another sink")
                    else:
                        problems.append(f"{where}: a library or the executable imports the library behind a sink, never the sink")
                wrapper = C_WRAPPERS.get(module)
                if wrapper and not (relative == wrapper or relative.endswith("/" + wrapper) or (wrapper.endswith("/") and relative.startswith(wrapper))):
                    problems.append(f"{where}: {module} is imported only by its wrapper, {wrapper}")
                if name == "PacerFormats" and module not in FORMATS_MAY_IMPORT and module not in C_WRAPPERS:
                    problems.append(f"{where}: the formats depend only on the workout model")
    for problem in problems:
        print(problem, file=sys.stderr)
    checked = sum(len(files) for _, _, files in all_targets)
    if problems:
        print(f"check-layers: {len(problems)} import(s) break the rules of docs/architecture.md", file=sys.stderr)
        return 1
    print(f"check-layers: {checked} files in {len(all_targets)} targets keep the dependency rules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
