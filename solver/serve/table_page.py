"""The page of ``altbaumer play``: a card table where a person plays a whole match against three
bots, one self-contained HTML document.

The server (:mod:`altbaumer.serve.table_api`) answers ``GET /play?token=…`` with :func:`table_html`;
everything the page shows comes from the JSON API of docs/play.md, which the page's one inline
script calls with the token from its own address (the header ``Authorization: token …`` on every
``fetch``). Like the analysis board (:mod:`altbaumer.serve.page`, whose card faces it reuses: the
suits ♣ ♠ ♥ ♦, red and black, the Trees green) the document holds its CSS and its script inline and
names nothing on the network, so it satisfies the app's Content-Security-Policy (``default-src
'none'``, inline script and style, ``connect-src 'self'``). The score's tree is the one piece of
markup the page takes from the server as it is: SVG made by our own server, never user text.

What the script does, in brief (element ids in brackets, for the tests and for scripts):

* start: with ``&game=ID`` in the address, ``GET /api/play/ID``; without, ``POST /api/play`` (the
  command line's defaults) and ``game=ID`` put into the address (``history.replaceState``), so that a
  reload goes on with the same match;
* the table: the person's hand (``#hand``, each card a ``<button>`` named in words, "Queen of clubs,
  the Big Tree", the legal ones enabled), the other seats as card backs with their counts
  (``#seat-N`` … ``#seat-W``, turned so that the person sits at the bottom, the seat to act
  highlighted), the trick by seat (``#trick``), who leads and what to decide (``#status``), the
  deal's facts (``#facts``: trump, the turned stock, the cut), the tricks of each side
  (``#tricks``) and the score (``#score``: the tree and its text);
* decisions as buttons (``#choices``); a discard is clicked in the hand (the compulsory four picked,
  then ``#discard-confirm``);
* an action is ``POST /api/play/ID``; the cards played since the last state drawn are shown one at a
  time (``#speed`` or ``?delay=ms``, default 600 ms) and announced in words (``#announce``,
  ``aria-live``); ``#autoplay`` plays a forced card by itself (remembered in localStorage);
* the tutor: a 409 with ``tutor`` opens ``#tutor`` (``role=alertdialog``): ``#tutor-play`` posts
  again with ``confirm``, ``#tutor-rethink`` closes it, ``#tutor-hint`` asks for the hint;
* ``#hint`` (``POST …/hint``, shown in ``#hint-box``, the best card or button with class ``hinted``),
  ``#undo`` (``POST …/undo``), ``#last-trick`` (``#last-trick-box``);
* after a deal ``#summary`` (its words, the costly decisions, every hand, the tree, ``#next-deal``
  and ``#analyse``, the analysis board's address); after the match ``#over`` (the winner, the
  review, ``#drills`` to the quiz);
* keys: 1–9 the n-th card of the hand (or the n-th choice when no card is to be played), A accept,
  R refuse, T together (at the cut: take), G go alone, D discard the cards picked, N next deal, H hint, U or Backspace take
  back, L last trick, Escape closes;
* ``document.body.dataset.state`` is ``ready`` when a state is drawn and nothing is pending,
  ``busy`` while a request or the cards' showing is under way; ``dataset.phase`` is the phase.

>>> page = table_html()
>>> page.startswith("<!DOCTYPE html>"), page.count("<script"), page.count("<style>")
(True, 1, 1)
>>> "http://" in page or "https://" in page or "@import" in page
False
>>> all(f'id="{i}"' in page for i in ("hand", "trick", "seat-N", "seat-W", "choices", "tutor", "announce"))
True
"""

from __future__ import annotations

from functools import lru_cache

from altbaumer.lang import DEFAULT_LANGUAGE, N_, _, speaking
from altbaumer.report.html_text import PAGE_CSS
from altbaumer.serve.page import page_document
from altbaumer.serve.templates import render

__all__ = ["table_html", "TABLE_TITLE", "SCRIPT_PARTS"]

TABLE_TITLE = N_("altbaumer — play")
"""The page's title."""



