"""Every line of trump making, solved double-dummy for many worlds at once.

Between the deal and the first lead forehand accepts or refuses the turned
stock card, discards, and then forehand or forehand's partner may play alone
(rules.md, "Making trump" and "Playing alone"). This module evaluates all of
those lines for a batch of *worlds*: complete layouts of the 24 cards (the
four hands as dealt and the stock). A one-deal table (:mod:`altbaumer.hidden.table`)
is a batch of one; a rating engine passes thousands of layouts of the hidden
cards. No step loops over worlds in Python.

Design
------
*Turn outcome* (:func:`turn_outcomes`). Accepting takes stock card 1 and fixes
its suit (a Tree counts as a club). Refusing turns cards 2, 3, 4 until a suit
differs from card 1's: that card is taken and fixes trump, the cards before
it lie face up (``exposed``). If all four are one suit the case is
*compulsory*: that suit is trump, forehand takes all four, nothing stays face
up. ``turned`` counts the stock cards turned face up, as ``Deal.turned`` does.

*Discard options.* Forehand's enlarged hand is the dealt hand plus the cards
taken: 6 cards, or 9 in the compulsory case. Any card may go (D5), so there
are 6 single discards, or C(9, 4) = 126 four-card discards. Because the
enlarged hand differs between worlds, an option is identified by its
*position* in a canonical order, and each group also returns the discarded
cards per world and option (``discards``, int64 masks) so a caller can group
options by card:

- single discards: option ``j`` drops the ``j``-th lowest card index of the
  enlarged hand (:meth:`LineGroup.by_card` re-indexes the results by card);
- four-card discards: option ``j`` is ``itertools.combinations(range(9),
  4)[j]`` applied to the enlarged hand's card indices in ascending order.

*Mixed batches.* After a refusal some worlds may be compulsory and others not,
and the two cases have different option counts (6 vs 126). Rather than pad a
(n, 126, 3) array that would be 95 % filler, a branch is split into
:class:`LineGroup` values, one per case present: ``group.worlds`` holds the
input row numbers it covers, and the groups partition the batch. The accept
branch is always a single ordinary group.

*Lone options* are the last axis, in the order of :data:`LONE_CHOICES`:
nobody, forehand alone, partner alone. The lone player's partner's hand sits
out; when that is forehand, the next active seat in play order leads
(rules.md, Playing alone, Decision). With forehand's hand out of play the
discard cannot matter, so the partner-alone line is solved once per world and
broadcast over the discard options: per world an ordinary branch needs
6 + 6 + 1 = 13 solves, a compulsory one 126 + 126 + 1 = 253.

*Batching.* Every row of a branch (or, with :func:`all_lines`, of both
branches) goes to :meth:`Solver.solve_batch` in one call, so the solver's
threads split the whole tree across cores. Rows are laid out world by world, which
keeps closely related positions next to each other for the transposition
table.

*Scoring* comes from :func:`altbaumer.game.scoring.makers_points` through a lookup
array, so the rule lives in one place (rules.md, Scoring, rounds, match).

>>> import numpy as np
>>> from altbaumer.game.deal import Deal
>>> deal = Deal.from_seed(1)
>>> hands, stock = worlds_of_deal(deal)
>>> accept, refuse = all_lines(hands, stock, deal.dealer)
>>> group = accept.groups[0]
>>> group.tricks.shape, bool((group.tricks <= 5).all())
((1, 6, 3), True)
>>> deal_points(np.array([5, 3, 1, 0]))
(array([ 2,  1, -1, -1], dtype=int8), array([0, 0, 1, 2], dtype=int8))
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Optional, Union

import numpy as np

from altbaumer.errors import IncompleteDeal
from altbaumer.game.scoring import LONE_FLAG, makers_points
from altbaumer.dd.rows import NO_LONE, WIDTH, encode_rows
from altbaumer.dd.solver import CLASS_FLOOR, Solver, default_solver
from altbaumer.game.seats import SEATS, Seat, forehand_of

if TYPE_CHECKING:
    from altbaumer.game.deal import Deal

__all__ = [
    "LONE_CHOICES",
    "LONE_NOBODY",
    "LONE_FOREHAND",
    "LONE_PARTNER",
    "MAKERS_POINTS",
    "DEFENDERS_POINTS",
    "FOUR_OF_NINE",
    "TurnOutcomes",
    "LineGroup",
    "BranchLines",
    "turn_outcomes",
    "discard_options",
    "lone_seats",
    "branch_lines",
    "all_lines",
    "deal_points",
    "net_points",
    "worlds_of_deal",
    "line_rows",
    "partner_line_rows",
    "fold_lines",
    "solve_lines",
]

LONE_CHOICES = ("nobody", "forehand", "partner")
"""The lone options, in the order of the last axis of ``tricks``."""
LONE_NOBODY, LONE_FOREHAND, LONE_PARTNER = 0, 1, 2

MAKERS_POINTS = np.array([makers_points(t)[0] for t in range(6)], dtype=np.int8)
"""Makers' deal points indexed by makers' tricks 0..5."""
DEFENDERS_POINTS = np.array([makers_points(t)[1] for t in range(6)], dtype=np.int8)
"""Defenders' deal points indexed by makers' tricks 0..5."""

FOUR_OF_NINE = np.array(list(combinations(range(9), 4)), dtype=np.intp)
"""The 126 compulsory discards as positions in the 9-card enlarged hand."""

_FULL = (1 << 24) - 1
_SHIFTS = np.arange(24, dtype=np.int64)

DealerLike = Union[Seat, int]


# -- turn outcomes -----------------------------------------------------------------


@dataclass(frozen=True)
class TurnOutcomes:
    """What accepting or refusing leads to in each world (rules.md, Making trump).

    All arrays have one entry per world: ``trump`` (0..3 = C S H D, int8),
    ``taken`` and ``exposed`` (card masks, int64), ``compulsory`` (bool) and
    ``turned`` (stock cards turned face up, 1..4, int8).
    """

    accepted: bool
    trump: np.ndarray
    taken: np.ndarray
    exposed: np.ndarray
    compulsory: np.ndarray
    turned: np.ndarray

    def __len__(self) -> int:
        return len(self.trump)


def turn_outcomes(stock: np.ndarray, accept: bool) -> TurnOutcomes:
    """Trump, taken and exposed cards per world for forehand's turn choice.

    ``stock`` is an int array (n, 4) of card indices, top card first (D4).

    >>> out = turn_outcomes(np.array([[13, 1, 20, 7], [13, 15, 17, 14]]), accept=False)
    >>> out.trump.tolist(), out.turned.tolist(), out.compulsory.tolist()
    ([0, 2], [2, 4], [False, True])
    >>> out.exposed.tolist() == [1 << 13, 0], out.taken.tolist() == [1 << 1, (1 << 13) | (1 << 15) | (1 << 17) | (1 << 14)]
    (True, True)
    """
    stock = _as_stock(stock)
    n = len(stock)
    suits = stock // 6  # a Tree is a club here (rules.md, Making trump, 1)
    masks = np.left_shift(np.int64(1), stock)
    if accept:
        return TurnOutcomes(
            True, suits[:, 0].astype(np.int8), masks[:, 0].copy(), np.zeros(n, np.int64),
            np.zeros(n, bool), np.ones(n, np.int8),
        )
    differs = suits[:, 1:] != suits[:, :1]
    compulsory = ~differs.any(axis=1)
    at = np.where(compulsory, 0, differs.argmax(axis=1) + 1)  # the indicator's position
    rows = np.arange(n)
    before = np.arange(4)[None, :] < at[:, None]
    return TurnOutcomes(
        False,
        suits[rows, at].astype(np.int8),
        np.where(compulsory, masks.sum(axis=1), masks[rows, at]),
        np.where(compulsory, 0, (masks * before).sum(axis=1)),
        compulsory,
        np.where(compulsory, 4, at + 1).astype(np.int8),
    )


# -- discard and lone options ---------------------------------------------------------


def discard_options(enlarged: np.ndarray, count: int) -> np.ndarray:
    """The discards open to forehand, as masks in the canonical option order.

    ``enlarged`` holds n hand masks of 6 cards (``count`` 1) or 9 cards
    (``count`` 4); the result is int64 (n, 6) or (n, 126).

    >>> discard_options(np.array([0b111111 << 6]), 1)[0].tolist() == [1 << i for i in range(6, 12)]
    True
    >>> discard_options(np.array([(1 << 9) - 1]), 4).shape
    (1, 126)
    """
    size = {1: 6, 4: 9}[count]
    indices = _card_indices(np.asarray(enlarged, dtype=np.int64), size)
    singles = np.left_shift(np.int64(1), indices)
    if count == 1:
        return singles
    # The four cards are distinct bits, so the sum is their union.
    return singles[:, FOUR_OF_NINE].sum(axis=2)


def lone_seats(dealer: DealerLike) -> tuple[Optional[Seat], Seat, Seat]:
    """The lone seat for each of :data:`LONE_CHOICES`.

    >>> lone_seats(Seat.N)
    (None, <Seat.W: 3>, <Seat.E: 1>)
    """
    forehand = forehand_of(Seat(dealer))
    return None, forehand, forehand.partner


# -- lines ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class LineGroup:
    """The lines of one case (ordinary or compulsory) for some of the worlds.

    ``worlds`` (k,) are the input row numbers covered; ``trump``, ``taken``
    and ``exposed`` are per world as in :class:`TurnOutcomes`; ``discards``
    (k, m) holds the cards each option discards (m = 6 or 126); ``tricks``
    (k, m, 3) int8 the makers' double-dummy tricks for each discard option
    and lone choice (:data:`LONE_CHOICES`; the fewest of their score class
    when solved without ``exact``: :func:`solve_lines`).
    """

    worlds: np.ndarray
    compulsory: bool
    trump: np.ndarray
    taken: np.ndarray
    exposed: np.ndarray
    discards: np.ndarray
    tricks: np.ndarray

    @property
    def n_options(self) -> int:
        return self.discards.shape[1]

    def points(self) -> tuple[np.ndarray, np.ndarray]:
        """(makers' points, defenders' points), shaped like ``tricks``."""
        return deal_points(self.tricks)

    def by_card(self) -> np.ndarray:
        """For single discards: tricks indexed by the discarded card, int8
        (k, 24, 3), -1 for cards not in forehand's enlarged hand."""
        if self.compulsory:
            raise ValueError("compulsory discards are four cards each: index them by option")
        out = np.full((len(self.worlds), 24, 3), -1, dtype=np.int8)
        card = _card_indices(self.discards.reshape(-1), 1).reshape(self.discards.shape)
        out[np.arange(len(self.worlds))[:, None], card] = self.tricks
        return out


