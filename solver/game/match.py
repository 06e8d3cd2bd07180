"""Rounds and the match (rules.md, "The deal" and "Scoring, rounds, match").

Points accumulate per team, negatives included; the first team to reach 5
wins the round and both totals reset. A lone march wins the round at once.
Two rounds win the match; at one round each the decider is a single deal won
by the side taking three or more tricks. The deal passes to the right: the
next dealer is the previous forehand.

>>> import random
>>> match = Match()
>>> rng = random.Random(3)
>>> while match.winner is None:
...     deal = match.new_deal(rng)
...     while deal.phase is not Phase.DONE:
...         deal.apply(deal.legal_actions()[0])
...     record = match.record(deal)
>>> match.rounds_won[match.winner]
2
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional, Sequence

from altbaumer.game.cards import Card, Rank, Suit
from altbaumer.game.actions import Phase  # noqa: F401  (Phase: the module doctest)
from altbaumer.game.deal import Deal
from altbaumer.errors import MatchOver, WrongPhase
from altbaumer.game.match_state import ROUND_TARGET, ROUNDS_TO_WIN, MatchState
from altbaumer.game.scoring import DealScore
from altbaumer.game.seats import Seat, Team, forehand_of

__all__ = ["Seating", "draw_for_partners", "DealRecord", "Match", "ROUND_TARGET", "ROUNDS_TO_WIN"]

# Decision D1: the nine drawn fixes the seat; 9♣ sits North and deals first.
_SEAT_OF_NINE = {Suit.CLUBS: Seat.N, Suit.SPADES: Seat.S, Suit.HEARTS: Seat.E, Suit.DIAMONDS: Seat.W}


@dataclass(frozen=True)
class Seating:
    """The outcome of drawing the nines: who sits where, and who deals first."""

    players: dict[Seat, str]
    nines: dict[str, Card]
    first_dealer: Seat


def draw_for_partners(rng: random.Random, names: Sequence[str] = ("P1", "P2", "P3", "P4")) -> Seating:
    """Shuffle the four nines and let each player draw one: red nines play
    against black nines and the holder of 9♣ deals first (rules.md, The deal)."""
    if len(set(names)) != 4:
        raise ValueError("four different player names are needed")
    nines = [Card(s, Rank.NINE) for s in Suit]
    rng.shuffle(nines)
    drawn = dict(zip(names, nines))
    players = {_SEAT_OF_NINE[card.suit]: name for name, card in drawn.items()}
    return Seating(players, drawn, _SEAT_OF_NINE[Suit.CLUBS])


@dataclass(frozen=True)
class DealRecord:
    """One finished deal as the match saw it."""

    number: int
    round_number: int
    decider: bool
    dealer: Seat
    score: DealScore
    points_after: tuple[int, int]
    round_winner: Optional[Team]
    match_winner: Optional[Team]
    before: MatchState
    """The score before the deal."""


class Match:
    """Scores, rounds and the dealer across the deals of one match; the
    score moves on through :meth:`MatchState.after`, the one place of the
    round and match rules."""

    def __init__(self, first_dealer: Seat = Seat.N) -> None:
        self.dealer = first_dealer
        self.state = MatchState.start(forehand_of(first_dealer).team)
        self.round_number = 1
        self.deals: list[DealRecord] = []

    @property
    def points(self) -> dict[Team, int]:
        """The totals of the round in play."""
        return {team: self.state.points[team] for team in Team}

    @property
    def rounds_won(self) -> dict[Team, int]:
        return {team: self.state.rounds[team] for team in Team}

    @property
    def winner(self) -> Optional[Team]:
        return self.state.winner

    @property
    def decider(self) -> bool:
        """At one round each, the deciding round is one deal."""
        return self.state.decider

    def new_deal(self, rng: random.Random) -> Deal:
        """A shuffled deal for the current dealer."""
        self._check_open()
        return Deal.shuffled(self.dealer, rng)

    def record(self, deal: Deal) -> DealRecord:
        """Score a finished deal and move the match on; the deal must have been
        dealt by the current dealer."""
        self._check_open()
        if deal.dealer is not self.dealer:
            raise WrongPhase(f"the deal was dealt by {deal.dealer}, but it is {self.dealer}'s turn to deal")
        return self.record_score(deal.score())

    def record_score(self, score: DealScore) -> DealRecord:
        """Move the match on by one deal of the current dealer with this result."""
        self._check_open()
        if score.makers is not self.state.makers:
            raise WrongPhase(f"with {self.dealer} dealing the makers are {self.state.makers}, not {score.makers}")
        before = self.state
        round_winner = before.round_winner(score.makers_tricks, score.lone is not None)
        self.state = before.after(score.makers_tricks, score.lone is not None)
        points_after = before.points if before.decider else (
            self.state.points if round_winner is None else _added(before, score))
        round_number = self.round_number
        if round_winner is not None and self.state.winner is None:
            self.round_number += 1
        dealer, self.dealer = self.dealer, forehand_of(self.dealer)  # the deal passes to the right
        record = DealRecord(len(self.deals) + 1, round_number, before.decider, dealer, score, points_after,
                            round_winner, self.state.winner, before)
        self.deals.append(record)
        return record

    def _check_open(self) -> None:
        if self.winner is not None:
            raise MatchOver(f"the match is over: {self.winner} won it")


def _added(before: MatchState, score: DealScore) -> tuple[int, int]:
    """The totals once a round-winning deal's points are added, before they reset."""
    return (before.points[0] + score.points[Team.NS], before.points[1] + score.points[Team.EW])
