#!/usr/bin/env python3
"""Proves scripts/check-layers.py: a tree that keeps the rules passes, and each rule broken alone
in a copy of it fails with its message.

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
}

BROKEN = [
    ("the core imports", "Sources/PacerCore/Engine.swift", "import Glibc\n"),
    ("no target may", "Sources/History/Store.swift", "import Foundation\n"),
    ("a sink never imports another sink", "Plugins/BellSink/BellSink.swift", "import HistorySink\n"),
    ("never the sink", "Sources/pacer/main.swift", "import HistorySink\n"),
    ("is imported only by its wrapper", "Sources/History/Store.swift", "import CSQLite\n"),
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
    print(f"check-layers-test: {len(BROKEN) + 1 - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
