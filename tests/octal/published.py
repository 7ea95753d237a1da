"""Published nim-sequences of octal games (docs/octal.md, "Published values, computed and proven").

Each list is the data section of the OEIS entry as printed on its page, offset as stated; each
``(last exception, period)`` is the entry's comment ("Sequence is eventually periodic with period
24. The last exception is at n=140."). Heap sizes count from 0 with G(0) = 0.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Published:
    code: str
    source: str
    last_exception: int  # the published last exception, at heap size n (G(n) counted from n = 0)
    period: int
    first: int  # the heap size of data[0]
    data: tuple[int, ...]

    @property
    def complete(self) -> bool:
        """Whether the data runs a whole period past the last exception (so it gives every G(n))."""
        return self.first + len(self.data) > self.last_exception + self.period

    def value(self, n: int) -> int:
        """G(n) from the data and the published period (for :attr:`complete` data)."""
        over = n - self.first - len(self.data)
        if over >= 0:
            n -= (over // self.period + 1) * self.period
        return 0 if n == 0 and self.first == 1 else self.data[n - self.first]


# OEIS A002186 (Kayles), offset 0: "From n=71 on, the sequence is periodic with period 12".
KAYLES = Published("0.77", "OEIS A002186", 70, 12, 0, (
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8,
    6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
    7, 2, 1,
))  # fmt: skip

# OEIS A002187 (Dawson's chess, 0.137), offset 0: "Has period 34 with the only exceptions at n=0, 14, 16,
# 17, 31, 34 and 51."
A002187 = (
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4,
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
    8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4,
    8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
)  # fmt: skip
DAWSONS_CHESS = Published("0.137", "OEIS A002187", 51, 34, 0, A002187)
# "Octal game .07 (Dawson's Kayles) has values a(n-1)": G(n) = a(n - 1) for n >= 1, so data from n = 1.
DAWSONS_KAYLES = Published("0.07", "OEIS A002187, shifted by one", 52, 34, 1, A002187)

# OEIS A071434 (.1377), offset 1: "eventually periodic with period 24. The last exception is at n=140."
A071434 = Published("0.1377", "OEIS A071434", 140, 24, 1, (
    1, 1, 2, 2, 3, 3, 1, 1, 4, 4, 3, 3, 2, 2, 1, 1, 4, 4, 2, 2, 6, 6, 4, 4, 1, 1, 2, 2, 7, 7, 1, 1, 4, 4,
    3, 3, 2, 2, 1, 1, 4, 4, 6, 6, 7, 7, 4, 4, 1, 1, 2, 2, 8, 8, 5, 5, 4, 4, 7, 7, 2, 2, 1, 1, 8, 8, 6, 6,
    7, 7, 4, 4, 1, 1, 2, 2, 3, 3, 1, 1, 4, 4, 7, 7, 2, 2, 1, 1, 8, 8, 2, 2, 7, 7, 4, 4, 1, 1, 2, 2, 8, 8,
))  # fmt: skip

# OEIS A071452 (.11377), offset 1: "eventually periodic with period 32. The last exception is at n=186."
A071452 = Published("0.11377", "OEIS A071452", 186, 32, 1, (
    1, 1, 1, 2, 2, 2, 3, 3, 1, 1, 1, 4, 4, 4, 3, 3, 2, 2, 2, 1, 1, 1, 4, 4, 2, 2, 2, 6, 6, 4, 4, 4, 1, 1,
    1, 2, 2, 2, 7, 7, 1, 1, 1, 4, 4, 4, 3, 3, 2, 2, 2, 1, 1, 1, 4, 4, 8, 6, 2, 7, 7, 4, 4, 4, 1, 1, 1, 2,
    2, 2, 8, 8, 8, 5, 1, 4, 4, 4, 7, 7, 2, 2, 2, 1, 1, 1, 8, 8, 8, 6, 2, 7, 7, 4, 4, 4, 1, 1, 1, 2, 2, 2,
    3, 8, 1,
))  # fmt: skip

# OEIS A071435 (.177), offset 1: "eventually periodic with period 20. The last exception is at n=496."
A071435 = Published("0.177", "OEIS A071435", 496, 20, 1, (
    1, 1, 2, 2, 3, 1, 1, 4, 4, 3, 2, 2, 1, 1, 4, 2, 2, 6, 4, 4, 1, 1, 2, 2, 7, 1, 1, 4, 4, 3, 2, 2, 1, 1,
    4, 8, 2, 7, 4, 4, 1, 1, 2, 2, 7, 8, 1, 4, 4, 7, 2, 2, 1, 1, 4, 4, 2, 7, 7, 4, 1, 1, 2, 2, 7, 7, 1, 1,
    4, 7, 2, 2, 1, 1, 4, 4, 6, 2, 7, 4, 1, 1, 2, 2, 8, 8, 5, 1, 4, 7, 2, 2, 1, 1, 8, 8, 6, 7, 7, 4, 1, 1,
))  # fmt: skip

# OEIS A071453 (.117), offset 1: "eventually periodic with period 48. The only exceptions are n=2, 6, 7,
# 12, 16, 22, 26, 36 and 46."
A071453 = Published("0.117", "OEIS A071453", 46, 48, 1, (
    1, 1, 1, 0, 2, 2, 1, 3, 4, 0, 1, 1, 1, 3, 2, 2, 2, 3, 4, 0, 1, 5, 4, 3, 2, 2, 2, 3, 1, 0, 1, 0, 4, 3,
    2, 2, 2, 0, 1, 0, 1, 0, 4, 3, 2, 5, 4, 0, 1, 0, 1, 0, 2, 3, 2, 3, 4, 0, 1, 0, 1, 3, 2, 3, 2, 3, 4, 0,
    1, 0, 4, 3, 2, 3, 2, 3, 1, 0, 1, 0, 4, 3, 2, 3, 2, 0, 1, 0, 1, 0, 4, 3, 2, 3, 4, 0, 1, 0, 1, 0, 2, 3,
    2, 3, 4,
))  # fmt: skip

# OEIS A125938 (4.102), offset 1: "eventually periodic with period 10. The last exception is at n=7."
A125938 = Published("4.102", "OEIS A125938", 7, 10, 1, (
    1, 1, 1, 2, 2, 2, 0, 4, 4, 2, 1, 1, 1, 2, 2, 2, 1, 4, 4, 2, 1, 1, 1, 2, 2, 2, 1, 4, 4, 2,
))  # fmt: skip

# OEIS A077069 (4.777), offset 1: "eventually periodic with period 20. The only exceptions are n=0, 4, 6, 7,
# 8, 10, 12, 15, 16 and 18."
A077069 = Published("4.777", "OEIS A077069", 18, 20, 1, (
    1, 2, 4, 6, 1, 2, 8, 10, 1, 13, 2, 16, 1, 4, 13, 14, 1, 8, 4, 13, 1, 2, 4, 8, 1, 13, 16, 8, 1, 4, 2,
    13, 1, 4, 8, 13, 1, 16, 4, 13, 1, 2, 4, 8, 1, 13, 16, 8, 1, 4, 2, 13, 1, 4, 8, 13, 1, 16, 4, 13, 1, 2,
    4, 8, 1, 13, 16, 8, 1, 4, 2, 13, 1, 4, 8, 13, 1, 16, 4, 13, 1, 2, 4, 8, 1, 13, 16, 8, 1,
))  # fmt: skip

PUBLISHED = (KAYLES, DAWSONS_KAYLES, DAWSONS_CHESS, A071434, A071452, A071435, A071453, A125938, A077069)
