"""The match equity table: each team's chance to win the match from every score.

The match is a Markov chain over :class:`~altbaumer.game.match_state.MatchState`:
each deal ends in one of five outcomes for its makers (:data:`OUTCOMES`),
with probabilities estimated by simulating deals with the project's own
decisions (:mod:`altbaumer.play.outcomes`), and :meth:`MatchState.after`
moves the score on. A table's rates are the same at every score, or, in a
score-aware table, those of the state's :class:`RateClass`: the scores where
the outcomes are worth alike, each simulated by players who know the score
(:mod:`altbaumer.game.score_groups`, docs/equity.md). Value iteration over
the chain gives the probability that N-S win the match from every state;
E-W's is the rest. Totals may fall without limit (rules.md); the chain keeps them at or
above :attr:`EquityTable.floor` (a total that would fall below it stays
there), and :attr:`EquityTable.floor_mass` says how much probability ever
reaches the floor from 0:0 (it is negligible, so the truncation changes the
values by less than that).

The 95% intervals come from the sampling error of the outcome
probabilities (a multinomial over the simulated deals of each class),
carried to every state by the delta method with the chain's gradient.

>>> table = EquityTable.from_probabilities([0.45, 0.08, 0.01, 0.38, 0.08], deals=10_000)
>>> start = MatchState.start(Team.NS)
>>> round(table.equity(start, Team.NS) + table.equity(start, Team.EW), 12)
1.0
>>> decider = MatchState.parse("decider", Team.NS)
>>> round(table.equity(decider, Team.NS), 12)  # the makers' chance to take three tricks
0.54
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from importlib import resources
from typing import Any, Mapping, Optional, Sequence, Union

import numpy as np

from altbaumer.errors import AltbaumerError
from altbaumer.game.deal_rules import TRICKS
from altbaumer.game.match_state import ROUND_TARGET, ROUNDS_TO_WIN, MatchState
from altbaumer.game.scoring import LONE_FLAG, outcome_code
from altbaumer.game.seats import Team

__all__ = ["OUTCOMES", "OUTCOME_LABELS", "EquityTable", "RateClass", "outcome_index", "shipped_table", "DEFAULT_FLOOR",
           "MIN_FLOOR", "TABLE_FILE", "TABLE_FORMAT", "DIGEST_KEY", "content_digest"]

OUTCOMES = ("made", "march", "lone_march", "set", "set_all")
"""A deal's outcome for its makers: 3 or 4 tricks (+1, alone or not), all five
together (+2), all five alone (the round), 1 or 2 tricks (−1, defenders +1),
none (−1, defenders +2)."""
OUTCOME_LABELS = {"made": "makers take 3 or 4 (+1)", "march": "makers march together (+2)",
                  "lone_march": "lone march (the round)", "set": "makers set, 1 or 2 tricks (defenders +1)",
                  "set_all": "makers take none (defenders +2)"}
_EXAMPLE = {"made": (3, False), "march": (5, False), "lone_march": (5, True), "set": (1, False), "set_all": (0, False)}
DEFAULT_FLOOR = -12
MIN_FLOOR = -40
"""The lowest floor a table may have: its chain has 3·2·(5 − floor)² states."""
TABLE_FILE = "equity.json"
TABLE_FORMAT = "altbaumer equity table 2"
"""The data file of a score-aware table (one set of rates: format 1)."""
DIGEST_KEY = "sha256"
"""The data file's key for the digest of the rest of its content (:func:`content_digest`)."""
_Z95 = 1.959964
_TOLERANCE = 1e-13
_MAX_SWEEPS = 20_000
_ROUND_STATES = ((0, 0), (1, 0), (0, 1))  # rounds won before the decider
_STEP = 1e-6  # the outcome probabilities' step for the chain's gradient


def outcome_index(makers_tricks: int, lone: bool) -> int:
    """The place in :data:`OUTCOMES` of a deal the makers ended with these tricks."""
    if makers_tricks == TRICKS:
        return 2 if lone else 1
    if makers_tricks >= 3:
        return 0
    return 3 if makers_tricks else 4


