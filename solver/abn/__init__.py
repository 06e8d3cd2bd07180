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

from altbaumer.abn.board import GAME_TAGS, HEADER_TAGS, MARKS, Board, PlayedCard, board_for_seat, board_from_deal
from altbaumer.abn.files import atomic_write, load_boards, read_text, save_boards, write_output
from altbaumer.abn.json_format import board_from_dict, board_to_dict, boards_from_json, boards_to_json
from altbaumer.abn.reader import BoardBuilder, read_boards, visit_text
from altbaumer.abn.record import GameRecord, Node, replay
from altbaumer.abn.match_states import BoardScore, board_scores
from altbaumer.abn.visitor import UNKNOWN, BaseVisitor
from altbaumer.abn.writer import TextExporter, hand_word, visit_board, write_board, write_boards

__all__ = [
    "MARKS", "HEADER_TAGS", "GAME_TAGS", "Board", "PlayedCard", "board_from_deal", "board_for_seat",
    "UNKNOWN", "BaseVisitor", "BoardBuilder", "TextExporter", "visit_text", "visit_board",
    "read_boards", "write_board", "write_boards", "hand_word",
    "board_to_dict", "board_from_dict", "boards_to_json", "boards_from_json",
    "load_boards", "read_text", "save_boards", "write_output", "atomic_write",
    "GameRecord", "Node", "replay", "BoardScore", "board_scores",
]
