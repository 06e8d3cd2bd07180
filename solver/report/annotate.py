"""Annotate recorded games: every card and decision rated.

Everything is rated by an objective, by default the chance to win the match
from the score before the deal (:mod:`altbaumer.hidden.objectives`; the
score comes from the caller, else the deal counts as the first of a match).
Card play is rated double dummy: before and after every card, the makers'
final tricks with best play by both sides from there, and what the card gives
up in the objective; it is marked ``?!``, ``?`` or ``??`` by the thresholds of
:mod:`altbaumer.hidden.verdicts` (docs/annotate.md), so a trick that changes
nothing in the match is not marked. Decisions (accept or refuse, the discard,
lone play) are rated with :mod:`altbaumer.hidden.rating` from the deciding
seat's knowledge only, and so, with ``single_dummy``, is every card with a choice; they are
marked by the same thresholds, beyond their 95% intervals.

Annotations are written as commentary in a stable, machine-readable form,
one ``{...}`` block each, and replace any earlier ones on a second run:

* ``{dd 3>2 best AH TH}`` — a card: makers' tricks before > after, the optimal cards;
* ``{sd match -0.052±0.004 best AH}`` — a card rated from the player's knowledge;
* ``{rate match -0.061±0.003 best refuse}`` — a decision (on its tag).

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
from contextlib import ExitStack, nullcontext
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Collection, Iterator, Mapping, Optional, Sequence, Union

import numpy as np

from altbaumer.abn.board import Board, PlayedCard
from altbaumer.abn.match_states import BoardScore
from altbaumer.abn.record import GameRecord, Node, replay
from altbaumer.dd.solver import Solver
from altbaumer.errors import AbnError, AltbaumerError, IncompleteBoard
from altbaumer.game.cards import Card
from altbaumer.game.actions import Phase, Play
from altbaumer.game.equity import EquityTable, shipped_table
from altbaumer.game.match_state import MatchState
from altbaumer.game.position import Position
from altbaumer.game.scoring import makers_points, outcome_code
from altbaumer.game.seats import SEATS, Seat, Team
from altbaumer.hidden.objectives import Objective, objective_for
from altbaumer.hidden.verdicts import MARKS, mark as verdict_mark
from altbaumer.play.engine import Engine
from altbaumer.play.realistic import DEFAULT_EFFORT, rate_realistic
from altbaumer.report.steps import board_steps
from altbaumer.report.words import plural
from altbaumer.hidden.rating import Rating, option_name, rate_view

__all__ = ["CardNote", "DecisionNote", "BoardNotes", "annotate_board", "annotate_range", "strip_annotations", "ANNOTATION_PREFIXES", "report",
           "score_changes", "player_summaries", "board_work"]

ANNOTATION_PREFIXES = ("dd ", "sd ", "rate ")
"""Commentary parts written by the annotator (and removed before a new run)."""
_OUR_MARKS = MARKS  # ?!, ?, ??: the verdicts the annotator writes
_DD = re.compile(r"^dd \d>\d best ")
DECISION_WORK = 7.0
"""A decision before the play rated from its player's knowledge costs about
as much as this many cards (measured on examples/games.abn: 1.0 s against
0.15 s a card)."""


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
    loss: float = 0.0
    """What the card gave up double dummy in the objective, for its side."""
    values: Mapping[Card, int] = field(default_factory=dict)
    """The makers' final tricks after each legal card (the card played among them)."""
    line: tuple[tuple[Seat, Card], ...] = ()
    """One optimal line from before the card to the end of the deal: who plays what."""

    @property
    def lost(self) -> int:
        """Tricks the card cost the player's side (0 if it kept the value)."""
        return self.before - self.after if self.maker else self.after - self.before

    @property
    def sd_loss(self) -> float:
        """The objective the card lost from the player's knowledge (0 without a rating)."""
        return 0.0 if self.single_dummy is None else self.single_dummy.loss(self.card.ascii())

    @property
    def sd_mark(self) -> str:
        """The single-dummy rating's mark for the card (empty without a rating)."""
        return "" if self.single_dummy is None else self.single_dummy.mark(self.card.ascii())

    @property
    def sd_error(self) -> bool:
        """The card is an error from the player's knowledge: beyond the noise and the threshold."""
        return bool(self.sd_mark)

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
                "lost": self.lost, "loss": self.loss, "mark": self.mark,
                "values": {c.ascii(): v for c, v in sorted(self.values.items(), key=lambda cv: cv[0].index)},
                "line": [c.ascii() for _, c in self.line], "line_seats": [str(s) for s, _ in self.line],
                "single_dummy": None if self.single_dummy is None else {
                    **self.single_dummy.to_dict(), "error": self.sd_error, "mark": self.sd_mark,
                    "loss": self.sd_loss}}


