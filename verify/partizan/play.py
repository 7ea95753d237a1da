"""Positions of a partizan rules game: solved, played and answered one at a time.

:class:`SolvedSums` holds a certified solution (every component position
reached, with its canonical form, the certificate checked and every table
entry checked one move deep, :func:`~gamecert.verify.partizan.certificate.check_table`)
and decides, for any sum of components reached from it, who wins moving first
by playing the sum of the components' *forms* (never the rules' whole tree):
a short search over forms only (:class:`~gamecert.verify.partizan.difference.DifferenceGame`).

``gamecert play --rules FILE --position TEXT`` plays on it
(:class:`PartizanPlay`): gamecert takes the side that wins given who moves
first, and in a won sum always moves to a sum still won for it, so it never
loses a won sum. ``gamecert solve --rules FILE --position TEXT`` prints one
position's value, outcome and each player's winning move (:class:`PartizanPositions`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gamecert.solvers.errors import RulesError
from gamecert.solvers.partizan.engine import add_all
from gamecert.solvers.partizan.solver import PartizanSolution
from gamecert.solvers.rules.positions import Sum, parse_positions
from gamecert.solvers.rules.rules import Guard, Limits
from gamecert.verify.capabilities import PositionAnswer, PositionPlay, Positions
from gamecert.verify.engine.play import Illegal
from gamecert.verify.partizan.answer import OUTCOMES, value_text
from gamecert.verify.partizan.certificate import check_table
from gamecert.verify.partizan.difference import PLAYERS, DifferenceGame
from gamecert.verify.rules.playing import MOVE_HINT, one_line

if TYPE_CHECKING:
    from gamecert.verify.game import Game


@dataclass(frozen=True)
class Move:
    """One move: the player (0 Left, 1 Right), the component moved in, the rules' option for it, and the whole
    position after the move (its components, in order)."""

    side: int
    component: Hashable
    result: Hashable
    after: tuple[Hashable, ...]


class SolvedSums:
    """Sums of components of a partizan rules game whose certified table covers every component reached from them.

    >>> from gamecert.solvers.rules.rules import PartizanRules, Limits
    >>> from gamecert.verify.partizan.game import PartizanRulesGame
    >>> walk = PartizanRulesGame(PartizanRules("walk", "walk.py", int, lambda n: [n - 1] if n else [], lambda n: []), Limits())
    >>> s = SolvedSums.certified(walk, "2\\n")
    >>> s.wins(s.starts[0], 0), s.wins(s.starts[0], 1), s.show(s.winning(s.starts[0], 0).after)
    (True, False, '1')
    """

    def __init__(self, game: Game, queries: list[Hashable], solution: PartizanSolution) -> None:
        self.game = game
        self.rules = game.rules
        self.limits: Limits = game.limits
        self.queries = list(queries)
        self.solution = solution
        self.table = solution.table
        self._moves: dict[tuple[Hashable, int], list[Move]] = {}
        # Sums of forms only: the rules are never called through it, its guard only names them in messages.
        self._forms = DifferenceGame(self.rules, Guard(self.rules, self.limits))
        for p, f in self.table.items():
            self._forms.table[p] = self._forms.pool.add(f.plain())
        self.starts: tuple[tuple[Hashable, ...], ...] = tuple(solution.parts)

    @classmethod
    def certified(cls, game: Game, text: str | bytes, source: str = "--position") -> SolvedSums:
        """The positions of ``text`` (one per line), solved; the certificate and every table entry checked."""
        from gamecert.verify.engine.certified import certified_answer
        from gamecert.verify.errors import CertificateRejected

        queries = parse_positions(game.rules, text, source, game.limits)
        if not queries:
            raise RulesError(source, 1, 1, "expected a position, got no line")
        try:
            solution = certified_answer(game, queries, source).solution
        except CertificateRejected as exc:
            path, line = Guard(game.rules).where("left")
            raise RulesError(path, line, 1, f"the certificate of {source} fails ({exc.violation}); "
                             "do left(), right() and components() give the same answer on every call?") from None
        wrong = check_table(game.rules, {p: f.plain() for p, f in solution.table.items()}, game.limits)
        if wrong:
            path, line = Guard(game.rules).where("left")
            raise RulesError(path, line, 1, f"the table of {source} fails ({wrong[0]}); "
                             "do left(), right() and components() give the same answer on every call?")
        return cls(game, queries, solution)

    # -- the rules, under a guard ---------------------------------------------------------------

    def parts(self, position: Hashable) -> tuple[Hashable, ...]:
        """``position`` as the tuple of its components."""
        if self.rules.components is None:
            return (position,)
        with Guard(self.rules, self.limits) as guard:
            guard.doing = ("components", position)
            return tuple(self.rules.components(position))

    def read(self, line: str) -> tuple[Hashable, ...]:
        """The position the rules' ``parse`` reads from ``line``, as its components; a RulesError when it fails."""
        with Guard(self.rules, self.limits) as guard:
            guard.doing = ("parse", line)
            position = self.rules.parse(line)
            hash(position)
        return self.parts(position)

    def key(self, parts: tuple[Hashable, ...]) -> Hashable:
        """A whole position, its components compared as a multiset."""
        return Sum.of(parts)

    def show_part(self, position: Hashable) -> str:
        try:
            with Guard(self.rules, self.limits) as guard:
                return self.rules.show(position, guard)
        except RulesError:
            return repr(position)

    def show(self, parts: tuple[Hashable, ...]) -> str:
        """A whole position: its components joined by ``+`` (``empty`` for none)."""
        return " + ".join(self.show_part(p) for p in parts) if parts else "empty"

    def moves(self, parts: tuple[Hashable, ...], side: int) -> list[Move]:
        """Every move of ``side`` (0 Left, 1 Right) from ``parts``, one per distinct position after it."""
        key = (self.key(parts), side)
        known = self._moves.get(key)
        if known is not None:
            return known
        out, seen, done = [], set(), set()
        function = ("left", "right")[side]
        with Guard(self.rules, self.limits) as guard:
            for i, c in enumerate(parts):
                if c in done:
                    continue
                done.add(c)
                guard.doing = (function, c)
                for m in tuple(getattr(self.rules, function)(c)):
                    after = parts[:i] + self.parts(m) + parts[i + 1 :]
                    k = self.key(after)
                    if k not in seen:
                        seen.add(k)
                        out.append(Move(side, c, m, after))
        self._moves[key] = out
        return out

    # -- values ----------------------------------------------------------------------------------

    def form(self, parts: tuple[Hashable, ...]) -> object:
        """The canonical form of the sum (the engine's sum of the certified components' forms)."""
        missing = next((c for c in parts if c not in self.table), None)
        if missing is not None:
            path, line = Guard(self.rules).where("left")
            raise RulesError(path, line, 1, f"left() or right() reached {self.show_part(missing)}, which the solver "
                             "never reached; do they give the same answer on every call?")
        return add_all(self.table[c] for c in parts)

    def value(self, parts: tuple[Hashable, ...]) -> str:
        return value_text(self.form(parts))

    def wins(self, parts: tuple[Hashable, ...], side: int) -> bool:
        """Whether ``side`` wins moving first in the sum of ``parts``: decided on the sum of the components'
        certified forms, played by their literal options (no engine code)."""
        self.form(parts)  # every component has a certified form
        forms = self._forms
        found = forms.wins(forms.start([], plus=[forms.table[c] for c in parts]), side)
        if found is None:
            raise RulesError(self.rules.path, 1, 1, "the sum of forms is too large to play out")
        return found

    def outcome(self, parts: tuple[Hashable, ...]) -> str:
        return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
            (self.wins(parts, 0), self.wins(parts, 1))
        ]

    def winning(self, parts: tuple[Hashable, ...], side: int) -> Move | None:
        """A move of ``side`` after which ``side``, now second, wins; None when ``side`` loses moving first."""
        for m in self.moves(parts, side):
            if not self.wins(m.after, 1 - side):
                return m
        return None


