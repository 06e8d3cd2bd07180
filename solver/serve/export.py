"""The analysis board's tree of lines as ABN, and a board's record as such
a tree: the main line (the first child at every point) is the board's line,
every other child of a card is a variation of that card (docs/format.md,
Variations).

A tree node is ``{"action": ACTION, "children": [NODE, …]}``, optionally
with the card's ``"mark"`` and ``"comment"``; the root is ``{"children":
[…]}``. ABN records variations of cards only, so another choice at a
decision is left out of the export, and counted.

>>> from altbaumer.abn.board import board_from_deal
>>> from altbaumer.game.actions import Accept
>>> from altbaumer.game.deal import Deal
>>> deal = Deal.from_seed(3)
>>> deal.apply(Accept())
>>> record = replay(board_from_deal(deal))
>>> record_tree(record)
{'children': [{'action': 'accept', 'children': []}]}
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, Optional, Sequence

from altbaumer.abn.board import Board, PlayedCard
from altbaumer.abn.reader import read_boards
from altbaumer.abn.record import GameRecord, replay
from altbaumer.abn.writer import write_boards
from altbaumer.errors import CardParseError, InvalidOption
from altbaumer.game.cards import Card
from altbaumer.lang import _, number
from altbaumer.serve.lines import LINE_MAX, line_record, recorded_line
from altbaumer.serve.requests import board_request

__all__ = ["export_board", "record_tree", "Tree"]

Tree = dict[str, Any]
_NODES_MAX = 4_000
"""Nodes a tree may hold: far more lines than a player explores, far fewer than a request's body bounds."""


def record_tree(record: GameRecord) -> Tree:
    """The board's record as a tree: its line, and its cards' variations
    with their marks and commentary."""
    return {"children": _chain(_decisions(recorded_line(record)), _flat(record.board))}


def _decisions(line: Sequence[str]) -> list[str]:
    """The actions of a line before its first card."""
    return [a for a in line[: next((i for i, a in enumerate(line) if _card(a) is not None), len(line))]]


def _flat(board: Board) -> list[PlayedCard]:
    return [card for trick in board.tricks for card in trick]


def _chain(decisions: Sequence[str], played: Sequence[PlayedCard]) -> list[Tree]:
    """The children of a point: the first of ``decisions`` (then the rest
    and the cards), or the first card with its variations beside it."""
    if decisions:
        return [{"action": decisions[0], "children": _chain(decisions[1:], played)}]
    if not played:
        return []
    first = played[0]
    main = {"action": first.card.ascii(), "children": _chain((), played[1:]), **_notes(first)}
    return [main] + [_chain((), list(variation))[0] for variation in first.variations]


def _notes(card: PlayedCard) -> dict[str, str]:
    return {k: v for k, v in (("mark", card.mark), ("comment", card.comment)) if v}


@dataclass
class _Export:
    """The tree walked once: the main line's actions, each main-line card
    with its variations, and the choices at decisions left out."""

    main: list[str]
    cards: list[PlayedCard]
    dropped: int = 0
    nodes: int = 0


def export_board(body: Mapping[str, Any]) -> dict[str, Any]:
    """The board of the request with the variations of ``tree`` as ABN
    text, checked by the reader and the rules as a file is."""
    request = board_request(body)
    tree = body.get("tree")
    if not isinstance(tree, dict):
        raise InvalidOption(_('tree: an object {"children": [{"action": …, "children": […]}, …]}'))
    walk = _Export([], [])
    _walk_main(_children(tree, walk), walk)
    record = line_record(request.record, walk.main)
    board = _with_cards(record.board, walk.cards, request.record, walk.main)
    text = write_boards([board])
    replay(read_boards(text, request.name)[0])  # an illegal variation is refused here, at its card
    return {"abn": text, "dropped": walk.dropped}


def _children(node: Mapping[str, Any], walk: _Export) -> list[Mapping[str, Any]]:
    children = node.get("children", [])
    if not isinstance(children, list) or not all(isinstance(c, dict) and isinstance(c.get("action"), str)
                                                 for c in children):
        raise InvalidOption(_('tree: every node is {"action": "QC", "children": [...]}'))
    walk.nodes += len(children)
    if walk.nodes > _NODES_MAX:
        raise InvalidOption(_("tree: more than {n} moves").format(n=number(_NODES_MAX)))
    return children


def _walk_main(children: list[Mapping[str, Any]], walk: _Export) -> None:
    while children:
        if len(walk.main) > LINE_MAX:
            raise InvalidOption(_("tree: a line longer than a deal ({n} actions)").format(n=LINE_MAX))
        first = children[0]
        card = _card(first["action"])
        walk.main.append(first["action"])
        if card is None:
            walk.dropped += len(children) - 1
        else:
            walk.cards.append(_played(first, card, children[1:], walk))
        children = _children(first, walk)


def _line(node: Mapping[str, Any], walk: _Export, depth: int) -> tuple[PlayedCard, ...]:
    """The cards along ``node``'s first children, each with the other children as its variations."""
    cards: list[PlayedCard] = []
    children: list[Mapping[str, Any]] = [node]
    while children:
        first = children[0]
        card = _card(first["action"])
        if card is None or depth + len(cards) > LINE_MAX:
            raise InvalidOption(_("tree: {action} in a variation: a variation holds cards only").format(
                action=repr(first["action"])))
        cards.append(_played(first, card, children[1:], walk, depth + 1))
        children = _children(first, walk)
    return tuple(cards)


def _played(node: Mapping[str, Any], card: Card, others: list[Mapping[str, Any]], walk: _Export,
            depth: int = 0) -> PlayedCard:
    mark, comment = node.get("mark") or "", node.get("comment") or None
    if not isinstance(mark, str) or not (comment is None or isinstance(comment, str)):
        raise InvalidOption(_("tree: a node's mark and comment are strings"))
    return PlayedCard(card, mark, comment, tuple(_line(other, walk, depth) for other in others))


def _card(action: str) -> Optional[Card]:
    try:
        return Card.parse(action)
    except CardParseError:
        return None


def _with_cards(board: Board, cards: list[PlayedCard], recorded: GameRecord, main: list[str]) -> Board:
    """``board`` with the tree's cards, a recorded card's own mark and
    commentary kept where the tree gives none and the line is the record's."""
    flat = _flat(recorded.board)
    same = _decisions(recorded_line(recorded)) == _decisions(main)
    kept: list[PlayedCard] = []
    for i, card in enumerate(cards):
        on_record = same and i < len(flat) and all(a.card == b.card for a, b in zip(flat[: i + 1], cards))
        if on_record and not card.mark and not card.comment:
            card = replace(card, mark=flat[i].mark, comment=flat[i].comment)
        kept.append(card)
    tricks, i = [], 0
    for trick in board.tricks:
        tricks.append(tuple(kept[i: i + len(trick)]))
        i += len(trick)
    return replace(board, tricks=tricks)
