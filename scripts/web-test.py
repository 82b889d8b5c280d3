#!/usr/bin/env python3
"""End-to-end test of the web screen (Plugins/web) in a real headless Chromium.

    scripts/web-test.py            # needs chromium, chromium-driver (Debian) and selenium (PyPI)

Runs real `pacer run` sessions at --speed with the plugin attached (see start_session in
scripts/webtest/session.py), loads the page in Chromium at a portrait phone size and a 1080p TV
size, and checks what the page shows against the session's log, the buttons and keys against
the log, reconnection, the token, hostile requests and hostile stdin, and that the port is free
when the session ends. Screenshots go to .build/web-test/. Prints one line per check and ends
with "N passed, N failed"; exits 1 if any check failed.
"""
import concurrent.futures
import http.client
import json
import math
import os
import random
import re
import select
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sensortest.harness import Checks  # noqa: E402
from webtest.session import PACER, PLUGIN, ROOT, URL_PATTERN, plugin, port_and_token, start_session  # noqa: E402

try:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from webtest.browser import new_browser, read_page, wait_for_page
    from webtest.proxy import CuttableProxy
    from webtest.slowloris import Slowloris, seconds_until_cut
except ImportError as missing:
    sys.exit(f"web-test: {missing}; install selenium (pip install selenium) and Debian's chromium, chromium-driver")

SHOTS = os.path.join(ROOT, ".build", "web-test")
PHONE, TV = (390, 844), (1920, 1080)
SPEED = 2
WORKOUT = {
    "name": "Web test", "countdown": 3,
    "steps": [
        {"prepare": "5s", "name": "Get ready"},
        {"repeat": 2, "name": "Round", "steps": [
            {"work": "60s", "name": "Squats", "cue": "Chest up, knees out"},
            {"rest": "20s"},
        ]},
        {"reps": 8, "name": "Push-ups", "weight": "20 kg"},
        {"cooldown": "12s", "name": "Easy walk"},
    ],
}
SHORT_WORKOUT = {"name": "Short", "steps": [{"work": "2m", "name": "Plank"}]}
FIRST_OF_TWO = {"name": "First", "steps": [{"work": "20s", "name": "Hold"}]}
SECOND_OF_TWO = {"name": "Second", "steps": [{"work": "14s", "name": "Wall sit"}]}
STEERING_EVENTS = {"pause", "resume", "extend", "back", "restart"}
JSON = {"Content-Type": "application/json"}
JUNK_CONNECTIONS = 150


# --- Helpers -----------------------------------------------------------------------------


def write_workout(folder, workout, name="workout.json"):
    path = os.path.join(folder, name)
    with open(path, "w") as file:
        json.dump(workout, file)
    return path


def answered(port, method, path, take, body=None, headers=None):
    """What `take` makes of the response to one request."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        return take(connection.getresponse())
    finally:
        connection.close()


def status_of(port, method, path, body=None, headers=None):
    return answered(port, method, path, lambda response: response.status, body, headers)


def get_json(port, path):
    return answered(port, "GET", path, lambda response: json.loads(response.read()))


def command_status(port, path, line, headers=None):
    """POSTs a command the way the page does (JSON); the status code of the answer."""
    return status_of(port, "POST", path, body=json.dumps({"command": line}),
                     headers={"Content-Type": "application/json", **(headers or {})})


def timed(function, *args):
    """(function(*args), milliseconds it took)."""
    start = time.monotonic()
    result = function(*args)
    return result, (time.monotonic() - start) * 1000


def raw_status(port, data):
    """Sends raw bytes; the status code of the answer, or 0 if none came."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(data)
        answer = b""
        try:
            while chunk := connection.recv(4096):
                answer += chunk
        except ConnectionResetError:
            pass
    match = re.match(rb"HTTP/1\.[01] (\d{3})", answer)
    return int(match.group(1)) if match else 0


def first_state(port, token, timeout=5):
    """The first state the event stream sends."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", f"/{token}/events")
        response = connection.getresponse()
        for line in response:
            if line.startswith(b"data: ") and b'"state"' in line:
                return json.loads(line[6:])["state"]
    finally:
        connection.close()


def state_when(port, token, condition, timeout=5):
    """The stream's first state once `condition` holds of it (asked anew until then), else the last after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        state = first_state(port, token)
        if condition(state) or time.monotonic() > deadline:
            return state
        time.sleep(0.02)


def phase_named(name):
    return lambda state: bool(state and state["phase"] and state["phase"]["name"] == name)


class StreamWatch:
    """Follows a page's event stream on a thread and notes when each message arrives."""

    def __init__(self, port, token):
        self.arrivals = []
        self._connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        self._connection.request("GET", f"/{token}/events")
        self._response = self._connection.getresponse()
        threading.Thread(target=self._follow, daemon=True).start()

    def _follow(self):
        try:
            for line in self._response:
                if line.startswith(b"data: "):
                    self.arrivals.append(time.monotonic())
        except (OSError, ValueError):
            pass  # closed

    def longest_gap(self):
        """The longest wait between messages so far, the wait since the last one included."""
        times = self.arrivals + [time.monotonic()]
        return max(later - earlier for earlier, later in zip(times, times[1:]))

    def close(self):
        self._connection.close()


def recording_qrencode(folder):
    """A `qrencode` that writes down its arguments and standard input, then runs the real one (or
    prints a stand-in block without one). Returns an environment with it first on PATH, and the
    files it writes."""
    bin_folder = os.path.join(folder, "bin")
    os.makedirs(bin_folder, exist_ok=True)
    arguments, received = os.path.join(folder, "qrencode-argv"), os.path.join(folder, "qrencode-stdin")
    real = shutil.which("qrencode")
    run_real = f'exec {shlex.quote(real)} "$@" < {shlex.quote(received)}' if real else "echo '█ stand-in QR code █'"
    script = os.path.join(bin_folder, "qrencode")
    with open(script, "w") as file:
        file.write(f'#!/bin/sh\nprintf "%s\\n" "$0" "$@" > {shlex.quote(arguments)}\n'
                   f"cat > {shlex.quote(received)}\n{run_real}\n")
    os.chmod(script, 0o755)
    environment = dict(os.environ, PATH=bin_folder + os.pathsep + os.environ["PATH"])
    return environment, arguments, received


def read_text(path):
    with open(path, encoding="utf-8", errors="replace") as file:
        return file.read()


def port_is_free(port):
    """Nothing answers on the port and a new server could listen on it."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return False
    except OSError:
        pass
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
            probe.listen()
            return True
        except OSError:
            return False


def free_port():
    """A port no one listens on now."""
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return probe.getsockname()[1]


def wait_for_free_port(port, timeout):
    """Seconds until the port was free, or None."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if port_is_free(port):
            return time.monotonic() - start
        time.sleep(0.02)
    return None


