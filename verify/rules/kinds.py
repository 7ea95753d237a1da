"""The kinds of rules file, one class each: the names a file of that kind defines, how its
description is read from the module, and the game it becomes.

:mod:`gamecert.verify.rules.load` reads a file's ``KIND`` (or infers it: a file
defining ``moves`` is impartial, one defining ``graph`` a token on a graph) and
looks the word up in :data:`KINDS`; nothing else reads ``KIND``. Each kind's
game class lives in its own package and is imported only when the game is built.
"""

from __future__ import annotations

import ast
import inspect
from abc import ABC, abstractmethod
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.rules import (
    GeneralRules,
    GraphRules,
    ImpartialRules,
    Limits,
    PartizanRules,
    RulesKind,
    ScoreRules,
    TurnRules,
)

if TYPE_CHECKING:
    from gamecert.verify.game import Game


@dataclass(frozen=True)
class Reader:
    """One rules module being read: its file, its game's name, and the claims it defines."""

    module: ModuleType
    path: str
    name: str
    claims: tuple[str, ...]

    def function(self, name: str, arguments: int, required: bool = False) -> Any:
        """The module-level function ``name`` taking ``arguments`` arguments (None when absent and optional)."""
        value = getattr(self.module, name, None)
        if value is None:
            if required:
                raise RulesError(self.path, 1, 1, f"expected a function {name}() in the rules file (docs/rules.md)")
            return None
        if not callable(value):
            why = f"expected {name} to be a function, got {type(value).__name__}"
            raise RulesError(self.path, self.bound_at(name), 1, why)
        try:
            inspect.signature(value).bind(*range(arguments))
        except TypeError:
            code = getattr(value, "__code__", None)
            line = code.co_firstlineno if code is not None else 1
            raise RulesError(self.path, line, 1, f"expected {name} to take {arguments} argument(s)") from None
        except ValueError:  # a builtin without a signature: called as it is
            pass
        return value

    def bound_at(self, name: str) -> int:
        """The line where the module-level ``name`` is last bound (1 when it cannot be read)."""
        return bound_at(self.module, name)

    @property
    def doc(self) -> str:
        return inspect.getdoc(self.module) or ""


def bound_at(module: ModuleType, name: str) -> int:
    """The line of a rules module where the module-level ``name`` is last bound (1 when it cannot be read)."""
    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError, SyntaxError):
        return 1
    line = 1
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets = node.targets
        else:
            targets = [node.target] if isinstance(node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            line = node.lineno
    return line


class Kind(ABC):
    """One kind of rules file."""

    #: The word a rules file gives as ``KIND``.
    word: ClassVar[str]
    #: The rule names a file of this kind may define; any other public function is a claim.
    names: ClassVar[tuple[str, ...]]

    @abstractmethod
    def describe(self, reader: Reader) -> RulesKind:
        """The frozen description of the module ``reader`` reads."""

    @abstractmethod
    def game(self, rules: Any, limits: Limits) -> Game:
        """The game every command works on."""


class ImpartialKind(Kind):
    word = "impartial"
    names = ("parse", "moves", "components", "format", "misere", "positions", "answer")

    def describe(self, reader: Reader) -> ImpartialRules:
        misere = getattr(reader.module, "misere", False)
        if not isinstance(misere, bool):
            raise RulesError(reader.path, reader.bound_at("misere"), 1, f"expected misere to be True or False, got {misere!r}")
        return ImpartialRules(
            name=reader.name, path=reader.path,
            parse=reader.function("parse", 1, required=True),
            moves=reader.function("moves", 1, required=True),
            components=reader.function("components", 1),
            format=reader.function("format", 1),
            misere=misere,
            positions=reader.function("positions", 1),
            answer=reader.function("answer", 2),
            claims=reader.claims,
            doc=reader.doc,
        )

    def game(self, rules: ImpartialRules, limits: Limits) -> Game:
        from gamecert.verify.impartial.game import ImpartialRulesGame

        return ImpartialRulesGame(rules, limits)


class GraphKind(Kind):
    word = "graph"
    names = ("parse", "graph", "instances", "format")

    def describe(self, reader: Reader) -> GraphRules:
        return GraphRules(
            name=reader.name, path=reader.path,
            parse=reader.function("parse", 1, required=True),
            graph=reader.function("graph", 1, required=True),
            instances=reader.function("instances", 1),
            format=reader.function("format", 1),
            claims=reader.claims,
            doc=reader.doc,
        )

    def game(self, rules: GraphRules, limits: Limits) -> Game:
        from gamecert.verify.graph.game import GraphRulesGame

        return GraphRulesGame(rules, limits)


class TurnKind(Kind):
    """General and score games: the same names, read the same way."""

    names = ("parse", "moves", "result", "player", "format", "positions", "answer", "starts", "output", "tier")
    description: ClassVar[type[TurnRules]]

    def describe(self, reader: Reader) -> TurnRules:
        starts, output = reader.function("starts", 1), reader.function("output", 2)
        if output is not None and starts is None:
            line = output.__code__.co_firstlineno if hasattr(output, "__code__") else 1
            raise RulesError(reader.path, line, 1, "expected starts(instance) beside output(instance, answers) (docs/rules.md)")
        return self.description(
            name=reader.name, path=reader.path,
            parse=reader.function("parse", 1, required=True),
            moves=reader.function("moves", 1, required=True),
            result=reader.function("result", 1),
            player=reader.function("player", 1),
            format=reader.function("format", 1),
            positions=reader.function("positions", 1),
            answer=reader.function("answer", 2),
            starts=starts,
            output=output,
            tier=reader.function("tier", 1),
            claims=reader.claims,
            doc=reader.doc,
        )


class GeneralKind(TurnKind):
    word = "general"
    description = GeneralRules

    def game(self, rules: GeneralRules, limits: Limits) -> Game:
        from gamecert.verify.general.game import GeneralRulesGame

        return GeneralRulesGame(rules, limits)


class ScoreKind(TurnKind):
    word = "score"
    description = ScoreRules

    def game(self, rules: ScoreRules, limits: Limits) -> Game:
        from gamecert.verify.score.game import ScoreRulesGame

        return ScoreRulesGame(rules, limits)


class PartizanKind(Kind):
    word = "partizan"
    names = ("parse", "left", "right", "components", "format", "positions", "answer")

    def describe(self, reader: Reader) -> PartizanRules:
        return PartizanRules(
            name=reader.name, path=reader.path,
            parse=reader.function("parse", 1, required=True),
            left=reader.function("left", 1, required=True),
            right=reader.function("right", 1, required=True),
            components=reader.function("components", 1),
            format=reader.function("format", 1),
            positions=reader.function("positions", 1),
            answer=reader.function("answer", 2),
            claims=reader.claims,
            doc=reader.doc,
        )

    def game(self, rules: PartizanRules, limits: Limits) -> Game:
        from gamecert.verify.partizan.game import PartizanRulesGame

        return PartizanRulesGame(rules, limits)


#: Every kind of rules file, by the word its ``KIND`` gives.
KINDS: dict[str, Kind] = {k.word: k for k in (ImpartialKind(), GraphKind(), GeneralKind(), ScoreKind(), PartizanKind())}


def game_of(rules: RulesKind, limits: Limits | None = None) -> Game:
    """The game of a rules description, whatever its kind."""
    return KINDS[rules.kind].game(rules, limits or Limits())
