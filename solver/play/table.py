"""The match at the table: a person at one seat, the project's players at the
other three (docs/play.md).

:class:`TableGame` drives a :class:`~altbaumer.game.table_match.TableMatch`:
after each of the person's actions the players act until it is the
person's turn again or the deal is over. A player's every choice is seeded
from the match's seed, the deal and the action's place in it
(:func:`choice_seed`), so the same seed and the same choices of the person
give the same match, whether it is played in one go, taken back and played
again, or resumed from its file. The players are told the score before each
deal, as in the arena.

With the tutor on, each of the person's choices is weighed before it is
played (:mod:`altbaumer.play.tutor`); every choice is rated for the deal's
summary, and hints and take-backs are kept as notes for the match file.

>>> game = TableGame(TableSettings(level=1, tutor="off", seed=5))
>>> game.table.person_to_act or game.table.deal.phase.value == "done"
True
>>> while not game.table.over:
...     game.act(game.legal_texts()[0])
>>> game.table.match.winner is not None
True
>>> game.close()
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from threading import RLock
from typing import Optional

from altbaumer.errors import AltbaumerError, InvalidOption, NotYourTurn
from altbaumer.game.action_text import action_text, parse_action
from altbaumer.game.actions import Accept, Action, DeclareAlone, Discard, Phase, Play, Refuse
from altbaumer.game.cards import BIG_TREE, Card, Rank, Suit
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import SEATS, Seat
from altbaumer.game.table_match import TableMatch
from altbaumer.game.view import SeatView
from altbaumer.hidden.rating import option_name
from altbaumer.lang import N_, _
from altbaumer.play.levels import DEFAULT_LEVEL, level_player
from altbaumer.play.players import check_policy_name, make_policy, tell_score
from altbaumer.play.policies import Policy
from altbaumer.play.tutor import DEFAULT_TUTOR, TUTOR_LEVELS, Hint, Tutor, TutorEffort, Verdict, hint_of, rated, \
    verdict_of

__all__ = ["TableSettings", "TableGame", "Note", "Judged", "choice_seed", "PERSON", "said_card", "said_suit",
           "said_seat", "said_together", "action_words"]

PERSON = "You"
"""The person's name in the match file and on the page."""
SEED_LIMIT = 2**31


@dataclass(frozen=True)
class TableSettings:
    """A match at the table: the person's ``seat``, the players' ``level``
    (1 to 5), or players by name for the ``partner`` and the ``opponents``
    (they take precedence), the ``tutor`` (``off`` or the least mark it
    warns about), whether the person may take choices back, and the seed
    (None: a random one when the match starts)."""

    seat: Seat = Seat.S
    level: int = DEFAULT_LEVEL
    partner: Optional[str] = None
    opponents: Optional[str] = None
    tutor: str = DEFAULT_TUTOR
    takeback: bool = True
    seed: Optional[int] = None
    effort: TutorEffort = field(default_factory=TutorEffort)

    def __post_init__(self) -> None:
        level_player(self.level)  # a level out of range: its one line now
        if self.tutor not in TUTOR_LEVELS:
            raise InvalidOption(f"tutor {self.tutor!r}: not one of {', '.join(TUTOR_LEVELS)}")
        if self.seed is not None and not 0 <= self.seed < SEED_LIMIT:
            raise InvalidOption(f"seed {self.seed}: not 0 to {SEED_LIMIT - 1:,}")
        for name in (self.partner, self.opponents):
            if name is not None:
                check_policy_name(name)

    def player(self, seat: Seat) -> str:
        """The name of the player at ``seat`` (not the person's)."""
        chosen = self.partner if seat.team is self.seat.team else self.opponents
        return chosen if chosen is not None else level_player(self.level)

    def names(self) -> dict[Seat, str]:
        return {s: PERSON if s is self.seat else self.player(s) for s in SEATS}


@dataclass(frozen=True)
class Note:
    """Commentary for the match file: a hint or a take-back, at the action
    ``ply`` (from 0) of deal ``deal`` (from 1)."""

    deal: int
    ply: int
    text: str


@dataclass(frozen=True)
class Judged:
    """One of the person's choices, rated: where it was taken, and its verdict."""

    deal: int
    ply: int
    verdict: Verdict


# -- the table's words, in the language of the request (the same English as altbaumer.game.words) --------

_CARD_PHRASES = {Rank.ACE: N_("the ace of {suit}"), Rank.KING: N_("the king of {suit}"),
                 Rank.QUEEN: N_("the queen of {suit}"), Rank.JACK: N_("the jack of {suit}"),
                 Rank.TEN: N_("the ten of {suit}"), Rank.NINE: N_("the nine of {suit}")}
_SUIT_NAMES = {Suit.CLUBS: N_("clubs"), Suit.SPADES: N_("spades"), Suit.HEARTS: N_("hearts"),
               Suit.DIAMONDS: N_("diamonds")}
