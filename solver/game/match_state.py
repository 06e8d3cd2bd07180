"""The score before a deal: the match state (rules.md, "Scoring, rounds, match").

A :class:`MatchState` holds both teams' round totals (negatives allowed), the
rounds each has won, and the team that makes trump in the coming deal
(forehand's side; the makers alternate every deal since the deal passes to the
right, Decision D10). :meth:`MatchState.after` is the one place the round and
match rules move a score on; :class:`~altbaumer.game.match.Match` and the
equity table both use it.

>>> start = MatchState.start(Team.NS)
>>> str(start), start.decider
('0:0 rounds 0:0', False)
>>> print(start.after(4, lone=False))       # makers +1; E-W make next
1:0 rounds 0:0
>>> print(MatchState.parse("4:-1", Team.NS).after(3, lone=False))   # N-S reach 5: the round
0:0 rounds 1:0
>>> print(start.after(5, lone=True))        # a lone march takes the round at once
0:0 rounds 1:0
>>> decider = MatchState.parse("rounds 1:1", Team.EW)
>>> decider.decider, decider.after(2, lone=False).winner   # E-W take 2 of 5: N-S win the match
(True, <Team.NS: 0>)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from altbaumer.errors import InvalidScore
from altbaumer.game.deal_rules import TRICKS
from altbaumer.game.scoring import makers_points
from altbaumer.game.seats import Team
from altbaumer.lang import _

__all__ = ["MatchState", "InvalidScore", "ROUND_TARGET", "ROUNDS_TO_WIN", "SCORE_SYNTAX"]

ROUND_TARGET = 5
"""A team wins the round once its total is this or more after a deal."""
ROUNDS_TO_WIN = 2
"""Rounds that win the match; at one each the third round is the one-deal decider."""
SCORE_SYNTAX = ("POINTS [rounds R:R], N-S first, e.g. '3:-1 rounds 1:0'; 'rounds 1:1' (or 'decider') is the "
                "one-deal decider")

_SCORE = re.compile(r"(?:(?P<ns>[+-]?\d{1,4})\s*:\s*(?P<ew>[+-]?\d{1,4}))?\s*"
                    r"(?:rounds\s+(?P<rns>\d)\s*:\s*(?P<rew>\d))?")


@dataclass(frozen=True, order=True)
class MatchState:
    """The match before a deal: ``points`` and ``rounds`` (N-S, E-W), and the
    ``makers``, the team of this deal's forehand.

    Points are the totals of the round in play; in the decider (rounds 1:1)
    there are none (Decision D11). A state whose ``winner`` is set is the end
    of the match.
    """

    points: tuple[int, int]
    rounds: tuple[int, int]
    makers: Team

    def __post_init__(self) -> None:
        if any(not 0 <= r <= ROUNDS_TO_WIN for r in self.rounds) or sum(self.rounds) > 2 * ROUNDS_TO_WIN - 1:
            raise InvalidScore(f"rounds {self.rounds[0]}:{self.rounds[1]} cannot occur: a match is won at "
                               f"{ROUNDS_TO_WIN} rounds")
        if any(p >= ROUND_TARGET for p in self.points):
            raise InvalidScore(f"points {self._points_text()}: a total of {ROUND_TARGET} or more has already "
                               "won the round, and the totals start again at 0:0")
        if (self.decider or self.winner is not None) and self.points != (0, 0):
            raise InvalidScore(f"points {self._points_text()}: "
                               + ("the decider has no points (Decision D11)" if self.decider else
                                  "the match is over"))

    @classmethod
    def start(cls, makers: Team) -> "MatchState":
        """The first deal of a match: 0:0, no rounds won."""
        return cls((0, 0), (0, 0), makers)

    @classmethod
    def parse(cls, text: str, makers: Team) -> "MatchState":
        """``3:-1 rounds 1:0`` (N-S first; points, rounds or both), or ``decider``.

        >>> MatchState.parse("decider", Team.NS) == MatchState.parse("0:0 rounds 1:1", Team.NS)
        True
        """
        cleaned = " ".join(text.lower().split())
        if cleaned == "decider":
            return cls((0, 0), (ROUNDS_TO_WIN - 1, ROUNDS_TO_WIN - 1), makers)
        found = _SCORE.fullmatch(cleaned)
        if not cleaned or found is None:
            raise InvalidScore(f"score {text!r} is not {SCORE_SYNTAX}")
        ns, ew, rns, rew = found.group("ns", "ew", "rns", "rew")
        points = (0, 0) if ns is None else (int(ns), int(ew))
        rounds = (0, 0) if rns is None else (int(rns), int(rew))
        return cls(points, rounds, makers)

    @property
    def decider(self) -> bool:
        """One round each: the third round is a single deal."""
        return self.rounds == (ROUNDS_TO_WIN - 1, ROUNDS_TO_WIN - 1)

    @property
    def winner(self) -> Optional[Team]:
        """The team that has won the match, if it is over."""
        won = [team for team in Team if self.rounds[team] == ROUNDS_TO_WIN]
        return won[0] if won else None

    def score(self, team: Team) -> tuple[int, int]:
        """(points, rounds) of ``team``."""
        return self.points[team], self.rounds[team]

    def after(self, makers_tricks: int, lone: bool) -> "MatchState":
        """The state before the next deal, once the makers took ``makers_tricks``
        (``lone``: one of them played alone). The next deal's makers are the
        other team, since the deal passes to the right."""
        if self.winner is not None:
            raise InvalidScore("the match is over: no deal follows")
        if not 0 <= makers_tricks <= TRICKS:
            raise ValueError(f"makers' tricks must be 0..{TRICKS}, not {makers_tricks}")
        makers, defenders = self.makers, self.makers.other
        if self.decider:  # Decision D11: only the tricks count
            return self._round_won(makers if makers_tricks >= 3 else defenders)
        if lone and makers_tricks == TRICKS:  # a lone march takes the round whatever the totals
            return self._round_won(makers)
        mine, theirs = makers_points(makers_tricks)
        points = [0, 0]
        points[makers], points[defenders] = self.points[makers] + mine, self.points[defenders] + theirs
        reached = [team for team in Team if points[team] >= ROUND_TARGET]  # Decision D12: at most one
        if reached:
            return self._round_won(reached[0])
        return MatchState((points[0], points[1]), self.rounds, defenders)

    def round_winner(self, makers_tricks: int, lone: bool) -> Optional[Team]:
        """The team that wins the round in this deal with this result, if any."""
        after = self.after(makers_tricks, lone)
        won = [team for team in Team if after.rounds[team] > self.rounds[team]]
        return won[0] if won else None

    def _round_won(self, team: Team) -> "MatchState":
        rounds = [self.rounds[0], self.rounds[1]]
        rounds[team] += 1
        return MatchState((0, 0), (rounds[0], rounds[1]), self.makers.other)

    def _points_text(self) -> str:
        return f"{self.points[0]}:{self.points[1]}"

    def __str__(self) -> str:
        return f"{self._points_text()} rounds {self.rounds[0]}:{self.rounds[1]}"

    def describe(self) -> str:
        """In words, for a report (in the active language): ``3:-1, rounds 1:0, N-S make trump``."""
        if self.winner is not None:
            return _("match won by {team}").format(team=self.winner)
        score = _("the decider (rounds 1:1)") if self.decider else _("{points}, rounds {ns}:{ew}").format(
            points=self._points_text(), ns=self.rounds[0], ew=self.rounds[1])
        return _("{score}, {team} make trump").format(score=score, team=self.makers)

    def to_dict(self) -> dict[str, object]:
        return {"points": list(self.points), "rounds": list(self.rounds), "makers": str(self.makers),
                "decider": self.decider, "text": str(self)}