class _Chain:
    """The states of the match (scores from the floor to 4, every rounds
    state, both makers), each with its successor for every outcome (found
    on first need: reading a stored table's figures needs the states alone)."""

    def __init__(self, floor: int) -> None:
        self.floor = floor
        span = range(floor, ROUND_TARGET)
        self.states: list[MatchState] = [MatchState((a, b), rounds, makers) for rounds in _ROUND_STATES
                                         for makers in Team for a in span for b in span]
        self.states += [MatchState((0, 0), (ROUNDS_TO_WIN - 1,) * 2, makers) for makers in Team]
        self.index = {state: i for i, state in enumerate(self.states)}
        self.win = len(self.states)  # two absorbing states: N-S win the match (value 1), E-W win it (0)

    @cached_property
    def successors(self) -> np.ndarray:
        """The state after each outcome (outcomes × states)."""
        return np.array([[self._successor(s, *_EXAMPLE[o]) for s in self.states] for o in OUTCOMES])

    @cached_property
    def round_successors(self) -> np.ndarray:
        """As :attr:`successors`, the round's end absorbing."""
        return np.array([[self._round_successor(s, *_EXAMPLE[o]) for s in self.states] for o in OUTCOMES])

    def clamp(self, state: MatchState) -> MatchState:
        if min(state.points) >= self.floor:
            return state
        points = (max(state.points[0], self.floor), max(state.points[1], self.floor))
        return MatchState(points, state.rounds, state.makers)

    def _successor(self, state: MatchState, tricks: int, lone: bool) -> int:
        after = state.after(tricks, lone)
        if after.winner is not None:
            return self.win + int(after.winner)
        return self.index[self.clamp(after)]

    def _round_successor(self, state: MatchState, tricks: int, lone: bool) -> int:
        """As :meth:`_successor`, but the round's end is absorbing: who wins the round in play."""
        won = state.round_winner(tricks, lone)
        return self.win + int(won) if won is not None else self._successor(state, tricks, lone)

    def solve(self, q: np.ndarray, successors: np.ndarray) -> np.ndarray:
        """P(N-S end in the first absorbing state) from every state, by value
        iteration; ``q`` holds the outcome rates, the same at every state
        (outcomes) or each state's (outcomes × states)."""
        values = np.zeros(len(self.states) + 2)
        values[self.win] = 1.0
        for _ in range(_MAX_SWEEPS):
            new = q @ values[successors] if q.ndim == 1 else (q * values[successors]).sum(axis=0)
            change = float(np.abs(new - values[: self.win]).max())
            values[: self.win] = new
            if change < _TOLERANCE:
                return values
        raise AltbaumerError(f"the match chain did not settle in {_MAX_SWEEPS:,} sweeps: with these outcome "
                             "probabilities a round almost never ends")


@lru_cache(maxsize=4)
def _chain(floor: int) -> _Chain:
    return _Chain(floor)


@dataclass(frozen=True)
class RateClass:
    """Scores that share their outcome rates: ``probabilities`` (in
    :data:`OUTCOMES` order) estimated over ``deals`` deals rated at
    ``rated_at``, the class's most played score (its makers' side first)."""

    name: str
    rated_at: str
    probabilities: tuple[float, ...]
    deals: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "rated_at": self.rated_at, "probabilities": list(self.probabilities),
                "deals": self.deals}


