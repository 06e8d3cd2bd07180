"""The language of each request: chosen on the page (a cookie), forced with ``--lang``, else the
browser's ``Accept-Language``, else English (:func:`altbaumer.lang.choose_language`). A middleware
speaks it for the whole request, the workers it hands the request to included.

>>> from starlette.applications import Starlette
>>> from starlette.responses import PlainTextResponse
>>> from starlette.routing import Route
>>> from starlette.testclient import TestClient
>>> from altbaumer.lang import _
>>> app = Starlette(routes=[Route("/", lambda request: PlainTextResponse(_("Accept")))])
>>> client = TestClient(Speaking(app, forced=None))
>>> client.get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9"}).text
'Accepter'
>>> client.get("/", headers={"Accept-Language": "fr", "Cookie": f"{COOKIE}=de"}).text
'Annehmen'
"""

from __future__ import annotations

from http.cookies import SimpleCookie
from typing import Optional

from starlette.types import ASGIApp, Receive, Scope, Send

from altbaumer.lang import choose_language, speaking

__all__ = ["COOKIE", "Speaking", "scope_language"]

COOKIE = "altbaumer-lang"
"""The cookie the page's chooser sets (a year, this server's paths, same site only)."""


def _header(scope: Scope, name: bytes) -> Optional[str]:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


def scope_language(scope: Scope, forced: Optional[str]) -> str:
    """The language a request asks for (see the module docstring)."""
    cookie = SimpleCookie()
    try:
        cookie.load(_header(scope, b"cookie") or "")
    except Exception:  # a malformed cookie header chooses nothing
        cookie = SimpleCookie()
    chosen = cookie[COOKIE].value if COOKIE in cookie else None
    return choose_language(chosen, forced, _header(scope, b"accept-language"))


class Speaking:
    """ASGI middleware: each HTTP request runs in the language it asks for."""

    def __init__(self, app: ASGIApp, forced: Optional[str]) -> None:
        self.app, self.forced = app, forced

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with speaking(scope_language(scope, self.forced)):
            await self.app(scope, receive, send)
