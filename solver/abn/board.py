"""The board: what a deal file records of one deal (docs/format.md).

A :class:`Board` holds the deal as written, decisions and play included, with
unknown parts as ``None``. It knows nothing of the text or JSON form
(:mod:`altbaumer.abn.reader`, :mod:`altbaumer.abn.writer`,
:mod:`altbaumer.abn.json_format`) and does not check the rules
(:mod:`altbaumer.abn.record` does).

>>> from altbaumer.game.cards import Card
>>> board = Board(Seat.S, tags={"Board": "7"}, accepted=True, play_leader=Seat.E,
...               tricks=[(PlayedCard(Card.parse("QC"), "!"),)])
>>> board.label(), board.forehand, [p.card.ascii() for p in board.played]
('board 7', <Seat.E: 1>, ['QC'])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional

from altbaumer.errors import AbnError, InvalidScore
from altbaumer.game.cards import Card, CardSet, Suit
from altbaumer.game.actions import Phase
from altbaumer.game.deal import Deal
from altbaumer.game.deal_rules import default_cut_seen
from altbaumer.game.display import Block, Cards, Compass, Line, Para, Piece, Styled, html, markup, seat_roles
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import SEATS, Seat, Team, cutter_of, forehand_of
from altbaumer.lang import _

__all__ = [
    "MARKS",
    "MAX_VARIATION_DEPTH",
    "HEADER_TAGS",
    "GAME_TAGS",
    "SCORE_TAG",
    "TAG_NAME",
    "PlayedCard",
    "Board",
    "check_descriptive_tag",
    "check_mark",
    "parse_score",
    "board_from_deal",
    "board_for_seat",
    "ALONE_PASSED",
]

MARKS = ("!!", "!?", "?!", "??", "!", "?")
"""Marks a played card may carry, as in PGN: good, interesting, dubious, blunder, good, mistake.
Longest first, so that a reader trying them in order finds ``??`` before ``?``."""

MAX_VARIATION_DEPTH = 20
"""How deep variations may nest, a variation inside a variation counting one
more. Far past any analysis of a 20-card deal, and short of Python's recursion
limit, which a file nesting thousands deep would reach as a traceback instead
of an error naming its line (docs/format.md, Limits)."""

HEADER_TAGS = ("Event", "Site", "Date", "Board", "North", "East", "South", "West")
"""Descriptive tags, written first in this order; any other unknown tag follows them."""

GAME_TAGS = ("Dealer", "Deal", "Stock", "Cut", "CutSeen", "Turn", "Trump", "Discard", "Alone", "Result", "Play")
"""Tags with a meaning in the game, written after the descriptive ones in this order."""

ALONE_PASSED = "pass"
"""The ``Alone`` value of a record that stops between the two lone choices:
forehand declined to play alone and its partner's choice is still to come."""

SCORE_TAG = "Score"
"""The score before the deal (:func:`parse_score`): kept among the descriptive tags, but checked."""

TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
"""What a tag may be called."""

_DATE = re.compile(r"^(\d{4}|\?{4})\.(\d{2}|\?\?)\.(\d{2}|\?\?)$")


def check_descriptive_tag(name: str, value: object) -> None:
    """Raise :class:`ValueError` unless ``[name "value"]`` can stand among a
    board's descriptive tags: a well-formed name that is not a game tag, a
    ``Date`` written ``YYYY.MM.DD`` (``??`` for unknown parts), and a ``Score``
    that :func:`parse_score` reads. An empty ``Date`` or ``Score`` is unknown.
    ``value`` is taken as given: JSON may give a number, which is kept as its text.

    >>> check_descriptive_tag("Date", "2026.11.??")
    >>> check_descriptive_tag("Date", "28.11.2026")
    Traceback (most recent call last):
    ...
    ValueError: malformed date '28.11.2026': write it as YYYY.MM.DD (?? for unknown parts)
    """
    if not TAG_NAME.fullmatch(name) or name in GAME_TAGS:
        raise ValueError(_("tag name {name} is not a descriptive tag (letters, digits, _; not a game tag)")
                         .format(name=repr(name)))
    if name == "Date" and value and not _DATE.match(str(value)):
        raise ValueError(_("malformed date {date}: write it as YYYY.MM.DD (?? for unknown parts)").format(date=repr(value)))
    if name == SCORE_TAG and str(value).strip():
        parse_score(str(value), Team.NS)  # the makers come from the board's dealer; the text is valid for either


