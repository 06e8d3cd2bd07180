"""Annotate recorded games: every card and decision rated.

Card play is rated double dummy: before and after every card, the makers'
final tricks with best play by both sides from there. A card that costs its
side a trick is marked ``?``; one that changes the deal's score (a make turned
into a failure, a march or lone march lost, the defenders' march conceded) is
marked ``??`` (docs/annotate.md). Decisions (accept or refuse, the discard,
lone play) are rated with :mod:`altbaumer.hidden.rating` from the deciding seat's
knowledge only, and so, with ``single_dummy``, is every card.

Annotations are written as commentary in a stable, machine-readable form,
one ``{...}`` block each, and replace any earlier ones on a second run:

* ``{dd 3>2 best AH TH}`` — a card: makers' tricks before > after, the optimal cards;
* ``{sd net -0.25±0.05 best AH}`` — a card rated from the player's knowledge;
* ``{rate net -0.21±0.04 best refuse}`` — a decision (on its tag).

>>> from altbaumer.abn import load_boards
>>> from pathlib import Path
>>> board = load_boards(Path(__file__).parents[2] / "examples" / "refusal.abn")[0]
>>> notes = annotate_board(board, decisions=False)
>>> len(notes.cards), notes.cards[0].card.ascii(), notes.cards[0].before >= notes.cards[-1].after - 5
(20, 'QC', True)
"""

from __future__ import annotations

import dataclasses
import re
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from altbaumer.abn.board import Board, PlayedCard
from altbaumer.abn.record import GameRecord, Node, replay
from altbaumer.dd.solver import Solver
from altbaumer.errors import AltbaumerError, IncompleteBoard
from altbaumer.game.cards import Card
from altbaumer.game.actions import Phase, Play
from altbaumer.game.scoring import makers_points
from altbaumer.game.seats import Seat
from altbaumer.report.words import plural
from altbaumer.hidden.rating import Rating, option_name, rate_view

__all__ = ["CardNote", "DecisionNote", "BoardNotes", "annotate_board", "strip_annotations", "ANNOTATION_PREFIXES", "report",
           "score_changes", "player_summaries"]

ANNOTATION_PREFIXES = ("dd ", "sd ", "rate ")
"""Commentary parts written by the annotator (and removed before a new run)."""
_OUR_MARKS = ("?", "??")
_DD = re.compile(r"^dd \d>\d best ")


@dataclass(frozen=True)
class CardNote:
    """One card of the play: makers' double-dummy tricks before and after
    it, the optimal cards, the tricks it lost its side, its mark, and, with
    single-dummy rating, the rating from the player's knowledge."""

    trick: int
    seat: Seat
    card: Card
    maker: bool
    before: int
    after: int
    best: tuple[Card, ...]
    mark: str
    single_dummy: Optional[Rating] = None

    @property
    def lost(self) -> int:
        """Tricks the card cost the player's side (0 if it kept the value)."""
        return self.before - self.after if self.maker else self.after - self.before

    @property
    def sd_loss(self) -> float:
        """Expected net points the card lost from the player's knowledge (0 without a rating)."""
        return 0.0 if self.single_dummy is None else self.single_dummy.loss(self.card.ascii())

    @property
    def sd_error(self) -> bool:
        """The card loses beyond the single-dummy rating's confidence interval."""
        return self.single_dummy is not None and self.single_dummy.significant(self.card.ascii())

    def comment(self) -> Optional[str]:
        if not self.mark:
            return None
        return f"dd {self.before}>{self.after} best {' '.join(c.ascii() for c in self.best)}"

    def sd_comment(self) -> Optional[str]:
        if not self.sd_error:
            return None
        return _rating_comment("sd", self.single_dummy, self.card.ascii())  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, Any]:
        return {"trick": self.trick, "seat": str(self.seat), "card": self.card.ascii(), "maker": self.maker,
                "before": self.before, "after": self.after, "best": [c.ascii() for c in self.best],
                "lost": self.lost, "mark": self.mark,
                "single_dummy": None if self.single_dummy is None else {
                    **self.single_dummy.to_dict(), "error": self.sd_error, "loss": self.sd_loss}}


