"""Verdicts a player can trust: when a choice is marked, and how ties are broken.

A choice is marked only when what it gives up against the top option is both
beyond the 95% interval of the difference (measured on the same worlds) and
beyond a fixed practical threshold, as gnubg and lichess mark moves by fixed
equity losses. The thresholds are in the objective's own unit; for the match
objective, in the chance to win the match (docs/rating.md, Verdicts):

==========  ==========  ===========  ===========
objective   ``?!``      ``?``        ``??``
==========  ==========  ===========  ===========
match       2%          4%           8%
make, march 2%          4%           8%
net         0.1 point   0.2 point    0.4 point
==========  ==========  ===========  ===========

A deal at 0:0 moves the match by some 10 to 20%, so a blunder gives up about
half of what a deal is worth. Options that trail the top by no more than the
noise and less than the inaccuracy threshold (or by less than a quarter of
it, whatever the noise) are ties. Where the options have a natural order of
play (:data:`NATURAL_ORDER`: accepting before refusing, playing together
before alone) the recommendation goes to the most natural of the ties; the
discards and the cards have no such order, so there it goes to the top
option. The tie rule is for the displays and the marks only: a player takes
its top option (:meth:`altbaumer.hidden.rating.Rating.pick_top`).

>>> mark(0.05, 0.01, "match"), mark(0.05, 0.06, "match"), mark(0.01, 0.0, "match")
('?', '', '')
>>> tied(0.004, 0.0, "match"), tied(0.015, 0.02, "match"), tied(0.015, 0.01, "match")
(True, True, False)
"""

from __future__ import annotations

__all__ = ["MARKS", "THRESHOLDS", "mark", "tied", "MARK_NAMES", "NATURAL_ORDER"]

NATURAL_ORDER = frozenset({"turn", "alone"})
"""The decisions whose options are listed in a natural order of play (accept,
refuse; together, alone), where a tie goes to the first."""

MARKS = ("?!", "?", "??")
"""Inaccuracy, mistake, blunder."""
MARK_NAMES = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"}
THRESHOLDS = {"match": (0.02, 0.04, 0.08), "make": (0.02, 0.04, 0.08), "march": (0.02, 0.04, 0.08),
              "net": (0.1, 0.2, 0.4)}
"""The loss at which each of :data:`MARKS` starts, by objective."""
_SURE_TIE = 0.25  # of the inaccuracy threshold: a tie however precisely it is measured
_EPS = 1e-9


def mark(loss: float, ci95: float, objective: str) -> str:
    """The mark for a choice that gives up ``loss`` (≥ 0 for the decider)
    against the top option, ``ci95`` the half-width of that difference."""
    if loss <= ci95 + _EPS:
        return ""
    found = [m for m, limit in zip(MARKS, THRESHOLDS[objective]) if loss >= limit - _EPS]
    return found[-1] if found else ""


def tied(loss: float, ci95: float, objective: str) -> bool:
    """The choice is as good as the top for a player's purposes."""
    first = THRESHOLDS[objective][0]
    return loss < _SURE_TIE * first or (loss <= ci95 + _EPS and loss < first)
