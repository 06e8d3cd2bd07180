"""The match file of a match at the table: written as ABN after every
action, read back to resume the match (docs/play.md, "Nothing is lost").

Each deal is a board (a deal still at the cut only its tags and dealer),
with the players' names (``You`` for the person), the ``Match``, ``Board``
and ``Round`` tags that place it in the match, the score before it
(``Score``), the seed (``Seed``) and the table's settings (``Table``: seat,
level, tutor, take-backs, and the players by name). Hints and take-backs are the commentary of the action
they were given at. The file holds every card of the deal in play (it is the
person's own record on their own disk); the API never sends it before the
deal ends.

Resuming replays the file's actions on the match its seed deals, so the
continuation is the match the uninterrupted one would have been: the
players' choices are seeded by their place in the match alone
(:func:`~altbaumer.play.table.choice_seed`).

>>> import tempfile
>>> from altbaumer.play.table import TableGame, TableSettings
>>> game = TableGame(TableSettings(level=1, tutor="off", seed=4))
>>> for _ in range(6):
...     game.act(game.legal_texts()[0])
>>> path = Path(tempfile.mkdtemp()) / "match.abn"
>>> write_record(game, path)
>>> again = resume_game(path)
>>> again.table.log == game.table.log, again.seed
(True, 4)
>>> game.close(); again.close()
"""

from __future__ import annotations

import datetime
import os
from dataclasses import replace
from pathlib import Path
from typing import Optional

from altbaumer.abn.board import SCORE_TAG, Board, board_from_deal
from altbaumer.abn.files import load_boards, save_boards
from altbaumer.abn.record import replay
from altbaumer.errors import AbnError, AltbaumerError, ResumeError
from altbaumer.game.actions import Accept, DeclareAlone, Discard, Phase, Play, Refuse, TakeTrees
from altbaumer.game.seats import Seat
from altbaumer.game.table_match import Logged, TableMatch
from altbaumer.play.table import Note, TableGame, TableSettings

__all__ = ["match_boards", "write_record", "resume_settings", "resume_game", "record_name", "ResumeError"]

TABLE_TAG = "Table"
SEED_TAG = "Seed"


def record_name(folder: Path, seed: int, today: Optional[datetime.date] = None) -> Path:
    """A new file in ``folder`` named by the date and the seed
    (``altbaumer-2026-12-06-seed7.abn``; ``-2``, ``-3`` … when taken)."""
    stem = f"altbaumer-{(today or datetime.date.today()).isoformat()}-seed{seed}"
    path, number = folder / f"{stem}.abn", 1
    while path.exists():
        number += 1
        path = folder / f"{stem}-{number}.abn"
    return path


def match_boards(game: TableGame) -> list[Board]:
    """The match so far as boards, every card of every deal, the notes as commentary."""
    table, boards = game.table, []
    for number, (deal, actions) in enumerate(zip(table.deals, table.log), 1):
        if deal.phase is Phase.CUT:  # nothing dealt yet: the board says only that it is being dealt
            boards.append(Board(deal.dealer, tags=_tags(game, number)))
            continue
        board = board_from_deal(deal, _tags(game, number))
        _comment(board, actions, [n for n in game.notes if n.deal == number])
        boards.append(board)
    return boards


def write_record(game: TableGame, path: Path) -> None:
    """Replace ``path`` atomically with the match so far."""
    save_boards(match_boards(game), path)


def _tags(game: TableGame, number: int) -> dict[str, str]:
    table, settings = game.table, game.settings
    record = table.match.deals[number - 1] if number <= len(table.match.deals) else None
    before = record.before if record is not None else table.before
    round_text = "decider" if before.decider else str(sum(before.rounds) + 1)
    names = {str(seat): name for seat, name in game.names.items()}
    return {"Event": "altbaumer play", "Date": datetime.date.today().strftime("%Y.%m.%d"),
            "Board": f"1.{number}", "North": names["N"], "East": names["E"], "South": names["S"],
            "West": names["W"], "Match": "1", "Round": round_text, SCORE_TAG: str(before), SEED_TAG: str(game.seed),
            TABLE_TAG: _settings_text(settings)}


def _settings_text(settings: TableSettings) -> str:
    return (f"seat={settings.seat} level={settings.level} tutor={settings.tutor} "
            f"takeback={'yes' if settings.takeback else 'no'} partner={settings.partner or '-'} "
            f"opponents={settings.opponents or '-'}")