def spoken(seconds):
    """A time as the page's summary says it: 45s, 1m 5s, 1h 2m 3s."""
    rest, parts = round(seconds), []
    for unit, size in (("h", 3600), ("m", 60)):
        if rest >= size:
            parts.append(f"{rest // size}{unit}")
            rest %= size
    if rest > 0 or not parts:
        parts.append(f"{rest}s")
    return " ".join(parts)


def clock_text(seconds):
    """Whole seconds as the page's digits show them: 0:56, 1:02:03."""
    hours, minutes, rest = seconds // 3600, seconds % 3600 // 60, seconds % 60
    return f"{hours}:{minutes:02}:{rest:02}" if hours else f"{minutes}:{rest:02}"


def seconds_of(clock_text):
    parts = [int(p) for p in clock_text.split(":")]
    return sum(p * 60 ** i for i, p in enumerate(reversed(parts)))


def expected_seconds(session, session_time):
    """The whole workout seconds the page should show at a session time, from the log."""
    view = session.view_at(session_time)
    phase = view.phase
    elapsed = phase["frozen"] if phase["frozen"] is not None else session_time - phase["started"]
    if phase["kind"] == "reps":
        return math.floor(elapsed * view.speed)
    return math.ceil(round(max(0, phase["length"] - elapsed) * view.speed, 3))


def current_phase(session):
    with session._changed:
        return next(e for _, e in reversed(session.events) if e["event"] == "phase.start")


def steering_count(session):
    with session._changed:
        return sum(1 for _, e in session.events
                   if e["event"] in STEERING_EVENTS or (e["event"] == "phase.end" and e.get("outcome") == "skipped"))


def press(driver, key):
    ActionChains(driver).send_keys(key).perform()


def click(driver, selector):
    driver.find_element(By.CSS_SELECTOR, selector).click()


def shows_phase(name, round_text=None):
    """A page condition: the phase is shown, its clock drawn."""
    return lambda shown: shown["name"] == name and shown["bodyStatus"] in ("running", "paused") and (
        round_text is None or shown["round"] == round_text) and shown["shownDigits"] == shown["digits"]


# --- Scenarios ---------------------------------------------------------------------------


def options_are_checked(checks, folder):
    def run(*arguments):
        return subprocess.run([PLUGIN, *arguments], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=10)
    typo = run("prot=8080")
    checks.check("an unknown option exits 2 with a suggestion",
                 typo.returncode == 2 and "did you mean 'port'" in typo.stderr, typo.stderr.strip())
    checks.check("a bad port exits 2", run("port=99999").returncode == 2)
    checks.check("a bad address exits 2", run("bind=somewhere").returncode == 2)
    unported = run("token=stable")
    checks.check("token=stable without a port exits 2, asking for one",
                 unported.returncode == 2 and "needs a port" in unported.stderr, unported.stderr.strip())
    checks.check("a token other than fresh or stable exits 2", run("token=forever").returncode == 2)
    with socket.create_server(("127.0.0.1", 0)) as taken:
        busy = run(f"port={taken.getsockname()[1]}")
    checks.check("a port in use exits 1 with a message", busy.returncode == 1 and "cannot serve" in busy.stderr,
                 busy.stderr.strip())
    quiet = run()
    checks.check("stdin at its end at once: exits 0, prints nothing on stdout", quiet.returncode == 0 and quiet.stdout == "")


def hostile_stdin_and_requests(checks, folder):
    """The plugin alone, fed garbage, floods of connections and SIGTERM."""
    process = subprocess.Popen([PLUGIN], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        feed_the_plugin_alone(checks, process)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


def feed_the_plugin_alone(checks, process):
    port, token = port_and_token(URL_PATTERN.search(process.stderr.readline().decode()).group(0))

    def feed(*lines):
        for line in lines:
            process.stdin.write(line if isinstance(line, bytes) else json.dumps(line).encode() + b"\n")
        process.stdin.flush()

    feed(b"\x00\xff\xfe garbage\n", b"{not json\n", b"[1,2]\n", b'"text"\n', b"null\n", b'{"event":5}\n',
         b'{"event":"phase.start","index":"x","duration":NaN}\n', b'{"event":"phase.start","t":1e999}\n',
         b'{"event":"pause","t":"soon"}\n', b'{"event":"sample","t":1,"index":1,"power":NaN,"heart_rate":Infinity}\n',
         b'{"event":"sample","t":NaN,"index":1,"power":200,"standing":{"power":NaN}}\n', b'{"event":"extend","index":1,"by":"30"}\n',
         b"[" * 200_000 + b"\n", b"x" * (3 << 20) + b"\n", b'{"event":"session.start","t":9' + b"9" * 5000 + b"}\n")
    feed({"event": "session.start", "t": 0, "workout": "Fuzz", "speed": 1, "planned": 100},
         {"event": "phase.start", "t": 0.001, "due": 0, "index": 1, "count": 2, "kind": "work",
          "name": "<img src=x onerror=alert(1)>", "duration": 50})
    state = state_when(port, token, phase_named("<img src=x onerror=alert(1)>"))
    checks.check("garbage on stdin is skipped and the next events are shown",
                 phase_named("<img src=x onerror=alert(1)>")(state), state)

    fuzz = random.Random(12)
    junk = [None, True, -1, 0, 1e308, -1e308, 1e-300, 5e8, -5e8, "", "x" * 1000, [], {}, 3.5, "work", 2 ** 70]
    sample = {"event": "phase.start", "t": 1, "due": 1, "index": 1, "count": 1, "kind": "work", "name": "n",
              "duration": 10, "round": 1, "rounds": 2, "next": "m", "cue": "c", "reps": 3, "weight": 2, "cap": 3,
              "planned_after": 4, "by": 5, "active": 6, "outcome": "skipped", "text": "t", "paused": 1,
              "power": 200, "heart_rate": 150, "speed": 4, "standing": {"power": "inside"}, "pace": {"unit": "s/km", "start": [240, 240], "end": [240, 240]}}
    kinds = ["session.start", "phase.start", "countdown", "cue", "extend", "pause", "resume", "phase.end",
             "session.end", "reply", "sample"]
    for _ in range(3000):
        event = {k: (fuzz.choice(junk) if fuzz.random() < 0.3 else v) for k, v in sample.items()}
        event["event"] = fuzz.choice(kinds)
        feed(event)
    feed({"event": "session.start", "t": 0, "workout": "Fuzz", "speed": 1},
         {"event": "phase.start", "t": 2, "due": 2, "index": 1, "count": 1, "kind": "rest", "name": "After fuzz", "duration": 9})
    state = state_when(port, token, phase_named("After fuzz"))
    checks.check("3,000 fuzzed events leave the plugin serving the right state",
                 process.poll() is None and phase_named("After fuzz")(state), state)
    checks.check("nothing reached stdout (no command was made up)", not select_readable(process.stdout))

    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(150)]
    for connection in idle:
        connection.close()
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and status_of_or_zero(port, f"/{token}/") != 200:
        time.sleep(0.05)
    checks.check("150 connections opened and dropped: still serving", status_of_or_zero(port, f"/{token}/") == 200)

    start = time.monotonic()
    process.send_signal(signal.SIGTERM)
    process.wait(5)
    waited = time.monotonic() - start
    checks.check(f"SIGTERM: exits in {waited * 1000:.0f} ms, status 0, port free",
                 waited < 1 and process.returncode == 0 and port_is_free(port), process.returncode)
    checks.check("stderr said only where the page is", process.stderr.read() == b"")


