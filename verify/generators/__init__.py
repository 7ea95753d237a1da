"""Case generators for ``gamecert stress``, one module per game.

Each module exposes exactly three functions (the interface the stress engine,
:mod:`verify.stress`, relies on; it never looks inside a game):

``edge_cases(max_size) -> Iterator[tuple[str, str]]``
    ``(family name, judge-format input)`` for the game's edge-case families,
    every text within ``max_size``.
``random_case(rng, size) -> str``
    a valid judge-format input whose size knob is at most ``size`` (clamped
    to the judge's limits), deterministic given ``rng``'s state.
``reductions(text) -> Iterator[str]``
    delta-debugging candidates: valid judge-format inputs strictly smaller
    than ``text`` by a well-founded measure, coarse cuts first.

A game's :class:`~verify.games.Game` names its module in ``generator``.
"""
