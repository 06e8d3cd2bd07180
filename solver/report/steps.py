"""The steps of a board for stepping through it: the position before every
recorded action, and after the last.

Each step is JSON-ready: the action about to be taken and who takes it, the
hands as they are then (display order; ``None`` for a hand the file does not
show), the cards of the trick in play in front of their players, the tricks
won, the trump, the turned card, the lone player, and what the seat to act
knew (its own hand and the cards it had seen; rules.md, Who knows what). A
card step points into the board's ``cards`` (with every legal card's
double-dummy value and the best line), a decision step into its
``decisions``; the analysis page (:mod:`altbaumer.report.html_viewer`) draws
them.

>>> from altbaumer.abn import load_boards
>>> from altbaumer.abn.record import replay
>>> from pathlib import Path
>>> record = replay(load_boards(Path(__file__).parents[2] / "examples" / "refusal.abn")[0])
>>> steps = board_steps(record)
>>> [s["kind"] for s in steps[:3]], steps[-1]["kind"], len(steps) == len(record.nodes) + 1
(['turn', 'discard', 'alone'], 'end', True)
>>> lead = next(s for s in steps if s["kind"] == "card")
>>> lead["trick"], steps[steps.index(lead) + 1]["trick"][0]["seat"] == lead["seat"]
([], True)
"""

from __future__ import annotations

from typing import Any, Iterable, Optional, Sequence

from altbaumer.abn.record import GameRecord, Node
from altbaumer.errors import IncompleteDeal
from altbaumer.game.actions import DeclareAlone, Discard, Play, TakeTrees
from altbaumer.game.cards import Card, CardSet
from altbaumer.game.deal import Deal
from altbaumer.game.display import display_key
from altbaumer.game.seats import SEATS, Team
from altbaumer.hidden.rating import option_name

__all__ = ["board_steps", "STEP_KINDS"]

STEP_KINDS = {TakeTrees: "cut", Discard: "discard", DeclareAlone: "alone", Play: "card"}
"""The kind of step each action starts; accepting or refusing is ``turn``."""


def board_steps(record: GameRecord, decision_nodes: Sequence[int] = (), carded: bool = False) -> list[dict[str, Any]]:
    """Every step of ``record``: one before each node, then the end.
    ``decision_nodes`` gives the node of each rated decision, in order (a
    step carries the index of its decision); with ``carded`` the card steps
    carry their index into the rated cards."""
    decision_of = {node: i for i, node in enumerate(decision_nodes)}
    steps, cards = [], 0
    for index, node in enumerate(record.nodes):
        step = {**_position(node.state), "kind": STEP_KINDS.get(type(node.action), "turn"),
                "seat": str(node.seat), "text": f"{node.seat} {node.action}",
                "option": option_name(node.action), "knew": _knew(node)}
        if isinstance(node.action, Play):
            step["card"] = cards if carded else None
            cards += 1
        if index in decision_of:
            step["decision"] = decision_of[index]
        steps.append(step)
    steps.append({**_position(record.state), "kind": "end", "seat": None, "text": "the end of the record",
                  "option": None, "knew": None})
    return steps


def _position(state: Deal) -> dict[str, Any]:
    """What the table shows: hands, the trick in play, the tricks won."""
    order = state.trick_order() if state.trick_leader is not None else ()
    return {"hands": {str(s): _cards(state.hands[s]) for s in SEATS},
            "trick": [{"seat": str(seat), "card": card.ascii()} for seat, card in zip(order, state.trick_cards)],
            "tricks_won": {str(Team.NS): state.tricks_won[Team.NS], str(Team.EW): state.tricks_won[Team.EW]},
            "makers_tricks": state.makers_tricks, "trump": None if state.trump is None else state.trump.letter,
            "turned": None if state.turned_card is None else state.turned_card.ascii(),
            "lone": None if state.lone is None else str(state.lone),
            "absent": None if state.absent is None else str(state.absent), "phase": state.phase.value}


def _knew(node: Node) -> Optional[dict[str, Any]]:
    """The acting seat's own hand and the cards it had seen that are neither
    in its hand nor played (the turned card, the cut, the stock turned up,
    forehand's own discard); None when the file does not show them."""
    try:
        view = node.view()
    except IncompleteDeal:
        return None
    seen = CardSet(c for c in (view.turned,) if c is not None) | view.cut_seen | view.exposed | view.taken
    return {"seat": str(view.seat), "hand": _cards(view.hand), "seen": _cards(seen - view.hand),
            "discard": _cards(view.discards)}


def _cards(cards: Optional[Iterable[Card]]) -> Optional[list[str]]:
    return None if cards is None else [c.ascii() for c in sorted(cards, key=display_key)]