@dataclass(frozen=True)
class EquityTable:
    """N-S's chance to win the match (``match``) and the round in play
    (``round``) from every state of the chain, with 95% half-widths, from
    the makers' outcome rates: one :class:`RateClass` for every score, or
    (score-aware) one for each group of scores, ``state_class`` giving each
    state's. ``probabilities`` are the rates at the start of a match,
    ``deals`` the deals of every class; ``provenance`` says how they were
    estimated. The round's half-widths (:attr:`round_ci95`) are worked out
    from the rates on first use: the data file does not store them."""

    probabilities: tuple[float, ...]
    deals: int
    floor: int
    match: np.ndarray = field(repr=False)
    match_ci95: np.ndarray = field(repr=False)
    round: np.ndarray = field(repr=False)
    floor_mass: float
    provenance: dict[str, Any] = field(default_factory=dict)
    classes: tuple[RateClass, ...] = ()
    state_class: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64), repr=False)

    @classmethod
    def from_probabilities(cls, probabilities: Sequence[float], deals: int = 0, floor: int = DEFAULT_FLOOR,
                           provenance: Optional[dict[str, Any]] = None) -> "EquityTable":
        """One set of rates for every score."""
        _check_floor(floor)
        every = np.zeros(len(_chain(floor).states), dtype=np.int64)
        return cls.from_classes([_every_score(probabilities, deals)], every, floor, provenance)

    @classmethod
    def from_classes(cls, classes: Sequence[RateClass], state_class: Union[Sequence[int], np.ndarray],
                     floor: int = DEFAULT_FLOOR,
                     provenance: Optional[dict[str, Any]] = None) -> "EquityTable":
        """Each state's rates those of its class (``state_class``: a class
        index for every state of :attr:`states`)."""
        rates, members = _checked_classes(classes, state_class, floor)
        chain = _chain(floor)
        q = _state_rates(rates, members)
        match = chain.solve(q, chain.successors)[: chain.win]
        match_ci = _interval(chain, q, chain.successors, members, [c.deals for c in classes])
        round_ = chain.solve(q, chain.round_successors)[: chain.win]
        return cls._assembled(classes, members, floor, match, match_ci, round_, _floor_mass(chain, q), provenance)

    @classmethod
    def _assembled(cls, classes: Sequence[RateClass], members: np.ndarray, floor: int, match: np.ndarray,
                   match_ci95: np.ndarray, round_: np.ndarray, floor_mass: float,
                   provenance: Optional[dict[str, Any]]) -> "EquityTable":
        """The table of checked classes and its figures; the rates at the
        start of a match are those of 0:0's class."""
        start = classes[int(members[_chain(floor).index[MatchState.start(Team.NS)]])]
        return cls(start.probabilities, sum(c.deals for c in classes), floor, match, match_ci95, round_, floor_mass,
                   dict(provenance or {}), tuple(classes), members)

    @classmethod
    def from_counts(cls, counts: Sequence[int], floor: int = DEFAULT_FLOOR,
                    provenance: Optional[dict[str, Any]] = None) -> "EquityTable":
        """From how many simulated deals ended in each outcome."""
        total = int(sum(counts))
        if total <= 0:
            raise AltbaumerError("no deals counted")
        return cls.from_probabilities([c / total for c in counts], total, floor, provenance)

    @property
    def score_aware(self) -> bool:
        """Whether the rates depend on the score (more than one class)."""
        return len(self.classes) > 1

    @property
    def states(self) -> list[MatchState]:
        """The states of the chain, in the order of :attr:`state_class` and of the data file."""
        return _chain(self.floor).states

    def rate_class(self, state: MatchState) -> RateClass:
        """The rates the table moves the score on with from ``state``.

        >>> table = EquityTable.from_probabilities([0.45, 0.08, 0.01, 0.38, 0.08], deals=10_000)
        >>> table.rate_class(MatchState.parse("4:4", Team.NS)).name
        'every score'
        """
        return self.classes[int(self.state_class[self._at(state)])]

    def outcome_equities(self, state: MatchState) -> np.ndarray:
        """The makers' chance to win the match once the deal from ``state``
        ends in each of :data:`OUTCOMES`.

        >>> table = EquityTable.from_probabilities([0.45, 0.08, 0.01, 0.38, 0.08], deals=10_000)
        >>> table.outcome_equities(MatchState.parse("decider", Team.NS)).tolist()
        [1.0, 1.0, 1.0, 0.0, 0.0]
        """
        return np.array([self.equity(state.after(*_EXAMPLE[o]), state.makers) for o in OUTCOMES])

    def occupancy(self) -> np.ndarray:
        """How many deals a match from 0:0 plays at each of :attr:`states`
        on average (the first deal's makers either team, as the cut decides).

        >>> table = EquityTable.from_probabilities([0.45, 0.08, 0.01, 0.38, 0.08], deals=10_000)
        >>> visits = table.occupancy()
        >>> round(float(visits.sum()), 1)  # deals in a match
        16.3
        >>> round(float(visits[table.states.index(MatchState.start(Team.NS))]), 2)  # the first deal (½), and 0:0 again
        0.58
        """
        chain = _chain(self.floor)
        q = self._chain_rates()
        weights = np.zeros(len(chain.states) + 2)
        for team in Team:
            weights[chain.index[MatchState.start(team)]] = 0.5
        visits = np.zeros(len(chain.states))
        for _ in range(_MAX_SWEEPS):
            if weights[: chain.win].sum() < _TOLERANCE:
                break
            visits += weights[: chain.win]
            moved = np.zeros_like(weights)
            for o in range(len(OUTCOMES)):
                np.add.at(moved, chain.successors[o], q[o] * weights[: chain.win])
            weights = np.concatenate([moved[: chain.win], [0.0, 0.0]])
        return visits

    @cached_property
    def round_ci95(self) -> np.ndarray:
        """The 95% half-widths of :attr:`round`, by the delta method as
        :attr:`match_ci95` (worked out on first use, from the rates)."""
        chain = _chain(self.floor)
        return _interval(chain, self._chain_rates(), chain.round_successors, self.state_class,
                         [c.deals for c in self.classes])

    def _chain_rates(self) -> np.ndarray:
        return _state_rates([np.asarray(c.probabilities, dtype=np.float64) for c in self.classes], self.state_class)

    def computed_state(self, state: MatchState) -> MatchState:
        """The state whose figures the table gives for ``state``: ``state``
        itself, or with every total below :attr:`floor` raised to it.

        >>> table = EquityTable.from_probabilities([0.45, 0.08, 0.01, 0.38, 0.08], deals=10_000)
        >>> print(table.computed_state(MatchState.parse("-15:2", Team.NS)))
        -12:2 rounds 0:0
        """
        return _chain(self.floor).clamp(state) if state.winner is None else state

    def _at(self, state: MatchState) -> int:
        return _chain(self.floor).index[self.computed_state(state)]

    def equity(self, state: MatchState, team: Team) -> float:
        """``team``'s chance to win the match from ``state`` (before its deal)."""
        return self._chance(self.match, state, team)

    def equity_ci95(self, state: MatchState) -> float:
        """The 95% half-width of :meth:`equity` (the same for both teams)."""
        return self._chance(self.match_ci95, state, None)

    def round_chance(self, state: MatchState, team: Team) -> float:
        """``team``'s chance to win the round in play from ``state`` (in the decider, the match)."""
        return self._chance(self.round, state, team)

    def round_chance_ci95(self, state: MatchState) -> float:
        """The 95% half-width of :meth:`round_chance` (the same for both teams)."""
        return self._chance(self.round_ci95, state, None)

    def _chance(self, values: np.ndarray, state: MatchState, team: Optional[Team]) -> float:
        """N-S's value at ``state`` seen from ``team`` (None: a half-width, the
        same for both); a finished match is certain."""
        if state.winner is not None:
            return 0.0 if team is None else float(state.winner is team)
        ns = float(values[self._at(state)])
        return ns if team is None or team is Team.NS else 1.0 - ns

    def outcome_values(self, state: MatchState) -> tuple[np.ndarray, np.ndarray]:
        """The makers' match equity and round chance once the deal from
        ``state`` ends, by outcome code (:func:`~altbaumer.game.scoring.outcome_code`:
        the makers' tricks, plus :data:`LONE_FLAG` when one of them played alone)."""
        match = np.zeros(2 * LONE_FLAG)
        round_ = np.zeros(2 * LONE_FLAG)
        for lone in (False, True):
            for tricks in range(TRICKS + 1):
                code = outcome_code(tricks, lone)
                after = state.after(tricks, lone)
                match[code] = self.equity(after, state.makers)
                won = state.round_winner(tricks, lone)
                round_[code] = float(won is state.makers) if won is not None else self.round_chance(after, state.makers)
        return match, round_

    def to_json(self) -> dict[str, Any]:
        """The data file: the outcome rates and their provenance, the table
        (N-S's equity and half-width from every state; a score-aware table
        adds each state's class), and the digest of all of it (:data:`DIGEST_KEY`)."""
        data: dict[str, Any] = {"format": TABLE_FORMAT if self.score_aware else "altbaumer equity table 1",
                                "outcomes": list(OUTCOMES), "probabilities": list(self.probabilities),
                                "deals": self.deals, "floor": self.floor, "floor_mass": self.floor_mass,
                                "provenance": self.provenance}
        if self.score_aware:
            data["classes"] = [c.to_json() for c in self.classes]
        # Full precision: the shipped table is loaded as stored, and must give the figures its rates give.
        data["states"] = [[str(s), str(s.makers), float(self.match[i]), float(self.match_ci95[i]),
                           float(self.round[i])] + ([int(self.state_class[i])] if self.score_aware else [])
                          for i, s in enumerate(self.states)]
        data[DIGEST_KEY] = content_digest(data)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any], source: str = "equity table") -> "EquityTable":
        """Read a data file written by :meth:`to_json`; the table is
        recomputed from its rates, and must agree with the one stored (its
        digest is not needed)."""
        stored = _stored(data, source)
        try:
            table = cls.from_classes(stored.classes, stored.members, stored.floor, stored.provenance)
        except AltbaumerError as error:
            raise AltbaumerError(f"{source}: not an equity table ({error})") from None
        expected = np.stack([table.match, table.match_ci95, table.round], axis=1)
        # NaN (a JSON NaN, or null read as one) compares false: only a difference known to be small passes.
        if stored.figures.shape != expected.shape or not bool((np.abs(stored.figures - expected) <= 1e-5).all()):
            raise AltbaumerError(f"{source}: its table does not follow from its outcome probabilities")
        return table

    @classmethod
    def from_stored(cls, data: dict[str, Any], source: str = "equity table") -> "EquityTable":
        """Read a data file written by :meth:`to_json` as it stands: its
        figures are taken as stored, not recomputed, and its digest must be
        that of its content. For a file whose figures are known to follow
        from its rates (the one the package ships: a test recomputes it);
        :meth:`from_json` checks any other.

        >>> data = EquityTable.from_probabilities([0.45, 0.08, 0.01, 0.38, 0.08], deals=10_000).to_json()
        >>> round(EquityTable.from_stored(data).equity(MatchState.parse("decider", Team.NS), Team.NS), 6)
        0.54
        >>> data["states"][0][2] += 0.1  # a figure edited, the digest kept
        >>> EquityTable.from_stored(data, "t.json")
        Traceback (most recent call last):
        ...
        altbaumer.errors.AltbaumerError: t.json: its content does not match its sha256 digest
        """
        stored = _stored(data, source)
        if data.get(DIGEST_KEY) != content_digest(data):
            raise AltbaumerError(f"{source}: its content does not match its {DIGEST_KEY} digest")
        try:
            _, members = _checked_classes(stored.classes, stored.members, stored.floor)
            if stored.figures.shape != (len(members), 3):
                raise AltbaumerError(f"{len(stored.figures)} rows of figures for {len(members):,} states")
            floor_mass = float(data["floor_mass"])
        except (KeyError, TypeError, ValueError) as error:
            raise AltbaumerError(f"{source}: not an equity table ({error})") from None
        match, match_ci95, round_ = (np.ascontiguousarray(column) for column in stored.figures.T)
        return cls._assembled(stored.classes, members, stored.floor, match, match_ci95, round_, floor_mass,
                              stored.provenance)


