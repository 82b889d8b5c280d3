#!/usr/bin/env bash
# Times `pacer show` (the expanded timeline, its start offsets and totals) on 100,000 phases.
# Before the seams issue every row summed the offsets before it, so show was quadratic.
#
#   PACER=/tmp/pacer-release/release/pacer bench/show.sh
#
# Env: PACER (binary, default .build/install/release/pacer, what scripts/install builds), RUNS (default 10).
# Target: < 0.5 s for 100,000 phases.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
RUNS="${RUNS:-10}"
# shellcheck source=bench/common.sh
source "$here/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$here/gen-workout.py" 100000 > "$work/flat-100k.json"
"$here/gen-workout.py" 100000 --nested > "$work/nested-100k.json"
"$here/gen-workout.py" 16000 > "$work/flat-16k.json"

echo "pacer: $PACER ($("$PACER" --version))"
echo "machine: $(nproc) cores, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
ms() { awk -v us="$1" 'BEGIN { printf "%.1fms", us / 1000 }'; }
printf '%-16s %6s %10s %10s %10s  %s\n' case runs median min max target
for name in flat-16k nested-100k flat-100k; do
    file="$work/$name.json"
    times=()
    for _ in $(seq "$RUNS"); do
        start=$(date +%s%N)
        COLUMNS=100 "$PACER" show "$file" > /dev/null
        times+=($(( ($(date +%s%N) - start) / 1000 )))
    done
    sorted=($(printf '%s\n' "${times[@]}" | sort -n))
    median=${sorted[$(( ${#sorted[@]} / 2 ))]}
    verdict=$([[ $median -lt 500000 ]] && echo "< 500 ms MET" || echo "< 500 ms MISSED")
    printf '%-16s %6d %10s %10s %10s  %s\n' "$name" "$RUNS" "$(ms "$median")" "$(ms "${sorted[0]}")" "$(ms "${sorted[-1]}")" "$verdict"
done
