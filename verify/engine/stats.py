"""A solved game summarised: its positions counted by value, its extremes, its branching factor.

``gamecert solve --rules FILE INPUT --stats`` prints a :class:`GameStats`
(``--json``: :meth:`GameStats.data`), ``gamecert show --rules FILE INPUT
--stats`` draws it as a histogram (:func:`stats_picture`). Each kind's game
computes one from its certified solve (the
:class:`~gamecert.verify.capabilities.Statistics` capability): the
certificate's table holds the value of every position reached from the
queries, so the counts are a pass over it, and the branching factor asks the
rules for each position's moves once more (as the certificate checker does).
No second solver runs.

What the rows count is the kind's: remoteness (general games: ``win N`` and
``lose N`` by ``N``, draws apart), the score (score games), the nim value
(impartial games under normal play; every position of a sum's components),
or the outcome class alone (partizan games: ``L``, ``R``, ``N``, ``P``).
This is the summary GamesmanOne's analysis prints for a solved game
(positions by outcome and remoteness, the longest win and loss), written here
for every kind.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from gamecert.verify.engine import svg as draw

#: How a histogram colours each outcome (the colours of the games' pictures).
COLOURS = {
    "win": draw.WIN, "lose": draw.LOSE, "draw": "#adb5bd", "score": draw.PART_A,
    "L": "#1d3557", "R": "#e63946", "N": draw.WIN, "P": draw.LOSE,
}


@dataclass(frozen=True)
class Example:
    """An extreme of the game and one position that has it, as the rules' ``format`` writes it."""

    what: str  # "longest win"
    value: str  # "win 9"
    position: str


@dataclass(frozen=True)
class GameStats:
    """The positions of a certified solve counted by value, its extremes, and its branching factor.

    ``counts`` holds ``(outcome, number, positions)``: how many positions have
    that value (``number`` is the remoteness, score or nim value the rows
    count, None where the outcome has none: a draw, an outcome class).
    ``moves`` counts the moves from every position, ``movers`` the positions
    with at least one move, ``most`` the most moves from one position.

    >>> s = GameStats("walk", "general", 1, "remoteness", ("win", "lose"), (("lose", 0, 1), ("win", 1, 1)), (), 1, 1, 1)
    >>> s.positions, s.branching, s.rows()
    (2, 1.0, [(0, {'lose': 1}), (1, {'win': 1})])
    """

    game: str
    kind: str
    queries: int
    measure: str  # what the rows count: "remoteness", "score", "nim value", "outcome class"
    outcomes: tuple[str, ...]  # the columns, in order
    counts: tuple[tuple[str, int | None, int], ...]
    examples: tuple[Example, ...]
    moves: int
    movers: int
    most: int
    about: str = "positions"  # what is counted ("component positions" of a sum)

    @property
    def positions(self) -> int:
        return sum(n for _, _, n in self.counts)

    @property
    def branching(self) -> float:
        """The mean number of moves from a position with a move (0 when none has)."""
        return self.moves / self.movers if self.movers else 0.0

    def rows(self) -> list[tuple[int | None, dict[str, int]]]:
        """The counts by row (numbers in order, then None) and outcome."""
        by: dict[int | None, dict[str, int]] = {}
        for outcome, number, n in self.counts:
            by.setdefault(number, {})[outcome] = n
        return sorted(by.items(), key=lambda kv: (kv[0] is None, kv[0] or 0))

    def by_outcome(self) -> dict[str, int]:
        """The positions of each outcome, in column order."""
        total = dict.fromkeys(self.outcomes, 0)
        for outcome, _, n in self.counts:
            total[outcome] += n
        return total

    def data(self) -> dict:
        """As JSON: every count, every extreme, the branching factor."""
        return {
            "game": self.game,
            "kind": self.kind,
            "queries": self.queries,
            "counted": self.about,
            "positions": self.positions,
            "measure": self.measure,
            "by_outcome": self.by_outcome(),
            "counts": [{"outcome": o, self.measure.replace(" ", "_"): k, "positions": n} for o, k, n in self.counts],
            "examples": [{"what": e.what, "value": e.value, "position": e.position} for e in self.examples],
            "moves": self.moves,
            "positions_with_moves": self.movers,
            "branching_factor": round(self.branching, 6),
            "most_moves": self.most,
        }

    def text(self) -> str:
        """A table of the counts, then the extremes and the branching factor, for people."""
        head = [f"{self.game}: {self.positions:,} {self.about} reached from {_plural(self.queries, 'query', 'queries')}, every value certified"]
        totals = self.by_outcome()
        head.append(", ".join(f"{o} {n:,}" for o, n in totals.items()))
        rows = self.rows()
        if all(k is None for k, _ in rows):  # outcome classes: one row each
            table = [[self.measure, "positions"], *([o, f"{totals[o]:,}"] for o in self.outcomes)]
        elif len(self.outcomes) == 1:
            table = [[self.measure, "positions"], *([_label(k), f"{sum(c.values()):,}"] for k, c in rows)]
        else:
            table = [[self.measure, *self.outcomes, "total"]]
            table += [[_label(k), *(f"{c.get(o, 0):,}" for o in self.outcomes), f"{sum(c.values()):,}"] for k, c in rows]
        widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
        lines = [*head, ""]
        for r in table:
            cells = [r[0].ljust(widths[0]), *(c.rjust(w) for c, w in zip(r[1:], widths[1:]))]
            lines.append("  ".join(cells).rstrip())
        lines.append("")
        lines.extend(f"{e.what}: {e.value}, e.g. {e.position}" for e in self.examples)
        ends = self.positions - self.movers
        lines.append(f"branching factor: {self.branching:.2f} moves per position with a move (most {self.most})")
        lines.append(f"{self.about} with no move: {ends:,}")
        return "\n".join(lines) + "\n"


