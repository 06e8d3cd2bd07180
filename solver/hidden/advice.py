"""A rating's verdict in sentences, for a player: the advice first, the
figures after it, no notation (the tutor at the table, the hint).

The options are named as a player says them ("accepting", "playing the ten
of hearts"; as advice "accept", "play the ten of hearts"); a loss is in the
unit of the rating's objective, for the deciding side ("about 4% of your
chance to win the match", "of your side's chance to hold the makers to 2
tricks", "about 0.31 net points a deal"); a choice within the noise of the
best is said to be as good as it, never marked. :func:`advice_sentence` is
a rating's answer in one sentence, the first thing ``altbaumer rate`` and
the analysis page show. The sentences are said in the language of the
request (:mod:`altbaumer.lang`; English on the terminal).

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

from altbaumer.game.cards import Card, CardSet
from altbaumer.hidden.rating import Rating
from altbaumer.hidden.verdicts import tied
from altbaumer.lang import N_, _, number
from altbaumer.lang import percent as percent_text

__all__ = ["option_words", "option_action", "percent", "objective_value", "chance_words", "loss_words",
           "choice_sentence", "best_sentence", "advice_sentence", "options_in_words"]

_DECISION_VERBS = {"accept": (N_("accepting"), N_("accept")), "refuse": (N_("refusing"), N_("refuse")),
                   "together": (N_("playing with your partner"), N_("play with your partner")),
                   "alone": (N_("playing alone"), N_("play alone"))}
"""The options of the turn and of playing alone: as the subject of a sentence, and as advice."""
_CARD_VERBS = {"discard": (N_("discarding {cards}"), N_("discard {cards}")),
               "play": (N_("playing {cards}"), N_("play {cards}"))}
_CARD_NAMES = {
    "AC": N_("the ace of clubs"), "KC": N_("the king of clubs"), "QC": N_("the Big Tree (queen of clubs)"),
    "JC": N_("the Little Tree (jack of clubs)"), "TC": N_("the ten of clubs"), "9C": N_("the nine of clubs"),
    "AS": N_("the ace of spades"), "KS": N_("the king of spades"), "QS": N_("the queen of spades"),
    "JS": N_("the jack of spades"), "TS": N_("the ten of spades"), "9S": N_("the nine of spades"),
    "AH": N_("the ace of hearts"), "KH": N_("the king of hearts"), "QH": N_("the queen of hearts"),
    "JH": N_("the jack of hearts"), "TH": N_("the ten of hearts"), "9H": N_("the nine of hearts"),
    "AD": N_("the ace of diamonds"), "KD": N_("the king of diamonds"), "QD": N_("the queen of diamonds"),
    "JD": N_("the jack of diamonds"), "TD": N_("the ten of diamonds"), "9D": N_("the nine of diamonds")}
"""A card as the object of playing or discarding it (the words of :func:`altbaumer.game.words.card_words`)."""
_CHANCES = {("match", True): N_("your chance to win the match"),
            ("match", False): N_("your side's chance to win the match"),
            ("make", True): N_("your chance to make 3 tricks"),
            ("make", False): N_("your side's chance to hold the makers to 2 tricks"),
            ("march", True): N_("your chance to take all five tricks"),
            ("march", False): N_("your side's chance to stop the makers taking all five"),
            ("net", True): N_("your net points a deal"), ("net", False): N_("your side's net points a deal")}
"""Whose chance of what the objective is, by objective and side (a maker or not)."""
_GIVES = {("match", True): N_("gives you {about} chance to win the match"),
          ("match", False): N_("gives your side {about} chance to win the match"),
          ("make", True): N_("gives you {about} chance to make 3 tricks"),
          ("make", False): N_("gives your side {about} chance to hold the makers to 2 tricks"),
          ("march", True): N_("gives you {about} chance to take all five tricks"),
          ("march", False): N_("gives your side {about} chance to stop the makers taking all five"),
          ("net", True): N_("gives you about {points} net points a deal"),
          ("net", False): N_("gives your side about {points} net points a deal")}
"""What an option gives the deciding side; ``about`` a share of the chance, ``points`` signed net points."""
_LOSSES = {("match", True): (N_("about {share} of your chance to win the match"),
                             N_("less than {share} of your chance to win the match")),
           ("match", False): (N_("about {share} of your side's chance to win the match"),
                              N_("less than {share} of your side's chance to win the match")),
           ("make", True): (N_("about {share} of your chance to make 3 tricks"),
                            N_("less than {share} of your chance to make 3 tricks")),
           ("make", False): (N_("about {share} of your side's chance to hold the makers to 2 tricks"),
                             N_("less than {share} of your side's chance to hold the makers to 2 tricks")),
           ("march", True): (N_("about {share} of your chance to take all five tricks"),
                             N_("less than {share} of your chance to take all five tricks")),
           ("march", False): (N_("about {share} of your side's chance to stop the makers taking all five"),
                              N_("less than {share} of your side's chance to stop the makers taking all five"))}
"""A loss as a share of the deciding side's chance: about a rounded share, or less than the smallest."""
_MARK_WORDS = {"?!": N_("an inaccuracy"), "?": N_("a mistake"), "??": N_("a blunder")}
_NOISE, _TOO_LITTLE = N_("within the noise"), N_("too little to matter")
_SLIGHTLY = N_("slightly worse, by less than an inaccuracy")
_SAME = 1e-12  # differences this small are one value summed in another order


