"""The match state of every board of a deal file: the score before its deal
(docs/format.md, "The score before a deal").

A board's score is its ``Score`` tag. Without one, a board that continues the
match of the board before it in the same file (the same ``Match`` tag) takes
that board's score moved on by its result; the first board of a match starts
at 0:0. The replayed score is checked against the board: the makers alternate
(the deal passes to the right, Decision D10), a ``Round`` tag must name the
round the score is in, and a match already won has no further board.
Only :meth:`MatchState.after <altbaumer.game.match_state.MatchState.after>`
moves a score on: the rules of rounds and matches are there.

>>> from altbaumer.abn.reader import read_boards
>>> from altbaumer.abn.record import replay
>>> text = '''[Match "1"]
... [Dealer "N"]
... [Result "4"]
...
... [Match "1"]
... [Dealer "W"]
... '''
>>> records = [replay(b) for b in read_boards(text)]
>>> [score.describe() for score in board_scores(records)]
['0:0, rounds 0:0, E-W make trump (the first board of match 1)', '0:1, rounds 0:0, N-S make trump (replayed from board 1)']
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional, Sequence, Union

from altbaumer.abn.board import SCORE_TAG, Board, parse_score
from altbaumer.abn.record import GameRecord, replay
from altbaumer.errors import AbnError
from altbaumer.game.actions import Phase
from altbaumer.game.deal_rules import TRICKS
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import Team, forehand_of
from altbaumer.lang import N_, _

__all__ = ["BoardScore", "SOURCES", "Replayable", "replayable", "board_scores", "scores_or_errors"]

SOURCES = ("tag", "replayed", "start", "given", "unknown")
"""Where a board's score comes from: its Score tag, the earlier boards of its
match, the start of a match (0:0), the command line, or nowhere."""

Replayable = Union[GameRecord, Board]
"""A replayed board, or a bare :class:`Board` for one that could not be
replayed (its result counts as unknown)."""


@dataclass(frozen=True)
class BoardScore:
    """The score before a board's deal (``state``; ``None`` when it cannot be
    known), where it comes from (``source``, one of :data:`SOURCES`) and
    its :attr:`detail`.

    >>> BoardScore(None, "unknown", "no Match or Score tag").describe()
    'unknown (no Match or Score tag): rated as at the start of a match'
    """

    state: Optional[MatchState]
    source: str
    reason: str = ""
    """What :attr:`detail` says, a message with placeholders (said in the language of the report)."""
    values: tuple[tuple[str, str], ...] = ()
    """The placeholders' values."""

    def __post_init__(self) -> None:
        if self.source not in SOURCES or (self.state is None) != (self.source == "unknown"):
            raise ValueError(f"a {self.source!r} board score with state {self.state}")

    @property
    def detail(self) -> str:
        """The boards a replayed score comes from, the match a start begins, or why a score is unknown,
        in the active language."""
        return _(self.reason).format(**dict(self.values)) if self.reason else ""

    def describe(self) -> str:
        """One line for reports, in the active language."""
        detail = self.detail
        if self.state is None:
            return _("unknown ({detail}): rated as at the start of a match").format(detail=detail)
        said = {"tag": _("its Score tag"), "given": _("as given"),
                "replayed": _("replayed from {boards}").format(boards=detail)}.get(self.source, detail)
        return _("{score} ({source})").format(score=self.state.describe(), source=said)

    def to_dict(self) -> dict[str, object]:
        return {"source": self.source, "state": None if self.state is None else self.state.to_dict(),
                "text": self.describe()}


@dataclass(frozen=True)
class _Link:
    """What the next board needs of the board before it."""

    board: Board
    number: str  # its Board tag, else its place in the sequence
    score: BoardScore
    outcome: Optional[tuple[int, bool]]  # makers' tricks, lone; None: no result recorded
    first: str  # the number of the board its chain of replayed scores starts from

    @property
    def name(self) -> str:
        return f"board {self.number}"

    @property
    def match(self) -> str:
        return _match(self.board)


def board_scores(records: Sequence[Replayable], given: Optional[str] = None) -> list[BoardScore]:
    """The score before each board's deal, in file order (see the module).
    ``given`` (``--score``) is every board's score, with the makers of each
    board's dealer. Raises :class:`~altbaumer.errors.AbnError` for the first
    board that contradicts its match, and
    :class:`~altbaumer.errors.InvalidScore` for a malformed ``given``.
    """
    scores = []
    for found in scores_or_errors(records, given):
        if isinstance(found, AbnError):
            raise found
        scores.append(found)
    return scores


