"""The playing levels of the table: levels 1 to 5, each from its own view alone."""

from __future__ import annotations

import random
from typing import Optional

import pytest

from altbaumer.errors import AltbaumerError
from altbaumer.game.actions import Action, Phase
from altbaumer.game.cards import CardSet
from altbaumer.game.deal import Deal
from altbaumer.game.seats import SEATS, Seat
from altbaumer.game.view import SeatView
from altbaumer.hidden.rating import option_name, rate_view
from altbaumer.play.levels import (DEFAULT_LEVEL, LEVEL_MAX, LEVEL_MIN, LEVEL_SETTINGS, LEVELS, NoisyPimcPolicy,
                                   level_player, noisy_pick)
from altbaumer.play.pimc import PimcPolicy
from altbaumer.play.players import POLICIES, ScoreAware, make_policy
from altbaumer.play.policies import HeuristicPolicy
from altbaumer.play.rollout import RolloutPolicy


def _played_to(deal: Deal, phase: Phase, seed: int) -> tuple[list[Action], Optional[SeatView]]:
    """The heuristic's actions from the start of ``deal`` to forehand's first
    choice of ``phase`` (for the play: forehand's lead of the first trick),
    and that view; None when forehand does not face it with a choice."""
    player, actions = HeuristicPolicy(seed), list[Action]()
    while deal.to_act is not None:
        view = deal.view(deal.to_act)
        if view.phase == phase.value:
            mine = deal.to_act is deal.forehand and not view.tricks and len(view.legal) > 1
            return actions, view if mine else None
        actions.append(player.choose(view))
        deal.apply(actions[-1])
    return actions, None


def _twin(deal: Deal, seat: Seat, rng: random.Random) -> Deal:
    """``deal`` as dealt, the cards of the other three seats (which ``seat``
    cannot see) dealt among them anew; the stock and the Trees taken at the
    cut (public) stay."""
    others = [s for s in SEATS if s is not seat]
    pool = [c for s in others for c in deal.dealt_hand(s) if c not in deal.cut_trees]
    rng.shuffle(pool)
    hands: dict[Seat, Optional[CardSet]] = {seat: deal.dealt_hand(seat)}
    for other in others:
        keep = list(deal.cut_trees) if other is deal.cutter else []
        hands[other] = CardSet(keep + [pool.pop() for _ in range(5 - len(keep))])
    return Deal.from_hands(deal.dealer, hands, deal.stock, deal.cut_trees, deal.cut_seen)


def test_the_levels_by_name() -> None:
    assert (LEVEL_MIN, LEVEL_MAX, DEFAULT_LEVEL) == (1, 5, 5)
    assert sorted(LEVELS) == [1, 2, 3, 4, 5] and all(level_player(k) in POLICIES for k in LEVELS)
    four, five = make_policy(level_player(4), 1), make_policy(level_player(5), 1)
    assert type(four) is PimcPolicy and four.objective == "match" and four.compiled
    assert isinstance(five, RolloutPolicy) and (five.cards, five.decisions) == (True, False)
    noisy = [make_policy(level_player(k), 1) for k in (1, 2, 3)]
    assert all(isinstance(p, NoisyPimcPolicy) and isinstance(p, ScoreAware) for p in noisy)
    # Each level blurs less and looks at more worlds than the one below.
    sigmas = [s.sigma for s in LEVEL_SETTINGS.values()]
    worlds = [(s.decision_worlds, s.card_worlds) for s in LEVEL_SETTINGS.values()]
    assert sigmas == sorted(sigmas, reverse=True) and worlds == sorted(worlds)


@pytest.mark.parametrize("level", [0, 6, -1, True, "3", 2.0])
def test_a_level_out_of_range_is_a_one_line_error(level: object) -> None:
    with pytest.raises(AltbaumerError, match="choose a level from 1 .* to 5") as raised:
        level_player(level)  # type: ignore[arg-type]
    assert "\n" not in str(raised.value)


