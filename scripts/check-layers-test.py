#!/usr/bin/env python3
"""Proves scripts/check-layers.py: a tree that keeps the rules (and whose docs/architecture.md
names Package.swift's targets) passes, and each rule broken alone in a copy of it fails with its
message.

    python3 scripts/check-layers-test.py
"""
import pathlib
import subprocess
import sys
import tempfile

CHECK = pathlib.Path(__file__).resolve().parent / "check-layers.py"

GOOD = {
    "Sources/PacerCore/Engine.swift": "public struct Engine {}\n",
    "Sources/History/Store.swift": "import PacerCore\n",
    "Sources/History/SQLiteDatabase.swift": "import CSQLite\nimport PacerCore\n",
    "Sources/pacer/main.swift": "import History\nimport PacerCore\n",
    "Plugins/HistorySink/HistorySink.swift": "import History\nimport PacerCore\n",
    "Plugins/BellSink/BellSink.swift": "import PacerCore\n",
    "Sources/PacerSession/Session.swift": "import PacerCore\n",
    "Sources/PacerSession/BuiltInSinks.swift": "import BellSink\nimport HistorySink\n\n    BellSink.registration,\n    HistorySink.registration,\n",
    "Package.swift": """let sinks: [(name: String, needs: [Target.Dependency])] = [
    ("BellSink", []),
    ("HistorySink", ["History"]),
]
let package = Package(targets: [
    .target(name: "PacerCore"),
    .systemLibrary(name: "CSQLite"),
    .target(name: "History", dependencies: ["PacerCore", "CSQLite"]),
    .target(name: "PacerSession", dependencies: ["PacerCore"] + sinks.map { .target(name: $0.name) }),
    .executableTarget(name: "pacer", dependencies: ["History", "PacerCore", "PacerSession"]),
    .testTarget(name: "HistoryTests", dependencies: ["History"]),
] + sinks.map { .target(name: $0.name, dependencies: ["PacerCore"] + $0.needs, path: "Plugins/\\($0.name)") })
""",
    "docs/architecture.md": """Tests/  HistoryTests

| target | the concern | depends on |
|---|---|---|
| `PacerCore` | the model | nothing |
| `CSQLite` | SQLite | nothing |
| `History` | the history | PacerCore, CSQLite |
| `PacerSession` | a session | PacerCore and every sink |
| `pacer` | the executable | History, PacerCore, PacerSession |
| `Plugins/*Sink` | the sinks | PacerCore, their library |

The rules.
""",
}

BROKEN = [
    ("the core imports", "Sources/PacerCore/Engine.swift", "import Glibc\n"),
    ("no target may", "Sources/History/Store.swift", "import Foundation\n"),
    ("a sink never imports another sink", "Plugins/BellSink/BellSink.swift", "import HistorySink\n"),
    ("never the sink", "Sources/pacer/main.swift", "import HistorySink\n"),
    ("is imported only by its wrapper", "Sources/History/Store.swift", "import CSQLite\n"),
    ("never the sink", "Sources/PacerSession/Session.swift", "import BellSink\n"),
]

# Each a change of one text in a file of GOOD that the check must refuse with its message.
REPLACED = [
    ("the target Speech of Package.swift has no row", "Package.swift", "    .target(name: \"PacerCore\"),", "    .target(name: \"PacerCore\"),\n    .target(name: \"Speech\"),"),
    ("the test target HistoryTests of Package.swift is not named", "docs/architecture.md", "Tests/  HistoryTests", "Tests/"),
    ("the table names Ghost, which is no target", "docs/architecture.md", "| `CSQLite` |", "| `CSQLite`, `Ghost` |"),
    ("History does not depend on PacerSession", "docs/architecture.md", "| PacerCore, CSQLite |", "| PacerCore, CSQLite, PacerSession |"),
    ("History depends on CSQLite in Package.swift, missing from the row", "docs/architecture.md", "| PacerCore, CSQLite |", "| PacerCore |"),
    ("HistorySink does not depend on CSQLite", "docs/architecture.md", "| PacerCore, their library |", "| PacerCore, CSQLite, their library |"),
    ("registers HistorySink, BellSink; Package.swift's sinks are BellSink, HistorySink", "Sources/PacerSession/BuiltInSinks.swift",
     "    BellSink.registration,\n    HistorySink.registration,", "    HistorySink.registration,\n    BellSink.registration,"),
    ("registers BellSink; Package.swift's sinks are BellSink, HistorySink", "Sources/PacerSession/BuiltInSinks.swift", "    HistorySink.registration,\n", ""),
]


def check(files):
    with tempfile.TemporaryDirectory() as root:
        for relative, text in files.items():
            path = pathlib.Path(root, relative)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        return subprocess.run([sys.executable, str(CHECK), root], capture_output=True, text=True)


def main():
    failures = 0
    result = check(GOOD)
    if result.returncode != 0:
        print(f"FAIL  a tree that keeps the rules was refused: {result.stderr.strip()}")
        failures += 1
    for message, relative, line in BROKEN:
        files = dict(GOOD)
        files[relative] = line + files[relative]
        result = check(files)
        if result.returncode == 0 or message not in result.stderr:
            print(f"FAIL  {relative} with '{line.strip()}' should fail with '{message}': {result.returncode} {result.stderr.strip()}")
            failures += 1
    for message, relative, text, replacement in REPLACED:
        files = dict(GOOD)
        files[relative] = files[relative].replace(text, replacement)
        result = check(files)
        if result.returncode == 0 or message not in result.stderr:
            print(f"FAIL  {relative} with '{replacement.strip()}' should fail with '{message}': {result.returncode} {result.stderr.strip()}")
            failures += 1
    print(f"check-layers-test: {len(BROKEN) + len(REPLACED) + 1 - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
