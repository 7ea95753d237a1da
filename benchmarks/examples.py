"""Benchmark: the general and score examples' reachable positions and values, by their own rules alone.

Usage: ``python benchmarks/examples.py [--full]``

Each row enumerates every position reachable from one query of an example
(breadth first, one call of ``result`` and ``moves`` per position: the floor any
solver of the rules pays), then values them children first by the contract's
definitions (every row here is a game whose play always ends, so an explicit
post-order suffices): ``win N`` / ``lose N`` / ``draw``, or the score. The
counts are the published ones where there are any: tic-tac-toe 5,478 positions
from the empty board, a draw; Connect Four 4 x 4 161,029, a draw. ``--full``
adds Connect Four 5 x 4 (about 3.9 million positions: minutes and gigabytes).

Wall times on a shared, loaded machine wander; the CPU time of this process is
printed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

ROWS = [
    ("tic_tac_toe.py", ""),
    ("connect_four.py", "4x4"),
    ("dots_and_boxes.py", "2x2"),
    ("kalah.py", "3 3"),
    ("predict_the_winner.py", "[" + ",".join(str(i * 37 % 101) for i in range(60)) + "]"),
]
FULL = [("connect_four.py", "5x4")]


def load(name: str):
    from gamecert.verify.rules.load import load_module

    return load_module(str(EXAMPLES / name))


def enumerate_positions(rules, start):
    """Every position reachable from ``start`` and its moves (none where ``result`` ends the game), breadth first."""
    result = getattr(rules, "result", None)
    order, options, ended = [start], {}, {}
    seen = {start}
    for p in order:
        word = result(p) if result is not None else None
        if word is not None:
            ended[p], options[p] = word, ()
            continue
        options[p] = tuple(rules.moves(p))
        for q in (q for q, _ in options[p]) if rules.KIND == "score" else options[p]:
            if q not in seen:
                seen.add(q)
                order.append(q)
    return order, options, ended


def value(rules, start, options, ended):
    """The query's answer by the definitions, children first (an explicit stack; play always ends here)."""
    player = getattr(rules, "player", None)
    score = rules.KIND == "score"
    known = {}
    stack = [(start, False)]
    while stack:
        p, expanded = stack.pop()
        if p in known:
            continue
        if p in ended:
            word = ended[p]
            known[p] = word if score else (word, 0 if word != "draw" else None)
            continue
        children = [q for q, _ in options[p]] if score else list(options[p])
        if not expanded:
            stack.append((p, True))
            stack.extend((q, False) for q in children if q not in known)
            continue
        same = [player is not None and player(q) == player(p) for q in children]
        if score:
            known[p] = max((pts + (known[q] if s else -known[q]) for (q, pts), s in zip(options[p], same)), default=0)
            continue
        winning = [known[q][1] for q, s in zip(children, same) if known[q][0] == ("win" if s else "lose")]
        if winning:
            known[p] = ("win", 1 + min(winning))
        elif any(known[q][0] == "draw" for q in children):
            known[p] = ("draw", None)
        else:
            known[p] = ("lose", 1 + max((known[q][1] for q in children), default=-1))
    answer = known[start]
    return f"score {answer}" if score else ("draw" if answer[0] == "draw" else f"{answer[0]} {answer[1]}")


def main(argv: list[str]) -> None:
    rows = ROWS + (FULL if "--full" in argv else [])
    print(
        f"{'example':24} {'query':10} {'positions':>10} {'moves':>10} {'floor s':>8} {'pos/s':>9} {'value s':>8}  answer"
    )
    for name, query in rows:
        rules = load(name)
        start = rules.parse(query)
        t0 = time.process_time()
        order, options, ended = enumerate_positions(rules, start)
        t1 = time.process_time()
        answer = value(rules, start, options, ended)
        t2 = time.process_time()
        moves = sum(len(o) for o in options.values())
        shown = query if len(query) <= 10 else query[:7] + "..."
        print(
            f"{name[:-3]:24} {shown:10} {len(order):10,} {moves:10,} {t1 - t0:8.2f} {len(order) / (t1 - t0):9,.0f}"
            f" {t2 - t1:8.2f}  {answer}",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
