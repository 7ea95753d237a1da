"""A rules file's contest problem: ``gamecert package --rules FILE`` for an impartial, general, score or
partizan game with ``positions``.

A user's game has no C++ reference or validator written apart from
gamecert, so the package carries two standalone Python 3 programs generated
from the rules file (Kattis problemtools runs Python 3 submissions and
validators): a reference written apart from gamecert's solver
(:mod:`~gamecert.verify.impartial.contest.reference`, a second Sprague–Grundy
search, for an impartial game; :mod:`~gamecert.verify.general.contest.general_reference`,
a second retrograde analysis, for a general game;
:mod:`~gamecert.verify.score.contest.score_reference`, memoized minimax, for a
score game; :mod:`~gamecert.verify.partizan.contest.partizan_reference`, canonical
forms by Conway's definitions, for a partizan game), and :mod:`~gamecert.verify.rules.contest.validator`, which reads every line with
the rules' ``parse`` and checks it is one of the package's positions. Each
embeds the rules file's source, so the package needs nothing but Python 3;
a rules file packaged this way must be self-contained (the standard library only).

The statement starts with the rules file's docstring and shows the rules
file itself. Test data comes from the rules' ``positions(size)``, sizes
0, 1, 2, ... (:data:`FIRST_SIZE` on) as long as every position of a size can be listed
and solved within the package size's :class:`Scale`; the largest size
reached is the statement's limit. Secret groups: ``every`` (every position
of every size, in files of at most the line limit), ``random`` (random
positions of every size) and ``largest`` (the largest sizes' positions, and
the largest size's repeated up to the line limit).
"""

from __future__ import annotations

import itertools
import os
import random
import re
import sys
from abc import abstractmethod
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from importlib.resources import files
from typing import TYPE_CHECKING

from gamecert.solvers.errors import RulesError
from gamecert.solvers.rules.rules import Guard
from gamecert.verify.capabilities import Contest
from gamecert.verify.engine.problem import ContestProblem, TestCase, Unseen
from gamecert.verify.errors import PackageError

if TYPE_CHECKING:
    from gamecert.verify.game import Game

#: The smallest size ``positions`` is asked for (docs/rules.md: sizes 0, 1, 2, ...).
FIRST_SIZE = 0
#: Lines of the sample.
SAMPLE_LINES = 5
#: A line of a program template that gamecert fills in: ``NAME = ...  # gamecert: what it is``.
_MARKED = re.compile(r"^([A-Z_]+) = .*  # gamecert:")


@dataclass(frozen=True)
class Scale:
    """How far a package of one size goes: sizes asked for, positions listed per size, positions the
    solver may store for one size, lines per input file, random files."""

    max_size: int
    per_size: int
    budget: int
    lines: int
    random_files: int


SCALES = {
    "small": Scale(max_size=8, per_size=200, budget=20_000, lines=100, random_files=2),
    "judge": Scale(max_size=200, per_size=2_000, budget=500_000, lines=1_000, random_files=4),
}


@dataclass(frozen=True)
class Plan:
    """The positions of a package: ``(size, position)`` in size order, each position's input line, the
    largest size, the line limit, and why no larger size was taken."""

    positions: tuple[tuple[int, Hashable], ...]
    lines_of: dict
    max_size: int
    lines: int
    stop: str


def package_plan(game: Game, scale: Scale, reached: Callable[[list], int]) -> Plan:
    """Every position of sizes ``FIRST_SIZE..N`` of the rules' ``positions``, for the largest ``N`` the scale allows;
    ``reached(queries)`` is how many positions the game's solver stores to answer ``queries``.

    Notes
    -----
    A size can be taken when ``positions(size)`` lists at most
    ``scale.per_size`` positions; ``N`` is the largest such size (up to
    ``scale.max_size``, every size below it listable too) for which the
    solver stores at most ``scale.budget`` positions to answer every position
    of sizes up to ``N``. That count grows with ``N``, so ``N`` is found by
    doubling, then halving the interval: ``O(log N)`` solves, none much
    larger than the last one taken. Each position taken must be written as a
    line (``format``, else ``str``) that ``parse`` reads back as itself.
    """
    rules = game.rules
    listed: list[list[Hashable]] = []  # listed[k]: the positions of size FIRST_SIZE + k
    stop = f"the package size's largest size, {scale.max_size}"
    for size in range(FIRST_SIZE, scale.max_size + 1):
        with Guard(rules, game.limits) as guard:
            guard.doing = ("positions", size)
            found = list(itertools.islice(rules.positions(size), scale.per_size + 1))
        if len(found) > scale.per_size:
            stop = f"positions({size}) lists more than {scale.per_size} positions"
            break
        for p in found:
            try:
                hash(p)
            except TypeError:
                raise PackageError(f"positions({size}) gave the unhashable position {p!r}") from None
        listed.append(list(dict.fromkeys(found)))

    def fits(count: int) -> bool:  # the positions of the first ``count`` sizes need at most the budget
        queries = list(dict.fromkeys(p for ps in listed[:count] for p in ps))
        return not queries or reached(queries) <= scale.budget

    # Invariant: the first ``good`` sizes fit, the first ``bad`` do not (or are more than were listed).
    good, bad, step = 0, len(listed) + 1, 1
    while bad - good > 1:
        probe = min(good + step, bad - 1)
        if fits(probe):
            good, step = probe, step * 2
        else:
            bad, step = probe, 1
    if good < len(listed):
        stop = f"the positions of sizes up to {FIRST_SIZE + good} reach more than {scale.budget:,} positions"
    lines_of: dict[Hashable, str] = {}
    taken: list[tuple[int, Hashable]] = []
    for k in range(good):
        for p in listed[k]:
            if p not in lines_of:  # each position once, at its first size
                taken.append((FIRST_SIZE + k, _checked(game, p, lines_of)))
    if not taken:
        raise PackageError(f"the rules' positions() give no position a package can use ({stop})")
    return Plan(tuple(taken), lines_of, FIRST_SIZE + good - 1, scale.lines, stop)


