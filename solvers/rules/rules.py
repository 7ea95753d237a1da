"""A game written as rules, as data: one frozen description per kind of rules file
(:class:`RulesKind`: :class:`ImpartialRules`, :class:`GraphRules`, :class:`GeneralRules`,
:class:`ScoreRules`, :class:`PartizanRules`), and the :class:`Guard` that runs their functions.

A rules file (:mod:`gamecert.verify.rules.load`) becomes one frozen
description holding the file's functions; every solver, checker and
formulation reads the description, never the file. The user's code is
untrusted: every call into it goes through a :class:`Guard`, which turns what
it raises, a call that runs past the time limit, and a game that outgrows the
position or memory limit into a :class:`~gamecert.solvers.errors.RulesError`
located in the rules file.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from gamecert.solvers.errors import GamecertError, RulesError
from gamecert.solvers.general.moves import GeneralMoves
from gamecert.solvers.rules.shown import shown_position
from gamecert.solvers.score.moves import ScoreMoves
from gamecert.solvers.turn.moves import MoveReader

#: Set on a module loaded from a file path (a rules file), which no Dask worker can import by name:
#: campaign shards carry it by value.
BY_VALUE = "__gamecert_by_value__"
#: Why a loop in an impartial game is bad rules, and what to write instead.
LOOP = 'a position is reachable from itself, so play need not end; KIND = "general" gives win / lose / draw'


class RulesKind:
    """What every kind of rules file is, as data: its name, its file, its claims and its ``format``.

    Each kind is a frozen dataclass subclass; :attr:`kind` is the word its
    files give as ``KIND``. The loader (:mod:`gamecert.verify.rules.load`)
    reads ``KIND`` once and returns one of these; every kind's game accepts
    its own description.
    """

    kind: ClassVar[str]
    name: str
    path: str
    claims: tuple[str, ...]
    format: Callable[[Any], str] | None
    #: The rules file's docstring: what the game is, in the setter's words (a contest statement starts with it).
    doc: str

    def show(self, position: Any, guard: Guard | None = None) -> str:
        """``position`` as messages and certificates show it: the rules' ``format``, else ``repr``.

        ``format`` is the user's code: what it raises, or a result that is not
        text, is a :class:`RulesError` (``guard``, when given, is told what runs).
        """
        if self.format is None:
            return shown_position(position)
        guard = guard or Guard(self)
        text = guard.call("format", position, self.format)
        if not isinstance(text, str):
            raise guard.error("format", position, f"returned {shown_position(text)}, expected text")
        return shown_position(text)


@dataclass(frozen=True)
class ImpartialRules(RulesKind):
    """An impartial game: positions, their moves, and how a position splits into a sum.

    ``parse(line)`` reads one position from one input line; ``moves(p)`` gives
    the positions one move away; ``components(p)``, when given, the independent
    games whose sum ``p`` is (the value of ``p`` is the xor of theirs);
    ``misere``: the player who makes the last move loses. ``format``,
    ``positions`` (every position of one size) and ``answer`` (the judge's
    words for one answer line) are optional.
    """

    kind: ClassVar[str] = "impartial"
    name: str
    path: str
    parse: Callable[[str], Hashable]
    moves: Callable[[Any], Iterable[Hashable]]
    components: Callable[[Any], Iterable[Hashable]] | None = None
    format: Callable[[Any], str] | None = None
    misere: bool = False
    positions: Callable[[int], Iterable[Hashable]] | None = None
    answer: Callable[[bool, int | None], str] | None = None
    claims: tuple[str, ...] = ()
    doc: str = ""


@dataclass(frozen=True)
class GraphRules(RulesKind):
    """A token-on-a-graph game: undirected vertex geography on the graph the rules build.

    ``parse(text)`` reads a whole input; ``graph(instance)`` gives
    ``(vertices, edges)``: vertex labels in output order and edges as label
    pairs. ``instances(size)``, when given, yields every instance of one size;
    ``format(instance)`` writes an instance back as input text.
    """

    kind: ClassVar[str] = "graph"
    name: str
    path: str
    parse: Callable[[str], Any]
    graph: Callable[[Any], tuple[Iterable[Hashable], Iterable[tuple[Hashable, Hashable]]]]
    instances: Callable[[int], Iterable[Any]] | None = None
    claims: tuple[str, ...] = ()
    format: Callable[[Any], str] | None = None
    doc: str = ""


@dataclass(frozen=True)
class TurnRules(RulesKind):
    """A two-player game whose players may have their own moves: what general and score games share.

    ``parse(line)`` reads one position per input line (with ``starts``: the
    whole input, once, as an instance); ``moves(p)`` gives what the player to
    move reaches in one move; ``result(p)``, asked before ``moves``, is
    ``None`` while the game goes on and otherwise ends it there; ``player(p)``
    says who is to move (a move to a position of the same player is an extra
    move; without it the turn passes with every move). ``starts(instance)``
    lists the start positions of a whole-input instance and
    ``output(instance, answers)`` writes its judge output; ``tier(p)`` orders
    positions for a tiered solve (no move goes to a lower tier).
    """

    #: How the kind reads ``moves`` and ``result`` (positions, or ``(position, points)`` pairs; outcomes or scores).
    reader: ClassVar[MoveReader]
    name: str
    path: str
    parse: Callable[[str], Any]
    moves: Callable[[Any], Iterable[Any]]
    result: Callable[[Any], Any] | None = None
    player: Callable[[Any], Hashable] | None = None
    format: Callable[[Any], str] | None = None
    positions: Callable[[int], Iterable[Hashable]] | None = None
    answer: Callable[[str, int | None], str] | None = None
    starts: Callable[[Any], Iterable[Hashable]] | None = None
    output: Callable[[Any, list], str] | None = None
    tier: Callable[[Any], int] | None = None
    claims: tuple[str, ...] = ()
    doc: str = ""


@dataclass(frozen=True)
class GeneralRules(TurnRules):
    """A game of win, lose or draw: ``moves(p)`` gives positions, ``result(p)`` ``"win"``, ``"lose"`` or
    ``"draw"`` for the player to move where the game is over, and play may repeat (endless play is a draw)."""

    kind: ClassVar[str] = "general"
    reader: ClassVar[MoveReader] = GeneralMoves()


@dataclass(frozen=True)
class ScoreRules(TurnRules):
    """A game that ends with a score: ``moves(p)`` gives ``(position, points)`` pairs, the mover scoring
    ``points`` (an int); ``result(p)``, when not ``None``, is what the player to move gains over the
    opponent from there on (an int). The answer is the most the player to move can guarantee: own points
    minus the opponent's. Every play must end."""

    kind: ClassVar[str] = "score"
    reader: ClassVar[MoveReader] = ScoreMoves()


