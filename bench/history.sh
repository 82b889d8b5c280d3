#!/usr/bin/env bash
# Times `pacer history` and `pacer stats` on a history of 10,000 sessions; with RIDES, on a
# history of measured one-hour rides (a sample a second: 3,600 sample rows each).
#
#   swift build -c release && bench/history.sh
#   SESSIONS=1000 RIDES=1000 bench/history.sh     # 1,000 measured hours, 3.6 M samples
#
# Env: PACER (binary, default .build/install/release/pacer, what scripts/install builds), SESSIONS (default 10000), RUNS (default 30),
# RIDES (how many of the sessions are measured rides, default 0).
# Target: under 100 ms each for `pacer history` and `pacer stats`; with RIDES, under a second each for `pacer history`,
# `pacer stats` and `pacer history show` (exports are shown for information).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SESSIONS="${SESSIONS:-10000}"
RUNS="${RUNS:-30}"
RIDES="${RIDES:-0}"
TARGET_MS=$(( RIDES > 0 ? 1000 : 100 ))

# shellcheck source=bench/common.sh
source "$here/common.sh"
command -v python3 >/dev/null || apt_install python3

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
db="$work/history.sqlite3"
python3 "$here/history-gen.py" "$db" "$SESSIONS" --rides "$RIDES"
export PACER_HISTORY="$db"

echo "pacer: $PACER ($("$PACER" --version))"
echo "machine: $(nproc) cores, $(uname -sr), load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$db" <<'PY'
import os, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
sessions, = db.execute("SELECT count(*) FROM sessions").fetchone()
phases, = db.execute("SELECT count(*) FROM phases").fetchone()
sets, = db.execute("SELECT count(*) FROM phases WHERE reps > 0 AND weight_value > 0").fetchone()
samples, = db.execute("SELECT count(*) FROM samples").fetchone()
print(f"history: {sessions} sessions, {phases} phases, {sets} weighted sets, {samples} samples, {os.path.getsize(sys.argv[1]) / 1e6:.1f} MB")
PY

names=(history history-show stats stats-json history-json-200 history-json-all)
cmds=("$PACER history" "$PACER history show $((SESSIONS / 2))" "$PACER stats" "$PACER stats --json"
      "$PACER history --json --limit 200" "$PACER history --json")
targeted=(history stats)
(( RIDES > 0 )) && targeted+=(history-show)
for cmd in "${cmds[@]}"; do
    $cmd >/dev/null || { echo "failed: $cmd" >&2; exit 1; }
done

python3 - "$RUNS" "$TARGET_MS" "${#names[@]}" "${names[@]}" "${cmds[@]}" -- "${targeted[@]}" <<'PY'
import shlex, statistics, subprocess, sys, time
runs, target, count = int(sys.argv[1]), int(sys.argv[2]) / 1000, int(sys.argv[3])
names, cmds = sys.argv[4:4 + count], sys.argv[4 + count:4 + 2 * count]
targeted = set(sys.argv[sys.argv.index("--") + 1:])
print(f"\ntiming: {runs} runs each after 3 warm-up runs (subprocess + perf_counter, output to /dev/null)")
print(f"{'case':<18} {'median':>9} {'min':>9} {'max':>9}  target")
missed = False
for name, cmd in zip(names, cmds):
    argv = shlex.split(cmd)
    for _ in range(3):
        subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
    times = []
    for _ in range(runs if name != "history-json-all" else max(3, runs // 10)):
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    verdict = ""
    if name in targeted:
        verdict = f"< {target * 1000:.0f} ms " + ("MET" if median < target else "MISSED")
        missed |= median >= target
    print(f"{name:<18} {median * 1000:>7.1f}ms {min(times) * 1000:>7.1f}ms {max(times) * 1000:>7.1f}ms  {verdict}")
sys.exit(1 if missed else 0)
PY
