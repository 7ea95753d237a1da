"""A general rules game as an interactive problem: ``gamecert package --rules FILE --interactive``.

A test is one start position (a line of the plain problem's input). The
contestant takes a role, FIRST (the player to move at the start) or SECOND,
and must reach the start's certified outcome against a jury that plays the
certified table (the protocol in ``interactive.tex``; the jury in
``interactor.py`` and the accepted contestant in ``interactive_reference.py``,
each embedding the package's reference: a second retrograde analysis). Each
test's ``.ans`` is the start's value for the player to move, certified as a
line of the plain problem. Secret groups: ``tempted`` (starts won for
FIRST with a move to a draw: a program that takes a draw for a win or a loss
may play it), ``won`` and ``lost`` (starts won for FIRST and for SECOND),
``drawn`` (neither wins) and ``longest`` (the starts of the longest wins and
losses).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Hashable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from gamecert.solvers.rules.rules import Guard
from gamecert.solvers.turn.graph import Queries
from gamecert.verify.capabilities import InteractiveContest, PositionPlay
from gamecert.verify.engine.interactive import ROLES, Judged, Jury, JuryProblem, Talk
from gamecert.verify.engine.play import Illegal
from gamecert.verify.engine.problem import TestCase, Unseen
from gamecert.verify.general.contest import GeneralContest, GeneralRulesProblem
from gamecert.verify.rules.contest import SCALES, filled, package_plan

if TYPE_CHECKING:
    from gamecert.verify.engine.interactive import CertifyCase
    from gamecert.verify.game import Game
    from gamecert.verify.turn.play import TurnPlay

#: Starts per secret group, by package size.
PER_GROUP = {"small": 2, "judge": 20}


class GeneralInteractive(GeneralRulesProblem, JuryProblem):
    """The interactive problem of one general rules game with ``positions`` and one position per line."""

    statement = "interactive.tex"
    validator = "validator.py"
    interactor = "interactor.py"
    answer_note = (
        "Every `.ans` file is the value of its test's start for the player to move (`win N`, `lose N` or `draw`),",
        "the certified answer of the same line as an input of the plain problem, written only after",
    )
    jury_note = (
        "The interactor (`output_validators/interactor/interactor.py`) embeds the package's reference, a second",
        "retrograde analysis written apart from gamecert: it solves the game again, refuses to judge (exit 1, a",
        "judge error) when its value of the start differs from the `.ans` file, and plays from its own table.",
    )

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.title += " (interactive)"
        self.reference = "interactive_reference.py"
        self.sample_note = "the first start of each outcome in the order of the rules' positions (no published sample)"
        self.groups = (
            ("tempted", "starts won for the player to move beside a move to a draw, which a wrong program plays"),
            ("won", "starts won for the player to move: FIRST wins"),
            ("lost", "starts lost for the player to move: SECOND wins"),
            ("drawn", "starts neither player can win: a draw must be kept"),
            ("longest", "the starts of the longest wins and losses"),
        )

    def cases(self, size: str, seed: int) -> Iterator[TestCase]:
        """A start of each outcome as the sample, then random starts per outcome and the longest games."""
        plan = self.plan = package_plan(self.rules_game, SCALES[size], self.reached)
        rng = random.Random(f"{self.game} interactive {size} {seed}")
        starts = [p for _, p in plan.positions]
        solution = self.rules_game.solve(Queries(tuple(starts)))
        by: dict[str, list] = {"win": [], "lose": [], "draw": []}
        for p, v in zip(starts, solution.values):
            by[v.outcome].append((p, v))
        fresh = Unseen()

        def case(group: str, p: object, v: object, why: str) -> Iterator[TestCase]:
            text = plan.lines_of[p] + "\n"
            if fresh(text):
                yield TestCase(group, str(v).replace(" ", "-"), text, f"{why}: {v}")

        for found in by.values():
            if found:
                yield from case("sample", *found[0], "the first start of this outcome")
        count = PER_GROUP[size]
        tempting = [(p, v) for p, v in by["win"] if self._beside_draw(p, solution.table)]
        for p, v in rng.sample(tempting, min(count, len(tempting))):
            yield from case("tempted", p, v, "a start won beside a move to a draw")
        for group, outcome in (("won", "win"), ("lost", "lose"), ("drawn", "draw")):
            played = [pv for pv in by[outcome] if pv[1].number != 0] or by[outcome]  # a game over at once is no test
            for p, v in rng.sample(played, min(count, len(played))):
                yield from case(group, p, v, "a random start")
        for outcome in ("win", "lose"):  # the longest wins, then the longest losses, of the starts not taken yet
            longest = (c for p, v in sorted(by[outcome], key=lambda pv: -pv[1].number)
                       for c in case("longest", p, v, "a start of the longest games"))
            yield from itertools.islice(longest, (count + 1) // 2)

    def _beside_draw(self, position: Hashable, table: Mapping) -> bool:
        """Whether ``position`` has a move to a draw (the game not over there)."""
        rules = self.rules_game.rules
        with Guard(rules, self.rules_game.limits) as guard:
            if rules.result is not None:
                guard.doing = ("result", position)
                if rules.result(position) is not None:
                    return False
            guard.doing = ("moves", position)
            return any(table[q].outcome == "draw" for q in rules.moves(position))

    def resource(self, name: str) -> str:
        """The generated statement, validator (one line), reference contestant or interactor."""
        if name in (self.reference, self.interactor):
            reference = filled(self.template("general_reference.py"), self.values())
            return filled(self.template(name), {"REFERENCE": reference})
        if name == self.validator:
            return filled(self.template(name), self.values() | {"MAX_LINES": 1})
        return super().resource(name)

    def judged(self, game: Game, case: TestCase, certify_case: CertifyCase) -> tuple[str, tuple[str, ...]]:
        """The start's value for the player to move: the certified answer of its line in the plain problem."""
        inner = certify_case(game, case)
        return f"{inner.solved[0]}\n", inner.checks

    def stress_test(self, text: str, rng: random.Random) -> str | None:
        """One line of the stress case (one position a line), drawn by ``rng``."""
        lines = text.removesuffix("\n").split("\n")
        return rng.choice(lines) + "\n" if text else None

    def jury(self, game: Game, text: str) -> Jury:
        """The interactor's protocol played on gamecert's certified table (:class:`~gamecert.verify.turn.play.TurnPlay`);
        the test's ``.ans`` is the start's certified value."""
        engine = game.capability(PositionPlay).position(text)
        value = engine.solution.values[0]
        return Jury(f"{value}\n", self._talk(engine, text.split("\n")[0], value))

    def _talk(self, engine: TurnPlay, line: str, value: Any) -> Talk:
        """The statement's protocol (``interactor.py``'s): the start line, the role, then ``END``, ``TURN`` (the
        contestant writes the position after its move) or ``MOVE`` and the position after the jury's move.
        The jury plays the certified table's best move; the game ends as :class:`TurnPlay` ends it (``result``,
        no move, the third repetition), and a start won or drawn must be won or drawn."""
        rules = engine.rules
        role = yield line + "\n"
        role = None if role is None else role.rstrip("\r")
        if role not in ROLES:
            got = "the end of the program's output" if role is None else repr(role)
            return Judged(False, f"expected FIRST or SECOND, got {got}")
        mine, count, said = role == ROLES[0], 0, ""
        while True:
            end = engine.ended()
            if end is None and not engine.moves():
                end = "lose"
            if end is not None:
                got = end if mine else {"win": "lose", "lose": "win", "draw": "draw"}[end]
                needed = "at least a draw" if value.outcome == "draw" else "a win"
                reason = (f"the game ended after {count} moves: {got} for the contestant ({needed} was possible, "
                          f"the start being {value} for FIRST)")
                if got != "win" and (got != "draw" or value.outcome != "draw"):
                    return Judged(False, reason, said + "END\n")
                heard = yield said + "END\n"
                while heard is not None:  # what it writes after the end is not read
                    heard = yield ""
                return Judged(True, reason)
            if mine:
                heard = yield said + "TURN\n"
                said = ""
                if heard is None:
                    return Judged(False, f"expected a move, got the end of the program's output (move {count + 1})")
                try:
                    move = engine.read_move(heard.rstrip("\r"))
                except Illegal as exc:
                    return Judged(False, f"move {count + 1}: {exc}")
            else:
                move = engine.engine_move()
                said += "MOVE\n" + (rules.show(move[0]) if rules.format is not None else str(move[0])) + "\n"
            engine.play(move)
            mine = mine if engine.again() else not mine
            count += 1


class GeneralInteractiveContest(InteractiveContest):
    """``gamecert package --rules FILE --interactive``: the interactive problem of a general rules game."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def problem(self) -> GeneralInteractive:
        GeneralContest(self.game).problem()  # the same refusals as the plain problem
        return GeneralInteractive(self.game)
