"""Replay a recorded board: check it against the rules and rebuild the state
it describes.

A :class:`~altbaumer.abn.board.Board` is what a file says; :func:`replay` follows
it through the deal (rules.md, The deal, Making trump, Playing alone,
Following, Winning a trick) and returns a :class:`Replay`: the trump, the
public stock cards, the lone player, the tricks, whose turn it is and every
hand that can be known. Hands may be unknown (``-``): such a seat's cards are
checked only for not being somewhere else, since its duty to follow cannot
be checked. Errors are :class:`~altbaumer.abn.board.AbnError` at the offending line.

>>> from altbaumer.abn.board import read_boards
>>> text = '''[Dealer "S"]
... [Deal "E:K9.9.K9. AQ.A..AJ J.J.AQ.T T.T.JT.K"]
... [Stock "QS QD 9D KS"]
... [Turn "accept"]
... [Discard "KC"]
... [Play "E"]
... 9H AS QH TH
... '''
>>> state = replay(read_boards(text)[0])
>>> state.trump, state.trick_leader, state.phase.value, state.hands[Seat.E].ascii()
(<Suit.SPADES: 1>, <Seat.N: 0>, 'play', '9C QS 9S KH')
>>> replay(read_boards(text.replace("AS QH TH", "AS QH QD"))[0])
Traceback (most recent call last):
...
altbaumer.abn.board.AbnError: <string>:7: S plays QD, but QD is stock card 2, which is out of play
>>> replay(read_boards(text.replace("AS QH TH", "AS KS TH"))[0])
Traceback (most recent call last):
...
altbaumer.abn.board.AbnError: <string>:7: W plays KS, but KS is stock card 4, which is out of play
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from altbaumer.abn.board import AbnError, Board
from altbaumer.game.cards import Card, CardSet, Suit
from altbaumer.game.deal import Accept, Deal, DeclareAlone, Discard, Phase, Play, Refuse, close_trick, phase_actions
from altbaumer.errors import AltbaumerError
from altbaumer.game.position import Position
from altbaumer.game.rules import illegal_play_reason, trump_suit_of_turned
from altbaumer.game.seats import SEATS, Seat, Team, cutter_of, play_order
from altbaumer.game.view import SeatView, Trick

__all__ = ["IncompleteBoard", "Replay", "replay", "seat_view"]

HAND_SIZE = 5
STOCK_SIZE = 4
TRICKS = 5


class IncompleteBoard(AltbaumerError):
    """The board does not record enough (a hidden hand, an unknown stock card)
    for what was asked of it."""


@dataclass
class Replay:
    """The state a board describes, after its last recorded action.

    ``hands`` are the current hands (``None`` when not known from the file);
    ``dealt`` the hands as dealt. ``taken`` is ``None`` when the stock cards
    forehand took are not recorded, ``discards`` when the discard is unknown.
    """

    board: Board
    dealt: dict[Seat, Optional[CardSet]]
    cut_seen: CardSet
    phase: Phase = Phase.TRUMP
    trump: Optional[Suit] = None
    turned: int = 1
    compulsory: Optional[bool] = None
    taken: Optional[CardSet] = CardSet()
    exposed: CardSet = CardSet()
    discards: Optional[CardSet] = None
    lone: Optional[Seat] = None
    lone_passed: tuple[Seat, ...] = ()
    hands: dict[Seat, Optional[CardSet]] = field(default_factory=dict)
    tricks: list[Trick] = field(default_factory=list)
    trick_leader: Optional[Seat] = None
    trick_cards: list[Card] = field(default_factory=list)
    tricks_won: dict[Team, int] = field(default_factory=lambda: {Team.NS: 0, Team.EW: 0})

    @property
    def dealer(self) -> Seat:
        return self.board.dealer

    @property
    def forehand(self) -> Seat:
        return self.board.forehand

    @property
    def cutter(self) -> Seat:
        return cutter_of(self.board.dealer)

    @property
    def makers(self) -> Team:
        return self.forehand.team

    @property
    def absent(self) -> Optional[Seat]:
        return self.lone.partner if self.lone is not None else None

    @property
    def makers_tricks(self) -> int:
        return self.tricks_won[self.makers]

    @property
    def to_act(self) -> Optional[Seat]:
        if self.phase is Phase.PLAY:
            assert self.trick_leader is not None
            return play_order(self.trick_leader, skip=self.absent)[len(self.trick_cards)]
        if self.phase is Phase.LONE:
            return self.forehand if not self.lone_passed else self.forehand.partner
        return None if self.phase is Phase.DONE else self.forehand

    @property
    def is_complete(self) -> bool:
        """Every hand as dealt and every stock card are known."""
        stock = self.board.stock
        return all(h is not None for h in self.dealt.values()) and stock is not None and None not in stock

    def position(self) -> Position:
        """The open position for the solver: from the first lead on (if lone play
        is not recorded, nobody plays alone), with every active hand known
        (else :class:`IncompleteBoard`)."""
        if self.phase in (Phase.TRUMP, Phase.DISCARD):
            raise IncompleteBoard(
                f"{self.board.label()} records no trump making (next: {self.phase.value}); "
                + ("`altbaumer table` shows every choice" if self.is_complete  # the table needs every card
                   else "rate the decision from one seat's knowledge with `altbaumer rate`")
            )
        unknown = [s for s in SEATS if s is not self.absent and self.hands[s] is None]
        if unknown:
            seats = ", ".join(map(str, unknown))
            raise IncompleteBoard(
                f"{self.board.label()}: the hand of {seats} is not known, so it cannot be solved double dummy; "
                "rate the decision from one seat's knowledge with `altbaumer rate`"
            )
        # Lone play not yet declared: the opening lead with nobody alone.
        leader = self.trick_leader if self.trick_leader is not None else self.forehand
        assert self.trump is not None
        hands = {s: (CardSet() if s is self.absent else self.hands[s]) for s in SEATS}
        return Position(hands, self.trump, leader, tuple(self.trick_cards), self.makers, self.lone,
                        (self.tricks_won[Team.NS], self.tricks_won[Team.EW]))  # type: ignore[arg-type]

    def deal(self, as_dealt: bool = False) -> Deal:
        """A :class:`~altbaumer.game.deal.Deal` at the recorded point, or with
        ``as_dealt`` waiting for forehand's trump decision. Needs every hand
        and stock card (and a recorded discard) known, else :class:`IncompleteBoard`."""
        unknown_discard = self.discards is None and self.phase not in (Phase.TRUMP, Phase.DISCARD)
        if not self.is_complete or (unknown_discard and not as_dealt):
            raise IncompleteBoard(f"{self.board.label()} does not record every hand, stock card and discard")
        board = self.board
        deal = Deal.from_hands(board.dealer, self.dealt, board.stock, board.cut_trees)  # type: ignore[arg-type]
        deal.cut_seen = self.cut_seen
        for action in () if as_dealt else self._actions():
            deal.apply(action)
        return deal

    def _actions(self) -> list:
        board = self.board
        actions: list = []
        if board.accepted is None:
            return actions
        actions.append(Accept() if board.accepted else Refuse())
        if self.discards is None:
            return actions
        actions.append(Discard(tuple(self.discards)))
        if self.phase is Phase.LONE:
            return actions
        if self.lone is not None:
            actions += [DeclareAlone(False)] * (self.lone is not self.forehand) + [DeclareAlone(True)]
        else:
            actions += [DeclareAlone(False), DeclareAlone(False)]
        return actions + [Play(p.card) for p in board.played]


def seat_view(state: Replay, seat: Seat) -> SeatView:
    """What ``seat`` knows at the point the board reaches (rules.md, Who knows
    what), built from the record alone: the seat's own hand must be known,
    and so must the stock cards turned face up and, for forehand, the
    discard. Hidden hands in the file are never used: only ``seat``'s own."""
    board = state.board
    hand = state.hands[seat]
    if hand is None:
        raise IncompleteBoard(f"{board.label()}: the file does not give {seat}'s hand")
    if state.phase is Phase.TRUMP and (board.stock is None or board.stock[0] is None):
        raise IncompleteBoard(f"{board.label()}: the turned stock card is not recorded")
    if state.taken is None:
        raise IncompleteBoard(f"{board.label()}: the stock cards forehand took are not recorded")
    if seat is board.forehand and state.phase not in (Phase.TRUMP, Phase.DISCARD) and state.discards is None:
        raise IncompleteBoard(f"{board.label()}: forehand's discard is not recorded, and forehand knows it")
    actor = state.to_act
    legal = phase_actions(state.phase, hand, state.trick_cards, state.trump, len(state.taken)) if seat is actor else []
    return SeatView(
        seat=seat, dealer=board.dealer, forehand=board.forehand, cutter=state.cutter, phase=state.phase.value,
        to_act=actor, hand=hand, cut_offer=(), cut_trees=board.cut_trees, cut_seen=state.cut_seen,
        turned=board.stock[0] if state.phase is Phase.TRUMP else None,  # type: ignore[index]
        accepted=board.accepted, exposed=state.exposed, taken=state.taken, trump=state.trump,
        discards=(state.discards or CardSet()) if seat is board.forehand else None,
        lone=state.lone, tricks=tuple(state.tricks),
        trick_leader=state.trick_leader if state.phase is Phase.PLAY else None,
        trick_cards=tuple(state.trick_cards), tricks_won=(state.tricks_won[Team.NS], state.tricks_won[Team.EW]),
        legal=tuple(legal), lone_passed=state.lone_passed,
    )


