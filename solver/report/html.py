"""A self-contained HTML page of annotated games.

:func:`render_html` turns the JSON-ready dict of :func:`altbaumer.report.annotate.report`
into one HTML5 page: inline CSS, inline SVG charts, one inline script and no
network resources, so the file can be mailed or opened offline. Every board
opens with its analysis board to step through (:mod:`altbaumer.report.html_viewer`;
without script the page keeps the rest). The page shows the
totals, the per-match summaries with, for the match objective, a graph of
N-S's chance to win the match deal by deal (each dot a link to its board), and
the per-player summaries, then every board: the score before the deal (with
its score tree, :mod:`altbaumer.report.score_tree`, when the score is known) and
N-S's chance to win the match before and after it, the deal as dealt around a
compass (N top, S bottom, W left, E right), the facts of the bidding, every
trick with its marks (``?!``, ``?``, ``??``) and double-dummy commentary, a
chart of the makers' double-dummy tricks after every card, and the decision
tables. The trump, the makers and the lone player are the replayed record's
(a file may leave the ``[Trump]`` tag out). The player's own marks and
commentary (on cards and tags) are shown beside the annotator's, each in its
own style. Every text taken from the report (tags come from user files) is
escaped. Without a score (other objectives than ``match``) or a graph, those
parts are left out.

>>> page = render_html({"boards": [], "errors": ["x.abn:3: <bad> deal"]}, title="A & B")
>>> page.startswith("<!DOCTYPE html>"), "<title>A &amp; B</title>" in page
(True, True)
>>> "x.abn:3: &lt;bad&gt; deal" in page, "<bad>" in page
(True, False)
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from altbaumer.errors import InvalidScore
from altbaumer.hidden.verdicts import MARKS
from altbaumer.game import display
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import Seat, Team
from altbaumer.lang import N_, _, active_language
from altbaumer.report.charts import by_trick, match_graph, tricks_chart
from altbaumer.report.html_marks import (DD_WHY, MARK_CLASS, PLAYER_COMMENT, PLAYER_MARK, dd_line, mark_html,
                                         player_comment, player_mark, sd_line)
from altbaumer.report.html_summaries import (board_index, match_head, player_sentences, summary_legend,
                                             summary_table)
from altbaumer.report.html_viewer import VIEWER_CSS, VIEWER_JS, decision_id, viewer_html
from altbaumer.report.html_text import (PAGE_CSS, REPORT_LOOK, SEAT_LETTERS, SEAT_TAGS, amount, as_float, board_roles,
                                        card_html, cards_html, delta, escape, fixed, is_chance, mark_name, num, of_unit,
                                        option_html, parse_card, pct, scroll_box, suit_html, table_html, thresholds,
                                        unit, word)
from altbaumer.report.score_tree import score_tree_svg

__all__ = ["render_html", "page_title", "page_html", "board_section", "card_html"]  # card_html: from html_text, for the report's users

Json = Mapping[str, Any]

_PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
DEFAULT_TITLE = N_("altbaumer annotation")

_CSS = """
.scroll>table{margin:.3em 0 .8em}
svg.chart{max-width:100%;height:auto}.top>*{min-width:0;max-width:100%}
p.players{margin:.2em 0}p.match-head{margin:.3em 0}
ol.scores{display:flex;flex-wrap:wrap;gap:0 1.2em;list-style:none;margin:.2em 0 .6em;padding:0}
h3{margin:.8em 0 .3em}
table{border-collapse:collapse;margin:.3em 0 .8em;background:#fff}
th,td{border:1px solid #d4d4d4;padding:2px 7px;text-align:right;vertical-align:top}
th{background:#eef0f3}td.l,th.l{text-align:left}
section.board{background:#fff;border:1px solid #ccc;border-radius:6px;padding:.6em 1.2em;margin:1.2em 0}
p.score{margin:.2em 0 .6em}p.score .chance{font-weight:bold}
.score-row{display:flex;flex-wrap:wrap;align-items:center;gap:0 1.5em}.score-row p.score{flex:1 1 20em}
.score-row svg.score-tree{width:240px;max-width:100%;height:auto;margin-bottom:.4em}
.top{display:flex;flex-wrap:wrap;gap:2em;align-items:flex-start}
.deal{display:grid;grid-template-columns:repeat(3,minmax(0,9.5em));grid-template-rows:repeat(3,auto);gap:.3em}
.hand{border:1px solid #bbb;border-radius:4px;padding:.2em .5em;background:#fdfdfb}
.hand.out{opacity:.45}.hand .who{font-weight:bold}.hand .role{color:#666;font-size:85%}
.seat-N{grid-column:2;grid-row:1}.seat-W{grid-column:1;grid-row:2}.seat-E{grid-column:3;grid-row:2}
.seat-S{grid-column:2;grid-row:3}.centre{grid-column:2;grid-row:2;text-align:center;align-self:center;color:#555}
.hand .tree{font-weight:bold}
div.facts{max-width:24em}dl.facts{display:grid;grid-template-columns:max-content auto;gap:0 1em;margin:0}
dl.facts dt{color:#555}dl.facts dd{margin:0}
td{min-width:2em}.seatlbl{color:#666;font-size:85%;margin-right:.3em}
.mark{font-weight:bold;margin-left:.15em}.mark.inaccuracy{color:#9a6700}.mark.mistake{color:#e07b00}
.mark.blunder{color:#d00000;text-decoration:underline}
.played[data-mark="?!"]{background:#fbf3d0}.played[data-mark="?"]{background:#ffe9cc}
.played[data-mark="??"]{background:#ffd6d6;outline:1px solid #d00000}
.pmark{font-style:italic;color:#1d4ed8;margin-left:.15em;padding:0 .15em;border:1px solid #9db4f0;border-radius:3px}
.pc{font-size:85%;font-style:italic;color:#1d4ed8;white-space:pre-line;max-width:16em;text-align:left}
ul.pc{padding-left:1.2em;max-width:24em}
.dd{font-size:80%;color:#555}.sd{font-size:80%;color:#6a3d9a}
svg.chart{background:#fff;border:1px solid #ddd}svg .grid{stroke:#e4e4e4}svg .axis{fill:#555;font-size:10px}
svg .line{fill:none;stroke:#2b6cb0;stroke-width:2}svg .pt{fill:#2b6cb0}svg .turned{fill:#d00000}
svg .make{stroke:#9ac;stroke-dasharray:3 3}svg .deal{fill:#2b6cb0;stroke:#fff;stroke-width:1}
svg a:hover .deal{fill:#d00000}svg .end{fill:#fff;stroke:#2b6cb0;stroke-width:2}
tr.best td.opt{font-weight:bold}tr.chosen{background:#eef6ff}tr.chosen.error{background:#ffe3e3}
.flag{font-weight:bold;color:#d00000}.ok{color:#138a36}.muted{color:#777}
ul.errors li{color:#a00}ul.notes{font-size:85%;color:#555;padding-left:1.2em}figure{margin:0 0 .8em}
@media (max-width:600px){body{padding:.5em}section.board{padding:.4em .5em}.top{gap:.8em}
 .hand{padding:.2em .3em}.deal .card{white-space:normal}}
@media print{body{background:#fff;color:#000;padding:0;font-size:10pt}
 .scroll{overflow:visible}table{font-size:9pt}
 section.board{border:none;border-radius:0;padding:0;margin:1em 0}
 .deal,table,tr,figure,svg,div.facts,div.decision,p.score{break-inside:avoid;page-break-inside:avoid}
 h2,h3,div.decision{break-after:avoid;page-break-after:avoid}
 .muted,.legend,p.legend,.dd,.seatlbl,.hand .role,dl.facts dt,.centre,svg .axis{color:#000;fill:#000}
 th,table,.hand,svg.chart,tr.chosen,tr.chosen.error{background:#fff}a{color:#000;text-decoration:none}}
"""


def render_html(report: Json, title: Optional[str] = None) -> str:
    """One self-contained HTML5 page for the report of
    :func:`altbaumer.report.annotate.report` (see the module docstring);
    without a ``title``, :func:`page_title` names it from the report."""
    boards = list(report.get("boards") or [])
    title = page_title(report) if title is None else title
    objective = report.get("objective") or next((b.get("objective") for b in boards if b.get("objective")), None)
    body = [_header(report, boards, objective)]
    body += [board_section(i, board, objective) for i, board in enumerate(boards, 1)]
    return page_html(title, body, boards, report.get("errors") or [])


def page_html(title: str, body: Sequence[str], boards: Sequence[Json], errors: Sequence[object] = (),
              css: str = "") -> str:
    """The page around ``body`` (HTML, escaped by its makers): the title, the
    report's CSS and ``css``, the ``errors`` listed at the end, and the
    analysis boards' script when one of ``boards`` can be stepped through."""
    return (f"<!DOCTYPE html>\n<html lang=\"{escape(active_language())}\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{escape(title)}</title>\n<style>{PAGE_CSS}{_CSS}{VIEWER_CSS}{css}</style>\n</head>\n<body>\n"
            + "\n".join([f"<h1>{escape(title)}</h1>", *body, _errors(errors)])
            + (f"\n<script>{VIEWER_JS}</script>" if any(b.get("steps") for b in boards) else "")
            + "\n</body>\n</html>\n")


def page_title(report: Json) -> str:
    """``<event> — altbaumer annotation``: the ``Event`` tag of the first
    board, else its file's name, else just the default.

    >>> page_title({"boards": [{"tags": {"Event": "Club night"}, "source": "a/m.abn"}]})
    'Club night — altbaumer annotation'
    >>> page_title({"boards": [{"tags": {}, "source": "a/m.abn"}]}), page_title({"boards": []})
    ('m.abn — altbaumer annotation', 'altbaumer annotation')
    """
    first: Json = next((b for b in report.get("boards") or [] if isinstance(b, Mapping)), {})
    tags: Json = first["tags"] if isinstance(first.get("tags"), Mapping) else {}
    source = str(first.get("source") or "").replace("\\", "/").rsplit("/", 1)[-1]
    name = str(tags.get("Event") or "").strip() or source.strip()
    return _("{name} — altbaumer annotation").format(name=name) if name else _(DEFAULT_TITLE)




def _marks_legend(objective: object, decisions: bool, tricks: bool = False) -> str:
    limits = thresholds(objective)
    marks = ", ".join(f'<span class="mark {MARK_CLASS[m]}">{m}</span> {mark_name(m)}' for m in MARKS)
    text = _("Marks: {marks}: the annotator's, when a card (double dummy) or a decision (from the decider's "
             "knowledge, beyond the noise) gives up at least {limits}; {own_mark} and {own_comment}: the player's "
             "own, from the file.").format(
        marks=marks, limits=escape(limits or _("a threshold")),
        own_mark=f'<span class="pmark" title="{_(PLAYER_MARK)}">!</span>',
        own_comment='<span class="pc">' + _("commentary in italics") + "</span>")
    if decisions:
        figures = []
        if objective == "match":
            figures.append(_("{p_match} and {p_round} its chances to win the match and the round in play").format(
                p_match=_("P(match)"), p_round=_("P(round)")))
        if tricks:
            figures.append(_("{e_tricks} its mean tricks").format(e_tricks=_("E[tricks]")))
        figures += [_("{p_win}, {p_all} and {p_none} its chances to win the deal, to take all five tricks and "
                      "none").format(p_win=_("P(win)"), p_all=_("P(5)"), p_none=_("P(0)")),
                    _("{points} its mean deal points").format(points=_("points")),
                    _("{net} its points minus the other side's").format(net=_("net"))]
        said = _("Decision tables give the deciding seat's side's figures, from its knowledge only: {figures}; "
                 "Δ is what an option gives up in the {unit} against the top option, in percentage points, ± its "
                 "95% interval.") if is_chance(objective) else _(
                 "Decision tables give the deciding seat's side's figures, from its knowledge only: {figures}; "
                 "Δ is what an option gives up in the {unit} against the top option, ± its 95% interval.")
        text += " " + said.format(figures=", ".join(figures), unit=escape(unit(objective)))
    return f'<p class="legend">{text}</p>'


# -- the header ------------------------------------------------------------------------


def _header(report: Json, boards: list[Json], objective: object) -> str:
    parts = ["<header>"]
    if report.get("total"):
        parts += ["<h2>" + _("Totals") + "</h2>", summary_table({_("all boards"): report["total"]}, "", objective)]
    matches = report.get("matches") or {}
    if matches:
        parts += ["<h2>" + _("Matches") + "</h2>", summary_table(matches, _("match"), objective)]
        for name, m in matches.items():
            if isinstance(m, Mapping):
                parts += [match_head(str(name), m), match_graph(str(name), m.get("graph") or [])]
    if report.get("players"):
        parts += ["<h2>" + _("Players") + "</h2>", player_sentences(report["players"], objective),
                  summary_table(report["players"], _("player"), objective)]
    if report.get("total") or matches or report.get("players"):
        parts.append(summary_legend(objective))
    if boards:
        decisions = any(b.get("decisions") for b in boards)
        tricks = any(_has_tricks(d) for b in boards for d in b.get("decisions") or [])
        parts += ["<h2>" + _("Boards") + "</h2>", board_index(boards, objective),
                  _marks_legend(objective, decisions, tricks)]
    parts.append("</header>")
    return "\n".join(p for p in parts if p)


# -- one board -------------------------------------------------------------------------


def board_section(index: int, board: Json, objective: object) -> str:
    """One annotated board's section, ``id="board-INDEX"``, its analysis board first."""
    abn = board.get("abn") or {}
    objective = board.get("objective") or objective
    title = _("Board {board}").format(board=escape(board.get("board", index)))
    where = f'{escape(board.get("source", ""))}:{escape(board.get("line", ""))}' if board.get("source") else ""
    parts = [f'<section class="board" id="board-{index}">', f'<h2>{title} <span class="muted">{where}</span></h2>',
             _score(board.get("score")), viewer_html(index, board, objective),
             '<div class="top">', _deal(board, abn), _facts(board, abn, objective), "</div>",
             '<div class="top">', _tricks(board, abn, objective), tricks_chart(board), "</div>",
             _decisions(index, board.get("decisions") or [], objective), _skipped(board.get("skipped") or []), "</section>"]
    return "\n".join(p for p in parts if p)


def _score(score: object) -> str:
    """The score line, with the score tree beside it when the state before the deal is known."""
    line, state = _score_line(score), _known_state(score)
    return f'<div class="score-row">{line}{score_tree_svg(state)}</div>' if line and state is not None else line


def _known_state(score: object) -> Optional[MatchState]:
    """The report's state before the deal, None when unknown or not a state (a report may be edited)."""
    state = score.get("state") if isinstance(score, Mapping) else None
    if not isinstance(state, Mapping):
        return None
    points, rounds = state.get("points"), state.get("rounds")
    if not (isinstance(points, list) and isinstance(rounds, list) and len(points) == len(rounds) == 2):
        return None
    figures = [*points, *rounds]
    if not all(isinstance(f, int) and not isinstance(f, bool) for f in figures):
        return None
    makers = Team.EW if state.get("makers") == str(Team.EW) else Team.NS  # the tree does not show them
    try:
        return MatchState((figures[0], figures[1]), (figures[2], figures[3]), makers)
    except InvalidScore:
        return None


def _score_line(score: object) -> str:
    """The score before the deal in words and N-S's chance to win the match
    before and after it (the match objective only: ``score`` is None otherwise)."""
    if not isinstance(score, Mapping):
        return ""
    before, after = as_float(score.get("ns_equity_before")), as_float(score.get("ns_equity_after"))
    chances = ""
    if before is not None:
        if after is not None:
            chances = " " + _("N-S win the match: {before} before the deal, {after} after it ({delta} pp).").format(
                before=f'<span class="chance">{pct(before)}</span>', after=f'<span class="chance">{pct(after)}</span>',
                delta=delta(after - before, None, "match"))
        else:
            chances = " " + _("N-S win the match: {before} before the deal; after it not known (the play is not "
                              "complete).").format(before=f'<span class="chance">{pct(before)}</span>')
    said = _("Score before the deal: {score}.").format(score=escape(score.get("describe") or _("not known")))
    return f'<p class="score" data-source="{escape(score.get("source", ""))}">{said}{chances}</p>'


def _lone_out(board: Json) -> str:
    """The seat that sits out: the partner of the lone player, if any."""
    lone = board.get("lone")
    return _PARTNER.get(lone, "") if isinstance(lone, str) else ""


def _deal(board: Json, abn: Json) -> str:
    """The deal around the compass (:func:`altbaumer.game.display.compass_html`, in the report's classes)."""
    hands = abn.get("hands") or {}
    tags = board.get("tags") or abn.get("tags") or {}
    out = _lone_out(board)
    panels = {Seat.parse(seat): _hand_panel(seat, hands.get(seat) or [], board, tags, seat == out) for seat in SEAT_LETTERS}
    centre = (_("trump {suit}").format(suit=suit_html(board.get("trump"))) + '<br><span class="muted">'
              + _("stock") + f'</span><br>{cards_html(abn.get("stock") or [])}')
    return display.compass_html(panels, centre, REPORT_LOOK)


def _hand_panel(seat: str, cards: Sequence[object], board: Json, tags: Json, out: bool) -> str:
    roles = board_roles(board, seat)
    if out:
        roles.append(_("sits out"))
    name = tags.get(SEAT_TAGS[seat])
    who = f'{seat}{" " + escape(name) if name else ""}'
    return display.panel_html(Seat.parse(seat), who, roles, _hand_lines(cards), REPORT_LOOK, out)


def _hand_lines(cards: Sequence[object]) -> str:
    """Four suit lines (♣ ♠ ♥ ♦), ace first, as in the terminal; text that is no card below them."""
    lines = display.hand_html([c for c in (parse_card(t) for t in cards) if c is not None], REPORT_LOOK)
    bad = [t for t in cards if parse_card(t) is None]
    if bad:
        lines += f'<div class="muted">{escape(" ".join(map(str, bad)))}</div>'
    return lines


def _facts(board: Json, abn: Json, objective: object) -> str:
    lone = board.get("lone") or ""
    lone_words = _("{seat} alone, {partner} sits out").format(seat=lone, partner=_PARTNER.get(lone, "?"))
    facts = [(_("dealer"), escape(board.get("dealer", ""))), (_("forehand"), escape(board.get("forehand", ""))),
             (_("makers"), escape(board.get("makers") or "—")),
             (_("trump"), suit_html(board.get("trump"))), (_("turn"), escape(word(abn.get("turn")) or "—")),
             (_("discard"), cards_html(abn.get("discard") or [])),
             (_("lone"), escape(lone_words) if lone else "—")]
    if abn.get("cut"):
        facts.append((_("cut"), cards_html(abn["cut"])))
    facts += [(_("DD at first lead"), num(board.get("start"))), (_("result"), num(board.get("result")))]
    if objective:
        facts.append((_("rated by"), escape(unit(objective))))
    tags = board.get("tags") or {}
    facts += [(escape(k), escape(v)) for k, v in tags.items() if k not in SEAT_TAGS.values()]
    rows = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in facts)
    notes = "".join(f"<li>{escape(n)}</li>" for n in abn.get("notes") or [])
    return (f'<div class="facts"><dl class="facts">{rows}</dl>{_tag_comments(board.get("player_comments") or {})}'
            f'{f"<ul class=notes>{notes}</ul>" if notes else ""}</div>')


def _tag_comments(comments: Json) -> str:
    """The player's commentary on the tags, in the player's style."""
    if not comments:
        return ""
    items = "".join(f'<li data-tag="{escape(tag)}"><b>[{escape(tag)}]</b> {escape(text)}</li>' for tag, text in comments.items())
    return f'<ul class="pc" title="{_(PLAYER_COMMENT)}">{items}</ul>'


def _skipped(skipped: Sequence[object]) -> str:
    if not skipped:
        return ""
    return "<h3>" + _("Not rated") + "</h3><ul>" + "".join(f"<li>{escape(s)}</li>" for s in skipped) + "</ul>"


# -- the tricks ------------------------------------------------------------------------


def _tricks(board: Json, abn: Json, objective: object) -> str:
    cards = board.get("cards") or []
    if not cards:
        return _unrated_tricks(abn)
    rows = [[escape(notes[0].get("trick", ""))] + [_play_cell(c, objective) for c in notes] for notes in by_trick(cards)]
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    table = table_html([_("trick")] + [_("card {n}").format(n=i) for i in range(1, width)], rows, left=width)
    return "<div><h3>" + _("Play") + f"</h3>{table}</div>"


def _play_cell(note: Json, objective: object) -> str:
    mark, own = note.get("mark") or "", note.get("player_mark") or ""
    seat, card = escape(note.get("seat", "")), escape(note.get("card", ""))
    return (f'<span class="played" data-seat="{seat}" data-card="{card}" data-mark="{escape(mark)}" '
            f'data-player-mark="{escape(own)}"><span class="seatlbl">{seat}</span>{card_html(note.get("card", ""))}'
            f'{player_mark(own)}{mark_html(mark, DD_WHY)}</span>'
            f'{player_comment(note.get("player_comment"))}<div class="dd">{dd_line(note, objective)}</div>{sd_line(note, objective)}')








def _unrated_tricks(abn: Json) -> str:
    """The tricks straight from the board when the play could not be rated."""
    tricks = (abn.get("play") or {}).get("tricks") or []
    if not tricks:
        return ""
    # Unrated, the board's marks and commentary are all the player's.
    rows = [[str(n)] + [card_html(c.get("card", "")) + player_mark(c.get("mark")) + player_comment(c.get("comment"))
                        for c in t] for n, t in enumerate(tricks, 1)]
    width = max(len(r) for r in rows)
    return "<h3>" + _("Play (not rated)") + "</h3>" + table_html([_("trick")] + [""] * (width - 1),
                                                [r + [""] * (width - len(r)) for r in rows], left=width)


# -- decisions -------------------------------------------------------------------------

_OPT_CLASS = ' class="l opt"'
_DECIDER_WHY = N_("from the decider's knowledge, beyond the noise")
# The decider's side's figures (docs/rating.md): its chance to win the match and the round in play
# (match objective), its tricks, its chance to win the deal (the makers take 3+, the defenders hold them
# to 2 or fewer), to take all five and none, its points and net; what the option gives up against the top.
_COLUMN_MEANING = {
    "P(match)": N_("the deciding side's chance to win the match, ± its 95% interval"),
    "P(round)": N_("the deciding side's chance to win the round in play"),
    "E[tricks]": N_("the deciding side's mean tricks"),
    "P(win)": N_("the deciding side's chance to win the deal"),
    "P(5)": N_("the deciding side's chance to take all five tricks"),
    "P(0)": N_("the deciding side's chance to take no trick"),
    "points": N_("the deciding side's mean deal points"),
    "net": N_("the deciding side's mean points minus the other side's"),
    "net ± CI": N_("the deciding side's mean points minus the other side's, ± its 95% interval"),
    "mark": N_("the annotator's mark for choosing this option (?! inaccuracy, ? mistake, ?? blunder)"),
}
# The columns' headings, by their English names (the keys of the cells).
_COLUMN_HEADING = {"option": N_("option"), "P(match)": N_("P(match)"), "P(round)": N_("P(round)"),
                   "E[tricks]": N_("E[tricks]"), "P(win)": N_("P(win)"), "P(5)": N_("P(5)"), "P(0)": N_("P(0)"),
                   "points": N_("points"), "net": N_("net"), "net ± CI": N_("net ± CI"),
                   "Δ ± CI (pp)": N_("Δ ± CI (pp)"), "Δ ± CI": N_("Δ ± CI"), "mark": N_("mark"), "best": N_("best"),
                   "chosen": N_("chosen")}


def _has_tricks(d: object) -> bool:
    """A decision rated with its mean tricks (``annotate --tricks``; else they are null)."""
    rating = d.get("rating") if isinstance(d, Mapping) else None
    options = rating.get("options") if isinstance(rating, Mapping) else None
    return any(isinstance(o, Mapping) and isinstance(o.get("for_decider"), Mapping)
               and o["for_decider"].get("tricks") is not None for o in options or [])


def _decision_head(objective: object, tricks: bool = True) -> list[str]:
    delta = "Δ ± CI (pp)" if is_chance(objective) else "Δ ± CI"
    figures = [*(["E[tricks]"] if tricks else []), "P(win)", "P(5)", "P(0)", "points"]
    if objective == "match":
        return ["option", "P(match)", "P(round)", *figures, "net", delta, "mark", "best", "chosen"]
    return ["option", *figures, "net ± CI", delta, "mark", "best", "chosen"]


def _decisions(board: int, decisions: Sequence[Json], objective: object) -> str:
    if not decisions:
        return ""
    objective = next((d["rating"]["objective"] for d in decisions
                      if isinstance(d.get("rating"), Mapping) and d["rating"].get("objective")), objective)
    return "<h3>" + _("Decisions") + "</h3>" + "".join(f'<div class="decision-block" id="{decision_id(board, i)}">'
                                                  f'{_decision(d, objective)}</div>' for i, d in enumerate(decisions))


def _decision(d: Json, objective: object) -> str:
    rating = d.get("rating") or {}
    mark = d.get("mark") or ""
    loss = d.get("loss")
    lost = of_unit(amount(loss, objective), objective)
    if mark or d.get("error"):
        name = mark_name(mark) if mark else _("error")
        verdict = (f'<span class="flag">{mark_html(mark, _DECIDER_WHY)} '
                   + _("{mark}: loses {lost}").format(mark=escape(name), lost=lost) + "</span>")
    else:
        given = as_float(loss)
        verdict = '<span class="ok">' + _("ok") + "</span>" + (
            ' <span class="muted">' + _("(gives up {lost}, not marked)").format(lost=lost) + "</span>"
            if given is not None and given > 0.0005 else "")
    side = _("maker") if rating.get("maker") else _("defender")
    figures_for = word(rating.get("side") or ("makers" if rating.get("maker") else "defenders"))
    worlds = (_("{n} worlds (exact)") if rating.get("exact") else _("{n} worlds")).format(n=num(rating.get("worlds")))
    if rating.get("play") == "realistic":
        worlds = _("{n} worlds played out, every seat from its own knowledge").format(n=num(rating.get("worlds")))
    state = rating.get("state") if isinstance(rating.get("state"), Mapping) else None
    at = ""
    if state:
        at = (_(", at {score} (assumed: the score is not known)") if rating.get("state_assumed") else
              _(", at {score}")).format(score=escape(state.get("text", "")))
    said = _("{decision} by {seat} ({side}): chose {option} — {verdict}").format(
        decision=f'<b>{escape(word(d.get("decision", "")))}</b>', seat=escape(d.get("seat", "")), side=side,
        option=option_html(d.get("chosen", "")), verdict=verdict)
    how = _("{worlds}; figures for the {side}, objective {objective}{at}").format(
        worlds=worlds, side=escape(figures_for), objective=escape(rating.get("objective", "")), at=at)
    head = (f'<div class="decision" data-decision="{escape(d.get("decision", ""))}">{said} '
            f'<span class="muted">{how}</span></div>')
    columns = _decision_head(objective, _has_tricks(d))
    rows = "".join(_option_row(o, d, columns, objective) for o in rating.get("options") or [])
    head_row = "<tr>" + "".join(
        f'<th{" class=l" if i == 0 else ""}' + (f' title="{escape(_(_COLUMN_MEANING[h]))}"' if h in _COLUMN_MEANING
                                                else "")
        + f">{escape(_(_COLUMN_HEADING[h]) if h in _COLUMN_HEADING else h)}</th>" for i, h in enumerate(columns)) \
        + "</tr>"
    return head + scroll_box(f"<table>{head_row}{rows}</table>") + _double_dummy_line(rating, objective)


def _double_dummy_line(rating: Json, objective: object) -> str:
    """A realistic rating's double-dummy figures of the same worlds, one line under its table."""
    dd = rating.get("double_dummy")
    if not isinstance(dd, Mapping):
        return ""
    options = [o for o in dd.get("options") or [] if isinstance(o, Mapping)]
    key = "equity" if objective == "match" else "net"
    figures = ", ".join(f'{option_html(o.get("option", ""))} '
                        + (pct((o.get("for_decider") or {}).get(key)) if key == "equity"
                           else num((o.get("for_decider") or {}).get(key))) for o in options)
    best = f'★ {option_html(dd["best"])}; ' if dd.get("best") else ""
    said = _("double dummy (every player sees all cards after the decision): {best}{unit} {figures}").format(
        best=best, unit=escape(unit(objective)), figures=figures)
    return f'<p class="muted dd">{said}</p>'


def _option_row(o: Json, d: Json, columns: Sequence[str], objective: object) -> str:
    chosen = o.get("option") == d.get("chosen")
    classes = " ".join(c for c, on in (("best", o.get("best")), ("chosen", chosen),
                                       ("error", chosen and d.get("error"))) if on)
    f = o.get("for_decider") or {}
    ci = f.get("ci95") or {}
    half = as_float(ci.get("equity"))
    cell = {
        "option": option_html(o.get("option", "")),
        "P(match)": pct(f.get("equity")) + ("" if half is None else f" ± {fixed(100 * half, 1)}"),
        "P(round)": pct(f.get("p_round")),
        "E[tricks]": num(f.get("tricks")), "P(win)": pct(f.get("p_win")), "P(5)": pct(f.get("p_all")),
        "P(0)": pct(f.get("p_none")), "points": num(f.get("points")), "net": num(f.get("net")),
        "net ± CI": f'{num(f.get("net"))} ± {num(ci.get("net"))}',
        "mark": mark_html(o.get("mark"), _DECIDER_WHY),
        "best": "★ " + _("best") if o.get("best") else "",
        "chosen": ("◀ " + _("chosen") + (' <span class="flag">' + _("error") + "</span>" if d.get("error") else ""))
                  if chosen else "",
    }
    tds = "".join(f"<td{_OPT_CLASS if i == 0 else ''}>"
                  + (cell[h] if h in cell else delta(f.get("delta"), f.get("delta_ci95"), objective)) + "</td>"
                  for i, h in enumerate(columns))
    return f'<tr class="{classes}">{tds}</tr>'


# -- errors ----------------------------------------------------------------------------


def _errors(errors: Sequence[object]) -> str:
    if not errors:
        return ""
    items = "".join(f"<li>{escape(e)}</li>" for e in errors)
    return ('<section id="errors"><h2>' + _("Boards that could not be annotated")
            + f'</h2><ul class="errors">{items}</ul></section>')
