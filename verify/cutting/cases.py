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

from gamecert.solvers.cutting.solver import JUDGE_LIMIT, MIN_SIDE
from gamecert.solvers.errors import SolverError
from gamecert.verify.cutting.certificate import check_sg_table
from gamecert.verify.cutting.reference import reference_grundy
from gamecert.verify.cutting.search import fits, rule_search
from gamecert.verify.engine.cases import case_text, default_cases_dir

_WORDS = {"split": ("Alice", "Bob"), "cutting": ("WIN", "LOSE")}


def _text(pairs, rule, wins) -> tuple[str, str]:
    win, lose = _WORDS[rule]
    return "".join(f"{a} {b}\n" for a, b in pairs), "".join((win if w else lose) + "\n" for w in wins)


def small_queries(rule: str) -> list[tuple[int, int]]:
    """Every query within the rule search's budget with both sides <= 8 (Split) / 10 (Cutting)."""
    top = 8 if rule == "split" else 10
    low = MIN_SIDE[rule]
    return [
        (a, b)
        for a in range(low, top + 1)
        for b in range(low, top + 1)
        if a * b > 1 and fits([(a, b)], rule) is None
    ]


def large_queries(rule: str, count: int, seed: int) -> list[tuple[int, int]]:
    """The judge range's corners and edges, then ``count`` random queries."""
    low, top = MIN_SIDE[rule], JUDGE_LIMIT[rule]
    edges = [(low, top), (top, low), (top, top), (top - 1, top), (low + 1, top), (top // 2, top // 3)]
    if rule == "split":
        edges += [(1, 2), (2, 1), (1, 150), (150, 1)]
    rng = random.Random(seed)
    return edges + [(rng.randint(low, top), rng.randint(low, top)) for _ in range(count)]


def certified_reference(rule: str, size: int) -> list[list[int]]:
    """The plain-Python table, after its certificate check."""
    table = reference_grundy(rule, size)
    violations = check_sg_table(table, rule)
    if violations:
        raise SolverError(f"plain-Python {rule} table fails its certificate: {violations[0]}")
    return table


def write_cases(root: Path) -> list[Path]:
    from gamecert.solvers.cutting.solver import Piece, cutting_queries

    written = []
    for rule in ("split", "cutting"):
        folder = root / rule
        folder.mkdir(parents=True, exist_ok=True)
        pairs = small_queries(rule)
        memo: dict = {}
        wins = [rule_search([p], rule, memo) for p in pairs]
        text, expected = _text(pairs, rule, wins)
        path = folder / "rule-search-small.toml"
        path.write_text(
            case_text(
                rule,
                "agreement: rule search (gamecert.verify.cutting.search, literal rules, no Sprague-Grundy theory)",
                text,
                expected,
                note=f"every query with sides up to {max(max(p) for p in pairs)} within the rule search's area budget",
            )
        )
        written.append(path)

        pairs = large_queries(rule, 300, seed=5 + len(rule))
        table = certified_reference(rule, JUDGE_LIMIT[rule])
        wins = [table[a][b] != 0 for a, b in pairs]
        fast = cutting_queries(tuple(Piece(a, b) for a, b in pairs), rule).first_player_wins.tolist()
        if fast != wins:
            i = next(i for i, (x, y) in enumerate(zip(fast, wins)) if x != y)
            raise SolverError(f"fast {rule} solver disagrees with the reference on {pairs[i]}")
        text, expected = _text(pairs, rule, wins)
        lemma = (
            " The Cutting Game's normal-play form (no side of length 1 is ever left) is checked against the"
            " literal rules only up to the rule search's budget."
            if rule == "cutting"
            else ""
        )
        path = folder / "judge-range-random.toml"
        path.write_text(
            case_text(
                rule,
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