@dataclass(frozen=True)
class DecisionNote:
    """A recorded decision rated from the decider's knowledge: the choice
    made, the rating of every option, the expected net points the choice lost
    against the best, and whether that loss exceeds its 95% interval."""

    decision: str  # turn, discard, alone
    tag: str  # the ABN tag that records it
    seat: Seat
    chosen: str
    rating: Rating

    @property
    def loss(self) -> float:
        """Expected net points lost against the best option (for the decider's side)."""
        return self.rating.loss(self.chosen)

    @property
    def error(self) -> bool:
        return self.rating.significant(self.chosen)

    def comment(self) -> Optional[str]:
        return _rating_comment("rate", self.rating, self.chosen) if self.error else None

    def to_dict(self) -> dict[str, Any]:
        return {"decision": self.decision, "tag": self.tag, "seat": str(self.seat), "chosen": self.chosen,
                "loss": self.loss, "error": self.error, "rating": self.rating.to_dict()}


def _rating_comment(prefix: str, rating: Rating, chosen: str) -> str:
    figures = rating.for_decider(chosen)  # a defender's card loses as a maker's does: below zero
    ci = f"±{figures.delta_ci95:.2f}" if figures.delta_ci95 else ""
    return f"{prefix} {rating.objective} {figures.delta:+.2f}{ci} best {rating.best.option}"


@dataclass
class BoardNotes:
    """The annotation of one board (``board`` is the annotated copy, ``record``
    the replay of the board as read, without earlier annotations)."""

    board: Board
    record: GameRecord
    cards: list[CardNote] = field(default_factory=list)
    decisions: list[DecisionNote] = field(default_factory=list)
    start: Optional[int] = None  # makers' double-dummy tricks at the first lead
    result: Optional[int] = None  # makers' tricks, when the play is complete
    skipped: list[str] = field(default_factory=list)  # what could not be rated, and why

    @property
    def dd_errors(self) -> int:
        return sum(1 for c in self.cards if c.mark)

    def summary(self) -> dict[str, Any]:
        return {"cards": len(self.cards), "dd_errors": self.dd_errors,
                "dd_blunders": sum(1 for c in self.cards if c.mark == "??"),
                "tricks_lost": sum(c.lost for c in self.cards),
                "sd_errors": sum(1 for c in self.cards if c.sd_error),
                "decision_errors": sum(1 for d in self.decisions if d.error),
                "points_lost": round(sum(max(d.loss, 0.0) for d in self.decisions if d.error)
                                     + sum(max(c.sd_loss, 0.0) for c in self.cards if c.sd_error), 4)}

    def to_dict(self) -> dict[str, Any]:
        board, state = self.board, self.record.state
        return {"board": board.number, "source": board.source, "line": board.line("Dealer"),
                "tags": dict(board.tags), "dealer": str(board.dealer), "forehand": str(board.forehand),
                # The replay fixes these although the file may leave them out (the [Trump] tag is optional).
                "trump": None if state.trump is None else state.trump.letter, "makers": str(state.makers),
                "lone": None if state.lone is None else str(state.lone),
                "start": self.start, "result": self.result, "summary": self.summary(),
                "cards": [_card_dict(c, n) for c, n in zip(self.cards, self.record.cards())],
                "decisions": [d.to_dict() for d in self.decisions], "skipped": list(self.skipped),
                # ``abn`` mixes the player's commentary with the annotator's; these are the player's alone.
                "player_comments": dict(self.record.board.comments), "abn": board.to_dict()}


def _card_dict(note: CardNote, node: Node) -> dict[str, Any]:
    """A card's figures beside the mark and commentary the file gave it."""
    played = node.played or PlayedCard(note.card)
    return {**note.to_dict(), "player_mark": played.mark, "player_comment": played.comment}


# -- the annotator ---------------------------------------------------------------------