def replay(board: Board) -> Replay:
    """Check ``board`` against the rules and return the state it reaches."""
    return _Replayer(board).run()


class _Replayer:
    def __init__(self, board: Board) -> None:
        self.board = board
        self.where: dict[Card, str] = {}  # every card whose place the file gives
        self.discarded = CardSet()  # forehand's discards that the file gives

    def fail(self, tag: str, problem: str) -> AbnError:
        return self.board.error(tag, problem)

    def run(self) -> Replay:
        board = self.board
        self._check_cards()
        state = Replay(board, dict(board.hands), self._cut_seen(), hands=dict(board.hands))
        self._check_order()
        if board.accepted is None:
            return state
        self._turn(state)
        if board.discards is None:
            state.phase = Phase.DISCARD
            return state
        self._discard(state)
        self._alone(state)
        if state.phase is Phase.PLAY:
            self._play(state)
        return state

    # -- what was dealt -----------------------------------------------------

    def _check_cards(self) -> None:
        board = self.board
        for seat in SEATS:
            hand = board.hands[seat]
            if hand is not None and len(hand) != HAND_SIZE:
                raise self.fail("Deal", f"{seat} holds {len(hand)} card{'s' * (len(hand) != 1)}, not {HAND_SIZE}")
            for card in hand or ():
                self._place(card, f"{seat}'s hand", "Deal")
        for i, card in enumerate(board.stock or (), 1):
            if card is not None:
                self._place(card, f"stock card {i}", "Stock")
        if all(h is not None for h in board.hands.values()) and board.stock is not None and None not in board.stock:
            missing = CardSet((1 << 24) - 1) - CardSet(self.where)
            if missing:
                raise self.fail("Stock", f"card{'s' * (len(missing) > 1)} missing from the deal: {missing.ascii()}")
        if board.stock is not None and len(board.stock) != STOCK_SIZE:
            raise self.fail("Stock", f"the stock holds {len(board.stock)} cards, not {STOCK_SIZE}")
        self._check_cut()

    def _place(self, card: Card, place: str, tag: str) -> None:
        if card in self.where:
            raise self.fail(tag, f"card {card.ascii()} appears twice: in {self.where[card]} and in {place}")
        self.where[card] = place

    def _check_cut(self) -> None:
        board = self.board
        cutter = cutter_of(board.dealer)
        trees = board.cut_trees
        if any(not c.is_tree for c in trees):
            raise self.fail("Cut", f"only the Trees (QC, JC) can be taken at the cut, not {trees.ascii()} "
                                   "(rules.md, The deal)")
        hand = board.hands[cutter]
        elsewhere = hand is None and any(c in self.where for c in trees)  # the cutter's hand is unknown
        if (hand is not None and trees - hand) or elsewhere:
            raise self.fail("Cut", f"the Trees taken at the cut ({trees.ascii()}) must be in the cutter's "
                                   f"({cutter}) hand (rules.md, The deal)")
        for card in trees if hand is None else ():
            self.where[card] = f"{cutter}'s hand"  # public: lying face up, they belong to the cutter

    def _cut_seen(self) -> CardSet:
        """Decision D13: the cards seen at the cut and not taken, checked when
        the file gives them (:attr:`Board.default_cut_seen` otherwise)."""
        board = self.board
        fourth = board.stock[3] if board.stock is not None else None
        if board.cut_seen is not None:
            seen = board.cut_seen
            if len(seen) > 1 or (seen and fourth is not None and next(iter(seen)) is not fourth):
                raise self.fail("CutSeen", "a card seen at the cut and not taken is stock card 4 (Decision D13)")
            if seen and len(board.cut_trees) == 2:
                raise self.fail("CutSeen", "the cutter took both Trees, the only cards looked at, so no card was "
                                           "seen at the cut and left (Decision D13)")
            return seen
        return board.default_cut_seen

    def _check_order(self) -> None:
        """Each decision needs the one before it (rules.md, Making trump)."""
        board = self.board
        needs = [("Discard", board.discards is not None, "Turn", board.accepted is not None),
                 ("Alone", board.alone_recorded, "Discard", board.discards is not None),
                 ("Play", board.play_leader is not None, "Discard", board.discards is not None)]
        for tag, present, before, known in needs:
            if present and not known:
                raise self.fail(tag, f"[{tag}] needs [{before}] before it (use \"-\" for cards the reader did not see)")

    # -- making trump -------------------------------------------------------

    def _turn(self, state: Replay) -> None:
        board = self.board
        stock = board.stock or (None,) * STOCK_SIZE
        if board.accepted:
            indicator: Optional[int] = 0 if stock[0] is not None else None
            state.compulsory = False
        else:
            indicator, state.compulsory = self._refusal(stock)
        if indicator is not None:
            state.turned = indicator + 1
            state.exposed = CardSet(stock[:indicator])  # type: ignore[arg-type]
            state.taken = CardSet(stock[indicator])  # type: ignore[arg-type]
            state.trump = trump_suit_of_turned(stock[indicator])  # type: ignore[arg-type]
        elif state.compulsory:
            state.turned = STOCK_SIZE
            state.taken = CardSet(stock)  # type: ignore[arg-type]
            state.trump = trump_suit_of_turned(stock[0])  # type: ignore[arg-type]
        else:
            state.taken = None
            state.exposed = CardSet(c for c in stock[:1] if c is not None and not board.accepted)
        self._check_trump(state)
        if state.compulsory is None and stock[0] is not None:
            # Stock cards hide the indicator, but a refused suit can only be trump
            # in the compulsory case (rules.md, Making trump, 3).
            state.compulsory = state.trump is trump_suit_of_turned(stock[0])
        fh = board.forehand
        dealt = state.dealt[fh]
        state.hands[fh] = None if dealt is None or state.taken is None else dealt | state.taken

    def _refusal(self, stock: tuple[Optional[Card], ...]) -> tuple[Optional[int], Optional[bool]]:
        """The indicator's position after a refusal, and whether all four were
        one suit; ``None`` where unknown stock cards hide it."""
        if stock[0] is None:
            return None, None
        refused = trump_suit_of_turned(stock[0])
        for i in range(1, STOCK_SIZE):
            if stock[i] is None:
                return None, None
            if trump_suit_of_turned(stock[i]) is not refused:  # type: ignore[arg-type]
                return i, False
        return None, True

    def _check_trump(self, state: Replay) -> None:
        written = self.board.trump
        if state.trump is None:
            if written is None:
                raise self.fail("Turn", "the stock cards turned are not recorded, so the trump is unknown: "
                                        "give the stock or a [Trump] tag")
            state.trump = written
        elif written is not None and written is not state.trump:
            taken = state.taken.ascii() if state.taken else "?"
            raise self.fail("Trump", f"the stock and the turn make {state.trump.name.lower()} trump (forehand takes "
                                     f"{taken}), not {written.name.lower()} (rules.md, Making trump)")

    def _discard(self, state: Replay) -> None:
        board = self.board
        discards = board.discards or ()
        if state.compulsory is not None:
            need = STOCK_SIZE if state.compulsory else 1
            if len(discards) != need:
                why = "takes all four stock cards (compulsory case)" if state.compulsory else "takes one stock card"
                raise self.fail("Discard", f"forehand {why} and must discard {need}, not {len(discards)} "
                                           "(rules.md, Making trump)")
        elif len(discards) not in (1, STOCK_SIZE):
            raise self.fail("Discard", f"forehand discards 1 card (4 in the compulsory case), not {len(discards)}")
        known = [c for c in discards if c is not None]
        if len(set(known)) != len(known):
            raise self.fail("Discard", "forehand discards a card twice")
        fh = self.board.forehand
        dealt = state.dealt[fh]
        enlarged = None if dealt is None or state.taken is None else dealt | state.taken
        for card in known:
            place = self.where.get(card)
            elsewhere = place is not None and place != f"{fh}'s hand" and not (state.taken and card in state.taken)
            if (enlarged is not None and card not in enlarged) or elsewhere:
                raise self.fail("Discard", f"forehand ({fh}) does not hold {card.ascii()} (rules.md, Making trump)")
        complete = len(known) == len(discards)
        self.discarded = CardSet(known)  # out of play even when the rest of the discard is unknown
        state.discards = CardSet(known) if complete else None
        state.hands[fh] = enlarged - CardSet(known) if enlarged is not None and complete else None
        state.phase = Phase.LONE

    def _alone(self, state: Replay) -> None:
        board = self.board
        fh = board.forehand
        if not board.alone_recorded and board.play_leader is None:
            return
        lone = board.alone
        if lone is not None and lone.team is not fh.team:
            raise self.fail("Alone", f"{lone} is a defender: only a maker ({fh} or {fh.partner}) may play alone "
                                     "(rules.md, Playing alone)")
        state.lone = lone
        state.lone_passed = (fh, fh.partner) if lone is None else ((fh,) if lone is fh.partner else ())
        state.phase = Phase.PLAY
        state.trick_leader = fh if state.absent is not fh else fh.next()

    # -- the play -----------------------------------------------------------

    def _play(self, state: Replay) -> None:
        board = self.board
        if board.play_leader is None:
            return
        if board.play_leader is not state.trick_leader:
            who = "forehand" if state.trick_leader is board.forehand else f"forehand {board.forehand} sits out"
            raise self.fail("Play", f"wrong leader: {state.trick_leader} leads the first trick ({who}), not "
                                    f"{board.play_leader} (rules.md, Playing alone)")
        if len(board.tricks) > TRICKS:
            raise self._trick_error(TRICKS, f"there are {len(board.tricks)} trick lines; a deal has {TRICKS} tricks")
        played = CardSet()
        for t, trick in enumerate(board.tricks):
            order = play_order(state.trick_leader, skip=state.absent)  # type: ignore[arg-type]
            size = len(order)
            if len(trick) > size or (len(trick) < size and t < len(board.tricks) - 1):
                raise self._trick_error(t, f"trick {t + 1} has {len(trick)} card{'s' * (len(trick) != 1)}; a trick has "
                                           f"{size} and only the last line may stop in the middle of a trick")
            for seat, entry in zip(order, trick):
                self._check_card(state, t, seat, entry.card, played)
                played = played | entry.card
                state.trick_cards.append(entry.card)
            if len(trick) == size:
                close_trick(state, order)
        self._check_result(state)

    def _trick_error(self, t: int, problem: str) -> AbnError:
        lines = self.board.trick_lines
        line = lines[t] if t < len(lines) else self.board.line("Play")
        return AbnError(self.board.source, line, problem)

    def _check_card(self, state: Replay, t: int, seat: Seat, card: Card, played: CardSet) -> None:
        if card in played:
            raise self._trick_error(t, f"{seat} plays {card.ascii()}, which was already played")
        place = self.where.get(card)
        fh = self.board.forehand
        taken = state.taken is not None and card in state.taken
        if card in self.discarded:
            raise self._trick_error(t, f"{seat} plays {card.ascii()}, which forehand ({fh}) discarded")
        if place is not None and place != f"{seat}'s hand" and not (taken and seat is fh):
            if taken:  # a stock card forehand took is in forehand's hand, not out of play
                where = f"in {fh}'s hand (forehand took it from the stock)"
            else:
                where = f"{place}, which is out of play" if place.startswith("stock") else f"in {place}"
            raise self._trick_error(t, f"{seat} plays {card.ascii()}, but {card.ascii()} is {where}")
        hand = state.hands[seat]
        if hand is not None:
            reason = illegal_play_reason(str(seat), hand, state.trick_cards, state.trump, card)  # type: ignore[arg-type]
            if reason is not None:
                raise self._trick_error(t, reason)
            state.hands[seat] = hand - card


    def _check_result(self, state: Replay) -> None:
        result = self.board.result
        if result is None or state.phase is not Phase.DONE or result == state.makers_tricks:
            return
        raise self.fail("Result", f"the play gives the makers ({state.makers}) {state.makers_tricks} "
                                  f"trick{'s' * (state.makers_tricks != 1)}, not {result}")
