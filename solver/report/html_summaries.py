"""The summaries at the head of the annotation page: the totals, matches
and players tables with their legend, a sentence per player, each match's
result with the score before each deal, and the index of the boards. Every
cell is escaped here.
"""

from __future__ import annotations

from typing import Any, Mapping

from altbaumer.report.html_text import amount, as_float, escape, is_chance, num, pct, suit_html, table_html, unit
from altbaumer.report.words import player_words, plural

__all__ = ["summary_table", "player_sentence", "player_sentences", "match_head", "summary_legend", "board_index"]

Json = Mapping[str, Any]

# The summaries' columns (annotate._summary): key, heading, what it means.
_SUMMARY_COLUMNS = (
    ("boards", "boards", "deals annotated"),
    ("cards", "cards", "cards rated"),
    ("decisions", "decisions", "decisions rated (accept or refuse, the discard, lone play)"),
    ("inaccuracies", "?!", "inaccuracies: cards and decisions marked ?!"),
    ("mistakes", "?", "mistakes: cards and decisions marked ?"),
    ("blunders", "??", "blunders: cards and decisions marked ??"),
    ("dd_errors", "DD marked", "cards marked double dummy"),
    ("sd_errors", "SD marked", "cards marked from the player's knowledge (--single-dummy)"),
    ("decision_errors", "decisions marked", "decisions marked from the decider's knowledge"),
    ("tricks_lost", "tricks lost", "tricks the cards gave away double dummy"),
    ("dd_lost", "DD lost", "what the cards gave up double dummy"),
    ("lost", "lost", "what the decisions (and cards rated from the player's knowledge) gave up beyond the noise"),
    ("accuracy", "accuracy", "the share of the rated cards and decisions not marked ?!, ? or ??"))
# Not columns: the graph is drawn; the double-dummy ?? are among the ?? counted; a match's final score is
# said by its header line.
_NOT_COLUMNS = {"graph", "dd_blunders", "final"}
_LOSSES = {"dd_lost", "lost"}  # in the objective's unit
_PERCENTS = {"accuracy"}  # already in percent
_NOT_COLUMNS = _NOT_COLUMNS | {"final"}  # a match's final score: its header line says it


def _summary_columns(rows: Mapping[str, Json]) -> list[tuple[str, str, str]]:
    present = [r for r in rows.values() if isinstance(r, Mapping)]
    columns = [c for c in _SUMMARY_COLUMNS if any(c[0] in r for r in present)]
    known = {k for k, _, _ in _SUMMARY_COLUMNS} | _NOT_COLUMNS
    extra = sorted({k for r in present for k, v in r.items()
                    if k not in known and not isinstance(v, (list, dict))})  # a later version's counts
    return columns + [(k, k, k) for k in extra]


def summary_table(rows: Mapping[str, Json], label: str, objective: object) -> str:
    columns = _summary_columns(rows)
    body = []
    for name, row in rows.items():
        row = row if isinstance(row, Mapping) else {}
        body.append([escape(name)] + [_summary_cell(k, row, objective) for k, _, _ in columns])
    head = [escape(label)] + [f'<span title="{escape(why)}">{escape(title)}</span>' if why != title else escape(title)
                          for _, title, why in columns]
    return table_html(head, body)


def _summary_cell(key: str, row: Json, objective: object) -> str:
    if key in _LOSSES and key in row:
        return amount(row.get(key), objective)
    if key in _PERCENTS:
        return _percent(row.get(key))
    return num(row.get(key), 3)


def _percent(value: object) -> str:
    """A figure already in percent (the accuracy), to one decimal."""
    number = as_float(value)
    return num(value) if number is None else f"{number:.1f}%"


def player_sentence(name: str, row: Json, objective: object) -> str:
    """One player's summary in plain words (:func:`~altbaumer.report.words.player_words`),
    escaped for the page; empty for a player with nothing rated.

    >>> print(player_sentence("E <b>", {"cards": 5, "decisions": 0, "lost": 0.0, "accuracy": 100.0},
    ...                       "match"))  # doctest: +NORMALIZE_WHITESPACE
    E &lt;b&gt; made no marked error in 5 cards and 0 decisions, giving up 0.0% of the chance to
    win the match beyond the noise; accuracy 100.0%.
    """
    return escape(player_words(name, row, objective))


