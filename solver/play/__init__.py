"""Playing: seeded player policies and simulated matches.

Imports the game, the double-dummy solver and the hidden-information wing.
"""
