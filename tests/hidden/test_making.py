"""Trump-making lines solved in batch (altbaumer.hidden.making) and the perfect-information
table (altbaumer.hidden.table), checked against the Deal state machine and the
single-position solver (rules.md, Making trump; Playing alone; Scoring)."""

from __future__ import annotations

import copy
import doctest
import json
import random
import time
from itertools import combinations
from typing import Optional

import numpy as np
import pytest

import altbaumer.hidden.making as making
import altbaumer.hidden.table as table_module
from altbaumer.game.cards import CARDS, Card, CardSet, Suit
from altbaumer.game.actions import Accept, DeclareAlone, Discard, Phase, Refuse
from altbaumer.game.deal import Deal
from altbaumer.game.position import Position
from altbaumer.game.scoring import makers_points, score_deal
from altbaumer.dd.solver import Solver
from altbaumer.game.seats import SEATS, Seat
from altbaumer.hidden.table import TableRow, perfect_information_table
from altbaumer.game.equity import shipped_table
from altbaumer.game.match_state import MatchState

from support import deal_with_stock

SOLVER = Solver()


# -- the independent computation: replay a line with the state machine ----------------


def replay(deal: Deal, accept: bool, discard: CardSet, lone: Optional[Seat]) -> Deal:
    """A copy of ``deal`` carried through the turn, discard and lone decisions."""
    d = copy.deepcopy(deal)
    d.apply(Accept() if accept else Refuse())
    d.apply(Discard(tuple(discard)))
    if lone is d.forehand:
        d.apply(DeclareAlone(True))
    else:
        d.apply(DeclareAlone(False))
        d.apply(DeclareAlone(lone is not None))
    assert d.phase is Phase.PLAY
    return d


def replay_tricks(deal: Deal, accept: bool, discard: CardSet, lone: Optional[Seat]) -> int:
    return SOLVER.value(Position.from_deal(replay(deal, accept, discard, lone)))


def check_row(deal: Deal, row: TableRow) -> None:
    d = replay(deal, row.accepted, row.discard, row.lone)
    assert (row.trump, row.taken, row.exposed) == (d.trump, d.taken, d.exposed)
    assert row.makers_tricks == SOLVER.value(Position.from_deal(d))
    points = score_deal(d.makers, row.makers_tricks, d.lone).points
    assert (row.makers_points, row.defenders_points) == (points[d.makers], points[d.makers.other])




def stock_with_run(rng: random.Random, same: int) -> list[Card]:
    """A random stock whose first ``same`` cards share a suit (a Tree is a club)
    and whose next card, if any, does not."""
    suit = rng.randrange(4)
    stock = rng.sample([c for c in CARDS if c.suit == suit], same)
    if same < 4:
        stock.append(rng.choice([c for c in CARDS if c.suit != suit]))
        stock += rng.sample([c for c in CARDS if c not in stock], 4 - len(stock))
    return stock


def arrays(deals: list[Deal]) -> tuple[np.ndarray, np.ndarray]:
    hands = np.array([[d.dealt[s].mask for s in SEATS] for d in deals], dtype=np.int64)
    stock = np.array([[c.index for c in d.stock] for d in deals], dtype=np.int64)
    return hands, stock


# -- turn outcomes ---------------------------------------------------------------------------


@pytest.mark.parametrize("same", [1, 2, 3, 4, None])
def test_turn_outcomes_equal_the_state_machine(same: Optional[int]) -> None:
    """All four refusal branches (card 2, 3 or 4 differs; compulsory) and plain
    random stocks, for both turn choices."""
    rng = random.Random(100 + (same or 0))
    deals = [deal_with_stock(rng, stock_with_run(rng, same) if same else rng.sample(CARDS, 4)) for _ in range(150)]
    _, stock = arrays(deals)
    for accept in (True, False):
        out = making.turn_outcomes(stock, accept)
        for i, deal in enumerate(deals):
            d = copy.deepcopy(deal)
            d.apply(Accept() if accept else Refuse())
            assert int(out.trump[i]) == d.trump
            assert int(out.taken[i]) == d.taken.mask
            assert int(out.exposed[i]) == d.exposed.mask
            assert bool(out.compulsory[i]) == (d.discard_count() == 4)
            assert int(out.turned[i]) == d.turned
    if same == 4:
        assert making.turn_outcomes(stock, False).compulsory.all()


def test_a_turned_tree_counts_as_a_club() -> None:
    # rules.md, Making trump, example: refuse 10♦, next J♣: clubs trump, forehand takes the Little Tree.
    out = making.turn_outcomes(np.array([[Card.parse(c).index for c in "TD JC AH 9S".split()]]), accept=False)
    assert out.trump.tolist() == [Suit.CLUBS] and out.taken.tolist() == [Card.parse("JC").mask]
    # Refuse Q♣ (a club); 9♣ same suit; K♥ differs: hearts, Q♣ and 9♣ face up.
    out = making.turn_outcomes(np.array([[Card.parse(c).index for c in "QC 9C KH 9S".split()]]), accept=False)
    assert out.trump.tolist() == [Suit.HEARTS]
    assert out.exposed.tolist() == [CardSet.parse("QC 9C").mask]


