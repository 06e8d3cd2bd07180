"""Hidden information: what a seat knows, the worlds it cannot tell apart, and decisions rated over them.

Imports the game and the double-dummy solver.

>>> from altbaumer.game import Deal, Seat
>>> from altbaumer.hidden import InfoSet, count_worlds
>>> count_worlds(InfoSet.from_view(Deal.from_seed(3, dealer=Seat.N).view(Seat.S))) > 10 ** 6
True
"""

from altbaumer.hidden.knowledge import InfoSet, Slot, Void
from altbaumer.hidden.rating import DECISIONS, OBJECTIVES, OptionRating, Rating, partner_view, rate_view
from altbaumer.hidden.table import DecisionTable, TableRow, perfect_information_table
from altbaumer.hidden.worlds import Worlds, count_worlds, enumerate_worlds, sample_worlds, worlds_for

__all__ = [
    "InfoSet",
    "Slot",
    "Void",
    "DECISIONS",
    "OBJECTIVES",
    "OptionRating",
    "Rating",
    "partner_view",
    "rate_view",
    "DecisionTable",
    "TableRow",
    "perfect_information_table",
    "Worlds",
    "count_worlds",
    "enumerate_worlds",
    "sample_worlds",
    "worlds_for",
]
