"""Each language's own rules: which language a request gets, plural forms and numbers as the locale
writes them (Babel for the Python, the same CLDR forms the pages' Intl writes)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from babel.messages.pofile import read_po

from altbaumer.lang import (choose_language, negotiate, ngettext, number, parse_language, percent,
                            plural_expression, speaking, translations)
from test_catalogues import LOCALE, TRANSLATED


@pytest.mark.parametrize("header, expected", [
    ("de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7", "de"),
    ("en-GB, fr;q=0.9", "en"),
    ("pt-BR", "pt"),
    ("es-419;q=0.5, fr-CA;q=0.6", "fr"),
    ("it, ja;q=0.5", None),
    ("fr;q=0, de;q=0.1", "de"),
    ("*", None),
    (";;;,q=", None),
])
def test_accept_language_picks_the_best_language_with_a_catalogue(header: str, expected: str) -> None:
    assert negotiate(header) == expected


def test_the_order_of_the_choices() -> None:
    assert choose_language("fr", "de", "es") == "fr"       # chosen on the page
    assert choose_language(None, "de", "es") == "de"       # --lang
    assert choose_language("klingon", None, "es") == "es"  # the browser's
    assert choose_language(None, None, "it") == "en"       # a language without a catalogue: English
    assert parse_language("PT_br") == "pt" and parse_language("") is None


@pytest.mark.parametrize("language, fraction, big", [
    ("en", "46.7%", "756,756"),
    ("de", "46,7\u00a0%", "756.756"),
    ("es", "46,7\u00a0%", "756.756"),
    ("fr", "46,7\u00a0%", "756\u202f756"),
    ("pt", "46,7%", "756.756"),
])
def test_numbers_in_each_language(language: str, fraction: str, big: str) -> None:
    with speaking(language):
        assert percent(0.4673) == fraction
        assert number(756756) == big
    assert percent(0.4673) == "46.7%"  # the terminal's English outside the block


def _plural_message(language: str) -> tuple[str, str, tuple[str, ...]]:
    with (LOCALE / language / "LC_MESSAGES" / "altbaumer.po").open("rb") as handle:
        catalogue = read_po(handle, locale=language)
    message = next(m for m in catalogue if isinstance(m.id, tuple) and "{n}" in m.id[0])
    return message.id[0], message.id[1], tuple(message.string)


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_forms_follow_the_language(language: str) -> None:
    singular, plural, forms = _plural_message(language)
    with speaking(language):
        assert ngettext(singular, plural, 1) == forms[0]
        assert ngettext(singular, plural, 2) == forms[-1]
        # Zero is singular in French and Portuguese (Babel's CLDR rule), plural in German and Spanish.
        assert ngettext(singular, plural, 0) == (forms[0] if language in ("fr", "pt") else forms[-1])
    assert ngettext(singular, plural, 0) == plural


def test_the_pages_plural_rule_is_the_catalogues() -> None:
    """The expression the page's script runs picks the form gettext picks, for every n (run by Node)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the script's plural rule is checked by the browser tests only")
    numbers = [0, 1, 2, 3, 11, 21, 100, 101, 1000000, 2000000, 1000001]
    for language in TRANSLATED:
        script = f"const f = n => Number({plural_expression(language)}); console.log(JSON.stringify({numbers}.map(f)));"
        picked = json.loads(subprocess.run([node, "-e", script], capture_output=True, text=True, check=True).stdout)
        catalogue = translations(language)
        assert picked == [catalogue.plural(n) for n in numbers]  # type: ignore[attr-defined]
    assert plural_expression("en") == "(n != 1)"
