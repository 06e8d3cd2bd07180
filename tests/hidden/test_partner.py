"""The partner's lone choice from its own information (altbaumer.hidden.partner)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from altbaumer.abn import load_boards
from altbaumer.abn.record import replay
from altbaumer.dd.solver import Solver
from altbaumer.game.actions import Accept, DeclareAlone, Discard, Refuse
from altbaumer.game.cards import CARDS, Card, CardSet
from altbaumer.game.deal import Deal
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import SEATS, Seat
from altbaumer.game.view import SeatView
from altbaumer.hidden import partner
from altbaumer.hidden.knowledge import DISCARD, HAND, OUT, InfoSet
from altbaumer.hidden.objectives import Objective, objective_for, tricks_of
from altbaumer.hidden._deal import deal_partner_worlds
from altbaumer.hidden.making import FOUR_OF_NINE, discard_options
from altbaumer.hidden.partner import PartnerChoices, free_cards, key_seeds, partner_choices, partner_lines, partner_worlds
from altbaumer.hidden.raters import RATERS
from altbaumer.hidden.rating import partner_view, rate_view
from altbaumer.hidden.worlds import Worlds, sample_worlds, worlds_for

from support import cset

E, W = Seat.E, Seat.W


def leak_deal() -> Deal:
    """Dealer S: forehand E, partner W (the cutter). E holds Q♣ J♣ A♥ K♥,
    accepts 10♥ (hearts trump) and throws 9♠: it holds the top five trumps,
    Q♥ was seen at the cut (stock card 4, out of play) and W holds the other
    two, J♥ 9♥, with A♠ 10♠ K♠. So in every world forehand cannot tell apart
    with this hand of W's, the defenders hold no trump and W alone marches,
    worth far more than the march together at 0:0. W does not see E's hand:
    in most of its own worlds the defenders hold top trumps, the lone line
    fails more often than playing together, and together is right."""
    hands = {E: cset("QC JC AH KH 9S"), W: cset("JH 9H AS TS KS"), Seat.N: cset("AC KC TC 9C QS"),
             Seat.S: cset("JS AD KD QD JD")}
    deal = Deal.from_hands(Seat.S, hands, [Card.parse(c) for c in "TH TD 9D QH".split()], cut_seen=cset("QH"))
    deal.apply(Accept())
    deal.apply(Discard((Card.parse("9S"),)))
    return deal


def match_objective(view: SeatView) -> Objective:
    return objective_for("match", MatchState.start(view.forehand.team))


def key_of(view: SeatView, hand: CardSet) -> tuple[np.ndarray, ...]:
    """One key (partner hand, trump, taken, exposed) as the arrays the functions take."""
    return (np.array([hand.mask]), np.array([int(view.trump)]), np.array([view.taken.mask]),
            np.array([view.exposed.mask]))


def rated_worlds(view: SeatView, partner_hand: CardSet, n: int) -> Worlds:
    """Forehand's worlds in which its partner holds ``partner_hand``: the
    defenders' hands drawn from the cards forehand cannot place."""
    seen = view.hand | partner_hand | view.cut_seen | view.exposed | (view.discards or CardSet())
    rest = np.array([c.index for c in CARDS if c not in seen])
    rng = np.random.default_rng(0)
    hands = np.zeros((n, 4), dtype=np.int64)
    for k in range(n):
        drawn = rng.permutation(rest)
        hands[k, view.forehand], hands[k, view.forehand.partner] = view.hand.mask, partner_hand.mask
        hands[k, view.forehand.next()] = int(np.sum(1 << drawn[:5]))
        hands[k, view.forehand.partner.next()] = int(np.sum(1 << drawn[5:10]))
    return Worlds(hands, np.full((n, 4), -1), np.zeros(n, dtype=np.int64), False, n)


