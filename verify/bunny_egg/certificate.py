"""The Gallai–Edmonds certificate of every position of a Bunny-and-Egg record, checked.
"""

from __future__ import annotations

from gamecert.solvers.bunny_egg import BunnyEgg
from gamecert.solvers.matching.gallai_edmonds import gallai_edmonds
from gamecert.solvers.matching.types import D
from gamecert.verify.bunny_egg.positions import position_graphs
from gamecert.verify.uvg.certificate import check_decomposition


def certify_positions(game: BunnyEgg, wins: tuple[bool, ...] | None = None) -> list[str]:
    """Check a Gallai–Edmonds certificate of every position's graph.

    The certificate comes from the fast side (:func:`gamecert.solvers.matching.gallai_edmonds.gallai_edmonds`
    on the position graph built here) and is checked by
    :func:`gamecert.verify.uvg.certificate.check_decomposition`; when ``wins`` is given,
    each position's claimed verdict must match the certified part of the
    token's vertex (``A`` or ``C``: the mover wins; ``D``: she loses).
    """
    problems: list[str] = []
    m = game.shape[1]
    for t, (graph, token, cells) in enumerate(position_graphs(game)):
        dec = gallai_edmonds(graph)

        def name(v: int, cells=cells) -> str:
            r, c = divmod(int(cells[v]), m)
            return f"({r + 1},{c + 1})"

        for p in check_decomposition(graph, dec, name):
            problems.append(f"position {t}: {p}")
        if wins is not None and t < len(wins):
            certified = bool(dec.part[token] != D)
            if certified != bool(wins[t]):
                who = ("Bunny", "Egg")[t % 2]
                problems.append(
                    f"position {t}: claimed {who} {'wins' if wins[t] else 'loses'}, "
                    f"certificate says {'wins' if certified else 'loses'}"
                )
        if len(problems) > 20:
            break
    return problems
