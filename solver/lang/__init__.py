"""The players' languages: the words a page shows, in German, English, Spanish, French and Portuguese.

Sentences are marked in the source with :func:`_` (and :func:`ngettext` where a number decides the
form), extracted with Babel into the catalogues of ``locale/`` (docs/translating.md), and looked up at
the moment they are made in the language a page asked for (:func:`speaking`). Nothing of the package is
imported here, so every wing may mark its words. Numbers and percentages are written by Babel in the
language's own way (:func:`percent`, :func:`number`). The game's names in each language are the
glossary's (docs/glossary.md).

>>> with speaking("de"):
...     _("Accept"), ngettext("{n} decision", "{n} decisions", 2).format(n=2), percent(0.467)
('Annehmen', '2 Entscheidungen', '46,7\\xa0%')
>>> _("Accept"), percent(0.467)
('Accept', '46.7%')
"""

from altbaumer.lang.catalogues import DOMAIN, LANGUAGES, LANGUAGE_NAMES, SCRIPT_DOMAIN, plural_expression, \
    script_messages, translations
from altbaumer.lang.choice import DEFAULT_LANGUAGE, choose_language, negotiate, parse_language
from altbaumer.lang.formats import number, percent
from altbaumer.lang.speaking import N_, _, active_language, ngettext, speaking

__all__ = ["DOMAIN", "SCRIPT_DOMAIN", "LANGUAGES", "LANGUAGE_NAMES", "DEFAULT_LANGUAGE", "translations",
           "script_messages", "plural_expression", "negotiate", "parse_language", "choose_language", "percent",
           "number", "_", "N_", "ngettext", "speaking", "active_language"]
