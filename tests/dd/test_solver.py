"""The compiled double-dummy solver (altbaumer.dd.solver) against the reference.

altbaumer.dd.reference is plain minimax over Position.play and rules.py: slow and
obviously right. Every value, every card's value, the best cards, the
principal variation, can_reach and the batch interface are checked against it
on seeded random positions of every kind (full four-hand and lone deals,
one to five tricks left, mid-trick positions, every trump, ordinary-club leads
where the Tree rule matters). Failures name the kind, the seed and the
position (a Position.build one-liner).

The default run keeps to a sample sized for ~60 s; ``-m slow`` runs the sweep
of several thousand positions and more full deals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Callable

import numpy as np
import pytest

from altbaumer.game.cards import Card, Suit
from altbaumer.game.position import Position
from altbaumer.dd import rows as batch_rows
from altbaumer.dd.solver import (
    BATCH_COLUMNS,
    CLASS_FLOOR,
    Solution,
    Solver,
    can_reach,
    encode_batch,
    solve,
    solve_batch,
    solve_batch_class,
    solve_moves,
)
from altbaumer.game.seats import SEATS
from support import club_lead_position, describe, full_deal, random_position, tree_rule_matters
from altbaumer.dd.reference import reference_moves, reference_value

from support import cards

# -- the reference, computed once per position -----------------------------------

_REFERENCE: dict[Position, dict[Card, int]] = {}


def ref_moves(pos: Position) -> dict[Card, int]:
    if pos not in _REFERENCE:
        _REFERENCE[pos] = reference_moves(pos)
    return _REFERENCE[pos]


def ref_value(pos: Position) -> int:
    """reference_value(pos), derived from the cached card values."""
    values = ref_moves(pos).values()
    return max(values) if pos.to_act.team is pos.makers else min(values)


def cards_left(pos: Position) -> int:
    return sum(len(h) for h in pos.hands.values())


def cheap(pos: Position) -> bool:
    """Small enough for the reference at every step of a line (≤ 12 cards)."""
    return cards_left(pos) <= 12


# -- the kinds of positions ------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    name: str
    make: Callable[[random.Random], Position]
    default: int  # positions in the default run: seeds 0 .. default-1
    slow: int  # further positions in the slow sweep: the next seeds

    def positions(self, slow: bool = False) -> list[tuple[int, Position]]:
        return _positions(self, slow)

    def note(self, seed: int, pos: Position) -> str:
        return f"kind {self.name}, seed {seed}: {describe(pos)}"


@cache
def _positions(kind: Kind, slow: bool) -> list[tuple[int, Position]]:
    seeds = range(kind.default, kind.default + kind.slow) if slow else range(kind.default)
    return [(seed, kind.make(random.Random(seed))) for seed in seeds]


def _mid(lone: bool, mid_trick: int, most_left: int) -> Callable[[random.Random], Position]:
    return lambda rng: random_position(rng, rng.randint(1, most_left), lone, mid_trick)


def _trump(suit: Suit) -> Callable[[random.Random], Position]:
    def make(rng: random.Random) -> Position:
        lone = rng.random() < 0.5
        return random_position(rng, rng.randint(1, 4 if lone else 3), lone, rng.randrange(3 if lone else 4), suit)

    return make


def _club(most_left: int) -> Callable[[random.Random], Position]:
    def make(rng: random.Random) -> Position:
        lone = rng.random() < 0.5
        return club_lead_position(rng, rng.randint(1, most_left), lone)

    return make


# Reference cost per position on the 2-core box, heavy-tailed: full four-hand
# deal median ~20 s (seeds 0-4: 20, 10, 57, 0.4, 439 s: seed 4 is left out),
# full lone deal median 1.5 s (0.3-18 s), four-hand with 4 tricks left 0.5-1.3 s,
# lone with 4 left ~0.13 s, 3 left: median 32 ms four-hand, 9 ms lone; fewer
# ~1 ms. The default counts keep test_search + test_position near 50 s; the
# slow sweep (seeds after the default ones) takes about a quarter of an hour.
KINDS = [
    Kind("full-four", lambda rng: random_position(rng, 5, False), 1, 3),
    Kind("full-lone", lambda rng: random_position(rng, 5, True), 3, 40),
    Kind("four-4-left", lambda rng: random_position(rng, 4, False), 4, 80),
    Kind("lone-4-left", lambda rng: random_position(rng, 4, True), 12, 250),
    Kind("four-3-left", lambda rng: random_position(rng, 3, False), 30, 1000),
    Kind("lone-3-left", lambda rng: random_position(rng, 3, True), 30, 1000),
    Kind("four-2-left", lambda rng: random_position(rng, 2, False), 30, 1000),
    Kind("lone-2-left", lambda rng: random_position(rng, 2, True), 30, 1000),
    Kind("four-1-left", lambda rng: random_position(rng, 1, False), 20, 300),
    Kind("lone-1-left", lambda rng: random_position(rng, 1, True), 20, 300),
    Kind("four-mid-1", _mid(False, 1, 4), 12, 400),
    Kind("four-mid-2", _mid(False, 2, 4), 12, 400),
    Kind("four-mid-3", _mid(False, 3, 4), 12, 400),
    Kind("four-mid-5-left", lambda rng: random_position(rng, 5, False, rng.randint(2, 3)), 1, 10),
    Kind("lone-mid-1", _mid(True, 1, 5), 12, 400),
    Kind("lone-mid-2", _mid(True, 2, 5), 12, 400),
    *(Kind(f"trump-{suit.name.lower()}", _trump(suit), 15, 400) for suit in Suit),
    Kind("club-lead", _club(4), 30, 1000),
    Kind("club-lead-5-left", _club(5), 2, 40),
]
KIND_IDS = [k.name for k in KINDS]
BY_NAME = {k.name: k for k in KINDS}


def default_positions(names=None) -> list[tuple[Kind, int, Position]]:
    return [(k, seed, pos) for k in KINDS if names is None or k.name in names for seed, pos in k.positions()]


CHEAP_KINDS = [k.name for k in KINDS if not k.name.startswith(("full-", "four-4", "four-mid-5", "club-lead-5"))]


# -- checks shared by the default tests and the slow sweep -----------------------


def check_values(pos: Position, note: str, solver=None) -> None:
    """solve and solve_moves equal the reference."""
    do_solve = solver.solve if solver else solve
    do_moves = solver.solve_moves if solver else solve_moves
    want_moves, want = ref_moves(pos), ref_value(pos)
    got_moves = do_moves(pos)
    assert got_moves == want_moves, f"solve_moves: {note}"
    sol = do_solve(pos)
    assert isinstance(sol, Solution), note
    assert sol.makers_tricks == want, f"solve: {sol.makers_tricks} != reference {want}; {note}"


def check_best_cards(pos: Position, note: str, solver=None) -> None:
    """best_cards are exactly the argmax (makers) / argmin (defenders) cards,
    and the best of solve_moves is the value."""
    sol = (solver.solve if solver else solve)(pos)
    moves = (solver.solve_moves if solver else solve_moves)(pos)
    best = max(moves.values()) if pos.to_act.team is pos.makers else min(moves.values())
    assert best == sol.makers_tricks, f"best of solve_moves {best} != solve {sol.makers_tricks}; {note}"
    assert isinstance(sol.best_cards, tuple) and len(set(sol.best_cards)) == len(sol.best_cards), note
    want = {card for card, value in ref_moves(pos).items() if value == ref_value(pos)}
    assert set(sol.best_cards) == want, f"best_cards {sol.best_cards} != {sorted(want)}; {note}"
    assert set(sol.best_cards) == {card for card, value in moves.items() if value == best}, note
    assert isinstance(sol.nodes, int) and sol.nodes >= 0, note


def check_pv(pos: Position, note: str, solver=None) -> None:
    """The PV holds every remaining card, each one legal when played, and the
    value stays the same all along it (so every PV card is optimal); at its
    end the makers have exactly the value."""
    do_solve = solver.solve if solver else solve
    sol = do_solve(pos)
    value = sol.makers_tricks
    assert isinstance(sol.pv, tuple) and len(sol.pv) == cards_left(pos), f"PV {sol.pv} length; {note}"
    assert sol.pv[0] in sol.best_cards, f"PV starts with {sol.pv[0]}, not a best card; {note}"
    check_ref = cheap(pos)
    here = pos
    for step, card in enumerate(sol.pv):
        assert card in here.legal_moves(), f"PV card {step} ({card.ascii()}) is illegal; {note}"
        assert do_solve(here).makers_tricks == value, f"value changes along the PV at step {step}; {note}"
        if check_ref:
            assert reference_value(here) == value, f"reference value changes at PV step {step}; {note}"
        here = here.play(card)
    assert here.is_over and here.makers_taken == value, f"the PV ends with {here.makers_taken}; {note}"


def check_can_reach(pos: Position, note: str, solver=None) -> None:
    do_reach = solver.can_reach if solver else can_reach
    value = ref_value(pos)
    for target in range(0, 6):
        assert do_reach(pos, target) == (value >= target), f"can_reach(t={target}), value {value}; {note}"


def score_class(tricks: int) -> int:
    """The score class of the makers' final tricks: 0, 1-2, 3-4, 5."""
    return int(np.searchsorted(CLASS_FLOOR, tricks, side="right")) - 1


