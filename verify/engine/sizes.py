"""How big a campaign is before it starts: its cases, its projected time, and whether it fits a day.

Every campaign command (``audit --exhaustive N``, ``audit --random COUNT``,
``stress --exhaustive N``, ``stress --count COUNT``) prints one line before
its first shard: the number of cases (exact, or an estimate from known
counts) and the time projected on the machine it runs on; it refuses a campaign
projected past :data:`DAY` and names the largest size that fits.

The projection is a sum over sizes ``s = 1..N`` of ``cases(s) · cost(s)``,
divided by the workers: a game's capability gives both per size as a
:class:`SizeCost` (``audit_size`` and ``stress_size``), ``cost(s)`` being
seconds per case on one core of the machine its table was measured on
(``benchmarks/campaign_sizes.py --measure``). To carry the table to the
machine it runs on, every cost is scaled by :func:`machine_scale`: the time
of a fixed pure-Python workload here over its time on the measuring machine
(:data:`REFERENCE_SECONDS`), measured once per process in about 0.1 s and
under the machine's current load (a busy machine projects longer).
That, rather than timing the campaign's own first cases, keeps the answer
within a fraction of a second: the first cases of a campaign would pay
numba's compilation and geng's start, and say nothing of the largest sizes,
whose cost per case is the highest.

Sizes past a game's table cost what its last measured size costs: past the
smallest sizes (where a shard's fixed start dominates), a case's cost grows
with the size (more positions per case, a bigger memo), so the projection is
then a lower bound (said "at least"), and a refusal holds a fortiori. The walk over sizes stops at the
first size past the limit, so ``--exhaustive 10^17`` is refused after a few
sizes, without counting the cases it would have.

A stress case also runs the candidate: at least one program start
(:data:`PROGRAM_START_SECONDS`), the fastest a candidate can be, so a stress
projection is a lower bound as well.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

#: The longest projection a campaign may have without ``--no-size-limit``, in seconds.
DAY = 86_400.0

#: The calibration workload's time (:func:`workload_seconds`) on the machine where the games' cost
#: tables were measured (by ``benchmarks/campaign_sizes.py --measure``, the same run).
REFERENCE_SECONDS = 0.0407

#: Seconds to start and reap a program that does nothing (``true``) on that machine: the least a
#: stress case costs beyond its certified answer.
PROGRAM_START_SECONDS = 0.0015


@dataclass(frozen=True)
class SizeCost:
    """The cases of one size of a campaign and what each costs.

    ``cases``: how many (``exact`` False: an estimate from known counts);
    ``seconds``: per case on one core of the measuring machine (:func:`size_cost` reads it from a table).
    """

    cases: int
    exact: bool
    seconds: float
    #: False past the game's measured table: ``seconds`` is then the largest measured size's, a lower bound.
    measured: bool = True


def workload_seconds() -> float:
    """The time of a fixed pure-Python workload here (best of 3): the yardstick of :func:`machine_scale`."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        total, table = 0, {}
        for i in range(250_000):
            table[i & 1023] = total
            total = (total * 31 + i) & 0xFFFF
        best = min(best, time.perf_counter() - start)
    return best


@cache
def machine_scale() -> float:
    """The local machine's time over the measuring machine's, for the same work (1.0: as fast)."""
    return workload_seconds() / REFERENCE_SECONDS


@dataclass(frozen=True)
class Projection:
    """A campaign's size and time: ``cases`` up to ``reached`` (the size asked, or the first size
    whose running total passed the limit, when the walk stopped there), and ``seconds`` on
    ``workers`` workers of the local machine."""

    size: int
    reached: int
    cases: int
    exact: bool
    seconds: float
    workers: int
    #: Whether every size summed had a measured cost (else ``seconds`` is a lower bound).
    measured: bool = True
    #: Whether the running total passed the walk's limit (at size ``reached``, where the walk stopped).
    over: bool = False

    @property
    def complete(self) -> bool:
        """Whether every size up to the one asked was summed."""
        return self.reached == self.size

    @property
    def largest_fitting(self) -> int:
        """The largest size whose projection is within the walk's limit (0 when even size 1 is not):
        the one asked when the total stayed within it, else the size before the one that passed it."""
        return self.reached - 1 if self.over else self.size


