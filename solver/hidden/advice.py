"""A rating's verdict in sentences, for a player: the advice first, the
figures after it, no notation (the tutor at the table, the hint).

The options are named as a player says them ("accepting", "playing the ten
of hearts"; as advice "accept", "play the ten of hearts"); a loss is in the
unit of the rating's objective, for the deciding side ("about 4% of your
chance to win the match", "of your side's chance to hold the makers to 2
tricks", "about 0.31 net points a deal"); a choice within the noise of the
best is said to be as good as it, never marked. :func:`advice_sentence` is
a rating's answer in one sentence, the first thing ``altbaumer rate`` and
the analysis page show.

>>> option_words("turn", "refuse"), option_words("play", "TH"), option_words("discard", "9S")
('refusing', 'playing the ten of hearts', 'discarding the nine of spades')
>>> option_words("alone", "together", advice=True), option_words("discard", "QD", advice=True)
('play with your partner', 'discard the queen of diamonds')
>>> percent(0.0412), percent(0.0021), percent(0.00004)
('4%', '0.2%', 'less than 0.1%')
>>> from altbaumer.game.deal import Deal
>>> from altbaumer.hidden.rating import rate_view
>>> deal = Deal.from_seed(4)
>>> rating = rate_view(deal.view(deal.forehand), samples=200, seed=1, exact_limit=0)
>>> print(advice_sentence(rating))  # doctest: +NORMALIZE_WHITESPACE
Accept: it gives you about a 52% chance to win the match; refusing gives up about 0.3% of it, within the noise: the
two are as good as each other.
"""

from __future__ import annotations

from typing import Any, Optional

from altbaumer.game.cards import CardSet
from altbaumer.game.words import card_words
from altbaumer.hidden.rating import Rating
from altbaumer.hidden.verdicts import MARK_NAMES, tied

__all__ = ["option_words", "option_action", "percent", "objective_value", "chance_words", "loss_words",
           "choice_sentence", "best_sentence", "advice_sentence", "options_in_words"]

_DECISION_VERBS = {"accept": ("accepting", "accept"), "refuse": ("refusing", "refuse"),
                   "together": ("playing with your partner", "play with your partner"),
                   "alone": ("playing alone", "play alone")}
_GOALS = {("match", True): "win the match", ("match", False): "win the match",
          ("make", True): "make 3 tricks", ("make", False): "hold the makers to 2 tricks",
          ("march", True): "take all five tricks", ("march", False): "stop the makers taking all five"}
"""What the deciding side plays for, by objective and side (a maker or not); net points are no chance."""
_SAME = 1e-12  # differences this small are one value summed in another order


def option_words(decision: str, option: str, advice: bool = False) -> str:
    """The option as a player says it: as the subject of a sentence
    (``discarding the nine of spades``), or with ``advice`` as what to do
    (``discard the nine of spades``)."""
    if option in _DECISION_VERBS:
        return _DECISION_VERBS[option][advice]
    cards = " and ".join(card_words(c).removeprefix("the ") for c in CardSet.parse(option))
    verb = "discard" if decision == "discard" else "play"
    return f"{verb}{'' if advice else 'ing'} the {cards}"


def option_action(decision: str, option: str) -> str:
    """The table's action text of a rating's option (``discard 9S`` for a discard)."""
    return f"discard {option}" if decision == "discard" else option


def percent(share: float) -> str:
    """A share of the chance to win, rounded as a player reads it."""
    points = abs(share) * 100
    if points < 0.1:
        return "less than 0.1%"
    return f"{points:.0f}%" if points >= 1.95 else f"{points:.1f}%"


def objective_value(rating: Rating, name: str) -> float:
    """What the option gives the deciding side in the rating's objective:
    its chance to win the match, to make 3 tricks (a defender: to hold the
    makers to 2), to take all five (a defender: to stop the makers taking
    all five), or its net points a deal."""
    figures = rating.for_decider(name)
    if rating.objective == "match":
        return figures.equity or 0.0
    if rating.objective == "make":
        return figures.p_win
    if rating.objective == "march":
        return figures.p_all if rating.maker else 1.0 - rating.option(name).p_march
    return figures.net


def chance_words(rating: Rating) -> str:
    """Whose chance of what the objective is, for the deciding side
    (``your chance to win the match``); net points, the objective that is
    no chance, as ``your net points a deal``."""
    yours = "your" if rating.maker else "your side's"
    if rating.objective == "net":
        return f"{yours} net points a deal"
    return f"{yours} chance to {_GOALS[rating.objective, rating.maker]}"


def _gives(rating: Rating, name: str) -> str:
    """``gives you about a 47% chance to win the match``: what the option gives the deciding side."""
    whom = "you" if rating.maker else "your side"
    value = objective_value(rating, name)
    if rating.objective == "net":
        return f"gives {whom} about {value:+.2f} net points a deal"
    share = percent(value)
    if share.startswith("less"):
        about = f"less than a {share.removeprefix('less than ')}"
    else:
        about = f"about {'an' if share.startswith(('8', '11', '18')) else 'a'} {share}"  # an eight, an eleven
    return f"gives {whom} {about} chance to {_GOALS[rating.objective, rating.maker]}"


