#!/usr/bin/env python3
"""The web screen's performance: the page's clock against the session, phase-start lateness with
20 pages open, and the plugin's memory over an hour-long session.

    PACER=/tmp/pacer-release/release/pacer bench/web.py [--pages 20] [--skip-memory]

1. Page clock. A session at --speed 5 steered by pause, resume, skip, +30, -10 and back while
   1 and N headless Chromium pages follow it. One page is read over and over (`window.pacerPage.reading()`:
   the page's session time and where it puts the current phase). Every reading is compared with the
   truth at that moment, rebuilt from the log (whose lines this script timestamps as they arrive):
   clock error = the page's session time - the session's; display error = how far the shown
   phase clock is from the true one (for a page still showing the previous phase: how long ago it
   changed). Readings whose round trip took over 20 ms are left out. Target: 100 ms at every moment.
2. Lateness. 60 one-second phases at --speed 5 (as bench/lateness.py) with nothing open, with N
   event streams read by another process (N pages on other devices), and with N pages in one
   headless Chromium on this machine: phase.start arrival at this reader (the observer) minus
   due, and Pacer's own t - due.
3. Memory. An hour of workout (720 phases of 5 s) at --speed 60 with 3 event streams and a
   reconnecting one; the plugin's RSS sampled every second. Target: flat.
4. A fresh page. A page loaded N times (`--loads`) while the session runs (1 s phases at
   --speed 1) and another page follows it, read as soon as it shows a phase, when it has had one
   or two messages (the first reading with a round trip under 20 ms): its clock error. Target:
   100 ms, as in 1.

    bench/web.py --only-fresh [--loads 40]     # part 4 alone

Uses the same session launcher as scripts/web-test.py (pacer starts the plugin with --sink exec).
"""
import argparse
import contextlib
import multiprocessing
import json
import os
import sys
import tempfile
import threading
import time
import http.client

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "scripts"))
from webtest.browser import new_browser  # noqa: E402
from webtest.session import start_session  # noqa: E402

MAX_ROUND_TRIP = 0.020
CLOSE = 0.1  # a page clock this near a state's is taken as showing that state
READ = "return window.pacerPage.reading()"


def percentile(values, p):
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(p / 100 * len(ordered)) - 1))] if ordered else float("nan")


def describe(values, unit_scale=1000, unit="ms"):
    if not values:
        return "no samples"
    return (f"n={len(values)} p50={percentile(values, 50) * unit_scale:.1f}{unit} "
            f"p99={percentile(values, 99) * unit_scale:.1f}{unit} max={max(values) * unit_scale:.1f}{unit}")


def write(folder, name, workout):
    path = os.path.join(folder, name)
    with open(path, "w") as file:
        json.dump(workout, file)
    return path


@contextlib.contextmanager
def pages_open(url, count, size=(800, 600)):
    """`count` windows of one headless Chromium showing the page: yields (driver, window handles).

    A browser keeps at most 6 connections to one host, and each page holds one open, so each
    window uses its own name for loopback (Chromium resolves *.localhost to 127.0.0.1)."""
    if count == 0:
        yield None, []
        return
    driver = new_browser(*size)
    try:
        handles = []
        for number in range(count):
            if handles:
                driver.switch_to.new_window("window")
            driver.get(url.replace("//127.0.0.1:", f"//page{number}.localhost:"))
            handles.append(driver.current_window_handle)
        yield driver, handles
    finally:
        driver.quit()


def distance(page, view, at):
    """How far the page's phase clock is from the view's at session time `at` (None: another phase)."""
    phase = view.phase
    if phase is None or page["index"] != phase["index"]:
        return None
    elapsed = phase["frozen"] if phase["frozen"] is not None else max(0.0, at - phase["started"])
    if phase["length"] is not None and page["remaining"] is not None:
        return abs(page["remaining"] - max(0.0, phase["length"] - elapsed))
    return abs(page["elapsed"] - elapsed)


def display_error(session, page, at):
    """How wrong the page is at session time `at`, in seconds: the distance of its clock from the
    session's; or, when it still shows the state before the latest events (a skip, a +30 on their
    way to it), how long ago those events happened."""
    error = distance(page, session.view_at(at), at)
    if error is not None and error <= CLOSE:
        return error
    with session._changed:
        recent = sorted({e["t"] for _, e in session.events if at - 1 < e["t"] <= at}, reverse=True)
    for t in recent:
        before = distance(page, session.view_at(t - 1e-6), at)
        if before is not None and before <= CLOSE:
            return max(before, at - t)
    return error if error is not None else float("inf")


