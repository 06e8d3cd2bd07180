"""The compiled PIMC card player (:mod:`altbaumer.play._playout`), from Python.

:class:`Engine` plays many deals' card play to the end at once, each seat
choosing every card as :class:`~altbaumer.play.pimc.PimcPolicy` does (the
best mean objective over a few worlds of its own knowledge), without the GIL
and on all its threads; or it picks one seat's next card from a
:class:`~altbaumer.game.view.SeatView`. The module turns deals and views into
the engine's rows (:func:`deal_row`, :func:`view_row`) and objectives into
its values (:func:`seat_values`).

>>> from altbaumer.game.actions import Accept, DeclareAlone, Discard
>>> from altbaumer.game.deal import Deal
>>> deal = Deal.from_seed(5)
>>> deal.apply(Accept()); deal.apply(deal.legal_actions()[0])
>>> deal.apply(DeclareAlone(False)); deal.apply(DeclareAlone(False))
>>> with Engine(threads=1) as engine:
...     codes, cards = engine.play_out([deal_row(deal)], seat_values(objective_for("net")), seeds=[7])
>>> 0 <= int(codes[0]) <= 5, int((cards[0] >= 0).sum())
(True, 20)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from altbaumer.dd.endings import fill_endings
from altbaumer.dd.split import ThreadSplit
from altbaumer.game.cards import Card
from altbaumer.game.deal import Deal
from altbaumer.game.deal_rules import absent_seat
from altbaumer.game.seats import SEATS
from altbaumer.game.view import SeatView
from altbaumer.hidden.objectives import CODES, Objective, objective_for
from altbaumer.play._playout import OUTCOME_CODES, ROW_PLAYS, ROW_WIDTH, PlayoutCore

__all__ = ["Engine", "CardInference", "deal_row", "card_rows", "start_rows", "view_row", "seat_values", "WIDTH",
           "MAX_PLAYS", "objective_for", "MODEL_WORLDS", "TEMPERATURE"]

WIDTH, MAX_PLAYS = ROW_WIDTH, ROW_PLAYS
if OUTCOME_CODES != CODES:  # the compiled players read the values the objectives give
    raise ImportError(f"altbaumer.play._playout takes {OUTCOME_CODES} outcome codes, the objectives {CODES}")
_TRUMP, _FOREHAND, _LONE, _CUT_TREES, _CUT_SEEN, _TAKEN, _EXPOSED, _DISCARD, _PLAYED, _CARDS = range(4, 14)
_ABSENT = np.array([int(absent_seat(s)) for s in SEATS])  # type: ignore[arg-type]  # a lone seat's absent partner
_TT_MIB = 2.0
_ROWS_PER_THREAD = 8  # a playout is some milliseconds: small batches are worth splitting

Values = npt.NDArray[np.float64]

MODEL_WORLDS = 8
"""Worlds the model of another seat rates each of its cards over."""
TEMPERATURE = 0.05
"""The softmax's temperature as a share of the seat's stake (its best
outcome of the deal less its worst): a card that gives up a twentieth of
the stake is e times less likely than the best."""


@dataclass(frozen=True)
class CardInference:
    """How a seat infers from the cards the others chose: each world weighs
    the likelihood of those cards under the project's PIMC player, each card
    rated over ``model_worlds`` worlds of what its player knew then and
    chosen with probability ∝ exp(mean / τ), τ = ``temperature`` × that
    seat's stake (:data:`TEMPERATURE`). ``candidates`` is how many worlds a
    player draws to weigh, instead of its ``card_worlds``."""

    candidates: int = 32
    model_worlds: int = MODEL_WORLDS
    temperature: float = TEMPERATURE


def _row(hands: Sequence[int], trump: int, forehand: int, lone: Optional[int], cut_trees: int, cut_seen: int,
         taken: int, exposed: int, discard: int, played: Sequence[Card]) -> npt.NDArray[np.int64]:
    row = np.full(WIDTH, -1, dtype=np.int64)
    row[:4] = hands
    row[_TRUMP:_PLAYED] = (trump, forehand, -1 if lone is None else lone, cut_trees, cut_seen, taken, exposed,
                           discard)
    row[_PLAYED] = len(played)
    row[_CARDS : _CARDS + len(played)] = [c.index for c in played]
    return row


def _played(tricks: Sequence[Any], trick_cards: Sequence[Card]) -> list[Card]:
    return [c for t in tricks for c in t.cards] + list(trick_cards)


def deal_row(deal: Deal) -> npt.NDArray[np.int64]:
    """The engine's row of a deal in its play phase, every hand known."""
    if deal.trump is None or deal.taken is None or deal.discards is None:
        raise ValueError("the engine plays a deal whose trump, taken cards and discard are known")
    hands = [0 if s is deal.absent else deal.hand(s).mask for s in SEATS]  # D8: the absent hand is out of play
    return _row(hands, int(deal.trump), int(deal.forehand), None if deal.lone is None else int(deal.lone),
                deal.cut_trees.mask, deal.cut_seen.mask, deal.taken.mask, deal.exposed.mask, deal.discards.mask,
                _played(deal.tricks, deal.trick_cards))


