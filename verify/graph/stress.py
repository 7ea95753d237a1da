"""Stress cases of a graph rules game: graphs its positions(size) list, as judge input."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.rules import GraphRules, Guard, Limits, shown_position
from gamecert.verify.capabilities import StressCases
from gamecert.verify.game import Game
from gamecert.verify.rules.stress import LOOKUP_POSITIONS, MAX_SINGLES, PER_SIZE, REPLACEMENTS, SMALL_SIZES, STRESS_HINT, RulesCall, drawn_size


class GraphStressCases(StressCases):
    """Stress cases of a token-on-a-graph rules game: one instance per input, from ``instances``.

    The text of an instance is ``format(instance)`` (the rules' ``format``,
    else a module-level ``format`` of the rules file), else the instance
    itself when it is text; ``parse`` must read it back as an equal instance.
    Edge cases: each instance of sizes 0 to :data:`SMALL_SIZES` alone, then the
    first instance of each larger size; a random case is an instance drawn
    from ``instances(s)`` for a random ``s <= size``; reductions are instances
    of smaller sizes, smallest first. Instances are written when used.
    """

    def __init__(self, game: Game) -> None:
        # ``game`` is a GraphRulesGame (its rules and limits).
        self.rules: GraphRules = game.rules
        self.limits: Limits = game.limits
        self._sizes: dict[int, tuple[Any, ...]] = {}  # size -> its first instances
        self._texts: dict[tuple[int, int], str] = {}  # (size, index) -> the instance's input
        self._size_of: dict[str, int] = {}  # the input of each instance written -> its size

    @classmethod
    def applies(cls, game: Game) -> bool:
        """Only where the rules define ``instances``: the cases are drawn from them."""
        return game.rules.instances is not None  # type: ignore[attr-defined]

    def of_size(self, size: int) -> tuple[Any, ...]:
        """The first :data:`PER_SIZE` instances ``instances(size)`` yields."""
        listed = self._sizes.get(size)
        if listed is None:
            try:
                with RulesCall(self.rules, self.limits, "instances", size) as guard:
                    result = self.rules.instances(size)
                    try:
                        found = iter(result)
                    except TypeError:
                        raise guard.error("instances", size, f"returned {shown_position(result)}, expected an iterable of instances") from None
                    listed = self._sizes[size] = tuple(itertools.islice(found, PER_SIZE))
            except RulesError as exc:
                hint = STRESS_HINT.format(function="instances")
                raise RulesError(exc.source, exc.line, exc.column, exc.message, exc.detail + f"  ({hint})\n") from None
        return listed

    def text(self, size: int, index: int) -> str:
        """The input of instance ``index`` of ``size``, checked to parse back as an equal instance (else a
        :class:`RulesError`)."""
        known = self._texts.get((size, index))
        if known is not None:
            return known
        instance = self.of_size(size)[index]
        write = self.rules.format
        with RulesCall(self.rules, self.limits, "format" if write is not None else "instances", instance):
            text = write(instance) if write is not None else instance
        why = None
        if not isinstance(text, str):
            why = (f"format(instance) is {shown_position(text)}, not text" if write is not None
                   else f"the instance {shown_position(instance)} is not text; define format(instance)")
        else:
            with RulesCall(self.rules, self.limits, "parse", text):
                back = self.rules.parse(text)
                if (back == instance) is not True:
                    why = f"parse reads {shown_position(text)} as {shown_position(back)}"
        if why is not None:
            path, line = Guard(self.rules, self.limits).where("instances")
            raise RulesError(path, line, 1, f"stress cannot write the instance {shown_position(instance)} as an input: {why}")
        self._texts[(size, index)] = text
        self._size_of.setdefault(text, size)
        return text

    def texts(self, size: int, count: int) -> list[str]:
        """The inputs of the first ``count`` instances of ``size``."""
        return [self.text(size, k) for k in range(min(count, len(self.of_size(size))))]

    def edge_cases(self, max_size: int) -> Iterator[tuple[str, str]]:
        singles = 0
        for size in range(min(max_size, SMALL_SIZES) + 1):
            for k, text in enumerate(self.texts(size, MAX_SINGLES - singles), 1):
                singles += 1
                yield f"size {size}, instance {k}", text
        for size in range(SMALL_SIZES + 1, max_size + 1):
            for text in self.texts(size, 1):
                yield f"the first instance of size {size}", text

    def random_case(self, rng: random.Random, size: int) -> str:
        s = drawn_size(rng, size, self.of_size)
        if not self.of_size(s):
            raise RulesError(self.rules.path, 1, 1, f"instances(size) yields no instance of any size up to {size}")
        return self.text(s, rng.randrange(len(self.of_size(s))))

    def size_of(self, text: str) -> int | None:
        """The smallest size whose instances include the one ``text`` holds, among the sizes up to the largest
        listed so far (those not listed yet are listed now), or None."""
        size = self._size_of.get(text)
        if size is not None:
            return size
        with RulesCall(self.rules, self.limits, "parse", text):
            try:
                instance = self.rules.parse(text)
            except Exception:  # noqa: BLE001 - not an input of the game: no size
                return None
        listed = 0
        for s in range(max(self._sizes, default=-1) + 1):
            if listed >= LOOKUP_POSITIONS:
                break
            found = self.of_size(s)
            listed += len(found)
            with RulesCall(self.rules, self.limits, "parse", text):
                if any((x == instance) is True for x in found):
                    return s
        return None

    def reductions(self, text: str) -> Iterator[str]:
        """Instances of smaller sizes, smallest first (of every size listed when ``text``'s size is unknown)."""
        size = self.size_of(text)
        below = size if size is not None else max(self._sizes, default=-1) + 1
        for s in range(below):
            for smaller in self.texts(s, REPLACEMENTS):
                if smaller != text:
                    yield smaller

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.rules.name}>"
