"""Benchmark: Split and Cutting at judge size, ``gamecert solve`` against the seed C++ programs, in one run.

Usage: ``python benchmarks/judge.py [--repeat N] [--quick] [--peer SCRIPT]`` (also ``python benchmarks/run.py judge``)

Each judge-size input (Split: every sheet ``1 <= N, M <= 150`` but ``1 1``, 22,499 lines, and
22,499 random sheets, and 22,499 lines of ``150 150``; Cutting: every sheet ``2 <= W, H <= 200``,
39,601 lines, and 40,000 random sheets, and 40,000 lines of ``200 200``) is answered by

* ``gamecert solve RULE FILE``: the installed console script, as a judge calls it;
* the seed C++ programs of ``benchmarks/cpp/`` (compiled here with ``g++ -O2``), reading the
  file on standard input: ``RULE.cpp`` (``scanf``/``puts``) and ``RULE_iostream.cpp``
  (``cin >>``/``cout << endl``);
* ``python -c pass`` with the same interpreter, the floor any Python program pays (its
  ``site`` start-up included, with whatever ``.pth`` files the installation runs), for
  reference: gamecert's own cost is its time above this one;
* ``python -S -c pass``: the same interpreter without ``site`` (no ``.pth`` file runs), so
  ``pass - (-S)`` is what the installation's ``site`` start-up costs every Python program. The
  ``.pth`` files that run code at every start (an ``import`` line) are named at the end.

The commands run interleaved, in turn, ``--repeat`` rounds (default 15), each round in a new
order; a column is the best wall time over the rounds (every output drained from a pipe), the
ratio ``gamecert / C++`` of those bests, and the best CPU time (user + sys) of the child;
``own`` is gamecert's CPU time above the interpreter's (``gamecert - pass``), and ``own/scanf``
sets it against the whole ``scanf`` program.
``--peer SCRIPT`` adds another ``gamecert`` console script (another commit's install, for a
before and after) to the same rounds. Outputs must be byte-identical. The last lines print the commands, how gamecert is installed
(``pip install -e``, as the README's commands do, or a plain ``pip install``, as a judge would: the
editable install's import finder runs in every interpreter, the floor's too) and the machine's load.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CPP = Path(__file__).resolve().parent / "cpp"


def gamecert_command() -> list[str]:
    """The console script installed beside this interpreter (a judge's ``gamecert``)."""
    script = Path(sys.executable).parent / "gamecert"
    return [str(script)] if script.exists() else [shutil.which("gamecert") or "gamecert"]


def install_kind() -> str:
    """How gamecert is installed for this interpreter: an editable install (the source tree, found by
    setuptools' import finder, which runs with its imports, pathlib among them, at every interpreter
    start, the floor's included) or a regular one in site-packages, as a judge installs it."""
    import sysconfig

    import gamecert.solvers

    where = Path(gamecert.solvers.__file__).resolve()
    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    return "regular install: pip install" if site in where.parents else "editable install: pip install -e"


def running_pth() -> list[str]:
    """The ``.pth`` files of this interpreter's site folders with an ``import`` line: ``site`` runs each such
    line at every interpreter start, whatever the program."""
    import site

    folders = [*site.getsitepackages(), site.getusersitepackages()]
    found = []
    for folder in map(Path, folders):
        for pth in sorted(folder.glob("*.pth")) if folder.is_dir() else ():
            lines = pth.read_text(errors="replace").splitlines()
            code = [row.strip() for row in lines if row.startswith(("import ", "import\t"))]
            if code:
                found.append(f"{pth.name} ({'; '.join(code)[:60]})")
    return found


def judge_inputs(rule, lines: int) -> dict[str, str]:
    """Judge-size inputs of a :class:`~gamecert.solvers.cutting.rules.CuttingRule`: every piece, random pieces,
    the largest piece."""
    sides = range(rule.min_side, rule.judge_limit + 1)
    every = [(n, m) for n in sides for m in sides if rule.is_piece(n, m)]
    rng = random.Random(1)
    drawn = [rng.choice(every) for _ in range(lines)]
    top = rule.judge_limit
    return {
        f"every piece ({len(every)} lines)": "".join(f"{n} {m}\n" for n, m in every),
        f"random ({lines} lines)": "".join(f"{n} {m}\n" for n, m in drawn),
        f"{top}x{top} ({lines} lines)": f"{top} {top}\n" * lines,
    }


def once(cmd: list[str], stdin: Path | None) -> tuple[float, float, bytes]:
    """Wall time, CPU time (user + sys) of the child, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(stdin or os.devnull, "rb") as f:
        t0 = time.perf_counter()
        out = subprocess.run(cmd, stdin=f, capture_output=True, check=True).stdout
        wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, out


def interleaved(
    runs: dict[str, tuple[list[str], Path | None]], repeat: int, seed: int
) -> dict[str, tuple[float, float, bytes]]:
    """Best wall and CPU time and the output of each command, run in turn for ``repeat`` rounds."""
    best: dict[str, list] = {name: [float("inf"), float("inf"), b""] for name in runs}
    order = list(runs)
    rng = random.Random(seed)
    for _ in range(repeat):
        rng.shuffle(order)
        for name in order:
            wall, cpu, out = once(*runs[name])
            row = best[name]
            row[0], row[1], row[2] = min(row[0], wall), min(row[1], cpu), out
    return {name: tuple(row) for name, row in best.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15, help="interleaved rounds (default 15)")
    ap.add_argument("--quick", action="store_true", help="3 rounds")
    ap.add_argument("--peer", metavar="SCRIPT", help="another gamecert console script (another commit's install) in the same rounds")
    args = ap.parse_args(argv)
    if args.quick:
        args.repeat = 3
    if shutil.which("g++") is None:
        print("no g++: the seed C++ programs cannot be compiled")
        return 1
    from gamecert.solvers.cutting.rules import CUTTING, SPLIT

    gamecert = gamecert_command()
    floor = [sys.executable, "-c", "pass"]
    bare = [sys.executable, "-S", "-c", "pass"]
    print(f"{'input':<36} {'gamecert':>9} {'C++ scanf':>10} {'ratio':>6} {'C++ cin':>9} {'ratio':>6}"
          f" {'python -c pass':>14} {'-S -c pass':>10}   {'CPU: gamecert':>13} {'scanf':>6} {'cin':>6} {'pass':>6} {'own':>6}"
          f" {'own/scanf':>9}  outputs" + (f"  {'peer':>9} {'/cin':>6}" if args.peer else ""))
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        programs = {}
        for src in sorted(CPP.glob("*.cpp")):
            programs[src.stem] = tmp / src.stem
            subprocess.run(["g++", "-O2", "-o", str(programs[src.stem]), str(src)], check=True)
        for rule in (SPLIT, CUTTING):
            for k, (label, text) in enumerate(judge_inputs(rule, rule.contest.line_limit).items()):
                path = tmp / f"{rule.name}-{k}.txt"
                path.write_text(text)
                runs = {
                    "gamecert": ([*gamecert, "solve", rule.name, str(path)], None),
                    "scanf": ([str(programs[rule.name])], path),
                    "cin": ([str(programs[f"{rule.name}_iostream"])], path),
                    "floor": (floor, None),
                    "bare": (bare, None),
                }
                if args.peer:
                    runs["peer"] = ([args.peer, "solve", rule.name, str(path)], None)
                got = interleaved(runs, args.repeat, seed=k)
                g, s, c, f = (got[name] for name in ("gamecert", "scanf", "cin", "floor"))
                same = "identical" if g[2] == s[2] == c[2] == got.get("peer", g)[2] else "DIFFER"
                peer = f"  {got['peer'][0] * 1e3:>7.1f}ms {got['peer'][0] / c[0]:>5.2f}x" if args.peer else ""
                print(f"{rule.name + ': ' + label:<36} {g[0] * 1e3:>7.1f}ms {s[0] * 1e3:>8.1f}ms {g[0] / s[0]:>5.2f}x"
                      f" {c[0] * 1e3:>7.1f}ms {g[0] / c[0]:>5.2f}x {f[0] * 1e3:>12.1f}ms {got['bare'][0] * 1e3:>8.1f}ms"
                      f"   {g[1] * 1e3:>11.0f}ms {s[1] * 1e3:>4.0f}ms {c[1] * 1e3:>4.0f}ms {f[1] * 1e3:>4.0f}ms"
                      f" {(g[1] - f[1]) * 1e3:>4.0f}ms {(g[1] - f[1]) / s[1]:>8.2f}x  {same}{peer}", flush=True)
    print(f"\nbest of {args.repeat} interleaved rounds; ratio = gamecert / C++ (best wall times);"
          " own = CPU of gamecert - CPU of pass")
    print(f"gamecert: {' '.join(gamecert)} solve RULE FILE ({install_kind()})")
    print("C++: g++ -O2 benchmarks/cpp/RULE.cpp (scanf) and RULE_iostream.cpp (cin), run as PROGRAM < FILE")
    print(f"floor: {' '.join(floor)}")
    if args.peer:
        print(f"peer: {args.peer} solve RULE FILE (best wall time, and its ratio to C++ cin)")
    print(f"no site: {' '.join(bare)}")
    print(f".pth files that run code at every interpreter start: {', '.join(running_pth()) or 'none'}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
