"""Players take the option with their best mean objective, never the display's ★.

The display's tie rule (docs/rating.md, Verdicts) gives ★ to the most natural
of the options tied with the top, which is right for advice and wrong for
play: a player that took ★ would shed cards in listing order whatever they
are worth. These tests hold the players to their own top means, exact ties
drawn at random, and hold ★ to the top option where the options have no
natural order.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from altbaumer.abn.files import load_boards
from altbaumer.abn.record import replay
from altbaumer.game.actions import Phase
from altbaumer.game.deal import Deal
from altbaumer.game.seats import SEATS
from altbaumer.game.view import SeatView
from altbaumer.hidden.rating import Rating, option_name, rate_view
from altbaumer.play.pimc import PimcPolicy
from altbaumer.play.simulate import play_deal

from support import mirror_option, mirror_view

EXAMPLES = Path(__file__).parents[2] / "examples"


def forehand_discard() -> SeatView:
    """examples/forehand-view.abn: E discards one of A♣ K♣ Q♣ K♠ Q♥ Q♦, clubs
    trump (A♣ and K♣ are equivalent), A♥ dead (seen at the cut)."""
    record = replay(load_boards(str(EXAMPLES / "forehand-view.abn"))[0])
    assert record.state.to_act is not None
    return record.view(record.state.to_act)


class Recording(PimcPolicy):
    """A PimcPolicy that keeps every rating it chose by, with its choice."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, keep_ratings=True, **kwargs)  # type: ignore[arg-type,misc]
        self.choices: list[tuple[Rating, str]] = []

    def choose(self, view: SeatView):  # type: ignore[no-untyped-def]
        self.last_rating = None
        action = super().choose(view)
        if self.last_rating is not None:
            self.choices.append((self.last_rating, str(option_name(action))))
        return action


def _against_top(rating: Rating, name: str) -> float:
    figures = rating.for_decider(name)
    return figures.delta


@pytest.mark.parametrize("objective", ["match", "net"])
def test_every_choice_is_the_players_own_top_mean(objective: str):
    """Over whole deals, every card and decision a PIMC player makes is an
    option with the best mean objective of its own rating: never one the
    display's tie rule preferred for being listed first."""
    rated = 0
    for seed in range(10):
        deal = Deal.from_seed(100 + seed)
        players = {s: Recording(seed=10 * seed + int(s), objective=objective, decision_worlds=12, card_worlds=6,
                                compiled=False)
                   for s in SEATS}
        play_deal(deal, players)  # type: ignore[arg-type]
        for player in players.values():
            for rating, chosen in player.choices:
                best = max(_against_top(rating, o.option) for o in rating.options
                           if o.worlds == rating.worlds)
                assert _against_top(rating, chosen) >= best - 1e-12, (rating.decision, chosen)
                rated += 1
    assert rated >= 100  # cards and decisions of 40 seats


def test_the_choice_does_not_depend_on_the_listing_order():
    rating = rate_view(forehand_discard(), samples=600, exact_limit=0, seed=3)
    for seed in range(20):
        listed = rating.pick_top(random.Random(seed))
        reordered = replace(rating, options=tuple(reversed(rating.options)))
        assert reordered.pick_top(random.Random(seed)) == listed


def test_exact_ties_are_drawn_at_random_not_taken_in_listing_order():
    rating = rate_view(forehand_discard(), samples=400, exact_limit=0, seed=5)
    # A♣ and K♣ are adjacent trumps: discarding either is the same in every world.
    assert rating.option("AC").delta == rating.option("KC").delta
    tied = replace(rating, options=tuple(replace(o, delta=0.0 if o.option in ("AC", "KC") else -0.5)
                                         for o in rating.options))
    assert [o.option for o in tied.top_options()] == ["AC", "KC"]
    drawn = Counter(tied.pick_top(random.Random(seed)) for seed in range(200))
    assert set(drawn) == {"AC", "KC"} and min(drawn.values()) > 60


