#!/usr/bin/env python3
"""Reads a FIT workout file with Garmin's own SDK (PyPI garmin-fit-sdk) and prints its workout and
steps as JSON; exits 1, with the SDK's errors on standard error, if the SDK finds anything wrong.

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
    print(json.dumps({"file_id": plain(file_id), "workout": plain(workout), "steps": [plain(step) for step in steps]}, default=str))


main()