OPEN_THE_PAGES = {"reps": 1, "name": "Open the pages"}  # the timed part starts once they are open


def go(session):
    """Ends the first step (the pages are open); returns the session time then."""
    session.wait_for_event(lambda e: e["event"] == "phase.start", 10, "the first phase")
    session.command("done")
    return session.wait_for_event(lambda e: e["event"] == "phase.end", 10, "done")["t"]


def steer(session, plan, origin):
    """Types each (seconds after `origin` in session time, command) at its time, on Pacer's stdin."""
    for at, command in plan:
        while session.clock.now() < origin + at:
            time.sleep(0.005)
        session.command(command)


def reading(driver, session):
    """The page's reading and the session time in the middle of its WebDriver round trip; None
    for a round trip over MAX_ROUND_TRIP (it would blur the comparison by half of it)."""
    before = time.monotonic()
    page = driver.execute_script(READ)
    after = time.monotonic()
    return None if after - before > MAX_ROUND_TRIP else (page, session.session_time((before + after) / 2))


def page_clock(folder, pages, speed=5):
    workout = {"name": "Clock bench", "countdown": 3, "steps": [
        OPEN_THE_PAGES, {"repeat": 5, "steps": [{"work": 12, "name": "Work {round}"}, {"rest": 6}]}, {"cooldown": 10}]}
    session = start_session(write(folder, "clock.json", workout), speed, folder)
    plan = [(2.0, "pause"), (3.0, "resume"), (4.0, "skip"), (5.0, "+30"), (6.0, "-10"), (7.5, "back"),
            (9.0, "pause"), (9.4, "resume"), (11.0, "skip"), (12.0, "skip"), (14.0, "+30")]
    clock_errors, display_errors, skipped = [], [], 0
    try:
        with pages_open(session.url, pages) as (driver, _):
            threading.Thread(target=steer, args=(session, plan, go(session)), daemon=True).start()
            while not any(e["event"] == "session.end" for _, e in session.events) and session.pacer.poll() is None:
                read = reading(driver, session)  # the last page opened; the others stay open and live
                if read is None or read[0]["now"] is None or read[0]["status"] not in ("running", "paused"):
                    skipped += 1
                    continue
                page, at = read
                clock_errors.append(abs(page["now"] - at))
                display_errors.append(display_error(session, page, at))
    finally:
        session.stop()
    return clock_errors, display_errors, skipped


def fresh_pages(folder, loads, speed=1):
    """The clock error of a page read as soon as it shows a phase, over `loads` page loads (the
    first reading whose round trip is under 20 ms). The phases are 1 s, so the plugin's and this
    script's clocks have a message a second to set themselves by."""
    workout = {"name": "Fresh pages", "countdown": 0, "steps": [{"repeat": 3600, "steps": [{"work": 1, "name": "Work"}]}]}
    session = start_session(write(folder, "fresh.json", workout), speed, folder)
    errors = []
    try:
        session.wait_for_event(lambda e: e["event"] == "phase.start" and e["index"] >= 3, 10, "the third phase")
        with pages_open(session.url, 1), pages_open(session.url.replace("//127.0.0.1:", "//fresh.localhost:"), 1) as (driver, _):
            for _ in range(loads):
                driver.refresh()
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline:
                    read = reading(driver, session)
                    if read is not None and read[0]["now"] is not None and read[0]["index"] is not None:
                        page, at = read
                        errors.append(abs(page["now"] - at))
                        break
    finally:
        session.stop()
    return errors


@contextlib.contextmanager
def streams_open(session, count):
    """`count` event streams read by another process, as pages on other devices would."""
    stop = multiprocessing.Event()
    reader = multiprocessing.Process(target=read_streams, args=(*session.port_and_token, count, stop))
    reader.start()
    try:
        yield
    finally:
        stop.set()
        reader.join(5)


