#!/usr/bin/env python3
"""Reads a FIT activity file with two readers, Garmin's own SDK (PyPI garmin-fit-sdk) and fitdecode
(PyPI fitdecode), and prints what each found as JSON: {"sdk": {MESSAGE: [FIELDS...]}, "fitdecode":
{MESSAGE: COUNT}}. Exits 1, naming the reader and its errors on standard error, if either finds
anything wrong.

Usage: scripts/activity-readback.py FILE.fit
"""
import json
import sys

import fitdecode
from garmin_fit_sdk import Decoder, Stream


def sdk(path):
    # Each check reads the stream through, so each gets a decoder of its own.
    if not Decoder(Stream.from_file(path)).is_fit():
        sys.exit("activity-readback: garmin-fit-sdk: not a FIT file")
    if not Decoder(Stream.from_file(path)).check_integrity():
        sys.exit("activity-readback: garmin-fit-sdk: the file fails its integrity check (size or CRC)")
    messages, errors = Decoder(Stream.from_file(path)).read(convert_datetimes_to_dates=False)
    if errors:
        sys.exit("activity-readback: garmin-fit-sdk: " + "; ".join(str(error) for error in errors))
    plain = lambda message: {str(key): value for key, value in message.items() if not isinstance(value, bytes)}
    return {name.removesuffix("_mesgs"): [plain(message) for message in found] for name, found in messages.items()}


def second_reader(path):
    counts = {}
    try:
        with fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.RAISE, error_handling=fitdecode.ErrorHandling.RAISE) as reader:
            for frame in reader:
                if frame.frame_type == fitdecode.FIT_FRAME_DATA:
                    counts[frame.name] = counts.get(frame.name, 0) + 1
    except Exception as error:  # fitdecode raises its own errors and struct's for a short file
        sys.exit(f"activity-readback: fitdecode: {error}")
    return counts


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    print(json.dumps({"sdk": sdk(sys.argv[1]), "fitdecode": second_reader(sys.argv[1])}, default=str))


main()
