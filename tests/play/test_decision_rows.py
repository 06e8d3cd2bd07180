"""The engine rows of a decision before the play built from the world arrays
(:meth:`altbaumer.play.realistic._Starts.rows`: the trump making by the stock,
forehand's choices once an outcome, :func:`altbaumer.play.engine.start_rows`)
are, row for row, the rows of the worlds' deals rebuilt, the option taken and
the later decisions made deal by deal (:meth:`_Starts.dealt_rows`): so a
rating's figures are the same for the same seeds whichever way."""

from __future__ import annotations

import random

import numpy as np
import pytest

from altbaumer.game.actions import Action, Phase
from altbaumer.game.deal import Deal
from altbaumer.game.view import SeatView
from altbaumer.hidden.knowledge import InfoSet
from altbaumer.hidden.worlds import sample_worlds
from altbaumer.play.realistic import _Starts, rate_realistic


def decision_views(seed: int) -> list[SeatView]:
    """Every decision before the play of a deal played by seeded random choices, from the seat to act."""
    deal, rng, views = Deal.from_seed(seed), random.Random(seed), []
    while deal.phase is not Phase.PLAY:
        actions = deal.legal_actions()
        if deal.phase in (Phase.TRUMP, Phase.DISCARD, Phase.LONE):
            views.append(deal.view(deal.to_act))
        # Alone less often than not, so that both lone choices are met.
        deal.apply(actions[0] if deal.phase is Phase.LONE and rng.random() < 0.7 else rng.choice(actions))
    return views


class _Partner:
    """A partner whose lone choice is a fixed function of what it decides on, as the real one's is."""

    def alone(self, hands: np.ndarray, trump: np.ndarray, taken: np.ndarray, exposed: np.ndarray) -> np.ndarray:
        mixed = [bin(int(h) * 7 ^ int(t) * 3 ^ int(e)).count("1") + int(s) for h, s, t, e in
                 zip(hands, trump, taken, exposed)]
        return np.array(mixed) % 3 == 0


class _Starting(_Starts):
    """Forehand's choices a fixed function of its view, so that many worlds are checked fast."""

    def _forehand_choice(self, view: SeatView) -> Action:
        at = view.hand.mask * 5 + view.taken.mask * 3 + view.exposed.mask + int(view.trump or 0)
        return view.legal[at % len(view.legal)]


def starts(view: SeatView, count: int, seed: int) -> _Starts:
    rng = np.random.default_rng(seed)
    worlds = sample_worlds(InfoSet.from_view(view), count, rng)
    made = _Starting.__new__(_Starting)
    made.view, made.worlds, made.actions, made.seed = view, worlds, list(view.legal), seed
    made.order = rng.integers(0, len(worlds), size=count + 8)  # some worlds played out twice
    made.partner, made.decided, made.after = _Partner(), {}, {}
    return made


@pytest.mark.parametrize("seed", range(1, 41))
def test_decision_rows_are_the_rows_of_the_rebuilt_deals(seed: int) -> None:
    for view in decision_views(seed):
        made = starts(view, 40, seed)
        alive = np.arange(len(made.actions))
        for lo, hi in ((0, 17), (17, 48)):  # the later rounds reuse forehand's choices
            fast = made.rows(lo, hi, alive)
            slow = made.dealt_rows(lo, hi, made.actions)
            assert fast.shape == slow.shape and (fast == slow).all(), (seed, view.phase, view.seat)


def test_every_kind_of_decision_is_checked() -> None:
    met = {(view.phase, view.seat is view.forehand) for seed in range(1, 41) for view in decision_views(seed)}
    assert met == {("trump", True), ("discard", True), ("lone", True), ("lone", False)}


def test_only_the_options_still_in_the_running_get_rows() -> None:
    view = next(v for v in decision_views(3) if v.phase == "discard")
    made = starts(view, 20, 0)
    every = made.rows(0, 20, np.arange(len(made.actions)))
    last = made.rows(0, 20, np.array([len(made.actions) - 1]))
    assert last.shape == (20, 1, every.shape[2]) and (last[:, 0] == every[:, -1]).all()


@pytest.mark.parametrize("seed", [2, 5])
def test_the_rating_is_the_same_with_its_deciders_whichever_way(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    for view in decision_views(seed):
        def rated() -> dict:
            return rate_realistic(view, playouts=16, samples=60, seed=1, decision_worlds=4, card_worlds=4,
                                  threads=1).to_dict()
        fast = rated()
        with monkeypatch.context() as patched:
            patched.setattr(_Starts, "rows", lambda self, lo, hi, alive: self.dealt_rows(
                lo, hi, [self.actions[j] for j in alive]))
            slow = rated()
        assert fast == slow, (seed, view.phase, view.seat)
