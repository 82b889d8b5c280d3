#!/usr/bin/env python3
"""Proves the shipped plugins' target labels (Plugins/pacer_plugin.py, `target_label`): for every kind
of target they read exactly as `pacer show` writes them, a ramp reads where it is now, and fields
that are not in the documented shape are left out rather than crashing a plugin.

    python3 scripts/plugin-label-test.py      # needs the built pacer (.build/debug/pacer, or $PACER)
"""
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACER = os.path.abspath(os.environ.get("PACER", os.path.join(ROOT, ".build", "debug", "pacer")))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "Plugins"))
import pacer_plugin  # noqa: E402

#: A step for every spelling of every target, so each unit's label is compared with pacer's own.
EVERY_TARGET = {"name": "Every target", "steps": [
    {"warmup": "10m", "name": "Ramp", "power": "ramp 50-75%", "cadence": "85-95 rpm"},
    {"work": "1m", "name": "Range", "power": "88-94%", "heart_rate": "140-150 bpm"},
    {"work": "1m", "name": "Watts", "power": "250 W", "heart_rate": "Z2"},
    {"work": "1m", "name": "Watt range", "power": "200-220 W", "heart_rate": "85-90% LTHR"},
    {"work": "1m", "name": "Zone", "power": "Z3", "heart_rate": "75% max", "pace": "4:30/km"},
    {"work": "1m", "name": "Low zone", "power": "Z1", "pace": "4:20-4:40/km"},
    {"work": "1m", "name": "High zone", "power": "Z7", "pace": "7:00/mi"},
    {"work": "1m", "name": "Free", "power": "free", "pace": "1:45/100m", "cadence": "90 rpm"},
    {"work": "1m", "name": "Fraction", "power": "62.5%", "pace": "95%"},
    {"work": "1m", "name": "Watt ramp", "power": "ramp 150-250 W", "pace": "Z3"},
    {"cooldown": "10m", "name": "Down", "power": "ramp 60-40%", "heart_rate": "Z5"},
    {"rest": "1m", "name": "Nothing"},
]}

#: Pace shares and the zones closed at both ends, which threshold pace turns into paces.
PACES = {"name": "Paces", "steps": [
    {"work": "1m", "name": "Share", "pace": "95%"}, {"work": "1m", "name": "Range", "pace": "90-95%"},
    {"work": "1m", "name": "Two", "pace": "Z2"}, {"work": "1m", "name": "Three", "pace": "Z3"}, {"work": "1m", "name": "Four", "pace": "Z4"},
]}


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def equal(self, name, got, expected):
        if got == expected:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL  {name}: got {got!r}, expected {expected!r}")


def pacer(*arguments):
    done = subprocess.run([PACER, *arguments], capture_output=True, text=True, check=True)
    return done.stdout


def shown_labels(workout, *options):
    """What `pacer show` writes under each phase: {index: "@ ..."}; phases without targets have none."""
    labels, index = {}, None
    for line in pacer("show", "--color", "never", *options, workout).splitlines():
        row = re.match(r"\s+(\d+)\s+\d+:\d\d", line)
        if row:
            index = int(row.group(1))
        elif line.strip().startswith("@ ") and index is not None:
            labels[index] = line.strip()
    return labels


def against_pacer_show(checks, workout, *options):
    """Each phase of `show --json` (with `options`), labelled by the plugins, reads as `pacer show` writes it."""
    phases = json.loads(pacer("show", "--json", *options, workout))["phases"]
    shown = shown_labels(workout, *options)
    for phase in phases:
        label = pacer_plugin.target_label(phase)
        checks.equal(f"{os.path.basename(workout)} phase {phase['index']} ({phase['name']})",
                     f"@ {label}" if label else None, shown.get(phase["index"]))


def ramps_now(checks):
    """A ramp reads where it is: 50 → 75 % halfway is 62.5, shown whole (halves up) as pacer rounds."""
    ramp = {"power": {"unit": "ftp", "start": [0.5, 0.5], "end": [0.75, 0.75]}, "cadence": {"start": [85, 95], "end": [85, 95]}}
    checks.equal("a ramp at its start", pacer_plugin.target_label(ramp, 0), "50 % → 75 % FTP, 85–95 rpm")
    checks.equal("a ramp halfway", pacer_plugin.target_label(ramp, 0.5), "63 % → 75 % FTP, 85–95 rpm")
    checks.equal("a ramp at its end", pacer_plugin.target_label(ramp, 1), "75 % → 75 % FTP, 85–95 rpm")
    checks.equal("a ramp past its end stays there", pacer_plugin.target_label(ramp, 1.4), "75 % → 75 % FTP, 85–95 rpm")
    down = {"power": {"unit": "watts", "start": [250, 250], "end": [150, 150]}}
    checks.equal("a ramp down in watts, a quarter through", pacer_plugin.target_label(down, 0.25), "225 → 150 W")
    steady = {"power": {"unit": "ftp", "start": [0.88, 0.94], "end": [0.88, 0.94]}}
    checks.equal("a steady target takes no fraction", pacer_plugin.target_label(steady, 0.5), "88–94 % FTP")


