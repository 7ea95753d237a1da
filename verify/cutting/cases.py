"""Writing the generated case files of the rectangle-cutting games.

Expected answers never come from the fast solver: small queries are decided
by the literal rule search (:mod:`gamecert.verify.cutting.search`); larger ones by the
plain-Python table (:mod:`gamecert.verify.cutting.reference`) after
:mod:`gamecert.verify.cutting.certificate` has checked that table entry by entry, and only
when the fast solver agrees (otherwise generation stops with an error).

Run ``python -m gamecert.verify.cutting.cases [CASES_DIR]`` to rewrite them.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from gamecert.solvers.cutting.rules import CUTTING, SPLIT, CuttingRule
from gamecert.solvers.errors import SolverError
from gamecert.verify.cutting.certificate import check_sg_table
from gamecert.verify.cutting.reference import reference_grundy
from gamecert.verify.cutting.search import fits, rule_search
from gamecert.verify.engine.cases import case_text, default_cases_dir

#: The rules whose cases are bundled (``cases/<name>/``).
BUNDLED = (SPLIT, CUTTING)


def _text(pairs, rule: CuttingRule, wins) -> tuple[str, str]:
    win, lose = rule.words
    return "".join(f"{a} {b}\n" for a, b in pairs), "".join((win if w else lose) + "\n" for w in wins)


def small_queries(rule: CuttingRule) -> list[tuple[int, int]]:
    """Every query within the rule search's budget with both sides up to the rule's ``case_side``
    (8 for Split, 10 for Cutting)."""
    top = rule.case_side
    low = rule.min_side
    return [
        (a, b)
        for a in range(low, top + 1)
        for b in range(low, top + 1)
        if rule.is_piece(a, b) and fits([(a, b)], rule) is None
    ]


def large_queries(rule: CuttingRule, count: int, seed: int) -> list[tuple[int, int]]:
    """The judge range's corners and edges (and the thinnest pieces, where ``low x low`` is none), then ``count`` random queries."""
    low, top = rule.min_side, rule.judge_limit
    edges = [(low, top), (top, low), (top, top), (top - 1, top), (low + 1, top), (top // 2, top // 3)]
    if not rule.is_piece(low, low):
        edges += [(low, low + 1), (low + 1, low), (low, top), (top, low)]
    rng = random.Random(seed)
    return edges + [(rng.randint(low, top), rng.randint(low, top)) for _ in range(count)]


def certified_reference(rule: CuttingRule, size: int) -> list[list[int]]:
    """The plain-Python table, after its certificate check."""
    table = reference_grundy(rule, size)
    violations = check_sg_table(table, rule)
    if violations:
        raise SolverError(f"plain-Python {rule.name} table fails its certificate: {violations[0]}")
    return table


def write_cases(root: Path, rules: tuple[CuttingRule, ...] = BUNDLED) -> list[Path]:
    """Write each rule's two generated case files under ``root/<name>/``."""
    from gamecert.solvers.cutting.solver import Piece, cutting_queries

    written = []
    for rule in rules:
        folder = root / rule.name
        name = rule.name
        folder.mkdir(parents=True, exist_ok=True)
        pairs = small_queries(rule)
        memo: dict = {}
        wins = [rule_search([p], rule, memo) for p in pairs]
        text, expected = _text(pairs, rule, wins)
        path = folder / "rule-search-small.toml"
        path.write_text(
            case_text(
                name,
                "agreement: rule search (gamecert.verify.cutting.search, literal rules, no Sprague-Grundy theory)",
                text,
                expected,
                note=f"every query with sides up to {max(max(p) for p in pairs)} within the rule search's area budget",
            )
        )
        written.append(path)

        pairs = large_queries(rule, 300, seed=5 + len(name))
        table = certified_reference(rule, rule.judge_limit)
        wins = [table[a][b] != 0 for a, b in pairs]
        fast = cutting_queries(tuple(Piece(a, b) for a, b in pairs), rule).first_player_wins.tolist()
        if fast != wins:
            i = next(i for i, (x, y) in enumerate(zip(fast, wins)) if x != y)
            raise SolverError(f"fast {name} solver disagrees with the reference on {pairs[i]}")
        text, expected = _text(pairs, rule, wins)
        lemma = (
            f" The {rule.title}'s normal-play form ({rule.lemma}) is checked against the"
            " literal rules only up to the rule search's budget."
            if rule.lemma
            else ""
        )
        path = folder / "judge-range-random.toml"
        path.write_text(
            case_text(
                name,
                "agreement: plain-Python SG table (gamecert.verify.cutting.reference), certified entry by entry by "
                "gamecert.verify.cutting.certificate, + the fast SG table; too large for the rule search." + lemma,
                text,
                expected,
                note="corners and edges of the judge range, then 300 random queries (seeded)",
            )
        )
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    root = Path(argv[0]) if argv else default_cases_dir()
    for path in write_cases(root):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
