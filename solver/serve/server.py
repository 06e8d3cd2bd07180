"""Running the analysis server: uvicorn serving the app on one address,
in the foreground for the command (:func:`serve`) or on a thread for tests
and notebooks (:func:`serving`).

>>> url_of("127.0.0.1", 8765, "abc")
'http://127.0.0.1:8765/?token=abc'
"""

from __future__ import annotations

import socket
import threading
import time
from contextlib import contextmanager
from typing import Any, Iterator

import uvicorn

__all__ = ["serve", "serving", "url_of", "bound_socket"]


def url_of(host: str, port: int, token: str) -> str:
    """The address a user opens: the page, with its token."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/?token={token}"


def bound_socket(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: a free one, chosen now,
    so that the address can be printed before the server runs)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(64)
    return sock


def _server(app: Any) -> uvicorn.Server:
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=2)
    return uvicorn.Server(config)


def serve(app: Any, sock: socket.socket) -> None:
    """Serve ``app`` on ``sock`` until Ctrl-C. The socket listens already,
    so the address may be printed (and a browser opened) before this runs:
    the first requests wait in its queue."""
    _server(app).run(sockets=[sock])


@contextmanager
def serving(app: Any, host: str = "127.0.0.1", timeout: float = 20.0) -> Iterator[str]:
    """``app`` served on a thread at a free port of ``host``; yields the base
    address (``http://127.0.0.1:PORT``) and stops the server on leaving."""
    sock = bound_socket(host, 0)
    server = _server(app)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="altbaumer-serve", daemon=True)
    thread.start()
    deadline = time.monotonic() + timeout
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the analysis server did not start")
        time.sleep(0.02)
    try:
        yield f"http://{host}:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout)
        sock.close()