def _card_list(cards: list[Card]) -> str:
    """``the nine of spades and queen of diamonds``: in English the article said once, before the first."""
    said = ""
    for card in cards:
        name = _CARD_NAMES[card.ascii()]
        words = _(name)
        if not said:
            said = words
        else:
            said = _("{cards} and {card}").format(cards=said, card=words.removeprefix("the ") if words == name
                                                  else words)
    return said


def option_words(decision: str, option: str, advice: bool = False) -> str:
    """The option as a player says it: as the subject of a sentence
    (``discarding the nine of spades``), or with ``advice`` as what to do
    (``discard the nine of spades``)."""
    if option in _DECISION_VERBS:
        return _(_DECISION_VERBS[option][advice])
    verbs = _CARD_VERBS["discard" if decision == "discard" else "play"]
    return _(verbs[advice]).format(cards=_card_list(list(CardSet.parse(option))))


def option_action(decision: str, option: str) -> str:
    """The table's action text of a rating's option (``discard 9S`` for a discard)."""
    return f"discard {option}" if decision == "discard" else option


def _share(share: float) -> tuple[str, bool]:
    """A share of the chance to win rounded as a player reads it, and whether it is less than the smallest
    said (0.1%)."""
    points = abs(share) * 100
    if points < 0.1:
        return percent_text(0.001), True
    digits = 0 if points >= 1.95 else 1
    return percent_text(round(points, digits) / 100, digits), False


def percent(share: float) -> str:
    """A share of the chance to win, rounded as a player reads it."""
    said, small = _share(share)
    return _("less than {share}").format(share=said) if small else said


def _fixed(value: float, digits: int, signed: bool = False) -> str:
    """``value`` with ``digits`` decimals in the active language, as Python rounds it (with its sign, ``+`` or
    ``-``, when ``signed``)."""
    text = number(abs(round(value, digits)), digits)
    return f"{value:+.{digits}f}"[0] + text if signed else text


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
    return _(_CHANCES[rating.objective, rating.maker])


def _gives(rating: Rating, name: str) -> str:
    """``gives you about a 47% chance to win the match``: what the option gives the deciding side."""
    said, value = _(_GIVES[rating.objective, rating.maker]), objective_value(rating, name)
    if rating.objective == "net":
        return said.format(points=_fixed(value, 2, signed=True))
    share, small = _share(value)
    if small:
        about = _("less than a {share}").format(share=share)
    elif share.startswith(("8", "11", "18")):  # an eight, an eleven
        about = _("about an {share}").format(share=share)
    else:
        about = _("about a {share}").format(share=share)
    return said.format(about=about)


def loss_words(rating: Rating, loss: float, of_it: bool = False) -> str:
    """A difference in the objective's unit (``about 4% of your chance to
    win the match``, ``about 0.31 net points a deal``); ``of_it`` when the
    chance was named just before (``about 4% of it``)."""
    if rating.objective == "net":
        points = abs(loss)
        if points >= 0.005:
            return _("about {points} net points a deal").format(points=_fixed(points, 2))
        return _("less than {points} net points a deal").format(points=_fixed(0.01, 2))
    share, small = _share(loss)
    if of_it:
        return (_("less than {share} of it") if small else _("about {share} of it")).format(share=share)
    about, less = _LOSSES[rating.objective, rating.maker]
    return (_(less) if small else _(about)).format(share=share)


def _verdict(rating: Rating, name: str) -> str:
    """What choosing ``name`` is, once it gives up something: an error by
    its mark, slightly worse, or as good for a player's purposes, within the
    noise or by too little to matter (the verdicts and ties of docs/rating.md);
    the message id, said with :func:`_`."""
    found = rating.mark(name)
    if found:
        return _MARK_WORDS[found]
    loss, noise = rating.loss(name), rating.option(name).delta_ci95
    if tied(loss, noise, rating.objective):
        return _NOISE if loss <= noise else _TOO_LITTLE
    return _SLIGHTLY if rating.significant(name) else _NOISE


_LEVEL = (_NOISE, _TOO_LITTLE)
"""The verdicts of an option as good as the best for a player's purposes."""


def _behind(rating: Rating, name: str) -> float:
    """What ``name`` gives up against the recommended option (below zero
    for the top option when the recommendation is a tie short of it)."""
    return rating.loss(name) - rating.loss(rating.best.option)


