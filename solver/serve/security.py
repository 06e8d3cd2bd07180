"""The analysis server's guard, as a notebook server's: every request must
carry the token the server printed, name the server's own host, and keep
its body small (docs/serve.md, Safety).

A pure ASGI middleware, so that it sees every request before any route
reads a byte of it:

- the ``Host`` header must name an address the server serves (the loopback
  names, or with another ``--host`` the machine's own names and addresses,
  :mod:`altbaumer.serve.addresses`): a page on another site that rebinds its
  name to 127.0.0.1 sends its own name and is refused (403);
- the token comes as ``?token=`` or as ``Authorization: token …``: none is
  401, a wrong one 403 (compared in constant time). The API is told so in
  JSON; a browser opening a page (``/``, ``/play``, or a GET that prefers
  HTML) gets a small page saying to open the address the server printed;
- a body beyond ``body_max`` bytes is 413, whether its length is announced
  or not.

>>> len(new_token()), new_token() != new_token()
(48, True)
>>> _host_name("[::1]:8765"), _host_name("localhost:80"), _host_name("evil.example")
('[::1]', 'localhost', 'evil.example')
>>> _prefers_html("text/html,application/xhtml+xml,*/*;q=0.8"), _prefers_html("*/*"), _prefers_html("")
(True, False, False)
"""

from __future__ import annotations

import html
import json
import secrets
from typing import Any, Awaitable, Callable, Iterable, Optional
from urllib.parse import parse_qs

from altbaumer.lang import _, active_language, number

__all__ = ["Guard", "BODY_MAX", "LOOPBACK_NAMES", "PAGES", "new_token"]

BODY_MAX = 1 << 20
"""Bytes of a request body: a match file of a hundred boards is some 60 kB."""
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "[::1]", "::1"})
PAGES = frozenset({"/", "/play", "/rules"})
"""The pages a browser opens: without the token they answer with a page saying where the token is."""

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
            status, message, about_token = refusal
            if about_token and _page_request(scope, headers):
                await _token_page(send, status)
            else:
                await _error(send, status, message)
            return
        body = await _body(receive, self.body_max, headers.get("content-length"))
        if body is None:
            await _error(send, 413, _("the request body is larger than {size} bytes").format(size=number(self.body_max)))
            return
        await self.app(scope, _replay(body, receive), send)

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> Optional[tuple[int, str, bool]]:
        """Why a request is refused: its status, the message, and whether it is the token that is missing or wrong."""
        host = _host_name(headers.get("host", ""))
        if host not in self.names:
            return 403, _("host {host} is not this server's address").format(host=repr(headers.get("host", ""))), False
        given = _token(scope, headers)
        if given is None:
            return 401, _("a token is needed: open the address the server printed, with its ?token="), True
        if not secrets.compare_digest(given.encode(), self.token.encode()):
            return 403, _("wrong token: open the address the server printed"), True
        return None


def _page_request(scope: Scope, headers: dict[str, str]) -> bool:
    """Whether a browser is opening a page (not a script calling the API)."""
    path = str(scope.get("path", ""))
    if scope.get("method") != "GET" or path.startswith("/api/"):
        return False
    return path in PAGES or _prefers_html(headers.get("accept", ""))


def _prefers_html(accept: str) -> bool:
    """Whether an ``Accept`` header ranks HTML first (a browser's does; ``*/*`` does not)."""
    best, best_q = "", 0.0
    for entry in accept.split(","):
        media, *parameters = (part.strip() for part in entry.split(";"))
        q = 1.0
        for parameter in parameters:
            key, _equals, value = parameter.partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if q > best_q:
            best, best_q = media.lower(), q
    return best in ("text/html", "application/xhtml+xml")


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
    scheme, _space, value = headers.get("authorization", "").partition(" ")
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


async def _token_page(send: Send, status: int) -> None:
    """The page a browser gets without the token (401) or with a wrong one (403), in the request's language."""
    problem = (_("This address has no token.") if status == 401 else
               _("The token in this address is not this server's: a server started again has a new one."))
    command = _("The command that started the server ({serve} or {play}) printed the address to open: it ends in "
                "{ending} and a long key. Copy that whole address, token included, into the address bar.")
    words = {"language": active_language(), "title": _("altbaumer: open the address with its token"),
             "heading": _("This board needs the address with its token"), "problem": problem,
             "command": command, "secret": _("The token is the key to this board: do not share it.")}
    code = {"serve": "<code>altbaumer serve</code>", "play": "<code>altbaumer play</code>", "ending": "<code>?token=</code>"}
    escaped = {key: html.escape(text, quote=False) for key, text in words.items()}
    escaped["command"] = escaped["command"].format(**code)
    body = _TOKEN_PAGE.format(**escaped).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/html; charset=utf-8"), (b"content-length", str(len(body)).encode()),
                            *((k.encode(), v.encode()) for k, v in _TOKEN_PAGE_HEADERS.items())]})
    await send({"type": "http.response.body", "body": body})


_TOKEN_PAGE = """<!DOCTYPE html>
<html lang="{language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>body {{ font: 1.1rem/1.5 system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; }}
code {{ background: #eee; padding: 0 .2em; }}</style>
</head>
<body>
<h1>{heading}</h1>
<p>{problem}</p>
<p>{command}</p>
<p>{secret}</p>
</body>
</html>
"""
"""Self-contained: no script, no style sheet or image from anywhere, nothing from the request in it."""
_TOKEN_PAGE_HEADERS = {
    "cache-control": "no-store", "referrer-policy": "no-referrer",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'; "
                               "frame-ancestors 'none'",
}
"""The headers of the app's own pages (altbaumer.serve.app), with a policy that allows no script at all."""


async def _error(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
