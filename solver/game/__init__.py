"""The game: cards, seats, rules, scoring, the one deal state, open positions and the match.

This wing imports no other wing; every other wing builds on it. Each rule of
docs/rules.md is implemented once here (``rules``), and the compiled kernels
(``_kernels``) repeat it on bitmasks only for speed.
"""