def annotate_board(board: Board, *, decisions: bool = True, single_dummy: bool = False, samples: int = 10_000,
                   exact_limit: int = 20_000, seed: int = 0, threads: Optional[int] = None,
                   solver: Optional[Solver] = None) -> BoardNotes:
    """Rate every card (double dummy) and, with ``decisions``, every recorded
    decision of ``board`` (from the decider's knowledge, ``samples`` worlds).
    Raises :class:`~altbaumer.errors.AbnError` for a board that breaks the rules.

    The board is replayed once; every rating reads the state the game record
    holds before its decision or card."""
    clean = strip_annotations(board)
    record = replay(clean)
    notes = BoardNotes(clean, record)
    # A solver passed in stays open for the caller's next board; one made here is closed here.
    with nullcontext(solver) if solver is not None else Solver(threads=threads) as owned:
        rate = _rater(samples, exact_limit, seed, owned)
        if decisions:
            _rate_decisions(record, notes, rate)
        if clean.tricks:
            _rate_cards(record, notes, owned, rate if single_dummy else None)
    notes.board = _written(clean, notes)
    return notes


def _rater(samples: int, exact_limit: int, seed: int, solver: Solver) -> Callable[[Any], Rating]:
    def rate(view: Any) -> Rating:
        return rate_view(view, samples=samples, exact_limit=exact_limit, seed=seed,
                         partial_on_interrupt=False, solver=solver)

    return rate


def strip_annotations(board: Board) -> Board:
    """A copy of ``board`` without the annotator's commentary and marks."""
    tricks = [tuple(_strip_card(p) for p in trick) for trick in board.tricks]
    comments = {tag: text for tag, text in ((t, _strip_text(c)) for t, c in board.comments.items()) if text}
    notes = [n for n in board.notes if not n.startswith("altbaumer annotate:")]
    return dataclasses.replace(board, tricks=tricks, comments=comments, notes=notes)


def _strip_text(text: Optional[str]) -> Optional[str]:
    if text is None:
        return None
    kept = [part for part in text.split("\n") if not part.startswith(ANNOTATION_PREFIXES)]
    return "\n".join(kept) if kept else None


def _strip_card(played: PlayedCard) -> PlayedCard:
    ours = played.comment is not None and any(_DD.match(p) for p in played.comment.split("\n"))
    mark = "" if ours and played.mark in _OUR_MARKS else played.mark
    return PlayedCard(played.card, mark, _strip_text(played.comment))


def score_changes(before: int, after: int) -> bool:
    """The deal's points differ between the two makers' trick totals."""
    return makers_points(before) != makers_points(after)


def _rate_cards(record: GameRecord, notes: BoardNotes, solver: Solver,
                rate: Optional[Callable[[Any], Rating]]) -> None:
    nodes = record.cards()
    try:
        record.node_position(nodes[0])
    except IncompleteBoard as error:
        notes.skipped.append(f"card play: {error}")
        return
    for node in nodes:
        pos = record.node_position(node)
        assert isinstance(node.action, Play) and node.trick is not None  # record.cards() gives card nodes
        card = node.action.card
        moves = solver.solve_moves(pos)
        maker = node.seat.team is pos.makers
        value = (max if maker else min)(moves.values())
        after = moves[card]
        lost = value - after if maker else after - value
        mark = "" if lost <= 0 else ("??" if score_changes(value, after) else "?")
        best = tuple(c for c in sorted(moves, key=lambda c: c.index) if moves[c] == value)
        sd = rate(record.node_view(node)) if rate is not None else None
        notes.cards.append(CardNote(node.trick, node.seat, card, maker, value, after, best, mark, sd))
    notes.start = notes.cards[0].before  # the value of the opening position
    if record.state.phase is Phase.DONE:
        notes.result = record.state.makers_tricks


def _rate_decisions(record: GameRecord, notes: BoardNotes, rate: Callable[[Any], Rating]) -> None:
    for node in record:
        if isinstance(node.action, Play):
            break
        chosen = option_name(node.action)
        if chosen is None:
            continue
        decision = {"Turn": "turn", "Discard": "discard", "Alone": "alone"}[node.tag]
        try:
            rating = rate(record.node_view(node))
        except AltbaumerError as error:
            notes.skipped.append(f"{decision} ({node.seat}): {error}")
            continue
        notes.decisions.append(DecisionNote(decision, node.tag, node.seat, chosen, rating))


