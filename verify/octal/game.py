"""Octal games in the registry: ``gamecert solve octal`` reads lines ``CODE N``, answers ``win G`` or ``lose 0``.

One game covers every octal code: the code is part of each query, read into
a frozen :class:`~gamecert.solvers.octal.code.OctalCode`, and everything here
reads the code's digits, never its name.
"""

from __future__ import annotations

from collections.abc import Callable

from gamecert.solvers.octal.code import NAMED, CodeError, OctalCode, parse_code
from gamecert.solvers.octal.solver import (
    MAX_AUDIT_VALUES,
    OctalAnswers,
    OctalQueries,
    Periodicity,
    octal_periodicity,
    octal_queries,
    parse_octal_queries,
    projected_seconds,
)
from gamecert.verify.capabilities import PeriodicityAudit, PeriodicityReport
from gamecert.verify.game import Capability, Formulation, Game, Rate, Write, first_difference

#: The JSON certificate's note.
CERTIFICATE_NOTE = (
    "per code: values[n] = G(n) for n < len(values), each the mex of its options; when proven, "
    "G(n + period) = G(n) for preperiod <= n < bound = 2 max(preperiod, 1) + period + t, so for every n >= preperiod "
    "(the octal periodicity theorem, docs/octal.md), and G(n) = values[preperiod + (n - preperiod) % period] beyond"
)
#: The heaps at which the rules formulations' times were measured (``gamecert check cases/octal``: the
#: retrograde analysis of heap 300 in 5.8 s, the whole-sum SAT, ILP and search of heap 12 in 0.3, 1.75 and 0.03 s).
RETROGRADE_HEAP = 300
WHOLE_SUM_HEAP = 12
#: Retrograde analysis: O(heap²) (each heap's O(heap) options): seconds per heap².
RETROGRADE_RATE = Rate(5.8 / RETROGRADE_HEAP**2, "heap ** 2", "gamecert check cases/octal/rules-retrograde.toml")
#: The whole-sum formulations list every sum of heaps a heap splits into, about 1.3 times as many per token
#: (partitions of the heap): seconds per unit of 1.3 ** (heap - WHOLE_SUM_HEAP), per formulation.
WHOLE_SUM_GROWTH = 1.3
WHOLE_SUM_RATES = {
    name: Rate(seconds, "1.3 ** (heap - 12)", "gamecert check cases/octal/rules-small.toml")
    for name, seconds in (("sat", 0.3), ("ilp", 1.75), ("search", 0.03))
}


