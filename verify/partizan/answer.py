"""The answer every formulation of a partizan rules game returns: one :class:`Verdict` per query.

A verdict holds the outcome class and, where the formulation computes it, the
canonical form as a :func:`form_key` (nested frozensets, so two canonical
forms are equal keys exactly when they are the same game: canonical forms are
unique). A formulation that decides only outcomes (the general solver's) gives
no form, and its verdict is compared on the outcome alone.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gamecert.verify.partizan.certificate import Claimed
from gamecert.verify.partizan.compare import Forms

if TYPE_CHECKING:
    from gamecert.solvers.partizan.solver import PartizanSolution

#: The outcome classes and what each says.
OUTCOMES = {
    "L": "Left wins whoever starts",
    "R": "Right wins whoever starts",
    "N": "the player to move wins",
    "P": "the player to move loses",
}


@dataclass(frozen=True, eq=False)
class Verdict:
    """One query's answer: its outcome class, its canonical form's key (None: not computed) and the form as written.

    Two verdicts are equal when their outcomes are, and their forms too where
    both give one.

    >>> Verdict("N", None) == Verdict("N", frozenset()), Verdict("N", 1) == Verdict("N", 2)
    (True, False)
    """

    outcome: str
    form: Hashable | None = None
    shown: str = field(default="", compare=False)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Verdict):
            return NotImplemented
        return self.outcome == other.outcome and (self.form is None or other.form is None or self.form == other.form)

    def __hash__(self) -> int:
        return hash(self.outcome)

    def __str__(self) -> str:
        return f"{self.shown or '(no value)'} {self.outcome}" if self.form is not None else f"outcome {self.outcome}"


def form_key(pool: Forms, g: int) -> Hashable:
    """The form ``g`` of ``pool`` as nested frozensets ``(lefts, rights)``: equal keys are equal forms, whatever the pool.

    >>> pool = Forms()
    >>> form_key(pool, pool.zero)
    (frozenset(), frozenset())
    """
    return pool.fold(g, lambda lefts, rights: (frozenset(lefts), frozenset(rights)))


def claimed(solution: PartizanSolution) -> Claimed:
    """What a solution claims, as the plain data the checker reads (every component position's form, from the table)."""
    return Claimed(
        solution.queries, solution.parts, tuple(v.plain() for v in solution.values), solution.outcomes,
        {p: f.plain() for p, f in solution.table.items()},
    )


def value_text(form: object) -> str:
    """A canonical form in CGSuite's notation (the engine's writer)."""
    from gamecert.solvers.partizan.notation import notation

    return notation(form)


def form_text(form: object) -> str:
    """A form written with integers, dyadic fractions, braces, bars and commas only (the engine's writer)."""
    from gamecert.solvers.partizan.notation import plain_notation

    return plain_notation(form)


def form_writer() -> Callable[[object], str]:
    """:func:`form_text` for many forms, each subform written once across them all (the engine's writer)."""
    from gamecert.solvers.partizan.notation import PlainNotation

    return PlainNotation()
