"""Interactive contest problems: the contestant plays, the jury answers with the certified strategy.

An interactive problem is a :class:`~gamecert.verify.engine.problem.ContestProblem`
whose subclass is :class:`JuryProblem` (what the package writer needs: an
interactor, and a certified ``.ans`` per test); :class:`InteractiveProblem`,
the FIRST or SECOND problems of the built-in games, is one. Its Kattis package (written by
:func:`~gamecert.verify.engine.package.write_package`) has ``validation: custom
interactive``: the judge runs a standalone *interactor* (an output validator
under ``output_validators/interactor/``: C++ for the built-in games, Python 3
for a general rules game, :mod:`gamecert.verify.general.contest.interactive`) beside the submission. The
interactor reads the test's input file, writes the position to the
submission, reads its role (``FIRST`` or ``SECOND``), then plays against it
over stdin/stdout and exits 42 (accepted: the submission won) or 43 (wrong
answer, reason in ``judgemessage.txt`` of the feedback folder).

Each test's ``.ans`` file holds the role that wins from its start (``FIRST``
or ``SECOND``), certified by gamecert when the package is written
(:func:`~gamecert.verify.engine.package.certify_role`: the position's own
judge input goes through :func:`~gamecert.verify.engine.package.certify_case`). The interactor
computes the same verdict itself and refuses to judge (exit 1, a judge error)
when the two disagree, so every judged run is one more agreement.

:func:`duel` plays gamecert's own play engine, as the contestant, against a
compiled interactor through pipes, and checks the jury's side move by move:
every jury move is legal, and the jury never gives a won game away.

The other way round, :meth:`JuryProblem.jury` is gamecert's own jury for one
test (the interactor's protocol, played with the certified strategy), which
``gamecert stress --interactive`` (:mod:`gamecert.verify.engine.jury`) plays
against a contestant it does not trust, contained; :meth:`JuryProblem.stress_test`
makes a test of a stress case.
"""

from __future__ import annotations

import os
import random
import subprocess
import tempfile
from abc import abstractmethod
from collections.abc import Generator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamecert.verify.engine.play import Illegal, PlayEngine
from gamecert.verify.engine.problem import ContestProblem, TestCase
from gamecert.verify.errors import PackageError

if TYPE_CHECKING:
    from collections.abc import Callable

    from gamecert.verify.game import Game

    #: :func:`~gamecert.verify.engine.package.certify_case`: a test's judge answer, certified.
    CertifyCase = Callable[[Game, TestCase], Any]

#: The contestant's first line: the role it takes. FIRST moves first from the start.
ROLES = ("FIRST", "SECOND")


class JuryProblem(ContestProblem):
    """What the package writer needs from an interactive problem, beyond a :class:`ContestProblem`: the
    interactor's files, each test's certified ``.ans`` (:meth:`judged`), and what CERTIFICATION.md says of them."""

    #: The interactor's main file, in :attr:`resources`.
    interactor = "interactor.cpp"
    #: CERTIFICATION.md's lines on the ``.ans`` files, before the certification steps.
    answer_note: tuple[str, ...]
    #: CERTIFICATION.md's lines on the interactor, after the certification steps.
    jury_note: tuple[str, ...]

    def interactor_files(self) -> list[tuple[str, str]]:
        """``(file name, text)`` of every file of ``output_validators/interactor/``: by default :attr:`interactor`."""
        return [(self.interactor, self.resource(self.interactor))]

    @abstractmethod
    def judged(self, game: Game, case: TestCase, certify_case: CertifyCase) -> tuple[str, tuple[str, ...]]:
        """The ``.ans`` text of test ``case``, certified, and the names of the checks it passed."""

    @abstractmethod
    def jury(self, game: Game, text: str) -> Jury:
        """gamecert's jury for test ``text``: the interactor's protocol, played with the certified strategy
        (``gamecert stress --interactive``)."""

    @abstractmethod
    def stress_test(self, text: str, rng: random.Random) -> str | None:
        """A test drawn from ``text``, a stress case of the game (its judge input): the same position, with a
        start drawn by ``rng`` where the test needs one; ``None`` when the case has no start (no free cell)."""


