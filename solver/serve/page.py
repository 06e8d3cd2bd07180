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
script as JSON.

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
  ``#rate-samples``, ``#rate-seed``, ``#rate-score``), follows the job's events (or polls it every
  300 ms when they fail) into ``#progress`` and ``#rate-status``, ``#cancel`` deletes it, and
  ``#rating`` is its table in the words of ``altbaumer rate``;
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

from altbaumer.game import display
from altbaumer.game.cards import FULL_PACK, Suit
from altbaumer.report.html_text import PAGE_CSS

__all__ = ["page_html", "PAGE_TITLE"]

PAGE_TITLE = "altbaumer serve"
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


_SEATS = ("N", "E", "S", "W")

_BODY = """
<header class="top-bar">
<h1>altbaumer serve</h1>
<label class="board-pick" hidden>board <select id="board-select" aria-label="the board to analyse"></select></label>
<span id="source" class="muted"></span>
</header>
<div id="error" role="alert" aria-live="assertive"></div>
<details id="new-box">
<summary>Another deal: random, pasted or set up</summary>
<div class="ways">
<section class="way" id="way-deal">
<h2>A random deal</h2>
<p><label>seed <input id="seed" type="number" min="0" step="1" inputmode="numeric" placeholder="random"></label>
<button type="button" id="deal">Deal</button></p>
</section>
<section class="way" id="way-paste">
<h2>Paste ABN</h2>
<textarea id="abn-text" rows="8" spellcheck="false" placeholder="[Dealer &quot;S&quot;]&#10;[Deal &quot;E:...&quot;]&#10;[Stock &quot;...&quot;]"></textarea>
<p><button type="button" id="open">Open</button></p>
</section>
<section class="way" id="way-setup">
<h2>Set up a deal</h2>
<p><label>dealer <select id="setup-dealer"><option>N</option><option>E</option><option selected>S</option>
<option>W</option></select></label>
<span class="muted" id="setup-roles"></span></p>
<p class="setup-to" role="radiogroup" aria-label="place the next cards into">place into:
<label><input type="radio" name="setup-to" value="N" checked> N</label>
<label><input type="radio" name="setup-to" value="E"> E</label>
<label><input type="radio" name="setup-to" value="S"> S</label>
<label><input type="radio" name="setup-to" value="W"> W</label>
<label><input type="radio" name="setup-to" value="stock"> stock</label></p>
<div id="setup-pool" class="pool" aria-label="the pack: click a card to place it"></div>
<div id="setup-places" class="places"></div>
<p><button type="button" id="setup-fill">Deal the rest at random</button>
<button type="button" id="setup-clear">Clear</button>
<button type="button" id="setup-open">Open this deal</button></p>
<p class="legend">Choose where the cards go, then click them: five to each hand, four to the stock (the top card
first, the one turned first). Click a placed card to take it back. The deal is opened as ABN text, which the
server's reader checks.</p>
</section>
</div>
</details>
<main id="board" hidden>
<div class="nav" role="toolbar" aria-label="step through the line">
<button type="button" id="first" title="the start (Home)" aria-label="start">|◀</button>
<button type="button" id="prev" title="back (←)" aria-label="back">◀</button>
<span id="where" aria-live="polite"></span>
<button type="button" id="next" title="forward (→)" aria-label="forward">▶</button>
<button type="button" id="last" title="the end of this line (End)" aria-label="end">▶|</button>
<button type="button" id="up" title="the variation before (↑)" aria-label="previous variation">↑</button>
<button type="button" id="down" title="the next variation (↓)" aria-label="next variation">↓</button>
<button type="button" id="undo" title="take back a move off the record (Backspace)" aria-label="undo">⌫</button>
</div>
<div class="layout">
<div class="play-area">
<div id="phase" aria-live="polite"></div>
<div class="deal" id="table">
""" + "".join(f'<div class="hand seat-{s}" id="hand-{s}" data-seat="{s}"></div>\n' for s in _SEATS) + """<div class="centre"><div class="trick" id="trick">
""" + "".join(f'<div class="slot slot-{s}" data-seat="{s}"></div>' for s in _SEATS) + """
</div></div>
</div>
<div id="choices"></div>
<div id="facts"></div>
<p class="legend">The small number under each card of the hand to play is the tricks its side takes with that
card and best play after it (double dummy): green the best cards, red the cards that lose a trick or more.
Click a card or a choice to play it; off the recorded line it starts a variation. Keys: ← → step, Home and End,
↑ ↓ switch variations, Backspace takes back a move of a variation.</p>
</div>
<div class="side">
<section id="moves-box"><h2>Moves</h2><div id="moves" aria-label="the moves and variations"></div></section>
<section id="rate-box"><h2>Rate this decision</h2>
<p class="rate-options">
<label>play <select id="rate-play"><option value="realistic" selected>realistic</option>
<option value="dd">double dummy</option></select></label>
<label>samples <input id="rate-samples" type="number" min="2" step="1" inputmode="numeric" placeholder="10000"></label>
<label>seed <input id="rate-seed" type="number" min="0" step="1" inputmode="numeric" placeholder="0"></label>
<label>score <input id="rate-score" type="text" placeholder="from the file" spellcheck="false"></label>
</p>
<p><button type="button" id="rate">Rate this decision</button>
<button type="button" id="cancel" disabled>Cancel</button></p>
<p><progress id="progress" max="1" value="0"></progress> <span id="rate-status" aria-live="polite"></span></p>
<div id="rating-box"><div class="scroll"><table id="rating"></table></div><div id="rating-notes"></div></div>
</section>
<section id="export-box"><h2>Export ABN</h2>
<p><button type="button" id="export">Export ABN</button> <a id="download" hidden>download</a>
<span id="dropped"></span></p>
<textarea id="exported" rows="8" readonly spellcheck="false" aria-label="the board with its variations as ABN"></textarea>
</section>
</div>
</div>
</main>
"""

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
#moves:empty::before{content:"no moves";color:#777}
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
#dropped{font-size:90%;color:#9a6700}
#export-box textarea:placeholder-shown{height:3em}
@media (max-width:600px){body{padding:.4em .5em}.hand{padding:.15em .2em}.c{min-width:1.1em}
 .nav button{min-width:2.1em}#where{order:9;flex-basis:100%;text-align:left;min-width:0}
 .hand .role{display:block}}
