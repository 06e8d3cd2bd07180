"""The table's JSON API (docs/play.md): matches against the computer, each
kept on the server, every answer built by
:func:`~altbaumer.serve.table_view.seat_state` from the person's view.

:class:`Tables` holds the matches the server plays, writes each one's file
after every action (:mod:`altbaumer.serve.table_record`), and after a match
reviews the person's choices in the background. The files go where the
command said (``--record`` for the first match) or to new files in the
folder the server started in; a request never names a path.

>>> import tempfile
>>> from pathlib import Path
>>> tables = Tables(PlayOptions(TableSettings(level=1, tutor="off"), folder=Path(tempfile.mkdtemp())))
>>> game = tables.start({"seed": 3})["game"]
>>> state = tables.state(game)
>>> state["deal"], state["your_turn"], state["record"].endswith("-seed3.abn")
(1, True, True)
>>> tables.act(game, {"action": "next"})
Traceback (most recent call last):
...
altbaumer.errors.WrongPhase: the deal is still being played
>>> tables.close()
"""

from __future__ import annotations

import contextvars
import secrets
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from threading import Lock
from typing import Any, Awaitable, Callable, Mapping, Optional

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from altbaumer.abn.board import board_for_seat
from altbaumer.abn.writer import write_boards
from altbaumer.errors import AltbaumerError, InvalidOption
from altbaumer.game.actions import Phase
from altbaumer.game.seats import Seat
from altbaumer.lang import _
from altbaumer.play.levels import LEVEL_MAX, LEVEL_MIN
from altbaumer.play.table import PERSON, TableGame, TableSettings
from altbaumer.play.tutor import Tutor
from altbaumer.report.drills import drill_boards
from altbaumer.report.review import player_reviews, review_board, review_report, review_words
from altbaumer.serve.requests import flag_key, int_key, text_key
from altbaumer.serve.table_record import match_boards, record_name, write_record
from altbaumer.serve.table_view import seat_state

__all__ = ["PlayOptions", "Tables", "play_routes", "NEW_KEYS"]

NEW_KEYS = frozenset({"seat", "level", "seed", "tutor", "partner", "opponents"})
MAX_GAMES = 32
"""Matches one server keeps: far more than one person plays in a sitting."""


@dataclass(frozen=True)
class PlayOptions:
    """The command's settings for the table: the defaults of a new match,
    the first match's file (``record``), the folder for further matches'
    files, and a match resumed from its file."""

    defaults: TableSettings = field(default_factory=TableSettings)
    record: Optional[Path] = None
    folder: Path = field(default_factory=Path.cwd)
    resumed: Optional[TableGame] = None


@dataclass
class _Entry:
    game: TableGame
    path: Path
    review: Optional[Future[dict[str, Any]]] = None


