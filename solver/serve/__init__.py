"""The analysis board: a local web app where a player steps through a deal,
plays any card (a variation off the recorded line), sees every card's
double-dummy value, rates a decision from the seat's knowledge and exports
the board with its variations as ABN (docs/serve.md). It needs the
``serve`` extra (Starlette and uvicorn).

>>> from altbaumer.serve import create_app
>>> app = create_app(token="secret")
>>> app.state.token
'secret'
"""

from altbaumer.serve.app import create_app
from altbaumer.serve.server import serve, serving, url_of

__all__ = ["create_app", "serve", "serving", "url_of"]
