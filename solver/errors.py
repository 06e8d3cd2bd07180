"""Exceptions shared across the package.

Every error a user can cause is an :class:`AltbaumerError`, so the command
line can turn it into one clear line and a non-zero exit code.
"""

from __future__ import annotations

from typing import Any, Optional

__all__ = [
    "AltbaumerError",
    "CardParseError",
    "SeatParseError",
    "InvalidDeal",
    "InvalidPosition",
    "AbnError",
    "IncompleteDeal",
    "IncompleteBoard",
    "IllegalAction",
    "WrongPhase",
    "NotYourTurn",
    "IllegalCutTake",
    "IllegalDiscard",
    "IllegalLoneDeclaration",
    "IllegalPlay",
    "MatchOver",
    "InvalidScore",
    "InvalidScheduler",
    "ResumeMismatch",
    "InvalidArgument",
    "InvalidOption",
    "TooManyJobs",
    "ResumeError",
]


class AltbaumerError(ValueError):
    """Base of every error caused by input: bad cards, deals, actions, files."""


class CardParseError(AltbaumerError):
    """Text that does not name a card of the 24-card pack."""


class SeatParseError(AltbaumerError):
    """Text that does not name a seat."""


class InvalidDeal(AltbaumerError):
    """A pack, cut, hand or stock that cannot occur (a card twice or missing, wrong sizes)."""


class InvalidPosition(AltbaumerError):
    """Hands, trick and counts that no deal can reach."""


class IncompleteDeal(AltbaumerError):
    """A deal known only in part (a hidden hand, an unseen stock card) lacks a
    card that what was asked of it needs."""


class IncompleteBoard(IncompleteDeal):
    """A recorded board does not record enough for what was asked of it; the
    message names the board and the command that can answer instead."""


class AbnError(AltbaumerError):
    """A problem in a deal file, located as ``FILE:LINE: problem`` (``FILE: problem``
    when no line applies); ``source``, ``line`` and ``problem`` keep the parts."""

    def __init__(self, source: str, line: Optional[int], problem: str) -> None:
        self.source, self.line, self.problem = source, line, problem
        where = f"{source}:{line}" if line else source
        super().__init__(f"{where}: {problem}")

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled with its parts (a worker process or cluster sends it back), not the joined message.
        return (type(self), (self.source, self.line, self.problem))


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


class InvalidScore(AltbaumerError):
    """A match score that cannot be written or cannot occur (rules.md, Scoring, rounds, match)."""


class InvalidScheduler(AltbaumerError):
    """A ``--scheduler`` that names no cluster: not local, local:N or a scheduler's address."""


class ResumeMismatch(AltbaumerError):
    """A resume file that is not of the job being run (or not a resume file)."""


class InvalidArgument(AltbaumerError):
    """An argument of a library call outside what the call takes: the message
    names the call, the argument, what it takes and what it was given (an
    argument of the wrong type is a :class:`TypeError` instead)."""


class InvalidOption(AltbaumerError):
    """A command's option, or the same key of a request to the analysis
    server, with a value outside what it takes or that does not fit the board
    (a point the record does not hold, a seat that does not decide there)."""


class TooManyJobs(AltbaumerError):
    """A rating asked of the analysis server while as many as it runs at once are running."""


class ResumeError(AltbaumerError):
    """A match file that ``altbaumer play --resume`` cannot go on with: not
    written by play, already finished, or not the deals its seed deals."""
