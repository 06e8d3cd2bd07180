"""Rating decisions under hidden information (altbaumer.hidden.rating, `altbaumer rate`)."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from altbaumer.game.cards import FULL_PACK, CardSet
from altbaumer.game.actions import Accept, DeclareAlone, Discard
from altbaumer.game.deal import Deal
from altbaumer.game.position import Position
from altbaumer.hidden.rating import rate_view
from altbaumer.game.rules import illegal_play_reason
from altbaumer.dd.solver import Solver
from altbaumer.game.seats import SEATS, Seat, Team, play_order

from support import cset


def _late_position(seed: int, tricks: int) -> Deal:
    """A seeded deal played at random until ``tricks`` tricks are done, with
    forehand (who knows its own discard) to act, nobody alone."""
    for attempt in range(seed, seed + 500):
        deal = Deal.from_seed(attempt)
        rng = random.Random(attempt)
        deal.apply(rng.choice(deal.legal_actions()))
        deal.apply(rng.choice(deal.legal_actions()))
        deal.apply(DeclareAlone(False))
        deal.apply(DeclareAlone(False))
        while len(deal.tricks) < tricks or deal.trick_cards:
            deal.apply(rng.choice(deal.legal_actions()))
        if deal.to_act is deal.forehand and len(deal.taken) == 1:
            return deal
    raise AssertionError("no suitable deal")


def _brute_force(deal: Deal) -> tuple[int, dict[str, float]]:
    """Forehand's worlds counted and each card's mean makers' tricks, written
    plainly: every split of the cards forehand cannot see among the other
    hands and the unturned stock, kept when the recorded play was legal in it."""
    me = deal.forehand
    played = CardSet([c for t in deal.tricks for c in t.cards])
    seen = deal.hands[me] | played | deal.exposed | deal.discards | deal.cut_seen
    pinned = {s: (deal.cut_trees - played if s is deal.cutter and s is not me else CardSet()) for s in SEATS}
    unknown = sorted(FULL_PACK - seen - pinned[deal.cutter], key=lambda c: c.index)
    others = [s for s in SEATS if s is not me]
    sizes = [len(deal.hands[s]) - len(pinned[s]) for s in others]
    solver, count, totals = Solver(), 0, {}
    for split in _splits(unknown, sizes):
        hands = {me: deal.hands[me], **{s: CardSet(cards) | pinned[s] for s, cards in zip(others, split)}}
        if not _play_was_legal(deal, hands):
            continue
        count += 1
        pos = Position(hands, deal.trump, deal.trick_leader, (), deal.makers, None,
                       (deal.tricks_won[Team.NS], deal.tricks_won[Team.EW]))
        for card, value in solver.solve_moves(pos).items():
            totals[card.ascii()] = totals.get(card.ascii(), 0) + value
    return count, {card: total / count for card, total in totals.items()}


def _splits(cards, sizes):
    if not sizes:
        yield ()
        return
    for first in itertools.combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in first]
        for tail in _splits(rest, sizes[1:]):
            yield (first,) + tail


def _play_was_legal(deal: Deal, now: dict) -> bool:
    """Rebuild each hand before every trick and check each recorded card."""
    hands = {s: now[s] | CardSet([c for t in deal.tricks for c, who in zip(t.cards, play_order(t.leader))
                                 if who is s]) for s in SEATS}
    for trick in deal.tricks:
        for i, (card, seat) in enumerate(zip(trick.cards, play_order(trick.leader))):
            if illegal_play_reason(str(seat), hands[seat], trick.cards[:i], deal.trump, card) is not None:
                return False
            hands[seat] = hands[seat] - card
    return True


@pytest.mark.parametrize("seed", [3, 11])
def test_exact_enumeration_equals_a_plain_brute_force(seed):
    deal = _late_position(seed, tricks=3)
    rating = rate_view(deal.view(deal.forehand), exact_limit=100_000, tricks=True)
    count, means = _brute_force(deal)
    assert rating.exact and rating.complete and rating.worlds == rating.total == count
    assert {o.option: pytest.approx(o.mean_tricks) for o in rating.options} == means


def test_a_sample_holds_the_exact_value_within_its_interval():
    deal = _late_position(5, tricks=2)
    view = deal.view(deal.forehand)
    exact = rate_view(view, exact_limit=10**7, tricks=True)
    sampled = rate_view(view, exact_limit=0, samples=3000, seed=7, tricks=True)
    assert exact.exact and not sampled.exact and sampled.worlds == 3000
    for o in sampled.options:
        truth = exact.option(o.option)
        assert abs(o.mean_tricks - truth.mean_tricks) <= o.ci95["mean_tricks"] + 1e-9
        assert abs(o.net - truth.net) <= o.ci95["net"] + 1e-9
        assert o.ci95["net"] > 0


def test_forehand_with_both_trees_and_the_top_trumps_accepts():
    # Forehand N holds both Trees and A♥ K♥ and is offered 9♥: hearts trump
    # gives five of the top six trumps, a certain march; refusing gives that up.
    hands = {Seat.N: cset("QC JC AH KH 9S"), Seat.W: cset("AC TC KC AS TS"), Seat.S: cset("KS QS JS 9C QH"),
             Seat.E: cset("AD TD KD QD JD")}
    deal = Deal.from_hands(Seat.E, hands, [c for c in CardSet.parse("9H JH TH 9D")], CardSet())
    assert deal.forehand is Seat.N
    rating = rate_view(deal.view(Seat.N), samples=500, seed=1, exact_limit=0)
    accept = rating.option("accept")
    assert rating.decision == "turn" and rating.best.option == "accept"
    assert accept.p_march > 0.9 and accept.p_make == 1.0


def test_discard_and_lone_options_follow_the_view():
    deal = Deal.from_seed(5)
    deal.apply(Accept())
    rating = rate_view(deal.view(deal.forehand), samples=300, seed=2, exact_limit=0)
    assert rating.decision == "discard"
    assert sorted(o.option for o in rating.options) == sorted(c.ascii() for c in deal.hands[deal.forehand])
    deal.apply(Discard((CardSet.parse(rating.best.option).cards()[0],)))
    lone = rate_view(deal.view(deal.forehand), samples=300, seed=2, exact_limit=0)
    assert lone.decision == "alone" and [o.option for o in lone.options] == ["together", "alone"]


def test_defenders_pick_the_lowest_objective():
    deal = _late_position(9, tricks=2)
    while deal.to_act.team is deal.makers:
        deal.apply(deal.legal_actions()[0])
    rating = rate_view(deal.view(deal.to_act), exact_limit=10**6)
    assert not rating.maker
    assert rating.best.net == min(o.net for o in rating.options)


def test_rate_command_on_the_examples(run, tmp_path):
    result = run("rate", "examples/mid-trick.abn", "--play", "dd", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)["boards"][0]
    assert data["decision"] == "play" and data["seat"] == "W" and data["exact"]
    realistic = json.loads(run("rate", "examples/mid-trick.abn", "--json").stdout)["boards"][0]
    assert realistic["play"] == "realistic" and realistic["double_dummy"]["exact"]
    for key in ("worlds", "best", "options"):
        assert key in data
    option = data["options"][0]
    for key in ("option", "mean_tricks", "p_make", "p_march", "p_zero", "points", "net", "ci95"):
        assert key in option
    head = "\n".join(open("examples/refusal.abn", encoding="utf-8").read().splitlines()[:7]) + "\n"
    path = tmp_path / "turn.abn"
    path.write_text(head, encoding="utf-8")
    result = run("rate", str(path), "--samples", "200", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["boards"][0]["decision"] == "turn"
    bad = run("rate", str(path), "--seat", "N")
    assert bad.exit_code == 2 and "does not decide now" in bad.output and "Traceback" not in bad.output


@pytest.mark.parametrize("stage", ["turn", "discard", "alone"])
def test_successive_elimination_keeps_the_ratings_of_the_options_it_solves(stage):
    """Dropping clearly trailing lines after the first batches changes neither
    the best option nor the net value of any option solved in every world."""
    from altbaumer.abn import load_boards
    from altbaumer.abn.record import replay

    tag = {"turn": "Turn", "discard": "Discard", "alone": "Alone"}[stage]
    for board in load_boards("examples/match.abn")[:3]:
        view = next(node for node in replay(board) if node.tag == tag).view()
        pruned = rate_view(view, samples=4000, seed=5, exact_limit=0)
        full = rate_view(view, samples=4000, seed=5, exact_limit=0, prune=False)
        assert pruned.best.option == full.best.option
        assert all(o.worlds == 4000 for o in full.options)
        for mine, theirs in zip(pruned.options, full.options):
            if mine.worlds == pruned.worlds:
                assert mine.net == pytest.approx(theirs.net)
            else:  # dropped early: judged on the first worlds only, and clearly worse
                assert mine.worlds < 4000 and mine.delta < 0


def _views_of_every_decision() -> dict:
    """A seeded deal's views at each kind of decision: the turn, the discard,
    forehand's lone choice and the first card."""
    deal = Deal.from_seed(4)
    views = {"turn": deal.view(deal.forehand)}
    deal.apply(deal.legal_actions()[0])
    views["discard"] = deal.view(deal.forehand)
    deal.apply(deal.legal_actions()[0])
    views["alone"] = deal.view(deal.forehand)
    deal.apply(DeclareAlone(False))
    deal.apply(DeclareAlone(False))
    views["play"] = deal.view(deal.to_act)
    return views


