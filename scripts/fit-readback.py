#!/usr/bin/env python3
"""Reads a FIT workout file with Garmin's own SDK (PyPI garmin-fit-sdk) and prints its file_id
(serial number, time created), workout (sport, sub-sport) and steps as JSON; exits 1, with the SDK's
errors on standard error, if the SDK finds anything wrong.

Each step also gets "targets": its primary and secondary targets as the profile means them, in
their units ({"heart_rate": {"bpm": [153, 162]}}, "percent_max", "zone"; power "watts",
"percent_ftp"; speed "m_per_s"; cadence "rpm"), so that an offset (bpm + 100, watts + 1000) is
read as a watch reads it.

Usage: scripts/fit-readback.py FILE.fit
"""
import json
import sys

from garmin_fit_sdk import Decoder, Stream


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    # Each check reads the stream through, so each gets a decoder of its own.
    if not Decoder(Stream.from_file(sys.argv[1])).is_fit():
        sys.exit("fit-readback: not a FIT file")
    if not Decoder(Stream.from_file(sys.argv[1])).check_integrity():
        sys.exit("fit-readback: the file fails its integrity check (size or CRC)")
    messages, errors = Decoder(Stream.from_file(sys.argv[1])).read()
    if errors:
        sys.exit("fit-readback: " + "; ".join(str(error) for error in errors))
    file_id = messages["file_id_mesgs"][0]
    workout = messages["workout_mesgs"][0]
    steps = messages.get("workout_step_mesgs", [])
    plain = lambda message: {str(key): value for key, value in message.items() if not isinstance(value, bytes)}
    print(json.dumps({"file_id": plain(file_id), "workout": plain(workout),
                      "steps": [dict(plain(step), targets=targets(step)) for step in steps]}, default=str))


def targets(step):
    """The step's targets by type, each a zone or a custom range in the unit the profile gives it."""
    found = {}
    for prefix in ("", "secondary_"):
        kind = step.get(prefix + "target_type")
        if kind in (None, "open"):
            continue
        zone = step.get(prefix + "target_value")
        low, high = step.get(prefix + "custom_target_value_low"), step.get(prefix + "custom_target_value_high")
        if zone:
            found[kind] = {"zone": zone}
        elif kind == "heart_rate":
            found[kind] = {"bpm": [low - 100, high - 100]} if low > 100 else {"percent_max": [low, high]}
        elif kind == "power":
            found[kind] = {"watts": [low - 1000, high - 1000]} if low >= 1000 else {"percent_ftp": [low, high]}
        elif kind == "speed":
            found[kind] = {"m_per_s": [low / 1000, high / 1000]}
        elif kind == "cadence":
            found[kind] = {"rpm": [low, high]}
    return found


main()
