"""A maze-game program for exhaustive stress runs: plain Python, no imports beyond sys.

A maximum matching of the free cells by augmenting paths (breadth-first,
one search per cell of even ``row + col``), then AA's winning cells: the
unmatched cells and every cell reached from one by an even alternating path
(a free cell, a neighbour, that neighbour's mate, ...), found by a queue.

With ``--shallow`` the alternating search stops after one step: it keeps the
unmatched cells and the mates of their neighbours, and misses cells that
only a longer alternating path reaches (a corridor of five cells, say).
"""

import sys


def main() -> None:
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    rows = data[2 : 2 + n]
    cells = [(r, c) for r in range(n) for c in range(m) if rows[r][c] == "."]
    index = {cell: i for i, cell in enumerate(cells)}
    adj = [[index[q] for q in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)) if q in index] for r, c in cells]
    mate = [-1] * len(cells)
    for s, (r, c) in enumerate(cells):
        if (r + c) % 2:
            continue
        # Breadth-first search for an augmenting path from s through matched edges.
        came = {s: -1}
        queue = [s]
        end = -1
        for u in queue:
            for w in adj[u]:
                if w in came:
                    continue
                came[w] = u
                if mate[w] < 0:
                    end = w
                    break
                came[mate[w]] = w
                queue.append(mate[w])
            if end >= 0:
                break
        # Flip the path: end's predecessor u takes end, u's old mate is next.
        while end >= 0:
            u = came[end]
            nxt = mate[u]
            mate[u], mate[end] = end, u
            end = nxt
    win = [v for v in range(len(cells)) if mate[v] < 0]
    seen = set(win)
    steps = 1 if "--shallow" in sys.argv else len(cells)
    frontier = list(win)
    for _ in range(steps):
        grown = []
        for u in frontier:
            for w in adj[u]:
                x = mate[w]
                if x >= 0 and x not in seen:
                    seen.add(x)
                    grown.append(x)
        frontier = grown
    if not seen:
        print("LOSE")
        return
    print("\n".join(["WIN"] + [f"{r + 1} {c + 1}" for r, c in sorted(cells[v] for v in seen)]))


if __name__ == "__main__":
    main()
