"""The ``altbaumer`` command line: click commands over the library.

Every command's work is a library function; this package only parses options
and renders results.
"""

from .app import main

__all__ = ["main"]
