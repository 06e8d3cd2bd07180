"""Lines of a board: the actions from the deal's start (after the cut),
written as the analysis board and its API write them, replayed on the
board's record, also off the recorded line.

An action is ``accept``, ``refuse``, ``discard:QH`` (``discard:QH JS AH KD``
in the compulsory case, ``-`` for a card the record does not show),
``alone``, ``together`` or a card played, ``QC``. :func:`line_record` gives
the game record of a board played along a line: the board's own record for
its recorded line, else a board made from the deal the line reaches
(:func:`~altbaumer.abn.board.board_from_deal`) with the board's tags and
commentary, checked and replayed as a file's board is.

>>> from altbaumer.game.actions import Accept, Discard
>>> from altbaumer.game.cards import Card
>>> action_text(Accept()), action_text(Discard((Card.parse("QH"),)))
('accept', 'discard:QH')
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from altbaumer.abn.board import GAME_TAGS, Board, board_from_deal
from altbaumer.abn.record import GameRecord, replay
from altbaumer.errors import AltbaumerError, CardParseError, InvalidOption
from altbaumer.game.actions import Accept, Action, DeclareAlone, Discard, Phase, Play, Refuse
from altbaumer.game.cards import Card
from altbaumer.game.deal import Deal
from altbaumer.lang import _

__all__ = ["action_text", "parse_action", "recorded_line", "line_state", "line_record", "line_from_request",
           "opening_point", "LINE_MAX"]

LINE_MAX = 40
"""More actions than a deal has (a turn, a discard, two lone choices, 20 cards)."""

_NAMED: dict[str, Action] = {"accept": Accept(), "refuse": Refuse(), "alone": DeclareAlone(True),
                             "together": DeclareAlone(False)}


def action_text(action: Action) -> str:
    """``action`` as a line writes it."""
    if isinstance(action, Play):
        return action.card.ascii()
    if isinstance(action, Discard):
        return "discard:" + " ".join("-" if c is None else c.ascii() for c in action.cards)
    for text, named in _NAMED.items():
        if named == action:
            return text
    raise InvalidOption(_("{action}: not an action of a line (lines start after the cut)").format(action=action))


def parse_action(text: str, phase: Phase) -> Action:
    """The action ``text`` names in ``phase``, or an error saying what the phase takes."""
    word = text.strip()
    named = _NAMED.get(word.lower())
    if named is not None:
        return named
    try:
        if word.lower().startswith("discard:"):
            cards = word.split(":", 1)[1].split()
            return Discard(tuple(None if c == "-" else Card.parse(c) for c in cards))
        return Play(Card.parse(word))
    except CardParseError as error:
        raise InvalidOption(_("{text}: not an action ({error}); a line holds accept, refuse, discard:CARD, alone, "
                              "together or a card, and the {phase} phase is next").format(
                                  text=repr(text), error=error, phase=phase.value)) from None


def recorded_line(record: GameRecord) -> list[str]:
    """The actions ``record`` holds, as a line."""
    return [action_text(node.action) for node in record.nodes]


def opening_point(record: GameRecord) -> int:
    """How many recorded actions the board opens after: at the decision the
    record leaves open (the one ``altbaumer rate`` rates); a finished record
    from one seat's view at that seat's first choice; else at the start."""
    if record.state.phase is not Phase.DONE:
        return len(record.nodes)
    known = [seat for seat, hand in record.board.hands.items() if hand is not None]
    if len(known) != 1:
        return 0
    return next((i for i, node in enumerate(record.nodes) if node.seat is known[0] and _has_choice(node.state)), 0)


def _has_choice(state: Deal) -> bool:
    try:
        return len(state.legal_actions()) > 1
    except AltbaumerError:
        return False


def line_state(record: GameRecord, line: Sequence[str]) -> Deal:
    """The deal after ``line``: the record's own states as far as the line
    follows it (they know what the record says of unseen cards), then each
    further action applied by the rules; an illegal action is an error
    naming its place in the line."""
    if len(line) > LINE_MAX:
        raise InvalidOption(_("line: {n} actions, more than a deal has ({most} at most)").format(n=len(line), most=LINE_MAX))
    nodes = record.nodes
    followed = 0
    while followed < min(len(line), len(nodes)) and _same(nodes[followed].action, line[followed],
                                                         nodes[followed].state.phase):
        followed += 1
    state = (nodes[followed].state if followed < len(nodes) else record.state).copy()
    for i, text in enumerate(line[followed:], followed):
        try:
            state.apply(parse_action(text, state.phase))
        except AltbaumerError as error:
            raise InvalidOption(_("line action {n} ({action}): {error}").format(n=i + 1, action=text, error=error)) from None
    return state


def _same(action: Action, text: str, phase: Phase) -> bool:
    try:
        return parse_action(text, phase) == action
    except InvalidOption:
        return False


def line_record(record: GameRecord, line: Optional[Sequence[str]]) -> GameRecord:
    """The game record of ``record``'s board played along ``line`` (``None``:
    the recorded line, the record itself)."""
    if line is None or list(line) == recorded_line(record):
        return record
    state = line_state(record, line)
    return replay(_with_notes(board_from_deal(state, record.board.tags), record.board))


def _with_notes(made: Board, board: Board) -> Board:
    """``made`` with ``board``'s names for itself: its source and lines (for
    messages), its commentary on tags and its ``%`` notes."""
    made.source, made.lines = board.source, dict(board.lines)
    made.comments = {tag: text for tag, text in board.comments.items() if tag in made.tags or tag in GAME_TAGS}
    made.notes = list(board.notes)
    return made


def line_from_request(value: Any) -> Optional[list[str]]:
    """A request's ``line``: a list of action strings, or absent."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(a, str) for a in value):
        raise InvalidOption(_("line: a list of actions such as [\"accept\", \"discard:QH\", \"together\", \"QC\"]"))
    return value
