"""The partner's lone choice, made from what the partner knows (docs/rating.md, Approximations).

Once forehand has passed, forehand's partner may play alone. Every world a
rating of forehand's decisions solves holds forehand's actual hand (forehand
decides, and knows it), so a partner choosing over those worlds would choose
as if it had seen forehand's cards. Here the partner chooses from its own
information set instead: for each hand it may hold and each public outcome
of the trump making (trump, the stock cards forehand took, those left face
up), :data:`PARTNER_WORLDS` worlds are drawn in which forehand's kept hand
and both defenders' hands are unknown, playing together and playing alone
are solved in each, and the better mean objective decides (ties: together).
That choice then holds in every rated world where the partner has that hand
after that outcome.

Before the first card nothing narrows the partner's unknown cards but one
public pin (rules.md, Making trump; D5): the cards forehand took are in its
hand or among its face-down discards. So the partner's worlds are a deal of
the free unknown cards (:func:`free_cards`) dealt uniformly, forehand's five
then each defender's five (the rest lies unturned in the stock), after which
forehand discards as many cards as it took, every discard of its enlarged
hand alike (D5; the uniform weight does not model how forehand discards,
as for every other seat's worlds). That is :class:`~altbaumer.hidden.knowledge.InfoSet`'s uniform weight over its
slots in this one situation; ``tests/hidden/test_partner.py`` holds the two
together.

The random numbers of each (partner hand, outcome) come from a counter-based
hash of a seed (the rater's) and that key, so a choice does not depend on
which other hands a rating met first, nor on how its worlds were split into
batches. Most choices are settled by null-window searches, far cheaper than
full solves, to the choice full solves would give (:func:`partner_choices`).

>>> from altbaumer.game.cards import CardSet
>>> hand, taken = CardSet.parse("9C KH TH JD TD").mask, CardSet.parse("QC").mask
>>> exposed, seen = CardSet.parse("JS 9S").mask, CardSet.parse("AH").mask
>>> free = free_cards(np.array([hand]), np.array([taken]), np.array([exposed]), seen)
>>> CardSet(int(free[0])).ascii()
'AC KC JC TC AS KS QS TS QH JH 9H AD KD QD 9D'
>>> worlds = partner_worlds(np.array([hand]), np.array([taken]), np.array([exposed]), seen,
...                         forehand=1, count=4, seeds=np.array([7], dtype=np.uint64))
>>> worlds.shape, bool((worlds[:, 3] == hand).all()), bool((worlds[:, 1] & taken).any())
((4, 4), True, True)
"""

from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache
from typing import Union

import numpy as np
import numpy.typing as npt

from altbaumer.dd.solver import Solver
from altbaumer.game.deal_rules import TRICKS
from altbaumer.game.scoring import LONE_FLAG
from altbaumer.game.seats import Seat
from altbaumer.game.view import SeatView
from altbaumer.hidden._deal import deal_partner_worlds
from altbaumer.hidden.making import (FOUR_OF_NINE, LONE_NOBODY, LONE_PARTNER, fold_lines, line_rows, partner_line_rows,
                                    solve_lines)
from altbaumer.hidden.objectives import Objective

__all__ = ["PARTNER_WORLDS", "KNOWN_CONTEXTS", "forget_choices", "free_cards", "key_seeds", "partner_worlds", "partner_lines", "partner_choices",
           "PartnerChoices"]

PARTNER_WORLDS = 8
"""Worlds of its own the partner decides on, per hand and public outcome
(docs/rating.md, Approximations: the cost)."""

_FULL = (1 << 24) - 1
_TIE = 1e-9  # means this close are equal: alone must be better, not just summed in another order


