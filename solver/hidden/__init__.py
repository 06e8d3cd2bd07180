"""Hidden information: what a seat knows, the worlds it cannot tell apart, and decisions rated over them.

Imports the game and the double-dummy solver.

>>> from altbaumer.game import Deal, Seat
>>> from altbaumer.hidden import InfoSet, count_worlds
>>> count_worlds(InfoSet.from_view(Deal.from_seed(3, dealer=Seat.N).view(Seat.S))) > 10 ** 6
True
"""

from typing import TYPE_CHECKING

from altbaumer.lazy import loaded_on_use, names_of

HOMES = {
    "altbaumer.hidden.knowledge": ("InfoSet", "Slot", "Void"),
    "altbaumer.hidden.rating": ("DECISIONS", "OBJECTIVES", "OptionRating", "Rating", "partner_view", "rate_view"),
    "altbaumer.hidden.table": ("DecisionTable", "TableRow", "perfect_information_table"),
    "altbaumer.hidden.worlds": ("Worlds", "count_worlds", "enumerate_worlds", "sample_worlds", "worlds_for"),
}
"""Each module of the wing → the names it gives the wing, imported on first use (altbaumer.lazy)."""

if TYPE_CHECKING:
    from altbaumer.hidden.knowledge import InfoSet as InfoSet, Slot as Slot, Void as Void
    from altbaumer.hidden.rating import (DECISIONS as DECISIONS, OBJECTIVES as OBJECTIVES,
                                         OptionRating as OptionRating, Rating as Rating,
                                         partner_view as partner_view, rate_view as rate_view)
    from altbaumer.hidden.table import (DecisionTable as DecisionTable, TableRow as TableRow,
                                        perfect_information_table as perfect_information_table)
    from altbaumer.hidden.worlds import (Worlds as Worlds, count_worlds as count_worlds,
                                         enumerate_worlds as enumerate_worlds, sample_worlds as sample_worlds,
                                         worlds_for as worlds_for)
else:
    __getattr__, __dir__ = loaded_on_use(__name__, HOMES)

__all__ = names_of(HOMES)