@dataclass(frozen=True)
class DecisionNote:
    """A recorded decision rated from the decider's knowledge: the choice
    made, the rating of every option, what the choice lost in the objective
    against the top option, and its mark (beyond the 95% interval and the
    objective's threshold)."""

    decision: str  # turn, discard, alone
    tag: str  # the ABN tag that records it
    seat: Seat
    chosen: str
    rating: Rating
    node: int = -1
    """The decision's place among the record's nodes (-1: not known)."""

    @property
    def loss(self) -> float:
        """The objective lost against the top option (for the decider's side)."""
        return self.rating.loss(self.chosen)

    @property
    def mark(self) -> str:
        return self.rating.mark(self.chosen)

    @property
    def error(self) -> bool:
        return bool(self.mark)

    def comment(self) -> Optional[str]:
        return _rating_comment("rate", self.rating, self.chosen) if self.error else None

    def to_dict(self) -> dict[str, Any]:
        return {"decision": self.decision, "tag": self.tag, "seat": str(self.seat), "chosen": self.chosen,
                "loss": self.loss, "mark": self.mark, "error": self.error, "rating": self.rating.to_dict()}


def _rating_comment(prefix: str, rating: Rating, chosen: str) -> str:
    figures = rating.for_decider(chosen)  # a defender's card loses as a maker's does: below zero
    digits = 2 if rating.objective == "net" else 3  # points, or chances where 2% is a mark
    ci = f"±{figures.delta_ci95:.{digits}f}" if figures.delta_ci95 else ""
    return f"{prefix} {rating.objective} {figures.delta:+.{digits}f}{ci} best {rating.best.option}"


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
    objective: str = "match"
    score: Optional[BoardScore] = None
    """The score before the deal and where it comes from (None: not known; a
    match objective then rates the deal as the first of a match)."""
    equity: Optional[tuple[float, Optional[float]]] = None
    """N-S's chance to win the match before the deal, and after it (None
    while the result is not known), with the match objective."""

    @property
    def dd_errors(self) -> int:
        return sum(1 for c in self.cards if c.mark)

    def summary(self) -> dict[str, Any]:
        return _summary(self.cards, self.decisions)

    def _score_dict(self) -> Optional[dict[str, Any]]:
        if self.objective != "match":
            return None
        state = self.score.state if self.score is not None else None
        before, after = self.equity if self.equity is not None else (None, None)
        return {"state": None if state is None else state.to_dict(),
                "source": "unknown" if self.score is None else self.score.source,
                "describe": "unknown: rated as at the start of a match" if state is None
                else self.score.describe() if self.score is not None else state.describe(),
                "ns_equity_before": before, "ns_equity_after": after}

    def to_dict(self) -> dict[str, Any]:
        board, state = self.board, self.record.state
        return {"board": board.number, "source": board.source, "line": board.line("Dealer"),
                "tags": dict(board.tags), "dealer": str(board.dealer), "forehand": str(board.forehand),
                # The replay fixes these although the file may leave them out (the [Trump] tag is optional).
                "trump": None if state.trump is None else state.trump.letter, "makers": str(state.makers),
                "lone": None if state.lone is None else str(state.lone),
                "start": self.start, "result": self.result, "objective": self.objective,
                "score": self._score_dict(), "summary": self.summary(),
                "cards": [_card_dict(c, n) for c, n in zip(self.cards, self.record.cards())],
                "decisions": [d.to_dict() for d in self.decisions], "skipped": list(self.skipped),
                "steps": board_steps(self.record, [d.node for d in self.decisions], carded=bool(self.cards)),
                # ``abn`` mixes the player's commentary with the annotator's; these are the player's alone.
                "player_comments": dict(self.record.board.comments), "abn": board.to_dict()}


