"""A rectangle-cutting program to stress: plain Python Sprague-Grundy values.

``candidate.py [--rule split|cutting] [--min-side K] [--no-unit] [--words WIN LOSE] [--off-by-one]``

A contestant's program for one problem: ``--rule`` names the two bundled
problems (Split Game: ``--min-side 1 --no-unit --words Alice Bob``; Cutting
Game, the default: ``--min-side 2 --words WIN LOSE``); the other options
describe any other rule, or override the named one. Every cut leaves both
parts at least K wide (and no 1x1 part with ``--no-unit``). With
``--off-by-one`` the program forgets the cuts at the last allowed position
(n - K).
"""

import sys

#: The problems a contestant might have solved: min side, no 1x1 parts, the two answer words.
PROBLEMS = {"split": (1, True, "Alice", "Bob"), "cutting": (2, False, "WIN", "LOSE")}


def option(name: str, count: int = 1) -> list[str] | None:
    if name not in sys.argv:
        return None
    i = sys.argv.index(name)
    return sys.argv[i + 1 : i + 1 + count]


def main() -> None:
    low, no_unit, win, lose = PROBLEMS[(option("--rule") or ["cutting"])[0]]
    low = int((option("--min-side") or [low])[0])
    no_unit = no_unit or "--no-unit" in sys.argv
    win, lose = option("--words", 2) or (win, lose)
    last = 1 if "--off-by-one" in sys.argv else 0
    nums = [int(t) for t in sys.stdin.read().split()]
    queries = list(zip(nums[0::2], nums[1::2]))
    size = max(max(q) for q in queries)
    g = [[0] * (size + 1) for _ in range(size + 1)]
    for a in range(low, size + 1):
        for b in range(low, size + 1):
            parts = [((k, b), (a - k, b)) for k in range(low, a - low + 1 - last)]
            parts += [((a, k), (a, b - k)) for k in range(low, b - low + 1 - last)]
            if no_unit:
                parts = [(p, q) for p, q in parts if p != (1, 1) and q != (1, 1)]
            options = set()
            for p, q in parts:
                options.add(g[p[0]][p[1]] ^ g[q[0]][q[1]])
            v = 0
            while v in options:
                v += 1
            g[a][b] = v
    print("\n".join(win if g[a][b] else lose for a, b in queries))


if __name__ == "__main__":
    main()
