"""The rectangle-cutting games as contest problems: families for ``gamecert package NAME``.

A rule with contest data (:class:`~gamecert.solvers.cutting.rules.ContestData`:
Split Game, Cutting Game) is a :class:`CuttingProblem`. Every one reads lines
of two sides to end of file. Secret groups: ``edge`` (the stress generator's
edge families at every size class), ``tables`` (whole rows of the
Sprague-Grundy table: every piece up to 10x10, every strip with a side of the
rule's minimum, every piece with a side at the judge's limit where a table
one entry short goes wrong, and every legal piece at once -- 22,499 lines for
Split, 39,601 for Cutting), ``random`` (random query files) and ``heavy``
(files of the largest pieces at the rule's line limit, where recomputing the
table per line was measured far over the time limit). The statement,
validator and reference named by the rule's contest data are files of this
folder.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from gamecert.solvers.cutting.rules import ContestData, CuttingRule
from gamecert.verify.cutting.generator import PiecesGenerator
from gamecert.verify.engine.problem import ContestProblem, TestCase, Unseen, edge_group, slug

_CLASSES = {"small": (2, 3), "judge": (2, 3, 5, 10, 50, 100)}
#: Lines of the heavy files in a small package: enough that rebuilding the table per line
#: takes seconds.
_SMALL_HEAVY_LINES = 1500


def _text(pairs: list[tuple[int, int]]) -> str:
    return "".join(f"{a} {b}\n" for a, b in pairs)


def _cases(rule: CuttingRule, contest: ContestData, size: str, seed: int) -> Iterator[TestCase]:
    rng = random.Random(f"{rule.name} {size} {seed}")
    lo, hi = rule.min_side, rule.judge_limit
    generator = PiecesGenerator(rule)
    yield TestCase("sample", "judge-sample", rule.sample, "the judges' published sample")
    fresh = Unseen([rule.sample])
    yield from edge_group(fresh, generator.edge_cases, _CLASSES[size] + ((hi,) if size == "judge" else ()))
    tables = [
        ("every piece up to 10x10", [(a, b) for a in range(lo, 11) for b in range(lo, 11) if rule.is_piece(a, b)]),
        (
            f"every strip {lo}xk and kx{lo}",
            [(lo, k) for k in range(lo, hi + 1) if rule.is_piece(lo, k)] + [(k, lo) for k in range(lo + 1, hi + 1)],
        ),
        (f"every piece with a side {hi}", [(hi, k) for k in range(lo, hi + 1)] + [(k, hi) for k in range(lo, hi)]),
        (
            f"every piece with a side {hi - 1}",
            [(hi - 1, k) for k in range(lo, hi + 1)] + [(k, hi - 1) for k in range(lo, hi - 1)],
        ),
    ]
    if size == "judge":
        tables.append(
            ("every legal piece", [(a, b) for a in range(lo, hi + 1) for b in range(lo, hi + 1) if rule.is_piece(a, b)])
        )
    for name, pairs in tables:
        if fresh(_text(pairs)):
            yield TestCase("tables", slug(name), _text(pairs), f"table rows: {name}, {len(pairs)} lines")
    for s in _CLASSES[size] + (hi,):
        for lines in (10, 1000) if size == "judge" else (10,):
            pairs = [(rng.randint(lo, s), rng.randint(lo, s)) for _ in range(lines)]
            pairs = [p for p in pairs if rule.is_piece(*p)] or [(lo, lo + 1)]
            if fresh(_text(pairs)):
                yield TestCase(
                    "random", f"random-{s}-{len(pairs)}", _text(pairs), f"{len(pairs)} random pieces, sides <= {s}"
                )
    lines = contest.line_limit if size == "judge" else _SMALL_HEAVY_LINES
    heavy = [
        (f"{lines} largest pieces", [(hi, hi)] * lines),
        (f"{lines} random large pieces", [(rng.randint(hi - 20, hi), rng.randint(hi - 20, hi)) for _ in range(lines)]),
    ]
    for name, pairs in heavy if size == "judge" else heavy[:1]:
        if fresh(_text(pairs)):
            yield TestCase("heavy", slug(name), _text(pairs), f"line limit of large pieces: {name}")


class CuttingProblem(ContestProblem):
    """The contest problem of one rule with contest data: its files, groups and cases.

    >>> from gamecert.solvers.cutting.rules import SPLIT
    >>> p = CuttingProblem(SPLIT)
    >>> p.title, p.validator, [g for g, _ in p.groups]
    ('Split Game', 'split_validator.cpp', ['edge', 'tables', 'random', 'heavy'])
    """

    def __init__(self, rule: CuttingRule) -> None:
        if rule.contest is None:
            raise ValueError(f"rule {rule.name} has no contest data")
        self.rule = rule
        self.contest = rule.contest
        self.game = rule.name
        self.title = rule.title
        self.source = rule.contest.source
        self.statement = rule.contest.statement
        self.validator = rule.contest.validator
        self.reference = rule.contest.reference
        hi, lines = rule.judge_limit, rule.contest.line_limit
        self.groups = (
            ("edge", f"edge families of the stress generator at every size class up to {hi}"),
            (
                "tables",
                f"whole rows of the Sprague-Grundy table: up to 10x10, thinnest strips, sides {hi - 1} and {hi}, every legal piece",
            ),
            ("random", "random query files of every size class"),
            ("heavy", f"{lines} lines of the largest pieces"),
        )

    def cases(self, size: str, seed: int) -> Iterator[TestCase]:
        """The judges' sample, then the secret groups."""
        return _cases(self.rule, self.contest, size, seed)
