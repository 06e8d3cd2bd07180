"""Inference from forehand's choices: the worlds where the project's advice would have chosen as forehand did."""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
import pytest

import altbaumer.hidden.inference as inference_module
from altbaumer.errors import AltbaumerError, InvalidArgument
from altbaumer.game.actions import Refuse
from altbaumer.game.cards import CardSet
from altbaumer.game.deal import Deal
from altbaumer.game.rules import trump_cards
from altbaumer.hidden.display import inference_line, no_verdict_line, partial_line, rating_blocks, worlds_text
from altbaumer.hidden.inference import ENOUGH, Inference, consistent_worlds, forehand_choices, nothing_to_infer
from altbaumer.hidden.knowledge import InfoSet
from altbaumer.hidden.rating import rate_view
from altbaumer.hidden.worlds import sample_worlds


def test_after_a_refusal_the_worlds_with_strong_trumps_for_forehand_thin_out():
    """``Deal.from_seed(1)``: the tool refuses with forehand's hand. In a third
    of the partner's uniform worlds forehand holds three trumps of the turned
    suit, hands the tool would have accepted with; the inferred worlds hold
    far fewer."""
    deal = Deal.from_seed(1)
    turned = deal.view(deal.forehand).turned
    assert rate_view(deal.view(deal.forehand), objective="net", samples=200, seed=0, exact_limit=0).best.option \
        == "refuse"
    deal.apply(Refuse())
    view = deal.view(deal.forehand.partner)
    assert forehand_choices(view) == 1
    worlds = sample_worlds(InfoSet.from_view(view), 120, np.random.default_rng(1))
    kept, inference = consistent_worlds(view, worlds, "net", None, None, seed=1)
    trumps = trump_cards(turned.suit)

    def strong(w):
        return np.mean([len(CardSet(int(h)) & trumps) >= 3 for h in w.hands[:, int(deal.forehand)]])

    assert 0 < len(kept) < len(worlds) and not kept.exact
    assert strong(kept) < strong(worlds) - 0.1
    assert (inference.asked, inference.drawn, inference.kept) == (120, 120, len(kept)) and inference.complete
    assert 0 < inference.agreed <= inference.kept == inference.effective


def test_forehand_and_a_view_before_any_choice_infer_nothing_and_are_refused():
    deal = Deal.from_seed(1)
    view = deal.view(deal.forehand)
    worlds = sample_worlds(InfoSet.from_view(view), 5, np.random.default_rng(0))
    assert forehand_choices(view) == 0
    with pytest.raises(AltbaumerError, match="^inference: forehand decides here, and it knows its own hand"):
        consistent_worlds(view, worlds, "net", None, None)
    with pytest.raises(InvalidArgument) as refused:
        rate_view(view, samples=20, infer=True)
    assert str(refused.value) == ("rate_view: infer: forehand decides here, and it knows its own hand: there is "
                                  "nothing to infer")
    deal.apply(Refuse())
    assert forehand_choices(deal.view(deal.forehand)) == 0  # forehand knows its own hand
    assert nothing_to_infer(deal.view(deal.forehand)) is not None
    assert nothing_to_infer(deal.view(deal.forehand.partner)) is None


def test_rate_infers_on_request():
    deal = Deal.from_seed(1)
    deal.apply(Refuse())
    while deal.to_act is deal.forehand:
        deal.apply(deal.legal_actions()[0])  # the discard and forehand's lone pass
    view = deal.view(deal.to_act)  # the partner's lone choice
    seen: list[tuple[int, int, int]] = []
    rating = rate_view(view, objective="net", samples=60, seed=2, exact_limit=0, infer=True,
                       inference_progress=lambda *counts: seen.append(counts))
    plain = rate_view(view, objective="net", samples=60, seed=2, exact_limit=0)
    assert rating.worlds < plain.worlds and not rating.exact
    found = rating.inference
    assert found is not None and plain.inference is None
    assert (found.asked, found.drawn, found.kept) == (60, 60, rating.worlds)
    assert [drawn for drawn, _, _ in seen] == list(range(1, 61)) and seen[-1] == (60, found.kept, 60)
    assert all(a <= b for (_, a, _), (_, b, _) in itertools.pairwise(seen))  # the kept only grow
    data = rating.to_dict()
    assert data["inference"] == {"asked": 60, "drawn": 60, "kept": found.kept, "agreed": found.agreed,
                                 "effective": found.kept, "enough": found.kept >= ENOUGH, "min_effective": ENOUGH}
    assert plain.to_dict()["inference"] is None and plain.to_dict()["verdict"] is True
    assert f"{found.kept} worlds kept by inference of 60 drawn" == worlds_text(rating)


