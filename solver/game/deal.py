"""One deal as an explicit state machine: cut → trump → discard → lone → play.

Each phase accepts only its own actions, from the seat whose turn it is, and
rejects anything else with a specific :class:`~altbaumer.errors.IllegalAction`
that cites rules.md. Chance (the shuffle and the cut) is an input, so a deal
can be replayed exactly or built from recorded hands.

>>> import random
>>> from altbaumer.game.seats import Seat
>>> deal = Deal.shuffled(Seat.S, random.Random(7))
>>> deal.forehand, deal.cutter
(<Seat.E: 1>, <Seat.W: 3>)
>>> while deal.phase is not Phase.DONE:
...     deal.apply(deal.legal_actions()[0])
>>> sum(deal.tricks_won.values())
5
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from itertools import combinations
from typing import Any, Mapping, Optional, Sequence, Union

from altbaumer.game.cards import CARDS, TREES, Card, CardSet, Suit
from altbaumer.errors import (
    IllegalCutTake,
    IllegalDiscard,
    IllegalLoneDeclaration,
    IllegalPlay,
    InvalidDeal,
    NotYourTurn,
    WrongPhase,
)
from altbaumer.game.rules import illegal_play_reason, legal_cards, trick_winner, trump_suit_of_turned
from altbaumer.game.scoring import DealScore, score_deal
from altbaumer.game.seats import SEATS, Seat, Team, cutter_of, forehand_of, play_order
from altbaumer.game.view import SeatView, Trick

__all__ = [
    "Phase",
    "TakeTrees",
    "Accept",
    "Refuse",
    "Discard",
    "DeclareAlone",
    "Play",
    "Action",
    "Deal",
    "phase_actions",
    "close_trick",
    "HAND_SIZE",
    "STOCK_SIZE",
    "TRICKS",
]

HAND_SIZE = 5
STOCK_SIZE = 4
TRICKS = 5


class Phase(Enum):
    CUT = "cut"  # the cutter decides on the Tree(s) shown at the cut
    TRUMP = "trump"  # forehand accepts or refuses the turned stock card
    DISCARD = "discard"  # forehand discards one card (four in the compulsory case)
    LONE = "lone"  # forehand, then forehand's partner, may play alone
    PLAY = "play"
    DONE = "done"


@dataclass(frozen=True)
class TakeTrees:
    """The cutter takes these Trees shown at the cut (empty: takes none)."""

    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        return f"takes {' '.join(map(str, self.cards))} at the cut" if self.cards else "leaves the cut"


@dataclass(frozen=True)
class Accept:
    """Forehand accepts the turned card's suit as trump."""

    def __str__(self) -> str:
        return "accepts"


@dataclass(frozen=True)
class Refuse:
    """Forehand refuses; the stock is turned until another suit appears."""

    def __str__(self) -> str:
        return "refuses"


