#!/usr/bin/env bash
# What measurements cost a session: a 20 s ride at 200 W in a 100x30 tmux pane, its commands read
# from a pipe, run side by side (each round runs every case at once, so they share the sitting):
#
#   quiet     the pipe stays open and sends nothing
#   4hz       four values a second on four channels (power, heart_rate, cadence, speed)
#   flood     as many measure lines as the pipe takes (over 10,000 a second)
#
# CPU is pacer's own user + system time and memory its peak RSS, from wait4() (bench/rtime.c);
# the feeder's CPU is not counted. For the flood the session's lateness is read from its log
# (the largest t - due of a scheduled event), to see that the clock is not held up.
#
#   PACER=... bench/measure.sh      (ROUNDS, default 5; SECONDS_TO_RUN, default 20)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=bench/common.sh
source "$here/common.sh"
command -v tmux >/dev/null || apt_install tmux
ROUNDS="${ROUNDS:-5}"
SECS="${SECONDS_TO_RUN:-20}"

work="$(mktemp -d)"
socket="pacer-measure-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
build_rtime "$work/rtime"
printf '{"name": "Ride", "countdown": 0, "steps": [{"work": %s, "power": "200 W"}]}\n' "$SECS" > "$work/ride.json"
cat > "$work/feed.py" <<'PY'
import sys, time
mode, seconds = sys.argv[1], float(sys.argv[2])
end = time.monotonic() + seconds + 2
line = "measure power=200 heart_rate=150 cadence=90 speed=8.5\n"
try:
    while time.monotonic() < end:
        if mode == "4hz":
            sys.stdout.write(line); sys.stdout.flush(); time.sleep(0.25)
        elif mode == "flood":
            sys.stdout.write(line * 200); sys.stdout.flush()
        else:
            time.sleep(0.25)
except BrokenPipeError:
    pass
PY
cases=(quiet 4hz flood)

# start CASE ROUND: starts the case in a pane of its own; it writes $work/CASE.ROUND.{cpu,log,done}.
start() {
    local folder
    printf -v folder '%q' "$work"
    tmux -L "$socket" new-session -d -s "$1-$2" -x 100 -y 30 \
        "cd $folder && mkdir -p xdg-$1 && python3 feed.py $1 $SECS | XDG_STATE_HOME=$folder/xdg-$1 XDG_CONFIG_HOME=$folder/xdg-$1 ./rtime $1.$2.cpu $(printf %q "$PACER") run ride.json --no-bell --log $1.$2.log; touch $1.$2.done"
}

echo "pacer: $PACER ($("$PACER" --version)); a $SECS s ride; $ROUNDS rounds, cases side by side; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((round = 1; round <= ROUNDS; round++)); do
    for name in "${cases[@]}"; do start "$name" "$round"; done
    for name in "${cases[@]}"; do
        while [ ! -e "$work/$name.$round.done" ]; do sleep 0.2; done
    done
done
python3 - "$work" "$ROUNDS" "${cases[@]}" <<'PY'
import json, statistics, sys
work, rounds, cases = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def row(case, r):
    elapsed, user, system, rss = open(f"{work}/{case}.{r}.cpu").read().split()
    events = [json.loads(line) for line in open(f"{work}/{case}.{r}.log")]
    late = max((e["t"] - e["due"] for e in events if "due" in e), default=0)
    samples = sum(1 for e in events if e["event"] == "sample")
    return (float(user) + float(system)) * 1000, int(rss) / 1024, late * 1000, samples
rows = {case: [row(case, r) for r in range(1, rounds + 1)] for case in cases}
print(f"{'case':8} {'CPU ms':>8} {'peak RSS MB':>12} {'worst lateness ms':>18} {'samples':>8}   (medians)")
median = {}
for case in cases:
    columns = list(zip(*rows[case]))
    median[case] = [statistics.median(c) for c in columns]
    cpu, rss, late, samples = median[case]
    print(f"{case:8} {cpu:8.2f} {rss:12.2f} {late:18.1f} {samples:8.0f}   CPU all: {[round(c, 2) for c in columns[0]]}")
for case in cases[1:]:
    print(f"{case} / quiet: CPU {median[case][0] / median['quiet'][0]:.3f}, RSS {median[case][1] - median['quiet'][1]:+.2f} MB")
PY