_SEAT_NAMES = {Seat.N: N_("North"), Seat.E: N_("East"), Seat.S: N_("South"), Seat.W: N_("West")}


def said_card(card: Card) -> str:
    """A card in a sentence (``the ten of hearts``; the Trees by their names), as
    :func:`~altbaumer.game.words.card_words` says it in English.

    >>> said_card(Card.parse("TH")), said_card(Card.parse("JC"))
    ('the ten of hearts', 'the Little Tree (jack of clubs)')
    """
    if card.is_tree:
        return _("the Big Tree (queen of clubs)") if card == BIG_TREE else _("the Little Tree (jack of clubs)")
    return _(_CARD_PHRASES[card.rank]).format(suit=said_suit(card.suit))


def said_suit(suit: Suit) -> str:
    """``hearts``."""
    return _(_SUIT_NAMES[suit])


def said_seat(seat: Seat) -> str:
    """``West``."""
    return _(_SEAT_NAMES[seat])


def said_together(words: list[str]) -> str:
    """``A and B and C``."""
    said = words[0] if words else ""
    for word in words[1:]:
        said = _("{first} and {second}").format(first=said, second=word)
    return said


def action_words(action: Action, turned: Optional[Suit] = None) -> str:
    """The action in words for a button (as :func:`~altbaumer.game.action_text.action_label` in English):
    ``Accept hearts``, ``Play the ten of hearts``."""
    if isinstance(action, Play):
        return _("Play {card}").format(card=said_card(action.card))
    if isinstance(action, Accept):
        return _("Accept {suit}").format(suit=said_suit(turned)) if turned is not None else _("Accept")
    if isinstance(action, Refuse):
        return _("Refuse")
    if isinstance(action, DeclareAlone):
        return _("Play alone") if action.alone else _("Play with my partner")
    if isinstance(action, Discard):
        return _("Discard {cards}").format(cards=said_together([said_card(c) for c in action.cards if c is not None]))
    if action.cards:
        return _("Take {cards}").format(cards=said_together([said_card(c) for c in action.cards]))
    return _("Leave the Trees")


def choice_seed(seed: int, deal: int, ply: int, seat: Seat) -> int:
    """The seed of a player's choice at action ``ply`` of deal ``deal``: a
    function of its place in the match only."""
    return random.Random(f"altbaumer-play:{seed}:choice:{deal}:{ply}:{seat}").getrandbits(64)


