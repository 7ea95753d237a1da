"""A rules file's contest problem: ``gamecert package --rules FILE`` for an impartial, general, score or
partizan game with ``positions``.

A user's game has no C++ reference or validator written apart from
gamecert, so the package carries two standalone Python 3 programs generated
from the rules file (Kattis problemtools runs Python 3 submissions and
validators): a reference written apart from gamecert's solver
(:mod:`~gamecert.verify.rules.contest.reference`, a second Sprague–Grundy
search, for an impartial game; :mod:`~gamecert.verify.rules.contest.general_reference`,
a second retrograde analysis, for a general game;
:mod:`~gamecert.verify.rules.contest.score_reference`, memoized minimax, for a
score game; :mod:`~gamecert.verify.rules.contest.partizan_reference`, canonical
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
from abc import abstractmethod
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from importlib.resources import files
from typing import TYPE_CHECKING

from gamecert.solvers.errors import RulesError
from gamecert.solvers.general.graph import Queries
from gamecert.solvers.impartial.solver import impartial_game
from gamecert.verify.capabilities import Contest
from gamecert.verify.engine.problem import ContestProblem, TestCase, Unseen
from gamecert.verify.errors import PackageError
from gamecert.verify.rules.playing import guarded

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
        with guarded(rules, game.limits) as guard:
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
    with guarded(rules, game.limits) as guard:
        guard.doing = ("format", position)
        line = rules.format(position) if rules.format is not None else str(position)
    if not isinstance(line, str) or "\n" in line or "\r" in line:
        raise PackageError(f"{writer} writes the position {position!r} as {line!r}, not one line of text; {need}")
    try:
        with guarded(rules, game.limits) as guard:
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
    """The contest problem of one impartial rules game with ``positions``.

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

    def reached(self, queries: list) -> int:
        """How many positions the solver stores to answer ``queries``."""
        return len(impartial_game(self.rules_game.rules, queries, self.rules_game.limits).table)

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
        """The text of one of the program templates beside this module."""
        return files(__name__).joinpath(name).read_text(encoding="utf-8")

    def values(self) -> dict[str, object]:
        """What the programs' marked lines hold: the rules file's source and the limits of the package last planned."""
        if self.plan is None:
            raise PackageError("the problem's files state its limits: plan the cases first")
        return {"RULES_SOURCE": self.rules_source, "FIRST_SIZE": FIRST_SIZE, "MAX_SIZE": self.plan.max_size,
                "MAX_LINES": self.plan.lines}

    def _play(self) -> str:
        """The statement's paragraph on how the game is played."""
        rules = self.rules_game.rules
        end = ("The player who makes the last move loses: a player who cannot move wins."
               if rules.misere else "A player who cannot move loses.")
        return ("Two players take turns to move, starting from a position of this game; the\n"
                "positions one move away from a position are those its rules below give.\n"
                f"{end} For each position of the input, does the player to move win with\nperfect play?")

    def _defined(self) -> str:
        """The statement's sentence on what the rules file's functions do."""
        parts = (r" A position is the sum of the independent games \texttt{components} lists: a move is a move in "
                 "one of them." if self.rules_game.rules.components is not None else "")
        return ("\\texttt{parse}\nreads a position from one input line and \\texttt{moves} gives the positions\n"
                "one move away." + parts)

    def _output(self) -> str:
        """The statement's output section."""
        rules = self.rules_game.rules
        if rules.answer is not None:
            return (r"For each line, print the text the rules' \texttt{answer(win, value)} returns, where "
                    r"\texttt{win} says whether the player to move wins and \texttt{value} is the position's "
                    "nim value" + (r" (\texttt{None}: misère play)." if rules.misere else "."))
        if rules.misere:
            return r"For each line, print \texttt{win} if the player to move wins and \texttt{lose} otherwise."
        return (r"For each line, print \texttt{win $N$} if the player to move wins, where $N$ is the "
                "position's nim value (its Sprague--Grundy value: the xor of its components' values), "
                r"and \texttt{lose 0} if the player to move loses.")

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
    """``gamecert package --rules FILE``: the contest problem of an impartial rules game with ``positions``."""

    #: The problem this contest makes.
    made: type[RulesProblem] = RulesProblem

    def __init__(self, game: Game) -> None:
        self.game = game

    def problem(self) -> RulesProblem:
        if self.game.rules.positions is None:
            raise PackageError(
                f"{self.game.rules.path} defines no positions(size): a package draws its tests from every position "
                "of each size (docs/rules.md)"
            )
        return self.made(self.game)


