"""The SVG charts of the HTML report: N-S's chance to win the match deal by
deal, and the makers' double-dummy tricks card by card. Inline SVG, no script.

>>> svg = match_graph("m", [{"board": "1", "section": 1, "before": 0.5, "after": 1.0}])
>>> svg.count('<circle class="deal"'), '<a href="#board-1">' in svg
(1, True)
>>> [len(t) for t in by_trick([{"trick": 1}, {"trick": 1}, {"trick": 2}])]
[2, 1]
"""

from __future__ import annotations

import math
from typing import Any, Mapping, Optional, Sequence

from altbaumer.lang import _
from altbaumer.report.html_text import as_float, card_html, delta, escape, fixed, pct, percent_text

__all__ = ["match_graph", "tricks_chart", "by_trick"]

Json = Mapping[str, Any]

# -- the match graph -------------------------------------------------------------------

_GW_MIN, _GW_MAX, _GH, _GML, _GMR, _GMT, _GMB = 340, 960, 190, 52, 14, 10, 34
_PER_DEAL = 44  # pixels a deal is given, within the bounds of the width


def match_graph(name: str, graph: Sequence[Json]) -> str:
    """N-S's chance to win the match before each deal and after the last
    (x the deals in order, y 0..100%), a dot per deal linked to its board."""
    deals = [d for d in graph if isinstance(d, Mapping) and as_float(d.get("before")) is not None]
    if not deals:
        return ""
    n = len(deals)
    last = as_float(deals[-1].get("after"))
    width = min(_GW_MAX, max(_GW_MIN, _GML + _GMR + _PER_DEAL * n))
    span = n if last is not None else max(n - 1, 1)

    def point(i: float, p: float) -> tuple[float, float]:
        return (_GML + i * (width - _GML - _GMR) / span, _GMT + (1 - min(max(p, 0.0), 1.0)) * (_GH - _GMT - _GMB))

    values = [as_float(d.get("before")) or 0.0 for d in deals] + ([last] if last is not None else [])
    xy = [point(i, v) for i, v in enumerate(values)]
    grid = []
    for p in (0.0, 0.25, 0.5, 0.75, 1.0):
        (x0, y), (x1, _y) = point(0, p), point(span, p)
        grid.append(f'<line class="{"make" if p == 0.5 else "grid"}" x1="{x0:.1f}" y1="{y:.1f}" x2="{x1:.1f}" '
                    f'y2="{y:.1f}"/><text class="axis" x="{x0 - 5:.1f}" y="{y + 3:.1f}" '
                    f'text-anchor="end">{percent_text(p, 0)}</text>')
    step = max(1, math.ceil(n * 30 / (width - _GML - _GMR)))  # board labels at least 30 pixels apart
    bottom = _GH - _GMB
    for i, d in enumerate(deals):
        x = xy[i][0]
        grid.append(f'<line class="grid" x1="{x:.1f}" y1="{_GMT}" x2="{x:.1f}" y2="{bottom}"/>')
        if i % step == 0:
            grid.append(f'<text class="axis" x="{x:.1f}" y="{bottom + 12}" text-anchor="middle">'
                        f'{escape(d.get("board", i + 1))}</text>')
    if last is not None and n % step == 0:
        grid.append(f'<text class="axis" x="{xy[-1][0]:.1f}" y="{bottom + 12}" text-anchor="middle">'
                    + _("end") + "</text>")
    grid.append(f'<text class="axis" x="{(_GML + width - _GMR) / 2:.1f}" y="{_GH - 4}" text-anchor="middle">'
                + _("deal (board)") + f'</text><text class="axis" transform="rotate(-90)" x="{-(_GMT + bottom) / 2:.1f}" '
                'y="12" text-anchor="middle">' + _("N-S win the match") + "</text>")
    dots = []
    for (x, y), d in zip(xy, deals):
        section = d.get("section")
        after = as_float(d.get("after"))
        facts = dict(board=escape(d.get("board", "")), score=escape(d.get("score") or _("not known")),
                     before=pct(d.get("before")))
        if after is None:
            tip = _("board {board}, score {score}: N-S {before} to win the match before the deal").format(**facts)
        else:
            tip = _("board {board}, score {score}: N-S {before} to win the match before the deal, {after} after "
                    "({delta} pp)").format(**facts, after=pct(after),
                                           delta=delta(after - (as_float(d.get("before")) or 0.0), None, "match"))
        dot = f'<circle class="deal" cx="{x:.1f}" cy="{y:.1f}" r="4.5"><title>{tip}</title></circle>'
        dots.append(f'<a href="#board-{escape(section)}">{dot}</a>' if isinstance(section, int) else dot)
    if last is not None:
        x, y = xy[-1]
        dots.append(f'<circle class="end" cx="{x:.1f}" cy="{y:.1f}" r="3.5"><title>'
                    + _("after board {board}: N-S {chance} to win the match").format(
                        board=escape(deals[-1].get("board", "")), chance=pct(last)) + "</title></circle>")
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)
    svg = (f'<svg class="chart match-chart" width="{width}" height="{_GH}" viewBox="0 0 {width} {_GH}" role="img" '
           'aria-label="' + _("N-S's chance to win the match, deal by deal") + f'">{"".join(grid)}'
           f'<polyline class="line" points="{line}"/>{"".join(dots)}</svg>')
    afters = [as_float(d.get("after")) for d in deals]
    swings = [(after - before, d) for d, before, after in zip(deals, values, afters) if after is not None]
    caption = (_("N-S's chance to win the match before each deal and after the last: from {first} to {last}")
               if last is not None else _("N-S's chance to win the match before each deal: from {first} to {last}")
               ).format(first=pct(values[0]), last=pct(values[-1]))
    if swings:
        by, d = max(swings, key=lambda s: abs(s[0]))
        caption += _("; the largest swing: board {board} ({swing} pp)").format(
            board=escape(d.get("board", "")), swing=fixed(100 * by, 1, sign=True))
    caption += _(". Each dot links to its board; the dashed line is 50%.")
    heading = _("{match}: N-S's chance to win the match").format(match=escape(name))
    return (f'<figure class="match-graph" data-match="{escape(name)}"><h3>{heading}'
            f'</h3>{svg}<figcaption class="dd">{caption}</figcaption></figure>')