VIEWS = _views_of_every_decision()


def _interrupt(done: int, total: int) -> None:
    raise KeyboardInterrupt


def test_ctrl_c_propagates_from_a_library_call_by_default():
    """Even after a batch was solved: a caller's loop must stop, not carry on."""
    with pytest.raises(KeyboardInterrupt):
        rate_view(VIEWS["turn"], samples=3000, seed=1, exact_limit=0, progress=_interrupt)


@pytest.mark.parametrize("kind", ["turn", "discard", "alone", "play"])
@pytest.mark.parametrize("lands", ["before", "after"])
def test_a_partial_rating_is_the_rating_of_the_worlds_counted(monkeypatch, kind, lands):
    """Ctrl-C in the second batch, before its solve or after it (before it is
    counted): asked for, the partial rating is exactly the rating of the first
    batch's 500 worlds, whichever rater and wherever the interrupt lands."""
    import altbaumer.hidden.raters as raters_module

    rater = raters_module.RATERS[kind]
    real, calls = rater.solve, itertools.count(1)

    def solve(self, worlds, part):
        interrupt = next(calls) == 2
        if interrupt and lands == "before":
            raise KeyboardInterrupt
        real(self, worlds, part)
        if interrupt:
            raise KeyboardInterrupt

    monkeypatch.setattr(rater, "solve", solve)
    partial = rate_view(VIEWS[kind], samples=3000, seed=1, exact_limit=0, partial_on_interrupt=True)
    monkeypatch.setattr(rater, "solve", real)
    first = rate_view(VIEWS[kind], samples=500, seed=1, exact_limit=0)
    assert not partial.complete and first.complete and partial.worlds == 500
    assert {**partial.to_dict(), "complete": True} == first.to_dict()