@dataclass(frozen=True)
class PartizanRules(RulesKind):
    """A short partizan game: ``left(p)`` and ``right(p)`` give each player's options.

    ``parse(line)`` reads one position per input line; ``components(p)``,
    when given, the games whose sum ``p`` is (values add). Every play must end.
    """

    kind: ClassVar[str] = "partizan"
    name: str
    path: str
    parse: Callable[[str], Hashable]
    left: Callable[[Any], Iterable[Hashable]]
    right: Callable[[Any], Iterable[Hashable]]
    components: Callable[[Any], Iterable[Hashable]] | None = None
    format: Callable[[Any], str] | None = None
    positions: Callable[[int], Iterable[Hashable]] | None = None
    answer: Callable[[str, str], str] | None = None
    claims: tuple[str, ...] = ()
    doc: str = ""


@dataclass(frozen=True)
class ClaimRules(RulesKind):
    """A game of claiming cells (k-in-a-row, Hex): ``board(p)`` gives ``(cells, mine, theirs)``, and exactly one
    of ``lines(p)`` (each player's winning sets) and ``links(p)`` (edges, each player's two sides) the winning
    sets; the kind knows the play (claim an empty cell, stop at a winning set, a full board is a draw)."""

    kind: ClassVar[str] = "positional"
    name: str
    path: str
    parse: Callable[[str], Hashable]
    board: Callable[[Any], tuple]
    lines: Callable[[Any], tuple] | None = None
    links: Callable[[Any], tuple] | None = None
    format: Callable[[Any], str] | None = None
    positions: Callable[[int], Iterable[Hashable]] | None = None
    answer: Callable[[str, int | None], str] | None = None
    claims: tuple[str, ...] = ()
    doc: str = ""


@dataclass(frozen=True)
class Limits:
    """How far a rules file may go: positions stored, bytes of memory, seconds per call of its functions."""

    max_positions: int = 2_000_000
    max_memory: int | None = None
    time_limit: float = 10.0
    #: No ``--max-positions`` was given: a solver that can (partizan) counts no positions and is bounded by
    #: ``max_memory`` alone; the others keep ``max_positions``.
    from_memory: bool = False


class RulesInterrupt(BaseException):
    """Raised into the user's code by the guard's timer: a BaseException, so ``except Exception`` in a
    rules file cannot swallow it."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


#: What a call into a rules file may raise, all turned into a :class:`RulesError` by
#: :meth:`Guard.failed`: any exception, the interpreter's own exits (``sys.exit``, ``KeyboardInterrupt``,
#: which a rules function must not use to give up) and the guard's :class:`RulesInterrupt`.
RULES_FAULTS = (Exception, SystemExit, KeyboardInterrupt, GeneratorExit, RulesInterrupt)


def _rss() -> int:
    """This process's resident memory in bytes (0 where /proc is missing)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


