"""Benchmark: partizan values (``gamecert solve --rules``) beside pycgt, on the same inputs in the same run.

Usage: ``python benchmarks/partizan.py [--quick] [--repeat N] [--rows NAMES] [--no-pycgt]``

Rows (``--rows`` picks some by name, comma-separated):

* ``konane``: 90 Konane boards, one per line (``examples/konane.py``): 15
  random boards each of 4x4, 3x5 and 4x5 (squares ``x``, ``o``, ``.`` drawn
  2:2:1) and 45 checkerboards of 4x4 and 4x5 with 2 to 4 squares emptied,
  drawn from a fixed seed (:func:`konane_boards`);
* ``konane-5x5``: six 5x5 checkerboards with 2 to 4 squares emptied, solved
  with default options (no ``--max-positions``: memory bounds the solve);
* ``dom-4x6``, ``dom-5x5``, ``dom-5x6``: empty Domineering rectangles
  (``examples/domineering_partizan.py``);
* ``json-4x6``, ``json-5x5``: Domineering with ``--json`` (the certificate,
  checked) beside the same ``solve`` without it.

What is measured. ``gamecert`` is the whole command ``gamecert solve --rules
FILE INPUT`` in a fresh process: the CPU seconds (user + sys, from
``os.wait4``) and the peak resident memory of that process, so it includes
starting Python, importing gamecert, loading the rules file, parsing the
input, the rules' own calls (``left``, ``right``, ``components``), the engine,
and writing the answer. ``engine`` is the engine alone in another fresh
process: :func:`gamecert.solvers.partizan.partizan_game` on the parsed
queries, ``time.process_time`` around that call only (the rules' calls
included, since the engine makes them; imports and parsing excluded).
``pycgt`` is pycgt 0.2.0 in a fresh process, CPU seconds around its work
only: for Konane, the project's pycgt formulation
(:func:`gamecert.verify.partizan.formulations.pycgt_answers`, each component
valued once by ``pycgt.game`` from the same rules file's options, with no cap
on positions); for Domineering, pycgt's own ``domineering.rectangle``. The
ratios are pycgt ÷ gamecert (end to end) and pycgt ÷ engine. Every row's
values are compared with pycgt's (the same game, read by
:func:`~gamecert.solvers.partizan.parse_notation`); a difference stops the
benchmark with exit 3. Runs are interleaved (gamecert, engine, pycgt, again)
``--repeat`` times and the least CPU time of each is kept; the machine is
shared, so CPU time, not wall time, and the load is printed with the table.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KONANE = ROOT / "examples" / "konane.py"
DOMINEERING = ROOT / "examples" / "domineering_partizan.py"


def _random_board(rng: random.Random, h: int, w: int) -> str:
    return "/".join("".join(rng.choice("xxoo.") for _ in range(w)) for _ in range(h))


def _checkerboard(rng: random.Random, h: int, w: int, emptied: int) -> str:
    cells = [["xo"[(r + c) % 2] for c in range(w)] for r in range(h)]
    for i in rng.sample(range(h * w), emptied):
        cells[i // w][i % w] = "."
    return "/".join("".join(row) for row in cells)


def konane_boards(seed: int = 37) -> list[str]:
    """The 90 Konane boards of the ``konane`` row."""
    rng = random.Random(seed)
    out = [_random_board(rng, h, w) for h, w in ((4, 4), (3, 5), (4, 5)) for _ in range(15)]
    out += [_checkerboard(rng, 4, 4, 2 + i % 3) for i in range(20)]
    out += [_checkerboard(rng, 4, 5, 2 + i % 3) for i in range(25)]
    return out


def konane_5x5(seed: int = 37) -> list[str]:
    """The six 5x5 Konane boards of the ``konane-5x5`` row."""
    rng = random.Random(seed)
    return [_checkerboard(rng, 5, 5, 2 + i % 3) for i in range(6)]


ENGINE = """
import json, sys, time
from gamecert.solvers.partizan import notation, partizan_game
from gamecert.solvers.rules.rules import Limits
from gamecert.verify.rules.load import load_rules
rules = load_rules(sys.argv[1])
queries = [rules.parse(line) for line in open(sys.argv[2]).read().splitlines()]
t = time.process_time()
s = partizan_game(rules, queries, Limits(from_memory=True))
seconds = time.process_time() - t
print(json.dumps([seconds, len(s.table)]))
"""

PYCGT_RULES = """
import json, sys, time
import pycgt
from gamecert.solvers.rules.rules import Guard, Limits
from gamecert.verify.partizan import formulations
from gamecert.verify.rules.load import load_rules
formulations.PYCGT_MAX_POSITIONS = 10**9
rules = load_rules(sys.argv[1])
queries = [rules.parse(line) for line in open(sys.argv[2]).read().splitlines()]
t = time.process_time()
with Guard(rules, Limits(max_memory=1 << 40, time_limit=1e9)) as guard:
    verdicts = formulations.pycgt_answers(rules, queries, guard)
print(json.dumps([time.process_time() - t, [v.shown + " " + v.outcome for v in verdicts]]))
"""

PYCGT_DOMINEERING = """
import json, sys, time
from pycgt import outcome, render
from pycgt.rulesets import domineering
rows, cols = int(sys.argv[1]), int(sys.argv[2])
t = time.process_time()
v = domineering.rectangle(rows, cols)
seconds = time.process_time() - t
kind = {"Left": "L", "Right": "R", "first player": "N", "second player": "P"}[str(outcome(v))]
print(json.dumps([seconds, [render(v) + " " + kind]]))
"""


def run(argv: list[str]) -> tuple[float, int, str]:
    """``(CPU seconds, peak resident bytes, stdout)`` of ``argv`` run in a fresh process (its own usage, read by
    ``os.wait4``); a failing process stops the benchmark."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen(argv, stdout=out, stderr=err, cwd=ROOT)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        text, problem = out.read().decode(), err.read().decode()
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({child.returncode}): {problem.strip()[-400:]}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024, text


