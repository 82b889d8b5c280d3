#!/usr/bin/env bash
# Times `pacer validate` on big and typical workouts, and measures peak memory.
#
#   PACER=/tmp/pacer-release/release/pacer bench/validate.sh
#
# Env: PACER (binary, default .build/install/release/pacer, what scripts/install builds), RUNS_BIG (default 10),
# RUNS_SMALL (default 100), RSS_RUNS (default 5).
# Targets: < 0.5 s for a 100,000-phase file, < 20 ms for a typical file.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
RUNS_BIG="${RUNS_BIG:-10}"
RUNS_SMALL="${RUNS_SMALL:-100}"
RSS_RUNS="${RSS_RUNS:-5}"

# shellcheck source=bench/common.sh
source "$here/common.sh"
command -v python3 >/dev/null || apt_install python3
# NO_HYPERFINE=1 forces the Python timing loop.
if [[ -z "${NO_HYPERFINE:-}" ]]; then
    command -v hyperfine >/dev/null || apt_install hyperfine || echo "(hyperfine unavailable: falling back to a Python timing loop)"
fi
[[ -x /usr/bin/time ]] || apt_install time

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Inputs
"$here/gen-workout.py" 100000 > "$work/flat-100k.json"
"$here/gen-workout.py" 100000 --nested > "$work/nested-100k.json"
"$here/gen-workout.py" 1 > "$work/one-phase.json"
cat > "$work/repeat-100k.json" <<'JSON'
{"name": "One phase, 100,000 times", "steps": [{"repeat": 100000, "steps": [{"work": 1}]}]}
JSON
cat > "$work/repeat-100k-named.json" <<'JSON'
{"name": "One named phase, 100,000 times", "steps": [{"repeat": 100000, "steps": [{"work": 1, "name": "Tap {round}/{rounds}"}]}]}
JSON
cat > "$work/repeat-1e18.json" <<'JSON'
{"name": "Far over the limit", "steps": [{"repeat": 1000000000, "steps": [{"repeat": 1000000000, "steps": [{"work": 1}]}]}]}
JSON
# Diagnosis: the same 100,000 work phases bare, each with a name, each with a cue.
python3 - "$work" <<'PY'
import json, sys
d = sys.argv[1]
for name, step in [("bare", {"work": 5}), ("names", {"work": 5, "name": "Squats"}),
                   ("cues", {"work": 5, "cue": "Keep your core tight"})]:
    with open(f"{d}/flat-100k-{name}.json", "w") as f:
        json.dump({"name": f"100k {name}", "steps": [step] * 100000}, f)
