"""An open position: every remaining card visible, as the solver sees it.

A :class:`Position` is the card-play part of a deal at any moment, also in
the middle of a trick: the remaining cards of each seat, trump, the current
trick, the tricks each side has taken, the makers and an optional lone seat
(whose partner's hand is out of play, so tricks have three cards).

>>> from altbaumer.game.cards import CardSet, Suit
>>> from altbaumer.game.seats import Seat, Team
>>> pos = Position.build({"N": "AH", "E": "9C", "S": "KS", "W": "QC"}, trump="H", leader="N",
...                      makers="NS", tricks_taken=(2, 2))
>>> pos.to_act, pos.tricks_left, [c.ascii() for c in pos.legal_moves()]
(<Seat.N: 0>, 1, ['AH'])
>>> after = pos.play(Card.parse("AH")).play(Card.parse("QC"))
>>> after.to_act, after.trick
(<Seat.S: 2>, (Card.parse('AH'), Card.parse('QC')))
"""

from __future__ import annotations

from collections.abc import Mapping as AnyMapping
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Sequence, Union

from altbaumer.game.arguments import count, instance
from altbaumer.game.cards import Card, CardSet, Suit
# InvalidPosition is raised here, defined with the other user errors; importable from here as before.
from altbaumer.errors import IncompleteDeal, InvalidArgument, InvalidPosition
from altbaumer.game.actions import Phase
from altbaumer.game.deal import Deal
from altbaumer.game.deal_rules import TRICKS, absent_seat, first_leader
from altbaumer.game.display import Block, Cards, Compass, Line, html, markup
from altbaumer.game.rules import illegal_play_reason, legal_cards, trick_winner
from altbaumer.game.seats import SEATS, Seat, Team, play_order

__all__ = ["InvalidPosition", "Position"]


