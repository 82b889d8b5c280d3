"""A loopback TCP proxy whose connections can be cut, as when a phone sleeps or loses Wi-Fi."""
import socket
import threading


class CuttableProxy:
    """Forwards 127.0.0.1:port to 127.0.0.1:target. `cut()` drops every connection and refuses
    new ones until `restore()`."""

    def __init__(self, target):
        self.target = target
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._open = []
        self._lock = threading.Lock()
        self._refusing = False
        threading.Thread(target=self._accept, daemon=True).start()

    def cut(self):
        with self._lock:
            self._refusing = True
            connections, self._open = self._open, []
        for connection in connections:
            self._drop(connection)

    def restore(self):
        with self._lock:
            self._refusing = False

    def close(self):
        self.cut()
        self._listener.close()

    def _accept(self):
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return  # closed
            with self._lock:
                refusing = self._refusing
            if refusing:
                self._drop(client)
                continue
            try:
                server = socket.create_connection(("127.0.0.1", self.target))
            except OSError:
                self._drop(client)
                continue
            with self._lock:
                self._open += [client, server]
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source, sink):
        try:
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        except OSError:
            pass
        self._drop(sink)

    @staticmethod
    def _drop(connection):
        try:
            connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        connection.close()
