"""The replay of a recorded board into a game record: the board checked
against the rules, and the state of the deal before every decision and card.

A :class:`~altbaumer.abn.board.Board` is what a file says. :func:`replay`
applies its recorded actions, in order, to the one deal state
(:class:`~altbaumer.game.deal.Deal`, which follows a deal known only in part)
and returns a :class:`GameRecord`: a :class:`Node` per action, holding the
state just before it, and the state after the last one. The rules are the
deal state's; this module adds what only a file can get wrong (a card written
in two places, a trick line too long, a leader or result that does not fit)
and places every error at its line as an :class:`~altbaumer.errors.AbnError`.
The variations of the play are checked the same way, each from the state
just before the card it replaces; the record itself is the main line.

Hands may be unknown (``-``): such a seat's cards are checked only for not
being somewhere else in the file, since its duty to follow cannot be checked.

>>> from altbaumer.abn import read_boards
>>> text = '''[Dealer "S"]
... [Deal "E:K9.9.K9. AQ.A..AJ J.J.AQ.T T.T.JT.K"]
... [Stock "QS QD 9D KS"]
... [Turn "accept"]
... [Discard "KC"]
... [Play "E"]
... 9H AS QH TH
... '''
>>> record = replay(read_boards(text)[0])
>>> state = record.state
>>> state.trump, state.trick_leader, state.phase.value, state.hands[Seat.E].ascii()
(<Suit.SPADES: 1>, <Seat.N: 0>, 'play', '9C QS 9S KH')
>>> [(node.seat, str(node.action)) for node in record.nodes][:3]
[(<Seat.E: 1>, 'accepts'), (<Seat.E: 1>, 'discards K♣'), (<Seat.E: 1>, 'does not play alone')]
>>> record.nodes[-1].state.view(Seat.W).hand.ascii()
'JC JS AH TD'
>>> replay(read_boards(text.replace("AS QH TH", "AS QH QD"))[0])
Traceback (most recent call last):
...
altbaumer.errors.AbnError: <string>:7: S plays QD, but QD is stock card 2, which is out of play
>>> replay(read_boards(text.replace("AS QH TH", "AS KS TH"))[0])
Traceback (most recent call last):
...
altbaumer.errors.AbnError: <string>:7: W plays KS, but KS is stock card 4, which is out of play
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Iterator, NamedTuple, Optional

from altbaumer.abn.board import ALONE_PASSED, Board, PlayedCard
from altbaumer.errors import AbnError, AltbaumerError, IncompleteBoard, IncompleteDeal
from altbaumer.game.cards import Card, CardSet
from altbaumer.game.actions import Accept, Action, DeclareAlone, Discard, Phase, Play, Refuse
from altbaumer.game.arguments import instance
from altbaumer.game.deal import Deal
from altbaumer.game.deal_rules import HAND_SIZE, STOCK_SIZE, TRICKS, default_cut_seen
from altbaumer.game.position import Position
from altbaumer.game.seats import SEATS, Seat, cutter_of, play_order
from altbaumer.game.view import SeatView
from altbaumer.lang import _, ngettext

__all__ = ["IncompleteBoard", "Node", "GameRecord", "replay"]

DECISION_TAGS = {Accept: "Turn", Refuse: "Turn", Discard: "Discard", DeclareAlone: "Alone", Play: "Play"}
"""The ABN tag that records each kind of action."""


@dataclass(frozen=True)
class Node:
    """One recorded action: the deal's state just before it, who took it and
    where the file records it (``trick`` and ``played`` for a card: the trick's
    number from 1 and the card as written, with its marks and commentary)."""

    state: Deal
    seat: Seat
    action: Action
    line: Optional[int]
    trick: Optional[int] = None
    played: Optional[PlayedCard] = None

    @property
    def tag(self) -> str:
        """The ABN tag that records the action."""
        return DECISION_TAGS[type(self.action)]

    def view(self, seat: Optional[Seat] = None) -> SeatView:
        """What ``seat`` (by default the seat acting) knew just before the action."""
        return self.state.view(self.seat if seat is None else seat)


@dataclass
class GameRecord:
    """A board replayed: a :class:`Node` per recorded action, in order, and
    ``state``, the deal after the last of them."""

    board: Board
    nodes: list[Node]
    state: Deal

    def __iter__(self) -> Iterator[Node]:
        return iter(self.nodes)

    @property
    def label(self) -> str:
        return self.board.label()

    def cards(self) -> list[Node]:
        """The nodes of the card play, in order."""
        return [node for node in self.nodes if isinstance(node.action, Play)]

    def view(self, seat: Seat) -> SeatView:
        """What ``seat`` knows at the point the board reaches, from the record
        alone (:class:`~altbaumer.errors.IncompleteBoard` when the file does
        not give what the seat knows)."""
        return _view(self.board, self.state, seat)

    def node_view(self, node: Node, seat: Optional[Seat] = None) -> SeatView:
        """:meth:`Node.view`, with the board named when the file lacks what the seat knew."""
        return _view(self.board, node.state, node.seat if seat is None else seat)

    def position(self) -> Position:
        """The open position for the solver at the point the board reaches:
        from the first lead on (if lone play is not recorded, nobody plays
        alone), with every active hand known (else IncompleteBoard)."""
        return self.node_position(None)

    def node_position(self, node: Optional[Node]) -> Position:
        """:meth:`position` just before ``node`` (``None``: at the end)."""
        state = self.state if node is None else node.state
        if state.phase in (Phase.TRUMP, Phase.DISCARD):
            if state.is_complete:  # the table needs every card
                said = _("{board} records no trump making (next: {phase}); `altbaumer table` shows every choice")
            else:
                said = _("{board} records no trump making (next: {phase}); rate the decision from one seat's "
                         "knowledge with `altbaumer rate`")
            raise IncompleteBoard(said.format(board=self.label, phase=state.phase.value))
        try:
            return Position.from_deal(state)
        except IncompleteDeal as error:
            raise IncompleteBoard(_("{board}: {problem}, so it cannot be solved double dummy; rate the decision "
                                    "from one seat's knowledge with `altbaumer rate`")
                                  .format(board=self.label, problem=error)) from None

    def deal(self, as_dealt: bool = False) -> Deal:
        """A copy of the deal at the recorded point, or with ``as_dealt`` at
        forehand's trump decision. Needs every hand and stock card (and a
        recorded discard) known, else :class:`~altbaumer.errors.IncompleteBoard`."""
        state = self.state
        unknown_discard = state.discards is None and state.phase not in (Phase.TRUMP, Phase.DISCARD)
        if not state.is_complete or (unknown_discard and not as_dealt):
            raise IncompleteBoard(_("{board} does not record every hand, stock card and discard").format(board=self.label))
        return (self.nodes[0].state if as_dealt and self.nodes else state).copy()


def _view(board: Board, state: Deal, seat: Seat) -> SeatView:
    try:
        return state.view(seat)
    except IncompleteDeal as error:
        raise IncompleteBoard(f"{board.label()}: {error}") from None


def replay(board: Board) -> GameRecord:
    """Check ``board`` against the rules and return its game record."""
    hint = " (load_boards(path) reads a file's boards)" if isinstance(board, (str, os.PathLike)) else ""
    instance(board, Board, "board", "replay", hint)
    return _Replayer(board).run()


class _Place(NamedTuple):
    """Where the file puts a card: a seat's hand, or the stock card ``stock`` (from 1)."""

    seat: Optional[Seat] = None
    stock: int = 0

    def named(self) -> object:
        """The seat, or the stock card's number, as the messages name the place."""
        return self.stock if self.seat is None else self.seat