def _card_mark(card: CardNote) -> str:
    """A card's mark for a player's tally: from the player's knowledge when
    it was rated so, else double dummy."""
    return card.sd_mark if card.single_dummy is not None else card.mark


def _summary(cards: list[CardNote], decisions: list[DecisionNote]) -> dict[str, Any]:
    """Counts and losses: cards, double-dummy marks and what they gave up,
    tricks lost, single-dummy and decision errors, the errors by class, and
    ``lost``: the objective given up by the decisions and (rated from the
    player's knowledge) cards beyond their noise, and ``accuracy``: the share
    of the rated choices that were not marked, in percent (None when nothing
    was rated; docs/annotate.md, Summaries)."""
    marks = [_card_mark(c) for c in cards] + [d.mark for d in decisions]
    lost = sum(max(d.loss, 0.0) for d in decisions if d.rating.significant(d.chosen)) + sum(
        max(c.sd_loss, 0.0) for c in cards if c.single_dummy is not None and c.single_dummy.significant(c.card.ascii()))
    return {"cards": len(cards), "dd_errors": sum(1 for c in cards if c.mark),
            "dd_blunders": sum(1 for c in cards if c.mark == "??"),
            "dd_lost": round(sum(c.loss for c in cards), 4),
            "tricks_lost": sum(c.lost for c in cards),
            "sd_errors": sum(1 for c in cards if c.sd_error),
            "decisions": len(decisions), "decision_errors": sum(1 for d in decisions if d.error),
            **{_CLASS_KEYS[m]: marks.count(m) for m in MARKS}, "lost": round(float(lost), 4),
            "accuracy": accuracy(len(marks), sum(1 for m in marks if m in MARKS))}


def accuracy(choices: int, marked: int) -> Optional[float]:
    """The share of ``choices`` (cards and decisions rated) not marked ``?!``,
    ``?`` or ``??``, in percent to one decimal; None when nothing was rated.

    >>> accuracy(40, 3), accuracy(0, 0)
    (92.5, None)
    """
    return round(100.0 * (choices - marked) / choices, 1) if choices else None


_CLASS_KEYS = {"?!": "inaccuracies", "?": "mistakes", "??": "blunders"}


def _card_dict(note: CardNote, node: Node) -> dict[str, Any]:
    """A card's figures beside the mark and commentary the file gave it."""
    played = node.played or PlayedCard(note.card)
    return {**note.to_dict(), "player_mark": played.mark, "player_comment": played.comment}


# -- the annotator ---------------------------------------------------------------------


