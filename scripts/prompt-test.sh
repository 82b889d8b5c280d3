#!/usr/bin/env bash
# The prompt in a real terminal: runs pacer inside tmux, types at its prompt while the display
# redraws, and checks the screen, the event log, the history file and the terminal modes afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

NAME=prompt-test
# shellcheck source=scripts/tmux-harness.sh
source scripts/tmux-harness.sh
log_has() { grep -q -- "$1" "$work/log.jsonl" 2>/dev/null; }
log_lacks() { ! log_has "$1"; }
prompt_line_is() { screen | grep -qx -- "pacer> $1"; }
prompt_is_empty() { screen | grep -qx -- "pacer>"; }
screen_has_no_colour() { ! tmux_ capture-pane -p -e -t test | grep -q $'\e\['; }

cat > "$work/two.json" <<'JSON'
{ "name": "Prompt test", "steps": [ { "work": 60, "name": "First" }, { "work": 60, "name": "Second" }, { "rest": 60 } ] }
JSON

start_pacer() {
    tmux_ send-keys -t test "clear; XDG_STATE_HOME=$work/state $pacer run $work/two.json --no-bell --log $work/log.jsonl; echo EXIT=\$?; stty -a > $work/stty-after" Enter
    wait_for 10 screen_has "pacer>"
}

tmux_ new-session -d -s test -x 100 -y 30 "$test_shell"
tmux_ send-keys -t test "stty -a > $work/stty-before" Enter
sleep 0.3

# First run: a half-typed command survives several redraws, then takes effect.
start_pacer
phase_line() { screen | grep -m1 "^phase"; }
before=$(phase_line)
tmux_ send-keys -t test "pau"
sleep 2.5
check "display kept redrawing above the prompt" [ "$(phase_line)" != "$before" ]
check "half-typed command intact after redraws" prompt_line_is "pau"
tmux_ send-keys -t test "se" Enter
check "finished command reaches the log" wait_for 5 log_has '"event":"pause"'
check "pause shows on the display" wait_for 3 screen_has "PAUSED"
tmux_ send-keys -t test "" Enter
check "empty line resumes" wait_for 5 log_has '"event":"resume"'
: > "$work/log.jsonl"

# Tab completion of a command name.
tmux_ send-keys -t test "sk" Tab
check "tab completes 'sk' to 'skip'" wait_for 3 prompt_line_is "skip"
tmux_ send-keys -t test Enter
check "completed skip ends the phase" wait_for 5 log_has '"outcome":"skipped"'
check "next phase shows" wait_for 3 screen_has "Second"
check "skip answers at the prompt" wait_for 3 screen_has "skipped First: Second, 1:00 left"
tmux_ send-keys -t test "+30" Enter
check "+30 answers at the prompt" wait_for 3 screen_has "Second lengthened by 30s: 1:"
check "+30 reaches the log" wait_for 5 log_has '"event":"extend"'

# Unknown input gets a hint, not an exit.
tmux_ send-keys -t test "jump" Enter
check "unknown command gets a one-line hint" wait_for 3 screen_has 'unknown command "jump"'
tmux_ send-keys -t test "quit" Enter
check "quit ends the session with exit 0" wait_for 5 screen_has "EXIT=0"
check "quit is logged" log_has '"outcome":"quit"'
check "history file kept" grep -qx "quit" "$work/state/pacer/history"

# Second run: history from the first run, then Ctrl-C.
start_pacer
tmux_ send-keys -t test Up
check "history recalls the last command of the previous run" wait_for 3 prompt_line_is "quit"
tmux_ send-keys -t test C-u "resu"
sleep 0.3
tmux_ send-keys -t test C-c
check "Ctrl-C exits with 130" wait_for 5 screen_has "EXIT=130"
check "Ctrl-C is logged as aborted" wait_for 3 log_has '"outcome":"aborted"'
check "terminal modes restored after Ctrl-C" wait_for 3 cmp -s "$work/stty-before" "$work/stty-after"
check "summary printed on the normal screen" screen_has "Session interrupted."

