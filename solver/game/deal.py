"""One deal as an explicit state machine: cut → trump → discard → lone → play.

Each phase accepts only its own actions, from the seat whose turn it is, and
rejects anything else with a specific :class:`~altbaumer.errors.IllegalAction`
that cites rules.md. Chance (the shuffle and the cut) is an input, so a deal
can be replayed exactly or built from recorded hands.

This is the one state of a deal. It also follows a deal known only in part
(a recorded board with a hidden hand or an unseen stock card, ``None``):
what the known cards allow is checked, the rest is carried as unknown, and
whatever needs an unknown card (a seat's view, the open position) says so
with :class:`~altbaumer.errors.IncompleteDeal`.

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
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence

from altbaumer.errors import (
    IllegalCutTake,
    IllegalDiscard,
    IllegalLoneDeclaration,
    IllegalPlay,
    IncompleteDeal,
    InvalidDeal,
    NotYourTurn,
    WrongPhase,
)
from altbaumer.game.actions import (PHASE_NAMES, PHASE_TASKS, Accept, Action, DeclareAlone, Discard, Phase, Play,
                                    Refuse, TakeTrees, phase_actions)
from altbaumer.game.cards import CARDS, TREES, Card, CardSet, Suit
from altbaumer.game.deal_display import deal_blocks
from altbaumer.game.display import Block, html, markup
from altbaumer.game.deal_rules import (
    HAND_SIZE,
    STOCK_SIZE,
    TRICKS,
    absent_seat,
    discard_count,
    first_leader,
    trump_outcome,
)
from altbaumer.game.rules import SUIT_NAMES, illegal_play_reason, trick_winner, trump_suit_of_turned
from altbaumer.game.scoring import DealScore, score_deal
from altbaumer.game.seats import SEATS, Seat, Team, cutter_of, forehand_of, play_order
from altbaumer.game.view import SeatView, Trick
from altbaumer.lang import _, ngettext

__all__ = ["Deal"]


class Deal:
    """The state of one deal. Mutated only through :meth:`apply`.

    ``hands`` and ``dealt`` hold ``None`` for a hand that is not known,
    ``stock`` ``None`` for an unseen stock card; ``taken`` is ``None`` while
    unseen stock cards hide which card forehand took, ``discards`` while the
    discard is not known in full, ``compulsory`` while it cannot be told
    whether all four stock cards were of the refused suit.
    """

    hands: dict[Seat, Optional[CardSet]]
    dealt: dict[Seat, Optional[CardSet]]
    stock: tuple[Optional[Card], ...]

    def __init__(self, dealer: Seat, pack: Sequence[Card], cut: int) -> None:
        """Start a deal from the dealer's shuffled ``pack`` (top card first) and
        the cut: the number of cards the cutter lifts (1..23, Decision D2)."""
        _check_pack(pack)
        if not 1 <= cut <= len(pack) - 1:
            raise InvalidDeal(_("the cut must lift 1 to 23 cards, not {cut}").format(cut=cut) + " (Decision D2)")
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
        hands: Mapping[Seat, Optional[CardSet]],
        stock: Sequence[Optional[Card]],
        cut_trees: CardSet = CardSet(),
        cut_seen: CardSet = CardSet(),
    ) -> "Deal":
        """A deal at the trump-making phase from the hands as dealt (five cards
        each, the Trees taken at the cut in the cutter's hand), the stock, top
        card first, and the cards seen at the cut and left (D13). A hand or
        stock card may be ``None`` (not known): the known cards are checked."""
        deal = cls.__new__(cls)
        deal._init_seats(dealer)
        deal.pack, deal.cut, deal.cut_offer = None, None, ()
        if not set(cut_trees) <= set(TREES):
            raise InvalidDeal(_("only Trees can be taken at the cut, not {cards}").format(cards=cut_trees.ascii()))
        cutter_hand = hands[deal.cutter]
        if cutter_hand is not None and cut_trees - cutter_hand:
            raise InvalidDeal(_("the Trees taken at the cut ({cards}) must be in the cutter's ({cutter}) hand")
                              .format(cards=cut_trees.ascii(), cutter=deal.cutter))
        for seat in SEATS:
            hand = hands[seat]
            if hand is not None and len(hand) != HAND_SIZE:
                raise InvalidDeal(_("{seat} holds {count} cards, not {size}").format(seat=seat, count=len(hand), size=HAND_SIZE))
        if len(stock) != STOCK_SIZE:
            raise InvalidDeal(_("the stock holds {count} cards, not {size}").format(count=len(stock), size=STOCK_SIZE))
        known = [c for s in SEATS for c in hands[s] or ()] + [c for c in stock if c is not None]
        _check_pack(known, complete=all(hands[s] is not None for s in SEATS) and None not in stock)
        deal._begin_trump({s: hands[s] for s in SEATS}, tuple(stock), cut_trees, cut_seen)
        return deal

    def copy(self) -> "Deal":
        """An independent copy of the state (a game record keeps one before every action).

        >>> deal = Deal(Seat.N, list(CARDS), 4)   # the cut offers both Trees
        >>> twin = deal.copy(); twin.apply(TakeTrees(twin.cut_offer))
        >>> deal.phase, twin.phase
        (<Phase.CUT: 'cut'>, <Phase.TRUMP: 'trump'>)
        """
        other = Deal.__new__(Deal)
        other.__dict__.update(self.__dict__)
        # At the cut the hands and the tricks do not exist yet: only what there is is copied.
        for name in ("hands", "dealt", "tricks_won"):
            if name in self.__dict__:
                setattr(other, name, dict(getattr(self, name)))
        for name in ("history", "lone_passed", "tricks", "trick_cards"):
            if name in self.__dict__:
                setattr(other, name, list(getattr(self, name)))
        return other

    def __deepcopy__(self, memo: dict[int, object]) -> "Deal":
        # Everything the lists and dicts hold is immutable, so copy() is a deep copy already, and
        # much faster than copying every card (OpenSpiel clones a state by deep-copying it).
        return self.copy()

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
        hands = {seat: list(taken) if seat is self.cutter else [] for seat in SEATS}
        order = play_order(self.forehand)
        for packet in (3, 2):
            for seat in order:
                need = packet - len(taken) if (packet == 3 and seat is self.cutter) else packet
                hands[seat].extend(completed[:need])
                completed = completed[need:]
        self._begin_trump({s: CardSet(h) for s, h in hands.items()}, tuple(completed), CardSet(taken),
                          CardSet(seen) - CardSet(taken))

    def _begin_trump(self, hands: Mapping[Seat, Optional[CardSet]], stock: tuple[Optional[Card], ...],
                     cut_trees: CardSet, cut_seen: CardSet) -> None:
        self.dealt = dict(hands)
        self.hands = dict(hands)
        self.stock = stock
        self.cut_trees = cut_trees
        self.cut_seen = cut_seen
        self.turned = 1  # the top stock card is face up
        self.accepted: Optional[bool] = None
        self.compulsory: Optional[bool] = None
        self.trump: Optional[Suit] = None
        self.taken: Optional[CardSet] = CardSet()  # stock cards forehand took (public)
        self.exposed = CardSet()  # refused and same-suit cards: face up, out of play
        self.discards: Optional[CardSet] = CardSet()
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
            return self.trick_order()[len(self.trick_cards)]
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
        return absent_seat(self.lone)

    @property
    def is_complete(self) -> bool:
        """Every hand as dealt and every stock card are known."""
        return all(h is not None for h in self.dealt.values()) and None not in self.stock

    def dealt_hand(self, seat: Seat) -> CardSet:
        """``seat``'s hand as dealt; :class:`~altbaumer.errors.IncompleteDeal` when it is not known."""
        hand = self.dealt[seat]
        if hand is None:
            raise IncompleteDeal(_("{seat}'s hand is not known").format(seat=seat))
        return hand

    def hand(self, seat: Seat) -> CardSet:
        """``seat``'s current hand; :class:`~altbaumer.errors.IncompleteDeal` when it is not known."""
        hand = self.hands[seat]
        if hand is None:
            raise IncompleteDeal(_("{seat}'s hand is not known").format(seat=seat))
        return hand

    @property
    def active_seats(self) -> list[Seat]:
        return [s for s in SEATS if s is not self.absent]

    def trick_order(self) -> tuple[Seat, ...]:
        """The seats of the trick in play, in play order from its leader (the play phase)."""
        assert self.trick_leader is not None
        return play_order(self.trick_leader, skip=self.absent)

    def discard_count(self) -> int:
        """The cards forehand must discard: as many as it took."""
        if self.taken is None:
            raise IncompleteDeal(_("the stock cards forehand took are not known"))
        return len(self.taken)

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now. For a seat whose hand
        is not known: its decisions (its discard as unseen cards), and
        :class:`~altbaumer.errors.IncompleteDeal` for its card."""
        if self.phase is Phase.CUT:
            return phase_actions(Phase.CUT, CardSet(), cut_offer=self.cut_offer)
        actor = self.to_act
        count = self.discard_count() if self.phase is Phase.DISCARD else 1
        if actor is not None and self.hands[actor] is None and self.phase is not Phase.PLAY:
            # Trump making and the lone choice do not depend on the hand; an unknown
            # hand's discard is the right number of unseen cards (a record from one seat).
            if self.phase is Phase.DISCARD:
                return [Discard((None,) * count)]
            return phase_actions(self.phase, CardSet())
        hand = self.hand(actor) if actor is not None else CardSet()
        return phase_actions(self.phase, hand, self.trick_cards, self.trump, count)

    # -- actions ------------------------------------------------------------

    def apply(self, action: Action, seat: Optional[Seat] = None) -> None:
        """Carry out ``action`` for the seat to act (``seat``, if given, must be it)."""
        if self.phase is Phase.DONE:
            raise WrongPhase(_("the deal is over: all five tricks have been played"))
        actor = self.to_act
        if seat is not None and seat is not actor:
            if self.phase is Phase.LONE and seat.team is not self.makers:
                fh = self.forehand
                raise IllegalLoneDeclaration(
                    _("{seat} is a defender: only a maker ({forehand} or {partner}) may play alone")
                    .format(seat=seat, forehand=fh, partner=fh.partner), "rules.md, Playing alone"
                )
            raise NotYourTurn(_("{seat} cannot act now: it is {actor}'s turn ({phase})")
                              .format(seat=seat, actor=actor, phase=_(PHASE_NAMES[self.phase])))
        handler = _HANDLERS.get((type(action), self.phase))
        if handler is None:
            raise WrongPhase(
                _("{action} is not possible in the {phase}; {actor} must {task}").format(
                    action=type(action).__name__, phase=_(PHASE_NAMES[self.phase]), actor=actor,
                    task=_(PHASE_TASKS[self.phase]))
            )
        handler(self, action)
        assert actor is not None  # every phase but DONE has a seat to act
        self.history.append((actor, action))

    def _take_trees(self, action: TakeTrees) -> None:
        if action.cards != self.cut_offer[: len(action.cards)]:
            offered = " then ".join(c.ascii() for c in self.cut_offer)
            raise IllegalCutTake(
                _("the cut offers {cards}; the cutter may take them only in that order").format(cards=offered),
                "rules.md, The deal; Decision D3",
            )
        self._deal_cards(tuple(action.cards))

    def _accept(self, action: Accept) -> None:
        self._make_trump(accepted=True)

    def _refuse(self, action: Refuse) -> None:
        self._make_trump(accepted=False)

    def _make_trump(self, accepted: bool) -> None:
        self.accepted = accepted
        outcome = trump_outcome(self.stock, accepted)
        if outcome is None:
            # Unseen stock cards hide the indicator: only the refused card is known to lie face up.
            self.compulsory = False if accepted else None
            self.taken = None
            self.exposed = CardSet(c for c in self.stock[:1] if c is not None and not accepted)
        else:
            self.compulsory, self.turned, self.trump = outcome.compulsory, outcome.turned, outcome.trump
            self.taken, self.exposed = outcome.taken, outcome.exposed
        dealt = self.hands[self.forehand]
        self.hands[self.forehand] = None if dealt is None or self.taken is None else dealt | self.taken
        self.phase = Phase.DISCARD

    def reveal_trump(self, trump: Suit) -> None:
        """Learn the trump that unseen stock cards hide (a record states it).
        A refused suit can be trump only in the compulsory case (rules.md,
        Making trump, 3), which settles that question too."""
        if self.trump is not None:
            if trump is not self.trump:
                taken = self.taken.ascii() if self.taken else "?"
                raise InvalidDeal(_("the stock and the turn make {trump} trump (forehand takes {taken}), not {other}")
                                  .format(trump=_(SUIT_NAMES[self.trump]), taken=taken, other=_(SUIT_NAMES[trump]))
                                  + " (rules.md, Making trump)")
            return
        self.trump = trump
        turned = self.stock[0]
        if self.compulsory is None and turned is not None:
            self.compulsory = trump is trump_suit_of_turned(turned)

    def _discard(self, action: Discard) -> None:
        cards = action.cards
        self._check_discard_count(len(cards))
        known = [c for c in cards if c is not None]
        if len(set(known)) != len(known):
            raise IllegalDiscard(_("forehand discards a card twice"))
        enlarged = self.hands[self.forehand]
        if enlarged is not None:
            for card in known:
                if card not in enlarged:
                    raise IllegalDiscard(_("forehand ({seat}) does not hold {card}").format(seat=self.forehand, card=card.ascii()),
                                         "rules.md, Making trump")
        complete = len(known) == len(cards)
        self.discards = CardSet(known) if complete else None
        self.hands[self.forehand] = enlarged - CardSet(known) if enlarged is not None and complete else None
        self.phase = Phase.LONE

    def _check_discard_count(self, count: int) -> None:
        if self.compulsory is None:
            if count not in (1, STOCK_SIZE):
                raise IllegalDiscard(_("forehand discards 1 card (4 in the compulsory case), not {count}").format(count=count))
            return
        need = discard_count(self.compulsory)
        if count != need:
            if self.compulsory:
                said = _("forehand takes all four stock cards (compulsory case) and must discard {need}, not {count}")
            else:
                said = _("forehand takes one stock card and must discard {need}, not {count}")
            raise IllegalDiscard(said.format(need=need, count=count), "rules.md, Making trump")

    def _declare_alone(self, action: DeclareAlone) -> None:
        seat = self.to_act
        assert seat is not None
        if action.alone:
            self.lone = seat
            self._begin_play()
            return
        self.lone_passed.append(seat)
        if len(self.lone_passed) == 2:
            self._begin_play()

    def _begin_play(self) -> None:
        self.trick_leader = first_leader(self.forehand, self.lone)
        self.phase = Phase.PLAY

    def _play(self, action: Play) -> None:
        seat = self.to_act
        assert seat is not None and self.trump is not None  # the play phase has both
        hand = self.hands[seat]
        if hand is not None:  # an unknown hand's duty to follow cannot be checked
            reason = illegal_play_reason(str(seat), hand, self.trick_cards, self.trump, action.card)
            if reason is not None:
                raise IllegalPlay(reason)
            self.hands[seat] = hand - action.card
        self.trick_cards.append(action.card)
        order = self.trick_order()
        if len(self.trick_cards) == len(order):
            self._close_trick(order)

    def _close_trick(self, order: tuple[Seat, ...]) -> None:
        """The trick's winner takes it and leads next; after the fifth trick
        the deal is over (rules.md, Winning a trick)."""
        assert self.trump is not None
        winner = order[trick_winner(self.trick_cards, self.trump)]
        self.tricks.append(Trick(order[0], tuple(self.trick_cards), winner))
        self.tricks_won[winner.team] += 1
        self.trick_cards = []
        self.trick_leader = winner
        if len(self.tricks) == TRICKS:
            self.phase = Phase.DONE

    # -- results and knowledge ---------------------------------------------

    @property
    def makers_tricks(self) -> int:
        return self.tricks_won[self.makers]

    def score(self) -> DealScore:
        """The deal's points (rules.md, Scoring); only when all tricks are played."""
        if self.phase is not Phase.DONE:
            raise WrongPhase(_("the deal is not over: it is in the {phase}").format(phase=_(PHASE_NAMES[self.phase])))
        return score_deal(self.makers, self.makers_tricks, self.lone)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready summary of the deal's state (cards written like ``QC``)."""
        started = self.phase is not Phase.CUT

        def cards(cs: Optional[Iterable[Optional[Card]]]) -> Optional[list[Optional[str]]]:
            return None if cs is None else [None if c is None else c.ascii() for c in cs]

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
        """What ``seat`` knows now (rules.md, Who knows what). In a deal known
        only in part, :class:`~altbaumer.errors.IncompleteDeal` when something
        ``seat`` knows is not known here (its own hand, the turned card, the
        stock cards forehand took, forehand's own discard); the other hands
        are never needed."""
        before_deal = self.phase is Phase.CUT
        actor = self.to_act
        if not before_deal:
            self._check_knowable(seat)
        return SeatView(
            seat=seat,
            dealer=self.dealer,
            forehand=self.forehand,
            cutter=self.cutter,
            phase=self.phase.value,
            to_act=actor,
            hand=CardSet() if before_deal else self.hand(seat),
            cut_offer=self.cut_offer if before_deal else (),
            cut_trees=CardSet() if before_deal else self.cut_trees,
            cut_seen=CardSet() if before_deal else self.cut_seen,
            turned=self.turned_card,
            accepted=None if before_deal else self.accepted,
            exposed=CardSet() if before_deal else self.exposed,
            taken=CardSet() if before_deal or self.taken is None else self.taken,
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

    def _check_knowable(self, seat: Seat) -> None:
        self.hand(seat)
        if self.phase is Phase.TRUMP and self.stock[0] is None:
            raise IncompleteDeal(_("the turned stock card is not known"))
        if self.taken is None:
            raise IncompleteDeal(_("the stock cards forehand took are not known"))
        if seat is self.forehand and self.discards is None:
            raise IncompleteDeal(_("forehand's discard is not known, and forehand knows it"))

    # -- display -------------------------------------------------------------

    def display_blocks(self) -> list[Block]:
        """The deal as :mod:`altbaumer.game.display` draws it: at the cut, the
        card shown; then the current hands around the compass (``-`` for one
        not known) with the roles, and in the middle the makers, the stock
        (as dealt, top card first), the Trees taken at the cut, the turned
        card while forehand decides, the trump and how it was made, the
        stock cards forehand took, those exposed, the discard, the tricks
        each side has taken, the current trick and who acts; below, every
        completed trick.

        >>> deal = Deal.from_seed(7)
        >>> [label for label, _ in deal.display_blocks()[0].facts]
        ['makers', 'stock', 'turned', 'to act']
        """
        return deal_blocks(self)

    def _repr_html_(self) -> str:
        """The deal as an HTML fragment, which a notebook shows (:meth:`display_blocks`).

        >>> shown = Deal.from_seed(7)._repr_html_()
        >>> all(f'data-card="{card.ascii()}"' in shown for card in CARDS), "<script" in shown
        (True, False)
        """
        return html(*self.display_blocks())

    def __rich__(self) -> str:
        """The same as rich console markup, for ``rich.print``: the hands around the table."""
        return markup(*self.display_blocks())


_HANDLERS: dict[tuple[type, Phase], Callable[[Deal, Any], None]] = {
    (TakeTrees, Phase.CUT): Deal._take_trees,
    (Accept, Phase.TRUMP): Deal._accept,
    (Refuse, Phase.TRUMP): Deal._refuse,
    (Discard, Phase.DISCARD): Deal._discard,
    (DeclareAlone, Phase.LONE): Deal._declare_alone,
    (Play, Phase.PLAY): Deal._play,
}

def _check_pack(cards: Sequence[Card], complete: bool = True) -> None:
    """No card twice; with ``complete``, every card of the pack."""
    seen = 0
    for card in cards:
        if seen & card.mask:
            raise InvalidDeal(_("card {card} appears twice").format(card=card.ascii()))
        seen |= card.mask
    missing = CardSet(((1 << 24) - 1) & ~seen)
    if complete and missing:
        raise InvalidDeal(ngettext("card missing: {cards}", "cards missing: {cards}", len(missing))
                          .format(cards=missing.ascii()))