def annotate_board(board: Board, *, decisions: bool = True, single_dummy: bool = False, samples: int = 10_000,
                   exact_limit: int = 20_000, seed: int = 0, threads: Optional[int] = None,
                   solver: Optional[Solver] = None, objective: str = "match", score: Optional[BoardScore] = None,
                   table: Optional[EquityTable] = None, play: str = "realistic", playouts: Optional[int] = None,
                   effort: int = DEFAULT_EFFORT, tricks: bool = False,
                   seats: Optional[Collection[Seat]] = None) -> BoardNotes:
    """Rate every card (double dummy) and, with ``decisions``, every recorded
    decision of ``board`` (from the decider's knowledge, ``samples`` worlds),
    by ``objective``: for ``match``, the chance to win the match from the
    ``score`` before the deal (:func:`altbaumer.abn.match_states.board_scores`;
    without one, as the first deal of a match) through the equity ``table``.
    With ``play`` ``realistic`` (the default) the decisions are rated by
    worlds played out, every seat from its own knowledge
    (:mod:`altbaumer.play.realistic`: ``playouts`` an option, or until the
    ranking is settled, at most ``effort``), the double-dummy rating beside;
    ``dd`` rates them double dummy. The cards' own values stay double dummy;
    with ``single_dummy`` their ratings from the player's knowledge follow ``play``. With ``tricks`` the ratings give each
    option's mean tricks (solved exactly; else by score class, None). With
    ``seats``, only the decisions and cards of those seats are rated from
    their knowledge (every card keeps its double-dummy value).
    Raises :class:`~altbaumer.errors.AbnError` for a board that breaks the rules.

    The board is replayed once; every rating reads the state the game record
    holds before its decision or card."""
    clean = strip_annotations(board)
    record = replay(clean)
    state = score.state if score is not None else None
    if objective == "match" and state is None:
        state = MatchState.start(record.state.makers)
    goal = objective_for(objective, state if objective == "match" else None, table)
    notes = BoardNotes(clean, record, objective=objective, score=score)
    # A solver passed in stays open for the caller's next board; one made here is closed here.
    with nullcontext(solver) if solver is not None else Solver(threads=threads) as owned, ExitStack() as cleanup:
        known = score.state if score is not None else None
        settings = dict(objective=objective, state=known, table=table, samples=samples, exact_limit=exact_limit,
                        seed=seed, solver=owned, tricks=tricks)
        rate = _rater(settings) if play == "dd" else _playouts(settings, playouts, effort, cleanup)
        rated = frozenset(SEATS if seats is None else seats)
        if decisions:
            _rate_decisions(record, notes, rate, rated)
        if clean.tricks:
            _rate_cards(record, notes, owned, goal, rate if single_dummy else None, rated)
    if objective == "match":
        notes.equity = _equity(record, state, table)  # type: ignore[arg-type]  # set just above
    notes.board = _written(clean, notes)
    return notes


def annotate_range(boards: Sequence[Board], scores: Sequence[Optional[BoardScore]], options: Mapping[str, Any],
                   start: int, stop: int) -> list[Union[BoardNotes, AbnError]]:
    """:func:`annotate_board` of ``boards[start:stop]`` with their scores and
    ``options`` (one solver for them, on one thread), each board's notes or
    the :class:`~altbaumer.errors.AbnError` it raised: numbered work for
    :func:`~altbaumer.play.ranges.run_ranges`, whose results do not depend
    on where the boards are annotated."""
    out: list[Union[BoardNotes, AbnError]] = []
    with Solver(threads=1) as solver:
        for board, score in zip(boards[start:stop], scores[start:stop]):
            try:
                out.append(annotate_board(board, solver=solver, score=score, **options))
            except AbnError as error:
                out.append(error)
    return out


def _equity(record: GameRecord, state: MatchState, table: Optional[EquityTable]) -> tuple[float, Optional[float]]:
    """N-S's chance to win the match before the deal and, once it is over, after it."""
    table = table or shipped_table()
    final = record.state
    after = None
    if final.phase is Phase.DONE:
        after = table.equity(state.after(final.makers_tricks, final.lone is not None), Team.NS)
    return table.equity(state, Team.NS), after


def _playouts(settings: dict[str, Any], playouts: Optional[int], effort: int,
              cleanup: ExitStack) -> Callable[[Any], Rating]:
    engine = cleanup.enter_context(Engine(threads=settings["solver"].threads))

    def rate(view: Any) -> Rating:
        return rate_realistic(view, playouts=playouts, effort=effort, engine=engine, **settings)

    return rate