def project(cost: Callable[[int], SizeCost], size: int, workers: int, scale: float, limit: float = DAY) -> Projection:
    """The projection of a campaign over sizes ``1..size``; the walk stops once past ``limit`` seconds.

    >>> flat = lambda s: SizeCost(10 ** s, True, 0.001)
    >>> p = project(flat, 3, workers=1, scale=1.0)
    >>> p.cases, round(p.seconds, 3), p.complete
    (1110, 1.11, True)
    >>> p = project(flat, 10 ** 17, workers=1, scale=1.0)  # stops at 10^8 cases: 10^5 s
    >>> p.reached, p.largest_fitting
    (8, 7)
    """
    cases, seconds, exact, measured, s = 0, 0.0, True, True, 0
    while s < size and seconds <= limit:
        s += 1
        one = cost(s)
        cases += one.cases
        exact = exact and one.exact
        measured = measured and one.measured
        seconds += one.cases * one.seconds * scale / workers
    return Projection(size, s, cases, exact, seconds, workers, measured, seconds > limit)


def project_count(count: int, seconds: float, workers: int, scale: float) -> Projection:
    """The projection of ``count`` cases of ``seconds`` each (a campaign of one size: random cases).

    >>> round(project_count(10 ** 6, 0.001, workers=2, scale=1.0).seconds)
    500
    """
    return Projection(count, count, count, True, count * seconds * scale / workers, workers)


def largest_count(seconds: float, workers: int, scale: float, limit: float = DAY) -> int:
    """The most cases of ``seconds`` each that fit within ``limit``.

    >>> largest_count(0.001, workers=2, scale=1.0)
    172800000
    """
    return int(limit * workers / (seconds * scale))


def count_text(cases: int, exact: bool) -> str:
    """A number of cases as the size line prints it: exact below 10^15, else in scientific notation.

    >>> count_text(273193, True), count_text(164059830476, False), count_text(3 * 10 ** 20, True)
    ('273,193', '≈164,059,830,476', '3.0e+20')
    """
    text = f"{cases:,}" if cases < 10**15 else f"{cases:.1e}"
    return text if exact else "≈" + text


def duration(seconds: float) -> str:
    """A projected time in the largest unit that keeps it readable.

    >>> duration(0.4), duration(95), duration(7200), duration(86400 * 3), duration(86400 * 365.25 * 4e6)
    ('0.4 s', '1.6 min', '2.0 h', '3.0 days', '4.0e+06 years')
    """
    year = 365.25 * DAY
    if seconds < 60:
        return f"{seconds:.1f} s"
    if seconds < 3600:
        return f"{seconds / 60:.1f} min"
    if seconds < DAY:
        return f"{seconds / 3600:.1f} h"
    if seconds < year:
        return f"{seconds / DAY:.1f} days"
    years = seconds / year
    return f"{years:.1f} years" if years < 1000 else f"{years:.1e} years"


def size_cost(cases: int, exact: bool, table: dict[int, float], size: int) -> SizeCost:
    """The :class:`SizeCost` of ``cases`` of ``size``, their cost read from a game's measured ``table``:
    the entry, or past the table the largest size's (a lower bound: the cost per case grows with the
    size; ``measured`` False), or below it the smallest's.

    >>> size_cost(10, True, {4: 1e-3, 9: 2e-5}, 12)
    SizeCost(cases=10, exact=True, seconds=2e-05, measured=False)
    >>> size_cost(10, True, {4: 1e-3, 9: 2e-5}, 1).seconds
    0.001
    """
    below = [s for s in table if s <= size]
    seconds = table[max(below)] if below else table[min(table)]
    return SizeCost(cases, exact, seconds, size <= max(table))
