"""Which language a page speaks: the one the person chose on the page, else the one the server was told
(``--lang``), else the browser's (``Accept-Language``), else English.

>>> negotiate("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7")
'fr'
>>> negotiate("da, en-GB;q=0.8"), negotiate("da"), negotiate("")
('en', None, None)
>>> choose_language(chosen="pt", forced="de", accept="fr"), choose_language(None, "de", "fr")
('pt', 'de')
>>> choose_language("xx", None, "es;q=0.5, de;q=0.9"), choose_language(None, None, None)
('de', 'en')
"""

from __future__ import annotations

from typing import Optional

from altbaumer.lang.catalogues import LANGUAGES

__all__ = ["DEFAULT_LANGUAGE", "negotiate", "parse_language", "choose_language"]

DEFAULT_LANGUAGE = "en"
"""What a page speaks when nothing asks for a language it has."""


def parse_language(text: Optional[str]) -> Optional[str]:
    """The catalogue's code of a language tag (``de-AT`` → ``de``), or None when there is no catalogue."""
    if not text:
        return None
    code = text.strip().replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else None


def negotiate(accept_language: Optional[str]) -> Optional[str]:
    """The language with a catalogue that an ``Accept-Language`` header prefers most (RFC 9110's
    quality values; the first listed wins a tie), or None when it names none of them."""
    best: tuple[float, int, Optional[str]] = (0.0, 0, None)
    for order, item in enumerate((accept_language or "").split(",")):
        tag, _, parameters = item.partition(";")
        quality = 1.0
        for parameter in parameters.split(";"):
            name, _, value = parameter.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        code = parse_language(tag)
        if code is not None and quality > 0 and (quality, -order) > best[:2]:
            best = (quality, -order, code)
    return best[2]


def choose_language(chosen: Optional[str], forced: Optional[str], accept: Optional[str]) -> str:
    """The language of a page: ``chosen`` on the page, else ``forced`` by ``--lang``, else the
    browser's ``accept`` header, else English; each only when it has a catalogue."""
    return parse_language(chosen) or parse_language(forced) or negotiate(accept) or DEFAULT_LANGUAGE
