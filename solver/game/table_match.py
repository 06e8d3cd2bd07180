"""A match at the table: one person's seat, three others, every deal from the
draw of the nines to the one-deal decider (rules.md, "The deal" and
"Scoring, rounds, match").

A :class:`TableMatch` is the whole match as its seed and the actions taken:
the nines are drawn and every deal shuffled from the seed, and the actions
(whoever took them) are the match's log, one list a deal. Everything else
(the :class:`~altbaumer.game.match.Match`, the deal in play) is replayed from
the log, so a take-back is the log cut short and a match resumed from its
file is the log read back: the same seed and actions give the same match.

The person's seat is chosen; the draw of the nines then places the others
around it and decides who deals first. The four nines are drawn as the rules
have them (red nines against black, the 9♣ deals first) and the seating is
turned so that the person sits where they asked, which keeps the
partnerships and the first dealer the draw made.

>>> table = TableMatch(seed=7, seat=Seat.S)
>>> table.deal.dealer is table.first_dealer, table.deal_number
(True, 1)
>>> while not table.over:
...     if table.deal.phase is Phase.DONE:
...         table.next_deal()
...     else:
...         table.apply(table.deal.legal_actions()[0])
>>> table.match.winner is not None, table.deal_number == len(table.match.deals)
(True, True)
"""

from __future__ import annotations

import random
from typing import Optional

from altbaumer.errors import IllegalAction, MatchOver, NotYourTurn, WrongPhase
from altbaumer.game.actions import Action, Phase
from altbaumer.game.cards import Card
from altbaumer.game.deal import Deal
from altbaumer.game.match import DealRecord, Match, draw_for_partners
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import SEATS, Seat

__all__ = ["TableMatch", "Logged"]

Logged = tuple[Seat, Action]
"""One action of the log: the seat that took it and the action."""

_DRAWERS = ("you", "2", "3", "4")


class TableMatch:
    """The match of the person at ``seat``, drawn and shuffled from ``seed``."""

    def __init__(self, seed: int, seat: Seat = Seat.S, log: Optional[list[list[Logged]]] = None) -> None:
        self.seed, self.seat = seed, seat
        self.nines, self.first_dealer = _draw(seed, seat)
        self.log: list[list[Logged]] = [list(actions) for actions in (log or [[]])]
        self._replay()

    # -- what the match is now -----------------------------------------------

    @property
    def deal_number(self) -> int:
        """The deal in play (or just finished), from 1."""
        return len(self.log)

    @property
    def over(self) -> bool:
        return self.match.winner is not None

    @property
    def before(self) -> MatchState:
        """The score before the deal in play."""
        return self._before

    @property
    def record(self) -> Optional[DealRecord]:
        """The finished deal's record in the match, None while it is played."""
        return self.match.deals[-1] if self.deal.phase is Phase.DONE else None

    @property
    def person_to_act(self) -> bool:
        return self.deal.phase is not Phase.DONE and self.deal.to_act is self.seat

    def actions(self) -> list[Logged]:
        """The deal in play's actions so far."""
        return list(self.log[-1])

    # -- moving on -------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """The seat to act takes ``action`` (a legal one: else the deal's own
        one-line error, and nothing changes)."""
        deal = self.deal
        if deal.phase is Phase.DONE:
            raise WrongPhase("the deal is over: the next deal starts with 'next'")
        seat = deal.to_act
        assert seat is not None
        deal.apply(action)
        self.log[-1].append((seat, action))
        if self._finished():
            self.match.record(deal)

    def _finished(self) -> bool:
        return self.deal.phase is Phase.DONE

    def next_deal(self) -> None:
        """Shuffle and deal the next deal, once this one is over."""
        if self.over:
            raise MatchOver(f"the match is over: {self.match.winner} won it")
        if self.deal.phase is not Phase.DONE:
            raise WrongPhase("the deal is still being played")
        self.log.append([])
        self._start_deal()

    def take_back(self) -> int:
        """Take back the person's last action of the deal in play and every
        action after it; the number of actions taken back (0: none of the
        person's in this deal, nothing changes)."""
        mine = [i for i, (seat, _) in enumerate(self.log[-1]) if seat is self.seat]
        if not mine:
            return 0
        kept = self.log[-1][: mine[-1]]
        dropped = len(self.log[-1]) - len(kept)
        self.log[-1] = kept
        self._replay()
        return dropped

    # -- replay ------------------------------------------------------------------

    def _replay(self) -> None:
        self.match = Match(self.first_dealer)
        self.deals: list[Deal] = []
        """Every deal of the match so far, the one in play last."""
        for number, actions in enumerate(self.log, 1):
            self._start_deal(number)
            for seat, action in actions:
                if self.deal.phase is Phase.DONE or self.deal.to_act is not seat:
                    raise NotYourTurn(f"deal {number}: {seat} cannot act now: {self.deal.to_act} is to act")
                self.deal.apply(action)
            if self.deal.phase is Phase.DONE:
                self.match.record(self.deal)
            elif number < len(self.log):
                raise IllegalAction(f"deal {number} is not finished, yet another deal follows it")

    def _start_deal(self, number: Optional[int] = None) -> None:
        self._before = self.match.state
        self.deal = self.match.new_deal(_shuffle(self.seed, number or len(self.log)))
        self.deals.append(self.deal)


def _shuffle(seed: int, number: int) -> random.Random:
    """Deal ``number``'s shuffle and cut: its own stream, so that a deal's
    cards do not depend on how the deals before it went."""
    return random.Random(f"altbaumer-play:{seed}:deal:{number}")


def _draw(seed: int, seat: Seat) -> tuple[dict[Seat, Card], Seat]:
    """Each seat's nine and the first dealer: the draw of
    :func:`~altbaumer.game.match.draw_for_partners`, turned so that the
    person's nine lands on ``seat``."""
    seating = draw_for_partners(random.Random(f"altbaumer-play:{seed}:nines"), _DRAWERS)
    drawn_at = next(s for s, name in seating.players.items() if name == _DRAWERS[0])
    turn = (int(seat) - int(drawn_at)) % len(SEATS)
    nines = {Seat((int(s) + turn) % len(SEATS)): seating.nines[name] for s, name in seating.players.items()}
    return nines, Seat((int(seating.first_dealer) + turn) % len(SEATS))
