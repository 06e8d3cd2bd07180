"""Actions as short text, the way a person or a script names them at the table
(docs/play.md, the API), and each in words for a button.

A card is its name as in files (``TH``, ``QC``); the decisions are
``accept``, ``refuse``, ``together``, ``alone``, ``leave`` (the Trees shown at
the cut), ``take`` (every Tree shown), ``take QC`` (the first only), and
``discard 9S`` (four cards in the compulsory case). The decisions' names are
the ones ratings give their options, so a rating's option and an action
are one text.

>>> from altbaumer.game.deal import Deal
>>> deal = Deal.from_seed(3)
>>> [action_text(a) for a in deal.legal_actions()]
['accept', 'refuse']
>>> parse_action("Refuse", deal.legal_actions())
Refuse()
>>> parse_action("alone", deal.legal_actions())
Traceback (most recent call last):
...
altbaumer.errors.IllegalAction: 'alone' is not a choice now: accept, refuse
"""

from __future__ import annotations

from typing import Sequence

from altbaumer.errors import CardParseError, IllegalAction
from altbaumer.game.actions import Accept, Action, DeclareAlone, Discard, Play, Refuse, TakeTrees
from altbaumer.game.cards import Card, CardSet, Suit
from altbaumer.game.words import card_words, suit_words
from altbaumer.lang import _

__all__ = ["action_text", "parse_action", "action_label"]


def action_text(action: Action, offer: Sequence[Card] = ()) -> str:
    """The action's text; ``offer`` is what the cut showed, so that taking
    all of it is plain ``take``."""
    if isinstance(action, Play):
        return action.card.ascii()
    if isinstance(action, (Accept, Refuse)):
        return "accept" if isinstance(action, Accept) else "refuse"
    if isinstance(action, DeclareAlone):
        return "alone" if action.alone else "together"
    if isinstance(action, Discard):
        return "discard " + CardSet(c for c in action.cards if c is not None).ascii()
    if not action.cards:
        return "leave"
    return "take" if tuple(action.cards) == tuple(offer) else "take " + " ".join(c.ascii() for c in action.cards)


def parse_action(text: str, legal: Sequence[Action], offer: Sequence[Card] = ()) -> Action:
    """The legal action ``text`` names (case and spacing aside; a discard's
    cards in any order, ``take`` with every card shown spelled out too)."""
    wanted = _normal(text)
    for action in legal:
        names = {_normal(action_text(action, offer))}
        if isinstance(action, TakeTrees) and action.cards:
            names.add(_normal("take " + " ".join(c.ascii() for c in action.cards)))
        if wanted in names:
            return action
    shown = repr(text.strip()[:40])
    if not legal:
        raise IllegalAction(_("{text} is not a choice now: none: it is not your turn").format(text=shown))
    choices = ", ".join(action_text(a, offer) for a in legal)  # the actions' texts are the same in every language
    raise IllegalAction(_("{text} is not a choice now: {choices}").format(text=shown, choices=choices))


def _normal(text: str) -> str:
    words = text.strip().upper().replace("10", "T").split()
    if len(words) > 1 and words[0] in ("DISCARD", "TAKE"):
        cards = sorted(Card.parse(w).index for w in words[1:] if _is_card(w))
        return " ".join([words[0]] + [str(i) for i in cards]) if len(cards) == len(words) - 1 else " ".join(words)
    return " ".join(words)


def _is_card(word: str) -> bool:
    try:
        Card.parse(word)
    except CardParseError:
        return False
    return True


def action_label(action: Action, turned: Suit | None = None) -> str:
    """The action in words for a button: ``Accept hearts``, ``Play the ten of hearts``."""
    if isinstance(action, Play):
        return "Play " + card_words(action.card)
    if isinstance(action, Accept):
        return "Accept" + (f" {suit_words(turned)}" if turned is not None else "")
    if isinstance(action, Refuse):
        return "Refuse"
    if isinstance(action, DeclareAlone):
        return "Play alone" if action.alone else "Play with my partner"
    if isinstance(action, Discard):
        return "Discard " + " and ".join(card_words(c) for c in action.cards if c is not None)
    return "Take " + " and ".join(card_words(c) for c in action.cards) if action.cards else "Leave the Trees"
