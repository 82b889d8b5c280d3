#!/usr/bin/env python3
"""Tests the replay plugin (Plugins/replay): a recorded activity played back as `measure` lines.

    python3 scripts/replay-test.py      # needs garmin-fit-sdk (PyPI) for the FIT part

Writes small TCX files (Garmin TrainingCenterDatabase v2, watts in the ActivityExtension) and FIT
files (with the encoder of Garmin's own SDK), runs the plugin on events the test sends, as pacer
would, and checks that each record is sent when its time comes at the session's --speed and not
before, none while paused, at most four lines a second, bad values and bad files refused with a
message, and, with the built pacer (.build/debug/pacer, or $PACER), that a session's log gets the
recording's values as samples. Prints one line per check and ends with "N passed, M failed".
"""
import asyncio
import datetime
import json
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
from sensortest.harness import ROOT, Checks, PluginRun  # noqa: E402

PLUGIN = os.path.join(ROOT, "Plugins", "replay", "pacer-sink-replay")
PACER = os.path.abspath(os.environ.get("PACER", os.path.join(ROOT, ".build", "debug", "pacer")))
START = datetime.datetime(2026, 12, 1, 7, 0, 0, tzinfo=datetime.timezone.utc)
TCX = "http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
TPX = "http://www.garmin.com/xmlschemas/ActivityExtension/v2"


def record(second):
    """What the recording holds at a second: power 200 + s, heart rate 120 + s (to 200), ..."""
    return {"power": 200 + second, "heart_rate": min(200, 120 + second), "cadence": 85, "speed": 8.5, "distance": 8.5 * second}


def write_tcx(path, seconds, point=None):
    """A TCX activity with a trackpoint a second; `point(second)` gives a trackpoint's XML instead."""
    def trackpoint(second):
        values = record(second)
        when = (START + datetime.timedelta(seconds=second)).strftime("%Y-%m-%dT%H:%M:%SZ")
        return (f"<Trackpoint><Time>{when}</Time><DistanceMeters>{values['distance']}</DistanceMeters>"
                f"<HeartRateBpm><Value>{values['heart_rate']}</Value></HeartRateBpm><Cadence>{values['cadence']}</Cadence>"
                f"<Extensions><ns3:TPX><ns3:Speed>{values['speed']}</ns3:Speed><ns3:Watts>{values['power']}</ns3:Watts></ns3:TPX></Extensions>"
                "</Trackpoint>")
    points = "".join((point or trackpoint)(second) for second in range(seconds))
    with open(path, "w") as file:
        file.write(f'<?xml version="1.0" encoding="UTF-8"?>\n<TrainingCenterDatabase xmlns="{TCX}" xmlns:ns3="{TPX}">'
                   f'<Activities><Activity Sport="Biking"><Id>{START.strftime("%Y-%m-%dT%H:%M:%SZ")}</Id>'
                   f'<Lap StartTime="{START.strftime("%Y-%m-%dT%H:%M:%SZ")}"><TotalTimeSeconds>{seconds}</TotalTimeSeconds>'
                   f'<DistanceMeters>0</DistanceMeters><Calories>0</Calories><Intensity>Active</Intensity>'
                   f'<TriggerMethod>Manual</TriggerMethod><Track>{points}</Track></Lap></Activity></Activities>'
                   '</TrainingCenterDatabase>\n')


def write_fit(path, seconds):
    """A FIT activity with a record a second, written with the encoder of Garmin's SDK."""
    from garmin_fit_sdk import Encoder, Profile
    numbers = Profile["mesg_num"]
    encoder = Encoder()
    encoder.write_mesg({"mesg_num": numbers["FILE_ID"], "type": "activity", "manufacturer": "development",
                        "product": 1, "serial_number": 1234, "time_created": START})
    for second in range(seconds):
        values = record(second)
        encoder.write_mesg({"mesg_num": numbers["RECORD"], "timestamp": START + datetime.timedelta(seconds=second),
                            "power": values["power"], "heart_rate": values["heart_rate"], "cadence": values["cadence"],
                            "speed": values["speed"], "distance": values["distance"]})
    with open(path, "wb") as file:
        file.write(encoder.close())


async def ready(run):
    """Starts the plugin and waits until it has read its file, as pacer's session would have
    started by then: a plugin slow to start only reads its first events late."""
    await run.start()
    await run.wait_for(lambda: "replaying" in run.stderr(), 20)
    return run


async def played(path, speed, seconds, options=()):
    """The plugin run on a session at `speed` for `seconds`: (run, monotonic time of session.start)."""
    run = await ready(PluginRun([PLUGIN, f"file={path}", *options]))
    started = await run.send("session.start", speed=speed)
    await asyncio.sleep(seconds)
    return run, started