def card_rows(view: SeatView, hands: npt.NDArray[np.int64], discards: npt.NDArray[np.int64],
              cards: Sequence[Card]) -> npt.NDArray[np.int64]:
    """The engine's rows of worlds in the card play after each of ``cards``
    of ``view.seat`` (worlds × cards × :data:`WIDTH`): the public record of
    the view, each world's current hands (``hands``, worlds × 4, the absent
    column 0) and forehand's discard (``discards``, masks), then the card.
    Each row is :func:`deal_row` of the world's deal after the card, built
    from the arrays without the deal.

    >>> from altbaumer.game.deal import Deal
    >>> from altbaumer.game.actions import Accept, DeclareAlone, Play
    >>> deal = Deal.from_seed(5)
    >>> deal.apply(Accept()); deal.apply(deal.legal_actions()[0])
    >>> deal.apply(DeclareAlone(False)); deal.apply(DeclareAlone(False))
    >>> view, card = deal.view(deal.to_act), deal.legal_actions()[0].card
    >>> hands = np.array([[deal.hand(s).mask for s in SEATS]]); discards = np.array([deal.discards.mask])
    >>> rows = card_rows(view, hands, discards, [card])
    >>> deal.apply(Play(card)); bool((rows[0, 0] == deal_row(deal)).all())
    True
    """
    base = view_row(view)
    played = int(base[_PLAYED])
    rows = np.broadcast_to(base, (len(hands), len(cards), WIDTH)).copy()
    rows[:, :, :4] = np.asarray(hands, dtype=np.int64)[:, None, :]
    rows[:, :, _DISCARD] = np.asarray(discards, dtype=np.int64)[:, None]
    seat = int(view.seat)
    for j, card in enumerate(cards):
        rows[:, j, seat] &= ~(1 << card.index)
        rows[:, j, _CARDS + played] = card.index
    rows[:, :, _PLAYED] = played + 1
    return rows


