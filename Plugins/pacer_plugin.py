"""What the plugins that ship with pacer share: their options, the event stream, the runtime folder.

Each plugin lives in a folder of its own beside this file (Plugins/NAME/pacer-sink-NAME) and imports
it from the folder above its own, following symbolic links, so a plugin linked into
~/.config/pacer/plugins still finds it. Standard library only; Python 3.8 or later.
"""

import ctypes
import difflib
import json
import os
import re
import signal
import stat
import sys

#: The plugin protocol these plugins speak (docs/plugins.md).
PROTOCOL = 1

#: Longer lines on standard input are not events (nor is anything pacer sends); they are skipped.
MAX_EVENT_LINE = 1 << 20


class UsageError(ValueError):
    """An option the plugin cannot take, with what is wrong for the user."""


def parse_options(arguments, defaults):
    """`defaults` updated by the KEY=VALUE `arguments` (values stay text); raises UsageError for an
    argument that is not KEY=VALUE or a key not in `defaults`, suggesting the key meant."""
    options = dict(defaults)
    known = ", ".join(defaults) or "none"
    for argument in arguments:
        key, equals, value = argument.partition("=")
        if not equals:
            raise UsageError(f"options look like KEY=VALUE, not '{argument}' (known: {known})")
        if key not in defaults:
            close = difflib.get_close_matches(key, defaults, n=1)
            raise UsageError(f"unknown option '{key}'" + (f" (did you mean '{close[0]}'?)" if close else f" (known: {known})"))
        options[key] = value
    return options


def start(name, defaults):
    """Sets the plugin up and returns its options: `defaults` updated by the KEY=VALUE arguments.

    Run by hand at a terminal, a plugin says how to use it instead of waiting for events. An
    option it does not know is reported, and the plugin then waits quietly for the end.
    """
    if sys.stdin.isatty():
        warn(f"pacer-sink-{name} is a pacer plugin: run it with 'pacer run WORKOUT --sink {name}' (docs/plugins.md)")
        sys.exit(2)
    # Pacer ends a plugin that is slow to exit with SIGTERM (and the kernel sends it as pacer dies).
    signal.signal(signal.SIGTERM, _terminated)
    tidy_when_pacer_dies()
    try:
        return parse_options(sys.argv[1:], defaults)
    except UsageError as error:
        give_up(f"{error}: options are given as --sink {name}:KEY=VALUE,...; it does nothing this session")


#: prctl(2): the signal the kernel sends this process when the one that started it ends.
PR_SET_PDEATHSIG = 1


def tidy_when_pacer_dies():
    """Asks the kernel for SIGTERM instead of SIGKILL when pacer dies, even by `kill -9`.

    Pacer starts a plugin to be killed outright if pacer dies; with SIGTERM the plugin leaves
    through `finally` and removes what it made (a FIFO, a status line that would go stale). There
    is no moment without either signal: SIGKILL holds until SIGTERM replaces it.
    """
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # not Linux: pacer's own SIGKILL stays


#: What removes the plugin's files, most recent last; see `on_end`.
_cleanups = []


def on_end(cleanup):
    """Registers what removes a file the plugin made; `end()`, or a SIGTERM at any moment, runs it once.

    Each cleanup must be safe to run again: a SIGTERM that comes while one runs starts it over.
    """
    _cleanups.append(cleanup)


def end():
    """Tidies up: runs what `on_end` registered, newest first. Call it in the main loop's `finally`."""
    while _cleanups:
        _cleanups[-1]()
        _cleanups.pop()


def _terminated(*_):
    """SIGTERM, from pacer or from the kernel as pacer dies, at whatever moment: tidy up, then leave.

    Tidying here rather than by raising into the main loop means a SIGTERM that lands while the
    `finally` has begun tidying (pacer killed: end of input and the signal together) finishes the
    job instead of cutting it short.
    """
    end()
    os._exit(1)


def session_pid():
    """The process id of the session's pacer: what names the session's files in the runtime folder."""
    pid = os.environ.get("PACER_PID", "")
    return int(pid) if pid.isdigit() else os.getppid()


def warn(text):
    """Shows one line to the user: pacer prints a plugin's standard error with its name in front."""
    try:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    except OSError:
        pass


def give_up(text):
    """Says why the plugin cannot work, removes what it made, then reads the stream to its end,
    so the session goes on."""
    warn(text)
    end()
    reader = EventReader()
    while reader.read() is not None:
        pass
    sys.exit(1)


def _not_a_number(name):
    raise ValueError(f"{name} is not a number")


