"""Plain words for counts in reports and on the command line.

>>> plural(1, "board"), plural(0, "double-dummy error"), plural(10000, "world")
('1 board', '0 double-dummy errors', '10,000 worlds')
>>> plural(2, "match", "matches")
'2 matches'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Optional

from altbaumer.hidden.verdicts import MARK_NAMES
from altbaumer.lang import _, ngettext, number, percent
from altbaumer.report.html_text import amount, as_float, in_words, is_chance, of_unit

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


_COUNTED = {"inaccuracies": lambda n: ngettext("{n} inaccuracy", "{n} inaccuracies", n),
            "mistakes": lambda n: ngettext("{n} mistake", "{n} mistakes", n),
            "blunders": lambda n: ngettext("{n} blunder", "{n} blunders", n)}


def player_words(name: str, row: "Mapping[str, Any]", objective: object) -> str:
    """One player's summary in plain words, from the figures of the players
    table (the annotation's ``players``); empty for a player with nothing
    rated. The page and the terminal both say it, in the active language.

    >>> print(player_words("North", {"cards": 20, "decisions": 2, "inaccuracies": 0, "mistakes": 2,
    ...       "blunders": 1, "dd_lost": 0.05, "lost": 0.18, "accuracy": 86.4}, "match"))  # doctest: +NORMALIZE_WHITESPACE
    North made 2 mistakes and 1 blunder in 20 cards and 2 decisions, giving up 18.0% of the chance
    to win the match beyond the noise (the cards 5.0% double dummy); accuracy 86.4%.
    """
    cards, decisions = (int(as_float(row.get(k)) or 0) for k in ("cards", "decisions"))
    if not cards and not decisions:
        return ""
    counts = [(int(as_float(row.get(key)) or 0), said) for key, said in _COUNTED.items()]
    marks = in_words([said(n).format(n=number(n)) for n, said in counts if n]) or _("no marked error")
    rated = _("{cards} and {decisions}").format(cards=ngettext("{n} card", "{n} cards", cards).format(n=number(cards)),
                                                decisions=ngettext("{n} decision", "{n} decisions",
                                                                   decisions).format(n=number(decisions)))
    lost = of_unit(amount(row.get("lost"), objective), objective)
    text = _("{name} made {marks} in {rated}, giving up {lost} beyond the noise").format(
        name=name, marks=marks, rated=rated, lost=lost)
    if "dd_lost" in row:
        dd_lost = amount(row.get("dd_lost"), objective)
        text = _("{said} (the cards {lost} double dummy)").format(
            said=text, lost=dd_lost if is_chance(objective) else of_unit(dd_lost, objective))
    accuracy = as_float(row.get("accuracy"))
    if accuracy is not None:
        text = _("{said}; accuracy {accuracy}").format(said=text, accuracy=percent(round(accuracy, 1) / 100))  # rounded as the terminal always has
    return _("{said}.").format(said=text)
