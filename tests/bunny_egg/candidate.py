"""A Bunny-and-Egg program to stress: plain Python, no imports beyond sys.

The empty cell walks a bipartite graph (the start, ``X`` on its parity,
``O`` on the other); a maximum matching by augmenting paths, then per
position: the mover loses iff the token's vertex is unmatched or its mate
can be re-matched once the vertex is deleted. With ``--wrong`` it drops
Bunny's last mistake from the answer.
"""

import sys


def augmenting_end(root, adj, mate, gone):
    """BFS for an augmenting path from the free vertex ``root``: its free far end, or -1."""
    parent = {root: -1}
    queue = [root]
    for x in queue:
        for y in adj[x]:
            if gone[y] or y in parent:
                continue
            parent[y] = x
            if mate[y] < 0:
                return y, parent
            parent[mate[y]] = y
            queue.append(mate[y])
    return -1, parent


def main() -> None:
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    rows = data[2 : 2 + n]
    k = int(data[2 + n])
    nums = list(map(int, data[3 + n : 3 + n + 4 * k]))
    start = next((r, c) for r in range(n) for c in range(m) if rows[r][c] == ".")
    s = (start[0] + start[1]) % 2
    index = {}
    for r in range(n):
        for c in range(m):
            if (r, c) == start or rows[r][c] == "XO"[(r + c + s) % 2]:
                index[r, c] = len(index)
    adj = [[] for _ in index]
    for (r, c), v in index.items():
        for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if q in index:
                adj[v].append(index[q])
    path = [index[start]] + [index[nums[2 * j] - 1, nums[2 * j + 1] - 1] for j in range(2 * k)]
    mate = [-1] * len(index)
    gone = [False] * len(index)
    for v in range(len(index)):
        if mate[v] < 0:
            end, parent = augmenting_end(v, adj, mate, gone)
            if end >= 0:
                flip(end, parent, mate)
    wins = []
    for v in path:
        win = False
        u = mate[v]
        gone[v] = True
        if u >= 0:
            mate[u] = mate[v] = -1
            end, parent = augmenting_end(u, adj, mate, gone)
            if end >= 0:
                flip(end, parent, mate)
            else:
                win = True
        wins.append(win)
    mistakes = [i for i in range(1, k + 1) if wins[2 * i - 2] and wins[2 * i - 1]]
    if "--wrong" in sys.argv[1:] and mistakes:
        mistakes.pop()
    sys.stdout.write("".join(f"{x}\n" for x in [len(mistakes), *mistakes]))


def flip(end, parent, mate):
    """Augment along the BFS tree path from the root to the free vertex ``end``."""
    y = end
    while y >= 0:
        x = parent[y]
        before = parent[x]  # x's old mate, or -1 at the root
        mate[x], mate[y] = y, x
        y = before


main()
