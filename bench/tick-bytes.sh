#!/usr/bin/env bash
# What the display writes to the terminal in a 20-second countdown, by kind of byte, and what
# the bytes-per-second / full-redraw ratio of issue 19 would be if every run of one block
# character were written as the character and REP (`ESC [ n b`, repeat the last character).
#
#   PACER=/tmp/pacer-release/bin/pacer bench/tick-bytes.sh
#
# pacer runs once in a detached tmux pane of 100x30 (as bench/vs-termdown.sh runs it, default
# sinks, its folders under a work folder); tmux pipe-pane copies what it writes to a file. The
# first draw is everything up to the prompt; each tick is a frame between `ESC 7` and `ESC 8`.
# Counts are bytes, the same in every run of the same build (no timing is involved).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SECS="${SECONDS_TO_RUN:-20}"
# shellcheck source=bench/common.sh
source "$here/common.sh"
command -v tmux >/dev/null || apt_install tmux

work="$(mktemp -d)"
sock="pacer-tick-bytes-$$"
cleanup() { tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

"$here/gen-workout.py" 1 --kinds work --work "$SECS" --no-cues --name "Twenty seconds" > "$work/t.json"
echo "pacer: $PACER ($("$PACER" --version)), tmux $(tmux -V | awk '{print $2}'), pane 100x30, $SECS s"

pane_run "$sock" bytes "$work" "cat > $(printf %q "$work/out")" "$SECS" "$(printf %q "$PACER") run t.json"

python3 - "$work/out" <<'PY'
import collections
import re
import sys

data = open(sys.argv[1], "rb").read()
prompt = data.index(b"pacer> ") + len(b"pacer> ")
first = data[:prompt]
# Every frame but the last (the end of the session) is a tick.
ticks = [frame + b"\x1b8" for frame in data[prompt:].split(b"\x1b8")[:-1]]

TOKEN = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[0-9A-Za-z]|\xe2\x96[\x80-\xbf]|.", re.S)
MOVES = {"H": "cursor moves", "A": "cursor moves", "B": "cursor moves", "C": "cursor moves",
         "D": "cursor moves", "G": "cursor moves"}


def kind(token):
    if token.startswith(b"\x1b["):
        final = chr(token[-1])
        return MOVES.get(final, {"m": "styles", "X": "erasures", "K": "erasures"}.get(final, "other sequences"))
    if token in (b"\x1bD", b"\x08"):
        return "cursor moves"
    if token in (b"\x1b7", b"\x1b8"):
        return "save/restore cursor"
    if token.startswith(b"\xe2\x96"):
        return "block characters (3 B each)"
    if token == b" ":
        return "spaces"
    return "other text" if not token.startswith(b"\x1b") else "other sequences"


def with_rep(frame):
    """The frame with each run of one block character written as it and REP, where shorter."""
    def shorter(match):
        run, character = match.group(0), match.group(1)
        repeated = character + b"\x1b[%db" % (len(run) // len(character) - 1)
        return repeated if len(repeated) < len(run) else run
    return re.sub(rb"(\xe2\x96[\x80-\xbf])\1+", shorter, frame)


kinds = collections.Counter()
for tick in ticks:
    for token in TOKEN.findall(tick):
        kinds[kind(token)] += len(token)
per_tick = sum(map(len, ticks)) / len(ticks)
print(f"first draw (a full redraw): {len(first)} B; {len(ticks)} ticks, {per_tick:.1f} B each on average")
print("a tick's bytes by kind (average):")
for name, count in kinds.most_common():
    print(f"  {name:30} {count / len(ticks):6.1f}")
rep_first = len(with_rep(first))
rep_tick = sum(len(with_rep(tick)) for tick in ticks) / len(ticks)
print(f"ratio tick / first draw:          {per_tick / len(first):.3f}")
print(f"with REP: first draw {rep_first} B, a tick {rep_tick:.1f} B, ratio {rep_tick / rep_first:.3f}")
PY
