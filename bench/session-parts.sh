#!/usr/bin/env bash
# What a session's CPU is made of, apart from its seconds: a 2 s countdown in a 100x30 tmux pane,
# run whole (start, the first frame, two seconds, the summary, the end) with the default sinks
# and then with one part left out at a time, so that each part's cost is the difference of two
# medians of the same sitting:
#
#   defaults       pacer run two.json                     (terminal, bell, history, the prompt)
#   no-history     ... --no-history                       (the history's SQLite, its thread)
#   no-bell        ... --no-bell                          (the bell sink)
#   no-prompt      ... < /dev/null                        (the prompt; readline is set up at the first key)
#   terminal-only  ... --no-history --no-bell < /dev/null
#   version        pacer --version                        (starting and ending the process)
#   before         PACER_BEFORE run two.json              (with PACER_BEFORE set: another build's defaults)
#
# CPU is the process's own user + system time from wait4() (bench/rtime.c, microseconds).
# Rounds alternate the cases. The state folders are kept from run to run, as bench/vs-termdown.sh
# keeps them: a first session, not counted, makes the history (which alone costs some 6 ms more).
#
#   PACER=... [PACER_BEFORE=...] bench/session-parts.sh      (ROUNDS, default 9)
#
# CASES picks some of the cases (say "defaults before"), SECONDS_TO_RUN lengthens the countdown
# (default 2): CASES="defaults before" SECONDS_TO_RUN=20 compares two builds' whole 20 s sessions.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=bench/common.sh
source "$here/common.sh"
command -v tmux >/dev/null || apt_install tmux
command -v python3 >/dev/null || apt_install python3
ROUNDS="${ROUNDS:-9}"
SECS="${SECONDS_TO_RUN:-2}"

work="$(mktemp -d)"
socket="pacer-session-parts-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
build_rtime "$work/rtime"
"$here/gen-workout.py" 1 --kinds work --work "$SECS" --no-cues --name "Countdown" > "$work/two.json"

cases=(defaults no-history no-bell no-prompt terminal-only version)
if [ -n "${PACER_BEFORE:-}" ]; then
    PACER_BEFORE="$(cd "$(dirname "$PACER_BEFORE")" && pwd)/$(basename "$PACER_BEFORE")"
    cases+=(before)
fi
if [ -n "${CASES:-}" ]; then
    read -r -a cases <<<"$CASES"
    if [[ " ${cases[*]} " == *" before "* && -z "${PACER_BEFORE:-}" ]]; then echo "session-parts: the case 'before' needs PACER_BEFORE" >&2; exit 2; fi
fi
# arguments CASE: what follows the binary in the pane's command line.
arguments() {
    case $1 in
        defaults) echo "run two.json" ;;
        no-history) echo "run two.json --no-history" ;;
        no-bell) echo "run two.json --no-bell" ;;
        no-prompt) echo "run two.json < /dev/null" ;;
        terminal-only) echo "run two.json --no-history --no-bell < /dev/null" ;;
        version) echo "--version" ;;
        before) echo "run two.json" ;;
    esac
}

# measure CASE: prints the case's CPU in ms.
measure() {
    rm -f "$work/done" "$work/cpu"
    local folder pacer
    printf -v folder '%q' "$work"
    printf -v pacer '%q' "$([ "$1" = before ] && echo "$PACER_BEFORE" || echo "$PACER")"
    tmux -L "$socket" new-session -d -x 100 -y 30 \
        "cd $folder && sleep 0.3 && XDG_STATE_HOME=$folder/xdg/state XDG_DATA_HOME=$folder/xdg/data XDG_CONFIG_HOME=$folder/xdg/config ./rtime cpu $pacer $(arguments "$1"); touch done"
    while [ ! -e "$work/done" ]; do sleep 0.1; done
    tmux -L "$socket" kill-server 2>/dev/null || true
    awk '{ printf "%.2f\n", ($2 + $3) * 1000 }' "$work/cpu"
}

echo "pacer: $PACER ($("$PACER" --version))${PACER_BEFORE:+; before: $PACER_BEFORE}; a $SECS s countdown; $ROUNDS rounds, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
results="$work/results"
: > "$results"
[[ " ${cases[*]} " != *" defaults "* ]] || measure defaults > /dev/null
[[ " ${cases[*]} " != *" before "* ]] || measure before > /dev/null
for ((round = 1; round <= ROUNDS; round++)); do
    for name in "${cases[@]}"; do
        echo "$name $(measure "$name")" >> "$results"
    done
done
python3 - "$results" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
median = {name: statistics.median(float(r[1]) for r in rows if r[0] == name) for name in dict.fromkeys(r[0] for r in rows)}
print(f"{'case':16} {'median ms':>10}   all")
for name, value in median.items():
    print(f"{name:16} {value:10.2f}   {[float(r[1]) for r in rows if r[0] == name]}")
parts = [("the history's", "defaults", "no-history"), ("the bell's", "defaults", "no-bell"),
         ("the prompt's", "defaults", "no-prompt"), ("the terminal session's", "terminal-only", "version")]
parts = [part for part in parts if part[1] in median and part[2] in median]
if parts or "version" in median:
    print()
    print("parts (differences of medians, ms):")
for name, whole, without in parts:
    print(f"  {name:22} {median[whole] - median[without]:6.2f}   ({whole} - {without})")
if "version" in median:
    print(f"  starting and ending     {median['version']:6.2f}   (version)")
if "before" in median and "defaults" in median:
    print(f"defaults / before: {median['defaults'] / median['before']:.3f} ({median['defaults'] - median['before']:+.2f} ms)")
PY
