"""The OpenSpiel game ``python_altbaumer``: OpenSpiel's own checks, the rules engine as the
oracle for its legal actions and returns, and observations that hide what a seat may not know.

The oracle is a fresh :class:`Deal` built from the playthrough's chance outcomes (the pack and
the cut), with the action numbering written out here again from the module's table, so a wrong
number, a lost discard or a wrong return shows as a difference."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Optional

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import altbaumer.openspiel  # noqa: E402,F401  (registers the game)
from altbaumer.errors import AltbaumerError, InvalidArgument, InvalidScore  # noqa: E402
from altbaumer.game.actions import (Accept, Action, DeclareAlone, Discard, Phase, Play, Refuse,  # noqa: E402
                                    TakeTrees)
from altbaumer.game.cards import CARDS, Card, CardSet  # noqa: E402
from altbaumer.game.deal import Deal  # noqa: E402
from altbaumer.game.equity import shipped_table  # noqa: E402
from altbaumer.game.match_state import MatchState  # noqa: E402
from altbaumer.game.rules import trump_suit_of_turned  # noqa: E402
from altbaumer.game.seats import SEATS, Seat  # noqa: E402

VARIANTS = ["python_altbaumer", "python_altbaumer(start=turn,dealer=E)",
            "python_altbaumer(score=2:1 rounds 1:0,dealer=W)", "python_altbaumer(score=decider)",
            "python_altbaumer(tricks_left=3,deal_seed=1)"]


@pytest.mark.parametrize("name", VARIANTS)
def test_openspiel_random_sim_test(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=8, serialize=True, verbose=False)


def test_the_chance_nodes_deal_a_uniform_pack_then_a_uniform_cut() -> None:
    state = pyspiel.load_game("python_altbaumer").new_initial_state()
    sizes = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        probabilities = [p for _, p in outcomes]
        assert sum(probabilities) == pytest.approx(1.0) and max(probabilities) == pytest.approx(min(probabilities))
        sizes.append(len(outcomes))
        state.apply_action(outcomes[-1][0])
    assert sizes == list(range(24, 1, -1)) + [23]  # 23 cards chosen (the last follows), then the cut
    assert state.current_player() in range(4)


# -- the oracle ----------------------------------------------------------------------------

def number(action: Action) -> list[int]:
    """The numbers of a deal action: a discard is one number per card."""
    if isinstance(action, Play):
        return [action.card.index]
    if isinstance(action, TakeTrees):
        return [24 + len(action.cards)]
    if isinstance(action, Accept):
        return [27]
    if isinstance(action, Refuse):
        return [28]
    if isinstance(action, DeclareAlone):
        return [30 if action.alone else 29]
    assert isinstance(action, Discard)
    return [31 + card.index for card in action.cards if card is not None]


def expected_legal(deal: Deal, named: list[int]) -> dict[int, Optional[Action]]:
    """The legal numbers by the deal, given the discard numbers already named."""
    found: dict[int, Optional[Action]] = {}
    for action in deal.legal_actions():
        numbers = number(action)
        if numbers[:len(named)] == named:
            found[numbers[len(named)]] = action if len(numbers) == len(named) + 1 else None
    return found


def expected_returns(deal: Deal, before: Optional[MatchState]) -> list[float]:
    tricks, lone = deal.makers_tricks, deal.lone is not None
    if before is None:
        makers = {5: 2, 4: 1, 3: 1, 2: -1, 1: -1, 0: -1}[tricks]
        defenders = {0: 2, 1: 1, 2: 1}.get(tricks, 0)
        return [float(makers if seat.team is deal.makers else defenders) for seat in SEATS]
    table, after = shipped_table(), before.after(tricks, lone)
    return [table.equity(after, seat.team) - table.equity(before, seat.team) for seat in SEATS]


def play_against_the_oracle(name: str, start: str, before: Optional[MatchState], dealer: Seat,
                            rng: random.Random, seen: Counter[str]) -> None:
    state = pyspiel.load_game(name).new_initial_state()
    pack: list[int] = []
    while state.is_chance_node():
        outcome = rng.choice(state.chance_outcomes())[0]
        pack.append(outcome)
        state.apply_action(outcome)
    order = pack[:23] + [i for i in range(24) if i not in pack[:23]]
    deal = Deal(dealer, [CARDS[i] for i in order], pack[23])
    if start == "turn" and deal.phase is Phase.CUT:
        deal.apply(TakeTrees(deal.cut_offer))
    named: list[int] = []
    while not state.is_terminal():
        assert state.current_player() == int(deal.to_act)
        legal = expected_legal(deal, named)
        assert state.legal_actions() == sorted(legal), deal.phase
        chosen = rng.choice(sorted(legal))
        seen[state.action_to_string(chosen).split()[0]] += 1
        state.apply_action(chosen)
        named.append(chosen)
        if legal[chosen] is not None:
            if deal.phase is Phase.DISCARD and len(named) == 4:
                seen["compulsory"] += 1
            deal.apply(legal[chosen])  # type: ignore[arg-type]
            named = []
    assert deal.phase is Phase.DONE
    seen["alone" if deal.lone is not None else "together"] += 1
    assert state.returns() == pytest.approx(expected_returns(deal, before))


def sweep(playthroughs: int, seed: int) -> Counter[str]:
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    for n in range(playthroughs):
        dealer = SEATS[n % 4]
        start = ("cut", "turn")[n % 2]
        score = ("points", "3:-2 rounds 0:1")[n // 2 % 2]
        before = None if score == "points" else MatchState.parse(score, dealer.next().team)
        name = f"python_altbaumer(start={start},dealer={dealer.name},score={score})"
        play_against_the_oracle(name, start, before, dealer, rng, seen)
    return seen


def test_legal_actions_and_returns_follow_the_rules_engine() -> None:
    seen = sweep(500, seed=1)
    assert seen["alone"] > 50 and seen["together"] > 50 and seen["refuse"] > 100 and seen["take"] > 5


@pytest.mark.slow
def test_legal_actions_and_returns_follow_the_rules_engine_over_10000_deals() -> None:
    seen = sweep(10_000, seed=2)
    assert seen["compulsory"] > 10 and seen["take"] > 100


# -- the compulsory discard -----------------------------------------------------------------

def compulsory_pack() -> tuple[list[int], int]:
    """A seeded pack and cut whose stock is of one suit, the Trees not shown at the cut."""
    rng = random.Random(3)
    while True:
        pack = list(range(24))
        rng.shuffle(pack)
        deal = Deal(Seat.N, [CARDS[i] for i in pack], 12)
        if deal.phase is Phase.TRUMP and len({trump_suit_of_turned(c) for c in deal.stock if c}) == 1:
            return pack, 12


def test_the_compulsory_discard_is_four_cards_in_display_order() -> None:
    pack, cut = compulsory_pack()
    state = pyspiel.load_game("python_altbaumer").new_initial_state()
    for index in pack[:23] + [cut]:
        state.apply_action(index)
    forehand = state.current_player()
    state.apply_action(28)  # refuse: all four stock cards come to forehand
    hand = list(Deal(Seat.N, [CARDS[i] for i in pack], cut).hand(Seat(forehand)).cards())
    others = {p: state.information_state_string(p) for p in range(4) if p != forehand}
    assert len(hand) == 5
    enlarged = state.seat_view(forehand).hand
    assert len(enlarged) == 9
    display = list(enlarged)  # display order
    assert state.legal_actions() == sorted(31 + c.index for c in display[:6])  # three must follow the first
    chosen = [display[1], display[4], display[5], display[8]]
    for step, card in enumerate(chosen):
        assert state.current_player() == forehand
        state.apply_action(31 + card.index)
        if step == 3:
            break
        view = state.seat_view(forehand)
        assert view.hand == enlarged - CardSet(chosen[:step + 1]) and view.discards == CardSet(chosen[:step + 1])
        still = 3 - step  # cards still to name: the next comes later in display order, with room for the rest
        after = display.index(card)
        assert state.legal_actions() == sorted(31 + c.index for c in display[after + 1:len(display) - still + 1])
        assert {p: state.information_state_string(p) for p in others} == others
    assert state.numbered.deal.discards == CardSet(chosen)
    assert state.numbered.deal.phase is Phase.LONE


def test_every_four_card_discard_has_one_sequence() -> None:
    pack, cut = compulsory_pack()
    state = pyspiel.load_game("python_altbaumer").new_initial_state()
    for index in pack[:23] + [cut]:
        state.apply_action(index)
    state.apply_action(28)

    def sequences(s: pyspiel.State, depth: int) -> list[frozenset[int]]:
        if depth == 4:
            return [frozenset(c.index for c in s.numbered.deal.discards)]
        return [found for a in s.legal_actions() for found in sequences(s.child(a), depth + 1)]

    found = sequences(state, 0)
    assert len(found) == len(set(found)) == len(list(combinations(range(9), 4)))


# -- what a seat may know ----------------------------------------------------------------------

def random_states(count: int, seed: int, name: str = "python_altbaumer") -> list[pyspiel.State]:
    rng = np.random.default_rng(seed)
    game = pyspiel.load_game(name)
    found = []
    while len(found) < count:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probabilities = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probabilities)))
            else:
                found.append(state.clone())
                state.apply_action(int(rng.choice(state.legal_actions())))
        found.append(state)
    return found


def test_strings_and_tensors_say_the_same() -> None:
    """Within the states visited, the same information-state string always comes with the
    same tensor and the same legal actions, and different tensors with different strings."""
    by_string: dict[tuple[str, str], tuple[tuple[float, ...], tuple[int, ...]]] = {}
    by_tensor: dict[tuple[str, tuple[float, ...]], str] = {}
    for state in random_states(600, seed=4):
        for player in range(4):
            for kind, string, tensor in (
                    ("information", state.information_state_string(player), state.information_state_tensor(player)),
                    ("observation", state.observation_string(player), state.observation_tensor(player))):
                key = tuple(tensor)
                legal = tuple(state.legal_actions()) if state.current_player() == player else ()
                assert by_string.setdefault((kind, string), (key, legal)) == (key, legal)
                assert by_tensor.setdefault((kind, key), string) == string
    assert len(by_string) > 1000


def twin(state: pyspiel.State, player: int, rng: random.Random) -> Optional[pyspiel.State]:
    """The same history with two hidden cards of two other seats swapped in the pack, if it
    still replays (the swap can make an earlier card break the duty to follow)."""
    deal = state.numbered.deal
    if deal.phase is Phase.CUT:
        return None  # nothing is dealt yet
    public = deal.cut_trees | (deal.taken or CardSet())
    hidden = {seat: [c for c in deal.hand(seat) if c not in public] for seat in SEATS if int(seat) != player}
    holders = [seat for seat, cards in hidden.items() if cards]
    if len(holders) < 2:
        return None
    one, other = rng.sample(holders, 2)
    a, b = rng.choice(hidden[one]), rng.choice(hidden[other])
    history = state.history()
    swap = {a.index: b.index, b.index: a.index}
    chance = [swap.get(i, i) for i in history[:23]]
    copy = state.get_game().new_initial_state()
    try:
        for action in chance + history[23:]:
            copy.apply_action(action)
    except Exception:  # an earlier card that the swapped hands no longer allow
        return None
    if copy.numbered.deal.hand(one) == deal.hand(one):
        return None  # the swapped card was the one never dealt (the last of the pack)
    return copy


@pytest.mark.parametrize("name", ["python_altbaumer", "python_altbaumer(start=turn)"])
def test_a_seat_cannot_tell_hidden_cards_apart(name: str) -> None:
    """Swapping two cards between two other seats' hands changes nothing a seat observes,
    and changes what the two holders observe (so the check can fail)."""
    rng = random.Random(5)
    compared = 0
    for state in random_states(300, seed=6, name=name):
        if state.numbered is None or state.is_terminal():
            continue
        player = rng.randrange(4)
        other = twin(state, player, rng)
        if other is None:
            continue
        compared += 1
        for kind in ("information_state_string", "information_state_tensor", "observation_string",
                     "observation_tensor"):
            assert getattr(other, kind)(player) == getattr(state, kind)(player), kind
        changed = [p for p in range(4) if other.information_state_string(p) != state.information_state_string(p)]
        assert len(changed) == 2 and player not in changed
    assert compared > 100


def test_observers_with_less_information() -> None:
    game = pyspiel.load_game("python_altbaumer(start=turn)")
    state = random_states(1, seed=7)[0]
    public = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False,
                                                              private_info=pyspiel.PrivateInfoType.NONE))
    public.set_from(state, 0)
    assert "hand" not in public.dict and public.string_from(state, 0) == public.string_from(state, 1).replace(
        "seat:E", "seat:N")
    with pytest.raises(InvalidArgument):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False,
                                                         private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    with pytest.raises(InvalidArgument):
        game.make_py_observer(None, {"x": 1})


@pytest.mark.parametrize("name, error", [
    ("python_altbaumer(start=deal)", InvalidArgument),
    ("python_altbaumer(tricks_left=6)", InvalidArgument),
    ("python_altbaumer(score=5:0)", InvalidScore),
    ("python_altbaumer(dealer=X)", AltbaumerError),
])
def test_parameters_out_of_range_are_user_errors(name: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        pyspiel.load_game(name)


def test_an_illegal_action_is_refused() -> None:
    state = pyspiel.load_game("python_altbaumer(tricks_left=2,deal_seed=4)").new_initial_state()
    illegal = next(a for a in range(24) if a not in state.legal_actions())
    with pytest.raises(Exception, match="not legal now"):
        state.apply_action(illegal)


def test_card_is_numbered_by_its_index() -> None:
    state = pyspiel.load_game("python_altbaumer(tricks_left=2,deal_seed=4)").new_initial_state()
    for action in state.legal_actions():
        assert state.action_to_string(action) == f"play {Card.from_index(action).ascii()}"