@dataclass
class Guard:
    """Runs a rules file's functions under :class:`Limits`.

    Use it as a context manager around a solve: inside, a timer ticks ten
    times a second and stops a call that has run past ``time_limit`` (the
    guarded code sets :attr:`doing` to a new ``(function, position)`` tuple
    before every call; a tick that sees the same tuple for that long stops it)
    or a process grown by more than ``max_memory`` since the guard was entered
    (default: an eighth of physical memory, as ``--max-memory``). The timer
    needs the main thread; elsewhere (a Dask worker thread) the position limit
    still holds. An outer timer (another guard's, pytest-timeout's) is put back
    on exit with the time it had left. A stop that lands where Python cannot
    raise it (a finalizer) is dropped unreported and raised at the next tick.

    The guard is the one place a fault of the rules becomes the project's
    error: what leaves the block of :data:`RULES_FAULTS` leaves it as a
    :class:`RulesError` (see :meth:`fault`), and :meth:`call` does the same for
    one call. gamecert's own errors pass as they are; so do, under a
    :attr:`strict` guard, its own bugs (an exception raised while :attr:`doing`
    is None with no frame in the rules file).
    """

    rules: RulesKind
    limits: Limits = field(default_factory=Limits)
    doing: tuple[str, Any] | None = None
    #: Whether an exception raised in gamecert's code between calls (:attr:`doing` is None) is gamecert's own.
    strict: bool = False
    _seen: tuple[tuple[str, Any] | None, float] = (None, 0.0)
    _previous: Any = None
    _previous_unraisable: Any = None
    _armed: bool = False
    _timer: tuple[float, float] = (0.0, 0.0)
    _base: int = 0
    _memory: int = 0
    _entered: float = 0.0

    TICK = 0.1
    #: Seconds a call may run on after being stopped (its code caught the stop: a bare ``except:``) before the
    #: process ends with the error, exit 1: a rules file never hangs gamecert.
    GRACE = 1.0

    def __enter__(self) -> Guard:
        if self.limits.max_memory is not None:
            self._memory = self.limits.max_memory
        else:
            from gamecert.solvers.textinput import physical_memory

            self._memory = physical_memory() // 8
        self._base = _rss()
        self._entered = time.monotonic()
        self._seen = (None, self._entered)
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGALRM, self._tick)
            self._previous_unraisable = sys.unraisablehook
            sys.unraisablehook = self._unraisable
            self._timer = signal.setitimer(signal.ITIMER_REAL, self.TICK, self.TICK)
            self._armed = True
        return self

    def __exit__(self, kind: object, exc: BaseException | None, tb: object) -> None:
        if self._armed:
            signal.setitimer(signal.ITIMER_REAL, 0, 0)
            signal.signal(signal.SIGALRM, self._previous)
            sys.unraisablehook = self._previous_unraisable
            self._armed = False
            if self._timer[0] > 0:  # the outer timer, less the time spent here (at least a moment)
                spent = time.monotonic() - self._entered
                signal.setitimer(signal.ITIMER_REAL, max(self._timer[0] - spent, 0.001), self._timer[1])
        if exc is not None and self.fault(exc):
            raise self.failed(exc) from None

    def fault(self, exc: BaseException) -> bool:
        """Whether ``exc`` is the rules' fault: a stop of a timer, ``sys.exit``, an interrupt, or any exception but
        gamecert's errors; under a :attr:`strict` guard, only one raised in a call of the rules (:attr:`doing` is
        set) or with a frame in the rules file (a position's own ``__hash__``)."""
        if isinstance(exc, GamecertError) or not isinstance(exc, RULES_FAULTS):
            return False
        if not isinstance(exc, Exception) or not self.strict:
            return True
        return self.doing is not None or self.raised_in_rules(exc)

    def raised_in_rules(self, exc: BaseException) -> bool:
        """Whether ``exc``'s traceback passes through the rules file."""
        path = os.path.realpath(self.rules.path)
        return any(os.path.realpath(f.filename) == path for f in traceback.extract_tb(exc.__traceback__))

    def call(self, function: str, argument: Any, code: Callable[[Any], Any] | None = None) -> Any:
        """The rules' ``function(argument)`` (``code``, when given, is that function), watched (:attr:`doing` is set to
        it and left so): what it raises leaves as a :class:`RulesError` located in the rules file, as does this
        guard's stop (another guard's passes on)."""
        self.doing = (function, argument)  # a fresh tuple: the timer watches this call
        try:
            return (code or getattr(self.rules, function))(argument)
        except GamecertError:
            raise
        except RULES_FAULTS as exc:
            if isinstance(exc, RulesInterrupt) and not self._armed:
                raise
            raise self.failed(exc) from None

    def _tick(self, signum: int, frame: object) -> None:
        now = time.monotonic()
        doing, since = self._seen
        if self.doing is not doing:
            self._seen = (self.doing, now)
        elif doing is not None and now - since > self.limits.time_limit:
            if now - since > self.limits.time_limit + self.GRACE:
                self._abandon()
            raise RulesInterrupt("time")
        if _rss() - self._base > self._memory:
            raise RulesInterrupt("memory")

    def _unraisable(self, unraisable: Any) -> None:
        """A stop that landed where Python cannot raise (a finalizer, a garbage collector's callback) is dropped
        unreported: the condition that raised it still holds, so the next tick raises it again where it can
        stop the call. Anything else goes to the hook that was in place."""
        if not isinstance(unraisable.exc_value, RulesInterrupt):
            self._previous_unraisable(unraisable)

    def _abandon(self) -> None:
        """The running call caught every stop and runs on: write its error and end the process (exit 1)."""
        found = self.failed(RulesInterrupt("time"))
        sys.stderr.write(f"error: {found} (and it caught the stop: a bare except?)\n")
        sys.stderr.flush()
        os._exit(1)

    # -- errors located in the rules file ---------------------------------------------------

    def where(self, function: str) -> tuple[str, int]:
        """The rules file and the line where ``function`` is defined (1 when unknown)."""
        fn = getattr(self.rules, function, None)
        code = getattr(fn, "__code__", None)
        return self.rules.path, (code.co_firstlineno if code is not None else 1)

    def error(self, function: str, position: Any, message: str) -> RulesError:
        """A :class:`RulesError` at the definition of ``function``, about ``position``."""
        path, line = self.where(function)
        return RulesError(path, line, 1, f"{function}({shown_position(position)}): {message}")

    def failed(self, exc: BaseException) -> RulesError:
        """What the rules raised (or the timer stopped) during :attr:`doing`, as a :class:`RulesError`.

        An exception raised in the rules file is located at its deepest frame
        there, and ``detail`` lists the file's own frames (gamecert's are left
        out); the user's ``print`` of the exception text is kept.
        """
        function, position = self.doing if self.doing is not None else ("rules", None)
        if isinstance(exc, RulesInterrupt):
            if exc.why == "time":
                # Located at the function's definition (where a stop lands varies from run to run),
                # with the rules file's frames running when it was stopped.
                found = self._located(exc, function, position, f"still running after --time-limit {self.limits.time_limit:g} s")
                path, line = self.where(function)
                return RulesError(path, line, 1, found.message, found.detail)
            mib = (self._memory or self.limits.max_memory or 0) >> 20
            return self.error(function, position, f"the game needs more memory than --max-memory ({mib} MiB)")
        if isinstance(exc, MemoryError):  # said without reading the file's frames, which needs memory
            return self.error(function, position, "ran out of memory (MemoryError)")
        text = str(exc).replace("\r", "\\r").replace("\n", "\\n")
        if isinstance(exc, RecursionError):
            what = "RecursionError: the rules recurse too deeply"
        elif isinstance(exc, SystemExit):  # a rules function gives up by raising an exception, never by exiting
            call = "sys.exit()" if exc.code is None else f"sys.exit({exc.code!r})"
            what = f"SystemExit: {call}; a rules function must return or raise an exception"
        else:
            what = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
        return self._located(exc, function, position, f"raised {what}")

    def _located(self, exc: BaseException, function: str, position: Any, what: str) -> RulesError:
        """``what`` happened in ``function(position)``: a :class:`RulesError` at the deepest frame of the rules
        file in ``exc``'s traceback, those frames as its detail (at ``function``'s definition when there are none)."""
        path = os.path.realpath(self.rules.path)
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if os.path.realpath(f.filename) == path]
        shown = shown_position(position)
        message = f"{function}({shown}) {what}" if what.startswith("raised") else f"{function}({shown}): {what}"
        if not frames:
            path, line = self.where(function)
            return RulesError(path, line, 1, message)
        detail = "".join(f"  {self.rules.path}:{f.lineno}, in {f.name}: {(f.line or '').strip()}\n" for f in frames[-8:])
        last = frames[-1]
        column = (last.colno or 0) + 1 if getattr(last, "colno", None) is not None else 1
        return RulesError(self.rules.path, last.lineno or 1, column, message, detail)

    def check_size(self, count: int) -> None:
        """Raise once more than ``max_positions`` positions are stored."""
        if count > self.limits.max_positions:
            function, position = self.doing if self.doing is not None else ("moves", None)
            raise self.error(
                function, position, f"the game has more than {self.limits.max_positions:,} positions (--max-positions)"
            )
