"""Deal files: the board model, the ABN and JSON formats, and the replay of a board.

Imports the game only. A file is read into :class:`~altbaumer.abn.board.Board`
values; :mod:`~altbaumer.abn.record` replays a board through the one deal
state into a game record: the state before every decision and card.

The modules, each one concern: :mod:`~altbaumer.abn.board` the model;
:mod:`~altbaumer.abn.visitor` the interface between text and boards, which
:mod:`~altbaumer.abn.reader` calls as it reads ABN and :mod:`~altbaumer.abn.writer`
as it walks a board; :mod:`~altbaumer.abn.json_format` the JSON twin;
:mod:`~altbaumer.abn.files` the files on disk; :mod:`~altbaumer.abn.match_states`
the score before each board's deal, from its Score tag or its match. Their errors are
:class:`altbaumer.errors.AbnError`.
"""

from typing import TYPE_CHECKING

from altbaumer.lazy import loaded_on_use, names_of

HOMES = {
    "altbaumer.abn.board": ("GAME_TAGS", "HEADER_TAGS", "MARKS", "Board", "PlayedCard", "board_for_seat",
                            "board_from_deal"),
    "altbaumer.abn.files": ("atomic_write", "load_boards", "read_text", "save_boards", "write_output"),
    "altbaumer.abn.json_format": ("board_from_dict", "board_to_dict", "boards_from_json", "boards_to_json"),
    "altbaumer.abn.reader": ("BoardBuilder", "read_boards", "visit_text"),
    "altbaumer.abn.record": ("GameRecord", "Node", "replay"),
    "altbaumer.abn.match_states": ("BoardScore", "board_scores"),
    "altbaumer.abn.visitor": ("UNKNOWN", "BaseVisitor"),
    "altbaumer.abn.writer": ("TextExporter", "hand_word", "visit_board", "write_board", "write_boards"),
}
"""Each module of the wing → the names it gives the wing, imported on first use (altbaumer.lazy)."""

if TYPE_CHECKING:
    from altbaumer.abn.board import (GAME_TAGS as GAME_TAGS, HEADER_TAGS as HEADER_TAGS, MARKS as MARKS,
                                     Board as Board, PlayedCard as PlayedCard, board_for_seat as board_for_seat,
                                     board_from_deal as board_from_deal)
    from altbaumer.abn.files import (atomic_write as atomic_write, load_boards as load_boards,
                                     read_text as read_text, save_boards as save_boards,
                                     write_output as write_output)
    from altbaumer.abn.json_format import (board_from_dict as board_from_dict, board_to_dict as board_to_dict,
                                           boards_from_json as boards_from_json, boards_to_json as boards_to_json)
    from altbaumer.abn.reader import (BoardBuilder as BoardBuilder, read_boards as read_boards,
                                      visit_text as visit_text)
    from altbaumer.abn.record import GameRecord as GameRecord, Node as Node, replay as replay
    from altbaumer.abn.match_states import BoardScore as BoardScore, board_scores as board_scores
    from altbaumer.abn.visitor import UNKNOWN as UNKNOWN, BaseVisitor as BaseVisitor
    from altbaumer.abn.writer import (TextExporter as TextExporter, hand_word as hand_word,
                                      visit_board as visit_board, write_board as write_board,
                                      write_boards as write_boards)
else:
    __getattr__, __dir__ = loaded_on_use(__name__, HOMES)

__all__ = names_of(HOMES)