# Third run: Ctrl-Z pauses and stops pacer, giving the shell its screen; fg brings it all back.
: > "$work/log.jsonl"
tmux_ send-keys -t test "clear; XDG_STATE_HOME=$work/state $pacer run $work/two.json --no-bell --log $work/log.jsonl" Enter
wait_for 10 screen_has "pacer>"
tmux_ send-keys -t test "resu"
wait_for 3 prompt_line_is "resu"
tmux_ send-keys -t test C-z
check "Ctrl-Z stops pacer and returns to the shell" wait_for 5 screen_has "Stopped"
check "Ctrl-Z pauses the session" wait_for 3 log_has '"event":"pause"'
tmux_ send-keys -t test "fg" Enter
check "fg brings back the display" wait_for 5 screen_has "PAUSED"
check "the half-typed command survives the stop" wait_for 3 prompt_line_is "resu"
tmux_ send-keys -t test "me" Enter
check "the completed command works after fg" wait_for 5 log_has '"event":"resume"'

# A resize re-lays the display out (compact when short) and keeps the half-typed command.
tmux_ send-keys -t test "sta"
tmux_ resize-window -t test -x 70 -y 12
check "a short terminal gets the compact display" wait_for 3 screen_has "[1/3]"
check "the half-typed command survives a resize" wait_for 3 prompt_line_is "sta"
tmux_ resize-window -t test -x 100 -y 30
check "a tall terminal gets the big digits back" wait_for 3 screen_has "█████"
tmux_ send-keys -t test C-u

# Issue 19: the digits take the largest size that fits with the prompt's room, and a resize picks
# again, however many come at once.
digits_are() { [ "$(screen | awk '/^phase/ { exit } /█/ { rows++ } END { print rows + 0 }')" = "$1" ]; }
check "at 100x30 the digits are 11 rows tall" wait_for 3 digits_are 11
tmux_ resize-window -t test -x 220 -y 60
check "at 220x60 the digits are 39 rows tall" wait_for 3 digits_are 39
for size in 50x20 160x50 30x8 1x1 2x1 240x70 41x14 90x28 100x30; do tmux_ resize-window -t test -x "${size%x*}" -y "${size#*x}"; done
check "after a flood of resizes the digits fit 100x30 again" wait_for 3 digits_are 11

# Issue 19: only what changed is written. Everything pacer writes from here is copied to a file.
bytes() { stat -c %s "$work/bytes" 2>/dev/null || echo 0; }
tmux_ pipe-pane -o -t test "cat >> $work/bytes"
sleep 0.5
start=$(bytes)
sleep 3
running=$(( $(bytes) - start ))
tmux_ send-keys -t test "pause" Enter
wait_for 5 log_has '"event":"pause"'
wait_for 5 screen_has "PAUSED"
sleep 0.5
block_before=$(screen | head -19)
start=$(bytes)
sleep 2.2
check "nothing is written while the display stands still" [ "$(( $(bytes) - start ))" = 0 ]
tmux_ send-keys -t test "resu"
sleep 0.3
start=$(bytes)
tmux_ send-keys -t test C-l
check "Ctrl-L draws the screen anew" wait_for 3 prompt_line_is "resu"
sleep 0.3
whole=$(( $(bytes) - start ))
check "the redrawn block is the one drawn cell by cell" [ "$(screen | head -19)" = "$block_before" ]
check "a second of countdown writes under a fifth of a whole redraw ($running bytes in 3 s, $whole for a redraw)" [ $(( running * 5 )) -lt $(( whole * 3 )) ]
tmux_ pipe-pane -t test
tmux_ send-keys -t test "me" Enter
check "the session goes on after Ctrl-L" wait_for 5 log_has '"event":"resume"'

# Ctrl-D on an empty line asks before quitting.
tmux_ send-keys -t test C-d
check "Ctrl-D asks before quitting" wait_for 3 screen_has "End the session? [y/N]"
tmux_ send-keys -t test "n" Enter
check "answering no goes on" wait_for 3 screen_has "going on"
tmux_ send-keys -t test C-d
wait_for 3 screen_has "End the session? [y/N]" || true
tmux_ send-keys -t test "y" Enter
check "answering yes ends the session" wait_for 5 log_has '"outcome":"quit"'

