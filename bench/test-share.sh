#!/usr/bin/env bash
# The end-to-end tests' share of the Swift suites: how many tests, and how much of the time, are
# Tests/PacerEndToEndTests (the ones that run the built binary) against all the others.
#
#   swift build --build-tests && bench/test-share.sh
#
# Counts come from `swift test list`. Times come from two runs, one after the other, each alone:
# `swift test --skip-build --filter PacerEndToEndTests` and `--skip PacerEndToEndTests`; for each,
# the wall time and the CPU time (user + system, with every process the run waited for, pacer's
# included) as wait4 reports them. Swift Testing runs the tests of a run side by side, so the
# per-test durations of `--xunit-output` count the waiting for a core, not the test: compare runs.
# The machine is shared: run it on a quiet machine, or quote the CPU share, which load moves less.
# Env: RUNS (default 1): how many times to time each half; the median is shown.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
RUNS="${RUNS:-1}"
PACER="${PACER:-.build/debug/pacer}"  # common.sh wants a binary; the tests build this one
# shellcheck source=bench/common.sh
source "$here/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
build_rtime "$work/rtime"

swift test list --skip-build 2>/dev/null > "$work/list"
all=$(wc -l < "$work/list")
e2e=$(grep -c '^PacerEndToEndTests\.' "$work/list" || true)

# half NAME ARGS...: times `swift test --skip-build ARGS` RUNS times; prints "wall cpu" medians.
half() {
    local name="$1"; shift
    : > "$work/$name.times"
    for run in $(seq "$RUNS"); do
        "$work/rtime" "$work/$name.$run" swift test --skip-build "$@" > "$work/$name.log" 2>&1 \
            || { tail -20 "$work/$name.log" >&2; echo "$name: tests failed" >&2; exit 1; }
        awk '{ print $1, $2 + $3 }' "$work/$name.$run" >> "$work/$name.times"
    done
    sort -n -k1 "$work/$name.times" | awk '{ w[NR] = $1 } END { printf "%s ", w[int((NR + 1) / 2)] }'
    sort -n -k2 "$work/$name.times" | awk '{ c[NR] = $2 } END { print c[int((NR + 1) / 2)] }'
}

echo "machine: $(nproc) cores, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
read -r e2e_wall e2e_cpu < <(half e2e --filter PacerEndToEndTests)
read -r rest_wall rest_cpu < <(half rest --skip PacerEndToEndTests)
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-12s %6s %10s %10s\n' part tests wall_s cpu_s
printf '%-12s %6d %10.1f %10.1f\n' end-to-end "$e2e" "$e2e_wall" "$e2e_cpu"
printf '%-12s %6d %10.1f %10.1f\n' in-process "$((all - e2e))" "$rest_wall" "$rest_cpu"
awk -v n="$e2e" -v all="$all" -v ew="$e2e_wall" -v rw="$rest_wall" -v ec="$e2e_cpu" -v rc="$rest_cpu" 'BEGIN {
    printf "end-to-end share: %.1f%% of the tests, %.1f%% of the wall time, %.1f%% of the CPU time\n",
        100 * n / all, 100 * ew / (ew + rw), 100 * ec / (ec + rc) }'
