"""A contestant's program for Kayles (tests/impartial/cases/kayles.py): one row length per input line, and
``win N`` or ``lose 0`` per line.

Plain: the nim values by the mex recurrence over the rows left on either side.
``--period``: the period-12 formula of the values from n = 71 on (OEIS A002186) used for every row, the empty
row excepted; wrong for rows of 3, 6, 9, 11, 15, ... pins, where the values are exceptional.
"""

import sys

PERIOD = (4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7)


def values(top):
    g = [0] * (top + 1)
    for n in range(1, top + 1):
        seen = set()
        for take in (1, 2):
            for left in range(n - take + 1):
                seen.add(g[left] ^ g[n - take - left])
        v = 0
        while v in seen:
            v += 1
        g[n] = v
    return g


rows = [int(line) for line in sys.stdin.read().split("\n") if line.strip()]
if "--period" in sys.argv:
    answers = [0 if n == 0 else PERIOD[n % 12] for n in rows]
else:
    g = values(max(rows, default=0))
    answers = [g[n] for n in rows]
print("".join(f"win {v}\n" if v else "lose 0\n" for v in answers), end="")
