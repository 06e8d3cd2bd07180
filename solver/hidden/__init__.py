"""Hidden information: what a seat knows, the worlds it cannot tell apart, and decisions rated over them.

Imports the game and the double-dummy solver.
"""
