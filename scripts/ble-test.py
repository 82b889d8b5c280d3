#!/usr/bin/env python3
"""Tests the ble plugin (Plugins/ble) without a radio.

    python3 scripts/ble-test.py      # needs dbus-daemon (Debian dbus-daemon), bleak and dbus-fast (PyPI)

First the characteristic parsers (Plugins/ble/ble_parsers.py) against byte values built field by
field from the layouts of the Bluetooth specifications, every flag and the wrap-around of the
counters, and the ERG plan (ble_erg.py) on events alone. Then the whole plugin, as pacer runs it,
against a simulated BlueZ on a private D-Bus (scripts/sensortest/bluez.py): the measure lines match
the notifications, the trainer gets the right powers at the right times and is let go on pause,
at the end and when the plugin's input closes, a dropped device sends nothing stale and is found
again, and the plugin says what is wrong when bleak or BlueZ is missing. Last, with the built
pacer (.build/debug/pacer, or $PACER), a real session with the plugin: its log gets samples.
Prints one line per check and ends with "N passed, M failed"; exits 1 if any check failed.
"""
import asyncio
import importlib.util
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path[:0] = [HERE, os.path.join(HERE, "..", "Plugins"), os.path.join(HERE, "..", "Plugins", "ble")]
import ble_erg  # noqa: E402
import ble_parsers as gatt  # noqa: E402
import pacer_plugin  # noqa: E402
from sensortest.harness import ROOT, Checks, PluginRun  # noqa: E402

PLUGIN = os.path.join(ROOT, "Plugins", "ble", "pacer-sink-ble")
PACER = os.path.abspath(os.environ.get("PACER", os.path.join(ROOT, ".build", "debug", "pacer")))


def raises(function, *args):
    try:
        function(*args)
    except gatt.MalformedValue:
        return True
    return False


# --- Parsers -------------------------------------------------------------------------------------


def heart_rate(checks):
    hr = gatt.heart_rate_measurement
    checks.equal("uint8 value, no contact support", hr(bytes([0x00, 72])), {"heart_rate": 72, "contact": None, "energy": None, "rr": []})
    checks.equal("uint16 value (flag bit 0)", hr(bytes([0x01]) + struct.pack("<H", 300))["heart_rate"], 300)
    checks.equal("contact supported and detected (bits 1, 2)", hr(bytes([0x06, 80]))["contact"], True)
    checks.equal("contact supported, not detected", hr(bytes([0x04, 80]))["contact"], False)
    checks.equal("contact bit 1 alone means not supported", hr(bytes([0x02, 80]))["contact"], None)
    checks.equal("energy expended (bit 3, uint16 kJ)", hr(bytes([0x08, 72]) + struct.pack("<H", 1234))["energy"], 1234)
    checks.equal("RR-intervals (bit 4, 1/1024 s)", hr(bytes([0x10, 72]) + struct.pack("<HH", 1024, 512))["rr"], [1.0, 0.5])
    every = hr(bytes([0x1F]) + struct.pack("<HHHH", 151, 6, 800, 790))
    checks.equal("every field: uint16, contact, energy, two RR", every,
                 {"heart_rate": 151, "contact": True, "energy": 6, "rr": [800 / 1024, 790 / 1024]})
    checks.check("uint16 flag with one byte is refused", raises(hr, bytes([0x01, 72])))
    checks.check("half an RR-interval is refused", raises(hr, bytes([0x10, 72, 0x00])))
    checks.check("energy flag without energy is refused", raises(hr, bytes([0x08, 72, 0x01])))
    checks.check("an empty value is refused", raises(hr, b""))


