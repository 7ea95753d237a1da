"""A contestant of the interactive maze problem (`stress maze --interactive`), by brute force: small boards only.

argv[1] is how it plays: ``perfect`` (the winning role, then a winning move whenever it has one),
``random`` (a random role, then random legal moves; seeded, so the same game gives the same moves),
``small`` (perfect on boards of at most 4 free cells, random on larger ones) or ``illegal`` (the winning
role, then a move to a cell out of the board).
"""

import random
import sys
from functools import cache

mode = sys.argv[1]
rng = random.Random(0)
n, m = map(int, input().split())
rows = [input() for _ in range(n)]
token = tuple(map(int, input().split()))
free = {(r + 1, c + 1) for r in range(n) for c in range(m) if rows[r][c] == "."}
if mode == "small":
    mode = "perfect" if len(free) <= 4 else "random"


def moves(cell, gone):
    r, c = cell
    return [x for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if x in free and x not in gone]


@cache
def wins(cell, gone):
    """Whether the player to move from ``cell`` wins, the cells ``gone`` (``cell`` among them) visited."""
    return any(not wins(x, gone | {x}) for x in moves(cell, gone))


gone = frozenset([token])
first = wins(token, gone) if mode in ("perfect", "illegal") else rng.random() < 0.5
print("FIRST" if first else "SECOND", flush=True)
mine = first
while True:
    if mine:
        options = moves(token, gone)
        if mode == "illegal":
            print(n + 1, 1, flush=True)
            sys.exit()
        if not options:
            sys.exit()
        good = [x for x in options if not wins(x, gone | {x})]
        token = good[0] if mode == "perfect" and good else rng.choice(options)
        print(*token, flush=True)
    else:
        token = tuple(map(int, input().split()))
        if token == (0, 0):
            sys.exit()
    gone = gone | {token}
    mine = not mine
