"""The opening position of a dealt deal, before any card is played.

For analysis the five cards each seat was dealt are taken as they are: the
stock is not exchanged (forehand neither takes a stock card nor discards).
Trump defaults to the suit the turned card proposes (a turned Tree counts as
a club); forehand's team make trump; forehand leads, or, when forehand's hand
is set aside beside a lone partner, the next active seat in play order leads
(rules.md, Playing alone, Decision).

>>> from altbaumer.game.deal import Deal
>>> deal = Deal.from_seed(1)
>>> pos = opening_position(deal)
>>> pos.trump is deal.stock[0].suit, pos.leader is deal.forehand, pos.makers is deal.makers
(True, True, True)
>>> lone = opening_position(deal, trump="H", lone=deal.forehand.partner)
>>> lone.absent is deal.forehand, lone.leader is deal.forehand.next(), len(lone.hands[deal.forehand])
(True, True, 0)

A line of play (for example the solver's principal variation) splits into tricks:

>>> from altbaumer.game.position import Position
>>> pos = Position.build({"N": "AH", "E": "9C", "S": "KS", "W": "QC"}, trump="H", leader="N",
...                      makers="NS", tricks_taken=(2, 2))
>>> [(t.leader, t.cards, t.winner) for t in line_tricks(pos, [Card.parse(c) for c in "AH QC KS 9C".split()])]
[(<Seat.N: 0>, (Card.parse('AH'), Card.parse('QC'), Card.parse('KS'), Card.parse('9C')), <Seat.W: 3>)]
"""

from __future__ import annotations

from typing import Iterable, Union

from altbaumer.errors import IllegalLoneDeclaration, IncompleteDeal
from altbaumer.game.cards import Card, CardSet, Suit
from altbaumer.game.deal import Deal
from altbaumer.game.deal_rules import absent_seat, first_leader
from altbaumer.game.position import Position
from altbaumer.game.rules import trump_suit_of_turned
from altbaumer.game.seats import SEATS, Seat
from altbaumer.game.view import Trick

__all__ = ["opening_position", "line_tricks"]


def opening_position(
    deal: Deal,
    trump: Union[Suit, str, None] = None,
    lone: Union[Seat, str, None] = None,
) -> Position:
    """The open position at the first lead of ``deal`` with the hands as dealt.

    ``trump`` defaults to the turned card's suit; ``lone`` must be a maker
    (forehand or forehand's partner), otherwise :class:`IllegalLoneDeclaration`.
    """
    turned = deal.stock[0]
    if trump is not None:
        suit = trump if isinstance(trump, Suit) else Suit.parse(trump)
    elif turned is not None:
        suit = trump_suit_of_turned(turned)
    else:
        raise IncompleteDeal("the turned stock card is not known")
    lone_seat = None if lone is None else (lone if isinstance(lone, Seat) else Seat.parse(lone))
    makers = deal.forehand.team
    if lone_seat is not None and lone_seat.team is not makers:
        first, second = makers.seats
        raise IllegalLoneDeclaration(
            f"{lone_seat} is a defender: only a maker ({first} or {second}, forehand {deal.forehand}'s team "
            f"{makers}) may play alone",
            "rules.md, Playing alone",
        )
    absent = absent_seat(lone_seat)
    hands = {s: (CardSet() if s is absent else deal.dealt_hand(s)) for s in SEATS}
    return Position(hands, suit, first_leader(deal.forehand, lone_seat), makers=makers, lone=lone_seat)


def line_tricks(pos: Position, cards: Iterable[Card]) -> list[Trick]:
    """Play ``cards`` from ``pos`` (each must be legal) and return the tricks
    they complete, each with its leader, its cards in play order (cards already
    in the current trick first) and its winner. A trick left unfinished at the
    end of the line is not returned."""
    tricks = []
    for card in cards:
        before = pos
        pos = pos.play(card)
        if not pos.trick:  # the card closed a trick: pos.leader is its winner
            tricks.append(Trick(before.leader, before.trick + (card,), pos.leader))
    return tricks