PY
shipped=()
for f in "$root"/workouts/*.json; do
    [[ "$(basename "$f")" == schema.json ]] && continue
    shipped+=("$f")
done

echo "pacer: $PACER ($("$PACER" --version))"
echo "machine: $(nproc) cores, $(uname -sr), load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
printf 'flat-100k.json: %s bytes; nested-100k.json: %s bytes\n' "$(wc -c < "$work/flat-100k.json")" "$(wc -c < "$work/nested-100k.json")"
for f in "$work/flat-100k.json" "$work/nested-100k.json" "$work/repeat-100k.json" "$work/repeat-100k-named.json" "${shipped[@]}"; do
    "$PACER" validate "$f" >/dev/null || { echo "pacer validate failed on $f" >&2; "$PACER" validate "$f"; exit 1; }
done
"$PACER" validate "$work/repeat-1e18.json" >/dev/null 2>&1 && { echo "repeat-1e18.json was accepted: it must not be" >&2; exit 1; }

# Timing: every case in one hyperfine run (side by side), results as JSON.
results="$work/times.json"
names=(flat-100k nested-100k repeat-100k repeat-100k-named)
cmds=("$PACER validate $work/flat-100k.json" "$PACER validate $work/nested-100k.json"
      "$PACER validate $work/repeat-100k.json" "$PACER validate $work/repeat-100k-named.json")
runs=("$RUNS_BIG" "$RUNS_BIG" "$RUNS_BIG" "$RUNS_BIG")
for v in bare names cues; do
    names+=("flat-100k-$v"); cmds+=("$PACER validate $work/flat-100k-$v.json"); runs+=("$RUNS_BIG")
done
for f in "${shipped[@]}"; do
    names+=("$(basename "$f" .json)"); cmds+=("$PACER validate $f"); runs+=("$RUNS_SMALL")
done
names+=(one-phase); cmds+=("$PACER validate $work/one-phase.json"); runs+=("$RUNS_SMALL")

echo
echo "== pacer validate: wall time =="
if [[ -z "${NO_HYPERFINE:-}" ]] && command -v hyperfine >/dev/null; then
    parts=() outliers=()
    for i in "${!cmds[@]}"; do
        # -N: no intermediate shell (the commands are a few ms); output goes to /dev/null.
        hyperfine -N --warmup 3 --runs "${runs[$i]}" --style none --export-json "$work/t$i.json" \
            --command-name "${names[$i]}" "${cmds[$i]}" >/dev/null 2>"$work/hf.err" \
            || { cat "$work/hf.err" >&2; exit 1; }
        grep -q "outliers" "$work/hf.err" && outliers+=("${names[$i]}")
        parts+=("$work/t$i.json")
    done
    python3 - "${parts[@]}" > "$results" <<'PY'
import json, sys
out = []
for p in sys.argv[1:]:
    for r in json.load(open(p))["results"]:
        out.append({"name": r["command"], "times": r["times"]})
print(json.dumps(out))
PY
    tool="hyperfine $(hyperfine --version | awk '{print $2}') (-N, 3 warmup runs)"
    ((${#outliers[@]})) && tool+="; hyperfine saw statistical outliers (noisy machine) in: ${outliers[*]}"
else
    python3 - "$results" "${runs[@]}" -- "${names[@]}" -- "${cmds[@]}" <<'PY'
import json, subprocess, sys, time, shlex
args = sys.argv[2:]
a = args.index("--"); b = args.index("--", a + 1)
runs, names, cmds = [int(x) for x in args[:a]], args[a+1:b], args[b+1:]
out = []
for name, cmd, n in zip(names, cmds, runs):
    argv = shlex.split(cmd)
    for _ in range(3):
        subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - t0)
    out.append({"name": name, "times": times})
json.dump(out, open(sys.argv[1], "w"))
PY
    tool="python timing loop (subprocess + perf_counter)"
fi
echo "tool: $tool"

python3 - "$results" <<'PY'
import json, statistics, sys
rows = json.load(open(sys.argv[1]))
big = {"flat-100k", "nested-100k", "repeat-100k", "repeat-100k-named",
       "flat-100k-bare", "flat-100k-names", "flat-100k-cues"}
print(f"{'case':<18} {'runs':>5} {'median':>10} {'min':>10} {'max':>10}  target")
verdicts = []
for r in rows:
    t = r["times"]
    med = statistics.median(t)
    limit = 0.5 if r["name"] in big else 0.020
    ok = med < limit
    verdicts.append((r["name"], ok, med, limit))
    print(f"{r['name']:<18} {len(t):>5} {med*1000:>8.1f}ms {min(t)*1000:>8.1f}ms {max(t)*1000:>8.1f}ms  "
          f"< {limit*1000:.0f} ms {'MET' if ok else 'MISSED (x%.2f)' % (med / limit)}")
by = {r["name"]: statistics.median(r["times"]) for r in rows}
print(f"ratio flat-100k / nested-100k: {by['flat-100k'] / by['nested-100k']:.2f}")
print(f"ratio flat-100k / one-phase:   {by['flat-100k'] / by['one-phase']:.1f}")
print(f"cost per name (flat-100k-names - bare)/100k: {(by['flat-100k-names'] - by['flat-100k-bare']) * 1e9 / 1e5 / 1000:.2f} us")
print(f"cost per cue  (flat-100k-cues  - bare)/100k: {(by['flat-100k-cues'] - by['flat-100k-bare']) * 1e9 / 1e5 / 1000:.2f} us")
print(f"ratio repeat-100k-named / repeat-100k: {by['repeat-100k-named'] / by['repeat-100k']:.2f}")
PY

echo
echo "== pacer validate: peak RSS (/usr/bin/time -f %M, median of $RSS_RUNS) =="
rss() {
    local f="$1" vals=() i
    for ((i = 0; i < RSS_RUNS; i++)); do
        /usr/bin/time -o "$work/rss" -f '%M' "$PACER" validate "$f" >/dev/null 2>&1 || true
        vals+=("$(tail -1 "$work/rss")")
    done
    printf '%s\n' "${vals[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}
base=$(rss "$work/one-phase.json")
printf '%-70s %8s KB\n' "one-phase.json (1 phase, baseline)" "$base"
for pair in "repeat-100k.json|tiny file, repeat 100000 of one phase" \
            "repeat-100k-named.json|same, name with {round}/{rounds}" \
            "nested-100k.json|nested repeats, 100,000 phases" \
            "flat-100k.json|100,000 explicit phases (3.7 MB)" \
            "repeat-1e18.json|repeat 1e9 x repeat 1e9 (rejected)"; do
    f="${pair%%|*}"; label="${pair#*|}"
    v=$(rss "$work/$f")
    printf '%-70s %8s KB  (%+d KB vs baseline)\n' "$f ($label)" "$v" "$((v - base))"
done