@dataclass(frozen=True)
class BranchLines:
    """All lines after one turn choice: the outcomes for every world and the
    solved lines as groups that partition the worlds (ordinary first)."""

    outcomes: TurnOutcomes
    groups: tuple[LineGroup, ...]

    @property
    def accepted(self) -> bool:
        return self.outcomes.accepted

    def group(self, compulsory: bool) -> Optional[LineGroup]:
        """The group of that case, or ``None`` if no world falls in it."""
        return next((g for g in self.groups if g.compulsory == compulsory), None)

    def best_points(self) -> np.ndarray:
        """Per world, the makers' points of the best discard and lone choice."""
        best = np.empty(len(self.outcomes), dtype=np.int8)
        for group in self.groups:
            best[group.worlds] = group.points()[0].reshape(len(group.worlds), -1).max(axis=1)
        return best


def branch_lines(
    hands: np.ndarray,
    stock: np.ndarray,
    dealer: DealerLike,
    accept: bool,
    solver: Optional[Solver] = None,
    exact: bool = True,
) -> BranchLines:
    """Every discard × lone line after accepting (or refusing), in one batch solve.

    ``hands`` int64 (n, 4): the hands as dealt (N E S W masks, five cards
    each); ``stock`` (n, 4): the stock's card indices, top first; ``dealer``
    is the same for every world; ``solver`` (default: this thread's, one
    search thread) brings the tables and threads. Without ``exact`` the
    tricks are the fewest of their score class (:func:`solve_lines`).
    """
    return _solve_plans([_Plan(hands, stock, dealer, accept)], solver, exact)[0]