# -- points ------------------------------------------------------------------------------------


def test_points_lookup_follows_scoring() -> None:
    tricks = np.arange(6)
    mine, theirs = making.deal_points(tricks)
    assert [(int(a), int(b)) for a, b in zip(mine, theirs)] == [makers_points(t) for t in range(6)]
    assert making.net_points(tricks).tolist() == [a - b for a, b in (makers_points(t) for t in range(6))]


# -- discard options ---------------------------------------------------------------------------


def test_discard_options_are_every_card_and_every_four() -> None:
    rng = random.Random(5)
    six = [rng.sample(range(24), 6) for _ in range(20)]
    masks = making.discard_options(np.array([sum(1 << i for i in h) for h in six]), 1)
    for hand, row in zip(six, masks):
        assert row.tolist() == [1 << i for i in sorted(hand)]
    nine = rng.sample(range(24), 9)
    fours = making.discard_options(np.array([sum(1 << i for i in nine)]), 4)[0]
    expected = [sum(1 << i for i in combo) for combo in combinations(sorted(nine), 4)]
    assert fours.tolist() == expected and len(set(expected)) == 126


# -- the table against the state machine -------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_table_rows_equal_replay(seed: int) -> None:
    deal = Deal.from_seed(seed)
    table = perfect_information_table(deal)
    for turn in ("accept", "refuse"):
        d = copy.deepcopy(deal)
        d.apply(Accept() if turn == "accept" else Refuse())
        legal = {CardSet(a.cards) for a in d.legal_actions()}
        rows = [r for r in table.rows if r.turn == turn]
        assert {r.discard for r in rows} == legal
        assert len(rows) == 3 * len(legal)
        assert {r.lone for r in rows} == {None, deal.forehand, deal.forehand.partner}
    for row in table.rows:
        check_row(deal, row)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_best_row_follows_the_clairvoyant_rule(seed: int) -> None:
    table = perfect_information_table(Deal.from_seed(seed))
    best = table.best
    start = MatchState.start(table.makers)
    for row in table.rows:  # the makers' chance to win the match once the deal ends so
        assert row.equity == shipped_table().equity(start.after(row.makers_tricks, row.lone is not None), table.makers)
    chance = max(r.equity for r in table.rows)
    assert best.equity == chance
    top = max(r.makers_points for r in table.rows if r.equity == chance)
    assert best.makers_points == top
    assert best.makers_tricks == max(r.makers_tricks for r in table.rows if (r.equity, r.makers_points) == (chance, top))
    tied = [r for r in table.rows if (r.equity, r.makers_points, r.makers_tricks) == (chance, top, best.makers_tricks)]
    if any(r.accepted for r in tied):
        assert best.accepted
    if any(r.lone is None and r.turn == best.turn for r in tied):
        assert best.lone is None
    same = [r for r in tied if r.turn == best.turn and r.lone == best.lone]
    assert min(c.index for c in best.discard) == min(min(c.index for c in r.discard) for r in same)
    data = json.loads(json.dumps(table.to_dict()))
    assert data["rows"][data["best_index"]] == data["best"] == best.to_dict()


def test_table_needs_the_trump_phase() -> None:
    deal = Deal.from_seed(1)
    deal.apply(Accept())
    with pytest.raises(ValueError, match="trump phase"):
        perfect_information_table(deal)


# -- the compulsory case -------------------------------------------------------------------------


def compulsory_deal() -> Deal:
    rng = random.Random(7)
    stock = [Card.parse(c) for c in "9S TS JS QS".split()]  # all spades: compulsory after a refusal
    return deal_with_stock(rng, stock, Seat.E)


def test_compulsory_case_has_126_discards_equal_to_replay() -> None:
    deal = compulsory_deal()
    table = perfect_information_table(deal)
    refuse = [r for r in table.rows if r.turn == "refuse"]
    assert len(refuse) == 126 * 3 and len({r.discard for r in refuse}) == 126
    assert all(r.compulsory and r.trump is Suit.SPADES and len(r.discard) == 4 for r in refuse)
    assert all(not (r.discard - (deal.dealt[deal.forehand] | r.taken)) for r in refuse)
    rng = random.Random(3)
    for row in rng.sample(refuse, 24) + [r for r in table.rows if r.turn == "accept"]:
        check_row(deal, row)


