"""The last tricks solved as a game of hidden cards, not by averaging open-card solutions.

PIMC values a card by solving each world double dummy: every later card is
then chosen by a player who sees all hands, so a later guess always comes
out right and the value of a card that poses a guess to the others is
wrong (strategy fusion; docs/rating.md, Exact endgames). With few tricks
left the game that follows is small enough to solve as it is played: a
chance move deals one of the decider's worlds (each with its weight), then
every seat chooses each card from its own information set, its own hand and
the cards played since, the makers maximising the objective and the
defenders minimising it.

The tree of every world is enumerated on card masks (:mod:`altbaumer.game._kernels`),
and counterfactual regret minimisation (CFR+, with linearly weighted
averages) runs over all the worlds' leaves at once in numpy: each seat keeps
regrets for its own information sets. An option's value is its mean
objective when every later card is chosen by the solved average
strategies. The decider's belief is taken as common ground: the other seats
reason over the decider's worlds, not over their own (which would need
every seat's beliefs, a far larger game). With two seats of a side
choosing from different knowledge CFR is not guaranteed to reach the
team's best joint strategy; :attr:`EndgameSolution.gap` says how far the
values still moved in the last round, and :meth:`EndgameSolution.gains`
how much any one seat could gain by changing its own play.

>>> import random
>>> import numpy as np
>>> from altbaumer.game.actions import Phase
>>> from altbaumer.game.deal import Deal
>>> from altbaumer.hidden.knowledge import InfoSet
>>> from altbaumer.hidden.objectives import objective_for
>>> from altbaumer.hidden.worlds import worlds_for
>>> deal, rng = Deal.from_seed(11), random.Random(2)
>>> while deal.phase is not Phase.PLAY or len(deal.tricks) < 3:
...     deal.apply(rng.choice(deal.legal_actions()))
>>> view = deal.view(deal.to_act)
>>> solution = solve_endgame(view, worlds_for(InfoSet.from_view(view), 5000, 5000, 1), objective_for("net"))
>>> sorted(solution.values) == sorted(c.ascii() for c in view.hand), solution.iterations <= ITERATIONS
(True, True)
>>> max(solution.gains()) < 1e-3  # no seat gains by changing its own play
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import numpy as np

import altbaumer.game._kernels as kernels
from altbaumer.game.cards import Card
from altbaumer.game.scoring import LONE_FLAG
from altbaumer.game.view import SeatView
from altbaumer.hidden.objectives import Objective
from altbaumer.hidden.worlds import Worlds

__all__ = ["EndgameSolution", "solve_endgame", "tricks_left", "endgame_applies", "ITERATIONS", "ROUND", "SETTLED",
           "TRICKS_LEFT", "RATING_WORLDS", "ENDGAME"]

ITERATIONS = 400
"""The most CFR+ iterations a solution runs."""
ROUND = 25
"""Iterations between two looks at the values: the solution stops once a
round moves no option's value by more than :data:`SETTLED` of the stake."""
SETTLED = 1e-3
RESIDUE = 0.01
"""Below this share an action of the average strategy is dropped (:meth:`_Cfr.solved`)."""
TRICKS_LEFT = 2
"""Tricks left (the current one included) from which the players and ratings solve the endgame."""
RATING_WORLDS = 5_000
"""The most worlds a rating solves an endgame over (some seconds in Python)."""
ENDGAME = False
"""Whether ``altbaumer rate`` solves the last tricks so unless told
(``--endgame``): off, for the player that plays so won no more matches
(docs/arena.md)."""
_ABSENT = -1


