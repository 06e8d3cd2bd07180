"""A self-contained HTML page of annotated games.

:func:`render_html` turns the JSON-ready dict of :func:`altbaumer.report.annotate.report`
into one HTML5 page: inline CSS, inline SVG charts, no script and no network
resources, so the file can be mailed or opened offline. The page shows the
totals and the per-match and per-player summaries, then every board: the deal
as dealt around a compass (N top, S bottom, W left, E right), the facts of the
bidding, every trick with its marks and double-dummy commentary, a chart of
the makers' double-dummy tricks after every card, and the decision tables.
The trump, the makers and the lone player are the replayed record's (a file
may leave the ``[Trump]`` tag out). The player's own marks and commentary (on
cards and tags) are shown beside the annotator's, each in its own style.
Every text taken from the report (tags come from user files) is escaped.

>>> page = render_html({"boards": [], "errors": ["x.abn:3: <bad> deal"]}, title="A & B")
>>> page.startswith("<!DOCTYPE html>"), "<title>A &amp; B</title>" in page
(True, True)
>>> "x.abn:3: &lt;bad&gt; deal" in page, "<bad>" in page
(True, False)
>>> card_html("QC")
'<span class="card tree" data-card="QC">Q♣</span>'
"""

from __future__ import annotations

import html
from typing import Any, Iterable, Mapping, Optional, Sequence

from altbaumer.errors import CardParseError
from altbaumer.game.cards import Card, Suit

__all__ = ["render_html", "card_html"]

Json = Mapping[str, Any]

_SEATS = ("N", "E", "S", "W")
_SEAT_TAGS = {"N": "North", "E": "East", "S": "South", "W": "West"}
_PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
_ENGINE_MARK = "the annotator's mark: double dummy, ? a trick lost, ?? the score changed"
_PLAYER_MARK = "the player's own mark, from the file"
_PLAYER_COMMENT = "the player's own commentary, from the file"
_LEGEND = (f'<p class="legend">Marks: <span class="mark q1" title="{_ENGINE_MARK}">?</span> '
           f'<span class="mark q2" title="{_ENGINE_MARK}">??</span> the annotator\'s, double dummy '
           f'(a trick lost, the score changed); <span class="pmark" title="{_PLAYER_MARK}">!</span> and '
           f'<span class="pc">commentary in italics</span>: the player\'s own, from the file.</p>')
_SUMMARY_COLUMNS = (
    ("boards", "boards"), ("cards", "cards"), ("dd_errors", "DD errors (?)"), ("dd_blunders", "blunders (??)"),
    ("tricks_lost", "tricks lost"), ("sd_errors", "SD errors"), ("decision_errors", "decision errors"),
    ("points_lost", "points lost"))