def cycling_power(checks):
    cp = gatt.cycling_power_measurement
    checks.equal("power alone", cp(struct.pack("<Hh", 0, 250)), {"power": 250, "crank": None, "energy": None})
    checks.equal("power is signed (sint16)", cp(struct.pack("<Hh", 0, -5))["power"], -5)
    checks.equal("crank revolution data (bit 5)", cp(struct.pack("<HhHH", 0x20, 250, 10, 1024))["crank"], (10, 1024))
    # Bits 0, 2, 4 come before the crank data: balance (1 byte), torque (2), wheel (4 + 2).
    before = struct.pack("<HhBHIHHH", 0x35, 231, 100, 640, 12345, 2048, 77, 4096)
    checks.equal("crank data after balance, torque and wheel data", cp(before)["crank"], (77, 4096))
    checks.equal("power before them all", cp(before)["power"], 231)
    # Bits 5 to 11: crank, extreme forces (4), torques (4), angles (3), dead spots (2 + 2), energy.
    after = struct.pack("<HhHHhhhh", 0x0FE0, 300, 5, 100, 400, -20, 320, -32) + bytes([0x12, 0x34, 0x56]) + struct.pack("<HHH", 10, 190, 88)
    parsed = cp(after)
    checks.equal("accumulated energy (bit 11) after every other field", parsed["energy"], 88)
    checks.equal("crank data with the later fields present", parsed["crank"], (5, 100))
    checks.check("crank flag without crank data is refused", raises(cp, struct.pack("<Hh", 0x20, 250)))
    checks.check("a value without power is refused", raises(cp, struct.pack("<H", 0)))

    cadence = gatt.CrankCadence(idle=3)
    checks.equal("first crank data: nothing to say yet", cadence.update((10, 1024), 0.0), None)
    checks.equal("one revolution in 1024/1024 s is 60 rpm", cadence.update((11, 2048), 1.0), 60.0)
    checks.equal("the same crank event again: held", cadence.update((11, 2048), 2.0), None)
    checks.equal("no new revolution for 3 s: 0 rpm", cadence.update((11, 2048), 4.0), 0.0)
    wrapping = gatt.CrankCadence()
    wrapping.update((65535, 65000), 0.0)
    checks.check("both uint16 counters wrap around", math.isclose(wrapping.update((1, (65000 + 683) & 0xFFFF), 0.7), 2 * 60 * 1024 / 683))


def indoor_bike(checks):
    ibd = gatt.indoor_bike_data
    basic = ibd(struct.pack("<HHHh", 0x0044, 3000, 181, 250))
    checks.check("speed when bit 0 is 0: 0.01 km/h to m/s", math.isclose(basic["speed"], 30 / 3.6))
    checks.equal("cadence in 0.5 rpm", basic["cadence"], 90.5)
    checks.equal("power sint16", basic["power"], 250)
    checks.check("no speed when bit 0 (more data) is 1", "speed" not in ibd(struct.pack("<HHh", 0x0045, 181, 250)))
    every = (struct.pack("<HHHHH", 0x1FFE, 2500, 2400, 170, 160) + struct.pack("<HB", 0x2345, 0x01)
             + struct.pack("<hhhHHBBBHH", -3, -7, 210, 456, 900, 15, 142, 35, 600, 1200))
    values = ibd(every)
    checks.equal("every field: distance is uint24", values["distance"], 0x012345)
    checks.equal("every field: resistance is signed", values["resistance"], -3)
    checks.equal("every field: negative power", values["power"], -7)
    checks.equal("every field: average power", values["average_power"], 210)
    checks.equal("every field: expended energy (total, per hour, per minute)", values["energy"], (456, 900, 15))
    checks.equal("every field: heart rate, MET, elapsed, remaining",
                 (values["heart_rate"], values["met"], values["elapsed"], values["remaining"]), (142, 3.5, 600, 1200))
    checks.equal("every field: cadences", (values["cadence"], values["average_cadence"]), (85.0, 80.0))
    checks.check("every field: speeds", math.isclose(values["speed"], 25 / 3.6) and math.isclose(values["average_speed"], 24 / 3.6))
    checks.check("a value cut short is refused", raises(ibd, every[:-1]))
    checks.check("flags alone with speed announced are refused", raises(ibd, struct.pack("<H", 0)))


def control_point(checks):
    checks.equal("request control", gatt.request_control(), b"\x00")
    checks.equal("set target power 250 W: op 0x05, sint16", gatt.set_target_power(250), b"\x05\xfa\x00")
    checks.equal("stop / pause parameter", (gatt.stop_or_pause(gatt.STOP), gatt.stop_or_pause(gatt.PAUSE)), (b"\x08\x01", b"\x08\x02"))
    checks.equal("a success response", gatt.control_point_response(b"\x80\x05\x01"), (5, "success"))
    checks.equal("control not permitted", gatt.control_point_response(b"\x80\x05\x05"), (5, "control not permitted"))
    checks.equal("not a response", gatt.control_point_response(b"\x05\x01"), None)


# --- The ERG plan ----------------------------------------------------------------------------------


def watts(start, end=None, unit="watts"):
    return {"unit": unit, "start": list(start), "end": list(end or start), "watts": {"start": list(start), "end": list(end or start)}}


