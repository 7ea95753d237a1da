"""Stress cases of games written as rules: inputs built from the rules' own ``positions(size)`` or ``instances(size)``.

``gamecert stress --rules FILE --candidate CMD`` needs what every game's stress
run needs (:class:`~gamecert.verify.capabilities.StressCases`): edge cases,
random cases and reductions. A rules game has them when its file enumerates
its positions:

* a game of one position per input line (:class:`LineStressCases`: impartial,
  general and score games) writes one position per input line, as the line ``format(position)`` (``str(position)`` when the
  rules give no ``format``), which must be what ``parse`` reads back; a
  generated position that cannot be written so stops the run with a
  :class:`~gamecert.solvers.errors.RulesError` saying so;
* a token-on-a-graph game (:class:`GraphStressCases`) writes one instance per
  input, as the rules' ``format(instance)``, or the instance itself when it is
  text, again read back by ``parse``.

Shrinking (delta debugging) drops lines, halves first, then single lines, and
then replaces one position by a smaller one: a position of a smaller size
(smallest first), or a move from it; so the first failure ends as the fewest
and smallest positions that still fail. Every call into the rules file runs
under a :class:`~gamecert.solvers.rules.rules.Guard`, one call at a time and
never across a ``yield``, so the solver's own guard is never nested in one.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.positions import parse_positions
from gamecert.solvers.rules.rules import Guard, Limits, RulesKind, shown_position
from gamecert.verify.capabilities import StressCases
from gamecert.verify.game import Game

#: Sizes whose positions (instances) each get an edge-case file of their own.
SMALL_SIZES = 2
#: At most this many single-position edge cases.
MAX_SINGLES = 12
#: Lines of an edge case holding many positions.
MAX_LINES = 200
#: Lines of a random case: 1 to this many positions.
RANDOM_LINES = 5
#: Positions (instances) of one size kept for stress: the first ones ``positions(size)`` yields.
PER_SIZE = 1_000
#: Positions of each smaller size tried in place of one position while shrinking.
REPLACEMENTS = 20
#: Said below an error of listing positions(size) or instances(size) for stress.
STRESS_HINT = (
    "stress lists {function}(s) for the sizes s up to --max-size; a smaller --max-size lists fewer, and a "
    "{function} that yields one at a time is cut at 1,000 per size"
)
#: Looking up a position's size lists at most this many positions.
LOOKUP_POSITIONS = 200_000


class RulesCall:
    """A ``with`` block that is one call ``function(argument)`` of a rules file, under its own guard.

    What the block raises of :data:`~gamecert.solvers.rules.rules.RULES_FAULTS`
    (the user's exceptions, the guard's stops) leaves it as a
    :class:`RulesError` located in the rules file; a ``RulesError`` passes as it
    is. The guard's timer is told of a new call before the error is built, so
    no late tick can interrupt the reporting.
    """

    def __init__(self, rules: RulesKind, limits: Limits, function: str, argument: Any) -> None:
        self.guard = Guard(rules, limits)
        self.function = function
        self.argument = argument

    def __enter__(self) -> Guard:
        self.guard.__enter__()
        self.guard.doing = (self.function, self.argument)
        return self.guard

    def __exit__(self, kind: object, exc: BaseException | None, tb: object) -> None:
        self.guard.doing = (self.function, self.argument)  # the fault is this call's
        self.guard.__exit__(kind, exc, tb)


def drawn_size(rng: random.Random, size: int, listed: Callable[[int], Sequence[Any]]) -> int:
    """A size drawn uniformly from 0 to ``size``; when it has nothing listed, the next smaller size that has
    (else the next larger one). Only the sizes looked at are listed.

    >>> drawn_size(random.Random(1), 9, lambda s: [s] if s % 4 == 0 else [])
    0
    """
    first = rng.randint(0, size)
    for s in itertools.chain(range(first, -1, -1), range(first + 1, size + 1)):
        if listed(s):
            return s
    return first


def lines_text(lines: list[str]) -> str:
    """Input lines as one text, each ended by a newline.

    >>> lines_text(["3", "4"])
    '3\\n4\\n'
    """
    return "".join(line + "\n" for line in lines)


class PositionCatalog:
    """The positions of each size of a rules game, listed once; each one's size and input line.

    ``per_size`` keeps the first positions of each size (None: all of them,
    counted against ``--max-positions``).
    """

    def __init__(self, rules: RulesKind, limits: Limits, per_size: int | None = PER_SIZE, hint: str = "") -> None:
        self.rules = rules
        self.limits = limits
        self.per_size = per_size
        self.hint = hint  # added below an error of positions(size)
        self._sizes: dict[int, tuple[Hashable, ...]] = {}
        self._size_of: dict[Hashable, int] = {}
        self._lines: dict[Hashable, tuple[str | None, str]] = {}
        self.listed = 0  # positions listed so far, over all sizes

    def of_size(self, size: int) -> tuple[Hashable, ...]:
        """The positions ``positions(size)`` yields (the first :attr:`per_size`), each checked hashable."""
        listed = self._sizes.get(size)
        if listed is not None:
            return listed
        try:
            out = self._list(size)
        except RulesError as exc:
            if not self.hint:
                raise
            raise RulesError(exc.source, exc.line, exc.column, exc.message, exc.detail + f"  ({self.hint})\n") from None
        listed = self._sizes[size] = tuple(out)
        self.listed += len(listed)
        for p in listed:
            self._size_of.setdefault(p, size)
        return listed

    def _list(self, size: int) -> list[Hashable]:
        rules = self.rules
        with RulesCall(rules, self.limits, "positions", size) as guard:
            result = rules.positions(size)
            try:
                found = iter(result)
            except TypeError:
                raise guard.error("positions", size, f"returned {shown_position(result)}, expected an iterable of positions") from None
            out = []
            for p in found if self.per_size is None else itertools.islice(found, self.per_size):
                try:
                    hash(p)
                except TypeError:
                    raise guard.error(
                        "positions", size, f"gave the unhashable position {shown_position(p)} ({type(p).__name__})"
                    ) from None
                out.append(p)
                if self.per_size is None:
                    guard.check_size(self.listed + len(out))
        return out

    def largest_listed(self) -> int:
        """The largest size listed so far (-1 before any)."""
        return max(self._sizes, default=-1)

    def size_of(self, position: Hashable) -> int | None:
        """The smallest size whose positions include ``position``, among the sizes up to the largest listed so
        far (the sizes a stress run uses; those not listed yet are listed now), or None."""
        for size in range(self.largest_listed() + 1):
            if position in self._size_of or self.listed >= LOOKUP_POSITIONS:
                break
            self.of_size(size)
        return self._size_of.get(position)

    def line(self, position: Hashable) -> str | None:
        """``position``'s input line: ``format(position)`` (else ``str``) when ``parse`` reads it back as
        ``position``; None when it does not (:meth:`written` says why)."""
        return self._line(position)[0]

    def written(self, position: Hashable) -> str:
        """``position``'s input line; a :class:`RulesError` when it has none (stress cannot write the position)."""
        text, why = self._line(position)
        if text is not None:
            return text
        rules = self.rules
        if rules.format is None:
            path, line = Guard(rules, self.limits).where("positions")
            advice = "define format(position) returning the line that parse reads back as the position"
        else:
            path, line = Guard(rules, self.limits).where("format")
            advice = "format(position) must return the line that parse reads back as the position"
        raise RulesError(
            path, line, 1,
            f"stress cannot write the position {shown_position(position)} as an input line: {why}; {advice}",
        )

    def _line(self, position: Hashable) -> tuple[str | None, str]:
        known = self._lines.get(position)
        if known is None:
            known = self._lines[position] = self._write(position)
        return known

    def _write(self, position: Hashable) -> tuple[str | None, str]:
        """``(line, "")``, or ``(None, why)``; a rules function that raises makes a position unwritable (the
        guard's timer still stops it)."""
        rules = self.rules
        called = "format(position)" if rules.format is not None else "str(position)"
        with RulesCall(rules, self.limits, "format" if rules.format is not None else "parse", position):
            try:
                text = rules.format(position) if rules.format is not None else str(position)
            except Exception as exc:  # noqa: BLE001 - the user's code: reported as the reason
                return None, f"{called} raised {type(exc).__name__}: {exc}"
        if not isinstance(text, str) or "\n" in text or "\r" in text:
            return None, f"{called} is {shown_position(text)}, not one line of text"
        with RulesCall(rules, self.limits, "parse", text):
            try:
                back = rules.parse(text)
                same = back == position
            except Exception as exc:  # noqa: BLE001 - the user's code: reported as the reason
                return None, f"{called} is {text!r}, and parse of it raised {type(exc).__name__}: {exc}"
        if same is not True:
            return None, f"{called} is {text!r}, which parse reads as {shown_position(back)}"
        return text, ""

    #: The rules functions that give a position's moves (a partizan catalog: ``left`` and ``right``).
    move_functions: tuple[str, ...] = ("moves",)

    def moves(self, position: Hashable) -> list[Hashable]:
        """The positions one move from ``position`` that are hashable; none from a function that raises on it
        (a position of an input line may be a sum that only its components can move in)."""
        out = []
        for function in self.move_functions:
            with RulesCall(self.rules, self.limits, function, position):
                try:
                    found = list(getattr(self.rules, function)(position))
                except Exception:  # noqa: BLE001 - no move candidates, not an error of the stress run
                    found = []
            for m in found:
                try:
                    hash(m)
                except TypeError:
                    continue
                out.append(m)
        return out

    def parse_lines(self, text: str) -> list[Hashable] | None:
        """The positions of an input's lines, or None when one does not parse."""
        try:
            return parse_positions(self.rules, text, "<case>")
        except RulesError:
            return None