# -- play ------------------------------------------------------------------------------------


class PartizanPlay:
    """A partizan rules game in progress, for :func:`~gamecert.verify.engine.play.play_game`.

    gamecert picks its side when told who moves first (:meth:`opening`): the
    side that wins with that order whenever one does. The person's moves are
    listed, numbered; they type a number or the position after their move as
    one input line; it is legal when its components are, as a multiset, those
    of one of their options.
    """

    def __init__(self, solved: SolvedSums) -> None:
        self.solved = solved
        self.parts = solved.starts[0]
        self.mover = 0  # the side to move: 0 Left, 1 Right
        self.mine = 0  # gamecert's side

    def moves(self) -> list[Move]:
        return self.solved.moves(self.parts, self.mover)

    def opening(self, first: str, second: str) -> str:
        solved, parts = self.solved, self.parts
        left_first, right_first = solved.wins(parts, 0), solved.wins(parts, 1)
        gamecert_first = first == "gamecert"
        # gamecert's side: one that wins with gamecert moving first (second), else Left.
        if gamecert_first:
            self.mine = 0 if left_first or not right_first else 1
            self.mover = self.mine
        else:
            self.mine = 0 if not right_first else 1 if not left_first else 0
            self.mover = 1 - self.mine
        you = PLAYERS[1 - self.mine]
        outcome = solved.outcome(parts)
        head = (f"The value is {solved.value(parts)}, outcome {outcome} ({OUTCOMES[outcome]}). gamecert plays "
                f"{PLAYERS[self.mine]}, you play {you}; {first} {'moves' if gamecert_first else 'move'} first")
        wins_first = (left_first, right_first)[self.mover]
        winner = first if wins_first else second
        return f"{head}, so {winner} {'wins' if winner == 'gamecert' else 'win'}."

    def read_move(self, text: str) -> Move:
        line = text.rstrip("\r\n")
        try:
            after = self.solved.read(line)
        except RulesError as exc:
            raise Illegal(f"{exc.message} ({MOVE_HINT})") from None
        key = self.solved.key(after)
        for m in self.moves():
            if self.solved.key(m.after) == key:
                return Move(m.side, m.component, m.result, after)
        if key == self.solved.key(self.parts):
            raise Illegal(f"that is the position now, {self.solved.show(self.parts)} ({MOVE_HINT})")
        raise Illegal(f"{self.solved.show(after)} is not one move of {PLAYERS[self.mover]} from {self.solved.show(self.parts)}")

    def engine_move(self) -> Move:
        """A move after which gamecert, now second, still wins, when there is one; otherwise the first legal move."""
        won = self.solved.winning(self.parts, self.mover)
        return won if won is not None else self.moves()[0]

    def play(self, move: Move) -> None:
        self.parts = move.after
        self.mover = 1 - self.mover

    def choices(self) -> list[Move]:
        return self.moves()  # one per distinct position after

    def shown(self, move: Move) -> str:
        return self.solved.show(move.after)

    def value(self, move: Move) -> str:
        """The certified value of the move for its mover: a win when the mover, then moving second, wins the sum
        it leaves; with that sum's value."""
        said = "lose" if self.solved.wins(move.after, 1 - move.side) else "win"
        return f"{said} (leaves {self.solved.value(move.after)})"

    def describe(self, move: Move) -> str:
        return f"{PLAYERS[move.side]} moves to {self.solved.show(move.after)}"

    def state(self) -> str:
        return f"position {self.solved.show(self.parts)} (value {self.solved.value(self.parts)}), {PLAYERS[self.mover]} to move"


