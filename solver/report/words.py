"""Plain words for counts in reports and on the command line.

>>> plural(1, "board"), plural(0, "double-dummy error"), plural(10000, "world")
('1 board', '0 double-dummy errors', '10,000 worlds')
>>> plural(2, "match", "matches")
'2 matches'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from altbaumer.hidden.verdicts import MARK_NAMES

if TYPE_CHECKING:
    from altbaumer.hidden.rating import Rating

__all__ = ["plural", "verdict_words"]


def plural(count: int, noun: str, many: Optional[str] = None) -> str:
    """``count`` and ``noun``, in the plural unless ``count`` is 1 (``many``
    when the plural is not ``noun`` + s), with thousands separated."""
    return f"{count:,} {noun if count == 1 else many or noun + 's'}"


def verdict_words(rating: "Rating", name: str) -> str:
    """What the rating says of choosing ``name``, in words: best, a tie with
    the top, an inaccuracy, mistake or blunder (docs/rating.md, Verdicts),
    slightly worse, or within the noise."""
    option = rating.option(name)
    if option.best:
        return "best" if rating.loss(name) <= 0 else "recommended: tied with the top for a player's purposes"
    found = rating.mark(name)
    if found:
        return f"{MARK_NAMES[found]} ({found})"
    if rating.significant(name):
        return "slightly worse, by less than an inaccuracy"
    return "within the noise of the best"