def test_the_partner_decides_from_its_own_hand_not_from_forehands():
    deal = leak_deal()
    view = deal.view(E)
    goal = match_objective(view)
    hand = deal.hands[W]
    worlds = rated_worlds(view, hand, 64)
    trump = np.full(len(worlds), int(view.trump))
    with Solver(threads=1) as solver:
        lines = partner_lines(worlds.hands, trump, E, solver)
        # Forehand's worlds with this hand of W's: alone (a lone march) beats together (a march) in every one,
        # so choosing over them, as the rating did, the partner went alone.
        assert (lines[:, 1] == 13).all() and (lines[:, 0] == 5).all()
        assert (goal.of(lines[:, 1]) > goal.of(lines[:, 0]) + 0.2).all()
        # From its own worlds the partner plays together, clearly: its own rating says so too.
        assert not partner_choices(*key_of(view, hand), forehand=E, cut_seen=view.cut_seen.mask, objective=goal,
                                   solver=solver, count=256)[0]
        own = rate_view(partner_view(deal.view(W)), samples=2000, seed=1, exact_limit=0)
        assert own.best.option == "together" and own.option("together").equity > own.option("alone").equity + 0.02
        # Forehand's lone rating: after forehand passes, the partner plays together in these worlds.
        rater = RATERS["alone"](view, goal, solver, False)
        rater.partner_choices = PartnerChoices(view, goal, solver, count=64)
        rater.solve(worlds, slice(0, len(worlds)))
        labels, codes = rater.finish(worlds, len(worlds))
    assert labels == ["together", "alone"]
    assert (codes[:, 0] == lines[:, 0]).all()


def test_the_default_choice_is_the_partners_own_too():
    """The same case with the default number of worlds and seed (deterministic: the worlds are hashed from the key)."""
    deal = leak_deal()
    view = deal.view(E)
    with Solver(threads=1) as solver:
        assert not PartnerChoices(view, match_objective(view), solver).alone(*key_of(view, deal.hands[W]))[0]


# -- the partner's worlds are its InfoSet's -------------------------------------------------------


def _lone_phase(deal: Deal) -> Deal:
    deal.apply(DeclareAlone(False))  # forehand passes: the partner decides
    return deal


def _trees_at_the_cut() -> Deal:
    for seed in range(200):
        deal = Deal.from_seed(seed)
        if deal.cut_trees:
            deal.apply(Accept())
            deal.apply(deal.legal_actions()[0])
            return deal
    raise AssertionError("no seed gives Trees at the cut")


def _compulsory() -> Deal:
    deal = Deal(Seat.N, list(CARDS), cut=5)  # all four stock cards clubs, the last one seen at the cut
    deal.apply(Refuse())
    deal.apply(Discard(tuple(list(deal.hands[deal.forehand])[:4])))
    return deal


def _refusal() -> Deal:
    record = replay(load_boards("examples/refusal.abn")[0])
    return next(node for node in record if node.tag == "Alone").state


CASES = {"accept, card seen at the cut": leak_deal, "refusal": _refusal, "compulsory": _compulsory,
         "Trees at the cut": _trees_at_the_cut}


@dataclass
class Case:
    view: SeatView  # the partner's, at its lone choice
    info: InfoSet
    worlds: np.ndarray  # partner_worlds for its hand


def case(name: str, count: int = 1) -> Case:
    deal = _lone_phase(CASES[name]())
    view = deal.view(deal.forehand.partner)
    assert view.to_act is view.seat and view.phase == "lone"
    hands, trump, taken, exposed = key_of(view, view.hand)
    worlds = partner_worlds(hands, taken, exposed, view.cut_seen.mask, view.forehand, count,
                            key_seeds(3, int(view.forehand), hands, trump, taken, exposed))
    return Case(view, InfoSet.from_view(view), worlds)


@pytest.mark.parametrize("name", CASES)
def test_the_free_cards_and_the_pin_are_the_infosets(name):
    """One rule, one place: the partner's unknown cards, their places and
    their rooms, as the sampler lays them out, are exactly its InfoSet's."""
    got = case(name)
    view, info = got.view, got.info
    free = CardSet(int(free_cards(np.array([view.hand.mask]), np.array([view.taken.mask]),
                                  np.array([view.exposed.mask]), view.cut_seen.mask)[0]))
    assert info.unknown_cards == free | view.taken and not free & view.taken
    forehand, defenders = view.forehand, [s for s in SEATS if s.team is not view.forehand.team]
    rooms = {(slot.kind, slot.seat): slot.capacity for slot in info.slots}
    assert rooms == {(HAND, forehand): 5, **{(HAND, s): 5 for s in defenders}, (OUT, None): len(free) - 15,
                     (DISCARD, None): len(view.taken)}
    for card in info.unknown:
        places = {(slot.kind, slot.seat) for slot in info.places(card)}
        assert places == ({(HAND, forehand), (DISCARD, None)} if card in view.taken else set(rooms)), card


