"""A strategy chart's summary, CSV and HTML page (:mod:`altbaumer.play.charts`).

The summary pools the rated hand classes, each weighted by the hands it
stands for, by what a player counts in a hand: its trumps if the turned
card is accepted and its Trees. For each group: the hands, the share for
which accepting is best, and among those the share for which going alone
after the best discard is best; then the thresholds in words, the fewest
trumps from which accepting (or going alone) is best for most hands.

>>> rows = [{"trumps": 3, "trees": 1, "count": 2, "turn_best": "accept", "alone_best": "together",
...          "accept_p": 0.6, "refuse_p": 0.5, "alone_p": 0.5, "together_p": 0.6},
...         {"trumps": 1, "trees": 0, "count": 1, "turn_best": "refuse", "alone_best": "together",
...          "accept_p": 0.4, "refuse_p": 0.5, "alone_p": 0.3, "together_p": 0.4}]
>>> summary = chart_summary(rows)
>>> summary["groups"][0]["hands"], summary["groups"][0]["accept"], summary["hands"]
(1, 0.0, 3)
>>> summary["rules"][0]
'Accept with 3 trumps or more and one Tree (in 100% of those hands).'
"""

from __future__ import annotations

import csv
import io
from typing import Any, Mapping, Optional, Sequence

from altbaumer.report.html_text import PAGE_CSS, card_html, escape

__all__ = ["chart_summary", "chart_csv", "chart_html", "CSV_COLUMNS"]

Json = Mapping[str, Any]

CSV_COLUMNS = ("class", "hand", "count", "trumps", "trees", "aces", "voids", "turn_best", "accept_p", "accept_ci",
               "refuse_p", "refuse_ci", "discard_best", "discard_p", "discard_ci", "alone_best", "alone_p",
               "alone_ci", "together_p", "together_ci", "worlds")
_TREES = ("no Tree", "one Tree", "both Trees")
_MOST = 0.5


def chart_summary(rows: Sequence[Json]) -> dict[str, Any]:
    """The groups by (trumps, Trees), weighted by hands, and the thresholds in words."""
    groups: dict[tuple[int, int], dict[str, Any]] = {}
    for row in rows:
        key = (int(row["trumps"]), int(row["trees"]))
        group = groups.setdefault(key, {"trumps": key[0], "trees": key[1], "hands": 0, "classes": 0,
                                        "accepting": 0, "alone": 0, "gain": 0.0})
        count = int(row["count"])
        group["hands"] += count
        group["classes"] += 1
        # A partner's chart has no turn: forehand accepted.
        group["gain"] += count * (float(row.get("accept_p", 0.0)) - float(row.get("refuse_p", 0.0)))
        if row.get("turn_best", "accept") == "accept":
            group["accepting"] += count
            group["alone"] += count * (row["alone_best"] == "alone")
    listed = []
    for key in sorted(groups):
        g = groups[key]
        listed.append({"trumps": g["trumps"], "trees": g["trees"], "hands": g["hands"], "classes": g["classes"],
                       "accept": g["accepting"] / g["hands"],
                       "alone": g["alone"] / g["accepting"] if g["accepting"] else None,
                       "accept_gain": g["gain"] / g["hands"]})
    partner = bool(rows) and "turn_best" not in rows[0]
    return {"hands": sum(g["hands"] for g in listed), "classes": len(rows), "groups": listed,
            "rules": _rules(listed, partner)}


def _rules(groups: Sequence[Json], partner: bool = False) -> list[str]:
    """For each number of Trees, the fewest trumps from which accepting is
    best for most hands (and stays so with more), then the same for alone
    (the partner's: alone only)."""
    said = []
    choices = [("Go alone", "alone", "hands")] if partner else [("Accept", "accept", "hands"),
                                                                 ("Go alone", "alone", "accepted hands")]
    for what, key, of in choices:
        for trees in range(3):
            row = sorted((g for g in groups if g["trees"] == trees and g[key] is not None), key=lambda g: g["trumps"])
            start = _threshold([(g["trumps"], g[key]) for g in row])
            if start is None:
                continue
            share = [g for g in row if g["trumps"] >= start]
            weight = sum(g["hands"] for g in share)
            mean = sum(g[key] * g["hands"] for g in share) / weight
            said.append(f"{what} with {start} trumps or more and {_TREES[trees]} (in {100 * mean:.0f}% of those "
                        f"{of}).")
    return said


def _threshold(points: Sequence[tuple[int, float]]) -> Optional[int]:
    """The least count from which every share is a majority."""
    start = None
    for count, share in points:
        if share > _MOST:
            start = count if start is None else start
        else:
            start = None
    return start


