"""The analysis server's guard, as a notebook server's: every request must
carry the token the server printed, name the server's own host, and keep
its body small (docs/serve.md, Safety).

A pure ASGI middleware, so that it sees every request before any route
reads a byte of it:

- the ``Host`` header must name an address the server serves (the loopback
  names, or the ``--host`` given): a page on another site that rebinds its
  name to 127.0.0.1 sends its own name and is refused (403);
- the token comes as ``?token=`` or as ``Authorization: token …``: none is
  401, a wrong one 403 (compared in constant time);
- a body beyond ``body_max`` bytes is 413, whether its length is announced
  or not.

>>> len(new_token()), new_token() != new_token()
(48, True)
>>> _host_name("[::1]:8765"), _host_name("localhost:80"), _host_name("evil.example")
('[::1]', 'localhost', 'evil.example')
"""

from __future__ import annotations

import json
import secrets
from typing import Any, Awaitable, Callable, Iterable, Optional
from urllib.parse import parse_qs

__all__ = ["Guard", "BODY_MAX", "LOOPBACK_NAMES", "new_token"]

BODY_MAX = 1 << 20
"""Bytes of a request body: a match file of a hundred boards is some 60 kB."""
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "[::1]", "::1"})

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


def new_token() -> str:
    """A token no one guesses: 48 hex digits from the system's randomness."""
    return secrets.token_hex(24)


class Guard:
    """Lets through only requests with the token, a host of ``names`` and a body within ``body_max``."""

    def __init__(self, app: App, token: str, names: Iterable[str] = LOOPBACK_NAMES, body_max: int = BODY_MAX) -> None:
        self.app, self.token, self.body_max = app, token, body_max
        self.names = frozenset(n.lower() for n in names)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            await _error(send, *refusal)
            return
        body = await _body(receive, self.body_max, headers.get("content-length"))
        if body is None:
            await _error(send, 413, f"the request body is larger than {self.body_max:,} bytes")
            return
        await self.app(scope, _replay(body, receive), send)

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> Optional[tuple[int, str]]:
        host = _host_name(headers.get("host", ""))
        if host not in self.names:
            return 403, f"host {headers.get('host', '')!r} is not this server's address"
        given = _token(scope, headers)
        if given is None:
            return 401, "a token is needed: open the address the server printed, with its ?token="
        if not secrets.compare_digest(given.encode(), self.token.encode()):
            return 403, "wrong token: open the address the server printed"
        return None


def _host_name(host: str) -> str:
    """The name of a Host header without its port (``[::1]:8765`` → ``[::1]``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[: host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _token(scope: Scope, headers: dict[str, str]) -> Optional[str]:
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    if query.get("token"):
        return query["token"][0]
    scheme, _, value = headers.get("authorization", "").partition(" ")
    return value.strip() if scheme.lower() == "token" and value.strip() else None


async def _body(receive: Receive, limit: int, length: Optional[str]) -> Optional[bytes]:
    """The whole body, or ``None`` once it passes ``limit`` bytes."""
    if length is not None and length.isdigit() and int(length) > limit:
        return None
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replay(body: bytes, then: Receive) -> Receive:
    """A receive that gives the body read, then the connection's own
    messages (its disconnect ends an event stream)."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await then()

    return receive


async def _error(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