@pytest.mark.parametrize("name", CASES)
def test_the_partners_worlds_are_drawn_as_its_infosets(name):
    """Each card's chance to be in forehand's hand and in each defender's,
    and (the pin) how many taken cards forehand kept, against uniform
    worlds of the InfoSet: within five standard errors of the difference."""
    n = 20_000
    got = case(name, count=n)
    reference = sample_worlds(got.info, n, np.random.default_rng(11)).hands
    view = got.view
    for seat in SEATS:
        if seat is view.seat:
            assert (got.worlds[:, seat] == view.hand.mask).all()
            continue
        for card in got.info.unknown:
            mine = float(((got.worlds[:, seat] >> card.index) & 1).mean())
            theirs = float(((reference[:, seat] >> card.index) & 1).mean())
            spread = np.sqrt(max(mine * (1 - mine) + theirs * (1 - theirs), 1e-6) / n)
            assert abs(mine - theirs) < 5 * spread + 1e-3, (seat, card, mine, theirs)
    kept = [np.bincount(_popcount(hands[:, view.forehand] & view.taken.mask), minlength=5) / n
            for hands in (got.worlds, reference)]
    assert np.abs(kept[0] - kept[1]).max() < 0.02
    assert all(_popcount(got.worlds[:, seat]).tolist() == [5] * n for seat in SEATS)
    assert (np.bitwise_or.reduce(got.worlds, axis=1) & (view.exposed | view.cut_seen - view.taken).mask == 0).all()


def _popcount(masks: np.ndarray) -> np.ndarray:
    return ((masks[:, None] >> np.arange(24)) & 1).sum(axis=1)


def _numpy_partner_worlds(partner_hands, taken, exposed, cut_seen, forehand, count, seeds):
    """partner_worlds as numpy array operations, the deal its docstring
    describes, written out independently of the C kernel it checks."""
    golden, cards_at = np.uint64(0x9E3779B97F4A7C15), np.arange(24, dtype=np.int64)
    free = free_cards(partner_hands, taken, exposed, cut_seen)
    sizes = _popcount(free)
    cards = np.repeat(np.argsort(((free[:, None] >> cards_at) & 1) == 0, axis=1, kind="stable"), count, axis=0)
    worlds = np.tile(np.arange(count, dtype=np.uint64), len(seeds))
    counters = worlds[:, None] * np.uint64(8) + np.arange(1, 9, dtype=np.uint64)
    out = partner._mix(np.repeat(seeds, count)[:, None] + counters * golden)
    draws = np.concatenate([out & np.uint64(0xFFFFFFFF), out >> np.uint64(32)], axis=1)
    sizes, rows = np.repeat(sizes, count), np.arange(len(cards))
    for i in range(15):
        j = i + (draws[:, i] % (sizes - i).astype(np.uint64)).astype(np.intp)
        cards[rows, i], cards[rows, j] = cards[rows, j], cards[rows, i]
    dealt = [np.left_shift(np.int64(1), cards[:, at : at + 5]).sum(axis=1) for at in (0, 5, 10)]
    enlarged = dealt[0] | np.repeat(taken, count)
    kept = np.full_like(enlarged, -1)
    for size, discards in ((6, 1), (9, 4)):
        which = _popcount(enlarged) == size
        if which.any():
            options = discard_options(enlarged[which], discards)
            pick = (draws[which, -1] % np.uint64(options.shape[1])).astype(np.intp)
            kept[which] = enlarged[which] & ~options[np.arange(len(options)), pick]
    fh = int(forehand)
    hands = np.empty((len(cards), 4), dtype=np.int64)
    hands[:, fh], hands[:, (fh + 2) % 4] = kept, np.repeat(partner_hands, count)
    hands[:, (fh + 1) % 4], hands[:, (fh + 3) % 4] = dealt[1], dealt[2]
    return hands


@pytest.mark.parametrize("name", CASES)
def test_the_partners_worlds_are_dealt_exactly_as_described(name):
    """The C deal equals the numpy description, world for world, over many
    partner hands of each case (one taken card and the compulsory four)."""
    deal = CASES[name]()
    view = deal.view(deal.forehand)
    hands = np.unique(sample_worlds(InfoSet.from_view(view), 300, np.random.default_rng(4)).hands[:, view.forehand.partner])
    n = len(hands)
    trump, taken, exposed = (np.full(n, x) for x in (int(view.trump), view.taken.mask, view.exposed.mask))
    for seed in (0, 1, 2**63 + 5):
        seeds = key_seeds(seed, int(view.forehand), hands, trump, taken, exposed)
        args = (hands, taken, exposed, view.cut_seen.mask, view.forehand, 13, seeds)
        assert (partner_worlds(*args) == _numpy_partner_worlds(*args)).all()


