#!/usr/bin/env bash
# pacer show --watch in a real terminal: saves the file the way editors do (in place, and by
# renaming a new file over it), breaks it and fixes it, and checks the screen follows within a
# second each time; then Ctrl-C, and the terminal is as it was. Also `pacer run -` with its
# prompt on the terminal while the workout came from a pipe, and `pacer edit`'s re-edit loop with
# an EDITOR that writes a bad file, then a good one.
set -euo pipefail
cd "$(dirname "$0")/.."

NAME=authoring-test
# shellcheck source=scripts/tmux-harness.sh
source scripts/tmux-harness.sh

mkdir -p "$work/w"
printf '{"name": "Watched", "steps": [{"work": 30, "name": "Squats"}]}\n' > "$work/w/mine.json"

tmux_ new-session -d -s test -x 100 -y 30 "$test_shell"
tmux_ send-keys -t test "stty -a > $work/stty-before; clear" Enter
sleep 0.3
tmux_ send-keys -t test "$pacer show --watch $work/w/mine.json; echo EXIT=\$?; stty -a > $work/stty-after" Enter
check "the timeline shows" wait_for 5 screen_has "Squats"
check "on the alternate screen" alternate_screen_is 1

printf '{"name": "Watched", "steps": [{"work": 30, "name": "Lunges"}]}\n' > "$work/w/mine.json"
check "saved in place: the screen changes within a second" wait_for 1 screen_has "Lunges"
check "and the old timeline is gone" screen_lacks "Squats"

printf '{"name": "Watched", "steps": [{"wrok": 30}]}\n' > "$work/w/.mine.json.swp"
mv "$work/w/.mine.json.swp" "$work/w/mine.json"
check "saved by rename with an error: the error shows" wait_for 1 screen_has 'unknown key "wrok"'

printf '{"name": "Watched", "steps": [{"work": 45, "name": "Burpees"}]}\n' > "$work/w/new"
mv "$work/w/new" "$work/w/mine.json"
check "fixed: the timeline is back" wait_for 1 screen_has "Burpees"
check "and the error is gone" screen_lacks "wrok"

tmux_ send-keys -t test C-c
check "Ctrl-C ends the watch" wait_for 3 screen_has "EXIT="
check "back on the normal screen" alternate_screen_is 0
check "the terminal modes are as they were" wait_for 2 cmp -s "$work/stty-before" "$work/stty-after"

# pacer run -: the workout from a pipe, the commands from the terminal.
printf '{"name": "Piped", "steps": [{"work": 60, "name": "Plank"}, {"rest": 60}]}\n' > "$work/piped.json"
tmux_ send-keys -t test "clear; cat $work/piped.json | $pacer run - --no-bell --no-history; echo EXIT=\$?" Enter
check "run - shows the piped workout" wait_for 5 screen_has "Plank"
check "and its prompt" wait_for 5 screen_has "pacer>"
tmux_ send-keys -t test "quit" Enter
check "a command typed at the terminal ends it" wait_for 5 screen_has "EXIT=0"

# pacer edit: errors, "Edit again?", yes, and the good file is saved.
cat > "$work/editor.sh" <<'SH'
#!/bin/sh
n=$(cat "$(dirname "$0")/count" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > "$(dirname "$0")/count"
if [ $n = 1 ]; then printf '{"name": "E", "steps": [{"wrok": 1}]}' > "$1"; else printf '{"name": "E", "steps": [{"work": 5, "name": "Edited"}]}' > "$1"; fi
SH
chmod +x "$work/editor.sh"
tmux_ send-keys -t test "clear; EDITOR=$work/editor.sh $pacer edit $work/w/mine.json; echo EXIT=\$?" Enter
check "edit shows the bad file's errors" wait_for 5 screen_has 'unknown key "wrok"'
check "and asks to edit again" wait_for 3 screen_has "Edit again? [Y/n]"
check "the valid file is not replaced meanwhile" grep -q Burpees "$work/w/mine.json"
tmux_ send-keys -t test "y" Enter
check "the second edit is saved" wait_for 5 screen_has "saved $work/w/mine.json: 1 phase, 5s"
check "edit exits 0" wait_for 3 screen_has "EXIT=0"
check "the file is the good one" grep -q Edited "$work/w/mine.json"
check "no edited copy is left" [ ! -e "$work/w/.mine.edit.json" ]

# pacer show: a ride's power profile under the timeline, coloured by zone on a terminal, with no
# escapes at all when TERM=dumb.
zone_colour_shown() { tmux_ capture-pane -e -p -t test | grep -qF $'\e[33m█'; }
no_colour_shown() { ! tmux_ capture-pane -e -p -t test | grep -q $'\e\\[[0-9;]*m'; }
tmux_ send-keys -t test "clear; $pacer show sweet-spot; echo EXIT=\$?" Enter
check "show draws the power profile" wait_for 5 screen_has "Power profile (% FTP):"
check "and the planned load under it" wait_for 5 screen_has "Planned load: NP "
check "its bars in zone colours (Z4 yellow)" zone_colour_shown
tmux_ send-keys -t test "clear; TERM=dumb $pacer show sweet-spot; echo DUMB=\$?" Enter
check "with TERM=dumb too" wait_for 5 screen_has "DUMB=0"
check "but without a colour" no_colour_shown
check "and with its profile" screen_has "Time in power zones:"

echo "authoring-test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
