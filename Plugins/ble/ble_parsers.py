"""The Bluetooth characteristics the ble plugin reads and writes, as bytes in and values out.

Field layouts from the Bluetooth SIG's GATT Specification Supplement (Heart Rate Measurement
0x2A37, Cycling Power Measurement 0x2A63) and the Fitness Machine Service specification (Indoor
Bike Data 0x2AD2, Fitness Machine Control Point 0x2AD9). All multi-byte fields are little-endian.
A value too short for what its flags announce raises MalformedValue: a sensor's bytes are input.
Standard library only; no Bluetooth here, so it is tested on bytes alone.
"""

import struct


class MalformedValue(ValueError):
    """A characteristic value shorter than its flags say, or otherwise not what the specification allows."""


class _Fields:
    """Reads little-endian fields from a value in order, checking that each one is there."""

    def __init__(self, data):
        self.data = bytes(data)
        self.offset = 0

    def take(self, form):
        size = struct.calcsize("<" + form)
        if self.offset + size > len(self.data):
            raise MalformedValue(f"value of {len(self.data)} bytes ends before its field at byte {self.offset}")
        values = struct.unpack_from("<" + form, self.data, self.offset)
        self.offset += size
        return values[0] if len(values) == 1 else values

    def uint24(self):
        low, high = self.take("HB")
        return low | high << 16

    def skip(self, count):
        if self.offset + count > len(self.data):
            raise MalformedValue(f"value of {len(self.data)} bytes ends before its field at byte {self.offset}")
        self.offset += count


def _bit(flags, number):
    return bool(flags >> number & 1)


# --- Heart Rate Measurement (0x2A37) -----------------------------------------------------------


def heart_rate_measurement(data):
    """{"heart_rate": bpm, "contact": True/False/None (not supported), "energy": kJ or None,
    "rr": [seconds, ...]}.

    Flags (uint8): bit 0 the value is uint16 (else uint8); bits 1-2 sensor contact (bit 2: the
    sensor reports contact, bit 1: contact detected); bit 3 Energy Expended (uint16, kJ) follows;
    bit 4 RR-Intervals (uint16 each, 1/1024 s) fill the rest.
    """
    fields = _Fields(data)
    flags = fields.take("B")
    heart_rate = fields.take("H" if _bit(flags, 0) else "B")
    contact = _bit(flags, 1) if _bit(flags, 2) else None
    energy = fields.take("H") if _bit(flags, 3) else None
    rr = []
    if _bit(flags, 4):
        if (len(fields.data) - fields.offset) % 2:
            raise MalformedValue("RR-intervals come in whole uint16 values")
        while fields.offset < len(fields.data):
            rr.append(fields.take("H") / 1024)
    return {"heart_rate": heart_rate, "contact": contact, "energy": energy, "rr": rr}


# --- Cycling Power Measurement (0x2A63) --------------------------------------------------------

#: Fields after Instantaneous Power, in order: (flag bit, bytes). Bit 5, crank revolution data, is read.
_CYCLING_POWER_FIELDS = (
    (0, 1),   # Pedal Power Balance, uint8, 1/2 %
    (2, 2),   # Accumulated Torque, uint16, 1/32 N·m
    (4, 6),   # Wheel Revolution Data: uint32 revolutions, uint16 last event time (1/2048 s)
    (5, None),  # Crank Revolution Data: uint16 revolutions, uint16 last event time (1/1024 s)
    (6, 4),   # Extreme Force Magnitudes: sint16 maximum, sint16 minimum (N)
    (7, 4),   # Extreme Torque Magnitudes: sint16 maximum, sint16 minimum (1/32 N·m)
    (8, 3),   # Extreme Angles: uint12 maximum, uint12 minimum
    (9, 2),   # Top Dead Spot Angle, uint16
    (10, 2),  # Bottom Dead Spot Angle, uint16
    (11, 2),  # Accumulated Energy, uint16, kJ
)


def cycling_power_measurement(data):
    """{"power": W (sint16), "crank": (cumulative revolutions uint16, last event time uint16 in 1/1024 s) or None,
    "energy": kJ or None}. Flags are uint16; Instantaneous Power always follows them."""
    fields = _Fields(data)
    flags = fields.take("H")
    power = fields.take("h")
    crank = energy = None
    for bit, size in _CYCLING_POWER_FIELDS:
        if not _bit(flags, bit):
            continue
        if size is None:
            crank = fields.take("HH")
        elif bit == 11:
            energy = fields.take("H")
        else:
            fields.skip(size)
    return {"power": power, "crank": crank, "energy": energy}