def _plural(n: int, one: str, many: str) -> str:
    return f"{n:,} {one if n == 1 else many}"


def _label(k: int | None) -> str:
    return "-" if k is None else str(k)


class Tally:
    """Counts built position by position, with the first position met at each extreme.

    >>> t = Tally()
    >>> t.count("win", 3, "a"); t.count("win", 5, "b"); t.count("lose", 0, "c")
    >>> t.counts(("win", "lose")), t.extreme("win", max)
    ((('lose', 0, 1), ('win', 3, 1), ('win', 5, 1)), (5, 'b'))
    """

    def __init__(self) -> None:
        self._counts: dict[tuple[str, int | None], int] = {}
        self._first: dict[tuple[str, int | None], Hashable] = {}

    def count(self, outcome: str, number: int | None, position: Hashable) -> None:
        key = (outcome, number)
        self._counts[key] = self._counts.get(key, 0) + 1
        self._first.setdefault(key, position)

    def counts(self, outcomes: Iterable[str]) -> tuple[tuple[str, int | None, int], ...]:
        """``(outcome, number, positions)`` of ``outcomes`` only, by number (None last), then in their order."""
        order = {o: i for i, o in enumerate(outcomes)}
        keys = sorted((k for k in self._counts if k[0] in order), key=lambda k: (k[1] is None, k[1] or 0, order.get(k[0], len(order))))
        return tuple((o, k, self._counts[o, k]) for o, k in keys)

    def first(self, outcome: str, number: int | None = None) -> Hashable:
        """The first position met with this value."""
        return self._first[outcome, number]

    def extreme(self, outcome: str, pick=max) -> tuple[int, Hashable] | None:
        """The number ``pick`` chooses among the positions of ``outcome``, and the first position met with it."""
        numbers = [k for o, k in self._counts if o == outcome and k is not None]
        if not numbers:
            return None
        k = pick(numbers)
        return k, self._first[outcome, k]


@dataclass
class Branching:
    """The moves from each position, added up."""

    moves: int = 0
    movers: int = 0
    most: int = 0

    def add(self, degree: int) -> None:
        self.moves += degree
        self.movers += degree > 0
        self.most = max(self.most, degree)


#: The largest bar chart drawn in full width; more rows make thinner bars.
CHART_WIDTH = 720


def stats_picture(stats: GameStats) -> str:
    """The counts as a histogram (one bar per row, stacked by outcome), the extremes and branching under it, as SVG."""
    rows = stats.rows()
    if all(k is None for k, _ in rows):  # outcome classes: a bar each
        rows = [(None, {o: n}) for o, n in stats.by_outcome().items()]
        labels = list(stats.outcomes)
    else:
        labels = [_label(k) for k, _ in rows]
    bar = max(3.0, min(36.0, CHART_WIDTH / max(1, len(rows))))
    left, top, height = 70.0, 56.0, 240.0
    width = max(520.0, left + bar * len(rows) + 40)
    notes = [f"{e.what}: {e.value}, e.g. {e.position}" for e in stats.examples]
    notes.append(f"branching factor {stats.branching:.2f} (most {stats.most})")
    legend_y = top + height + 52
    picture = draw.Svg(width, legend_y + 22 * len(stats.outcomes) + 18 * len(notes) + 16, title=f"{stats.game}: {stats.measure}")
    picture.text(left, 24, f"{stats.game}: {stats.positions:,} {stats.about} by {stats.measure}", 15)
    peak = max((sum(c.values()) for _, c in rows), default=0) or 1
    picture.line(left, top + height, left + bar * len(rows), top + height)
    picture.line(left, top, left, top + height)
    for tick in (0, peak // 2, peak):
        y = top + height - height * tick / peak
        picture.text(left - 6, y + 4, f"{tick:,}", 11, anchor="end")
    every = max(1, round(28 / bar))  # a row label every so many bars
    for i, ((_, c), label) in enumerate(zip(rows, labels)):
        x, y = left + i * bar, top + height
        for outcome in stats.outcomes:
            n = c.get(outcome, 0)
            if n:
                h = height * n / peak
                y -= h
                picture.rect(x + bar * 0.1, y, bar * 0.8, h, fill=COLOURS.get(outcome, draw.PART_A), tooltip=f"{outcome if label == outcome else f'{outcome} {label}'}: {n:,}")
        if i % every == 0:
            picture.text(x + bar / 2, top + height + 16, label, 11, anchor="middle")
    picture.text(left + bar * len(rows) / 2, top + height + 34, stats.measure, 12, anchor="middle")
    y = picture.legend(left, legend_y, [(COLOURS.get(o, draw.PART_A), f"{o}: {n:,}") for o, n in stats.by_outcome().items()])
    picture.text_lines(left, y + 4, notes, 12)
    return picture.text_doc()


def certified(game: Any, instance: Any) -> Any:
    """The game's solution of ``instance``, its certificate checked (a failing one is gamecert's fault: SolverError)."""
    from gamecert.solvers.errors import SolverError

    solution = game.solve(instance)
    problems = game.certify(instance, solution)
    if problems:
        raise SolverError(f"the certificate fails: {problems[0]}")
    return solution