def test_the_deciders_figures_mirror_the_makers_for_a_defender():
    deal = _late_position(9, tricks=2)
    while deal.to_act.team is deal.makers:
        deal.apply(deal.legal_actions()[0])
    rating = rate_view(deal.view(deal.to_act), samples=400, seed=3, exact_limit=0, tricks=True)
    assert rating.side == "defenders" and rating.to_dict()["side"] == "defenders"
    for o in rating.options:
        mine = rating.for_decider(o.option)
        assert mine.tricks == pytest.approx(5 - o.mean_tricks)
        assert mine.p_win == pytest.approx(1 - o.p_make)  # the makers held to 2 or fewer
        assert (mine.p_all, mine.p_none) == (o.p_zero, o.p_march)
        assert mine.net == -o.net and mine.points == pytest.approx(o.points - o.net)
        assert mine.delta <= 0 and mine.delta == -rating.loss(o.option)
        assert mine.ci95["points"] > 0 or mine.points in (0.0, 1.0, 2.0)
    assert rating.for_decider(rating.best.option).delta == 0
    assert rating.to_dict()["options"][0]["for_decider"]["net"] == -rating.options[0].net
    maker = rate_view(VIEWS["alone"], samples=200, seed=3, exact_limit=0)
    figures = maker.for_decider("together")
    assert maker.side == "makers" and (figures.p_win, figures.net) == (maker.option("together").p_make,
                                                                        maker.option("together").net)
