"""The step-through board of the report page: one board's record, card by
card and decision by decision, as an analysis board.

:func:`viewer_html` writes, for one annotated board, a hidden ``div`` holding
the steps (:mod:`altbaumer.report.steps`) as JSON and the texts of every step,
already rendered here (titles, the record's action with the annotator's and
the player's marks, the verdicts, the best line), so the page's one inline
script (:data:`VIEWER_JS`) only draws hands and moves between steps: it
unhides the board, draws the position of the current step around the compass
with the cards of the trick in front of their players, gives every legal card
of the hand to play its double-dummy value from the side of the player (and
its single-dummy rating where rated), marks the best cards, shows the
decision's table at its point and the best line from there, steps with the
buttons, the arrow keys, Home and End (from the page's load: the keys move
the board on the screen, nothing needs clicking first), jumps from the graph
of double-dummy tricks, and hides the other hands to show only what the seat
to act knew.
Stepping writes the step into the page's address (``#board-2-step-7``), and
such a link opens the board at that step. Without script the page keeps its
static content.

>>> viewer_html(1, {"steps": []}, "match")
''
>>> html = viewer_html(1, {"steps": [{"kind": "end", "hands": {}, "trick": [], "text": "</script>"}]}, "match")
>>> html.count("</script>"), 'id="viewer-1"' in html, " hidden" in html
(1, True, True)
"""

from __future__ import annotations

import json
from typing import Any, Mapping, Optional

from altbaumer.game import display
from altbaumer.errors import CardParseError
from altbaumer.game.cards import FULL_PACK, Card, Suit
from altbaumer.lang import _, ngettext
from altbaumer.report.html_marks import DD_WHY, PLAYER_COMMENT, dd_line, mark_html, player_comment, player_mark, sd_line
from altbaumer.report.html_text import (REPORT_LOOK, SEAT_LETTERS, SEAT_TAGS, board_roles, card_html, delta, escape,
                                        is_chance)

__all__ = ["viewer_html", "VIEWER_CSS", "VIEWER_JS", "decision_id"]

Json = Mapping[str, Any]



def decision_id(board: int, decision: int) -> str:
    """The ``id`` of a decision's block on the page, which the board shows at its step."""
    return f"b{board}-decision-{decision}"


def viewer_html(index: int, board: Json, objective: object) -> str:
    """The step-through board of the ``index``-th board ('' without steps)."""
    steps = [s for s in board.get("steps") or [] if isinstance(s, Mapping)]
    if not steps:
        return ""
    data = {"board": index, "steps": [_step_data(s, board, objective) for s in steps],
            "faces": _faces(), "suits": [[s.letter, display.suit_html(s, REPORT_LOOK)] for s in Suit],
            "names": {seat: (board.get("tags") or {}).get(SEAT_TAGS[seat]) or "" for seat in SEAT_LETTERS},
            "roles": {seat: ", ".join(board_roles(board, seat)) for seat in SEAT_LETTERS}, "words": _script_words()}
    # JSON inside <script> must not close the element: < > & as escapes keep every string intact.
    payload = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c").replace(">", "\\u003e") \
        .replace("&", "\\u0026")
    return (f'<div class="viewer" id="viewer-{index}" data-board="{index}" tabindex="0" hidden '
            'aria-label="' + _("step through board {board}").format(board=index) + f'">{_skeleton()}'
            f'<script type="application/json" class="viewer-data">{payload}</script></div>')


def _faces() -> dict[str, list[str]]:
    """Every card of the pack as the page draws it: whole, and as a rank in a suit line."""
    return {card.ascii(): [display.card_html(card, REPORT_LOOK), display.rank_html(card, REPORT_LOOK)] for card in FULL_PACK}


# -- the texts of a step ----------------------------------------------------------------


def _step_data(step: Json, board: Json, objective: object) -> dict[str, Any]:
    """What the script needs of a step: the position, the card's values, and its texts as HTML."""
    cards = board.get("cards") or []
    index = step.get("card")
    note: Optional[Json] = cards[index] if isinstance(index, int) and 0 <= index < len(cards) else None
    out = {key: step.get(key) for key in ("kind", "seat", "hands", "trick", "tricks_won", "trump", "turned",
                                          "absent", "knew", "decision")}
    out["title"] = _title(step, note, board)
    out["said"] = _said(step, note, board)
    if note is not None:
        out["values"] = note.get("values") or {}
        out["maker"] = bool(note.get("maker"))
        out["played"] = note.get("card")
        out["sd"] = _sd_values(note, objective)
        out["verdict"] = f'<div class="dd">{dd_line(note, objective)}</div>{sd_line(note, objective)}'
        out["line"] = _line_tricks(note, step, board)
    return out


