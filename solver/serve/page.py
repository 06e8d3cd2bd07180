"""The page of ``altbaumer serve``: the analysis board, one self-contained HTML document.

The server (:mod:`altbaumer.serve.app`) answers ``GET /?token=…`` with :func:`page_html`; everything
else the page shows comes from the JSON API of docs/serve.md, which the page's one inline script calls
with the token from its own address (the header ``Authorization: token …`` on every ``fetch``; the
``?token=`` query on the events URL, since an ``EventSource`` cannot set headers). The document holds
its CSS and its script inline and names nothing on the network (no fonts, no images, no scripts from
elsewhere, not even a favicon), so the board works on a machine without a connection and the server
is the only origin the browser ever talks to.

Why one string and no templates: the page is static (the same for every file and every user); the
board, the move list and the tables are drawn by the script from the API's answers, so the server
never puts user text into HTML and there is nothing to escape on this side. The cards' faces (their
text and colour class, the project's: the suits ♣ ♠ ♥ ♦, red and black, the Trees green) are made
here from :mod:`altbaumer.game.display`, as the report's viewer draws them, and handed to the
script as JSON. The script's sources are the files of ``script/`` (:data:`SCRIPT_PARTS`), one
concern each, joined once at import into the page's one inline script.

What the script does, in brief (element ids in brackets, for the tests and for scripts):

* start: ``GET /api/start``; with a file, ``POST /api/open`` and a board selector (``#board-select``);
  without one, a seeded random deal (``#seed``, ``#deal``: ``POST /api/deal``), pasted ABN
  (``#abn-text``, ``#open``: ``POST /api/open``) and a set-up form that places the 24 cards into the
  hands and the stock and builds ABN text (``#setup-…``); the server's error line goes to ``#error``;
* the board: ``POST /api/position`` for the current line; the hands (``#hand-N`` … ``#hand-W``, each
  card an element with ``data-card``, the legal ones of the seat to play with class ``legal`` and
  ``data-value``, green when best, red when they lose a trick or more), the trick in front of its
  players, ``#phase``, the facts, and the choices of a decision as buttons (``#choices``);
* the tree of variations: node ``{action, children}``, the first child the main continuation, the
  recorded line the initial main line; playing a card or a choice goes to the child with that
  action or makes a new one; the move list ``#moves`` (each move with ``data-path``, the child
  indices from the root joined by dots) shows the main line and the variations nested;
* navigation from the page's load (a document-level key handler that leaves the keys of inputs
  alone): → ``#next``, ← ``#prev``, Home ``#first``, End ``#last``, ↑ ↓ the sibling variations,
  Backspace ``#undo`` (removes a move off the recorded line that ends a variation);
* rating: ``#rate`` starts ``POST /api/rate`` for the decision at the current point (``#rate-play``,
  ``#rate-samples``, ``#rate-seed``, ``#rate-score``; ``#rate-deals`` says in words what they ask for),
  follows the job's events (or polls it every 300 ms when they fail) into ``#progress`` and
  ``#rate-status``, ``#cancel`` deletes it; the answer is said as ``altbaumer rate`` says it: the
  advice first (``#rating-advice``), then ``#rating``, its table, and ``#rating-notes``;
* drills: a board with a drill (``/api/open``'s ``drill``) opens at its decision, where ``#quiz``
  asks it (``#quiz-question``); the first choice or legal card clicked there is graded, not played
  (``#quiz-verdict``, the options' table ``#quiz-options``), with the file's running score
  (``#quiz-score``) and ``#quiz-next`` to the next drill;
* export: ``#export`` sends the tree to ``POST /api/export`` and shows the ABN in ``#exported`` with a
  download link (``#download``, a Blob URL) and what was left out (``#dropped``).

>>> page = page_html()
>>> page.startswith("<!DOCTYPE html>"), page.count("<script"), page.count("<style>")
(True, 1, 1)
>>> "http://" in page or "https://" in page or "@import" in page
False
>>> all(f'id="{i}"' in page for i in ("next", "prev", "moves", "hand-N", "rate", "progress", "exported", "error"))
True
"""

from __future__ import annotations

import json
from functools import lru_cache
from html import escape
from importlib import resources
from typing import Any, Mapping, Optional, Sequence

