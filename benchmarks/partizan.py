"""Benchmark: canonical forms of partizan games (:func:`gamecert.solvers.partizan.partizan_game`) beside pycgt.

Usage: ``python benchmarks/partizan.py [--quick] [--pycgt-limit SECONDS] [--max SIZE]``

Rows: empty Domineering rectangles (rows x columns, Left vertical, as pycgt
and CGSuite orient them) and Toads-and-Frogs strips ``t^a .^b f^a``. Each
game is written here as rules (:class:`~gamecert.solvers.rules.rules.PartizanRules`):
a Domineering region is a bitmask of empty cells, split into its connected
regions, each cropped and normalised under the four reflections that keep
vertical vertical (a quarter turn would exchange the players), so equal
regions share one form; a Toads-and-Frogs strip drops the frogs at its left
end and the toads at its right end (they never move again, and no piece
passes them).

Per row: the value (CGSuite notation), our CPU seconds (a fresh process,
``time.process_time``, import excluded), the component positions stored, and
pycgt's CPU seconds on the same position in its own fresh process (its
``domineering.rectangle`` and ``toads_and_frogs.parse``) with the ratio;
the two values must be the same game (pycgt's text, which nests braces where
CGSuite writes bars, read by :func:`~gamecert.solvers.partizan.parse_notation`). pycgt
rows past ``--pycgt-limit`` seconds of wall time are cut and marked ``>``.
CPU time rather than wall time: the machine is shared and wall times wander
by several times. pycgt is the optional extra ``gamecert[partizan-check]``;
without it the pycgt columns say "pycgt not installed".
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from functools import cache

from gamecert.solvers.partizan import parse_notation
from gamecert.solvers.rules.rules import PartizanRules

# -- Domineering on bitmasks ----------------------------------------------------------------------
# A region is (height, width, mask): cell (r, c) is bit r * (width + 1) + c; the spare column keeps
# horizontal shifts from wrapping between rows.


@cache
def _reversed_bits(w: int) -> tuple[int, ...]:
    return tuple(int(format(x, f"0{w}b")[::-1], 2) for x in range(1 << w))


@cache
def _region(h: int, w: int, mask: int) -> tuple[int, int, int]:
    """The cells of ``mask`` cropped to their bounding box, least of the four reflections."""
    s, full = w + 1, (1 << w) - 1
    rows: list[int] = []
    for r in range(h):
        x = (mask >> (r * s)) & full
        if x or rows:
            rows.append(x)
    while not rows[-1]:
        rows.pop()
    union = 0
    for x in rows:
        union |= x
    low = (union & -union).bit_length() - 1
    if low:
        rows = [x >> low for x in rows]
    w = (union >> low).bit_length()
    flip = _reversed_bits(w)
    a = tuple(rows)
    c = tuple(flip[x] for x in a)
    best = min(a, a[::-1], c, c[::-1])
    s, mask = w + 1, 0
    for r, x in enumerate(best):
        mask |= x << (r * s)
    return len(best), w, mask


def _pieces(h: int, w: int, mask: int) -> Iterator[tuple[int, int, int]]:
    """The connected regions of ``mask`` with at least two cells."""
    s = w + 1
    while mask:
        grown = mask & -mask
        while True:
            nxt = (grown | grown << 1 | grown >> 1 | grown << s | grown >> s) & mask
            if nxt == grown:
                break
            grown = nxt
        mask &= ~grown
        if grown & (grown - 1):
            yield _region(h, w, grown)


@cache
def dom_components(p: tuple[int, int, int]) -> tuple[tuple[int, int, int], ...]:
    return tuple(_pieces(*p))


def dom_left(p: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    h, w, mask = p
    s = w + 1
    pairs, out = mask & (mask >> s), []
    while pairs:
        b = pairs & -pairs
        pairs ^= b
        out.append((h, w, mask & ~(b | b << s)))
    return out


def dom_right(p: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    h, w, mask = p
    pairs, out = mask & (mask >> 1), []
    while pairs:
        b = pairs & -pairs
        pairs ^= b
        out.append((h, w, mask & ~(b | b << 1)))
    return out


def rectangle(rows: int, cols: int) -> tuple[int, int, int]:
    full = (1 << cols) - 1
    return _region(rows, cols, sum(full << (r * (cols + 1)) for r in range(rows)))


DOMINEERING = PartizanRules("domineering", "benchmarks/partizan.py", str, dom_left, dom_right, dom_components)

# -- Toads and Frogs ----------------------------------------------------------------------------------


def tf_left(board: str) -> list[str]:
    out = []
    for i, ch in enumerate(board):
        if ch != "t":
            continue
        if board[i + 1:i + 2] == ".":
            out.append(board[:i] + ".t" + board[i + 2:])
        elif board[i + 1:i + 3] == "f.":
            out.append(board[:i] + ".ft" + board[i + 3:])
    return out


def tf_right(board: str) -> list[str]:
    out = []
    for i, ch in enumerate(board):
        if ch != "f":
            continue
        if i >= 1 and board[i - 1] == ".":
            out.append(board[:i - 1] + "f." + board[i + 1:])
        elif i >= 2 and board[i - 2:i] == ".t":
            out.append(board[:i - 2] + "ft." + board[i + 1:])
    return out


def tf_components(board: str) -> list[str]:
    """The strip without the frogs at its left end and the toads at its right end, which never move again
    and are never jumped (no piece passes them)."""
    core = board.lstrip("f").rstrip("t")
    return [core] if core else []


TOADS_AND_FROGS = PartizanRules("toads-and-frogs", "benchmarks/partizan.py", str, tf_left, tf_right, tf_components)

# -- measuring ----------------------------------------------------------------------------------------

OURS = """
import json, sys, time
sys.path.insert(0, {here!r})
from partizan import DOMINEERING, TOADS_AND_FROGS, rectangle
from gamecert.solvers.partizan import notation, partizan_game
from gamecert.solvers.rules.rules import Limits
import gamecert.solvers.textinput  # the guard's memory probe loads numpy: import time, not solving time
kind, arg = {kind!r}, {arg!r}
rules, q = (DOMINEERING, rectangle(*arg)) if kind == "dom" else (TOADS_AND_FROGS, arg)
t = time.process_time()
s = partizan_game(rules, [q], Limits(max_positions=10**8, time_limit=3600))
print(json.dumps([notation(s.values[0]), time.process_time() - t, len(s.table)]))
"""

PYCGT = """
import json, time
from pycgt import render
from pycgt.rulesets import domineering, toads_and_frogs
kind, arg = {kind!r}, {arg!r}
t = time.process_time()
v = domineering.rectangle(*arg) if kind == "dom" else toads_and_frogs.parse(arg)
print(json.dumps([render(v), time.process_time() - t]))
"""


def run(script: str, limit: float | None) -> list | None:
    """The JSON line a fresh Python process prints, or None past ``limit`` seconds of wall time."""
    try:
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=limit, check=True)
    except subprocess.TimeoutExpired:
        return None
    return json.loads(done.stdout.strip().splitlines()[-1])


def have_pycgt() -> bool:
    try:
        import pycgt  # noqa: F401
    except ImportError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="partizan")
    parser.add_argument("--quick", action="store_true", help="only the smaller rows")
    parser.add_argument("--pycgt-limit", type=float, default=900.0, help="seconds of wall time per pycgt row")
    parser.add_argument("--max", type=int, default=25, help="largest Domineering board area (5x6: 30, 6x6: 36)")
    args = parser.parse_args(argv)
    from pathlib import Path

    here = str(Path(__file__).resolve().parent)
    boards = [(4, 5), (5, 4), (4, 6), (5, 5), (4, 7), (5, 6), (6, 5), (6, 6)]
    if args.quick:
        boards = boards[:2]
    rows = [("dom", b) for b in boards if b[0] * b[1] <= args.max]
    strips = ["ttt..fff", "tttt..ffff", "ttt...fff", "tttt...ffff", "ttttt..fffff", "tttt....ffff"]
    rows += [("tf", s) for s in (strips[:2] if args.quick else strips)]
    pycgt = have_pycgt()
    print(f"{'position':<16} {'value':<28} {'ours s':>8} {'stored':>8} {'pycgt s':>9} {'ratio':>7}")
    for kind, arg in rows:
        name = f"domineering {arg[0]}x{arg[1]}" if kind == "dom" else arg
        t0 = time.perf_counter()
        ours = run(OURS.format(here=here, kind=kind, arg=arg), None)
        wall = time.perf_counter() - t0
        value, seconds, stored = ours
        if not pycgt:
            theirs, ratio = "pycgt not installed", ""
        else:
            got = run(PYCGT.format(kind=kind, arg=arg), args.pycgt_limit)
            if got is None:
                theirs, ratio = f">{args.pycgt_limit:.0f}w", ""
            else:
                if parse_notation(got[0]) is not parse_notation(value):
                    print(f"{name}: pycgt says {got[0]}, we say {value}", file=sys.stderr)
                    return 3
                theirs, ratio = f"{got[1]:.2f}", f"{got[1] / max(seconds, 1e-9):.1f}x"
        print(f"{name:<16} {value[:28]:<28} {seconds:>8.2f} {stored:>8} {theirs:>9} {ratio:>7}  (wall {wall:.1f})",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