def on_time(lines, started, speed):
    """How early (most negative) and late each line's newest power was, in session seconds: power
    200 + s is due at session second s."""
    gaps = [(when - started) * speed - (values["power"] - 200) for when, values in lines if "power" in values]
    return min(gaps), max(gaps)


async def tcx(checks, folder):
    path = os.path.join(folder, "ride.tcx")
    write_tcx(path, 30)
    run, started = await played(path, 10, 4)
    status = await run.finish()
    lines = run.measures()
    checks.equal("exits when its input closes", status, 0)
    checks.check("says what it replays", "replaying 30 records, 0:00:29" in run.stderr(), run.stderr())
    checks.equal("the last line: every channel of the last trackpoint, watts from the ActivityExtension",
                 lines[-1][1] if lines else None, {"power": 229, "heart_rate": 149, "cadence": 85, "speed": 8.5, "distance": 246.5})
    early, late = on_time(lines, started, 10)
    checks.check(f"each record at its time at --speed 10, never early (from {early:.2f} to {late:.2f} session s)",
                 early >= -0.2 and late <= 4.5, lines)
    checks.check(f"at most 4 lines a second ({len(lines)} in 3 s of records due at 10 a second)", 6 <= len(lines) <= 13, lines)
    checks.check("says once when the recording ended", run.stderr().count("the recording ended at 0:00:29") == 1, run.stderr())


async def paused(checks, folder):
    path = os.path.join(folder, "long.tcx")
    write_tcx(path, 600)
    run = await ready(PluginRun([PLUGIN, f"file={path}"]))
    started = await run.send("session.start", speed=2)
    await asyncio.sleep(1.5)
    pause = await run.send("pause", index=1, elapsed=3, remaining=57)
    await asyncio.sleep(2.0)
    resume = await run.send("resume", index=1, elapsed=3, remaining=57)
    await asyncio.sleep(1.5)
    await run.send("session.end", outcome="completed")
    ended = time.monotonic()
    await asyncio.sleep(1.0)
    await run.finish()
    checks.equal("no values while paused", [line for line in run.measures(pause + 0.3) if line[0] < resume], [])
    after = [values["power"] - 200 for _, values in run.measures(resume)]
    expected = (pause - started) * 2 + (ended - resume) * 2
    checks.check(f"after resume it goes on where it stopped ({after[-1] if after else None} of about {expected:.1f} s of recording)",
                 after and abs(after[-1] - expected) <= 1.5, after)
    checks.equal("nothing after the session ended", run.measures(ended + 0.3), [])


async def fit(checks, folder):
    try:
        import garmin_fit_sdk  # noqa: F401
    except ImportError:
        checks.check("garmin-fit-sdk is installed (pip install garmin-fit-sdk)", False)
        return
    path = os.path.join(folder, "ride.fit")
    write_fit(path, 20)
    run, started = await played(path, 10, 3)
    await run.finish()
    lines = run.measures()
    checks.equal("a FIT activity's last record, in every channel", lines[-1][1] if lines else None,
                 {"power": 219, "heart_rate": 139, "cadence": 85, "speed": 8.5, "distance": 161.5})
    early, late = on_time(lines, started, 10)
    checks.check(f"each record at its time, never early (from {early:.2f} to {late:.2f} session s)", early >= -0.2 and late <= 4.5, lines)
    named = os.path.join(folder, "ride-without-extension")
    shutil.copy(path, named)
    run, _ = await played(named, 10, 0.5)
    await run.finish()
    checks.check("a FIT file is known by its header, whatever its name", "replaying 20 records" in run.stderr(), run.stderr())
    hidden = PluginRun([sys.executable, "-S", PLUGIN, f"file={path}"])
    await hidden.start()
    await hidden.send("session.start", speed=1)
    status = await hidden.finish()
    checks.check("without garmin-fit-sdk: says which package, no traceback",
                 "pip install garmin-fit-sdk" in hidden.stderr() and "Traceback" not in hidden.stderr() and status == 1, hidden.stderr())