def all_lines(
    hands: np.ndarray,
    stock: np.ndarray,
    dealer: DealerLike,
    solver: Optional[Solver] = None,
    exact: bool = True,
) -> tuple[BranchLines, BranchLines]:
    """The accept and refuse branches (in that order), in one batch solve;
    ``exact`` as in :func:`branch_lines`."""
    plans = [_Plan(hands, stock, dealer, True), _Plan(hands, stock, dealer, False)]
    accept, refuse = _solve_plans(plans, solver, exact)
    return accept, refuse


# -- scoring -------------------------------------------------------------------------------


def deal_points(tricks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(makers' points, defenders' points) for an array of makers' tricks
    (rules.md, Scoring, rounds, match)."""
    tricks = np.asarray(tricks)
    return MAKERS_POINTS[tricks], DEFENDERS_POINTS[tricks]


def net_points(tricks: np.ndarray) -> np.ndarray:
    """Makers' points minus defenders' points.

    >>> net_points(np.array([0, 2, 4, 5])).tolist()
    [-3, -2, 1, 2]
    """
    makers, defenders = deal_points(tricks)
    return makers - defenders


def worlds_of_deal(deal: "Deal") -> tuple[np.ndarray, np.ndarray]:
    """The one-world ``hands`` (1, 4) and ``stock`` (1, 4) arrays of a dealt deal."""
    if not deal.is_complete:
        raise IncompleteDeal("every hand and stock card must be known")
    hands = np.array([[deal.dealt_hand(s).mask for s in SEATS]], dtype=np.int64)
    stock = np.array([[c.index for c in deal.stock if c is not None]], dtype=np.int64)
    return hands, stock


# -- internals -----------------------------------------------------------------------------


class _Plan:
    """The solver rows of one branch and how to fold the answers back."""

    def __init__(self, hands: np.ndarray, stock: np.ndarray, dealer: DealerLike, accept: bool) -> None:
        self.hands, stock = _checked_worlds(hands, stock)
        self.forehand = int(forehand_of(Seat(dealer)))
        self.outcomes = turn_outcomes(stock, accept)
        self.parts = [
            self._part(np.flatnonzero(self.outcomes.compulsory == case), case) for case in (False, True)
        ]
        self.parts = [p for p in self.parts if len(p[0])]

    def _part(self, worlds: np.ndarray, compulsory: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        enlarged = self.hands[worlds, self.forehand] | self.outcomes.taken[worlds]
        discards = discard_options(enlarged, 4 if compulsory else 1)
        return worlds, discards, _line_rows(self.hands[worlds], self.outcomes.trump[worlds], self.forehand,
                                            enlarged, discards)

    def rows(self) -> np.ndarray:
        return np.concatenate([p[2] for p in self.parts]) if self.parts else np.empty((0, WIDTH), np.int64)

    def fold(self, solved: np.ndarray) -> BranchLines:
        groups, at = [], 0
        for worlds, discards, rows in self.parts:
            k, m = discards.shape
            tricks = _fold_lines(solved[at : at + len(rows)], k, m)
            at += len(rows)
            out = self.outcomes
            groups.append(
                LineGroup(worlds, bool(out.compulsory[worlds[0]]), out.trump[worlds], out.taken[worlds],
                          out.exposed[worlds], discards, tricks)
            )
        return BranchLines(self.outcomes, tuple(groups))


def line_rows(hands: np.ndarray, trump: np.ndarray, forehand: Union[Seat, int], enlarged: np.ndarray,
              discards: np.ndarray, keep: Optional[np.ndarray] = None) -> tuple[np.ndarray, np.ndarray]:
    """After trump is fixed: the solver rows of every discard option × lone
    choice for worlds whose ``hands`` (n, 4) hold forehand's ``enlarged``
    hand, with ``discards`` (n, m) from :func:`discard_options` (a single
    all-zero option when the discard is already made), and the mask of the
    rows kept. ``keep`` (m, 2) drops the together and forehand-alone lines of
    some options; a third column (m, 3) can drop the partner-alone line too
    (one per world). A ``keep`` of (n, m, 2) does the former world by world.
    Fold the answers, -1 for dropped rows, with :func:`fold_lines`."""
    rows = _line_rows(hands, trump, int(forehand), enlarged, discards)
    k, m = discards.shape
    if keep is None:
        return rows, np.ones(len(rows), dtype=bool)
    # A third column of a shared ``keep`` may drop the partner-alone lines too (its first row decides).
    partner = keep.ndim == 2 and keep.shape[1] > 2 and not keep[0, 2]
    mask = np.concatenate([np.broadcast_to(keep[..., :2], (k, m, 2)).reshape(-1), np.full(k, not partner)])
    return rows[mask], mask


def fold_lines(solved: np.ndarray, mask: np.ndarray, k: int, m: int) -> np.ndarray:
    """The answers to the rows :func:`line_rows` kept, as (k, m, 3) outcome
    codes by discard option and lone choice (the makers' tricks, plus
    ``LONE_FLAG`` on the two lone lines: :func:`~altbaumer.game.scoring.outcome_code`),
    -1 where a row was dropped."""
    full = np.full(len(mask), -1, dtype=np.int8)
    full[mask] = solved
    lines = _fold_lines(full, k, m)
    lone = lines[..., 1:]
    lone[lone >= 0] += LONE_FLAG
    return lines


def _line_rows(hands: np.ndarray, trump: np.ndarray, fh: int, enlarged: np.ndarray,
               discards: np.ndarray) -> np.ndarray:
    """Solver rows: every discard with nobody and with forehand alone, then
    partner alone once per world (forehand's hand, and so the discard, sits out)."""
    partner = (fh + 2) % 4
    k, m = discards.shape
    # Nobody alone and forehand alone, for every discard: hands (k, m, 2, 4).
    lines = np.repeat(hands[:, None, None, :], m, axis=1).repeat(2, axis=2)
    lines[..., fh] = (enlarged[:, None] & ~discards)[:, :, None]
    lines[:, :, 1, partner] = 0
    together = _forehand_leads(lines, trump[:, None, None], fh, np.array([NO_LONE, fh]))
    return np.concatenate([together, _partner_alone(hands, trump, fh)])


def partner_line_rows(hands: np.ndarray, trump: np.ndarray, forehand: Union[Seat, int]) -> np.ndarray:
    """The rows of playing together and of the partner alone in worlds whose
    ``hands`` (n, 4) hold forehand's hand after its discard, as
    :func:`line_rows` encodes them: every world's together row, then every
    world's partner-alone row."""
    fh = int(forehand)
    return np.concatenate([_forehand_leads(hands, trump, fh, NO_LONE), _partner_alone(hands, trump, fh)])


def _forehand_leads(hands: np.ndarray, trump: np.ndarray, fh: int, lone: Union[int, np.ndarray]) -> np.ndarray:
    """Rows of the lines forehand leads (nobody alone, or forehand alone)."""
    return encode_rows(hands, trump, fh, lone, fh % 2)


def _partner_alone(hands: np.ndarray, trump: np.ndarray, fh: int) -> np.ndarray:
    """Rows of the partner alone: forehand's hand (and so the discard) sits
    out and the next active seat leads (rules.md, Playing alone, Decision)."""
    alone = hands.copy()
    alone[:, fh] = 0
    return encode_rows(alone, trump, (fh + 3) % 4, (fh + 2) % 4, fh % 2)  # Seat.next(): anticlockwise


def _fold_lines(solved: np.ndarray, k: int, m: int) -> np.ndarray:
    """The answers to :func:`_line_rows` as (k, m, 3) tricks by lone choice."""
    pairs = solved[: 2 * k * m].reshape(k, m, 2)
    partner = solved[2 * k * m : 2 * k * m + k]
    return np.ascontiguousarray(np.concatenate([pairs, np.broadcast_to(partner[:, None, None], (k, m, 1))], axis=2))


def solve_lines(solver: Solver, rows: np.ndarray, exact: bool = False) -> np.ndarray:
    """The makers' final tricks (int8) of full-deal rows, as every rating
    solves them: exactly with ``exact``, else the fewest tricks of each
    row's score class ({0}, {1, 2}, {3, 4}, {5}:
    :data:`~altbaumer.dd.solver.CLASS_FLOOR`), which is cheaper
    (:meth:`~altbaumer.dd.solver.Solver.solve_batch_class`). Deal points,
    and so every objective and every figure of a rating but the mean
    tricks, are the same for every count of a class (docs/rating.md).

    >>> from altbaumer.dd.workloads import full_deal_rows
    >>> rows = full_deal_rows(20, seed=1)
    >>> with Solver(threads=1) as solver:
    ...     exact, floor = solve_lines(solver, rows, exact=True), solve_lines(solver, rows)
    >>> bool((MAKERS_POINTS[exact] == MAKERS_POINTS[floor]).all()), bool((floor <= exact).all())
    (True, True)
    """
    if exact:
        return solver.solve_batch(rows)
    return CLASS_FLOOR[solver.solve_batch_class(rows)]


def _solve_plans(plans: list[_Plan], solver: Optional[Solver], exact: bool) -> list[BranchLines]:
    rows = [p.rows() for p in plans]
    solved = solve_lines(solver or default_solver(), np.concatenate(rows), exact)
    bounds = np.cumsum([0] + [len(r) for r in rows])
    return [p.fold(solved[lo:hi]) for p, lo, hi in zip(plans, bounds[:-1], bounds[1:])]


def _card_indices(masks: np.ndarray, size: int) -> np.ndarray:
    """The card indices of each mask in ascending order, (n, size); every
    mask must hold exactly ``size`` cards."""
    bits = (masks[:, None] >> _SHIFTS) & 1
    if not (bits.sum(axis=1) == size).all():
        raise ValueError(f"every hand must hold exactly {size} cards")
    return np.nonzero(bits)[1].reshape(len(masks), size)


def _as_stock(stock: np.ndarray) -> np.ndarray:
    stock = np.asarray(stock, dtype=np.int64)
    if stock.ndim != 2 or stock.shape[1] != 4:
        raise ValueError(f"stock must have shape (n, 4), not {stock.shape}")
    if stock.size and (stock.min() < 0 or stock.max() > 23):
        raise ValueError("stock card indices must be 0..23")
    return stock


def _checked_worlds(hands: np.ndarray, stock: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Five cards a hand, and hands plus stock are the whole pack, once each."""
    hands = np.ascontiguousarray(hands, dtype=np.int64)
    stock = _as_stock(stock)
    if hands.ndim != 2 or hands.shape[1] != 4 or len(hands) != len(stock):
        raise ValueError(f"hands must have shape ({len(stock)}, 4), not {hands.shape}")
    if ((hands < 0) | (hands > _FULL)).any():
        raise ValueError("hand masks must lie within the 24-card pack")
    _card_indices(hands.reshape(-1), 5)
    every = np.concatenate([hands, np.left_shift(np.int64(1), stock)], axis=1)
    # 24 cards in all, so a full union means no card is held twice.
    if (np.bitwise_or.reduce(every, axis=1) != _FULL).any():
        raise ValueError("the hands and the stock must hold each of the 24 cards once")
    return hands, stock
