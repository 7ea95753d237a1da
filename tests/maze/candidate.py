"""A maze-game program to stress: plain Python, no imports beyond sys.

Maximum matching by BFS augmenting paths, then the cells that an even
alternating path from an unmatched cell reaches (AA's winning cells).
With ``--wrong`` it prints ``WIN`` and no cells when the answer is ``LOSE``.
"""

import sys


def main() -> None:
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    rows = data[2 : 2 + n]
    index = {}
    for r in range(n):
        for c in range(m):
            if rows[r][c] == ".":
                index[r, c] = len(index)
    cells = list(index)
    adj = [[] for _ in cells]
    for (r, c), v in index.items():
        for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if q in index:
                adj[v].append(index[q])
    mate = [-1] * len(cells)
    for s, (r, c) in enumerate(cells):
        if (r + c) % 2 or mate[s] >= 0:
            continue
        parent = {}
        queue = [s]
        end = -1
        for b in queue:
            for w in adj[b]:
                if w in parent:
                    continue
                parent[w] = b
                if mate[w] < 0:
                    end = w
                    break
                queue.append(mate[w])
            if end >= 0:
                break
        while end >= 0:
            b = parent[end]
            nxt = mate[b]
            mate[b], mate[end] = end, b
            end = nxt
    win = [v for v in range(len(cells)) if mate[v] < 0]
    seen = set(win)
    for u in win:
        for w in adj[u]:
            x = mate[w]
            if x >= 0 and x not in seen:
                seen.add(x)
                win.append(x)
    if not win:
        print("WIN" if "--wrong" in sys.argv else "LOSE")
        return
    out = ["WIN"] + [f"{cells[v][0] + 1} {cells[v][1] + 1}" for v in sorted(win)]
    print("\n".join(out))


if __name__ == "__main__":
    main()