def player_sentences(players: Json, objective: object) -> str:
    """A sentence per player with something rated, above the players table."""
    lines = [player_sentence(str(name), row, objective) for name, row in players.items() if isinstance(row, Mapping)]
    return "".join(f'<p class="players">{line}</p>' for line in lines if line)


def match_head(name: str, match: Json) -> str:
    """A match's result and the score before each of its deals (each linked to
    its board, the board index's score column for the match's boards alone)."""
    final = match.get("final") if isinstance(match.get("final"), Mapping) else None
    boards = match.get("boards")
    deals = f"after {plural(boards, 'deal')}" if isinstance(boards, int) else "after its last deal"
    if final and final.get("winner"):
        result = f"{final['winner']} won the match {deals} (final score {final.get('text')})"
    elif final:
        result = f"not over {deals} here: the score stands at {final.get('describe') or final.get('text')}"
    else:
        result = "the final result is not known (no score, or the last deal unfinished)"
    graph = [d for d in match.get("graph") or [] if isinstance(d, Mapping)]
    graph = graph if any(d.get("score") for d in graph) else []  # no score known: nothing to list
    items = "".join(f'<li><a href="#board-{escape(d.get("section", ""))}">board {escape(d.get("board", ""))}</a>: '
                    f'{escape(d.get("score") or "not known")}</li>' for d in graph)
    scores = f'<ol class="scores" title="the score before each deal">{items}</ol>' if items else ""
    return (f'<div class="match-head" data-match="{escape(name)}"><p class="match-head"><b>{escape(name)}</b>: '
            f'{escape(result)}.{" The score before each deal:" if items else ""}</p>{scores}</div>')


def summary_legend(objective: object) -> str:
    """What the summary columns mean, in one line."""
    said_unit = unit(objective)
    in_unit = "percentage points of it" if is_chance(objective) else "points"
    return (f'<p class="legend">Columns: <b>boards</b>: the deals annotated; '
            f'<b>cards</b>, <b>decisions</b>: how many were rated; <b>?!</b> '
            f'<b>?</b> <b>??</b>: inaccuracies, mistakes and blunders (cards from the player\'s knowledge when '
            f'rated so, else double dummy; decisions from the decider\'s knowledge); <b>DD marked</b>, '
            f'<b>SD marked</b>, <b>decisions marked</b>: cards marked double dummy, cards marked from the '
            f'player\'s knowledge, decisions marked; <b>tricks lost</b>: tricks the cards gave away double '
            f'dummy; <b>DD lost</b>: the {escape(said_unit)} the cards gave up double dummy; <b>lost</b>: the '
            f'{escape(said_unit)} the decisions (and cards rated from the player\'s knowledge) gave up beyond the '
            f'noise, in {in_unit}; <b>accuracy</b>: the share of the rated cards and decisions not marked '
            f'?!, ? or ?? (cards as counted in those columns), in percent.</p>')


def board_index(boards: list[Json], objective: object) -> str:
    match = any(b.get("score") for b in boards)
    rows = []
    for i, b in enumerate(boards, 1):
        s = b.get("summary") or {}
        score: list[str] = []
        if match:
            known = b.get("score") or {}
            state = known.get("state") or {}
            before, after = known.get("ns_equity_before"), known.get("ns_equity_after")
            score = [escape(state.get("text") or "not known (0:0)") if known else "—",
                     f"{pct(before)} → {pct(after)}" if known else "—"]
        rows.append([f'<a href="#board-{i}">{escape(b.get("board", i))}</a>', escape(b.get("source", "")), *score,
                     escape(b.get("dealer", "")), suit_html(b.get("trump")), num(b.get("start")),
                     num(b.get("result")), num(s.get("cards")), num(s.get("inaccuracies")),
                     num(s.get("mistakes")), num(s.get("blunders")),
                     amount(s.get("lost"), b.get("objective") or objective)])
    head = ["board", "source", *(("score before", "N-S P(match) before → after") if match else ()), "dealer", "trump",
            "DD start", "result", "cards", "?!", "?", "??", "lost"]
    return table_html([escape(h) for h in head], rows, left=3 if match else 2)