def erg_plan(checks):
    plan = ble_erg.ErgPlan()
    plan.handle({"event": "session.start", "t": 0, "speed": 1}, 0)
    plan.handle({"event": "phase.start", "t": 0, "due": 0, "index": 1, "duration": 100, "power": watts((190, 210))}, 0)
    checks.equal("a steady step: the middle of its range", plan.target(10), 200)
    plan.handle({"event": "phase.start", "t": 100, "due": 100, "index": 2, "duration": 100, "power": watts((100, 110), (200, 220), "ftp")}, 100)
    checks.equal("a ramp in % FTP with watts: the middle where it is", plan.target(150), 157)
    checks.equal("a ramp at its end", plan.target(200), 210)
    plan.handle({"event": "extend", "t": 200, "index": 2, "by": 30, "elapsed": 100, "remaining": 30}, 200)
    checks.equal("a ramp holds its end through +30", plan.target(215), 210)
    plan.handle({"event": "phase.start", "t": 300, "due": 300, "index": 3, "duration": 10, "power": watts((300, 300), (200, 200))}, 300)
    tops = [300 - 10 * min(1, max(0, (now - 300) / 10)) for now in (300, 301)]
    checks.check("a falling ramp: never above the top a second later", plan.target(300, ahead=1) <= min(tops), plan.target(300))
    checks.check("nor at any moment of it", all(plan.target(300 + s / 10) <= 300 - 10 * min(1, (s / 10 + 1) / 10) + 1e-9 for s in range(100)))
    plan.handle({"event": "pause", "t": 305, "index": 3, "elapsed": 5, "remaining": 5}, 305)
    checks.equal("paused: let go", plan.target(306), None)
    plan.handle({"event": "resume", "t": 400, "index": 3, "elapsed": 5, "remaining": 5}, 400)
    checks.equal("resumed where it was", plan.target(400, ahead=0), 250)
    plan.handle({"event": "phase.start", "t": 410, "index": 4, "duration": 10, "power": {"unit": "ftp", "start": [0.9, 0.9], "end": [0.9, 0.9]}}, 410)
    checks.check("% FTP without watts: let go, and why", plan.target(411) is None and "FTP" in plan.reason, plan.reason)
    plan.handle({"event": "phase.start", "t": 420, "index": 5, "duration": 10, "power": {"unit": "zone", "start": [3, 3], "end": [3, 3]}}, 420)
    checks.check("a zone: let go", plan.target(421) is None and plan.reason)
    plan.handle({"event": "phase.start", "t": 430, "index": 6, "duration": 10, "targets": {"power": watts((240, 260))}}, 430)
    checks.equal("targets given under 'targets'", plan.target(431), 250)
    plan.handle({"event": "phase.start", "t": 440, "index": 7, "duration": 10, "power": "lots"}, 440)
    checks.equal("a power target of another shape: let go", plan.target(441), None)
    plan.handle({"event": "phase.start", "t": 450, "index": 8, "duration": None}, 450)
    checks.check("no power target: let go, nothing to say", plan.target(451) is None and plan.reason is None)
    plan.handle({"event": "phase.start", "t": 460, "index": 9, "duration": 10, "power": watts((200, 200))}, 460)
    plan.handle({"event": "session.end", "t": 465}, 465)
    checks.equal("the end: let go", plan.target(466), None)
    fast = ble_erg.ErgPlan()
    fast.handle({"event": "session.start", "t": 0, "speed": 10}, 0)
    fast.handle({"event": "phase.start", "t": 0, "due": 0, "index": 1, "duration": 100, "power": watts((100, 100), (200, 200))}, 0)
    checks.equal("at --speed 10 a ramp moves ten times faster, and looks ahead ten workout seconds", fast.target(5, ahead=0), 150)


def session_clock(checks):
    clock = pacer_plugin.SessionClock()
    now = [100.0]
    real = time.monotonic
    time.monotonic = lambda: now[0]
    try:
        checks.equal("before any event: 0", clock.now(), 0.0)
        clock.saw({"event": "session.start", "t": 0.0})
        now[0] = 101.0
        checks.equal("session time from the first event read", clock.now(), 1.0)
        clock.saw({"event": "phase.start", "t": 1.8})
        checks.check("that first event was read late: the next one, read at once, puts the clock right", math.isclose(clock.now(), 1.8))
        now[0] = 102.0
        clock.saw({"event": "cue", "t": 1.0})
        checks.check("an event read late changes nothing", math.isclose(clock.now(), 2.8))
        checks.equal("an event without a time: none", clock.saw({"event": "odd", "t": "soon"}), None)
    finally:
        time.monotonic = real


# --- The plugin against a simulated BlueZ --------------------------------------------------------