def chart_csv(rows: Sequence[Json]) -> str:
    """One line per hand class, the columns of :data:`CSV_COLUMNS` that the rows have."""
    out = io.StringIO()
    columns = [c for c in CSV_COLUMNS if not rows or c in rows[0]]
    writer = csv.DictWriter(out, columns, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: (f"{v:.4f}" if isinstance(v, float) else v) for k, v in row.items()})
    return out.getvalue()


_CSS = PAGE_CSS + """
table{border-collapse:collapse;background:#fff;margin:.3em 0 .8em}th,td{border:1px solid #d4d4d4;padding:3px 8px;
 text-align:center}th{background:#eef0f3}ul.rules li{margin:.2em 0}td.n{color:#777;font-size:80%}
@media (max-width:600px){body{padding:.5em}}@media print{body{background:#fff}.scroll{overflow:visible}}
"""


def _cell(share: Optional[float], hands: int) -> str:
    """A share as a coloured cell: green where most hands do it, red where few do."""
    if share is None or not hands:
        return '<td class="n">—</td>'
    hue = int(120 * share)  # 0 red … 120 green
    return (f'<td style="background:hsl({hue},70%,85%)" title="{hands:,} hands">{100 * share:.0f}%'
            f'<br><span class="n">{hands:,}</span></td>')


def _grid(summary: Json, key: str) -> str:
    groups = {(g["trumps"], g["trees"]): g for g in summary["groups"]}
    trumps = sorted({t for t, _ in groups})
    head = "<tr><th>trumps →<br>Trees ↓</th>" + "".join(f"<th>{t}</th>" for t in trumps) + "</tr>"
    rows = []
    for trees in range(3):
        cells = "".join(_cell(groups[(t, trees)][key], groups[(t, trees)]["hands"] if key == "accept"
                              else round(groups[(t, trees)]["hands"] * groups[(t, trees)]["accept"]))
                        if (t, trees) in groups else '<td class="n">—</td>' for t in trumps)
        rows.append(f"<tr><th>{_TREES[trees]}</th>{cells}</tr>")
    return f'<div class="scroll"><table>{head}{"".join(rows)}</table></div>'


def chart_html(document: Json) -> str:
    """The chart as one self-contained page: the rules in words, then the
    share of hands for which accepting is best and, of those, going alone,
    by trumps and Trees (the partner's chart: going alone only)."""
    spec, summary = document["spec"], document["summary"]
    turned, seen = spec["turned"], spec["seen"]
    partner = spec.get("who") == "partner"
    title = (f"When the partner goes alone, {turned} accepted" if partner else f"When to accept {turned}") \
        + " — altbaumer strategy chart"
    rules = "".join(f"<li>{escape(r)}</li>" for r in summary["rules"]) or "<li>no clear threshold</li>"
    state = escape(spec.get("state") or "the start of a match (0:0 rounds 0:0)")
    partial = "" if document.get("complete", True) else (
        f'<p><b>Partial:</b> {document["rated"]:,} of {document["classes"]:,} classes rated.</p>')
    if partner:
        heading = (f"Forehand's partner, {card_html(turned)} accepted by forehand, {card_html(seen)} seen at the "
                   f"cut, forehand not alone")
        body = (f'<h2>Go alone?</h2><p class="legend">The share of hands for which the partner going alone is best, '
                f'by the trumps it holds (the Trees and the turned suit) and its Trees; under it, the hands.</p>'
                f'{_grid(summary, "alone")}')
        whose = "the partner's"
    else:
        heading = f"Forehand with {card_html(turned)} turned, {card_html(seen)} seen at the cut"
        body = (f'<h2>Accept the turned card?</h2><p class="legend">The share of hands for which accepting '
                f'{card_html(turned)} is best, by the trumps forehand holds (the Trees and the turned suit, the turned '
                f'card not counted) and its Trees; under it, the hands.</p>{_grid(summary, "accept")}'
                f'<h2>Then go alone?</h2><p class="legend">Of the hands for which accepting is best: the share for '
                f'which going alone is best after the best discard; under it, those hands.</p>{_grid(summary, "alone")}')
        whose = "forehand's"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title><style>{_CSS}</style></head><body>
<h1>{heading}</h1>
<p>Every hand {whose.replace("'s", "")} can hold ({summary["hands"]:,} hands in {summary["classes"]:,} classes alike up to
the plain suits), rated from {whose} knowledge by the chance to win the match from {state}, over
{spec["samples"]:,} worlds a decision (seed {spec["seed"]}).</p>{partial}
<h2>The rules</h2><ul class="rules">{rules}</ul>
{body}
<p class="legend">Each hand's figures are in chart.csv and chart.json (one row per class with its count of hands,
the chance to win the match of each option and its 95% interval). Made by
<code>{escape(document.get("command", "altbaumer charts"))}</code>.</p>
</body></html>
"""
