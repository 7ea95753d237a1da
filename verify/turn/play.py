"""Playing a general or score game written as rules against its certified strategy:
``gamecert play --rules FILE --position TEXT``.

:class:`TurnPlay` is a :class:`~gamecert.verify.engine.play.RulesPlayEngine`:
the person types the position after their move as one input line (what the
rules' ``parse`` reads); gamecert plays the certified table's best move (the
quickest win, else the slowest loss, else a move that keeps the draw; in a
score game the move of the most points). The game ends where ``result``
says so, where the player to move has no move, or as a draw when a position
comes round a third time with the same player to move (play would repeat).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import Any

from gamecert.solvers.errors import RulesError, SolverError
from gamecert.solvers.rules.rules import Guard
from gamecert.solvers.turn.value import Value
from gamecert.verify.capabilities import PositionPlay
from gamecert.verify.engine.play import Illegal
from gamecert.verify.rules.playing import MOVE_HINT
from gamecert.verify.turn.strategy import TurnGame, best_move

#: A position seen this many times with the same player to move ends the game in a draw.
REPEATS = 3


class TurnPlay:
    """A general or score rules game in progress from one certified position."""

    def __init__(self, game: TurnGame, solution: Any) -> None:
        self.game = game
        self.rules = game.rules
        self.solution = solution
        self.position: Hashable = solution.queries[0]
        self.seen: Counter = Counter([self.position])
        self.points = [0, 0]  # the player to move's points so far, the other's
        self._again = False

    def _call(self, function: str, position: Any) -> Any:
        """The rules' ``function(position)``, under a guard of its own (no timer runs while a person thinks)."""
        guard = Guard(self.rules, self.game.limits)
        with guard:
            guard.doing = (function, position)
            return getattr(self.rules, function)(position)

    def _best(self) -> Hashable | None:
        guard = Guard(self.rules, self.game.limits)
        with guard:
            return best_move(self.rules, self.solution, self.position, guard)

    def _items(self) -> list[tuple[Hashable, int]]:
        """Each move from the position now: ``(position after, points)``; none where the game is over."""
        if self.rules.result is not None and self._call("result", self.position) is not None:
            return []
        return self.game.steps(list(self._call("moves", self.position)))

    def moves(self) -> list[tuple[Hashable, int]]:
        return self._items()

    def _same(self, after: Hashable) -> bool:
        if self.rules.player is None:
            return False
        return self._call("player", self.position) == self._call("player", after)

    def read_move(self, text: str) -> tuple[Hashable, int]:
        line = text.rstrip("\r\n")
        try:
            found = self.game.parse(line + "\n", "<your move>")
        except RulesError as exc:
            raise Illegal(f"{exc.message} ({MOVE_HINT})") from None
        if len(found.positions) != 1:
            raise Illegal(f"expected one position ({MOVE_HINT})")
        after = found.positions[0]
        legal = [m for m in self._items() if m[0] == after]
        if not legal:
            raise Illegal(f"{self.rules.show(after)} is not one move from {self.rules.show(self.position)}")
        return max(legal, key=lambda m: m[1])

    def engine_move(self) -> tuple[Hashable, int]:
        best = self._best()
        return max((m for m in self._items() if m[0] == best), key=lambda m: m[1])

    def play(self, move: tuple[Hashable, int]) -> None:
        after, points = move
        self._again = self._same(after)
        self.points[0] += points
        if not self._again:
            self.points.reverse()
        self.position = after
        self.seen[self.position] += 1

    def again(self) -> bool:
        return self._again

    def ended(self) -> str | None:
        if self.seen[self.position] >= REPEATS:
            return "draw"
        end = self._call("result", self.position) if self.rules.result is not None else None
        if end is None:
            return None
        if isinstance(end, str):
            return end
        lead = self.points[0] - self.points[1] + end  # a score game's final points
        return "win" if lead > 0 else "lose" if lead < 0 else "draw"

    def choices(self) -> list[tuple[Hashable, int]]:
        """The distinct positions one move away, each by its move of the most points (as :meth:`read_move` takes it)."""
        best: dict[Hashable, tuple[Hashable, int]] = {}
        for move in self._items():
            if move[0] not in best or move[1] > best[move[0]][1]:
                best[move[0]] = move
        return list(best.values())

    def shown(self, move: tuple[Hashable, int]) -> str:
        after, points = move
        scoring = f", scoring {points}" if points else ""
        return f"{self.rules.show(after)}{scoring}" + (" (and moves again)" if self._same(after) else "")

    def value(self, move: tuple[Hashable, int]) -> str:
        """The certified value of the move for its mover: the table's entry of the position it reaches, turned to
        the mover's side unless the mover moves again, one move further (``win 1``: this move wins)."""
        after, points = move
        entry, same = self.solution.table[after], self._same(after)
        if not isinstance(entry, Value):  # a score game: the points, then the score after (the opponent's, or ours)
            return f"score {points + (entry if same else -entry)}"
        if entry.outcome == "draw":
            return "draw"
        wins = (entry.outcome == "win") == same
        return f"{'win' if wins else 'lose'} {entry.number + 1}"

    def describe(self, move: tuple[Hashable, int]) -> str:
        return f"to {self.shown(move)}"

    def state(self) -> str:
        score = f"; points {self.points[0]} to {self.points[1]} for the player to move" if any(self.points) else ""
        return f"position {self.rules.show(self.position)}{score}"

    def opening(self, first: str, second: str) -> str:
        v = self.solution.values[0]
        if v.outcome == "score":
            move = "move" if first == "you" else "moves"
            return f"{first} {move} first and can end {v.number:+d} ahead (certified score {v.number})."
        words = {
            "win": f"{first} {_win(first)}",
            "lose": f"{first} {_lose(first)}, so {second} {_win(second)}",
            "draw": "neither can force a win",
        }
        return f"The first mover ({first}): {v}: {words[v.outcome]}."


def _win(who: str) -> str:
    """The verb after ``who`` ("you" or "gamecert"): you win, gamecert wins."""
    return "win" if who == "you" else "wins"


def _lose(who: str) -> str:
    return "lose" if who == "you" else "loses"


class TurnPositionPlay(PositionPlay):
    """``gamecert play --rules FILE --position TEXT``: a :class:`TurnPlay` from the position ``TEXT``."""

    def __init__(self, game: TurnGame) -> None:
        self.game = game

    def position(self, text: str) -> TurnPlay:
        if self.game.rules.starts is not None:
            raise RulesError(
                "--position", 1, 1,
                f"{self.game.rules.path} reads its whole input at once (it defines starts): play needs a rules file "
                "of one position per line",
            )
        if "\n" in text.rstrip("\n"):
            raise RulesError("--position", 1, 1, "expected one position on one line")
        queries = self.game.parse(text.rstrip("\n") + "\n", "--position")
        if len(queries.positions) != 1:
            raise RulesError("--position", 1, 1, "expected one position")
        solution = self.game.solve(queries)
        problems = self.game.certify(queries, solution)
        if problems:
            raise SolverError(f"the certificate fails: {problems[0]}")
        return TurnPlay(self.game, solution)

