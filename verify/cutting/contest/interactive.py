"""The rectangle-cutting games as interactive problems: the contestant plays, the jury answers.

A judge input is a start position, exactly what the jury writes: ``K``, then
``K`` lines ``A B`` (piece ``i`` has ``A`` rows and ``B`` columns); its
answer is the role that wins from it, ``FIRST`` or ``SECOND``. The protocol
(statements ``split_interactive.tex``, ``cutting_interactive.tex``) and the
jury's strategy are in ``interactor.cpp``. One interactor, one input validator
and one reference (the certified strategy) serve every rule: each includes
``rule.h``, the rule's limits, which the package writer inlines
(:func:`rule_header`, :meth:`CuttingInteractive.resource`).

A start's role is certified as a sum (:meth:`CuttingInteractive.certify`):
the fast solver's Sprague-Grundy table passes the certificate checker (every
entry the mex of its cuts), the xor of the pieces' entries gives the role,
and a second plain table (``plain-sg``) and, on small total areas, the search
of the literal rules over the whole multiset (``rule-search``) agree.

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
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

from gamecert.solvers.cutting.rules import CuttingRule
from gamecert.solvers.cutting.solver import Cut, Piece, available_cuts, grundy_table
from gamecert.verify.cutting.play import CuttingPlay
from gamecert.verify.cutting.reference import reference_grundy
from gamecert.verify.cutting.search import fits as search_fits
from gamecert.verify.cutting.search import rule_search
from gamecert.verify.engine.interactive import ROLES, InteractiveProblem
from gamecert.verify.engine.play import Illegal
from gamecert.verify.engine.problem import TestCase, Unseen, slug
from gamecert.verify.errors import CertificateRejected, CertificationError

if TYPE_CHECKING:
    from gamecert.verify.engine.interactive import CertifyCase
    from gamecert.verify.game import Game

#: Most pieces in a start; the total area is at most the judge limit squared.
MAX_PIECES = 1000
#: Size classes of the ``single`` group, and the side of the ``large`` group, per package size.
_CLASSES = {"small": (3, 5, 10, 20), "judge": (3, 5, 10, 30, 60, 100)}
_LARGE = {"small": 60, "judge": None}
#: Pieces of the random many-piece sums, per package size.
_MANY = {"small": 100, "judge": MAX_PIECES}
#: The line that includes the rule's limits in the C++ files (inlined when the package is written).
_INCLUDE = '#include "rule.h"\n'
_MOVE = re.compile(r"(0|[1-9][0-9]{0,8}) (0|[1-9][0-9]{0,8}) (0|[1-9][0-9]{0,8})")


def max_area(rule: CuttingRule) -> int:
    """The largest total area of a start: one piece at the judge limit."""
    return rule.judge_limit * rule.judge_limit


def role(first_wins: bool) -> str:
    """The role that wins: ``FIRST`` when the mover at the start wins."""
    return ROLES[0] if first_wins else ROLES[1]


def rule_header(rule: CuttingRule) -> str:
    """``rule.h``: the rule's limits as C++ constants, read by the interactor, the input validator and the reference.

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
        return role(self(pieces) != 0)

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


