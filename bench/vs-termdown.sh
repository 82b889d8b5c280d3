#!/usr/bin/env bash
# CPU time, peak memory and bytes written to the terminal of a 20-second countdown: pacer vs
# termdown (and, with PACER_BEFORE, another pacer binary: an earlier commit's, say).
#
#   PACER=/tmp/pacer-release/release/pacer [PACER_BEFORE=...] bench/vs-termdown.sh
#
# Each program runs in its own detached tmux session of a fixed size (100x30),
# on a private tmux socket, under /usr/bin/time -f "%e %U %S %M" (elapsed s,
# user s, sys s, peak RSS KB) written to a file. /usr/bin/time only has 10 ms
# CPU resolution, and pacer uses less than that in 20 s, so a tiny C helper
# (rtime, built here with cc) sits between time and the program and reports
# the program's own wait4() rusage in microseconds; the ratios use those.
# Chain: /usr/bin/time -> rtime -> program. Rounds alternate
# termdown, pacer(, pacer-before), termdown, pacer, ... Env: PACER (default
# .build/install/release/pacer), PACER_BEFORE (none), ROUNDS (default 3), SECONDS_TO_RUN (default 20).
# pacer runs with its default sinks (terminal, bell, history), its folders under the work folder.
#
# Bytes: tmux pipe-pane copies all the program writes to the pane through a tiny C helper
# (stamp, built here) that writes "monotonic_s bytes" per chunk. "Bytes per second" counts the
# chunks from 0.5 s after the first to 0.5 s before the countdown ends, divided by that time;
# "first draw" is what the program wrote in its first 0.3 s: for pacer the alternate screen, the
# whole block and the prompt, which is what a full redraw costs.
#
# Targets (issue 19): pacer CPU <= 1/30 of termdown's, peak RSS <= 0.33 of termdown's and
# <= 10 MB, bytes per second <= 1/10 of a full redraw.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROUNDS="${ROUNDS:-3}"
SECS="${SECONDS_TO_RUN:-20}"

# shellcheck source=bench/common.sh
source "$here/common.sh"
command -v python3 >/dev/null || apt_install python3 python3-pip
command -v tmux >/dev/null || apt_install tmux
command -v cc >/dev/null || apt_install gcc libc6-dev
[[ -x /usr/bin/time ]] || apt_install time
# termdown's real entry point, not a pyenv/asdf shim (a shim's own bash and
# exec chain would be charged to termdown's CPU time).
termdown_path() {
    python3 -c 'import os, sys; p = os.path.join(os.path.dirname(sys.executable), "termdown"); print(p if os.path.exists(p) else "")'
}
if [[ -z "$(termdown_path)" ]]; then
    python3 -m pip install -q termdown >/dev/null 2>&1 || python3 -m pip install -q --break-system-packages termdown >/dev/null
fi
TERMDOWN="$(termdown_path)"
[[ -n "$TERMDOWN" ]] || TERMDOWN="$(command -v termdown)"
[[ -n "$TERMDOWN" ]] || { echo "termdown could not be installed" >&2; exit 1; }

work="$(mktemp -d)"
sock="pacer-bench-$$"
cleanup() { tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

build_rtime "$work/rtime"

cat > "$work/stamp.c" <<'C'
/* stamp: copies nothing; for each chunk read from stdin prints "monotonic_s bytes". */
#include <stdio.h>
#include <time.h>
#include <unistd.h>
int main(void) {
    char buffer[65536];
    ssize_t count;
    while ((count = read(0, buffer, sizeof buffer)) > 0) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        printf("%ld.%09ld %zd\n", (long)now.tv_sec, now.tv_nsec, count);
        fflush(stdout);
    }
    return 0;
}
C
cc -O2 -o "$work/stamp" "$work/stamp.c"

"$here/gen-workout.py" 1 --kinds work --work "$SECS" --no-cues --name "Twenty seconds" > "$work/t.json"

echo "pacer:    $PACER ($("$PACER" --version))"
if [[ -n "${PACER_BEFORE:-}" ]]; then
    PACER_BEFORE="$(cd "$(dirname "$PACER_BEFORE")" && pwd)/$(basename "$PACER_BEFORE")"
    echo "pacer-before: $PACER_BEFORE ($("$PACER_BEFORE" --version))"
fi
echo "termdown: $TERMDOWN ($("$TERMDOWN" --version 2>&1 | head -1)), python $(python3 -c 'import platform; print(platform.python_version())')"
echo "tmux $(tmux -V | awk '{print $2}'), pane 100x30, TERM inside tmux: tmux default; $ROUNDS rounds, $SECS s each"

