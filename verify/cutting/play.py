"""Playing a sum of rectangle-cutting games against the Sprague–Grundy strategy.

The position is a list of pieces; a move cuts one piece in two (piece ``i``
becomes its two parts, numbered ``i`` and ``i + 1``). Every rule is played in
its normal-play form (docs/theory.md, "Split Game and Cutting Game"): a Split Game cut may not leave a
``1 x 1`` piece, a Cutting Game cut may not leave a side of length 1, and in
general a cut leaves parts at least the rule's least side wide. The
player to move wins iff the xor of the pieces' values is not 0, and then the
engine cuts to a position of xor 0.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from gamecert.solvers.cutting.rules import CuttingRule
from gamecert.solvers.cutting.solver import Cut, Piece, available_cuts, cutting_position, grundy_table, parse_position
from gamecert.verify.capabilities import PositionPlay
from gamecert.verify.engine.play import Illegal

_CUT = re.compile(r"\s*(\d+)\s+(h|v|horizontal|vertical)\s+(\d+)\s*", re.I)


class CuttingPlay:
    """A cutting-game position in progress; moves are typed ``PIECE h|v AT`` (``1 v 2``: cut piece 1 after column 2)."""

    def __init__(self, rule: CuttingRule, position: str) -> None:
        self.rule = rule
        self.pieces: list[Piece] = list(parse_position(position, rule, "--position"))
        self.table = grundy_table(rule, max(max(p.rows, p.cols) for p in self.pieces))

    def moves(self) -> list[Cut]:
        return list(self.cuts())

    def cuts(self) -> Iterator[Cut]:
        """Every cut of the position, piece by piece, as :meth:`moves` lists them (a sum of many pieces has thousands)."""
        for i, p in enumerate(self.pieces):
            for d, k, a, b in available_cuts(p, self.rule):
                yield Cut(i, d, k, (a, b))

    def read_move(self, text: str) -> Cut:
        found = _CUT.fullmatch(text)
        if found is None:
            raise Illegal(f"expected a cut 'PIECE h|v AT' such as '1 v 2', got {text.strip()!r}")
        i, d, k = int(found.group(1)), found.group(2)[0].lower(), int(found.group(3))
        if not 1 <= i <= len(self.pieces):
            raise Illegal(f"piece {i} does not exist (pieces 1..{len(self.pieces)})")
        p = self.pieces[i - 1]
        direction, side, line = ("horizontal", p.rows, "row") if d == "h" else ("vertical", p.cols, "column")
        if not 1 <= k < side:
            if side == 1:
                raise Illegal(f"piece {i} is {p}: it has one {line} and no {direction} cut")
            raise Illegal(f"piece {i} is {p}: a {direction} cut goes after {line} 1..{side - 1}")
        for dd, kk, a, b in available_cuts(p, self.rule):
            if dd == direction and kk == k:
                return Cut(i - 1, direction, k, (a, b))
        raise Illegal(self.rule.refusal)

    def play(self, cut: Cut) -> None:
        self.pieces[cut.piece : cut.piece + 1] = list(cut.parts)

    def engine_move(self) -> Cut:
        """A cut to xor 0 when there is one; otherwise the first legal cut."""
        s = cutting_position(tuple(self.pieces), self.rule, self.table)
        return s.move if s.move is not None else next(self.cuts())

    def describe(self, cut: Cut) -> str:
        line = "row" if cut.direction == "horizontal" else "column"
        return f"cut piece {cut.piece + 1} {cut.direction}ly after {line} {cut.at} ({cut.parts[0]} + {cut.parts[1]})"

    def state(self) -> str:
        return "pieces " + " ".join(f"{i + 1}:{p}" for i, p in enumerate(self.pieces))

    def opening(self, first: str, second: str) -> str:
        s = cutting_position(tuple(self.pieces), self.rule, self.table)
        if len(s.values) == 1:
            value = f"the Sprague-Grundy value of {self.pieces[0]} is {s.value}"
        else:
            value = f"the Sprague-Grundy values xor to {' xor '.join(str(v) for v in s.values)} = {s.value}"
        if s.move is not None:
            return f"The first mover ({first}) wins: {value}, not 0, so a cut to value 0 exists."
        return f"The first mover ({first}) loses, so {second} wins: {value}, and every cut leaves a value other than 0."


class CuttingPositionPlay(PositionPlay):
    """``gamecert play NAME --position PIECES``: a :class:`CuttingPlay` of one rule."""

    def __init__(self, rule: CuttingRule) -> None:
        self.rule = rule

    def position(self, text: str) -> CuttingPlay:
        return CuttingPlay(self.rule, text)
