"""Ratings by the chance to win the match (the default objective)."""

from __future__ import annotations

import pytest

from altbaumer.errors import AltbaumerError
from altbaumer.game.actions import Discard, Refuse
from altbaumer.game.cards import Card
from altbaumer.game.deal import Deal
from altbaumer.game.equity import shipped_table
from altbaumer.game.match_state import MatchState
from altbaumer.hidden.rating import rate_view

from support import certain_lone_march


def test_a_certain_lone_march_is_best_at_the_start_of_a_match():
    rating = rate_view(certain_lone_march(), samples=400, seed=1, exact_limit=0)
    assert rating.objective == "match" and rating.state_assumed
    assert rating.state == MatchState.start(rating.seat.team)
    assert rating.best.option == "alone"
    alone, together = rating.option("alone"), rating.option("together")
    assert alone.p_round == 1.0 and together.p_round is not None and together.p_round < 1.0
    assert alone.equity == pytest.approx(shipped_table().equity(MatchState((0, 0), (1, 0) if rating.seat.team == 0
                                                                           else (0, 1), rating.seat.team.other),
                                                                rating.seat.team))
    assert rating.mark("together") == "??"  # the round given away: far beyond the blunder threshold


def test_once_any_make_wins_the_round_playing_together_is_as_good_and_more_natural():
    view = certain_lone_march()
    rating = rate_view(view, state=MatchState.parse("4:4", view.forehand.team), samples=400, seed=1, exact_limit=0)
    assert not rating.state_assumed
    assert rating.option("alone").equity == pytest.approx(rating.option("together").equity)
    assert rating.best.option == "together" and rating.mark("alone") == ""


def test_at_four_all_making_matters_more_than_marching():
    """``Deal.from_seed(7)``: accepting marches more often and so scores more
    net points, refusing makes more often; at 4:4 whoever scores takes the round."""
    deal = Deal.from_seed(7)
    view = deal.view(deal.forehand)
    net = rate_view(view, objective="net", samples=600, seed=0, exact_limit=0)
    match = rate_view(view, state=MatchState.parse("4:4", view.forehand.team), samples=600, seed=0, exact_limit=0)
    assert net.best.option == "accept" and match.best.option == "refuse"
    accept, refuse = match.option("accept"), match.option("refuse")
    assert refuse.p_make > accept.p_make and accept.p_march > refuse.p_march
    assert refuse.p_round == pytest.approx(refuse.p_make) and accept.p_round == pytest.approx(accept.p_make)
    assert match.mark("accept") in ("?!", "?", "??")


def test_the_deal_objectives_still_see_no_difference():
    rating = rate_view(certain_lone_march(), objective="net", samples=400, seed=1, exact_limit=0)
    assert rating.state is None and rating.option("alone").equity is None
    assert rating.best.option == "together" and rating.mark("alone") == ""  # +2 either way: a tie


def test_in_the_decider_the_match_is_the_chance_to_make():
    deal = Deal.from_seed(4)
    view = deal.view(deal.forehand)
    rating = rate_view(view, state=MatchState.parse("decider", view.forehand.team), samples=300, seed=2,
                       exact_limit=0, prune=False)
    for option in rating.options:
        assert option.equity == pytest.approx(option.p_make) and option.p_round == pytest.approx(option.p_make)
    make = rate_view(view, objective="make", samples=300, seed=2, exact_limit=0, prune=False)
    assert [o.p_make for o in make.options] == pytest.approx([o.p_make for o in rating.options])


def test_a_defender_sees_its_own_chance_to_win_the_match():
    deal = Deal.from_seed(6)
    deal.apply(Refuse())
    deal.apply(Discard((Card.parse("9H"),)))
    from altbaumer.game.actions import DeclareAlone

    deal.apply(DeclareAlone(False))
    deal.apply(DeclareAlone(False))
    deal.apply(deal.legal_actions()[0])  # forehand leads; the next seat defends
    view = deal.view(deal.to_act)
    rating = rate_view(view, samples=200, seed=3, exact_limit=0)
    assert not rating.maker
    for option in rating.options:
        mine = rating.for_decider(option.option)
        assert mine.equity == pytest.approx(1 - option.equity) and mine.p_round == pytest.approx(1 - option.p_round)
        assert mine.delta <= 1e-12 or option.best


def test_the_score_must_fit_the_deal():
    view = certain_lone_march()
    with pytest.raises(AltbaumerError, match="making trump, but forehand"):
        rate_view(view, state=MatchState.parse("1:1", view.forehand.team.other), samples=50, exact_limit=0)
