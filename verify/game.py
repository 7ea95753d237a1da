"""What gamecert needs from a game: the :class:`Game` class and its :class:`Formulation` s.

A game is a subclass of :class:`Game`, generic over its instance type ``I``
(what :meth:`~Game.parse` returns) and its solution type ``S`` (what
:meth:`~Game.solve` returns). The class has a small core that every command
uses: parse, solve, write the judge answer, describe the answer as JSON, the
comparable answer, certify, explain, and the formulations. Whatever else a
command needs is a *capability* (:mod:`gamecert.verify.capabilities`), an
object of its own class that the game lists in :meth:`~Game.capabilities`;
a command finds it with :meth:`Game.capability`, an ``isinstance`` look-up.

A game lives in one folder of ``solvers/`` (its fast solver) and one of
``verify/`` (its ``game.py`` class, formulations, certificate, capabilities);
the registry (:mod:`gamecert.verify.registry`) lists it once.
"""

from __future__ import annotations

import io
import json
import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from gamecert.solvers import jit

I = TypeVar("I")  # a game's instance: what parse returns
S = TypeVar("S")  # a game's solution: what solve returns
A = TypeVar("A")  # an answer comparable by ==: what answer and every formulation return
C = TypeVar("C", bound="Capability")

#: ``write(data)``: where an answer's bytes go, chunk by chunk.
Write = Callable[[bytes], object]


@dataclass(frozen=True)
class Rate:
    """A measured cost: seconds per unit of an encoding's size, and the command that measured it.

    A formulation's :meth:`Formulation.predict` is ``rate.seconds(size)``, the
    size being whatever its running time grows with (vertex queries times
    nonzeros of the matrix, clauses times calls, ``growth ** n`` memo entries
    of an exponential search, ...), stated in :attr:`unit`. The rate is the
    largest seconds-per-unit that :attr:`measured_by` saw over its sizes, so a
    prediction errs on the slow side.

    >>> Rate(2e-6, "nonzero x vertex query", "python benchmarks/rates.py uvg").seconds(5e6)
    10.0
    """

    #: Seconds per unit of the encoding's size.
    seconds_per_unit: float
    #: What one unit is.
    unit: str
    #: The command (in ``benchmarks/``) that measured :attr:`seconds_per_unit`.
    measured_by: str

    def seconds(self, size: float) -> float:
        """The predicted seconds of an encoding of ``size`` units (``inf`` past a float's range)."""
        return self.seconds_per_unit * size

    def exponential(self, growth: float, exponent: float, scale: float = 1.0) -> float:
        """The predicted seconds of ``scale * growth ** exponent`` units, ``inf`` past a float's range.

        >>> Rate(1e-6, "memo entry", "-").exponential(2.0, 20) < 2.0, Rate(1.0, "memo entry", "-").exponential(2.0, 5000)
        (True, inf)
        """
        log = math.log(self.seconds_per_unit * scale) + exponent * math.log(growth)
        return math.exp(log) if log < 700 else math.inf


class Formulation(ABC, Generic[I, A]):
    """An independent way to answer a game's question.

    :meth:`run` returns an answer comparable by ``==`` with :meth:`Game.answer`
    of the fast solution. Heavy solver libraries (OR-Tools, python-sat) are
    imported inside :meth:`run`, so ``gamecert solve`` starts fast.

    Two different things keep a formulation from running on an instance:
    :meth:`fits` says it *cannot* (an LP that is integral only on bipartite
    graphs, given another graph), :meth:`predict` says how long it *would*
    take, and the cross-check skips it when that exceeds the time limit it
    was given. Limits are time, never a count of vertices or positions.
    """

    #: The formulation's name in reports (``ilp``, ``sat``, ``search``, ...).
    name: str

    @abstractmethod
    def fits(self, instance: I) -> str | None:
        """``None`` when the formulation can run on ``instance``, else why it never can (not a size limit:
        that is :meth:`predict`'s)."""

    def predict(self, instance: I) -> float | None:
        """The predicted seconds :meth:`run` takes on ``instance``; None when it is cheap or unknown.

        A measured :class:`Rate` (seconds per unit of the encoding's size)
        times the encoding's size on ``instance``; computing it must be
        quick, a small fraction of :meth:`run`. ``gamecert check --time-limit
        T`` skips the formulation when the prediction exceeds ``T`` and says
        so ("predicted 40 min > 60 s").
        """
        return None

    @abstractmethod
    def run(self, instance: I) -> A:
        """The answer, computed without the fast solver."""


class Capability(ABC):
    """Something a command needs of a game beyond its core (see :mod:`gamecert.verify.capabilities`)."""

    @classmethod
    def applies(cls, game: Game) -> bool:
        """Whether ``game`` offers this capability at all (a rules game builds it only then): by default, always.

        >>> Capability.applies(None)
        True
        """
        return True