class CrankCadence:
    """Cadence from successive crank revolution data (cumulative revolutions, last event time).

    Both counters are uint16 and wrap around: revolutions at 65536, the event time (1/1024 s)
    every 64 s. A measurement that repeats the last crank event says no new revolution: the
    cadence is held, then after `idle` seconds with none it is 0 (the rider stopped pedalling).
    """

    def __init__(self, idle=3.0):
        self.idle = idle
        self.last = None
        self.last_change = None

    def update(self, crank, now):
        """The cadence in rpm after this crank data at wall time `now` (seconds), or None when
        there is nothing new to say yet."""
        if crank is None:
            return None
        if self.last is None:
            self.last, self.last_change = crank, now
            return None
        revolutions = (crank[0] - self.last[0]) & 0xFFFF
        ticks = (crank[1] - self.last[1]) & 0xFFFF
        if ticks == 0:
            return 0.0 if now - self.last_change >= self.idle else None
        self.last, self.last_change = crank, now
        return revolutions * 60 * 1024 / ticks


# --- Indoor Bike Data (0x2AD2) -----------------------------------------------------------------


def indoor_bike_data(data):
    """The fields an Indoor Bike Data value carries, in the units Pacer takes: "speed" (m/s),
    "cadence" (rpm), "distance" (m), "power" (W), "heart_rate" (bpm), and the others as sent
    ("average_speed", "average_cadence", "resistance", "average_power", "energy", "met",
    "elapsed", "remaining").

    Flags (uint16). Bit 0 is "More Data" and inverted: Instantaneous Speed (uint16, 0.01 km/h) is
    there when it is 0. Then, each when its bit is 1: 1 Average Speed (uint16, 0.01 km/h),
    2 Instantaneous Cadence (uint16, 0.5 rpm), 3 Average Cadence (uint16, 0.5 rpm), 4 Total
    Distance (uint24, m), 5 Resistance Level (sint16), 6 Instantaneous Power (sint16, W),
    7 Average Power (sint16, W), 8 Expended Energy (uint16 total kcal, uint16 per hour, uint8 per
    minute), 9 Heart Rate (uint8, bpm), 10 Metabolic Equivalent (uint8, 0.1), 11 Elapsed Time
    (uint16, s), 12 Remaining Time (uint16, s).
    """
    fields = _Fields(data)
    flags = fields.take("H")
    values = {}
    if not _bit(flags, 0):
        values["speed"] = fields.take("H") / 100 / 3.6
    if _bit(flags, 1):
        values["average_speed"] = fields.take("H") / 100 / 3.6
    if _bit(flags, 2):
        values["cadence"] = fields.take("H") / 2
    if _bit(flags, 3):
        values["average_cadence"] = fields.take("H") / 2
    if _bit(flags, 4):
        values["distance"] = fields.uint24()
    if _bit(flags, 5):
        values["resistance"] = fields.take("h")
    if _bit(flags, 6):
        values["power"] = fields.take("h")
    if _bit(flags, 7):
        values["average_power"] = fields.take("h")
    if _bit(flags, 8):
        values["energy"] = fields.take("HHB")
    if _bit(flags, 9):
        values["heart_rate"] = fields.take("B")
    if _bit(flags, 10):
        values["met"] = fields.take("B") / 10
    if _bit(flags, 11):
        values["elapsed"] = fields.take("H")
    if _bit(flags, 12):
        values["remaining"] = fields.take("H")
    return values


# --- Fitness Machine Control Point (0x2AD9) ----------------------------------------------------

REQUEST_CONTROL = 0x00
RESET = 0x01
SET_TARGET_POWER = 0x05
START_OR_RESUME = 0x07
STOP_OR_PAUSE = 0x08
RESPONSE_CODE = 0x80
STOP, PAUSE = 0x01, 0x02

#: Result codes of a control point response.
RESULTS = {0x01: "success", 0x02: "op code not supported", 0x03: "invalid parameter",
           0x04: "operation failed", 0x05: "control not permitted"}


def request_control():
    return bytes([REQUEST_CONTROL])


def reset():
    return bytes([RESET])


def start_or_resume():
    return bytes([START_OR_RESUME])


def stop_or_pause(parameter=STOP):
    return bytes([STOP_OR_PAUSE, parameter])


def set_target_power(watts):
    """Set Target Power: the op code and the power as sint16 watts (clamped to what fits)."""
    return struct.pack("<Bh", SET_TARGET_POWER, max(0, min(int(watts), 32767)))


def control_point_response(data):
    """(request op code, result text) of a control point indication, or None if it is not a response."""
    data = bytes(data)
    if len(data) < 3 or data[0] != RESPONSE_CODE:
        return None
    return data[1], RESULTS.get(data[2], f"result 0x{data[2]:02x}")
