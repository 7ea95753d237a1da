"""Octal games: nim-sequences of one heap (see :mod:`gamecert.solvers.octal.sparse`)."""
