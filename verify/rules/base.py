"""What every game from a rules file shares, whatever its kind: :class:`RulesFileGame`.

Each kind's game (:class:`~gamecert.verify.impartial.game.ImpartialRulesGame`,
:class:`~gamecert.verify.graph.game.GraphRulesGame`,
:class:`~gamecert.verify.general.game.GeneralRulesGame`,
:class:`~gamecert.verify.score.game.ScoreRulesGame`,
:class:`~gamecert.verify.partizan.game.PartizanRulesGame`) subclasses it and
adds its solver, answer, certificate, formulations and capabilities. It
imports nothing of any kind, so loading a rules file loads only its own kind.
"""

from __future__ import annotations

import shlex
from abc import abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from gamecert.solvers.rules.positions import parse_positions
from gamecert.solvers.rules.rules import Guard, Limits, RulesKind, shown_position
from gamecert.verify.capabilities import StressCases
from gamecert.verify.game import Capability, Game, Write, first_difference

I = TypeVar("I")
S = TypeVar("S")
C = TypeVar("C", bound=Capability)


class RulesFileGame(Game[I, S]):
    """A game from a rules file: its description and limits, how a command line names it, its capabilities
    built once, and the rules' own calls (``answer``, ``format``) run under a guard.

    >>> from gamecert.solvers.rules.rules import ImpartialRules
    >>> from gamecert.verify.impartial.game import ImpartialRulesGame
    >>> nim = ImpartialRulesGame(ImpartialRules("nim", "my nim.py", int, range), Limits())
    >>> nim.summary, nim.invocation
    ('rules file my nim.py (impartial, normal play)', "--rules 'my nim.py'")
    """

    compiled = False  # plain Python throughout
    #: What kind of game it is, in the summary's parentheses (``impartial, normal play``).
    about: str
    #: The rules file's description, of the kind's own class (each kind's game narrows it).
    rules: RulesKind

    def __init__(self, rules: RulesKind, limits: Limits) -> None:
        self.rules = rules
        self.limits = limits
        self.name = rules.name
        self.summary = f"rules file {rules.path} ({self.about})"
        self._capabilities: tuple[Capability, ...] | None = None
        self._made: dict[type[Capability], Capability] = {}  # each capability class made at most once

    @property
    def invocation(self) -> str:
        return f"--rules {shlex.quote(self.rules.path)}"

    @property
    def source(self) -> str:
        return self.rules.path

    def __getstate__(self) -> dict:
        # Capabilities are rebuilt where the game is unpickled (a Dask worker), not sent along.
        return self.__dict__ | {"_capabilities": None, "_made": {}}

    def small(self, instance: I) -> bool:
        return True  # plain Python throughout: nothing is compiled

    def capabilities(self) -> tuple[Capability, ...]:
        """:meth:`build_capabilities`, once per game: the stress cases keep the positions they list for the whole run."""
        if self._capabilities is None:
            self._capabilities = self.build_capabilities()
        return self._capabilities

    def capability(self, kind: type[C]) -> C | None:
        """The first of the kind's capabilities of class ``kind`` that applies, made alone: a command that asks
        for one capability does not make the others (the contest problem, the pictures, ...)."""
        for cls in self.capability_classes():
            if issubclass(cls, kind) and cls.applies(self):
                return self._make(cls)  # type: ignore[return-value]
        return None

    def build_capabilities(self) -> tuple[Capability, ...]:
        """Each of the kind's :meth:`capability_classes` that applies to this game (``cls.applies(game)``), made
        as ``cls(game)``, in the order the kind lists them (a command takes the first match)."""
        return tuple(self._make(cls) for cls in self.capability_classes() if cls.applies(self))

    def _make(self, cls: type[Capability]) -> Capability:
        made = self._made.get(cls)
        if made is None:
            made = self._made[cls] = cls(self)  # type: ignore[call-arg]
        return made

    @abstractmethod
    def capability_classes(self) -> tuple[type[Capability], ...]:
        """The kind's capability classes (pictures, play, positions, stress cases, claims, the contest problem, ...),
        each made from the game alone.

        A kind imports them inside this method, so that loading a rules file
        loads only its own kind's modules, and only when a command asks.
        """

    def answer_lines(self, answers: Iterable[tuple]) -> list[str]:
        """The rules' ``answer(*a)`` for each answer ``a``, each checked to be one line of text.

        >>> from gamecert.solvers.rules.rules import ImpartialRules
        >>> from gamecert.verify.impartial.game import ImpartialRulesGame
        >>> def answer(wins, value): return "First" if wins else "Second"
        >>> nim = ImpartialRules("nim", "nim.py", int, range, answer=answer)
        >>> ImpartialRulesGame(nim, Limits()).answer_lines([(True, 3), (False, 0)])
        ['First', 'Second']
        """
        out = []
        with Guard(self.rules, self.limits) as guard:
            for a in answers:
                guard.doing = ("answer", a)
                word = self.rules.answer(*a)
                if not isinstance(word, str) or "\n" in word:
                    raise guard.error("answer", a, f"returned {shown_position(word)}, expected one line of text")
                out.append(word)
        return out


class QueryRulesGame(RulesFileGame[I, S]):
    """A rules game that answers one line per query position: the answers compared query by query.

    Its input is a query position per line (the rules' ``parse``); its judge output :meth:`text`, by default
    the kind's :meth:`lines`, one per query.
    """

    def parse(self, text: str | bytes, source: str = "<input>", judge_limits: bool = True) -> I:
        return parse_positions(self.rules, text, source, self.limits)  # type: ignore[return-value]

    @abstractmethod
    def lines(self, solution: S) -> list[str]:
        """The judge's answer line of each query: the rules' ``answer``, else the kind's own words."""

    def text(self, solution: S) -> str:
        """The judge output: a line per query."""
        return "".join(line + "\n" for line in self.lines(solution))

    def write_answer(self, solution: S, write: Write) -> None:
        write(self.text(solution).encode())

    def queries(self, instance: I) -> Sequence[Any]:
        """The query positions of ``instance``, in order (the instance itself: a list of positions)."""
        return instance  # type: ignore[return-value]

    def refusals(self) -> dict[type[Capability], str]:
        """``stress`` without ``positions``: nothing to draw its cases from."""
        if self.rules.positions is not None:
            return {}
        return {StressCases: f"stress draws its cases from positions(size), which {self.rules.path} does not define (docs/rules.md)"}

    def verdict(self, answer: Any) -> str:
        """One query's answer (an item of :meth:`answer`) as a message shows it."""
        return str(answer)

    def explain(self, instance: I, fast: tuple, other: tuple) -> str:
        i = first_difference(fast, other)
        if i is None:
            return "answers agree"
        if i >= min(len(fast), len(other)):
            return f"{len(other)} answers, fast has {len(fast)}"
        shown = self.rules.show(self.queries(instance)[i])
        return f"query {i + 1} ({shown}): {self.verdict(other[i])}, fast says {self.verdict(fast[i])}"
