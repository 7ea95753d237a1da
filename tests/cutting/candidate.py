"""A rectangle-cutting program to stress: plain Python Sprague-Grundy values.

``cutting.py [--rule split|cutting] [--off-by-one]``: with ``--off-by-one`` the
Cutting Game forgets the cuts at the last allowed position (n - 2).
"""

import sys


def main() -> None:
    rule = sys.argv[sys.argv.index("--rule") + 1] if "--rule" in sys.argv else "cutting"
    last = 1 if "--off-by-one" in sys.argv else 0
    nums = [int(t) for t in sys.stdin.read().split()]
    queries = list(zip(nums[0::2], nums[1::2]))
    size = max(max(q) for q in queries)
    g = [[0] * (size + 1) for _ in range(size + 1)]
    for a in range(1, size + 1):
        for b in range(1, size + 1):
            options = set()
            if rule == "split":
                parts = [((k, b), (a - k, b)) for k in range(1, a)] + [((a, k), (a, b - k)) for k in range(1, b)]
                parts = [(p, q) for p, q in parts if p != (1, 1) and q != (1, 1)]
            else:
                if a < 2 or b < 2:
                    continue
                parts = [((k, b), (a - k, b)) for k in range(2, a - 1 - last)]
                parts += [((a, k), (a, b - k)) for k in range(2, b - 1 - last)]
            for (p, q) in parts:
                options.add(g[p[0]][p[1]] ^ g[q[0]][q[1]])
            v = 0
            while v in options:
                v += 1
            g[a][b] = v
    win, lose = ("Alice", "Bob") if rule == "split" else ("WIN", "LOSE")
    print("\n".join(win if g[a][b] else lose for a, b in queries))


if __name__ == "__main__":
    main()
