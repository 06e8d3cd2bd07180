"""A player's review over many games: how much each player gives away, where,
and how lucky the cards were.

Every board is annotated (:func:`altbaumer.report.annotate.annotate_board`)
with its decisions and every card with a choice rated from the player's own
knowledge, by realistic play unless asked otherwise, and the luck of its
cards measured (:mod:`altbaumer.hidden.luck`). A player's **choices** are the
decisions (accept or refuse, the discard, lone play) and the cards with more
than one legal option (the lead, following); forced cards are not choices.
For each player (the name in the boards' seat tags, else the seat):

* the **error rate**: the objective given up per choice, counting each
  choice's loss against the top option only beyond its 95% interval (as the
  annotation's ``lost`` does, so that the noise of the ratings does not add
  up), and per deal played;
* the marks ``?!``, ``?`` and ``??`` by kind of choice (:data:`KINDS`), and
  the **accuracy**, the share of the choices not marked;
* the **luck**: what the dealt cards were worth to the player's team with all
  of them open, against the average deal, summed over the deals (skill shows
  in the error rate, luck here; a lucky player scores well with errors);
* the worst choices, each with its board and point of play.

>>> from altbaumer.abn import load_boards
>>> from pathlib import Path
>>> board = load_boards(Path(__file__).parents[2] / "examples" / "refusal.abn")[0]
>>> reviewed = review_board(board, play="dd", samples=200)
>>> [c.kind for c in board_choices(reviewed)][:3], reviewed.luck is not None
(['turn', 'discard', 'alone'], True)
>>> players = player_reviews([reviewed])
>>> sorted(p.player for p in players), sum(p.choices for p in players) == len(board_choices(reviewed))
(['E', 'N', 'S', 'W'], True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Collection, Mapping, Optional, Sequence, Union

from altbaumer.abn.board import Board
from altbaumer.abn.match_states import BoardScore
from altbaumer.dd.solver import Solver, using_solver
from altbaumer.errors import AbnError, IncompleteBoard, InvalidOption
from altbaumer.game.equity import EquityTable
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import SEATS, Seat, Team
from altbaumer.hidden.luck import LUCK_OBJECTIVES, deal_luck
from altbaumer.hidden.objectives import objective_for
from altbaumer.hidden.rating import Rating
from altbaumer.hidden.verdicts import MARK_NAMES, MARKS
from altbaumer.report.annotate import BoardNotes, accuracy, annotate_board
from altbaumer.lang import N_, _, active_language, ngettext, number
from altbaumer.report.html_text import amount, as_float, fixed, in_words, is_chance, of_unit, percent_text

__all__ = ["KINDS", "KIND_WORDS", "SEAT_TAGS", "BoardReview", "Choice", "PlayerReview", "review_board",
           "review_range", "board_choices", "player_names", "player_reviews", "review_report", "seats_of",
           "choice_dict", "per_choice", "review_words"]

KINDS = ("turn", "discard", "alone", "lead", "follow")
"""The kinds of choice: accept or refuse, the discard, lone play (forehand's
and its partner's), a card that leads a trick, a card that follows."""
KIND_WORDS = {"turn": N_("accept or refuse"), "discard": N_("the discard"), "alone": N_("lone play"),
              "lead": N_("the lead"), "follow": N_("following")}
"""Each kind of choice in English words (said in a page's language with ``_``)."""
SEAT_TAGS = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}
_Z95 = 1.959964
_SERIES_MAX = 20  # points of a player's error rate over time


@dataclass(frozen=True)
class BoardReview:
    """One board reviewed: its annotation, and the luck of its cards for
    each team (None when the file does not give every card as dealt)."""

    notes: BoardNotes
    luck: Optional[Mapping[Team, float]]

    @property
    def board(self) -> Board:
        return self.notes.board


