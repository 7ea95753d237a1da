"""Audit a setter's claim about a game written as rules: ``gamecert audit --rules FILE --claim NAME --exhaustive N``.

A claim is a module-level function ``NAME(position)`` of the rules file that
is not one of the rules (:mod:`gamecert.verify.rules.load` lists them): the
setter's formula for a position's nim value (an ``int``) or for its winner
(a ``bool``, True when the player to move wins). :class:`Claims` checks it on
every position ``positions(s)`` yields for ``s = 0..N`` against the certified
answer (the memoized solver, its certificate checked independently) and
reports the smallest counterexample, or, when every position is a single
integer, the value sequence's preperiod and period up to ``N``
(:func:`value_period`).
"""

from __future__ import annotations

import shlex
import time
from collections.abc import Callable, Hashable, Sequence
from abc import abstractmethod
from dataclasses import dataclass, field
from typing import Any

from gamecert.solvers.errors import GamecertError, RulesError
from gamecert.solvers.rules.rules import Guard, Limits, RulesKind
from gamecert.verify.capabilities import AuditResult
from gamecert.verify.game import Capability, Game
from gamecert.verify.rules.stress import PositionCatalog


def value_period(values: Sequence[Any]) -> tuple[int, int] | None:
    """The smallest ``(preperiod, period)`` of a finite sequence whose periodic part shows three periods.

    ``values[n] == values[n + period]`` for every ``preperiod <= n <
    len(values) - period``, and the periodic part ``values[preperiod:]``
    holds at least three periods (so ``period <= len(values) / 3``, and a
    tail too short to show a period is not taken for one). The smallest
    preperiod wins, then the smallest period; None when no pair holds.

    Notes
    -----
    For each period ``p``, the shortest preperiod is one past the last
    ``n`` with ``values[n] != values[n + p]``, found by a scan from the end
    that stops at that mismatch: ``O(L^2)`` time in the worst case for
    ``L`` values, ``O(1)`` extra space.

    >>> value_period([0, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3])
    (1, 3)
    >>> value_period([0, 1, 2, 3, 4, 5]) is None
    True
    """
    n = len(values)
    best: tuple[int, int] | None = None
    for p in range(1, n // 3 + 1):
        start = n - p  # the periodic part starts at ``start`` while values[k] == values[k + p] for k >= start
        while start > 0 and values[start - 1] == values[start - 1 + p]:
            start -= 1
        if n - start >= 3 * p and (best is None or start < best[0]):
            best = (start, p)
    return best


@dataclass(frozen=True)
class ClaimResult(AuditResult):
    """The audit of one claim: on a failure, the smallest position where it fails, what it claims and the
    certified answer; on success, the values' preperiod and period when positions are single integers."""

    position: str = ""
    claimed: str = ""
    certified: str = ""
    periodicity: str = ""
    reproduce: str = ""

    def line(self) -> str:
        if self.ok:
            return super().line()
        return f"{self.name}: FAILED at position {self.position}: {self.claimed}, {self.certified} ({self.seconds:.1f} s)"

    def report(self) -> str:
        """The summary line, then the periodicity (success) or a command reproducing the certified answer."""
        more = self.periodicity if self.ok else self.reproduce
        return self.line() + "\n" + (f"  {more}\n" if more else "")


@dataclass
class ClaimGuard(Guard):
    """A guard that also locates the claims it runs: ``claims`` maps a claim's name to its line."""

    claims: dict[str, int] = field(default_factory=dict)

    def where(self, function: str) -> tuple[str, int]:
        if function in self.claims:
            return self.rules.path, self.claims[function]
        return super().where(function)


class Claims(Capability):
    """The claims of a rules file, each checked on every position up to a size; each kind's subclass says what
    is certified (:meth:`certified`, :meth:`verdict`, :meth:`sequence`).

    ``gamecert audit --rules FILE --claim NAME --exhaustive N`` runs
    :meth:`audit_claim`; :meth:`names` are the claims the file defines.
    """

    #: What every claim is checked to say, in the audit's line (the kind's).
    statement: str

    def __init__(self, game: Game) -> None:
        # ``game`` is a rules game: its rules (with ``positions`` and ``claims``) and limits.
        self.game = game
        self.rules: RulesKind = game.rules
        self.limits: Limits = game.limits

    def names(self) -> tuple[str, ...]:
        """The claims of the rules file: its module-level functions that are not rules, in file order."""
        return self.rules.claims

    def function(self, name: str) -> Callable[[Any], Any]:
        """The claim called ``name``."""
        from gamecert.verify.rules.module import load_module

        if name not in self.rules.claims:
            raise GamecertError(f"no claim {name!r} in {self.rules.path}")
        return getattr(load_module(self.rules.path), name)

    def audit_claim(self, name: str, size: int) -> ClaimResult:
        """Check the claim ``name`` on every position of sizes 0 to ``size``; the smallest counterexample.

        Raises
        ------
        RulesError
            when the rules file has no ``positions``, or the rules or the
            claim raise, return what the contract forbids, or outgrow the limits.
        CertificationError
            when the solver's certificate does not check (the rules answer
            differently when called again).

        Notes
        -----
        One solve of all ``P`` positions (a shared memo, so ``O(P' + M)``
        for the ``P'`` component positions reached and their ``M`` moves),
        one certificate check of the same size, then one call of the claim
        per position, in order of size, so the first failure is a smallest one.
        """
        rules = self.rules
        started = time.perf_counter()
        claim = self.function(name)
        if rules.positions is None:
            raise RulesError(
                rules.path, 1, 1,
                f"expected a function positions(size) in the rules file: --claim {name} is checked on every "
                "position of each size up to --exhaustive N",
            )
        catalog = PositionCatalog(rules, self.limits, per_size=None)
        sizes = [s for s in range(size + 1) for _ in catalog.of_size(s)]
        queries: list[Hashable] = [p for s in range(size + 1) for p in catalog.of_size(s)]
        answers = self.certified(queries, size)
        covered = f"positions of sizes 0 to {size}"
        title = f"claim {name}"
        statement = self.statement.format(name=name)
        line = _line_of(claim)
        guard = ClaimGuard(rules, self.limits, claims={name: line})
        failure: tuple[int, Hashable, tuple[str, str]] | None = None
        with guard:
            for i, (position, answer) in enumerate(zip(queries, answers)):
                guard.doing = (name, position)
                said = claim(position)
                verdict = self.verdict(name, line, position, said, answer)
                if verdict is not None:
                    failure = (i, position, verdict)
                    break
            shown = None if failure is None else rules.show(failure[1])
        if failure is not None:
            i, position, (claimed, certified) = failure
            return ClaimResult(
                title, statement, i + 1, time.perf_counter() - started, f"{name}({shown}): {claimed}, {certified}",
                covered, position=shown, claimed=claimed, certified=certified, reproduce=self._reproduce(catalog, position),
            )
        values, what = self.sequence(answers)
        return ClaimResult(
            title, statement, len(queries), time.perf_counter() - started, None, covered,
            periodicity=_periodicity(sizes, queries, values, what),
        )

    @abstractmethod
    def certified(self, queries: list[Hashable], size: int) -> list:
        """The certified answer to each query (the kind's solver, its certificate checked)."""

    @abstractmethod
    def sequence(self, answers: list) -> tuple[list, str]:
        """The values a periodicity line reads, and what they are called."""

    @abstractmethod
    def verdict(self, name: str, line: int, position: Hashable, said: Any, answer: Any) -> tuple[str, str] | None:
        """None when the claim's answer ``said`` is the certified one, else ``(what it claims, the certified answer)``."""

    def _reproduce(self, catalog: PositionCatalog, position: Hashable) -> str:
        """The command that prints the certified answer to ``position`` (empty when it has no input line)."""
        text = catalog.line(position)
        if text is None:
            return ""
        return f"certified answer: printf '%s\\n' {shlex.quote(text)} | gamecert solve --rules {shlex.quote(self.rules.path)}"


def _line_of(function: Any) -> int:
    code = getattr(function, "__code__", None)
    return code.co_firstlineno if code is not None else 1


def _periodicity(sizes: Sequence[int], queries: Sequence[Hashable], values: Sequence[Any], what: str) -> str:
    """The periodicity line of an audit whose positions are single integers, else ''.

    A position is a single integer when each size has exactly one position
    (``positions(n)`` yields the one position of size ``n``, an int or a
    tuple such as ``(n,)``: the sequence is indexed by the size), or when every
    position is an int and they are ``n0, n0 + 1, ..., N`` (indexed by the int).
    """
    if not queries:
        return ""
    if len(set(sizes)) == len(sizes) and list(sizes) == list(range(len(sizes))):
        first, last, sequence = 0, len(sizes) - 1, list(values)
    elif all(isinstance(q, int) and not isinstance(q, bool) for q in queries):
        order = sorted(range(len(queries)), key=queries.__getitem__)
        first, last = queries[order[0]], queries[order[-1]]
        if [queries[i] for i in order] != list(range(first, last + 1)):
            return ""
        sequence = [values[i] for i in order]
    else:
        return ""
    found = value_period(sequence)
    if found is None:
        return f"{what} for n = {first} to {last}: no period found up to {last}"
    return f"{what} for n = {first} to {last}: preperiod {found[0]}, period {found[1]}"
