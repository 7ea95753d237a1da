"""Positions of an impartial rules game: solved, played and answered one at a time.

:class:`SolvedPositions` holds the certified solution of some positions
(:func:`~gamecert.verify.engine.certified.certified_answer`: the memoized
solver's table, checked by the independent checker) and answers, for any
position reached from them, its moves, its value and a winning move.
``gamecert play --rules FILE --position TEXT`` plays on it
(:class:`ImpartialPlay`), ``gamecert solve --rules FILE --position TEXT``
prints one position's verdict (:class:`ImpartialPositions`) and ``gamecert
show`` draws its game graph (:mod:`gamecert.verify.impartial.show`).

A position in play is the ordered tuple of its components (the position
alone when the rules give no ``components``); two positions are the same when
their components are the same multiset, so a move typed with its components
in another order is the same move. A move replaces one component by the
components of one of its ``moves``. Under normal play the player to move
wins iff the xor of the components' Sprague–Grundy values is not 0, and a
winning move goes to xor 0; under misère play the certificate gives the
outcome of every whole position reached, and a winning move goes to a
position lost for the player to move.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gamecert.solvers.errors import RulesError
from gamecert.solvers.impartial.solver import ImpartialSolution
from gamecert.solvers.rules.positions import Sum, parse_positions
from gamecert.solvers.rules.rules import Guard, shown_position
from gamecert.verify.capabilities import PositionAnswer, PositionPlay, Positions
from gamecert.verify.engine.play import Illegal
from gamecert.verify.rules.playing import MOVE_HINT, one_line

if TYPE_CHECKING:
    from gamecert.verify.game import Game


@dataclass(frozen=True)
class Move:
    """One move: the component moved in (None when the rules give no components), the position the
    rules' ``moves`` gave for it, and the whole position after the move (its components, in order)."""

    component: Hashable | None
    result: Hashable
    after: tuple[Hashable, ...]