@dataclass(frozen=True)
class Choice:
    """One rated choice of a player: on board ``review`` (its place among
    the reviewed boards, from 0) at node ``node`` of its record, of ``kind``,
    where ``chosen`` was taken and ``best`` recommended. ``loss`` is what it
    gave up against the top option for the chooser's side, ``counted`` the
    same beyond the rating's noise (else 0), both in the objective's unit."""

    player: str
    seat: Seat
    kind: str
    review: int
    node: int
    chosen: str
    best: str
    loss: float
    counted: float
    ci95: float
    mark: str
    rating: Rating = field(repr=False, compare=False)

    def where(self, notes: BoardNotes) -> str:
        """The point of play in words: ``accept or refuse``, ``trick 3, the lead``."""
        node = notes.record.nodes[self.node]
        if node.trick is None:
            return _(KIND_WORDS[self.kind])
        if self.kind == "lead":
            return _("trick {trick}, the lead").format(trick=node.trick)
        return _("trick {trick}, card {card}").format(trick=node.trick, card=len(node.state.trick_cards) + 1)


def review_board(board: Board, *, score: Optional[BoardScore] = None, seats: Optional[Collection[Seat]] = None,
                 solver: Optional[Solver] = None, table: Optional[EquityTable] = None, objective: str = "match",
                 **options: Any) -> BoardReview:
    """``board`` annotated with its decisions and every card with a choice
    rated from the player's knowledge (only those of ``seats``, when given),
    and the luck of its cards; ``options`` are :func:`annotate_board`'s."""
    if objective not in LUCK_OBJECTIVES:
        raise InvalidOption(f"a review rates by {' or '.join(LUCK_OBJECTIVES)}, not {objective!r}: "
                            "what one team gains there, the other loses")
    with using_solver(solver, threads=options.pop("threads", None)) as owned:
        notes = annotate_board(board, decisions=True, single_dummy=True, score=score, seats=seats, solver=owned,
                               table=table, objective=objective, **options)
        return BoardReview(notes, _luck(notes, objective, table, owned))


def _luck(notes: BoardNotes, objective: str, table: Optional[EquityTable], solver: Solver) -> Optional[dict[Team, float]]:
    try:
        dealt = notes.record.deal(as_dealt=True)
    except IncompleteBoard:
        return None
    state = notes.score.state if notes.score is not None and notes.score.state is not None else None
    goal = objective_for(objective, state or MatchState.start(dealt.makers), table) if objective == "match" \
        else objective_for(objective)
    makers = deal_luck(dealt, goal, solver=solver)
    return {dealt.makers: makers, dealt.makers.other: -makers}


def review_range(boards: Sequence[Board], scores: Sequence[Optional[BoardScore]],
                 seats: Sequence[Optional[frozenset[Seat]]], options: Mapping[str, Any], start: int,
                 stop: int) -> list[Union[BoardReview, AbnError]]:
    """:func:`review_board` of ``boards[start:stop]`` (one solver, one
    thread), each review or the :class:`~altbaumer.errors.AbnError` it
    raised: numbered work for :func:`~altbaumer.play.ranges.run_ranges`,
    whose results do not depend on where the boards are reviewed."""
    out: list[Union[BoardReview, AbnError]] = []
    with Solver(threads=1) as solver:
        for i in range(start, stop):
            try:
                out.append(review_board(boards[i], score=scores[i], seats=seats[i], solver=solver, **options))
            except AbnError as error:
                out.append(error)
    return out


# -- who played what ------------------------------------------------------------------


def player_names(board: Board) -> dict[Seat, str]:
    """Each seat's player: the name in its seat tag, else the seat's letter."""
    return {seat: (board.tags.get(SEAT_TAGS[seat]) or "").strip() or str(seat) for seat in SEATS}


def seats_of(board: Board, players: Optional[Collection[str]], seat: Optional[Seat]) -> Optional[frozenset[Seat]]:
    """The seats of ``board`` to rate: those of the named ``players``, or
    ``seat``, or (both None) every seat, as None."""
    if seat is not None:
        return frozenset((seat,))
    if players is None:
        return None
    return frozenset(s for s, name in player_names(board).items() if name in players)


def board_choices(review: BoardReview, index: int = 0) -> list[Choice]:
    """The rated choices of a reviewed board (the ``index``-th reviewed), in
    the order of play."""
    notes, names = review.notes, player_names(review.board)
    choices = [_choice(names[d.seat], d.seat, d.decision, index, d.node, d.chosen, d.rating)
               for d in notes.decisions]
    card_nodes = {id(node): i for i, node in enumerate(notes.record.nodes)}
    for card, node in zip(notes.cards, notes.record.cards()):
        if card.single_dummy is not None:
            kind = "follow" if node.state.trick_cards else "lead"
            choices.append(_choice(names[card.seat], card.seat, kind, index, card_nodes[id(node)], card.card.ascii(),
                                   card.single_dummy))
    return sorted(choices, key=lambda c: c.node)