def test_mixed_refusal_batch_splits_by_case() -> None:
    """Worlds of one dealer, some compulsory after a refusal, in one call and on
    two threads; sampled entries equal the replay."""
    rng = random.Random(11)
    deals = [deal_with_stock(rng, stock_with_run(rng, 4 if i % 4 == 1 else rng.randint(1, 3)), Seat.W) for i in range(9)]
    hands, stock = arrays(deals)
    lines = making.branch_lines(hands, stock, Seat.W, accept=False, solver=Solver(threads=2))
    ordinary, compulsory = lines.group(False), lines.group(True)
    assert ordinary is not None and compulsory is not None
    assert sorted(np.concatenate([ordinary.worlds, compulsory.worlds]).tolist()) == list(range(9))
    assert compulsory.worlds.tolist() == [1, 5]
    assert ordinary.tricks.shape == (7, 6, 3) and compulsory.tricks.shape == (2, 126, 3)
    lones = making.lone_seats(Seat.W)
    for group in lines.groups:
        for k, world in enumerate(group.worlds):
            for j in rng.sample(range(group.n_options), 3):
                for lone in range(3):
                    discard = CardSet(int(group.discards[k, j]))
                    want = replay_tricks(deals[world], False, discard, lones[lone])
                    assert group.tricks[k, j, lone] == want
    single = making.branch_lines(hands, stock, Seat.W, accept=False, solver=Solver(threads=1))
    for a, b in zip(lines.groups, single.groups):
        assert (a.tricks == b.tricks).all() and (a.discards == b.discards).all()


@pytest.mark.parametrize("dealer", [Seat.N, Seat.E])
def test_many_worlds_equal_replay(dealer: Seat) -> None:
    """A batch of 40 seeded deals through both branches: for each world and
    branch, one random discard under each lone choice equals the replay. The
    partner-alone lines need many worlds: who leads (rules.md, Playing alone,
    Decision) changes the value in only a minority of deals."""
    deals = [Deal.from_seed(s, dealer=dealer) for s in range(40)]
    hands, stock = arrays(deals)
    lones = making.lone_seats(dealer)
    rng = random.Random(int(dealer))
    for branch in making.all_lines(hands, stock, dealer, solver=Solver(threads=2)):
        for group in branch.groups:
            for k, world in enumerate(group.worlds):
                for lone in range(3):
                    j = rng.randrange(group.n_options)
                    discard = CardSet(int(group.discards[k, j]))
                    want = replay_tricks(deals[world], branch.accepted, discard, lones[lone])
                    assert group.tricks[k, j, lone] == want


def test_by_card_and_best_points() -> None:
    deals = [Deal.from_seed(s, dealer=Seat.S) for s in range(4)]
    hands, stock = arrays(deals)
    accept, _ = making.all_lines(hands, stock, Seat.S)
    (group,) = accept.groups
    by_card = group.by_card()
    for k in range(len(deals)):
        enlarged = deals[k].dealt[Seat.E] | deals[k].stock[0]
        held = [c.index for c in enlarged]
        assert (by_card[k, [i for i in range(24) if i not in held]] == -1).all()
        for j, mask in enumerate(group.discards[k]):
            assert (by_card[k, int(mask).bit_length() - 1] == group.tricks[k, j]).all()
    best = accept.best_points()
    assert best.tolist() == group.points()[0].reshape(len(deals), -1).max(axis=1).tolist()


def test_bad_worlds_are_rejected() -> None:
    hands, stock = arrays([Deal.from_seed(1)])
    with pytest.raises(ValueError, match="each of the 24 cards"):
        making.branch_lines(hands, stock[:, [0, 0, 2, 3]], Seat.N, accept=True)
    broken = hands.copy()
    broken[0, 0] |= 1 << int(stock[0, 0])
    with pytest.raises(ValueError, match="exactly 5 cards"):
        making.branch_lines(broken, stock, Seat.N, accept=True)


# -- a hand-checked deal where refusing is clairvoyantly better ----------------------------------


