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
LATENESS_RUNS="${LATENESS_RUNS:-3}"

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
echo "== phase-start lateness with and without the speech sink (bench/lateness.py --speed 2) =="
# Every utterance is really synthesised: espeak-ng writes its audio to /dev/null (no sound card
# is needed), so the engine's CPU competes with the clock as it would when speaking.
mkdir -p "$work/bin"
printf '#!/bin/sh\necho >>%s\nexec %s --stdout "$@"\n' "$work/said" "$(command -v espeak-ng)" >"$work/bin/espeak-ng"
chmod +x "$work/bin/espeak-ng"
for sinks in "terminal" "terminal speech:rate=500"; do
    arguments=(--speed 2 --runs "$LATENESS_RUNS" --path "$work/bin")
    for sink in $sinks; do arguments+=(--sink "$sink"); done
    echo "-- sinks: $sinks"
    : >"$work/said"
    bench/lateness.py "${arguments[@]}" | sed -n '/^median of/,$p'
    echo "utterances synthesised by espeak-ng: $(wc -l <"$work/said") in $LATENESS_RUNS sessions"
done
