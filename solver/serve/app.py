"""The analysis server's web app (Starlette): the page and the JSON API of
docs/serve.md behind the guard of :mod:`altbaumer.serve.security`.

:func:`create_app` makes the app for one user: the FILE it may read (its
text read once, at the start), the token, the host names it answers to.
Every error a request can cause is ``{"error": "one line"}`` with a 4xx
status; the solving runs on worker threads, so the server answers while a
board is solved or rated.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app(token="t"), base_url="http://127.0.0.1")
>>> client.get("/api/start").status_code, client.get("/api/start?token=t").json()
(401, {'name': None, 'abn': None})
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from threading import Lock
from typing import Any, AsyncIterator, Awaitable, Callable, Iterable, Optional

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from altbaumer.abn.board import board_from_deal
from altbaumer.abn.record import replay
from altbaumer.abn.selection import selected_records
from altbaumer.abn.writer import write_boards
from altbaumer.dd.solver import Solver
from altbaumer.errors import AltbaumerError, InvalidOption, TooManyJobs
from altbaumer.game.arguments import SEED_MAX
from altbaumer.game.deal import Deal
from altbaumer.lang import _, active_language
from altbaumer.report.board_solve import solve_document
from altbaumer.report.points import parse_card
from altbaumer.serve.drill import drill_answer
from altbaumer.serve.export import export_board, record_tree
from altbaumer.serve.jobs import Job, Jobs
from altbaumer.serve.language import Speaking
from altbaumer.serve.lines import line_from_request, opening_point, recorded_line
from altbaumer.serve.page import page_html
from altbaumer.serve.position import position_answer
from altbaumer.serve.rating import rating_work
from altbaumer.serve.requests import board_request, boards_of, int_key, text_key
from altbaumer.serve.rules_page import rules_html
from altbaumer.serve.security import LOOPBACK_NAMES, Guard
from altbaumer.serve.table_api import PlayOptions, Tables, play_routes
from altbaumer.serve.table_page import table_html

__all__ = ["create_app", "ServerState"]

log = logging.getLogger("altbaumer.serve")
Handler = Callable[[Request], Awaitable[Response]]


@dataclass
class ServerState:
    """What the app holds: the FILE's name and text, the jobs, and one solver
    for the board's positions (solving one at a time: its table is shared)."""

    name: Optional[str]
    text: Optional[str]
    jobs: Jobs = field(default_factory=Jobs)
    solver: Optional[Solver] = None
    solver_lock: Lock = field(default_factory=Lock)

    def solve_position(self, body: dict[str, Any]) -> dict[str, Any]:
        request = board_request(body, score_key=True)
        with self.solver_lock:
            if self.solver is None:
                self.solver = Solver()
            return position_answer(request.record, line_from_request(body.get("line")), request.score, self.solver)

    def close(self) -> None:
        self.jobs.cancel_all()
        if self.solver is not None:
            self.solver.close()


def create_app(file: Optional[str] = None, token: Optional[str] = None, names: Iterable[str] = LOOPBACK_NAMES,
               text: Optional[str] = None, play: Optional[PlayOptions] = None,
               language: Optional[str] = None) -> Starlette:
    """The app serving ``file`` (read now; ``text`` instead gives its text
    directly) to requests with ``token`` (default: a new random one, in
    ``app.state.token``) addressed to one of ``names``; the table where a
    person plays a match (``/play``, docs/play.md) with ``play``'s settings
    (default: level 5, the tutor at mistakes, the files in the folder the
    server started in), its pages and words in ``language`` unless the
    person chose another on the page (:mod:`altbaumer.serve.language`)."""
    if file is not None and text is None:
        with open(file, encoding="utf-8") as handle:
            text = handle.read()
    state = ServerState(file, text)
    tables = Tables(play or PlayOptions())
    token = token or secrets.token_hex(24)
    routes = [
        Route("/", _page, methods=["GET"]),
        Route("/play", _table_page, methods=["GET"]),
        Route("/rules", _rules_page, methods=["GET"]),
        Route("/api/start", _start(state, tables), methods=["GET"]),
        Route("/api/open", _json(_open), methods=["POST"]),
        Route("/api/deal", _json(_deal), methods=["POST"]),
        Route("/api/position", _json(state.solve_position), methods=["POST"]),
        Route("/api/solve", _json(_solve), methods=["POST"]),
        Route("/api/export", _json(export_board), methods=["POST"]),
        Route("/api/rate", _start_rating(state.jobs), methods=["POST"]),
        Route("/api/jobs/{job}", _job(state.jobs), methods=["GET", "DELETE"]),
        Route("/api/jobs/{job}/events", _events(state.jobs), methods=["GET"]),
        *play_routes(tables, _body, _error),
    ]
    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        state.close()
        tables.close()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.token, app.state.server, app.state.tables = token, state, tables
    app.add_middleware(Guard, token=token, names=names)
    app.add_middleware(Speaking, forced=language)  # outermost: the guard's refusals are said in it too
    return app


async def _page(request: Request) -> Response:
    return HTMLResponse(page_html(active_language()), headers=_PAGE_HEADERS)


async def _table_page(request: Request) -> Response:
    return HTMLResponse(table_html(active_language()), headers=_PAGE_HEADERS)


