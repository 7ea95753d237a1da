"""What every kind of rules game shares about positions: an input's query positions, a sum of components."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from dataclasses import dataclass

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.rules import RULES_FAULTS, Guard, ImpartialRules, Limits, shown_position


@dataclass(frozen=True)
class Sum:
    """A misère sum of components: a multiset, hashable and independent of the components' order."""

    counts: frozenset  # of (component, multiplicity)

    @classmethod
    def of(cls, components: Iterable[Hashable]) -> Sum:
        return cls(frozenset(Counter(components).items()))

    def components(self) -> list[Hashable]:
        return [c for c, k in self.counts for _ in range(k)]

    def __repr__(self) -> str:
        return " + ".join(repr(c) for c in self.components()) or "0"


def parse_positions(
    rules: ImpartialRules, text: str | bytes, source: str = "<input>", limits: Limits | None = None
) -> list[Hashable]:
    """The query positions of an input: the rules' ``parse`` of every line (a final newline ends the last).

    What ``parse`` raises (``sys.exit`` too, and running past ``limits``) is
    bad input located at its line of ``source``, with the rules file's frames
    in the error's ``detail``.

    >>> from gamecert.solvers.rules.rules import ImpartialRules
    >>> parse_positions(ImpartialRules("nim", "nim.py", int, range), "3\\n4\\n")
    [3, 4]
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = text[: exc.start].count(b"\n") + 1
            raise RulesError(source, line, 1, "expected UTF-8 text") from None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    guard = Guard(rules, limits or Limits())
    out = []
    with guard:
        for number, line in enumerate(lines, 1):
            line = line.removesuffix("\r")
            try:
                position = guard.call("parse", line, rules.parse)
            except RulesError as found:
                raise _at_line(found, source, number) from None
            try:
                hash(position)
            except TypeError:
                raise RulesError(
                    source, number, 1,
                    f"parse returned the unhashable position {shown_position(position)} ({type(position).__name__}); "
                    "positions must be hashable, e.g. tuples",
                ) from None
            except RULES_FAULTS as exc:  # the position's own __hash__ failed
                raise _at_line(guard.failed(exc), source, number) from None
            out.append(position)
    return out


def _at_line(found: RulesError, source: str, number: int) -> RulesError:
    """``found`` (located in the rules file) moved to line ``number`` of the input being parsed; the rules
    file's frames, or the place it names, follow as detail."""
    return RulesError(source, number, 1, found.message, found.detail or f"  ({found.source}:{found.line})\n")
