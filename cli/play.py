"""``altbaumer play``: a match against the computer in the browser, with a tutor (docs/play.md)."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import click

from altbaumer.errors import AltbaumerError

from .output import BadInput, lang_option, printable
from .serve import DEFAULT_PORT, SERVE_MISSING, run_server

if TYPE_CHECKING:
    from altbaumer.play.table import TableGame, TableSettings

__all__ = ["play_command"]

TUTORS = ("off", "inaccuracy", "mistake", "blunder")


@click.command("play")
@click.option("--seat", type=click.Choice(["N", "E", "S", "W"], case_sensitive=False), default="S",
              show_default=True, help="Your seat; your partner sits opposite.")
@click.option("--level", type=click.IntRange(1, 5), default=5, show_default=True,
              help="How strongly the computer plays: 1 (weakest) to 5 (the strongest player, altbaumer).")
@click.option("--partner", metavar="PLAYER", default=None,
              help="Your partner by player name, as the arena names them (e.g. pimc-match, level-3, module:Class); "
                   "overrides --level for that seat.")
@click.option("--opponents", metavar="PLAYER", default=None, help="Both opponents by player name; overrides --level.")
@click.option("--tutor", type=click.Choice(TUTORS), default="mistake", show_default=True,
              help="Warn before a choice that gives up at least this much (off: never).")
@click.option("--no-takeback", is_flag=True, help="No taking back (only with --tutor off).")
@click.option("--seed", type=click.IntRange(0, 2**31 - 1), default=None,
              help="Seed of the draw, the shuffles and the computer's choices: the same seed and choices, the same "
                   "match.")
@click.option("--record", type=click.Path(dir_okay=False), default=None,
              help="The match file (ABN), written after every action. Default: a new file in this folder named by "
                   "the date and the seed.")
@click.option("--resume", type=click.Path(dir_okay=False, exists=False), default=None,
              help="Go on with the unfinished match of this file (written by play), in the same file.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (see serve).")
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True,
              help="Port to listen on; 0 picks a free one.")
@lang_option(default=None,
             help="The language of the pages: de, en, es, fr or pt (default: each browser's own, English when it asks for "
                   "none of them; a language chosen on the page wins). The terminal stays English.")
@click.option("--open", "open_browser", is_flag=True, help="Open the table in the web browser.")
def play_command(seat: str, level: int, partner: Optional[str], opponents: Optional[str], tutor: str,
                 no_takeback: bool, seed: Optional[int], record: Optional[str], resume: Optional[str], host: str,
                 port: int, lang: Optional[str], open_browser: bool) -> None:
    """Play a match of Altbaumer against the computer in your browser.

    You sit at one seat; the computer plays your partner and both opponents.
    The whole match is played as the rules have it: the draw of the nines,
    the cut, accepting or refusing the turned card, the discard, playing
    alone, rounds to five and the one-deal decider. The tutor rates each of
    your choices from what you know and, before a costly one is played,
    says so in words and offers Play anyway, Rethink or Hint. Hints and
    take-backs are noted in the match file, which is written after every
    action: close the page and open the address again to go on, or
    `altbaumer play --resume FILE` later.

    The server prints its address with a random token and serves until
    Ctrl-C, on 127.0.0.1 unless --host says otherwise.
    """
    if importlib.util.find_spec("starlette") is None or importlib.util.find_spec("uvicorn") is None:
        raise BadInput(SERVE_MISSING)
    if no_takeback and tutor != "off":
        raise BadInput("--no-takeback: take-backs can be turned off only with --tutor off")
    from altbaumer.play.table import TableSettings
    from altbaumer.game.seats import Seat
    from altbaumer.serve import create_app
    from altbaumer.serve.table_api import PlayOptions

    try:
        settings = TableSettings(seat=Seat.parse(seat.upper()), level=level, partner=partner, opponents=opponents,
                                 tutor=tutor, takeback=not no_takeback, seed=seed)
    except AltbaumerError as error:
        raise BadInput(str(error)) from None
    resumed = None
    target = None if record is None else _writable(Path(record), "--record")
    if resume is not None:
        if record is not None or seed is not None:
            raise BadInput("--resume goes on in the file's own match: leave out --record and --seed")
        resumed = _resumed(Path(resume))
        _check_resumed(resumed.settings, settings, click.get_current_context())
        target = _writable(Path(resume), "--resume")
    options = PlayOptions(defaults=settings, record=target, folder=Path.cwd(), resumed=resumed)
    run_server(host, port, open_browser, lambda token, names: create_app(None, token, names=names, play=options, language=lang),
               page="/play")

def _writable(path: Path, option: str) -> Path:
    """A match file the server may replace: in a folder that exists, and a regular file if it exists."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise BadInput(f"{option} {printable(str(path))}: the folder {printable(str(folder))} does not exist")
    if path.exists() and not path.is_file():
        raise BadInput(f"{option} {printable(str(path))}: not a regular file")
    if not os.access(folder, os.W_OK):
        raise BadInput(f"{option} {printable(str(path))}: cannot write in {printable(str(folder))}")
    return path


def _check_resumed(found: "TableSettings", given: "TableSettings", context: click.Context) -> None:
    """A setting given with --resume must be the file's: the match goes on as it was played."""
    for option, name in (("seat", "seat"), ("level", "level"), ("partner", "partner"), ("opponents", "opponents"),
                         ("tutor", "tutor"), ("no_takeback", "takeback")):
        if context.get_parameter_source(option) is click.core.ParameterSource.COMMANDLINE \
                and getattr(found, name) != getattr(given, name):
            raise BadInput(f"--{option.replace('_', '-')}: the match of the file is played with {name} "
                           f"{getattr(found, name)}; leave the option out to go on with it")


def _resumed(path: Path) -> "TableGame":
    """The match of ``path``, or its one line (a file that is not a table's, finished, or not its seed's)."""
    from altbaumer.serve.table_record import resume_game  # the serve extra: imported once it is known to be there

    if not path.is_file():
        raise BadInput(f"--resume {printable(str(path))}: no such file")
    try:
        return resume_game(path)
    except AltbaumerError as error:
        raise BadInput(str(error)) from None
