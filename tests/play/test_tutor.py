"""The tutor (altbaumer.play.tutor): when it warns, what it says, how much it plays out by decision."""

from __future__ import annotations

from dataclasses import replace

from altbaumer.game.deal import Deal
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import Seat
from altbaumer.game.table_match import TableMatch
from altbaumer.hidden.rating import rate_view
from altbaumer.play.tutor import TUTOR_LEVELS, TutorEffort, hint_of, should_warn, verdict_of


def test_the_tutor_warns_from_its_mark_on() -> None:
    marks = ("", "?!", "?", "??")
    warned = {tutor: [m for m in marks if should_warn(m, tutor)] for tutor in TUTOR_LEVELS}
    assert warned == {"off": [], "inaccuracy": ["?!", "?", "??"], "mistake": ["?", "??"], "blunder": ["??"]}


def test_the_playouts_follow_the_cost_of_a_decision() -> None:
    table = TableMatch(27, Seat.S)  # the person is forehand: accept or refuse
    view = table.deal.view(Seat.S)
    effort = TutorEffort()
    assert effort.playouts(view) == effort.turn_effort
    assert effort.playouts(replace(view, phase="play")) == effort.effort
    assert effort.playouts(replace(view, phase="lone")) == effort.alone_effort
    assert effort.scaled(20).playouts(view) == 20 * effort.turn_effort and effort.scaled(20).samples == 4000


def test_a_blunder_in_words_and_the_hint() -> None:
    view = TableMatch(27, Seat.S).deal.view(Seat.S)  # five trumps headed by the Big Tree
    rating = rate_view(view, state=MatchState.start(view.forehand.team), samples=300, exact_limit=300, seed=1)
    refused = verdict_of(rating, "refuse", "mistake")
    assert refused.mark in ("?", "??") and refused.warn and refused.best == "accept"
    assert refused.words.startswith("Refusing gives up about ") and refused.words.endswith(
        ("a mistake.", "a blunder."))
    accepted = verdict_of(rating, "accept", "mistake")
    assert not accepted.warn and accepted.mark == "" and accepted.words == "Accepting is the best choice here."
    hint = hint_of(rating)
    assert hint.best == "accept" and hint.words.startswith("Accepting gives you about ")
    assert [o["action"] for o in hint.options][0] == "accept" and hint.options[0]["best"]


def test_a_choice_within_the_noise_is_never_warned() -> None:
    for seed in range(6):
        deal = Deal.from_seed(seed)
        view = deal.view(deal.forehand)
        rating = rate_view(view, samples=60, exact_limit=0, seed=seed)
        for option in rating.options:
            verdict = verdict_of(rating, option.option, "inaccuracy")
            if verdict.loss <= option.delta_ci95:
                assert not verdict.warn and verdict.mark == ""