def _written(board: Board, notes: BoardNotes) -> Board:
    """The board with the annotations as marks and commentary."""
    by_card = iter(notes.cards)
    tricks = []
    for trick in board.tricks:
        row = []
        for entry in trick:
            note = next(by_card, None)
            if note is None:
                row.append(entry)
                continue
            parts = [p for p in (entry.comment, note.comment(), note.sd_comment()) if p]
            mark = note.mark if note.mark and entry.mark in ("", *_OUR_MARKS) else entry.mark
            row.append(PlayedCard(entry.card, mark, "\n".join(parts) if parts else None))
        tricks.append(tuple(row))
    comments = dict(board.comments)
    for decision in notes.decisions:
        text = decision.comment()
        if text:
            comments[decision.tag] = "\n".join(p for p in (comments.get(decision.tag), text) if p)
    summary = notes.summary()
    line = (f"altbaumer annotate: {plural(summary['cards'], 'card')}, "
            f"{plural(summary['dd_errors'], 'double-dummy error')} ({plural(summary['tricks_lost'], 'trick')} lost), "
            f"{plural(summary['decision_errors'], 'decision error')}")
    return dataclasses.replace(board, tricks=tricks, comments=comments, notes=[line] + list(board.notes))


def player_summaries(boards: list[BoardNotes]) -> dict[str, dict[str, Any]]:
    """Per player (the name in the board's seat tag, else the seat): cards
    played, double-dummy errors, tricks lost, decision errors, expected
    points lost."""
    players: dict[str, dict[str, Any]] = {}

    def entry(board: Board, seat: Seat) -> dict[str, Any]:
        name = board.tags.get({"N": "North", "E": "East", "S": "South", "W": "West"}[str(seat)]) or str(seat)
        return players.setdefault(name, {"cards": 0, "dd_errors": 0, "tricks_lost": 0, "sd_errors": 0,
                                         "decision_errors": 0, "points_lost": 0.0})

    for notes in boards:
        for card in notes.cards:
            row = entry(notes.board, card.seat)
            row["cards"] += 1
            row["dd_errors"] += bool(card.mark)
            row["tricks_lost"] += card.lost
            row["sd_errors"] += card.sd_error
            row["points_lost"] += max(card.sd_loss, 0.0) if card.sd_error else 0.0
        for decision in notes.decisions:
            row = entry(notes.board, decision.seat)
            row["decision_errors"] += decision.error
            row["points_lost"] += max(decision.loss, 0.0) if decision.error else 0.0
    for row in players.values():
        row["points_lost"] = round(row["points_lost"], 4)
    return players


def report(boards: list[BoardNotes], errors: Optional[list[str]] = None) -> dict[str, Any]:
    """Everything as JSON-ready data: every board's figures, per-player and
    per-match summaries (a match is the boards sharing a ``Match`` tag, else
    a file), and the boards that could not be annotated."""
    matches: dict[str, list[BoardNotes]] = {}
    for notes in boards:
        key = notes.board.tags.get("Match")
        matches.setdefault(f"{notes.board.source} match {key}" if key else notes.board.source, []).append(notes)
    return {
        "format": "altbaumer-annotation",
        "version": 1,
        "boards": [n.to_dict() for n in boards],
        "players": player_summaries(boards),
        "matches": {name: {**_totals(group), "boards": len(group)} for name, group in matches.items()},
        "total": {**_totals(boards), "boards": len(boards)},
        "errors": list(errors or []),
    }


def _totals(boards: list[BoardNotes]) -> dict[str, Any]:
    keys = ("cards", "dd_errors", "dd_blunders", "tricks_lost", "sd_errors", "decision_errors", "points_lost")
    sums = {k: sum(n.summary()[k] for n in boards) for k in keys}
    sums["points_lost"] = round(sums["points_lost"], 4)
    return sums
