"""What the plugins that ship with pacer share: their options, the event stream, the runtime folder.

Each plugin lives in a folder of its own beside this file (Plugins/NAME/pacer-sink-NAME) and imports
it from the folder above its own, following symbolic links, so a plugin linked into
~/.config/pacer/plugins still finds it. Standard library only; Python 3.8 or later.
"""

import ctypes
import difflib
import json
import math
import os
import re
import signal
import stat
import sys
import time

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


class SessionClock:
    """Session time, the events' `t` (real seconds since the session started), read on this
    process's monotonic clock, the one pacer's `t` is on.

    Each event says when it happened; the one read soonest after that says best where the
    session's start lies. So a plugin slow to start, which reads its first events late, is not
    behind for the rest of the session.
    """

    def __init__(self):
        self.origin = None

    def saw(self, event):
        """Takes the `t` of an event just read; returns it (None when it has none)."""
        t = event.get("t")
        if not _finite(t):
            return None
        origin = time.monotonic() - t
        if self.origin is None or origin < self.origin:
            self.origin = origin
        return t

    def now(self):
        """The session time now (0 before the first event)."""
        return time.monotonic() - self.origin if self.origin is not None else 0.0


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


# --- Targets, as Pacer's display writes them ---------------------------------------------------

#: Coggan's power zones and Friel's heart-rate zones, in % of FTP and of LTHR (Sources/PacerWorkout/Targets/TargetZones.swift).
POWER_ZONES = ((None, 55), (56, 75), (76, 90), (91, 105), (106, 120), (121, 150), (151, None))
HEART_RATE_ZONES = ((None, 84), (85, 89), (90, 94), (95, 99), (100, None))
PACE_ZONES = ((None, 77.5), (77.5, 87.7), (87.7, 94.3), (94.3, 100), (100, None))