# Issue 7, item 6: standard output redirected, standard input the terminal. The prompt is drawn on
# the terminal (standard error), typed commands reach pacer instead of the shell, and Ctrl-Z and fg
# still work.
: > "$work/log.jsonl"
tmux_ send-keys -t test "clear; XDG_STATE_HOME=$work/state $pacer run $work/two.json --no-bell --log $work/log.jsonl > $work/out.txt" Enter
check "with stdout redirected the prompt is on the terminal" wait_for 10 screen_has "pacer>"
tmux_ send-keys -t test "pause" Enter
check "a command typed with stdout redirected reaches pacer" wait_for 5 log_has '"event":"pause"'
tmux_ send-keys -t test C-z
check "Ctrl-Z stops it with stdout redirected" wait_for 5 screen_has "Stopped"
tmux_ send-keys -t test "fg" Enter
check "fg brings the prompt back with stdout redirected" wait_for 5 screen_has "pacer: paused; type resume"
tmux_ send-keys -t test "resume" Enter
check "a command typed after fg reaches pacer" wait_for 5 log_has '"event":"resume"'
tmux_ send-keys -t test "quit" Enter
check "quit ends the session with stdout redirected" wait_for 5 log_has '"outcome":"quit"'
wait_for 3 grep -q "Session ended early" "$work/out.txt" || true
check "the display went to the file" grep -q "\[1/3\]  WORK  First" "$work/out.txt"
check "the summary went to the file" grep -q "^Session ended early" "$work/out.txt"
check "nothing typed was left for the shell" screen_lacks "command not found"

# Issue 7, item 14: TERM=dumb gets plain lines, no alternate screen, no cursor addressing or
# colour, and reads commands as plain lines.
: > "$work/log.jsonl"
tmux_ send-keys -t test "clear; TERM=dumb XDG_STATE_HOME=$work/state $pacer run $work/two.json --no-bell --log $work/log.jsonl; echo EXIT=\$?" Enter
check "TERM=dumb gets plain lines" wait_for 10 screen_has "[1/3]  WORK  First  1m  (next: Second)"
check "TERM=dumb stays on the normal screen" alternate_screen_is 0
check "TERM=dumb gets no big digits" screen_lacks "█"
check "TERM=dumb gets no colour" screen_has_no_colour
tmux_ send-keys -t test "skip" Enter
check "TERM=dumb reads commands as plain lines" wait_for 5 screen_has "[2/3]  WORK  Second"
tmux_ send-keys -t test "quit" Enter
check "TERM=dumb quits with exit 0" wait_for 5 screen_has "EXIT=0"
check "TERM=dumb logs the quit" log_has '"outcome":"quit"'

# Issue 7, item 15: a stop from outside (kill -STOP), which pacer cannot see coming, then fg:
# the terminal is taken back as after Ctrl-Z (readline's modes redone, the screen redrawn).
: > "$work/log.jsonl"
tmux_ send-keys -t test "clear; XDG_STATE_HOME=$work/state $pacer run $work/two.json --no-bell --log $work/log.jsonl; stty -a > $work/stty-after" Enter
wait_for 10 screen_has "pacer>"
pacer_pid=$(pgrep -P "$(tmux_ display -p -t test '#{pane_pid}')" -x pacer || true)
check "pacer's process is found" [ -n "$pacer_pid" ]
kill -STOP "$pacer_pid" 2>/dev/null || true
check "a stop from outside returns to the shell" wait_for 5 screen_has "Stopped"
tmux_ send-keys -t test "fg" Enter
check "fg after a stop from outside redraws the display" wait_for 5 screen_has "next: Second"
check "fg after a stop from outside redraws the prompt" wait_for 3 prompt_is_empty
tmux_ send-keys -t test "sta"
check "typed text after fg is echoed once" wait_for 3 prompt_line_is "sta"
check "typed text after fg is not echoed twice" [ "$(screen | grep -c 'sta')" = 1 ]
tmux_ send-keys -t test C-u "sk" Tab
check "readline has the terminal again after fg (tab completes)" wait_for 3 prompt_line_is "skip"
tmux_ send-keys -t test Enter
check "a command works after a stop from outside" wait_for 5 log_has '"outcome":"skipped"'
tmux_ send-keys -t test "quit" Enter
check "quit after a stop from outside" wait_for 5 log_has '"outcome":"quit"'
check "terminal modes restored after a stop from outside" wait_for 3 cmp -s "$work/stty-before" "$work/stty-after"
check "the normal screen is back after a stop from outside" alternate_screen_is 0