@dataclass(frozen=True, eq=False)
class EndgameSolution:
    """The decider's options solved as a game of hidden cards over ``worlds``
    worlds: ``values`` each option's mean objective in the makers' terms
    when every later card follows the solved strategies, ``double_dummy``
    the same worlds' open-card means (PIMC's), ``infosets`` the information
    sets of every seat, ``gap`` the most an option's value moved over the
    last round of the ``iterations`` (:data:`ROUND`)."""

    values: dict[str, float]
    double_dummy: dict[str, float]
    worlds: int
    infosets: int
    iterations: int
    gap: float
    maker: bool
    _tree: "_Tree" = field(repr=False)
    _cfr: "_Cfr" = field(repr=False)

    def gains(self) -> list[float]:
        """For each seat N E S W, the most its side's objective would gain if
        that seat alone changed its play against the others' solved play (0
        for a seat without a choice): near 0 for every seat when solved."""
        return [self._cfr.best_response_gain(seat) for seat in range(4)]

    def codes(self, seed: int) -> np.ndarray:
        """An outcome code for every world and option (worlds × options, the
        options in the order of :attr:`values`): each world played from the
        option on by the solved strategies, a mixed choice drawn with one
        uniform number a world, the same for every option."""
        draws = np.random.default_rng([seed, 41]).random(self.worlds)
        rest = self._cfr.leaf_probabilities()
        codes = np.zeros((self.worlds, len(self.values)), dtype=np.int64)
        for w, o, leaves in self._groups():
            chosen = min(int(np.searchsorted(np.cumsum(rest[leaves]), draws[w] * rest[leaves].sum(), side="right")),
                         len(leaves) - 1)
            codes[w, o] = self._tree.leaf_code[leaves[chosen]]
        return codes

    def _groups(self) -> list[tuple[int, int, np.ndarray]]:
        """(world, option, its leaves) for every world and root option."""
        world, option = np.array(self._tree.leaf_world), self._cfr.action[:, 0]
        order = np.lexsort((np.arange(len(world)), option, world))
        groups = np.split(order, np.flatnonzero(np.diff(world[order] * 64 + option[order])) + 1)
        return [(int(world[g[0]]), int(option[g[0]]), g) for g in groups]

    @property
    def certain(self) -> bool:
        """Each world's outcome of each option is certain under the solved
        strategies (a mix between cards alike, the same outcome either way, is)."""
        rest, code = self._cfr.leaf_probabilities(), np.array(self._tree.leaf_code)
        return all(len(set(code[leaves][rest[leaves] > 1e-9].tolist())) == 1 for _, _, leaves in self._groups())

    def best(self) -> list[str]:
        """The options with the best value for the decider's side (ties within 1e-9), by name."""
        sign = 1.0 if self.maker else -1.0
        top = max(sign * v for v in self.values.values())
        return sorted(o for o, v in self.values.items() if sign * v >= top - 1e-9)


def tricks_left(view: SeatView) -> int:
    """Tricks still to be completed, the current one included."""
    return 5 - len(view.tricks)


def endgame_applies(view: SeatView, tricks: int = TRICKS_LEFT) -> bool:
    """The view's decision is a card with a choice, ``tricks`` or fewer tricks from the end."""
    return view.phase == "play" and len(view.legal) > 1 and tricks_left(view) <= tricks


class _Tree:
    """Every world's leaves: the choice points on the way (information set,
    action), the world's weight and the leaf's value; and each world's
    open-card value of every root option."""

    def __init__(self, view: SeatView, worlds: Worlds, values: np.ndarray, weights: np.ndarray) -> None:
        self.trump = int(view.trump)  # type: ignore[arg-type]
        self.makers = int(view.forehand.team)
        self.lone = -1 if view.lone is None else int(view.lone)
        self.absent = (self.lone + 2) % 4 if self.lone >= 0 else _ABSENT
        self.base = LONE_FLAG if self.lone >= 0 else 0
        self.values = values
        self.keys: dict[tuple[int, int, tuple[int, ...]], int] = {}
        self.actions: list[list[int]] = []
        self.paths: list[list[tuple[int, int]]] = []
        self.leaf_value: list[float] = []
        self.leaf_weight: list[float] = []
        self.leaf_world: list[int] = []
        self.leaf_code: list[int] = []
        self.root_cards = sorted(a.card.index for a in view.legal)
        self.dd = np.zeros((len(worlds), len(self.root_cards)))
        leader, trick = int(view.trick_leader), tuple(c.index for c in view.trick_cards)  # type: ignore[arg-type]
        taken = view.tricks_won[self.makers]
        for w in range(len(worlds)):
            hands = [int(h) for h in worlds.hands[w]]
            self.world = w
            self.dd[w] = self._walk(hands, leader, trick, taken, (), [], float(weights[w]), root=True)

    def _next(self, seat: int) -> int:
        seat = (seat + 3) % 4
        return (seat + 3) % 4 if seat == self.absent else seat

    def _walk(self, hands: list[int], leader: int, trick: tuple[int, ...], taken: int, public: tuple[int, ...],
              path: list[tuple[int, int]], weight: float, root: bool = False) -> np.ndarray:
        """Enumerate the leaves below a node; return its open-card value for
        the makers (at the root, that of each root option)."""
        active = 3 if self.lone >= 0 else 4
        if len(trick) == active:
            winner = leader
            for _ in range(kernels.trick_winner(list(trick), self.trump)):
                winner = self._next(winner)
            taken += (winner & 1) == self.makers
            leader, trick = winner, ()
            if not any(hands):
                self.paths.append(list(path))
                self.leaf_value.append(float(self.values[self.base + taken]))
                self.leaf_weight.append(weight)
                self.leaf_world.append(self.world)
                self.leaf_code.append(self.base + taken)
                return np.array([self.leaf_value[-1]])
        seat = leader
        for _ in range(len(trick)):
            seat = self._next(seat)
        legal = kernels.legal_mask(hands[seat], trick[0] if trick else -1, self.trump)
        cards = [c for c in range(24) if legal >> c & 1]
        infoset = -1
        if len(cards) > 1:
            key = (seat, hands[seat], public)
            infoset = self.keys.setdefault(key, len(self.keys))
            if infoset == len(self.actions):
                self.actions.append(cards)
        values = []
        for i, card in enumerate(cards):
            hands[seat] &= ~(1 << card)
            step = path + [(infoset, i)] if infoset >= 0 else path
            values.append(float(self._walk(hands, leader, trick + (card,), taken, public + (card,), step,
                                           weight)[0]))
            hands[seat] |= 1 << card
        if root:
            return np.array([values[cards.index(c)] for c in self.root_cards])
        maximise = (seat & 1) == self.makers
        return np.array([max(values) if maximise else min(values)])