async def bad(checks, folder):
    async def message(*options):
        run = PluginRun([PLUGIN, *options])
        await run.start()
        await run.send("session.start", speed=1)
        await asyncio.sleep(0.3)
        status = await run.finish()
        return run, status

    run, status = await message()
    checks.check("no file: says how to give one", "file=PATH" in run.stderr() and status == 1, run.stderr())
    run, status = await message(f"file={folder}/nowhere.tcx")
    checks.check("a file that is not there: says so", "cannot be read (No such file or directory)" in run.stderr() and status == 1, run.stderr())
    fifo = os.path.join(folder, "fifo.tcx")
    os.mkfifo(fifo)
    for special in (fifo, "/dev/zero"):
        run, status = await message(f"file={special}")
        checks.check(f"{special} is refused, not read forever", "is not a regular file" in run.stderr() and status == 1, run.stderr())
    garbage = os.path.join(folder, "garbage.tcx")
    with open(garbage, "wb") as file:
        file.write(b"<TrainingCenterDatabase><Activities>\x00\xff")
    run, status = await message(f"file={garbage}")
    checks.check("a broken TCX: says so, no traceback", "is not readable TCX" in run.stderr() and "Traceback" not in run.stderr(), run.stderr())
    fake = os.path.join(folder, "fake.fit")
    with open(fake, "wb") as file:
        file.write(b"\x0e\x10" + os.urandom(400))
    run, status = await message(f"file={fake}")
    checks.check("random bytes named .fit: says so, no traceback", status == 1 and "Traceback" not in run.stderr() and run.stderr(), run.stderr())
    odd = os.path.join(folder, "odd.tcx")
    write_tcx(odd, 8, lambda second: (
        f"<Trackpoint><Time>2026-12-01T07:00:0{second}Z</Time>"
        + ("<HeartRateBpm><Value>NaN</Value></HeartRateBpm><Cadence>-5</Cadence>" if second % 2 else "<Cadence>90</Cadence>")
        + ("<Extensions><TPX xmlns='" + TPX + "'><Watts>99999</Watts></TPX></Extensions>" if second == 3 else "")
        + "</Trackpoint>"))
    run, status = await message(f"file={odd}")
    sent = [values for _, values in run.measures()]
    checks.check("values that are not numbers or out of bounds are left out", sent and all(values == {"cadence": 90} for values in sent), sent)
    huge = os.path.join(folder, "huge.tcx")
    with open(huge, "wb") as file:
        file.truncate(40 << 20)
    begun = time.monotonic()
    run, status = await message(f"file={huge}")
    checks.check("a file of 40 MB is refused at once", "is 40 MB" in run.stderr() and time.monotonic() - begun < 3, run.stderr())
    deep = os.path.join(folder, "deep.tcx")
    with open(deep, "w") as file:
        file.write("<a>" * 100000 + "</a>" * 100000)
    run, status = await message(f"file={deep}")
    checks.check("100,000 nested elements: no trackpoints, said so", "has no records" in run.stderr() and "Traceback" not in run.stderr(), run.stderr())
    many = os.path.join(folder, "many.tcx")
    write_tcx(many, 20000)
    run = PluginRun(["/usr/bin/time", "-f", "%M", PLUGIN, f"file={many}"])
    await run.start()
    await run.send("session.start", speed=1)
    await run.finish()
    peak = int(run.errors[-1][1]) if run.errors and run.errors[-1][1].isdigit() else 0
    checks.check(f"a 5.5-hour TCX ({os.path.getsize(many) >> 20} MB) is read in bounded memory ({peak // 1024} MB peak)", 0 < peak < 80 * 1024, run.stderr())


async def with_pacer(checks, folder):
    if not os.access(PACER, os.X_OK):
        checks.check(f"pacer is built at {PACER}", False)
        return
    path = os.path.join(folder, "pacer.tcx")
    write_tcx(path, 200)
    log = os.path.join(folder, "session.jsonl")
    env = dict(os.environ, XDG_CONFIG_HOME=folder, XDG_STATE_HOME=folder, XDG_DATA_HOME=folder)
    pacer = await asyncio.create_subprocess_exec(
        PACER, "run", "2m @ 200W", "--speed", "10", "--sink", f"replay:file={path}", "--log", log,
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE, env=env)
    _, errors = await asyncio.wait_for(pacer.communicate(), 60)
    checks.equal("pacer run with --sink replay ends", pacer.returncode, 0)
    with open(log) as file:
        events = [json.loads(line) for line in file]
    samples = [event for event in events if event["event"] == "sample"]
    checks.check(f"the log gets the recording's power as samples ({len(samples)})",
                 len(samples) >= 60 and all(200 <= event.get("power", 0) <= 399 for event in samples), errors.decode()[-2000:])


def main():
    checks = Checks()
    folder = tempfile.mkdtemp()
    try:
        checks.scenario("A TCX activity played at --speed 10", tcx, folder)
        checks.scenario("Pause and resume", paused, folder)
        checks.scenario("A FIT activity", fit, folder)
        checks.scenario("Bad files and bad values", bad, folder)
        checks.scenario("A pacer session with the plugin", with_pacer, folder)
    finally:
        shutil.rmtree(folder)
    return checks.summary()


if __name__ == "__main__":
    sys.exit(main())