async def _rules_page(request: Request) -> Response:
    return HTMLResponse(rules_html(active_language()), headers=_PAGE_HEADERS)


def _start(state: ServerState, tables: Tables) -> Handler:
    """The board the analysis page opens with: the server's FILE, or with
    ``?play=ID&deal=N`` a finished deal of a match at the table, with
    ``?play=ID&drills=1`` the drills of its review."""
    def answer(request: Request) -> dict[str, Any]:
        query = request.query_params
        ident = query.get("play")
        if ident is None:
            return {"name": state.name, "abn": state.text}
        if query.get("drills"):
            return tables.drills(ident)
        deal = query.get("deal", "")
        if not deal.isdigit():
            raise InvalidOption(_("deal: the number of a finished deal of the match"))
        return tables.finished_deal(ident, int(deal))

    async def handle(request: Request) -> Response:
        try:
            return JSONResponse(await run_in_threadpool(answer, request))
        except LookupError as missing:
            return _error(404, str(missing.args[0]))
        except AltbaumerError as error:
            return _error(400, str(error))
    return handle


_CSP = ("default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; "
        "connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'")
"""The page's own inline script and style, and requests to this server only: nothing from the network."""
_PAGE_HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "Content-Security-Policy": _CSP}


def _json(answer: Callable[[dict[str, Any]], Any], body: bool = True) -> Handler:
    """A route answering the JSON ``answer(body)`` gives, worked out on a worker thread."""
    async def handle(request: Request) -> Response:
        try:
            data = await _body(request) if body else {}
            return JSONResponse(await run_in_threadpool(answer, data))
        except AltbaumerError as error:
            return _error(400, str(error))
        except Exception:  # a defect: said in one line to the page, in full in the server's log
            log.exception("%s %s failed", request.method, request.url.path)
            return _error(500, _("internal error: the server's log has the details"))
    return handle


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, UnicodeDecodeError) as error:
        raise InvalidOption(_("the request body is not JSON ({error})").format(error=error)) from None
    if not isinstance(data, dict):
        raise InvalidOption(_("the request body must be a JSON object"))
    return data


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _open(body: dict[str, Any]) -> dict[str, Any]:
    """The boards of a deal text, each checked against the rules, with the
    drill each holds (:mod:`altbaumer.serve.drill`)."""
    name, boards = boards_of(body)
    answer = []
    for index, board in enumerate(boards, 1):
        record = replay(board)
        answer.append({"board": board.number or str(index), "label": board.label(), "line": recorded_line(record),
                       "start": opening_point(record), "tree": record_tree(record), "drill": drill_answer(board)})
    return {"name": name, "boards": answer}


def _deal(body: dict[str, Any]) -> dict[str, Any]:
    """A random deal, as ``altbaumer deal --seed S -o FILE`` writes it."""
    seed = int_key(body, "seed", 0, SEED_MAX)
    if seed is None:
        seed = secrets.randbelow(2**31)
    board = board_from_deal(Deal.from_seed(seed), {"Event": f"altbaumer deal --seed {seed}", "Board": "1",
                                                   "Seed": str(seed)})
    return {"seed": seed, "abn": write_boards([board])}


def _solve(body: dict[str, Any]) -> dict[str, Any]:
    """What ``altbaumer solve FILE --json --board N --after T.C`` prints."""
    name, boards = boards_of(body)
    records = selected_records(boards, text_key(body, "board"), name)
    after_text = text_key(body, "after")
    after = None if after_text is None else parse_card(after_text, "after")
    with Solver() as solver:  # a fresh table, as the command has: the same node counts
        return solve_document(name, records, after, solver)


def _start_rating(jobs: Jobs) -> Handler:
    async def handle(request: Request) -> Response:
        try:
            work = await run_in_threadpool(rating_work, await _body(request))
            job = jobs.start(work)
        except TooManyJobs as error:
            return _error(429, str(error))
        except AltbaumerError as error:
            return _error(400, str(error))
        return JSONResponse({"job": job.id})
    return handle


def _job_route(jobs: Jobs, answer: Callable[[Job, Request], Response]) -> Handler:
    """A route on the job its path names (404 when there is none)."""
    async def handle(request: Request) -> Response:
        job = jobs.get(request.path_params["job"])
        if job is None:
            return _error(404, _("no job {job}").format(job=request.path_params["job"]))
        return answer(job, request)
    return handle


def _job(jobs: Jobs) -> Handler:
    """The job as it stands; DELETE asks it to stop first."""
    def answer(job: Job, request: Request) -> Response:
        if request.method == "DELETE":
            jobs.cancel(job)
        return JSONResponse(job.to_dict())
    return _job_route(jobs, answer)


def _events(jobs: Jobs) -> Handler:
    """The job's server-sent events."""
    return _job_route(jobs, lambda job, request: StreamingResponse(
        _stream(job), media_type="text/event-stream", headers={"Cache-Control": "no-store"}))


async def _stream(job: Job, every: float = 0.2) -> AsyncIterator[str]:
    """The job as a server-sent event whenever it changed, until it ends."""
    seen = -1
    while True:
        now = job.to_dict()
        if now["version"] != seen:
            seen = now["version"]
            yield f"data: {json.dumps(now)}\n\n"
        if now["state"] != "running":
            return
        await asyncio.sleep(every)