def measured_values_in_the_view(checks, folder):
    """The plugin's view of `sample` events, alone: what the page is told to show beside the target."""
    def view_after(*events, speed=1):
        view = plugin.SessionView()
        for event in [{"event": "session.start", "t": 0, "workout": "M", "speed": speed}, *events]:
            view.apply(event)
        return json.loads(view.as_json())["measured"]

    def phase(index=1, **targets):
        return {"event": "phase.start", "t": 0, "due": 0, "index": index, "count": 2, "kind": "work", "name": "Ride",
                "duration": 60, **targets}

    def sample(t, index=1, **fields):
        return {"event": "sample", "t": t, "due": t, "index": index, **fields}

    watts = {"power": {"unit": "watts", "start": [200, 200], "end": [200, 200]}}
    checks.check("no sample: nothing measured, the page as before", view_after(phase(**watts)) is None)
    shown = view_after(phase(**watts), sample(5, power=243.4, heart_rate=151, cadence=92, standing={"power": "above"}))
    checks.check("a sample: the target's channel with pacer's standing, the others below, good until the next is due and 1 s more",
                 shown == {"main": {"label": "power", "text": "243 W", "standing": "above", "pace": False},
                           "others": [{"label": "heart rate", "text": "151 bpm"}, {"label": "cadence", "text": "92 rpm"}],
                           "until": 5 + 1 + plugin.SAMPLE_GRACE}, shown)
    shown = view_after(phase(**watts), sample(5, power=243, standing={"power": "above"}), sample(6, heart_rate=150), speed=10)
    checks.check("a channel the next sample lacks (stale) is shown as -; at --speed 10 a sample is due 0.1 s later",
                 shown["main"] == {"label": "power", "text": None, "standing": None, "pace": False}
                 and shown["others"] == [{"label": "heart rate", "text": "150 bpm"}] and shown["until"] == 6.1 + plugin.SAMPLE_GRACE, shown)
    junk = [float("nan"), float("inf"), -5, 3001, "200", True, None, [200], {"w": 1}, 1e300]
    shown = view_after(phase(**watts), *(sample(1 + n, power=value, heart_rate=value, standing={"power": value})
                                          for n, value in enumerate(junk)))
    checks.check("NaN, infinity, negative, too large, strings, booleans: no value is taken, nothing is shown", shown is None, shown)
    shown = view_after(phase(**watts), sample(1, power=180, standing={"power": "sideways", "cadence": "inside", "x": "above"}))
    checks.check("a standing pacer does not write is left uncoloured", shown["main"]["standing"] is None, shown)
    shown = view_after(phase(**watts), sample(1, power=180, standing={"power": "below"}),
                       phase(2, heart_rate={"unit": "bpm", "start": [140, 150], "end": [140, 150]}))
    checks.check("a new phase: its target's channel, and the last sample's standing (the phase before's) left out",
                 shown["main"] == {"label": "heart rate", "text": None, "standing": None, "pace": False}
                 and shown["others"] == [{"label": "power", "text": "180 W"}], shown)
    pace = {"pace": {"unit": "s/km", "start": [240, 240], "end": [240, 240]}}
    shown = view_after(phase(**pace), sample(1, speed=4, standing={"speed": "below"}))
    checks.check("a pace target: the speed as its pace, 4 m/s is 4:10 /km, marked slow on the page",
                 shown["main"] == {"label": "pace", "text": "4:10 /km", "standing": "below", "pace": True}, shown)
    shown = view_after(phase(**pace), sample(1, speed=0.1, standing={"speed": "below"}))
    checks.check("a speed too slow to be a pace shows -, uncoloured", shown["main"]["text"] is None and shown["main"]["standing"] is None, shown)
    shown = view_after(phase(free_ride=True), sample(1, power=150))
    checks.check("a free ride: no target beside which to show, power on the line of others",
                 shown["main"] is None and shown["others"] == [{"label": "power", "text": "150 W"}], shown)
    shown = view_after(phase(**watts), sample(1, power=200), {"event": "session.start", "t": 0, "workout": "Next", "speed": 1})
    checks.check("the next session starts with nothing measured", shown is None, shown)