def content_digest(data: Mapping[str, Any]) -> str:
    """The SHA-256 of a data file's content: every key but
    :data:`DIGEST_KEY`, as JSON with sorted keys and no spaces (the same
    whatever the file's layout).

    >>> content_digest({"b": [1, 0.5], "a": "x"}) == content_digest({"a": "x", "b": [1, 0.5], DIGEST_KEY: "0"})
    True
    """
    content = {key: value for key, value in data.items() if key != DIGEST_KEY}
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class _Stored:
    """What a data file holds: its classes (one for every score in format
    1), each row's class, the floor, the provenance, and the stored figures
    (rows × N-S's match equity, its half-width, N-S's round chance)."""

    classes: list[RateClass]
    members: np.ndarray
    floor: int
    provenance: dict[str, Any]
    figures: np.ndarray


def _stored(data: Any, source: str) -> _Stored:
    """A data file's content read, or one line naming ``source`` and what is wrong."""
    if not isinstance(data, dict):
        raise AltbaumerError(f"{source}: not an equity table (not a JSON object)")
    try:
        provenance = dict(data.get("provenance", {}))
        floor = int(data["floor"])
        _check_floor(floor)  # before the chain of that floor is made
        rows = data["states"]
        if "classes" in data:
            classes = [RateClass(str(c["name"]), str(c["rated_at"]), tuple(float(p) for p in c["probabilities"]),
                                 int(c["deals"])) for c in data["classes"]]
            members = np.array([int(row[5]) for row in rows], dtype=np.int64)
        else:
            classes = [_every_score(data["probabilities"], int(data["deals"]))]
            members = np.zeros(len(_chain(floor).states), dtype=np.int64)
        figures = np.array([row[2:5] for row in rows], dtype=np.float64)
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise AltbaumerError(f"{source}: not an equity table ({error})") from None
    return _Stored(classes, members, floor, provenance, figures)


