"""The pages' markup: Jinja2 templates in ``templates/``, their words marked ``{{ _("…") }}`` for the
catalogue (``pybabel extract`` reads them with Jinja2's extractor) and said in the language of the
request (:func:`altbaumer.lang.speaking`). Autoescaping is on: a translation is text, never markup.

>>> from altbaumer.lang import speaking
>>> with speaking("de"):
...     german = render("board.html", samples=256)
>>> render("board.html", samples=256) != german, "Analysebrett" in german, 'placeholder="256"' in german
(True, True, True)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined

from altbaumer.lang import _, ngettext

__all__ = ["render"]


@lru_cache(maxsize=1)
def _environment() -> Environment:
    environment = Environment(loader=PackageLoader("altbaumer.serve", "templates"), autoescape=True,
                              undefined=StrictUndefined, extensions=["jinja2.ext.i18n"], keep_trailing_newline=True)
    # Old-style callables: a message is looked up and returned; the few with placeholders are filled by
    # the template, so a "%" in a sentence is just a character.
    environment.install_gettext_callables(gettext=_, ngettext=ngettext, newstyle=False)  # type: ignore[attr-defined]
    return environment


def render(name: str, **values: Any) -> str:
    """The template ``name`` with ``values``, in the active language."""
    return _environment().get_template(name).render(**values)
