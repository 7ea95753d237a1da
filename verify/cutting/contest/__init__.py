"""The two rectangle-cutting games as contest problems: families for ``gamecert package split|cutting``.

Both read lines of two sides to end of file. Secret groups: ``edge`` (the
stress generator's edge families at every size class), ``tables`` (whole
rows of the Sprague-Grundy table: every piece up to 10x10, every strip with
a side of the rule's minimum, every piece with a side at the judge's limit
where a table one entry short goes wrong, and every legal piece at once --
22,499 lines for Split, 39,601 for Cutting), ``random`` (random query files)
and ``heavy`` (files of the largest pieces at the line limit, where
recomputing the table per line was measured far over the time limit).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from gamecert.solvers.cutting.solver import JUDGE_LIMIT, MIN_SIDE
from gamecert.verify.cutting.generator import PiecesGenerator
from gamecert.verify.engine.package import ContestProblem, TestCase

#: Most lines per input: the Split Game's judge allows 22,499; for the Cutting Game we allow
#: every legal piece once (199 x 199 = 39,601), rounded to 40,000.
LINE_LIMIT = {"split": 22_499, "cutting": 40_000}
SAMPLES = {"split": "1 2\n1 6\n4 3\n3 5\n", "cutting": "2 2\n3 2\n4 2\n"}
_CLASSES = {"small": (2, 3), "judge": (2, 3, 5, 10, 50, 100)}
#: Lines of the heavy files in a small package: enough that rebuilding the table per line
#: takes seconds.
_SMALL_HEAVY_LINES = 1500


def _text(pairs: list[tuple[int, int]]) -> str:
    return "".join(f"{a} {b}\n" for a, b in pairs)


def _cases(rule: str, size: str, seed: int) -> Iterator[TestCase]:
    rng = random.Random(f"{rule} {size} {seed}")
    lo, hi = MIN_SIDE[rule], JUDGE_LIMIT[rule]
    generator = PiecesGenerator(rule)
    yield TestCase("sample", "judge-sample", SAMPLES[rule], "the judges' published sample")
    seen = {SAMPLES[rule]}

    def fresh(text: str) -> bool:
        if text in seen:
            return False
        seen.add(text)
        return True

    for s in _CLASSES[size] + ((hi,) if size == "judge" else ()):
        for name, text in generator.edge_cases(s):
            if fresh(text):
                yield TestCase("edge", _slug(name), text, f"edge family: {name}")
    tables = [
        ("every piece up to 10x10", [(a, b) for a in range(lo, 11) for b in range(lo, 11) if (a, b) != (1, 1)]),
        (
            f"every strip {lo}xk and kx{lo}",
            [(lo, k) for k in range(lo, hi + 1) if (lo, k) != (1, 1)] + [(k, lo) for k in range(lo + 1, hi + 1)],
        ),
        (f"every piece with a side {hi}", [(hi, k) for k in range(lo, hi + 1)] + [(k, hi) for k in range(lo, hi)]),
        (
            f"every piece with a side {hi - 1}",
            [(hi - 1, k) for k in range(lo, hi + 1)] + [(k, hi - 1) for k in range(lo, hi - 1)],
        ),
    ]
    if size == "judge":
        tables.append(
            ("every legal piece", [(a, b) for a in range(lo, hi + 1) for b in range(lo, hi + 1) if (a, b) != (1, 1)])
        )
    for name, pairs in tables:
        if fresh(_text(pairs)):
            yield TestCase("tables", _slug(name), _text(pairs), f"table rows: {name}, {len(pairs)} lines")
    for s in _CLASSES[size] + (hi,):
        for lines in (10, 1000) if size == "judge" else (10,):
            pairs = [(rng.randint(lo, s), rng.randint(lo, s)) for _ in range(lines)]
            pairs = [p for p in pairs if p != (1, 1)] or [(lo, lo + 1)]
            if fresh(_text(pairs)):
                yield TestCase(
                    "random", f"random-{s}-{len(pairs)}", _text(pairs), f"{len(pairs)} random pieces, sides <= {s}"
                )
    lines = LINE_LIMIT[rule] if size == "judge" else _SMALL_HEAVY_LINES
    heavy = [
        (f"{lines} largest pieces", [(hi, hi)] * lines),
        (f"{lines} random large pieces", [(rng.randint(hi - 20, hi), rng.randint(hi - 20, hi)) for _ in range(lines)]),
    ]
    for name, pairs in heavy if size == "judge" else heavy[:1]:
        if fresh(_text(pairs)):
            yield TestCase("heavy", _slug(name), _text(pairs), f"line limit of large pieces: {name}")


def split_cases(size: str, seed: int) -> Iterator[TestCase]:
    """The Split Game package: the judges' sample, then the secret groups."""
    return _cases("split", size, seed)


def cutting_cases(size: str, seed: int) -> Iterator[TestCase]:
    """The Cutting Game package: the judges' sample, then the secret groups."""
    return _cases("cutting", size, seed)


def _slug(name: str) -> str:
    return "-".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split())


def _groups(rule: str) -> tuple[tuple[str, str], ...]:
    hi, lines = JUDGE_LIMIT[rule], LINE_LIMIT[rule]
    return (
        ("edge", f"edge families of the stress generator at every size class up to {hi}"),
        (
            "tables",
            f"whole rows of the Sprague-Grundy table: up to 10x10, thinnest strips, sides {hi - 1} and {hi}, every legal piece",
        ),
        ("random", "random query files of every size class"),
        ("heavy", f"{lines} lines of the largest pieces"),
    )


SPLIT = ContestProblem(
    game="split",
    title="Split Game",
    source="2020 ICPC Jiangxi Provincial Contest",
    resources="gamecert.verify.cutting.contest",
    statement="split_statement.tex",
    validator="split_validator.cpp",
    reference="split_reference.cpp",
    groups=_groups("split"),
    cases=split_cases,
)
CUTTING = ContestProblem(
    game="cutting",
    title="Cutting Game",
    source="POJ 2311",
    resources="gamecert.verify.cutting.contest",
    statement="cutting_statement.tex",
    validator="cutting_validator.cpp",
    reference="cutting_reference.cpp",
    groups=_groups("cutting"),
    cases=cutting_cases,
)