def _title(step: Json, note: Optional[Json], board: Json) -> str:
    seat, kind = escape(step.get("seat") or ""), step.get("kind")
    won = step.get("tricks_won") or {}
    if kind == "card" and note is not None:
        place = min(len(step.get("trick") or []), 3)
        title = (_("Trick {trick}, first card: {seat} to play"), _("Trick {trick}, second card: {seat} to play"),
                 _("Trick {trick}, third card: {seat} to play"), _("Trick {trick}, fourth card: {seat} to play"))[place]
        return title.format(trick=escape(note.get("trick", "")), seat=seat)
    if kind == "card":
        return _("{seat} to play").format(seat=seat)
    if kind == "turn":
        return _("Forehand {seat}: accept or refuse the turned {card}").format(
            seat=seat, card=card_html(step.get("turned") or ""))
    if kind == "discard":
        return _("{seat} discards").format(seat=seat)
    if kind == "alone":
        return _("{seat}: play alone or together").format(seat=seat)
    if kind == "cut":
        return _("{seat} at the cut").format(seat=seat)
    result = board.get("result")
    if isinstance(result, int):
        return _("The end: the makers {makers} took {n} of 5 tricks (N-S {ns}, E-W {ew})").format(
            makers=escape(board.get("makers") or ""), n=result, ns=escape(won.get("N-S", "")),
            ew=escape(won.get("E-W", "")))
    return _("The end of the record")


def _said(step: Json, note: Optional[Json], board: Json) -> str:
    """The record's action, with the annotator's mark and the player's own mark and commentary."""
    seat, option = escape(step.get("seat") or ""), step.get("option")
    if step.get("kind") == "card" and isinstance(option, str):
        own = note.get("player_mark") if note else ""
        marks = (player_mark(own) + mark_html(note.get("mark"), DD_WHY)) if note else ""
        comment = player_comment(note.get("player_comment")) if note else ""
        return _("{seat} plays {card}").format(seat=f"<b>{seat}</b>", card=card_html(option)) + marks + comment
    if step.get("kind") == "end":
        return ""
    text = escape(step.get("text") or "")
    decision = _decision(step, board)
    tag = decision.get("tag") if decision else None
    comments = board.get("player_comments") or {}
    comment = (f'<div class="pc" title="{_(PLAYER_COMMENT)}">{escape(comments[tag])}</div>'
               if isinstance(tag, str) and comments.get(tag) else "")
    said = _decision_words(step, seat)
    if said is None:  # an action the record words in its own way: as the record says it
        return f"<b>{text[:len(seat)]}</b>{text[len(seat):]}{comment}"
    return said + comment


def _decision_words(step: Json, seat: str) -> Optional[str]:
    """A decision of the record in the page's language, the seat in bold (``<b>E</b> refuses``); None for
    one this page does not word."""
    kind, option, bold = step.get("kind"), step.get("option"), f"<b>{seat}</b>"
    if kind == "turn" and option in ("accept", "refuse"):
        said = _("{seat} accepts") if option == "accept" else _("{seat} refuses")
        return said.format(seat=bold)
    if kind == "alone" and option in ("alone", "together"):
        said = _("{seat} plays alone") if option == "alone" else _("{seat} does not play alone")
        return said.format(seat=bold)
    if kind == "discard" and isinstance(option, str):
        try:
            cards = [Card.parse(c) for c in option.split()]
        except (CardParseError, ValueError):
            return None
        return _("{seat} discards {cards}").format(seat=bold, cards=escape(" ".join(str(c) for c in cards)))
    return None


def _decision(step: Json, board: Json) -> Optional[Json]:
    decisions, index = board.get("decisions") or [], step.get("decision")
    return decisions[index] if isinstance(index, int) and 0 <= index < len(decisions) else None


