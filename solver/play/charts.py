"""Strategy charts: forehand's plan before the play rated for every hand it
can hold, so that a player can learn the thresholds (docs/charts.md).

For one turned card and one card seen at the cut (stock card 4, Decision
D13), forehand holds five of the 22 other cards: C(22, 5) = 26,334 hands.
Hands that differ only by swapping plain suits that the rules treat alike
(not clubs, which hold the Trees, not the turned card's suit, not the seen
card's) are one class, rated once and counted with its multiplicity. Each
class is rated from forehand's knowledge, by the chance to win the match
from a given score (default: the start of a match), over sampled worlds:

1. accept or refuse the turned card;
2. after accepting, the best discard;
3. after that discard, playing alone or together.

The partner's chart (``who="partner"``) rates, for every hand the partner
can hold, its lone choice once forehand has accepted, discarded and passed:
the partner then knows its own hand, the turned card (in forehand's hand)
and the card seen at the cut.

The classes are numbered work (:func:`altbaumer.play.ranges.run_ranges`):
each is rated with a seed drawn from the job's seed and its number, so the
chart is the same in one process, in several or on a Dask cluster.

>>> classes = hand_classes(Card.parse("9H"), Card.parse("9C"))
>>> len(classes), sum(count for _, count in classes)
(13728, 26334)
>>> [str(s) for s in interchangeable_suits(Card.parse("QC"), Card.parse("AS"))]
['♥', '♦']
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any, Callable, Optional

from altbaumer.dd.solver import Solver
from altbaumer.errors import AltbaumerError
from altbaumer.game.actions import Accept, DeclareAlone, Discard
from altbaumer.game.cards import FULL_PACK, Card, CardSet, Rank, Suit, TREES
from altbaumer.game.deal import Deal
from altbaumer.game.equity import EquityTable
from altbaumer.game.match_state import MatchState
from altbaumer.game.rules import trump_cards
from altbaumer.game.seats import Seat
from altbaumer.hidden.rating import Rating, rate_view
from altbaumer.play.cluster import Scheduler
from altbaumer.play.ranges import run_ranges
from altbaumer.play.resume import ResumeLog

__all__ = ["WHO", "FOREHAND", "ChartSpec", "hand_classes", "class_count", "every_class_count", "interchangeable_suits", "chart_rows", "rate_class", "hand_features",
           "DEFAULT_SAMPLES", "default_seen"]

DEFAULT_SAMPLES = 300
"""Worlds per rating: some 0.11 s a class on one core, the three ratings
together; about ±2.5 percentage points on a class's chance to win the match,
and each cell of the chart pools many classes."""

_DEALER = Seat.S  # forehand E: the seats are symmetric, the chart says "forehand" and "partner"
FOREHAND = _DEALER.next()
"""The chart's forehand: its team makes, so a score is read for that team."""
WHO = ("forehand", "partner")
_CHUNK_MAX = 8  # classes per task: about a second


@dataclass(frozen=True)
class ChartSpec:
    """What a chart is of: the turned card, the card seen at the cut, the
    score before the deal (forehand's side makes), worlds and seed."""

    turned: Card
    seen: Card
    samples: int = DEFAULT_SAMPLES
    seed: int = 0
    state: Optional[MatchState] = None
    table: Optional[EquityTable] = field(default=None, compare=False)
    who: str = "forehand"
    """Whose plan: ``forehand``'s, or the ``partner``'s lone choice."""

    def __post_init__(self) -> None:
        if self.turned is self.seen:
            raise AltbaumerError(f"the turned card and the card seen at the cut must differ, not both {self.turned}")
        if self.who not in WHO:
            raise AltbaumerError(f"a chart is for {' or '.join(WHO)}, not {self.who!r}")

    def to_dict(self) -> dict[str, Any]:
        return {"who": self.who, "turned": self.turned.ascii(), "seen": self.seen.ascii(), "samples": self.samples,
                "seed": self.seed, "state": None if self.state is None else str(self.state)}


def default_seen(turned: Card) -> Card:
    """The seen card when none is given: 9♣ (a plain club, which leaves the
    other plain suits alike), or 9♠ when the turned card is 9♣."""
    nine_clubs = Card(Suit.CLUBS, Rank.NINE)
    return Card(Suit.SPADES, Rank.NINE) if turned is nine_clubs else nine_clubs


