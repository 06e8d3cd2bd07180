"""A rating's verdict in sentences, for a player: the advice first, the
figures after it, no notation (the tutor at the table, the hint).

The options are named as a player says them ("accepting", "playing the ten
of hearts"); a loss is "about 4% of your chance to win the match"; a choice
within the noise of the best is said to be as good as it, never marked.

>>> option_words("turn", "refuse"), option_words("play", "TH"), option_words("discard", "9S")
('refusing', 'playing the ten of hearts', 'discarding the nine of spades')
>>> percent(0.0412), percent(0.0021), percent(0.00004)
('4%', '0.2%', 'less than 0.1%')
"""

from __future__ import annotations

from typing import Any, Optional

from altbaumer.game.cards import CardSet
from altbaumer.game.words import card_words
from altbaumer.hidden.rating import Rating
from altbaumer.hidden.verdicts import MARK_NAMES

__all__ = ["option_words", "option_action", "percent", "choice_sentence", "best_sentence", "options_in_words"]

_DECISION_VERBS = {"accept": "accepting", "refuse": "refusing", "together": "playing with your partner",
                   "alone": "playing alone"}


def option_words(decision: str, option: str) -> str:
    """The option as a player says it, as the subject of a sentence."""
    if option in _DECISION_VERBS:
        return _DECISION_VERBS[option]
    cards = " and ".join(card_words(c).removeprefix("the ") for c in CardSet.parse(option))
    return ("discarding the " if decision == "discard" else "playing the ") + cards


def option_action(decision: str, option: str) -> str:
    """The table's action text of a rating's option (``discard 9S`` for a discard)."""
    return f"discard {option}" if decision == "discard" else option


def percent(share: float) -> str:
    """A share of the chance to win, rounded as a player reads it."""
    points = abs(share) * 100
    if points < 0.1:
        return "less than 0.1%"
    return f"{points:.0f}%" if points >= 1.95 else f"{points:.1f}%"


def choice_sentence(rating: Rating, chosen: str) -> str:
    """What choosing ``chosen`` gives up, in one sentence: ``Refusing gives up
    about 4% of your chance to win the match against accepting: a mistake.``"""
    best = rating.best.option
    if chosen == best:
        return f"{_capital(option_words(rating.decision, chosen))} is the best choice here."
    loss, mark = rating.loss(chosen), rating.mark(chosen)
    said = (f"{_capital(option_words(rating.decision, chosen))} gives up about {percent(loss)} of your chance to "
            f"win the match against {option_words(rating.decision, best)}")
    if mark:
        return f"{said}: {_article(MARK_NAMES[mark])}."
    return f"{said}, within the noise: the two are about as good as each other."


def best_sentence(rating: Rating) -> str:
    """The advice: the best option and the chance it gives, and what the
    next best gives up."""
    best = rating.best
    chance = rating.for_decider(best.option).equity
    said = _capital(option_words(rating.decision, best.option))
    if chance is not None:
        said += f" gives you about {percent(chance)} to win the match"
    others = sorted((o for o in rating.options if o.option != best.option), key=lambda o: rating.loss(o.option))
    if others:
        said += f"; {option_words(rating.decision, others[0].option)} gives up about " \
                f"{percent(rating.loss(others[0].option))}"
    return said + "."


def options_in_words(rating: Rating, limit: Optional[int] = None) -> list[dict[str, Any]]:
    """The options best first, each with its action, its words, the chance to
    win the match it gives the decider, what it gives up and its mark."""
    ranked = sorted(rating.options, key=lambda o: rating.loss(o.option))[:limit]
    return [{"action": option_action(rating.decision, o.option), "words": option_words(rating.decision, o.option),
             "chance": rating.for_decider(o.option).equity, "gives_up": max(0.0, rating.loss(o.option)),
             "mark": rating.mark(o.option), "best": o.option == rating.best.option} for o in ranked]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _article(name: str) -> str:
    return ("an " if name[0] in "aeiou" else "a ") + name