def _checked(game: Game, position: Hashable, lines_of: dict) -> Hashable:
    """``position``, its input line recorded in ``lines_of``; a PackageError unless ``parse`` reads it back."""
    rules = game.rules
    try:
        hash(position)
    except TypeError:
        raise PackageError(f"positions() gave the unhashable position {position!r}") from None
    if position in lines_of:
        return position
    writer = "format" if rules.format is not None else "str (the rules give no format)"
    need = "a package needs format(position) to write each position as the line parse reads"
    with Guard(rules, game.limits) as guard:
        guard.doing = ("format", position)
        line = rules.format(position) if rules.format is not None else str(position)
    if not isinstance(line, str) or "\n" in line or "\r" in line:
        raise PackageError(f"{writer} writes the position {position!r} as {line!r}, not one line of text; {need}")
    try:
        with Guard(rules, game.limits) as guard:
            guard.doing = ("parse", line)
            back = rules.parse(line)
    except RulesError as exc:
        raise PackageError(f"{writer} writes the position {position!r} as {line!r}, and {exc.message}; {need}") \
            from None
    if back != position:
        raise PackageError(
            f"{writer} writes the position {position!r} as {line!r}, which parse reads as {back!r}; {need}"
        )
    lines_of[position] = line
    return position


def _latex(text: str) -> str:
    """Plain text as LaTeX text: its special characters escaped, paragraphs kept."""
    special = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
               "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}
    return "".join(special.get(ch, ch) for ch in text)


def filled(template: str, values: dict[str, object]) -> str:
    """A program template with each line marked ``# gamecert:`` set to ``NAME = repr(value)``.

    >>> filled('X = 0  # gamecert: the answer\\nY = 1\\n', {"X": 42})
    'X = 42\\nY = 1\\n'
    """
    out = []
    for line in template.splitlines(keepends=True):
        marked = _MARKED.match(line)
        if marked:
            line = f"{marked.group(1)} = {values[marked.group(1)]!r}\n"
        out.append(line)
    return "".join(out)