def _sd_values(note: Json, objective: object) -> dict[str, str]:
    """Each card's single-dummy difference from the best card, for the player's side (where rated)."""
    rating = note.get("single_dummy")
    if not isinstance(rating, Mapping):
        return {}
    objective = rating.get("objective") or objective
    unit = " pp" if is_chance(objective) else ""
    values = {}
    for option in rating.get("options") or []:
        figures = option.get("for_decider") or option
        values[str(option.get("option"))] = delta(figures.get("delta"), None, objective) + unit
    return values


def _line_tricks(note: Json, step: Json, board: Json) -> list[list[tuple[str, str]]]:
    """The best line from the step to the end, trick by trick: (seat, card) pairs."""
    cards, seats = note.get("line") or [], note.get("line_seats") or []
    per_trick = 3 if board.get("lone") else 4
    room = per_trick - len(step.get("trick") or [])
    tricks: list[list[tuple[str, str]]] = [[]]
    for seat, card in zip(seats, cards):
        if len(tricks[-1]) == room:
            tricks.append([])
            room = per_trick
        tricks[-1].append((str(seat), str(card)))
    return tricks if cards else []


def _button(go: str, title: str, label: str, face: str) -> str:
    return f'<button type="button" data-go="{go}" title="{title}" aria-label="{label}">{face}</button>'


def _skeleton() -> str:
    """The board's frame: the buttons, the seats, the trick, the texts' places and the legend (words in the
    page's language)."""
    return (
        '<div class="vbar">'
        + _button("first", _("the first step (Home)"), _("first step"), "|◀")
        + _button("prev", _("the step before (←)"), _("previous step"), "◀")
        + '<span class="vstep" aria-live="polite"></span>'
        + _button("next", _("the next step (→)"), _("next step"), "▶")
        + _button("last", _("the last step (End)"), _("last step"), "▶|")
        + '<label class="vknew"><input type="checkbox" class="knew-toggle"> '
        + _("show only what {seat} knew").format(seat='<span class="vseat"></span>') + '</label></div>'
        '<div class="vtitle"></div>'
        '<div class="top vmain"><div class="deal vtable">'
        + "".join(f'<div class="hand vhand seat-{s}" data-seat="{s}"></div>' for s in SEAT_LETTERS)
        + '<div class="centre vcentre"><div class="vtrick">'
        + "".join(f'<div class="vt vt-{s}" data-seat="{s}"></div>' for s in SEAT_LETTERS)
        + '</div><div class="vinfo"></div></div></div>'
        '<div class="vside"><div class="vsaid"></div><div class="vverdict"></div><div class="vline"></div>'
        '<div class="vchart"></div></div></div><div class="vdecision"></div>'
        '<p class="legend">'
        + _("Step with ◀ ▶ or the arrow keys, Home and End (they move the board on the screen, or the one last "
            "clicked), or click a point of the graph. On the hand to play, the small number under each card is the "
            "tricks its side ends with if it plays that card and everybody plays best after it (double dummy); the "
            "best cards are green, the card played is outlined; where the card play was rated from the player's "
            "knowledge, the purple figure is what the card gives up against the best one. \"Show only what … "
            "knew\" hides the hands the seat to act could not see and lists the other cards it had seen.")
        + '</p>')


_MOST_CARDS = 10  # more than a hand ever holds
_TRICKS = 5


def _script_words() -> dict[str, Any]:
    """The words the board's script writes, in the page's language: sentences with ``{placeholders}`` the
    script fills in, and for a count the sentence for each count it can meet (a list by the count)."""
    return {
        "sits_out": _("sits out"), "to_act": _("to act"), "not_known": _("not known"),
        "hidden": [ngettext("{n} card {seat} could not see", "{n} cards {seat} could not see", n)
                   for n in range(_MOST_CARDS + 1)],
        "value": [ngettext("{team} end with {n} trick if {seat} plays this card (double dummy)",
                           "{team} end with {n} tricks if {seat} plays this card (double dummy)", n)
                  for n in range(_TRICKS + 1)],
        "best": [ngettext("{team} end with {n} trick if {seat} plays this card (double dummy): a best card",
                          "{team} end with {n} tricks if {seat} plays this card (double dummy): a best card", n)
                 for n in range(_TRICKS + 1)],
        "step": _("step {n} of {total}"), "turned": _("turned {card}"), "trump": _("trump {suit}"),
        "seen": _("{seat} had also seen: {cards}"), "nothing": _("nothing else"),
        "line": _("Best line from here: {line}"),
    }