def sensors():
    from sensortest.bluez import Characteristic, Device
    strap = Device("C0:00:00:00:00:01", "Polar H10", {0x180D: [Characteristic(0x2A37, ["notify"])]})
    meter = Device("C0:00:00:00:00:02", "Assioma", {0x1818: [Characteristic(0x2A63, ["notify"])]})
    trainer = Device("C0:00:00:00:00:03", "KICKR", {0x1826: [Characteristic(0x2AD2, ["notify"]),
                                                            Characteristic(0x2AD9, ["write", "indicate"])]})
    return strap, meter, trainer


class Simulation:
    """A private bus with a simulated BlueZ, and the plugin run against it: by default a strap, a
    power meter and a trainer (`sensors()`)."""

    def __init__(self, devices=None):
        if devices is None:
            devices = sensors()
            self.strap, self.meter, self.trainer = devices
        self.devices = devices

    async def __aenter__(self):
        from sensortest.bluez import BlueZ, PrivateBus
        self.bus = PrivateBus()
        self.runs = []
        try:
            self.bluez = BlueZ(self.bus.address, self.devices)
            await self.bluez.start()
        except BaseException:
            self.bus.stop()
            raise
        return self

    async def plugin(self, *options):
        run = PluginRun([PLUGIN, *options], env={"DBUS_SYSTEM_BUS_ADDRESS": self.bus.address})
        await run.start()
        self.runs.append(run)
        return run

    async def __aexit__(self, *_):
        for run in self.runs:
            if run.process.returncode is None:
                run.process.kill()
                await run.process.wait()
        self.bus.stop()


def connected(run, name, times=1):
    return lambda: run.stderr().count(f"connected to {name}") >= times


async def measurements(checks):
    async with Simulation() as sim:
        run = await sim.plugin()
        await run.send("session.start", speed=1)
        everything = await run.wait_for(lambda: all(connected(run, device.name)() for device in sim.devices), 30)
        checks.check("connects to the strap, the power meter and the trainer it finds", everything, run.stderr())
        start = time.monotonic()
        revolutions, ticks = 0, 0
        for step in range(24):
            sim.bluez.notify(sim.strap, 0x2A37, bytes([0x16, 150]) + struct.pack("<H", 800))
            sim.bluez.notify(sim.meter, 0x2A63, struct.pack("<HhHH", 0x20, 250, revolutions, ticks))
            revolutions, ticks = (revolutions + 1) & 0xFFFF, (ticks + 683) & 0xFFFF
            sim.bluez.notify(sim.trainer, 0x2AD2, struct.pack("<HHHHBh", 0x0054, 3000, 170, 1000 + step, 0, 240))
            await asyncio.sleep(0.125)
        sim.bluez.notify(sim.strap, 0x2A37, bytes([0x04, 99]))
        await asyncio.sleep(0.6)
        lines = run.measures(start)
        last = {}
        for _, values in lines:
            last.update(values)
        checks.equal("heart rate from the strap", last.get("heart_rate"), 150)
        checks.equal("power from the power meter, not the trainer", last.get("power"), 250)
        checks.check("cadence from the crank revolutions: 1 in 683/1024 s", math.isclose(last.get("cadence", 0), 89.96, abs_tol=0.01), last)
        checks.check("speed from the trainer, in m/s", math.isclose(last.get("speed", 0), 8.33, abs_tol=0.01), last)
        checks.equal("distance from the trainer", last.get("distance"), 1023)
        checks.check("the trainer's power is not sent while the meter's is", all(values.get("power") != 240 for _, values in lines[1:]), lines)
        checks.check("a strap without skin contact sends no heart rate", all(values.get("heart_rate") != 99 for _, values in lines))
        seconds = lines[-1][0] - lines[0][0] if len(lines) > 1 else 0
        checks.check(f"at most 4 lines a second ({len(lines)} in {seconds:.2f} s, notifications at 24 a second)",
                     len(lines) >= 5 and (len(lines) - 1) / seconds <= 4.4, lines)
        sim.bluez.notify(sim.strap, 0x2A37, bytes([0x01, 72]))
        for burst in range(2000):
            sim.bluez.notify(sim.trainer, 0x2AD2, struct.pack("<HHh", 0x0044 | 0x01, 170, 200 + burst % 50))
            if burst % 100 == 0:
                await asyncio.sleep(0.01)
        await asyncio.sleep(1.0)
        checks.check("a malformed value is reported once", run.stderr().count("not what the specification allows") == 1, run.stderr())
        flood = run.measures(time.monotonic() - 1.0)
        checks.check(f"a flood of 2,000 notifications gives at most 5 lines in its second ({len(flood)})", len(flood) <= 5)
        await run.send("session.end", outcome="completed")
        status = await run.finish()
        checks.equal("exits when its input closes", status, 0)
        checks.check("disconnects its devices at the end", all(not device.connected for device in sim.devices))
        checks.check("writes nothing to a trainer it does not drive", not sim.trainer.writes)


