"""The "How to play" page (``GET /rules``), reached from the play table: the rules of Altbaumer as a
player needs them, shortened from docs/rules.md, in the language of the request.

One self-contained HTML5 document built like the table (:mod:`altbaumer.serve.table_page`): its
words are the template ``templates/how_to_play.html``, its CSS inline, and its script the language
chooser every page shares (``#lang-choice``) and ``script/rules.js``, which gives ``#back-to-table``
the page's token: it leads back to ``/play``, where the server's unfinished match goes on.
The sections: partners and card order, the cut and the Trees, dealing, making trump, going alone,
following and trumping, the ordinary-club lead with its worked example (``#club-lead-example``),
scoring (the points of :func:`altbaumer.game.scoring.makers_points`), the lone march and the
Röthenbach score tree with its Bengel and Menschen. Cards keep their letters and suit symbols in
every language; they are coloured like the table's (the Trees green).

>>> page = rules_html()
>>> page.startswith("<!DOCTYPE html>"), page.count("<script"), page.count("<style>")
(True, 1, 1)
>>> "http://" in page or "https://" in page
False
>>> all(f'id="{i}"' in page for i in ("lang-choice", "back-to-table", "club-lead-example"))
True
>>> '<span class="card tree">Q♣</span>' in page and "A club lead with diamonds trump" in page
True
"""

from __future__ import annotations

import re
from functools import lru_cache

from altbaumer.lang import DEFAULT_LANGUAGE, N_, _, speaking
from altbaumer.report.html_text import PAGE_CSS
from altbaumer.serve.page import page_document
from altbaumer.serve.templates import render

__all__ = ["rules_html", "RULES_TITLE"]

RULES_TITLE = N_("altbaumer — how to play")
"""The page's title (said in the page's language)."""

_CSS = """
*{box-sizing:border-box}
body{max-width:50em;margin:0 auto;padding:.5em 1em 2em}
.top-bar{display:flex;flex-wrap:wrap;align-items:baseline;gap:.3em 1em;margin-bottom:.3em}
.top-bar h1{font-size:140%;margin:0 auto 0 0}
#back-to-table{white-space:nowrap}
.lede{font-size:105%}
dl.order{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.2em 1em;margin:.5em 0}
dl.order dt{color:#555}dl.order dd{margin:0;font-weight:bold;letter-spacing:.08em}
.example{border-left:4px solid #138a36;background:#f2fbf4;padding:.1em .9em;margin:.6em 0}
.example h3{margin:.4em 0 .2em;font-size:100%}
table{border-collapse:collapse;background:#fff;margin:.3em 0}
th,td{border:1px solid #d4d4d4;padding:2px 8px;text-align:right}th{background:#eef0f3}
td.l,th.l{text-align:left}
ul{padding-left:1.4em}li{margin:.15em 0}
@media (max-width:600px){body{padding:.4em .6em 1.5em}dl.order{grid-template-columns:minmax(0,1fr)}dl.order dd{margin-bottom:.3em}}
"""

_CARD = re.compile(r"(?<![\w.])(10|[AKQJ9])([♣♠♥♦])")


def _card_span(match: re.Match[str]) -> str:
    rank, suit = match.groups()
    colour = "tree" if suit == "♣" and rank in "QJ" else "red" if suit in "♥♦" else "black"
    return f'<span class="card {colour}">{rank}{suit}</span>'


def _coloured(body: str) -> str:
    """Every card written in the text (``Q♣``, ``10♥``) as a coloured span. The text is already escaped
    markup, and the cards are never part of a tag: the template has them in element text only."""
    return _CARD.sub(_card_span, body)


@lru_cache(maxsize=None)
def rules_html(language: str = DEFAULT_LANGUAGE) -> str:
    """The whole "How to play" page in ``language``, one HTML5 document with its CSS inline and the
    language chooser and the way back as its script (see the module docstring)."""
    with speaking(language):
        return page_document(_(RULES_TITLE), PAGE_CSS + _CSS, _coloured(render("how_to_play.html")), ("rules",),
                             language=language)