@dataclass
class _Replayer:
    board: Board
    where: dict[Card, _Place] = field(default_factory=dict)  # every card whose place the file gives
    discarded: CardSet = CardSet()  # forehand's discards that the file gives
    nodes: list[Node] = field(default_factory=list)

    def fail(self, tag: str, problem: str) -> AbnError:
        return self.board.error(tag, problem)

    def run(self) -> GameRecord:
        board = self.board
        self._check_cards()
        cut_seen = self._cut_seen()
        self._check_order()
        try:
            state = Deal.from_hands(board.dealer, board.hands, board.stock or (None,) * STOCK_SIZE,
                                    board.cut_trees, cut_seen)
        except AltbaumerError as error:  # the checks above give every located error first
            raise self.fail("Deal", str(error)) from None
        if board.accepted is not None:
            self._apply(state, Accept() if board.accepted else Refuse(), "Turn")
            self._check_trump(state)
            if board.discards is not None:
                self._discard(state)
                self._alone(state)
                self._play(state)
        return GameRecord(board, self.nodes, state)

    def _apply(self, state: Deal, action: Action, tag: str, line: Optional[int] = None,
               trick: Optional[int] = None, played: Optional[PlayedCard] = None) -> None:
        actor = state.to_act
        assert actor is not None
        where = self.board.line(tag) if line is None else line
        self.nodes.append(Node(state.copy(), actor, action, where, trick, played))
        self._step(state, action, where)

    def _step(self, state: Deal, action: Action, line: Optional[int]) -> None:
        """Apply ``action``, a rule it breaks an error at ``line``."""
        try:
            state.apply(action)
        except AltbaumerError as error:
            raise AbnError(self.board.source, line, str(error)) from None

    # -- what was dealt -----------------------------------------------------

    def _check_cards(self) -> None:
        board = self.board
        for seat in SEATS:
            hand = board.hands[seat]
            if hand is not None and len(hand) != HAND_SIZE:
                raise self.fail("Deal", ngettext("{seat} holds {count} card, not {size}",
                                                 "{seat} holds {count} cards, not {size}", len(hand))
                                .format(seat=seat, count=len(hand), size=HAND_SIZE))
            for card in hand or ():
                self._place(card, _Place(seat=seat), "Deal")
        for i, stock_card in enumerate(board.stock or (), 1):
            if stock_card is not None:
                self._place(stock_card, _Place(stock=i), "Stock")
        if all(h is not None for h in board.hands.values()) and board.stock is not None and None not in board.stock:
            missing = CardSet((1 << 24) - 1) - CardSet(self.where)
            if missing:
                raise self.fail("Stock", ngettext("card missing from the deal: {cards}",
                                                  "cards missing from the deal: {cards}", len(missing))
                                .format(cards=missing.ascii()))
        if board.stock is not None and len(board.stock) != STOCK_SIZE:
            raise self.fail("Stock", _("the stock holds {count} cards, not {size}")
                            .format(count=len(board.stock), size=STOCK_SIZE))
        self._check_cut()

    def _place(self, card: Card, place: _Place, tag: str) -> None:
        first = self.where.get(card)
        if first is not None:  # the hands come before the stock
            if first.seat is not None and place.seat is not None:
                said = _("card {card} appears twice: in {first}'s hand and in {second}'s hand")
            elif first.seat is not None:
                said = _("card {card} appears twice: in {first}'s hand and in stock card {second}")
            else:
                said = _("card {card} appears twice: in stock card {first} and in stock card {second}")
            raise self.fail(tag, said.format(card=card.ascii(), first=first.named(), second=place.named()))
        self.where[card] = place

    def _check_cut(self) -> None:
        board = self.board
        cutter = cutter_of(board.dealer)
        trees = board.cut_trees
        if any(not c.is_tree for c in trees):
            raise self.fail("Cut", _("only the Trees (QC, JC) can be taken at the cut, not {cards}")
                            .format(cards=trees.ascii()) + " (rules.md, The deal)")
        hand = board.hands[cutter]
        elsewhere = hand is None and any(c in self.where for c in trees)  # the cutter's hand is unknown
        if (hand is not None and trees - hand) or elsewhere:
            raise self.fail("Cut", _("the Trees taken at the cut ({cards}) must be in the cutter's ({cutter}) hand")
                            .format(cards=trees.ascii(), cutter=cutter) + " (rules.md, The deal)")
        for card in trees if hand is None else ():
            self.where[card] = _Place(seat=cutter)  # public: lying face up, they belong to the cutter

    def _cut_seen(self) -> CardSet:
        """Decision D13: the cards seen at the cut and not taken, checked when
        the file gives them (the rule's default otherwise)."""
        board = self.board
        if board.cut_seen is None:
            return default_cut_seen(board.stock, board.cut_trees)
        seen = board.cut_seen
        fourth = default_cut_seen(board.stock, CardSet())
        if len(seen) > 1 or (seen and fourth and seen != fourth):
            raise self.fail("CutSeen", _("a card seen at the cut and not taken is stock card 4") + " (Decision D13)")
        if seen and len(board.cut_trees) == 2:
            raise self.fail("CutSeen", _("the cutter took both Trees, the only cards looked at, so no card was "
                                         "seen at the cut and left") + " (Decision D13)")
        return seen

    def _check_order(self) -> None:
        """Each decision needs the one before it (rules.md, Making trump)."""
        board = self.board
        needs = [("Discard", board.discards is not None, "Turn", board.accepted is not None),
                 ("Alone", board.alone_recorded or board.alone_passed, "Discard", board.discards is not None),
                 ("Play", board.play_leader is not None, "Discard", board.discards is not None)]
        for tag, present, before, known in needs:
            if present and not known:
                raise self.fail(tag, _('[{tag}] needs [{before}] before it (use "-" for cards the reader did not see)')
                                .format(tag=tag, before=before))

    # -- making trump -------------------------------------------------------

    def _check_trump(self, state: Deal) -> None:
        written = self.board.trump
        if state.trump is None and written is None:
            raise self.fail("Turn", _("the stock cards turned are not recorded, so the trump is unknown: "
                                      "give the stock or a [Trump] tag"))
        if written is not None:
            try:
                state.reveal_trump(written)
            except AltbaumerError as error:
                raise self.fail("Trump", str(error)) from None

    def _discard(self, state: Deal) -> None:
        board = self.board
        discards = board.discards or ()
        fh = board.forehand
        known = [c for c in discards if c is not None]
        self._apply(state, Discard(tuple(discards)), "Discard")
        for card in known:
            # A card the file places elsewhere cannot be in forehand's hand, even when that hand is unknown.
            place = self.where.get(card)
            if place is not None and place.seat is not fh and not (state.taken and card in state.taken):
                raise self.fail("Discard", _("forehand ({seat}) does not hold {card}").format(seat=fh, card=card.ascii())
                                + " (rules.md, Making trump)")
        self.discarded = CardSet(known)  # out of play even when the rest of the discard is unknown

    def _alone(self, state: Deal) -> None:
        board = self.board
        if board.alone_passed:
            if board.play_leader is not None:
                raise self.fail("Play", _("[Alone \"{passed}\"] leaves the lone choice of forehand's partner to "
                                          "come, so no play can follow it").format(passed=ALONE_PASSED))
            self._apply(state, DeclareAlone(False), "Alone")
            return
        if not board.alone_recorded and board.play_leader is None:
            return
        fh, lone = board.forehand, board.alone
        if lone is not None and lone.team is not fh.team:
            raise self.fail("Alone", _("{seat} is a defender: only a maker ({forehand} or {partner}) may play alone")
                            .format(seat=lone, forehand=fh, partner=fh.partner) + " (rules.md, Playing alone)")
        if lone is not fh:
            self._apply(state, DeclareAlone(False), "Alone")
        if lone is not None:
            self._apply(state, DeclareAlone(True), "Alone")
        elif state.phase is Phase.LONE:
            self._apply(state, DeclareAlone(False), "Alone")

    # -- the play -----------------------------------------------------------

    def _play(self, state: Deal) -> None:
        board = self.board
        if board.play_leader is None:
            return
        if board.play_leader is not state.trick_leader:
            if state.trick_leader is board.forehand:
                said = _("wrong leader: {leader} leads the first trick (forehand), not {written}")
            else:
                said = _("wrong leader: {leader} leads the first trick (forehand {forehand} sits out), not {written}")
            raise self.fail("Play", said.format(leader=state.trick_leader, forehand=board.forehand,
                                                written=board.play_leader) + " (rules.md, Playing alone)")
        if len(board.tricks) > TRICKS:
            raise self._trick_error(TRICKS, _("there are {count} trick lines; a deal has {tricks} tricks")
                                    .format(count=len(board.tricks), tricks=TRICKS))
        played = CardSet()
        for t, trick in enumerate(board.tricks):
            assert state.trick_leader is not None
            size = len(play_order(state.trick_leader, skip=state.absent))
            if len(trick) > size or (len(trick) < size and t < len(board.tricks) - 1):
                raise self._trick_error(t, ngettext(
                    "trick {trick} has {count} card; a trick has {size} and only the last line may stop in the "
                    "middle of a trick",
                    "trick {trick} has {count} cards; a trick has {size} and only the last line may stop in the "
                    "middle of a trick", len(trick)).format(trick=t + 1, count=len(trick), size=size))
            for entry in trick:
                seat = state.to_act
                assert seat is not None
                line = self._trick_line(t)
                self._check_card(state, line, seat, entry.card, played)
                self._apply(state, Play(entry.card), "Play", line, t + 1, entry)
                self._check_variations(self.nodes[-1].state, entry, played, line)
                played = played | entry.card
        self._check_result(state)

    def _check_variations(self, before: Deal, varied: PlayedCard, played: CardSet, line: Optional[int]) -> None:
        """Play each variation of ``varied`` from ``before``, the state just
        before it (``played``: the cards played by then), with the checks of a
        main-line card; then the variations of the variation's cards, each from
        its own state. ``line`` is ``varied``'s, for cards the reader did not place."""
        for variation in varied.variations:
            if not variation or variation[0].card == varied.card:  # PGN allows it, but it says nothing
                if variation:
                    said = _("a variation of {card} starts with {card}, the card it replaces: "
                             "a variation plays another card instead")
                else:
                    said = _("a variation of {card} holds no card: a variation plays another card instead")
                first = line if not variation or variation[0].line is None else variation[0].line
                raise AbnError(self.board.source, first, said.format(card=varied.card.ascii()))
            state, seen = before.copy(), played
            for entry in variation:
                where = line if entry.line is None else entry.line
                seat = state.to_act
                if seat is None:
                    raise AbnError(self.board.source, where, _("a variation plays {card} after the last trick: "
                                                               "a deal has {tricks} tricks")
                                   .format(card=entry.card.ascii(), tricks=TRICKS))
                self._check_card(state, where, seat, entry.card, seen)
                snapshot = state.copy() if entry.variations else state  # without variations, nothing reads it
                self._step(state, Play(entry.card), where)
                self._check_variations(snapshot, entry, seen, where)
                seen = seen | entry.card

    def _trick_line(self, t: int) -> Optional[int]:
        lines = self.board.trick_lines
        return lines[t] if t < len(lines) else self.board.line("Play")

    def _trick_error(self, t: int, problem: str) -> AbnError:
        return AbnError(self.board.source, self._trick_line(t), problem)

    def _check_card(self, state: Deal, line: Optional[int], seat: Seat, card: Card, played: CardSet) -> None:
        """What the file says of the card's place: held by someone else, out of
        play, already played (the deal state checks the duty to follow); an
        error at ``line``, the card's."""
        source = self.board.source
        if card in played:
            raise AbnError(source, line, _("{seat} plays {card}, which was already played")
                           .format(seat=seat, card=card.ascii()))
        place = self.where.get(card)
        fh = self.board.forehand
        taken = state.taken is not None and card in state.taken
        if card in self.discarded:
            raise AbnError(source, line, _("{seat} plays {card}, which forehand ({forehand}) discarded")
                           .format(seat=seat, card=card.ascii(), forehand=fh))
        if place is not None and place.seat is not seat and not (taken and seat is fh):
            if taken:  # a stock card forehand took is in forehand's hand, not out of play
                said = _("{seat} plays {card}, but {card} is in {holder}'s hand (forehand took it from the stock)")
            elif place.seat is None:
                said = _("{seat} plays {card}, but {card} is stock card {number}, which is out of play")
            else:
                said = _("{seat} plays {card}, but {card} is in {holder}'s hand")
            raise AbnError(source, line, said.format(seat=seat, card=card.ascii(), holder=place.seat if not taken
                                                     else fh, number=place.stock))

    def _check_result(self, state: Deal) -> None:
        result = self.board.result
        if result is None or state.phase is not Phase.DONE or result == state.makers_tricks:
            return
        raise self.fail("Result", ngettext("the play gives the makers ({makers}) {count} trick, not {result}",
                                           "the play gives the makers ({makers}) {count} tricks, not {result}",
                                           state.makers_tricks)
                        .format(makers=state.makers, count=state.makers_tricks, result=result))
