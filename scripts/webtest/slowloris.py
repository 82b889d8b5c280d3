"""Slow clients on loopback that start a request and never finish it, as a slowloris attack does."""
import itertools
import selectors
import socket
import threading
import time

PARTIAL_HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


class Slowloris:
    """Keeps up to `count` connections to 127.0.0.1:port, each having sent part of a request head
    and then one more byte every `drip` seconds; at each drip it opens new ones for those the
    server closed. Stops at the end of the `with` block, or by itself after `limit` seconds."""

    def __init__(self, port, count, drip=0.5, limit=20):
        self.port, self.count, self.drip = port, count, drip
        self.opened = 0
        self._ends = time.monotonic() + limit
        self._open = set()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._selector = selectors.DefaultSelector()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self):
        self._top_up()
        self._thread.start()
        return self

    def __exit__(self, *exception):
        self._stopping.set()
        self._thread.join()

    def held(self):
        """How many are open now, the server not having closed them."""
        with self._lock:
            return len(self._open)

    def _top_up(self):
        while self.held() < self.count:
            connection = socket.create_connection(("127.0.0.1", self.port), timeout=2)
            connection.sendall(PARTIAL_HEAD)
            connection.setblocking(False)
            self._selector.register(connection, selectors.EVENT_READ)
            self.opened += 1
            with self._lock:
                self._open.add(connection)

    def _close(self, connection):
        self._selector.unregister(connection)
        connection.close()
        with self._lock:
            self._open.discard(connection)

    def _run(self):
        next_drip = time.monotonic() + self.drip
        try:
            while not self._stopping.is_set() and time.monotonic() < self._ends:
                for key, _ in self._selector.select(max(0.0, min(next_drip, self._ends) - time.monotonic())):
                    self._close(key.fileobj)  # answered or closed by the server: done with either way
                if time.monotonic() < next_drip:
                    continue
                next_drip += self.drip
                with self._lock:
                    dripping = list(self._open)
                for connection in dripping:
                    try:
                        connection.send(b"a")
                    except OSError:
                        self._close(connection)
                self._top_up()
        finally:
            with self._lock:
                remaining = list(self._open)
            for connection in remaining:
                self._close(connection)
            self._selector.close()


def seconds_until_cut(port, drip, limit):
    """Opens a connection that sends a request head one byte every `drip` seconds, never ending it.

    Returns (seconds, answer) once the server gave up on it, answering or closing, or (None, b"")
    if it had not within `limit` seconds."""
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=drip) as connection:
        for byte in itertools.chain(PARTIAL_HEAD, itertools.repeat(ord("a"))):
            if time.monotonic() - start > limit:
                return None, b""
            try:
                connection.send(bytes([byte]))
                answer = connection.recv(4096)
            except socket.timeout:
                continue
            except OSError:
                answer = b""
            return time.monotonic() - start, answer