def free_cards(partner_hands: np.ndarray, taken: np.ndarray, exposed: np.ndarray, cut_seen: int) -> np.ndarray:
    """The cards the partner can place nowhere in particular, per key: all but
    its own hand (the cutter's Trees included: the partner is the cutter),
    the cards forehand took (pinned to forehand), those left face up, and the
    card seen at the cut (stock card 4, D13: taken, face up, or unturned out
    of play)."""
    return _FULL & ~(partner_hands | taken | exposed | cut_seen)


def key_seeds(seed: int, forehand: int, partner_hands: np.ndarray, trump: np.ndarray, taken: np.ndarray,
              exposed: np.ndarray) -> np.ndarray:
    """The uint64 seed of each (partner hand, public outcome), from the
    rating's ``seed``: the same key always draws the same worlds."""
    state = _mix(np.full(len(partner_hands), np.uint64(seed % 2**64)) ^ np.uint64(forehand + 1))
    state = _mix(state ^ partner_hands.astype(np.uint64))
    outcome = taken | (exposed << 24) | (trump.astype(np.int64) << 48)
    return _mix(state ^ outcome.astype(np.uint64))


def partner_worlds(partner_hands: np.ndarray, taken: np.ndarray, exposed: np.ndarray, cut_seen: int,
                   forehand: Union[Seat, int], count: int, seeds: np.ndarray) -> np.ndarray:
    """``count`` worlds of the partner's information set per key (rows key
    by key), as hands (keys × count, 4) with forehand's hand after its
    discard: the free cards dealt five to forehand and to each defender,
    then forehand discarding as many cards as it took, every discard of its
    enlarged hand alike (see the module docstring).

    The deal, exactly (in C, :mod:`altbaumer.hidden._deal`): each world
    draws sixteen 32-bit numbers r, the low then the high halves of
    SplitMix64 at its key's seed and counters 8·world + 1 … 8; the free
    cards, in index order, are shuffled in their first 15 places (place i
    swaps with place i + r[i] mod (free cards − i)); forehand gets places 0–4,
    the defender after it 5–9 and the one after the partner 10–14; forehand
    discards option r[15] mod (6 or 126) of
    :func:`~altbaumer.hidden.making.discard_options`."""
    fh = int(forehand)
    dealt = deal_partner_worlds(free_cards(partner_hands, taken, exposed, cut_seen), seeds, taken, count, FOUR_OF_NINE)
    hands = np.empty((len(dealt), 4), dtype=np.int64)
    hands[:, fh] = dealt[:, 0]
    hands[:, (fh + 2) % 4] = np.repeat(partner_hands, count)
    hands[:, (fh + 1) % 4], hands[:, (fh + 3) % 4] = dealt[:, 1], dealt[:, 2]
    return hands


def partner_lines(hands: np.ndarray, trump: np.ndarray, forehand: Union[Seat, int], solver: Solver,
                  exact: bool = False) -> np.ndarray:
    """Outcome codes (n, 2) of playing together and of the partner alone in
    worlds whose ``hands`` hold forehand's hand after the discard, each solved
    in full (:func:`partner_choices` needs less): by score class, the fewest
    tricks of each (the choice is by an objective, which takes them alike),
    or exactly with ``exact`` (:func:`~altbaumer.hidden.making.solve_lines`)."""
    rows, mask = _line_rows(hands, trump, forehand, LONE_NOBODY, LONE_PARTNER)
    return fold_lines(solve_lines(solver, rows, exact), mask, len(hands), 1)[:, 0, ::2]


