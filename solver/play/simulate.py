"""Whole matches played by policies, and statistics over many of them.

Each match draws its randomness from its own seed derived from the run's seed
and the match number, so the results do not depend on how the matches are
split between worker processes.

>>> played: list[PlayedDeal] = []
>>> stats = simulate_matches(3, seed=1, record=played)
>>> stats.matches, sum(stats.match_wins.values()), len(played) == stats.deals
(3, 3, True)
>>> first = played[0]
>>> first.match, first.record.number, first.deal.phase.value
(1, 1, 'done')
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Mapping, Optional

import numpy as np

from altbaumer.game.actions import Phase, Play
from altbaumer.game.cards import Card
from altbaumer.hidden.objectives import CODES
from altbaumer.play.engine import deal_row
from altbaumer.play.pimc import PimcPolicy

from altbaumer.game.deal import Deal
from altbaumer.game.match import DealRecord, Match, draw_for_partners
from altbaumer.play.players import check_policy_name, make_policy, tell_score
from altbaumer.play.policies import Policy
from altbaumer.play.cluster import Scheduler
from altbaumer.play.ranges import run_ranges
from altbaumer.play.resume import ResumeLog
from altbaumer.game.seats import SEATS, Seat, Team

__all__ = ["SimulationStats", "PlayedDeal", "play_deal", "compiled_card_play", "play_match", "simulate_matches"]


@dataclass
class SimulationStats:
    """Counts over simulated matches; two of them add up with ``merge``."""

    matches: int = 0
    deals: int = 0
    rounds: int = 0
    deciders: int = 0
    makers_tricks: Counter[int] = field(default_factory=Counter)  # tricks -> deals
    accepted: int = 0
    refused: int = 0
    compulsory: int = 0
    cut_trees_taken: int = 0
    lone_attempts: int = 0
    lone_made: int = 0
    lone_marches: int = 0
    rounds_won_by_lone_march: int = 0
    match_wins: Counter[str] = field(default_factory=Counter)  # "N-S"/"E-W" -> matches
    deals_per_match: Counter[int] = field(default_factory=Counter)  # deals -> matches

    def merge(self, other: "SimulationStats") -> "SimulationStats":
        for name, value in vars(other).items():
            mine = getattr(self, name)
            setattr(self, name, mine + value)
        return self

    def add_deal(self, deal: Deal, decider_round_win: bool) -> None:
        self.deals += 1
        self.makers_tricks[deal.makers_tricks] += 1
        self.accepted += deal.accepted is True
        self.refused += deal.accepted is False
        self.compulsory += deal.compulsory is True
        self.cut_trees_taken += len(deal.cut_trees)
        if deal.lone is not None:
            self.lone_attempts += 1
            self.lone_made += deal.makers_tricks >= 3
            self.lone_marches += deal.makers_tricks == 5
            self.rounds_won_by_lone_march += deal.makers_tricks == 5 and not decider_round_win

    # -- derived figures -----------------------------------------------------

    def share(self, count: int, of: Optional[int] = None) -> float:
        whole = self.deals if of is None else of
        return count / whole if whole else 0.0

    @property
    def made(self) -> int:
        return self.makers_tricks[3] + self.makers_tricks[4]

    @property
    def marched(self) -> int:
        return self.makers_tricks[5]

    @property
    def failed(self) -> int:
        return sum(self.makers_tricks[t] for t in range(3))

    def to_dict(self) -> dict[str, Any]:
        per_match = sorted(self.deals_per_match.elements())
        return {
            "matches": self.matches,
            "deals": self.deals,
            "rounds": self.rounds,
            "deciders": self.deciders,
            "deals_per_match": {
                "mean": self.deals / self.matches if self.matches else 0.0,
                "min": per_match[0] if per_match else 0,
                "max": per_match[-1] if per_match else 0,
            },
            "makers": {
                "made_3_or_4": self.made,
                "march": self.marched,
                "failed": self.failed,
                "took_none": self.makers_tricks[0],
                "tricks_histogram": {str(t): self.makers_tricks[t] for t in range(6)},
            },
            "trump_making": {"accepted": self.accepted, "refused": self.refused, "compulsory": self.compulsory},
            "cut_trees_taken": self.cut_trees_taken,
            "lone": {
                "attempts": self.lone_attempts,
                "made": self.lone_made,
                "marches": self.lone_marches,
                "rounds_won_by_lone_march": self.rounds_won_by_lone_march,
            },
            "match_wins": {str(team): self.match_wins[str(team)] for team in Team},
        }


@dataclass(frozen=True)
class PlayedDeal:
    """A finished deal of a simulated match: ``match`` counts the run's
    matches from 1, ``record`` is the deal as its match scored it."""

    match: int
    record: DealRecord
    deal: Deal


def play_deal(deal: Deal, players: Mapping[Seat, Policy]) -> Deal:
    """Let the policies play ``deal`` to its end. Once the cards are to be
    played, if every seat's player is a compiled PIMC player with the same
    worlds per card, the compiled engine plays them all in one call
    (:func:`compiled_card_play`), else each player chooses each card."""
    while deal.phase is not Phase.DONE:
        seat = deal.to_act
        assert seat is not None
        if deal.phase is Phase.PLAY and compiled_card_play(deal, players):
            break
        deal.apply(players[seat].choose(deal.view(seat)))
    return deal


def compiled_card_play(deal: Deal, players: Mapping[Seat, Policy]) -> bool:
    """Play the rest of ``deal``'s cards in the engine, each seat as its
    PIMC player chooses (:meth:`PimcPolicy.compiled_play`); False, and
    nothing played, unless every active seat's player can be played so."""
    settings = {}
    for seat in deal.active_seats:
        player = players[seat]
        found = player.compiled_play(deal.view(seat)) if isinstance(player, PimcPolicy) else None
        if found is None:
            return False
        settings[seat] = found
    if len({worlds for _, worlds, _ in settings.values()}) != 1:
        return False
    values = np.zeros((4, CODES))
    seed = 0
    for seat, (mine, _, key) in settings.items():
        values[int(seat)] = mine
        seed ^= key
    engine = next(p for p in players.values() if isinstance(p, PimcPolicy)).engine
    _, cards = engine.play_out([deal_row(deal)], values, [seed], card_worlds=next(iter(settings.values()))[1])
    for card in cards[0][cards[0] >= 0]:
        deal.apply(Play(Card.from_index(int(card))))
    return True