def parse_score(text: str, makers: Team) -> MatchState:
    """The score before a deal, as a ``Score`` tag or ``--score`` states it
    (:meth:`MatchState.parse <altbaumer.game.match_state.MatchState.parse>`),
    with ``makers`` making trump in that deal. A match already won has no deal
    to come, so its score is refused too (:class:`~altbaumer.errors.InvalidScore`).

    >>> print(parse_score("3:-1 rounds 1:0", Team.EW))
    3:-1 rounds 1:0
    >>> parse_score("rounds 2:1", Team.NS)
    Traceback (most recent call last):
    ...
    altbaumer.errors.InvalidScore: score 'rounds 2:1': N-S have already won the match, so no deal follows
    """
    try:
        state = MatchState.parse(text, makers)
    except InvalidScore as error:  # name the score in every message: JSON, say, quotes no tag with it
        problem = str(error)
        raise InvalidScore(problem if problem.startswith("score ")
                           else _("score {score}: {problem}").format(score=repr(text), problem=problem)) from None
    if state.winner is not None:
        raise InvalidScore(_("score {score}: {team} have already won the match, so no deal follows")
                           .format(score=repr(text), team=state.winner))
    return state


def check_mark(mark: str) -> str:
    """``mark`` if it is one of :data:`MARKS` or empty; else :class:`ValueError`.

    >>> check_mark("?!")
    '?!'
    """
    if mark and mark not in MARKS:
        raise ValueError(_("unknown mark {mark} (use {marks})").format(mark=repr(mark), marks=", ".join(MARKS)))
    return mark


@dataclass(frozen=True)
class PlayedCard:
    """A card of the play with its optional mark (``?``, ``!``, …), commentary
    and variations.

    Several commentary blocks on one card are the lines of ``comment``. Each
    of ``variations`` is an alternative to this card: the cards played from its
    place on instead of it, the first in its stead, then on across tricks, each
    with its own marks, commentary and variations (docs/format.md, Variations).
    ``line`` is where the reader found the card, for the errors of the replay;
    it takes no part in equality, so a board read back equals the one written.

    >>> nine = PlayedCard(Card.parse("9H"), variations=((PlayedCard(Card.parse("KH"), "!"),),))
    >>> nine.variations[0][0].mark, nine == PlayedCard(Card.parse("9H"))
    ('!', False)
    """

    card: Card
    mark: str = ""
    comment: Optional[str] = None
    variations: tuple[tuple[PlayedCard, ...], ...] = ()
    line: Optional[int] = field(default=None, compare=False, repr=False)


def _no_lines() -> dict[str, int]:
    return {}