def _choice(player: str, seat: Seat, kind: str, index: int, node: int, chosen: str, rating: Rating) -> Choice:
    loss = rating.loss(chosen)
    option = rating.option(chosen)
    counted = max(loss, 0.0) if rating.significant(chosen) else 0.0
    return Choice(player, seat, kind, index, node, chosen, rating.best.option, loss, counted, option.delta_ci95,
                  rating.mark(chosen), rating)


# -- per player -------------------------------------------------------------------------


@dataclass
class PlayerReview:
    """One player's figures over the reviewed boards (see the module docstring)."""

    player: str
    deals: int = 0
    choices: int = 0
    lost: float = 0.0
    by_kind: dict[str, dict[str, Any]] = field(default_factory=lambda: {k: _kind_row() for k in KINDS})
    luck: list[float] = field(default_factory=list)
    """The luck of each deal played whose cards are all known, in order."""
    costly: list[Choice] = field(default_factory=list)
    """The choices that gave something up beyond their noise, costliest first."""
    series: list[tuple[int, float]] = field(default_factory=list)
    """Per deal played, in order: its choices and what they gave up."""

    @property
    def error_rate(self) -> Optional[float]:
        """The objective given up per choice (None without a choice)."""
        return self.lost / self.choices if self.choices else None

    @property
    def error_rate_per_deal(self) -> Optional[float]:
        return self.lost / self.deals if self.deals else None

    @property
    def marked(self) -> int:
        return sum(row[m] for row in self.by_kind.values() for m in MARKS)

    @property
    def accuracy(self) -> Optional[float]:
        return accuracy(self.choices, self.marked)

    def luck_figures(self) -> dict[str, Any]:
        """The luck summed, per deal with its 95% interval, and the deals it is over."""
        n = len(self.luck)
        mean = sum(self.luck) / n if n else None
        ci = None
        if n > 1 and mean is not None:
            ci = _Z95 * math.sqrt(sum((x - mean) ** 2 for x in self.luck) / (n - 1) / n)
        return {"total": round(sum(self.luck), 6), "per_deal": None if mean is None else round(mean, 6),
                "per_deal_ci95": None if ci is None else round(ci, 6), "deals": n}

    def over_time(self) -> list[dict[str, Any]]:
        """The error rate over the player's deals in order, in at most
        :data:`_SERIES_MAX` stretches of equal length."""
        n = len(self.series)
        if not n:
            return []
        size = math.ceil(n / min(n, _SERIES_MAX))
        out = []
        for first in range(0, n, size):
            part = self.series[first:first + size]
            choices, lost = sum(c for c, _lost in part), sum(x for _choices, x in part)
            out.append({"first_deal": first + 1, "last_deal": first + len(part), "choices": choices,
                        "error_rate": round(lost / choices, 6) if choices else None})
        return out


def _kind_row() -> dict[str, Any]:
    return {"choices": 0, "lost": 0.0, **{m: 0 for m in MARKS}}


def player_reviews(reviews: Sequence[BoardReview], players: Optional[Collection[str]] = None,
                   seat: Optional[Seat] = None) -> list[PlayerReview]:
    """Each player's figures over ``reviews`` (only ``players``, or the
    player at ``seat``, when given), in the order they first appear; unless
    asked for, a player without a single rated choice is left out."""
    found: dict[str, PlayerReview] = {}
    for index, review in enumerate(reviews):
        names = player_names(review.board)
        if seat is not None:
            names = {seat: str(seat)}
        choices = board_choices(review, index)
        for name in dict.fromkeys(names.values()):
            if players is not None and name not in players:
                continue
            seats = [s for s, n in names.items() if n == name]
            teams = {s.team for s in seats}
            # A player on both teams (self-play under one name) has no luck of its own.
            luck = review.luck[teams.pop()] if review.luck is not None and len(teams) == 1 else None
            _add_deal(found.setdefault(name, PlayerReview(name)), [c for c in choices if c.seat in seats], luck)
    for player in found.values():
        player.costly.sort(key=lambda c: (-c.counted, c.review, c.node))
    # A seat that never chose (the unknown hands of a file written from one seat's view) is no player to review.
    return [p for p in found.values() if p.choices or players is not None or seat is not None]