def play_match(rng: random.Random, players: Mapping[Seat, Policy], stats: SimulationStats,
               on_deal: Optional[Callable[[Deal, DealRecord], None]] = None,
               shuffles: Optional[Callable[[int], random.Random]] = None) -> Match:
    """Draw for partners, then play deals until one team wins two rounds;
    ``on_deal`` sees every finished deal with its record in the match. Each
    deal is shuffled with ``rng``, or with ``shuffles(i)`` for the i-th deal
    (from 0), so that two matches can be dealt the same cards. Before each
    deal the players that want it are told the score (:func:`tell_score`)."""
    match = Match(draw_for_partners(rng).first_dealer)
    while match.winner is None:
        for player in players.values():
            tell_score(player, match.state)
        shuffle = rng if shuffles is None else shuffles(len(match.deals))
        deal = play_deal(match.new_deal(shuffle), players)
        record = match.record(deal)
        if on_deal is not None:
            on_deal(deal, record)
        stats.add_deal(deal, decider_round_win=record.decider)
        stats.rounds += record.round_winner is not None
        stats.deciders += record.decider
    stats.matches += 1
    stats.match_wins[str(match.winner)] += 1
    stats.deals_per_match[len(match.deals)] += 1
    return match


def _match_rng(seed: int, index: int) -> random.Random:
    return random.Random(f"altbaumer-simulate:{seed}:{index}")


def _simulate_range(seed: int, start: int, stop: int, ns: str, ew: str,
                    record: bool = False) -> tuple[SimulationStats, list[PlayedDeal]]:
    stats = SimulationStats()
    played: list[PlayedDeal] = []
    for index in range(start, stop):
        rng = _match_rng(seed, index)
        players = {s: make_policy(ns if s.team is Team.NS else ew, rng.getrandbits(64)) for s in SEATS}
        on_deal = _recorder(played, index + 1) if record else None
        play_match(rng, players, stats, on_deal)
    return stats, played


def _recorder(played: list[PlayedDeal], match: int) -> Callable[[Deal, DealRecord], None]:
    def keep(deal: Deal, record: DealRecord) -> None:
        played.append(PlayedDeal(match, record, deal))

    return keep


def simulate_matches(
    matches: int,
    seed: int = 0,
    ns: str = "heuristic",
    ew: str = "heuristic",
    workers: int = 1,
    progress: Optional[Callable[[int], None]] = None,
    record: Optional[list[PlayedDeal]] = None,
    partial_on_interrupt: bool = False,
    scheduler: Optional[Scheduler] = None,
    resume: Optional[ResumeLog] = None,
) -> SimulationStats:
    """Play ``matches`` whole matches, N–S with policy ``ns`` and E–W with ``ew``.

    ``progress`` is called with the number of matches just finished. Given a
    ``record`` list, every deal played is appended to it as a
    :class:`PlayedDeal` (the finished deal and its place in the match), in
    match order. Ctrl-C (KeyboardInterrupt) propagates, the matches still
    queued for the worker processes dropped; with ``partial_on_interrupt``
    the statistics of the matches finished before it are returned instead
    (fewer ``matches`` than asked; it still propagates when none finished).
    With a ``scheduler`` the matches are played on its Dask cluster instead
    of ``workers`` processes, and with ``resume`` the ranges finished are
    kept in (and taken from) that file (:func:`~altbaumer.play.ranges.run_ranges`).
    """
    for name in (ns, ew):
        check_policy_name(name)
    if matches < 0:
        raise ValueError("the number of matches cannot be negative")
    results = run_ranges(partial(_simulate_range, seed, ns=ns, ew=ew, record=record is not None), matches,
                         processes=workers, progress=progress, partial_on_interrupt=partial_on_interrupt,
                         scheduler=scheduler, resume=resume)
    return _merged(results, record)


def _merged(results: list[tuple[SimulationStats, list[PlayedDeal]]],
            record: Optional[list[PlayedDeal]]) -> SimulationStats:
    total = SimulationStats()
    for stats, played in results:
        total.merge(stats)
        if record is not None:
            record.extend(played)
    return total
