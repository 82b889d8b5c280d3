"""A Pacer session with the web plugin attached, for the web test and the web benchmark.

`start_session` is the one place that says how the plugin is attached: Pacer starts it
itself, as a user would (`--sink exec:Plugins/web/pacer-sink-web:OPTIONS`).
"""
import importlib.machinery
import importlib.util
import json
import os
import re
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLUGIN = os.path.join(ROOT, "Plugins", "web", "pacer-sink-web")
PACER = os.path.abspath(os.environ.get("PACER", os.path.join(ROOT, ".build", "debug", "pacer")))
URL_PATTERN = re.compile(r"http://\S+/")
LOG_POLL = 0.001  # seconds between looks at the log file


def port_and_token(url):
    """The port and the token of a page URL the plugin printed."""
    match = re.match(r"http://[^/]+:(\d+)/([^/]+)/", url)
    return int(match.group(1)), match.group(2)


def load_plugin_module():
    """The plugin's code as a module, to reuse its reading of the event stream."""
    sys.dont_write_bytecode = True
    loader = importlib.machinery.SourceFileLoader("pacer_sink_web", PLUGIN)
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(loader.name, loader))
    loader.exec_module(module)
    return module


plugin = load_plugin_module()


def start_session(workout, speed, folder, options=(), environment=None):
    """Runs `pacer run WORKOUT --speed SPEED` with the web plugin and its OPTIONS attached, in
    `environment` (default: this process's)."""
    log = os.path.join(folder, "events.jsonl")
    command = [PACER, "run", workout, "--speed", str(speed), "--log", log, "--no-prompt", "--no-bell"]
    spec = f"exec:{PLUGIN}" + (":" + ",".join(options) if options else "")
    return Session(command + ["--sink", spec], log, folder, environment)


class Session:
    """A running `pacer run`: its log as it grows, its stderr, and a pipe for commands."""

    def __init__(self, command, log, folder, environment=None):
        open(log, "w").close()
        self.log = log
        self.events = []           # (arrival on this process's monotonic clock, event), in order
        self.clock = plugin.SessionClock()
        self.stderr_lines = []
        self._changed = threading.Condition()
        self._input_lock = threading.Lock()
        self.pacer = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.PIPE, cwd=folder, env=environment)
        self._follow(self._read_log)
        self._stderr_reader = self._follow(self._collect_stderr, self.pacer.stderr)

    @staticmethod
    def _follow(function, *args):
        thread = threading.Thread(target=function, args=args, daemon=True)
        thread.start()
        return thread

    def _read_log(self):
        with open(self.log, "rb") as file:
            partial = b""
            while True:
                chunk = file.read()
                if not chunk:
                    if self.pacer.poll() is not None and not file.read(1):
                        return
                    time.sleep(LOG_POLL)
                    continue
                arrival = time.monotonic()
                *lines, partial = (partial + chunk).split(b"\n")
                for line in lines:
                    self._take_line(arrival, line)

    def _take_line(self, arrival, line):
        event = json.loads(line)
        with self._changed:
            if isinstance(event.get("t"), (int, float)):
                self.clock.observe(event["t"], arrival)
            self.events.append((arrival, event))
            self._changed.notify_all()

    def _collect_stderr(self, stream):
        for line in stream:
            with self._changed:
                self.stderr_lines.append(line.decode(errors="replace").rstrip("\n"))
                self._changed.notify_all()

    def wait_until(self, condition, timeout, what):
        """Waits for `condition()` (checked under the session's lock) to be true; returns its value."""
        with self._changed:
            value = self._changed.wait_for(condition, timeout)
        if not value:
            raise TimeoutError(f"no {what} within {timeout} s")
        return value

    def wait_for_event(self, predicate, timeout, what, after=0):
        """The first event from number `after` on that matches `predicate`."""
        def found():
            return next((e for _, e in self.events[after:] if predicate(e)), None)
        return self.wait_until(found, timeout, what)

    @property
    def port_and_token(self):
        return port_and_token(self.url)

    @property
    def plugin_pid(self):
        """The plugin's process: Pacer's child that runs it."""
        for entry in filter(str.isdigit, os.listdir("/proc")):
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
                with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                    running_plugin = PLUGIN.encode() in cmdline.read()
            except OSError:
                continue
            if parent == self.pacer.pid and running_plugin:
                return int(entry)
        return None

    @property
    def url(self):
        """The page's URL as the plugin printed it."""
        def printed():
            return next((m.group(0) for line in self.stderr_lines for m in [URL_PATTERN.search(line)] if m), None)
        return self.wait_until(printed, 10, "URL on stderr")

    def command(self, line):
        """Types a command at Pacer's prompt (its stdin)."""
        with self._input_lock:
            try:
                self.pacer.stdin.write(line.encode() + b"\n")
                self.pacer.stdin.flush()
            except (BrokenPipeError, ValueError):
                pass  # pacer has finished

    def session_time(self, monotonic):
        """Pacer's session time at a moment on this process's monotonic clock."""
        return self.clock.now() - (time.monotonic() - monotonic)

    def view_at(self, session_time):
        """The plugin's view of the session as it was at `session_time`, rebuilt from the log."""
        view = plugin.SessionView()
        with self._changed:
            events = [e for _, e in self.events if e.get("t", 0) <= session_time]
        for event in events:
            if view.understands(event):
                view.apply(event)
        return view

    def finish(self, timeout=15):
        """Waits for Pacer to exit and for all it wrote on stderr to be read; returns its status."""
        try:
            return self.pacer.wait(timeout)
        finally:
            if self.pacer.poll() is None:
                self.pacer.kill()
                self.pacer.wait()
            self._stderr_reader.join(5)

    def stop(self):
        """Ends the session now, whatever state it is in."""
        self.command("quit")
        self.finish()

