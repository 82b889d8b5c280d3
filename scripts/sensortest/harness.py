"""What the ble and replay tests share: counted checks, and a plugin run with events fed by the test."""

import asyncio
import json
import os
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Checks:
    """Counts and prints checks; a failed check is reported and the run goes on."""

    def __init__(self):
        self.passed = self.failed = 0

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
            print(f"  ok    {name}")
        else:
            self.failed += 1
            print(f"  FAIL  {name}{': ' + str(detail) if detail else ''}")
        return ok

    def equal(self, name, got, expected):
        return self.check(name, got == expected, f"got {got!r}, expected {expected!r}")

    def scenario(self, title, function, *args):
        print(f"\n== {title}")
        try:
            result = function(self, *args)
            if asyncio.iscoroutine(result):
                asyncio.run(result)
        except Exception as error:  # a scenario that breaks is one failure; the others still run
            self.check(f"{title} ran to the end", False, f"{error.__class__.__name__}: {error}")
            traceback.print_exc(limit=4)

    def summary(self):
        print(f"\n{self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0


class PluginRun:
    """A plugin started with pipes; the test writes events and reads its lines with their times."""

    def __init__(self, command, env=None):
        self.command = command
        self.env = env
        self.lines = []
        self.errors = []
        self.process = None
        self.started = None

    async def start(self):
        self.process = await asyncio.create_subprocess_exec(
            *self.command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=dict(os.environ, **(self.env or {})), cwd=ROOT)
        self.started = time.monotonic()
        loop = asyncio.get_running_loop()
        self.readers = [loop.create_task(self.collect(self.process.stdout, self.lines)),
                        loop.create_task(self.collect(self.process.stderr, self.errors))]

    async def collect(self, stream, into):
        while True:
            line = await stream.readline()
            if not line:
                return
            into.append((time.monotonic(), line.decode(errors="replace").rstrip("\n")))

    def t(self):
        """Seconds since the plugin started: the events' `t`."""
        return round(time.monotonic() - self.started, 3)

    async def send(self, event, **fields):
        record = {"event": event, "t": self.t(), **fields}
        self.process.stdin.write((json.dumps(record) + "\n").encode())
        await self.process.stdin.drain()
        return time.monotonic()

    async def wait_for(self, predicate, timeout):
        """Waits until `predicate()` holds (True) or `timeout` seconds pass (False)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return True
            await asyncio.sleep(0.05)
        return predicate()

    async def finish(self, timeout=5):
        """Closes standard input; the exit status, or None if it did not exit in time."""
        self.process.stdin.close()
        try:
            status = await asyncio.wait_for(self.process.wait(), timeout)
        except asyncio.TimeoutError:
            self.process.kill()
            await self.process.wait()
            status = None
        await asyncio.gather(*self.readers)
        return status

    def measures(self, since=0.0):
        """The `measure` lines printed at or after monotonic time `since`, as (time, {key: value})."""
        found = []
        for when, line in self.lines:
            if when >= since and line.startswith("measure "):
                found.append((when, {key: float(value) for key, _, value in (part.partition("=") for part in line.split()[1:])}))
        return found

    def stderr(self):
        return "\n".join(line for _, line in self.errors)