class TurnRulesProblem(RulesProblem):
    """The contest problem of one general or score rules game with ``positions`` and one position per line.

    Its reference is :mod:`~gamecert.verify.rules.contest.general_reference`
    (a second retrograde analysis) or
    :mod:`~gamecert.verify.rules.contest.score_reference` (memoized minimax),
    each written apart from gamecert's solvers; the validator is the
    impartial problem's.
    """

    #: The standalone reference program of this kind (a file of this package).
    reference: str

    def reached(self, queries: list) -> int:
        """How many positions the game's solver stores to answer ``queries``."""
        return len(self.rules_game.solve(Queries(tuple(queries))).table)

    def _play(self) -> str:
        rules = self.rules_game.rules
        out = ["Two players take turns to move, starting from a position of this game; the\n"
               "positions one move away from a position are those its rules below give" + self._points()]
        if rules.result is not None:
            out.append(r"The game is over at a position where \texttt{result} says so: " + self._result())
        out.append("A player who cannot move " + self._stuck())
        if rules.player is not None:
            out.append(r"A move to a position where \texttt{player} names the same player is an extra move: that "
                       "player moves again.")
        out.append(self._ends())
        return " ".join(out)

    @abstractmethod
    def _points(self) -> str:
        """How the statement's first sentence ends: what a move gives besides a position."""

    @abstractmethod
    def _result(self) -> str:
        """What ``result`` says where the game is over."""

    @abstractmethod
    def _stuck(self) -> str:
        """What happens to a player who cannot move."""

    @abstractmethod
    def _ends(self) -> str:
        """Whether play ends, and what endless play is."""


class GeneralRulesProblem(TurnRulesProblem):
    """The contest problem of one general rules game: win, lose or draw with remoteness (a second retrograde
    analysis as reference)."""

    reference = "general_reference.py"

    def _points(self) -> str:
        return "."

    def _result(self) -> str:
        return r"\texttt{win}, \texttt{lose} or \texttt{draw} for the player to move."

    def _stuck(self) -> str:
        return "loses."

    def _ends(self) -> str:
        return "Positions may repeat: a position from which neither player can force a win is a draw."

    def _defined(self) -> str:
        return "\\texttt{parse}\nreads a position from one input line and \\texttt{moves} gives the positions\none move away."

    def _output(self) -> str:
        rules = self.rules_game.rules
        remoteness = (r"$N$ is the remoteness: 0 where the game is over; otherwise the winner plays to win as soon "
                      r"as possible and the loser to lose as late as possible, and $N$ is the number of moves "
                      "until the game ends")
        if rules.answer is not None:
            return (r"For each line, print the text the rules' \texttt{answer(outcome, $N$)} returns, where "
                    r"\texttt{outcome} is \texttt{\"win\"} or \texttt{\"lose\"} for the player to move, or "
                    r"\texttt{\"draw\"} (and $N$ \texttt{None}) when neither player can force a win; "
                    + remoteness + ".")
        return (r"For each line, print \texttt{win $N$} if the player to move can force a win, \texttt{lose $N$} "
                r"if the opponent can, and \texttt{draw} otherwise; " + remoteness + ".")


class ScoreRulesProblem(TurnRulesProblem):
    """The contest problem of one score rules game: the best difference of points (memoized minimax as
    reference)."""

    reference = "score_reference.py"

    def _points(self) -> str:
        return ", each with the points the\nplayer making that move scores."

    def _result(self) -> str:
        return r"its value is what the player to move gains over the opponent from there on."

    def _stuck(self) -> str:
        return "gains nothing more (the value 0)."

    def _ends(self) -> str:
        return "Every play ends."

    def _defined(self) -> str:
        return "\\texttt{parse}\nreads a position from one input line and \\texttt{moves} gives the moves, each a pair\n(position, points)."

    def _output(self) -> str:
        rules = self.rules_game.rules
        value = (r"the most the player to move can guarantee with perfect play of both: its own points minus "
                 "the opponent's from this position on")
        if rules.answer is not None:
            return (r"For each line, print the text the rules' \texttt{answer(\"score\", $S$)} returns, "
                    f"where $S$ is {value}.")
        return rf"For each line, print \texttt{{score $S$}}, where $S$ is {value}."


