"""The summaries at the head of the annotation page: the totals, matches
and players tables with their legend, a sentence per player, each match's
result with the score before each deal, and the index of the boards. Every
cell is escaped here.
"""

from __future__ import annotations

from typing import Any, Mapping

from altbaumer.lang import N_, _, ngettext, number as number_text
from altbaumer.report.html_text import (amount, as_float, escape, fixed, is_chance, num, pct, suit_html, table_html,
                                        unit)
from altbaumer.report.words import player_words

__all__ = ["summary_table", "player_sentence", "player_sentences", "match_head", "summary_legend", "board_index"]

Json = Mapping[str, Any]

# The summaries' columns (annotate._summary): key, heading, what it means.
_SUMMARY_COLUMNS = (
    ("boards", N_("boards"), N_("deals annotated")),
    ("cards", N_("cards"), N_("cards rated")),
    ("decisions", N_("decisions"), N_("decisions rated (accept or refuse, the discard, lone play)")),
    ("inaccuracies", "?!", N_("inaccuracies: cards and decisions marked ?!")),
    ("mistakes", "?", N_("mistakes: cards and decisions marked ?")),
    ("blunders", "??", N_("blunders: cards and decisions marked ??")),
    ("dd_errors", N_("DD marked"), N_("cards marked double dummy")),
    ("sd_errors", N_("SD marked"), N_("cards marked from the player's knowledge (--single-dummy)")),
    ("decision_errors", N_("decisions marked"), N_("decisions marked from the decider's knowledge")),
    ("tricks_lost", N_("tricks lost"), N_("tricks the cards gave away double dummy")),
    ("dd_lost", N_("DD lost"), N_("what the cards gave up double dummy")),
    ("lost", N_("lost"), N_("what the decisions (and cards rated from the player's knowledge) gave up beyond the noise")),
    ("accuracy", N_("accuracy"), N_("the share of the rated cards and decisions not marked ?!, ? or ??")))
# The headings and meanings are English message ids (marks stay as they are), said by _words.
# Not columns: the graph is drawn; the double-dummy ?? are among the ?? counted; a match's final score is
# said by its header line.
_NOT_COLUMNS = {"graph", "dd_blunders", "final"}
_LOSSES = {"dd_lost", "lost"}  # in the objective's unit
_PERCENTS = {"accuracy"}  # already in percent
_NOT_COLUMNS = _NOT_COLUMNS | {"final"}  # a match's final score: its header line says it


def _summary_columns(rows: Mapping[str, Json]) -> list[tuple[str, str, str]]:
    present = [r for r in rows.values() if isinstance(r, Mapping)]
    columns = [c for c in _SUMMARY_COLUMNS if any(c[0] in r for r in present)]
    known = {k for k, _title, _why in _SUMMARY_COLUMNS} | _NOT_COLUMNS
    extra = sorted({k for r in present for k, v in r.items()
                    if k not in known and not isinstance(v, (list, dict))})  # a later version's counts
    return columns + [(k, k, k) for k in extra]


def summary_table(rows: Mapping[str, Json], label: str, objective: object) -> str:
    columns = _summary_columns(rows)
    body = []
    for name, row in rows.items():
        row = row if isinstance(row, Mapping) else {}
        body.append([escape(name)] + [_summary_cell(k, row, objective) for k, _title, _why in columns])
    head = [escape(label)] + [f'<span title="{escape(_words(why))}">{escape(_words(title))}</span>' if why != title
                              else escape(_words(title)) for _key, title, why in columns]
    return table_html(head, body)


def _words(text: str) -> str:
    """A heading or meaning of the summaries' columns in the page's language (a later version's own column
    and the marks as they are)."""
    return _(text) if text in _KNOWN_WORDS else text


_KNOWN_WORDS = {text for _key, title, why in _SUMMARY_COLUMNS for text in (title, why) if text not in ("?!", "?", "??")}


def _summary_cell(key: str, row: Json, objective: object) -> str:
    if key in _LOSSES and key in row:
        return amount(row.get(key), objective)
    if key in _PERCENTS:
        return _percent(row.get(key))
    return num(row.get(key), 3)