def check_class(pos: Position, note: str, solver=None) -> None:
    """solve_batch_class at a trick boundary: the class of the reference value,
    counting the tricks the makers have already taken."""
    if pos.trick:
        return
    do_class = solver.solve_batch_class if solver else solve_batch_class
    got = do_class(encode_batch([pos]), taken=pos.makers_taken)
    want = score_class(ref_value(pos))
    assert got.tolist() == [want], f"solve_batch_class {got.tolist()} != class {want}; {note}"


def check_batch(items: list[tuple[str, Position]], solver=None) -> None:
    """solve_batch on boundary positions = reference minus tricks taken."""
    items = [(note, pos) for note, pos in items if not pos.trick]
    if not items:
        return
    do_batch = solver.solve_batch if solver else solve_batch
    got = do_batch(encode_batch([pos for _, pos in items]))
    assert got.dtype == np.int8 and got.shape == (len(items),)
    for (note, pos), value in zip(items, got):
        assert value == ref_value(pos) - pos.makers_taken, f"solve_batch {value}; {note}"


# -- the reference itself ----------------------------------------------------------



# Hearts trump, N-S make, two tricks to play, N to lead (order N W S E).
# 9♣ led: W must play A♣; S may play J♣, which wins (E, without clubs or Trees,
# must trump with A♥, below the Tree); S then cashes 10♣: 2 + 2 = 4.
# 9♦ led: W follows K♦; S (no diamond) must play a trump card, J♣, and E must
# trump with A♥; J♣ wins, but S's 10♣ then falls to W's A♣ (N must follow with
# 9♣): 2 + 1 = 3. Had S answered 9♣-A♣ with 10♣, E's A♥ would win and J♣ would
# later have to ruff E's 9♠: 3.
TREE_ENDING = dict(
    hands={"N": "9C 9D", "W": "AC KD", "S": "JC TC", "E": "AH 9S"},
    trump="H", leader="N", makers="NS", tricks_taken=(2, 1),
)