def solve_endgame(view: SeatView, worlds: Worlds, objective: Objective, weights: Optional[np.ndarray] = None,
                  iterations: int = ITERATIONS) -> EndgameSolution:
    """The card ``view.seat`` faces, solved over ``worlds`` (each with its
    ``weights``, by default all alike) as a game of hidden cards by CFR+,
    in rounds until the values settle (:data:`SETTLED`), at most
    ``iterations``."""
    weight = np.ones(len(worlds)) if weights is None else np.asarray(weights, dtype=np.float64)
    tree = _Tree(view, worlds, objective.values, weight / weight.sum())
    depth = max(len(p) for p in tree.paths)
    leaves = len(tree.paths)
    infoset = np.full((leaves, depth), -1)
    action = np.zeros((leaves, depth), dtype=np.int64)
    for leaf, path in enumerate(tree.paths):
        for d, (i, a) in enumerate(path):
            infoset[leaf, d], action[leaf, d] = i, a
    seats = np.array([key[0] for key in tree.keys])
    sign = np.where((seats & 1) == tree.makers, 1.0, -1.0)
    width = max(len(a) for a in tree.actions)
    legal = np.zeros((len(tree.actions), width), dtype=bool)
    for i, cards in enumerate(tree.actions):
        legal[i, : len(cards)] = True
    solver = _Cfr(infoset, action, seats, sign, legal, np.array(tree.leaf_weight) * np.array(tree.leaf_value))
    stake = float(np.ptp(objective.values[tree.base : tree.base + 6]))
    values, moved = solver.run(ROUND), np.inf
    while solver.t < iterations and moved > SETTLED * stake:
        later = solver.run(min(ROUND, iterations - solver.t))
        values, moved = later, float(np.abs(later - values).max())
    names = [_name(c) for c in tree.root_cards]
    dd = (weight / weight.sum()) @ tree.dd
    return EndgameSolution(dict(zip(names, values.tolist())), dict(zip(names, dd.tolist())), len(worlds),
                           len(tree.keys), solver.t, moved, view.seat.team is view.forehand.team, tree, solver)


def _name(card: int) -> str:
    return Card.from_index(card).ascii()