def interchangeable_suits(turned: Card, seen: Card) -> list[Suit]:
    """The suits the rules treat alike in this deal: neither clubs (the
    Trees count as clubs), nor the turned card's suit, nor the seen card's."""
    return [s for s in Suit if s is not Suit.CLUBS and s is not turned.suit and s is not seen.suit]


def class_count(turned: Card, seen: Card) -> int:
    """The number of hand classes, without listing them: by Burnside's lemma,
    the mean over the suit swaps of the hands each leaves alone (a hand is
    left alone when the suits of each cycle hold the same ranks).

    >>> class_count(Card.parse("9H"), Card.parse("9C")), class_count(Card.parse("9C"), Card.parse("KC"))
    (13728, 4962)
    """
    suits = interchangeable_suits(turned, seen)
    others = 22 - 6 * len(suits)  # the cards outside those suits, all free
    total = 0
    orders = list(itertools.permutations(range(len(suits))))
    for order in orders:
        poly = [math.comb(others, k) for k in range(others + 1)]  # (1 + x) ** others
        for length in _cycles(order):
            cycle = [0] * (6 * length + 1)
            for k in range(7):
                cycle[length * k] = math.comb(6, k)
            poly = [sum(poly[i] * cycle[n - i] for i in range(n + 1) if i < len(poly) and n - i < len(cycle))
                    for n in range(len(poly) + len(cycle) - 1)]
        total += poly[5]
    return total // len(orders)


def _cycles(order: tuple[int, ...]) -> list[int]:
    """The cycle lengths of a permutation."""
    seen, lengths = set(), []
    for start in range(len(order)):
        length, at = 0, start
        while at not in seen:
            seen.add(at)
            at, length = order[at], length + 1
        if length:
            lengths.append(length)
    return lengths


def every_class_count() -> int:
    """The hand classes of every pair of turned card and card seen at the cut (24 × 23 pairs)."""
    return sum(class_count(t, s) for t in FULL_PACK for s in FULL_PACK if t is not s)


def _permuted(mask: int, mapping: dict[int, int]) -> int:
    """A card mask with whole suits moved (six bits a suit, suit * 6 + rank)."""
    out = mask
    for source, target in mapping.items():
        out &= ~(63 << 6 * target)
    for source, target in mapping.items():
        out |= ((mask >> 6 * source) & 63) << 6 * target
    return out


@lru_cache(maxsize=4)
def hand_classes(turned: Card, seen: Card) -> tuple[tuple[CardSet, int], ...]:
    """Every hand forehand can hold, one per class (the least mask of its
    suit permutations), with the number of hands in the class; ordered by
    mask. Kept for the process: every range of a chart's work uses them."""
    suits = interchangeable_suits(turned, seen)
    mappings = [dict(zip((int(s) for s in suits), (int(s) for s in order)))
                for order in itertools.permutations(suits)]
    free = [c.mask for c in FULL_PACK if c is not turned and c is not seen]
    counts: dict[int, int] = {}
    for cards in itertools.combinations(free, 5):
        mask = sum(cards)
        least = min(_permuted(mask, m) for m in mappings)
        counts[least] = counts.get(least, 0) + 1
    return tuple((CardSet(mask), counts[mask]) for mask in sorted(counts))


def hand_features(hand: CardSet, turned: Card) -> dict[str, int]:
    """What a player sees in the hand: its trumps if the turned card is
    accepted (the Trees and the turned suit, the turned card not counted),
    the Trees, the aces outside that suit, the plain suits it lacks."""
    trump = turned.suit
    plain = hand - trump_cards(trump)
    return {"trumps": len(hand & trump_cards(trump)), "trees": len(hand & TREES),
            "aces": sum(1 for c in plain if c.rank is Rank.ACE),
            "voids": sum(1 for s in Suit if s is not trump and not any(c.suit is s for c in plain))}


def _deal(spec: ChartSpec, hand: CardSet) -> Deal:
    """The deal at the turn, ``hand`` in the chart's seat, the other hands and stock cards not known."""
    holder = FOREHAND if spec.who == "forehand" else FOREHAND.partner
    hands = {seat: (hand if seat is holder else None) for seat in Seat}
    return Deal.from_hands(_DEALER, hands, [spec.turned, None, None, spec.seen], cut_seen=CardSet([spec.seen]))