def _rater(settings: dict[str, Any]) -> Callable[[Any], Rating]:
    def rate(view: Any) -> Rating:
        return rate_view(view, partial_on_interrupt=False, **settings)

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
    return replace(played, mark=mark, comment=_strip_text(played.comment))  # its variations stay


def score_changes(before: int, after: int) -> bool:
    """The deal's points differ between the two makers' trick totals."""
    return makers_points(before) != makers_points(after)


def _rate_cards(record: GameRecord, notes: BoardNotes, solver: Solver, goal: Objective,
                rate: Optional[Callable[[Any], Rating]], seats: frozenset[Seat]) -> None:
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
        solution = solver.solve(pos)
        moves = solution.moves
        maker = node.seat.team is pos.makers
        value = (max if maker else min)(moves.values())
        after = moves[card]
        lone = pos.lone is not None
        gave = goal.of(np.array([outcome_code(value, lone), outcome_code(after, lone)]))
        loss = float(gave[0] - gave[1]) * (1 if maker else -1)
        best = tuple(c for c in sorted(moves, key=lambda c: c.index) if moves[c] == value)
        # A forced card has nothing to rate.
        sd = rate(record.node_view(node)) if rate is not None and len(moves) > 1 and node.seat in seats else None
        notes.cards.append(CardNote(node.trick, node.seat, card, maker, value, after, best,
                                    verdict_mark(loss, 0.0, goal.name), sd, loss, moves, _seated(pos, solution.pv)))
    notes.start = notes.cards[0].before  # the value of the opening position
    if record.state.phase is Phase.DONE:
        notes.result = record.state.makers_tricks


def _seated(pos: Position, line: tuple[Card, ...]) -> tuple[tuple[Seat, Card], ...]:
    """``line`` played out from ``pos``, each card with the seat that plays it."""
    seated = []
    for card in line:
        seated.append((pos.to_act, card))
        pos = pos.play(card)
    return tuple(seated)  # type: ignore[arg-type]  # a seat is to act until the line ends


def board_work(board: Board, seats: Optional[Collection[Seat]] = None, decisions: bool = True) -> float:
    """How much work annotating or reviewing ``board`` is, in cards rated:
    the decisions of ``seats`` (None: every seat; none without
    ``decisions``) count ``DECISION_WORK`` each, their cards one each; a
    board that breaks the rules, none. Worker processes start the heaviest
    boards first.

    >>> from altbaumer.abn import load_boards
    >>> from pathlib import Path
    >>> board = load_boards(Path(__file__).parents[2] / "examples" / "refusal.abn")[0]
    >>> board_work(board), board_work(board, decisions=False), board_work(board, seats=())
    (48.0, 20.0, 0.0)
    """
    try:
        record = replay(strip_annotations(board))
    except AbnError:
        return 0.0
    rated = frozenset(SEATS if seats is None else seats)
    rated_decisions = sum(1 for _ in _rated_decisions(record, rated)) if decisions else 0
    return DECISION_WORK * rated_decisions + sum(1 for node in record.cards() if node.seat in rated)


def _rated_decisions(record: GameRecord, seats: frozenset[Seat]) -> Iterator[tuple[int, Node, str]]:
    """The decisions before the play that ``seats`` took with a choice: index, node, the option chosen."""
    for index, node in enumerate(record):
        if isinstance(node.action, Play):
            return
        chosen = option_name(node.action)
        if chosen is not None and node.seat in seats:
            yield index, node, chosen