@dataclass
class Board:
    """One board of a deal file: what was dealt and what was recorded of it.

    Unknown parts are ``None``: a hand (``-`` in the file), a stock card, a
    discarded card. Everything is stored as written; :func:`altbaumer.abn.record.replay`
    checks it against the rules. ``tags`` keeps the descriptive and unknown
    tags in file order, ``comments`` the commentary after each tag, ``notes``
    the ``%`` lines and any commentary before the first tag. ``tricks`` are
    the play lines, one per trick, leader first.

    >>> board = Board(Seat.S, hands={Seat.E: CardSet.parse("QC JC AS KH TH")})
    >>> board.forehand, board.hands[Seat.N] is None
    (<Seat.E: 1>, True)
    """

    dealer: Seat
    tags: dict[str, str] = field(default_factory=dict)
    hands: dict[Seat, Optional[CardSet]] = field(default_factory=dict)
    deal_first: Optional[Seat] = None
    stock: Optional[tuple[Optional[Card], ...]] = None
    cut_trees: CardSet = CardSet()
    cut_seen: Optional[CardSet] = None
    accepted: Optional[bool] = None
    trump: Optional[Suit] = None
    discards: Optional[tuple[Optional[Card], ...]] = None
    alone: Optional[Seat] = None
    alone_recorded: bool = False
    alone_passed: bool = False
    """Forehand declined to play alone and the record stops before its
    partner's choice (:data:`ALONE_PASSED`); ``alone_recorded`` is then false."""
    play_leader: Optional[Seat] = None
    tricks: list[tuple[PlayedCard, ...]] = field(default_factory=list)
    result: Optional[int] = None
    comments: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    source: str = field(default="<board>", compare=False)
    lines: dict[str, int] = field(default_factory=_no_lines, compare=False, repr=False)
    """Line of each tag in the file (and ``"@"`` for the board's first line)."""
    trick_lines: list[int] = field(default_factory=list, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.hands = {s: self.hands.get(s) for s in SEATS}
        if self.deal_first is None and any(h is not None for h in self.hands.values()):
            self.deal_first = self.forehand  # the writer's default, so written and read boards compare equal

    @property
    def forehand(self) -> Seat:
        return forehand_of(self.dealer)

    @property
    def number(self) -> Optional[str]:
        """The ``Board`` tag, if any."""
        return self.tags.get("Board")

    @property
    def default_cut_seen(self) -> CardSet:
        """Decision D13: what the cut showed and the cutter left, when the file
        does not say (:func:`altbaumer.game.deal_rules.default_cut_seen`)."""
        return default_cut_seen(self.stock, self.cut_trees)

    @property
    def played(self) -> list[PlayedCard]:
        return [p for trick in self.tricks for p in trick]

    def line(self, tag: str) -> Optional[int]:
        """The file line of ``tag`` (or of the board's start when the tag is absent)."""
        return self.lines.get(tag, self.lines.get("@"))

    def error(self, tag: str, problem: str) -> AbnError:
        """An :class:`~altbaumer.errors.AbnError` located at ``tag``'s line."""
        return AbnError(self.source, self.line(tag), problem)

    def label(self) -> str:
        return f"board {self.number}" if self.number else "board"

    def to_dict(self) -> dict[str, Any]:
        """The board as JSON-ready data (:func:`altbaumer.abn.json_format.board_to_dict`)."""
        from altbaumer.abn.json_format import board_to_dict  # the JSON twin imports this module

        return board_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str = "<json>") -> "Board":
        """The inverse of :meth:`to_dict` (:func:`altbaumer.abn.json_format.board_from_dict`)."""
        from altbaumer.abn.json_format import board_from_dict  # the JSON twin imports this module

        return board_from_dict(data, source)

    # -- display ------------------------------------------------------------------

    def display_blocks(self) -> list[Block]:
        """The board as :mod:`altbaumer.game.display` draws it: its label,
        the hands as dealt around the compass (``-`` for one not known) with
        the players' names and the roles, and in the middle what the file
        records of the making (stock, cut, turn, trump, discard, lone play)
        and the result; below, the play as recorded, one trick a line, with
        the player's marks.

        >>> board = Board(Seat.S, tags={"Board": "7", "East": "Ann"}, trump=Suit.HEARTS, play_leader=Seat.E,
        ...               tricks=[(PlayedCard(Card.parse("QC"), "!"),)])
        >>> [label for label, _ in board.display_blocks()[1].facts]
        ['trump']
        """
        cutter = cutter_of(self.dealer)
        out = self.alone.partner if self.alone is not None else None
        facts: list[tuple[str, Line]] = []
        if self.stock is not None:
            facts.append(("stock", (Cards(self.stock),)))
        if self.cut_trees:
            facts.append(("cut", (Cards(tuple(self.cut_trees)), f" taken by {cutter}")))
        if self.accepted is not None:
            facts.append(("turn", ("accepted" if self.accepted else "refused",)))
        if self.trump is not None:
            facts.append(("trump", (self.trump, f" {self.trump.name.lower()}")))
        if self.discards is not None:
            facts.append(("discard", (Cards(self.discards),)))
        if self.alone is not None:
            facts.append(("alone", (f"{self.alone}; {out} sits out",)))
        elif self.alone_passed:
            facts.append(("alone", (f"{self.forehand} passed; {self.forehand.partner} to choose",)))
        if self.result is not None:
            facts.append(("result", (f"the makers took {self.result}",)))
        names = {s: self.tags[tag] for s, tag in zip(SEATS, ("North", "East", "South", "West")) if self.tags.get(tag)}
        blocks: list[Block] = [Para((f"{self.label()}, dealer {self.dealer}",), "bold"),
                               Compass(self.hands, facts, seat_roles(self.dealer, self.alone), names, out)]
        for n, trick in enumerate(self.tricks, 1):
            line: list[Piece] = [f"{n}. " + (f"{self.play_leader} leads: " if n == 1 and self.play_leader else "")]
            for i, played in enumerate(trick):
                line += [" "] * (i > 0) + [played.card] + [Styled(played.mark, "mark")] * bool(played.mark)
            blocks.append(Para(tuple(line)))
        return blocks

    def _repr_html_(self) -> str:
        """The board as an HTML fragment, which a notebook shows (:meth:`display_blocks`).

        >>> board = Board(Seat.S, hands={Seat.E: CardSet.parse("QC JC AS KH TH")}, tags={"East": "<Ann>"})
        >>> shown = board._repr_html_()
        >>> 'data-card="KH"' in shown, "&lt;Ann&gt;" in shown, "<Ann>" in shown
        (True, True, False)
        """
        return html(*self.display_blocks())

    def __rich__(self) -> str:
        """The same as rich console markup, for ``rich.print``: the hands around the table."""
        return markup(*self.display_blocks())