def target_writes(device, since=0.0):
    """(time, watts) of each Set Target Power the trainer got."""
    return [(when, struct.unpack("<h", data[1:3])[0]) for when, uuid, data in device.writes if when >= since and data[:1] == b"\x05"]


def ops(device, since=0.0):
    return [data for when, _, data in device.writes if when >= since]


async def erg(checks):
    async with Simulation() as sim:
        run = await sim.plugin("erg=true", "hr=off", "power=off", "trainer=KICKR")
        await run.send("session.start", speed=10)
        checks.check("finds the trainer by name", await run.wait_for(connected(run, "KICKR"), 30), run.stderr())
        t = run.t()
        steady = await run.send("phase.start", due=t, index=1, duration=30, kind="work", power=watts((190, 210)))
        await run.wait_for(lambda: target_writes(sim.trainer), 3)
        checks.equal("takes control, starts, then sets the step's watts", ops(sim.trainer)[:3], [b"\x00", b"\x07", b"\x05\xc8\x00"])
        first = target_writes(sim.trainer)
        checks.check("within half a second of the step", first and first[0][0] - steady < 0.5, first)
        await asyncio.sleep(1.5)
        checks.equal("a steady step is set once", len(target_writes(sim.trainer)), 1)

        t = run.t()
        ramp_start = await run.send("phase.start", due=t, index=2, duration=100, kind="work", power=watts((100, 110), (200, 220), "ftp"))
        await asyncio.sleep(4.2)
        ramp = target_writes(sim.trainer, ramp_start)
        top = lambda when, at=0: 110 + 110 * min(1, ((when - ramp_start) * 10 + at) / 100)  # noqa: E731
        checks.check(f"through a ramp, a new target about every second ({[w for _, w in ramp]})",
                     4 <= len(ramp) <= 6 and all(0.7 < b[0] - a[0] < 1.5 for a, b in zip(ramp[1:], ramp[2:])), ramp)
        checks.check("each rising with the ramp, within its range then", all(a[1] < b[1] for a, b in zip(ramp, ramp[1:]))
                     and all(top(when) - 12 <= value <= top(when) for when, value in ramp), ramp)

        paused_at = await run.send("pause", index=2, elapsed=round((time.monotonic() - ramp_start) * 10, 3), remaining=55)
        await run.wait_for(lambda: b"\x08\x02" in ops(sim.trainer, paused_at), 2)
        let_go = [when for when, _, data in sim.trainer.writes if when >= paused_at and data == b"\x08\x02"]
        checks.check("pause lets go (Stop or Pause: pause) within half a second", let_go and let_go[0] - paused_at < 0.5, ops(sim.trainer, paused_at))
        await asyncio.sleep(2)
        checks.equal("no target while paused", target_writes(sim.trainer, paused_at), [])
        resumed = await run.send("resume", index=2, elapsed=45, remaining=55)
        await run.wait_for(lambda: target_writes(sim.trainer, resumed), 2)
        after = ops(sim.trainer, resumed)
        checks.check("resume starts again and sets where the ramp stood (45 of 100 s: 145-159.5 W, 152 W)",
                     after[:1] == [b"\x07"] and target_writes(sim.trainer, resumed)[0][1] in range(152, 156), after)

        t = run.t()
        down = await run.send("phase.start", due=t, index=3, duration=40, kind="work", power=watts((300, 300), (200, 200)))
        await asyncio.sleep(3.5)
        falling = target_writes(sim.trainer, down)
        top = lambda when: 300 - 100 * min(1, (when - down) * 10 / 40)  # noqa: E731
        checks.check(f"a falling ramp: each target at most the step's top for the second after it ({[w for _, w in falling]})",
                     len(falling) >= 3 and all(value <= top(when + 1.0) + 0.5 for when, value in falling), falling)
        free = await run.send("phase.start", due=run.t(), index=4, duration=30, kind="rest")
        await run.wait_for(lambda: b"\x08\x02" in ops(sim.trainer, free), 2)
        checks.check("a step without a power target lets go", b"\x08\x02" in ops(sim.trainer, free) and not target_writes(sim.trainer, free))
        again = await run.send("phase.start", due=run.t(), index=5, duration=30, kind="work", power=watts((250, 250)))
        await run.wait_for(lambda: target_writes(sim.trainer, again), 2)
        checks.equal("and the next step with one takes hold again", ops(sim.trainer, again), [b"\x07", b"\x05\xfa\x00"])
        ended = await run.send("session.end", outcome="completed")
        await run.wait_for(lambda: b"\x01" in ops(sim.trainer, ended), 2)
        checks.equal("the end: stop, then reset (control given back)", ops(sim.trainer, ended), [b"\x08\x01", b"\x01"])
        checks.equal("exits when its input closes", await run.finish(), 0)
        checks.check("the trainer said success to everything", "answered" not in run.stderr(), run.stderr())

        run = await sim.plugin("erg=true", "hr=off", "power=off")
        await run.send("session.start", speed=1)
        await run.wait_for(connected(run, "KICKR"), 30)
        held = await run.send("phase.start", due=run.t(), index=1, duration=600, kind="work", power=watts((200, 200)))
        await run.wait_for(lambda: target_writes(sim.trainer, held), 3)
        quit_at = time.monotonic()
        status = await run.finish()
        checks.equal("input closed without session.end (pacer quit or killed): stop and reset before leaving",
                     ops(sim.trainer, quit_at), [b"\x08\x01", b"\x01"])
        checks.check("and it is gone within a second", status == 0 and time.monotonic() - quit_at < 1.0, time.monotonic() - quit_at)

        run = await sim.plugin("erg=true", "hr=off", "power=off")
        await run.send("session.start", speed=1)
        await run.wait_for(connected(run, "KICKR"), 30)
        await run.send("phase.start", due=run.t(), index=1, duration=600, kind="work", power={"unit": "ftp", "start": [0.9, 0.9], "end": [0.9, 0.9]})
        await run.wait_for(lambda: "FTP" in run.stderr(), 2)
        checks.check("a target in % FTP without the FTP: says why it lets go", "needs your FTP" in run.stderr(), run.stderr())
        await run.finish()

        run = await sim.plugin("erg=true", "hr=off", "power=off")
        await run.send("session.start", speed=1)
        await run.wait_for(connected(run, "KICKR"), 30)
        await run.send("phase.start", due=run.t(), index=1, duration=600, kind="work", power=watts((220, 220)))
        await run.wait_for(lambda: b"\x05\xdc\x00" in ops(sim.trainer, time.monotonic() - 1), 3)
        sim.bluez.drop(sim.trainer)
        await asyncio.sleep(1)
        sim.bluez.come_back(sim.trainer)
        back = time.monotonic()
        await run.wait_for(lambda: target_writes(sim.trainer, back), 20)
        checks.equal("a trainer that dropped is taken in hand again when it is back", ops(sim.trainer, back), [b"\x00", b"\x07", b"\x05\xdc\x00"])
        await run.finish()

        sim.trainer.refusals = 2
        run = await sim.plugin("erg=true", "hr=off", "power=off")
        await run.send("session.start", speed=1)
        await run.wait_for(connected(run, "KICKR"), 30)
        asked = await run.send("phase.start", due=run.t(), index=1, duration=600, kind="work", power=watts((230, 230)))
        await run.wait_for(lambda: ops(sim.trainer, asked)[-1:] == [b"\x05\xe6\x00"], 8)
        checks.equal("control refused (another app has it): asked again each second until given, nothing else meanwhile",
                     ops(sim.trainer, asked), [b"\x00", b"\x00", b"\x00", b"\x07", b"\x05\xe6\x00"])
        checks.check("and said once", run.stderr().count("control not permitted") == 1, run.stderr())
        await run.finish()