def test_reference_on_a_hand_worked_tree_ending():
    pos = Position.build(**TREE_ENDING)
    assert reference_moves(pos) == {cards("9C")[0]: 4, cards("9D")[0]: 3}
    assert reference_value(pos) == 4
    after_lead = pos.play(cards("9C")[0]).play(cards("AC")[0])
    assert reference_moves(after_lead) == {cards("JC")[0]: 4, cards("TC")[0]: 3}


def test_reference_on_hand_worked_lone_endings():
    # lone N (S sits out), diamonds trump: N's A♠ wins, then 9♥ loses to E's Q♥
    pos = Position.build({"N": "AS 9H", "W": "KS 9C", "E": "TS QH"}, "D", "N", lone="N", tricks_taken=(2, 1))
    assert reference_value(pos) == 3 and reference_moves(pos) == {cards("AS")[0]: 3, cards("9H")[0]: 3}
    # W leads (order W E N). K♠: N must ruff with A♦, but W's 9♦ then ruffs N's 9♥: 3.
    # 9♦: N must take it with A♦ and N's 9♥ then wins too: 4. The defenders choose K♠.
    pos = Position.build({"N": "AD 9H", "W": "KS 9D", "E": "TS 9S"}, "D", "W", lone="N", tricks_taken=(2, 1))
    assert reference_moves(pos) == {cards("KS")[0]: 3, cards("9D")[0]: 4}
    assert reference_value(pos) == 3