def _add_deal(player: PlayerReview, choices: list[Choice], luck: Optional[float]) -> None:
    player.deals += 1
    if luck is not None:
        player.luck.append(luck)
    for choice in choices:
        row = player.by_kind[choice.kind]
        row["choices"] += 1
        row["lost"] += choice.counted
        if choice.mark:
            row[choice.mark] += 1
    player.choices += len(choices)
    lost = sum(c.counted for c in choices)
    player.lost += lost
    player.series.append((len(choices), lost))
    player.costly += [c for c in choices if c.counted > 0]


# -- the report -------------------------------------------------------------------------


def review_report(reviews: Sequence[BoardReview], players: Sequence[PlayerReview], objective: str, play: str,
                  errors: Sequence[str] = (), worst: int = 10) -> dict[str, Any]:
    """Everything as JSON-ready data: the settings, every player's figures
    with their ``worst`` costliest choices (each with its board and point of
    play), and the boards that could not be reviewed."""
    return {"format": "altbaumer-review", "version": 1, "objective": objective, "play": play,
            "boards": len(reviews), "players": [_player_dict(p, reviews, worst) for p in players],
            "errors": list(errors)}


def _player_dict(player: PlayerReview, reviews: Sequence[BoardReview], worst: int) -> dict[str, Any]:
    rate, per_deal = player.error_rate, player.error_rate_per_deal
    return {
        "player": player.player, "deals": player.deals, "decisions": player.choices,
        "error_rate": None if rate is None else round(rate, 6),
        "error_rate_per_deal": None if per_deal is None else round(per_deal, 6),
        "lost": round(player.lost, 6), "accuracy": player.accuracy,
        "marks": {k: {m: row[m] for m in MARKS} for k, row in player.by_kind.items()},
        "by_kind": {k: {"decisions": row["choices"], "lost": round(row["lost"], 6),
                        "error_rate": round(row["lost"] / row["choices"], 6) if row["choices"] else None}
                    for k, row in player.by_kind.items()},
        "luck": player.luck_figures(), "over_time": player.over_time(),
        "worst": [choice_dict(c, reviews[c.review]) for c in player.costly[:worst]],
    }


def choice_dict(choice: Choice, review: BoardReview) -> dict[str, Any]:
    """A choice with its board and point of play (``step``: the index of its
    step among the board's ``steps``, from 0, docs/annotate.md), JSON-ready."""
    notes = review.notes
    state = notes.record.nodes[choice.node].state
    score = notes.score.state if notes.score is not None else None
    return {"source": review.board.source, "board": review.board.number, "line": review.board.line("Dealer"),
            "review": choice.review, "step": choice.node, "seat": str(choice.seat), "kind": choice.kind,
            "where": choice.where(notes), "chosen": choice.chosen, "best": choice.best, "loss": round(choice.loss, 6),
            "counted": round(choice.counted, 6), "ci95": round(choice.ci95, 6), "mark": choice.mark,
            "hand": [c.ascii() for c in state.hand(choice.seat)], "score": None if score is None else str(score)}


# -- in words ---------------------------------------------------------------------------


def per_choice(value: object, objective: str) -> str:
    """An error rate: percent of a chance to two decimals, or net points to three.

    >>> per_choice(0.00341, "match"), per_choice(0.0123, "net")
    ('0.34%', '0.012')
    """
    figure = as_float(value)
    if figure is None:
        return "—"
    return percent_text(figure, 2) if is_chance(objective) else fixed(figure, 3)