class _Cfr:
    """CFR+ over the leaves of every world at once: ``infoset``/``action``
    (leaves × depth, -1 where a path is shorter), each information set's
    seat, the side's sign (+1 the makers), its legal actions, and each
    leaf's weighted value (chance × the makers' value)."""

    def __init__(self, infoset: np.ndarray, action: np.ndarray, seats: np.ndarray, sign: np.ndarray,
                 legal: np.ndarray, payoff: np.ndarray) -> None:
        self.infoset, self.action, self.sign, self.legal, self.payoff = infoset, action, sign, legal, payoff
        self.on = infoset >= 0
        self.at = np.where(self.on, infoset, 0)
        self.seat_of = np.where(self.on, seats[self.at], -1)
        self.regret = np.zeros(legal.shape)
        self.average = np.zeros(legal.shape)
        self.t = 0

    def strategy(self, table: np.ndarray) -> np.ndarray:
        positive = np.where(self.legal, np.maximum(table, 0.0), 0.0)
        total = positive.sum(axis=1, keepdims=True)
        uniform = self.legal / self.legal.sum(axis=1, keepdims=True)
        return np.where(total > 0, positive / np.where(total > 0, total, 1.0), uniform)

    def _probs(self, sigma: np.ndarray) -> np.ndarray:
        return np.where(self.on, sigma[self.at, self.action], 1.0)

    def run(self, iterations: int) -> np.ndarray:
        """Run more iterations; the root options' values under the average strategies."""
        for _ in range(iterations):
            self.t += 1
            sigma = self.strategy(self.regret)
            p = self._probs(sigma)
            after = np.ones_like(p)  # everyone's probability after each depth
            after[:, :-1] = np.cumprod(p[:, ::-1], axis=1)[:, ::-1][:, 1:]
            values = np.zeros(self.legal.shape)
            own_reach = np.zeros(self.legal.shape[0])
            for seat in range(4):
                mine = self.seat_of == seat
                others = np.where(mine, 1.0, p)
                before = np.ones_like(p)
                before[:, 1:] = np.cumprod(others, axis=1)[:, :-1]
                own = np.where(mine, p, 1.0)
                own_before = np.ones_like(p)
                own_before[:, 1:] = np.cumprod(own, axis=1)[:, :-1]
                cf = before * after * self.payoff[:, None]
                np.add.at(values, (self.at[mine], self.action[mine]), cf[mine])
                own_reach[self.at[mine]] = own_before[mine]
            expected = (sigma * values).sum(axis=1, keepdims=True)
            self.regret = np.where(self.legal, np.maximum(self.regret + self.sign[:, None] * (values - expected),
                                                          0.0), 0.0)
            self.average += self.t * own_reach[:, None] * sigma
        return self.root_values()

    def solved(self) -> np.ndarray:
        """The average strategies, each action played less than
        :data:`RESIDUE` of the time dropped: what the first iterations leave
        of a losing card, not a mix worth keeping."""
        sigma = self.strategy(self.average)
        kept = np.where(sigma >= RESIDUE, sigma, 0.0)
        return kept / kept.sum(axis=1, keepdims=True)

    def leaf_probabilities(self) -> np.ndarray:
        """Each leaf's probability once its world and root action are given,
        every later choice by the solved strategies."""
        return np.prod(self._probs(self.solved())[:, 1:], axis=1)

    def root_values(self) -> np.ndarray:
        """Each root action's value, every later choice by the average strategies."""
        rest = self.leaf_probabilities()
        return np.array([(self.payoff * rest)[self.action[:, 0] == a].sum() for a in range(self.legal[0].sum())])

    def best_response_gain(self, seat: int) -> float:
        """What ``seat``'s side gains if the seat alone plays its best
        response to the others' average strategies (backward induction over
        its own information sets, the deepest first: it recalls its past)."""
        p = self._probs(self.solved())
        mine = self.seat_of == seat
        if not mine.any():
            return 0.0
        sign = self.sign[self.at[mine][0]]
        contrib = self.payoff * np.prod(np.where(mine, 1.0, p), axis=1)
        current = float((contrib * np.prod(np.where(mine, p, 1.0), axis=1)).sum())
        depth = np.cumsum(mine, axis=1) - mine
        alive = np.ones(len(contrib), dtype=bool)
        for k in range(int(depth[mine].max()), -1, -1):
            rows, cols = np.nonzero(mine & (depth == k))
            infosets, actions = self.at[rows, cols], self.action[rows, cols]
            values = np.zeros(self.legal.shape)
            np.add.at(values, (infosets, actions), contrib[rows] * alive[rows])
            best = np.argmax(np.where(self.legal, sign * values, -np.inf), axis=1)
            alive[rows] &= actions == best[infosets]
        return float(sign * ((contrib * alive).sum() - current))