def test_the_deal_kernel_refuses_what_it_cannot_deal():
    four = FOUR_OF_NINE
    one = np.array([0b111], dtype=np.int64)
    with pytest.raises(ValueError, match="key 0: the free cards cannot fill"):
        deal_partner_worlds(one, np.array([1], dtype=np.uint64), np.array([1 << 20]), 2, four)
    with pytest.raises(ValueError, match="one entry per key"):
        deal_partner_worlds(one, np.array([1, 2], dtype=np.uint64), np.array([1 << 20]), 2, four)
    with pytest.raises(ValueError, match="four of the nine"):
        deal_partner_worlds(one, np.array([1], dtype=np.uint64), np.array([1 << 20]), 2, four + 1)
    with pytest.raises(ValueError, match="masks of the 24 cards"):
        deal_partner_worlds(np.array([1 << 30]), np.array([1], dtype=np.uint64), np.array([0]), 2, four)
    free = np.array([(1 << 24) - 1 - 0b11], dtype=np.int64)  # 22 free cards, forehand took none: 5 cards
    with pytest.raises(ValueError, match="neither 6 nor 9"):
        deal_partner_worlds(free, np.array([1], dtype=np.uint64), np.array([0]), 2, four)
    assert deal_partner_worlds(free, np.array([1], dtype=np.uint64), np.array([1]), 0, four).shape == (0, 3)


# -- the shortcut, determinism, the partner deciding itself ---------------------------------------


@pytest.mark.parametrize("objective", ["match", "net", "make", "march"])
def test_partner_choices_are_those_of_solving_both_lines(objective):
    """The null-window bounds decide as solving both lines in full would, on the same worlds."""
    chosen = []
    for name in ("accept, card seen at the cut", "refusal"):
        deal = CASES[name]()
        view = deal.view(deal.forehand)
        goal = objective_for(objective, MatchState.start(view.forehand.team) if objective == "match" else None)
        info = InfoSet.from_view(view)
        hands = np.unique(sample_worlds(info, 400, np.random.default_rng(5)).hands[:, view.forehand.partner])
        n = len(hands)
        trump, taken, exposed = (np.full(n, x) for x in (int(view.trump), view.taken.mask, view.exposed.mask))
        with Solver(threads=1) as solver:
            fast = partner_choices(hands, trump, taken, exposed, forehand=view.forehand, cut_seen=view.cut_seen.mask,
                                   objective=goal, solver=solver, seed=9)
            worlds = partner_worlds(hands, taken, exposed, view.cut_seen.mask, view.forehand, partner.PARTNER_WORLDS,
                                    key_seeds(9, int(view.forehand), hands, trump, taken, exposed))
            values = goal.of(partner_lines(worlds, np.repeat(trump, partner.PARTNER_WORLDS), view.forehand, solver))
        gains = (values[:, 1] - values[:, 0]).reshape(n, -1).sum(axis=1)
        assert (fast == (gains > partner.PARTNER_WORLDS * 1e-9)).all()
        chosen.append(fast)
    if objective == "match":  # both choices occur
        assert np.concatenate(chosen).any() and not np.concatenate(chosen).all()


def test_choices_do_not_depend_on_the_order_or_the_batches_the_hands_come_in():
    view = _refusal().view(E)  # forehand E, partner W
    goal = match_objective(view)
    info = InfoSet.from_view(view)
    hands = sample_worlds(info, 600, np.random.default_rng(2)).hands[:, W]
    public = (int(view.trump), view.taken.mask, view.exposed.mask)
    with Solver(threads=1) as solver:
        partner.forget_choices()  # each computes its own choices: none is remembered from another
        whole = PartnerChoices(view, goal, solver, seed=4).alone(hands, *public)
        partner.forget_choices()
        split = PartnerChoices(view, goal, solver, seed=4)
        parts = np.concatenate([split.alone(hands[:250], *public), split.alone(hands[250:], *public)])
        partner.forget_choices()
        backwards = PartnerChoices(view, goal, solver, seed=4).alone(hands[::-1], *public)[::-1]
    assert whole.any() and (whole == parts).all() and (whole == backwards).all()


