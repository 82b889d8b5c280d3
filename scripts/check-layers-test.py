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
    "Sources/PacerFoundation/Text.swift": "public struct Text {}\n",
    "Sources/PacerWorkout/Workout.swift": "import PacerFoundation\n",
    "Sources/PacerEngine/Engine.swift": "import PacerFoundation\nimport PacerWorkout\n",
    "Sources/TerminalRendering/Cell.swift": "import PacerFoundation\n",
    "Sources/History/Store.swift": "import PacerEngine\n",
    "Sources/History/SQLiteDatabase.swift": "import CSQLite\nimport PacerEngine\n",
    "Sources/pacer/main.swift": "import History\nimport PacerEngine\n",
    "Plugins/HistorySink/HistorySink.swift": "import History\nimport PacerEngine\n",
    "Plugins/BellSink/BellSink.swift": "import PacerEngine\n",
    "Sources/PacerSession/Session.swift": "import PacerEngine\n",
    "Sources/PacerSession/BuiltInSinks.swift": "import BellSink\nimport HistorySink\n\n    BellSink.registration,\n    HistorySink.registration,\n",
    "Package.swift": """let sinks: [(name: String, needs: [Target.Dependency])] = [
    ("BellSink", []),
    ("HistorySink", ["History"]),
]
let package = Package(targets: [
    .target(name: "PacerFoundation"),
    .target(name: "PacerWorkout", dependencies: ["PacerFoundation"]),
    .target(name: "PacerEngine", dependencies: ["PacerFoundation", "PacerWorkout"]),
    .target(name: "TerminalRendering", dependencies: ["PacerFoundation"]),
    .systemLibrary(name: "CSQLite"),
    .target(name: "History", dependencies: ["PacerEngine", "CSQLite"]),
    .target(name: "PacerSession", dependencies: ["PacerEngine"] + sinks.map { .target(name: $0.name) }),
    .executableTarget(name: "pacer", dependencies: ["History", "PacerEngine", "PacerSession"]),
    .testTarget(name: "HistoryTests", dependencies: ["History"]),
] + sinks.map { .target(name: $0.name, dependencies: ["PacerEngine"] + $0.needs, path: "Plugins/\\($0.name)") })
""",
    "docs/architecture.md": """Tests/  HistoryTests

| target | the concern | depends on |
|---|---|---|
| `PacerFoundation` | text and time | nothing |
| `PacerWorkout` | the model | PacerFoundation |
| `PacerEngine` | the engine | PacerFoundation, PacerWorkout |
| `TerminalRendering` | cells | PacerFoundation |
| `CSQLite` | SQLite | nothing |
| `History` | the history | PacerEngine, CSQLite |
| `PacerSession` | a session | PacerEngine and every sink |
| `pacer` | the executable | History, PacerEngine, PacerSession |
| `Plugins/*Sink` | the sinks | PacerEngine, their library |

The rules.
""",
}

BROKEN = [
    ("a pure layer imports only the layers below it (nothing;", "Sources/PacerFoundation/Text.swift", "import Glibc\n"),
    ("a pure layer imports only the layers below it (PacerFoundation;", "Sources/PacerWorkout/Workout.swift", "import PacerEngine\n"),
    ("a pure layer imports only the layers below it (PacerFoundation, PacerWorkout;", "Sources/PacerEngine/Engine.swift", "import Dispatch\n"),
    ("terminal rendering depends only on the foundation", "Sources/TerminalRendering/Cell.swift", "import PacerWorkout\n"),
    ("no target may", "Sources/History/Store.swift", "import Foundation\n"),
    ("a sink never imports another sink", "Plugins/BellSink/BellSink.swift", "import HistorySink\n"),
    ("never the sink", "Sources/pacer/main.swift", "import HistorySink\n"),
    ("is imported only by its wrapper", "Sources/History/Store.swift", "import CSQLite\n"),
    ("never the sink", "Sources/PacerSession/Session.swift", "import BellSink\n"),
]

# Each a change of one text in a file of GOOD that the check must refuse with its message.
REPLACED = [
    ("the target Speech of Package.swift has no row", "Package.swift", "    .target(name: \"PacerFoundation\"),", "    .target(name: \"PacerFoundation\"),\n    .target(name: \"Speech\"),"),
    ("the test target HistoryTests of Package.swift is not named", "docs/architecture.md", "Tests/  HistoryTests", "Tests/"),
    ("the table names Ghost, which is no target", "docs/architecture.md", "| `CSQLite` |", "| `CSQLite`, `Ghost` |"),
    ("History does not depend on PacerSession", "docs/architecture.md", "| PacerEngine, CSQLite |", "| PacerEngine, CSQLite, PacerSession |"),
    ("History depends on CSQLite in Package.swift, missing from the row", "docs/architecture.md", "| PacerEngine, CSQLite |", "| PacerEngine |"),
    ("HistorySink does not depend on CSQLite", "docs/architecture.md", "| PacerEngine, their library |", "| PacerEngine, CSQLite, their library |"),
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