def test_reference_value_is_the_best_of_reference_moves():
    for seed in range(40):
        rng = random.Random(seed)
        pos = random_position(rng, rng.randint(1, 3), rng.random() < 0.5, 0)
        moves = reference_moves(pos)
        pick = max if pos.to_act.team is pos.makers else min
        assert reference_value(pos) == pick(moves.values()), seed
        assert set(moves) == set(pos.legal_moves()), seed


# -- hand-made positions through the solver --------------------------------------


def test_solver_on_the_tree_ending():
    pos = Position.build(**TREE_ENDING)
    sol = solve(pos)
    assert sol.makers_tricks == 4 and sol.best_cards == tuple(cards("9C"))
    assert solve_moves(pos) == {cards("9C")[0]: 4, cards("9D")[0]: 3}
    assert sol.pv[:3] == tuple(cards("9C AC JC"))
    assert can_reach(pos, 4) and not can_reach(pos, 5)


def test_solver_on_the_same_cards_for_the_defenders():
    """The same layout with E-W as makers: the values turn around."""
    pos = Position.build(**{**TREE_ENDING, "makers": "EW", "tricks_taken": (2, 1)})
    assert solve_moves(pos) == {cards("9C")[0]: 1, cards("9D")[0]: 2}
    assert solve(pos).makers_tricks == 1 and solve(pos).best_cards == tuple(cards("9C"))


def test_a_full_deal_whose_sure_bounds_meet_is_answered_at_the_root():
    """South cashes ♠A, ♥A and ♦10, the top live card of each suit, once
    each before anyone with a trump is out of the suit; East's two top trumps
    (♣Q, ♣A) hold North-South to three. The bounds meet, so the deal is
    answered at its first node, whatever the table can store: a full deal is
    too large for the table, and a search of the empty window between the
    bounds would return its first lead's value as if it were a bound, right
    here only because the top cards are led first (with the lowest cards
    first, 2 would come back)."""
    pos = Position.build({"N": "KC QS JH QD JD", "E": "AC QC JS QH KD", "S": "AS KS AH KH TD",
                          "W": "TC 9C 9S TH 9D"}, trump="C", leader="S", makers="NS")
    with Solver(threads=1) as solver:
        assert solver.value(pos) == 3 == reference_value(pos)
        assert solver.last_nodes == 1


# -- cross-checks on the default sample --------------------------------------------


@pytest.mark.parametrize("kind", KINDS, ids=KIND_IDS)
def test_values_and_card_values_equal_the_reference(kind):
    for seed, pos in kind.positions():
        check_values(pos, kind.note(seed, pos))


@pytest.mark.parametrize("kind", KINDS, ids=KIND_IDS)
def test_best_cards_are_exactly_the_optimal_cards(kind):
    for seed, pos in kind.positions():
        check_best_cards(pos, kind.note(seed, pos))


@pytest.mark.parametrize("kind", KINDS, ids=KIND_IDS)
def test_principal_variation_is_legal_complete_and_keeps_the_value(kind):
    for seed, pos in kind.positions():
        check_pv(pos, kind.note(seed, pos))


@pytest.mark.parametrize("kind", KINDS, ids=KIND_IDS)
def test_can_reach_is_value_at_least_target(kind):
    for seed, pos in kind.positions():
        check_can_reach(pos, kind.note(seed, pos))


@pytest.mark.parametrize("kind", KINDS, ids=KIND_IDS)
def test_score_class_is_the_class_of_the_value(kind):
    for seed, pos in kind.positions():
        check_class(pos, kind.note(seed, pos))


def test_score_class_of_a_batch_is_every_row_s_class():
    """Many deals in one batch (sorted, repeated rows solved once) and on
    two threads: the classes of the exact values."""
    deals = full_deals(300, seed=9)
    rows = encode_batch(deals + deals[:40])
    exact = solve_batch(rows)
    with Solver(threads=2) as two:
        got = two.solve_batch_class(rows)
    assert got.tolist() == [score_class(v) for v in exact.tolist()]
    assert set(got.tolist()) == {0, 1, 2, 3}


