"""Exceptions shared across the package.

Every error a user can cause is an :class:`AltbaumerError`, so the command
line can turn it into one clear line and a non-zero exit code.
"""

from __future__ import annotations

__all__ = [
    "AltbaumerError",
    "InvalidDeal",
    "IllegalAction",
    "WrongPhase",
    "NotYourTurn",
    "IllegalCutTake",
    "IllegalDiscard",
    "IllegalLoneDeclaration",
    "IllegalPlay",
    "MatchOver",
]


class AltbaumerError(ValueError):
    """Base of every error caused by input: bad cards, deals, actions, files."""


class InvalidDeal(AltbaumerError):
    """A pack, cut, hand or stock that cannot occur (a card twice or missing, wrong sizes)."""


class IllegalAction(AltbaumerError):
    """An action the rules do not allow now; ``rule`` cites rules.md."""

    def __init__(self, message: str, rule: str = "") -> None:
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class WrongPhase(IllegalAction):
    """The action belongs to another phase of the deal."""


class NotYourTurn(IllegalAction):
    """Another seat is to act."""


class IllegalCutTake(IllegalAction):
    """The cutter tried to take cards the cut does not offer."""


class IllegalDiscard(IllegalAction):
    """Forehand's discard is of the wrong size or names cards not held."""


class IllegalLoneDeclaration(IllegalAction):
    """Only a maker, in turn, may play alone."""


class IllegalPlay(IllegalAction):
    """A card not held, or one that breaks the duty to follow."""


class MatchOver(IllegalAction):
    """The match already has a winner."""
