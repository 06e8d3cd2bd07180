"""The double-dummy solver: every card open, best play by both sides.

Imports the game only. ``solver.Solver`` is the Python face of the compiled
search (``_search``); ``reference`` is the brute-force minimax it is checked
against; ``bench`` measures it.
"""