class PartizanPositionPlay(PositionPlay):
    """``gamecert play --rules FILE --position TEXT``: a :class:`PartizanPlay` from the position ``TEXT``."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def position(self, text: str) -> PartizanPlay:
        return PartizanPlay(SolvedSums.certified(self.game, one_line(text), "--position"))


# -- solve --position --------------------------------------------------------------------------


class PartizanPositions(Positions):
    """``gamecert solve --rules FILE --position TEXT``: one position's value, outcome and each player's winning move."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def solve_position(self, text: str) -> PositionAnswer:
        """The verdict for people, and as JSON (the same text under ``"text"``).

        >>> from gamecert.solvers.rules.rules import PartizanRules, Limits
        >>> from gamecert.verify.partizan.game import PartizanRulesGame
        >>> walk = PartizanRulesGame(PartizanRules("walk", "walk.py", int, lambda n: [n - 1] if n else [], lambda n: []), Limits())
        >>> print(PartizanPositions(walk).solve_position("2").text, end="")
        position: 2
        value: 2
        outcome: L (Left wins whoever starts)
        Left moving first: wins, moving to 1
        Right moving first: loses
        """
        solved = SolvedSums.certified(self.game, one_line(text), "--position")
        parts = solved.starts[0]
        outcome = solved.outcome(parts)
        lines = [f"position: {text.strip()}".rstrip()]
        if self.game.rules.components is not None:
            lines.append(f"components: {solved.show(parts)} ({', '.join(solved.value((c,)) for c in parts) or 'none'})")
        lines += [f"value: {solved.value(parts)}", f"outcome: {outcome} ({OUTCOMES[outcome]})"]
        moves = {}
        for side in (0, 1):
            move = moves[side] = solved.winning(parts, side)
            said = "loses" if move is None else f"wins, moving to {solved.show(move.after)}"
            lines.append(f"{PLAYERS[side]} moving first: {said}")
        shown = "\n".join(lines) + "\n"
        data = {
            "game": self.game.name,
            "rules": self.game.rules.path,
            "position": text.strip(),
            "components": [{"position": solved.show_part(c), "value": solved.value((c,))} for c in parts],
            "value": solved.value(parts),
            "outcome": outcome,
            "moves": {
                PLAYERS[side].lower(): None if m is None else {
                    "component": solved.show_part(m.component), "to": solved.show(m.after),
                    "value": solved.value(m.after),
                }
                for side, m in moves.items()
            },
            "text": shown,
        }
        return PositionAnswer(shown, data)