VIEWER_CSS = """
.viewer{background:#fbfbf8;border:1px solid #c9d3e0;border-radius:6px;padding:.5em .8em;margin:.4em 0 1em}
.viewer:focus{outline:2px solid #2b6cb0}.viewer[hidden]{display:none}
.vbar{display:flex;flex-wrap:wrap;align-items:center;gap:.3em .5em}.vbar button{font-size:110%;min-width:2.2em}
.vstep{min-width:6.5em;text-align:center;font-variant-numeric:tabular-nums}.vknew{margin-left:auto}
.vknew.off{visibility:hidden}.vtitle{font-weight:bold;margin:.3em 0}.vside{min-width:0;max-width:30em}
.vcard{display:inline-block;text-align:center;margin:0 .05em;padding:0 .12em;border-radius:3px;line-height:1.1}
.vcard.legal{border:1px solid #c9c9c9;background:#fff;cursor:default}
.vcard.best{border-color:#138a36;background:#e6f6ea}.vcard.played{outline:2px solid #1b1b1b}
.vcard .v{display:block;font-size:75%;color:#333}.vcard .sdv{display:block;font-size:70%;color:#6a3d9a}
.vcard.dead{opacity:.45}.back{display:inline-block;width:.8em;height:1.1em;margin:0 .1em;border-radius:2px;
 background:repeating-linear-gradient(45deg,#7a8fb5,#7a8fb5 2px,#a9b8d6 2px,#a9b8d6 4px)}
.vtrick{display:grid;grid-template-columns:repeat(3,2.2em);grid-template-rows:repeat(3,1.5em);
 justify-content:center;align-items:center}
.vt-N{grid-column:2;grid-row:1}.vt-W{grid-column:1;grid-row:2}.vt-E{grid-column:3;grid-row:2}
.vt-S{grid-column:2;grid-row:3}.vinfo{font-size:85%}.vhand.acting{border-color:#2b6cb0;box-shadow:0 0 0 1px #2b6cb0}
.vdecision .decision{margin-top:.4em}
svg [data-step]{cursor:pointer;stroke:rgba(0,0,0,0);stroke-width:9px}
svg circle.now{stroke:#d00000;stroke-width:2.5px;fill:#fff}
@media print{.viewer{display:none}}
"""