class Tables:
    """The server's matches by id, one tutor shared by all of them."""

    def __init__(self, options: PlayOptions) -> None:
        self.options = options
        self.tutor = Tutor(options.defaults.effort)
        self._games: dict[str, _Entry] = {}
        self._lock = Lock()
        self._record_used = False
        self._reviews = ThreadPoolExecutor(max_workers=1, thread_name_prefix="altbaumer-review")
        self.current: Optional[str] = None
        if options.resumed is not None:
            assert options.record is not None  # a resumed match goes on in its own file
            self._add(options.resumed, options.record)

    # -- matches ---------------------------------------------------------------------------

    def start(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """A new match (``POST /api/play``); an empty body goes on with the
        server's unfinished match, when there is one."""
        unknown = sorted(set(body) - NEW_KEYS)
        if unknown:
            raise InvalidOption(f"{unknown[0]}: not a setting of a match (they are: {', '.join(sorted(NEW_KEYS))})")
        with self._lock:
            if not body and self.current is not None and not self._games[self.current].game.table.over:
                return {"game": self.current}
        defaults = self.options.defaults
        if self._record_used:  # the command's seed is its first match's: a further one is new
            defaults = replace(defaults, seed=None)
        game = TableGame(_settings(defaults, body), tutor=self.tutor)
        with self._lock:
            if self.options.record is not None and not self._record_used:
                path = self.options.record
            else:
                path = record_name(self.options.folder, game.seed)
            self._record_used = True
            ident = self._add(game, path)
        write_record(game, path)
        return {"game": ident}

    def _add(self, game: TableGame, path: Path) -> str:
        if len(self._games) >= MAX_GAMES:
            oldest = next(iter(self._games))
            self._games.pop(oldest).game.close()
        ident = secrets.token_hex(8)
        self._games[ident] = _Entry(game, path)
        self._record_used = True
        self.current = ident
        return ident

    def entry(self, ident: str) -> _Entry:
        found = self._games.get(ident)
        if found is None:
            raise LookupError(_("no match {game} on this server").format(game=repr(ident)))
        return found

    # -- answers ---------------------------------------------------------------------------

    def state(self, ident: str) -> dict[str, Any]:
        entry = self.entry(ident)
        return seat_state(entry.game, {"game": ident, "record": entry.path.name, **self._after(entry)})

    def act(self, ident: str, body: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
        entry = self.entry(ident)
        action = text_key(body, "action")
        if action is None:
            raise InvalidOption(_("action: the action to take is missing (one of the state's legal)"))
        objection = entry.game.act(action, confirm=flag_key(body, "confirm"))
        if objection is not None:
            return 409, {"tutor": objection.to_dict()}
        write_record(entry.game, entry.path)
        return 200, self.state(ident)

    def hint(self, ident: str) -> dict[str, Any]:
        entry = self.entry(ident)
        found = entry.game.hint().to_dict()
        write_record(entry.game, entry.path)
        return found

    def undo(self, ident: str) -> tuple[int, dict[str, Any]]:
        entry = self.entry(ident)
        try:
            entry.game.undo()
        except AltbaumerError as error:
            return 409, {"error": str(error)}
        write_record(entry.game, entry.path)
        return 200, self.state(ident)

    def abn(self, ident: str) -> dict[str, Any]:
        """The match so far as ABN: the finished deals whole, the deal in
        play as the person knows it."""
        game = self.entry(ident).game
        with game.lock:
            boards = match_boards(game)
            table = game.table
            if table.deal.phase not in (Phase.DONE, Phase.CUT) and boards:
                boards[-1] = board_for_seat(table.deal, game.seat, boards[-1].tags)
            return {"name": self.entry(ident).path.name, "abn": write_boards(boards)}

    def finished_deal(self, ident: str, deal: int) -> dict[str, Any]:
        """A finished deal of a match, for the analysis board."""
        game = self.entry(ident).game
        with game.lock:
            if not 1 <= deal <= len(game.table.match.deals):
                raise InvalidOption(_("deal {deal}: not a finished deal of this match").format(deal=deal))
            board = match_boards(game)[deal - 1]
        return {"name": _("{name}, deal {deal}").format(name=self.entry(ident).path.name, deal=deal),
                "abn": write_boards([board])}

    def drills(self, ident: str) -> dict[str, Any]:
        entry = self.entry(ident)
        review = entry.review.result() if entry.review is not None and entry.review.done() else None
        if review is None or not review.get("drills"):
            raise InvalidOption(_("no drills: the match is not over and reviewed, or it had no costly choice"))
        return {"name": _("{name}, your drills").format(name=entry.path.name), "abn": review["drills"]}

    def _after(self, entry: _Entry) -> dict[str, Any]:
        """The review once the match is over: started then, shown when ready."""
        if not entry.game.table.over:
            return {}
        if entry.review is None:
            entry.review = self._reviews.submit(contextvars.copy_context().run, _review, entry.game)
        if not entry.review.done():
            return {"review": {"ready": False, "words": _("Your review is being prepared…")}}
        found = entry.review.result()
        return {"review": {"ready": True, **{k: v for k, v in found.items() if k != "drills"}},
                "drills": found.get("drills") or None}

    def close(self) -> None:
        self._reviews.shutdown(wait=False, cancel_futures=True)
        for entry in self._games.values():
            entry.game.close()
        self.tutor.close()


def _settings(defaults: TableSettings, body: Mapping[str, Any]) -> TableSettings:
    seat = text_key(body, "seat")
    level = int_key(body, "level", LEVEL_MIN, LEVEL_MAX)
    seed = int_key(body, "seed", 0, 2**31 - 1)
    changes: dict[str, Any] = {} if seed is None else {"seed": seed}
    if seat is not None:
        changes["seat"] = Seat.parse(seat)
    if level is not None:
        changes["level"] = level
    for key in ("tutor", "partner", "opponents"):
        if body.get(key) is not None:
            changes[key] = text_key(body, key)
    return replace(defaults, **changes)


def _review(game: TableGame) -> dict[str, Any]:
    """The person's review of the match (``review --seat``'s figures) and their drills."""
    boards = match_boards(game)
    reviews = [review_board(board, seats={game.seat}, samples=500, exact_limit=500, play="realistic", effort=64)
               for board in boards]
    found = player_reviews(reviews, [PERSON], None)
    report = review_report(reviews, found, "match", "realistic", worst=5)
    person = next((row for row in report["players"]), None)
    drills = drill_boards(found, reviews)
    words = review_words(person, "match", addressed=True) if person is not None \
        else _("You had no choice to review.")
    return {"words": words, "player": person, "drills": write_boards(drills) if drills else None}


# -- routes ----------------------------------------------------------------------------------

Body = Callable[[Request], Awaitable[dict[str, Any]]]
Failure = Callable[[int, str], Response]


def play_routes(tables: Tables, body_of: Body, error: Failure) -> list[Route]:
    """The table's routes on ``tables``; ``body_of`` reads a request's JSON
    object and ``error`` makes the one-line error answer (the app's own)."""

    def answering(answer: Callable[[str, dict[str, Any]], Any], reads_body: bool) -> Callable[..., Any]:
        async def handle(request: Request) -> Response:
            try:
                body = await body_of(request) if reads_body else {}
                found = await run_in_threadpool(answer, str(request.path_params.get("game", "")), body)
            except LookupError as missing:
                return error(404, str(missing.args[0]))
            except AltbaumerError as problem:
                return error(400, str(problem))
            status, data = found if isinstance(found, tuple) else (200, found)
            return JSONResponse(data, status_code=status, headers={"Cache-Control": "no-store"})
        return handle

    async def game(request: Request) -> Response:
        handler = answering(lambda ident, body: tables.act(ident, body), True) if request.method == "POST" \
            else answering(lambda ident, body: tables.state(ident), False)
        response: Response = await handler(request)
        return response

    return [
        Route("/api/play", answering(lambda ident, body: tables.start(body), True), methods=["POST"]),
        Route("/api/play/{game}", game, methods=["GET", "POST"]),
        Route("/api/play/{game}/hint", answering(lambda ident, body: tables.hint(ident), True), methods=["POST"]),
        Route("/api/play/{game}/undo", answering(lambda ident, body: tables.undo(ident), True), methods=["POST"]),
        Route("/api/play/{game}/abn", answering(lambda ident, body: tables.abn(ident), False), methods=["GET"]),
    ]