# Issue 19: readline is set up at the first key typed, not before. It reads the prompt's history
# then (pacer itself only looks at what the file is), which sets the file's access time, made 1970
# before each run (a file system mounted noatime would not set it).
history_file="$work/state/pacer/history"
printf 'status\n' >> "$history_file"
history_was_read() { [ "$(stat -c %X "$history_file")" != 0 ]; }
history_is_unread() { ! history_was_read; }
start_lazy_pacer() {
    touch -a -d @0 "$history_file"
    tmux_ send-keys -t test "clear; XDG_STATE_HOME=$work/state $pacer run $work/two.json --no-bell --log $work/log.jsonl; echo EXIT=\$?; stty -a > $work/stty-after" Enter
    wait_for 10 screen_has "pacer>" || true
}
: > "$work/log.jsonl"
start_lazy_pacer
sleep 1
check "the prompt shows before readline is set up" prompt_is_empty
check "readline is not set up while nothing is typed" history_is_unread
tmux_ send-keys -t test C-c
check "Ctrl-C before any key exits with 130" wait_for 5 screen_has "EXIT=130"
check "terminal modes restored when nothing was typed" wait_for 3 cmp -s "$work/stty-before" "$work/stty-after"
: > "$work/log.jsonl"
start_lazy_pacer
tmux_ send-keys -t test "sk"
check "the first key sets readline up" wait_for 3 history_was_read
check "the first keys typed are shown once" wait_for 3 prompt_line_is "sk"
tmux_ send-keys -t test Tab Enter
check "the first keys are edited as any other (tab completes, the command runs)" wait_for 5 log_has '"outcome":"skipped"'
tmux_ send-keys -t test "quit" Enter
check "quit after readline woke" wait_for 5 screen_has "EXIT=0"
check "terminal modes restored after readline woke" wait_for 3 cmp -s "$work/stty-before" "$work/stty-after"

# A FIFO included by the inputrc, and a FIFO as the prompt's history, which readline would open
# at the first key and wait on: pacer says so before the session and leaves them unread; the
# prompt goes on.
mkfifo "$work/fifo"
printf 'set bell-style none\n$include %s\n' "$work/fifo" > "$work/fifo-inputrc"
mkdir -p "$work/fifo-state/pacer"
mkfifo "$work/fifo-state/pacer/history"
lines_have() { tmux_ capture-pane -p -J -t test | grep -qF -- "$1"; } # wrapped lines joined
answers_with() { # answers_with WHAT VARIABLES...: runs pacer with the variables, types status, then quit
    local what=$1; shift
    tmux_ send-keys -t test "clear; $* $pacer run $work/two.json --no-bell; echo EXIT=\$?" Enter
    wait_for 10 screen_has "pacer>" || true
    tmux_ send-keys -t test "status" Enter
    check "$what leaves the prompt answering" wait_for 5 screen_has "left in phase"
    tmux_ send-keys -t test "quit" Enter
    check "quit with $what" wait_for 5 screen_has "EXIT=0"
}
answers_with "a FIFO included by the inputrc and as history" INPUTRC="$work/fifo-inputrc" XDG_STATE_HOME="$work/fifo-state"
check "pacer says the included FIFO is left unread" lines_have "fifo, which the inputrc $work/fifo-inputrc includes, is a FIFO, not a file"
check "pacer says the FIFO history is left unused" lines_have "history is a FIFO, not a file: the prompt keeps no history"
# An inputrc that includes itself: readline followed it until pacer crashed at the first key.
printf '$include %s\n' "$work/self-inputrc" > "$work/self-inputrc"
answers_with "an inputrc that includes itself" INPUTRC="$work/self-inputrc" XDG_STATE_HOME="$work/state"
check "pacer says the inputrc includes itself" lines_have "self-inputrc includes itself: the prompt takes readline's own settings"