def _finite(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and abs(value) < 1e9


def _halves_up(value):
    """To the nearest whole number, halves away from zero, as Swift's `rounded()`."""
    return int(math.copysign(math.floor(abs(value) + 0.5), value))


def _written(value):
    """A value as written: `88`, `62.5` (a fraction times 100 loses its binary dust first)."""
    value = round(value, 9)
    return str(int(value)) if value == int(value) else repr(value)


def _whole(value):
    return str(_halves_up(value))


def _clock(seconds):
    """A pace in m:ss."""
    total = max(0, _halves_up(seconds))
    return f"{total // 60}:{total % 60:02}"


def _range_text(pair, number):
    low, high = pair
    return number(low) if low == high else f"{number(low)}–{number(high)}"


def target_span(target, scale=1):
    """The (start, end) pairs of a target's JSON object times `scale`, or None when they are not two
    [low, high] pairs of numbers."""
    if not isinstance(target, dict):
        return None
    pairs = []
    for key in ("start", "end"):
        pair = target.get(key)
        if not (isinstance(pair, list) and len(pair) == 2 and all(_finite(value) for value in pair)):
            return None
        pairs.append((pair[0] * scale, pair[1] * scale))
    return tuple(pairs)


def _span_values(span, number, fraction=None, mark=""):
    """`88–94`, a ramp's `50–75` (`50–55 → 75–80` between ranges), or with `fraction` where a ramp
    is that far through its step, to the whole number, and where it goes: `62 → 75` (`62 % → 75`
    with the `mark` ` %`)."""
    start, end = span
    if start == end:
        return _range_text(start, number)
    if fraction is not None:
        f = min(1.0, max(0.0, fraction))
        now = tuple(a + (b - a) * f for a, b in zip(start, end))
        return f"{_range_text(now, _whole)}{mark} → {_range_text(end, number)}"
    if start[0] == start[1] and end[0] == end[1]:
        return f"{number(start[0])}–{number(end[0])}"
    return f"{_range_text(start, number)} → {_range_text(end, number)}"


def _span_text(span, number, fraction=None, mark=""):
    """As `_span_values`, with `ramp ` before a ramp's values when there is no `fraction`."""
    ramp = span[0] != span[1] and fraction is None
    return ("ramp " if ramp else "") + _span_values(span, number, fraction, mark)


def _zone_range(zones, zone):
    """`56–75`, `up to 55`, `from 151`; None for a zone number not in the table."""
    if zone != int(zone) or not 1 <= zone <= len(zones):
        return None
    low, high = zones[int(zone) - 1]
    if low is None:
        return f"up to {high}"
    if high is None:
        return f"from {low}"
    return f"{low}–{high}"


def _zone_text(span, zones, suffix, threshold):
    zone = span[0][0]
    text = f"Z{_whole(zone)}{suffix}"
    bounds = _zone_range(zones, zone) if zones else None
    return text if bounds is None else f"{text} · {bounds} % {threshold}"


def _power_label(power, fraction):
    unit = power.get("unit") if isinstance(power, dict) else None
    span = target_span(power, 100 if unit == "ftp" else 1)
    if span is None:
        return None
    if unit == "zone":
        return _zone_text(span, POWER_ZONES, "", "FTP")
    if unit not in ("ftp", "watts"):
        return None
    text = _span_text(span, _written, fraction, " %" if unit == "ftp" else "") + (" % FTP" if unit == "ftp" else " W")
    watts = target_span(power.get("watts"))
    if unit == "ftp" and watts is not None:
        text += f" · {_span_values(watts, _whole, fraction)} W"
    return text


def _heart_rate_label(heart_rate):
    unit = heart_rate.get("unit") if isinstance(heart_rate, dict) else None
    span = target_span(heart_rate, 100 if unit in ("lthr", "max") else 1)
    if span is None:
        return None
    if unit == "zone":
        return _zone_text(span, HEART_RATE_ZONES, " HR", "LTHR")
    suffix = {"bpm": " bpm", "lthr": " % LTHR", "max": " % max HR"}.get(unit)
    return None if suffix is None else _span_text(span, _written) + suffix


_PACE_UNITS = {"s/km": " /km", "s/mi": " /mi", "s/100m": " /100m"}


def _pace_label(pace):
    unit = pace.get("unit") if isinstance(pace, dict) else None
    span = target_span(pace, 100 if unit == "threshold" else 1)
    if span is None:
        return None
    # With threshold pace, a share of it or a zone carries the pace it is: `· 4:44 /km`.
    paces = pace.get("paces") if unit in ("zone", "threshold") else None
    paces_span = target_span(paces)
    per_paces = _PACE_UNITS.get(paces.get("unit")) if isinstance(paces, dict) else None
    worked_out = "" if paces_span is None or per_paces is None else f" · {_span_values(paces_span, _clock)}{per_paces}"
    if unit == "zone":
        return _zone_text(span, PACE_ZONES if worked_out else None, " pace", "threshold pace") + worked_out
    if unit == "threshold":
        return _span_text(span, _written) + " % threshold pace" + worked_out
    per = _PACE_UNITS.get(unit)
    return None if per is None else _span_text(span, _clock) + per


def _cadence_label(cadence):
    span = target_span(cadence)
    return None if span is None else _span_text(span, _written) + " rpm"


def target_labels(fields, fraction=None):
    """Each target of a `phase.start` (or a `session.start` profile entry) as Pacer's display writes
    it, power first: `["88–94 % FTP · 220–235 W", "85–95 rpm"]`, `["free ride"]`, `[]` for none.

    A ramp reads `ramp 50–75 % FTP`, or with `fraction` (how far through the phase, 0 to 1) where
    it is now and where it goes: `62 % → 75 % FTP`. A field that is not in the shape of
    docs/show-json.md is left out.
    """
    labels = [_power_label(fields.get("power"), fraction), _heart_rate_label(fields.get("heart_rate")),
              _pace_label(fields.get("pace")), _cadence_label(fields.get("cadence"))]
    if fields.get("free_ride") is True and labels[0] is None:
        labels[0] = "free ride"
    return [label for label in labels if label is not None]


def target_label(fields, fraction=None):
    """The targets joined as the display joins them, `88–94 % FTP, 85–95 rpm`; empty when there are none."""
    return ", ".join(target_labels(fields, fraction))


def profile_of(event):
    """The plan's phases that a `session.start` lists in `profile` (dicts), or [] when it has none."""
    profile = event.get("profile")
    return [entry if isinstance(entry, dict) else {} for entry in profile] if isinstance(profile, list) else []


def next_in_profile(profile, event):
    """The profile entry of the phase after the one a `phase.start` begins (its `index` counts from 1,
    so it is the next one's place counted from 0), or {} when the profile does not say."""
    index = event.get("index")
    if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(profile):
        return profile[index]
    return {}


# --- Measurements, as the `measure` command takes them -----------------------------------------

#: The channels of `measure` (power W, heart_rate bpm, cadence rpm, speed m/s, distance m in total)
#: and the values a sensor plugin sends for them: pacer refuses negative values, power above
#: 3,000 W and heart rates above 250; the other bounds only keep a sensor's glitch out.
MEASURE_LIMITS = {"power": (0, 3000), "heart_rate": (1, 250), "cadence": (0, 300), "speed": (0, 100),
                  "distance": (0, 1e8)}


def measurable(channel, value):
    """Whether `value` is a number a `measure` line may carry for `channel`."""
    bounds = MEASURE_LIMITS.get(channel)
    return bounds is not None and _finite(value) and bounds[0] <= value <= bounds[1]


def measure_line(values):
    """`measure heart_rate=151 power=243` for {channel: value} (whole where whole, else to two
    places), or None when there is nothing to send."""
    if not values:
        return None
    parts = []
    for channel, value in sorted(values.items()):
        value = round(float(value), 2)
        parts.append(f"{channel}={int(value)}" if value == int(value) else f"{channel}={value:.2f}".rstrip("0"))
    return "measure " + " ".join(parts)