def _rate_decisions(record: GameRecord, notes: BoardNotes, rate: Callable[[Any], Rating],
                    seats: frozenset[Seat]) -> None:
    for index, node, chosen in _rated_decisions(record, seats):
        decision = {"Turn": "turn", "Discard": "discard", "Alone": "alone"}[node.tag]
        try:
            rating = rate(record.node_view(node))
        except AltbaumerError as error:
            notes.skipped.append(f"{decision} ({node.seat}): {error}")
            continue
        notes.decisions.append(DecisionNote(decision, node.tag, node.seat, chosen, rating, index))


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
            row.append(replace(entry, mark=mark, comment="\n".join(parts) if parts else None))
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
    if notes.equity is not None:
        score = notes.score.state if notes.score is not None else None
        line += (f"; score {score if score is not None else 'not known (taken as 0:0 rounds 0:0)'}, "
                 f"N-S win the match {100 * notes.equity[0]:.1f}%")
    return dataclasses.replace(board, tricks=tricks, comments=comments, notes=[line] + list(board.notes))


def player_summaries(boards: list[BoardNotes]) -> dict[str, dict[str, Any]]:
    """Per player (the name in the board's seat tag, else the seat): the
    board summary's counts and losses over the player's own cards and
    decisions (:meth:`BoardNotes.summary`)."""
    cards: dict[str, list[CardNote]] = {}
    decisions: dict[str, list[DecisionNote]] = {}

    def name(board: Board, seat: Seat) -> str:
        player = board.tags.get({"N": "North", "E": "East", "S": "South", "W": "West"}[str(seat)]) or str(seat)
        cards.setdefault(player, [])
        decisions.setdefault(player, [])
        return player

    for notes in boards:
        for card in notes.cards:
            cards[name(notes.board, card.seat)].append(card)
        for decision in notes.decisions:
            decisions[name(notes.board, decision.seat)].append(decision)
    return {player: _summary(cards[player], decisions[player]) for player in cards}


def report(boards: list[BoardNotes], errors: Optional[list[str]] = None) -> dict[str, Any]:
    """Everything as JSON-ready data: every board's figures, per-player and
    per-match summaries (a match is the boards sharing a ``Match`` tag, else
    a file; with the match objective each has its graph of N-S's chance to
    win the match deal by deal), and the boards that could not be annotated."""
    matches: dict[str, list[BoardNotes]] = {}
    sections = {id(notes): i for i, notes in enumerate(boards, 1)}  # a board's place in ``boards``, from 1
    for notes in boards:
        key = notes.board.tags.get("Match")
        matches.setdefault(f"{notes.board.source} match {key}" if key else notes.board.source, []).append(notes)
    return {
        "format": "altbaumer-annotation",
        "version": 2,
        "objective": boards[0].objective if boards else "match",
        "boards": [n.to_dict() for n in boards],
        "players": player_summaries(boards),
        "matches": {name: {**_totals(group), "boards": len(group), "graph": _graph(group, sections),
                           "final": _final(group[-1])}
                    for name, group in matches.items()},
        "total": {**_totals(boards), "boards": len(boards)},
        "errors": list(errors or []),
    }


def _graph(boards: list[BoardNotes], sections: dict[int, int]) -> list[dict[str, Any]]:
    """N-S's chance to win the match before and after each deal, with the
    board's place in the report (``section``, from 1)."""
    return [{"board": n.board.number, "section": sections[id(n)],
             "score": str(n.score.state) if n.score and n.score.state else None,
             "before": n.equity[0], "after": n.equity[1]} for n in boards if n.equity is not None]


def _final(last: BoardNotes) -> Optional[dict[str, Any]]:
    """The score after a match's last deal (``text``, ``describe``, and the
    ``winner`` once the match is over); None when it is not known (no score,
    an unfinished play, another objective than the match)."""
    state = last.score.state if last.score is not None else None
    if state is None or last.result is None or last.objective != "match" or state.winner is not None:
        return None
    after = state.after(last.result, last.record.state.lone is not None)
    return {"text": str(after), "describe": after.describe(),
            "winner": None if after.winner is None else str(after.winner)}


def _totals(boards: list[BoardNotes]) -> dict[str, Any]:
    return _summary([c for n in boards for c in n.cards], [d for n in boards for d in n.decisions])