class LineStressCases(StressCases):
    """Stress cases of a rules game with one position per input line (impartial, general, score): several
    positions per input, from ``positions``.

    Edge cases: every position of the sizes 0 up to ``max_size`` in one input
    (at most :data:`MAX_LINES` lines, whole sizes), each position of sizes 0 to
    :data:`SMALL_SIZES` alone, and every position of each size that the first
    input left out. A random case: 1 to :data:`RANDOM_LINES` lines, each a
    position drawn from ``positions(s)`` for a random ``s <= size``.
    """

    def __init__(self, game: Game) -> None:
        # ``game`` is a rules game whose positions are input lines (its rules and limits).
        self.game_name = game.name
        self.catalog = PositionCatalog(game.rules, game.limits, hint=STRESS_HINT.format(function="positions"))

    @classmethod
    def applies(cls, game: Game) -> bool:
        """Only where the rules define ``positions``: the cases are drawn from them."""
        return game.rules.positions is not None  # type: ignore[attr-defined]

    def edge_cases(self, max_size: int) -> Iterator[tuple[str, str]]:
        catalog = self.catalog
        lines: list[str] = []
        top = -1
        for size in range(max_size + 1):
            these = [catalog.written(p) for p in catalog.of_size(size)]
            if lines and len(lines) + len(these) > MAX_LINES:
                break
            lines += these[:MAX_LINES]
            top = size
        if lines:
            yield f"every position of sizes 0 to {top}", lines_text(lines)
        singles = 0
        for size in range(min(max_size, SMALL_SIZES) + 1):
            for p in catalog.of_size(size):
                if singles == MAX_SINGLES:
                    break
                singles += 1
                line = catalog.written(p)
                yield f"size {size}: {shown_position(line)}", lines_text([line])
        for size in range(top + 1, max_size + 1):
            these = catalog.of_size(size)[:MAX_LINES]
            if these:
                yield f"every position of size {size}", lines_text([catalog.written(p) for p in these])

    def random_case(self, rng: random.Random, size: int) -> str:
        catalog = self.catalog
        lines = []
        for _ in range(rng.randint(1, RANDOM_LINES)):
            found = catalog.of_size(drawn_size(rng, size, catalog.of_size))
            if found:
                lines.append(catalog.written(rng.choice(found)))
        return lines_text(lines)

    def reductions(self, text: str) -> Iterator[str]:
        """Fewer lines (halves first, then single lines), then one position replaced by a smaller one.

        Each reduction is strictly smaller in a well-founded order: fewer
        lines, or one line's position replaced by one of a smaller size (a
        position of no known size, a move's, counts as larger than every
        size, and is replaced by a move from it only while its own size is
        unknown, which ends as the game has no loop).
        """
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        positions = self.catalog.parse_lines(text)
        if positions is None or len(positions) != len(lines):
            return
        seen = {text}
        for smaller in itertools.chain(self._fewer(lines), self._replaced(lines, positions)):
            out = lines_text(smaller)
            if out not in seen:
                seen.add(out)
                yield out

    @staticmethod
    def _fewer(lines: list[str]) -> Iterator[list[str]]:
        """``lines`` without one chunk of consecutive lines, chunks of half the lines first, then smaller."""
        n = len(lines)
        chunk = n // 2
        while chunk >= 1:
            for start in range(0, n, chunk):
                kept = lines[:start] + lines[start + chunk :]
                if kept:
                    yield kept
            chunk = chunk // 2 if chunk > 1 else 0

    def _replaced(self, lines: list[str], positions: list[Hashable]) -> Iterator[list[str]]:
        """``lines`` with one position replaced: by positions of smaller sizes (smallest first), then by moves."""
        catalog = self.catalog
        for i, p in enumerate(positions):
            size = catalog.size_of(p)
            below = size if size is not None else catalog.largest_listed() + 1
            for s in range(below):
                for q in catalog.of_size(s)[:REPLACEMENTS]:
                    line = catalog.line(q)
                    if line is not None and line != lines[i]:
                        yield lines[:i] + [line] + lines[i + 1 :]
            for m in self.successors(p):
                moved = catalog.size_of(m)
                if size is not None and (moved is None or moved >= size):
                    continue  # only a move to a smaller size keeps the order well-founded
                line = catalog.line(m)
                if line is not None and line != lines[i]:
                    yield lines[:i] + [line] + lines[i + 1 :]

    def successors(self, position: Hashable) -> list[Hashable]:
        """Positions one move from ``position``, tried in its place while shrinking (a game that may loop gives none)."""
        return self.catalog.moves(position)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.game_name}>"
