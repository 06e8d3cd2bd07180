"""Plain words for counts in reports and on the command line.

>>> plural(1, "board"), plural(0, "double-dummy error"), plural(10000, "world")
('1 board', '0 double-dummy errors', '10,000 worlds')
>>> plural(2, "match", "matches")
'2 matches'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Optional

from altbaumer.hidden.verdicts import MARK_NAMES
from altbaumer.report.html_text import amount, as_float, is_chance, unit

if TYPE_CHECKING:
    from altbaumer.hidden.rating import Rating

__all__ = ["plural", "verdict_words", "player_words"]


def plural(count: int, noun: str, many: Optional[str] = None) -> str:
    """``count`` and ``noun``, in the plural unless ``count`` is 1 (``many``
    when the plural is not ``noun`` + s), with thousands separated."""
    return f"{count:,} {noun if count == 1 else many or noun + 's'}"


def verdict_words(rating: "Rating", name: str) -> str:
    """What the rating says of choosing ``name``, in words: best, a tie with
    the top, an inaccuracy, mistake or blunder (docs/rating.md, Verdicts),
    slightly worse, or within the noise; nothing of the kind on too few
    worlds for a verdict."""
    option = rating.option(name)
    if not rating.has_verdict:
        return "no verdict on so few worlds"
    if option.best:
        return "best" if rating.loss(name) <= 0 else "recommended: tied with the top for a player's purposes"
    found = rating.mark(name)
    if found:
        return f"{MARK_NAMES[found]} ({found})"
    if rating.significant(name):
        return "slightly worse, by less than an inaccuracy"
    if rating.loss(name) <= 1e-12 and option.worlds == rating.worlds:
        return "exactly as good as the best"
    return "within the noise of the best"


_COUNTED = (("inaccuracies", "inaccuracy", "inaccuracies"), ("mistakes", "mistake", "mistakes"),
            ("blunders", "blunder", "blunders"))


def player_words(name: str, row: "Mapping[str, Any]", objective: object) -> str:
    """One player's summary in plain words, from the figures of the players
    table (the annotation's ``players``); empty for a player with nothing
    rated. The page and the terminal both say it.

    >>> print(player_words("North", {"cards": 20, "decisions": 2, "inaccuracies": 0, "mistakes": 2,
    ...       "blunders": 1, "dd_lost": 0.05, "lost": 0.18, "accuracy": 86.4}, "match"))  # doctest: +NORMALIZE_WHITESPACE
    North made 2 mistakes and 1 blunder in 20 cards and 2 decisions, giving up 18.0% of the chance
    to win the match beyond the noise (the cards 5.0% double dummy); accuracy 86.4%.
    """
    cards, decisions = (as_float(row.get(k)) or 0 for k in ("cards", "decisions"))
    if not cards and not decisions:
        return ""
    counts = [(int(as_float(row.get(k)) or 0), one, many) for k, one, many in _COUNTED]
    said = [plural(n, one, many) for n, one, many in counts if n]
    marks = (", ".join(said[:-1]) + " and " + said[-1] if len(said) > 1 else said[0]) if said else "no marked error"
    rated = f"{plural(int(cards), 'card')} and {plural(int(decisions), 'decision')}"
    chance = is_chance(objective)
    of = f" of the {unit(objective)}" if chance else " net points"
    text = f"{name} made {marks} in {rated}, giving up {amount(row.get('lost'), objective)}{of} beyond the noise"
    if "dd_lost" in row:
        text += f" (the cards {amount(row.get('dd_lost'), objective)}{'' if chance else of} double dummy)"
    accuracy = as_float(row.get("accuracy"))
    if accuracy is not None:
        text += f"; accuracy {accuracy:.1f}%"
    return text + "."