from altbaumer.game import display
from altbaumer.game.cards import FULL_PACK, Suit
from altbaumer.hidden.rating import DEFAULT_EXACT_LIMIT, DEFAULT_SAMPLES
from altbaumer.lang import DEFAULT_LANGUAGE, LANGUAGE_NAMES, N_, _, plural_expression, script_messages, speaking
from altbaumer.play.realistic import DEFAULT_EFFORT, SETTLE_AFTER
from altbaumer.report.html_text import PAGE_CSS
from altbaumer.serve.language import COOKIE
from altbaumer.serve.templates import render

__all__ = ["page_html", "page_document", "PAGE_TITLE"]

PAGE_TITLE = N_("altbaumer — analysis board")
"""The page's title (the board's label is added once a board is open)."""


def _faces() -> dict[str, object]:
    """What the script needs to draw cards: each card's text and colour class, in pack order
    (suits ♣ ♠ ♥ ♦, ranks A K Q J 10 9), and each suit's symbol and colour."""
    cards = [[card.ascii(), str(card), display.card_colour(card), card.rank.label] for card in FULL_PACK]
    suits = [[suit.letter, suit.symbol, display.suit_colour(suit)] for suit in Suit]
    return {"cards": cards, "suits": suits}


def _json_for_script(value: object) -> str:
    """JSON that cannot end the ``<script>`` element it stands in (< > & as escapes)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")



_CSS = """
*{box-sizing:border-box}
body{max-width:1180px;margin:0 auto}
h1{font-size:130%;margin:0}h2{font-size:110%;margin:.6em 0 .3em}
.top-bar{display:flex;flex-wrap:wrap;align-items:baseline;gap:.3em 1em;margin-bottom:.4em}
.muted{color:#777}.legend{font-size:85%;color:#555}
#error{color:#a00;background:#fff0f0;border:1px solid #e0a0a0;border-radius:4px;padding:.3em .6em;margin:.3em 0;
 white-space:pre-wrap;overflow-wrap:anywhere}