async def undriven(checks):
    from sensortest.bluez import Characteristic, Device
    basic = Device("C0:00:00:00:00:04", "Basic bike", {0x1826: [Characteristic(0x2AD2, ["notify"])]})
    async with Simulation([basic]) as sim:
        run = await sim.plugin("erg=true")
        await run.send("session.start", speed=1)
        await run.wait_for(lambda: "cannot be driven" in run.stderr(), 30)
        await run.send("phase.start", due=run.t(), index=1, duration=60, kind="work", power=watts((200, 200)))
        for _ in range(8):
            sim.bluez.notify(basic, 0x2AD2, struct.pack("<HHh", 0x0045, 160, 180))
            await asyncio.sleep(0.25)
        checks.check("erg=true with a trainer without a control point: says it cannot drive it",
                     "Basic bike (trainer) cannot be driven (it has no fitness machine control point)" in run.stderr(), run.stderr())
        checks.check("and it still measures", any(values == {"cadence": 80, "power": 180} for _, values in run.measures()), run.lines)
        checks.check("connected once, not over and over", run.stderr().count("connected to Basic bike") == 1, run.stderr())
        await run.finish()


async def dropped(checks):
    async with Simulation() as sim:
        run = await sim.plugin("power=off", "trainer=off", "hr=c0:00:00:00:00:01")
        await run.send("session.start", speed=1)
        checks.check("finds the strap by address, whatever its case", await run.wait_for(connected(run, "Polar H10"), 30), run.stderr())
        for _ in range(6):
            sim.bluez.notify(sim.strap, 0x2A37, bytes([0x00, 150]))
            await asyncio.sleep(0.25)
        sim.bluez.notify(sim.strap, 0x2A37, bytes([0x00, 151]))
        sim.bluez.drop(sim.strap)
        gone = time.monotonic()
        await asyncio.sleep(3)
        checks.check("says the strap was lost", "lost Polar H10" in run.stderr(), run.stderr())
        checks.check("sends nothing of the dropped strap, not even its last value", not run.measures(gone), run.measures(gone))
        sim.bluez.come_back(sim.strap)
        back = await run.wait_for(connected(run, "Polar H10", 2), 20)
        checks.check("connects again when the strap is back", back, run.stderr())
        for _ in range(6):
            sim.bluez.notify(sim.strap, 0x2A37, bytes([0x00, 160]))
            await asyncio.sleep(0.25)
        checks.check("and sends its values again", [values for _, values in run.measures(gone)] and
                     all(values == {"heart_rate": 160} for _, values in run.measures(gone)), run.measures(gone))
        checks.equal("exits when its input closes", await run.finish(), 0)


