"""Run the benchmarks and print their tables: python benchmarks/run.py [GAME ...] [--quick]

Each game's benchmark is a module beside this file with ``main(argv)``.
Benchmarks measure speed; the tests check correctness.
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path

SUITES = ["maze", "geography", "bunny_egg", "cutting", "qbf", "qbf_portfolio", "input", "pictures", "campaign", "package", "rules", "octal", "hostile", "general", "partizan", "partizan_check", "interactive_stress", "judge"]


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    flags = [a for a in argv if a.startswith("-")]
    names = [a for a in argv if not a.startswith("-")] or SUITES
    for name in names:
        if name not in SUITES:
            print(f"unknown suite {name!r}; choose from {', '.join(SUITES)}", file=sys.stderr)
            return 2
    for name in names:
        t0 = time.perf_counter()
        print(f"== {name} ==", flush=True)
        importlib.import_module(name).main(flags)
        print(f"({name}: {time.perf_counter() - t0:.1f}s)\n", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
