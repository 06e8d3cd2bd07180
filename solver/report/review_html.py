"""The review page: a self-contained HTML page of :func:`altbaumer.report.review.review_report`.

Offline, as the annotation page is (inline CSS and SVG, the one inline script
of the analysis boards, nothing from the network): each player's review in
words and figures, a chart of the error rate by kind of decision (a bar per
player and kind), a chart of the error rate over the player's deals in order,
the worst decisions, each a link to its board at its point of play
(``#board-K-step-S``), and below them those boards, annotated, with their
analysis boards (:func:`altbaumer.report.html.board_section`).

>>> page = render_review({"objective": "match", "play": "dd", "boards": 0, "players": [], "errors": []}, [])
>>> page.startswith("<!DOCTYPE html>"), "<script" in page, "http" in page
(True, False, False)
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Optional, Sequence

from altbaumer.hidden.verdicts import MARKS
from altbaumer.lang import N_, _, number
from altbaumer.report.html import board_section, page_html
from altbaumer.report.html_text import cards_html, escape, mark_name, option_html, table_html, thresholds, unit
from altbaumer.report.review import KIND_WORDS, KINDS, BoardReview, per_choice, review_words

__all__ = ["render_review", "kinds_chart", "time_chart", "REVIEW_TITLE"]

Json = Mapping[str, Any]
REVIEW_TITLE = N_("altbaumer review")
_COLOURS = ("#2b6cb0", "#d97706", "#15803d", "#9333ea", "#dc2626", "#0891b2", "#4d7c0f", "#be185d")
_CSS = """
svg .bar{stroke:#fff;stroke-width:.5}svg .legend{font-size:11px;fill:#333}
svg .series{fill:none;stroke-width:2}p.words{max-width:60em}
"""
_W, _H, _ML, _MR, _MT, _MB = 640, 220, 56, 12, 24, 40


def render_review(data: Json, reviews: Sequence[BoardReview], title: Optional[str] = None) -> str:
    """The page for the review ``data`` of ``reviews`` (see the module docstring)."""
    objective, players = str(data.get("objective") or "match"), list(data.get("players") or [])
    sections = _boards_of_worst(players)
    boards = [reviews[i].notes.to_dict() for i in sections]
    body = [_intro(data), *(_player(row, objective, sections) for row in players)]
    if players:
        body += ["<h2>" + _("By kind of decision") + "</h2>", kinds_chart(players, objective),
                 "<h2>" + _("Over time") + "</h2>", time_chart(players, objective)]
    if boards:
        body.append("<h2>" + _("The boards of the worst decisions") + "</h2>")
        body += [board_section(k, board, objective) for k, board in enumerate(boards, 1)]
    return page_html(title or _(REVIEW_TITLE), body, boards, data.get("errors") or [], _CSS)


def _boards_of_worst(players: Sequence[Json]) -> dict[int, int]:
    """The reviewed boards that hold a worst decision, each with its section number (from 1)."""
    found: dict[int, int] = {}
    for row in players:
        for choice in row.get("worst") or []:
            found.setdefault(int(choice["review"]), len(found) + 1)
    return dict(sorted(found.items(), key=lambda item: item[1]))


def _intro(data: Json) -> str:
    how = (_("played out realistically: every seat plays the worlds from its own knowledge") if data.get("play") ==
           "realistic" else _("double dummy after each decision"))
    objective = data.get("objective")
    said = _("{n} boards reviewed. Every decision and every card with a choice was rated from its player's knowledge "
             "({how}), by the {unit}. A decision is marked when it gives up at least {limits} beyond the noise: "
             "{marks}.").format(n=number(int(data.get("boards") or 0)), how=how, unit=escape(unit(objective)),
                                limits=escape(thresholds(objective)),
                                marks=", ".join(f"{m} {mark_name(m)}" for m in MARKS))
    return f'<p class="words">{said}</p>'


def _player(row: Json, objective: str, sections: Mapping[int, int]) -> str:
    parts = [f'<section class="player"><h2>{escape(row["player"])}</h2>',
             f'<p class="words">{escape(review_words(row, objective))}</p>', _kinds_table(row, objective)]
    if row.get("worst"):
        parts += ["<h3>" + _("The costliest decisions") + "</h3>", _worst_table(row, objective, sections)]
    return "\n".join(parts) + "</section>"


def _kinds_table(row: Json, objective: str) -> str:
    lines = []
    for kind in KINDS:
        figures, marks = row["by_kind"][kind], row["marks"][kind]
        lines.append([_(KIND_WORDS[kind]), number(figures["decisions"]), per_choice(figures["error_rate"], objective),
                      *(str(marks[m]) for m in MARKS)])
    lines.append([_("all"), number(row["decisions"]), per_choice(row["error_rate"], objective),
                  *(str(sum(row["marks"][k][m] for k in KINDS)) for m in MARKS)])
    return table_html([_("kind of decision"), _("decisions"), _("given up a decision"), *MARKS], lines)


def _worst_table(row: Json, objective: str, sections: Mapping[int, int]) -> str:
    lines = []
    for choice in row["worst"]:
        section = sections[int(choice["review"])]
        step = int(choice["step"]) + 1  # the boards count their steps from 1
        link = f'<a href="#board-{section}-step-{step}">{escape(choice["board"] or section)}</a>'
        lines.append([link, escape(f"{choice['seat']}, {_where(choice)}"), cards_html(choice["hand"]),
                      _option(choice["chosen"]), _option(choice["best"]), per_choice(choice["loss"], objective),
                      escape(choice["mark"])])
    return table_html([_("board"), _("where"), _("hand"), _("chose"), _("best"), _("gave up"), _("mark")], lines,
                      left=5)


_TRICK_LEAD = re.compile(r"trick (\d+), the lead")
_TRICK_CARD = re.compile(r"trick (\d+), card (\d+)")


def _where(choice: Json) -> str:
    """A choice's point of play (:meth:`~altbaumer.report.review.Choice.where`, English in the review's
    figures) in the page's language."""
    where, kind = str(choice.get("where") or ""), choice.get("kind")
    if isinstance(kind, str) and where == KIND_WORDS.get(kind):
        return _(KIND_WORDS[kind])
    lead, card = _TRICK_LEAD.fullmatch(where), _TRICK_CARD.fullmatch(where)
    if lead:
        return _("trick {trick}, the lead").format(trick=lead[1])
    if card:
        return _("trick {trick}, card {card}").format(trick=card[1], card=card[2])
    return where