async def unwell(checks):
    async with Simulation() as sim:
        run = await sim.plugin("erg=maybe")
        await asyncio.sleep(0.5)
        status = await run.finish()
        checks.check("a bad option is explained, and it exits at the end of the input", "erg is true or false" in run.stderr() and status == 1, run.stderr())
        run = await sim.plugin("hrr=auto")
        status = await run.finish()
        checks.check("an unknown option: a suggestion", "did you mean 'hr'" in run.stderr(), run.stderr())
    hidden = PluginRun([sys.executable, "-S", PLUGIN])
    await hidden.start()
    await hidden.send("session.start", speed=1)
    await asyncio.sleep(0.5)
    status = await hidden.finish()
    checks.check("without bleak: says so once, with the pip command, and no traceback",
                 hidden.stderr().count("pip install bleak==") == 1 and "Traceback" not in hidden.stderr() and status == 1, hidden.stderr())
    nowhere = tempfile.mkdtemp()
    try:
        run = PluginRun([PLUGIN], env={"DBUS_SYSTEM_BUS_ADDRESS": f"unix:path={nowhere}/no-bus"})
        await run.start()
        await run.send("session.start", speed=1)
        await run.wait_for(lambda: "cannot scan" in run.stderr(), 10)
        await asyncio.sleep(5)
        checks.check("without BlueZ: says so once, and keeps trying", run.stderr().count("cannot scan") == 1, run.stderr())
        status = await run.finish()
        checks.check("and exits cleanly at the end", status == 0 and "Traceback" not in run.stderr(), run.stderr())
        recorded = os.path.join(nowhere, "session.jsonl")
        with open(recorded, "w") as file:
            file.write('{"event":"session.start","t":0.000,"speed":1}\n{"event":"session.end","t":1.000,"outcome":"quit"}\n')
        with open(recorded) as file:
            done = subprocess.run([PLUGIN, "erg=true"], stdin=file, capture_output=True, text=True, timeout=30,
                                  env=dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=f"unix:path={nowhere}/no-bus"))
        checks.check("reads a recorded session from a file (plugin < session.jsonl)", done.returncode == 0 and "Traceback" not in done.stderr, done.stderr)
    finally:
        shutil.rmtree(nowhere)


# --- With pacer ------------------------------------------------------------------------------------