def _every_score(probabilities: Sequence[float], deals: int) -> RateClass:
    """The one class of a table whose rates are the same at every score."""
    return RateClass("every score", "0:0 rounds 0:0", tuple(float(p) for p in probabilities), deals)


def _checked_classes(classes: Sequence[RateClass], state_class: Union[Sequence[int], np.ndarray],
                     floor: int) -> tuple[list[np.ndarray], np.ndarray]:
    """The classes' rates as arrays and each state's class, refused unless
    they make a chain of ``floor`` whose rounds end."""
    _check_floor(floor)
    rates = [_checked(c) for c in classes]
    states = len(_chain(floor).states)
    members = np.asarray(state_class, dtype=np.int64)
    if not rates or members.shape != (states,) or members.min() < 0 or members.max() >= len(rates):
        raise AltbaumerError(f"an equity table needs a class from 0 to {len(rates) - 1} for each of its "
                             f"{states:,} states")
    return rates, members


def _state_rates(rates: Sequence[np.ndarray], members: np.ndarray) -> np.ndarray:
    """The chain's outcome rates: one class's for every state (outcomes; the
    faster sweep), or each state's class's (outcomes × states)."""
    return rates[0] if len(rates) == 1 else np.stack(rates, axis=1)[:, members]


def _check_floor(floor: int) -> None:
    if not MIN_FLOOR <= floor <= -2:
        raise AltbaumerError(f"an equity table needs a floor from {MIN_FLOOR} to -2, not {floor}")