def _two_equivalent_cards() -> SeatView:
    """A seat that must follow with exactly the K and Q of a plain suit (not
    trump, not clubs): the two are equivalent, so every world ties them."""
    rng = random.Random(3)
    for seed in range(2000):
        deal = Deal.from_seed(seed)
        while deal.phase is not Phase.DONE:
            view = deal.view(deal.to_act)  # type: ignore[arg-type]
            if view.phase == "play" and view.trick_cards and len(view.legal) == 2:
                a, b = sorted(x.card for x in view.legal)
                if (a.suit is b.suit and a.suit is not view.trump and a.suit.name != "CLUBS"
                        and {a.rank.name, b.rank.name} == {"KING", "QUEEN"}):
                    return view
            deal.apply(rng.choice(view.legal))
    raise AssertionError("no such position in 2,000 deals")


def test_a_player_holding_equivalent_cards_plays_each_about_as_often():
    view = _two_equivalent_cards()
    played = Counter(str(option_name(PimcPolicy(seed=seed, card_worlds=6).choose(view))) for seed in range(40))
    assert len(played) == 2 and min(played.values()) >= 10, played


def test_the_star_goes_to_the_top_discard_and_the_natural_play_keeps_its_tie():
    """Among discards (no natural order) ★ is the top mean; between accept and
    refuse, or together and alone, a tie still goes to the natural play."""
    discard = rate_view(forehand_discard(), samples=3000, exact_limit=0, seed=1)
    assert discard.best in discard.top_options()
    from support import certain_lone_march

    lone = rate_view(certain_lone_march(), samples=300, exact_limit=0, seed=1, objective="make")
    # Both make for sure: an exact tie, and ★ goes to playing together, listed first.
    assert [o.option for o in lone.top_options()] == ["alone", "together"] and lone.best.option == "together"


def test_wilson_intervals_never_claim_certainty_from_a_sample():
    rating = rate_view(forehand_discard(), samples=200, exact_limit=0, seed=2)
    for option in rating.options:
        for name in ("p_make", "p_march", "p_zero"):
            lo, hi = option.bounds95[name]
            value = getattr(option, name)
            assert 0.0 <= lo <= value <= hi <= 1.0 and hi - lo > 0.0 and option.ci95[name] > 0.0
    none = [o for o in rating.options if o.p_zero == 0.0]
    assert none and all(o.bounds95["p_zero"][1] > 0.01 for o in none)  # 0 of 200 is not "± 0.0"
    decider = rating.for_decider("QC")
    assert decider.bounds95["p_win"] == rating.option("QC").bounds95["p_make"]


def test_the_mirrored_deal_rates_the_same_double_dummy():
    """Hearts and diamonds exchanged everywhere (hands, stock, cut): the same
    figures for the mirrored options, within their noise, and ★ on the mirror of ★."""
    view = forehand_discard()
    plain = rate_view(view, samples=6000, exact_limit=0, seed=1)
    mirror = rate_view(mirror_view(view), samples=6000, exact_limit=0, seed=1)
    for option in plain.options:
        other = mirror.option(mirror_option(option.option))
        assert other.equity is not None and option.equity is not None
        tolerance = 1.3 * ((option.ci95["equity"] or 0) ** 2 + (other.ci95["equity"] or 0) ** 2) ** 0.5
        assert abs(option.equity - other.equity) <= tolerance, option.option


def test_choose_top_takes_the_option_the_whole_rating_would():
    """A player's lean path (no figures, no intervals) picks what pick_top of
    the full rating picks, decision after decision."""
    from altbaumer.hidden.rating import choose_top

    for seed in range(12):
        deal = Deal.from_seed(300 + seed)
        while deal.phase is not Phase.PLAY:
            view = deal.view(deal.to_act)  # type: ignore[arg-type]
            if len(view.legal) > 1 and view.phase != "cut":
                settings = dict(objective="match", samples=40, exact_limit=40, seed=seed)
                full = rate_view(view, **settings).pick_top(random.Random(seed))  # type: ignore[arg-type]
                assert choose_top(view, random.Random(seed), **settings) == full  # type: ignore[arg-type]
            deal.apply(deal.legal_actions()[-1])