def the_stream_is_taken_at_its_word(checks, folder):
    """The plugin alone: the phase's clock comes from what pause and extend say, the summary from
    session.end, not from the plugin's own sums (the numbers here disagree with any such sum)."""
    process = subprocess.Popen([PLUGIN], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        port, token = port_and_token(URL_PATTERN.search(process.stderr.readline().decode()).group(0))

        def feed_and_read(condition, *events):
            for event in events:
                process.stdin.write(json.dumps(event).encode() + b"\n")
            process.stdin.flush()
            return state_when(port, token, condition, 3)

        def paused_clock(state):
            return state["phase"] and (state["phase"]["frozen"], state["phase"]["length"]) == (3.5, 21.5)
        state = feed_and_read(paused_clock,
                              {"event": "session.start", "t": 0, "workout": "Word", "speed": 2, "planned": 100},
                              {"event": "phase.start", "t": 0, "due": 0, "index": 1, "count": 2, "kind": "work",
                               "name": "Hold", "duration": 50},
                              {"event": "pause", "t": 1, "index": 1, "elapsed": 7, "remaining": 36})
        checks.check("pause: the clock stops where the event says (elapsed 7 s and 36 s left, at speed 2)",
                     state["status"] == "paused" and paused_clock(state), state["phase"])

        def extended(state):
            return state["phase"] and (state["phase"]["frozen"], state["phase"]["length"]) == (3.5, 26.5)
        state = feed_and_read(extended, {"event": "extend", "t": 2, "index": 1, "by": 10, "elapsed": 7, "remaining": 46})
        checks.check("extend: the length is what the event says is spent and left", extended(state), state["phase"])
        checks.check("extend: the planned length a ramp follows stays 25 s (50 s at speed 2)",
                     state["phase"]["planned"] == 25, state["phase"])

        def resumed(state):
            return state["status"] == "running" and state["phase"]["started"] == 6.5 and state["phase"]["frozen"] is None
        state = feed_and_read(resumed, {"event": "resume", "t": 10, "index": 1, "elapsed": 7, "remaining": 46})
        checks.check("resume: the clock runs on from what the event says was spent", resumed(state), state["phase"])

        def summarised(state):
            return state["summary"] is not None
        state = feed_and_read(summarised, {
            "event": "session.end", "t": 20, "outcome": "quit", "active": 30, "paused": 9, "worked": 11, "rested": 4,
            "warmed_up": 1, "cooled_down": 2, "completed": 1, "skipped": 3, "skipped_time": 40,
            "sets": [{"name": "Rows", "reps": 9, "weight": 22.5}, {"name": "Dips", "weight": "band"}]})
        summary = state["summary"] or {}
        checks.check("session.end: the summary is the one the event carries",
                     (summary.get("worked"), summary.get("rested"), summary.get("warmed_up"), summary.get("cooled_down"),
                      summary.get("skipped"), summary.get("reps")) ==
                     (11, 4, 1, 2, 3, [{"name": "Rows", "reps": 9, "weight": "22.5"}, {"name": "Dips", "reps": None, "weight": "band"}]),
                     summary)
        process.stdin.close()
        checks.check("the plugin exits when its input ends", process.wait(5) == 0)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


def select_readable(stream):
    return bool(select.select([stream], [], [], 0.2)[0])


def status_of_or_zero(port, path):
    try:
        return status_of(port, "GET", path)
    except OSError:
        return 0


def shared_on_the_network(checks, folder):
    environment, qr_arguments, qr_input = recording_qrencode(folder)
    session = start_session(write_workout(folder, SHORT_WORKOUT, "short.json"), 20, folder, options=("bind=0.0.0.0",),
                            environment=environment)
    try:
        port, token = session.port_and_token
        checks.check("bind=0.0.0.0: the URL carries a token", len(token) >= 20, session.url)
        checks.check("no token: 403", status_of(port, "GET", "/") == 403)
        checks.check("a wrong token: 403", status_of(port, "GET", "/" + "A" * len(token) + "/") == 403)
        checks.check("no token, a command: 403, and nothing happens",
                     status_of(port, "POST", "/command", body="pause") == 403 and steering_count(session) == 0)
        checks.check("the token: 200", status_of(port, "GET", f"/{token}/") == 200)
        deadline = time.monotonic() + 5
        while not os.path.exists(qr_arguments) and time.monotonic() < deadline:
            time.sleep(0.05)
        checks.check("qrencode's arguments hold no token (any user can read them in /proc)",
                     os.path.exists(qr_arguments) and token not in read_text(qr_arguments))
        session.wait_until(lambda: any("█" in line for line in session.stderr_lines), 5, "QR code")
        real = "qrencode is installed" if shutil.which("qrencode") else "a stand-in: qrencode is not installed"
        checks.check(f"a QR code is printed ({real})", True)
        checks.check("qrencode read the URL on its standard input", read_text(qr_input) == session.url,
                     read_text(qr_input))
    finally:
        session.stop()


def junk_connections(checks, folder):
    """Slow clients with no token that never finish a request, held and renewed as an attacker
    would, while a page follows the session: the page, its commands and its stream go on."""
    session = start_session(write_workout(folder, SHORT_WORKOUT, "short.json"), 1, folder)
    stream = None
    try:
        port, token = session.port_and_token
        stream = StreamWatch(port, token)
        with Slowloris(port, JUNK_CONNECTIONS) as junk:
            time.sleep(1.2)  # a few drips and renewals
            loads = [timed(status_of, port, "GET", f"/{token}/") for _ in range(5)]
            held = junk.held()
            count = len(session.events)
            command, command_ms = timed(command_status, port, f"/{token}/command", "pause")
            paused = session.wait_for_event(lambda e: e["event"] == "pause", 3, "pause after the POST", count)
            slowest = max(ms for _, ms in loads)
            checks.check(f"{JUNK_CONNECTIONS} junk connections kept up ({held} held by the server, {junk.opened} opened): "
                         f"the page loads 5 times, slowest {slowest:.0f} ms",
                         all(status == 200 for status, _ in loads) and slowest < 500, loads)
            checks.check(f"meanwhile a command POST is taken in {command_ms:.0f} ms: pause in the log",
                         command == 200 and paused and command_ms < 1000, command)
        checks.check(f"the page's event stream kept its beat (longest gap {stream.longest_gap():.2f} s)",
                     stream.longest_gap() < 1.5)
        cut, answer = seconds_until_cut(port, drip=0.5, limit=10)
        checks.check(f"a connection dripping a byte every 0.5 s is cut {cut and round(cut, 1)} s after it opened "
                     f"(3 s deadline)", cut is not None and 2.5 <= cut <= 4, answer[:40])
        checks.check("it was told why: 408", answer.startswith(b"HTTP/1.0 408"), answer[:40])
    finally:
        if stream:
            stream.close()
        session.stop()


class Teardown:
    """What a test started, ended however its `with` block ends: each browser handed to it is
    quit, then each session still running is stopped."""

    def __init__(self):
        self.browsers, self.sessions = [], []

    def browser(self, driver):
        self.browsers.append(driver)
        return driver

    def session(self, session):
        self.sessions.append(session)
        return session

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        for driver in self.browsers:
            driver.quit()
        for session in self.sessions:
            if session.pacer.poll() is None:
                session.stop()
        return False


def a_session_in_the_browser(checks, folder):
    with Teardown() as teardown:
        session = teardown.session(start_session(write_workout(folder, WORKOUT), SPEED, folder))
        url = session.url
        port, token = session.port_and_token
        phone, tv = teardown.browser(new_browser(*PHONE)), teardown.browser(new_browser(*TV))
        phone.get(url)
        shown = wait_for_page(phone, shows_phase("Squats"), 15, "the first work phase")
        checks.check("the page shows the log's phase", shown["name"] == current_phase(session)["name"] == "Squats")
        compare_clock(checks, session, phone, "phone")
        time_answer(checks, session, port, token)
        checks.check("kind, round, next and cue as in the log",
                     (shown["kind"], shown["round"], shown["next"], shown["cue"]) ==
                     ("Work", "Round 1/2", "Next: Rest", "Chest up, knees out"), shown)

        tv.get(url)
        wait_for_page(tv, shows_phase("Squats"), 10, "the work phase on a second page")
        compare_clock(checks, session, tv, "TV, a second page at once")
        time.sleep(0.3)
        phone.save_screenshot(os.path.join(SHOTS, "phone-work.png"))
        tv.save_screenshot(os.path.join(SHOTS, "tv-work.png"))

        steer_pause_and_extend(checks, session, phone, tv)
        hostile_requests(checks, session, port, token)

        count = len(session.events)
        press(phone, Keys.ARROW_RIGHT)
        try:
            ended = session.wait_for_event(lambda e: e["event"] == "phase.end", 5, "phase.end after →", count)
        except TimeoutError as timeout:
            # Twice, under two busy loops, the skip never came, and why could not be told afterwards.
            shown = read_page(phone)
            raise TimeoutError(f"{timeout}; the phone showed {shown['bodyStatus']!r}, its last notice {shown['notice']!r}, "
                               f"focus on {shown['focused']}; pacer's stderr ended {session.stderr_lines[-3:]}") from None
        checks.check("→ on the page skips: the log has the phase skipped", ended.get("outcome") == "skipped", ended)
        for name, page in (("phone", phone), ("TV", tv)):
            wait_for_page(page, shows_phase("Rest"), 5, "Rest after the skip")
            checks.check(f"{name} shows the next phase after the skip", True)

        reconnections(checks, session, port, tv)
        rep_step(checks, session, phone, tv)

        plugin = session.plugin_pid
        end = session.wait_for_event(lambda e: e["event"] == "session.end", 20, "session.end")
        summary = wait_for_page(tv, lambda s: s["bodyStatus"] == "ended", 5, "the summary")
        checks.check("the end: the summary, with the reps logged",
                     "Workout complete." in summary["summary"] and "Push-ups: 6 reps @ 22.5 kg" in summary["summary"],
                     summary["summary"])
        figures = [f"Worked{spoken(end['worked'])}", f"Rested{spoken(end['rested'])}",
                   f"Warm-up and prep{spoken(end['warmed_up'])}", f"Cool-down{spoken(end['cooled_down'])}",
                   f"Paused{spoken(end['paused'])}", f"Skipped{end['skipped']} phases"]
        checks.check("its figures are the ones session.end carries", all(f in summary["summary"] for f in figures),
                     (figures, summary["summary"]))
        tv.save_screenshot(os.path.join(SHOTS, "tv-summary.png"))
        end_arrival = next(a for a, e in session.events if e["event"] == "session.end")
        # Pacer stops a plugin that has not exited 1 s after its input ended, and says so: the plugin
        # must not need that. The times are shown; a busy machine can stretch them past 1 s.
        freed = wait_for_free_port(port, 3)
        after_end = None if freed is None else time.monotonic() - end_arrival
        checks.check(f"the port is free {after_end and after_end * 1000:.0f} ms after session.end", after_end is not None)
        while plugin is not None and os.path.exists(f"/proc/{plugin}") and time.monotonic() - end_arrival < 3:
            time.sleep(0.01)
        exited = time.monotonic() - end_arrival
        checks.check(f"the plugin exits {exited * 1000:.0f} ms after session.end", plugin is not None and exited < 3, f"pid {plugin}")
        checks.check("pacer finished with status 0", session.finish() == 0)
        checks.check("the plugin exited by itself when its input ended, without being stopped",
                     not any("did not exit when its input ended" in line for line in session.stderr_lines), session.stderr_lines)


def compare_clock(checks, session, driver, label):
    """The digits and the page's session time against the log, at the moment of reading."""
    shown = read_page(driver)
    before, after = (session.session_time(m) for m in shown["read_between"])
    middle = (before + after) / 2
    page_error = abs(shown["now"] - middle)
    checks.check(f"{label}: the page's clock is within 100 ms of the session's ({page_error * 1000:.1f} ms)",
                 page_error <= 0.1 + (after - before) / 2)
    expected = expected_seconds(session, middle)
    checks.check(f"{label}: digits {shown['shownDigits']} match the log ({expected} s)",
                 abs(seconds_of(shown["shownDigits"]) - expected) <= 1)


def time_answer(checks, session, port, token):
    """`/TOKEN/now`, which a page asks to set its clock, answers the session time."""
    before = time.monotonic()
    answer = get_json(port, f"/{token}/now")
    after = time.monotonic()
    error = abs(answer["now"] - session.session_time((before + after) / 2))
    checks.check(f"/TOKEN/now answers the session time ({error * 1000:.1f} ms off)", error <= 0.05 + (after - before) / 2,
                 answer)


def steer_pause_and_extend(checks, session, phone, tv):
    count = len(session.events)
    press(phone, Keys.SPACE)
    paused = session.wait_for_event(lambda e: e["event"] == "pause", 5, "pause after space", count)
    checks.check("space on the page pauses: pause in the log", True)
    first = wait_for_page(tv, lambda s: s["bodyStatus"] == "paused" and s["pauseButton"] == "Resume"
                          and s["shownDigits"] == s["digits"], 5, "the paused state on the other page")
    left = clock_text(math.ceil(round(paused["remaining"], 3)))
    checks.check(f"paused: the page shows the time left the pause event gives ({left})", first["shownDigits"] == left,
                 first["shownDigits"])
    time.sleep(0.6)
    second = read_page(tv)
    checks.check("paused: both pages stop the clock", first["shownDigits"] == second["shownDigits"] and
                 read_page(phone)["kind"] == "Paused", (first["shownDigits"], second["shownDigits"]))
    tv.save_screenshot(os.path.join(SHOTS, "tv-paused.png"))
    compare_clock(checks, session, phone, "paused")

    count = len(session.events)
    click(tv, "#pause")
    session.wait_for_event(lambda e: e["event"] == "resume", 5, "resume after the button", count)
    wait_for_page(phone, lambda s: s["bodyStatus"] == "running", 5, "running again")
    checks.check("the Resume button resumes: resume in the log", True)
    compare_clock(checks, session, phone, "after resume")

    count = len(session.events)
    click(tv, "[data-command='+30']")
    extend = session.wait_for_event(lambda e: e["event"] == "extend", 5, "extend after +30", count)
    checks.check("+30 on the page: extend by 30 in the log", extend.get("by") == 30, extend)
    time.sleep(0.2)
    compare_clock(checks, session, phone, "after +30")


def hostile_requests(checks, session, port, token):
    """Bad requests during the session: each gets a 4xx and changes nothing."""
    before = steering_count(session)
    base = f"/{token}"
    cases = [
        ("no token", status_of(port, "GET", "/"), 403),
        ("a path trick /TOKEN/../", status_of(port, "GET", f"{base}/../{token}/"), 404),
        ("an encoded path trick", status_of(port, "GET", f"{base}/%2e%2e/%2e%2e/etc/passwd"), 404),
        ("a file name", status_of(port, "GET", f"{base}/page.html"), 404),
        ("a malformed request line", raw_status(port, b"GARBAGE\r\n\r\n"), 400),
        ("a garbled HTTP version", raw_status(port, b"GET / HTTP/one\r\n\r\n"), 400),
        ("binary noise", raw_status(port, bytes(range(256)) + b"\r\n\r\n"), 400),
        ("an unknown method", status_of(port, "PUT", f"{base}/command", body="skip"), 405),
        ("GET on the command URL", status_of(port, "GET", f"{base}/command"), 405),
        ("POST on the time URL", status_of(port, "POST", f"{base}/now", body="{}", headers=JSON), 405),
        ("the time without the token", status_of(port, "GET", "/now"), 403),
        ("an unknown command", command_status(port, f"{base}/command", "quit"), 400),
        ("a shell command", command_status(port, f"{base}/command", "rm -rf /"), 400),
        ("a second command on a new line", command_status(port, f"{base}/command", "pause\nskip"), 400),
        ("a body that is not UTF-8", status_of(port, "POST", f"{base}/command", body=b"\xff\xfe", headers=JSON), 400),
        ("a command that is not JSON", status_of(port, "POST", f"{base}/command", body="pause", headers=JSON), 400),
        ("a command as text/plain (a cross-site form can send it)",
         status_of(port, "POST", f"{base}/command", body="pause", headers={"Content-Type": "text/plain"}), 415),
        ("a command as a form", status_of(port, "POST", f"{base}/command", body="command=pause",
                                          headers={"Content-Type": "application/x-www-form-urlencoded"}), 415),
        ("a command from another site's page (Origin: http://evil.example)",
         command_status(port, f"{base}/command", "pause", {"Origin": "http://evil.example"}), 403),
        ("a command from a sandboxed page (Origin: null)", command_status(port, f"{base}/command", "pause",
                                                                          {"Origin": "null"}), 403),
        ("the page by another name (Host: evil.example, DNS rebinding)",
         status_of(port, "GET", f"{base}/", headers={"Host": "evil.example"}), 421),
        ("a command by another name (Host: evil.example:PORT)",
         command_status(port, f"{base}/command", "pause", {"Host": f"evil.example:{port}"}), 421),
        ("the page as Host: 127.0.0.1:PORT", status_of(port, "GET", f"{base}/", headers={"Host": f"127.0.0.1:{port}"}), 200),
        ("the page as Host: localhost:PORT", status_of(port, "GET", f"{base}/", headers={"Host": f"localhost:{port}"}), 200),
        ("the page as Host: tv.localhost:PORT (a name under localhost)",
         status_of(port, "GET", f"{base}/", headers={"Host": f"tv.localhost:{port}"}), 200),
        ("the page by a name that only ends like it (Host: evillocalhost)",
         status_of(port, "GET", f"{base}/", headers={"Host": "evillocalhost"}), 421),
        ("an oversized body", raw_status(port, f"POST {base}/command HTTP/1.1\r\nContent-Type: application/json\r\n"
                                               f"Content-Length: 1000000\r\n\r\n".encode() + b"x" * 1000), 413),
        ("no Content-Length", raw_status(port, f"POST {base}/command HTTP/1.1\r\nContent-Type: application/json\r\n"
                                               f"\r\nskip".encode()), 411),
        ("chunked", raw_status(port, f"POST {base}/command HTTP/1.1\r\nContent-Type: application/json\r\n"
                                     "Transfer-Encoding: chunked\r\n\r\n4\r\nskip\r\n0\r\n\r\n".encode()), 411),
        ("a huge header", raw_status(port, f"GET {base}/ HTTP/1.1\r\nX: {'y' * 70000}\r\n\r\n".encode()), 431),
    ]
    for name, got, expected in cases:
        checks.check(f"{name}: {expected}", got == expected, f"got {got}")
    with concurrent.futures.ThreadPoolExecutor(40) as pool:
        flood = list(pool.map(lambda _: command_status(port, f"{base}/command", "resume"), range(40)))
    checks.check("a flood of 40 commands at once is paced: 429 after the first ten",
                 flood.count(429) >= 25 and set(flood) <= {200, 202, 409, 429}, flood)
    # The flood spent the plugin's allowance, which comes back at COMMAND_RATE a second: a second
    # lets the next steering command through, however slowly the machine answered the flood.
    time.sleep(1.0)
    checks.check("none of the bad requests changed the session (no pause, skip or extend in the log)",
                 steering_count(session) == before)


def reconnections(checks, session, port, tv):
    """A page whose connection dies while the session moves on; a page closed and opened again."""
    proxy = CuttableProxy(port)
    tv.get(f"http://127.0.0.1:{proxy.port}/{session.port_and_token[1]}/")
    wait_for_page(tv, shows_phase("Rest"), 5, "Rest through the proxy")
    proxy.cut()
    session.command("skip")
    session.wait_for_event(lambda e: e["event"] == "phase.start" and e["name"] == "Squats" and e.get("round") == 2,
                           5, "the second round")
    time.sleep(1.5)
    lost = read_page(tv)
    checks.check("a page whose connection died says so", lost["link"] == "reconnecting…", lost["link"])
    proxy.restore()
    start = time.monotonic()
    wait_for_page(tv, shows_phase("Squats", "Round 2/2"), 8, "the current phase after reconnecting")
    checks.check(f"it reconnects by itself and shows where the session is ({time.monotonic() - start:.1f} s)", True)
    compare_clock(checks, session, tv, "after reconnecting")
    proxy.close()

    tv.get("about:blank")
    session.command("skip")
    session.wait_for_event(lambda e: e["event"] == "phase.start" and e["kind"] == "rest" and e.get("round") == 2,
                           5, "the second rest")
    tv.get(session.url)
    wait_for_page(tv, shows_phase("Rest", "Round 2/2"), 5, "the current phase on a page opened again")
    checks.check("a page opened again picks up where the session is", True)


def rep_step(checks, session, phone, tv):
    session.command("skip")
    wait_for_page(phone, shows_phase("Push-ups"), 5, "the rep step")
    phone.save_screenshot(os.path.join(SHOTS, "phone-reps.png"))
    reps, weight = phone.find_element(By.ID, "done-reps"), phone.find_element(By.ID, "done-weight")
    checks.check("the done form offers the planned reps and weight",
                 (reps.get_attribute("value"), weight.get_attribute("value")) == ("8", "20 kg"))
    count = len(session.events)
    click(tv, "[data-command='+30']")  # a rep step without a cap cannot be lengthened
    time.sleep(0.5)
    checks.check("a command the session refuses changes nothing",
                 not any(e["event"] == "extend" for _, e in session.events[count:]))
    reps.clear()
    reps.send_keys("6")
    weight.clear()
    weight.send_keys("22.5 kg")
    click(phone, "#done-form button")
    ended = session.wait_for_event(lambda e: e["event"] == "phase.end" and e.get("reps") is not None, 5,
                                   "phase.end with reps", count)
    checks.check("Done logs the reps and weight typed", (ended.get("reps"), ended.get("weight")) == (6, "22.5 kg"), ended)


TARGETS_SPEED = 40  # the shipped sweet-spot's 10-minute ramp in 15 s


def targets_and_the_profile(checks, folder):
    """The shipped sweet-spot (a ramp warm-up, then blocks at 88–94 % FTP): the target under the
    phase's name, a ramp's moving with the clock, the next one after Next:, and the profile drawn
    from session.start's with a line at now."""
    with Teardown() as teardown:
        session = teardown.session(start_session("sweet-spot", TARGETS_SPEED, folder))
        url = session.url
        tv = teardown.browser(new_browser(*TV))
        tv.get(url)
        wait_for_page(tv, shows_phase("Warm up"), 15, "the warm-up")
        start = session.wait_for_event(lambda e: e["event"] == "session.start", 5, "session.start")
        warm_up = session.wait_for_event(lambda e: e["event"] == "phase.start", 5, "phase.start")
        bars = plugin.profile_bars(plugin.pacer_plugin.profile_of(start))
        ramp = re.compile(r"(\d+) % → 75 % FTP, 85–95 rpm")
        readings = []
        for _ in range(2):
            shown = read_page(tv)
            session_time = session.session_time(sum(shown["read_between"]) / 2)
            readings.append((shown, (session_time - warm_up["due"]) * TARGETS_SPEED))
            time.sleep(2)
        for shown, elapsed in readings:
            match = ramp.fullmatch(shown["target"])
            expected = 50 + 25 * elapsed / 600
            checks.check(f"the ramp's target now, {elapsed:.0f} s into 10 min: {shown['target']} (the log says {expected:.1f} %)",
                         match is not None and abs(int(match.group(1)) - expected) <= 1.5, shown["target"])
            checks.check(f"the line at now on the profile at {shown['marker']:.0f} s (the log says {elapsed:.0f} s)",
                         abs(shown["marker"] - elapsed) <= 0.5 * TARGETS_SPEED, shown["marker"])
        first, second = (int(ramp.fullmatch(shown["target"]).group(1)) if ramp.fullmatch(shown["target"]) else None
                         for shown, _ in readings)
        checks.check(f"the ramp's target moves with the clock ({first} %, then {second} %)", None not in (first, second) and second > first)
        checks.check("the line at now moves", readings[1][0]["marker"] > readings[0][0]["marker"])
        drawn = tv.execute_script("return [...document.querySelectorAll('#profile .shape')].map(s => s.getAttribute('class'))")
        checks.check(f"the profile has a bar for each of the sink's {len(bars)}: the ramps in slices, the sweet spots in Z4",
                     len(drawn) == len(bars) > 8 and drawn.count("shape z4") == 3 and "shape rest" in drawn, drawn)
        colour = tv.execute_script("return [getComputedStyle(document.getElementById('target')).color, getComputedStyle(document.getElementById('digits')).color]")
        checks.check("the target is in the phase's colour", colour[0] == colour[1], colour)
        checks.check("Next: the next phase, without a target", read_page(tv)["next"] == "Next: Get ready")

        # Get ready lasts a quarter of a second at this speed: paused, it stays to be read.
        session.command("skip")
        session.command("pause")
        shown = wait_for_page(tv, shows_phase("Get ready"), 5, "Get ready after a skip")
        checks.check("Next: names the next phase's target", shown["next"] == "Next: Sweet spot 1/3 @ 88–94 % FTP, 85–95 rpm", shown["next"])
        checks.check("a phase without a target shows none", shown["target"] == "", shown["target"])
        session.command("skip")  # the block starts paused, then runs
        session.command("resume")
        shown = wait_for_page(tv, shows_phase("Sweet spot 1/3"), 5, "the first block after a skip")
        checks.check("a held target as pacer writes it", shown["target"] == "88–94 % FTP, 85–95 rpm", shown["target"])
        checks.check("the line at now is in the block's place (from 610 s)", 610 <= shown["marker"] <= 640, shown["marker"])
        tv.save_screenshot(os.path.join(SHOTS, "tv-targets.png"))
        session.stop()
    hostile = [{"start": 0, "duration": 60, "kind": "work", "power": {"unit": "zone", "start": [9, 9], "end": [9, 9]}},
               {"start": -1, "duration": 5, "kind": "work"}, {"start": 0, "duration": 5, "kind": "dance"}, {}, {"start": "0"},
               {"start": 60, "duration": None, "kind": "reps"}]
    checks.check("a profile's entries out of shape are left out; a zone no table has is drawn at its kind's height",
                 plugin.profile_bars(hostile) == [[0, 60, 0.85, 0.85, "work"], [60, 0, 0.85, 0.85, "reps"]], plugin.profile_bars(hostile))
    ramp = {"start": 0, "duration": 60, "kind": "work", "power": {"unit": "ftp", "start": [0.5, 0.5], "end": [1, 1]}}
    counts = [len(plugin.profile_bars([ramp] * phases)) for phases in (1, 1000, 100_000)]
    checks.check(f"a ramp is drawn in slices, fewer in a long plan: {counts} bars for 1, 1,000 and 100,000 ramps",
                 counts == [plugin.RAMP_SLICES, plugin.MAX_BARS, plugin.MAX_BARS], counts)
    # Issue 42, item 14: a target at a zone's top edge is in that zone, as pacer's table and chart say.
    edges = [{"start": 0, "duration": 60, "kind": "work", "power": {"unit": "ftp", "start": [share, share], "end": [share, share]}}
             for share in (0.55, 0.75, 0.9, 1.05, 1.2, 1.5, 0.551, 1.501)]
    zones = [bar[4] for bar in plugin.profile_bars(edges)]
    checks.check(f"a target at each zone's edge is drawn in the zone below it, a tenth of a percent more in the next: {zones}",
                 zones == ["z1", "z2", "z3", "z4", "z5", "z6", "z2", "z7"], zones)


HOSTILE_NAME = "<img src=x onerror=window.pwned=1>\u202e Threshold"
RIDE = {"name": HOSTILE_NAME, "countdown": 0, "steps": [
    {"work": "10m", "name": HOSTILE_NAME, "power": "200 W", "heart_rate": "140-150 bpm"},
    {"rest": "5m", "name": "Spin"}]}
RIDE_SPEED = 1
#: What the ride screen's Palette colours a standing (green, cyan, red): the page's CSS colours.
STANDING_COLOURS = {"inside": "rgb(61, 220, 132)", "below": "rgb(53, 212, 224)", "above": "rgb(255, 90, 79)"}


def measured_values_in_the_browser(checks, folder):
    """`measure` lines typed at pacer: the page shows the power beside the target, coloured by where
    the log's `sample` says it stands, the heart rate and cadence below, and `–` 3 s after the
    sensor stops, as the ride screen does."""
    with Teardown() as teardown:
        session = teardown.session(start_session(write_workout(folder, RIDE, "ride.json"), RIDE_SPEED, folder))
        url = session.url
        tv = teardown.browser(new_browser(*TV))
        tv.get(url)
        shown = wait_for_page(tv, shows_phase(HOSTILE_NAME), 15, "the ride")
        checks.check("no measurement yet: nothing beside the target and no line below (the page as before)",
                     (shown["actual"], shown["others"], shown["target"]) == ("", "", "200 W, 140–150 bpm"), shown)
        checks.check("a workout and step named in markup: shown as text, the markup not run",
                     shown["name"] == HOSTILE_NAME and tv.execute_script("return window.pwned === undefined && !document.querySelector('img')"),
                     shown["name"])

        def ridden(line, condition, what, page=None):
            """Sends `line` twice a second, as a sensor would, until the page (the TV's) shows `condition`."""
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                session.command(line)
                shown = read_page(page or tv)
                if condition(shown):
                    return shown
                time.sleep(0.5)
            raise TimeoutError(f"the page never showed {what}; last: {shown['actual']!r} {shown['others']!r}")

        for watts, standing, mark in ((205, "inside", "● on target"), (150, "below", "▼ low"), (260, "above", "▲ high")):
            line = f"measure power={watts} heart_rate=152 cadence=90"
            shown = ridden(line, lambda shown: shown["actual"].startswith(f"power {watts} W"), f"{watts} W")
            sampled = session.wait_for_event(lambda e: e["event"] == "sample" and e.get("power") == watts, 5, f"a sample of {watts} W")
            checks.check(f"{watts} W against 200 W: '{shown['actual']}', {standing} as the log's sample says, in the ride screen's colour",
                         shown["actual"] == f"power {watts} W {mark}" and shown["standing"] == standing
                         and sampled.get("standing", {}).get("power") == standing
                         and shown["actualColour"] == STANDING_COLOURS[standing], (shown, sampled))
            checks.check(f"heart rate and cadence on the line below: '{shown['others']}'",
                         shown["others"] == "heart rate 152 bpm  ·  cadence 90 rpm", shown["others"])
        tv.save_screenshot(os.path.join(SHOTS, "tv-measured.png"))
        with Teardown() as phone_teardown:
            phone = phone_teardown.browser(new_browser(*PHONE))
            phone.get(url)
            # The sensor goes on sending while the phone's page loads, which can take more than 3 s.
            ridden("measure power=260 heart_rate=152 cadence=90", lambda shown: shown["actual"].startswith("power 260 W"),
                   "the value on a phone", phone)
            for name, page in (("TV", tv), ("phone", phone)):
                boxes = page.execute_script(
                    "return ['targets', 'others', 'digits', 'phase-fill'].map(id => document.getElementById(id).getBoundingClientRect())"
                    ".map(box => [box.top, box.bottom, box.right])")
                checks.check(f"{name}: target, value and the line below sit above the clock, inside the page",
                             boxes[0][1] <= boxes[1][0] + 1 and boxes[1][1] <= boxes[2][0] + 1 and boxes[2][1] <= boxes[3][0] + 1
                             and max(box[2] for box in boxes) <= page.execute_script("return innerWidth"), boxes)
            phone.save_screenshot(os.path.join(SHOTS, "phone-measured.png"))

        session.command("measure power=nan")
        session.command("measure power=199")
        stopped = time.monotonic()
        shown = wait_for_page(tv, lambda shown: shown["actual"].startswith("power 199 W"), 5, "199 W after a refused NaN")
        checks.check("a NaN at the prompt is refused by pacer; the next value shows", shown["standing"] == "inside", shown)
        shown = wait_for_page(tv, lambda shown: shown["actual"] == "power –", 10, "power – when the sensor stops")
        gone = time.monotonic() - stopped
        checks.check(f"the sensor stops: power - after {gone:.1f} s (its value goes stale at 3 s; a sample is due every second, "
                     f"and the page waits {plugin.SAMPLE_GRACE:.0f} s more)",
                     2.9 <= gone <= 3 + 1 / RIDE_SPEED + plugin.SAMPLE_GRACE + 1.5 and shown["standing"] == "", gone)
        checks.check("the line below says - for each channel gone stale", shown["others"] == "heart rate –  ·  cadence –", shown["others"])
        checks.check("the stale value is uncoloured", shown["actualColour"] == tv.execute_script(
            "return getComputedStyle(document.getElementById('name')).color"), shown["actualColour"])
        session.stop()


def a_bookmark_outlives_its_session(checks, folder):
    """token=stable: a page open on session 1's link waits through the gap and shows session 2."""
    environment = dict(os.environ, XDG_STATE_HOME=os.path.join(folder, "bookmark-state"))
    options = ("token=stable", f"port={free_port()}")
    with Teardown() as teardown:
        # The browser first: session 1 lasts 5 s, which a browser starting on a busy machine could use up.
        tv = teardown.browser(new_browser(*TV))
        first = teardown.session(start_session(write_workout(folder, FIRST_OF_TWO, "first.json"), 4, folder, options, environment))
        url = first.url
        tv.get(url)
        wait_for_page(tv, shows_phase("Hold"), 10, "session 1's phase")
        first.wait_for_event(lambda e: e["event"] == "session.end", 15, "session 1's end")
        checks.check("pacer finished session 1 with status 0", first.finish() == 0)
        time.sleep(3)  # the server is gone: the page tries again every 2 s
        idle = read_page(tv)
        checks.check("the page stays on session 1's summary and says no session is running",
                     idle["bodyStatus"] == "ended" and "Workout complete." in idle["summary"]
                     and "No session is running" in idle["summary"], idle["summary"])
        checks.check("its link line says it waits for the next", idle["link"] == "no session · waiting for the next", idle["link"])
        tv.save_screenshot(os.path.join(SHOTS, "tv-waiting.png"))
        second = teardown.session(start_session(write_workout(folder, SECOND_OF_TWO, "second.json"), SPEED, folder, options, environment))
        checks.check("session 2 prints the same link", second.url == url, f"{second.url} != {url}")
        start = time.monotonic()
        wait_for_page(tv, shows_phase("Wall sit"), 10, "session 2's phase on the page left open")
        checks.check(f"the page left open shows session 2 ({time.monotonic() - start:.1f} s after it printed its link)", True)
        # The plugin learns the session's time from how promptly events reach it; the first ones
        # wait in the pipe while it starts, so its reading is exact from the next event on (the
        # countdown here). A page that loads later never sees this; one left open does.
        second.wait_for_event(lambda e: e["event"] == "countdown", 15, "session 2's countdown")
        time.sleep(0.3)
        compare_clock(checks, second, tv, "session 2, on session 1's page")


def main():
    missing = [name for name, path in (("pacer", PACER), ("chromium", shutil.which("chromium")),
                                        ("chromedriver", shutil.which("chromedriver"))) if not path or not os.path.exists(path)]
    if missing:
        sys.exit(f"web-test: missing {', '.join(missing)} (swift build; apt-get install chromium chromium-driver)")
    os.makedirs(SHOTS, exist_ok=True)
    print(f"web-test: plugin {PLUGIN}, started by pacer --sink exec; screenshots in {SHOTS}")
    checks = Checks()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="pacer-web-test-") as folder:
        checks.scenario("options", options_are_checked, folder)
        checks.scenario("hostile stdin, floods and SIGTERM, the plugin alone", hostile_stdin_and_requests, folder)
        checks.scenario("what the stream says is taken as it is, the plugin alone", the_stream_is_taken_at_its_word, folder)
        checks.scenario("measured values in the plugin's view, alone", measured_values_in_the_view, folder)
        checks.scenario("shared on the network: the token", shared_on_the_network, folder)
        checks.scenario("junk connections that never finish a request (slowloris)", junk_connections, folder)
        checks.scenario(f"a session at --speed {SPEED} in a phone and a TV browser", a_session_in_the_browser, folder)
        checks.scenario("a bookmarked page (token=stable) from one session to the next", a_bookmark_outlives_its_session, folder)
        checks.scenario(f"targets and the profile: sweet-spot at --speed {TARGETS_SPEED}", targets_and_the_profile, folder)
        checks.scenario(f"measured values beside the target, at --speed {RIDE_SPEED}", measured_values_in_the_browser, folder)
    print(f"\nweb-test: {time.monotonic() - started:.0f} s; screenshots in {SHOTS}")
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