class TableGame:
    """A match of the person against the players of ``settings``. Every
    method is safe to call from several threads (the web app's)."""

    def __init__(self, settings: TableSettings, log: Optional[list[list[tuple[Seat, Action]]]] = None,
                 notes: Optional[list[Note]] = None, tutor: Optional[Tutor] = None) -> None:
        seed = settings.seed if settings.seed is not None else random.SystemRandom().randrange(SEED_LIMIT)
        self.settings = settings if settings.seed is not None else _with_seed(settings, seed)
        self.seed = seed
        self.names = self.settings.names()
        self.players: dict[Seat, Policy] = {s: make_policy(self.settings.player(s), choice_seed(seed, 0, 0, s))
                                            for s in SEATS if s is not settings.seat}
        self.notes: list[Note] = list(notes or [])
        self.judged: list[Judged] = []
        self._pending: list[tuple[int, int, SeatView, str]] = []
        self._tutor, self._own_tutor = (tutor, False) if tutor is not None else (Tutor(settings.effort), True)
        self.lock = RLock()
        self.table = TableMatch(seed, settings.seat, log)
        self._scored = -1
        self._advance()

    # -- the person's view ---------------------------------------------------------

    @property
    def seat(self) -> Seat:
        return self.settings.seat

    def view(self) -> SeatView:
        """The person's view of the deal in play."""
        return self.table.deal.view(self.seat)

    def legal_actions(self) -> list[Action]:
        """The person's choices now (none while another seat is to act)."""
        return list(self.table.deal.legal_actions()) if self.table.person_to_act else []

    def legal_texts(self) -> list[str]:
        """The person's choices as text, ``next`` once a deal is over."""
        if self.table.deal.phase is Phase.DONE:
            return [] if self.table.over else ["next"]
        return [action_text(a, self.table.deal.cut_offer) for a in self.legal_actions()]

    def choices(self) -> list[dict[str, str]]:
        """The person's choices with a label in words, for buttons."""
        if self.table.deal.phase is Phase.DONE:
            return [] if self.table.over else [{"action": "next", "label": _("Next deal")}]
        turned = self.view().turned
        return [{"action": action_text(a, self.table.deal.cut_offer),
                 "label": action_words(a, None if turned is None else turned.suit)} for a in self.legal_actions()]

    @property
    def can_undo(self) -> bool:
        return (self.settings.takeback and not self.table.over
                and any(seat is self.seat for seat, _ in self.table.actions()))

    # -- acting ---------------------------------------------------------------------

    def act(self, text: str, confirm: bool = False) -> Optional[Verdict]:
        """Take the person's action ``text`` (docs/play.md) and let the
        players answer. With the tutor on, a choice that gives up at least
        the tutor's mark is not played unless ``confirm``: its verdict is
        returned instead (None once played)."""
        with self.lock:
            if text.strip().lower() == "next":
                self.table.next_deal()
                self._advance()
                return None
            if not self.table.person_to_act:
                raise NotYourTurn(_("it is not your turn") if not self.table.over else _("the match is over"))
            view = self.view()
            action = parse_action(text, view.legal, self.table.deal.cut_offer)
            verdict = self._judge(view, action)
            if verdict is not None and verdict.warn and not confirm:
                return verdict
            ply = len(self.table.actions())
            if verdict is not None:
                self.judged.append(Judged(self.table.deal_number, ply, verdict))
            elif rated(view):
                self._pending.append((self.table.deal_number, ply, view, _option(action)))
            self.table.apply(action)
            self._advance()
            return None

    def hint(self) -> Hint:
        """The best choice now and why, noted in the match file."""
        with self.lock:
            view = self.view() if self.table.person_to_act else None
            if view is None or not rated(view):
                raise AltbaumerError(_("no hint now: it is not your turn") if view is None else
                                     _("no hint now: there is nothing to choose") if len(view.legal) < 2 else
                                     _("no hint now: take the Trees: they are the two highest trumps, whatever suit is trump"))
            found = hint_of(self._tutor.rating(view, self.table.before))
            self.notes.append(Note(self.table.deal_number, len(self.table.actions()), f"hint: {found.words}"))
            return found

    def undo(self) -> int:
        """Take back the person's last choice of this deal and the players'
        actions after it; the actions taken back."""
        with self.lock:
            if not self.settings.takeback:
                raise AltbaumerError(_("take-backs are off for this match"))
            if self.table.over:
                raise AltbaumerError(_("the match is over: nothing to take back"))
            actions = self.table.actions()
            mine = [i for i, (seat, _) in enumerate(actions) if seat is self.seat]
            if not mine:
                raise AltbaumerError(_("nothing to take back in this deal"))
            taken = action_text(actions[mine[-1]][1], self.table.deal.cut_offer)
            dropped = self.table.take_back()
            deal = self.table.deal_number
            self.judged = [j for j in self.judged if (j.deal, j.ply) < (deal, mine[-1])]
            self._pending = [p for p in self._pending if (p[0], p[1]) < (deal, mine[-1])]
            self.notes.append(Note(deal, mine[-1], f"took back {taken}"))
            self._scored = -1
            self._advance()
            return dropped

    def deal_verdicts(self, deal: int) -> list[Judged]:
        """The person's rated choices of deal ``deal``, waiting for ratings still running."""
        with self.lock:
            for number, ply, view, chosen in self._pending:
                state = self._score_before(number)
                self.judged.append(Judged(number, ply, verdict_of(self._tutor.rating(view, state), chosen,
                                                                  self.settings.tutor)))
            self._pending.clear()
            return sorted((j for j in self.judged if j.deal == deal), key=lambda j: j.ply)

    def close(self) -> None:
        if self._own_tutor:
            self._tutor.close()
        for player in self.players.values():
            for owned in (getattr(player, "_solver", None), getattr(player, "_engine", None)):
                if owned is not None and hasattr(owned, "close"):
                    owned.close()

    # -- inside -----------------------------------------------------------------------

    def _judge(self, view: SeatView, action: Action) -> Optional[Verdict]:
        if self.settings.tutor == "off" or not rated(view):
            return None
        return verdict_of(self._tutor.rating(view, self.table.before), _option(action), self.settings.tutor)

    def _advance(self) -> None:
        """The players act until the person is to act or the deal is over;
        the person's next decision starts being rated at once."""
        table = self.table
        while table.deal.phase is not Phase.DONE and not table.person_to_act:
            if self._scored != table.deal_number:
                for player in self.players.values():
                    tell_score(player, table.before)
                self._scored = table.deal_number
            seat = table.deal.to_act
            assert seat is not None
            player = self.players[seat]
            _reseed(player, choice_seed(self.seed, table.deal_number, len(table.actions()), seat))
            table.apply(player.choose(table.deal.view(seat)))
        if table.person_to_act and rated(self.view()):
            self._tutor.start(self.view(), table.before)

    def _score_before(self, deal: int) -> MatchState:
        return self.table.before if deal == self.table.deal_number else self.table.match.deals[deal - 1].before


def _option(action: Action) -> str:
    name = option_name(action)
    assert name is not None  # a rated decision's action always has an option's name
    return name


def _reseed(player: Policy, seed: int) -> None:
    """Give the player's own random source the choice's seed (the shipped
    players draw everything from ``rng``; a player without one keeps its own)."""
    rng = getattr(player, "rng", None)
    if isinstance(rng, random.Random):
        rng.seed(seed)


def _with_seed(settings: TableSettings, seed: int) -> TableSettings:
    return replace(settings, seed=seed)
