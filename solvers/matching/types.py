"""The results of the matching solvers: matchings, alternating paths, decompositions.

Plain data, no algorithm: the solvers (:mod:`gamecert.solvers.matching.gallai_edmonds`,
:mod:`gamecert.solvers.matching.blossom`) return these, and the certificate checker
(:mod:`gamecert.verify.uvg.certificate`) reads them without trusting the solver.
The answer to undirected vertex geography is read off a :class:`Decomposition`:
the player to move from ``v`` loses iff ``v`` is in ``D`` (some maximum
matching misses ``v``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

#: Codes of the Gallai–Edmonds parts in :attr:`Decomposition.part`.
D, A, C = 0, 1, 2


@dataclass(frozen=True, eq=False)
class Matching:
    """A matching as a symmetric ``mate`` array (``-1`` = unmatched)."""

    mate: np.ndarray

    @property
    def size(self) -> int:
        return int(np.count_nonzero(self.mate >= 0)) // 2

    def pairs(self) -> np.ndarray:
        """The matched edges as rows ``(u, v)`` with ``u < v``."""
        u = np.flatnonzero(self.mate > np.arange(len(self.mate)))
        return np.stack([u, self.mate[u]], axis=1)


@dataclass(frozen=True, eq=False)
class AlternatingPaths:
    """Even alternating paths from unmatched vertices, stored as a forest of nodes.

    Node ``k`` stands on vertex ``node_vertex[k]``; its successor toward the
    path's unmatched end is ``node_next[k]`` (``-1`` at that end). The path of
    a vertex ``v`` starts at node ``start[v]`` (``-1`` when ``v`` has none).
    Paths that share their tail share nodes; in bipartite graphs node ``k`` is
    vertex ``k`` and the nodes form the alternating BFS forest.
    """

    node_vertex: np.ndarray
    node_next: np.ndarray
    start: np.ndarray

    def path(self, v: int) -> list[int]:
        """The vertices of ``v``'s path, from ``v`` to the unmatched vertex."""
        out = []
        k = int(self.start[v])
        while k >= 0:
            out.append(int(self.node_vertex[k]))
            k = int(self.node_next[k])
        return out


@dataclass(frozen=True, eq=False)
class Decomposition:
    """The Gallai–Edmonds decomposition of a graph with its certificate.

    Attributes
    ----------
    matching : a maximum matching
    part : int8 array, ``D`` (0), ``A`` (1) or ``C`` (2) per vertex
    component : int32 array, the index of the ``D``-component holding each
        ``D`` vertex, ``-1`` for vertices of ``A`` and ``C``
    paths : for every ``D`` vertex an even alternating path from an
        unmatched vertex (flipping it gives a maximum matching missing it)
    """

    matching: Matching
    part: np.ndarray
    component: np.ndarray
    paths: AlternatingPaths

    @property
    def D(self) -> np.ndarray:
        return np.flatnonzero(self.part == D)

    @property
    def A(self) -> np.ndarray:
        return np.flatnonzero(self.part == A)

    @property
    def C(self) -> np.ndarray:
        return np.flatnonzero(self.part == C)

    @property
    def nu(self) -> int:
        return self.matching.size

    def outcomes(self) -> Outcomes:
        return Outcomes(tuple(bool(x) for x in self.part == D), self.nu)


@dataclass(frozen=True)
class Outcomes:
    """Who wins undirected vertex geography from each start vertex.

    ``loses[v]`` is True when the player to move with the token on ``v`` has
    no winning strategy. Every formulation in :mod:`verify` returns this type,
    so a cross-check is an equality. ``nu``, the matching number, is filled in
    by formulations that compute it and is left out of the equality.
    """

    loses: tuple[bool, ...]
    nu: int | None = field(default=None, compare=False)

    @property
    def losing(self) -> list[int]:
        return [v for v, x in enumerate(self.loses) if x]