def test_refusing_beats_accepting_by_hand() -> None:
    """Dealer N, so forehand is W and the makers are E-W.

    The stock turns 9♦, then A♥. Accepting makes diamonds trump: the makers'
    trumps are then at most Q♣ J♣ 9♦, while N holds A♦ K♦ 10♦ and S Q♦ J♦.
    N plays all three of its diamonds in three different tricks (every trick
    is played out), and only two tricks can hold a Tree; the third holds a
    diamond of N and no Tree, and every makers' trump is below it, so the
    defenders take it. Accepting yields at most 4 tricks, +1 point, whatever
    the discard or lone choice.

    Refusing turns A♥ (another suit): hearts trump and W takes A♥. W then holds
    Q♣ J♣ A♥ K♥ 10♥ Q♥: five of the six highest trumps, and after any discard
    W's five trumps all outrank the only other trumps (J♥ 9♥). Leading them
    wins every trick, with E at the table or alone: a march, +2, and alone a
    lone march that takes the round, which a clairvoyant W prefers. The
    tie-break then keeps the lowest card index: J♣ (index 2).
    """
    hands = {
        Seat.N: CardSet.parse("AD KD TD JH 9H"),
        Seat.E: CardSet.parse("AS TS KS QS JS"),
        Seat.S: CardSet.parse("QD JD AC TC KC"),
        Seat.W: CardSet.parse("QC JC KH TH QH"),
    }
    deal = Deal.from_hands(Seat.N, hands, [Card.parse(c) for c in "9D AH 9C 9S".split()])
    table = perfect_information_table(deal)
    for row in table.rows:
        if row.accepted:
            assert row.makers_tricks <= 4 and row.makers_points <= 1
        elif row.lone is not Seat.E:
            assert row.makers_tricks == 5 and row.makers_points == 2
    best = table.best
    assert (best.turn, best.trump, best.lone, best.makers_points, best.makers_tricks) == (
        "refuse", Suit.HEARTS, Seat.W, 2, 5)
    assert best.discard == CardSet.parse("JC") and best.exposed == CardSet.parse("9D")
    assert table.best_for("accept").makers_points <= 1


# -- documentation ---------------------------------------------------------------------------------


@pytest.mark.parametrize("module", [making, table_module])
def test_docstring_examples(module) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


# -- throughput (slow) -------------------------------------------------------------------------------


@pytest.mark.slow
def test_throughput_of_the_full_tree() -> None:
    """Worlds per second for accept + refuse, every discard and lone choice;
    also holds a larger batch equal to the replay on a sample."""
    rng = random.Random(1)
    deals = [deal_with_stock(rng, rng.sample(CARDS, 4), Seat.N) for _ in range(2000)]
    hands, stock = arrays(deals)
    for threads in (1, 2):
        start = time.perf_counter()
        accept, refuse = making.all_lines(hands, stock, Seat.N, solver=Solver(threads=threads))
        rate = len(deals) / (time.perf_counter() - start)
        print(f"\nthreads={threads}: {rate:.0f} worlds/s (full accept+refuse tree)")
    lones = making.lone_seats(Seat.N)
    for branch in (accept, refuse):
        for group in branch.groups:
            for k in rng.sample(range(len(group.worlds)), min(10, len(group.worlds))):
                j, lone = rng.randrange(group.n_options), rng.randrange(3)
                world = deals[group.worlds[k]]
                discard = CardSet(int(group.discards[k, j]))
                assert group.tricks[k, j, lone] == replay_tricks(world, branch.accepted, discard, lones[lone])


# -- the numpy turn outcomes equal the rule (game.deal_rules) over every stock -------------


def _every_stock() -> np.ndarray:
    """All 24·23·22·21 ordered stocks of four distinct cards, as card indices."""
    grid = np.stack(np.meshgrid(*[np.arange(24)] * 4, indexing="ij"), axis=-1).reshape(-1, 4)
    distinct = np.array([len(set(row)) == 4 for row in grid.tolist()])
    return grid[distinct]


def _assert_outcomes_equal_the_rule(stocks: np.ndarray) -> None:
    from altbaumer.game.deal_rules import trump_outcome

    for accepted in (True, False):
        fast = making.turn_outcomes(stocks, accept=accepted)
        for i, row in enumerate(stocks.tolist()):
            rule = trump_outcome([CARDS[c] for c in row], accepted)
            assert rule is not None
            got = (int(fast.trump[i]), int(fast.taken[i]), int(fast.exposed[i]), bool(fast.compulsory[i]),
                   int(fast.turned[i]))
            want = (int(rule.trump), rule.taken.mask, rule.exposed.mask, rule.compulsory, rule.turned)
            assert got == want, f"stock {[CARDS[c].ascii() for c in row]}, accepted={accepted}"


def test_turn_outcomes_equal_the_rule_on_every_suit_pattern() -> None:
    """Every sequence of four suits (a Tree counts as a club), each with random cards of those suits:
    the outcome depends on the cards only through their suits and positions."""
    rng = np.random.default_rng(3)
    stocks = _every_stock()
    patterns = [tuple(int(c) // 6 for c in row) for row in stocks.tolist()]
    chosen: dict[tuple[int, ...], list[int]] = {}
    for i in rng.permutation(len(stocks)).tolist():
        bucket = chosen.setdefault(patterns[i], [])
        if len(bucket) < 20:
            bucket.append(i)
    assert len(chosen) == 4 ** 4
    _assert_outcomes_equal_the_rule(stocks[[i for rows in chosen.values() for i in rows]])


@pytest.mark.slow
def test_turn_outcomes_equal_the_rule_on_every_stock() -> None:
    _assert_outcomes_equal_the_rule(_every_stock())