# A paste before the first key: bracketed paste is on from the start, so tmux marks the paste
# (paste-buffer -p marks it only when the program asked for it), and readline, woken by its
# first byte, takes it as one paste instead of running each of its lines.
: > "$work/log.jsonl"
start_pacer
tmux_ set-buffer -b pasted "$(printf 'skip\nquit\n')"
tmux_ paste-buffer -p -d -b pasted -t test
sleep 1
check "a paste before the first key does not run its lines" log_lacks '"outcome"'
check "the pasted text waits on the prompt line" wait_for 5 screen_has "pacer> skip"
tmux_ send-keys -t test C-u "quit" Enter
check "quit after a paste before the first key" wait_for 5 log_has '"outcome":"quit"'
check "terminal modes restored after a paste" wait_for 3 cmp -s "$work/stty-before" "$work/stty-after"
# Ended before any key (readline never woke), pacer turns bracketed paste off itself: `cat -v`,
# run straight after it, shows a paste unmarked.
tmux_ send-keys -t test "clear; XDG_STATE_HOME=$work/state $pacer run $work/two.json --no-bell; cat -v" Enter
wait_for 10 screen_has "pacer>" || true
pacer_pid=$(pgrep -P "$(tmux_ display -p -t test '#{pane_pid}')" -x pacer || true)
kill -TERM "$pacer_pid" 2>/dev/null || true
wait_for 5 screen_has "Session interrupted" || true
tmux_ set-buffer -b pasted "pasted-after"
tmux_ paste-buffer -p -d -b pasted -t test
check "a paste after pacer ends arrives" wait_for 3 screen_has "pasted-after"
check "bracketed paste is off again when pacer ends before any key" screen_lacks "[200~"
tmux_ send-keys -t test Enter C-d

# The output stopped with Ctrl-S, then SIGTERM from outside: pacer restarts the output itself, puts
# the screen back and exits, where it waited for a Ctrl-Q that may never come.
: > "$work/log.jsonl"
start_pacer
tmux_ send-keys -t test C-s
sleep 1.5 # a frame is written meanwhile, and waits for the output
pacer_pid=$(pgrep -P "$(tmux_ display -p -t test '#{pane_pid}')" -x pacer || true)
pacer_is_gone() { ! kill -0 "$pacer_pid" 2>/dev/null; }
kill -TERM "$pacer_pid" 2>/dev/null || true
check "SIGTERM with the output stopped (Ctrl-S): pacer exits" wait_for 5 pacer_is_gone
check "SIGTERM with the output stopped: exit 143 on the screen, no Ctrl-Q typed" wait_for 3 screen_has "EXIT=143"
check "SIGTERM with the output stopped: the log says aborted" log_has '"outcome":"aborted"'
check "SIGTERM with the output stopped: the normal screen is back" alternate_screen_is 0
check "SIGTERM with the output stopped: terminal modes restored (ixon too)" wait_for 3 cmp -s "$work/stty-before" "$work/stty-after"

