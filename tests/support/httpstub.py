"""A threaded loopback HTTP server for test stubs (model APIs, fault-injecting MCP servers).

Every stub in tests/support builds on this: it binds 127.0.0.1 on a free port, serves from a
daemon thread, and is stopped by the context manager so no test leaves a listener behind.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class StubServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host!s}:{port}"


@contextmanager
def serve(handler: type[BaseHTTPRequestHandler], **attrs: object) -> Iterator[StubServer]:
    """Serve `handler` on 127.0.0.1:<free port>; `attrs` become server attributes."""
    server = StubServer(("127.0.0.1", 0), handler)
    for key, value in attrs.items():
        setattr(server, key, value)
    thread = threading.Thread(target=server.serve_forever, name="stub-http", daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def free_port() -> int:
    """A port that was free a moment ago (for servers started as subprocesses)."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