async def with_pacer(checks):
    if not os.access(PACER, os.X_OK):
        checks.check(f"pacer is built at {PACER}", False)
        return
    async with Simulation() as sim:
        folder = tempfile.mkdtemp()
        try:
            log = os.path.join(folder, "session.jsonl")
            env = dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=sim.bus.address, PATH=os.path.dirname(PLUGIN) + os.pathsep + os.environ["PATH"],
                       XDG_CONFIG_HOME=folder, XDG_STATE_HOME=folder, XDG_DATA_HOME=folder)
            begun = time.monotonic()
            pacer = await asyncio.create_subprocess_exec(
                PACER, "run", "1m @ ramp 100-200W, 1m @ 250W", "--speed", "10", "--sink", "ble:power=off,erg=true", "--log", log,
                stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE, env=env)
            beats = 0
            while pacer.returncode is None and beats < 300:
                sim.bluez.notify(sim.strap, 0x2A37, bytes([0x00, 140 + beats % 5]))
                sim.bluez.notify(sim.trainer, 0x2AD2, struct.pack("<HHh", 0x0045, 180, 230))
                beats += 1
                try:
                    await asyncio.wait_for(pacer.wait(), 0.1)
                except asyncio.TimeoutError:
                    pass
            errors = (await pacer.stderr.read()).decode(errors="replace")
            checks.equal("pacer run with --sink ble ends", pacer.returncode, 0)
            with open(log) as file:
                events = [json.loads(line) for line in file]
            samples = [event for event in events if event["event"] == "sample"]
            checks.check(f"the log gets sample events with the strap's heart rate and the trainer's power and cadence ({len(samples)})",
                         len(samples) >= 60 and all(140 <= event.get("heart_rate", 0) <= 144 and event.get("power") == 230
                                                    and event.get("cadence") == 90 for event in samples[-50:]), errors[-2000:])
            targets = [watts for _, watts in target_writes(sim.trainer, begun)]
            seconds = time.monotonic() - begun
            checks.check(f"the trainer follows the ramp up to 200 W once a second ({len(targets)} targets in {seconds:.1f} s), then holds 250 W ({targets})",
                         4 <= len(targets) <= seconds / 2 + 2 and targets == sorted(targets) and 100 <= targets[0] < 150
                         and 150 <= targets[-2] <= 200 and targets[-1] == 250, targets)
            checks.equal("and is let go at the end", ops(sim.trainer, begun)[-2:], [b"\x08\x01", b"\x01"])

            begun = time.monotonic()
            pacer = await asyncio.create_subprocess_exec(
                PACER, "run", "10m @ 180W", "--sink", "ble:hr=off,power=off,erg=true", "--log", log,
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE, env=env)

            async def typed(line, then):
                pacer.stdin.write(line.encode() + b"\n")
                await pacer.stdin.drain()
                sent = time.monotonic()
                deadline = sent + 5
                while time.monotonic() < deadline and then not in ops(sim.trainer, sent):
                    await asyncio.sleep(0.05)
                return ops(sim.trainer, sent)

            while time.monotonic() < begun + 30 and not target_writes(sim.trainer, begun):
                await asyncio.sleep(0.1)
            checks.equal("a real session: 180 W held", [watts for _, watts in target_writes(sim.trainer, begun)], [180])
            checks.equal("pause typed at pacer's input: the trainer is let go", await typed("pause", b"\x08\x02"), [b"\x08\x02"])
            checks.equal("resume: held again", await typed("resume", b"\x05\xb4\x00"), [b"\x07", b"\x05\xb4\x00"])
            checks.equal("quit: stopped and reset", await typed("quit", b"\x01"), [b"\x08\x01", b"\x01"])
            await asyncio.wait_for(pacer.wait(), 10)
        finally:
            shutil.rmtree(folder)


def main():
    checks = Checks()
    checks.scenario("Heart Rate Measurement (0x2A37)", heart_rate)
    checks.scenario("Cycling Power Measurement (0x2A63) and cadence from crank revolutions", cycling_power)
    checks.scenario("Indoor Bike Data (0x2AD2)", indoor_bike)
    checks.scenario("Fitness Machine Control Point (0x2AD9)", control_point)
    checks.scenario("The ERG plan, on events", erg_plan)
    checks.scenario("Session time from the events", session_clock)
    missing = [package for module, package in (("bleak", "bleak==3.1.0"), ("dbus_fast", "dbus-fast==5.2.0"))
               if importlib.util.find_spec(module) is None]
    if shutil.which("dbus-daemon") is None or missing:
        checks.check("dbus-daemon (Debian: dbus-daemon) and bleak, dbus-fast (pip) are installed", False,
                     f"missing: {', '.join(missing) or 'dbus-daemon'}; scripts/test installs them")
    else:
        checks.scenario("Measurements from a simulated strap, power meter and trainer", measurements)
        checks.scenario("ERG: the trainer driven through its control point", erg)
        checks.scenario("ERG with a trainer that cannot be driven", undriven)
        checks.scenario("A device that drops and comes back", dropped)
        checks.scenario("Bad options, no bleak, no BlueZ", unwell)
        checks.scenario("A pacer session with the plugin", with_pacer)
    return checks.summary()


if __name__ == "__main__":
    sys.exit(main())
