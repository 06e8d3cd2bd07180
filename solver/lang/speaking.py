"""The language the words are made in: one per context, so each request of the server speaks its own.

:func:`speaking` sets it for a block; :func:`_` and :func:`ngettext` look a message up in it at the
moment of the call, and English (the message ids) is spoken where nothing was set, as on the terminal.
A thread started for a request takes the language with it when it runs in a copy of the request's
context (``contextvars.copy_context().run``).

>>> active_language()
'en'
>>> with speaking("fr"):
...     active_language(), _("Refuse")
('fr', 'Refuser')
>>> ngettext("{n} deal", "{n} deals", 1).format(n=1)
'1 deal'
>>> with speaking("da"):  # no catalogue: English
...     active_language()
'en'
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

from altbaumer.lang.catalogues import DOMAIN, LANGUAGES, translations

__all__ = ["_", "N_", "ngettext", "speaking", "active_language"]

_LANGUAGE: ContextVar[str] = ContextVar("altbaumer_language", default="en")


def active_language() -> str:
    """The language words are made in here."""
    return _LANGUAGE.get()


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Make the words of the block in ``language`` (English for a language without a catalogue)."""
    token = _LANGUAGE.set(language if language in LANGUAGES else "en")
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


def _(message: str) -> str:
    """``message`` in the active language."""
    return translations(_LANGUAGE.get(), DOMAIN).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message that ``n`` asks for in the active language."""
    return translations(_LANGUAGE.get(), DOMAIN).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it yet (a constant said later with
    :func:`_`)."""
    return message