# run NAME CMD...: runs CMD in a fresh tmux session under /usr/bin/time and rtime, its output
# stamped; prints time's "%e %U %S %M", rtime's "elapsed user sys maxrss", then the bytes per
# second and the first draw's bytes, on one line.
run() {
    local name="$1"; shift
    local out="$work/$name.time"
    rm -f "$out" "$out.precise" "$out.bytes"
    local cmd
    printf -v cmd '%q ' /usr/bin/time -o "$out" -f '%e %U %S %M' "$work/rtime" "$out.precise" "$@"
    pane_run "$sock" "$name" "$work" "$(printf %q "$work/stamp") > $(printf %q "$out.bytes")" "$SECS" "$cmd"
    # /usr/bin/time writes "Command exited with non-zero status N" first on failure.
    if grep -q "non-zero" "$out"; then echo "$name: $(head -1 "$out")" >&2; fi
    echo "$(tail -1 "$out") $(cat "$out.precise") $(python3 - "$out.bytes" "$SECS" <<'PY'
import sys
chunks = [(float(t), int(n)) for t, n in (line.split() for line in open(sys.argv[1]))]
seconds = float(sys.argv[2])
start = chunks[0][0]
window = [n for t, n in chunks if start + 0.5 <= t <= start + seconds - 0.5]
first = sum(n for t, n in chunks if t < start + 0.3)
print(f"{sum(window) / (seconds - 1):.1f} {first}")
PY
)"
}

results="$work/results.txt"
: > "$results"
echo "columns: /usr/bin/time's %e %U %S %M | rtime's (wait4, us resolution) user+sys and maxrss of the program itself"
echo "and the bytes per second written to the terminal during the countdown, and in the first draw"
printf '%-6s %-12s %9s %7s %7s %8s | %10s %9s | %8s %8s\n' round program elapsed_s user_s sys_s peak_KB cpu_ms peak_KB bytes/s first
programs=(termdown pacer)
[[ -n "${PACER_BEFORE:-}" ]] && programs+=(pacer-before)
for ((r = 1; r <= ROUNDS; r++)); do
    for prog in "${programs[@]}"; do
        case $prog in
            termdown) line=$(run "termdown-$r" "$TERMDOWN" "$SECS") ;;
            pacer) line=$(run "pacer-$r" "$PACER" run "$work/t.json") ;;
            pacer-before) line=$(run "pacer-before-$r" "$PACER_BEFORE" run "$work/t.json") ;;
        esac
        read -r e u s m pe pu ps pm rate first <<<"$line"
        cpu=$(python3 -c "print(f'{($pu + $ps) * 1000:.1f}')")
        printf '%-6s %-12s %9s %7s %7s %8s | %10s %9s | %8s %8s\n' "$r" "$prog" "$e" "$u" "$s" "$m" "$cpu" "$pm" "$rate" "$first"
        echo "$prog $e $u $s $m $pe $pu $ps $pm $rate $first" >> "$results"
    done
done

python3 - "$results" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
programs = sorted({r[0] for r in rows}, key=["termdown", "pacer", "pacer-before"].index)
def med(prog, f):
    return statistics.median(f(r) for r in rows if r[0] == prog)
# Precise figures from rtime: program's own user+sys and peak RSS.
cpu = lambda r: (float(r[6]) + float(r[7])) * 1000
rss = lambda r: int(r[8])
el = lambda r: float(r[1])
time_cpu = lambda r: (float(r[2]) + float(r[3])) * 1000
time_rss = lambda r: int(r[4])
rate = lambda r: float(r[9])
first = lambda r: int(r[10])
t_cpu, p_cpu = med("termdown", cpu), med("pacer", cpu)
t_rss, p_rss = med("termdown", rss), med("pacer", rss)
print()
print(f"medians          {'elapsed':>9} {'CPU (user+sys)':>15} {'peak RSS':>10} {'bytes/s':>9} {'first draw':>11}")
for prog in programs:
    print(f"{prog:16} {med(prog, el):>8.2f}s {med(prog, cpu):>12.1f} ms {med(prog, rss):>7.0f} KB {med(prog, rate):>9.1f} {med(prog, first):>8.0f} B")
print("(/usr/bin/time alone, 10 ms resolution: " + ", ".join(f"{prog} {med(prog, time_cpu):.0f} ms {med(prog, time_rss):.0f} KB" for prog in programs) + ")")
cpu_ratio = p_cpu / t_cpu if t_cpu else float("inf")
rss_ratio = p_rss / t_rss
bytes_ratio = med("pacer", rate) / med("pacer", first)
print(f"ratio pacer/termdown: CPU {cpu_ratio:.3f} (1/{1/cpu_ratio:.1f}), peak RSS {rss_ratio:.3f} (1/{1/rss_ratio:.1f})")
print(f"pacer's bytes per second / its full redraw (first draw): {bytes_ratio:.3f} (1/{1/bytes_ratio:.1f})")
if "pacer-before" in programs:
    print(f"pacer / pacer-before: CPU {p_cpu / med('pacer-before', cpu):.3f}, peak RSS {p_rss / med('pacer-before', rss):.3f}, "
          f"bytes per second {med('pacer', rate) / med('pacer-before', rate):.3f}")
print(f"target CPU <= 1/30:                      {'MET' if cpu_ratio <= 1 / 30 else 'MISSED'}")
print(f"target RSS <= 0.33 and <= 10 MB:         {'MET' if rss_ratio <= 0.33 and p_rss <= 10_000 else 'MISSED'}")
print(f"target bytes/s <= 1/10 of a full redraw: {'MET' if bytes_ratio <= 0.1 else 'MISSED'}")
PY
