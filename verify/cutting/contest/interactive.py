"""The rectangle-cutting games as interactive problems: the contestant plays, the jury answers.

A judge input is a start position, exactly what the jury writes: ``K``, then
``K`` lines ``A B`` (piece ``i`` has ``A`` rows and ``B`` columns); its
answer is the role that wins from it, ``FIRST`` or ``SECOND``. The protocol
(statements ``split_interactive.tex``, ``cutting_interactive.tex``) and the
jury's strategy are in ``interactor.cpp``; the limits of a rule's game are
written beside the C++ files as ``rule.h`` (:func:`rule_header`), so one
interactor and one input validator serve every rule.

Secret groups, every start chosen by its winning role (both roles in every group):

* ``single``: one piece of every size class, and the pieces where the parity of
  the area names the loser (Split Game strips ``1 x k``; Cutting Game pieces
  such as ``2 x 7``);
* ``sums``: several pieces: mirrored pairs (value 0), sums whose values xor
  to 0 though an odd number of them win alone (and the reverse), sums whose
  area parity misleads, and random sums of many small pieces up to the
  piece limit;
* ``greedy``: starts won by FIRST where the first legal cut (piece 1, its
  first cut) leaves the opponent a win;
* ``large``: the largest pieces (the judge limit square, the largest piece
  won by SECOND, two equal halves) and the most pieces at the area limit:
  the moves run to thousands, where rebuilding the table per move is far
  over the time limit.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from gamecert.solvers.cutting.rules import CuttingRule
from gamecert.solvers.cutting.solver import Piece, available_cuts, grundy_table
from gamecert.verify.engine.problem import TestCase, Unseen, slug

#: Most pieces in a start; the total area is at most the judge limit squared.
MAX_PIECES = 1000
#: The winning roles, by whether the values' xor is non-zero.
ROLES = ("SECOND", "FIRST")
#: Size classes of the ``single`` group, and the side of the ``large`` group, per package size.
_CLASSES = {"small": (3, 5, 10, 20), "judge": (3, 5, 10, 30, 60, 100)}
_LARGE = {"small": 60, "judge": None}
#: Pieces of the random many-piece sums, per package size.
_MANY = {"small": 100, "judge": MAX_PIECES}


def max_area(rule: CuttingRule) -> int:
    """The largest total area of a start: one piece at the judge limit."""
    return rule.judge_limit * rule.judge_limit


def rule_header(rule: CuttingRule) -> str:
    """``rule.h``: the rule's limits as C++ constants, read by the interactor and the input validator.

    >>> from gamecert.solvers.cutting.rules import CUTTING
    >>> rule_header(CUTTING).splitlines()[2]
    'static const int MIN_SIDE = 2;'
    """
    refusal = rule.refusal.replace("\\", "\\\\").replace('"', '\\"')
    return (
        f"// The rule of the {rule.title}, written by gamecert package: every piece and every part a cut\n"
        "// leaves has both sides >= MIN_SIDE and, with NO_UNIT, is not 1x1.\n"
        f"static const int MIN_SIDE = {rule.min_side};\n"
        f"static const bool NO_UNIT = {'true' if rule.no_unit else 'false'};\n"
        f"static const int MAX_SIDE = {rule.judge_limit};\n"
        f"static const int MAX_PIECES = {MAX_PIECES};\n"
        f"static const long long MAX_AREA = {max_area(rule)};\n"
        f'static const char REFUSAL[] = "{refusal}";\n'
    )


def start_text(pieces: list[tuple[int, int]]) -> str:
    """The judge input of a start: ``K``, then one line ``A B`` per piece.

    >>> start_text([(1, 6), (2, 3)])
    '2\\n1 6\\n2 3\\n'
    """
    return f"{len(pieces)}\n" + "".join(f"{a} {b}\n" for a, b in pieces)


class _Values:
    """The Sprague-Grundy values of one rule's pieces up to its judge limit (for choosing starts only:
    every start's role is certified apart when the package is written)."""

    def __init__(self, rule: CuttingRule) -> None:
        self.rule = rule
        self.table = grundy_table(rule, rule.judge_limit).values

    def __call__(self, pieces: list[tuple[int, int]]) -> int:
        x = 0
        for a, b in pieces:
            x ^= int(self.table[a, b])
        return x

    def role(self, pieces: list[tuple[int, int]]) -> str:
        return ROLES[self(pieces) != 0]

    def pieces(self, lo: int, hi: int) -> list[tuple[int, int]]:
        return [(a, b) for a in range(lo, hi + 1) for b in range(lo, hi + 1) if self.rule.is_piece(a, b)]


def _first_cut_loses(values: _Values, pieces: list[tuple[int, int]]) -> bool:
    """Whether the first legal cut (piece 1 first, rows before columns, smallest line first) leaves a
    position whose mover wins."""
    for i, (a, b) in enumerate(pieces):
        for _, _, p, q in available_cuts(Piece(a, b), values.rule):
            rest = pieces[:i] + [(p.rows, p.cols), (q.rows, q.cols)] + pieces[i + 1 :]
            return values(rest) != 0
    return False