class SolvedPositions:
    """Positions of an impartial rules game whose certified solution covers every position reached from them.

    ``SolvedPositions.certified(game, text, source)`` parses ``text`` (one
    position per line), solves it and checks the certificate; :attr:`starts`
    are the queries as tuples of components. Every call into the rules runs under
    a :class:`~gamecert.solvers.rules.rules.Guard`, one call at a time, so no
    timer runs while a person thinks.

    >>> from gamecert.solvers.rules.rules import ImpartialRules, Limits
    >>> from gamecert.verify.impartial.game import ImpartialRulesGame
    >>> nim = ImpartialRulesGame(ImpartialRules("nim", "nim.py", int, lambda n: range(n)), Limits())
    >>> s = SolvedPositions.certified(nim, "3\\n")
    >>> s.value(s.starts[0]), [s.show(m.after) for m in s.moves(s.starts[0])], s.show(s.winning(s.starts[0]).after)
    (3, ['0', '1', '2'], '0')
    """

    def __init__(self, game: Game, queries: list[Hashable], solution: ImpartialSolution) -> None:
        self.game = game
        self.rules = game.rules
        self.queries = list(queries)
        self.solution = solution
        #: Entries by position (normal play: components; misère play: whole positions).
        self.table: dict = solution.table
        self._complete = not solution.misere  # normal play: the solver's table holds every component reached
        self._moves: dict[Hashable, list[Move]] = {}
        self._shown: dict[Hashable, str] = {}
        self.starts: tuple[tuple[Hashable, ...], ...] = tuple(self.parts(q) for q in queries)

    @classmethod
    def certified(cls, game: Game, text: str | bytes, source: str = "--position") -> SolvedPositions:
        """The positions of ``text`` (one per line, read by the rules' ``parse``), solved, the certificate checked."""
        from gamecert.verify.engine.certified import certified_answer
        from gamecert.verify.errors import CertificateRejected

        queries = parse_positions(game.rules, text, source)
        if not queries:
            raise RulesError(source, 1, 1, "expected a position, got no line")
        try:
            solution = certified_answer(game, queries, source).solution
        except CertificateRejected as exc:
            # The checker calls the rules again: rules that answer differently on a second call break it.
            path, line = Guard(game.rules).where("moves")
            raise RulesError(path, line, 1, f"the certificate of {source} fails ({exc.violation}); "
                             "do moves() and components() give the same answer on every call?") from None
        return cls(game, queries, solution)

    # -- the rules, under a guard -------------------------------------------------------------
    # Each block is short (one position's moves, one line parsed), so no timer runs while a person thinks.

    def _listed(self, guard: Guard, function: str, position: Any) -> tuple:
        guard.doing = (function, position)
        return tuple(getattr(self.rules, function)(position))

    def _parts(self, guard: Guard, position: Hashable) -> tuple[Hashable, ...]:
        return (position,) if self.rules.components is None else self._listed(guard, "components", position)

    def parts(self, position: Hashable) -> tuple[Hashable, ...]:
        """``position`` as the tuple of its components, in the rules' order."""
        with Guard(self.rules, self.game.limits) as guard:
            return self._parts(guard, position)

    def key(self, parts: tuple[Hashable, ...]) -> Hashable:
        """The position ``parts`` as the certificate's table names it (components compared as a multiset)."""
        return parts[0] if self.rules.components is None else Sum.of(parts)

    def read(self, line: str) -> tuple[Hashable, ...]:
        """The position the rules' ``parse`` reads from ``line``, as its components; a RulesError when it fails."""
        with Guard(self.rules, self.game.limits) as guard:
            guard.doing = ("parse", line)
            position = self.rules.parse(line)
            try:
                hash(position)
            except TypeError:
                shown = shown_position(position)
                raise guard.error("parse", line, f"returned the unhashable position {shown}") from None
            return self._parts(guard, position)

    def show_part(self, position: Hashable) -> str:
        """One component as messages show it: the rules' ``format``, else (or when ``format`` fails on it,
        e.g. written for whole positions only) ``repr``."""
        shown = self._shown.get(position)
        if shown is None:
            try:
                with Guard(self.rules, self.game.limits) as guard:
                    shown = self.rules.show(position, guard)
            except RulesError:
                shown = shown_position(position)
            self._shown[position] = shown
        return shown

    def show(self, parts: tuple[Hashable, ...]) -> str:
        """A whole position: its components joined by ``+`` (``empty`` for no component)."""
        if not parts:
            return "empty"
        return " + ".join(self.show_part(p) for p in parts)

    # -- moves and values ----------------------------------------------------------------------

    def moves(self, parts: tuple[Hashable, ...]) -> list[Move]:
        """Every move from ``parts``, one per distinct position after it, in the order the rules give them."""
        key = self.key(parts)
        known = self._moves.get(key)
        if known is not None:
            return known
        out, seen = [], set()
        with Guard(self.rules, self.game.limits) as guard:
            if self.rules.components is None:
                for m in self._listed(guard, "moves", parts[0]):
                    if m not in seen:
                        seen.add(m)
                        out.append(Move(None, m, (m,)))
            else:
                done = set()
                for i, c in enumerate(parts):
                    if c in done:  # equal components have the same moves
                        continue
                    done.add(c)
                    for m in self._listed(guard, "moves", c):
                        after = parts[:i] + self._parts(guard, m) + parts[i + 1 :]
                        k = self.key(after)
                        if k not in seen:
                            seen.add(k)
                            out.append(Move(c, m, after))
        self._moves[key] = out
        return out

    def _entry(self, key: Hashable) -> Any:
        """The certified table's entry for ``key``; under misère play, every position reached is searched
        (once) when the solver's search, which stops at a first winning move, left ``key`` out."""
        table = self.table
        if key not in table and self.solution.misere and not self._complete:
            table = self.table = self._every_outcome()
        if key not in table:
            raise self._unreached(key)
        return table[key]

    def _unreached(self, key: Hashable) -> RulesError:
        path, line = Guard(self.rules).where("moves")
        return RulesError(path, line, 1, f"moves() reached {shown_position(key)}, which the solver never reached; "
                          "do moves() and components() give the same answer on every call?")

    def _every_outcome(self) -> dict[Hashable, bool]:
        """The misère outcome of every whole position reached from the starts, certified.

        Notes
        -----
        Depth-first search over an explicit stack, every move followed (the
        solver's own search stops at a first winning move): ``O(P + M)`` for
        the ``P`` whole positions and ``M`` moves reached. The table is then
        checked by :func:`~gamecert.verify.impartial.certificate.check_impartial`,
        which calls the rules again, and must agree with the solver's entries.
        """
        from gamecert.verify.impartial.certificate import check_impartial

        table: dict[Hashable, bool | None] = {}  # None: on the stack
        sizes = Guard(self.rules, self.game.limits)
        for start in self.starts:
            if self.key(start) in table:
                continue
            table[self.key(start)] = None
            # A frame: [position, its moves, next move, a move to a lost position seen].
            stack = [[start, self.moves(start), 0, False]]
            while stack:
                frame = stack[-1]
                moves, i = frame[1], frame[2]
                pushed = False
                while i < len(moves):
                    k = self.key(moves[i].after)
                    if k not in table:
                        table[k] = None
                        sizes.check_size(len(table))
                        stack.append([moves[i].after, self.moves(moves[i].after), 0, False])
                        pushed = True
                        break
                    if table[k] is None:
                        raise sizes.error("moves", frame[0], f"a loop through {shown_position(k)}")
                    frame[3] = frame[3] or table[k] is False
                    i += 1
                frame[2] = i
                if not pushed:
                    # Misère: with no move at all, the player to move wins (the opponent made the last move).
                    table[self.key(frame[0])] = True if not moves else frame[3]
                    stack.pop()
        done = ImpartialSolution((), (), (), (), table, True)
        wrong = check_impartial(self.rules, done, self.game.limits)
        old = self.solution.table
        wrong += [f"{shown_position(k)}: the solver says {w}" for k, w in old.items() if table.get(k, w) != w]
        if wrong:
            path, line = sizes.where("moves")
            raise RulesError(path, line, 1, f"the outcomes of every position reached do not check ({wrong[0]}); "
                             "do moves() and components() give the same answer on every call?")
        self._complete = True
        return table

    def values(self, parts: tuple[Hashable, ...]) -> list[int]:
        """The Sprague–Grundy value of each component (normal play only)."""
        return [self._entry(c) for c in parts]

    def value(self, parts: tuple[Hashable, ...]) -> int | None:
        """The nim value of the whole position (the xor of its components'), None under misère play."""
        if self.solution.misere:
            return None
        x = 0
        for v in self.values(parts):
            x ^= v
        return x

    def wins(self, parts: tuple[Hashable, ...]) -> bool:
        """Whether the player to move from ``parts`` wins."""
        if self.solution.misere:
            return bool(self._entry(self.key(parts)))
        return self.value(parts) != 0

    def winning(self, parts: tuple[Hashable, ...]) -> Move | None:
        """The first move to a position lost for the player to move, or None (the mover loses)."""
        for m in self.moves(parts):
            if not self.wins(m.after):
                return m
        return None

    def why(self, parts: tuple[Hashable, ...]) -> str:
        """Why the player to move wins or loses: the values' xor, or the misère outcome."""
        if self.solution.misere:
            if not self.moves(parts):
                return "no move is left, and under misère play the player who cannot move wins"
            if self.wins(parts):
                return "under misère play (the last mover loses) a move to a position lost for its mover exists"
            return "under misère play (the last mover loses) every move leads to a position won for the player to move"
        values = self.values(parts)
        v = self.value(parts)
        if len(values) == 1:
            said = f"the Sprague-Grundy value of {self.show(parts)} is {v}"
        elif not values:
            said = "the empty position has value 0"
        else:
            said = f"the Sprague-Grundy values xor to {' xor '.join(map(str, values))} = {v}"
        if v:
            return f"{said}, not 0, so a move to value 0 exists"
        return f"{said}, and every move leaves a value other than 0"