def same(ours: list[str], theirs: list[str]) -> bool:
    """Whether two lists of ``VALUE OUTCOME`` lines give the same games and outcomes."""
    from gamecert.solvers.partizan import parse_notation

    if len(ours) != len(theirs):
        return False
    for a, b in zip(ours, theirs):
        (va, oa), (vb, ob) = a.rsplit(" ", 1), b.rsplit(" ", 1)
        if oa != ob or parse_notation(va) is not parse_notation(vb):
            return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="partizan")
    parser.add_argument("--quick", action="store_true", help="only dom-4x6 and json-4x6")
    parser.add_argument("--repeat", type=int, default=2, help="interleaved repetitions; the least CPU time is kept")
    parser.add_argument("--rows", default="konane,konane-5x5,dom-4x6,dom-5x5,dom-5x6,json-4x6,json-5x5")
    parser.add_argument("--no-pycgt", action="store_true", help="gamecert's columns only")
    args = parser.parse_args(argv)
    names = ["dom-4x6", "json-4x6"] if args.quick else args.rows.split(",")
    folder = Path(tempfile.mkdtemp(prefix="partizan-bench-"))
    python = sys.executable
    gamecert = [str(Path(python).parent / "gamecert")]
    print(f"load: {os.getloadavg()[0]:.1f} (1 min), {os.cpu_count()} cores; CPU seconds, least of {args.repeat}", flush=True)
    print(f"{'row':<11} {'lines':>5} {'stored':>8} {'gamecert s':>10} {'MB':>6} {'engine s':>9} {'pycgt s':>9} "
          f"{'pycgt/gc':>8} {'pycgt/eng':>9}  command", flush=True)
    for name in names:
        if name.startswith("json-"):
            rows, cols = name[5:].split("x")
            source = folder / f"{name}.txt"
            source.write_text(f"{rows}x{cols}\n")
            plain = [*gamecert, "solve", "--rules", str(DOMINEERING), str(source)]
            best: dict[str, tuple[float, int]] = {}
            for _ in range(args.repeat):
                for label, command in (("solve", plain), ("json", [*plain, "--json"])):
                    seconds, memory, text = run(command)
                    if label == "json":
                        document = json.loads(text)
                        if document["certificate"]["violations"] or not all(
                                "not decided" not in line for line in document["certificate"]["checked"]):
                            raise SystemExit(f"{name}: the certificate did not hold: {document['certificate']['violations'][:3]}")
                    old = best.get(label)
                    best[label] = (min(old[0], seconds), max(old[1], memory)) if old else (seconds, memory)
            (s, m), (j, jm) = best["solve"], best["json"]
            print(f"{name:<11} {1:>5} {'':>8} {j:>10.2f} {jm / 2**20:>6.0f}   --json ÷ solve: time {j / s:.2f}x "
                  f"(solve {s:.2f} s), memory {jm / m:.2f}x (solve {m / 2**20:.0f} MB)  gamecert solve --json --rules "
                  f"examples/domineering_partizan.py ({rows}x{cols})", flush=True)
            continue
        if name.startswith("dom-"):
            rows, cols = name[4:].split("x")
            lines = [f"{rows}x{cols}"]
            rules = DOMINEERING
            theirs_command = [python, "-c", PYCGT_DOMINEERING, rows, cols]
        else:
            lines = konane_boards() if name == "konane" else konane_5x5()
            rules = KONANE
            theirs_command = None
        source = folder / f"{name}.txt"
        source.write_text("".join(line + "\n" for line in lines))
        if theirs_command is None:
            theirs_command = [python, "-c", PYCGT_RULES, str(rules), str(source)]
        ours_command = [*gamecert, "solve", "--rules", str(rules), str(source)]
        best_ours = best_engine = best_theirs = None
        memory = 0
        stored = 0
        for _ in range(args.repeat):
            seconds, used, text = run(ours_command)
            answers = text.splitlines()
            best_ours = seconds if best_ours is None else min(best_ours, seconds)
            memory = max(memory, used)
            engine = json.loads(run([python, "-c", ENGINE, str(rules), str(source)])[2])
            best_engine = engine[0] if best_engine is None else min(best_engine, engine[0])
            stored = engine[1]
            if not args.no_pycgt:
                got = json.loads(run(theirs_command)[2])
                if not same(answers, got[1]):
                    print(f"{name}: pycgt and gamecert differ", file=sys.stderr)
                    return 3
                best_theirs = got[0] if best_theirs is None else min(best_theirs, got[0])
        theirs = f"{best_theirs:>9.2f}" if best_theirs is not None else f"{'-':>9}"
        r1 = f"{best_theirs / best_ours:>7.2f}x" if best_theirs is not None else f"{'-':>8}"
        r2 = f"{best_theirs / best_engine:>8.2f}x" if best_theirs is not None else f"{'-':>9}"
        shown = "examples/" + rules.name
        print(f"{name:<11} {len(lines):>5} {stored:>8} {best_ours:>10.2f} {memory / 2**20:>6.0f} {best_engine:>9.2f} "
              f"{theirs} {r1} {r2}  gamecert solve --rules {shown} ({len(lines)} lines)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