class RulesProblem(ContestProblem):
    """The contest problem of one rules game with ``positions``; each kind's subclass (in ``verify/<kind>/contest/``)
    says how its solver counts positions and what the statement says of play and output.

    Its statement, validator and reference are generated; they state the
    limits of the package last planned (:meth:`cases` plans one), so a
    package writer asks for them after the cases. A kind's problem
    (:class:`TurnRulesProblem`) says how its solver counts the positions it
    stores (:meth:`reached`) and what its statement says of play and output.
    """

    statement = "statement.tex"
    validator = "validator.py"
    reference = "reference.py"

    def __init__(self, game: Game) -> None:
        self.rules_game = game
        rules = game.rules
        self.game = game.name
        self.title = game.name.replace("_", " ").replace("-", " ").title()
        self.source = f"gamecert rules file {os.path.basename(rules.path)}"
        self.sample_note = "the first positions of the rules' smallest sizes (a user's game has no published sample)"
        self.groups = (
            ("every", "every position of every size the package takes, in size order"),
            ("random", "random positions of every size"),
            ("largest", "the positions of the largest sizes, and the largest size's repeated up to the line limit"),
        )
        self.plan: Plan | None = None
        try:
            with open(rules.path, encoding="utf-8") as f:
                self.rules_source = f.read()
        except (OSError, UnicodeDecodeError) as exc:
            raise PackageError(f"cannot read the rules file {rules.path}: {exc}") from None
        if r"\end{verbatim}" in self.rules_source:
            raise PackageError("the rules file contains \\end{verbatim}, which the statement cannot show verbatim")

    def cases(self, size: str, seed: int) -> Iterator[TestCase]:
        """The sample, then the secret groups; plans the package first (see :func:`package_plan`)."""
        scale = SCALES[size]
        plan = self.plan = package_plan(self.rules_game, scale, self.reached)
        rng = random.Random(f"{self.game} {size} {seed}")

        def text(chosen: list[tuple[int, Hashable]]) -> str:
            return "".join(plan.lines_of[p] + "\n" for _, p in chosen)

        every = list(plan.positions)
        sample = every[:SAMPLE_LINES]
        yield TestCase("sample", "smallest", text(sample), f"the first {len(sample)} positions of the smallest sizes")
        fresh = Unseen([text(sample)])
        for k in range(0, len(every), plan.lines):
            chunk = every[k : k + plan.lines]
            low, high = chunk[0][0], chunk[-1][0]
            if fresh(text(chunk)):
                yield TestCase("every", f"sizes-{low}-to-{high}", text(chunk),
                               f"every position of sizes {low} to {high}, {len(chunk)} lines")
        sizes = sorted({s for s, _ in every})
        by_size = {s: [(t, p) for t, p in every if t == s] for s in sizes}
        for i in range(scale.random_files):
            chunk = [rng.choice(by_size[rng.choice(sizes)]) for _ in range(plan.lines)]
            if fresh(text(chunk)):
                yield TestCase(
                    "random", f"random-{i + 1}", text(chunk), f"{len(chunk)} random positions, a random size each"
                )
        largest: list[tuple[int, Hashable]] = []
        for s in reversed(sizes):
            largest += by_size[s][: plan.lines - len(largest)]
        if fresh(text(largest)):
            yield TestCase(
                "largest", "largest-sizes", text(largest), f"the largest sizes' positions, {len(largest)} lines"
            )
        top = by_size[sizes[-1]]
        repeated = [top[k % len(top)] for k in range(plan.lines)]
        if fresh(text(repeated)):
            yield TestCase("largest", f"size-{sizes[-1]}-repeated", text(repeated),
                           f"the positions of size {sizes[-1]} repeated to {plan.lines} lines")

    @abstractmethod
    def reached(self, queries: list) -> int:
        """How many positions the kind's solver stores to answer ``queries`` (the planner's measure)."""

    def resource(self, name: str) -> str:
        """The generated statement, validator or reference, for the package last planned."""
        if self.plan is None:
            raise PackageError("the problem's files state its limits: plan the cases first")
        if name == self.statement:
            return self._statement(self.plan)
        if name in (self.validator, self.reference):
            return filled(self.template(name), self.values())
        raise PackageError(f"the rules problem has no file {name}")

    def template(self, name: str) -> str:
        """The text of one of the program templates: the kind's own (beside its problem class, in
        ``verify/<kind>/contest/``), else the one every kind shares (beside this module)."""
        for cls in type(self).__mro__:
            package = sys.modules[cls.__module__].__package__ or ""
            if package.startswith("gamecert.") and files(package).joinpath(name).is_file():
                return files(package).joinpath(name).read_text(encoding="utf-8")
        return files(__name__).joinpath(name).read_text(encoding="utf-8")

    def values(self) -> dict[str, object]:
        """What the programs' marked lines hold: the rules file's source and the limits of the package last planned."""
        if self.plan is None:
            raise PackageError("the problem's files state its limits: plan the cases first")
        return {"RULES_SOURCE": self.rules_source, "FIRST_SIZE": FIRST_SIZE, "MAX_SIZE": self.plan.max_size,
                "MAX_LINES": self.plan.lines}

    @abstractmethod
    def _play(self) -> str:
        """The statement's paragraph on how the game is played."""

    @abstractmethod
    def _defined(self) -> str:
        """The statement's sentence on what the rules file's functions do."""

    @abstractmethod
    def _output(self) -> str:
        """The statement's output section."""

    def _statement(self, plan: Plan) -> str:
        rules = self.rules_game.rules
        values = {
            "TITLE": _latex(self.title),
            "DOC": _latex(rules.doc) if rules.doc else f"This is the game {_latex(self.game)}.",
            "PLAY": self._play(),
            "DEFINED": self._defined(),
            "SOURCE": self.rules_source.rstrip("\n"),
            "LINES": f"{plan.lines:,}".replace(",", r"\,"),
            "FIRST": str(FIRST_SIZE),
            "MAX": str(plan.max_size),
            "WRITTEN": r"\texttt{format}" if rules.format is not None else r"Python's \texttt{str}",
            "OUTPUT": self._output(),
        }
        template = self.template(self.statement)
        return re.sub(r"@([A-Z]+)@", lambda m: values[m.group(1)], template)  # one pass: no value is read again


class RulesContest(Contest):
    """``gamecert package --rules FILE``: the contest problem of a rules game with ``positions``."""

    #: The problem this contest makes (the kind's).
    made: type[RulesProblem]

    def __init__(self, game: Game) -> None:
        self.game = game

    def problem(self) -> RulesProblem:
        if self.game.rules.positions is None:
            raise PackageError(
                f"{self.game.rules.path} defines no positions(size): a package draws its tests from every position "
                "of each size (docs/rules.md)"
            )
        return self.made(self.game)