class Game(ABC, Generic[I, S]):
    """One game: its core, its formulations and its capabilities.

    Subclasses set :attr:`name` and :attr:`summary` and implement the
    abstract methods; the concrete ones here derive from them.
    """

    #: The name typed on the command line (``maze``, ``split``, ...).
    name: str
    #: One line for ``--help`` and reports.
    summary: str
    #: Whether :meth:`solve` runs compiled (numba) kernels, which ``check`` compiles before timing any case.
    compiled: bool = True

    # -- the core ----------------------------------------------------------------------------

    @abstractmethod
    def parse(self, text: str | bytes, source: str = "<input>", judge_limits: bool = True) -> I:
        """The instance in judge-format ``text``; raises :class:`~gamecert.solvers.errors.InputError`
        at the offending position (also for input whose answer needs more memory than
        :func:`gamecert.solvers.textinput.memory_limit` allows)."""

    @abstractmethod
    def solve(self, instance: I) -> S:
        """The fast solver's solution, which carries its certificate."""

    @abstractmethod
    def write_answer(self, solution: S, write: Write) -> None:
        """Write the judge output, byte-exact, through ``write`` (in chunks when it is large)."""

    @abstractmethod
    def describe(self, solution: S) -> dict:
        """The answer and its certificate as a JSON document.

        Large arrays may be :class:`~gamecert.verify.engine.jsonstream.Rows`, so that
        :meth:`write_json` streams them; :meth:`to_json` gives the same document as
        plain Python data.
        """

    @abstractmethod
    def answer(self, solution: S) -> Any:
        """The answer in a form every formulation also returns, compared with ``==``."""

    @abstractmethod
    def certify(self, instance: I, solution: S) -> list[str]:
        """The certificate's violations (empty: the certificate holds), trusting nothing the solver computed."""

    @abstractmethod
    def explain(self, instance: I, fast: Any, other: Any) -> str:
        """Where another formulation's answer ``other`` differs from the fast answer ``fast``."""

    def formulations(self) -> tuple[Formulation, ...]:
        """The independent cross-checks, in the order reports list them."""
        return ()

    def small(self, instance: I) -> bool:
        """Whether plain-Python kernels finish ``instance`` (and everything written about it)
        before numba could even load."""
        return False

    def capabilities(self) -> tuple[Capability, ...]:
        """What else the game offers the commands (stress cases, pictures, play, ...)."""
        return ()

    def refusals(self) -> dict[type[Capability], str]:
        """Why the game offers no capability of some classes, by class, in one line: what a command needing one
        says instead of listing the games that have it (empty: nothing to add)."""
        return {}

    # -- derived -----------------------------------------------------------------------------

    def capability(self, kind: type[C]) -> C | None:
        """The game's capability of class ``kind`` (an ``isinstance`` match), or None."""
        for cap in self.capabilities():
            if isinstance(cap, kind):
                return cap
        return None

    @contextmanager
    def kernels(self, instance: I) -> Iterator[None]:
        """Run kernels as plain Python inside the block when :meth:`small` says so.

        Commands hold it around everything they compute for ``instance``:
        the solve, the answer written, the JSON, a picture.
        """
        with jit.python_kernels(self.small(instance)):
            yield

    def fast_solve(self, instance: I) -> S:
        """:meth:`solve` inside :meth:`kernels`."""
        with self.kernels(instance):
            return self.solve(instance)

    def format(self, solution: S) -> str:
        """The judge output as one string (:meth:`write_answer` collected)."""
        out = io.BytesIO()
        self.write_answer(solution, out.write)
        return out.getvalue().decode()

    def write_json(self, solution: S, write: Write) -> None:
        """Write :meth:`describe` as ``json.dumps`` would, streaming its large arrays."""
        from gamecert.verify.engine.jsonstream import write_json

        write_json(self.describe(solution), write)

    def to_json(self, solution: S) -> dict:
        """:meth:`describe` as plain Python data (what ``json.loads`` of :meth:`write_json` gives)."""
        out = io.BytesIO()
        self.write_json(solution, out.write)
        return json.loads(out.getvalue())

    @property
    def invocation(self) -> str:
        """How a command line names the game (``maze``; ``--rules FILE`` for a rules file)."""
        return self.name

    @property
    def source(self) -> str | None:
        """The file the game is read from (a rules file), or None for a game written in the package."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def first_difference(expected: tuple, got: tuple) -> int | None:
    """The first index where two sequences differ, or None when they are equal.

    >>> first_difference((1, 2, 3), (1, 5, 3)), first_difference((1,), (1, 2)), first_difference((), ())
    (1, 1, None)
    """
    for i, (a, b) in enumerate(zip(expected, got)):
        if a != b:
            return i
    return None if len(expected) == len(got) else min(len(expected), len(got))