def test_every_kind_is_what_it_says():
    """The sample covers what the kinds promise (guards the generators)."""
    for kind, seed, pos in default_positions():
        note = kind.note(seed, pos)
        if kind.name.startswith("club-lead"):
            assert tree_rule_matters(pos), note
        if kind.name.startswith("trump-"):
            assert pos.trump.name.lower() == kind.name[len("trump-"):], note
        if kind.name.startswith("full-"):
            assert pos.tricks_left == 5 and not pos.trick, note
            assert cards_left(pos) == (15 if kind.name == "full-lone" else 20), note
    trumps = {pos.trump for _, _, pos in default_positions()}
    assert trumps == set(Suit)


# -- the batch interface ----------------------------------------------------------


def boundary_sample() -> list[tuple[str, Position]]:
    return [(k.note(seed, pos), pos) for k, seed, pos in default_positions() if not pos.trick]


def test_encode_batch_layout():
    assert tuple(BATCH_COLUMNS) == ("N", "E", "S", "W", "trump", "leader", "lone", "makers")
    items = boundary_sample()
    rows = encode_batch([pos for _, pos in items])
    assert rows.dtype == np.int64 and rows.shape == (len(items), batch_rows.WIDTH)
    for (note, pos), row in zip(items, rows):
        assert [int(x) for x in row[batch_rows.HANDS]] == [pos.hands[s].mask for s in SEATS], note
        assert int(row[batch_rows.TRUMP]) == int(pos.trump), note
        assert int(row[batch_rows.LEADER]) == int(pos.leader), note
        assert int(row[batch_rows.LONE]) == (-1 if pos.lone is None else int(pos.lone)), note
        assert int(row[batch_rows.MAKERS]) == int(pos.makers), note


def test_encode_batch_rejects_a_trick_in_progress():
    pos = random_position(random.Random(3), 3, False, 2)
    with pytest.raises(ValueError):
        encode_batch([pos])


def test_solve_batch_equals_the_reference_and_single_solves():
    items = boundary_sample()
    check_batch(items)
    rows = encode_batch([pos for _, pos in items])
    got = solve_batch(rows)
    for (note, pos), value in zip(items, got):
        assert value == solve(pos).makers_tricks - pos.makers_taken, note
    assert np.array_equal(Solver().solve_batch(rows), got)


def full_deals(count: int, seed: int = 0) -> list[Position]:
    """Full deals, four-hand and lone alternately, every trump."""
    rng = random.Random(seed)
    return [full_deal(rng, lone=i % 2 == 1) for i in range(count)]


def test_solve_batch_on_full_deals_is_the_total():
    deals = full_deals(40, seed=1)
    got = solve_batch(encode_batch(deals))
    assert [int(v) for v in got] == [solve(pos).makers_tricks for pos in deals]


def test_solve_batch_two_threads_equals_one():
    """Enough rows (full deals and endings, shuffled) for the rows to be split."""
    rng = random.Random(2)
    positions = full_deals(150, seed=2) + [pos for _, pos in boundary_sample()]
    positions += [random_position(rng, rng.randint(1, 4), rng.random() < 0.5) for _ in range(250)]
    rng.shuffle(positions)
    rows = encode_batch(positions)
    one = solve_batch(rows)
    with Solver(threads=2) as solver:
        two = solver.solve_batch(rows)
        assert np.array_equal(one, two), [describe(positions[i]) for i in np.flatnonzero(one != two)[:3]]
        assert np.array_equal(solver.solve_batch(rows), one)  # again, on the pool it started
    assert np.array_equal(Solver(threads=1).solve_batch(rows), one)


def test_solve_batch_of_no_rows():
    got = solve_batch(np.zeros((0, batch_rows.WIDTH), dtype=np.int64))
    assert got.shape == (0,)


# -- transposition-table reuse ----------------------------------------------------


