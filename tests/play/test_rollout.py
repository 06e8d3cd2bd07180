"""The ``altbaumer`` player: each choice played out before it is made."""

from __future__ import annotations

import json
from typing import Any

import pytest

from altbaumer.game.actions import Phase
from altbaumer.game.deal import Deal
from altbaumer.game.seats import SEATS
from altbaumer.game.view import SeatView
from altbaumer.hidden.rating import option_name
from altbaumer.play.pimc import PimcPolicy
from altbaumer.play.players import make_policy
from altbaumer.play.rollout import RolloutPolicy
from altbaumer.play.simulate import play_deal

SMALL = dict(decision_playouts=8, decision_samples=20, card_playouts=6, card_samples=12, decision_worlds=6,
             card_worlds=4)


def _small(seed: int, **flags: Any) -> RolloutPolicy:
    return RolloutPolicy(seed=seed, keep_ratings=True, **SMALL, **flags)  # type: ignore[arg-type]


def _first_view(deal: Deal, phase: Phase, player: PimcPolicy) -> SeatView:
    """The first view of ``phase`` with a choice, the deal played on by ``player``."""
    while deal.to_act is not None:
        view = deal.view(deal.to_act)
        if view.phase == phase.value and len(view.legal) > 1:
            return view
        deal.apply(player.choose(view))
    raise AssertionError(f"no choice of {phase} in this deal")


def test_the_players_by_name():
    player = make_policy("altbaumer", 1)
    assert isinstance(player, RolloutPolicy) and player.objective == "match"
    assert (player.decisions, player.cards) == (False, True)
    both, decisions = make_policy("altbaumer-all"), make_policy("altbaumer-decisions")
    assert (both.decisions, both.cards) == (True, True)  # type: ignore[attr-defined]
    assert (decisions.decisions, decisions.cards) == (True, False)  # type: ignore[attr-defined]


@pytest.mark.parametrize("phase", [Phase.TRUMP, Phase.DISCARD, Phase.PLAY])
def test_a_choice_is_the_top_of_its_played_out_rating(phase: Phase):
    view = _first_view(Deal.from_seed(21), phase, PimcPolicy(seed=3, decision_worlds=8, card_worlds=4))
    player = _small(5, decisions=True)
    chosen = option_name(player.choose(view))
    rating = player.last_rating
    assert rating is not None and rating.play == "realistic" and rating.playouts is not None
    assert rating.playouts.stopped == "fixed"
    playouts = SMALL["card_playouts" if phase is Phase.PLAY else "decision_playouts"]
    assert all(o.worlds == playouts for o in rating.options)
    assert chosen in {o.option for o in rating.top_options()}


def test_what_it_leaves_to_pimc_is_chosen_as_pimc_chooses():
    for seed in range(6):
        view = _first_view(Deal.from_seed(40 + seed), Phase.PLAY, PimcPolicy(seed=seed, decision_worlds=8,
                                                                               card_worlds=4))
        left = _small(seed, decisions=True, cards=False)
        assert left.choose(view) == PimcPolicy(seed=seed, objective="match", card_worlds=4).choose(view)
        assert left.last_rating is None
    view = _first_view(Deal.from_seed(7), Phase.TRUMP, PimcPolicy(seed=1, decision_worlds=8, card_worlds=4))
    left = _small(2)
    assert left.choose(view) == PimcPolicy(seed=2, objective="match", decision_worlds=6).choose(view)


def test_played_out_cards_are_never_handed_to_the_compiled_pimc_player():
    deal = Deal.from_seed(5)
    view = _first_view(deal, Phase.PLAY, PimcPolicy(seed=1, decision_worlds=8, card_worlds=4))
    assert _small(1).compiled_play(view) is None
    assert _small(1, decisions=True, cards=False).compiled_play(view) is not None


def test_a_deal_played_by_four_such_players_is_legal_and_depends_on_the_seeds_alone():
    def played(seed: int) -> list[str]:
        deal = play_deal(Deal.from_seed(60), {s: _small(seed + int(s), decisions=True) for s in SEATS})
        assert deal.phase is Phase.DONE and 0 <= deal.makers_tricks <= 5
        return [str(t.cards) for t in deal.tricks]

    first = played(1)
    assert played(1) == first


def test_the_arena_takes_the_player_by_name(run):
    result = run("arena", "altbaumer-decisions", "heuristic", "-n", "1", "--processes", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["matches"] == 2 and data["a"]["policy"] == "altbaumer-decisions"
    assert "altbaumer" in " ".join(run("arena", "--help").stdout.split())