_CSS = """
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:0;
 padding:1em 2em;color:#1b1b1b;background:#fafaf7}
h1{margin:.2em 0}h2{margin:1.2em 0 .4em;border-bottom:2px solid #ccc}h3{margin:.8em 0 .3em}
table{border-collapse:collapse;margin:.3em 0 .8em;background:#fff}
th,td{border:1px solid #d4d4d4;padding:2px 7px;text-align:right;vertical-align:top}
th{background:#eef0f3}td.l,th.l{text-align:left}
section.board{background:#fff;border:1px solid #ccc;border-radius:6px;padding:.6em 1.2em;margin:1.2em 0}
.top{display:flex;flex-wrap:wrap;gap:2em;align-items:flex-start}
.deal{display:grid;grid-template-columns:repeat(3,9.5em);grid-template-rows:repeat(3,auto);gap:.3em}
.hand{border:1px solid #bbb;border-radius:4px;padding:.2em .5em;background:#fdfdfb}
.hand.out{opacity:.45}.hand .who{font-weight:bold}.hand .role{color:#666;font-size:85%}
.seat-N{grid-column:2;grid-row:1}.seat-W{grid-column:1;grid-row:2}.seat-E{grid-column:3;grid-row:2}
.seat-S{grid-column:2;grid-row:3}.centre{grid-column:2;grid-row:2;text-align:center;align-self:center;color:#555}
.card,.suit{font-weight:bold;white-space:nowrap;font-variant-emoji:text}
.red{color:#c1121f}.black{color:#111}.tree{color:#138a36}.hand .tree{font-weight:bold}
div.facts{max-width:24em}dl.facts{display:grid;grid-template-columns:max-content auto;gap:0 1em;margin:0}
dl.facts dt{color:#555}dl.facts dd{margin:0}
td{min-width:2em}.seatlbl{color:#666;font-size:85%;margin-right:.3em}
.mark{font-weight:bold;margin-left:.15em}.mark.q1{color:#e07b00}.mark.q2{color:#d00000}
.played[data-mark="?"]{background:#fff4e0}.played[data-mark="??"]{background:#ffe3e3}
.pmark{font-style:italic;color:#1d4ed8;margin-left:.15em;padding:0 .15em;border:1px solid #9db4f0;border-radius:3px}
.pc{font-size:85%;font-style:italic;color:#1d4ed8;white-space:pre-line;max-width:16em;text-align:left}
ul.pc{padding-left:1.2em;max-width:24em}p.legend{font-size:85%;color:#555}
.dd{font-size:80%;color:#555}.sd{font-size:80%;color:#6a3d9a}
svg.chart{background:#fff;border:1px solid #ddd}svg .grid{stroke:#e4e4e4}svg .axis{fill:#555;font-size:10px}
svg .line{fill:none;stroke:#2b6cb0;stroke-width:2}svg .pt{fill:#2b6cb0}svg .turned{fill:#d00000}
svg .make{stroke:#9ac;stroke-dasharray:3 3}
tr.best td.opt{font-weight:bold}tr.chosen{background:#eef6ff}tr.chosen.error{background:#ffe3e3}
.flag{font-weight:bold;color:#d00000}.ok{color:#138a36}.muted{color:#777}
ul.errors li{color:#a00}ul.notes{font-size:85%;color:#555;padding-left:1.2em}figure{margin:0}
"""