# Issue 35 and 36: a Zwift file run as it is, its targets in the headline at every size, a ramp's
# target moving (in both forms with --ftp), and on plain lines with TERM=dumb.
cat > "$work/ride.zwo" <<'XML'
<workout_file><name>Tmux ride</name><sportType>bike</sportType><workout>
<Warmup Duration="600" PowerLow="0.50" PowerHigh="0.75" Cadence="90"/>
<SteadyState Duration="300" Power="0.90"/>
</workout></workout_file>
XML
tmux_ resize-window -t test -x 100 -y 30
tmux_ send-keys -t test "clear; XDG_STATE_HOME=$work/state $pacer run $work/ride.zwo --ftp 250 --speed 20 --no-bell --no-history; echo EXIT=\$?" Enter
check "a .zwo runs with its ramp's target now, in both forms, at 100x30" wait_for 10 screen_has "WARMUP  Warmup  @ 5"
check "the ramp's target says where it is heading, in watts too" screen_has " % → 75 % FTP · 1"
ramp_now() { screen | grep -o -m1 '@ [0-9]* %' ; }
first=$(ramp_now)
ramp_moved() { [ "$(ramp_now)" != "$first" ]; }
check "the ramp's target moves with the clock" wait_for 5 ramp_moved
check "next: names the next target" screen_has "next: Work @ 90 % FTP · 225 W"
tmux_ resize-window -t test -x 80 -y 24
check "at 80x24 the target is in the headline" wait_for 3 screen_has "% → 75 % FTP"
tmux_ resize-window -t test -x 220 -y 60
check "at 220x60 the target is in the headline" wait_for 3 screen_has "% → 75 % FTP · 1"
tmux_ resize-window -t test -x 60 -y 8
check "the compact display keeps the target" wait_for 3 screen_has "@ "
tmux_ resize-window -t test -x 100 -y 30
tmux_ send-keys -t test "quit" Enter
check "the .zwo session quits with exit 0" wait_for 5 screen_has "EXIT=0"
tmux_ send-keys -t test "clear; TERM=dumb XDG_STATE_HOME=$work/state $pacer run $work/ride.zwo --ftp 250 --no-bell --no-history; echo EXIT=\$?" Enter
check "TERM=dumb prints the targets after @" wait_for 10 screen_has "WARMUP  Warmup  10m  @ ramp 50–75 % FTP · 125–188 W, 90 rpm"
tmux_ send-keys -t test "quit" Enter
check "TERM=dumb with a .zwo quits with exit 0" wait_for 5 screen_has "EXIT=0"

# Issue 41, item 20: Ctrl-Z when input has ended pauses a session nothing can resume, which ends
# it; its notice came after the summary.
tmux_ send-keys -t test "clear; XDG_STATE_HOME=$work/state $pacer run $work/two.json --no-bell --no-history < /dev/null" Enter
wait_for 10 screen_has "First"
tmux_ send-keys -t test C-z
check "Ctrl-Z with input ended stops pacer" wait_for 5 screen_has "Stopped"
tmux_ send-keys -t test "fg" Enter
tmux_ send-keys -t test "echo FG=\$?" Enter
check "after fg the session ends" wait_for 5 screen_has "FG=0"
after_summary() { screen | sed -n '/^Session ended early/,$p'; }
check "the summary is shown" screen_has "Session ended early"
check "nothing is printed after the summary" eval '! after_summary | grep -q "^pacer:"'

# Issue 44: the ride screen at 100x30. The target in digits as big as the clock's, and a reading
# typed at the prompt beside it, marked and with heart rate and cadence under them.
tmux_ resize-window -t test -x 100 -y 30
tmux_ send-keys -t test "clear; XDG_STATE_HOME=$work/state $pacer run '1m @ 200W, 1m @ 150W' --ftp 250 --speed 5 --no-bell --no-history; echo EXIT=\$?" Enter
check "the ride screen names the target under its big digits" wait_for 10 screen_has "target W · 80 % FTP"
check "the target 200 is in seven-row digits" screen_has "████████  ████████  ████████"
tmux_ send-keys -t test "measure power=210 heart_rate=150 cadence=90" Enter
check "the reading is beside the target, within 5 % of it: on target" wait_for 5 screen_has "power W ● on target"
check "the reading 210 is in seven-row digits" screen_has "████████    ██████  ████████"
check "heart rate and cadence are on the line under them" screen_has "heart rate 150 bpm   cadence 90 rpm"
tmux_ send-keys -t test "quit" Enter
check "the ride session quits with exit 0" wait_for 5 screen_has "EXIT=0"

echo "prompt-test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
