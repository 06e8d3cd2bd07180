"""``altbaumer serve``: the analysis board, a local web app (docs/serve.md)."""

from __future__ import annotations

import errno
import io
import importlib.util
import socket
import sys
import webbrowser
from typing import Any, Callable, Optional

import click

from altbaumer.abn.files import load_boards, read_text
from altbaumer.abn.record import replay

from .files import STDIO, source_name
from .output import BadInput, lang_option, printable, stdout

__all__ = ["serve_command", "run_server", "printed_url", "SERVE_MISSING", "DEFAULT_PORT"]

SERVE_MISSING = "serve needs the serve extra: pip install 'altbaumer[serve]'"
DEFAULT_PORT = 8765


@click.command("serve")
@click.argument("file", required=False, type=click.Path(dir_okay=False))
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. Anything but a loopback address lets other machines reach the server "
                   "(they still need the token); 0.0.0.0: every address, and the address printed is the one "
                   "a phone or another computer on the network opens.")
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True,
              help="Port to listen on; 0 picks a free one.")
@lang_option(default=None,
             help="The language of the pages: de, en, es, fr or pt (default: each browser's own, English when it asks for "
                   "none of them; a language chosen on the page wins). The terminal stays English.")
@click.option("--open", "open_browser", is_flag=True, help="Open the board in the web browser.")
def serve_command(file: Optional[str], host: str, port: int, lang: Optional[str], open_browser: bool) -> None:
    """Serve the analysis board for FILE (ABN or its JSON form; - for standard input) in the browser.

    Step through each board, play any legal card (off the recorded line it
    starts a variation), see every card's double-dummy value, rate a decision
    from the deciding seat's knowledge (as `altbaumer rate`), and export the
    board with its variations as ABN. Without FILE the page offers a random
    deal, pasted ABN, or a deal set up card by card. Drills (`altbaumer
    review --drills`) are asked as a quiz: answer, then see the rating.

    The page also offers a match against the computer at the table, as
    `altbaumer play` serves it (docs/play.md); such a match is written to a
    new file in the folder the server started in.

    The server prints its address with a random token, which every request
    needs, and serves until Ctrl-C. It listens on 127.0.0.1 only, unless
    --host says otherwise; it reads no file but FILE and writes none but
    the files of the matches played at its table.
    """
    if importlib.util.find_spec("starlette") is None or importlib.util.find_spec("uvicorn") is None:
        raise BadInput(SERVE_MISSING)
    from altbaumer.serve import create_app
    text = None if file is None else _read(file)
    if file is not None and text is not None:
        boards = load_boards(io.BytesIO(text.encode("utf-8")), name=source_name(file))
        if not boards:
            raise BadInput(f"{source_name(file)}: no boards in the file")
        for board in boards:  # a bad file is refused now, with the reader's line
            replay(board)
    run_server(host, port, open_browser,
               lambda token, names: create_app(None if file is None else source_name(file), token, names=names,
                                               text=text, language=lang))


def run_server(host: str, port: int, open_browser: bool, app_for: Callable[[str, set[str]], Any],
               page: str = "/") -> None:
    """Listen on ``host:port``, make the app (``app_for(token, host names)``), print the address
    of ``page`` with the token, open it in the browser if asked, and serve until Ctrl-C."""
    from altbaumer.serve import serve
    from altbaumer.serve.addresses import host_names, is_loopback
    from altbaumer.serve.security import new_token

    sock = _listen(host, port)
    if not is_loopback(host):
        _warn(f"serving on {host}: other machines on the network can open the address printed, with its token; "
              "the token is the key to the board: do not share it")
    token = new_token()
    app = app_for(token, host_names(host))
    url = printed_url(host, sock.getsockname()[1], token, page)
    stdout.print(url, markup=False, highlight=False, soft_wrap=True)
    stdout.file.flush()
    if open_browser:
        webbrowser.open(url)
    serve(app, sock)


def _read(path: str) -> str:
    """The text of FILE (`-`: standard input), read once: the server serves what it read."""
    return read_text(sys.stdin.buffer if path == STDIO else path, name=source_name(path))


def printed_url(host: str, port: int, token: str, page: str = "/") -> str:
    """The address the server prints for listening on ``host:port``: for all
    addresses (``0.0.0.0``, ``::``) the machine's address on its network,
    which another machine can open as well as this one.

    >>> printed_url("127.0.0.1", 8765, "t", "/play")
    'http://127.0.0.1:8765/play?token=t'
    """
    from altbaumer.serve import url_of
    from altbaumer.serve.addresses import shown_host

    return url_of(shown_host(host), port, token).replace("/?token=", f"{page}?token=", 1)


def _listen(host: str, port: int) -> socket.socket:
    from altbaumer.serve.server import bound_socket

    try:
        return bound_socket(host, port)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            raise BadInput(f"--port {port}: in use; choose another, or --port 0 for a free one") from None
        raise BadInput(f"--host {host} --port {port}: cannot listen there ({error.strerror or error})") from None


def _warn(message: str) -> None:
    click.echo(f"altbaumer: warning: {printable(message)}", err=True)
