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
