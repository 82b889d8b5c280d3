"""What an ERG trainer should hold at each moment, from the session's events (docs/events.md).

The step's power target in watts comes from `phase.start`: `power.watts` (pacer adds it when the
FTP is known), or the target itself when its unit is `watts`. A ramp goes from its start range to
its end range over the phase's planned length and holds its end through time added with +N, as
pacer's display does. Standard library and pacer_plugin only, so it is tested on events alone.
"""

import math

import pacer_plugin


def _number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def power_target(event):
    """(span, reason): the step's power target in watts as ((low, high) at start, (low, high) at end),
    or None and why not (None when the step has no power target at all)."""
    targets = event.get("targets") if isinstance(event.get("targets"), dict) else {}
    power = event.get("power", targets.get("power"))
    if power is None:
        return None, None
    if not isinstance(power, dict):
        return None, "its power target is not one pacer writes"
    span = pacer_plugin.target_span(power.get("watts"))
    if span is None and power.get("unit") == "watts":
        span = pacer_plugin.target_span(power)
    if span is not None:
        return span, None
    if power.get("unit") == "ftp":
        return None, "a target in % of FTP needs your FTP (ftp in config.json, or pacer run --ftp)"
    return None, f"a power target in {power.get('unit')!r} has no watts to hold"


class ErgPlan:
    """Follows the events; `target(now, ahead)` is the power to hold at session time `now`."""

    def __init__(self):
        self.speed = 1.0
        self.span = None
        #: Why the step running has no target to hold (None: it has one, or no power target at all).
        self.reason = None
        self.planned = None
        #: The phase's clock: workout seconds spent in it at session time `since`, and whether it runs.
        self.elapsed = 0.0
        self.since = 0.0
        self.running = False
        self.index = None
        self.ended = False

    def handle(self, event, now):
        """Takes one event, received at session time `now`."""
        kind = event.get("event")
        t = event.get("t") if _number(event.get("t")) else now
        if kind == "session.start" and _number(event.get("speed")) and event["speed"] > 0:
            self.speed = float(event["speed"])
        elif kind == "phase.start":
            self.span, self.reason = power_target(event)
            duration = event.get("duration")
            self.planned = duration if _number(duration) and duration > 0 else None
            self.index = event.get("index")
            self.elapsed, self.since = 0.0, event.get("due") if _number(event.get("due")) else t
            self.running = True
        elif kind in ("pause", "resume", "extend") and event.get("index") == self.index:
            if _number(event.get("elapsed")):
                self.elapsed, self.since = float(event["elapsed"]), t
            elif self.running:
                self.elapsed, self.since = self.spent(t), t
            if kind != "extend":
                self.running = kind == "resume"
        elif kind == "session.end":
            self.ended = True

    def spent(self, now):
        """Workout seconds spent in the phase at session time `now`."""
        return self.elapsed + (max(0.0, now - self.since) * self.speed if self.running else 0.0)

    def _range_at(self, spent):
        (start_low, start_high), (end_low, end_high) = self.span
        fraction = min(1.0, max(0.0, spent / self.planned)) if self.planned else 0.0
        return start_low + (end_low - start_low) * fraction, start_high + (end_high - start_high) * fraction

    def target(self, now, ahead=1.0):
        """Whole watts to hold from session time `now` for the next `ahead` real seconds, or None
        when the trainer should let go (paused, ended, or a step without a target in watts).

        The middle of the range, never above its top anywhere in that time: through a falling
        ramp the top at the end of it is lower than now.
        """
        if self.ended or not self.running or self.span is None:
            return None
        spent = self.spent(now)
        low, high = self._range_at(spent)
        _, high_later = self._range_at(spent + ahead * self.speed)
        return max(0, math.floor(min((low + high) / 2, high, high_later)))