def with_watts(checks):
    """With FTP known (250 W), phase.start's `watts` follows, as the display writes both forms."""
    steady = {"power": {"unit": "ftp", "start": [0.88, 0.94], "end": [0.88, 0.94], "watts": {"start": [220, 235], "end": [220, 235]}}}
    checks.equal("a range with watts", pacer_plugin.target_label(steady), "88–94 % FTP · 220–235 W")
    ramp = {"power": {"unit": "ftp", "start": [0.5, 0.5], "end": [0.75, 0.75], "watts": {"start": [125, 125], "end": [188, 188]}}}
    checks.equal("a ramp with watts", pacer_plugin.target_label(ramp), "ramp 50–75 % FTP · 125–188 W")
    checks.equal("a ramp with watts, 40 % through", pacer_plugin.target_label(ramp, 0.4), "60 % → 75 % FTP · 150 → 188 W")


def with_paces(checks):
    """With threshold pace known, phase.start's `paces` follows a share or a zone, as the display writes it."""
    share = {"pace": {"unit": "threshold", "start": [0.95, 0.95], "end": [0.95, 0.95], "paces": {"unit": "s/km", "start": [284, 284], "end": [284, 284]}}}
    checks.equal("a share with its pace", pacer_plugin.target_label(share), "95 % threshold pace · 4:44 /km")
    zone = {"pace": {"unit": "zone", "start": [2, 2], "end": [2, 2], "paces": {"unit": "s/mi", "start": [496, 561], "end": [496, 561]}}}
    checks.equal("a zone with its paces per mile", pacer_plugin.target_label(zone), "Z2 pace · 77.5–87.7 % threshold pace · 8:16–9:21 /mi")
    odd = {"pace": {"unit": "threshold", "start": [0.95, 0.95], "end": [0.95, 0.95], "paces": {"unit": "s/yd", "start": [1, 1], "end": [1, 1]}}}
    checks.equal("paces in no unit pacer writes are left out", pacer_plugin.target_label(odd), "95 % threshold pace")


def hostile_fields(checks):
    """What is not in the documented shape is left out; nothing raises."""
    for fields in [{"power": "90%"}, {"power": {"unit": "ftp", "start": [0.9], "end": [0.9, 0.9]}},
                   {"power": {"unit": "ftp", "start": ["a", "b"], "end": [1, 1]}}, {"power": {"unit": "kW", "start": [1, 1], "end": [1, 1]}},
                   {"power": {"unit": "ftp", "start": [True, True], "end": [1, 1]}}, {"cadence": {"start": [1e300, 1e300], "end": [1, 1]}},
                   {"heart_rate": {"unit": "bpm"}}, {"pace": {"unit": "s/km", "start": None, "end": None}}, {"free_ride": "yes"},
                   {"power": [], "heart_rate": 3, "pace": "fast", "cadence": {"start": {}, "end": {}}}]:
        checks.equal(f"left out: {json.dumps(fields)}", pacer_plugin.target_label(fields), "")
    checks.equal("a zone no table has", pacer_plugin.target_label({"power": {"unit": "zone", "start": [9, 9], "end": [9, 9]}}), "Z9")
    checks.equal("a free ride beside a power target is the target", pacer_plugin.target_label(
        {"free_ride": True, "power": {"unit": "watts", "start": [200, 200], "end": [200, 200]}}), "200 W")


def profiles(checks):
    """The next phase's targets come from `session.start`'s profile, by the phase's index."""
    start = {"event": "session.start", "profile": [{"kind": "work"}, "junk", {"kind": "rest", "free_ride": True}]}
    profile = pacer_plugin.profile_of(start)
    checks.equal("a profile's entries that are not objects are empty", profile, [{"kind": "work"}, {}, {"kind": "rest", "free_ride": True}])
    checks.equal("the phase after the second", pacer_plugin.next_in_profile(profile, {"index": 2}), {"kind": "rest", "free_ride": True})
    checks.equal("none after the last", pacer_plugin.next_in_profile(profile, {"index": 3}), {})
    checks.equal("none for an index that is not one", pacer_plugin.next_in_profile(profile, {"index": True}), {})
    checks.equal("no profile", pacer_plugin.profile_of({"profile": "all of it"}), [])


def main():
    checks = Checks()
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "every-target.json")
        with open(path, "w", encoding="utf-8") as file:
            json.dump(EVERY_TARGET, file)
        against_pacer_show(checks, path)
        # With threshold pace, shares and zones (those closed at both ends) read as show writes them.
        paces = os.path.join(folder, "paces.json")
        with open(paces, "w", encoding="utf-8") as file:
            json.dump(PACES, file)
        against_pacer_show(checks, paces, "--threshold-pace", "4:30")
        against_pacer_show(checks, paces, "--threshold-pace", "7:15/mi")
    against_pacer_show(checks, "sweet-spot")
    ramps_now(checks)
    with_watts(checks)
    with_paces(checks)
    hostile_fields(checks)
    profiles(checks)
    print(f"plugin-label-test: {checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