#error:empty{display:none}
details#new-box{border:1px solid #ccc;border-radius:6px;padding:.3em .6em;margin:.4em 0;background:#fff}
details#new-box summary{cursor:pointer;font-weight:bold}
.ways{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,20em),1fr));gap:.4em 1.2em}
.way{min-width:0}
textarea{width:100%;max-width:100%;font:13px/1.35 ui-monospace,"DejaVu Sans Mono",monospace}
input[type=number]{width:6.5em}input[type=text]{width:10em;max-width:100%}
button{font:inherit;cursor:pointer}button:disabled{cursor:default}
.pool,.places{display:flex;flex-wrap:wrap;gap:.2em;margin:.3em 0}
.places{flex-direction:column}.place{display:flex;flex-wrap:wrap;gap:.2em;align-items:center;min-height:1.9em}
.place b{min-width:3.2em}
.pcard{min-width:2.4em;padding:.1em .2em;border:1px solid #bbb;border-radius:4px;background:#fff}
.pcard.placed{opacity:.3}
.nav{display:flex;flex-wrap:wrap;align-items:center;gap:.25em;margin:.3em 0}
.nav button{min-width:2.3em;padding:.15em .3em}
#where{min-width:7em;text-align:center;font-variant-numeric:tabular-nums}
.layout{display:grid;grid-template-columns:minmax(0,1fr);gap:.6em 1.5em}
@media (min-width:900px){.layout{grid-template-columns:minmax(0,34em) minmax(0,1fr)}}
.play-area,.side{min-width:0}
#phase{font-weight:bold;margin:.2em 0 .3em}
.deal{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:.3em;max-width:34em}
.hand{border:1px solid #bbb;border-radius:4px;padding:.2em .35em;background:#fdfdfb;min-width:0}
.hand.acting{border-color:#2b6cb0;box-shadow:0 0 0 1px #2b6cb0}.hand.out{opacity:.45}
.hand .who{font-weight:bold;overflow-wrap:anywhere}.hand .role{color:#666;font-size:85%;font-weight:normal}
.seat-N{grid-column:2;grid-row:1}.seat-W{grid-column:1;grid-row:2}.seat-E{grid-column:3;grid-row:2}
.seat-S{grid-column:2;grid-row:3}.centre{grid-column:2;grid-row:2;align-self:center;min-width:0}
.suitline{display:flex;flex-wrap:wrap;align-items:flex-start;gap:.1em;min-height:1.5em}
.suitline .suit{width:1em;line-height:1.5em}
.c{display:inline-block;text-align:center;min-width:1.25em;padding:0 .1em;border-radius:3px;line-height:1.35;
 border:1px solid transparent;font-weight:bold;white-space:nowrap;font-variant-emoji:text}
button.c{font:inherit;font-weight:bold;background:#fff;border-color:#bbb;padding:.05em .15em}
button.c:hover{border-color:#2b6cb0}
.c .v{display:block;font-size:72%;font-weight:normal;color:#333}
.c.legal.best{border-color:#138a36;background:#e6f6ea}.c.legal.worse{border-color:#d00000;background:#ffe3e3}
.c.chosen{outline:2px solid #2b6cb0}.c.pick.picked{background:#fff3c4;border-color:#9a6700;transform:translateY(-2px)}
.hidden-hand{color:#777;font-style:italic}
.back{display:inline-block;width:.8em;height:1.1em;margin:0 .1em;border-radius:2px;
 background:repeating-linear-gradient(45deg,#7a8fb5,#7a8fb5 2px,#a9b8d6 2px,#a9b8d6 4px)}
.trick{display:grid;grid-template-columns:repeat(3,minmax(0,2.3em));grid-template-rows:repeat(3,1.6em);
 justify-content:center;align-items:center;text-align:center}
.slot-N{grid-column:2;grid-row:1}.slot-W{grid-column:1;grid-row:2}.slot-E{grid-column:3;grid-row:2}
.slot-S{grid-column:2;grid-row:3}.trick.done{opacity:.55}.slot.won .c{outline:1px dashed #555}
#choices{display:flex;flex-wrap:wrap;gap:.3em;margin:.4em 0}#choices:empty{display:none}
#choices button{padding:.25em .6em}
#choices button.best{border:2px solid #138a36;background:#e6f6ea}#choices button.worse{border:2px solid #d00000;background:#ffe3e3}
#choices select{max-width:100%}
#facts{font-size:92%;margin:.3em 0}#facts dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:0 .8em;margin:0}
#facts dt{color:#555}#facts dd{margin:0;overflow-wrap:anywhere}
#moves{max-height:22em;overflow:auto;position:relative;background:#fff;border:1px solid #ddd;border-radius:4px;
 padding:.3em .5em;line-height:1.7;overflow-wrap:anywhere}
#moves:empty::before{content:attr(data-empty);color:#777}
.move{cursor:pointer;padding:0 .15em;border-radius:3px;white-space:nowrap}.move:hover{background:#eef3fb}
.move.current{background:#2b6cb0;color:#fff}.move.current .c,.move.current .num{color:#fff}
.move.off{font-style:italic}.num{color:#777;font-size:85%;margin-left:.2em}
.var{color:#444}.var::before{content:"("}.var::after{content:")"}
.var .var{font-size:100%}
.depth-1{display:block;margin-left:.6em;font-size:95%}
.rate-options{display:flex;flex-wrap:wrap;gap:.3em .8em}
progress{width:10em;max-width:100%;vertical-align:middle}
.scroll{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;background:#fff;margin:.3em 0}caption{text-align:left;padding:.2em 0}
th,td{border:1px solid #d4d4d4;padding:2px 6px;text-align:right;white-space:nowrap}th{background:#eef0f3}
td.l,th.l{text-align:left}tr.best td{background:#e6f6ea}
table:empty{display:none}
.mark{font-weight:bold;margin-left:.2em}.mark.inaccuracy{color:#9a6700}.mark.mistake{color:#e07b00}
.mark.blunder{color:#d00000;text-decoration:underline}.star{color:#138a36;margin-left:.2em}
#rating-notes{font-size:85%;color:#444}#rating-notes p{margin:.2em 0}
#rating-advice{font-weight:bold;margin:.3em 0;max-width:40em}#rating-advice:empty{display:none}
.rate-deals{font-size:85%;color:#444;margin:.2em 0;max-width:40em}th[title]{cursor:help}
#rating th{white-space:normal;vertical-align:bottom}
#rating caption{position:sticky;left:0;max-width:calc(100vw - 2em);white-space:normal}
#dropped{font-size:90%;color:#9a6700}
#entry{border:2px solid #9a6700;border-radius:6px;padding:.2em .6em;margin:.3em 0;background:#fffaf0;max-width:34em}
#entry p{margin:.3em 0}
#open-card{border:1px solid #ccc;border-radius:6px;padding:.2em .6em;margin:.3em 0;background:#fafafa;max-width:34em}
#open-card p{margin:.3em 0}#open-card-text{font-size:92%}#open-card th{white-space:normal}
.unseen-pick{display:flex;flex-wrap:wrap;gap:.2em;align-items:center}
#quiz{border:2px solid #2b6cb0;border-radius:6px;padding:.2em .6em;margin:.3em 0;background:#f4f8fd;max-width:34em}
#quiz p{margin:.3em 0}#quiz-question{font-weight:bold}
#quiz-verdict.right{color:#138a36;font-weight:bold}#quiz-verdict.wrong{color:#a00;font-weight:bold}
.quiz-table{max-height:16em;overflow-y:auto}#quiz-options td.labels{color:#2b6cb0;white-space:normal}
#quiz-options tr.yours td{font-weight:bold}.quiz-notes{font-size:85%;color:#444}
.quiz-bar{display:flex;flex-wrap:wrap;align-items:center;gap:.3em 1em}#quiz-score{font-weight:bold}
#export-box textarea:placeholder-shown{height:3em}
@media (max-width:600px){body{padding:.4em .5em}.hand{padding:.15em .2em}.c{min-width:1.1em}
 .nav button{min-width:2.1em}#where{order:9;flex-basis:100%;text-align:left;min-width:0}
 .hand .role{display:block}}
"""



SCRIPT_PARTS = ("common", "base", "tree", "position", "boards", "rating", "export", "setup", "seat_entry", "quiz",
                "wiring")
"""The page's script, one concern a file in ``script/``: the constants, helpers and API calls; the
tree of variations and its move list; drawing a position; opening boards; rating; export; setting up
a deal; entering a deal from one seat and the figures with every card open; drills as a quiz; the keys, buttons and start. They share one scope: the page runs them as one function."""


def page_document(title: str, css: str, body: str, parts: Sequence[str], body_attributes: str = "",
                  constants: Optional[Mapping[str, Any]] = None, language: str = DEFAULT_LANGUAGE) -> str:
    """One self-contained HTML5 page in ``language``: ``css`` inline, and one inline script joined from
    the ``parts`` of ``script/`` (with the card faces for ``__FACES__``, the scripts' catalogue of the
    language for ``__I18N__``, its plural rule for ``__PLURAL_RULE__`` and each of ``constants`` as JSON
    for its ``__NAME__``), run as one function so they share a scope."""
    folder = resources.files("altbaumer.serve") / "script"
    joined = "".join((folder / f"{part}.js").read_text(encoding="utf-8") for part in ("i18n", *parts))
    words = {"lang": language, "names": LANGUAGE_NAMES, "cookie": COOKIE, "messages": script_messages(language)}
    for name, value in {"FACES": _faces(), "I18N": words, **(constants or {})}.items():
        joined = joined.replace(f"__{name}__", _json_for_script(value))
    joined = joined.replace("__PLURAL_RULE__", plural_expression(language))
    script = '\n(function () {\n  "use strict";\n' + joined + "})();\n"
    assert "</script" not in script.lower() and "<!--" not in script
    return (f"<!DOCTYPE html>\n<html lang=\"{language}\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<meta name=\"referrer\" content=\"no-referrer\">\n"
            "<link rel=\"icon\" href=\"data:,\">\n"
            f"<title>{escape(title)}</title>\n<style>{css}</style>\n</head>\n<body{body_attributes}>\n"
            f"{body}<script>{script}</script>\n</body>\n</html>\n")


_RATING = {"samples": DEFAULT_SAMPLES, "exact_limit": DEFAULT_EXACT_LIMIT, "settle_after": SETTLE_AFTER,
           "effort": DEFAULT_EFFORT}
"""The rater's defaults the rating form describes in words (the page repeats no number of the raters)."""


@lru_cache(maxsize=None)
def page_html(language: str = DEFAULT_LANGUAGE) -> str:
    """The whole page in ``language``, one HTML5 document with its CSS and script inline (see the module
    docstring); the same text on every call, for every file: what it shows comes from the API."""
    with speaking(language):
        body = render("board.html", samples=DEFAULT_SAMPLES)
        return page_document(_(PAGE_TITLE), PAGE_CSS + _CSS, body, SCRIPT_PARTS, constants={"RATING": _RATING},
                             language=language)
