#!/usr/bin/env bash
# What one second of a countdown costs pacer, apart from starting and ending: CPU (user + system)
# and context switches per second, counted by `perf stat` on the running process from its 2nd to
# its 10th second of a 12 s work phase, in a 100x30 tmux pane with the default sinks; then the
# same with standard output in /dev/null (plain lines, no live display), which leaves the clock,
# the engine and the sinks' wake-ups without the drawing.
#
#   bench/per-second.sh NAME=PACER...      (ROUNDS, default 3; rounds alternate the binaries)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[ $# -gt 0 ] || { echo "usage: bench/per-second.sh NAME=PACER..." >&2; exit 2; }
# shellcheck source=bench/common.sh
PACER=${1#*=} source "$here/common.sh"  # (checks that the first binary is there)
command -v perf >/dev/null || apt_install linux-perf || { echo "per-second: needs perf (apt-get install linux-perf)" >&2; exit 1; }
command -v tmux >/dev/null || apt_install tmux
ROUNDS="${ROUNDS:-3}"

work="$(mktemp -d)"
socket="pacer-per-second-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
"$here/gen-workout.py" 1 --kinds work --work 12 --no-cues --name "Twelve seconds" > "$work/twelve.json"

# measure NAME PACER [REDIRECT]: prints "ms/s context-switches/s" for seconds 2-10.
measure() {
    local name=$1 pacer=$2 redirect=${3:-}
    rm -rf "$work/xdg" "$work/done"
    mkdir -p "$work/xdg"
    cp "$pacer" "$work/$name"
    tmux -L "$socket" new-session -d -x 100 -y 30 \
        "cd $work && XDG_STATE_HOME=$work/xdg/state XDG_DATA_HOME=$work/xdg/data XDG_CONFIG_HOME=$work/xdg/config ./$name run twelve.json $redirect; touch $work/done"
    sleep 2
    local pid
    pid=$(pgrep -x "$name" | head -1)
    perf stat -e task-clock,context-switches -p "$pid" -x, -o "$work/stat" -- sleep 8 2>/dev/null
    awk -F, '/task-clock/ { cpu = $1 / 8 } /context-switches/ { cs = $1 / 8 } END { printf "%.3f %.1f\n", cpu, cs }' "$work/stat"
    while [ ! -e "$work/done" ]; do sleep 0.3; done
    tmux -L "$socket" kill-server 2>/dev/null || true
}

results="$work/results"
: > "$results"
printf '%-6s %-16s %-10s %9s %8s\n' round program output "ms/s" "cs/s"
for ((round = 1; round <= ROUNDS; round++)); do
    for argument in "$@"; do
        name=${argument%%=*} pacer=${argument#*=}
        for output in display devnull; do
            read -r cpu cs <<<"$(measure "$name" "$pacer" "$([ "$output" = devnull ] && echo '> /dev/null')")"
            printf '%-6s %-16s %-10s %9s %8s\n' "$round" "$name" "$output" "$cpu" "$cs"
            echo "$name $output $cpu $cs" >> "$results"
        done
    done
done
echo
python3 - "$results" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
print(f"{'medians':24} {'ms/s':>7} {'cs/s':>6}")
for key in dict.fromkeys((r[0], r[1]) for r in rows):
    cpu = statistics.median(float(r[2]) for r in rows if (r[0], r[1]) == key)
    cs = statistics.median(float(r[3]) for r in rows if (r[0], r[1]) == key)
    print(f"{key[0] + ' ' + key[1]:24} {cpu:7.3f} {cs:6.1f}")
PY