def test_its_cards_are_never_played_by_the_compiled_player_without_noise() -> None:
    # The simulation lets the engine play a whole deal's cards for players with a compiled_play: never for a level.
    deal = Deal.from_seed(5)
    assert NoisyPimcPolicy.at_level(1, seed=1).compiled_play(deal.view(deal.to_act)) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("phase", [Phase.TRUMP, Phase.PLAY])
def test_a_level_decides_from_its_view_alone(phase: Phase) -> None:
    """The same view with the other seats' cards dealt otherwise: the same choice for the same seed."""
    checked = 0
    for seed in range(40):
        deal = Deal.from_seed(seed)
        actions, view = _played_to(deal, phase, seed)
        if view is None:
            continue
        twin = _twin(Deal.from_seed(seed), view.seat, random.Random(seed))
        for action in actions:
            twin.apply(action)
        assert twin.dealt != deal.dealt and twin.view(view.seat) == view  # other hidden cards, the same view
        for level in (1, 2, 3):
            first = make_policy(level_player(level), 100 + seed).choose(view)
            assert make_policy(level_player(level), 100 + seed).choose(twin.view(view.seat)) == first
        checked += 1
        if checked == 2:
            return
    pytest.fail(f"too few views of {phase} found")


@pytest.mark.parametrize("level", [1, 2, 3])
def test_its_choices_are_legal_and_repeat_with_the_seed(level: int) -> None:
    deal = Deal.from_seed(40 + level)
    players = {seat: make_policy(level_player(level), 7 * int(seat)) for seat in SEATS}
    again = {seat: make_policy(level_player(level), 7 * int(seat)) for seat in SEATS}
    while deal.to_act is not None:
        view = deal.view(deal.to_act)
        action = players[deal.to_act].choose(view)
        assert action in view.legal and again[deal.to_act].choose(view) == action
        deal.apply(action)


def test_without_noise_it_takes_pimcs_top_option() -> None:
    for seed in (4, 9):
        deal = Deal.from_seed(seed)
        rating = rate_view(deal.view(deal.forehand), samples=20, exact_limit=20, seed=seed)
        for draw in range(5):
            assert noisy_pick(rating, 0.0, random.Random(draw)) == rating.pick_top(random.Random(draw))
    # A whole deal: at sigma 0 the player is PIMC rating in Python over the same worlds, choice for choice.
    deal = Deal.from_seed(12)
    noiseless = NoisyPimcPolicy(seed=3, sigma=0.0, decision_worlds=10, card_worlds=4)
    pimc = PimcPolicy(seed=3, objective="match", decision_worlds=10, card_worlds=4, compiled=False)
    while deal.to_act is not None:
        view = deal.view(deal.to_act)
        action = noiseless.choose(view)
        assert pimc.choose(view) == action
        deal.apply(action)


def test_the_noise_moves_the_choice_off_the_top() -> None:
    deal = Deal.from_seed(4)
    rating = rate_view(deal.view(deal.forehand), samples=20, exact_limit=20, seed=4)
    top = rating.pick_top(random.Random(0))
    loss = max(-rating.for_decider(o.option).delta for o in rating.options)
    assert loss > 0  # the options differ, so only the noise can take the worse one
    picks = [noisy_pick(rating, 10 * loss, random.Random(draw)) for draw in range(40)]
    assert top in picks and set(picks) != {top}
    assert {noisy_pick(rating, loss / 1000, random.Random(draw)) for draw in range(40)} == {top}


def test_kept_ratings_show_what_it_chose_from() -> None:
    deal = Deal.from_seed(6)
    player = NoisyPimcPolicy(seed=2, sigma=0.2, decision_worlds=10, card_worlds=4, keep_ratings=True)
    chosen = option_name(player.choose(deal.view(deal.to_act)))  # type: ignore[arg-type]
    assert player.last_rating is not None and player.last_rating.worlds <= 10
    assert chosen in {o.option for o in player.last_rating.options}
