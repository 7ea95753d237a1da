"""A geography program to stress: plain Python, no imports beyond sys.

Reads an edge list (``n m`` then ``m`` lines ``u v``) and prints ``v win`` or
``v lose`` per vertex. A maximum matching by Edmonds' blossom search; then
``v`` loses iff it is unmatched, or its mate can be re-matched by an
augmenting path once ``v`` is gone. With ``--wrong`` it first 2-colours each
component by BFS and drops the edges joining equal colours, as if every
graph were bipartite: wrong on odd cycles.
"""

import sys


def augmenting_end(root, adj, mate, gone):
    """Edmonds' search from the free vertex ``root``: a free vertex reached, or -1.

    ``parent`` links give the path back to ``root`` (through ``mate``).
    """
    n = len(adj)
    base = list(range(n))
    parent = [-1] * n
    used = [False] * n
    used[root] = True
    queue = [root]

    def lca(a, b):
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] < 0:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark(v, b, child, blossom):
        while base[v] != b:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    i = 0
    while i < len(queue):
        v = queue[i]
        i += 1
        for to in adj[v]:
            if gone[to] or base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] >= 0 and parent[mate[to]] >= 0):
                b = lca(v, to)
                blossom = [False] * n
                mark(v, b, to, blossom)
                mark(to, b, v, blossom)
                for x in range(n):
                    if blossom[base[x]]:
                        base[x] = b
                        if not used[x]:
                            used[x] = True
                            queue.append(x)
            elif parent[to] < 0:
                parent[to] = v
                if mate[to] < 0:
                    return to, parent
                used[mate[to]] = True
                queue.append(mate[to])
    return -1, parent


def augment(end, parent, mate):
    while end >= 0:
        p = parent[end]
        nxt = mate[p]
        mate[end], mate[p] = p, end
        end = nxt


def main() -> None:
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    edges = [(int(data[2 + 2 * i]) - 1, int(data[3 + 2 * i]) - 1) for i in range(m)]
    adj = [set() for _ in range(n)]
    for u, v in edges:
        if u != v:
            adj[u].add(v)
            adj[v].add(u)
    if "--wrong" in sys.argv[1:]:
        colour = [-1] * n
        for s in range(n):
            if colour[s] >= 0:
                continue
            colour[s] = 0
            queue = [s]
            for v in queue:
                for w in adj[v]:
                    if colour[w] < 0:
                        colour[w] = 1 - colour[v]
                        queue.append(w)
        adj = [{w for w in adj[v] if colour[w] != colour[v]} for v in range(n)]
    adj = [sorted(a) for a in adj]
    mate = [-1] * n
    gone = [False] * n
    for v in range(n):
        if mate[v] < 0:
            end, parent = augmenting_end(v, adj, mate, gone)
            if end >= 0:
                augment(end, parent, mate)
    out = []
    for v in range(n):
        lose = mate[v] < 0
        if not lose:
            u = mate[v]
            trial = mate[:]
            trial[u] = trial[v] = -1
            gone[v] = True
            lose = augmenting_end(u, adj, trial, gone)[0] >= 0
            gone[v] = False
        out.append(f"{v + 1} {'lose' if lose else 'win'}\n")
    sys.stdout.write("".join(out))


main()
