"""The position a board reaches along a line, as the analysis board draws
it: the hands, the trick, the phase and the score, and every option of the
seat to act, each card with its double-dummy value for the side to play
(docs/serve.md, The JSON API).

>>> from altbaumer.abn.board import board_from_deal
>>> from altbaumer.abn.record import replay
>>> from altbaumer.abn.selection import scores_for
>>> from altbaumer.game.deal import Deal
>>> record = replay(board_from_deal(Deal.from_seed(3)))
>>> with Solver(threads=1) as solver:
...     answer = position_answer(record, None, scores_for([record], None)[0], solver)
>>> answer["phase"], answer["decision"], [o["action"] for o in answer["options"]], answer["makers_tricks"]
('trump', 'turn', ['accept', 'refuse'], None)
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from altbaumer.abn.match_states import BoardScore
from altbaumer.abn.record import GameRecord
from altbaumer.dd.solver import Solution, Solver
from altbaumer.errors import IncompleteDeal
from altbaumer.game.actions import Action, Phase, Play
from altbaumer.game.cards import Card
from altbaumer.game.deal import Deal
from altbaumer.game.deal_rules import TRICKS
from altbaumer.game.position import Position
from altbaumer.game.seats import SEATS, Seat
from altbaumer.hidden.knowledge import HAND, InfoSet
from altbaumer.hidden.rating import DECISIONS
from altbaumer.lang import N_, _
from altbaumer.report.board_solve import tricks_dict
from altbaumer.report.html_text import SEAT_TAGS
from altbaumer.serve.lines import action_text, line_state, recorded_line
from altbaumer.serve.open_table import open_card_figures

__all__ = ["position_answer"]

def position_answer(record: GameRecord, line: Optional[Sequence[str]], score: BoardScore,
                    solver: Solver) -> dict[str, Any]:
    """The position ``record``'s board reaches along ``line`` (``None``: its
    recorded line), solved double dummy when every hand in play is known."""
    recorded = recorded_line(record)
    played = recorded if line is None else list(line)
    state = line_state(record, played)
    board = record.board
    solution, unsolved = _solved(state, solver)
    viewer = _viewer(record)
    figures = open_card_figures(record.nodes[0].state if record.nodes else record.state, state, score.state, solver)
    return {
        "board": board.number, "label": board.label(), "recorded": recorded, "line": played,
        "names": {seat: board.tags.get(tag) for seat, tag in SEAT_TAGS.items()},
        "dealer": str(state.dealer), "forehand": str(state.forehand), "cutter": str(state.cutter),
        "makers": str(state.makers), "trump": None if state.trump is None else state.trump.letter,
        "lone": None if state.lone is None else str(state.lone),
        "absent": None if state.absent is None else str(state.absent),
        "phase": state.phase.value, "to_act": None if state.to_act is None else str(state.to_act),
        "decision": DECISIONS.get(state.phase.value),
        "hands": {str(s): _cards(state.hands[s]) for s in SEATS},
        "stock": [None if c is None else c.ascii() for c in state.stock],
        "turned": None if state.turned_card is None else state.turned_card.ascii(),
        "discards": _cards(state.discards),
        "tricks": tricks_dict(state.tricks),
        "trick": {"leader": None if state.trick_leader is None else str(state.trick_leader),
                  "cards": [c.ascii() for c in state.trick_cards]},
        "tricks_taken": {str(team): state.tricks_won[team] for team in state.tricks_won},
        "score": str(score.state) if score.source != "unknown" else None,
        "viewer": None if viewer is None else str(viewer),
        "options": _options(state, solution, viewer, figures),
        "makers_tricks": None if solution is None else solution.makers_tricks,
        "pv": [] if solution is None else [c.ascii() for c in solution.pv],
        "unsolved": unsolved,
    }


def _cards(cards: Optional[Any]) -> Optional[list[str]]:
    return None if cards is None else [c.ascii() for c in cards]


def _solved(state: Deal, solver: Solver) -> tuple[Optional[Solution], Optional[str]]:
    """The solution of the card play from here, or why there is none."""
    if state.phase is not Phase.PLAY:
        return None, None if state.phase is Phase.DONE else _("the cards are not being played yet")
    try:
        return solver.solve(Position.from_deal(state)), None
    except IncompleteDeal as error:
        return None, _("{error}: the cards cannot be solved double dummy").format(error=error)


def _viewer(record: GameRecord) -> Optional[Seat]:
    """The one seat whose hand a board from one seat's view shows."""
    known = [seat for seat in SEATS if record.board.hands.get(seat) is not None]
    return known[0] if len(known) == 1 else None


def _options(state: Deal, solution: Optional[Solution], viewer: Optional[Seat],
             figures: Optional[dict[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Every legal action of the seat to act; a card's value is the tricks
    its side takes in the whole deal with that card and best play after; a
    decision of trump making has its figures with every card open; a seat
    whose hand is not known may play any card ``viewer`` has not seen."""
    seat = state.to_act
    if seat is None:
        return []
    try:
        actions: list[Action] = state.legal_actions()
        unseen = False
    except IncompleteDeal:
        if viewer is None or state.phase is not Phase.PLAY:
            return []
        actions, unseen = [Play(card) for card in _unseen_cards(state, seat, viewer)], True
    maker = seat.team is state.makers
    options = []
    for action in actions:
        value = None
        if isinstance(action, Play) and solution is not None:
            makers = solution.moves[action.card]
            value = makers if maker else TRICKS - makers
        text = action_text(action)
        option: dict[str, Any] = {"action": text, "label": _label(action), "value": value,
                                  "best": isinstance(action, Play) and solution is not None and action.card in solution.best_cards}
        if unseen:
            option["unseen"] = True
        if figures is not None and text in figures:
            option["open"] = figures[text]
        options.append(option)
    return options


def _unseen_cards(state: Deal, seat: Seat, viewer: Seat) -> list[Card]:
    """The cards ``seat`` (its hand not known) may hold as ``viewer`` knows
    the deal: the cards known to be in its hand (Trees taken at the cut) and
    every unseen card that its plays so far leave it able to hold."""
    info = InfoSet.from_view(state.view(viewer))
    slot = info.slot_index(HAND, seat)
    cards = set(info.known_hands[seat])
    if slot is not None:
        cards.update(card for card, allowed in zip(info.unknown, info.allowed) if allowed >> slot & 1)
    return sorted(cards)


_ACTION_WORDS = {"accept": N_("accept"), "refuse": N_("refuse"), "alone": N_("alone"), "together": N_("together")}
"""The named actions of a line, as a choice's button says them."""


def _label(action: Any) -> str:
    """An option as its button says it, in the page's language (the action itself stays the API's word)."""
    if isinstance(action, Play):
        return str(action.card)
    text = action_text(action)
    if not text.startswith("discard:"):
        return _(_ACTION_WORDS[text]) if text in _ACTION_WORDS else text
    shown = [str(c) for c in action.cards if c is not None]
    return _("discard {cards}").format(cards=" ".join(shown)) if shown else _("discard (not seen)")