class OctalGame(Game[OctalQueries, OctalAnswers]):
    """Octal games: one heap of ``N`` tokens in the game of an octal code, per line.

    >>> g = OctalGame()
    >>> g.format(g.solve(g.parse("0.77 3\\n0.07 4\\n0.137 10000000000\\n")))
    'win 3\\nwin 2\\nwin 1\\n'
    """

    name = "octal"
    summary = "octal games (0.77 Kayles, 0.07 Dawson's Kayles, ...): one heap per line, periods proven"

    def parse(self, text: str | bytes, source: str = "<input>", judge_limits: bool = True) -> OctalQueries:
        return parse_octal_queries(text, source, judge_limits)

    def solve(self, instance: OctalQueries) -> OctalAnswers:
        return octal_queries(instance)

    def write_answer(self, solution: OctalAnswers, write: Write) -> None:
        write("".join(f"win {v}\n" if v else "lose 0\n" for v in solution.values).encode())

    def describe(self, solution: OctalAnswers) -> dict:
        """The answers, each query's value, and per code the preperiod, period, proof range and values."""
        sequences = []
        for s in solution.sequences:
            sequences.append({
                "code": s.code.text,
                "digits": list(s.code.digits),
                "unequal": s.code.unequal,
                "preperiod": s.preperiod,
                "period": s.period,
                "proven": s.proven,
                "bound": s.bound,
                "values": s.values[: s.certificate_length].tolist(),
            })
        return {
            "game": self.name,
            "answer": [f"win {v}" if v else "lose 0" for v in solution.values],
            "queries": [{"code": q.code.text, "heap": q.heap, "value": v} for q, v in zip(solution.queries, solution.values)],
            "certificate": {"sequences": sequences, "note": CERTIFICATE_NOTE},
        }

    def answer(self, solution: OctalAnswers) -> tuple[tuple[bool, int], ...]:
        """Whether the player to move wins, and the nim value, per query."""
        return tuple((v != 0, v) for v in solution.values)

    def certify(self, instance: OctalQueries, solution: OctalAnswers) -> list[str]:
        """Every code's values are the mex of their options, a proven period holds over the theorem's range,
        and every query reads its value from them."""
        from gamecert.verify.octal.certificate import check_octal_certificate

        problems = []
        by_code = {}
        for s in solution.sequences:
            values = s.values[: s.certificate_length].tolist()
            by_code[s.code] = (values, s.preperiod, s.period, s.proven)
            found = check_octal_certificate(list(s.code.digits), values, s.preperiod, s.period, s.proven, s.code.unequal)
            problems.extend(f"{s.code}: {p}" for p in found)
        for i, (q, v) in enumerate(zip(instance, solution.values)):
            if q.code not in by_code:
                problems.append(f"query {i + 1} ({q}): no sequence of {q.code} in the certificate")
                continue
            values, n0, p, proven = by_code[q.code]
            if q.heap < len(values):
                expected = values[q.heap]
            elif proven:
                expected = values[n0 + (q.heap - n0) % p]
            else:
                problems.append(f"query {i + 1} ({q}): heap beyond the {len(values)} values certified, no period proven")
                continue
            if v != expected:
                problems.append(f"query {i + 1} ({q}): value {v}, the certificate gives {expected}")
        return problems

    def explain(self, instance: OctalQueries, fast: tuple, other: tuple) -> str:
        i = first_difference(fast, other)
        if i is None:
            return "answers agree"
        if i >= min(len(fast), len(other)):
            return f"{len(other)} answers, fast has {len(fast)}"
        return f"query {i + 1} ({instance[i]}): value {other[i][1]}, fast says {fast[i][1]}"

    def formulations(self) -> tuple[Formulation, ...]:
        return tuple(OctalRulesFormulation(kind) for kind in ("retrograde", "sat", "ilp", "search"))

    def capabilities(self) -> tuple[Capability, ...]:
        from gamecert.verify.octal.show import OctalPictures

        return (OctalPictures(), OctalPeriodicity())


class OctalRulesFormulation(Formulation[OctalQueries, tuple]):
    """One formulation of impartial rules games (:mod:`gamecert.verify.impartial.formulations`) on each code's
    literal rules (:func:`~gamecert.verify.octal.rules.octal_rules`): no kernel, no period."""

    def __init__(self, kind: str) -> None:
        self.name = kind

    def fits(self, instance: OctalQueries) -> str | None:
        return None

    def predict(self, instance: OctalQueries) -> float:
        """From the largest heap: quadratic for the retrograde analysis, exponential for the whole-sum ones."""
        top = max((q.heap for q in instance), default=0)
        if self.name == "retrograde":
            return RETROGRADE_RATE.seconds(float(top) ** 2)
        return WHOLE_SUM_RATES[self.name].exponential(WHOLE_SUM_GROWTH, top - WHOLE_SUM_HEAP)

    def run(self, instance: OctalQueries) -> tuple:
        from types import SimpleNamespace

        from gamecert.solvers.rules.rules import Limits
        from gamecert.verify.octal.rules import octal_rules
        from gamecert.verify.impartial.formulations import impartial_formulations

        found: dict[int, tuple] = {}
        for code in dict.fromkeys(q.code for q in instance):
            game = SimpleNamespace(rules=octal_rules(code), limits=Limits())
            formulation = next(f for f in impartial_formulations(game) if f.name == self.name)
            positions = [(q.heap,) if q.heap else () for q in instance if q.code == code]
            index = [i for i, q in enumerate(instance) if q.code == code]
            why = formulation.fits(positions)
            if why is not None:
                from gamecert.verify.errors import TimeLimitError

                raise TimeLimitError(f"{self.name} on {code}: {why}")
            for i, verdict in zip(index, formulation.run(positions)):
                found[i] = (bool(verdict[0]), int(verdict[1]))
        return tuple(found[i] for i in range(len(instance)))


