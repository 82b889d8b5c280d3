#!/usr/bin/env bash
# Completion in real shells: loads pacer's completion into bash, zsh and fish (each one installed)
# running in tmux, presses Tab after the start of an option and of workout names that hold spaces,
# quotes and shell syntax, runs the line, and checks that the command got each name as one word
# and that nothing in a name ran.
set -euo pipefail
cd "$(dirname "$0")/.."

NAME=completion-test
# shellcheck source=scripts/tmux-harness.sh
source scripts/tmux-harness.sh

mkdir -p "$work/bin" "$work/workouts" "$work/home" "$work/zsh"
ln -s "$pacer" "$work/bin/pacer"
# Workout names, each after a start that no other workout (built-ins included) and no file in the work folder shares.
names=('k b' "q'uote" 'dq"x' 'm$(touch injected)' 'n`touch injected`' 'semi;touch injected' 'x:y' 'j{brace,es}'
       'back\slash' 'dollar $HOME')
starts=(k q dq m n semi x j back do)
for name in "${names[@]}"; do echo '{"name": "x", "steps": [{"work": 1}]}' > "$work/workouts/$name.json"; done
"$pacer" completions bash > "$work/pacer.bash"
"$pacer" completions zsh > "$work/zsh/_pacer"
"$pacer" completions fish > "$work/pacer.fish"

# try SHELL TYPED EXPECTED...: types 'pacer TYPED' (a Tab for each \t), runs it, and compares the
# arguments the shell passed to pacer (a function that writes them to a file) with EXPECTED.
try() {
    local shell=$1 typed=$2; shift 2
    rm -f "$work/args"
    local rest="pacer $typed" part
    while [ -n "$rest" ]; do
        part=${rest%%$'\t'*}
        [ -z "$part" ] || tmux_ send-keys -t test -l -- "$part"
        if [ "$part" = "$rest" ]; then rest=; else tmux_ send-keys -t test Tab; rest=${rest#*$'\t'}; fi
    done
    tmux_ send-keys -t test Enter
    if wait_for 5 test -s "$work/args" && [ "$(cat "$work/args")" = "$(printf '%s\n' "$#" "$@")" ]; then
        passed=$((passed + 1)); echo "ok    $shell: pacer ${typed//$'\t'/<TAB>}"
    else
        failed=$((failed + 1)); echo "FAIL  $shell: pacer ${typed//$'\t'/<TAB>} should give: $*"
        echo "----- arguments:"; cat "$work/args" 2>/dev/null || true; echo "----- screen:"; tmux_ capture-pane -p -t test; echo "-----"
        # Away with whatever is left on the line before the next case.
        tmux_ send-keys -t test C-c
        sleep 0.5
    fi
}

# run_shell NAME COMMAND SETUP: starts the shell in tmux, sets it up, and tries every case.
run_shell() {
    local shell=$1 command=$2 setup=$3
    if ! command -v "$shell" >/dev/null; then echo "skip  $shell: not installed"; return; fi
    tmux_ kill-server 2>/dev/null || true
    server="pacer-completion-test-$$-$shell"
    tmux_ new-session -d -s test -x 150 -y 40 \
        "cd $work && env -i HOME=$work/home TERM=xterm LANG=C.UTF-8 PATH=$work/bin:/usr/bin:/bin PACER_PATH=$work/workouts $command"
    tmux_ send-keys -t test "$setup; echo READY" Enter
    wait_for 10 screen_has READY || { failed=$((failed + 1)); echo "FAIL  $shell did not start"; return; }
    try "$shell" $'ru\t--sp\t 2 tab\t' run --speed 2 tabata
    try "$shell" $'run --color=al\t tab\t' run --color=always tabata
    local i
    for i in "${!names[@]}"; do try "$shell" "run ${starts[i]}"$'\t' run "${names[i]}"; done
}

run_shell bash "bash --norc --noprofile" \
    "source $work/pacer.bash; pacer() { printf '%s\n' \"\$#\" \"\$@\" > $work/args; }"
run_shell zsh "zsh -f" \
    "fpath=($work/zsh \$fpath); autoload -U compinit; compinit -u -D; pacer() { printf '%s\n' \"\$#\" \"\$@\" > $work/args; }"
run_shell fish "fish --no-config" \
    "source $work/pacer.fish; function pacer; printf '%s\n' (count \$argv) \$argv > $work/args; end"

if [ -e "$work/injected" ]; then failed=$((failed + 1)); echo "FAIL  completing a workout name ran a command"; fi
echo "completion-test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