VIEWER_JS = r"""
(function () {
  "use strict";
  var SEATS = ["N", "E", "S", "W"], TEAM = {N: "N-S", S: "N-S", E: "E-W", W: "E-W"};
  var active = null;
  /* The words come with the board's data, in the page's language: {name} places filled in here. */
  function fmt(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    });
  }
  function counted(forms, n) { return forms[Math.max(0, Math.min(n, forms.length - 1))]; }
  function el(tag, cls, html) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (html !== undefined) e.innerHTML = html;
    return e;
  }
  function Viewer(root) {
    this.root = root;
    this.data = JSON.parse(root.querySelector("script.viewer-data").textContent);
    this.section = document.getElementById("board-" + this.data.board) || root.parentNode;
    this.step = 0;
    this.knew = false;
    var chart = this.section.querySelector("figure.dd-chart svg");
    if (chart) root.querySelector(".vchart").appendChild(chart.cloneNode(true));
    root.hidden = false;
    var self = this;
    root.querySelectorAll("[data-go]").forEach(function (b) {
      b.addEventListener("click", function () { self.go(b.getAttribute("data-go")); });
    });
    root.querySelector(".knew-toggle").addEventListener("change", function (e) {
      self.knew = e.target.checked; self.draw();
    });
    this.section.addEventListener("click", function (e) {
      var dot = e.target.closest ? e.target.closest("[data-step]") : null;
      if (dot && self.section.contains(dot)) {
        self.go(parseInt(dot.getAttribute("data-step"), 10));
        active = self;
        if (!root.contains(dot)) root.scrollIntoView({block: "nearest"});
      }
    });
    root.addEventListener("focusin", function () { active = self; });
    root.addEventListener("pointerdown", function () { active = self; });
    this.draw();
  }
  Viewer.prototype.go = function (where) {
    var last = this.data.steps.length - 1;
    var to = where === "first" ? 0 : where === "last" ? last : where === "next" ? this.step + 1 :
      where === "prev" ? this.step - 1 : where;
    this.step = Math.max(0, Math.min(last, to));
    this.draw();
    try {
      history.replaceState(null, "", "#board-" + this.data.board + "-step-" + (this.step + 1));
    } catch (e) { /* a page opened where history cannot change: stepping still works */ }
  };
  Viewer.prototype.face = function (code, whole) {
    var f = this.data.faces[code];
    return f ? f[whole ? 0 : 1] : code;
  };
  Viewer.prototype.hand = function (seat, s) {
    var d = this.data, cards = s.hands ? s.hands[seat] : null, panel = this.root.querySelector(".vhand.seat-" + seat);
    var acting = s.seat === seat && s.kind !== "end";
    var hide = this.knew && s.knew && s.knew.seat !== seat;
    panel.className = "hand vhand seat-" + seat + (s.absent === seat ? " out" : "") + (acting ? " acting" : "") +
      (hide ? " hidden-hand" : "");
    var who = seat + (d.names[seat] ? " " + escapeText(d.names[seat]) : "");
    var w = d.words;
    var role = [d.roles[seat], s.absent === seat ? w.sits_out : "", acting ? w.to_act : ""].filter(Boolean).join(", ");
    panel.innerHTML = "";
    panel.appendChild(el("div", "who", who + (role ? ' <span class="role">' + role + "</span>" : "")));
    if (cards === null || cards === undefined) { panel.appendChild(el("div", "muted", w.not_known)); return; }
    if (hide) {
      var backs = el("div", "backs");
      backs.innerHTML = new Array(cards.length + 1).join('<span class="back"></span>');
      backs.title = fmt(counted(w.hidden, cards.length), {n: cards.length, seat: s.knew.seat});
      panel.appendChild(backs);
      return;
    }
    var values = acting ? s.values : null, self = this;
    var side = values ? sideValues(values, s.maker) : null, top = side ? Math.max.apply(null, objValues(side)) : 0;
    d.suits.forEach(function (suit) {
      var line = el("div", "suitline", suit[1] + " ");
      var mine = cards.filter(function (c) { return c.slice(-1) === suit[0]; });
      if (!mine.length) line.appendChild(el("span", "muted", "—"));
      mine.forEach(function (c) {
        var legal = side && Object.prototype.hasOwnProperty.call(side, c);
        var span = el("span", "vcard" + (legal ? " legal" : values ? " dead" : "") +
          (legal && side[c] === top ? " best" : "") + (acting && s.played === c ? " played" : ""), self.face(c, false));
        span.setAttribute("data-card", c);
        if (legal) {
          span.setAttribute("data-value", side[c]);
          span.appendChild(el("span", "v", String(side[c])));
          span.title = fmt(counted(side[c] === top ? w.best : w.value, side[c]), {team: TEAM[seat], n: side[c], seat: seat});
          if (s.sd && s.sd[c] !== undefined) span.appendChild(el("span", "sdv", s.sd[c]));
        }
        line.appendChild(span);
        line.appendChild(document.createTextNode(" "));
      });
      panel.appendChild(line);
    });
  };
  Viewer.prototype.draw = function () {
    var d = this.data, s = d.steps[this.step], r = this.root, self = this, w = d.words;
    r.querySelector(".vstep").textContent = fmt(w.step, {n: this.step + 1, total: d.steps.length});
    r.querySelector("[data-go=prev]").disabled = this.step === 0;
    r.querySelector("[data-go=first]").disabled = this.step === 0;
    r.querySelector("[data-go=next]").disabled = this.step === d.steps.length - 1;
    r.querySelector("[data-go=last]").disabled = this.step === d.steps.length - 1;
    var toggle = r.querySelector(".vknew");
    toggle.className = "vknew" + (s.knew ? "" : " off");
    r.querySelector(".vseat").textContent = s.knew ? s.knew.seat : "";
    SEATS.forEach(function (seat) { self.hand(seat, s); });
    SEATS.forEach(function (seat) { r.querySelector(".vt-" + seat).innerHTML = ""; });
    (s.trick || []).forEach(function (t) { r.querySelector(".vt-" + t.seat).innerHTML = self.face(t.card, true); });
    var info = [];
    if (s.turned) info.push(fmt(w.turned, {card: this.face(s.turned, true)}));
    if (s.trump) info.push(fmt(w.trump, {suit: d.suits.filter(function (x) { return x[0] === s.trump; })[0][1]}));
    if (s.tricks_won) info.push("N-S " + s.tricks_won["N-S"] + " · E-W " + s.tricks_won["E-W"]);
    if (this.knew && s.knew) {
      var seen = (s.knew.seen || []).concat(s.knew.discard || []);
      info.push(fmt(w.seen, {seat: s.knew.seat, cards: seen.length ? seen.map(function (c) {
        return self.face(c, true); }).join(" ") : w.nothing}));
    }
    r.querySelector(".vinfo").innerHTML = info.join("<br>");
    r.querySelector(".vtitle").innerHTML = s.title || "";
    r.querySelector(".vsaid").innerHTML = s.said || "";
    r.querySelector(".vverdict").innerHTML = s.verdict || "";
    r.querySelector(".vline").innerHTML = s.line && s.line.length ? fmt(w.line, {line: s.line.map(function (t) {
      return t.map(function (p) { return '<span class="seatlbl">' + p[0] + "</span>" + self.face(p[1], true); })
        .join(" ");
    }).join(' <span class="muted">|</span> ')}) : "";
    var box = r.querySelector(".vdecision");
    box.innerHTML = "";
    if (s.decision !== null && s.decision !== undefined) {
      var table = document.getElementById("b" + d.board + "-decision-" + s.decision);
      if (table) { var copy = table.cloneNode(true); copy.removeAttribute("id"); box.appendChild(copy); }
    }
    this.section.querySelectorAll("svg [data-step]").forEach(function (dot) {
      dot.classList.toggle("now", parseInt(dot.getAttribute("data-step"), 10) === self.step);
    });
  };
  function sideValues(values, maker) {
    var out = {};
    Object.keys(values).forEach(function (c) { out[c] = maker ? values[c] : 5 - values[c]; });
    return out;
  }
  function objValues(o) { return Object.keys(o).map(function (k) { return o[k]; }); }
  function escapeText(t) { var e = document.createElement("span"); e.textContent = t; return e.innerHTML; }
  var KEYS = {ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last"}, viewers = [];
  function onScreen(box) {
    var r = box.getBoundingClientRect();
    return Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
  }
  /* The keys work from the page's load, with nothing clicked: they move the board last used while any of
     its section is on the screen, else the board whose section is most on the screen. */
  function boardInView() {
    if (active && onScreen(active.section) > 0) return active;
    var best = null;
    viewers.forEach(function (v) { if (onScreen(v.section) > (best ? onScreen(best.section) : 0)) best = v; });
    return best;
  }
  function boardBelow() {
    for (var i = 0; i < viewers.length; i++) if (viewers[i].root.getBoundingClientRect().top >= 0) return viewers[i];
    return viewers[viewers.length - 1] || null;
  }
  document.addEventListener("keydown", function (e) {
    var go = KEYS[e.key];
    if (!go || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target, tag = t && t.tagName;
    if (tag === "INPUT" && t.type !== "checkbox" || tag === "TEXTAREA" || tag === "SELECT" ||
        t && t.isContentEditable) return;  /* typing and choosing keep their keys */
    var viewer = boardInView();
    /* Off every board (the summary above them, say) Home and End still scroll the page; an arrow steps
       the next board down. */
    if (!viewer && (go === "first" || go === "last" || !(viewer = boardBelow()))) return;
    if (!onScreen(viewer.root)) viewer.root.scrollIntoView({block: "nearest"});  /* so that the press is seen */
    e.preventDefault();
    active = viewer;
    viewer.go(go);
  });
  document.querySelectorAll(".viewer").forEach(function (root) {
    root.viewer = new Viewer(root);
    viewers.push(root.viewer);
  });
  /* A link to a step opens its board there, at the load and when a link of the page is followed (the
     board's own steps replace the address without this event). */
  function follow() {
    var at = /^#board-(\d+)-step-(\d+)$/.exec(location.hash);
    var root = at && document.getElementById("viewer-" + at[1]);
    if (root && root.viewer) {
      root.viewer.go(parseInt(at[2], 10) - 1);
      active = root.viewer;
      root.scrollIntoView();
    }
  }
  follow();
  window.addEventListener("hashchange", follow);
})();
"""