"""

_SCRIPT = r"""
(function () {
  "use strict";
  var FACES = __FACES__;
  var SEATS = ["N", "E", "S", "W"], TEAM = {N: "N-S", S: "N-S", E: "E-W", W: "E-W"};
  var NEXT = {N: "W", W: "S", S: "E", E: "N"};  /* play goes anticlockwise: N, W, S, E */
  var PARTNER = {N: "S", S: "N", E: "W", W: "E"};
  var CARD = /^(?:[AKQJT9]|10)[CSHD]$/;
  var FACE = {}, ORDER = {};
  FACES.cards.forEach(function (c, i) { FACE[c[0]] = c; ORDER[c[0]] = i; });
  var TITLES = {turn: "accept or refuse", discard: "the discard", alone: "playing alone", play: "the card to play",
                card: "the card to play"};
  var UNIT = {match: "P(match)", net: "net", make: "P(3+)", march: "P(5)"};
  var MARK_CLASS = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"};
  var MARK_NAME = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"};
  var TOKEN = new URLSearchParams(location.search).get("token") || "";

  var S = {abn: null, name: null, boards: [], board: null, label: "", root: null, path: [], cache: {},
           seq: 0, shown: null, pos: null, picked: [], job: null, events: null, poll: null, download: null};

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function showError(message) { $("error").textContent = message ? String(message) : ""; }
  function messageOf(e) { return e && e.message ? e.message : String(e); }

  /* -- the API ------------------------------------------------------------------------ */
  function api(method, path, body) {
    var options = {method: method, headers: {"Authorization": "token " + TOKEN}};
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    return fetch(path, options).then(function (response) {
      return response.text().then(function (text) {
        var data = null;
        try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
        if (!response.ok) {
          var said = data && typeof data.error === "string" ? data.error : (text || response.statusText);
          throw new Error(said || ("HTTP " + response.status));
        }
        return data;
      });
    });
  }
  function boardBody(extra) {
    var body = {abn: S.abn, board: S.board};
    if (S.name) body.name = S.name;
    Object.keys(extra || {}).forEach(function (k) { body[k] = extra[k]; });
    return body;
  }

  /* -- cards ---------------------------------------------------------------------------- */
  function face(code, tag) {
    var f = FACE[code], e = el(tag || "span", "c " + (f ? f[2] : ""), f ? f[1] : code);
    e.setAttribute("data-card", code);
    return e;
  }
  function cardText(code) { var f = FACE[code]; return f ? f[1] : code; }
  function suitOf(code) { return code.slice(-1); }
  function byPack(a, b) { return (ORDER[a] === undefined ? 99 : ORDER[a]) - (ORDER[b] === undefined ? 99 : ORDER[b]); }
  /* An action as the move list and the buttons say it, its cards as coloured cards. */
  function actionNode(action, tag) {
    var box = el(tag || "span", "act");
    if (CARD.test(action)) { box.appendChild(face(action)); return box; }
    var m = /^discard:(.*)$/.exec(action);
    if (m) {
      box.appendChild(document.createTextNode("discard "));
      m[1].trim().split(/\s+/).forEach(function (c, i) {
        if (i) box.appendChild(document.createTextNode(" "));
        box.appendChild(face(c));
      });
      return box;
    }
    box.textContent = action;
    return box;
  }
  function optionNode(option) {
    var box = el("span", "opt"), parts = String(option).trim().split(/\s+/);
    if (parts.every(function (p) { return CARD.test(p); })) {
      parts.forEach(function (c, i) { if (i) box.appendChild(document.createTextNode(" ")); box.appendChild(face(c)); });
    } else box.textContent = String(option);
    return box;
  }

  /* -- the tree of variations ------------------------------------------------------------ */
  function makeNode(action, recorded) { return {action: action, children: [], recorded: !!recorded, last: 0}; }
  function treeFrom(line) {
    var root = makeNode(null, true), at = root;
    (line || []).forEach(function (a) { var n = makeNode(a, true); at.children.push(n); at = n; });
    return root;
  }
  /* A tree the server gives (a board's own variations, with their marks and commentary): its main line
     is the recorded line; null when it is no tree. */
  function treeOf(given) {
    if (!given || !Array.isArray(given.children)) return null;
    function copy(n, main) {
      if (!n || typeof n.action !== "string" || !Array.isArray(n.children)) throw new Error("not a tree");
      var out = makeNode(n.action, main);
      if (n.mark) out.mark = String(n.mark);
      if (n.comment) out.comment = String(n.comment);
      out.children = n.children.map(function (c, i) { return copy(c, main && i === 0); });
      return out;
    }
    try {
      var root = makeNode(null, true);
      root.children = given.children.map(function (c, i) { return copy(c, i === 0); });
      return root;
    } catch (e) { return null; }
  }
  function nodeAt(path) {
    var n = S.root;
    for (var i = 0; i < path.length; i++) n = n.children[path[i]];
    return n;
  }
  function lineOf(path) {
    var n = S.root, out = [];
    for (var i = 0; i < path.length; i++) { n = n.children[path[i]]; out.push(n.action); }
    return out;
  }
  function keyOf(line) { return JSON.stringify(line); }
  /* A node as the API takes it: its action, its mark and commentary from the file, its children. */
  function strip(node) {
    var out = {action: node.action, children: node.children.map(strip)};
    if (node.mark) out.mark = node.mark;
    if (node.comment) out.comment = node.comment;
    return out;
  }

  function go(path) {
    S.path = path.slice();
    var n = S.root;
    for (var i = 0; i < path.length; i++) { n.last = path[i]; n = n.children[path[i]]; }
    drawMoves();
    showPosition();
  }
  function forwardPath(from) {
    var n = nodeAt(from);
    if (!n.children.length) return null;
    var i = n.last < n.children.length ? n.last : 0;
    return from.concat([i]);
  }
  var MOVES = {
    next: function () { var p = forwardPath(S.path); if (p) go(p); },
    prev: function () { if (S.path.length) go(S.path.slice(0, -1)); },
    first: function () { if (S.path.length) go([]); },
    last: function () {
      var p = S.path, q;
      while ((q = forwardPath(p))) p = q;
      if (p.length !== S.path.length) go(p);
    },
    up: function () { sibling(-1); },
    down: function () { sibling(1); },
    undo: function () {
      if (!S.path.length) return;
      var node = nodeAt(S.path), parentPath = S.path.slice(0, -1), parent = nodeAt(parentPath);
      if (!node.children.length && !node.recorded) {
        var i = S.path[S.path.length - 1];
        parent.children.splice(i, 1);
        parent.last = 0;
        go(parentPath);
      } else go(parentPath);
    }
  };
  function sibling(step) {
    if (!S.path.length) return;
    var parent = nodeAt(S.path.slice(0, -1)), i = S.path[S.path.length - 1] + step;
    if (i < 0 || i >= parent.children.length) return;
    go(S.path.slice(0, -1).concat([i]));
  }
  function play(action) {
    if (!S.pos || S.shown !== keyOf(lineOf(S.path))) return;  /* the board shows another point: wait */
    var node = nodeAt(S.path), i;
    for (i = 0; i < node.children.length; i++) if (node.children[i].action === action) break;
    if (i === node.children.length) node.children.push(makeNode(action, false));
    go(S.path.concat([i]));
  }

  /* -- the move list ---------------------------------------------------------------------- */
  /* ctx: the cards played before a move and the trick's size (three once someone plays alone). */
  function advance(ctx, action) {
    if (CARD.test(action)) return {cards: ctx.cards + 1, size: ctx.size};
    if (action === "alone") return {cards: ctx.cards, size: 3};
    return ctx;
  }
  function moveEl(node, path, ctx, first) {
    var m = el("span", "move" + (node.recorded ? " rec" : " off"));
    m.setAttribute("data-path", path.join("."));
    m.setAttribute("role", "button");
    if (CARD.test(node.action)) {
      var trick = Math.floor(ctx.cards / ctx.size) + 1, place = ctx.cards % ctx.size;
      if (place === 0) m.appendChild(el("span", "num", trick + "."));
      else if (first) m.appendChild(el("span", "num", trick + "…"));
    }
    m.appendChild(actionNode(node.action));
    if (node.mark) m.appendChild(el("span", "mark " + (MARK_CLASS[node.mark] || ""), node.mark));
    if (node.comment) m.title = node.comment;
    if (path.join(".") === S.path.join(".")) m.className += " current";
    return m;
  }
  /* The continuation of `node` (at `path`): its main child, then the other children as variations
     in brackets, then the main child's continuation, as a PGN viewer writes them. */
  function put(out, e) {  /* one space between the moves of a line, none inside its brackets */
    if (out.childNodes.length) out.appendChild(document.createTextNode(" "));
    out.appendChild(e);
  }
  function drawLine(node, path, ctx, out, first, depth) {
    while (node.children.length) {
      var main = node.children[0], mainPath = path.concat([0]);
      put(out, moveEl(main, mainPath, ctx, first));
      for (var i = 1; i < node.children.length; i++) {
        var v = el("span", "var" + (depth === 0 ? " depth-1" : ""));
        var vPath = path.concat([i]), child = node.children[i];
        put(v, moveEl(child, vPath, ctx, true));
        drawLine(child, vPath, advance(ctx, child.action), v, false, depth + 1);
        put(out, v);
      }
      first = node.children.length > 1;
      ctx = advance(ctx, main.action);
      node = main;
      path = mainPath;
    }
  }
  function drawMoves() {
    var box = $("moves");
    box.textContent = "";
    drawLine(S.root, [], {cards: 0, size: 4}, box, true, 0);
    var current = box.querySelector(".move.current");
    if (current) {
      var top = current.offsetTop, bottom = top + current.offsetHeight;
      if (top < box.scrollTop) box.scrollTop = top - 4;
      else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight + 4;
    }
    var node = nodeAt(S.path), parent = S.path.length ? nodeAt(S.path.slice(0, -1)) : null;
    var i = S.path.length ? S.path[S.path.length - 1] : 0;
    $("first").disabled = $("prev").disabled = !S.path.length;
    $("next").disabled = $("last").disabled = !node.children.length;
    $("up").disabled = !parent || i === 0;
    $("down").disabled = !parent || i >= parent.children.length - 1;
    $("undo").disabled = !S.path.length;
    var main = 0, n = S.root;
    while (n.children.length && n.children[0].recorded) { n = n.children[0]; main++; }
    var off = S.path.length && !node.recorded;
    $("where").textContent = "move " + S.path.length + (off ? " (variation)" : " of " + main);
    $("where").title = main + " moves recorded";
  }

  /* -- the position ----------------------------------------------------------------------- */
  function position(line) {
    var key = keyOf(line);
    if (!S.cache[key]) {
      S.cache[key] = api("POST", "/api/position", boardBody({line: line})).catch(function (e) {
        delete S.cache[key];
        throw e;
      });
    }
    return S.cache[key];
  }
  function showPosition() {
    var line = lineOf(S.path), key = keyOf(line), seq = ++S.seq;
    $("board").setAttribute("data-state", "loading");
    return position(line).then(function (p) {
      if (seq !== S.seq) return;
      showError("");
      drawPosition(p, key);
      var ahead = forwardPath(S.path);  /* the next point along the line, ready for → */
      if (ahead) position(lineOf(ahead)).catch(function () {});
    }, function (e) {
      if (seq !== S.seq) return;
      $("board").setAttribute("data-state", "error");
      showError(messageOf(e));
    });
  }
  function roles(p, seat) {
    var r = [];
    if (p.dealer === seat) r.push("dealer");
    if (p.forehand === seat) r.push("forehand");
    if (p.lone === seat) r.push("alone");
    if (p.absent === seat) r.push("sits out");
    if (p.to_act === seat && p.decision) r.push("to act");
    return r;
  }
  /* The card play (the API says "play", its first draft "card"). */
  function playing(p) { return p.decision === "play" || p.decision === "card"; }
  function cardOptions(p) {
    var out = {};
    (p.options || []).forEach(function (o) { if (CARD.test(o.action)) out[o.action] = o; });
    return out;
  }
  function topValue(options) {
    var top = null;
    options.forEach(function (o) { if (typeof o.value === "number" && (top === null || o.value > top)) top = o.value; });
    return top;
  }
  function valueClass(o, top) {
    if (typeof o.value !== "number" || top === null) return "";
    if (o.best === true || o.value === top) return " best";
    return o.value < top ? " worse" : "";
  }
  function drawHand(p, seat) {
    var panel = $("hand-" + seat), cards = p.hands ? p.hands[seat] : null;
    var acting = p.to_act === seat && !!p.decision;
    panel.className = "hand seat-" + seat + (acting ? " acting" : "") + (p.absent === seat ? " out" : "");
    panel.textContent = "";
    var who = el("div", "who", seat + (p.names && p.names[seat] ? " " + p.names[seat] : ""));
    var r = roles(p, seat);
    if (r.length) { who.appendChild(document.createTextNode(" ")); who.appendChild(el("span", "role", r.join(", "))); }
    panel.appendChild(who);
    if (cards === null || cards === undefined) {
      var hidden = el("div", "hidden-hand", "hidden");
      hidden.title = "this hand is not known";
      panel.appendChild(hidden);
      return;
    }
    var legal = acting && playing(p) ? cardOptions(p) : {};
    var legalList = Object.keys(legal).map(function (k) { return legal[k]; }), top = topValue(legalList);
    var discards = {};
    if (acting && p.decision === "discard") {
      (p.options || []).forEach(function (o) {
        var m = /^discard:(\S+)$/.exec(o.action);
        if (m) discards[m[1]] = o;
      });
    }
    var picking = acting && p.decision === "discard" && !Object.keys(discards).length && (p.options || []).length > 0;
    FACES.suits.forEach(function (suit) {
      var line = el("div", "suitline"), mine = cards.filter(function (c) { return suitOf(c) === suit[0]; }).sort(byPack);
      line.appendChild(el("span", "suit " + suit[2], suit[1]));
      if (!mine.length) line.appendChild(el("span", "muted", "—"));
      mine.forEach(function (c) {
        var o = legal[c], d = discards[c], e;
        if (o) {
          e = face(c, "button");
          e.type = "button";
          e.className += " legal" + valueClass(o, top);
          e.setAttribute("data-action", o.action);
          if (typeof o.value === "number") {
            e.setAttribute("data-value", String(o.value));
            e.appendChild(el("span", "v", String(o.value)));
            e.title = TEAM[seat] + " take " + o.value + " trick" + (o.value === 1 ? "" : "s") + " if " + seat +
              " plays " + cardText(c) + " (double dummy)" + (valueClass(o, top) === " best" ? ": a best card" : "");
          } else e.title = seat + " may play " + cardText(c);
        } else if (d) {
          e = face(c, "button");
          e.type = "button";
          e.className += " discard" + valueClass(d, topValue(p.options || []));
          e.setAttribute("data-action", d.action);
          e.title = "discard " + cardText(c);
        } else if (picking) {  /* the compulsory discard: pick the cards, then discard them */
          e = face(c, "button");
          e.type = "button";
          e.className += " pick" + (S.picked.indexOf(c) >= 0 ? " picked" : "");
          e.setAttribute("data-pick", c);
          e.setAttribute("aria-pressed", S.picked.indexOf(c) >= 0 ? "true" : "false");
          e.title = (S.picked.indexOf(c) >= 0 ? "keep " : "choose to discard ") + cardText(c);
        } else e = face(c);
        line.appendChild(e);
      });
      panel.appendChild(line);
    });
  }
  /* The seats of a trick in play order from its leader (the seat that sits out skipped). */
  function trickSeats(leader, absent, n) {
    var seats = [], s = leader;
    while (seats.length < n && seats.length < 4) {
      if (s !== absent) seats.push(s);
      s = NEXT[s];
    }
    return seats;
  }
  function drawTrick(p) {
    var box = $("trick"), trick = p.trick, done = false, winner = null;
    if ((!trick || !trick.cards || !trick.cards.length) && p.tricks && p.tricks.length) {
      trick = p.tricks[p.tricks.length - 1];  /* the trick just won, until the next card */
      done = true;
      winner = trick.winner;
    }
    box.className = "trick" + (done ? " done" : "");
    box.querySelectorAll(".slot").forEach(function (slot) { slot.textContent = ""; slot.className = "slot slot-" + slot.getAttribute("data-seat"); });
    if (!trick || !trick.cards) return;
    var seats = trickSeats(trick.leader, p.absent, trick.cards.length);
    trick.cards.forEach(function (c, i) {
      var slot = box.querySelector(".slot-" + seats[i]);
      if (!slot) return;
      slot.appendChild(face(c));
      if (seats[i] === winner) slot.className += " won";
    });
    box.title = done ? "the last trick, won by " + winner : "";
  }
  function suitText(letter) {
    var s = FACES.suits.filter(function (x) { return x[0] === letter; })[0];
    return s ? el("span", "suit " + s[2], s[1]) : el("span", "", letter || "—");
  }
  function cardsNode(cards) {
    var box = el("span");
    (cards || []).forEach(function (c, i) {
      if (i) box.appendChild(document.createTextNode(" "));
      box.appendChild(CARD.test(c || "") ? face(c) : el("span", "muted", c ? String(c) : "?"));
    });
    if (!cards || !cards.length) box.textContent = "—";
    return box;
  }
  function phaseText(p) {
    var seat = p.to_act;
    switch (playing(p) ? "card" : p.decision) {
      case "card": return (p.trick && p.trick.cards && p.trick.cards.length ? seat + " to play" : seat + " to lead") +
        " (trick " + ((p.tricks || []).length + 1) + ")";
      case "turn": return "forehand " + seat + ": accept or refuse the turned " + cardText(p.turned || "");
      case "discard": return seat + " discards";
      case "alone": return seat + ": play alone or together";
      default:
        if (p.phase === "play" || !p.decision) {
          var taken = p.tricks_taken || {};
          var played = (p.tricks || []).length;
          if (played >= 5 || p.phase === "done" || p.phase === "end" || p.phase === "over")
            return "the end: the makers " + (p.makers || "") + " took " + (p.makers && taken[p.makers] !== undefined ? taken[p.makers] : "?") + " of 5 tricks";
        }
        return p.phase || "";
    }
  }
  function drawFacts(p) {
    var dl = el("dl"), box = $("facts");
    function fact(name, value) {
      dl.appendChild(el("dt", "", name));
      var dd = el("dd");
      if (value instanceof Node) dd.appendChild(value); else dd.textContent = value === null || value === undefined ? "—" : String(value);
      dl.appendChild(dd);
    }
    fact("dealer", p.dealer + (p.forehand ? ", forehand " + p.forehand : ""));
    if (p.makers) fact("makers", p.makers);
    if (p.trump) fact("trump", suitText(p.trump));
    if (p.turned) fact("turned", face(p.turned));
    if (p.discards && p.discards.length) fact("discard", cardsNode(p.discards));
    if (p.lone) fact("alone", p.lone + " plays alone" + (p.absent ? ", " + p.absent + " sits out" : ""));
    var t = p.tricks_taken || {};
    fact("tricks", "N-S " + (t["N-S"] || 0) + " · E-W " + (t["E-W"] || 0));
    if (p.score) fact("score", p.score);
    if (p.stock && p.stock.length) fact("stock", cardsNode(p.stock));
    if (typeof p.makers_tricks === "number") fact("double dummy", "the makers take " + p.makers_tricks);
    if (p.pv && p.pv.length) fact("best line", cardsNode(p.pv));
    if (p.unsolved) fact("not solved", p.unsolved);
    if (p.tricks && p.tricks.length) {
      var list = el("span");
      p.tricks.forEach(function (tr, i) {
        var item = el("span", "trick-line");
        item.appendChild(el("span", "num", (i + 1) + ". "));
        item.appendChild(cardsNode(tr.cards));
        if (tr.winner) item.appendChild(el("span", "muted", " " + tr.winner));
        list.appendChild(item);
        list.appendChild(el("br"));
      });
      fact("tricks played", list);
    }
    box.textContent = "";
    box.appendChild(dl);
  }
  function drawChoices(p) {
    var box = $("choices");
    box.textContent = "";
    if (!p.decision || playing(p)) return;
    var options = p.options || [], top = topValue(options);
    var chosen = nodeAt(S.path).children.map(function (c) { return c.action; });
    if (options.length <= 12) {
      options.forEach(function (o) {
        var b = el("button", "choice" + valueClass(o, top));
        b.type = "button";
        b.setAttribute("data-action", o.action);
        if (chosen.indexOf(o.action) >= 0) b.className += " chosen";
        var label = o.label ? o.label : null;
        if (label) b.textContent = label; else b.appendChild(actionNode(o.action));
        if (typeof o.value === "number") { b.appendChild(document.createTextNode(" ")); b.appendChild(el("span", "v", "(" + o.value + ")")); b.setAttribute("data-value", String(o.value)); }
        box.appendChild(b);
      });
      return;
    }
    /* Many choices (the compulsory four-card discard): the cards picked in the hand, or a list. */
    var wanted = options.length && /^discard:/.test(options[0].action) ? options[0].action.slice(8).trim().split(/\s+/).length : 0;
    if (wanted) {
      var picked = S.picked.slice().sort(byPack), match = null;
      options.forEach(function (o) {
        var cards = o.action.slice(8).trim().split(/\s+/).sort(byPack);
        if (cards.join(" ") === picked.join(" ")) match = o;
      });
      var discard = el("button", "", match ? "" : "pick " + wanted + " cards in the hand to discard (" + picked.length + " picked)");
      discard.type = "button";
      discard.id = "discard-picked";
      if (match) { discard.setAttribute("data-action", match.action); discard.appendChild(actionNode(match.action)); }
      else discard.disabled = true;
      box.appendChild(discard);
    }
    var select = el("select");
    select.id = "choice-select";
    select.setAttribute("aria-label", "the choices");
    options.forEach(function (o) {
      var opt = el("option", "", (o.label || o.action) + (typeof o.value === "number" ? " (" + o.value + ")" : ""));
      opt.value = o.action;
      select.appendChild(opt);
    });
    if (chosen.length && options.some(function (o) { return o.action === chosen[0]; })) select.value = chosen[0];
    var go = el("button", "", "play this choice");
    go.type = "button";
    go.addEventListener("click", function () { play(select.value); });
    box.appendChild(select);
    box.appendChild(go);
  }
  function drawPosition(p, key) {
    if (S.shown !== key) S.picked = [];
    S.pos = p;
    S.shown = key;
    SEATS.forEach(function (seat) { drawHand(p, seat); });
    drawTrick(p);
    $("phase").textContent = phaseText(p);
    drawChoices(p);
    drawFacts(p);
    var board = $("board");
    board.setAttribute("data-line", key);
    board.setAttribute("data-state", "ready");
  }

  /* -- boards -------------------------------------------------------------------------------- */
  function openText(abn, name) {
    showError("");
    var body = {abn: abn};
    if (name) body.name = name;
    return api("POST", "/api/open", body).then(function (answer) {
      var boards = answer && answer.boards || [];
      if (!boards.length) throw new Error("no board in the text");
      S.abn = abn;
      S.name = name || null;
      S.boards = boards;
      var select = $("board-select");
      select.textContent = "";
      boards.forEach(function (b, i) {
        var o = el("option", "", b.label || ("board " + b.board));
        o.value = String(i);
        select.appendChild(o);
      });
      select.parentNode.hidden = boards.length < 2;
      $("source").textContent = name ? name : "";
      $("new-box").open = false;
      return loadBoard(0);
    }).catch(function (e) { showError(messageOf(e)); });
  }
  function loadBoard(index) {
    var b = S.boards[index];
    S.board = b.board === null || b.board === undefined || b.board === "" ? String(index + 1) : String(b.board);
    S.label = b.label || "";
    S.cache = {};
    S.root = treeOf(b.tree) || treeFrom(b.line || []);
    S.path = [];
    S.pos = null;
    S.shown = null;
    $("board-select").value = String(index);
    $("exported").value = "";
    $("dropped").textContent = "";
    $("download").hidden = true;
    document.title = (S.label ? S.label + " — " : "") + "altbaumer serve";
    $("board").hidden = false;
    drawMoves();
    var seq = ++S.seq;
    return position([]).then(function (p) {
      if (seq !== S.seq) return;
      /* the record as the server reads it: its tree when it gives one, else its recorded line */
      S.root = treeOf(p.tree) || treeOf(b.tree) || (Array.isArray(p.recorded) ? treeFrom(p.recorded) : S.root);
      go([]);
    }, function (e) { showError(messageOf(e)); });
  }

  /* -- rating ---------------------------------------------------------------------------------- */
  function rateOptions() {
    var o = {play: $("rate-play").value};
    var samples = $("rate-samples").value.trim(), seed = $("rate-seed").value.trim(), score = $("rate-score").value.trim();
    if (samples) o.samples = parseInt(samples, 10);
    if (seed) o.seed = parseInt(seed, 10);
    if (score) o.score = score;
    return o;
  }
  function stopFollowing() {
    if (S.events) { S.events.close(); S.events = null; }
    if (S.poll) { clearTimeout(S.poll); S.poll = null; }
  }
  function rate() {
    stopFollowing();
    showError("");
    var body = boardBody(rateOptions());
    body.line = lineOf(S.path);
    $("rating").textContent = "";
    $("rating-notes").textContent = "";
    $("rate-status").textContent = "starting…";
    $("progress").value = 0;
    $("rate").disabled = true;
    api("POST", "/api/rate", body).then(function (answer) {
      S.job = {id: answer.job, line: body.line};
      $("cancel").disabled = false;
      follow(answer.job);
    }).catch(function (e) {
      $("rate").disabled = false;
      $("rate-status").textContent = "";
      showError(messageOf(e));
    });
  }
  function ended(job) { return job && job.state && job.state !== "running" && job.state !== "queued"; }
  function follow(id) {
    var url = "/api/jobs/" + encodeURIComponent(id) + "/events?token=" + encodeURIComponent(TOKEN);
    var finished = false, source;
    try { source = new EventSource(url); } catch (e) { pollJob(id); return; }
    S.events = source;
    function onEvent(ev) {
      var job;
      try { job = JSON.parse(ev.data); } catch (e) { return; }
      jobUpdate(id, job);
      if (ended(job)) { finished = true; source.close(); if (S.events === source) S.events = null; }
    }
    source.onmessage = onEvent;
    source.onerror = function () {
      source.close();
      if (S.events === source) S.events = null;
      if (!finished && S.job && S.job.id === id) pollJob(id);
    };
  }
  /* Without events: the job every 300 ms until it ends (one chain of polls at a time). */
  function pollJob(id) {
    if (!S.job || S.job.id !== id || S.job.polling) return;
    S.job.polling = true;
    (function once() {
      S.poll = null;
      api("GET", "/api/jobs/" + encodeURIComponent(id)).then(function (job) {
        jobUpdate(id, job);
        if (!ended(job) && S.job && S.job.id === id) S.poll = setTimeout(once, 300);
      }).catch(function (e) {
        showError(messageOf(e));
        $("rate").disabled = false;
        $("cancel").disabled = true;
      });
    })();
  }
  function jobUpdate(id, job) {
    if (!S.job || S.job.id !== id || !job) return;
    if (S.job.state && ended(S.job)) return;  /* a late event after the end */
    S.job.state = job.state;
    var bar = $("progress"), total = typeof job.total === "number" ? job.total : null;
    if (total && total > 0) { bar.max = total; bar.value = Math.min(job.done || 0, total); }
    else if (job.state === "running") bar.removeAttribute("value");
    var parts = [];
    if (job.stage) parts.push(job.stage);
    if (total) parts.push((job.done || 0).toLocaleString("en") + " of " + total.toLocaleString("en") + (job.unit ? " " + job.unit : ""));
    if (typeof job.seconds === "number") parts.push(job.seconds.toFixed(1) + " s");
    if (job.state !== "running") parts.unshift(job.state);
    $("rate-status").textContent = parts.join(" · ");
    if (ended(job)) {
      $("rate").disabled = false;
      $("cancel").disabled = true;
      if (job.state === "done") {
        if (total) bar.value = total; else { bar.max = 1; bar.value = 1; }
        if (job.result) drawRating(job.result);
      } else if (job.state === "failed") {
        showError(job.error || "the rating failed");
      }
    }
  }
  function cancel() {
    if (!S.job) return;
    var id = S.job.id;
    $("cancel").disabled = true;
    /* The answer may still say running (cancelling): the events or the polling bring the end. */
    api("DELETE", "/api/jobs/" + encodeURIComponent(id)).then(function (job) {
      if (job) jobUpdate(id, job);
      if (!S.events && !ended(S.job)) pollJob(id);
    }).catch(function (e) { showError(messageOf(e)); });
  }
  function pct(x) { return typeof x === "number" ? (100 * x).toFixed(1) + "%" : "—"; }
  function signed(x, digits) { return typeof x === "number" ? (x >= 0 ? "+" : "") + x.toFixed(digits) : "—"; }
  function withCi(text, half, scale, digits, unit) {
    return typeof half === "number" && half ? text + " ± " + (scale * half).toFixed(digits) + unit : text;
  }
  function deltaText(r, f) {
    if (typeof f.delta !== "number") return "—";
    if (f.delta === 0 && !f.delta_ci95) return "—";
    if (r.objective === "net") return signed(f.delta, 3) + (f.delta_ci95 ? " ± " + f.delta_ci95.toFixed(3) : "");
    var shown = Math.round(1000 * f.delta) ? signed(100 * f.delta, 1) + "%" : "0.0%";
    return shown + (f.delta_ci95 ? " ± " + (100 * f.delta_ci95).toFixed(1) + "%" : "");
  }
  /* The columns of `altbaumer rate`: the deciding side's figures (hidden/display.py, columns). */
  function rateColumns(r) {
    var options = r.options || [], ci = function (f, k) { return (f.ci95 || {})[k]; };
    var hasTricks = options.some(function (o) { return o.for_decider && typeof o.for_decider.tricks === "number"; });
    var win = r.maker ? "P(3+)" : "P(set)", obj = r.objective;
    var deal = [];
    if (hasTricks) deal.push(["tricks", function (f) { return typeof f.tricks === "number" ? f.tricks.toFixed(2) : "—"; }]);
    deal.push([win, function (f) { return obj === "make" ? withCi(pct(f.p_win), ci(f, "p_win"), 100, 1, "%") : pct(f.p_win); }]);
    deal.push(["P(5)", function (f) { return obj === "march" ? withCi(pct(f.p_all), ci(f, "p_all"), 100, 1, "%") : pct(f.p_all); }]);
    if (obj !== "match") {
      return deal.concat([["P(0)", function (f) { return pct(f.p_none); }],
                          ["points", function (f) { return signed(f.points, 2); }],
                          ["net", function (f) { return obj === "net" ? withCi(signed(f.net, 3), ci(f, "net"), 1, 3, "") : signed(f.net, 3); }]]);
    }
    return [["P(match)", function (f) { return withCi(pct(f.equity), ci(f, "equity"), 100, 1, "%"); }],
            ["P(round)", function (f) { return pct(f.p_round); }]].concat(deal);
  }
  function worldsText(r) {
    var n = function (x) { return typeof x === "number" ? x.toLocaleString("en") : "?"; };
    if (r.play === "realistic") return n(r.worlds) + " sampled worlds played out, every seat from its own knowledge";
    if (r.exact) return (r.worlds > 1 ? "all " : "") + n(r.worlds) + " world" + (r.worlds === 1 ? "" : "s") + " (exact)";
    if (r.inference) return n(r.worlds) + " worlds kept by inference of " + n(r.inference.drawn) + " drawn";
    return n(r.worlds) + " sampled worlds of " + n(r.total_worlds);
  }
  function legendText(r) {
    var team = TEAM[r.seat] || "", parts = [], match = r.objective === "match";
    if (match) parts.push("P(match), P(round): the chances that " + team + " win the match and the round in play after this deal");
    if (r.maker) parts.push((match ? "P(3+), P(5)" : "P(3+), P(5), P(0)") + ": the makers take " + (match ? "3 or more, all five" : "3 or more, all five, none"));
    else { parts.push("P(set): the makers held to 2 or fewer"); parts.push(match ? "P(5): the defenders take all five" : "P(5), P(0): the defenders take all five, none"); }
    parts.push("Δ: what the option gives up against the top one in " + (UNIT[r.objective] || r.objective) + ", on the same worlds");
    return parts.join("; ");
  }
  function drawRating(r) {
    var table = $("rating"), notes = $("rating-notes");
    table.textContent = "";
    notes.textContent = "";
    var columns = rateColumns(r), options = r.options || [];
    var caption = el("caption", "l", (r.seat || "?") + " (" + (r.maker ? "maker" : "defender") + ") decides " +
      (TITLES[r.decision] || r.decision || "") + " — " + worldsText(r) + (typeof r.seconds === "number" ? ", " + r.seconds.toFixed(2) + " s" : ""));
    table.appendChild(caption);
    var head = el("tr");
    head.appendChild(el("th", "l", "option"));
    columns.forEach(function (c) { head.appendChild(el("th", "", c[0])); });
    head.appendChild(el("th", "", "Δ " + (UNIT[r.objective] || r.objective || "")));
    table.appendChild(head);
    options.forEach(function (o) {
      var f = o.for_decider || o, tr = el("tr", o.best && r.verdict !== false ? "best" : "");
      tr.setAttribute("data-option", o.option);
      var cell = el("td", "l opt");
      cell.appendChild(optionNode(o.option));
      if (o.mark) {
        var m = el("span", "mark " + (MARK_CLASS[o.mark] || ""), o.mark);
        m.title = MARK_NAME[o.mark] || "";
        cell.appendChild(m);
      }
      if (o.best && r.verdict !== false) { var star = el("span", "star", "★"); star.title = "best"; cell.appendChild(star); }
      if (r.chosen && o.option === r.chosen) cell.appendChild(el("span", "chosen-mark", " ◆"));
      tr.appendChild(cell);
      columns.forEach(function (c) { tr.appendChild(el("td", "", c[1](f))); });
      tr.appendChild(el("td", "delta", deltaText(r, f)));
      table.appendChild(tr);
    });
    var lines = [];
    if (r.objective === "match" && r.state) {
      lines.push(r.state_assumed ? "score not known: rated as the first deal of a match (" + r.state.text + ")"
                                 : "score before the deal: " + r.state.text);
    }
    lines.push(legendText(r));
    if (r.verdict === false) lines.push("no verdict: the figures stand without ★ or marks");
    if (r.complete === false) lines.push("interrupted: partial result over the worlds solved so far");
    if (r.double_dummy && r.double_dummy.options) {
      var key = r.objective === "match" ? "equity" : "net";
      lines.push("double dummy (every player sees all cards after the decision): " +
        (r.double_dummy.best ? "★ " + r.double_dummy.best.split(" ").map(cardText).join(" ") + "; " : "") +
        r.double_dummy.options.map(function (o) {
          var f = o.for_decider || o;
          return String(o.option).split(" ").map(cardText).join(" ") + " " + (key === "equity" ? pct(f.equity) : signed(f.net, 3));
        }).join(", "));
    }
    if (r.chosen && r.mark) lines.push("chosen " + r.chosen + ": " + (MARK_NAME[r.mark] || r.mark) + " (" + r.mark + ")");
    lines.forEach(function (t) { notes.appendChild(el("p", "", t)); });
  }

  /* -- export ------------------------------------------------------------------------------------ */
  function exportAbn() {
    showError("");
    var body = boardBody({tree: {children: S.root.children.map(strip)}});
    $("export").disabled = true;
    api("POST", "/api/export", body).then(function (answer) {
      $("export").disabled = false;
      var text = answer && typeof answer.abn === "string" ? answer.abn : "";
      $("exported").value = text;
      if (S.download) URL.revokeObjectURL(S.download);
      S.download = URL.createObjectURL(new Blob([text], {type: "text/plain;charset=utf-8"}));
      var link = $("download");
      link.href = S.download;
      var base = (S.name || "board").replace(/^.*[\\/]/, "").replace(/\.(abn|json)$/i, "");
      link.download = (base + "-" + String(S.board || "")).replace(/[^A-Za-z0-9._-]+/g, "_").replace(/_+$/, "") + ".abn";
      link.textContent = "download " + link.download;
      link.hidden = false;
      var dropped = answer && answer.dropped || 0;
      $("dropped").textContent = dropped ? dropped + " variation" + (dropped === 1 ? "" : "s") +
        " of a decision left out (the format has no variations of decisions)" : "";
    }).catch(function (e) { $("export").disabled = false; showError(messageOf(e)); });
  }

  /* -- setting up a deal ---------------------------------------------------------------------- */
  var SETUP = {place: {}, order: []};  /* card → "N".."W" or "stock"; the stock's order of placing */
  var PLACES = ["N", "E", "S", "W", "stock"], ROOM = {N: 5, E: 5, S: 5, W: 5, stock: 4};
  function placed(where) {
    if (where === "stock") return SETUP.order.filter(function (c) { return SETUP.place[c] === "stock"; });
    return Object.keys(SETUP.place).filter(function (c) { return SETUP.place[c] === where; }).sort(byPack);
  }
  function target() {
    var r = document.querySelector('input[name="setup-to"]:checked');
    return r ? r.value : "N";
  }
  function setTarget(where) {
    var r = document.querySelector('input[name="setup-to"][value="' + where + '"]');
    if (r) r.checked = true;
  }
  function setupPut(card) {
    if (SETUP.place[card]) { delete SETUP.place[card]; SETUP.order = SETUP.order.filter(function (c) { return c !== card; }); drawSetup(); return; }
    var where = target();
    if (placed(where).length >= ROOM[where]) {
      var free = PLACES.filter(function (p) { return placed(p).length < ROOM[p]; });
      if (!free.length) return;
      where = free[0];
      setTarget(where);
    }
    SETUP.place[card] = where;
    SETUP.order.push(card);
    if (placed(where).length >= ROOM[where]) {
      var next = PLACES.filter(function (p) { return placed(p).length < ROOM[p]; })[0];
      if (next) setTarget(next);
    }
    drawSetup();
  }
  function drawSetup() {
    var pool = $("setup-pool");
    pool.textContent = "";
    FACES.cards.forEach(function (c) {
      var b = face(c[0], "button");
      b.type = "button";
      b.className += " pcard" + (SETUP.place[c[0]] ? " placed" : "");
      b.title = SETUP.place[c[0]] ? "in " + SETUP.place[c[0]] + ": click to take it back" : "place into the chosen hand";
      pool.appendChild(b);
    });
    var places = $("setup-places");
    places.textContent = "";
    PLACES.forEach(function (p) {
      var row = el("div", "place"), cards = placed(p);
      row.setAttribute("data-place", p);
      row.appendChild(el("b", "", p + " " + cards.length + "/" + ROOM[p]));
      cards.forEach(function (c) {
        var b = face(c, "button");
        b.type = "button";
        b.className += " pcard";
        b.title = "take " + cardText(c) + " back";
        row.appendChild(b);
      });
      places.appendChild(row);
    });
    var dealer = $("setup-dealer").value, forehand = NEXT[dealer];
    $("setup-roles").textContent = "forehand " + forehand + ", makers " + TEAM[forehand] + ", cutter " + PARTNER[forehand];
  }
  function setupFill() {
    var free = FACES.cards.map(function (c) { return c[0]; }).filter(function (c) { return !SETUP.place[c]; });
    for (var i = free.length - 1; i > 0; i--) {  /* Fisher–Yates with the browser's generator */
      var j = Math.floor(Math.random() * (i + 1)), t = free[i]; free[i] = free[j]; free[j] = t;
    }
    PLACES.forEach(function (p) {
      while (placed(p).length < ROOM[p] && free.length) { var c = free.pop(); SETUP.place[c] = p; SETUP.order.push(c); }
    });
    drawSetup();
  }
  function handText(cards) {
    return FACES.suits.map(function (s) {
      return cards.filter(function (c) { return suitOf(c) === s[0]; }).sort(byPack).map(function (c) { return c.slice(0, -1); }).join("");
    }).join(".");
  }
  /* ABN of the set-up deal: the hands from N in play order (N, W, S, E), the stock top first. */
  function setupAbn() {
    var dealer = $("setup-dealer").value, seats = ["N", "W", "S", "E"];
    return '[Dealer "' + dealer + '"]\n[Deal "N:' + seats.map(function (s) { return handText(placed(s)); }).join(" ") +
      '"]\n[Stock "' + placed("stock").join(" ") + '"]\n';
  }

  /* -- wiring ----------------------------------------------------------------------------------- */
  var KEYS = {ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last", ArrowUp: "up", ArrowDown: "down",
              Backspace: "undo"};
  document.addEventListener("keydown", function (e) {
    var what = KEYS[e.key];
    if (!what || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var t = e.target, tag = t && t.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (t && t.isContentEditable)) return;
    if (!S.root || $("board").hidden) return;
    e.preventDefault();
    MOVES[what]();
  });
  Object.keys(MOVES).forEach(function (what) {
    $(what).addEventListener("click", function () { if (S.root) MOVES[what](); });
  });
  $("table").addEventListener("click", function (e) {
    var b = e.target.closest ? e.target.closest("[data-action]") : null;
    if (b) { play(b.getAttribute("data-action")); return; }
    var pick = e.target.closest ? e.target.closest("[data-pick]") : null;
    if (pick && S.pos) {
      var c = pick.getAttribute("data-pick"), i = S.picked.indexOf(c);
      if (i >= 0) S.picked.splice(i, 1); else S.picked.push(c);
      drawPosition(S.pos, S.shown);
    }
  });
  $("choices").addEventListener("click", function (e) {
    var b = e.target.closest ? e.target.closest("button[data-action]") : null;
    if (b) play(b.getAttribute("data-action"));
  });
  $("moves").addEventListener("click", function (e) {
    var m = e.target.closest ? e.target.closest("[data-path]") : null;
    if (!m) return;
    var text = m.getAttribute("data-path");
    go(text ? text.split(".").map(function (x) { return parseInt(x, 10); }) : []);
  });
  $("board-select").addEventListener("change", function (e) { loadBoard(parseInt(e.target.value, 10)); });
  $("rate").addEventListener("click", rate);
  $("cancel").addEventListener("click", cancel);
  $("export").addEventListener("click", exportAbn);
  $("deal").addEventListener("click", function () {
    showError("");
    var seed = $("seed").value.trim(), body = seed ? {seed: parseInt(seed, 10)} : {};
    api("POST", "/api/deal", body).then(function (answer) {
      $("seed").value = String(answer.seed);
      return openText(answer.abn, "deal --seed " + answer.seed);
    }).catch(function (e) { showError(messageOf(e)); });
  });
  $("open").addEventListener("click", function () { openText($("abn-text").value, null); });
  $("setup-pool").addEventListener("click", function (e) {
    var b = e.target.closest ? e.target.closest("[data-card]") : null;
    if (b) setupPut(b.getAttribute("data-card"));
  });
  $("setup-places").addEventListener("click", function (e) {
    var b = e.target.closest ? e.target.closest("[data-card]") : null;
    if (b) setupPut(b.getAttribute("data-card"));
  });
  $("setup-dealer").addEventListener("change", drawSetup);
  $("setup-fill").addEventListener("click", setupFill);
  $("setup-clear").addEventListener("click", function () { SETUP.place = {}; SETUP.order = []; setTarget("N"); drawSetup(); });
  $("setup-open").addEventListener("click", function () {
    var text = setupAbn();
    $("abn-text").value = text;
    openText(text, "set-up deal");
  });
  drawSetup();

  if (!TOKEN) {
    showError("this address has no token: open the address the server printed (…/?token=…)");
    return;
  }
  api("GET", "/api/start").then(function (start) {
    if (start && typeof start.abn === "string") {
      $("new-box").open = false;
      return openText(start.abn, start.name);
    }
    $("new-box").open = true;
  }).catch(function (e) { $("new-box").open = true; showError(messageOf(e)); });
})();
"""


def _page() -> str:
    script = _SCRIPT.replace("__FACES__", _json_for_script(_faces()))
    assert "</script" not in script.lower() and "<!--" not in script
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<meta name=\"referrer\" content=\"no-referrer\">\n"
            "<link rel=\"icon\" href=\"data:,\">\n"
            f"<title>{PAGE_TITLE}</title>\n<style>{PAGE_CSS}{_CSS}</style>\n</head>\n<body>\n"
            f"{_BODY}<script>{script}</script>\n</body>\n</html>\n")


_PAGE = _page()


def page_html() -> str:
    """The whole page, one HTML5 document with its CSS and script inline (see the module docstring);
    the same text on every call, for every file: what it shows comes from the API."""
    return _PAGE
