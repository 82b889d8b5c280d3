#!/usr/bin/env python3
"""What external plugins cost the clock, measured by a plugin.

An observer plugin notes, on its own monotonic clock, when each line of the event stream reaches
it. A workout of 60 one-second work phases (countdown 0) runs at --speed 5 (12 s), and for every
phase.start the observer's arrival time is compared with the phase's `due`, taking the
best-delivered phase start as on time (so the figure is lateness beyond the fastest delivery):

    lateness = (arrival - due) - min over phases of (arrival - due)

The first phase starts with the session, while the plugin (a Python program) is still starting
up and not yet reading, so it arrives late for that reason alone: it is left out (59 phases).
Cases, run side by side, each --runs times:

    observer       the observer alone
    + history      and the history sink recording the session in SQLite (issue 11)
    + deaf         and a second plugin that never reads its input (the pipe fills, events drop)
    + flood        and a plugin that prints 20,000 commands (`status`) at once

Then Pacer's own CPU time (user + system, from wait4) per event: 3,000 phases of 0.1 s (no
countdown, so 6,002 events and no display ticks in between) at --speed 100, logged to /dev/null,
with no plugin and with three plugins that read everything; the difference is what the plugins
cost Pacer per event.

    PACER=/tmp/pacer-release/release/pacer bench/plugins.py [--runs 3]

Targets (issue 9): p99 under 1 ms on an idle machine, in every case.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

PHASES, SPEED = 60, 5
PLANNED_END = PHASES / SPEED

OBSERVER = r'''#!/usr/bin/env python3
import os, sys, time
out = open(sys.argv[1].split("=", 1)[1], "w")
buffer = b""
while True:
    chunk = os.read(0, 65536)
    now = time.monotonic_ns()
    if not chunk:
        break
    buffer += chunk
    *lines, buffer = buffer.split(b"\n")
    for line in lines:
        out.write("%d %s\n" % (now, line.decode()))
out.close()
'''
DEAF = "#!/bin/sh\nexec sleep 600\n"
FLOOD = r'''#!/usr/bin/env python3
import sys
sys.stdout.write("status\n" * 20000)
sys.stdout.flush()
for line in sys.stdin:
    pass
'''
READER = "#!/bin/sh\nexec cat > /dev/null\n"


def percentile(values, p):
    s = sorted(values)
    return s[max(0, min(len(s) - 1, int(-(-p * len(s) // 100)) - 1))]


def write(folder, name, text):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, 0o755)
    return path


def run(pacer, workout, sinks, speed):
    """Runs pacer with the sinks (and a log on /dev/null); returns (exit status, seconds of CPU it used)."""
    arguments = [pacer, "run", workout, "--speed", str(speed), "--no-prompt", "--log", "/dev/null", "--sink", "log"]
    for sink in sinks:
        arguments += ["--sink", sink]
    proc = subprocess.Popen(arguments, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    return os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime


def lateness_run(pacer, folder, extra):
    record = os.path.join(folder, "observed.txt")
    observer = write(folder, "observer", OBSERVER)
    code, _ = run(pacer, os.path.join(folder, "sixty.json"), [f"exec:{observer}:out={record}"] + extra, SPEED)
    if code != 0:
        raise RuntimeError(f"pacer exited {code}")
    late = []
    with open(record) as f:
        for row in f:
            now, line = row.split(" ", 1)
            event = json.loads(line)
            if event["event"] == "phase.start" and event["index"] > 1:
                late.append(int(now) / 1e9 - event["due"])
    if len(late) != PHASES - 1:
        raise RuntimeError(f"the observer saw {len(late) + 1} phase starts, not {PHASES}")
    best = min(late)
    anchored = [(x - best) * 1000 for x in late]
    return {"p50": percentile(anchored, 50), "p99": percentile(anchored, 99), "max": max(anchored)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    pacer = os.path.abspath(os.environ.get("PACER", ".build/install/release/pacer"))
    version = subprocess.run([pacer, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"pacer: {pacer} ({version})")
    print(f"machine: {os.cpu_count()} cores, load average at start: {' '.join('%.2f' % x for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "sixty.json"), "w") as f:
            json.dump({"name": "Sixty", "countdown": 0, "steps": [{"repeat": PHASES, "steps": [{"work": 1}]}]}, f)
        with open(os.path.join(folder, "many.json"), "w") as f:
            json.dump({"name": "Many", "countdown": 0, "steps": [{"repeat": 3000, "steps": [{"work": 0.1}]}]}, f)
        cases = [("observer", []), ("+ history", [f"history:file={os.path.join(folder, 'history.sqlite3')}"]),
                 ("+ deaf", [f"exec:{write(folder, 'deaf', DEAF)}"]),
                 ("+ flood", [f"exec:{write(folder, 'flood', FLOOD)}"])]
        results = {name: [] for name, _ in cases}
        for _ in range(runs):
            for name, extra in cases:
                results[name].append(lateness_run(pacer, folder, extra))
        print(f"\n== phase-start lateness seen by an observer plugin ({PHASES} x 1 s at --speed {SPEED}, {runs} runs; ms) ==")
        print(f"{'case':10} {'p50':>8} {'p99':>8} {'max':>8}   target p99 < 1 ms")
        for name, _ in cases:
            rows = results[name]
            p50 = statistics.median(r["p50"] for r in rows)
            p99 = statistics.median(r["p99"] for r in rows)
            worst = max(r["max"] for r in rows)
            print(f"{name:10} {p50:8.3f} {p99:8.3f} {worst:8.3f}   {'MET' if p99 < 1 else 'MISSED'}")

        many = os.path.join(folder, "many.json")
        readers = [f"exec:{write(folder, f'reader{n}', READER)}" for n in (1, 2, 3)]
        events = 1 + 3000 * 2 + 1
        cpu = {"no plugin": [], "3 plugins": []}
        for _ in range(runs):
            for name, sinks in (("no plugin", []), ("3 plugins", readers)):
                code, seconds = run(pacer, many, sinks, 100)
                if code != 0:
                    raise RuntimeError(f"pacer exited {code} ({name})")
                cpu[name].append(seconds)
        print(f"\n== pacer's own CPU (user + system): 3,000 phases of 0.1 s, {events} events, --speed 100, {runs} runs ==")
        for name, values in cpu.items():
            median = statistics.median(values)
            print(f"{name:10} {median * 1000:8.1f} ms in all   {median / events * 1e6:8.2f} µs per event")
        extra = statistics.median(cpu["3 plugins"]) - statistics.median(cpu["no plugin"])
        print(f"3 plugins add {extra * 1000:.1f} ms: {extra / events * 1e6:.2f} µs per event for the three, "
              f"{extra / events / 3 * 1e6:.2f} µs per event per plugin")


if __name__ == "__main__":
    sys.exit(main())