def _rating_with(kept: int):
    """A rating as if inference had kept ``kept`` of 1,000 worlds drawn."""
    deal = Deal.from_seed(4)
    rating = rate_view(deal.view(deal.forehand), samples=40, seed=1, exact_limit=0)
    return dataclasses.replace(rating, inference=Inference(asked=1000, drawn=1000, kept=kept, agreed=kept - 2))


def test_too_few_worlds_kept_give_figures_but_no_verdict():
    few = _rating_with(ENOUGH - 1)
    assert not few.has_verdict and not few.inference.enough
    assert all(few.mark(o.option) == "" for o in few.options)
    data = few.to_dict()
    assert data["verdict"] is False and data["best"] is None
    assert [o["best"] for o in data["options"]] == [False] * len(few.options)
    assert no_verdict_line(few) == (f"no verdict: {ENOUGH - 1} worlds kept, fewer than the {ENOUGH} a verdict "
                                    "needs, so the figures stand without ★ or marks")
    assert "★" not in few._repr_html_().split("without ★ or marks")[1]  # the table below the line marks nothing
    assert few.inference.samples_for_enough() == 1100  # 30 at the rate of 29 in 1,000
    enough = _rating_with(ENOUGH)
    assert enough.has_verdict and no_verdict_line(enough) is None and enough.to_dict()["best"] is not None
    assert inference_line(enough) == (f"inference from forehand's choices: kept {ENOUGH} of the 1,000 worlds drawn "
                                      f"({ENOUGH - 2} where this tool's advice makes forehand's choices, 2 kept as its "
                                      f"errors at 5%); effective sample size {ENOUGH}")
    assert any("inference from forehand's choices" in str(b) for b in rating_blocks(enough))


def _partner_deciding():
    """The partner's lone choice once forehand refused, discarded and passed (``Deal.from_seed(1)``)."""
    deal = Deal.from_seed(1)
    deal.apply(Refuse())
    while deal.to_act is deal.forehand:
        deal.apply(deal.legal_actions()[0])
    return deal.view(deal.to_act)


def test_ctrl_c_during_the_inference_rates_the_worlds_kept_so_far(monkeypatch):
    view = _partner_deciding()
    calls = itertools.count(1)

    def agrees_then_ctrl_c(*args, **kwargs):
        if next(calls) == 8:
            raise KeyboardInterrupt
        return True

    monkeypatch.setattr(inference_module, "_agrees", agrees_then_ctrl_c)
    rating = rate_view(view, objective="net", samples=50, seed=0, infer=True, partial_on_interrupt=True)
    assert rating.worlds == 7 and not rating.complete and rating.has_verdict is False
    assert (rating.inference.drawn, rating.inference.kept, rating.inference.asked) == (7, 7, 50)
    assert partial_line(rating) == "interrupted: partial result over the worlds the inference kept so far"
    assert "before the interrupt (of 50)" in inference_line(rating)
    calls = itertools.count(1)
    with pytest.raises(KeyboardInterrupt):  # not asked for a partial result
        rate_view(view, objective="net", samples=50, seed=0, infer=True)


def test_an_inference_that_keeps_no_world_is_one_line(monkeypatch):
    monkeypatch.setattr(inference_module, "_agrees", lambda *a, **k: False)
    monkeypatch.setattr(inference_module, "ERR", 0.0)
    with pytest.raises(AltbaumerError, match="^inference kept none of the 12 worlds drawn, so there is nothing"):
        rate_view(_partner_deciding(), samples=12, infer=True)
