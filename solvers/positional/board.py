"""A game of claiming cells at one position, as plain data: :class:`ClaimBoard`.

Two players alternately claim one empty cell; a player who holds one of its
winning sets has won; a full board with no winner is a draw. Player 0 is the
player to move at this position, player 1 the opponent. A player's winning
sets are given either as ``lines`` (collections of cells, k-in-a-row) or as
``links``: cells joined by ``edges``, each player with two ``sides``; a
player wins when its cells join its two sides (Hex). Both are *monotone*:
a player holding more cells never holds fewer winning sets, so an extra
cell never hurts its holder (the fact the QBF encoding rests on).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

from gamecert.solvers.errors import GamecertError

#: Most cells a board may have (cells are bits of one machine word in the explicit solver).
MAX_CELLS = 62


@dataclass(frozen=True)
class ClaimBoard:
    """One position of a claiming game: cells, who holds what, and the winning sets.

    ``cells`` names the cells (as the rules give them), ``held[p]`` the
    indexes of the cells player ``p`` holds (0: to move). With ``lines``,
    ``lines[p]`` are player ``p``'s winning sets (tuples of cell indexes) and
    ``edges``/``sides`` are empty; with links, ``edges`` are pairs of cell
    indexes and ``sides[p]`` player ``p``'s two sides (tuples of indexes).

    >>> b = ClaimBoard.from_lines("abc", ("a",), (), [("a", "b")], [("b", "c")])
    >>> b.empty, b.winner()
    ((1, 2), None)
    """

    cells: tuple[Hashable, ...]
    held: tuple[tuple[int, ...], tuple[int, ...]]
    lines: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None = None
    edges: tuple[tuple[int, int], ...] = ()
    sides: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()

    @property
    def is_links(self) -> bool:
        return self.lines is None

    @property
    def empty(self) -> tuple[int, ...]:
        """Indexes of the empty cells, in cell order."""
        taken = set(self.held[0]) | set(self.held[1])
        return tuple(i for i in range(len(self.cells)) if i not in taken)

    @property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Per cell, the cells an edge joins it to (links; empty tuples for lines)."""
        out: list[set[int]] = [set() for _ in self.cells]
        for a, b in self.edges:
            out[a].add(b)
            out[b].add(a)
        return tuple(tuple(sorted(s)) for s in out)

    def wins(self, player: int, cells: Iterable[int]) -> bool:
        """Whether holding ``cells`` is a win for ``player`` (a winning set held, or its sides joined)."""
        have = set(cells)
        if self.lines is not None:
            return any(all(c in have for c in line) for line in self.lines[player])
        start, goal = self.sides[player]
        seen = [c for c in start if c in have]
        reached = set(seen)
        nbrs = self.neighbours
        while seen:  # an explicit stack: a flood fill through held cells
            c = seen.pop()
            for d in nbrs[c]:
                if d in have and d not in reached:
                    reached.add(d)
                    seen.append(d)
        return any(c in reached for c in goal)

    def winner(self) -> int | None:
        """The player who holds a winning set now (0 or 1), or None; both at once is bad input."""
        won = [p for p in (0, 1) if self.wins(p, self.held[p])]
        if len(won) == 2:
            raise GamecertError("both players hold a winning set")
        return won[0] if won else None

    def claim(self, cell: int) -> ClaimBoard:
        """The position after the player to move claims ``cell``: the players swap roles."""
        return ClaimBoard(
            self.cells,
            (self.held[1], tuple(sorted((*self.held[0], cell)))),
            None if self.lines is None else (self.lines[1], self.lines[0]),
            self.edges,
            (self.sides[1], self.sides[0]) if self.sides else (),
        )

    @staticmethod
    def from_lines(
        cells: Iterable[Hashable],
        mine: Iterable[Hashable],
        theirs: Iterable[Hashable],
        my_lines: Iterable[Iterable[Hashable]],
        their_lines: Iterable[Iterable[Hashable]],
    ) -> ClaimBoard:
        """A board from cell names (what a rules file's ``board`` and ``lines`` give)."""
        names, index = _index(cells)
        held = (_indexes(mine, index, "mine"), _indexes(theirs, index, "theirs"))
        _disjoint(held, names)
        sets = tuple(
            tuple(sorted({tuple(sorted(set(_indexes(line, index, "a line")))) for line in lines}))
            for lines in (my_lines, their_lines)
        )
        for p, player_sets in enumerate(sets):
            if any(not s for s in player_sets):
                raise GamecertError(f"an empty winning set for {('the player to move', 'the opponent')[p]}")
        return ClaimBoard(names, held, (sets[0], sets[1]))

    @staticmethod
    def from_links(
        cells: Iterable[Hashable],
        mine: Iterable[Hashable],
        theirs: Iterable[Hashable],
        edges: Iterable[tuple[Hashable, Hashable]],
        my_sides: tuple[Iterable[Hashable], Iterable[Hashable]],
        their_sides: tuple[Iterable[Hashable], Iterable[Hashable]],
    ) -> ClaimBoard:
        """A board from cell names (what a rules file's ``board`` and ``links`` give)."""
        names, index = _index(cells)
        held = (_indexes(mine, index, "mine"), _indexes(theirs, index, "theirs"))
        _disjoint(held, names)
        pairs = set()
        for edge in edges:
            try:
                a, b = edge
            except (TypeError, ValueError):
                raise GamecertError(f"an edge is a pair of cells, got {edge!r}") from None
            ia, ib = _indexes((a, b), index, "an edge")
            if ia != ib:
                pairs.add((min(ia, ib), max(ia, ib)))
        sides = []
        for who, two in (("my_sides", my_sides), ("their_sides", their_sides)):
            two = tuple(two)
            if len(two) != 2:
                raise GamecertError(f"{who} is two collections of cells, got {len(two)}")
            sides.append(tuple(tuple(sorted(set(_indexes(side, index, who)))) for side in two))
        return ClaimBoard(names, held, None, tuple(sorted(pairs)), (sides[0], sides[1]))


def _index(cells: Iterable[Hashable]) -> tuple[tuple[Hashable, ...], dict[Hashable, int]]:
    names = tuple(cells)
    index = {c: i for i, c in enumerate(names)}
    if len(index) != len(names):
        raise GamecertError("a cell is listed twice in cells")
    if not names:
        raise GamecertError("a board has at least one cell")
    if len(names) > MAX_CELLS:
        raise GamecertError(f"{len(names)} cells > {MAX_CELLS}")
    return names, index


def _indexes(cells: Iterable[Hashable], index: dict[Hashable, int], what: str) -> tuple[int, ...]:
    out = []
    for c in cells:
        try:
            out.append(index[c])
        except (KeyError, TypeError):
            raise GamecertError(f"{what} names {c!r}, which is not one of the board's cells") from None
    return tuple(sorted(out))


def _disjoint(held: tuple[tuple[int, ...], tuple[int, ...]], names: tuple[Hashable, ...]) -> None:
    both = set(held[0]) & set(held[1])
    if both:
        raise GamecertError(f"cell {names[min(both)]!r} is held by both players")
    for p in (0, 1):
        if len(set(held[p])) != len(held[p]):
            raise GamecertError("a cell is held twice")