def board_from_deal(deal: Deal, tags: Optional[Mapping[str, str]] = None) -> Board:
    """The record of ``deal`` so far (from the trump phase on): the hands as
    dealt, the stock, the cut, every decision taken and the play.

    >>> from altbaumer.game.actions import Accept

    >>> from altbaumer.game.deal import Deal
    >>> deal = Deal.from_seed(3); deal.apply(Accept())
    >>> board = board_from_deal(deal, {"Board": "1"})
    >>> board.accepted, board.discards, board.hands == deal.dealt
    (True, None, True)
    """
    if deal.phase is Phase.CUT:
        raise ValueError("the deal is still at the cut: nothing is dealt yet")
    started_play = deal.phase in (Phase.PLAY, Phase.DONE)
    board = Board(
        deal.dealer,
        tags=dict(tags or {}),
        hands=dict(deal.dealt),
        stock=tuple(deal.stock),
        cut_trees=deal.cut_trees,
        accepted=deal.accepted,
        trump=deal.trump,
        discards=_discards_of(deal),
        alone=deal.lone,
        alone_recorded=started_play,
        alone_passed=deal.phase is Phase.LONE and bool(deal.lone_passed),
        play_leader=(deal.tricks[0].leader if deal.tricks else deal.trick_leader) if started_play else None,
        tricks=[tuple(PlayedCard(c) for c in t.cards) for t in deal.tricks]
        + ([tuple(PlayedCard(c) for c in deal.trick_cards)] if deal.trick_cards else []),
        result=deal.makers_tricks if deal.phase is Phase.DONE else None,
    )
    if deal.cut_seen != board.default_cut_seen:
        board.cut_seen = deal.cut_seen
    return board


def _discards_of(deal: Deal) -> Optional[tuple[Optional[Card], ...]]:
    """Forehand's discard once made, ``None`` for each card not known (a
    deal recorded from another seat's view)."""
    if deal.phase in (Phase.TRUMP, Phase.DISCARD) or deal.taken is None:
        return None
    return tuple(deal.discards) if deal.discards is not None else (None,) * len(deal.taken)


def board_for_seat(deal: Deal, seat: Seat, tags: Optional[Mapping[str, str]] = None) -> Board:
    """The record of ``deal`` so far as ``seat`` knows it (rules.md, Who knows
    what): its own hand as dealt, the stock cards it saw (turned, taken,
    exposed, seen at the cut), forehand's discard only for forehand (``-``
    for the others), every decision and card played; the other hands
    unknown. Replayed, it gives ``seat`` the view it has in ``deal``.

    >>> from altbaumer.game.deal import Deal
    >>> from altbaumer.abn.record import replay
    >>> deal = Deal.from_seed(3)
    >>> board = board_for_seat(deal, deal.forehand)
    >>> [str(s) for s, hand in board.hands.items() if hand is not None] == [str(deal.forehand)]
    True
    >>> replay(board).view(deal.forehand) == deal.view(deal.forehand)
    True
    """
    board = board_from_deal(deal, tags)
    seen = deal.view(seat)
    known = seen.exposed | seen.taken | seen.cut_seen | seen.cut_trees | CardSet(c for c in (seen.turned,) if c)
    board.hands = {s: hand if s is seat else None for s, hand in board.hands.items()}
    if board.stock is not None:
        board.stock = tuple(c if c is not None and c in known else None for c in board.stock)
    if board.discards is not None and seat is not board.forehand:
        board.discards = tuple(None for _ in board.discards)
    board.cut_seen = None if deal.cut_seen == board.default_cut_seen else deal.cut_seen
    return board