class TurnContest(Contest):
    """``gamecert package --rules FILE``: the contest problem of a general or score rules game with ``positions``
    and one position per input line."""

    def __init__(self, game: Game, made: type[TurnRulesProblem]) -> None:
        self.game = game
        self.made = made  # the kind's problem class, named by its game

    def problem(self) -> TurnRulesProblem:
        rules = self.game.rules
        if rules.positions is None:
            raise PackageError(
                f"{rules.path} defines no positions(size): a package draws its tests from every position of each "
                "size (docs/rules.md)"
            )
        if rules.starts is not None:
            raise PackageError(
                f"{rules.path} reads a whole input (starts): a package's tests are one position per line"
            )
        return self.made(self.game)


class PartizanRulesProblem(RulesProblem):
    """The contest problem of one partizan rules game with ``positions``: each position's canonical form in
    CGSuite's notation and its outcome class.

    Its reference is :mod:`~gamecert.verify.rules.contest.partizan_reference`
    (canonical simplification by Conway's definitions and a notation writer of
    its own, sharing no code with the engine); the validator is the impartial
    problem's. Each case's text is answered by that reference (run here) and
    by the engine when the case is made: a package whose reference would print
    anything but the answer to be certified is refused.
    """

    reference = "partizan_reference.py"

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self._program: dict | None = None  # the reference's names, run in-process to compare

    def cases(self, size: str, seed: int) -> Iterator[TestCase]:
        """The cases of :meth:`RulesProblem.cases`, each checked against the reference (see the class)."""
        for case in super().cases(size, seed):
            self._agree(case)
            yield case

    def reached(self, queries: list) -> int:
        """How many component positions the engine stores to answer ``queries``."""
        return len(self.rules_game.solve(list(queries)).table)

    def _agree(self, case: TestCase) -> None:
        """A PackageError unless the reference's answer to ``case`` is the engine's."""
        game = self.rules_game
        if self._program is None:
            self._program = {"__name__": "partizan_reference"}
            exec(compile(self.resource(self.reference), self.reference, "exec"), self._program)  # noqa: S102 (ours)
        namespace = self._program
        engine = game.lines(game.solve(game.parse(case.text)))
        try:
            with guarded(game.rules, game.limits):
                mine = namespace["answers"](namespace["load_rules"](self.rules_source), case.text)
        except Exception as exc:  # noqa: BLE001 (the reference's failure, reported as the package's)
            raise PackageError(f"the package's reference fails on case {case.name}: {exc}") from None
        for k, (a, b) in enumerate(zip(mine, engine)):
            if a != b:
                raise PackageError(f"the package's reference answers line {k + 1} of case {case.name} with {a!r}, "
                                   f"the engine with {b!r}: no package whose reference disagrees")
        if len(mine) != len(engine):
            raise PackageError(f"the package's reference gives {len(mine)} lines on case {case.name}, not {len(engine)}")

    def _play(self) -> str:
        return ("Two players, Left and Right, take turns to move, starting from a position of this game; the\n"
                r"positions Left can move to are those \texttt{left} gives, Right's those \texttt{right} gives. "
                "A player who cannot move loses. Every play ends.")

    def _defined(self) -> str:
        parts = (r" A position is the sum of the independent games \texttt{components} lists: a move is a move in "
                 "one of them." if self.rules_game.rules.components is not None else "")
        return ("\\texttt{parse}\nreads a position from one input line, \\texttt{left} gives Left's moves and "
                r"\texttt{right} Right's." + parts)

    def _output(self) -> str:
        value = (r"$V$ is the position's value, its canonical form, in CGSuite's notation: integers, dyadic "
                 r"fractions (\texttt{3/4}), \texttt{*}, \texttt{*2}, \texttt{\^{}}, \texttt{v}, \texttt{\^{}*}, "
                 r"\texttt{x\^{}\^{}*k} and \texttt{v3} for sums of a number, ups and a nimber, \texttt{+-G} for a "
                 r"game equal to its negative with Left options \texttt{G} (\texttt{+-\{A,B\}} for several), "
                 r"\texttt{Tiny(G)} and \texttt{Miny(G)}, and \texttt{\{A,B|C\}} otherwise (an unbraced lone option "
                 r"written with more bars: \texttt{\{2|1||0\}}), options in CGSuite's order; $O$ is the outcome "
                 r"class: \texttt{L} (Left wins whoever starts), \texttt{R} (Right does), \texttt{N} (the player to "
                 r"move wins) or \texttt{P} (the player to move loses)")
        if self.rules_game.rules.answer is not None:
            return rf"For each line, print the text the rules' \texttt{{answer($V$, $O$)}} returns, where {value}."
        return rf"For each line, print $V$ and $O$ separated by a space, where {value}."


class PartizanContest(RulesContest):
    """``gamecert package --rules FILE``: the contest problem of a partizan rules game with ``positions``."""

    made = PartizanRulesProblem
