"""Every graph up to isomorphism, from nauty's ``geng``, decoded in bulk.

``geng n res/mod`` writes one part of the non-isomorphic graphs on ``n``
vertices as graph6 lines; the parts ``0..mod-1`` are disjoint and together
give every graph once, so a campaign shards on them. ``geng`` comes from the
``passagemath-nauty`` wheel (pip, the ``campaign`` extra) or Debian's
``nauty`` package (as ``nauty-geng``); :func:`geng_path` finds either.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import numpy as np

from gamecert.verify.errors import ToolMissingError

#: How to get geng, said by every error about a missing one.
GENG_HOWTO = "pip install passagemath-nauty (or pip install -e '.[campaign]'), or apt-get install nauty"

#: graph6 as decoded here: one byte for n, so 1 <= n <= 62.
MAX_N = 62


@cache
def geng_path() -> str:
    """The ``geng`` program: ``$GAMECERT_GENG``, else passagemath-nauty's, else ``geng`` or ``nauty-geng`` on PATH.

    Raises :class:`ToolMissingError` (one line saying how to get it) when there is none.
    """
    import shutil
    from importlib import metadata  # here, not at import: listing a game's capabilities stays cheap

    given = os.environ.get("GAMECERT_GENG")
    if given:
        if not os.access(given, os.X_OK):
            raise ToolMissingError(f"GAMECERT_GENG={given} is not an executable geng; {GENG_HOWTO}")
        return given
    try:
        wheel = Path(metadata.distribution("passagemath-nauty").locate_file("sage_wheels/bin/geng"))
    except metadata.PackageNotFoundError:
        wheel = None
    if wheel is not None and os.access(wheel, os.X_OK):
        return str(wheel)
    for name in ("geng", "nauty-geng"):
        found = shutil.which(name)
        if found:
            return found
    raise ToolMissingError(f"nauty's geng is not installed: {GENG_HOWTO}")


def geng_args(n: int, res: int = 0, mod: int = 1, connected: bool = True) -> list[str]:
    """The arguments after the program for part ``res/mod`` of the graphs on ``n`` vertices.

    >>> geng_args(9, 3, 16)
    ['-cq', '9', '3/16']
    """
    if not 1 <= n <= MAX_N or not 0 <= res < mod:
        raise ValueError(f"geng part {res}/{mod} of n = {n}")
    return ["-cq" if connected else "-q", str(n)] + ([f"{res}/{mod}"] if mod > 1 else [])


def geng_part(n: int, res: int = 0, mod: int = 1, connected: bool = True) -> bytes:
    """The graph6 lines of part ``res/mod`` of the (connected) graphs on ``n`` vertices."""
    import subprocess

    argv = [geng_path(), *geng_args(n, res, mod, connected)]
    done = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    if done.returncode != 0:
        tail = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise RuntimeError(f"{' '.join(argv)} failed with exit code {done.returncode}: {tail[-1] if tail else ''}")
    return done.stdout


def pair_index(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The vertex pairs ``(i, j)``, ``i < j``, in graph6 bit order (column by column).

    >>> [a.tolist() for a in pair_index(3)]
    [[0, 0, 1], [1, 2, 2]]
    """
    i = np.array([a for j in range(1, n) for a in range(j)], dtype=np.int64)
    j = np.array([j for j in range(1, n) for _ in range(j)], dtype=np.int64)
    return i, j


def graph6_bits(data: bytes, n: int) -> np.ndarray:
    """The upper-triangle bits, shape ``(graphs, n(n-1)/2)`` uint8, of graph6 lines of ``n``-vertex graphs.

    Every line of one ``n`` has the same length, so the whole part is decoded
    as one array: ``O(graphs · n²)`` numpy work, no Python loop per graph.

    >>> graph6_bits(b"Bw\\n", 3).tolist()  # the triangle
    [[1, 1, 1]]
    >>> graph6_bits(b"", 3).shape  # a part may be empty
    (0, 3)
    """
    pairs = n * (n - 1) // 2
    width = 1 + (pairs + 5) // 6
    raw = np.frombuffer(data, dtype=np.uint8)
    if raw.size % (width + 1):
        raise ValueError(f"graph6 lines of {n}-vertex graphs are {width} bytes; got {raw.size} bytes in all")
    rows = raw.reshape(-1, width + 1)
    if rows.shape[0] == 0:  # an empty geng part
        return np.zeros((0, pairs), dtype=np.uint8)
    if np.any(rows[:, 0] != n + 63) or np.any(rows[:, width] != 10) or np.any(rows[:, 1:width] < 63):
        raise ValueError(f"not graph6 lines of {n}-vertex graphs")
    six = rows[:, 1:width] - np.uint8(63)
    bits = (six[:, :, None] >> np.arange(5, -1, -1, dtype=np.uint8)) & np.uint8(1)
    return np.ascontiguousarray(bits.reshape(rows.shape[0], -1)[:, :pairs])


def neighbour_masks(bits: np.ndarray, n: int) -> np.ndarray:
    """Each vertex's neighbours as a bitmask, shape ``(graphs, n)`` int64, from :func:`graph6_bits`.

    >>> neighbour_masks(graph6_bits(b"BW\\n", 3), 3).tolist()  # the path 0-2-1
    [[4, 4, 3]]
    """
    i, j = pair_index(n)
    weight = np.zeros((len(i), n), dtype=np.int64)
    weight[np.arange(len(i)), i] = np.left_shift(1, j)
    weight[np.arange(len(i)), j] = np.left_shift(1, i)
    return bits.astype(np.int64) @ weight


def edge_lists(bits: np.ndarray, n: int) -> list[list[tuple[int, int]]]:
    """The edges of each graph as ``(i, j)`` pairs, ``i < j``.

    >>> edge_lists(graph6_bits(b"Bw\\n", 3), 3)
    [[(0, 1), (0, 2), (1, 2)]]
    """
    i, j = pair_index(n)
    return [[(int(i[k]), int(j[k])) for k in np.flatnonzero(row)] for row in bits]