def scores_or_errors(records: Sequence[Replayable], given: Optional[str] = None) -> list[Union[BoardScore, AbnError]]:
    """:func:`board_scores`, but a board that contradicts its match gets its
    error in place of its score (and the boards replayed from it are unknown),
    so every board can be checked."""
    if given is not None:
        # Parsed once, so a malformed score is one error, not one per board.
        state = parse_score(given, Team.NS)
        return [BoardScore(replace(state, makers=_board(r).forehand.team), "given") for r in records]
    found: list[Union[BoardScore, AbnError]] = []
    previous: Optional[_Link] = None
    for index, record in enumerate(records, 1):
        board = _board(record)
        number = board.number or str(index)
        if previous is not None and previous.board.source != board.source:
            previous = None  # a match is followed within one file
        try:
            score = _score(board, previous)
        except AbnError as error:
            found.append(error)
            score = BoardScore(None, "unknown", N_("board {number} contradicts its match"), (("number", number),))
        else:
            found.append(score)
        first = previous.first if previous is not None and score.source == "replayed" else number
        previous = _Link(board, number, score, _outcome(record), first)
    return found


def replayable(board: Board) -> Replayable:
    """The board's replay, or the board itself when it breaks the rules (its
    result then counts as unknown, and what reports the error is elsewhere)."""
    try:
        return replay(board)
    except AbnError:
        return board


def _board(record: Replayable) -> Board:
    return record if isinstance(record, Board) else record.board


def _match(board: Board) -> str:
    return board.tags.get("Match", "").strip()


def _score(board: Board, previous: Optional[_Link]) -> BoardScore:
    makers = board.forehand.team
    stated = board.tags.get(SCORE_TAG, "").strip()
    match = _match(board)
    if stated:
        try:
            score = BoardScore(parse_score(stated, makers), "tag")
        except ValueError as error:  # a board made in code, which no reader checked
            raise board.error(SCORE_TAG, f"[{SCORE_TAG}]: {error}") from None
    elif match and previous is not None and previous.match == match:
        score = _replayed(board, previous)
    elif match:
        start = MatchState.start(makers)
        if _round_problem(board, start) is not None:  # the file holds a match from a later board on
            return BoardScore(None, "unknown", N_("match {match} starts before this file: its [Round] tag says {round}"),
                              (("match", match), ("round", board.tags["Round"].strip())))
        score = BoardScore(start, "start", N_("the first board of match {match}"), (("match", match),))
    else:
        return BoardScore(None, "unknown", N_("no Match or Score tag"))
    if score.state is not None:
        problem = _round_problem(board, score.state)
        if problem is not None:
            said = "replayed" if score.source == "replayed" else "stated"
            raise board.error("Round", f"the {said} score {score.state} makes this {problem}")
    return score


def _replayed(board: Board, previous: _Link) -> BoardScore:
    """The score of the board before, moved on by its result."""
    before = previous.score.state
    if before is None:
        return previous.score  # unknown for the same reason
    if previous.outcome is None:
        return BoardScore(None, "unknown", N_("{board} records no result"), (("board", previous.name),))
    state = before.after(*previous.outcome)
    if state.winner is not None:
        raise board.error("Match", f"{state.winner} won match {previous.match} in {previous.name}, "
                                   "so no board follows it")
    if state.makers is not board.forehand.team:
        dealer = forehand_of(previous.board.dealer)
        raise board.error("Dealer", f"the deal passes to the right, so after {previous.name} (dealer "
                                    f"{previous.board.dealer}) {dealer} deals and {state.makers} make trump, but "
                                    f"with [Dealer] {board.dealer} {board.forehand.team} would")
    first, last = previous.first, previous.number
    if first == last:
        return BoardScore(state, "replayed", N_("board {last}"), (("last", last),))
    return BoardScore(state, "replayed", N_("boards {first}–{last}"), (("first", first), ("last", last)))


def _round_problem(board: Board, state: MatchState) -> Optional[str]:
    """What the board's ``Round`` tag gets wrong about ``state``, if anything:
    the round number is the rounds won so far + 1, and the third one may be
    called the decider."""
    written = board.tags.get("Round", "").strip()
    number = str(sum(state.rounds) + 1)
    if not written or written == number or (state.decider and written.lower() == "decider"):
        return None
    expected = f"the decider (round {number})" if state.decider else f"round {number}"
    return f"{expected}, but the [Round] tag says {written}"


def _outcome(record: Replayable) -> Optional[tuple[int, bool]]:
    """The makers' tricks and whether one of them played alone, when the board
    records them: the whole play, or a ``Result`` with the lone choice made
    (which decides a march of five)."""
    if isinstance(record, Board):
        return None
    state = record.state
    if state.phase is Phase.DONE:
        return state.makers_tricks, state.lone is not None
    result = record.board.result
    if result is None or (result == TRICKS and state.phase is not Phase.PLAY):
        return None
    return result, state.lone is not None
