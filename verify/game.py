"""What gamecert needs from a game: the :class:`Game` entry and the pieces it is made of.

A game lives in one folder of ``solvers/`` (its fast solver) and one of
``verify/`` (its ``game.py`` entry, formulations, certificate, generator, case
writer and audits). Its entry is listed once, in :mod:`gamecert.verify.registry`;
every command derives its choices from there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from gamecert.solvers import jit

if TYPE_CHECKING:
    import random


@dataclass(frozen=True)
class Formulation:
    """An independent way to answer a game's question.

    ``fits(instance)`` is ``None`` when the formulation should run on the
    instance, else the reason it is skipped; ``run(instance)`` returns an
    answer comparable by ``==`` with :attr:`Game.answer` of the fast solution.
    Heavy solver libraries (OR-Tools, python-sat) are imported inside ``run``,
    so ``gamecert solve`` starts fast.
    """

    name: str
    fits: Callable[[Any], str | None]
    run: Callable[[Any], Any]


class Generator(Protocol):
    """Stress cases of one game, as ``gamecert stress`` uses them.

    The stress engine (:mod:`gamecert.verify.engine.stress`) never looks
    inside a game beyond these three methods.
    """

    def edge_cases(self, max_size: int) -> Iterator[tuple[str, str]]:
        """``(family name, judge-format input)`` for the edge-case families, every text within ``max_size``."""
        ...

    def random_case(self, rng: random.Random, size: int) -> str:
        """A valid judge-format input whose size knob is at most ``size``, deterministic given ``rng``."""
        ...

    def reductions(self, text: str) -> Iterator[str]:
        """Delta-debugging candidates: valid inputs strictly smaller than ``text``, coarse cuts first."""
        ...


@dataclass(frozen=True)
class AuditResult:
    """One audit: the claim, the cases it covered, the time, the first counterexample.

    ``cases`` counts the cases checked (on a failure, up to and including the
    failing one); ``covered`` names them, e.g. ``"graphs up to 6 vertices"``.
    """

    name: str
    claim: str
    cases: int
    seconds: float
    counterexample: str | None
    covered: str = "cases"

    @property
    def ok(self) -> bool:
        return self.counterexample is None

    def line(self) -> str:
        """The one-line summary ``gamecert audit`` prints; the time is last, in parentheses."""
        if self.ok:
            return f"{self.name}: {self.cases:,} {self.covered} agree ({self.seconds:.1f} s)"
        return f"{self.name}: FAILED at case {self.cases:,} of {self.covered} ({self.seconds:.1f} s)"

    def report(self) -> str:
        """The summary line, and on a failure the claim and the counterexample, indented."""
        if self.ok:
            return self.line() + "\n"
        body = f"claim: {self.claim}\ncounterexample: {self.counterexample}"
        return self.line() + "\n" + "".join(f"  {row}\n" for row in body.splitlines())


@dataclass(frozen=True)
class Audit:
    """A theorem checked against the literal rules on many cases.

    ``run(**params)`` returns an :class:`AuditResult`; ``quick`` holds the
    smaller parameters of ``gamecert audit --quick``; a ``seeded`` audit also
    takes ``seed``.
    """

    name: str
    run: Callable[..., AuditResult]
    quick: Mapping[str, Any] = field(default_factory=dict)
    seeded: bool = False

    def __call__(self, seed: int = 0, quick: bool = False) -> AuditResult:
        params = dict(self.quick) if quick else {}
        if self.seeded:
            params["seed"] = seed
        return self.run(**params)


@dataclass(frozen=True)
class Pictures:
    """How ``gamecert show`` and the HTML report draw a game (SVG text).

    ``draw(instance, solution, focus)`` draws the answer and its proof;
    ``focus`` is the value of the option named :attr:`focus` (``--cell``,
    ``--vertex``), a start whose own proof is added, or None.
    ``position(text)`` draws a position given on the command line (cutting
    games: ``--position '3x5 1x6'``).
    """

    draw: Callable[[Any, Any, str | None], str]
    focus: str | None = None
    position: Callable[[str], str] | None = None


@dataclass(frozen=True)
class Play:
    """How ``gamecert play`` sets up a game against the certified strategy.

    ``start(instance, start)`` (matching games, ``--start``) or
    ``position(text)`` (cutting games, ``--position``) returns a play engine
    for :func:`gamecert.verify.engine.play.play_game`.
    """

    start: Callable[[Any, str], Any] | None = None
    position: Callable[[str], Any] | None = None


@dataclass(frozen=True)
class Exhaustive:
    """A game's exhaustive family: every case up to a size ``N``, as campaign shards.

    ``load()`` imports and returns the family's module on first use (see
    :mod:`gamecert.verify.engine.exhaustive` for what it provides); its
    functions get ``variant`` as keyword arguments (e.g. the cutting rule);
    ``size`` says what ``N`` counts (``vertices``, ``board side``, ...), for
    help and messages; ``stress`` says whether the module also gives the
    cases as judge input for ``gamecert stress --exhaustive``.
    """

    load: Callable[[], ModuleType]
    size: str
    variant: Mapping[str, Any] = field(default_factory=dict)
    stress: bool = False


@dataclass(frozen=True)
class Game:
    """Everything gamecert does with one game.

    parse(text, source, judge_limits) -> instance   (raises InputError, also for input whose
                                                     answer needs more memory than
                                                     solvers.textinput.memory_limit allows)
    solve(instance) -> solution                     (the fast solver)
    format(solution) -> str                         (byte-exact judge output)
    write_answer(solution, write)                   (optional: format, written in chunks)
    to_json(solution) -> dict                       (answer, values, certificate)
    json_stream(solution) -> dict                   (optional: to_json with its big arrays as
                                                     engine.jsonstream.Rows, for streaming)
    answer(solution) -> comparable answer
    certify(instance, solution) -> list[str]        (certificate violations)
    explain(instance, fast, other) -> str           (where another answer differs from fast)
    formulations                                    (independent cross-checks)
    solve_position(text) -> dict                    (optional: a position given on
                                                     the command line, e.g. a sum of pieces)
    small(instance) -> bool                         (optional: solve with plain-Python
                                                     kernels, quicker than loading numba)
    generator                                       (optional: stress cases, a :class:`Generator`)
    audits                                          (the game's theorem audits)
    export_start(instance, vertex, source)          (optional: one start vertex of a UVG
                                                     game, for ``gamecert export``)
    pictures                                        (optional: :class:`Pictures`, for
                                                     ``gamecert show`` and ``check --html``)
    play                                            (optional: :class:`Play`, for ``gamecert play``)
    solve_from(instance, token, visited, source)    (optional: a mid-game position, for
                                                     ``gamecert solve --from V --visited FILE``)
    exhaustive                                      (optional: every case up to a size, an
                                                     :class:`Exhaustive`, for ``--exhaustive N``)
    contest()                                       (optional: the game's contest problem for
                                                     ``gamecert package``, imported only there)
    """

    name: str
    summary: str
    parse: Callable[[str | bytes, str, bool], Any]
    solve: Callable[[Any], Any]
    format: Callable[[Any], str]
    to_json: Callable[[Any], dict]
    answer: Callable[[Any], Any]
    certify: Callable[[Any, Any], list[str]]
    explain: Callable[[Any, Any, Any], str]
    formulations: tuple[Formulation, ...] = ()
    solve_position: Callable[[str], dict] | None = None
    small: Callable[[Any], bool] = lambda instance: False
    generator: Generator | None = None
    audits: tuple[Audit, ...] = ()
    export_start: Callable[[Any, str | None, str], Any] | None = None
    pictures: Pictures | None = None
    play: Play | None = None
    solve_from: Callable[[Any, str, str, str], str] | None = None
    exhaustive: Exhaustive | None = None
    write_answer: Callable[[Any, Callable[[bytes], object]], None] | None = None
    json_stream: Callable[[Any], dict] | None = None
    contest: Callable[[], Any] | None = None

    def fast_solve(self, instance: Any) -> Any:
        """:attr:`solve`, run as plain Python when :attr:`small` says numba is not worth loading."""
        with jit.python_kernels(self.small(instance)):
            return self.solve(instance)


def first_difference(expected: tuple, got: tuple) -> int | None:
    """The first index where two sequences differ, or None when they are equal.

    >>> first_difference((1, 2, 3), (1, 5, 3)), first_difference((1,), (1, 2)), first_difference((), ())
    (1, 1, None)
    """
    for i, (a, b) in enumerate(zip(expected, got)):
        if a != b:
            return i
    return None if len(expected) == len(got) else min(len(expected), len(got))