@dataclass(frozen=True)
class Discard:
    """Forehand's discard, face down: one card, or four in the compulsory case."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"discards {' '.join(map(str, self.cards))}"


@dataclass(frozen=True)
class DeclareAlone:
    """The maker to act plays alone (``True``) or passes (``False``)."""

    alone: bool

    def __str__(self) -> str:
        return "plays alone" if self.alone else "does not play alone"


@dataclass(frozen=True)
class Play:
    card: Card

    def __str__(self) -> str:
        return f"plays {self.card}"


Action = Union[TakeTrees, Accept, Refuse, Discard, DeclareAlone, Play]


class Deal:
    """The state of one deal. Mutated only through :meth:`apply`."""

    def __init__(self, dealer: Seat, pack: Sequence[Card], cut: int) -> None:
        """Start a deal from the dealer's shuffled ``pack`` (top card first) and
        the cut: the number of cards the cutter lifts (1..23, Decision D2)."""
        _check_pack(pack)
        if not 1 <= cut <= len(pack) - 1:
            raise InvalidDeal(f"the cut must lift 1 to 23 cards, not {cut} (Decision D2)")
        self._init_seats(dealer)
        self.pack: Optional[tuple[Card, ...]] = tuple(pack)
        self.cut: Optional[int] = cut
        # The card shown is the bottom card of the lifted packet; the next one
        # is the card above it (rules.md, The deal, Decision).
        shown = pack[cut - 1]
        following = pack[cut - 2] if cut >= 2 else None
        self.cut_offer: tuple[Card, ...] = ()
        if shown.is_tree:
            self.cut_offer = (shown,) + ((following,) if following is not None and following.is_tree else ())
        self.phase = Phase.CUT
        if not self.cut_offer:
            self._deal_cards(())

    @classmethod
    def shuffled(cls, dealer: Seat, rng: random.Random) -> "Deal":
        """A deal with a uniformly shuffled pack and a uniformly random cut."""
        pack = list(CARDS)
        rng.shuffle(pack)
        return cls(dealer, pack, rng.randint(1, len(pack) - 1))

    @classmethod
    def from_seed(cls, seed: int, dealer: Optional[Seat] = None, take_trees: bool = True) -> "Deal":
        """A reproducible random deal, dealt: the cutter takes any Trees offered
        (unless ``take_trees`` is false), so the deal waits for forehand's trump
        decision. The dealer, unless given, is drawn from the seed too."""
        rng = random.Random(seed)
        chosen = dealer if dealer is not None else rng.choice(SEATS)
        deal = cls.shuffled(chosen, rng)
        if deal.phase is Phase.CUT:
            deal.apply(TakeTrees(deal.cut_offer if take_trees else ()))
        return deal

    @classmethod
    def from_hands(
        cls,
        dealer: Seat,
        hands: Mapping[Seat, CardSet],
        stock: Sequence[Card],
        cut_trees: CardSet = CardSet(),
    ) -> "Deal":
        """A deal at the trump-making phase from the hands as dealt (five cards
        each, the Trees taken at the cut in the cutter's hand) and the stock,
        top card first."""
        deal = cls.__new__(cls)
        deal._init_seats(dealer)
        deal.pack, deal.cut, deal.cut_offer, deal.cut_seen = None, None, (), CardSet()
        if not set(cut_trees) <= set(TREES):
            raise InvalidDeal(f"only Trees can be taken at the cut, not {cut_trees.ascii()}")
        if cut_trees - hands[deal.cutter]:
            raise InvalidDeal(f"the Trees taken at the cut ({cut_trees.ascii()}) must be in the cutter's ({deal.cutter}) hand")
        for seat in SEATS:
            if len(hands[seat]) != HAND_SIZE:
                raise InvalidDeal(f"{seat} holds {len(hands[seat])} cards, not {HAND_SIZE}")
        if len(stock) != STOCK_SIZE:
            raise InvalidDeal(f"the stock holds {len(stock)} cards, not {STOCK_SIZE}")
        _check_pack([c for s in SEATS for c in hands[s]] + list(stock))
        deal._begin_trump({s: hands[s] for s in SEATS}, tuple(stock), cut_trees)
        return deal

    # -- set-up ------------------------------------------------------------

    def _init_seats(self, dealer: Seat) -> None:
        self.dealer = dealer
        self.forehand = forehand_of(dealer)
        self.cutter = cutter_of(dealer)
        self.makers: Team = self.forehand.team
        self.history: list[tuple[Seat, Action]] = []

    def _deal_cards(self, taken: tuple[Card, ...]) -> None:
        """Complete the cut, then deal three and two anticlockwise from forehand,
        the cutter's first packet reduced by the Trees taken (rules.md, The deal)."""
        assert self.pack is not None and self.cut is not None
        completed = [c for c in self.pack[self.cut :] + self.pack[: self.cut] if c not in taken]
        # Decision D13: the cards looked at during the cut are seen by all; one
        # not taken is always the last card of the completed pack (stock card 4).
        shown = self.pack[self.cut - 1]
        seen = [shown] + ([self.pack[self.cut - 2]] if taken and self.cut >= 2 else [])
        self.cut_seen = CardSet(seen) - CardSet(taken)
        hands = {seat: list(taken) if seat is self.cutter else [] for seat in SEATS}
        order = play_order(self.forehand)
        for packet in (3, 2):
            for seat in order:
                need = packet - len(taken) if (packet == 3 and seat is self.cutter) else packet
                hands[seat].extend(completed[:need])
                completed = completed[need:]
        self._begin_trump({s: CardSet(h) for s, h in hands.items()}, tuple(completed), CardSet(taken))

    def _begin_trump(self, hands: dict[Seat, CardSet], stock: tuple[Card, ...], cut_trees: CardSet) -> None:
        self.dealt: dict[Seat, CardSet] = dict(hands)
        self.hands: dict[Seat, CardSet] = dict(hands)
        self.stock = stock
        self.cut_trees = cut_trees
        self.turned = 1  # the top stock card is face up
        self.accepted: Optional[bool] = None
        self.trump: Optional[Suit] = None
        self.taken = CardSet()  # stock cards forehand took (public)
        self.exposed = CardSet()  # refused and same-suit cards: face up, out of play
        self.discards = CardSet()
        self.lone: Optional[Seat] = None
        self.lone_passed: list[Seat] = []
        self.tricks: list[Trick] = []
        self.trick_leader: Optional[Seat] = None
        self.trick_cards: list[Card] = []
        self.tricks_won: dict[Team, int] = {Team.NS: 0, Team.EW: 0}
        self.phase = Phase.TRUMP

    # -- whose turn, what is legal ------------------------------------------

    @property
    def to_act(self) -> Optional[Seat]:
        phase = self.phase
        if phase is Phase.PLAY:
            return self._trick_order()[len(self.trick_cards)]
        if phase is Phase.CUT:
            return self.cutter
        if phase is Phase.LONE:
            return self.forehand if not self.lone_passed else self.forehand.partner
        if phase is Phase.DONE:
            return None
        return self.forehand

    @property
    def turned_card(self) -> Optional[Card]:
        """The stock card awaiting forehand's answer, during the trump phase."""
        return self.stock[0] if self.phase is Phase.TRUMP else None

    @property
    def absent(self) -> Optional[Seat]:
        """The lone player's partner, whose hand is out of play."""
        return self.lone.partner if self.lone is not None else None

    @property
    def active_seats(self) -> list[Seat]:
        return [s for s in SEATS if s is not self.absent]

    def _trick_order(self) -> tuple[Seat, ...]:
        assert self.trick_leader is not None
        return play_order(self.trick_leader, skip=self.absent)

    def discard_count(self) -> int:
        return len(self.taken)

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now."""
        if self.phase is Phase.CUT:
            return phase_actions(Phase.CUT, CardSet(), cut_offer=self.cut_offer)
        actor = self.to_act
        hand = self.hands[actor] if actor is not None else CardSet()
        return phase_actions(self.phase, hand, self.trick_cards, self.trump, self.discard_count())

    # -- actions ------------------------------------------------------------

    def apply(self, action: Action, seat: Optional[Seat] = None) -> None:
        """Carry out ``action`` for the seat to act (``seat``, if given, must be it)."""
        if self.phase is Phase.DONE:
            raise WrongPhase("the deal is over: all five tricks have been played")
        actor = self.to_act
        if seat is not None and seat is not actor:
            if self.phase is Phase.LONE and seat.team is not self.makers:
                raise IllegalLoneDeclaration(
                    f"{seat} is a defender; only the makers may play alone", "rules.md, Playing alone"
                )
            raise NotYourTurn(f"{seat} cannot act now: it is {actor}'s turn ({self.phase.value} phase)")
        handler = _HANDLERS.get((type(action), self.phase))
        if handler is None:
            raise WrongPhase(
                f"{type(action).__name__} is not possible in the {self.phase.value} phase; "
                f"{actor} must {_PHASE_TASK[self.phase]}"
            )
        handler(self, action)
        self.history.append((actor, action))  # type: ignore[arg-type]

    def _take_trees(self, action: TakeTrees) -> None:
        if action.cards != self.cut_offer[: len(action.cards)]:
            offered = " then ".join(c.ascii() for c in self.cut_offer)
            raise IllegalCutTake(
                f"the cut offers {offered}; the cutter may take them only in that order",
                "rules.md, The deal; Decision D3",
            )
        self._deal_cards(tuple(action.cards))

    def _accept(self, action: Accept) -> None:
        self._fix_trump(accepted=True, indicator_at=0)

    def _refuse(self, action: Refuse) -> None:
        refused_suit = trump_suit_of_turned(self.stock[0])
        for i in range(1, STOCK_SIZE):
            if trump_suit_of_turned(self.stock[i]) is not refused_suit:
                self._fix_trump(accepted=False, indicator_at=i)
                return
        # All four of one suit: compulsory, forehand takes them all (rules.md, Making trump).
        self.accepted = False
        self.turned = STOCK_SIZE
        self.trump = refused_suit
        self._give_forehand(CardSet(self.stock))

    def _fix_trump(self, accepted: bool, indicator_at: int) -> None:
        indicator = self.stock[indicator_at]
        self.accepted = accepted
        self.turned = indicator_at + 1
        self.exposed = CardSet(self.stock[:indicator_at])
        self.trump = trump_suit_of_turned(indicator)
        self._give_forehand(CardSet(indicator))

    def _give_forehand(self, cards: CardSet) -> None:
        self.taken = cards
        self.hands[self.forehand] = self.hands[self.forehand] | cards
        self.phase = Phase.DISCARD

    def _discard(self, action: Discard) -> None:
        cards = CardSet(action.cards)
        need = self.discard_count()
        if len(cards) != len(action.cards) or len(cards) != need:
            raise IllegalDiscard(
                f"forehand must discard exactly {need} different card{'s' if need > 1 else ''}, not {len(action.cards)}",
                "rules.md, Making trump",
            )
        missing = cards - self.hands[self.forehand]
        if missing:
            raise IllegalDiscard(f"forehand ({self.forehand}) does not hold {missing.ascii()}", "rules.md, Making trump")
        self.discards = cards
        self.hands[self.forehand] = self.hands[self.forehand] - cards
        self.phase = Phase.LONE

    def _declare_alone(self, action: DeclareAlone) -> None:
        seat = self.to_act
        if action.alone:
            self.lone = seat
            self._begin_play()
            return
        self.lone_passed.append(seat)  # type: ignore[arg-type]
        if len(self.lone_passed) == 2:
            self._begin_play()

    def _begin_play(self) -> None:
        # Forehand leads; if forehand's hand is set aside, the next active seat
        # in play order does (rules.md, Playing alone, Decision).
        self.trick_leader = self.forehand if self.absent is not self.forehand else self.forehand.next()
        self.phase = Phase.PLAY

    def _play(self, action: Play) -> None:
        seat = self.to_act
        hand = self.hands[seat]  # type: ignore[index]
        reason = illegal_play_reason(str(seat), hand, self.trick_cards, self.trump, action.card)  # type: ignore[arg-type]
        if reason is not None:
            raise IllegalPlay(reason)
        self.hands[seat] = hand - action.card  # type: ignore[index]
        self.trick_cards.append(action.card)
        order = self._trick_order()
        if len(self.trick_cards) == len(order):
            self._close_trick(order)

    def _close_trick(self, order: tuple[Seat, ...]) -> None:
        close_trick(self, order)

    # -- results and knowledge ---------------------------------------------

    @property
    def makers_tricks(self) -> int:
        return self.tricks_won[self.makers]

    def score(self) -> DealScore:
        """The deal's points (rules.md, Scoring); only when all tricks are played."""
        if self.phase is not Phase.DONE:
            raise WrongPhase(f"the deal is not over: it is in the {self.phase.value} phase")
        return score_deal(self.makers, self.makers_tricks, self.lone)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready summary of the deal's state (cards written like ``QC``)."""
        started = self.phase is not Phase.CUT

        def cards(cs: Sequence[Card]) -> list[str]:
            return [c.ascii() for c in cs]

        return {
            "dealer": str(self.dealer),
            "forehand": str(self.forehand),
            "cutter": str(self.cutter),
            "makers": str(self.makers),
            "phase": self.phase.value,
            "to_act": str(self.to_act) if self.to_act is not None else None,
            "cut": None if self.cut is None else {"lifted": self.cut, "offer": cards(self.cut_offer)},
            "cut_trees": cards(self.cut_trees) if started else [],
            "cut_seen": cards(self.cut_seen) if started else [],
            "dealt": {str(s): cards(self.dealt[s]) for s in SEATS} if started else None,
            "hands": {str(s): cards(self.hands[s]) for s in SEATS} if started else None,
            "stock": cards(self.stock) if started else None,
            "turned": self.turned_card.ascii() if self.turned_card else None,
            "accepted": self.accepted if started else None,
            "trump": self.trump.letter if started and self.trump is not None else None,
            "exposed": cards(self.exposed) if started else [],
            "taken": cards(self.taken) if started else [],
            "discards": cards(self.discards) if started else [],
            "lone": str(self.lone) if started and self.lone is not None else None,
            "tricks": [
                {"leader": str(t.leader), "cards": cards(t.cards), "winner": str(t.winner)} for t in self.tricks
            ]
            if started
            else [],
            "makers_tricks": self.makers_tricks if started else 0,
        }

    def view(self, seat: Seat) -> SeatView:
        """What ``seat`` knows now (rules.md, Who knows what)."""
        before_deal = self.phase is Phase.CUT
        actor = self.to_act
        return SeatView(
            seat=seat,
            dealer=self.dealer,
            forehand=self.forehand,
            cutter=self.cutter,
            phase=self.phase.value,
            to_act=actor,
            hand=CardSet() if before_deal else self.hands[seat],
            cut_offer=self.cut_offer if before_deal else (),
            cut_trees=CardSet() if before_deal else self.cut_trees,
            cut_seen=CardSet() if before_deal else self.cut_seen,
            turned=self.turned_card,
            accepted=None if before_deal else self.accepted,
            exposed=CardSet() if before_deal else self.exposed,
            taken=CardSet() if before_deal else self.taken,
            trump=None if before_deal else self.trump,
            discards=self.discards if seat is self.forehand and not before_deal else None,
            lone=None if before_deal else self.lone,
            tricks=tuple(self.tricks) if not before_deal else (),
            trick_leader=self.trick_leader if self.phase is Phase.PLAY else None,
            trick_cards=tuple(self.trick_cards) if not before_deal else (),
            tricks_won=(self.tricks_won[Team.NS], self.tricks_won[Team.EW]) if not before_deal else (0, 0),
            legal=tuple(self.legal_actions()) if seat is actor else (),
            lone_passed=() if before_deal else tuple(self.lone_passed),
        )


def close_trick(state: Any, order: tuple[Seat, ...]) -> None:
    """Complete the trick in ``state.trick_cards`` (played in ``order``): its
    winner takes it and leads next; after the fifth trick the deal is over
    (rules.md, Winning a trick). ``state`` is a :class:`Deal` or anything with
    its play attributes (a replayed record)."""
    winner = order[trick_winner(state.trick_cards, state.trump)]
    state.tricks.append(Trick(order[0], tuple(state.trick_cards), winner))
    state.tricks_won[winner.team] += 1
    state.trick_cards = []
    state.trick_leader = winner
    if len(state.tricks) == TRICKS:
        state.phase = Phase.DONE


def phase_actions(
    phase: Phase,
    hand: CardSet,
    trick: Sequence[Card] = (),
    trump: Optional[Suit] = None,
    discard_count: int = 1,
    cut_offer: Sequence[Card] = (),
) -> list[Action]:
    """Every action open in ``phase`` to the seat to act, holding ``hand``:
    the cut takes (D3), accept or refuse, the discards of ``discard_count``
    cards (D5), the lone declaration, or the legal cards (rules.md, Following)."""
    if phase is Phase.PLAY:
        return [Play(c) for c in legal_cards(hand, trick, trump)]  # type: ignore[arg-type]
    if phase is Phase.CUT:
        return [TakeTrees(tuple(cut_offer[:k])) for k in range(len(cut_offer) + 1)]
    if phase is Phase.TRUMP:
        return [Accept(), Refuse()]
    if phase is Phase.DISCARD:
        return [Discard(combo) for combo in combinations(list(hand), discard_count)]
    if phase is Phase.LONE:
        return [DeclareAlone(False), DeclareAlone(True)]
    return []


_HANDLERS = {
    (TakeTrees, Phase.CUT): Deal._take_trees,
    (Accept, Phase.TRUMP): Deal._accept,
    (Refuse, Phase.TRUMP): Deal._refuse,
    (Discard, Phase.DISCARD): Deal._discard,
    (DeclareAlone, Phase.LONE): Deal._declare_alone,
    (Play, Phase.PLAY): Deal._play,
}

_PHASE_TASK = {
    Phase.CUT: "decide on the Tree shown at the cut (TakeTrees)",
    Phase.TRUMP: "accept or refuse the turned card (Accept/Refuse)",
    Phase.DISCARD: "discard (Discard)",
    Phase.LONE: "declare whether to play alone (DeclareAlone)",
    Phase.PLAY: "play a card (Play)",
}


def _check_pack(cards: Sequence[Card]) -> None:
    seen = CardSet()
    for card in cards:
        if card in seen:
            raise InvalidDeal(f"card {card.ascii()} appears twice")
        seen = seen | card
    missing = CardSet((1 << 24) - 1) - seen
    if missing:
        raise InvalidDeal(f"card{'s' if len(missing) > 1 else ''} missing: {missing.ascii()}")
