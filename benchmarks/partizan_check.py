"""Benchmark: what checking a partizan answer costs beside computing it (examples/ rules files).

Usage: ``python benchmarks/partizan_check.py [--quick]``

One row per input: the engine's solve (:func:`gamecert.solvers.partizan.solver.partizan_game`), the
certificate check (:func:`gamecert.verify.partizan.certificate.check_partizan`: canonicity by the plain
comparison, each component against its form by the difference search, each sum against its parts), the
positions that check searched, and the formulations ``conway`` and ``pycgt`` (``-`` where one gives up or
is not installed). The engine against pycgt on larger boards is the engine's own benchmark.

Wall times on a shared, loaded machine wander; one run each.
"""

from __future__ import annotations

import argparse
import re
import time
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

ROWS = [
    ("domineering_partizan.py", "3x3"),
    ("domineering_partizan.py", "3x4"),
    ("domineering_partizan.py", "4x4"),
    ("domineering_partizan.py", "4x5"),
    ("toads_and_frogs.py", "TTT..FFF"),
    ("toads_and_frogs.py", "TTTT..FFFF"),
    ("hackenbush.py", "BRBRBRBRBRBRBRBRBRBR"),
    ("cutcake.py", "8x8"),
    ("clobber.py", "xoxoxoxoxo"),
]
QUICK = 4
#: Published values asserted here (docs/partizan.md): pycgt 0.2.0's ``domineering.rectangle(4, 5)``, too slow for
#: the tests.
PUBLISHED = {("domineering_partizan.py", "4x5"): "1 L"}


def timed(fn):
    t0 = time.perf_counter()
    value = fn()
    return time.perf_counter() - t0, value


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help=f"the first {QUICK} rows only")
    args = ap.parse_args(argv)

    from gamecert.solvers.rules.rules import Limits
    from gamecert.verify.errors import TimeLimitError
    from gamecert.verify.partizan.formulations import partizan_formulations
    from gamecert.verify.partizan.game import PartizanRulesGame
    from gamecert.verify.rules.load import load_rules

    print(f"{'example':<20} {'input':<22} {'value':<14} {'solve s':>8} {'check s':>8} {'searched':>9} "
          f"{'conway s':>9} {'pycgt s':>8}")
    for example, text in ROWS[:QUICK] if args.quick else ROWS:
        game = PartizanRulesGame(load_rules(str(EXAMPLES / example)), Limits())
        instance = game.parse(text + "\n")
        solve_s, solution = timed(lambda game=game, instance=instance: game.solve(instance))
        check_s, found = timed(lambda game=game, solution=solution: game.check(solution))
        assert not found.violations, found.violations
        published = PUBLISHED.get((example, text))
        assert published is None or game.format(solution) == published + "\n", (text, game.format(solution))
        searched = sum(int(n.replace(",", "")) for line in found.checked for n in re.findall(r"\(([\d,]+) positions", line))
        others = []
        for f in partizan_formulations(game):
            if f.name == "general":
                continue
            if f.fits(instance) is not None:
                others.append("-")
                continue
            try:
                seconds, answer = timed(lambda f=f, instance=instance: f.run(instance))
            except TimeLimitError:
                others.append("-")
                continue
            assert answer == game.answer(solution), f.name
            others.append(f"{seconds:.2f}")
        value = game.format(solution).split()[0]
        print(f"{example[:-3]:<20} {text:<22} {value[:14]:<14} {solve_s:>8.2f} {check_s:>8.2f} {searched:>9,} "
              f"{others[0]:>9} {others[1]:>8}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