class OctalPeriodicity(PeriodicityAudit):
    """``gamecert audit --game octal --code CODE --periodicity N``."""

    max_size = MAX_AUDIT_VALUES

    def projection(self, code: str, size: int) -> float:
        return projected_seconds(_code(code), size)

    def audit_periodicity(self, code: str, size: int, progress: Callable[[int, int], None] | None = None) -> PeriodicityReport:
        """The sequence of ``code`` up to ``size``: preperiod, period, whether the theorem proves it, Flammenkamp's
        columns (the largest value, the rare heaps), and the certificate checked independently over the whole
        range the proof reads (every value when nothing is proven). A bad code raises ``ValueError``.

        >>> r = OctalPeriodicity().audit_periodicity("0.77", 200)
        >>> r.ok, r.proven, r.text.splitlines()[0]
        (True, True, 'octal 0.77 up to n = 200: preperiod 71, period 12 (last exception at n = 70)')
        """
        from gamecert.verify.octal.certificate import check_octal_values, check_period

        octal = _code(code)
        per = octal_periodicity(octal, size, progress=progress)
        n0, p = per.preperiod, per.period
        head = f"octal {octal} up to n = {size}: "
        if p is None:
            lines = [head + "no period visible (none repeats twice)"]
        else:
            last = f"last exception at n = {n0 - 1}" if n0 else "no exception"
            lines = [head + f"preperiod {n0}, period {p} ({last})"]
        values = per.values[: per.certificate_length]
        checked = check_octal_values(octal.digits, values, octal.unequal)
        problems = checked.problems + check_period(octal.digits, values, n0, p, per.proven, octal.unequal)
        proven = per.proven and checked.complete and not problems
        t = octal.length
        if proven:
            lines.append(
                f"proven: G(n + {p}) = G(n) for {n0} <= n < {per.bound} = 2*{max(n0, 1)} + {p} + {t}, "
                f"so for every n >= {n0} (octal periodicity theorem)"
            )
        elif p is not None and not octal.periodicity_theorem:
            lines.append("not proven: the octal periodicity theorem says nothing of unequal splits")
        elif per.proven:
            lines.append(f"not proven: the certificate holds only on G(0..{checked.end - 1}) of the G(0..{per.needed - 1}) the theorem reads")
        elif p is not None:
            lines.append(f"not proven: the theorem reads G(0..{per.needed - 1}); run with --periodicity {per.needed - 1} or more")
        lines.append(flammenkamp_columns(per))
        verdict = f"{len(problems)} violations, first: {problems[0]}" if problems else "holds"
        lines.append(f"certificate: {checked.describe()}" + (", the period checked" if per.proven else "") + f": {verdict}")
        return PeriodicityReport("\n".join(lines) + "\n", not problems, proven)


def flammenkamp_columns(per: Periodicity) -> str:
    """The columns of Flammenkamp's tables: the largest value and where it first occurs, the number of rare heaps
    (the sparse space with the fewest, heap 0 counted) and the last of them.

    >>> from gamecert.solvers.octal import octal_periodicity
    >>> flammenkamp_columns(octal_periodicity("0.16", 20000))
    'largest value 22 first at n = 15093; 53 rare values, the last at n = 13935'
    """
    top, at = per.largest()
    space = per.sparse_space()
    rare = f"{space.count} rare values, the last at n = {space.last}" if space.count else "0 rare values"
    return f"largest value {top} first at n = {at}; {rare}"


def _code(code: str) -> OctalCode:
    try:
        return parse_code(code)
    except CodeError as exc:
        raise ValueError(f"expected an octal code such as 0.77 or 4.7, or {', '.join(NAMED)} ({exc.message}), got {code!r}") from None