class InteractiveProblem(JuryProblem):
    """What the package writer needs from an interactive problem where the contestant picks the winning role.

    Files (in :attr:`resources`, the game's ``contest/`` folder unless
    :meth:`interactor_files` says otherwise): :attr:`statement` (the LaTeX
    statement with the protocol), :attr:`validator` (input validator of the
    jury's test files), :attr:`reference` (the accepted submission: the
    certified strategy, standalone C++) and :attr:`interactor` (the jury).
    :meth:`cases` yields test files in the interactive input format (the
    position and its start). The other methods tie a test to gamecert: the
    position certified (:meth:`position`, :meth:`first_wins`) and the play
    engine :func:`duel` drives (:meth:`play_engine`, :meth:`move_line`,
    :meth:`read_line`, :meth:`mover_wins`, :attr:`no_move`).
    """

    statement = "interactive.tex"
    validator = "interactive_validator.cpp"
    reference = "interactive_reference.cpp"
    #: The line the jury writes when it cannot move (the contestant has won).
    no_move: str
    answer_note = (
        "Every `.ans` file is the role that wins from its test's start (`FIRST` moves first). It was read from",
        "the certified answer of the same position in the game's own (non-interactive) judge format, written",
        "only after",
    )
    jury_note = (
        "The interactor (`output_validators/interactor/`, standalone C++ written apart from gamecert) computes",
        "the winning role itself and refuses to judge (exit 1, a judge error) when it differs from the `.ans`",
        "file, and plays a winning move whenever it can win: the accepted submission (the certified strategy)",
        "must still win every test, one more independent agreement on every role.",
    )

    @abstractmethod
    def position(self, text: str) -> str:
        """The game's own judge input for the position of test ``text``: what ``certify_case`` certifies."""

    @abstractmethod
    def first_wins(self, text: str, answer: str) -> bool:
        """Whether FIRST wins test ``text``, read from ``answer``, the certified answer of :meth:`position`."""

    @abstractmethod
    def play_engine(self, game: Game, text: str) -> PlayEngine:
        """gamecert's play engine at the start of test ``text`` (no move made)."""

    @abstractmethod
    def move_line(self, engine: PlayEngine, move: Any) -> str:
        """A move of the engine's game as the protocol writes it (no newline)."""

    @abstractmethod
    def read_line(self, engine: PlayEngine, line: str) -> Any:
        """The move a protocol line names; :class:`~gamecert.verify.engine.play.Illegal` if it is not legal."""

    @abstractmethod
    def mover_wins(self, engine: PlayEngine) -> bool:
        """Whether the player to move wins the engine's current position (certified strategy's verdict)."""

    def can_move(self, engine: PlayEngine) -> bool:
        """Whether the player to move has a move (by default: the engine's moves listed; a game whose list is
        long says it sooner)."""
        return bool(engine.moves())

    def jury(self, game: Game, text: str) -> Jury:
        """The jury of :meth:`play_engine`: the test's ``.ans`` is the engine's verdict on the start."""
        engine = self.play_engine(game, text)
        first = self.mover_wins(engine)
        return Jury((ROLES[0] if first else ROLES[1]) + "\n", self._talk(engine, text, first))

    def _talk(self, engine: PlayEngine, text: str, first_wins: bool) -> Talk:
        """The interactor's protocol (the statement's): the test, the role, then the moves; the jury plays
        :meth:`PlayEngine.engine_move` (a winning move whenever it can win) and says :attr:`no_move` when it
        cannot move, after which the contestant must write nothing more.

        Notes
        -----
        The contestant's first mistake is named: a role that loses from the
        start, or the move that gave a won game away (one engine verdict per
        contestant move while it is winning).
        """
        role = yield from hear(text)
        if role is None:
            return Judged(False, "expected FIRST or SECOND, got the end of the program's output")
        if role not in ROLES:
            return Judged(False, f"expected FIRST or SECOND, got {role!r}")
        winner = ROLES[0] if first_wins else ROLES[1]
        mistake = None if role == winner else f"took {role}, which loses from this start ({winner} wins)"
        contestant, said, count = role == ROLES[0], "", 0
        while True:
            if contestant:
                if not self.can_move(engine):
                    return Judged(False, f"{mistake or 'lost'}; it cannot move after {_moves_made(count)}", said)
                line = yield from hear(said)
                said = ""
                if line is None:
                    return Judged(False, f"its output ended before the game did (move {count + 1})")
                try:
                    move = self.read_line(engine, line)
                except Illegal as exc:
                    return Judged(False, f"move {count + 1}: {line!r}: {exc}")
                engine.play(move)
                if mistake is None and self.mover_wins(engine):
                    mistake = f"lost a won start: its move {count + 1}, {line!r}, leaves the jury a win"
            else:
                if not self.can_move(engine):
                    line = yield from hear(said + self.no_move + "\n")
                    if line is not None:
                        return Judged(False, f"output after the game ended: {line!r}")
                    return Judged(True, f"it won in {_moves_made(count)}")
                move = engine.engine_move()
                said += self.move_line(engine, move) + "\n"
                engine.play(move)
            contestant = not contestant
            count += 1

    def certify(self, game: Game, case: TestCase, certify_case: CertifyCase) -> tuple[bool, tuple[str, ...]]:
        """Whether FIRST wins test ``case``, certified, and the names of the checks it passed.

        By default :meth:`position` goes through ``certify_case``
        (:func:`~gamecert.verify.engine.package.certify_case`) and the role is
        read by :meth:`first_wins`. A problem whose starts the game's judge
        input cannot state (a sum of cutting-game pieces, where the judge
        answers each piece alone) certifies its own way.
        """
        inner = certify_case(game, TestCase(case.group, case.name, self.position(case.text), case.purpose))
        return self.first_wins(case.text, inner.answer), inner.checks

    def judged(self, game: Game, case: TestCase, certify_case: CertifyCase) -> tuple[str, tuple[str, ...]]:
        """The winning role, one line, from :meth:`certify`."""
        first, checks = self.certify(game, case, certify_case)
        return (ROLES[0] if first else ROLES[1]) + "\n", checks