def choice_sentence(rating: Rating, chosen: str) -> str:
    """What choosing ``chosen`` gives up, in one sentence: ``Refusing gives up
    about 4% of your chance to win the match against accepting: a mistake.``"""
    said, best = option_words(rating.decision, chosen), rating.best.option
    if not rating.has_verdict:
        return _capital(_("{option}: no verdict, the figures rest on too few deals to judge it.").format(option=said))
    if chosen == best:
        return _capital(_("{option} is the best choice here.").format(option=said))
    versus, behind = option_words(rating.decision, best), _behind(rating, chosen)
    if behind < -_SAME:  # the top figure, the recommendation a tie with it in the natural order of play
        return _capital(_("{option} is as good as {best}, within the noise (it comes out ahead by {loss}); "
                          "{best} is the more natural play.").format(option=said, best=versus,
                                                                     loss=loss_words(rating, -behind)))
    if behind <= _SAME:
        return _capital(_("{option} is exactly as good as {best}.").format(option=said, best=versus))
    verdict = _verdict(rating, chosen)
    if verdict in _LEVEL:
        text = _("{option} gives up {loss} against {best}, {verdict}: the two are about as good as each other.")
    else:
        text = _("{option} gives up {loss} against {best}: {verdict}.")
    return _capital(text.format(option=said, loss=loss_words(rating, behind), best=versus, verdict=_(verdict)))


def best_sentence(rating: Rating) -> str:
    """The advice: the best option and the chance it gives, and what the
    next best gives up."""
    best = rating.best.option
    said, gives = option_words(rating.decision, best), _gives(rating, best)
    others = sorted((o.option for o in rating.options if o.option != best), key=rating.loss)
    if not others:
        return _capital(_("{option} {gives}.").format(option=said, gives=gives))
    return _capital(_("{option} {gives}; {other} gives up {loss}.").format(
        option=said, gives=gives, other=option_words(rating.decision, others[0]),
        loss=loss_words(rating, _behind(rating, others[0]), True)))


def advice_sentence(rating: Rating) -> str:
    """The rating's answer in one sentence, for a player: what to do and
    what it gives, the options as good as it within the noise, and what the
    closest of the others (and the worst, when it is marked worse) would
    give up; no advice when the rating has no verdict."""
    decision = rating.decision
    if not rating.has_verdict:
        return _("No advice: once weighed by what the other players' choices show, the deals of the unseen cards "
                 "are worth too few to tell the options apart.")
    best = rating.best.option
    advice = option_words(decision, best, advice=True)
    if len(rating.options) == 1:
        return _capital(_("{advice}: it is the only choice.").format(advice=advice))
    parts = [_capital(_("{advice}: it {gives}").format(advice=advice, gives=_gives(rating, best)))]
    others = sorted((o.option for o in rating.options if o.option != best), key=rating.loss)
    level = [o for o in others if _verdict(rating, o) in _LEVEL]
    worse = [o for o in others if o not in level]
    if len(level) == 1:
        parts.append(_level_words(rating, level[0]))
    elif level:
        parts.append(_("{options} is about as good").format(options=_either(decision, level)))
    for name in dict.fromkeys(worse[:1] + [o for o in worse[-1:] if rating.mark(o) != rating.mark(worse[0])]):
        parts.append(_("{option} would give up {loss}, {verdict}").format(
            option=option_words(decision, name), loss=loss_words(rating, _behind(rating, name), True),
            verdict=_(_verdict(rating, name))))
    said = parts[0]
    for part in parts[1:]:
        said = _("{said}; {part}").format(said=said, part=part)
    if not worse:
        said = (_("{said}: the two are as good as each other") if len(level) == 1
                else _("{said}: they are all as good as each other")).format(said=said)
    ahead = [o for o in level if _behind(rating, o) < -_SAME]
    if ahead:
        said = _("{said}, and {option} is the more natural play").format(said=said, option=option_words(decision, best))
    return _("{said}.").format(said=said)


def _either(decision: str, names: list[str]) -> str:
    """Options as alternatives, the verb of cards said once: ``discarding the
    king of spades or the queen of hearts``."""
    said = [option_words(decision, name) for name in names]
    verb = said[0].split(" ")[0] + " "
    if all(s.startswith(verb + "the ") for s in said):
        said[1:] = [s.removeprefix(verb) for s in said[1:]]
    return _("{options} or {option}").format(options=", ".join(said[:-1]), option=said[-1])


def _level_words(rating: Rating, name: str) -> str:
    """One option within the noise of the recommended one, and by how much."""
    said, behind, verdict = option_words(rating.decision, name), _behind(rating, name), _(_verdict(rating, name))
    if behind > _SAME:
        return _("{option} gives up {loss}, {verdict}").format(option=said, loss=loss_words(rating, behind, True),
                                                               verdict=verdict)
    if behind < -_SAME:
        return _("{option} comes out ahead by {loss}, {verdict}").format(
            option=said, loss=loss_words(rating, -behind, True), verdict=verdict)
    return _("{option} is exactly as good").format(option=said)


def options_in_words(rating: Rating, limit: Optional[int] = None) -> list[dict[str, Any]]:
    """The options best first, each with its action, its words, the chance to
    win the match it gives the decider, what it gives up and its mark."""
    ranked = sorted(rating.options, key=lambda o: rating.loss(o.option))[:limit]
    return [{"action": option_action(rating.decision, o.option), "words": option_words(rating.decision, o.option),
             "chance": rating.for_decider(o.option).equity, "gives_up": max(0.0, rating.loss(o.option)),
             "mark": rating.mark(o.option), "best": o.option == rating.best.option} for o in ranked]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