def _option(name: object) -> str:
    """An option as the page shows it: cards as cards, words as words."""
    words = str(name).split()
    if all(len(w) == 2 and w[0] in "AKQJT9" and w[1] in "CSHD" for w in words):
        return cards_html(words)
    return option_html(name)


# -- the charts ----------------------------------------------------------------------------


def kinds_chart(players: Sequence[Json], objective: str) -> str:
    """Bars of each player's error rate by kind of decision (inline SVG)."""
    rates = [[_rate(row["by_kind"][kind].get("error_rate")) for kind in KINDS] for row in players]
    top = max([r for row in rates for r in row] + [1e-9])
    group = (_W - _ML - _MR) / len(KINDS)
    bar = min(24.0, group * 0.8 / max(len(players), 1))
    parts = [_axis(top, objective)]
    for k, kind in enumerate(KINDS):
        x0 = _ML + k * group + (group - bar * len(players)) / 2
        for p, row in enumerate(players):
            height = rates[p][k] / top * (_H - _MT - _MB)
            parts.append(f'<rect class="bar" x="{x0 + p * bar:.1f}" y="{_H - _MB - height:.1f}" width="{bar:.1f}" '
                         f'height="{height:.1f}" fill="{_colour(p)}"><title>'
                         + _("{player}, {kind}: {rate} a decision").format(
                             player=escape(row["player"]), kind=_(KIND_WORDS[kind]),
                             rate=per_choice(rates[p][k], objective)) + "</title></rect>")
        parts.append(f'<text class="axis" x="{_ML + (k + 0.5) * group:.1f}" y="{_H - _MB + 14}" '
                     f'text-anchor="middle">{_(KIND_WORDS[kind])}</text>')
    return _svg("kinds-chart", parts + _legend(players), _("the error rate by kind of decision"))


def time_chart(players: Sequence[Json], objective: str) -> str:
    """Each player's error rate over its deals in order, in stretches of equal length (inline SVG)."""
    series = [[p for p in row.get("over_time") or [] if p.get("error_rate") is not None] for row in players]
    top = max([_rate(p["error_rate"]) for s in series for p in s] + [1e-9])
    parts = [_axis(top, objective)]
    for i, points in enumerate(series):
        if not points:
            continue
        deals = max(int(p["last_deal"]) for p in points)
        middles = [(int(p["first_deal"]) + int(p["last_deal"])) / 2 for p in points]  # each stretch at its middle
        xy = [(_ML + m / deals * (_W - _ML - _MR), _H - _MB - _rate(p["error_rate"]) / top * (_H - _MT - _MB))
              for m, p in zip(middles, points)]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)
        parts.append(f'<polyline class="series" points="{path}" stroke="{_colour(i)}"/>')
        parts += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{_colour(i)}"><title>'
                  + _("{player}, deals {first}-{last}: {rate} a decision").format(
                      player=escape(players[i]["player"]), first=p["first_deal"], last=p["last_deal"],
                      rate=per_choice(p["error_rate"], objective))
                  + "</title></circle>" for (x, y), p in zip(xy, points)]
    parts.append(f'<text class="axis" x="{(_ML + _W - _MR) / 2:.1f}" y="{_H - 6}" text-anchor="middle">'
                 + _("each player's deals, in the order of the files") + "</text>")
    return _svg("time-chart", parts + _legend(players), _("the error rate over time"))


def _rate(value: object) -> float:
    return float(value) if isinstance(value, (int, float)) else 0.0


def _colour(index: int) -> str:
    return _COLOURS[index % len(_COLOURS)]


def _axis(top: float, objective: str) -> str:
    lines = []
    for fraction in (0.0, 0.5, 1.0):
        y = _H - _MB - fraction * (_H - _MT - _MB)
        lines.append(f'<line class="grid" x1="{_ML}" y1="{y:.1f}" x2="{_W - _MR}" y2="{y:.1f}"/>'
                     f'<text class="axis" x="{_ML - 5}" y="{y + 3:.1f}" text-anchor="end">'
                     f'{per_choice(top * fraction, objective)}</text>')
    return "".join(lines)


def _legend(players: Sequence[Json]) -> list[str]:
    return [f'<rect x="{_ML + 130 * i}" y="6" width="10" height="10" fill="{_colour(i)}"/><text class="legend" '
            f'x="{_ML + 130 * i + 14}" y="15">{escape(str(row["player"])[:18])}</text>' for i, row in enumerate(players)]


def _svg(name: str, parts: Sequence[str], label: str) -> str:
    return (f'<figure class="{name}"><svg class="chart" viewBox="0 0 {_W} {_H}" width="{_W}" height="{_H}" '
            f'role="img" aria-label="{escape(label)}">{"".join(parts)}</svg></figure>')
