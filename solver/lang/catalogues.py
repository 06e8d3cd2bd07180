"""The catalogues: one ``gettext`` catalogue a language for the Python and the pages' templates
(:data:`DOMAIN`), one for the pages' scripts (:data:`SCRIPT_DOMAIN`), in
``locale/<language>/LC_MESSAGES/``.

English is the language of the source: its words are the message ids, collected in the templates
``locale/altbaumer.pot`` and ``locale/altbaumer_js.pot``. The other four languages have a ``.po`` file
for each domain, kept in the repository; the build compiles them into the ``.mo`` files that are read
here (``setup.py``). A source checkout (an editable install) reads the ``.po`` through Babel
instead, so an edited catalogue counts at once and the words are the same either way.

>>> LANGUAGES
('de', 'en', 'es', 'fr', 'pt')
>>> translations("fr").gettext("Accept")
'Accepter'
>>> plural_expression("de"), plural_expression("fr")
('(n != 1)', '(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2')
>>> script_messages("en") == {} or all(isinstance(k, str) for k in script_messages("en"))
True
"""

from __future__ import annotations

import gettext
import io
import re
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from importlib.abc import Traversable

__all__ = ["DOMAIN", "SCRIPT_DOMAIN", "LANGUAGES", "LANGUAGE_NAMES", "translations", "script_messages",
           "plural_expression"]

LANGUAGES = ("de", "en", "es", "fr", "pt")
"""The languages with a catalogue, by their ISO 639-1 codes."""

LANGUAGE_NAMES = {"de": "Deutsch", "en": "English", "es": "Español", "fr": "Français", "pt": "Português"}
"""Each language in its own words, as the page's chooser offers it."""

DOMAIN = "altbaumer"
"""The catalogue of the Python code and the templates."""

SCRIPT_DOMAIN = "altbaumer_js"
"""The catalogue of the pages' scripts, handed to the page whole."""

_PLURAL = re.compile(r"plural=(.+?);?\s*$")
_SAFE_EXPRESSION = re.compile(r"^[n0-9 ()!=<>&|?:%]+$")


def _catalogue_file(language: str, domain: str, suffix: str) -> Traversable:
    return resources.files("altbaumer.lang") / "locale" / language / "LC_MESSAGES" / f"{domain}{suffix}"


@lru_cache(maxsize=None)
def translations(language: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """The catalogue of ``language`` (one of :data:`LANGUAGES`); the English of the message ids for
    English and for any language without a catalogue."""
    if language not in LANGUAGES or language == "en":
        return gettext.NullTranslations()
    compiled = _catalogue_file(language, domain, ".mo")
    if compiled.is_file():
        return gettext.GNUTranslations(io.BytesIO(compiled.read_bytes()))
    source = _catalogue_file(language, domain, ".po")
    if not source.is_file():
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(_compiled(source.read_bytes(), language)))


def _compiled(po_text: bytes, language: str) -> bytes:
    """A ``.po`` file compiled as the build compiles it (Babel), for a checkout never built."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    out = io.BytesIO()
    write_mo(out, read_po(io.BytesIO(po_text), locale=language))
    return out.getvalue()


def script_messages(language: str) -> dict[str, Union[str, list[str]]]:
    """The scripts' catalogue of ``language`` for the page: each message id with its translation, a
    list of forms for a message with a plural (keyed by its singular). Empty for English."""
    catalogue = translations(language, SCRIPT_DOMAIN)
    raw = getattr(catalogue, "_catalog", {})
    messages: dict[str, Union[str, list[str]]] = {}
    plurals: dict[str, dict[int, str]] = {}
    for key, text in raw.items():
        if isinstance(key, tuple):
            plurals.setdefault(key[0], {})[key[1]] = text
        elif key:
            messages[key] = text
    for singular, forms in plurals.items():
        messages[singular] = [forms[i] for i in sorted(forms)]
    return messages


def plural_expression(language: str) -> str:
    """The catalogue's C-like expression that picks a plural form from ``n``, as its ``Plural-Forms``
    header gives it (the page's script uses it as it stands: only ``n``, digits and operators)."""
    header = translations(language, SCRIPT_DOMAIN)
    forms = header.info().get("plural-forms", "") if isinstance(header, gettext.GNUTranslations) else ""
    found = _PLURAL.search(forms)
    expression = found.group(1).strip() if found else "(n != 1)"
    if not _SAFE_EXPRESSION.match(expression):
        raise ValueError(f"the {language} catalogue's plural expression is not a plain expression of n: {expression!r}")
    return expression