# -- play ------------------------------------------------------------------------------------


class ImpartialPlay:
    """An impartial rules game in progress, for :func:`~gamecert.verify.engine.play.play_game`.

    The person's moves are listed, numbered (a :class:`~gamecert.verify.engine.play.MenuPlayEngine`, and a
    :class:`~gamecert.verify.engine.play.MiserePlayEngine`); they
    type a number or the position after their move as one input line (what
    the rules' ``parse`` reads); it is legal when its components are, as a
    multiset, those of a position one move away. gamecert makes a winning
    move whenever it has one, else the first legal move.
    """

    def __init__(self, solved: SolvedPositions) -> None:
        self.solved = solved
        self.parts = solved.starts[0]

    def last_move_loses(self) -> bool:
        """Whether the player who cannot move wins (misère play) rather than loses (normal play)."""
        return self.solved.solution.misere

    def moves(self) -> list[Move]:
        return self.solved.moves(self.parts)

    def read_move(self, text: str) -> Move:
        line = text.rstrip("\r\n")
        try:
            after = self.solved.read(line)
        except RulesError as exc:
            raise Illegal(f"{exc.message} ({MOVE_HINT})") from None
        key = self.solved.key(after)
        for m in self.moves():
            if self.solved.key(m.after) == key:
                return Move(m.component, m.result, after)
        if key == self.solved.key(self.parts):
            raise Illegal(f"that is the position now, {self.solved.show(self.parts)} ({MOVE_HINT})")
        raise Illegal(f"{self.solved.show(after)} is not one move from {self.solved.show(self.parts)}")

    def engine_move(self) -> Move:
        """A move to a position lost for the player to move when there is one; otherwise the first legal move."""
        won = self.solved.winning(self.parts)
        return won if won is not None else self.moves()[0]

    def play(self, move: Move) -> None:
        self.parts = move.after

    def choices(self) -> list[Move]:
        return self.moves()  # one per distinct position after

    def shown(self, move: Move) -> str:
        return self.solved.show(move.after)

    def value(self, move: Move) -> str:
        """The certified value of the move for its mover: a win when it leaves a position lost for the player to
        move, with the nim value it leaves (normal play)."""
        said = "lose" if self.solved.wins(move.after) else "win"
        left = self.solved.value(move.after)
        return said if left is None else f"{said} (leaves nim value {left})"

    def describe(self, move: Move) -> str:
        return f"to {self.solved.show(move.after)}"

    def state(self) -> str:
        return f"position {self.solved.show(self.parts)}"

    def opening(self, first: str, second: str) -> str:
        why = self.solved.why(self.parts)
        if self.solved.wins(self.parts):
            return f"The first mover ({first}) wins: {why}."
        return f"The first mover ({first}) loses, so {second} wins: {why}."