def variants(pos: Position) -> list[Position]:
    """The same cards in other contexts a table could confuse: other trumps,
    other splits of the tricks taken, the other side making, another leader."""
    out = [Position(pos.hands, trump, pos.leader, (), pos.makers, pos.lone, pos.tricks_taken) for trump in Suit]
    taken = sum(pos.tricks_taken)
    out += [Position(pos.hands, pos.trump, pos.leader, (), pos.makers, pos.lone, (ns, taken - ns))
            for ns in range(taken + 1)]
    out += [Position(pos.hands, pos.trump, leader, (), pos.makers, pos.lone, pos.tricks_taken)
            for leader in pos.active_seats]
    if pos.lone is None:
        out.append(Position(pos.hands, pos.trump, pos.leader, (), pos.makers.other, None, pos.tricks_taken))
    return list(dict.fromkeys(out))


def variant_sample(seed: int, count: int) -> list[tuple[str, Position]]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        lone = i % 2 == 1
        base = random_position(rng, rng.randint(2, 4 if lone else 3), lone)
        out += [(f"variant of seed {seed} #{i}: {describe(v)}", v) for v in variants(base)]
    return out


def reuse_sample() -> list[tuple[str, Position]]:
    items = [(k.note(seed, pos), pos) for k, seed, pos in default_positions(CHEAP_KINDS)]
    return items + variant_sample(seed=5, count=12)


def test_a_reused_solver_matches_the_reference_across_positions_and_trumps():
    """One Solver for everything, in a shuffled order, asking can_reach with
    random targets before the exact questions (bounds left in the table)."""
    items = reuse_sample()
    random.Random(7).shuffle(items)
    solver = Solver()
    rng = random.Random(8)
    for note, pos in items:
        target = rng.randint(0, 5)
        assert solver.can_reach(pos, target) == (ref_value(pos) >= target), f"can_reach {target}; {note}"
    for note, pos in items:
        check_values(pos, note, solver)
        check_best_cards(pos, note, solver)
    for note, pos in items[:60]:
        check_pv(pos, note, solver)
    check_batch(items, solver)
    for note, pos in items:  # asked again, straight from the table
        assert solver.solve(pos).makers_tricks == ref_value(pos), f"second time; {note}"


def test_a_reused_solver_matches_fresh_solvers_on_full_deals():
    deals = full_deals(16, seed=3)
    shared = Solver()
    for i, pos in enumerate(deals):
        fresh = Solver()
        note = f"full deal {i} of full_deals(16, seed=3): {describe(pos)}"
        want = fresh.solve_moves(pos)
        assert shared.solve_moves(pos) == want, note
        assert shared.solve(pos).makers_tricks == fresh.solve(pos).makers_tricks, note
        for target in range(6):
            assert shared.can_reach(pos, target) == fresh.can_reach(pos, target), f"t={target}; {note}"


def test_a_tiny_table_gives_the_same_values():
    tiny = Solver(tt_mib=1)
    items = reuse_sample()
    for note, pos in items:
        check_values(pos, note, tiny)
        check_can_reach(pos, note, tiny)
        check_class(pos, note, tiny)
    check_batch(items, tiny)
    deals = full_deals(12, seed=4)
    got = tiny.solve_batch(encode_batch(deals))
    assert [int(v) for v in got] == [solve(pos).makers_tricks for pos in deals]
    for pos in deals[:4]:
        assert tiny.solve_moves(pos) == solve_moves(pos), describe(pos)


# -- the slow sweep -----------------------------------------------------------------

_SHARED_TINY: list[Solver] = []


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS, ids=KIND_IDS)
def test_sweep(kind):
    """All checks on the kind's slow seeds, with the module functions and with
    one tiny-table Solver shared by the whole sweep."""
    if not _SHARED_TINY:
        _SHARED_TINY.append(Solver(tt_mib=1))
    tiny = _SHARED_TINY[0]
    items = []
    for seed, pos in kind.positions(slow=True):
        note = kind.note(seed, pos)
        items.append((note, pos))
        check_values(pos, note)
        check_best_cards(pos, note)
        check_pv(pos, note)
        check_can_reach(pos, note)
        check_class(pos, note)
        check_values(pos, note, tiny)
    boundary = [(note, pos) for note, pos in items if not pos.trick]
    if boundary:
        rows = encode_batch([pos for _, pos in boundary])
        one = solve_batch(rows)
        with Solver(threads=2) as two:
            assert np.array_equal(two.solve_batch(rows), one), kind.name
        for (note, pos), value in zip(boundary, one):
            assert value == ref_value(pos) - pos.makers_taken, f"solve_batch {value}; {note}"