_CSS = """
*{box-sizing:border-box}
body{max-width:1100px;margin:0 auto;padding:.5em 1em}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);
 white-space:nowrap;border:0}
h1{font-size:125%;margin:0}h2{font-size:105%;margin:.5em 0 .3em;border-bottom:1px solid #ccc}
.top-bar{display:flex;flex-wrap:wrap;align-items:baseline;gap:.2em 1em;margin-bottom:.3em}
.where{color:#555}.tools{display:flex;flex-wrap:wrap;gap:.2em .9em;margin-left:auto;font-size:90%}
.tool{white-space:nowrap}
button{font:inherit;cursor:pointer}button:disabled{cursor:default}
kbd{font:75% ui-monospace,"DejaVu Sans Mono",monospace;border:1px solid #aaa;border-radius:3px;padding:0 .25em;
 margin-left:.3em;color:#444;background:#f4f4f4}
#error{color:#a00;background:#fff0f0;border:1px solid #e0a0a0;border-radius:4px;padding:.3em .6em;margin:.3em 0;
 overflow-wrap:anywhere}
#error:empty{display:none}
.layout{display:grid;grid-template-columns:minmax(0,1fr);gap:.5em 1.4em}
@media (min-width:860px){.layout{grid-template-columns:minmax(0,1fr) 18em}}
.play-area,.side{min-width:0}
.felt{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1.6fr) minmax(0,1fr);
 grid-template-areas:". top ." "left centre right" ". bottom .";gap:.3em;align-items:center;
 background:radial-gradient(ellipse at center,#2f8a55 0%,#22703f 60%,#195a32 100%);color:#f6f3e8;
 border:6px solid #6b4423;border-radius:22px;padding:.5em;box-shadow:inset 0 0 18px rgba(0,0,0,.35)}
.seat{min-width:0;text-align:center;padding:.2em .25em;border-radius:10px;border:2px solid transparent;
 overflow-wrap:anywhere}
.seat.pos-top{grid-area:top}.seat.pos-left{grid-area:left}.seat.pos-right{grid-area:right}
.seat.pos-bottom{grid-area:bottom}
.seat.acting{border-color:#ffd54a;box-shadow:0 0 10px rgba(255,213,74,.8)}
.seat.out{opacity:.55}
.seat .who{font-weight:bold}.seat .name{font-weight:normal;opacity:.9}
.seat .role{font-size:82%;opacity:.85}.seat .count{font-size:82%;opacity:.85}
.backs{display:flex;justify-content:center;margin:.2em 0 .1em;min-height:1.7em}
.back{display:inline-block;width:1.15em;height:1.65em;margin-left:-.5em;border-radius:3px;border:1px solid #f6f3e8;
 background:repeating-linear-gradient(45deg,#7b1f24,#7b1f24 3px,#a8343b 3px,#a8343b 6px)}
.back:first-child{margin-left:0}
.trick{grid-area:centre;display:grid;grid-template-columns:repeat(3,minmax(0,1fr));
 grid-template-rows:repeat(3,minmax(3.8em,auto));align-items:center;justify-items:center;min-width:0}
.slot-top{grid-column:2;grid-row:1}.slot-left{grid-column:1;grid-row:2}.slot-right{grid-column:3;grid-row:2}
.slot-bottom{grid-column:2;grid-row:3}
.stock{grid-column:2;grid-row:2;display:flex;flex-wrap:wrap;justify-content:center;gap:.15em;font-size:80%;
 text-align:center}
.stock .note{flex-basis:100%;opacity:.9}
.trick.done .slot .card{opacity:.7}.slot.won .card{box-shadow:0 0 0 3px #ffd54a;opacity:1}
.card{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;width:2.5em;height:3.5em;
 padding:0;background:#fffdf7;border:1px solid #8a8a8a;border-radius:6px;box-shadow:0 1px 2px rgba(0,0,0,.4);
 font-weight:bold;line-height:1.05;white-space:nowrap;font-variant-emoji:text;vertical-align:middle}
.card .r{font-size:105%}.card .s{font-size:120%}
.card.red{color:#c1121f}.card.black{color:#111}.card.tree{color:#138a36}
.card.tree{background:#f2fbf4}
.small .card,.card.small{width:1.9em;height:2.6em;font-size:90%}
button.card{font:inherit;font-weight:bold}
.hand{display:flex;flex-wrap:wrap;justify-content:center;gap:.35em;margin:.5em 0;min-height:4.8em}
.hand .card{width:3em;height:4.3em;font-size:112%;transition:transform .12s}
.hand.active .card:disabled{opacity:.4}
.hand.active .card:not(:disabled){box-shadow:0 2px 4px rgba(0,0,0,.45)}
.hand .card:not(:disabled):hover{transform:translateY(-4px)}
.card:focus-visible,#choices button:focus-visible{outline:3px solid #2b6cb0;outline-offset:2px}
.card.picked{transform:translateY(-9px);box-shadow:0 0 0 3px #e0a800}
.card.hinted,#choices button.hinted,#summary button.hinted{box-shadow:0 0 0 4px #138a36}
.hand.out{opacity:.5}
#status{font-weight:bold;margin:.45em 0 .2em;text-align:center;min-height:1.4em}
#status .lead{display:block;font-weight:normal;color:#444}
#choices{display:flex;flex-wrap:wrap;justify-content:center;gap:.4em;margin:.4em 0}
#choices:empty{display:none}
#choices button{padding:.35em .9em;border-radius:6px;border:1px solid #777;background:#fff}
#choices button.main{background:#1f6b3f;color:#fff;border-color:#1f6b3f}
#choices button.main kbd{color:#fff;background:transparent;border-color:#cfe}
.actions{display:flex;flex-wrap:wrap;justify-content:center;gap:.4em;margin:.4em 0}
.actions button{padding:.2em .7em}
.actions button[aria-pressed=true]{background:#dfe9f7;border-color:#2b6cb0}
#hint-box,#last-trick-box{border:1px solid #bcd;background:#f4f8fd;border-radius:6px;padding:.3em .6em;margin:.4em 0}
#hint-box:empty{display:none}
#hint-box p,#last-trick-box p{margin:.2em 0}
#summary,#over{border:2px solid #1f6b3f;border-radius:8px;padding:.3em .8em;margin:.6em 0;background:#f5fbf6}
#over{border-color:#9a6700;background:#fffaf0}
#summary h2,#over h2{border:0;margin:.3em 0}
.costly{margin:.3em 0;padding-left:1.2em}
.hands{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,12em),1fr));gap:.3em .8em;margin:.4em 0}
.hands .who{font-weight:bold;display:block}
.tree-box{max-width:100%;overflow-x:auto}
.tree-box svg,#score svg{max-width:100%;height:auto}
.next-bar{display:flex;flex-wrap:wrap;align-items:center;gap:.5em 1.2em;margin:.5em 0}
.next-bar button{padding:.35em .9em}
#facts dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.1em .8em;margin:0}
#facts dt{color:#555}#facts dd{margin:0;overflow-wrap:anywhere}
#tricks p{margin:.15em 0}#tricks b{font-variant-numeric:tabular-nums}
#score{display:flex;flex-wrap:wrap;align-items:center;gap:.3em 1em}
.score-text{font-weight:bold;font-variant-numeric:tabular-nums}.score-words{font-size:88%;color:#444}
table{border-collapse:collapse;background:#fff;margin:.3em 0}
th,td{border:1px solid #d4d4d4;padding:2px 6px;text-align:right}th{background:#eef0f3}
td.l,th.l{text-align:left}tr.best td{background:#e6f6ea}
.scroll{overflow-x:auto;max-width:100%}
.mark{font-weight:bold;margin-left:.2em}.mark.inaccuracy{color:#9a6700}.mark.mistake{color:#e07b00}
.mark.blunder{color:#d00000}
.figures{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.1em .8em;margin:.3em 0}
.figures dt{color:#555}.figures dd{margin:0}
.legend{font-size:85%;color:#555}
.backdrop{position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center;
 padding:.6em;z-index:10}
.backdrop[hidden]{display:none}
.dialog{background:#fff;border-radius:10px;border:3px solid #e07b00;max-width:32em;width:100%;max-height:100%;
 overflow:auto;padding:.4em 1em;box-shadow:0 6px 24px rgba(0,0,0,.4)}
.dialog h2{border:0}
#tutor-verdict{font-weight:bold}
.dialog-buttons{display:flex;flex-wrap:wrap;gap:.5em}.dialog-buttons button{padding:.35em .9em}
@media (max-width:600px){body{padding:.4em .45em}.tools{margin-left:0}.felt{border-width:4px;padding:.3em;gap:.15em}
 .seat{font-size:90%}.kbd-hint{display:none}}
@media (min-width:700px){.card{width:2.9em;height:4.1em;font-size:110%}.hand .card{width:3.5em;height:5em;font-size:125%}
 .felt{padding:.9em;gap:.6em}.trick{grid-template-rows:repeat(3,minmax(4.4em,auto))}.back{width:1.35em;height:1.95em}}
"""

SCRIPT_PARTS = ("common", "table_base", "table_draw", "table_flow", "table_tutor", "table_keys", "table_wiring")
"""The page's script, one concern a file in ``script/``: the constants, words for cards, helpers and API
calls; drawing the table from a state; acting, showing the cards played and taking back; the tutor's
question and the hint; the keys; the buttons and the start. They share one scope: the page runs them as
one function."""


@lru_cache(maxsize=None)
def table_html(language: str = DEFAULT_LANGUAGE) -> str:
    """The whole table page in ``language``, one HTML5 document with its CSS and script inline (see the
    module docstring); the same text on every call: what it shows comes from the API."""
    with speaking(language):
        return page_document(_(TABLE_TITLE), PAGE_CSS + _CSS, render("table.html"), SCRIPT_PARTS, ' data-state="busy"',
                             language=language)