class ImpartialPositionPlay(PositionPlay):
    """``gamecert play --rules FILE --position TEXT``: an :class:`ImpartialPlay` from the position ``TEXT``."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def position(self, text: str) -> ImpartialPlay:
        return ImpartialPlay(SolvedPositions.certified(self.game, one_line(text), "--position"))


# -- solve --position --------------------------------------------------------------------------


class ImpartialPositions(Positions):
    """``gamecert solve --rules FILE --position TEXT``: one position's value, winner and a winning move."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def solve_position(self, text: str) -> PositionAnswer:
        """The verdict for people, and as JSON (the same text under ``"text"``).

        >>> from gamecert.solvers.rules.rules import ImpartialRules, Limits
        >>> from gamecert.verify.impartial.game import ImpartialRulesGame
        >>> nim = ImpartialRulesGame(ImpartialRules("nim", "nim.py", int, lambda n: range(n)), Limits())
        >>> print(ImpartialPositions(nim).solve_position("3").text, end="")
        position: 3
        value: 3
        the player to move wins
        winning move: to 0
        """
        solved = SolvedPositions.certified(self.game, one_line(text), "--position")
        parts = solved.starts[0]
        wins = solved.wins(parts)
        move = solved.winning(parts)
        lines = [f"position: {text.strip()}".rstrip()]
        if self.game.rules.components is not None:
            lines.append(f"components: {solved.show(parts)}")
        if solved.solution.misere:
            lines.append("play: misère (the player who makes the last move loses)")
        else:
            values = solved.values(parts)
            if self.game.rules.components is None:
                lines.append(f"value: {solved.value(parts)}")
            else:
                lines.append(f"values: {' '.join(map(str, values)) or 'none'} (xor {solved.value(parts)})")
        lines.append("the player to move wins" if wins else "the player to move loses")
        if move is not None:
            lines.append(f"winning move: to {solved.show(move.after)}")
        shown = "\n".join(lines) + "\n"
        data = {
            "game": self.game.name,
            "rules": self.game.rules.path,
            "play": "misere" if solved.solution.misere else "normal",
            "position": text.strip(),
            "components": [solved.show_part(c) for c in parts],
            "values": None if solved.solution.misere else solved.values(parts),
            "value": solved.value(parts),
            "win": wins,
            "winner": "first player" if wins else "second player",
            "move": None if move is None else {
                "component": None if move.component is None else solved.show_part(move.component),
                "to": solved.show(move.after),
                "components": [solved.show_part(c) for c in move.after],
            },
            "text": shown,
        }
        return PositionAnswer(shown, data)