def _percent(value: object) -> str:
    """A figure already in percent (the accuracy), to one decimal."""
    number = as_float(value)
    return num(value) if number is None else _("{value}%").format(value=fixed(number, 1))


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
    deals = (ngettext("after {n} deal", "after {n} deals", boards).format(n=number_text(boards)) if isinstance(boards, int)
             else _("after its last deal"))
    if final and final.get("winner"):
        result = _("{team} won the match {deals} (final score {score})").format(
            team=final["winner"], deals=deals, score=final.get("text"))
    elif final:
        result = _("not over {deals} here: the score stands at {score}").format(
            deals=deals, score=final.get("describe") or final.get("text"))
    else:
        result = _("the final result is not known (no score, or the last deal unfinished)")
    graph = [d for d in match.get("graph") or [] if isinstance(d, Mapping)]
    graph = graph if any(d.get("score") for d in graph) else []  # no score known: nothing to list
    unknown = _("not known")
    items = "".join(f'<li><a href="#board-{escape(d.get("section", ""))}">'
                    + _("board {board}").format(board=escape(d.get("board", ""))) + "</a>: "
                    + f'{escape(d.get("score") or unknown)}</li>' for d in graph)
    scores = '<ol class="scores" title="' + _("the score before each deal") + f'">{items}</ol>' if items else ""
    more = " " + _("The score before each deal:") if items else ""
    return (f'<div class="match-head" data-match="{escape(name)}"><p class="match-head"><b>{escape(name)}</b>: '
            f'{escape(result)}.{more}</p>{scores}</div>')


def summary_legend(objective: object) -> str:
    """What the summary columns mean, in one line."""
    said_unit = escape(unit(objective))
    text = _("Columns: {boards}: the deals annotated; {cards}, {decisions}: how many were rated; {marks}: "
             "inaccuracies, mistakes and blunders (cards from the player's knowledge when rated so, else double "
             "dummy; decisions from the decider's knowledge); {dd_marked}, {sd_marked}, {decisions_marked}: cards "
             "marked double dummy, cards marked from the player's knowledge, decisions marked; {tricks_lost}: tricks "
             "the cards gave away double dummy; {dd_lost}: the {unit} the cards gave up double dummy; {lost}: the "
             "{unit} the decisions (and cards rated from the player's knowledge) gave up beyond the noise, in "
             "{in_unit}; {accuracy}: the share of the rated cards and decisions not marked ?!, ? or ?? (cards as "
             "counted in those columns), in percent.")
    bold = {key: f"<b>{escape(_(title))}</b>" for key, title, _why in _SUMMARY_COLUMNS if title not in ("?!", "?", "??")}
    return '<p class="legend">' + text.format(
        boards=bold["boards"], cards=bold["cards"], decisions=bold["decisions"], marks="<b>?!</b> <b>?</b> <b>??</b>",
        dd_marked=bold["dd_errors"], sd_marked=bold["sd_errors"], decisions_marked=bold["decision_errors"],
        tricks_lost=bold["tricks_lost"], dd_lost=bold["dd_lost"], lost=bold["lost"], accuracy=bold["accuracy"],
        unit=said_unit, in_unit=_("percentage points of it") if is_chance(objective) else _("points")) + "</p>"


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
            score = [escape(state.get("text") or _("not known (0:0)")) if known else "—",
                     f"{pct(before)} → {pct(after)}" if known else "—"]
        rows.append([f'<a href="#board-{i}">{escape(b.get("board", i))}</a>', escape(b.get("source", "")), *score,
                     escape(b.get("dealer", "")), suit_html(b.get("trump")), num(b.get("start")),
                     num(b.get("result")), num(s.get("cards")), num(s.get("inaccuracies")),
                     num(s.get("mistakes")), num(s.get("blunders")),
                     amount(s.get("lost"), b.get("objective") or objective)])
    head = [_("board"), _("source"), *((_("score before"), _("N-S P(match) before → after")) if match else ()),
            _("dealer"), _("trump"), _("DD start"), _("result"), _("cards"), "?!", "?", "??", _("lost")]
    return table_html([escape(h) for h in head], rows, left=3 if match else 2)