def partner_choices(partner_hands: np.ndarray, trump: np.ndarray, taken: np.ndarray, exposed: np.ndarray, *,
                    forehand: Union[Seat, int], cut_seen: int, objective: Objective, solver: Solver,
                    seed: int = 0, count: int = PARTNER_WORLDS) -> np.ndarray:
    """Per key (partner hand, trump, taken and exposed cards): whether the
    partner plays alone, by the mean ``objective`` over ``count`` worlds of
    its own information set (ties: together).

    The choice is the one :func:`partner_lines` gives on the same worlds,
    for less: cheap searches bound what going alone gains in each world
    (:func:`_gain_bounds`), and only the keys those bounds leave open are
    solved in full."""
    seeds = key_seeds(seed, int(forehand), partner_hands, trump, taken, exposed)
    hands = partner_worlds(partner_hands, taken, exposed, cut_seen, forehand, count, seeds)
    trumps = np.repeat(trump, count).astype(np.int64)
    least, most = _gain_bounds(hands, trumps, forehand, objective, solver)
    bar = count * _TIE  # alone only when it gains more than this over the key's worlds
    chosen = _per_key(least, count) > bar
    undecided = (_per_key(most, count) > bar) & ~chosen
    if undecided.any():
        worlds = np.repeat(undecided, count)
        values = objective.of(partner_lines(hands[worlds], trumps[worlds], forehand, solver))
        chosen[undecided] = _per_key(values[:, 1] - values[:, 0], count) > bar
    return chosen


_Context = tuple[int, int, int, int, str, bytes]