# The jury in gamecert ----------------------------------------------------------------


@dataclass(frozen=True)
class Judged:
    """How a game against the jury ended for the contestant: ``accepted`` (it won, or kept a draw that
    nobody can win), else the wrong answer's ``reason``, in the interactor's words where it has them;
    ``last``: the jury's last lines, which the interactor writes as it ends (not sent: the run is over).
    """

    accepted: bool
    reason: str
    last: str = ""


#: The jury's side of one game (:func:`~gamecert.verify.engine.contain.run_interactive`, in text):
#: it yields what to write, is sent each line the contestant writes (``None`` at the end of its
#: output) and returns the verdict.
Talk = Generator[str, "str | None", Judged]


@dataclass
class Jury:
    """gamecert's jury on one test: ``answer`` is the test's ``.ans`` (the winning role, or the start's
    value), ``talk`` the game, not started yet."""

    answer: str
    talk: Talk


def hear(said: str) -> Generator[str, str | None, str | None]:
    """Write ``said``, then read the contestant's next line, blank lines skipped, stripped: what an
    interactor reading tokens reads when the contestant writes one message a line (``None``: its output ended).

    >>> talk = hear("3 3\\n")
    >>> next(talk), talk.send("  ")
    ('3 3\\n', '')
    >>> talk.send(" FIRST ")
    Traceback (most recent call last):
    StopIteration: FIRST
    """
    line = yield said
    while line is not None and not line.strip():
        line = yield ""
    return None if line is None else line.strip()


def _moves_made(count: int) -> str:
    return f"{count} move" + ("" if count == 1 else "s")


# Playing through the pipes ---------------------------------------------------------


@dataclass(frozen=True)
class Duel:
    """One game of gamecert's engine (the contestant) against an interactor.

    ``exit_code`` is the interactor's (42: the contestant won, 43: it lost);
    ``feedback`` its ``judgemessage.txt``; ``moves`` the protocol lines in
    order, each ``("jury" | "contestant", line)``; ``violations`` what the
    jury did wrong (an illegal or malformed move, a won game given away, a
    false ``no move``), empty when it played by the rules and perfectly.
    """

    exit_code: int
    feedback: str
    moves: tuple[tuple[str, str], ...]
    violations: tuple[str, ...]

    @property
    def contestant_won(self) -> bool:
        return self.exit_code == 42