def read_streams(port, token, count, stop):
    threads = [threading.Thread(target=read_stream, args=(port, token, stop), daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    stop.wait()


def lateness(folder, pages=0, streams=0, speed=5):
    workout = {"name": "Lateness bench", "countdown": 0, "steps": [OPEN_THE_PAGES, {"repeat": 60, "steps": [{"work": 1}]}]}
    session = start_session(write(folder, f"late-{pages}-{streams}.json", workout), speed, folder)
    try:
        with pages_open(session.url, pages), streams_open(session, streams):
            time.sleep(1)  # the streams connect
            go(session)
            session.wait_for_event(lambda e: e["event"] == "session.end", 60, "session.end")
    finally:
        session.stop()
    start_arrival = next(a for a, e in session.events if e["event"] == "session.start")
    starts = [(a, e) for a, e in session.events if e["event"] == "phase.start" and e["kind"] == "work"][1:]
    arrival = [(a - start_arrival) - e["due"] for a, e in starts]
    offset = min(arrival)
    return [x - offset for x in arrival], [e["t"] - e["due"] for _, e in starts]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def read_stream(port, token, stop, reconnect_every=None):
    while not stop.is_set():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        try:
            connection.request("GET", f"/{token}/events")
            response = connection.getresponse()
            opened = time.monotonic()
            while not stop.is_set() and response.readline():
                if reconnect_every and time.monotonic() - opened > reconnect_every:
                    break
        except OSError:
            time.sleep(0.1)
        finally:
            connection.close()


def memory(folder, speed=60):
    workout = {"name": "Memory bench", "steps": [
        {"repeat": 360, "steps": [{"work": 5, "name": "Work {round}/{rounds}", "cue": "Keep going"}, {"rest": 5}]}]}
    session = start_session(write(folder, "memory.json", workout), speed, folder)
    port, token = session.port_and_token
    stop = threading.Event()
    for reconnect in (None, None, None, 0.5):
        threading.Thread(target=read_stream, args=(port, token, stop, reconnect), daemon=True).start()
    pid = session.plugin_pid
    samples = []
    try:
        while session.pacer.poll() is None:
            samples.append((session.clock.now() or 0, rss_kib(pid)))
            time.sleep(1)
    except (OSError, StopIteration):
        pass  # the plugin has exited: the session is over
    finally:
        stop.set()
        session.stop()
    return samples


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--skip-memory", action="store_true")
    parser.add_argument("--loads", type=int, default=40)
    parser.add_argument("--only-fresh", action="store_true")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}")
    with tempfile.TemporaryDirectory(prefix="pacer-web-bench-") as folder:
        if not args.only_fresh:
            all_but_fresh(folder, args)
        print(f"\n== 4. a fresh page's clock, read as soon as it shows the phase ({args.loads} loads)")
        errors = fresh_pages(folder, args.loads)
        print(f"clock {describe(errors)}, p90={percentile(errors, 90) * 1000:.1f}ms")


def all_but_fresh(folder, args):
    """Parts 1 to 3."""
    print("\n== 1. page clock vs the session (|error|, readings with a round trip under 20 ms)")
    for pages in (1, args.pages):
        clock_errors, display_errors, skipped = page_clock(folder, pages)
        print(f"{pages:>3} page(s): clock   {describe(clock_errors)}")
        print(f"{'':>12} display {describe(display_errors)}  ({skipped} readings left out)")
    print("\n== 2. phase-start lateness, 60 x 1 s at --speed 5")
    for label, pages, streams in (("nothing open", 0, 0), (f"{args.pages} streams", 0, args.pages),
                                  (f"{args.pages} pages", args.pages, 0)):
        arrival, own = lateness(folder, pages, streams)
        print(f"{label:>13}: arrival {describe(arrival, 1000)}; pacer t-due {describe(own, 1000)}")
    if not args.skip_memory:
        print("\n== 3. plugin memory over 1 h of workout at --speed 60 (4 streams, one reconnecting)")
        samples = memory(folder)
        if samples:
            tenth = samples[len(samples) // 10][1]
            print(f"RSS KiB at start {samples[0][1]}, at 10% {tenth}, at the end {samples[-1][1]}, "
                  f"max {max(s for _, s in samples)}; growth after 10%: {samples[-1][1] - tenth} KiB "
                  f"over {samples[-1][0]:.0f} s ({len(samples)} samples)")


if __name__ == "__main__":
    main()
