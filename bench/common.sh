# Shared by the bench scripts (sourced): the pacer binary to measure and installing what is missing.

PACER="${PACER:-.build/install/release/pacer}"  # the build scripts/install makes
[[ -x "$PACER" ]] || { echo "no pacer binary at $PACER (set PACER=...)" >&2; exit 2; }
PACER="$(cd "$(dirname "$PACER")" && pwd)/$(basename "$PACER")"

apt_updated=
# apt_install PACKAGE...: installs Debian packages, running apt-get update once first.
apt_install() {
    command -v apt-get >/dev/null || return 1
    if [[ -z "$apt_updated" ]]; then apt-get update -qq >/dev/null 2>&1 || true; apt_updated=1; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null 2>&1
}

# build_rtime PATH: compiles bench/rtime.c (runs a command, writes the command's own wait4() CPU
# time in microseconds and its peak RSS to a file) to PATH.
build_rtime() {
    command -v cc >/dev/null || apt_install gcc libc6-dev
    cc -O2 -o "$1" "$(dirname "${BASH_SOURCE[0]}")/rtime.c"
}

# pane_run SOCKET NAME WORK PIPE SECONDS COMMAND: runs the shell command line COMMAND in a detached
# 100x30 tmux session NAME on the private socket SOCKET, in the folder WORK with its XDG folders
# under it, while tmux pipe-pane copies all it writes to the shell command PIPE; returns when it
# has ended, or exits showing its screen after SECONDS + 60 s. COMMAND waits half a second, so
# that pipe-pane is in place before its first write.
pane_run() {
    local sock="$1" name="$2" work="$3" pipe="$4" secs="$5" command="$6"
    local finished="$work/$name.done"
    rm -f "$finished"
    tmux -L "$sock" new-session -d -s "$name" -x 100 -y 30 \
        "cd $(printf %q "$work") && sleep 0.5 && XDG_STATE_HOME=$work/state XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config $command; touch $(printf %q "$finished")"
    tmux -L "$sock" pipe-pane -t "$name" "$pipe"
    local waited=0
    while [[ ! -e "$finished" ]]; do
        sleep 0.5; waited=$((waited + 1))
        if ((waited > (secs + 60) * 2)); then
            echo "$name did not finish; screen:" >&2
            tmux -L "$sock" capture-pane -p -t "$name" >&2 || true
            exit 1
        fi
    done
    tmux -L "$sock" kill-session -t "$name" 2>/dev/null || true
}