def render_html(report: Json, title: str = "altbaumer annotation") -> str:
    """One self-contained HTML5 page for the report of
    :func:`altbaumer.report.annotate.report` (see the module docstring)."""
    boards = list(report.get("boards") or [])
    body = [f"<h1>{_e(title)}</h1>", _header(report, boards)]
    body += [_board(i, board) for i, board in enumerate(boards, 1)]
    body.append(_errors(report.get("errors") or []))
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<title>{_e(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")


# -- small pieces ---------------------------------------------------------------------


def _e(value: object) -> str:
    """Escaped text (quotes too, so it is safe in attributes)."""
    return html.escape(str(value), quote=True)


def _num(value: object, digits: int = 2) -> str:
    """A number formatted; anything else escaped; None as a dash."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return _e(value)


def _pct(value: object) -> str:
    return f"{value * 100:.1f}%" if isinstance(value, (int, float)) and not isinstance(value, bool) else _num(value)


def _parse(text: object) -> Optional[Card]:
    try:
        return Card.parse(text) if isinstance(text, str) else None
    except (CardParseError, ValueError):
        return None


def _suit_class(suit: Suit) -> str:
    return "red" if suit in (Suit.HEARTS, Suit.DIAMONDS) else "black"


def card_html(text: object) -> str:
    """One card as a coloured span (the Trees green); text that is not a
    card is escaped as it is."""
    card = _parse(text)
    if card is None:
        return _e(text)
    cls = "tree" if card.is_tree else _suit_class(card.suit)
    return f'<span class="card {cls}" data-card="{card.ascii()}">{card}</span>'


def _cards_html(cards: Iterable[object], empty: str = "—") -> str:
    parts = [card_html(c) for c in cards]
    return " ".join(parts) if parts else f'<span class="muted">{empty}</span>'


def _suit_html(letter: object) -> str:
    try:
        suit = Suit.parse(letter) if isinstance(letter, str) and letter else None
    except (CardParseError, ValueError):
        suit = None
    if suit is None:
        return _num(letter or None)
    return f'<span class="suit {_suit_class(suit)}">{suit.symbol}</span>'


def _table(head: Sequence[str], rows: Iterable[Sequence[str]], left: int = 1) -> str:
    """A table of already-escaped cells; the first ``left`` columns align left."""
    def row(cells: Sequence[str], tag: str) -> str:
        return "<tr>" + "".join(f'<{tag}{" class=l" if i < left else ""}>{c}</{tag}>'
                                for i, c in enumerate(cells)) + "</tr>"
    return ("<table>" + row(head, "th") + "".join(row(r, "td") for r in rows) + "</table>")


# -- the header ------------------------------------------------------------------------


def _header(report: Json, boards: list[Json]) -> str:
    parts = ["<header>"]
    if report.get("total"):
        parts += ["<h2>Totals</h2>", _summary_table({"all boards": report["total"]}, "")]
    if report.get("matches"):
        parts += ["<h2>Matches</h2>", _summary_table(report["matches"], "match")]
    if report.get("players"):
        parts += ["<h2>Players</h2>", _summary_table(report["players"], "player")]
    if boards:
        parts += ["<h2>Boards</h2>", _board_index(boards), _LEGEND]
    parts.append("</header>")
    return "\n".join(parts)


def _summary_table(rows: Mapping[str, Json], label: str) -> str:
    columns = [(k, t) for k, t in _SUMMARY_COLUMNS if any(k in r for r in rows.values())]
    extra = sorted({k for r in rows.values() for k in r} - {k for k, _ in _SUMMARY_COLUMNS})
    columns += [(k, k) for k in extra]
    body = [[_e(name)] + [_num(row.get(k), 3) for k, _ in columns] for name, row in rows.items()]
    return _table([_e(label)] + [_e(t) for _, t in columns], body)


def _board_index(boards: list[Json]) -> str:
    rows = []
    for i, b in enumerate(boards, 1):
        s, abn = b.get("summary") or {}, b.get("abn") or {}
        rows.append([f'<a href="#board-{i}">{_e(b.get("board", i))}</a>', _e(b.get("source", "")),
                     _e(b.get("dealer", "")), _suit_html(b.get("trump")), _num(b.get("start")),
                     _num(b.get("result")), _num(s.get("dd_errors")), _num(s.get("decision_errors")),
                     _num(s.get("points_lost"), 3)])
    head = ["board", "source", "dealer", "trump", "DD start", "result", "DD errors", "decision errors",
            "points lost"]
    return _table(head, rows, left=2)


# -- one board -------------------------------------------------------------------------


def _board(index: int, board: Json) -> str:
    abn = board.get("abn") or {}
    title = f'Board {_e(board.get("board", index))}'
    where = f'{_e(board.get("source", ""))}:{_e(board.get("line", ""))}' if board.get("source") else ""
    parts = [f'<section class="board" id="board-{index}">', f'<h2>{title} <span class="muted">{where}</span></h2>',
             '<div class="top">', _deal(board, abn), _facts(board, abn), "</div>",
             '<div class="top">', _tricks(board, abn), _chart(board), "</div>",
             _decisions(board.get("decisions") or []), _skipped(board.get("skipped") or []), "</section>"]
    return "\n".join(p for p in parts if p)


def _lone_out(board: Json) -> str:
    """The seat that sits out: the partner of the lone player, if any."""
    lone = board.get("lone")
    return _PARTNER.get(lone, "") if isinstance(lone, str) else ""


def _deal(board: Json, abn: Json) -> str:
    hands = abn.get("hands") or {}
    tags = board.get("tags") or abn.get("tags") or {}
    out = _lone_out(board)
    panels = [_hand_panel(seat, hands.get(seat) or [], board, tags, seat == out) for seat in _SEATS]
    centre = (f'<div class="centre">trump {_suit_html(board.get("trump"))}<br>'
              f'<span class="muted">stock</span><br>{_cards_html(abn.get("stock") or [])}</div>')
    return '<div class="deal">' + "".join(panels) + centre + "</div>"


def _hand_panel(seat: str, cards: Sequence[object], board: Json, tags: Json, out: bool) -> str:
    roles = [r for r, s in (("dealer", board.get("dealer")), ("forehand", board.get("forehand"))) if s == seat]
    if out:
        roles.append("sits out")
    name = tags.get(_SEAT_TAGS[seat])
    who = f'{seat}{" " + _e(name) if name else ""}'
    role = f' <span class="role">{_e(", ".join(roles))}</span>' if roles else ""
    return (f'<div class="hand seat-{seat}{" out" if out else ""}" data-seat="{seat}">'
            f'<div class="who">{who}{role}</div>{_hand_lines(cards)}</div>')


def _hand_lines(cards: Sequence[object]) -> str:
    """Four suit lines (♣ ♠ ♥ ♦), ace first, as in the terminal."""
    parsed = sorted((c for c in (_parse(t) for t in cards) if c is not None), key=lambda c: (c.suit, -c.rank))
    lines = []
    for suit in Suit:
        held = [c for c in parsed if c.suit is suit]
        ranks = " ".join(f'<span class="tree" data-card="{c.ascii()}">{c.rank.label}</span>' if c.is_tree
                         else f'<span data-card="{c.ascii()}">{c.rank.label}</span>' for c in held)
        lines.append(f'<div><span class="suit {_suit_class(suit)}">{suit.symbol}</span> '
                     f'{ranks or "<span class=muted>—</span>"}</div>')
    bad = [t for t in cards if _parse(t) is None]
    if bad:
        lines.append(f'<div class="muted">{_e(" ".join(map(str, bad)))}</div>')
    return "".join(lines)


def _facts(board: Json, abn: Json) -> str:
    lone = board.get("lone") or ""
    facts = [("dealer", _e(board.get("dealer", ""))), ("forehand", _e(board.get("forehand", ""))),
             ("makers", _e(board.get("makers") or "—")),
             ("trump", _suit_html(board.get("trump"))), ("turn", _e(abn.get("turn") or "—")),
             ("discard", _cards_html(abn.get("discard") or [])),
             ("lone", _e(f"{lone} alone, {_PARTNER.get(lone, '?')} sits out") if lone else "—")]
    if abn.get("cut"):
        facts.append(("cut", _cards_html(abn["cut"])))
    facts += [("DD at first lead", _num(board.get("start"))), ("result", _num(board.get("result")))]
    tags = board.get("tags") or {}
    facts += [(_e(k), _e(v)) for k, v in tags.items() if k not in _SEAT_TAGS.values()]
    rows = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in facts)
    notes = "".join(f"<li>{_e(n)}</li>" for n in abn.get("notes") or [])
    return (f'<div class="facts"><dl class="facts">{rows}</dl>{_tag_comments(board.get("player_comments") or {})}'
            f'{f"<ul class=notes>{notes}</ul>" if notes else ""}</div>')


def _tag_comments(comments: Json) -> str:
    """The player's commentary on the tags, in the player's style."""
    if not comments:
        return ""
    items = "".join(f'<li data-tag="{_e(tag)}"><b>[{_e(tag)}]</b> {_e(text)}</li>' for tag, text in comments.items())
    return f'<ul class="pc" title="{_PLAYER_COMMENT}">{items}</ul>'


def _skipped(skipped: Sequence[object]) -> str:
    if not skipped:
        return ""
    return "<h3>Not rated</h3><ul>" + "".join(f"<li>{_e(s)}</li>" for s in skipped) + "</ul>"


# -- the tricks ------------------------------------------------------------------------


def _tricks(board: Json, abn: Json) -> str:
    cards = board.get("cards") or []
    if not cards:
        return _unrated_tricks(abn)
    rows = [[_e(notes[0].get("trick", ""))] + [_play_cell(c) for c in notes] for notes in _group(cards)]
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    table = _table(["trick"] + [f"card {i}" for i in range(1, width)], rows, left=width)
    return f"<div><h3>Play</h3>{table}</div>"


def _play_cell(note: Json) -> str:
    mark, own = note.get("mark") or "", note.get("player_mark") or ""
    dd = f'{_num(note.get("before"))}&gt;{_num(note.get("after"))}'
    if mark:
        dd += f' best {_cards_html(note.get("best") or [])}'
    seat, card = _e(note.get("seat", "")), _e(note.get("card", ""))
    return (f'<span class="played" data-seat="{seat}" data-card="{card}" data-mark="{_e(mark)}" '
            f'data-player-mark="{_e(own)}"><span class="seatlbl">{seat}</span>{card_html(note.get("card", ""))}'
            f'{_player_mark(own)}{_engine_mark(mark)}</span>{_player_comment(note.get("player_comment"))}'
            f'<div class="dd">dd {dd}</div>{_sd_line(note)}')


def _engine_mark(mark: str) -> str:
    """The annotator's ? or ?? (docs/annotate.md)."""
    cls = {"?": "q1", "??": "q2"}.get(mark, "")
    return f'<span class="mark {cls}" title="{_ENGINE_MARK}">{_e(mark)}</span>' if mark else ""


def _player_mark(mark: object) -> str:
    """A mark the file gave the card (! ? !! ?? !? ?!), in the player's style."""
    return f'<span class="pmark" title="{_PLAYER_MARK}">{_e(mark)}</span>' if mark else ""


def _player_comment(comment: object) -> str:
    return f'<div class="pc" title="{_PLAYER_COMMENT}">{_e(comment)}</div>' if comment else ""


def _sd_line(note: Json) -> str:
    """The single-dummy verdict on a card, when it was rated and lost beyond its interval."""
    rating = note.get("single_dummy")
    if not rating:
        return ""
    option = next((o for o in rating.get("options") or [] if o.get("option") == note.get("card")), None)
    if option is None or not rating.get("error", abs(option.get("delta", 0)) > option.get("delta_ci95", 0)):
        return ""
    return (f'<div class="sd">sd {_e(rating.get("objective", ""))} {_signed(option.get("delta"))}'
            f'±{_num(option.get("delta_ci95"))} best {card_html(rating.get("best", ""))}</div>')


def _signed(value: object) -> str:
    return f"{value:+.2f}" if isinstance(value, (int, float)) and not isinstance(value, bool) else _num(value)


def _unrated_tricks(abn: Json) -> str:
    """The tricks straight from the board when the play could not be rated."""
    tricks = (abn.get("play") or {}).get("tricks") or []
    if not tricks:
        return ""
    # Unrated, the board's marks and commentary are all the player's.
    rows = [[str(n)] + [card_html(c.get("card", "")) + _player_mark(c.get("mark")) + _player_comment(c.get("comment"))
                        for c in t] for n, t in enumerate(tricks, 1)]
    width = max(len(r) for r in rows)
    return "<h3>Play (not rated)</h3>" + _table(["trick"] + [""] * (width - 1),
                                                [r + [""] * (width - len(r)) for r in rows], left=width)


# -- the chart -------------------------------------------------------------------------

_W, _H, _ML, _MR, _MT, _MB = 340, 150, 26, 10, 10, 24


def _chart(board: Json) -> str:
    """The makers' double-dummy tricks after every card (x 0..20, y 0..5),
    with the points where the value changed in red."""
    cards, start = board.get("cards") or [], board.get("start")
    if not cards or not isinstance(start, int):
        return ""
    per_trick = max(len(t) for t in _group(cards))
    span = max(5 * per_trick, len(cards))
    values = [start] + [int(c.get("after", start)) for c in cards]
    xy = [_point(i, v, span) for i, v in enumerate(values)]
    dots = [_dot(xy[i], values[i], cards[i - 1] if i else None, values[i - 1] if i else None)
            for i in range(len(values))]
    turned = [f"{i} ({_e(c.get('seat', ''))} {card_html(c.get('card'))}: {values[i - 1]}&gt;{values[i]})"
              for i, c in enumerate(cards, 1) if values[i] != values[i - 1]]
    caption = "where the deal turned: " + ", ".join(turned) if turned else "the double-dummy value never changed"
    svg = (f'<svg class="chart" width="{_W}" height="{_H}" viewBox="0 0 {_W} {_H}" role="img" '
           f'aria-label="makers double-dummy tricks after every card">{_grid(span, per_trick)}'
           f'<polyline class="line" points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in xy)}"/>'
           + "".join(dots) + "</svg>")
    return (f'<figure class="dd-chart"><h3>Double-dummy tricks</h3>{svg}'
            f'<figcaption class="dd">{caption}</figcaption></figure>')


def _group(cards: Sequence[Json]) -> list[list[Json]]:
    """The cards by trick, in play order."""
    tricks: dict[object, list[Json]] = {}
    for c in cards:
        tricks.setdefault(c.get("trick"), []).append(c)
    return list(tricks.values())


def _point(i: int, value: int, span: int) -> tuple[float, float]:
    return (_ML + i * (_W - _ML - _MR) / span, _MT + (5 - value) * (_H - _MT - _MB) / 5)


def _grid(span: int, per_trick: int) -> str:
    parts = []
    for v in range(6):
        (x0, y), (x1, _) = _point(0, v, span), _point(span, v, span)
        cls = "make" if v == 3 else "grid"
        parts.append(f'<line class="{cls}" x1="{x0:.1f}" y1="{y:.1f}" x2="{x1:.1f}" y2="{y:.1f}"/>'
                     f'<text class="axis" x="{x0 - 6:.1f}" y="{y + 3:.1f}" text-anchor="end">{v}</text>')
    for i in range(0, span + 1, per_trick):
        (x, y0), (_, y1) = _point(i, 5, span), _point(i, 0, span)
        parts.append(f'<line class="grid" x1="{x:.1f}" y1="{y0:.1f}" x2="{x:.1f}" y2="{y1:.1f}"/>'
                     f'<text class="axis" x="{x:.1f}" y="{y1 + 13:.1f}" text-anchor="middle">{i}</text>')
    return "".join(parts)


def _dot(xy: tuple[float, float], value: int, card: Optional[Json], previous: Optional[int]) -> str:
    turned = previous is not None and value != previous
    label = (f"card {_e(card.get('card', ''))} by {_e(card.get('seat', ''))}: {previous}&gt;{value}" if card
             else f"first lead: {value}")
    return (f'<circle class="{"turned" if turned else "pt"}" cx="{xy[0]:.1f}" cy="{xy[1]:.1f}" '
            f'r="{4.5 if turned else 2.5}"><title>{label}</title></circle>')


# -- decisions -------------------------------------------------------------------------

_OPT_CLASS = ' class="l opt"'
# The decider's side's figures (docs/rating.md): its tricks, its chance to win the deal (the makers
# take 3+, the defenders hold them to 2 or fewer), to take all five and none, its points and net.
_DECISION_HEAD = ["option", "E[tricks]", "P(win)", "P(5)", "P(0)", "points", "net ± CI", "Δ ± CI", "best", "chosen"]


def _decisions(decisions: Sequence[Json]) -> str:
    if not decisions:
        return ""
    return "<h3>Decisions</h3>" + "".join(_decision(d) for d in decisions)


def _decision(d: Json) -> str:
    rating = d.get("rating") or {}
    verdict = (f'<span class="flag">error: loses {_num(d.get("loss"), 3)} net</span>' if d.get("error")
               else '<span class="ok">ok</span>')
    side = "maker" if rating.get("maker") else "defender"
    figures_for = rating.get("side") or ("makers" if rating.get("maker") else "defenders")
    worlds = f'{_num(rating.get("worlds"))} worlds{" (exact)" if rating.get("exact") else ""}'
    head = (f'<div class="decision" data-decision="{_e(d.get("decision", ""))}"><b>{_e(d.get("decision", ""))}</b> '
            f'by {_e(d.get("seat", ""))} ({side}): chose {card_html(d.get("chosen", ""))} — {verdict} '
            f'<span class="muted">{worlds}; figures for the {_e(figures_for)}, objective {_e(rating.get("objective", ""))}'
            f'</span></div>')
    rows = [_option_row(o, d) for o in rating.get("options") or []]
    body = "".join(rows)
    head_row = "<tr>" + "".join(f'<th{" class=l" if i == 0 else ""}>{_e(h)}</th>'
                                for i, h in enumerate(_DECISION_HEAD)) + "</tr>"
    return head + f"<table>{head_row}{body}</table>"


def _option_row(o: Json, d: Json) -> str:
    chosen = o.get("option") == d.get("chosen")
    classes = " ".join(c for c, on in (("best", o.get("best")), ("chosen", chosen),
                                       ("error", chosen and d.get("error"))) if on)
    f = o.get("for_decider") or {}
    ci = f.get("ci95") or {}
    cells = [card_html(o.get("option", "")), _num(f.get("tricks")), _pct(f.get("p_win")),
             _pct(f.get("p_all")), _pct(f.get("p_none")), _num(f.get("points")),
             f'{_num(f.get("net"))} ± {_num(ci.get("net"))}',
             f'{_signed(f.get("delta"))} ± {_num(f.get("delta_ci95"))}',
             "★ best" if o.get("best") else "", ("◀ chosen" + (' <span class="flag">error</span>'
                                                             if d.get("error") else "")) if chosen else ""]
    tds = "".join(f"<td{_OPT_CLASS if i == 0 else ''}>{c}</td>" for i, c in enumerate(cells))
    return f'<tr class="{classes}">{tds}</tr>'


# -- errors ----------------------------------------------------------------------------


def _errors(errors: Sequence[object]) -> str:
    if not errors:
        return ""
    items = "".join(f"<li>{_e(e)}</li>" for e in errors)
    return f'<section id="errors"><h2>Boards that could not be annotated</h2><ul class="errors">{items}</ul></section>'