# -- the chart -------------------------------------------------------------------------

_W, _H, _ML, _MR, _MT, _MB = 340, 150, 26, 10, 10, 24


def tricks_chart(board: Json) -> str:
    """The makers' double-dummy tricks after every card (x 0..20, y 0..5),
    with the points where the value changed in red."""
    cards, start = board.get("cards") or [], board.get("start")
    if not cards or not isinstance(start, int):
        return ""
    per_trick = max(len(t) for t in by_trick(cards))
    span = max(5 * per_trick, len(cards))
    values = [start] + [int(c.get("after", start)) for c in cards]
    xy = [_point(i, v, span) for i, v in enumerate(values)]
    at = _dot_steps(board.get("steps") or [], len(values))
    dots = [_dot(xy[i], values[i], cards[i - 1] if i else None, values[i - 1] if i else None, at[i])
            for i in range(len(values))]
    turned = [f"{i} ({escape(c.get('seat', ''))} {card_html(c.get('card'))}: {values[i - 1]}&gt;{values[i]})"
              for i, c in enumerate(cards, 1) if values[i] != values[i - 1]]
    caption = (_("where the deal turned: {cards}").format(cards=", ".join(turned)) if turned
               else _("the double-dummy value never changed"))
    svg = (f'<svg class="chart" width="{_W}" height="{_H}" viewBox="0 0 {_W} {_H}" role="img" '
           'aria-label="' + _("makers double-dummy tricks after every card") + f'">{_grid(span, per_trick)}'
           f'<polyline class="line" points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in xy)}"/>'
           + "".join(dots) + "</svg>")
    return ('<figure class="dd-chart"><h3>' + _("Double-dummy tricks") + f'</h3>{svg}'
            f'<figcaption class="dd">{caption}</figcaption></figure>')


def _dot_steps(steps: Sequence[Json], dots: int) -> list[Optional[int]]:
    """The step each dot of the chart stands for (the position after its
    card, the first lead for the first dot), which a click on it shows; None
    without steps."""
    before = [i for i, s in enumerate(steps) if isinstance(s, Mapping) and s.get("card") is not None]
    at: list[Optional[int]] = [*before, before[-1] + 1] if before else []
    return at + [None] * (dots - len(at)) if len(at) <= dots else at[:dots]


def by_trick(cards: Sequence[Json]) -> list[list[Json]]:
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
        (x0, y), (x1, _y) = _point(0, v, span), _point(span, v, span)
        cls = "make" if v == 3 else "grid"
        parts.append(f'<line class="{cls}" x1="{x0:.1f}" y1="{y:.1f}" x2="{x1:.1f}" y2="{y:.1f}"/>'
                     f'<text class="axis" x="{x0 - 6:.1f}" y="{y + 3:.1f}" text-anchor="end">{v}</text>')
    for i in range(0, span + 1, per_trick):
        (x, y0), (_x, y1) = _point(i, 5, span), _point(i, 0, span)
        parts.append(f'<line class="grid" x1="{x:.1f}" y1="{y0:.1f}" x2="{x:.1f}" y2="{y1:.1f}"/>'
                     f'<text class="axis" x="{x:.1f}" y="{y1 + 13:.1f}" text-anchor="middle">{i}</text>')
    return "".join(parts)


def _dot(xy: tuple[float, float], value: int, card: Optional[Json], previous: Optional[int],
         step: Optional[int] = None) -> str:
    turned = previous is not None and value != previous
    label = (_("card {card} by {seat}: {before}&gt;{after}").format(
        card=escape(card.get("card", "")), seat=escape(card.get("seat", "")), before=previous, after=value) if card
             else _("first lead: {value}").format(value=value))
    jump = "" if step is None else f' data-step="{step}"'
    return (f'<circle class="{"turned" if turned else "pt"}" cx="{xy[0]:.1f}" cy="{xy[1]:.1f}" '
            f'r="{4.5 if turned else 2.5}"{jump}><title>{label}</title></circle>')