def _cases(rule: CuttingRule, size: str, seed: int) -> Iterator[TestCase]:
    rng = random.Random(f"{rule.name} interactive {size} {seed}")
    values = _Values(rule)
    lo, hi = rule.min_side, rule.judge_limit
    fresh = Unseen(admits=lambda text: True)

    def case(group: str, name: str, pieces: list[tuple[int, int]], why: str) -> Iterator[TestCase]:
        text = start_text(pieces)
        assert len(pieces) <= MAX_PIECES and sum(a * b for a, b in pieces) <= max_area(rule), name
        if fresh(text):
            role = values.role(pieces)
            yield TestCase(group, slug(f"{name} {role}"), text, f"{why}; {role} wins")

    # The statement's example.
    yield from case("sample", "example", [rule_example(rule)], "the statement's example")

    # single: random pieces of each size class won by each role, and the parity traps.
    for s in _CLASSES[size]:
        span = values.pieces(lo, s)
        for role in ROLES:
            won = [p for p in span if values.role([p]) == role]
            for p in rng.sample(won, min(2, len(won))):
                yield from case("single", f"piece {p[0]}x{p[1]}", [p], f"one piece, sides up to {s}")
    for role in ROLES:
        # The area's parity names the loser: even area lost by the mover, or odd area won.
        traps = [p for p in values.pieces(lo, 40) if (values.role([p]) == "FIRST") != (p[0] * p[1] % 2 == 0)]
        for p in [q for q in traps if values.role([q]) == role][:3]:
            yield from case("single", f"parity trap {p[0]}x{p[1]}", [p], "one piece whose area's parity names the loser")

    # sums: mirrored pairs, counting traps, parity traps, many pieces.
    small = values.pieces(lo, 12)
    for _ in range(2):
        p, q = rng.choice(small), rng.choice([r for r in small if values([r])])
        yield from case("sums", f"mirrored pair {p[0]}x{p[1]}", [p, p], "a piece and its copy (value 0)")
        yield from case("sums", f"mirrored pair plus {q[0]}x{q[1]}", [p, p, q], "a mirrored pair and a winning piece")
    by_value: dict[int, list[tuple[int, int]]] = {}
    for p in small:
        by_value.setdefault(values([p]), []).append(p)
    if all(v in by_value for v in (1, 2, 3)):
        one, two, three = (rng.choice(by_value[v]) for v in (1, 2, 3))
        yield from case("sums", "values 1 2", [one, two], "two winning pieces whose values xor to 3")
        yield from case("sums", "values 1 2 3", [one, two, three], "three winning pieces whose values xor to 0")
    for role in ROLES:
        for _ in range(200):
            pieces = [rng.choice(small) for _ in range(rng.randint(2, 5))]
            area_says = "FIRST" if sum(a * b for a, b in pieces) % 2 == 0 else "SECOND"
            if values.role(pieces) == role and area_says != role:
                yield from case("sums", f"parity trap of {len(pieces)} pieces", pieces, "a sum whose area's parity names the loser")
                break
    many = _MANY[size]
    side = max(lo + 1, min(6, int((max_area(rule) / many) ** 0.5)))
    tiny = values.pieces(lo, side)
    for role in ROLES:
        last: list[tuple[int, int]] = []
        while not last:  # a last piece of value x makes the xor 0; any other makes it non-zero
            pieces = [rng.choice(tiny) for _ in range(many - 1)]
            x = values(pieces)
            last = [p for p in tiny if (values([p]) == x) == (role == "SECOND")]
        yield from case("sums", f"{many} pieces", pieces + [rng.choice(last)], f"{many} random pieces with sides up to {side}")

    # greedy: FIRST wins, and the first legal cut throws the win away.
    for s in _CLASSES[size][1:]:
        span = [p for p in values.pieces(lo, s) if values.role([p]) == "FIRST" and _first_cut_loses(values, [p])]
        for p in rng.sample(span, min(2, len(span))):
            yield from case("greedy", f"first cut loses {p[0]}x{p[1]}", [p], "one piece where the first legal cut loses")
        pieces = [rng.choice(values.pieces(lo, s)) for _ in range(4)]
        if values.role(pieces) == "FIRST" and _first_cut_loses(values, pieces):
            yield from case("greedy", f"first cut loses {len(pieces)} pieces", pieces, "a sum where the first legal cut loses")

    # large: the most moves.
    big = _LARGE[size] or hi
    squares = [(k, k) for k in range(big, lo, -1)]
    yield from case("large", f"square {big}", [(big, big)], f"the {big}x{big} piece")
    for role in ROLES:
        p = next(q for q in squares + values.pieces(lo, big)[::-1] if values.role([q]) == role)
        yield from case("large", f"largest piece {p[0]}x{p[1]}", [p], "the largest square won by this role")
    half = (big, big // 2)
    yield from case("large", f"two halves {half[0]}x{half[1]}", [half, half], "two equal halves (value 0)")
    count = min(many, big * big // 16)
    part = max(lo + 1, int((big * big / count) ** 0.5))
    crowd = [(part, part)] * (count - 1)
    for role in ROLES:
        last = [p for p in values.pieces(lo, part) if (values(crowd + [p]) != 0) == (role == "FIRST")]
        if last:
            yield from case("large", f"{count} pieces {part}x{part}", crowd + [last[-1]], f"{count} pieces filling the area")


def rule_example(rule: CuttingRule) -> tuple[int, int]:
    """The piece of the statement's example: a thin piece the first mover wins in one cut."""
    return (1, 6) if rule.min_side == 1 else (4, 2)