def _cases(rule: CuttingRule, sample: str, size: str, seed: int) -> Iterator[TestCase]:
    rng = random.Random(f"{rule.name} interactive {size} {seed}")
    values = _Values(rule)
    lo, hi = rule.min_side, rule.judge_limit
    fresh = Unseen()

    def case(group: str, name: str, pieces: list[tuple[int, int]], why: str) -> Iterator[TestCase]:
        text = start_text(pieces)
        if len(pieces) > MAX_PIECES or sum(a * b for a, b in pieces) > max_area(rule):
            raise ValueError(f"{name}: the start exceeds the limits")  # a generator bug
        if fresh(text):
            won = values.role(pieces)
            yield TestCase(group, slug(f"{name} {won}"), text, f"{why}; {won} wins")

    yield from case("sample", "example", read_start(sample), "the statement's example")

    # single: random pieces of each size class won by each role, and the parity traps.
    for s in _CLASSES[size]:
        span = values.pieces(lo, s)
        for won in ROLES:
            pool = [p for p in span if values.role([p]) == won]
            for p in rng.sample(pool, min(2, len(pool))):
                yield from case("single", f"piece {p[0]}x{p[1]}", [p], f"one piece, sides up to {s}")
    for won in ROLES:
        # The area's parity names the loser: even area lost by the mover, or odd area won.
        traps = [p for p in values.pieces(lo, 40) if (values.role([p]) == "FIRST") != (p[0] * p[1] % 2 == 0)]
        for p in [q for q in traps if values.role([q]) == won][:3]:
            yield from case(
                "single", f"parity trap {p[0]}x{p[1]}", [p], "one piece whose area's parity names the loser"
            )

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
    for won in ROLES:
        for _ in range(200):
            pieces = [rng.choice(small) for _ in range(rng.randint(2, 5))]
            area_says = "FIRST" if sum(a * b for a, b in pieces) % 2 == 0 else "SECOND"
            if values.role(pieces) == won and area_says != won:
                yield from case(
                    "sums", f"parity trap of {len(pieces)} pieces", pieces, "a sum whose area's parity names the loser"
                )
                break
    many = _MANY[size]
    side = max(lo + 1, min(6, int((max_area(rule) / many) ** 0.5)))
    tiny = values.pieces(lo, side)
    for won in ROLES:
        last: list[tuple[int, int]] = []
        while not last:  # a last piece of value x makes the xor 0; any other makes it non-zero
            pieces = [rng.choice(tiny) for _ in range(many - 1)]
            x = values(pieces)
            last = [p for p in tiny if (values([p]) == x) == (won == "SECOND")]
        yield from case(
            "sums", f"{many} pieces", pieces + [rng.choice(last)], f"{many} random pieces with sides up to {side}"
        )

    # greedy: FIRST wins, and the first legal cut throws the win away.
    for s in _CLASSES[size][1:]:
        span = [p for p in values.pieces(lo, s) if values.role([p]) == "FIRST" and _first_cut_loses(values, [p])]
        for p in rng.sample(span, min(2, len(span))):
            yield from case(
                "greedy", f"first cut loses {p[0]}x{p[1]}", [p], "one piece where the first legal cut loses"
            )
        pieces = [rng.choice(values.pieces(lo, s)) for _ in range(4)]
        if values.role(pieces) == "FIRST" and _first_cut_loses(values, pieces):
            yield from case(
                "greedy", f"first cut loses {len(pieces)} pieces", pieces, "a sum where the first legal cut loses"
            )

    # large: the most moves.
    big = _LARGE[size] or hi
    squares = [(k, k) for k in range(big, lo, -1)]
    yield from case("large", f"square {big}", [(big, big)], f"the {big}x{big} piece")
    for won in ROLES:
        p = next(q for q in squares + values.pieces(lo, big)[::-1] if values.role([q]) == won)
        yield from case("large", f"largest piece {p[0]}x{p[1]}", [p], "the largest square won by this role")
    half = (big, big // 2)
    yield from case("large", f"two halves {half[0]}x{half[1]}", [half, half], "two equal halves (value 0)")
    count = min(many, big * big // 16)
    part = max(lo + 1, int((big * big / count) ** 0.5))
    crowd = [(part, part)] * (count - 1)
    for won in ROLES:
        last = [p for p in values.pieces(lo, part) if (values(crowd + [p]) != 0) == (won == "FIRST")]
        if last:
            yield from case(
                "large", f"{count} pieces {part}x{part}", crowd + [last[-1]], f"{count} pieces filling the area"
            )


def read_start(text: str) -> list[tuple[int, int]]:
    """The pieces of a start (judge input checked by the input validator; read here, not validated).

    >>> read_start("2\\n1 6\\n2 3\\n")
    [(1, 6), (2, 3)]
    """
    numbers = [int(t) for t in text.split()]
    return [(numbers[i], numbers[i + 1]) for i in range(1, 2 * numbers[0], 2)]


def _plain_table(rule: CuttingRule, side: int) -> list[list[int]]:
    """The plain-Python table of :mod:`gamecert.verify.cutting.reference` for sides up to ``side``: one
    of a few sizes (16, 64, the judge limit), each built once per rule."""
    return _plain_table_of(rule, next(s for s in (16, 64, max(side, rule.judge_limit)) if s >= side))


@lru_cache(maxsize=8)
def _plain_table_of(rule: CuttingRule, size: int) -> list[list[int]]:
    return reference_grundy(rule, size)


def certify_start(
    game: Game, rule: CuttingRule, pieces: list[tuple[int, int]], where: str
) -> tuple[bool, tuple[str, ...]]:
    """Whether the first mover wins the sum ``pieces``, certified, and the checks it passed.

    Notes
    -----
    The pieces, as the game's judge input, are solved by the fast solver and
    its certificate checked (every table entry the mex of its cuts, every
    piece reading its entry): the xor of the certified values decides. Then
    ``plain-sg``: the xor over the plain-Python table; ``rule-search``: the
    literal rules searched over the whole multiset when its total area fits.
    Any disagreement raises :class:`CertificationError`. Cost: the table
    (``O(S^3)``), its check, the plain table once per rule, the search when it fits.

    >>> from gamecert.solvers.cutting.rules import SPLIT
    >>> from gamecert.verify.registry import get_game
    >>> certify_start(get_game("split"), SPLIT, [(1, 4), (2, 2)], "x")
    (False, ('certificate', 'plain-sg', 'rule-search'))
    """
    from gamecert.verify.engine.certified import certified_answer

    instance = game.parse(start_queries(pieces), where, True)
    try:
        solution = certified_answer(game, instance, where).solution
    except CertificateRejected as exc:
        raise CertificationError(f"{where}: the certificate is rejected: {exc.violation}") from None
    x = 0
    for v in solution.values.tolist():
        x ^= int(v)
    checks = ["certificate"]
    plain = _plain_table(rule, max(max(p) for p in pieces))
    y = 0
    for a, b in pieces:
        y ^= plain[a][b]
    if (y != 0) != (x != 0):
        raise CertificationError(f"{where}: plain-sg disagrees with the fast solver on the sum")
    checks.append("plain-sg")
    if search_fits(pieces, rule) is None:
        if rule_search(pieces, rule) != (x != 0):
            raise CertificationError(f"{where}: rule-search disagrees with the fast solver on the sum")
        checks.append("rule-search")
    return x != 0, tuple(checks)


def start_queries(pieces: list[tuple[int, int]]) -> str:
    """The pieces as the game's own judge input: one query ``A B`` per line."""
    return "".join(f"{a} {b}\n" for a, b in pieces)


class NumberedPlay(CuttingPlay):
    """gamecert's play engine, also knowing each piece's number in the protocol.

    The engine keeps a cut piece's parts side by side (piece ``i`` becomes
    ``i`` and ``i + 1``); the protocol keeps the first part's number and gives
    the other the next new number. Invariant: ``numbers[i]`` is the protocol
    number of the engine's piece ``i``; ``value`` is the xor of the pieces'
    values in the engine's table (kept as cuts are played, so that the
    winner of a sum of many pieces is known without a pass over them).
    """

    def __init__(self, rule: CuttingRule, position: str) -> None:
        super().__init__(rule, position)
        self.numbers = list(range(1, len(self.pieces) + 1))
        self.value = 0
        for p in self.pieces:
            self.value ^= self.table.value(p)

    def play(self, cut: Cut) -> None:
        a, b = cut.parts
        self.value ^= self.table.value(self.pieces[cut.piece]) ^ self.table.value(a) ^ self.table.value(b)
        super().play(cut)
        self.numbers.insert(cut.piece + 1, len(self.numbers) + 1)

    def engine_move(self) -> Cut:
        """:meth:`CuttingPlay.engine_move`; at value 0 (no winning cut) the first cut, found without a solve."""
        return next(self.cuts()) if self.value == 0 else super().engine_move()


class CuttingInteractive(InteractiveProblem):
    """The interactive problem of one rule with an interactive statement: its files, groups, cases and checks.

    >>> from gamecert.solvers.cutting.rules import CUTTING
    >>> p = CuttingInteractive(CUTTING)
    >>> p.statement, p.no_move, [g for g, _ in p.groups]
    ('cutting_interactive.tex', '0 0 0', ['single', 'sums', 'greedy', 'large'])
    """

    no_move = "0 0 0"
    sample_note = "the statement's example"

    def __init__(self, rule: CuttingRule) -> None:
        if rule.contest is None or not rule.contest.interactive_statement:
            raise ValueError(f"rule {rule.name} has no interactive problem")
        self.rule = rule
        self.game = rule.name
        self.title = rule.title
        self.source = f"{rule.contest.source}, interactive version by gamecert"
        self.statement = rule.contest.interactive_statement
        self.groups = (
            (
                "single",
                "one piece of every size class won by each role, and pieces whose area's parity names the loser",
            ),
            (
                "sums",
                "sums of pieces: mirrored pairs, values that xor to 0 or not, misleading parity, many small pieces",
            ),
            ("greedy", "starts won by FIRST where the first legal cut loses"),
            (
                "large",
                f"the largest pieces up to {rule.judge_limit}x{rule.judge_limit} and the most pieces: thousands of moves",
            ),
        )

    def resource(self, name: str) -> str:
        """A file of ``contest/``; the C++ files with the rule's limits (:func:`rule_header`) in place of their include."""
        text = super().resource(name)
        return text.replace(_INCLUDE, rule_header(self.rule)) if name.endswith(".cpp") else text

    def cases(self, size: str, seed: int) -> Iterator[TestCase]:
        return _cases(self.rule, self.rule.contest.interactive_sample, size, seed)

    def position(self, text: str) -> str:
        return start_queries(read_start(text))

    def stress_test(self, text: str, rng: random.Random) -> str | None:
        """The stress case's pieces (one query each, at most :data:`MAX_PIECES`) as one start: their sum.

        >>> from gamecert.solvers.cutting.rules import SPLIT
        >>> CuttingInteractive(SPLIT).stress_test("1 2\\n3 3\\n", random.Random(0))
        '2\\n1 2\\n3 3\\n'
        """
        numbers = [int(t) for t in text.split()]
        pieces = list(zip(numbers[::2], numbers[1::2]))[:MAX_PIECES]
        return start_text(pieces) if pieces else None

    def first_wins(self, text: str, answer: str) -> bool:
        """One piece only: the judge answers each piece alone, so a sum's winner is not in its answer
        (:meth:`certify` certifies sums)."""
        if len(read_start(text)) != 1:
            raise CertificationError("a sum's winner is not in the per-piece answer; certify() certifies sums")
        return answer.split()[0] == self.rule.words[0]

    def certify(self, game: Game, case: TestCase, certify_case: CertifyCase) -> tuple[bool, tuple[str, ...]]:
        """The start certified as a sum by :func:`certify_start` (``certify_case`` answers each piece
        alone, so it cannot state a sum)."""
        return certify_start(game, self.rule, read_start(case.text), f"{case.group}/{case.name}")

    def play_engine(self, game: Game, text: str) -> NumberedPlay:
        return NumberedPlay(self.rule, " ".join(f"{a}x{b}" for a, b in read_start(text)))

    def move_line(self, engine: NumberedPlay, move: Cut) -> str:
        at = (move.at, 0) if move.direction == "horizontal" else (0, move.at)
        return f"{engine.numbers[move.piece]} {at[0]} {at[1]}"

    def read_line(self, engine: NumberedPlay, line: str) -> Cut:
        found = _MOVE.fullmatch(line)
        if found is None:
            raise Illegal(f"expected 'P R C' (three integers), got {line!r}")
        p, r, c = (int(g) for g in found.groups())
        if p not in engine.numbers:
            raise Illegal(f"piece {p} does not exist (pieces 1..{len(engine.numbers)})")
        if (r == 0) == (c == 0):
            raise Illegal("exactly one of R and C must be 0")
        i = engine.numbers.index(p)
        return engine.read_move(f"{i + 1} {'h' if r else 'v'} {r or c}")

    def can_move(self, engine: NumberedPlay) -> bool:
        """Whether a piece has a cut: the first cut found ends the search (a sum of many pieces has thousands)."""
        return next(engine.cuts(), None) is not None

    def mover_wins(self, engine: NumberedPlay) -> bool:
        return engine.value != 0