def start_rows(hands: npt.NDArray[np.int64], trump: npt.NDArray[np.int64], forehand: int,
               lone: npt.NDArray[np.int64], cut_trees: int, cut_seen: int, taken: npt.NDArray[np.int64],
               exposed: npt.NDArray[np.int64], discards: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The engine's rows of deals at their first card (n × :data:`WIDTH`)
    from arrays of n: every seat's hand (n × 4), the trump suit, the lone
    seat (-1: none), the cards forehand took, the ones left face up and
    forehand's discard (masks); forehand and the cut's cards are the same
    for all. The lone player's partner's hand is set aside (0) here. Each
    row is :func:`deal_row` of its deal, built from the arrays without it.

    >>> from altbaumer.game.actions import Accept, DeclareAlone
    >>> from altbaumer.game.deal import Deal
    >>> deal = Deal.from_seed(5)
    >>> deal.apply(Accept()); deal.apply(deal.legal_actions()[0]); deal.apply(DeclareAlone(True))
    >>> one = lambda x: np.array([x])
    >>> rows = start_rows(np.array([[deal.hands[s].mask for s in SEATS]]), one(int(deal.trump)), int(deal.forehand),
    ...                   one(int(deal.lone)), deal.cut_trees.mask, deal.cut_seen.mask, one(deal.taken.mask),
    ...                   one(deal.exposed.mask), one(deal.discards.mask))
    >>> bool((rows[0] == deal_row(deal)).all())
    True
    """
    lone = np.asarray(lone, dtype=np.int64)
    rows = np.full((len(lone), WIDTH), -1, dtype=np.int64)
    rows[:, :4] = hands
    alone = np.flatnonzero(lone >= 0)
    rows[alone, _ABSENT[lone[alone]]] = 0  # D8: the absent hand is out of play
    rows[:, _TRUMP] = trump
    rows[:, _FOREHAND] = forehand
    rows[:, _LONE] = lone
    rows[:, _CUT_TREES] = cut_trees
    rows[:, _CUT_SEEN] = cut_seen
    rows[:, _TAKEN] = taken
    rows[:, _EXPOSED] = exposed
    rows[:, _DISCARD] = discards
    rows[:, _PLAYED] = 0
    return rows


def view_row(view: SeatView) -> npt.NDArray[np.int64]:
    """The engine's row of what ``view.seat`` knows in the play phase: its
    own hand and the public record (forehand's discard only for forehand)."""
    if view.trump is None:
        raise ValueError("the engine chooses cards in the play phase only")
    hands = [view.hand.mask if s is view.seat else 0 for s in SEATS]
    discard = view.discards.mask if view.discards is not None else 0
    return _row(hands, int(view.trump), int(view.forehand), None if view.lone is None else int(view.lone),
                view.cut_trees.mask, view.cut_seen.mask, view.taken.mask, view.exposed.mask, discard,
                _played(view.tricks, view.trick_cards))


def seat_values(objective: Union[Objective, Sequence[Objective]]) -> Values:
    """The values (4 × CODES: a seat's value of every outcome code, in the
    makers' terms) of one objective for every seat, or of one a seat."""
    chosen = [objective] * 4 if isinstance(objective, Objective) else list(objective)
    if len(chosen) != 4:
        raise ValueError("one objective, or one for each of the four seats")
    return np.ascontiguousarray(np.stack([o.values for o in chosen]).astype(np.float64).reshape(4, CODES))


class Engine:
    """Compiled PIMC card play on ``threads`` threads (None: every core),
    each with its own ``tt_mib`` MiB table. Close it, or use it as a context
    manager, to stop the threads; a closed Engine starts them again on need."""

    def __init__(self, threads: Optional[int] = None, tt_mib: float = _TT_MIB) -> None:
        if threads is not None and threads < 1:
            raise ValueError(f"threads must be at least 1, or None for every core (not {threads})")
        self.threads = threads if threads is not None else os.cpu_count() or 1
        self.tt_mib = tt_mib
        fill_endings()  # the shipped table: PlayoutCore would count it
        self._split = ThreadSplit(self.threads, lambda: PlayoutCore(tt_mib), "playout", owner=self)

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, kind: Optional[type[BaseException]], error: Optional[BaseException],
                 trace: Optional[TracebackType]) -> None:
        self.close()

    def close(self) -> None:
        self._split.close()

    @property
    def nodes(self) -> int:
        """Search nodes of everything this Engine played and chose (by its threads still open)."""
        return sum(int(core.nodes) for core in self._split.contexts)

    def play_out(self, rows: Sequence[npt.NDArray[np.int64]] | npt.NDArray[np.int64], values: Values,
                 seeds: Sequence[int] | npt.NDArray[np.uint64], card_worlds: int = 12
                 ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
        """Every row played to the end: (the outcome codes, the cards played
        from each row on, -1 after the last). ``values`` is one seat table
        (4 × CODES) for every row or one per row (rows × 4 × CODES)."""
        batch, table, keys = self._inputs(rows, values, seeds)
        codes = np.empty(len(batch), dtype=np.int8)
        cards = np.empty((len(batch), MAX_PLAYS), dtype=np.int8)
        self._split.run(len(batch), _ROWS_PER_THREAD,
                        lambda core, lo, hi: core.play_out(batch[lo:hi], table[lo:hi], keys[lo:hi], card_worlds,
                                                           codes[lo:hi], cards[lo:hi]))
        return codes, cards

    def choose(self, rows: Sequence[npt.NDArray[np.int64]] | npt.NDArray[np.int64], values: Values,
               seeds: Sequence[int] | npt.NDArray[np.uint64], card_worlds: int = 12,
               inference: Optional[CardInference] = None) -> npt.NDArray[np.int8]:
        """The card index the seat to act plays in each row (:func:`view_row`);
        with ``inference`` each of its worlds weighted by the likelihood of
        the cards the other seats chose in it."""
        batch, table, keys = self._inputs(rows, values, seeds)
        out = np.empty(len(batch), dtype=np.int8)
        model = (0, 0.0) if inference is None else (inference.model_worlds, inference.temperature)
        self._split.run(len(batch), _ROWS_PER_THREAD,
                        lambda core, lo, hi: core.choose(batch[lo:hi], table[lo:hi], keys[lo:hi], card_worlds,
                                                         out[lo:hi], *model))
        return out

    def log_likelihoods(self, rows: Sequence[npt.NDArray[np.int64]] | npt.NDArray[np.int64], values: Values,
                        observers: Sequence[int] | npt.NDArray[np.int64], seeds: Sequence[int] | npt.NDArray[np.uint64],
                        inference: CardInference) -> npt.NDArray[np.float64]:
        """For each world (:func:`deal_row`: every hand known), the
        log-likelihood of the cards the seats other than its observer chose
        in its record, under the PIMC player with ``inference``'s model."""
        batch, table, keys = self._inputs(rows, values, seeds)
        seats = np.ascontiguousarray(np.asarray(observers, dtype=np.int64).reshape(-1))
        out = np.empty(len(batch), dtype=np.float64)
        self._split.run(len(batch), _ROWS_PER_THREAD,
                        lambda core, lo, hi: core.log_likelihoods(batch[lo:hi], table[lo:hi], seats[lo:hi],
                                                                  keys[lo:hi], inference.model_worlds,
                                                                  inference.temperature, out[lo:hi]))
        return out

    def core(self) -> PlayoutCore:
        """The first thread's context, for single calls (seat worlds, top cards)."""
        return self._split.contexts[0]

    def _inputs(self, rows: Any, values: Values, seeds: Any) -> tuple[Any, Any, Any]:
        batch = np.ascontiguousarray(np.asarray(rows, dtype=np.int64).reshape(-1, WIDTH))
        table = np.asarray(values, dtype=np.float64)
        if table.ndim == 2:
            table = np.broadcast_to(table, (len(batch),) + table.shape)
        table = np.ascontiguousarray(table)
        if np.asarray(seeds).dtype.kind == "f":  # 64-bit seeds do not survive floats
            raise TypeError("seeds must be integers (a uint64 array, or Python ints)")
        keys = np.ascontiguousarray(np.asarray(seeds, dtype=np.uint64).reshape(-1))
        return batch, table, keys