class EventReader:
    """The event stream on standard input, one JSON object per line, read as it comes.

    `read()` waits only if nothing has arrived yet; call it when `select` says standard input
    is readable to never wait. Lines that are not JSON objects are skipped: a plugin ignores what
    it does not know. So are lines longer than MAX_EVENT_LINE, nesting too deep to read, and
    numbers JSON does not have (NaN, Infinity).
    """

    def __init__(self, descriptor=0):
        self.descriptor = descriptor
        self.pending = b""
        #: The start of a line too long was dropped: the rest of it, up to its newline, is skipped.
        self.skipping = False

    def fileno(self):
        return self.descriptor

    def read(self):
        """The events that arrived, in order (perhaps none), or None once the stream has ended."""
        try:
            chunk = os.read(self.descriptor, 65536)
        except InterruptedError:
            return []
        except OSError:
            chunk = b""
        if not chunk:
            return None
        lines = (self.pending + chunk).split(b"\n")
        self.pending = lines.pop()
        if self.skipping and lines:
            lines.pop(0)
            self.skipping = False
        if len(self.pending) > MAX_EVENT_LINE:
            self.pending, self.skipping = b"", True
        events = []
        for line in lines:
            if len(line) > MAX_EVENT_LINE:
                continue
            try:
                event = json.loads(line, parse_constant=_not_a_number)
            except (ValueError, RecursionError):
                continue
            if isinstance(event, dict) and isinstance(event.get("event"), str):
                events.append(event)
        return events


def events():
    """Every event, in order, until the stream ends (for plugins with nothing else to wait for)."""
    reader = EventReader()
    while True:
        batch = reader.read()
        if batch is None:
            return
        yield from batch


def runtime_folder():
    """The folder for files that live as long as a session: `$XDG_RUNTIME_DIR/pacer`, or `/tmp/pacer-UID`.

    The same place `pacer ctl` looks. Created private (0700); a folder that is not ours, or that
    others may write to, is refused (raises OSError), since what is in it controls the session.
    """
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    # A relative value is invalid by the XDG spec and ignored, as pacer itself does.
    folder = os.path.join(runtime, "pacer") if runtime.startswith("/") else f"/tmp/pacer-{os.getuid()}"
    try:
        os.makedirs(folder, mode=0o700)
    except FileExistsError:
        pass
    status = os.lstat(folder)
    if not stat.S_ISDIR(status.st_mode) or status.st_uid != os.getuid() or status.st_mode & 0o022:
        raise OSError(f"{folder} is not a private folder of this user; remove it or set XDG_RUNTIME_DIR")
    return folder


def unlink(path):
    """Removes a file that may already be gone."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


class SessionFiles:
    """A file of one session in the runtime folder, `STEM-PID` (PID: the session's pacer), and the
    link `STEM` beside it, which points at the newest running session's file.

    `is_live(path, pid, mtime)` tells a running session's file from one a killed session left.
    """

    def __init__(self, folder, stem, is_live):
        self.folder = folder
        self.stem = stem
        self.is_live = is_live
        self.name = f"{stem}-{session_pid()}"
        self.path = os.path.join(folder, self.name)
        # Where the link is made before it replaces `STEM` in one step.
        self.temporary = os.path.join(folder, f".{stem}-{os.getpid()}.link")
        self.pattern = re.compile(re.escape(stem) + r"-(\d+)")

    def others(self):
        """The other sessions' files: (modification time, name, whether its session runs)."""
        found = []
        for name in os.listdir(self.folder):
            match = self.pattern.fullmatch(name)
            if not match or name == self.name:
                continue
            path = os.path.join(self.folder, name)
            try:
                mtime = os.lstat(path).st_mtime
            except FileNotFoundError:
                continue
            found.append((mtime, name, self.is_live(path, int(match.group(1)), mtime)))
        return found

    def tidy(self):
        """Removes what sessions killed without a chance to tidy up left behind (and an old one of ours)."""
        unlink(self.path)
        for _, name, live in self.others():
            if not live:
                unlink(os.path.join(self.folder, name))

    def point_link(self, target=None):
        """Makes `STEM` point at `target` (by default this session's file), replacing it in one step."""
        unlink(self.temporary)
        os.symlink(target or self.name, self.temporary)
        os.replace(self.temporary, os.path.join(self.folder, self.stem))

    def release(self):
        """Removes this session's file, and `STEM` if it points there (then at the newest other running
        one), and a link on its way to being `STEM` that a signal cut short."""
        try:
            unlink(self.temporary)
            unlink(self.path)
            link = os.path.join(self.folder, self.stem)
            if os.path.islink(link) and os.readlink(link) == self.name:
                others = [(mtime, name) for mtime, name, live in self.others() if live]
                if others:
                    self.point_link(max(others)[1])
                else:
                    unlink(link)
        except OSError as error:
            warn(f"could not tidy up {self.folder}: {error}")


def pid_runs(pid):
    """Whether a process with this id runs (a session's pacer that was not killed)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True
