"""Drawing helpers every kind's pictures share: the game graph's node sizes and gaps, clipped edges, cut text."""

from __future__ import annotations

import math


#: The most positions the game graph draws; the rest are counted, not drawn.
MAX_NODES = 200


#: Positions per row of the game graph, a node's size, the gaps between nodes.
PER_ROW = 10


NODE_W, NODE_H = 100.0, 36.0


GAP_X, GAP_Y = 16.0, 44.0


MARGIN = 30.0


#: Characters of a position's text inside a node.
NODE_TEXT = 15


def clip(x1: float, y1: float, x2: float, y2: float) -> tuple[float, float]:
    """Where the segment from ``(x1, y1)`` to the centre ``(x2, y2)`` of a node enters the node's box."""
    dx, dy = x2 - x1, y2 - y1
    if dx == 0 and dy == 0:
        return x2, y2
    t = min((NODE_W / 2 + 3) / abs(dx) if dx else math.inf, (NODE_H / 2 + 3) / abs(dy) if dy else math.inf)
    return x2 - dx * t, y2 - dy * t


def cut(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"
