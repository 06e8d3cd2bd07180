"""A rating's answer in one sentence (altbaumer.hidden.advice.advice_sentence), and the
recorded choice's (choice_sentence): a clear best, ties within the noise, no verdict, a
defender's side, and the objectives other than the match in their own units."""

from __future__ import annotations

from typing import Optional

from altbaumer.game.seats import Seat
from altbaumer.hidden.advice import advice_sentence, choice_sentence
from altbaumer.hidden.rating import OptionRating, Rating
from altbaumer.hidden.weighting import CardWeighting

Row = tuple[str, float, float, float]
"""An option: its name, the makers' figure (the chance to win the match, or
with another objective P(make), P(march) or net), the makers' Δ against the
top option and the half-width of the Δ's 95% interval."""


def _rating(decision: str, rows: list[Row], best: str, *, objective: str = "match", maker: bool = True,
            weighting: Optional[CardWeighting] = None) -> Rating:
    """A rating of ``rows``, ``best`` the recommended option, the figures the makers' as a rating keeps them."""
    options = []
    for name, figure, delta, ci in rows:
        net = figure if objective == "net" else 0.0
        p_make = figure if objective == "make" else 0.5
        p_march = figure if objective == "march" else 0.1
        equity = figure if objective == "match" else None
        options.append(OptionRating(name, None, p_make, p_march, 0.0, net, net, {}, delta, ci, name == best,
                                    1000, equity, equity))
    return Rating(decision, Seat.E, maker, objective, 1000, 10**6, False, True, tuple(options), weighting=weighting)


def test_a_clear_best_names_what_the_other_gives_up_and_its_mark() -> None:
    rating = _rating("turn", [("accept", 0.56, 0.0, 0.0), ("refuse", 0.51, -0.05, 0.01)], "accept")
    assert advice_sentence(rating) == ("Accept: it gives you about a 56% chance to win the match; refusing would give "
                                       "up about 5% of it, a mistake.")
    assert choice_sentence(rating, "refuse") == ("Refusing gives up about 5% of your chance to win the match against "
                                                 "accepting: a mistake.")
    assert choice_sentence(rating, "accept") == "Accepting is the best choice here."


def test_two_options_within_the_noise_are_as_good_as_each_other() -> None:
    rating = _rating("turn", [("accept", 0.467, 0.0, 0.0), ("refuse", 0.465, -0.002, 0.008)], "accept")
    assert advice_sentence(rating) == ("Accept: it gives you about a 47% chance to win the match; refusing gives up "
                                       "about 0.2% of it, within the noise: the two are as good as each other.")
    assert choice_sentence(rating, "refuse") == (
        "Refusing gives up about 0.2% of your chance to win the match against accepting, within the noise: the two "
        "are about as good as each other.")


def test_a_tie_won_by_the_more_natural_play_says_so() -> None:
    """Refusing has the top figure, but within the noise accepting, the more natural play, is the advice."""
    rating = _rating("turn", [("accept", 0.50, -0.004, 0.01), ("refuse", 0.504, 0.0, 0.0)], "accept")
    assert advice_sentence(rating) == (
        "Accept: it gives you about a 50% chance to win the match; refusing comes out ahead by about 0.4% of it, "
        "within the noise: the two are as good as each other, and accepting is the more natural play.")
    assert choice_sentence(rating, "refuse") == (
        "Refusing is as good as accepting, within the noise (it comes out ahead by about 0.4% of your chance to win "
        "the match); accepting is the more natural play.")


def test_several_discards_as_good_as_the_best_and_the_worst_marked() -> None:
    rating = _rating("discard", [("QC", 0.471, -0.053, 0.005), ("AC", 0.489, -0.036, 0.006),
                                 ("KS", 0.521, -0.003, 0.004), ("QH", 0.521, -0.004, 0.005),
                                 ("QD", 0.525, 0.0, 0.0)], "QD")
    assert advice_sentence(rating) == (
        "Discard the queen of diamonds: it gives you about a 52% chance to win the match; discarding the king of "
        "spades or the queen of hearts is about as good; discarding the ace of clubs would give up about 4% of it, an "
        "inaccuracy; discarding the Big Tree (queen of clubs) would give up about 5% of it, a mistake.")


def test_no_verdict_gives_no_advice() -> None:
    few = CardWeighting(weighed=1000, effective=9.0, drawn=9)
    rating = _rating("play", [("TH", 0.6, 0.0, 0.0), ("9H", 0.4, -0.2, 0.1)], "TH", weighting=few)
    assert not rating.has_verdict
    assert advice_sentence(rating).startswith("No advice: ")
    assert "too few to tell the options apart" in advice_sentence(rating)
    assert choice_sentence(rating, "9H") == ("Playing the nine of hearts: no verdict, the figures rest on too few "
                                             "deals to judge it.")


def test_a_defender_s_chance_is_the_side_s() -> None:
    # The makers' figures, as a rating keeps them: the defenders' chance is the rest, their Δ the makers' reversed.
    rating = _rating("play", [("TH", 0.40, 0.0, 0.0), ("9H", 0.45, 0.05, 0.01)], "TH", maker=False)
    assert advice_sentence(rating) == ("Play the ten of hearts: it gives your side about a 60% chance to win the "
                                       "match; playing the nine of hearts would give up about 5% of it, a mistake.")
    assert choice_sentence(rating, "9H") == ("Playing the nine of hearts gives up about 5% of your side's chance to "
                                             "win the match against playing the ten of hearts: a mistake.")
    make = _rating("play", [("TH", 0.70, 0.0, 0.0), ("9H", 0.73, 0.03, 0.01)], "TH", objective="make", maker=False)
    assert advice_sentence(make).startswith("Play the ten of hearts: it gives your side about a 30% chance to hold "
                                            "the makers to 2 tricks; ")
    march = _rating("play", [("TH", 0.10, 0.0, 0.0), ("9H", 0.19, 0.09, 0.01)], "TH", objective="march",
                    maker=False)
    assert advice_sentence(march) == (
        "Play the ten of hearts: it gives your side about a 90% chance to stop the makers taking all five; playing "
        "the nine of hearts would give up about 9% of it, a blunder.")


def test_net_points_and_the_other_chances_in_their_units() -> None:
    net = _rating("alone", [("together", 1.2, 0.0, 0.0), ("alone", 0.9, -0.3, 0.05)], "together", objective="net")
    assert advice_sentence(net) == ("Play with your partner: it gives you about +1.20 net points a deal; playing "
                                    "alone would give up about 0.30 net points a deal, a mistake.")
    assert choice_sentence(net, "alone") == ("Playing alone gives up about 0.30 net points a deal against playing "
                                             "with your partner: a mistake.")
    make = _rating("turn", [("accept", 0.08, 0.0, 0.0), ("refuse", 0.07, -0.01, 0.02)], "accept", objective="make")
    assert advice_sentence(make) == ("Accept: it gives you about an 8% chance to make 3 tricks; refusing gives up "
                                     "about 1.0% of it, within the noise: the two are as good as each other.")
    march = _rating("turn", [("accept", 0.11, 0.0, 0.0), ("refuse", 0.01, -0.1, 0.02)], "accept", objective="march")
    assert advice_sentence(march).startswith("Accept: it gives you about an 11% chance to take all five tricks; ")


def test_the_only_choice() -> None:
    only = _rating("play", [("9H", 0.5, 0.0, 0.0)], "9H")
    assert advice_sentence(only) == "Play the nine of hearts: it is the only choice."
