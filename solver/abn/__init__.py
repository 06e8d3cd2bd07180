"""Deal files: the board model, the ABN and JSON formats, and the replay of a board.

Imports the game only. A file is read into :class:`~altbaumer.abn.board.Board`
values; ``record`` checks a board against the rules and rebuilds the state it
reaches.
"""
