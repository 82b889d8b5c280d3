# Shared by the terminal tests (sourced): the pacer binary, a work folder and a private tmux server
# that are removed on exit, a polling wait, and a pass/fail count. Set NAME before sourcing.
pacer=${PACER:-.build/debug/pacer}
[ -x "$pacer" ] || { echo "$NAME: $pacer is missing; build first" >&2; exit 1; }
pacer=$(realpath "$pacer")
work=$(mktemp -d "/tmp/pacer-$NAME.XXXXXX")
server="pacer-$NAME-$$"
tmux_() { tmux -L "$server" "$@"; }
# The shell the tests type into: the user's own config and history are never read or written.
test_shell="env XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data bash --norc --noprofile"
cleanup() { tmux_ kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

passed=0
failed=0
now_us() { echo "${EPOCHREALTIME//[!0-9]/}"; } # microseconds, whatever the decimal point
wait_for() { # wait_for SECONDS COMMAND...: polls until the command succeeds, for whole seconds
    # (bash's $SECONDS counts whole seconds since start, so "wait_for 1" could have been 0.1 s)
    local deadline=$(($(now_us) + $1 * 1000000)); shift
    until "$@"; do [ "$(now_us)" -lt $deadline ] || return 1; sleep 0.1; done
}
screen() { tmux_ capture-pane -p -t test; }
screen_has() { screen | grep -qF -- "$1"; }
screen_lacks() { ! screen | grep -qF -- "$1"; }
check() { # check DESCRIPTION COMMAND...: counts a pass or a fail, showing the screen on a fail
    local description=$1; shift
    if "$@"; then passed=$((passed + 1)); echo "ok    $description"
    else failed=$((failed + 1)); echo "FAIL  $description"; echo "----- screen:"; screen; echo "-----"; fi
}
alternate_screen_is() { [ "$(tmux_ display -p -t test '#{alternate_on}')" = "$1" ]; }