@dataclass(frozen=True)
class Position:
    """The remaining cards of each seat (empty for a lone player's partner),
    trump, the leader and cards of the current trick, tricks taken so far as
    ``(N-S, E-W)``, the makers, and the lone seat if any. Immutable; validated
    on construction (:meth:`play` checks the card instead, and what it builds
    is valid by construction)."""

    hands: Mapping[Seat, CardSet]
    trump: Suit
    leader: Seat
    trick: tuple[Card, ...] = ()
    makers: Team = Team.NS
    lone: Optional[Seat] = None
    tricks_taken: tuple[int, int] = (0, 0)
    _order: tuple[Seat, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._check_arguments()
        object.__setattr__(self, "hands", {s: CardSet(self.hands.get(s, CardSet())) for s in SEATS})
        object.__setattr__(self, "trick", tuple(self.trick))
        object.__setattr__(self, "tricks_taken", tuple(self.tricks_taken))
        self._set_order()
        self._validate()

    def _set_order(self) -> None:
        object.__setattr__(self, "_order", play_order(self.leader, skip=self.absent))

    def _check_arguments(self) -> None:
        """Each argument of the kind it must be, and a hand for every seat in
        play: one line naming what is wrong (the rules are checked after)."""
        where = "Position"
        text = " (Position.build takes text such as {'N': 'AH KS'}, 'H', 'N', 'NS')"
        instance(self.hands, AnyMapping, "hands", where, kind_name="mapping of Seats to CardSets")
        for seat in self.hands:
            instance(seat, Seat, "every key of hands", where, text)
        instance(self.trump, Suit, "trump", where, text)
        instance(self.leader, Seat, "leader", where, text)
        instance(self.makers, Team, "makers", where, text)
        if self.lone is not None:
            instance(self.lone, Seat, "lone", where, text + " or None")
        for card in self.trick:
            instance(card, Card, "every card of trick", where, text)
        taken = self.tricks_taken
        if isinstance(taken, (str, bytes)) or not isinstance(taken, Sequence) or len(taken) != 2:
            raise InvalidArgument(f"{where}: tricks_taken must be two counts (N-S, E-W), not {taken!r}")
        for team, tricks in zip(("N-S", "E-W"), taken):
            count(tricks, f"tricks_taken {team}", where)  # how many: a rule, checked with the hands
        absent = absent_seat(self.lone)
        missing = [s for s in SEATS if s is not absent and s not in self.hands]
        if missing:
            raise InvalidPosition(f"hands: no hand for {_listed(missing)}: give every seat in play its cards, "
                                  "an empty hand once it has none (only the lone player's partner may be left out)")

    @classmethod
    def build(
        cls,
        hands: Mapping[Union[Seat, str], Union[CardSet, str]],
        trump: Union[Suit, str],
        leader: Union[Seat, str],
        trick: Union[Sequence[Card], str] = (),
        makers: Union[Team, str] = Team.NS,
        lone: Union[Seat, str, None] = None,
        tricks_taken: tuple[int, int] = (0, 0),
    ) -> "Position":
        """Like the constructor, but accepts text: ``{"N": "AH KS"}``, ``"H"``, ``"N"``, ``"NS"``.

        >>> Position.build({"N": "AH"}, trump="H", leader="N", tricks_taken=(2, 2))
        Traceback (most recent call last):
        ...
        altbaumer.errors.InvalidPosition: hands: no hand for E, S and W: give every seat in play its cards, an empty \
hand once it has none (only the lone player's partner may be left out)
        """
        where = "Position.build"

        def seat(s: Union[Seat, str], name: str) -> Seat:
            return s if isinstance(s, Seat) else Seat.parse(instance(s, str, name, where, kind_name="Seat or text"))

        def cards(h: Union[CardSet, str], name: str) -> CardSet:
            return h if isinstance(h, CardSet) else CardSet.parse(instance(h, str, name, where,
                                                                           kind_name="CardSet or text"))

        instance(hands, AnyMapping, "hands", where, " (such as {'N': 'AH KS', 'E': ...})",
                 kind_name="mapping of seats to cards")
        return cls(
            hands={seat(s, "a seat of hands"): cards(h, f"the hand of {s}") for s, h in hands.items()},
            trump=trump if isinstance(trump, Suit) else Suit.parse(instance(trump, str, "trump", where,
                                                                            kind_name="Suit or text")),
            leader=seat(leader, "leader"),
            trick=tuple(Card.parse(w) for w in trick.split()) if isinstance(trick, str) else tuple(trick),
            makers=_team(makers, where),
            lone=None if lone is None or lone == "" else seat(lone, "lone"),
            tricks_taken=tricks_taken,
        )

    @classmethod
    def from_deal(cls, deal: Deal) -> "Position":
        """The open position of a deal in its play phase (or finished); while
        lone play is still to be declared, the first lead with nobody alone.
        :class:`~altbaumer.errors.IncompleteDeal` when an active hand is not known."""
        instance(deal, Deal, "deal", "Position.from_deal")
        if deal.trump is None or deal.phase in (Phase.CUT, Phase.TRUMP, Phase.DISCARD):
            raise InvalidPosition(f"the deal has no card play yet: it is in the {deal.phase.value} phase")
        unknown = [s for s in SEATS if s is not deal.absent and deal.hands[s] is None]
        if unknown:
            raise IncompleteDeal(f"the hand of {', '.join(map(str, unknown))} is not known")
        leader = deal.trick_leader if deal.trick_leader is not None else first_leader(deal.forehand, deal.lone)
        hands = {s: deal.hand(s) if s is not deal.absent else CardSet() for s in SEATS}
        return cls(
            hands, deal.trump, leader, tuple(deal.trick_cards), deal.makers, deal.lone,
            (deal.tricks_won[Team.NS], deal.tricks_won[Team.EW]),
        )

    # -- validation -----------------------------------------------------------

    def _validate(self) -> None:
        if self.lone is not None and self.lone.team is not self.makers:
            raise InvalidPosition(f"the lone seat {self.lone} is not a maker ({self.makers} make trump)")
        absent = self.absent
        if absent is not None and self.hands[absent]:
            raise InvalidPosition(f"{absent} sits out beside the lone {self.lone} but holds {self.hands[absent].ascii()}")
        seen = CardSet()
        for card in [c for s in SEATS for c in self.hands[s]] + list(self.trick):
            if card in seen:
                raise InvalidPosition(f"card {card.ascii()} appears twice")
            seen = seen | card
        if len(self.trick) >= len(self._order):
            raise InvalidPosition(f"the current trick holds {len(self.trick)} cards: a trick has {len(self._order)}")
        if absent is not None and absent is self.leader:
            raise InvalidPosition(f"{absent} sits out and cannot lead")
        self._validate_sizes()
        self._validate_trick()

    def _validate_sizes(self) -> None:
        played = len(self.trick)
        left = len(self.hands[self.leader]) + (1 if played else 0)
        taken = sum(self.tricks_taken)
        if min(self.tricks_taken) < 0 or taken + left != TRICKS:
            raise InvalidPosition(
                f"{taken} tricks taken and {left} left do not make {TRICKS} (tricks taken {self.tricks_taken})"
            )
        if left == 0 and played:
            raise InvalidPosition("no cards are left but a trick is in progress")
        for i, seat in enumerate(self._order):
            expected = left - 1 if i < played else left
            if len(self.hands[seat]) != expected:
                raise InvalidPosition(
                    f"{seat} holds {len(self.hands[seat])} cards but should hold {expected} "
                    f"({left} tricks to play, {played} card(s) in the current trick)"
                )

    def _validate_trick(self) -> None:
        for i, card in enumerate(self.trick):
            seat = self._order[i]
            # The player held the card and all of today's hand when playing it.
            hand_then = self.hands[seat] | card
            reason = illegal_play_reason(str(seat), hand_then, self.trick[:i], self.trump, card)
            if reason is not None:
                raise InvalidPosition(f"illegal card in the current trick: {reason}")

    # -- queries -----------------------------------------------------------------

    @property
    def absent(self) -> Optional[Seat]:
        """The lone player's partner, out of play."""
        return absent_seat(self.lone)

    @property
    def active_seats(self) -> tuple[Seat, ...]:
        return tuple(s for s in SEATS if s is not self.absent)

    @property
    def to_act(self) -> Optional[Seat]:
        return None if self.is_over else self._order[len(self.trick)]

    @property
    def tricks_left(self) -> int:
        """Tricks not yet complete, the current one included."""
        return TRICKS - sum(self.tricks_taken)

    @property
    def is_over(self) -> bool:
        return self.tricks_left == 0

    @property
    def makers_taken(self) -> int:
        return self.tricks_taken[self.makers]

    def legal_moves(self) -> list[Card]:
        """The cards the seat to act may play, in display order."""
        seat = self.to_act
        if seat is None:
            return []
        return list(legal_cards(self.hands[seat], self.trick, self.trump))

    def play(self, card: Card) -> "Position":
        """The position after the seat to act plays ``card``."""
        seat = self.to_act
        if seat is None:
            raise InvalidPosition("the position is over: all five tricks are played")
        reason = illegal_play_reason(str(seat), self.hands[seat], self.trick, self.trump, card)
        if reason is not None:
            raise InvalidPosition(reason)
        hands = dict(self.hands)
        hands[seat] = hands[seat] - card
        trick = self.trick + (card,)
        if len(trick) < len(self._order):
            return self._after(hands, self.leader, trick, self.tricks_taken)
        winner = self._order[trick_winner(trick, self.trump)]
        taken = list(self.tricks_taken)
        taken[winner.team] += 1
        return self._after(hands, winner, (), (taken[0], taken[1]))

    def _after(self, hands: dict[Seat, CardSet], leader: Seat, trick: tuple[Card, ...],
               taken: tuple[int, int]) -> "Position":
        """The position a legal card leads to, built without validating it
        again: a legal card played from a valid position keeps every check of
        ``_validate`` true. Validating took most of the time of walking a
        line card by card, as the analysis board walks every card's best line."""
        after = object.__new__(type(self))
        fields = {"hands": hands, "trump": self.trump, "leader": leader, "trick": trick, "makers": self.makers,
                  "lone": self.lone, "tricks_taken": taken}
        for name, value in fields.items():
            object.__setattr__(after, name, value)
        after._set_order()
        return after

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: cards written like ``QC``, ``TH``."""
        return {
            "hands": {str(s): [c.ascii() for c in self.hands[s]] for s in SEATS},
            "trump": self.trump.letter,
            "leader": str(self.leader),
            "trick": [c.ascii() for c in self.trick],
            "makers": str(self.makers),
            "lone": str(self.lone) if self.lone is not None else None,
            "tricks_taken": {"N-S": self.tricks_taken[0], "E-W": self.tricks_taken[1]},
            "to_act": str(self.to_act) if self.to_act is not None else None,
        }

    def __hash__(self) -> int:
        return hash((tuple(self.hands[s].mask for s in SEATS), self.trump, self.leader, self.trick,
                     self.makers, self.lone, self.tricks_taken))

    # -- display -----------------------------------------------------------------

    def display_blocks(self) -> list[Block]:
        """The position around the table (:mod:`altbaumer.game.display`):
        each hand, the seat out of play, who leads and plays, and in the
        middle the trump, the makers, the lone player, the tricks taken and
        the current trick.

        >>> pos = Position.build({"N": "AH", "E": "9C", "S": "KS", "W": "QC"}, trump="H", leader="N",
        ...                      makers="NS", tricks_taken=(2, 2))
        >>> [label for label, _ in pos.display_blocks()[0].facts]
        ['trump', 'makers', 'tricks', 'to play']
        """
        roles: dict[Seat, list[str]] = {s: [] for s in SEATS}
        roles[self.leader].append("led" if self.trick else "leads")
        if self.to_act is not None and self.trick:
            roles[self.to_act].append("to play")
        facts: list[tuple[str, Line]] = [("trump", (self.trump, f" {self.trump.name.lower()}")),
                                          ("makers", (str(self.makers),))]
        if self.lone is not None:
            roles[self.lone].append("alone")
            facts.append(("alone", (f"{self.lone}; {self.absent} sits out",)))
        if self.absent is not None:
            roles[self.absent].append("sits out")
        facts.append(("tricks", (f"N-S {self.tricks_taken[0]}, E-W {self.tricks_taken[1]}",)))
        if self.trick:
            facts.append(("trick", (f"{self.leader} led ", Cards(self.trick))))
        facts.append(("to play", (str(self.to_act) if self.to_act is not None else "nobody: the deal is over",)))
        return [Compass(self.hands, facts, roles, out=self.absent)]

    def _repr_html_(self) -> str:
        """The position as an HTML fragment, which a notebook shows: the four
        hands around the compass and what is said in the middle.

        >>> pos = Position.build({"N": "AH", "E": "9C", "S": "KS", "W": "QC"}, trump="H", leader="N",
        ...                      makers="NS", tricks_taken=(2, 2))
        >>> shown = pos._repr_html_()
        >>> all(f'data-card="{c}"' in shown for c in ("AH", "9C", "KS", "QC")), "<script" in shown
        (True, False)
        """
        return html(*self.display_blocks())

    def __rich__(self) -> str:
        """The same as rich console markup, for ``rich.print``: the hands around the table."""
        return markup(*self.display_blocks())


def _listed(seats: Sequence[Seat]) -> str:
    names = [str(s) for s in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _team(makers: Union[Team, str], where: str) -> Team:
    if isinstance(makers, Team):
        return makers
    key = instance(makers, str, "makers", where, kind_name="Team or text").replace("-", "").strip().upper()
    if key not in Team.__members__:
        raise InvalidArgument(f"{where}: makers must be NS or EW (or N-S, E-W, a Team), not {makers!r}")
    return Team[key]
