#!/usr/bin/env bash
# The speaking coach's costs: how fast `pacer render` writes the 7-minute workout (target: 50x real
# time, under 10 s for its ~8 minutes of audio), and whether the live speech sink makes phase starts
# late (bench/lateness.py with and without it, the engine synthesising every utterance).
#
#   PACER=/tmp/pacer-release/release/pacer bench/speech.sh      (RUNS, LATENESS_RUNS)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/common.sh
RUNS="${RUNS:-5}"
LATENESS_RUNS="${LATENESS_RUNS:-5}"

command -v espeak-ng >/dev/null || apt_install espeak-ng || { echo "espeak-ng is needed" >&2; exit 2; }
command -v soxi >/dev/null || apt_install sox || { echo "sox is needed" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "pacer: $PACER ($("$PACER" --version)); $(espeak-ng --version | head -1)"
echo "machine: $(nproc) cores, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

# median of the numbers on standard input
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo
echo "== pacer render seven-minute -o FILE.wav: wall time, $RUNS runs each =="
printf '%-12s %8s %8s %8s %9s %9s %8s  %s\n' case median_s min_s max_s audio_s realtime peak_KB "pacer's report"
for case in speech no-speech; do
    flags=()
    [[ "$case" == no-speech ]] && flags=(--no-speech)
    times=()
    for ((run = 1; run <= RUNS; run++)); do
        start=$(date +%s%N)
        /usr/bin/time -f %M -o "$work/rss" "$PACER" render seven-minute -o "$work/$case.wav" "${flags[@]}" >"$work/out"
        end=$(date +%s%N)
        times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')")
    done
    audio=$(soxi -D "$work/$case.wav")
    med=$(printf '%s\n' "${times[@]}" | median)
    min=$(printf '%s\n' "${times[@]}" | sort -g | head -1)
    max=$(printf '%s\n' "${times[@]}" | sort -g | tail -1)
    printf '%-12s %8.3f %8.3f %8.3f %9.3f %8.0fx %8s  %s\n' "$case" "$med" "$min" "$max" "$audio" \
        "$(awk -v a="$audio" -v t="$med" 'BEGIN { print a / t }')" "$(cat "$work/rss")" "$(sed 's/^wrote [^:]*: //' "$work/out")"
    [[ "$case" == speech ]] && speech_median=$med && speech_audio=$audio
done
verdict=$(awk -v t="$speech_median" -v a="$speech_audio" 'BEGIN { print (t < 10 && a / t >= 50) ? "MET" : "MISSED" }')
echo "target: under 10 s and 50x real time or better, with speech: ${speech_median} s for ${speech_audio} s of audio: $verdict"

echo
echo "== phase-start lateness with and without the speech sink =="
# bench/lateness.py --speed 2 --runs 1: 60 phases of 1 s (0.5 s real), countdown 0, a reader of the
# log on a FIFO; the sinks are terminal (to /dev/null) alone, then with speech:rate=500, which says
# every phase's name (or the short form) at its start. The two cases alternate run by run, so that
# a change in the machine's load hits both. Every utterance is really synthesised: espeak-ng writes
# its audio to /dev/null (no sound card needed), so its CPU competes with the clock as it would.
mkdir -p "$work/bin"
printf '#!/bin/sh\necho >>%s\nexec %s --stdout "$@"\n' "$work/said" "$(command -v espeak-ng)" >"$work/bin/espeak-ng"
chmod +x "$work/bin/espeak-ng"
echo "columns: phase-start arrival - due at the reader (anchored on the best-delivered phase), and t - due in pacer's log, ms"
printf '%-4s %-7s %9s %9s %9s %9s %9s %6s  %s\n' run sinks arr_p50 arr_p99 arr_max log_p99 log_max spoken load
for ((run = 1; run <= LATENESS_RUNS; run++)); do
    for case in plain speech; do
        sinks=(--sink terminal)
        [[ "$case" == speech ]] && sinks+=(--sink speech:rate=500)
        : >"$work/said"
        load=$(cut -d' ' -f1 /proc/loadavg)
        out=$(bench/lateness.py --speed 2 --runs 1 --path "$work/bin" "${sinks[@]}")
        best=$(awk '/^median of/ { m = 1 } m && /from best phase/ { print $7, $8, $9; exit }' <<<"$out")
        log=$(awk '/^median of/ { m = 1 } m && /pacer.s log/ { print $7, $8; exit }' <<<"$out")
        printf '%-4s %-7s %9s %9s %9s %9s %9s %6s  %s\n' "$run" "$case" $best $log "$(wc -l <"$work/said")" "$load"
    done
done | tee "$work/lateness"
echo "medians over runs:"
for case in plain speech; do
    printf '  %-7s arrival p50 %s p99 %s max %s | log p99 %s max %s ms\n' "$case" \
        "$(awk -v c="$case" '$2 == c { print $3 }' "$work/lateness" | median)" \
        "$(awk -v c="$case" '$2 == c { print $4 }' "$work/lateness" | median)" \
        "$(awk -v c="$case" '$2 == c { print $5 }' "$work/lateness" | median)" \
        "$(awk -v c="$case" '$2 == c { print $6 }' "$work/lateness" | median)" \
        "$(awk -v c="$case" '$2 == c { print $7 }' "$work/lateness" | median)"
done