def _checked(rates: RateClass) -> np.ndarray:
    """A class's rates as an array, refused unless they make a chain whose rounds end."""
    q = np.asarray(rates.probabilities, dtype=np.float64)
    if q.shape != (len(OUTCOMES),) or (q < 0).any() or not math.isclose(q.sum(), 1.0, abs_tol=1e-9):
        raise AltbaumerError(f"outcome probabilities must be {len(OUTCOMES)} numbers ≥ 0 adding up to 1")
    if q[OUTCOMES.index("set")] >= 1.0:
        raise AltbaumerError("outcome probabilities: if every deal ends 'set', no round ever ends")
    if rates.deals < 0:
        raise AltbaumerError(f"an equity table needs deals ≥ 0, not {rates.deals}")
    return q


def _interval(chain: _Chain, q: np.ndarray, successors: np.ndarray, members: np.ndarray,
              deals: Sequence[int]) -> np.ndarray:
    """The 95% half-widths of N-S's values from every transient state by
    the delta method: Var = Σ q g² − (Σ q g)² over N deals, g the gradient,
    summed over the classes (each an independent sample of its own rates)."""
    variance = np.zeros(chain.win)
    for c, n in enumerate(deals):
        inside = members == c
        if n <= 0 or not inside.any():
            continue
        rates = q if q.ndim == 1 else q[:, int(np.argmax(inside))]
        grads = []
        for o in range(len(OUTCOMES)):
            step = np.zeros_like(q)
            if q.ndim == 1:
                step[o] = _STEP
            else:
                step[o, inside] = _STEP
            grads.append((chain.solve(q + step, successors)[: chain.win]
                          - chain.solve(q - step, successors)[: chain.win]) / (2 * _STEP))
        g = np.stack(grads)  # outcomes × states
        variance += np.maximum((rates[:, None] * g**2).sum(axis=0) - (rates @ g) ** 2, 0.0) / n
    return _Z95 * np.sqrt(variance)


def _floor_mass(chain: _Chain, q: np.ndarray) -> float:
    """The chance that a total ever reaches the floor within a round, from 0:0."""
    successors = chain.round_successors
    at_floor = np.array([min(s.points) <= chain.floor for s in chain.states] + [False, False])
    # Absorbing: "reached the floor" (value 1) and every round end (0).
    target = np.where(successors >= chain.win, chain.win + 1, np.where(at_floor[successors], chain.win, successors))
    reached = chain.solve(q, target)
    return float(max(reached[chain.index[MatchState.start(team)]] for team in Team))


@lru_cache(maxsize=1)
def shipped_table() -> EquityTable:
    """The table shipped with the package (``altbaumer/game/equity.json``),
    its figures as stored, held by its digest (:meth:`EquityTable.from_stored`)."""
    text = resources.files("altbaumer.game").joinpath(TABLE_FILE).read_text(encoding="utf-8")
    return EquityTable.from_stored(json.loads(text), f"altbaumer/game/{TABLE_FILE}")