def _comment(board: Board, actions: list[Logged], notes: list[Note]) -> None:
    """Each note as commentary where its action is written: the decision's
    tag or the card; a note at a decision not yet taken after the Board tag."""
    plays = [i for i, (_, action) in enumerate(actions) if isinstance(action, Play)]
    on_cards: dict[int, list[str]] = {}
    for note in notes:
        action = actions[note.ply][1] if note.ply < len(actions) else None
        if isinstance(action, Play):
            on_cards.setdefault(plays.index(note.ply), []).append(note.text)
            continue
        tag = _TAGS.get(type(action), "Board")
        board.comments[tag] = note.text if tag not in board.comments else f"{board.comments[tag]}\n{note.text}"
    if on_cards:
        sizes = [len(trick) for trick in board.tricks]
        cards = [replace(card, comment="\n".join(on_cards[i])) if i in on_cards else card
                 for i, card in enumerate(c for trick in board.tricks for c in trick)]
        board.tricks = [tuple(cards[sum(sizes[:t]):sum(sizes[:t + 1])]) for t in range(len(sizes))]


_TAGS: dict[type, str] = {Accept: "Turn", Refuse: "Turn", Discard: "Discard", DeclareAlone: "Alone",
                          TakeTrees: "Cut"}


# -- resuming -------------------------------------------------------------------------


def resume_settings(boards: list[Board], name: str) -> tuple[TableSettings, int]:
    """The table's settings and seed as the file's first board names them."""
    if not boards:
        raise ResumeError(f"{name}: no boards: not a match of altbaumer play")
    first = boards[0]
    text, seed_text = first.tags.get(TABLE_TAG), first.tags.get(SEED_TAG)
    if text is None or seed_text is None or not seed_text.isdigit():
        raise ResumeError(f"{name}: not a match of altbaumer play (its first board has no {TABLE_TAG} and "
                          f"{SEED_TAG} tags)")
    fields = dict(part.partition("=")[::2] for part in text.split())
    try:
        settings = TableSettings(seat=Seat.parse(fields["seat"]), level=int(fields["level"]),
                                 tutor=fields["tutor"], takeback=fields["takeback"] == "yes",
                                 partner=None if fields.get("partner", "-") == "-" else fields["partner"],
                                 opponents=None if fields.get("opponents", "-") == "-" else fields["opponents"],
                                 seed=int(seed_text))
    except (KeyError, ValueError, AltbaumerError) as error:
        raise ResumeError(f"{name}: the {TABLE_TAG} tag {text!r} is not a table's settings ({error})") from None
    return settings, int(seed_text)


def resume_log(boards: list[Board], settings: TableSettings, seed: int, name: str) -> list[list[Logged]]:
    """The match's actions as the file records them, checked against the
    deals the seed deals."""
    log: list[list[Logged]] = []
    for number, board in enumerate(boards, 1):
        if board.tags.get("Board") != f"1.{number}":
            raise ResumeError(f"{name}: board {number} is tagged {board.tags.get('Board')!r}, not '1.{number}'")
        try:
            record = replay(board)
        except AbnError as error:
            raise ResumeError(str(error)) from None
        table = TableMatch(seed, settings.seat, log + [[]])
        deal = table.deal
        if deal.phase is Phase.CUT and not any(board.hands.values()) and number == len(boards):
            log.append([])  # the deal in play, still at the cut
            break
        actions: list[Logged] = []
        if deal.phase is Phase.CUT:
            actions.append((deal.cutter, TakeTrees(tuple(c for c in deal.cut_offer if c in board.cut_trees))))
        actions += [(node.seat, node.action) for node in record.nodes]
        table = TableMatch(seed, settings.seat, log + [actions])
        if dict(table.deal.dealt) != dict(board.hands):
            raise ResumeError(f"{name}: board 1.{number} is not the deal seed {seed} deals")
        log.append(actions)
    if log and TableMatch(seed, settings.seat, log).over:
        raise ResumeError(f"{name}: the match is over: nothing to resume")
    return log


def resume_game(path: Path, tutor_override: Optional[TableSettings] = None) -> TableGame:
    """The match of the file at ``path``, ready to go on."""
    name = os.fspath(path)
    boards = load_boards(path)
    settings, seed = resume_settings(boards, name)
    if tutor_override is not None:
        settings = tutor_override
    log = resume_log(boards, settings, seed, name)
    return TableGame(settings, log=log or None, notes=_notes(boards, log))


def _notes(boards: list[Board], log: list[list[Logged]]) -> list[Note]:
    """The file's commentary, back as the notes it was written from."""
    notes = []
    for number, (board, actions) in enumerate(zip(boards, log), 1):
        plays = [i for i, (_, action) in enumerate(actions) if isinstance(action, Play)]
        cards = [card for trick in board.tricks for card in trick]
        for ply, card in zip(plays, cards):
            notes += [Note(number, ply, line) for line in (card.comment or "").splitlines() if line]
        for tag, text in board.comments.items():
            places = [i for i, (_, a) in enumerate(actions) if _TAGS.get(type(a)) == tag]
            ply = places[-1] if places else len(actions)
            notes += [Note(number, ply, line) for line in text.splitlines() if line]
    return notes

