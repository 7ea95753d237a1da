"""Fast solvers for matching games and rectangle-cutting games.

Every solver is a pure function returning a frozen dataclass that carries its
own certificate; :mod:`gamecert.verify` checks those certificates and
cross-checks the answers against independent formulations.

One package per game (:mod:`.maze`, :mod:`.geography`, :mod:`.bunny_egg`,
:mod:`.cutting` for the Split Game and the Cutting Game); the mathematics the
matching games share lives in :mod:`.matching`, the kernel engine (plain
Python or numba) in :mod:`.jit`, the input layer in :mod:`.textinput` and the
exceptions in :mod:`.errors`.
"""