def _figures(rating: Rating, option: str) -> tuple[float, float]:
    """The option's chance to win the match for forehand's side and its 95%
    half-width, to four places (the half-widths are some fifty times that)."""
    figures = rating.for_decider(option)
    return round(float(figures.equity or 0.0), 4), round(float(figures.ci95.get("equity") or 0.0), 4)


def rate_class(spec: ChartSpec, index: int, hand: CardSet, solver: Optional[Solver] = None) -> dict[str, Any]:
    """The chart's row of one class: the turn, the discard after accepting,
    alone or together after that discard, each rated from forehand's
    knowledge with the seed of the class's number."""
    seed = spec.seed * 1_000_003 + index  # the class's own randomness: the same wherever it runs
    rate: Callable[[Deal], Rating] = partial(_rate, spec, seed, solver)
    deal = _deal(spec, hand)
    row: dict[str, Any] = {"class": index, "hand": hand.ascii(), **hand_features(hand, spec.turned)}
    if spec.who == "partner":
        return {**row, **_partner_row(deal, rate)}
    turn = rate(deal)
    deal.apply(Accept())
    discard = rate(deal)
    deal.apply(Discard((Card.parse(discard.best.option),)))
    alone = rate(deal)
    for name, rating, options in (("turn", turn, ("accept", "refuse")), ("alone", alone, ("alone", "together"))):
        for option in options:
            row[f"{option}_p"], row[f"{option}_ci"] = _figures(rating, option)
        row[f"{name}_best"] = rating.best.option
    row["discard_best"] = discard.best.option
    row["discard_p"], row["discard_ci"] = _figures(discard, discard.best.option)
    row["worlds"] = turn.worlds
    return row


def _partner_row(deal: Deal, rate: Callable[[Deal], Rating]) -> dict[str, Any]:
    """The partner's lone choice once forehand accepted, discarded (unseen) and passed."""
    deal.apply(Accept())
    deal.apply(Discard((None,)))
    deal.apply(DeclareAlone(False))
    alone = rate(deal)
    row: dict[str, Any] = {"alone_best": alone.best.option, "worlds": alone.worlds}
    for option in ("alone", "together"):
        row[f"{option}_p"], row[f"{option}_ci"] = _figures(alone, option)
    return row


def _rate(spec: ChartSpec, seed: int, solver: Optional[Solver], deal: Deal) -> Rating:
    assert deal.to_act is not None  # a decision is open at every step the chart rates
    return rate_view(deal.view(deal.to_act), samples=spec.samples, seed=seed, state=spec.state, table=spec.table,
                     threads=1, solver=solver)


def _rate_range(spec: ChartSpec, first: int, start: int, stop: int) -> list[dict[str, Any]]:
    """The rows of the classes ``first + start`` to ``first + stop``
    (module level, and the classes found again where it runs: a task sent
    to a worker is a few bytes)."""
    classes = hand_classes(spec.turned, spec.seen)
    with Solver(2.0, threads=1) as solver:
        return [{**rate_class(spec, index, hand, solver), "count": count}
                for index, (hand, count) in enumerate(classes[first + start:first + stop], first + start)]


def chart_rows(spec: ChartSpec, *, first: int = 0,
               limit: Optional[int] = None, processes: int = 1, scheduler: Optional[Scheduler] = None,
               resume: Optional[ResumeLog] = None, progress: Optional[Callable[[int], None]] = None,
               partial_on_interrupt: bool = False) -> list[dict[str, Any]]:
    """The rows of the classes ``first`` to ``first + limit`` (all by
    default) of ``spec``'s chart, in class order, rated in ``processes``
    processes or on a ``scheduler``'s cluster; ``resume`` keeps the finished
    ranges. Ctrl-C as in :func:`~altbaumer.play.ranges.run_ranges`."""
    every = class_count(spec.turned, spec.seen)  # the list itself is made where the ranges run
    count = max(0, every - first) if limit is None else max(0, min(limit, every - first))
    ranges = run_ranges(partial(_rate_range, spec, first), count, processes=processes,
                        chunk_max=_CHUNK_MAX, progress=progress, partial_on_interrupt=partial_on_interrupt,
                        scheduler=scheduler, resume=resume)
    return [row for rows in ranges for row in rows]
