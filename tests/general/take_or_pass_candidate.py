"""A contestant's program for take or pass (tests/general/cases/take_or_pass.py): ``heap mine theirs`` per line.

Plain: retrograde analysis of the positions reachable from each line, with draws and remoteness.
``--tokens-ignored``: the subtraction game's answer (a multiple of 3 is lost), as if nobody held a token;
right exactly when both players hold no token, wrong where passing makes a draw.
"""

import sys


def solve(start):
    seen, order, stack = {start}, [], [start]
    while stack:
        p = stack.pop()
        order.append(p)
        for q in moves(p):
            if q not in seen:
                seen.add(q)
                stack.append(q)
    label = {p: ("lose", 0) for p in order if p[0] == 0}
    changed = True
    while changed:  # rounds of the recurrence until nothing changes: labels only ever improve the remoteness order
        changed = False
        for p in order:
            if p in label:
                continue
            kids = [label.get(q) for q in moves(p)]
            wins = [r for k in kids if k and k[0] == "lose" for r in (k[1],)]
            if wins:
                label[p] = ("win", min(wins) + 1)
                changed = True
            elif all(k and k[0] == "win" for k in kids):
                label[p] = ("lose", max(k[1] for k in kids) + 1)
                changed = True
    return label.get(start, ("draw", None))


def moves(position):
    heap, mine, theirs = position
    out = [(heap - take, theirs, mine) for take in (1, 2) if take <= heap]
    if mine:
        out.append((heap, theirs + 1, mine - 1))
    return out


for line in sys.stdin.read().split("\n"):
    if not line.strip():
        continue
    heap, mine, theirs = map(int, line.split())
    if "--tokens-ignored" in sys.argv:
        outcome = ("lose", 0) if heap % 3 == 0 else ("win", 1)
        remote = 2 * (heap // 3) if heap % 3 == 0 else 2 * (heap // 3) + 1
        print(f"{outcome[0]} {remote}")
    else:
        outcome, number = solve((heap, mine, theirs))
        print(outcome if number is None else f"{outcome} {number}")