class _Decided:
    """The keys decided in one context and their choices, as a sorted array
    of key codes (:func:`_key_codes`) beside the choices, so that a rating's
    keys are looked up all at once."""

    def __init__(self) -> None:
        self.codes = np.empty(0, dtype=np.int64)
        self.alone = np.empty(0, dtype=bool)

    def find(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Which of the sorted, distinct ``codes`` are decided, and their
        choices (False where not)."""
        if not len(self.codes):
            return np.zeros(len(codes), dtype=bool), np.zeros(len(codes), dtype=bool)
        at = np.minimum(np.searchsorted(self.codes, codes), len(self.codes) - 1)
        found = self.codes[at] == codes
        return found, self.alone[at] & found

    def add(self, codes: np.ndarray, alone: np.ndarray) -> None:
        """Keep the choices of keys not decided before."""
        merged = np.concatenate([self.codes, codes])
        order = np.argsort(merged, kind="stable")
        self.codes, self.alone = merged[order], np.concatenate([self.alone, alone])[order]


_KNOWN: OrderedDict[_Context, _Decided] = OrderedDict()
KNOWN_CONTEXTS = 8
"""Contexts whose decided keys stay in memory (the most recent ones)."""


def _known_in(context: _Context) -> _Decided:
    """The keys already decided in a context (forehand, the card seen at the
    cut, the seed, the worlds per key and the objective's values): a key's
    choice is a function of these and the key alone (its worlds are seeded by
    them, :func:`key_seeds`), so every rating in the same context shares
    them, as the decisions of one deal do (the turn, the discard and both
    lone choices ask about the same partner hands)."""
    known = _KNOWN.get(context)
    if known is None:
        known = _KNOWN[context] = _Decided()
        while len(_KNOWN) > KNOWN_CONTEXTS:
            _KNOWN.popitem(last=False)
    else:
        _KNOWN.move_to_end(context)
    return known


def forget_choices() -> None:
    """Drop every decided key of every context (they are recomputed, the same,
    when asked again)."""
    _KNOWN.clear()


def _key_codes(partner_hands: np.ndarray, trump: np.ndarray, taken: np.ndarray, exposed: np.ndarray) -> np.ndarray:
    """One int64 per key: two bits per card (in the partner's hand, taken by
    forehand, left face up, or none of these: the three are different cards)
    and the trump suit above them.

    >>> codes = _key_codes(np.array([0b11]), np.array([2]), np.array([0b100]), np.array([0b1000]))
    >>> int(codes[0]) >> 48, format(int(codes[0]) & 0xFF, "08b")   # cards 3 2 1 0: face up, taken, hand, hand
    (2, '11100101')
    """
    if ((partner_hands & taken) | (partner_hands & exposed) | (taken & exposed)).any():
        raise ValueError("a key's partner hand, taken and exposed cards must be different cards")
    return _spread(partner_hands | exposed) | (_spread(taken | exposed) << 1) | (trump.astype(np.int64) << 48)


def _spread(masks: np.ndarray) -> np.ndarray:
    """Each 24-card mask with its bits spread to the even bits of 48."""
    x = masks.astype(np.int64)
    for shift, keep in ((16, 0x0000FFFF0000FFFF), (8, 0x00FF00FF00FF00FF), (4, 0x0F0F0F0F0F0F0F0F),
                        (2, 0x3333333333333333), (1, 0x5555555555555555)):
        x = (x | (x << shift)) & keep
    return x


class PartnerChoices:
    """The partner's lone choices over a rating's worlds, each (partner
    hand, public outcome) decided once by :func:`partner_choices` and kept
    for every rating in the same context (:func:`_known_in`)."""

    def __init__(self, view: SeatView, objective: Objective, solver: Solver, seed: int = 0,
                 count: int = PARTNER_WORLDS) -> None:
        self.forehand = int(view.forehand)
        self.cut_seen = view.cut_seen.mask
        self.objective = objective
        self.solver = solver
        self.seed = seed
        self.count = count
        self.known = _known_in((self.forehand, self.cut_seen, seed, count, objective.name,
                                np.ascontiguousarray(objective.values, dtype=np.float64).tobytes()))

    def alone(self, partner_hands: npt.ArrayLike, trump: npt.ArrayLike, taken: npt.ArrayLike,
              exposed: npt.ArrayLike) -> np.ndarray:
        """Per world (the arrays broadcast to the partner's hands): True where
        the partner plays alone once forehand has passed. The keys not met
        before are decided in one batch."""
        columns = [c.reshape(-1) for c in np.broadcast_arrays(
            np.asarray(partner_hands, dtype=np.int64), np.asarray(trump, dtype=np.int64),
            np.asarray(taken, dtype=np.int64), np.asarray(exposed, dtype=np.int64))]
        codes, first, inverse = np.unique(_key_codes(*columns), return_index=True, return_inverse=True)
        found, chosen = self.known.find(codes)
        if not found.all():
            fresh = first[~found]
            hand, suit, took, shown = (c[fresh] for c in columns)
            decided = partner_choices(hand, suit, took, shown, forehand=self.forehand, cut_seen=self.cut_seen,
                                      objective=self.objective, solver=self.solver, seed=self.seed,
                                      count=self.count)
            self.known.add(codes[~found], decided)
            chosen[~found] = decided
        return chosen[inverse.reshape(-1)]


def _line_rows(hands: np.ndarray, trump: np.ndarray, forehand: Union[Seat, int],
               *lines: int) -> tuple[np.ndarray, np.ndarray]:
    """The rows of some of the lines (:data:`~altbaumer.hidden.making.LONE_CHOICES`)
    in worlds that hold forehand's hand after its discard, as every other
    line of trump making is encoded (:func:`~altbaumer.hidden.making.line_rows`)."""
    keep = np.zeros((1, 3), dtype=bool)
    keep[0, list(lines)] = True
    no_discard = np.zeros((len(hands), 1), dtype=np.int64)  # the discard is made: one "option", nothing more
    return line_rows(hands, trump, forehand, hands[:, int(forehand)], no_discard, keep)


def _gain_bounds(hands: np.ndarray, trump: np.ndarray, forehand: Union[Seat, int], objective: Objective,
                 solver: Solver) -> tuple[np.ndarray, np.ndarray]:
    """Per world, the least and the most that the partner going alone gains
    over playing together (in ``objective`` values), from null-window
    searches only, far cheaper than full solves: the lone line's tricks are
    bounded (:func:`_lone_tricks`), then playing together is asked whether
    it takes enough tricks to be worth the lone line's best, and where it
    does not, the lone line whether it takes as many."""
    # Both lines' rows in one encoding: every world's together row, then every world's lone row.
    together_rows, alone_rows = np.split(partner_line_rows(hands, trump, forehand), 2)
    alone_low, alone_high = _lone_tricks(alone_rows, objective, solver)
    lone, together = (_range_of(tuple(objective.of(np.arange(TRICKS + 1) + flag).tolist()))
                      for flag in (LONE_FLAG, 0))
    best = lone.highest[alone_low, alone_high]
    enough = np.minimum((together.values[None, :] < best[:, None]).sum(axis=1), TRICKS)  # all five if none is
    as_many = _at_least(together_rows, enough, solver)
    low, high = np.where(as_many, enough, 0), np.where(as_many, TRICKS, enough - 1)
    short = ~as_many
    reached = np.zeros_like(short)
    reached[short] = _at_least(alone_rows[short], enough[short], solver)
    alone_low = np.where(reached, np.maximum(alone_low, enough), alone_low)
    alone_high = np.where(short & ~reached, np.minimum(alone_high, enough - 1), alone_high)
    return (lone.lowest[alone_low, alone_high] - together.highest[low, high],
            lone.highest[alone_low, alone_high] - together.lowest[low, high])


def _lone_tricks(rows: np.ndarray, objective: Objective, solver: Solver) -> tuple[np.ndarray, np.ndarray]:
    """The fewest and the most tricks each partner-alone row may take, from
    null-window searches at each trick count above one where the lone
    line's value changes, highest first (a lone march first: the cheapest to
    refute). Whether the lone partner takes a trick at all is left open:
    playing together nearly always takes one, and asking that costs less."""
    lone = objective.of(np.arange(TRICKS + 1) + LONE_FLAG)
    low, high = np.zeros(len(rows), dtype=np.int64), np.full(len(rows), TRICKS)
    open_ = np.ones(len(rows), dtype=bool)
    for step in range(TRICKS, 1, -1):
        if lone[step] != lone[step - 1] and open_.any():
            reached = np.zeros(len(rows), dtype=bool)
            reached[open_] = solver.solve_batch(rows[open_], target=step) == 1
            low[reached] = step
            high[open_ & ~reached] = step - 1
            open_ &= ~reached
    return low, high


def _at_least(rows: np.ndarray, targets: np.ndarray, solver: Solver) -> np.ndarray:
    """Per row, whether the makers take at least ``targets`` tricks (one
    null-window batch per target)."""
    reached = targets <= 0
    for target in np.unique(targets[~reached]).tolist():
        which = targets == target
        reached[which] = solver.solve_batch(rows[which], target=target) == 1
    return reached


@lru_cache(maxsize=64)
def _range_of(values: tuple[float, ...]) -> "_Range":
    """The :class:`_Range` of a line's values, built once per objective: every
    batch of partner choices in a rating asks for the same two. Its arrays
    are read-only, as they are shared."""
    line = _Range(np.array(values, dtype=np.float64))
    for table in (line.values, line.lowest, line.highest):
        table.flags.writeable = False
    return line


class _Range:
    """A line's ``values`` by the makers' tricks (0 to 5), and their lowest
    and highest between any fewest and most tricks (6 × 6; empty ranges unused)."""

    def __init__(self, values: np.ndarray) -> None:
        self.values = values
        self.lowest = np.full((TRICKS + 1, TRICKS + 1), np.inf)
        self.highest = np.full((TRICKS + 1, TRICKS + 1), -np.inf)
        for low in range(TRICKS + 1):
            for high in range(low, TRICKS + 1):
                self.lowest[low, high] = values[low : high + 1].min()
                self.highest[low, high] = values[low : high + 1].max()


def _mix(x: np.ndarray) -> np.ndarray:
    """SplitMix64's finaliser: a well-spread 64-bit hash (uint64 arithmetic wraps)."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def _per_key(gains: np.ndarray, count: int) -> np.ndarray:
    """Per-world gains summed over each key's ``count`` worlds."""
    return gains.reshape(-1, count).sum(axis=1)

