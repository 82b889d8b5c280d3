#!/usr/bin/env bash
# The floor under the history's cost in a session: SQLite alone (the same static libsqlite3.a
# that scripts/install links into pacer), doing what the history does for a session of one phase
# on a history pacer made (bench/sqlite-floor.c), timed on its thread's CPU clock. Compare with
# "the history's" part in bench/session-parts.sh: what is above this floor is pacer's own.
#
#   PACER=... bench/sqlite-floor.sh      (RUNS, default 9)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=bench/common.sh
source "$here/common.sh"
command -v cc >/dev/null || apt_install gcc libc6-dev
archive=$(cc -print-file-name=libsqlite3.a)
[[ -f "$archive" ]] || apt_install libsqlite3-dev
archive=$(cc -print-file-name=libsqlite3.a)
RUNS="${RUNS:-9}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/floor" "$here/sqlite-floor.c" "$archive" -lm -lpthread -ldl
"$here/gen-workout.py" 1 --kinds work --work 1 --no-cues --name "One second" > "$work/one.json"
XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config" \
    "$PACER" run "$work/one.json" --speed 10 --no-bell < /dev/null > /dev/null
history="$work/data/pacer/history.sqlite3"
[[ -f "$history" ]] || { echo "sqlite-floor: pacer made no history at $history" >&2; exit 1; }

echo "SQLite $(sqlite3 --version 2>/dev/null | cut -d' ' -f1 || echo '?') from $archive; $RUNS runs, ms of the thread's CPU"
for ((run = 1; run <= RUNS; run++)); do "$work/floor" "$history"; done | python3 -c '
import statistics, sys
names = ["open", "first statement", "session row", "phase row", "close", "total"]
rows = [[float(x) for x in line.split()] for line in sys.stdin]
for index, name in enumerate(names):
    values = [r[index] for r in rows]
    print(f"{name:16} median {statistics.median(values):6.3f}  ({min(values):.3f}-{max(values):.3f})")'