def duel(
    interactor: Path, problem: InteractiveProblem, game: Game, text: str, role: str, answer: str | None = None
) -> Duel:
    """Play gamecert's engine as the contestant taking ``role`` against the compiled ``interactor`` on test ``text``.

    Notes
    -----
    The interactor runs as the judge runs it (``interactor IN ANS FEEDBACK/``,
    the contestant on its stdin and stdout). The contestant reads the test
    back and checks it, writes its role, then plays the certified strategy
    (:meth:`PlayEngine.engine_move`: a winning move whenever it can win, else
    the engine's first legal move). Every jury line is read by
    :meth:`InteractiveProblem.read_line` on the same engine, so an illegal
    jury move is a violation; a jury that could win before its move must
    leave the contestant losing after it (:meth:`InteractiveProblem.mover_wins`).
    ``answer`` is the ``.ans`` text given to the interactor (by default the
    engine's own verdict on the start). Cost: one engine verdict per move.
    """
    if role not in ROLES:
        raise PackageError(f"unknown role {role!r}; choose from {', '.join(ROLES)}")
    engine = problem.play_engine(game, text)
    if answer is None:
        answer = (ROLES[0] if problem.mover_wins(engine) else ROLES[1]) + "\n"
    violations: list[str] = []
    moves: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "test.in").write_text(text)
        (folder / "test.ans").write_text(answer)
        (folder / "feedback").mkdir()
        proc = subprocess.Popen(
            [str(interactor), str(folder / "test.in"), str(folder / "test.ans"), str(folder / "feedback") + os.sep],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert proc.stdin is not None and proc.stdout is not None
        try:
            shown = [proc.stdout.readline() for _ in text.splitlines()]
            if "".join(shown) != text:
                violations.append("the jury did not write the test's input first")
            else:
                proc.stdin.write(role + "\n")
                proc.stdin.flush()
                _moves(proc, problem, engine, role == ROLES[0], moves, violations)
        except BrokenPipeError:
            pass  # the jury stopped reading: its exit code says why
        finally:
            for stream in (proc.stdin, proc.stdout):
                try:
                    stream.close()
                except BrokenPipeError:
                    pass
            code = proc.wait(timeout=60)
        feedback_file = folder / "feedback" / "judgemessage.txt"
        feedback = feedback_file.read_text() if feedback_file.exists() else ""
    return Duel(code, feedback, tuple(moves), tuple(violations))


def _moves(
    proc: subprocess.Popen,
    problem: InteractiveProblem,
    engine: PlayEngine,
    contestant_moves: bool,
    moves: list[tuple[str, str]],
    violations: list[str],
) -> None:
    """The game after the roles are chosen: the contestant's moves written, the jury's read and checked."""
    assert proc.stdin is not None and proc.stdout is not None
    while True:
        if contestant_moves:
            if not engine.moves():
                return  # the contestant has lost: it stops, the jury ends the game
            move = engine.engine_move()
            line = problem.move_line(engine, move)
            moves.append(("contestant", line))
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
            engine.play(move)
        else:
            could_win = problem.mover_wins(engine) if engine.moves() else False
            line = proc.stdout.readline()
            if not line:
                if engine.moves():
                    violations.append("the jury stopped although the contestant can move")
                return
            line = line.strip()
            moves.append(("jury", line))
            if line == problem.no_move:
                if engine.moves():
                    violations.append(f"the jury wrote {problem.no_move!r} but has a move")
                return
            try:
                move = problem.read_line(engine, line)
            except Illegal as exc:
                violations.append(f"jury move {line!r}: {exc}")
                return
            engine.play(move)
            if could_win and problem.mover_wins(engine):
                violations.append(f"jury move {line!r} gives a won game away")
        contestant_moves = not contestant_moves