def review_words(row: Mapping[str, Any], objective: str, addressed: bool = False) -> str:
    """One player's review in plain words, from the player's figures of
    :func:`review_report` (the terminal and the page say the same); ``addressed``: said to the player
    ("You gave up …"), as the table says it to the person who played.

    >>> print(review_words({"player": "Ann", "deals": 18, "decisions": 129, "error_rate": 0.0034,
    ...       "error_rate_per_deal": 0.0244, "accuracy": 95.3, "marks": {"turn": {"?!": 1, "?": 0, "??": 2}},
    ...       "luck": {"per_deal": 0.045, "per_deal_ci95": 0.055, "deals": 18}}, "match"))
    ... # doctest: +NORMALIZE_WHITESPACE
    Ann gave up 0.34% of the chance to win the match a decision (2.44% a deal) over 129 decisions in
    18 deals, with 1 inaccuracy and 2 blunders; accuracy 95.3%: that share of the decisions was not
    marked ?!, ? or ??. Luck: the cards dealt to Ann's side were worth 4.5% ± 5.5% of the chance to
    win the match a deal more than an average deal (with all cards open), whatever the play.
    >>> print(review_words({"player": "Ann", "deals": 1, "decisions": 0}, "match", addressed=True))
    You had no decision with a choice in 1 deal.
    """
    name, decisions = row["player"], int(row.get("decisions") or 0)
    deals = int(row.get("deals") or 0)
    deals_said = ngettext("{n} deal", "{n} deals", deals).format(n=number(deals))
    if not decisions:
        text = (_("You had no decision with a choice in {deals}.") if addressed else
                _("{name} had no decision with a choice in {deals}.")).format(name=name, deals=deals_said)
    else:
        counts = {m: sum(int(kind.get(m, 0)) for kind in (row.get("marks") or {}).values()) for m in MARKS}
        said = [_marks_said(m, counts[m]) for m in MARKS if counts[m]]
        marks = in_words(said) if said else _("no marked error")
        sentence = (_("You gave up {lost} a decision ({per_deal} a deal) over {decisions} in {deals}, with {marks}; "
                      "accuracy {accuracy}%: that share of the decisions was not marked ?!, ? or ??.") if addressed else
                    _("{name} gave up {lost} a decision ({per_deal} a deal) over {decisions} in {deals}, with {marks}; "
                      "accuracy {accuracy}%: that share of the decisions was not marked ?!, ? or ??."))
        text = sentence.format(
            name=name, lost=of_unit(per_choice(row.get("error_rate"), objective), objective),
            per_deal=per_choice(row.get("error_rate_per_deal"), objective),
            decisions=ngettext("{n} decision", "{n} decisions", decisions).format(n=number(decisions)),
            deals=deals_said, marks=marks, accuracy=_accuracy(row.get("accuracy")))
    return text + _luck_words(name, row.get("luck") or {}, objective, addressed)


def _marks_said(mark: str, n: int) -> str:
    """``2 blunders``: a count of one of the marks, in words."""
    forms = {"?!": ngettext("{n} inaccuracy", "{n} inaccuracies", n), "?": ngettext("{n} mistake", "{n} mistakes", n),
             "??": ngettext("{n} blunder", "{n} blunders", n)}
    return forms[mark].format(n=number(n))


def _accuracy(value: object) -> str:
    """The accuracy as the review's figures hold it (already in percent)."""
    figure = as_float(value)
    return str(value) if active_language() == "en" or figure is None else fixed(figure, 1)


def _luck_words(name: str, luck: Mapping[str, Any], objective: str, addressed: bool) -> str:
    mean, ci = as_float(luck.get("per_deal")), as_float(luck.get("per_deal_ci95"))
    if mean is None:
        return ""
    worth = of_unit(amount(abs(mean), objective) + ("" if ci is None else f" ± {amount(ci, objective)}"), objective)
    if addressed:
        said = (_("Luck: the cards dealt to your side were worth {worth} a deal more than an average deal (with all "
                  "cards open), whatever the play.") if mean >= 0 else
                _("Luck: the cards dealt to your side were worth {worth} a deal less than an average deal (with all "
                  "cards open), whatever the play."))
    else:
        said = (_("Luck: the cards dealt to {name}'s side were worth {worth} a deal more than an average deal (with "
                  "all cards open), whatever the play.") if mean >= 0 else
                _("Luck: the cards dealt to {name}'s side were worth {worth} a deal less than an average deal (with "
                  "all cards open), whatever the play."))
    return " " + said.format(name=name, worth=worth)