def loss_words(rating: Rating, loss: float, of_it: bool = False) -> str:
    """A difference in the objective's unit (``about 4% of your chance to
    win the match``, ``about 0.31 net points a deal``); ``of_it`` when the
    chance was named just before (``about 4% of it``)."""
    if rating.objective == "net":
        points = abs(loss)
        return f"about {points:.2f} net points a deal" if points >= 0.005 else "less than 0.01 net points a deal"
    share = percent(loss)
    return f"{'' if share.startswith('less') else 'about '}{share} of {'it' if of_it else chance_words(rating)}"


def _verdict(rating: Rating, name: str) -> str:
    """What choosing ``name`` is, once it gives up something: an error by
    its mark, slightly worse, or as good for a player's purposes, within the
    noise or by too little to matter (the verdicts and ties of docs/rating.md)."""
    found = rating.mark(name)
    if found:
        return _article(MARK_NAMES[found])
    loss, noise = rating.loss(name), rating.option(name).delta_ci95
    if tied(loss, noise, rating.objective):
        return "within the noise" if loss <= noise else "too little to matter"
    return "slightly worse, by less than an inaccuracy" if rating.significant(name) else "within the noise"


_LEVEL = ("within the noise", "too little to matter")
"""The verdicts of an option as good as the best for a player's purposes."""


def _behind(rating: Rating, name: str) -> float:
    """What ``name`` gives up against the recommended option (below zero
    for the top option when the recommendation is a tie short of it)."""
    return rating.loss(name) - rating.loss(rating.best.option)


def choice_sentence(rating: Rating, chosen: str) -> str:
    """What choosing ``chosen`` gives up, in one sentence: ``Refusing gives up
    about 4% of your chance to win the match against accepting: a mistake.``"""
    said, best = _capital(option_words(rating.decision, chosen)), rating.best.option
    if not rating.has_verdict:
        return f"{said}: no verdict, the figures rest on too few deals to judge it."
    if chosen == best:
        return f"{said} is the best choice here."
    versus, behind = option_words(rating.decision, best), _behind(rating, chosen)
    if behind < -_SAME:  # the top figure, the recommendation a tie with it in the natural order of play
        return (f"{said} is as good as {versus}, within the noise (it comes out ahead by "
                f"{loss_words(rating, -behind)}); {versus} is the more natural play.")
    if behind <= _SAME:
        return f"{said} is exactly as good as {versus}."
    given = f"{said} gives up {loss_words(rating, behind)} against {versus}"
    verdict = _verdict(rating, chosen)
    if verdict in _LEVEL:
        return f"{given}, {verdict}: the two are about as good as each other."
    return f"{given}: {verdict}."


def best_sentence(rating: Rating) -> str:
    """The advice: the best option and the chance it gives, and what the
    next best gives up."""
    best = rating.best.option
    said = f"{_capital(option_words(rating.decision, best))} {_gives(rating, best)}"
    others = sorted((o.option for o in rating.options if o.option != best), key=rating.loss)
    if others:
        given = loss_words(rating, _behind(rating, others[0]), True)
        said += f"; {option_words(rating.decision, others[0])} gives up {given}"
    return said + "."


def advice_sentence(rating: Rating) -> str:
    """The rating's answer in one sentence, for a player: what to do and
    what it gives, the options as good as it within the noise, and what the
    closest of the others (and the worst, when it is marked worse) would
    give up; no advice when the rating has no verdict."""
    decision = rating.decision
    if not rating.has_verdict:
        return ("No advice: once weighed by what the other players' choices show, the deals of the unseen cards "
                "are worth too few to tell the options apart.")
    best = rating.best.option
    advice = _capital(option_words(decision, best, advice=True))
    if len(rating.options) == 1:
        return f"{advice}: it is the only choice."
    parts = [f"{advice}: it {_gives(rating, best)}"]
    others = sorted((o.option for o in rating.options if o.option != best), key=rating.loss)
    level = [o for o in others if _verdict(rating, o) in _LEVEL]
    worse = [o for o in others if o not in level]
    if len(level) == 1:
        parts.append(_level_words(rating, level[0]))
    elif level:
        parts.append(f"{_either(decision, level)} is about as good")
    for name in dict.fromkeys(worse[:1] + [o for o in worse[-1:] if rating.mark(o) != rating.mark(worse[0])]):
        parts.append(f"{option_words(decision, name)} would give up {loss_words(rating, _behind(rating, name), True)}, "
                     f"{_verdict(rating, name)}")
    said = "; ".join(parts)
    if not worse:
        said += ": the two are as good as each other" if len(level) == 1 else ": they are all as good as each other"
    ahead = [o for o in level if _behind(rating, o) < -_SAME]
    if ahead:
        said += f", and {option_words(decision, best)} is the more natural play"
    return said + "."


def _either(decision: str, names: list[str]) -> str:
    """Options as alternatives, the verb of cards said once: ``discarding the
    king of spades or the queen of hearts``."""
    said = [option_words(decision, name) for name in names]
    verb = said[0].split(" ")[0] + " "
    if all(s.startswith(verb + "the ") for s in said):
        said[1:] = [s.removeprefix(verb) for s in said[1:]]
    return f"{', '.join(said[:-1])} or {said[-1]}"


def _level_words(rating: Rating, name: str) -> str:
    """One option within the noise of the recommended one, and by how much."""
    said, behind, verdict = option_words(rating.decision, name), _behind(rating, name), _verdict(rating, name)
    if behind > _SAME:
        return f"{said} gives up {loss_words(rating, behind, True)}, {verdict}"
    if behind < -_SAME:
        return f"{said} comes out ahead by {loss_words(rating, -behind, True)}, {verdict}"
    return f"{said} is exactly as good"


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