def test_choices_are_remembered_across_ratings_of_the_same_context_only(monkeypatch):
    view = _refusal().view(E)
    goal = match_objective(view)
    hands = sample_worlds(InfoSet.from_view(view), 300, np.random.default_rng(5)).hands[:, W]
    public = (int(view.trump), view.taken.mask, view.exposed.mask)
    decided: list[int] = []
    real = partner.partner_choices

    def counting(partner_hands, *args, **kwargs):
        decided.append(len(partner_hands))
        return real(partner_hands, *args, **kwargs)

    monkeypatch.setattr(partner, "partner_choices", counting)
    partner.forget_choices()
    with Solver(threads=1) as solver:
        first = PartnerChoices(view, goal, solver, seed=4).alone(hands, *public)
        assert decided and sum(decided) == len(np.unique(hands))
        decided.clear()
        again = PartnerChoices(view, goal, solver, seed=4).alone(hands[::-1], *public)[::-1]
        assert decided == [] and (again == first).all()  # nothing decided twice, the same choices
        PartnerChoices(view, goal, solver, seed=5).alone(hands[:50], *public)
        assert sum(decided) == len(np.unique(hands[:50]))  # another seed: other worlds, decided anew
        decided.clear()
        PartnerChoices(view, objective_for("net"), solver, seed=4).alone(hands[:50], *public)
        assert sum(decided) == len(np.unique(hands[:50]))  # another objective too


@pytest.mark.parametrize("tag", ["Turn", "Discard", "Alone"])
def test_ratings_with_the_partners_choices_are_deterministic(tag):
    record = replay(load_boards("examples/refusal.abn")[0])
    view = next(node for node in record if node.tag == tag).view()
    first, again = (rate_view(view, samples=600, seed=8, exact_limit=0).to_dict() for _ in range(2))
    assert first == again


def test_a_rating_by_the_partner_itself_uses_its_own_worlds_unchanged(monkeypatch):
    """Deciding itself, the partner rates over worlds of its own knowledge:
    no second layer of worlds, and each option is its line in those worlds."""
    def never(*args, **kwargs):
        raise AssertionError("the partner deciding itself needs no choice made for it")

    monkeypatch.setattr(PartnerChoices, "alone", never)
    deal = _lone_phase(leak_deal())
    view = partner_view(deal.view(W))
    rating = rate_view(view, samples=1500, seed=6, exact_limit=0, prune=False, tricks=True)
    worlds = worlds_for(InfoSet.from_view(view), 0, 1500, 6)
    with Solver(threads=1) as solver:
        lines = partner_lines(worlds.hands, np.full(len(worlds), int(view.trump)), view.forehand, solver, exact=True)
    for column, option in enumerate(("together", "alone")):
        assert rating.option(option).mean_tricks == pytest.approx(float(tricks_of(lines[:, column]).mean()))
        assert rating.option(option).equity == pytest.approx(float(match_objective(view).of(lines[:, column]).mean()))


def test_key_codes_tell_every_key_apart_and_refuse_overlapping_cards():
    """The decided keys are looked up by one int64 code each: distinct keys
    (partner hand, trump, taken, exposed) must get distinct codes."""
    rng = np.random.default_rng(8)
    keys = set()
    for _ in range(3000):
        cards = rng.permutation(24)
        taken_count = int(rng.choice([1, 4]))
        exposed_count = int(rng.integers(0, 4 - taken_count + 1)) if taken_count == 1 else 0
        hand = sum(1 << int(c) for c in cards[:5])
        taken = sum(1 << int(c) for c in cards[5 : 5 + taken_count])
        exposed = sum(1 << int(c) for c in cards[5 + taken_count : 5 + taken_count + exposed_count])
        keys.add((hand, int(rng.integers(0, 4)), taken, exposed))
    columns = [np.array(c, dtype=np.int64) for c in zip(*sorted(keys))]
    assert len(np.unique(partner._key_codes(*columns))) == len(keys)
    with pytest.raises(ValueError, match="different cards"):
        partner._key_codes(np.array([0b11]), np.array([0]), np.array([0b10]), np.array([0]))
