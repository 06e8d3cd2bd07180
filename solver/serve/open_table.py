"""The perfect-information table's figures at a decision of trump making,
as the analysis board shows them without a click: for accept or refuse,
each discard and each lone choice, what the makers would get if every card
were open after it (the row of ``altbaumer table`` that a clairvoyant
continuation picks among the lines through that option).

The figures are the open-card view, an upper bound a player with hidden
cards rarely reaches; the board labels them so and offers the rating from
what the seat knew as the honest figure (docs/serve.md).

>>> from altbaumer.game.deal import Deal
>>> deal = Deal.from_seed(3)
>>> with Solver(threads=1) as solver:
...     figures = open_card_figures(deal, deal, None, solver)
>>> sorted(figures), sorted(figures["accept"])
(['accept', 'refuse'], ['best', 'match', 'points', 'tricks'])
>>> sum(f["best"] for f in figures.values())
1
"""

from __future__ import annotations

from typing import Any, Optional

from altbaumer.dd.solver import Solver
from altbaumer.game.actions import Phase
from altbaumer.game.deal import Deal
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import Seat
from altbaumer.hidden.table import TableRow, clairvoyant_key, perfect_information_table
from altbaumer.serve.lines import action_text

__all__ = ["open_card_figures", "OPEN_PHASES"]

OPEN_PHASES = frozenset({Phase.TRUMP, Phase.DISCARD, Phase.LONE})
"""The decisions the table covers: the card play has its own double-dummy values."""


def open_card_figures(dealt: Deal, state: Deal, score: Optional[MatchState],
                      solver: Solver) -> Optional[dict[str, dict[str, Any]]]:
    """For each option of ``state``'s decision (by its action text), the
    makers' tricks, deal points and chance to win the match from ``score``
    with every card open, and which option a clairvoyant forehand picks;
    ``None`` when ``state`` is no decision of trump making or ``dealt`` (the
    deal before trump making) is not known in full."""
    if state.phase not in OPEN_PHASES or not dealt.is_complete:
        return None
    table = perfect_information_table(dealt, solver, score)
    rows = {action_text(action): _best(table.forehand, _through(state, action, table.rows))
            for action in state.legal_actions()}
    top = min(rows.values(), key=lambda row: clairvoyant_key(row, table.forehand))
    return {text: {"tricks": row.makers_tricks, "points": row.makers_points, "match": row.equity, "best": row is top}
            for text, row in rows.items()}


def _through(state: Deal, action: Any, rows: tuple[TableRow, ...]) -> list[TableRow]:
    """The table's lines that follow ``state``'s history and then ``action``."""
    after = state.copy()
    after.apply(action)
    turn = "accept" if after.accepted else "refuse"
    return [row for row in rows if row.turn == turn and (after.phase is Phase.DISCARD or row.discard == after.discards)
            and _lone_fits(row.lone, after)]


def _lone_fits(lone: Optional[Seat], after: Deal) -> bool:
    """Whether a line played ``lone`` can still follow ``after``: once the
    cards are played the lone choice is made; while forehand's partner
    decides, forehand has declined; before that every choice is open."""
    if after.phase is Phase.PLAY:
        return lone is after.lone
    if after.phase is Phase.LONE and after.to_act is not after.forehand:
        return lone is not after.forehand
    return True


def _best(forehand: Seat, rows: list[TableRow]) -> TableRow:
    return min(rows, key=lambda row: clairvoyant_key(row, forehand))
